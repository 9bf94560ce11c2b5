"""Property tests of the order parser: it never raises, and it reads back what the
formatter writes, for every legal order (R-ORD-1, R-ORD-2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.diplomacy.legal_orders import legal_orders
from arbitro.diplomacy.orders import ENGLISH, ITALIAN, Build, Disband, Retreat, Waive, format_order
from arbitro.diplomacy.position import Dislodged, Phase, Position, Unit, make_position, start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import IGNORED, OK, VOID
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")

# Words and marks orders are made of, to make nasty near-orders from.
_PIECES = [
    "A", "F", "Army", "Flotta", "-", "->", "–", "S", "APP", "TR", "C", "XXX", "H", "via", "R", "D", "B",
    "Ven", "Tri", "Liv", "Gal", "Bul", "(ec)", "/sc", "costa", "nord", "Mar", "Nero", "North", "Sea",
    "Spa", "StP", ":", ";", ",", ">", "-- ", "\n", "<br>", "<p>", "&amp;", "Francia", "ORDINI", "é", "ß",
    "\x00", "\u202e", "((", "))", "//", "1.", "*", "Galacia", "Norwegain", "waive", "Build", "Remove",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_no_text_makes_the_parser_raise(text: str) -> None:
    report = parse_orders(BOARD, text)
    assert all(r.status in (OK, VOID, IGNORED) for r in report.lines)
    assert all(r.code != "internal" for r in report.lines), report.lines


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=6), max_size=30), st.sampled_from(["it", "en"]))
def test_no_order_like_text_makes_the_parser_raise(pieces: list[str], lang: str) -> None:
    text = " ".join(pieces)
    position = start_position(BOARD)
    for power in (None, "FRANCE"):
        report = parse_orders(BOARD, text, power=power, position=position, lang=lang)
        assert all(r.code != "internal" for r in report.lines), report.lines
        for r in report.lines:
            assert r.status == OK or line_message(BOARD, r, lang)  # every void or ignored line says why


def _round_trip(position: Position, order, phase: str | None = None) -> None:  # type: ignore[no-untyped-def]
    power = None if isinstance(order, Waive) else order.power
    for lang, text in (("it", format_order(order, ITALIAN, BOARD)), ("en", format_order(order, ENGLISH))):
        report = parse_orders(BOARD, text, power=order.power, position=position, lang=lang)
        got = [(r.status, r.order) for r in report.lines]
        assert got == [(OK, order)], (text, report.lines, power)


def test_round_trip_every_legal_order_of_the_start_position() -> None:
    position = start_position(BOARD)
    count = 0
    for unit in position.units:
        for order in legal_orders(BOARD, position, unit):
            _round_trip(position, order)
            count += 1
    assert count > 150


@st.composite
def positions(draw: st.DrawFn) -> Position:
    rng = random.Random(draw(st.integers(0, 2**32)))
    provinces = sorted(BOARD.provinces)
    rng.shuffle(provinces)
    units = []
    powers = sorted(BOARD.powers)
    for code in provinces[: draw(st.integers(2, 34))]:
        prov = BOARD.provinces[code]
        kinds = [k for k in ("A", "F") if any(BOARD.unit_can_stand(k, loc) for loc in prov.locations)]
        if not kinds:
            continue
        kind = rng.choice(kinds)
        loc = rng.choice([loc for loc in prov.locations if BOARD.unit_can_stand(kind, loc)])
        units.append(Unit(rng.choice(powers), kind, loc))
    centres = {c: p.name for p in BOARD.powers.values() for c in p.home_centres}
    return make_position(Phase(1905, "F", "M"), units, centres)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_round_trip_every_legal_order_of_random_positions(position: Position) -> None:
    for unit in position.units:
        for order in legal_orders(BOARD, position, unit):
            _round_trip(position, order)


def test_round_trip_retreats_disbands_builds_and_waive() -> None:
    fleet = Unit("RUSSIA", "F", "SEV")
    army = Unit("GERMANY", "A", "HOL")
    retreat = make_position(
        "F1901R", [Unit("TURKEY", "A", "SEV"), Unit("FRANCE", "A", "HOL")], {},
        [Dislodged(fleet, ("ARM", "BLA", "RUM")), Dislodged(army, ("KIE", "RUH"))],
    )
    for d in retreat.dislodged:
        for dest in d.retreats:
            _round_trip(retreat, Retreat(d.unit.power, d.unit.kind, d.unit.location, dest))
        _round_trip(retreat, Disband(d.unit.power, d.unit.kind, d.unit.location))
    winter = make_position(
        "W1901A", [Unit("RUSSIA", "A", "MOS")],
        {c: p.name for p in BOARD.powers.values() for c in p.home_centres},
    )
    for loc in ("STP/NC", "STP/SC", "SEV"):
        _round_trip(winter, Build("RUSSIA", "F", loc))
    _round_trip(winter, Build("RUSSIA", "A", "WAR"))
    # a disband is read as such where one is owed (R-ADJU-1: Russia has builds in ``winter``)
    crowded = make_position("W1901A", [Unit("RUSSIA", "A", "MOS"), Unit("RUSSIA", "A", "UKR")], {"MOS": "RUSSIA"})
    _round_trip(crowded, Disband("RUSSIA", "A", "MOS"))
    _round_trip(winter, Waive("RUSSIA"))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_round_trip_without_a_position_keeps_what_was_written(lang: str) -> None:
    """Without a board position the parser reads exactly the written order."""
    position = start_position(BOARD)
    for unit in position.units:
        for order in legal_orders(BOARD, position, unit)[:40]:
            text = format_order(order, ITALIAN, BOARD) if lang == "it" else format_order(order, ENGLISH)
            report = parse_orders(BOARD, text, power=order.power, lang=lang)
            assert [(r.status, r.order) for r in report.lines] == [(OK, order)], (text, report.lines)


def _variants() -> list[str]:
    from arbitro.variants import diplomacy_variants

    return diplomacy_variants()


@pytest.mark.parametrize("variant", _variants())
def test_round_trip_on_every_variants_start_position(variant: str) -> None:
    """Names come from the map: other variants' codes read back too (DEL is Delhi)."""
    board = load_board(variant)
    position = start_position(board)
    for unit in position.units:
        for order in legal_orders(board, position, unit)[:80]:
            for lang, text in (("it", format_order(order, ITALIAN, board)), ("en", format_order(order, ENGLISH))):
                report = parse_orders(board, text, power=order.power, position=position, lang=lang)
                assert [(r.status, r.order) for r in report.lines] == [(OK, order)], (variant, text, report.lines)
