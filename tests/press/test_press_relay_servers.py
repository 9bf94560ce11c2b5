"""Acceptance (issue 7, R-MAIL-3): press between every pair of nations of an al-buio game,
through a real Dovecot (intake) and aiosmtpd (delivery). Hostile mails try every way to
carry the sender's identity; no byte of any real address, name or host may reach another
player, in headers or body."""

from __future__ import annotations

import asyncio
import base64
import email
import email.policy
import email.utils
import re
from datetime import timedelta
from pathlib import Path

from mail.conftest import dovecot, imap_account, smtp_config, smtp_sink  # noqa: F401
from press.press_helpers import GM, NOW, PEOPLE, REFEREE, Game, alias, start_game

from arbitro.mail.intake.imap import MailboxClient
from arbitro.mail.outbound.outbox import OutboxDrainer, StoreOutbox
from arbitro.mail.outbound.smtp import SmtpSender
from arbitro.variants import load_board

GAME = "buio7"
BOARD = load_board("standard")
ORIGIN_IP = "203.0.113.77"
ALLOWED_HEADERS = {
    "from", "to", "reply-to", "subject", "date", "message-id", "auto-submitted",
    "x-auto-response-suppress", "x-arbitro-loop", "mime-version", "content-type",
    "content-transfer-encoding",
}


def nation(power: str) -> str:
    return BOARD.powers[power].name_it.lower()


def secrets_of(name: str, address: str) -> tuple[list[str], list[str]]:
    """(strings that may appear nowhere, words that may appear nowhere as words)."""
    local, host = address.split("@")
    strings = [name, address, local, host, f"{local}.private@home-{host}", f"secretary@{host}",
               f"home-{host}", host.split(".")[0]]
    return [s.lower() for s in strings], [w.lower() for w in name.split()]


def _b64(text: str) -> str:
    return "=?utf-8?b?" + base64.b64encode(text.encode()).decode() + "?="


def hostile(game: Game, sender: str, recipient: str, variant: int) -> bytes:
    """A mail from ``sender``'s player to ``recipient``'s alias, stuffed with identity."""
    address = game.holders[sender]
    name = game.name_of(address)
    local, host = address.split("@")
    first = name.split()[0]
    other_name, other_address = next(p for p in PEOPLE if p[1] != address)
    token = f"msg-{sender}-{recipient}".lower()
    text = (
        f"PASSWORD {game.passwords[address]}\n"
        f"Buongiorno {nation(recipient)}, proposta per la primavera: {token}.\n"
        f"Scrivimi in privato a {address} o a {local}\u200b@{host}, "
        f"oppure a {first.lower()} at {host}.\n"
        f"Saluti, {first}\n\n"
        f"Il giorno lun 3 mar 2025 alle 10:00 {other_name} <\n{other_address}> ha scritto:\n"
        f"> vecchio messaggio di {other_name}\n> {other_address}\n\n"
        "Inviato da iPhone\n"
        f"-- \n{name}\n{address}\nTel. 333 1234567 - www.{host}\n"
    )
    html = (
        f"<html><head><title>{name}</title><style>.x{{}}</style></head><body>"
        f"<p>PASSWORD {game.passwords[address]}</p>"
        f"<p>Buongiorno {nation(recipient)}, proposta per la primavera: <b>{token}</b>.</p>"
        f"<div style=\"display: none\">{name} {address}</div>"
        f"<span style=\"font-size:0px\">{host}</span><p hidden>{local}</p>"
        f"<!-- {name} --><div class=\"gmail_signature\">{name}<br>{address}</div>"
        f"<blockquote type=\"cite\">{other_name} &lt;{other_address}&gt;</blockquote>"
        f"<img src=\"https://{host}/t.gif?u={local}\"></body></html>"
    )
    boundary = "b0und4ry"
    if variant == 0:
        ctype, body = 'text/plain; charset="utf-8"', text
    elif variant == 1:
        ctype, body = 'text/html; charset="utf-8"', html
    else:
        ctype = f'multipart/alternative; boundary="{boundary}"'
        body = (f"--{boundary}\nContent-Type: text/plain; charset=utf-8\n\n{text}\n"
                f"--{boundary}\nContent-Type: text/html; charset=utf-8\n\n{html}\n"
                f"--{boundary}--\n")
    headers = [
        f"Return-Path: <bounce-{local}@{host}>",
        (f"Received: from mail.{host} (mail.{host} [{ORIGIN_IP}]) by mx.{host}; "
         "Mon, 3 Mar 2025 10:00:00 +0100"),
        f"DKIM-Signature: v=1; a=rsa-sha256; d={host}; s=sel; h=from:to:subject; b=QUJD",
        f"ARC-Seal: i=1; a=rsa-sha256; d={host}; s=arc; cv=none; b=WFla",
        f"X-Mailer: {name}'s Mail 1.0",
        f"User-Agent: Thunderbird (X11; {host})",
        f"X-Originating-IP: [{ORIGIN_IP}]",
        f"From: {_b64(name)} <{address}>",
        f"Sender: \"{name}\" <secretary@{host}>",
        f"Reply-To: \"{name} (privato)\" <{local}.private@home-{host}>",
        f"To: {alias(GAME, nation(recipient))}",
        f"Subject: =?utf-8?q?Proposta_di_{name.replace(' ', '_')}=0D=0ABcc:_spy@{host}?=",
        f"Message-ID: <{token}.{local}@{host}>",
        f"References: <old.{local}@{host}>",
        "Date: Mon, 3 Mar 2025 10:07:13 +0100",
        "MIME-Version: 1.0",
        f"Content-Type: {ctype}",
        "Content-Transfer-Encoding: 8bit",
    ]
    return ("\r\n".join(headers) + "\r\n\r\n" + body.replace("\n", "\r\n")).encode()


def run_intake(game: Game, account: object, now: object) -> list[str]:
    """Every mail in the referee's inbox, fetched over IMAP and handled."""
    client = MailboxClient(account.config(), batch=200)  # type: ignore[attr-defined]
    outcomes = []
    try:
        while batch := client.fetch_new():
            for f in batch:
                outcome = game.handler.handle(f.raw, now, uidvalidity=f.uidvalidity, uid=f.uid,
                                              size=f.size)
                client.move(f.uid, outcome)
                outcomes.append(outcome)
    finally:
        client.close()
    return outcomes


def drain(game: Game, sink: object, now: object) -> None:
    drainer = OutboxDrainer(StoreOutbox(game.store), SmtpSender(smtp_config(sink)),
                            referee=REFEREE, clock=lambda: now, batch=1000)

    async def go() -> None:
        await drainer.drain_once()
        await drainer.sender.close()

    asyncio.run(go())


def received_by(sink: object) -> dict[str, list[bytes]]:
    out: dict[str, list[bytes]] = {}
    for r in sink.received:  # type: ignore[attr-defined]
        for rcpt in r.rcpt_tos:
            out.setdefault(rcpt.lower(), []).append(r.content)
    return out


def readable(raw: bytes) -> str:
    """Raw bytes, every header decoded and every part decoded: what any client may show."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    parts = [raw.decode("utf-8", "replace")]
    parts += [f"{k}: {v}" for k, v in msg.items()]
    for part in msg.walk():
        if not part.is_multipart():
            payload = part.get_payload(decode=True) or b""
            parts.append(payload.decode("utf-8", "replace"))
    return "\n".join(parts).lower()


def assert_nothing_of(raw: bytes, people: list[tuple[str, str]]) -> None:
    text = readable(raw)
    assert ORIGIN_IP not in text
    for name, address in people:
        strings, words = secrets_of(name, address)
        for s in strings:
            assert s not in text, f"{s!r} leaked"
        for w in words:
            assert not re.search(rf"(?<![^\W_]){re.escape(w)}(?![^\W_])", text), f"{w!r} leaked"


def test_al_buio_relay_between_every_pair_leaks_nothing(
    tmp_path: Path, imap_account: object, smtp_sink: object  # noqa: F811
) -> None:
    game = start_game(tmp_path, GAME, "al_buio")
    drain(game, smtp_sink, NOW)  # the start-of-game mails, out of the way
    smtp_sink.received.clear()  # type: ignore[attr-defined]
    powers = sorted(game.holders)
    pairs = [(s, r) for s in powers for r in powers if s != r]
    for i, (s, r) in enumerate(pairs):
        imap_account.deliver(hostile(game, s, r, i % 3))  # type: ignore[attr-defined]

    assert run_intake(game, imap_account, NOW) == ["processed"] * len(pairs)
    assert len(game.press_rows()) == len(pairs)
    drain(game, smtp_sink, NOW + timedelta(days=1))

    mails = received_by(smtp_sink)
    for power, address in game.holders.items():
        others = [(n, a) for n, a in PEOPLE if a != address]
        inbox = mails[address]
        # 6 relayed messages in, 6 receipts for the messages sent.
        assert len(inbox) == 2 * (len(powers) - 1)
        for raw in inbox:
            assert_nothing_of(raw, others)
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            assert {k.lower() for k in msg} <= ALLOWED_HEADERS, msg.keys()
            assert "\n" not in msg["Subject"] and "\r" not in msg["Subject"]
        relayed = {}
        for raw in inbox:
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            if "-" in msg["From"].addresses[0].username:
                relayed[msg["From"].addresses[0].addr_spec] = msg
        assert set(relayed) == {alias(GAME, nation(s)) for s in powers if s != power}
        for s in powers:
            if s == power:
                continue
            msg = relayed[alias(GAME, nation(s))]
            assert msg["Reply-To"] == alias(GAME, nation(s))
            assert msg["From"].addresses[0].display_name in (BOARD.powers[s].name_it,
                                                             BOARD.powers[s].name_en)
            body = msg.get_body(("plain",)).get_content()
            assert f"msg-{s}-{power}".lower() in body
            assert not re.search(rf"\b{game.passwords[game.holders[s]]}\b", body)
            date = email.utils.parsedate_to_datetime(msg["Date"])
            assert (date.minute, date.second) == (0, 0)
    gm_copies = mails[GM]
    assert len(gm_copies) == len(pairs)

    # A reply goes back through the relay, authenticated by the Message-ID it answers.
    germany, france = game.holders["GERMANY"], game.holders["FRANCE"]
    original = next(
        m for m in (email.message_from_bytes(r, policy=email.policy.default)
                    for r in mails[germany])
        if m["From"].addresses[0].addr_spec == alias(GAME, "francia")
    )
    smtp_sink.received.clear()  # type: ignore[attr-defined]
    reply = (
        f"From: \"Anna Bianchi\" <{germany}>\r\nTo: {original['Reply-To']}\r\n"
        f"Subject: Re: {original['Subject']}\r\nMessage-ID: <reply.1@bianchi-legal.com>\r\n"
        f"In-Reply-To: {original['Message-ID']}\r\nReferences: {original['Message-ID']}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n"
        "Accetto: risposta-germania.\r\n\r\n"
        f"On Mon, 3 Mar 2025, France <{original['Reply-To']}> wrote:\r\n"
        "> Buongiorno germania\r\n"
    ).encode()
    imap_account.deliver(reply)  # type: ignore[attr-defined]
    assert run_intake(game, imap_account, NOW + timedelta(hours=3)) == ["processed"]
    drain(game, smtp_sink, NOW + timedelta(days=2))
    (back,) = received_by(smtp_sink)[france]
    msg = email.message_from_bytes(back, policy=email.policy.default)
    assert msg["From"].addresses[0].addr_spec == alias(GAME, "germania")
    assert "risposta-germania" in msg.get_body(("plain",)).get_content()
    assert_nothing_of(back, [(n, a) for n, a in PEOPLE if a != france])
