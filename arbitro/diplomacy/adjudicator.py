"""Movement adjudication by Kruijswijk's guess-and-check algorithm (DATC section 5).

Every unit carries exactly one *effective* order after the legality pass:
hold, move, support or convoy. Each order has one yes/no decision:

- move: the unit reaches its destination;
- support: the support is given (not cut, supporter not dislodged);
- convoy: the fleet is not dislodged;
- hold: the unit is not dislodged.

``_resolve`` decides one of them, guessing when decisions depend on each other
in a cycle: if both guesses agree the answer is certain; if they differ the
cycle is a circular movement (all moves succeed) or a convoy paradox, settled by
the Szykman rule (the convoyed armies of the paradox do not move and cut nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from .board import FLEET, Board, province_of
from .first_pass import CONVOY, HOLD, MOVE, SUPPORT, Effective, check_movement_orders
from .orders import Order
from .outcome import OrderResult, Result, Source
from .position import NEUTRAL, Position, Unit
from .rulesets import HouseRules

_STANDARD = HouseRules()

_GUESSING, _TENTATIVE, _RESOLVED = 1, 2, 3
_NONE = 1 << 30  # "no guess leaned on": deeper than any stack


@dataclass(frozen=True)
class MovementResolution:
    results: tuple[OrderResult, ...]
    moved: Mapping[str, str]  # origin province -> destination location
    dislodged: Mapping[str, tuple[str, bool]]  # province -> (attacker origin, by convoy)
    standoffs: frozenset[str]  # left empty although a move with prevent strength failed there
    # Units that held, not dislodged: no move, support or convoy (or a void one); under
    # the house rule, also fleets bounced over a sea by another power's fleet.
    held: frozenset[str] = frozenset()


def adjudicate_movement(
    board: Board,
    position: Position,
    orders: Sequence[tuple[Order, Source]],
    infer_single_coast: bool = True,
    house: HouseRules = _STANDARD,
) -> MovementResolution:
    bounce = house.fleet_bounced_at_sea_holds
    checked = check_movement_orders(board, position, orders, infer_single_coast, bounce)
    resolver = _Resolver(board, position, checked.effective, house, checked.conditional)
    return resolver.run(checked.results)


class _Resolver:
    def __init__(
        self,
        board: Board,
        position: Position,
        eff: Mapping[str, Effective],
        house: HouseRules = _STANDARD,
        conditional: AbstractSet[str] = frozenset(),
    ) -> None:
        self.board = board
        # House rules (rulesets.py): a support to hold cut only by dislodging; a
        # convoying fleet that is attacked convoys no one; fleets of two powers bounced
        # over a sea hold (``conditional``: the supports to hold of fleets moving to a
        # sea, which count only then).
        self.hold_support_uncut = house.hold_support_cut_only_by_dislodging
        self.conditional = conditional
        self.to_sea: list[str] = []  # fleets moving to a sea, under that rule
        self.position = position
        self.eff = eff
        self.unit: Mapping[str, Unit] = position.by_province
        moves_into: dict[str, list[str]] = {}
        move_supports: dict[str, list[str]] = {}
        hold_supports: dict[str, list[str]] = {}
        convoys: dict[str, list[str]] = {}
        decide: dict[str, Callable[[str], bool]] = {}  # each unit's decision (module docstring)
        movers: list[str] = []
        for p, e in eff.items():
            kind = e.kind
            if kind is MOVE:
                moves_into.setdefault(e.target, []).append(p)
                movers.append(p)
                decide[p] = self._move_succeeds
                if (
                    house.fleet_bounced_at_sea_holds
                    and e.target in board.seas
                    and position.by_province[p].kind == FLEET
                ):
                    self.to_sea.append(p)
            elif kind is SUPPORT:
                if e.target2 is None:
                    hold_supports.setdefault(e.target, []).append(p)
                else:
                    move_supports.setdefault(e.target, []).append(p)
                decide[p] = self._support_given
            else:
                if kind is CONVOY:
                    convoys.setdefault(e.target, []).append(p)
                decide[p] = self._stays
        self.moves_into, self.move_supports = moves_into, move_supports
        self.hold_supports, self.convoys, self.decide = hold_supports, convoys, decide
        # Convoying fleets attacked by another power (known from the orders alone).
        self.attacked_convoys: frozenset[str] = frozenset(
            f
            for fleets in convoys.values()
            for f in fleets
            if house.convoy_broken_by_attack
            and any(self.unit[q].power != self.unit[f].power for q in moves_into.get(f, ()))
        )
        # What the orders alone settle, asked once rather than at every decision:
        # the supports that match each move, the moves by convoy, the head-to-head battles.
        for p, sups in move_supports.items():
            dest = eff[p].target
            if any(eff[s].target2 != dest for s in sups):
                move_supports[p] = [s for s in sups if eff[s].target2 == dest]
        self.by_convoy = {p for p in movers if eff[p].convoyed}
        self.head_to_head: set[str] = set()  # two units moving into each other's place, over land
        for p in movers:
            e = eff[p]
            other = eff.get(e.target)
            if (
                other is not None
                and other.kind is MOVE
                and other.target == p
                and not e.convoyed
                and not other.convoyed
            ):
                self.head_to_head.add(p)
        # A unit that does not move and that no one moves against is decided before
        # any guessing: it is not dislodged, its support is not cut (most units).
        self.res: dict[str, bool] = {
            p: True for p, e in eff.items() if e.kind is not MOVE and p not in moves_into
        }
        self.state: dict[str, int] = dict.fromkeys(self.res, _RESOLVED)
        self.depth: dict[str, int] = {}  # guessing: its stack depth; tentative: the guess it rests on
        self.tentative: list[str] = []
        self.level = 0  # depth of the decision being decided
        self.low = _NONE
        self.paradox: set[str] = set()  # convoyed moves failed by the Szykman rule

    # -- the guess-and-check core --------------------------------------
    #
    # Decisions are resolved depth first. A decision met again while it is being
    # decided (or while it rests on such a guess) answers with its current guess,
    # and the caller learns how deep the guess it leaned on sits on the stack
    # (``low``, as in Tarjan's strongly connected components). A decision that
    # leaned only on its own guess is the root of a cycle: it is decided with both
    # guesses, and the backup rule settles a cycle the guesses cannot. A decision
    # that leaned on a guess further out stays *tentative* and is decided again
    # once that outer guess is settled; nothing is final while it rests on a guess.

    def _resolve(self, p: str) -> bool:
        st = self.state.get(p)
        if st == _RESOLVED:
            return self.res[p]
        if st is not None:  # being guessed, or tentative on an outer guess
            if self.depth[p] < self.low:
                self.low = self.depth[p]
            return self.res[p]
        outer_low = self.low
        d = self.level
        self.level += 1
        mark = len(self.tentative)
        value, low = self._settle(p, d, mark)
        self.level -= 1
        if low >= d:
            self.res[p], self.state[p] = value, _RESOLVED
            self.low = outer_low
        else:
            self.res[p], self.state[p], self.depth[p] = value, _TENTATIVE, low
            for t in self.tentative[mark:]:
                if self.depth[t] > low:
                    self.depth[t] = low  # they rest on p, which rests on ``low``
            self.tentative.append(p)
            self.low = min(outer_low, low)
        return value

    def _settle(self, p: str, d: int, mark: int) -> tuple[bool, int]:
        """p's decision, and the depth of the outermost guess it rests on (>= d: none)."""
        while True:
            self.state[p], self.depth[p], self.res[p] = _GUESSING, d, False
            self.low = _NONE
            first = self.decide[p](p)
            if self.low == _NONE:
                return first, _NONE  # no guess involved
            if self.low < d:
                return first, self.low
            self._reset(mark)
            self.res[p] = True
            self.low = _NONE
            second = self.decide[p](p)
            if self.low < d:
                return second, self.low
            cycle = self.tentative[mark:]
            self._reset(mark)
            if first == second:
                return first, _NONE
            if not self._backup_rule([*cycle, p]):
                return first, _NONE  # a cycle no rule settles: never loop (none known)
            if self.state.get(p) == _RESOLVED:
                return self.res[p], _NONE

    def _reset(self, mark: int) -> None:
        for q in self.tentative[mark:]:
            self.state.pop(q, None)
        del self.tentative[mark:]

    def _backup_rule(self, cycle: list[str]) -> bool:
        """Settle a cycle both guesses leave open; False when nothing changed."""
        # A cycle through a convoying fleet's fate is a convoy paradox; any other
        # cycle is units moving in a ring.
        paradox = {
            self.eff[q].target
            for q in cycle
            if self.eff[q].kind is CONVOY and self.eff[self.eff[q].target].convoyed
        } - self.paradox
        for q in cycle:
            self.state.pop(q, None)
        if paradox:
            self.paradox.update(paradox)  # Szykman: the paradox's convoys fail
            return True
        changed = False
        if self.hold_support_uncut and any(
            self.eff[q].kind is SUPPORT and self.eff[q].target2 is None for q in cycle
        ):
            # Supports to hold that only dislodging cuts, each defending the other's
            # supporter: both readings stand, and the house's mutual defence wins ("возможны
            # взаимные поддержки"): the attacks in the cycle fail.
            for q in cycle:
                if self.eff[q].kind is MOVE:
                    self.res[q], self.state[q] = False, _RESOLVED
                    changed = True
            return changed
        for q in cycle:  # circular movement: everyone moves
            if self.eff[q].kind is MOVE:
                self.res[q], self.state[q] = True, _RESOLVED
                changed = True
        return changed

    def _stays(self, p: str) -> bool:
        return not self._dislodged(p)

    # -- the decisions -------------------------------------------------

    def _path(self, p: str) -> bool:
        if p not in self.by_convoy:
            return True
        e = self.eff[p]
        if p in self.paradox:
            return False
        fleets = [f for f in self.convoys.get(p, ()) if self.eff[f].target2 == e.target]
        if not fleets:
            return False
        alive = {
            self.unit[f].location for f in fleets if f not in self.attacked_convoys and self._resolve(f)
        }
        return self.board.convoy_route(p, e.target, alive)

    def _support_count(self, p: str, exclude_power: str | None = None) -> int:
        n = 0
        for s in self.move_supports.get(p, ()):
            if exclude_power and self.unit[s].power == exclude_power:
                continue
            if self._resolve(s):
                n += 1
        return n

    def _attack_strength(self, p: str) -> int:
        """p's attack strength, once its path is known to stand."""
        d = self.eff[p].target
        defender = self.unit.get(d)
        if defender is None:
            return 1 + self._support_count(p)
        de = self.eff[d]
        if de.kind is MOVE and p not in self.head_to_head and self._resolve(d):
            return 1 + self._support_count(p)
        if defender.power == self.unit[p].power:
            return 0  # no one dislodges their own unit
        return 1 + self._support_count(p, exclude_power=defender.power)

    def _hold_strength(self, d: str) -> int:
        u = self.unit.get(d)
        if u is None:
            return 0
        if self.eff[d].kind is MOVE:
            if self._resolve(d):
                return 0
            if d not in self.hold_supports or not self._bounced_at_sea(d):
                return 1
            # Bounced over a sea by another power's fleet: it holds, supports and all.
            return 1 + sum(1 for s in self.hold_supports[d] if self._resolve(s))
        base = 2 if u.power == NEUTRAL else 1  # R-IMP-3
        return base + sum(1 for s in self.hold_supports.get(d, ()) if self._resolve(s))

    def _prevent_strength(self, r: str) -> int:
        if not self._path(r):
            return 0
        if r in self.head_to_head and self._resolve(self.eff[r].target):
            return 0  # beaten head to head: it cannot keep anyone out
        return 1 + self._support_count(r)

    def _move_succeeds(self, p: str) -> bool:
        if not self._path(p):
            return False
        attack = self._attack_strength(p)
        d = self.eff[p].target
        if p in self.head_to_head:
            if attack <= 1 + self._support_count(d):
                return False
        elif attack <= self._hold_strength(d):
            return False
        for r in self.moves_into.get(d, ()):
            if r != p and attack <= self._prevent_strength(r):
                return False
        return True

    def _support_given(self, s: str) -> bool:
        e = self.eff[s]
        if e.target2 is None and self.hold_support_uncut:
            return not self._dislodged(s)
        power = self.unit[s].power
        for q in self.moves_into.get(s, ()):
            if self.unit[q].power == power:
                continue  # a power does not cut its own support
            if e.target2 is not None and q == e.target2:
                continue  # an attack from where the support goes cuts only by dislodging
            if self._path(q):
                return False
        return not self._dislodged(s)

    def _bounced_at_sea(self, d: str) -> bool:
        """House rule: the fleet in ``d``, whose move to a sea failed, was bounced there by
        a fleet of another power, and no one took the sea nor held it ("Если в то же самое
        море перемещается в этот ход чужой флот, то оба флота остаются на изначальной
        позиции"). Not a fleet failing against a fleet that holds the sea, nor fleets of
        one power bouncing each other."""
        sea = self.eff[d].target
        power = self.unit[d].power
        foreign = False
        for g in self.moves_into[sea]:
            if g == d:
                continue
            if self._resolve(g):
                return False  # someone entered the sea
            other = self.unit[g]
            if other.kind == FLEET and other.power != power:
                foreign = True
        if not foreign:
            return False
        if sea in self.unit:  # the sea's own unit must have left it
            return self.eff[sea].kind is MOVE and self._resolve(sea)
        return True

    def _dislodged(self, p: str) -> bool:
        if self.eff[p].kind is MOVE and self._resolve(p):
            return False
        return any(self._resolve(q) for q in self.moves_into.get(p, ()))

    # -- results -------------------------------------------------------

    def run(self, results: Mapping[str, OrderResult]) -> MovementResolution:
        eff, res, state = self.eff, self.res, self.state
        for p in eff:
            if state.get(p) != _RESOLVED:
                self._resolve(p)
        moved: dict[str, str] = {}
        failed: list[str] = []
        for p, e in eff.items():
            if e.kind is MOVE:
                if res[p]:
                    moved[p] = e.location
                else:
                    failed.append(p)
        dislodged: dict[str, tuple[str, bool]] = {}
        for p, movers in self.moves_into.items():
            if p in eff and p not in moved:
                for q in movers:
                    if q in moved:
                        dislodged[p] = (q, eff[q].convoyed)
        standoffs: set[str] = set()
        if failed:
            occupied = {p for p in eff if p not in moved}
            occupied.update(province_of(d) for d in moved.values())
            # A standoff (no retreat there, R-RET-1) is left only by a failed move that
            # could keep others out: not one beaten head to head, nor one whose convoy
            # failed (prevent strength 0, DATC 6.H.9).
            standoffs = {
                eff[p].target
                for p in failed
                if eff[p].target not in occupied and self._prevent_strength(p) > 0
            }
        held = {p for p, e in eff.items() if e.kind is HOLD and p not in dislodged}
        out = dict(results)
        voided: set[str] = set()
        if self.to_sea:
            bounced = {p for p in self.to_sea if not res[p] and self._bounced_at_sea(p)}
            held.update(p for p in bounced if p not in dislodged)
            for p in self.conditional:
                if eff[p].target in bounced:
                    continue
                # The fleet did not stay bounced: a support to hold of a move, void as
                # under the standard rules (and the supporter, in effect, held).
                given = eff[p].given
                assert given is not None
                out[p] = OrderResult(given[0], Result.VOID, "support_hold_of_move", (eff[p].target,), given[1])
                voided.add(p)
                if p not in dislodged:
                    held.add(p)
        for p, e in eff.items():
            given = e.given
            if given is None or p in voided:
                continue  # void ones were settled by the legality pass (or just above)
            if res[p] and p not in dislodged and p not in self.attacked_convoys:  # most orders
                out[p] = OrderResult(given[0], Result.SUCCEEDS, None, (), given[1])
            else:
                out[p] = self._describe(p, given, moved, dislodged)
        return MovementResolution(
            results=tuple(out.values()),
            moved=moved,
            dislodged=dislodged,
            standoffs=frozenset(standoffs),
            held=frozenset(held),
        )

    def _describe(
        self,
        p: str,
        given: tuple[Order, Source],
        moved: Mapping[str, str],
        dislodged: Mapping[str, tuple[str, bool]],
    ) -> OrderResult:
        e = self.eff[p]
        ok, reason = True, None
        detail: tuple[str, ...] = ()
        if e.kind is MOVE:
            if p not in moved:
                ok = False
                if e.convoyed and not self._path(p):
                    if p in self.paradox:
                        reason = "convoy_paradox"
                    elif any(self.eff[f].target2 == e.target for f in self.convoys.get(p, ())):
                        reason = "convoy_disrupted"
                    else:
                        reason = "no_convoy"
                else:
                    winner = [q for q in self.moves_into.get(e.target, ()) if q in moved]
                    reason = "beaten" if winner else "bounced"
                    detail = (e.target,)
        elif e.kind is SUPPORT and not self.res[p]:
            ok = False
            if p in dislodged:
                reason, detail = "dislodged", (dislodged[p][0],)
            else:
                cutter = next(
                    (
                        q
                        for q in self.moves_into.get(p, ())
                        if self.unit[q].power != self.unit[p].power
                        and q != e.target2
                        and self._path(q)
                    ),
                    "?",
                )
                reason, detail = "cut", (cutter,)
        elif p in dislodged:
            ok, reason, detail = False, "dislodged", (dislodged[p][0],)
        elif p in self.attacked_convoys:
            attacker = next(q for q in self.moves_into[p] if self.unit[q].power != self.unit[p].power)
            ok, reason, detail = False, "convoy_attacked", (attacker,)
        return OrderResult(given[0], Result.SUCCEEDS if ok else Result.FAILS, reason, detail, given[1])

