"""parse_inbound on the .eml corpus (tests/mail/eml/), and on anything at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.mail.mime.message import InboundMail, parse_inbound
from arbitro.mail.mime.text import clean_line, decode_bytes

EML = Path(__file__).parent / "eml"

# file -> what a reader of the mail would say it holds. "body" lists lines that must be
# in the body; "not_body" lines that must not; "defects" a substring of some defect
# (or False: none at all).
CORPUS: dict[str, dict[str, Any]] = {
    "it_iphone_plain": {
        "sender": "marco.bianchi@example.it",
        "name": "Marco Bianchi",
        "subject": "Ordini Italia",
        "body": ["PASSWORD lupo", "A VEN - TRI", "Grazie, è tutto."],
        "defects": False,
    },
    "it_android_gmail_alternative": {
        "sender": "giulia.verdi@example.it",
        "subject": "Ordini Francia – primavera",
        "body": ["A MAR S A PAR - BUR", "F BRE - MAO"],
        "html": False,
        "defects": False,
    },
    "html_only_outlook": {
        "sender": "luca.neri@example.it",
        "body": ["PASSWORD orso", "A BER - KIE", "F KIE - DEN", "Saluti – Luca"],
        "not_body": ["<div>", "margin"],
        "html": True,
    },
    "html_only_blockquote_reply": {
        "body": ["A VIE - GAL", "> A VIE H"],
        "html": True,
        "in_reply_to": "<results-1@example.org>",
        "references": 2,
    },
    "qp_latin1": {
        "subject": "Ordini per l'Austria è pronti",
        "body": ["Così va bene, perché sì."],
        "defects": False,
    },
    "base64_utf8": {"body": ["F ANK - BLA", "— Sofia"], "defects": False},
    "latin1_no_charset": {"body": ["Così è più facile."], "defects": False},
    "utf8_8bit_no_mime": {"body": ["Già fatto: così"], "content_type": "text/plain"},
    "ascii_label_8bit_body": {"body": ["perché"], "defects": "us-ascii"},
    "alternative_with_attachments": {
        "body": ["A MOS - UKR", "A WAR - GAL"],
        "not_body": ["ALTRO"],
        "attachments": [
            ("mappa.png", "image/png", 208),
            ("piani segretià.zip", "application/zip", 64),
        ],
    },
    "reply_quoted_history": {
        "body": ["A ROM - VEN", "> PARTITA roma9"],
        "in_reply_to": "<confirm-7@example.org>",
    },
    "auto_reply_vacation": {"auto_submitted": "auto-replied"},
    "auto_reply_x_autoreply": {"autoreply": ("X-Autoreply",)},
    "bounce_dsn": {
        "sender": "mailer-daemon@mx.example.org",
        "null_return_path": True,
        "content_type": "multipart/report",
        "body": ["This is the mail system. Your message could not be delivered."],
        "not_body": ["A VEN - TRI"],
        "attachments": [("", "message/delivery-status", 0), ("", "message/rfc822", 0)],
    },
    "bounce_postmaster_plain": {
        "sender": "postmaster@example.it",
        "body": ["The mailbox is full."],
    },
    "mailing_list": {
        "list_id": "Diplomacy Italia <diplomacy-it.lists.example.net>",
        "precedence": "list",
    },
    "precedence_bulk_newsletter": {"precedence": "bulk"},
    "nul_bytes": {
        "subject": "ordini strani",
        "body": ["A VEN - TRI", "F NAP - ION"],
        "defects": "NUL",
    },
    "broken_mime_no_boundary": {"body": ["A VEN - TRI", "qualcosa"], "defects": "NoBoundary"},
    "broken_mime_bad_base64": {"sender": "rotto2@example.it", "defects": "Base64"},
    "unknown_charset": {"body": ["A VEN - TRI"], "defects": "unknown charset"},
    # the display name spells an address, the address is the attacker's: it counts
    "encoded_word_tricks": {
        "sender": "attacker@evil.example",
        "name": "gm@example.org",
        "subject_has": "ordini Bcc: x@y.z evil",
        "subject_lacks": ["\r", "\n", "\u202e"],
    },
    "huge_header": {"sender": "grande@example.it", "body": ["A VEN - TRI"], "defects": "cut at"},
    "no_from": {"sender": "", "defects": "no usable From"},
    "multiple_from": {"sender": "primo@example.it", "defects": "several From"},
    "referee_loop": {"loop": ("arbitro@example.org",)},
    "from_referee_itself": {"sender": "arbitro+milano1@example.org", "name": "Arbitro"},
    "plus_address_game": {"to": ("arbitro+milano1@example.org",)},
    "subject_tag_game": {"subject": "[roma2] Ordini primavera"},
    "body_partita_line": {"body": ["PARTITA firenze"]},
    "relay_alias": {"to": ("arbitro+milano1-francia@example.org",)},
    "calendar_invite": {
        "body": ["Riunione alle 10"],
        "not_body": ["BEGIN:VCALENDAR"],
        "attachments": [("", "text/calendar", 74)],
    },
    "forwarded_rfc822": {
        "body": ["Ti inoltro gli ordini."],
        "not_body": ["A MOS - STP"],
        "attachments": [("", "message/rfc822", 0)],
    },
    "nested_multipart_deep": {
        "body": ["A SMY - SYR", "F ANK - CON"],
        "html": True,
        "attachments": [("", "image/gif", 14)],
    },
    "cc_other_players": {"cc": ("giulia.verdi@example.it", "luca.neri@example.it")},
    "empty_body": {"subject": "", "body": [], "defects": False},
    "text_empty_html_full": {"body": ["A VEN - TRI"], "html": True},
    "english_orders": {"sender": "john@example.co.uk", "body": ["GAME milano1", "A LVP - YOR"]},
    "header_8bit_subject": {"name": "José Pérez", "subject": "órdenes de España"},
    "delivered_to_bcc": {
        "delivered_to": ("arbitro+milano1@example.org",),
        "return_path": "marco.bianchi@example.it",
        "to": (),
    },
}


def load(name: str) -> InboundMail:
    return parse_inbound((EML / f"{name}.eml").read_bytes())


def test_corpus_is_complete() -> None:
    files = {p.stem for p in EML.glob("*.eml")}
    assert files == set(CORPUS) and len(files) >= 30


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus(name: str) -> None:
    mail = load(name)
    want = CORPUS[name]
    lines = mail.body.split("\n")
    checks = {
        "sender": lambda v: mail.from_address == v,
        "name": lambda v: mail.from_name == v,
        "subject": lambda v: mail.subject == v,
        "subject_has": lambda v: v in mail.subject,
        "subject_lacks": lambda v: not any(c in mail.subject for c in v),
        "body": lambda v: all(line in lines for line in v) and (v or mail.body == ""),
        "not_body": lambda v: not any(x in mail.body for x in v),
        "html": lambda v: mail.body_from_html is v,
        "attachments": lambda v: [(a.name, a.content_type, a.size) for a in mail.attachments] == v,
        "in_reply_to": lambda v: mail.in_reply_to == v,
        "references": lambda v: len(mail.references) == v,
        "auto_submitted": lambda v: mail.auto_submitted == v,
        "autoreply": lambda v: mail.autoreply_markers == v,
        "null_return_path": lambda v: mail.has_null_return_path is v,
        "return_path": lambda v: mail.return_path == v,
        "content_type": lambda v: mail.content_type == v,
        "list_id": lambda v: mail.list_id == v,
        "precedence": lambda v: mail.precedence == v,
        "loop": lambda v: mail.arbitro_loop == v,
        "to": lambda v: mail.to == v,
        "cc": lambda v: mail.cc == v,
        "delivered_to": lambda v: mail.delivered_to == v,
        "defects": lambda v: (
            (mail.defects == ()) if v is False else any(v in d for d in mail.defects)
        ),
    }
    failed = [key for key, value in want.items() if not checks[key](value)]
    assert not failed, (failed, mail)


def test_every_corpus_mail_has_size_and_no_control_characters_in_headers() -> None:
    for path in EML.glob("*.eml"):
        mail = parse_inbound(path.read_bytes())
        assert mail.size == path.stat().st_size and not mail.truncated
        for text in (mail.subject, mail.from_name, mail.list_id):
            assert not any(ord(c) < 32 for c in text), (path.name, text)
        assert "\x00" not in mail.body and "\r" not in mail.body


def test_truncated_mail_keeps_the_server_size() -> None:
    raw = (EML / "it_iphone_plain.eml").read_bytes()
    header = raw.split(b"\r\n\r\n", 1)[0] + b"\r\n\r\n"
    mail = parse_inbound(header, size=25_000_000)
    assert (
        mail.truncated
        and mail.size == 25_000_000
        and mail.from_address == "marco.bianchi@example.it"
    )


def test_dates_are_aware() -> None:
    mail = load("it_iphone_plain")
    assert mail.date is not None and mail.date.utcoffset() is not None
    assert mail.date.isoformat() == "2025-03-04T09:15:00+01:00"
    assert load("latin1_no_charset").date is None


@pytest.mark.parametrize(
    ("data", "charset", "text", "defect"),
    [
        ("è".encode(), "utf-8", "è", ""),
        ("è".encode("latin-1"), None, "è", ""),
        ("€".encode("cp1252"), None, "€", ""),
        ("è".encode("latin-1"), "utf-8", "è", "not valid"),
        (b"abc", "x-nonsense", "abc", "unknown charset"),
        ("è".encode(), "us-ascii", "è", "us-ascii"),
        (b"\x81\x8d", None, "\x81\x8d", ""),  # undefined in cp1252: Latin-1 takes them
    ],
)
def test_decode_bytes(data: bytes, charset: str | None, text: str, defect: str) -> None:
    got, bad = decode_bytes(data, charset)
    assert got == text and (defect in bad if defect else bad == "")


def test_clean_line_drops_controls_and_bidi_overrides() -> None:
    assert clean_line("a\r\nb\tc\u202ed\x07e") == "a b c d e"


# Anything at all: random bytes, and real mails with random bytes spliced in.
_SEEDS = [p.read_bytes() for p in sorted(EML.glob("*.eml"))]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000))
def test_never_raises_on_random_bytes(raw: bytes) -> None:
    assert isinstance(parse_inbound(raw), InboundMail)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_SEEDS), st.integers(0, 5000), st.integers(0, 200), st.binary(max_size=200))
def test_never_raises_on_damaged_mails(seed: bytes, at: int, cut: int, junk: bytes) -> None:
    at = at % (len(seed) + 1)
    mail = parse_inbound(seed[:at] + junk + seed[at + cut :])
    assert isinstance(mail, InboundMail) and "\x00" not in mail.body


def test_html_sent_as_text_plain_is_read_as_text() -> None:
    # The order reader no longer guesses HTML (game/ reads text only): the mail layer does,
    # so a client that labels its HTML text/plain still has its orders read.
    raw = (
        b"From: Mario <mario@example.org>\r\nTo: arbitro@example.org\r\nSubject: ordini\r\n"
        b"Content-Type: text/plain; charset=utf-8\r\n\r\n"
        b"<html><body><div>A Par - Bur</div><blockquote><p>A Mar XXX</p></blockquote></body></html>\r\n"
    )
    mail = parse_inbound(raw)
    assert [line for line in mail.body.split("\n") if line] == ["A Par - Bur", "> A Mar XXX"]
    assert mail.body_from_html is True
