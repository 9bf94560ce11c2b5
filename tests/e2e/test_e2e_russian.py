"""A Russian table by mail, through Dovecot and a real SMTP server (issue 19, point 7 and 8).

Every player's config says ``language = "ru"``: they mail their Spring 1901 orders in Russian
(Germany in the seed's own phrasing, the others in the Russian notation), each gets a
Russian confirmation, and the results mail, in Russian, carries the turn in the judges'
format as a text attachment (``judge_results = "attachment"``). A stranger who writes in
Cyrillic to no game is answered in Russian.
"""

from __future__ import annotations

from pathlib import Path

from harness import (
    FakeClock,
    daemon_config,
    order_mail,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from player_mail import player_mail
from service.service_helpers import BOARD, SPRING_1901, game_table

from arbitro.daemon import Daemon
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.orders import RUSSIAN, format_order
from arbitro.mail.mime.message import parse_inbound

GAME = "forum"
SEED_GERMANY = "Армия Мюнхена атакует Рур\nАрмия Берлина перемещается в Мюнхен\nФлот Киля перемещается в Данию"


def _russian(power: str, lines: list[str]) -> str:
    if power == "GERMANY":
        return SEED_GERMANY
    out = []
    for line in lines:
        order = read_order(BOARD, power, line)
        assert not isinstance(order, str)
        out.append(format_order(order, RUSSIAN, BOARD))
    return "\n".join(out)


def test_a_russian_table_plays_spring_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                             tmp_path: Path) -> None:
    table = game_table(GAME, reminders=[], judge_results="attachment", language="ru")
    for player in table["players"]:
        player["language"] = "ru"
    config = daemon_config(imap_account, smtp_sink, tmp_path / "ru.sqlite3", table)
    clock = FakeClock(start_moment())

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10, render_map=None)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)
            for power, lines in SPRING_1901.items():
                address = players[power]
                imap_account.deliver(order_mail(address, _russian(power, lines), password=f"pw{address[1]}",
                                                to=f"arbitro+{GAME}@example.org", subject="приказы"))
            await until(lambda: all(any("Итоги" in g.subject for g in to(smtp_sink, a)) for a in players.values()),
                        timeout=60, what="the results mailed to every player")
            imap_account.deliver(player_mail("ivan@elsewhere.example", "arbitro@example.org",
                                             "Привет! Хочу играть в Дипломатию.", subject="Игра"))
            await until(lambda: bool(to(smtp_sink, "ivan@elsewhere.example")), timeout=30,
                        what="the stranger answered")
        finally:
            await daemon.stop()

    run(go())
    germany = next(g for g in to(smtp_sink, _holder(smtp_sink, "Германия")) if "Приказы получены" in g.subject)
    assert "ПО СТРОКАМ" in germany.body and "НЕДЕЙСТВИТЕЛЕН" not in germany.body
    assert "А Мюнхен - Рур" in germany.body  # the orders on file, in the Russian notation
    results = [g for g in to(smtp_sink, _holder(smtp_sink, "Германия")) if "Итоги" in g.subject]
    (mail,) = results
    assert "ПРИКАЗЫ" in mail.body and "Германия:" in mail.body
    parsed = parse_inbound(mail.raw)
    # the judges' turn, and the next deadline for the calendar
    assert [a.name for a in parsed.attachments] == [f"{GAME}-S1901M.txt", f"{GAME}-F1901M.ics"]
    raw = mail.raw.decode("ascii", "replace")
    assert "Movement results for Spring of 1901" not in mail.body  # attached, not inline
    assert "text/plain" in raw and f'filename="{GAME}-S1901M.txt"' in raw
    (stranger,) = to(smtp_sink, "ivan@elsewhere.example")
    assert "Не удалось понять, к какой партии" in stranger.body


def _holder(sink: SmtpSink, power_name: str) -> str:
    """The address whose welcome mail names this power (the draw decides who plays whom)."""
    for g in sink.received:
        mail = parse_inbound(g.content)
        if "Добро пожаловать" in mail.subject and mail.subject.endswith(power_name):
            return g.rcpt_tos[0].lower()
    raise AssertionError(f"no welcome mail for {power_name}")
