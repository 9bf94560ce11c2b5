"""Orders as each language writes them (issue 29 point 2): the notation the Italian seed
teaches (``A Mar APP A Par XXX``, ``A Lon - Nor con trasporto``, a retreat as a move,
``COSTRUISCO A Ber``, ``SCIOLGO F Ion``, ``RINUNCIO``), the Russian forum's (``А Галиция
отступает в Варшаву``, the goal in the accusative), and every order a mail shows reads back
through the reader as the same order: what a confirmation says, a player can write."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.orders import (
    ENGLISH,
    ITALIAN,
    RUSSIAN,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Notation,
    Order,
    Retreat,
    Support,
    Waive,
    format_order,
)
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Position, Unit, make_position, start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.variants import load_board

BOARD = load_board("standard")
START = start_position(BOARD)


def _sea_position() -> Position:
    units = [Unit("ENGLAND", "F", "NTH"), Unit("ENGLAND", "A", "YOR"), Unit("ENGLAND", "F", "LON"),
             Unit("RUSSIA", "F", "BLA"), Unit("RUSSIA", "F", "STP/SC")]
    return make_position("S1901M", units, dict(START.centres))


def _retreat_position() -> Position:
    units = [Unit("FRANCE", "A", "BUR"), Unit("GERMANY", "A", "RUH"), Unit("GERMANY", "A", "MUN"),
             Unit("RUSSIA", "A", "GAL"), Unit("AUSTRIA", "A", "BOH"), Unit("AUSTRIA", "A", "VIE"),
             Unit("RUSSIA", "F", "BUL/EC"), Unit("TURKEY", "F", "BLA"), Unit("TURKEY", "A", "RUM")]
    position = make_position("F1901M", units, dict(START.centres))
    orders = {"GERMANY": [Move("GERMANY", "A", "RUH", "BUR"), Support("GERMANY", "A", "MUN", "A", "RUH", "BUR")],
              "AUSTRIA": [Move("AUSTRIA", "A", "VIE", "GAL"), Support("AUSTRIA", "A", "BOH", "A", "VIE", "GAL")],
              "TURKEY": [Move("TURKEY", "A", "RUM", "BUL"), Support("TURKEY", "F", "BLA", "A", "RUM", "BUL")]}
    return play(BOARD, position, orders).next


def _winter_position() -> Position:
    units = [Unit("RUSSIA", "A", "GAL"), Unit("GERMANY", "A", "BUR"), Unit("ITALY", "F", "ION"),
             Unit("ITALY", "A", "VEN"), Unit("ITALY", "A", "ROM"), Unit("ITALY", "F", "NAP")]
    centres = {**START.centres, "RUM": "RUSSIA", "HOL": "GERMANY"}
    centres = {c: p for c, p in centres.items() if c not in ("NAP",)}  # Italy must disband one
    return make_position("W1901A", units, centres)


CASES: list[tuple[str, Order]] = [
    ("M", Hold("FRANCE", "A", "PAR")),
    ("M", Move("ITALY", "A", "VEN", "TRI")),
    ("M", Support("AUSTRIA", "A", "BUD", "A", "VIE", "TRI")),
    ("M", Support("FRANCE", "A", "MAR", "A", "PAR", None)),
    ("S", Convoy("ENGLAND", "F", "NTH", "YOR", "NWY")),
    ("S", Move("ENGLAND", "A", "YOR", "NWY", True)),
    ("S", Move("RUSSIA", "F", "BLA", "BUL/EC")),
    ("R", Retreat("FRANCE", "A", "BUR", "PIC")),
    ("R", Retreat("RUSSIA", "A", "GAL", "WAR")),
    ("R", Retreat("RUSSIA", "F", "BUL/EC", "CON")),
    ("R", Disband("FRANCE", "A", "BUR")),
    ("W", Build("RUSSIA", "A", "MOS")),
    ("W", Build("RUSSIA", "F", "STP/SC")),
    ("W", Waive("RUSSIA")),
    ("W", Disband("ITALY", "F", "ION")),
]
POSITIONS = {"M": lambda: START, "S": _sea_position, "R": _retreat_position, "W": _winter_position}
NOTATIONS: dict[str, Notation] = {"it": ITALIAN, "en": ENGLISH, "ru": RUSSIAN}


@pytest.mark.parametrize("lang", NOTATIONS)
@pytest.mark.parametrize("where,order", CASES, ids=[f"{w}-{o}" for w, o in CASES])
def test_every_order_a_mail_shows_reads_back_as_itself(lang: str, where: str, order: Order) -> None:
    text = format_order(order, NOTATIONS[lang], BOARD)
    report = parse_orders(BOARD, text, power=order.power, position=POSITIONS[where](), lang=lang)
    (line,) = report.lines
    assert line.order == order, (text, line.code, line.order)


def test_italian_orders_are_written_as_the_seed_writes_them() -> None:
    it = [format_order(o, ITALIAN, BOARD) for _, o in CASES]
    assert it == [
        "A Par XXX", "A Ven - Tri", "A Bud APP A Vie - Tri", "A Mar APP A Par XXX",
        "F MDN TR A Yor - Nor", "A Yor - Nor con trasporto", "F MNE - Bul(ec)",
        "A Bor - Pic", "A Galizia - Var", "F Bul(ec) - Cos", "SCIOLGO A Bor",
        "COSTRUISCO A Mos", "COSTRUISCO F StP(sc)", "RINUNCIO", "SCIOLGO F ION",
    ]


def test_russian_retreats_name_their_goal_in_the_accusative() -> None:
    assert format_order(Retreat("RUSSIA", "A", "GAL", "WAR"), RUSSIAN, BOARD) == "А Галиция отступает в Варшаву"
    assert format_order(Retreat("FRANCE", "A", "BUR", "PIC"), RUSSIAN, BOARD) == "А Бургундия отступает в Пикардию"
    assert format_order(Retreat("FRANCE", "F", "MAO", "IRI"), RUSSIAN, BOARD) == \
        "Ф Центральная Атлантика отступает в Ирландское море"  # a sea keeps its form


# -- the help's examples ----------------------------------------------------------------

@pytest.mark.parametrize("lang", NOTATIONS)
def test_the_helps_examples_are_what_confirmations_say(lang: str) -> None:
    """Every example of the help is written by the formatter the confirmations use, and
    the reader reads it back as the order it shows (a retreat in a retreat phase, a build
    in winter)."""
    from arbitro.reports.examples import HELP, PHASE_OF, WELCOME, example_orders

    shown = example_orders("help", lang)
    assert [e["kind"] for e in shown] == [k for k, _ in HELP]
    for e, (kind, order) in zip(shown, HELP, strict=True):
        assert e["order"] == format_order(order, NOTATIONS[lang], BOARD)
        report = parse_orders(BOARD, e["order"], power=order.power, phase_kind=PHASE_OF.get(kind, "M"),
                              lang=lang)
        assert [r.order for r in report.lines] == [order], (kind, e["order"])
    welcome = [e["order"] for e in example_orders("welcome", lang)]
    assert welcome == [format_order(o, NOTATIONS[lang], BOARD) for o in WELCOME]


@pytest.mark.parametrize("lang", NOTATIONS)
def test_the_orders_the_help_writes_in_words_read_as_orders(lang: str) -> None:
    import re

    from arbitro.words import say

    more = say(lang, "mail.help.orders_more")
    samples = re.findall(r"\"([^\"]+)\"", more) or [line.strip() for line in more.splitlines()[1:]]
    assert samples
    for text in samples:
        (line,) = parse_orders(BOARD, text, lang=lang).lines
        assert line.order is not None and line.status.value == "ok", (text, line.code)
