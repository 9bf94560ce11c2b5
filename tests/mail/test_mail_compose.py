"""compose() then parse_inbound() gives back what was composed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.mail.outbound.compose import OutAttachment, Outgoing, compose, message_id_for
from arbitro.mail.intake.guards import should_not_answer
from arbitro.mail.mime.message import parse_inbound

REFEREE = "arbitro@example.org"
WHEN = datetime(2025, 3, 4, 18, 30, tzinfo=timezone(timedelta(hours=1)))
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def full() -> Outgoing:
    return Outgoing(
        to=("marco.bianchi@example.it",),
        cc=("gm@example.it",),
        subject="[milano1] Risultati primavera 1901 — Italia",
        body="Ordini:\nA VEN - TRI (riuscito)\nF NAP - ION: così è\n" + "riga lunga " * 200 + "\n",
        key="results:milano1:S1901M:ITALY",
        attachments=(OutAttachment("mappa-S1901M.png", "image/png", PNG),),
        reply_to="arbitro+milano1-tok3n@example.org",
        in_reply_to="<orders-1@example.it>",
        references=("<start@example.org>",),
    )


def test_round_trip() -> None:
    out = full()
    raw = compose(out, referee=REFEREE, date=WHEN)
    mail = parse_inbound(raw)
    assert mail.defects == ()
    assert (mail.from_address, mail.from_name) == (REFEREE, "Arbitro")
    assert mail.to == out.to and mail.cc == out.cc and mail.reply_to == (out.reply_to,)
    assert mail.subject == out.subject
    assert mail.body == out.body
    assert mail.date == WHEN
    assert mail.message_id == message_id_for(out.key, REFEREE)
    assert mail.message_id.endswith("@example.org>")
    assert mail.in_reply_to == out.in_reply_to
    assert mail.references == ("<start@example.org>", "<orders-1@example.it>")
    assert mail.auto_submitted == "auto-replied" and mail.arbitro_loop == (REFEREE,)
    assert [(a.name, a.content_type, a.size) for a in mail.attachments] == [
        ("mappa-S1901M.png", "image/png", len(PNG))
    ]
    # the referee's own mail, coming back, is never answered
    assert should_not_answer(mail, [REFEREE]) is not None


def test_same_key_same_bytes_and_lines_fit_smtp() -> None:
    a = compose(full(), referee=REFEREE, date=WHEN)
    assert a == compose(full(), referee=REFEREE, date=WHEN)
    assert all(len(line) <= 998 for line in a.split(b"\r\n"))
    assert b"\n" not in a.replace(b"\r\n", b"")


def test_relay_sender_and_display_names() -> None:
    out = Outgoing(
        to=("anna@example.it",),
        subject="Stampa",
        body="Alleanza?",
        key="press:1",
        from_address="arbitro+milano1-francia@example.org",
        from_name="Francia (milano1)",
    )
    mail = parse_inbound(compose(out, referee=REFEREE, date=WHEN))
    assert (mail.from_address, mail.from_name) == (
        "arbitro+milano1-francia@example.org",
        "Francia (milano1)",
    )
    assert mail.body == "Alleanza?\n"


@pytest.mark.parametrize("bad", ["a@b.c\r\nBcc: x@y.z", "Name <a@b.c>", "a@b.c, d@e.f", "nobody"])
def test_addresses_cannot_inject_headers(bad: str) -> None:
    with pytest.raises(ValueError):
        compose(Outgoing(to=(bad,), subject="x", body="y", key="k"), referee=REFEREE, date=WHEN)


def test_subject_newlines_do_not_make_headers() -> None:
    out = Outgoing(to=("p@example.it",), subject="ciao\r\nBcc: spy@example.net", body="x", key="k")
    raw = compose(out, referee=REFEREE, date=WHEN)
    assert b"\r\nBcc:" not in raw
    assert parse_inbound(raw).subject == "ciao Bcc: spy@example.net"


_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=300)


@settings(max_examples=150, deadline=None)
@given(
    subject=st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=120),
    body=_TEXT,
)
def test_round_trip_any_text(subject: str, body: str) -> None:
    out = Outgoing(to=("p@example.it",), subject=subject, body=body, key="k")
    mail = parse_inbound(compose(out, referee=REFEREE, date=datetime(2025, 1, 1, tzinfo=UTC)))
    assert mail.defects == ()
    from arbitro.mail.mime.text import clean_line

    assert mail.subject == clean_line(subject)
    expected = body.replace("\r\n", "\n").replace("\r", "\n")
    assert mail.body == (expected if expected.endswith("\n") else expected + "\n")


@pytest.mark.parametrize("length", range(1, 70))
def test_no_space_is_lost_between_encoded_words(length: int) -> None:
    """A Russian subject folded into several encoded-words keeps every space, read back by
    arbitro and by the standard library (issue 29: "Добро пожаловать впартию")."""
    import email
    import email.policy

    subject = f"[g{length}] Добро пожаловать в партию {'x' * length}: ваша держава Италия"
    raw = compose(Outgoing(to=("p@example.ru",), subject=subject, body="x", key="k"), referee=REFEREE, date=WHEN)
    assert parse_inbound(raw).subject == subject
    assert str(email.message_from_bytes(raw, policy=email.policy.default)["Subject"]) == subject
    assert all(len(line) <= 78 for line in raw.split(b"\r\n"))
