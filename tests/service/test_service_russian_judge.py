"""A Russian player and the judge-format results, through the service's own door (issue 19).

A player whose config says ``language = "ru"`` orders in the Russian of seed 004 and gets
every answer in Russian (the confirmation, the results mail); the GM who asks for the
judge format gets it as a text attachment or at the end of every results mail.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from service_helpers import BOARD, SPRING_1901, START, Driver, game_table, make_config

from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.orders import RUSSIAN, Order, format_order
from arbitro.service import Referee

RUSSIAN_ORDERS = {  # Germany in Russian: the seed's phrasing and a terse line
    "GERMANY": "Армия Мюнхена атакует Рур\nАрмия Берлина перемещается в Мюнхен\nФ Кил - Дан",
}


def _play_spring(referee: Referee, d: Driver, russian: str = "") -> dict[str, object]:
    """Spring 1901 as scripted; the power of the Russian player (the draw decides which)
    orders in Russian: Germany in the seed's phrasing, any other in Russian notation."""
    referee.tick(START - timedelta(hours=1))
    referee.tick(START)
    now = START + timedelta(hours=1)
    mine = next((p for p, a in d.holders().items() if a == russian), None)
    replies = {}
    for power, orders in SPRING_1901.items():
        text = "\n".join(orders)
        if power == mine:
            text = RUSSIAN_ORDERS.get(power) or "\n".join(
                format_order(read(power, o), RUSSIAN, BOARD) for o in orders)
        replies[power] = d.order(power, text, now)
    referee.tick(now)
    assert d.phase().code == "F1901M"
    return {"power": mine, **replies}


def read(power: str, text: str) -> Order:
    order = read_order(BOARD, power, text)
    assert not isinstance(order, str), order
    return order


def _players(game: str) -> list[dict[str, str]]:
    return [{"address": f"p{i}@{game}.example", "name": f"Player {i}", "language": "ru" if i == 0 else "en",
             "password": f"pw{i}"} for i in range(7)]


@pytest.mark.parametrize("mode", ["attachment", "inline"])
def test_a_russian_player_and_the_judge_format(store, mode: str) -> None:
    game = f"mosca-{mode}"
    table = game_table(game, judge_results=mode)
    table["players"] = _players(game)
    referee = Referee(store, make_config(table))
    d = Driver(referee, store, game)
    russian = f"p0@{game}.example"
    replies = _play_spring(referee, d, russian)
    reply = replies[str(replies["power"])]
    # every Russian line was read
    assert all(line.status == "ok" for line in reply.lines), reply.lines  # type: ignore[attr-defined]

    results = [m for m in d.outbox("results:")]
    to_russian = next(m for m in results if russian in m.recipients)
    assert to_russian.subject.startswith(f"[{game}] Итоги")
    assert "ПРИКАЗЫ" in to_russian.body and "ОПОРНЫЕ ПУНКТЫ" in to_russian.body
    to_english = next(m for m in results if m.recipients == [f"p1@{game}.example"])
    assert "ORDERS" in to_english.body
    header = f"Movement results for Spring of 1901.  ({game}.S1901M)"
    for mail in (to_russian, to_english):
        texts = [a for a in mail.attachments if a.content_type == "text/plain"]
        if mode == "attachment":
            (judge,) = texts
            assert judge.filename == f"{game}-S1901M.txt"
            body = judge.data.decode()
            assert body.startswith(header + "\n\n")
            assert "Germany: Army Munich -> Ruhr.\n" in body
            assert "Italy: Army Rome -> Venice.\n" in body
            assert "The next phase of '" + game + "' will be Movement for Fall of 1901.\n" in body
            assert header not in mail.body
        else:
            assert not texts
            assert header in mail.body and "Germany: Army Munich -> Ruhr." in mail.body


def test_without_the_option_no_judge_block(store) -> None:
    game = "mosca-off"
    referee = Referee(store, make_config(game_table(game)))
    d = Driver(referee, store, game)
    _play_spring(referee, d)
    for mail in d.outbox("results:"):
        assert "Movement results for" not in mail.body
        assert not [a for a in mail.attachments if a.content_type == "text/plain"]
