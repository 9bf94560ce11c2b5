"""No addresses or passwords in logs at INFO and above, through a whole turn of the daemon;
the al-buio relay under load with hostile mails: no sender identity reaches anyone
(issue 10)."""

from __future__ import annotations

import logging
import random
from datetime import timedelta
from pathlib import Path

import pytest
from faults.longrun import note, sized
from harness import (
    FakeClock,
    daemon_config,
    inbound_rows,
    order_mail,
    outbox_rows,
    run,
    seated,
    start_moment,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from press.press_helpers import PEOPLE, alias, plain_mail, start_game
from service.service_helpers import SPRING_1901, game_table

from arbitro.daemon import Daemon
from arbitro.mail.intake.guards import RateLimiter
from arbitro.store import InboundStatus, OutboxStatus, PhaseStatus

GAME = "registro"
# Complete orders: the phase runs early only when every unit has one (issue 16).
HOLDS = {power: "\n".join(lines) for power, lines in SPRING_1901.items()}


def test_no_address_or_password_in_info_logs(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                             tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock(start_moment() + timedelta(hours=1))
    config = daemon_config(imap_account, smtp_sink, tmp_path / "l.sqlite3",
                           game_table(GAME, start=start_moment()))
    secrets: set[str] = {"gm-secret", "gm@example.org", config.server.imap.password}

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=1, drain_seconds=1,
                        imap_timeout=10, render_map=None)
        await daemon.start()
        try:
            store = daemon.store
            players = await seated(store, GAME)
            with store.begin() as uow:
                secrets.update(p.reply_token for p in uow.players.list(GAME))
            to = f"arbitro+{GAME}@example.org"
            for power, text in HOLDS.items():
                address = players[power]
                secrets.update({address, address.split("@")[0], f"pw{address[1]}"})
                imap_account.deliver(order_mail(address, text, password=f"pw{address[1]}", to=to))
            # and the unhappy paths: a wrong password, a stranger, a bounce
            imap_account.deliver(order_mail(players["FRANCE"], "A PAR H", password="sbagliata",
                                            to=to))
            secrets.add("sbagliata")
            imap_account.deliver(order_mail("intruso@evil.example", "A PAR H", to=to))
            secrets.add("intruso@evil.example")
            await until(lambda: len(inbound_rows(store)) == 9 and all(
                r.status is not InboundStatus.RECEIVED for r in inbound_rows(store)), timeout=40)

            def processed() -> bool:
                with store.begin() as uow:
                    return uow.phases.history(GAME)[0].status is PhaseStatus.PROCESSED

            await until(processed, timeout=40, what="S1901M processed")
            await until(lambda: all(r.status is OutboxStatus.SENT for r in outbox_rows(store)),
                        timeout=40, what="all sent")
        finally:
            await daemon.stop()

    run(go())
    # every logger but the test's own SMTP sink (aiosmtpd's "mail.log")
    records = [r for r in caplog.records if r.levelno >= logging.INFO and r.name != "mail.log"]
    text = "\n".join(r.getMessage() + (r.exc_text or "") for r in records)
    found = sorted(s for s in secrets if s and s.lower() in text.lower())
    assert len(records) > 20  # the log did speak: mails, the phase, the outbox
    assert found == [], [line for line in text.splitlines()
                         if any(s.lower() in line.lower() for s in found)][:10]
    note("security", f"logs: {len(records)} records at INFO+ over a whole turn; none holds any "
                     f"of {len(secrets)} addresses, passwords or tokens")


HOSTILE = [
    "Alleanza contro {victim}?\n-- \n{name}\n{address}\ncell. +39 333 1234567",
    "Ciao, sono {name} ({address}). Scrivimi pure a {local} su {host}.",
    "> Il giorno sab 1 mar 2025 {name} <{address}> ha scritto:\n> ciao\nAccetto.",
    "From: {name} <{address}>\nSent: Saturday\nTo: arbitro\n\nproposta",
    "Rispondi a {address_upper} oppure a {name_upper}",
    "{name}\n{name}\n{name}",
]


@pytest.mark.long
def test_al_buio_relay_under_load_leaks_no_identity(tmp_path: Path) -> None:
    count = sized(150, 2000)
    game = start_game(tmp_path, "buio", "al_buio")
    game.handler.limiter = RateLimiter(10**9)  # a load test: the per-sender limit is not its subject
    rng = random.Random(10)
    nations = {"ENGLAND": "inghilterra", "FRANCE": "francia", "GERMANY": "germania",
               "ITALY": "italia", "AUSTRIA": "austria", "RUSSIA": "russia", "TURKEY": "turchia"}
    start = game.last_id()
    relayed = 0
    for i in range(count):
        sender_power, target_power = rng.sample(sorted(game.holders), 2)
        address = game.holders[sender_power]
        name = game.name_of(address)
        local, host = address.split("@")
        body = rng.choice(HOSTILE).format(victim=target_power, name=name, address=address,
                                          local=local, host=host, name_upper=name.upper(),
                                          address_upper=address.upper())
        raw = plain_mail(address, alias("buio", nations[target_power]),
                         f"PASSWORD {game.passwords[address]}\n{body}",
                         subject=f"{name} propone", name=name)
        game.handler.handle(raw, game_now(i))
    leaks = []
    for m in game.outbox(start):
        if m.recipients == ["gm@example.org"]:
            continue
        text = " ".join([m.subject, m.body, str(m.headers), m.sender or ""]).lower()
        for person, address in PEOPLE:
            if address in m.recipients:
                continue  # a receipt to the sender may name the sender
            for piece in (address, address.split("@")[0], address.split("@")[1], person):
                if piece.lower() in text:
                    leaks.append((m.idempotency_key, piece))
        relayed += 1
    assert relayed >= count  # every message delivered (and receipts)
    assert leaks == []
    note("relay", f"al buio: {count} hostile messages between random nations -> {relayed} "
                  "mails out, 0 carrying a sender's address, local part, host or name")


def game_now(i: int):  # type: ignore[no-untyped-def]
    from press.press_helpers import NOW

    return NOW + timedelta(seconds=i)
