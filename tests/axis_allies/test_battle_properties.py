"""Properties of every battle, over battles hypothesis makes up (every kind, mixed stacks,
damaged battleships, cargo, bystanders, random orders of loss, submerge and retreat orders,
dice from random keys): a submarine never hits an aircraft; an aircraft hit by AA never fires;
no land unit retreats from an amphibious assault; every battle ends, in an end its units bear
out; and the same dice given as a fixed sequence fight the same battle again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.aae_contract.battle import write_report
from arbitro.aae_contract.board_file import load_board
from arbitro.axis_allies.combat import (
    AMPHIBIOUS,
    FLAK,
    LAND,
    RAID,
    SEA,
    Battle,
    BattleReport,
    FixedDice,
    KeyedDice,
    fight,
)
from arbitro.axis_allies.combat.report import ENDS
from arbitro.axis_allies.instructions import (
    FIRST_HIT,
    LOSABLE,
    LOSS_KINDS,
    BattleOrders,
    Instructions,
    Retreat,
    SubmergePolicy,
)
from arbitro.axis_allies.units import Group

BOARD = load_board()
TYPES = BOARD.unit_types
ORDER = BOARD.turn_order
ALLIES = ("USSR", "UK", "USA")
EXAMPLES = 300
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

SEA_TYPES = ("submarine", "destroyer", "carrier", "battleship", "transport")
LAND_TYPES = ("infantry", "artillery", "armour")
AIR_TYPES = ("fighter", "bomber")


def _groups(draw: Callable[[Any], Any], owners: Sequence[str], types: Sequence[str],
            most: int = 4, **extra: Any) -> tuple[Group, ...]:
    groups = []
    for _ in range(draw(st.integers(0, most))):
        kind = draw(st.sampled_from(types))
        owner = draw(st.sampled_from(owners))
        cargo: tuple[Group, ...] = ()
        if kind == "transport" and draw(st.booleans()):
            cargo = (Group(owner, draw(st.sampled_from(("infantry", "armour"))), 1),)
        elif kind == "carrier" and draw(st.booleans()):
            cargo = (Group(draw(st.sampled_from(owners)), "fighter", draw(st.integers(1, 2))),)
        damaged = kind == "battleship" and draw(st.booleans())
        groups.append(Group(owner, kind, draw(st.integers(1, 3)), damaged=damaged, cargo=cargo,
                            **extra))
    return tuple(groups)


@st.composite
def instructions(draw: Callable[[Any], Any]) -> Instructions:
    losses = {}
    for kind in draw(st.lists(st.sampled_from(LOSS_KINDS), unique=True, max_size=3)):
        losses[kind] = tuple(draw(st.lists(st.sampled_from((*LOSABLE, FIRST_HIT)), unique=True,
                                           max_size=5)))
    mode = draw(st.sampled_from(("never", "after_round", "when_alone")))
    return Instructions(
        losses=losses,
        submerge=draw(st.none() | st.just(SubmergePolicy(mode, draw(st.integers(0, 2)))
                                          if mode == "after_round" else SubmergePolicy(mode))),
        intercept=draw(st.none() | st.sampled_from(("all", 0, 1, 2))))


@st.composite
def battles(draw: Callable[[Any], Any], kinds: Sequence[str] = (LAND, AMPHIBIOUS, SEA, RAID,
                                                                 FLAK)) -> Battle:
    kind = draw(st.sampled_from(kinds))
    attacker = draw(st.sampled_from(ORDER))
    enemies = ALLIES if attacker == "GERMANY" else ("GERMANY",)
    friends = tuple(p for p in ALLIES if p != attacker) if attacker != "GERMANY" else ()
    mine = (attacker,)
    fields: dict[str, Any] = {}
    if kind == SEA:
        fields["attacking"] = _groups(draw, mine, (*SEA_TYPES, "submarine", *AIR_TYPES), 5)
        fields["defending"] = _groups(draw, enemies, (*SEA_TYPES, "submarine", "fighter"), 5)
        if friends:
            fields["bystanders"] = _groups(draw, friends, SEA_TYPES, 2)
    elif kind in (LAND, AMPHIBIOUS):
        fields["attacking"] = _groups(draw, mine, (*LAND_TYPES, *AIR_TYPES), 4)
        fields["defending"] = _groups(draw, enemies, (*LAND_TYPES, *AIR_TYPES, "aa_gun"), 4)
        if kind == AMPHIBIOUS:
            zone = draw(st.sampled_from(("SICS", "TYR")))
            fields["landing"] = _groups(draw, mine, LAND_TYPES, 3, origin=zone)
            fields["bombarding"] = _groups(draw, mine, ("destroyer", "battleship"), 2,
                                           origin=draw(st.sampled_from(("SICS", "TYR"))))
        fields["controller"] = draw(st.sampled_from(
            (*enemies, "MIDDLE_EAST") if attacker == "GERMANY" else enemies))
    elif kind == RAID:
        fields["attacking"] = _groups(draw, mine, ("bomber",), 2)
        fields["escorts"] = _groups(draw, mine, ("fighter",), 2)
        fields["defending"] = _groups(draw, enemies, ("fighter", "aa_gun", "infantry"), 3)
        fields["controller"] = enemies[0]
        fields["defender_cash"] = draw(st.none() | st.integers(0, 30))
    else:
        fields["attacking"] = _groups(draw, mine, AIR_TYPES, 3)
        fields["defending"] = _groups(draw, enemies, ("aa_gun", "fighter"), 2)
    stall = kind == SEA and draw(st.booleans())
    retreat = None
    if draw(st.booleans()):
        retreat = Retreat(to="XXX", after_round=draw(st.none() | st.integers(1, 3)),
                          below=draw(st.integers(1, 6)), count=draw(st.sampled_from(("all", "land"))))
    orders = BattleOrders(retreat=retreat, stall=stall,
                          submerge_from=None if stall or kind != SEA
                          else draw(st.none() | st.integers(2, 4)))
    powers = draw(st.lists(st.sampled_from(ORDER), unique=True, min_size=2))
    return Battle(kind=kind, space="ZZZ", attacker=attacker, orders=orders,
                  instructions={p: draw(instructions()) for p in powers}, **fields)


def _fought(battle: Battle, key: bytes) -> BattleReport:
    return fight(battle, TYPES, KeyedDice(key.hex(), "aae-9999", "R05-GERMANY", "0" * 64), ORDER)


KEYS = st.binary(min_size=32, max_size=32)


@SETTINGS
@given(battle=battles(kinds=(SEA, SEA, LAND, AMPHIBIOUS)), key=KEYS)
def test_a_submarine_never_hits_an_aircraft(battle: Battle, key: bytes) -> None:
    report = _fought(battle, key)
    for roll in report.rolls:
        sub_hits = sum(1 for d in roll.dice if d.type == "submarine" and d.hit)
        assert roll.hits.get("ships_only", 0) == sub_hits
        lost_aircraft = sum(c.count for c in report.casualties
                            if (c.round, c.roll) == (roll.round, roll.roll)
                            and TYPES[c.type].air)
        assert lost_aircraft <= roll.hits.get("no_subs", 0) + roll.hits.get("any", 0)
        if roll.roll == "first_strike":
            assert lost_aircraft == 0


@SETTINGS
@given(battle=battles(kinds=(LAND, AMPHIBIOUS, RAID, FLAK)), key=KEYS)
def test_an_aircraft_hit_by_aa_never_fires(battle: Battle, key: bytes) -> None:
    report = _fought(battle, key)
    flying = Counter[tuple[str, str]]()
    for g in (*battle.attacking, *battle.escorts):
        if TYPES[g.type].air:
            flying[(g.owner, g.type)] += g.count
    shot = Counter[tuple[str, str]]()
    for c in report.casualties:
        if c.roll == "aa":
            assert TYPES[c.type].air and c.removed == "at once"
            shot[(c.owner, c.type)] += c.count
    for roll in report.rolls:
        if roll.roll in ("aa", "defence", "intercept", "bombard"):
            continue  # not the attacker's aircraft firing
        firing = Counter((d.owner, d.type) for d in roll.dice if TYPES[d.type].air)
        for unit, n in firing.items():
            assert n <= flying[unit] - shot[unit], (roll, shot)


@SETTINGS
@given(battle=battles(kinds=(AMPHIBIOUS,)), key=KEYS)
def test_no_land_unit_retreats_from_an_amphibious_assault(battle: Battle, key: bytes) -> None:
    report = _fought(battle, key)
    for event in report.events:
        if event.event == "retreat":
            assert all(TYPES[g.type].air for g in event.units) or not battle.landing
    if battle.landing:
        assert all(TYPES[g.type].air for g in report.result.attacking if g.retreated)
        if report.result.end == "retreat":
            assert not any(TYPES[g.type].land for g in report.result.attacking)


def _census(groups: Sequence[Group]) -> Counter[tuple[str, str]]:
    count = Counter[tuple[str, str]]()
    for g in groups:
        count[(g.owner, g.type)] += g.count
        for c in g.cargo:
            count[(c.owner, c.type)] += g.count * c.count
    return count


def _in_battle(groups: Sequence[Group]) -> list[Group]:
    return [g for g in groups
            if not g.submerged and not g.retreated and g.type not in ("aa_gun", "complex")]


@SETTINGS
@given(battle=battles(), key=KEYS)
def test_every_battle_ends(battle: Battle, key: bytes) -> None:
    report = _fought(battle, key)
    result = report.result
    assert result.end in ENDS
    left = _in_battle(result.attacking)
    right = _in_battle((*result.defending, *result.homeless_fighters))
    if result.end == "defender_gone":
        assert not right and left and result.winner == "attacker"
    elif result.end == "attacker_gone":
        assert not left and right and result.winner == "defender"
    elif result.end == "both_gone":
        assert not left and not right
    elif result.end in ("retreat", "stall"):
        assert not left
    elif result.end == "no_hits_possible":
        assert left and right
    if result.conquered:
        assert any(TYPES[g.type].land for g in left) and not right
    if battle.kind in (RAID, FLAK):
        assert result.rounds == 0
    else:
        assert result.rounds == max((r.round for r in report.rolls), default=0) or result.end in (
            "defender_gone", "attacker_gone", "both_gone", "retreat", "no_hits_possible")
    # no unit is created or duplicated: what is left, cargo included, is at most what came
    before, after = _census((*battle.attacking, *battle.landing, *battle.escorts,
                             *battle.defending, *battle.bystanders)), _census(
        (*result.attacking, *result.defending, *result.bystanders, *result.homeless_fighters))
    assert all(after[unit] <= before[unit] for unit in after), (before, after)
    # the same dice as a fixed sequence fight the same battle, and the report is the contract's
    dice = tuple(d.die for r in report.rolls for d in r.dice)
    assert report.dice_used == len(dice)
    again = fight(battle, TYPES, FixedDice(dice), ORDER)
    assert write_report(again) == write_report(report)
