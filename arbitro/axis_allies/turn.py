"""One step of a power's turn (R-AAE-TURN-3, R-AAE-PBEM-1, -2, -7): the ORDINI (purchase, combat
move, conduct combat) or the RIORDINO (non-combat move, mobilize, end of turn), read line by
line, judged whole, and run when the rules say it runs.

``play_step`` is the one entry point; its ``StepOutcome`` carries what a results mail prints:
every line answered, the canonical orders and their digest, the moves as run, each battle's
report, conquests, the ledger, the defaults used, who is due next, and the state after."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..fairness.dice import orders_digest
from .board import Board
from .combat.dice import Dice
from .combat.report import BattleReport
from .combat_plan import CombatPlan, judge_combat, sea_battle_zones
from .conduct import Conducted, Conquest, Note, conduct
from .economy import Entry, book, convoy_control, end_of_turn_marks, income, middle_east_payment
from .economy import production as production_of
from .landing import Landed, nearest_landings
from .mobilization import place_by_rule, purchase_entry
from .movement import MoveRun
from .notation import order_text
from .orders import COMBAT, NONCOMBAT, Execute, Order, Reason
from .reading.lines import IGNORED, OK, REFUSED, read_line
from .reading.names import Names
from .regroup_plan import RegroupPlan, judge_noncombat
from .sides import enemy_ships
from .state import State, next_step
from .units import Group
from .victory import after_conduct_combat, after_turn

CHECK, RUN = "check", "run"


@dataclass(frozen=True)
class Line:
    """One line of the mail, answered (R-AAE-PBEM-2)."""

    number: int               # from 1
    text: str
    status: str               # OK | REFUSED | IGNORED
    order: Order | None = None
    reason: Reason | None = None


@dataclass(frozen=True)
class Default:
    """A default that decided something (R-AAE-PBEM-3, -7; R-AAE-MOVE-7): aae.default.<code>."""

    code: str
    power: str
    args: tuple[object, ...] = ()


@dataclass(frozen=True)
class StepOutcome:
    id: str
    step: str
    ran: bool
    lines: tuple[Line, ...]
    canonical: tuple[str, ...]
    digest: str
    missing: tuple[Reason, ...] = ()
    moves: tuple[MoveRun, ...] = ()
    battles: tuple[BattleReport, ...] = ()
    conquests: tuple[Conquest, ...] = ()
    ledger: tuple[Entry, ...] = ()
    defaults: tuple[Default, ...] = ()
    notes: tuple[Note, ...] = ()
    placed: tuple[tuple[str, Group], ...] = ()
    converted: tuple[tuple[str, Group], ...] = ()
    landed: tuple[Landed, ...] = ()
    lost: tuple[tuple[str, Group], ...] = ()      # aircraft still in the air at the end
    production: Mapping[str, int] | None = None
    next: tuple[int, str, str] | None = None
    state: State | None = None


def digest_of(canonical: Sequence[str]) -> str:
    """R-AAE-PBEM-9's digest of the step's canonical orders."""
    return orders_digest(list(canonical))


def read_step(board: Board, state: State, texts: Sequence[str]) -> list[Line]:
    names = Names(board)
    lines = []
    for n, text in enumerate(texts, start=1):
        r = read_line(names, text, state.step, state.power)
        lines.append(Line(n, text, r.status, r.order, r.reason))
    return lines


def play_step(board: Board, state: State, texts: Sequence[str], *, mode: str = RUN,
              at_deadline: bool = False, dice: Dice | None = None) -> StepOutcome:
    """The step due in ``state`` with the mail's lines. ``dice`` is needed to run an ORDINI."""
    lines = read_step(board, state, texts)
    orders = [(n, line.order) for n, line in enumerate(lines) if line.status == OK and line.order]
    cplan: CombatPlan | None = None
    rplan: RegroupPlan | None = None
    missing: list[Reason] = []
    if state.step == COMBAT:
        cplan, refused = judge_combat(board, state, state.power, orders)
        execute = cplan.execute
    else:
        rplan, refused, missing = judge_noncombat(board, state, state.power, orders)
        execute = rplan.execute
    lines = [replace(line, status=REFUSED, reason=refused[n]) if n in refused else line
             for n, line in enumerate(lines)]
    canonical = tuple(order_text(line.order) for line in lines
                      if line.status == OK and line.order is not None)
    outcome = StepOutcome(state.step_id, state.step, False, tuple(lines), canonical,
                          digest_of(canonical), tuple(missing))
    if mode == CHECK:
        return outcome
    blocked = any(line.status == REFUSED for line in lines) or bool(missing)
    if blocked and not execute and not at_deadline:
        return outcome
    no_orders = not any(line.status == OK and not isinstance(line.order, Execute)
                        for line in lines)
    if cplan is not None:
        if dice is None:
            raise ValueError("an ORDINI runs on the step's dice")
        return _run_combat(board, state, cplan, outcome, dice, no_orders and at_deadline)
    assert rplan is not None
    return _run_noncombat(board, state, rplan, outcome, no_orders and at_deadline)


# -- the ORDINI -------------------------------------------------------------------------------


def _run_combat(board: Board, state: State, plan: CombatPlan, outcome: StepOutcome, dice: Dice,
                no_orders: bool) -> StepOutcome:
    power = state.power
    defaults: list[Default] = []
    ledger: list[Entry] = []
    if no_orders:   # R-AAE-PBEM-7: nothing bought, no combat move, units stay
        defaults.append(Default("no_orders", power))
        after = replace(after_conduct_combat(board, state), step=NONCOMBAT)
        return replace(outcome, ran=True, defaults=tuple(defaults), ledger=(),
                       production=_production(board, after),
                       next=(after.round, after.power, after.step), state=after)
    entry = purchase_entry(board, power, plan.bought)
    ledger.extend(plan.ledger)
    plan.state = replace(plan.state, purchase=plan.bought)
    if entry is not None:
        plan.state = book(plan.state, [entry])
        ledger.insert(0, entry)
    defaults.extend(_ships_left_beside_enemies(board, state, plan))
    done: Conducted = conduct(board, plan, power, dice)
    ledger.extend(done.ledger)
    after = after_conduct_combat(board, done.state)
    after = replace(after, step=NONCOMBAT)
    blitz = tuple(Conquest(t, power, now, before, False) for t, before, now in plan.blitzed)
    return replace(outcome, ran=True, moves=tuple(run for _, run in plan.runs),
                   battles=tuple(done.reports), conquests=(*blitz, *done.conquests),
                   ledger=tuple(ledger), defaults=tuple(defaults), notes=tuple(done.notes),
                   landed=tuple(done.landed), production=_production(board, after),
                   next=(after.round, after.power, after.step), state=after)


def _ships_left_beside_enemies(board: Board, start: State, plan: CombatPlan) -> list[Default]:
    """R-AAE-MOVE-7: a ship that started beside enemy ships with no order stays; a combat ship
    attacks, a transport is in the battle if its power fights there."""
    power = start.power
    out = []
    fights = set(sea_battle_zones(board, plan.state, power))
    for zone in board.zones():
        if not enemy_ships(board, start, power, zone):
            continue
        if zone in plan.attacks or zone in plan.stalls:
            continue
        left = [g for g in plan.state.at(zone) if g.owner == power and g.moved == 0
                and board.unit_types[g.type].sea]
        for g in left:
            if g.type == "transport":
                code = "transport_in_battle" if zone in fights else "transport_stays"
            else:
                code = "ship_attacks"
            out.append(Default(code, power, (zone, g.count, g.type)))
    return out


def _production(board: Board, state: State) -> dict[str, int]:
    return {p: production_of(board, state, p) for p in board.turn_order}


# -- the RIORDINO -----------------------------------------------------------------------------


def _run_noncombat(board: Board, state: State, plan: RegroupPlan, outcome: StepOutcome,
                   no_orders: bool) -> StepOutcome:
    power = state.power
    defaults: list[Default] = []
    now = plan.state
    if no_orders:
        defaults.append(Default("no_regroup", power))
    now, landed = nearest_landings(board, now, power)
    for one in landed:
        code = "aircraft_landed" if one.to else "aircraft_lost"
        defaults.append(Default(code, power, (one.space, one.count, one.type, one.to)))
    now, placed = place_by_rule(board, now, power, plan.placing)
    for space, g in placed:
        defaults.append(Default("placed_by_rule", power, (space, g.count, g.type)))
    now = convoy_control(board, now)
    ledger: list[Entry] = []
    now, entries = income(board, now, power)
    ledger.extend(entries)
    if board.power(power).side == "axis":
        now, entries = middle_east_payment(board, now)
        ledger.extend(entries)
    now, lost = end_of_turn_marks(board, now)
    now = after_turn(board, now)
    rnd, nxt, step = next_step(board, now)
    now = replace(now, round=rnd, power=nxt, step=step)
    placed_all = [(space, g) for _, space, groups in plan.placed for g in groups]
    return replace(outcome, ran=True, moves=tuple(run for _, run in plan.runs),
                   ledger=tuple(ledger), defaults=tuple(defaults),
                   placed=(*placed_all, *placed),
                   converted=tuple((t, g) for _, t, groups in plan.converted for g in groups),
                   landed=tuple(landed), lost=lost, production=_production(board, now),
                   next=(rnd, nxt, step), state=now)


__all__ = ["CHECK", "IGNORED", "OK", "REFUSED", "RUN", "Default", "Line", "StepOutcome",
           "digest_of", "play_step", "read_step"]
