"""Properties of generated turns (hypothesis): a random player writes each power's mails from the
state as it stands (moves to neighbours, purchases, placements; many illegal, run with EXECUTE or
at the deadline), fixed random dice fight the battles; through whole steps:

- no unit is created or duplicated: of every type, no more units after a step than before and
  those placed; and exactly as many when no battle was fought and no aircraft was lost;
- IPCs are conserved: each power's cash after a step is its cash before plus its ledger lines,
  never below zero; transfers (a capital's cash, the Middle-East payment) add up to nothing; a
  purchase costs what its units cost; income is the production.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.aae_contract.board_file import load_board
from arbitro.axis_allies.combat.dice import FixedDice
from arbitro.axis_allies.economy import (
    CAPITAL_LOST,
    CAPITAL_TAKEN,
    INCOME,
    MIDDLE_EAST_GOT,
    MIDDLE_EAST_PAID,
    PURCHASE,
)
from arbitro.axis_allies.orders import COMBAT
from arbitro.axis_allies.state import State, initial_state
from arbitro.axis_allies.turn import StepOutcome, play_step

BOARD = load_board()
TYPES = [t for t in BOARD.unit_types if t != "complex"]


def census(state: State) -> Counter[str]:
    out: Counter[str] = Counter()
    for _, g in state.all_groups():
        out[g.type] += g.count
        for c in g.cargo:
            out[c.type] += c.count * g.count
    return out


def mail(state: State, draw: st.DrawFn) -> list[str]:
    """What a careless player might send: a purchase, moves to neighbours, placements."""
    power = state.power
    lines: list[str] = []
    mine = sorted(((s, g) for s, g in state.all_groups() if g.owner == power),
                  key=lambda sg: (sg[0], sg[1].type, sg[1].key().__repr__()))
    if state.step == COMBAT and draw(st.booleans()):
        kind = draw(st.sampled_from(["infantry", "armour", "fighter", "submarine", "transport"]))
        lines.append(f"BUY {draw(st.integers(1, 4))} {kind}")
    for _ in range(draw(st.integers(0, 10))):
        if not mine:
            break
        space, g = draw(st.sampled_from(mine))
        n = draw(st.integers(1, g.count))
        near = sorted(BOARD.neighbours[space])
        hostile = [x for x in near if _hostile(state, power, x)]
        path = [draw(st.sampled_from(hostile if hostile and draw(st.integers(0, 3)) else near))]
        if BOARD.unit_types[g.type].move > 1 and not draw(st.integers(0, 2)):
            path.append(draw(st.sampled_from(sorted(BOARD.neighbours[path[-1]]))))
        cargo = ""
        if g.cargo:
            cargo = "(" + ", ".join(f"{c.count} {c.type}" for c in g.cargo) + ")"
        lines.append(f"MOVE {space}: {n} {g.type}{cargo} -> " + " -> ".join(path))
    if state.step != COMBAT:
        for type_name, n in state.purchase:
            if draw(st.booleans()):
                where = BOARD.capital_of(power)
                if BOARD.unit_types[type_name].sea:
                    where = min(BOARD.sea_neighbours(where) or {where})
                lines.append(f"PLACE {where}: {n} {type_name}")
    lines.append(draw(st.sampled_from(["EXECUTE", "", "Saluti"])))
    return lines


def _hostile(state: State, power: str, space: str) -> bool:
    holder = state.controller(space)
    return (holder is not None and BOARD.enemies(holder, power)) or any(
        BOARD.enemies(g.owner, power) for g in state.at(space))


def check_step(before: State, out: StepOutcome) -> None:
    after = out.state
    assert after is not None
    # -- IPCs ------------------------------------------------------------------------------
    for p in BOARD.turn_order:
        mine = sum(e.ipc for e in out.ledger if e.power == p)
        assert after.cash[p] == before.cash[p] + mine, (p, out.ledger)
        assert after.cash[p] >= 0
    transfers = [e for e in out.ledger if e.cause in (CAPITAL_LOST, CAPITAL_TAKEN,
                                                      MIDDLE_EAST_PAID, MIDDLE_EAST_GOT)]
    assert sum(e.ipc for e in transfers) == 0, transfers
    bought = sum((BOARD.unit_types[t].cost or 0) * n for t, n in after.purchase) if (
        out.step == COMBAT) else 0
    assert [-e.ipc for e in out.ledger if e.cause == PURCHASE] == ([bought] if bought else [])
    for e in out.ledger:
        if e.cause == INCOME:
            assert out.production is not None and e.ipc == out.production[e.power]
    # -- units -----------------------------------------------------------------------------
    was, now = census(before), census(after)
    placed: Counter[str] = Counter()
    for _, g in out.placed:
        placed[g.type] += g.count
    for t in TYPES:
        assert now[t] <= was[t] + placed[t], (t, was[t], now[t], placed[t])
    if not out.battles and not out.lost and not any(x.to is None for x in out.landed):
        assert now == was + placed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_generated_turns_create_no_unit_and_conserve_ipcs(data: st.DataObject) -> None:
    state = initial_state(BOARD, "prop")
    dice = data.draw(st.lists(st.integers(1, 6), min_size=600, max_size=600))
    for _ in range(data.draw(st.integers(2, 8))):
        lines = mail(state, data.draw)
        deadline = data.draw(st.booleans())
        out = play_step(BOARD, state, lines, at_deadline=deadline, dice=FixedDice(tuple(dice)))
        if not out.ran:
            out = play_step(BOARD, state, [*lines, "EXECUTE"], dice=FixedDice(tuple(dice)),
                            at_deadline=True)
        assert out.ran
        check_step(state, out)
        assert out.state is not None
        state = out.state
