"""Writes the hostile-mail corpus (issue 10) into corpus/ as .eml files.

Run: ``python3 tests/hostile/make_corpus.py`` (the outputs are committed; the test reads
them). Players of the corpus game ``ostile``: p0..p6@ostile.example, passwords pw0..pw6 (as
``game_table`` makes them). File names: ``<class>_<case>.eml``; the class says what the
referee must do: ``robot_`` ignored (no answer), every other class answered or quarantined.
"""

from __future__ import annotations

import base64
import io
import random
import zipfile
from email.message import EmailMessage
from pathlib import Path

HERE = Path(__file__).resolve().parent / "corpus"
GAME = "ostile"
TO = f"arbitro+{GAME}@example.org"
P = [f"p{i}@{GAME}.example" for i in range(7)]
# Which player holds which power is decided at random when the game starts: orders name
# any power's units; the referee answers whatever they hold.
ORDERS = "A PAR - BUR\nA MAR - SPA\nF BRE - MAO"
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
CORPUS: dict[str, bytes] = {}
_n = [0]


def mid(tag: str) -> str:
    _n[0] += 1
    return f"<{tag}.{_n[0]}@corpus.example>"


def add(name: str, raw: bytes | str) -> None:
    assert name not in CORPUS, name
    CORPUS[name] = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw


def raw(headers: list[tuple[str, str]], body: bytes | str, name: str, *, msgid: bool = True,
        crlf: bool = True) -> None:
    nl = "\r\n" if crlf else "\n"
    hs = list(headers)
    if msgid and not any(k.lower() == "message-id" for k, _ in hs):
        hs.append(("Message-ID", mid(name)))
    head = "".join(f"{k}: {v}{nl}" for k, v in hs).encode("utf-8", "surrogateescape")
    b = body.encode("utf-8", "surrogateescape") if isinstance(body, str) else body
    add(name, head + nl.encode() + b)


def std(i: int = 0, subject: str = "ordini", to: str = TO) -> list[tuple[str, str]]:
    return [("From", f"Player {i} <{P[i]}>"), ("To", to), ("Subject", subject),
            ("Date", "Sat, 01 Mar 2025 21:00:00 +0100"), ("MIME-Version", "1.0")]


def msg(name: str, i: int, body: str, *, subject: str = "ordini", password: bool = True,
        **extra: str) -> EmailMessage:
    m = EmailMessage()
    m["From"] = f"Player {i} <{P[i]}>"
    m["To"] = TO
    m["Subject"] = subject
    m["Message-ID"] = mid(name)
    for k, v in extra.items():
        m[k.replace("_", "-")] = v
    m.set_content((f"PASSWORD pw{i}\n" if password else "") + body)
    return m


def build() -> None:
    # -- ordinary and nearly ordinary ------------------------------------------------
    add("plain_orders_it", bytes(msg("a", 0, ORDERS)))
    add("plain_orders_en", bytes(msg("b", 1, "Army Paris to Burgundy\nFleet Brest to Mid-Atlantic")))
    add("plain_lf_only", bytes(msg("c", 2, ORDERS)).replace(b"\r\n", b"\n"))
    add("plain_cr_only", bytes(msg("d", 3, ORDERS)).replace(b"\r\n", b"\r").replace(b"\n", b"\r"))
    add("plain_signature", bytes(msg("e", 4, ORDERS + "\n-- \nMario Rossi\nVia Roma 1\n")))
    add("plain_password_in_subject", bytes(msg("f", 5, ORDERS, subject="ordini PASSWORD pw5",
                                               password=False)))
    add("plain_no_password", bytes(msg("g", 6, ORDERS, password=False)))
    add("plain_wrong_password", bytes(msg("h", 0, "PASSWORD nope\n" + ORDERS, password=False)))
    add("plain_password_only_quoted", bytes(msg("i", 1, "> PASSWORD pw1\n> " + ORDERS,
                                                password=False)))
    add("plain_empty_body", bytes(msg("j", 2, "", password=False)))
    add("plain_only_password", bytes(msg("k", 3, "")))
    add("plain_unknown_game", bytes(msg("l", 4, ORDERS, password=True)).replace(
        TO.encode(), b"arbitro+nessuna@example.org"))
    add("plain_stranger", bytes(msg("m", 0, ORDERS)).replace(P[0].encode(), b"intruso@evil.example"))
    add("plain_10000_orders", bytes(msg("n", 5, "\n".join(["A PAR - BUR", "F BRE - MAO"] * 5000))))
    # 12 kB on one line (a 100 kB line takes ~50 s: see RELIABILITY.md, a known problem)
    add("plain_one_line_12k", bytes(msg("o", 6, "A PAR - BUR " * 1000)))
    add("plain_unknown_command", bytes(msg("p", 0, "RITIRO\n" + ORDERS)))
    # Replies with the whole history quoted, top-posted and inline
    history = "\n".join(f"{'>' * d} Il {d} marzo hai scritto:\n{'>' * d} A VEN - TRI\n{'>' * d}"
                        f" PASSWORD pw9" for d in range(1, 30))
    add("reply_history_top", bytes(msg("q", 1, ORDERS + "\n\n" + history, subject="Re: Re: Re: ordini")))
    add("reply_history_only", bytes(msg("r", 2, history, subject="R: ordini", password=False)))
    add("reply_outlook_style", bytes(msg("s", 3, ORDERS + "\n\n-----Original Message-----\nFrom: "
                                         "Arbitro\nSent: Friday\n\nA PAR H\nF BRE H\n" * 40,
                                         subject="RE: [ostile] Risultati")))
    add("reply_gmail_style", bytes(msg("t", 4, ORDERS + "\n\nIl giorno sab 1 mar 2025 alle "
                                       "ore 20:00 Arbitro <arbitro@example.org> ha scritto:\n"
                                       + "\n".join("> " + x for x in ["F LON - NTH"] * 500),
                                       subject="Re: Risultati")))
    # -- commands, also from the wrong people -----------------------------------------
    for word in ("STATO", "AIUTO", "HELP", "VOTO FRANCIA", "VOTO", "PREFERENZE",
                 "PAUSA", "RIPRENDI", "PROROGA 2d", "SOSTITUISCI FRANCIA x@y.example",
                 "ESPELLI FRANCIA", "ELABORA", "ANNULLA"):
        key = word.split()[0].lower() + ("_arg" if " " in word else "")
        add(f"command_{key}", bytes(msg(f"cmd{key}", 2, word + "\n" + ORDERS, subject=word)))
    add("command_gm_from_player_with_gm_password", bytes(msg(
        "gmp", 3, "PASSWORD gm-secret\nELABORA", subject="ELABORA", password=False)))
    # -- robots: must stay unanswered ---------------------------------------------------
    raw(std(0, "Fuori ufficio") + [("Auto-Submitted", "auto-replied")], "Sono via.\r\n",
        "robot_auto_submitted")
    raw(std(1, "Out of office") + [("X-Autoreply", "yes")], "Away.\r\n", "robot_x_autoreply")
    raw(std(2, "ordini") + [("Precedence", "bulk")], ORDERS, "robot_precedence_bulk")
    raw(std(3, "ordini") + [("List-Id", "<dip.lists.example>")], ORDERS, "robot_list_id")
    raw([("From", "MAILER-DAEMON@mx.example"), ("To", TO), ("Subject", "Undelivered"),
         ("Return-Path", "<>"), ("MIME-Version", "1.0"),
         ("Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"')],
        "--b\r\n\r\nfailed\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Status: 5.1.1\r\n--b--\r\n", "robot_bounce_report")
    raw([("From", "noreply@bank.example"), ("To", TO), ("Subject", "Offerta")], "Compra!\r\n",
        "robot_noreply_sender")
    raw([("From", "arbitro@example.org"), ("To", TO), ("Subject", "loop")], "x\r\n",
        "robot_from_referee")
    raw(std(4, "ordini") + [("X-Arbitro-Loop", "arbitro@example.org")], ORDERS,
        "robot_loop_header")
    # -- broken MIME --------------------------------------------------------------------
    base = std(0)
    raw(base + [("Content-Type", 'multipart/mixed; boundary="never"')], "PASSWORD pw0\r\n" + ORDERS,
        "mime_boundary_never_used")
    raw(base + [("Content-Type", "multipart/mixed")], "--x\r\n\r\nPASSWORD pw0\r\n--x--",
        "mime_boundary_missing")
    raw(base + [("Content-Type", 'multipart/mixed; boundary="b"')],
        "--b\r\nContent-Type: text/plain\r\n\r\nPASSWORD pw0\r\n" + ORDERS, "mime_never_closed")
    raw(base + [("Content-Type", 'multipart/mixed; boundary="b"')], "--b--\r\n",
        "mime_no_parts")
    raw(base + [("Content-Type", "text/plain"), ("Content-Transfer-Encoding", "base64")],
        "!!!! not base64 at all ####\r\nPASSWORD pw0\r\n", "mime_bad_base64")
    raw(base + [("Content-Type", "text/plain"), ("Content-Transfer-Encoding", "base64")],
        base64.b64encode(("PASSWORD pw0\n" + ORDERS).encode())[:-3].decode(), "mime_truncated_base64")
    raw(base + [("Content-Type", "text/plain"), ("Content-Transfer-Encoding", "quoted-printable")],
        "PASSWORD=20pw0=\r\n=ZZ=\r\nA PAR - BUR=3", "mime_bad_qp")
    raw(base + [("Content-Type", "text/plain"), ("Content-Transfer-Encoding", "x-uuencode")],
        "begin 644 x\r\n`\r\nend\r\n", "mime_unknown_cte")
    raw(base + [("Content-Type", "garbage;;;==;\x01")], "PASSWORD pw0\r\n" + ORDERS,
        "mime_content_type_garbage")
    raw(base + [("Content-Type", "text/plain; charset=utf-8"), ("Content-Type", "text/html")],
        "PASSWORD pw0\r\n" + ORDERS, "mime_duplicate_content_type")
    raw(base + [("Content-Type", 'text/plain; charset="utf-8"; charset="latin1"')],
        "PASSWORD pw0\r\n" + ORDERS, "mime_duplicate_charset")
    nested = "PASSWORD pw0\r\n" + ORDERS
    for depth in range(60):
        nested = (f"--b{depth}\r\nContent-Type: multipart/mixed; boundary=\"b{depth + 1}\"\r\n\r\n"
                  if False else "") + nested
    inner = "Content-Type: text/plain\r\n\r\nPASSWORD pw0\r\n" + ORDERS + "\r\n"
    for depth in reversed(range(60)):
        inner = (f"Content-Type: multipart/mixed; boundary=\"b{depth}\"\r\n\r\n--b{depth}\r\n"
                 + inner + f"--b{depth}--\r\n")
    add("mime_nested_60_deep", "\r\n".join(f"{k}: {v}" for k, v in base + [
        ("Message-ID", mid("deep"))]) + "\r\n" + inner)
    wide = "".join(f"--w\r\nContent-Type: text/plain\r\n\r\npart {i}\r\n" for i in range(2000))
    raw(base + [("Content-Type", 'multipart/mixed; boundary="w"')],
        "--w\r\nContent-Type: text/plain\r\n\r\nPASSWORD pw0\r\n" + ORDERS + "\r\n" + wide + "--w--\r\n",
        "mime_2000_parts")
    raw(base + [("Content-Type", 'multipart/alternative; boundary="a"')],
        "--a\r\nContent-Type: text/plain\r\n\r\nPASSWORD pw0\r\nA PAR H\r\n"
        "--a\r\nContent-Type: text/html\r\n\r\n<p>PASSWORD pw0</p><p>A PAR - PIC</p>\r\n--a--\r\n",
        "mime_alternative_disagree")
    raw(base + [("Content-Type", "text/html")],
        "<html><script>alert(1)</script><style>p{}</style><p>PASSWORD pw0</p>"
        "<p style='display:none'>A PAR - GAS</p><div>A PAR - BUR</div></html>", "mime_html_script")
    raw(base + [("Content-Type", "text/html")], "<p>" * 20000 + "PASSWORD pw0", "mime_html_deep_tags")
    raw(base[:1] + [("To", TO)], "", "mime_headers_only", crlf=True)
    add("mime_no_blank_line", f"From: {P[0]}\r\nTo: {TO}\r\nSubject: ordini\r\nPASSWORD pw0".encode())
    add("mime_empty_file", b"")
    add("mime_only_garbage", bytes(range(256)) * 40)
    raw(base + [("X-Broken header without colon", "")], "PASSWORD pw0\r\n" + ORDERS,
        "mime_header_space_in_name")
    add("mime_header_no_colon", f"From: {P[0]}\r\nTo: {TO}\r\nThis is not a header\r\n"
        f"Subject: ordini\r\n\r\nPASSWORD pw0\r\n{ORDERS}\r\n".encode())
    # -- huge headers ---------------------------------------------------------------------
    raw(base + [("Received", f"from relay{i}.example by mx.example") for i in range(3000)],
        "PASSWORD pw0\r\n" + ORDERS, "huge_3000_received")
    raw(std(1, "ordini " + "x" * 200_000), "PASSWORD pw1\r\n" + ORDERS, "huge_subject_200k")
    raw(std(2) + [("X-Long", "y" * 500_000)], "PASSWORD pw2\r\n" + ORDERS, "huge_header_500k")
    raw(std(3) + [("To", ", ".join(f"u{i}@example.org" for i in range(5000)))],
        "PASSWORD pw3\r\n" + ORDERS, "huge_5000_recipients")
    raw([("From", f"{'a' * 1000}@ostile.example"), ("To", TO), ("Subject", "ordini")],
        ORDERS, "huge_sender_local_part")
    raw(std(4), "PASSWORD pw4\r\n" + ORDERS, "huge_message_id",
        msgid=False) if False else raw(std(4) + [("Message-ID", "<" + "m" * 2000 + "@x>")],
                                       "PASSWORD pw4\r\n" + ORDERS, "huge_message_id")
    raw(std(5) + [("Subject", "ordini " + "=?utf-8?b?" + "QUFB" * 2000 + "?=")],
        "PASSWORD pw5\r\n" + ORDERS, "huge_encoded_word")
    raw(std(6) + [("Message-ID", "")], "PASSWORD pw6\r\n" + ORDERS, "huge_empty_message_id")
    # -- encoded-word tricks ----------------------------------------------------------------
    raw([("From", (f"=?utf-8?b?{base64.b64encode(f'{P[1]} <{P[1]}>'.encode()).decode()}?= "
                   "<intruso@evil.example>")), ("To", TO), ("Subject", "ordini")],
        "PASSWORD pw1\r\n" + ORDERS, "encword_from_spoof_in_name")
    raw([("From", f"=?utf-8?q?{P[2]}?="), ("To", TO), ("Subject", "ordini")],
        "PASSWORD pw2\r\n" + ORDERS, "encword_address_encoded")
    raw(std(3, "=?utf-8?b?" + base64.b64encode(b"ordini\r\nBcc: x@evil.example").decode() + "?="),
        "PASSWORD pw3\r\n" + ORDERS, "encword_crlf_in_subject")
    raw(std(4, "=?x-unknown?q?ordini?="), "PASSWORD pw4\r\n" + ORDERS, "encword_unknown_charset")
    raw(std(5, "=?utf-8?b?!!!?="), "PASSWORD pw5\r\n" + ORDERS, "encword_bad_base64")
    raw(std(6, "=?utf-8?q?STATO?="), "PASSWORD pw6\r\n", "encword_command_in_subject")
    raw([("From", f'"{P[0]}" <intruso@evil.example>'), ("To", TO), ("Subject", "ordini")],
        "PASSWORD pw0\r\n" + ORDERS, "encword_quoted_player_name")
    raw([("From", f"{P[1]}, intruso@evil.example"), ("To", TO), ("Subject", "ordini")],
        "PASSWORD pw1\r\n" + ORDERS, "encword_two_from_addresses")
    raw([("From", f"{P[2]}"), ("From", "intruso@evil.example"), ("To", TO), ("Subject", "x")],
        "PASSWORD pw2\r\n" + ORDERS, "encword_two_from_headers")
    raw([("From", "<>"), ("To", TO), ("Subject", "ordini")], ORDERS, "encword_empty_from")
    raw([("To", TO), ("Subject", "ordini")], ORDERS, "encword_no_from")
    raw(std(3) + [("Reply-To", "intruso@evil.example")], "PASSWORD pw3\r\n" + ORDERS,
        "encword_reply_to_elsewhere")
    raw([("From", f"Player <{P[4].upper()}>"), ("To", TO), ("Subject", "ordini")],
        "PASSWORD pw4\r\n" + ORDERS, "encword_upper_case_address")
    raw(std(5, "=?utf-8?b?" + base64.b64encode("ordini\u202e".encode()).decode() + "?="),
        "PASSWORD pw5\r\n" + ORDERS, "encword_rtl_override")
    # -- NUL bytes and 8-bit without charset ---------------------------------------------
    raw(std(0), b"PASSWORD pw0\r\nA PAR\x00 - BUR\r\n\x00\x00\x00", "nul_in_body")
    raw(std(1, "ord\x00ini"), "PASSWORD pw1\r\n" + ORDERS, "nul_in_subject")
    raw([("From", f"p1\x00@{GAME}.example"), ("To", TO), ("Subject", "ordini")],
        "PASSWORD pw1\r\n" + ORDERS, "nul_in_from")
    raw(std(2) + [("Message-ID", "<nul\x00id@corpus.example>")], "PASSWORD pw2\r\n" + ORDERS,
        "nul_in_message_id")
    raw(std(3), b"PASSWORD pw3\x00\r\n" + ORDERS.encode(), "nul_in_password")
    for enc, text in (("latin-1", "A PAR - BUR\r\nCittà è più\r\n"),
                      ("cp1252", "A PAR - BUR \u201cvirgolette\u201d \u20ac\r\n"),
                      ("utf-8", "A PAR - BUR \u00e0\u00e8\u00ec\r\n"),
                      ("shift_jis", "A PAR - BUR \u65e5\u672c\r\n"),
                      ("koi8-r", "A PAR - BUR \u041f\u0440\u0438\u0432\u0435\u0442\r\n")):
        raw(std(4) + [("Content-Transfer-Encoding", "8bit")],
            b"PASSWORD pw4\r\n" + text.encode(enc), f"eightbit_nocharset_{enc.replace('-', '')}")
    raw(std(5) + [("Content-Type", "text/plain; charset=utf-8")], b"PASSWORD pw5\r\n\xff\xfe\xc3(",
        "eightbit_invalid_utf8")
    raw(std(6) + [("Content-Type", "text/plain; charset=utf-16")],
        "PASSWORD pw6\r\nA PAR - BUR\r\n".encode("utf-16"), "eightbit_utf16_body")
    raw([("From", f"Jos\xe9 <{P[0]}>".encode("latin-1").decode("utf-8", "surrogateescape")),
         ("To", TO), ("Subject", "ordini \xe0".encode("latin-1").decode("utf-8", "surrogateescape"))],
        "PASSWORD pw0\r\n" + ORDERS, "eightbit_raw_headers")
    # -- attachments ------------------------------------------------------------------------
    def attach(name: str, i: int, data: bytes, maintype: str, subtype: str, filename: str,
               body: str = ORDERS) -> None:
        m = msg(name, i, body)
        m.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
        add(name, bytes(m))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("ordini.txt", "A PAR - BUR\n")
    attach("attach_zip", 1, buf.getvalue(), "application", "zip", "ordini.zip")
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("zero.bin", b"\0" * 5_000_000)
    attach("attach_zip_bomb", 2, bomb.getvalue(), "application", "zip", "bomba.zip")
    attach("attach_png", 3, PNG, "image", "png", "mappa.png")
    attach("attach_png_lying", 4, b"MZ\x90\x00 not an image", "image", "png", "virus.png.exe")
    attach("attach_pdf", 5, b"%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\n%%EOF", "application",
           "pdf", "ordini.pdf")
    attach("attach_orders_as_txt_file", 6, ORDERS.encode(), "text", "plain", "ordini.txt",
           body="ordini in allegato")
    attach("attach_tnef", 0, b"\x78\x9f\x3e\x22" + b"\0" * 200, "application", "ms-tnef",
           "winmail.dat")
    attach("attach_vcard", 1, b"BEGIN:VCARD\nFN:Mario\nEND:VCARD\n", "text", "vcard", "m.vcf")
    cal = ("BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nSUMMARY:Scadenza\r\n"
           "DTSTART:20250301T200000Z\r\nORGANIZER:mailto:" + P[2] + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    m = msg("cal", 2, ORDERS)
    m.add_alternative(cal, subtype="calendar", params={"method": "REQUEST"})
    add("attach_calendar_invite", bytes(m))
    raw(std(3, "Invito: Scadenza") + [("Content-Type", "text/calendar; method=REQUEST")], cal,
        "attach_calendar_only")
    fwd = msg("fwd", 4, "ti inoltro")
    fwd.add_attachment(msg("inner", 5, ORDERS))  # message/rfc822 of another player's orders
    add("attach_forwarded_orders_of_another", bytes(fwd))
    raw(std(5) + [("Content-Type", ('multipart/signed; protocol="application/pkcs7-signature"; '
                                   'boundary="s"'))],
        "--s\r\nContent-Type: text/plain\r\n\r\nPASSWORD pw5\r\n" + ORDERS + "\r\n--s\r\n"
        "Content-Type: application/pkcs7-signature\r\nContent-Transfer-Encoding: base64\r\n\r\n"
        + base64.b64encode(b"\x30\x82" + b"\1" * 300).decode() + "\r\n--s--\r\n", "attach_smime_signed")
    raw(std(6), "-----BEGIN PGP SIGNED MESSAGE-----\r\nHash: SHA256\r\n\r\nPASSWORD pw6\r\n"
        + ORDERS + "\r\n-----BEGIN PGP SIGNATURE-----\r\nabc\r\n-----END PGP SIGNATURE-----\r\n",
        "attach_pgp_inline")
    attach("attach_big_image", 0, PNG + b"\0" * 400_000, "image", "png", "grande.png")
    # -- other languages, scripts, lookalikes -------------------------------------------
    for key, text in (
        ("german", "Armee Paris nach Burgund\nFlotte Brest nach Mittelatlantik"),
        ("french", "Armée de Paris vers la Bourgogne\nFlotte de Brest vers l'Atlantique"),
        ("spanish", "Ejército de París a Borgoña"),
        ("russian", "Армия Париж - Бургундия"),
        ("greek", "Στρατός Παρίσι - Βουργουνδία"),
        ("chinese", "巴黎陆军进攻勃艮第"),
        ("arabic", "جيش باريس إلى بورغندي"),
        ("emoji", "🗡️ A PAR - BUR 🚢 F BRE - MAO 🇫🇷"),
        ("cyrillic_homoglyphs", "А РАR - ВUR"),
        ("zero_width", "A\u200b PAR\u200d - BUR\ufeff"),
        ("rtl_marks", "\u202eRUB - RAP A\u202c"),
        ("fullwidth", "Ａ ＰＡＲ － ＢＵＲ"),
        ("combining", "A PA\u0301R - BU\u0308R"),
    ):
        add(f"lang_{key}", bytes(msg(f"l{key}", 1, text)))
    raw(std(2) + [("Content-Type", "text/plain; charset=iso-2022-jp")],
        b"PASSWORD pw2\r\n" + "巴黎".encode("iso-2022-jp"), "lang_iso2022jp")
    # -- press relay abuse (addressed to a nation alias) -----------------------------------
    for key, body in (
        ("signature_with_address", f"Alleanza?\n-- \n{P[3]}\nMario Rossi, +39 333 1234567"),
        ("html_tracking", None),
        ("quoted_identity", f"> Il giorno ... {P[3]} ha scritto:\n> ciao\nSi, alleati."),
    ):
        m = msg(f"press{key}", 3, body or "x", subject="proposta")
        m.replace_header("To", f"arbitro+{GAME}-francia@example.org")
        if body is None:
            m.set_content(f"PASSWORD pw3\n<img src='http://track.example/{P[3]}'>ciao",
                          subtype="html")
        add(f"press_{key}", bytes(m))


def main() -> None:
    random.seed(10)  # the email package draws MIME boundaries from random: same files each run
    build()
    HERE.mkdir(exist_ok=True)
    for old in HERE.glob("*.eml"):
        old.unlink()
    for name, data in CORPUS.items():
        (HERE / f"{name}.eml").write_bytes(data)
    print(f"{len(CORPUS)} mails written to {HERE}")


if __name__ == "__main__":
    main()
