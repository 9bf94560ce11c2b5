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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .board import Board, province_of
from .first_pass import Effective, check_movement_orders
from .orders import Order
from .outcome import OrderResult, Result, Source
from .position import NEUTRAL, Position, Unit

_GUESSING, _RESOLVED = 1, 2


@dataclass(frozen=True)
class MovementResolution:
    results: tuple[OrderResult, ...]
    moved: Mapping[str, str]  # origin province -> destination location
    dislodged: Mapping[str, tuple[str, bool]]  # province -> (attacker origin, by convoy)
    standoffs: frozenset[str]  # provinces left empty by a bounce


def adjudicate_movement(
    board: Board,
    position: Position,
    orders: Sequence[tuple[Order, Source]],
    infer_single_coast: bool = True,
) -> MovementResolution:
    checked = check_movement_orders(board, position, orders, infer_single_coast)
    return _Resolver(board, position, checked.effective).run(checked.results)


class _Resolver:
    def __init__(self, board: Board, position: Position, eff: Mapping[str, Effective]) -> None:
        self.board = board
        self.position = position
        self.eff = eff
        self.unit: dict[str, Unit] = {u.province: u for u in position.units}
        self.moves_into: dict[str, list[str]] = {}
        self.move_supports: dict[str, list[str]] = {}
        self.hold_supports: dict[str, list[str]] = {}
        self.convoys: dict[str, list[str]] = {}
        for p, e in eff.items():
            if e.kind == "move":
                self.moves_into.setdefault(e.target, []).append(p)
            elif e.kind == "support":
                if e.target2 is None:
                    self.hold_supports.setdefault(e.target, []).append(p)
                else:
                    self.move_supports.setdefault(e.target, []).append(p)
            elif e.kind == "convoy":
                self.convoys.setdefault(e.target, []).append(p)
        self.state: dict[str, int] = {}
        self.res: dict[str, bool] = {}
        self.deps: list[str] = []
        self.paradox: set[str] = set()  # convoyed moves failed by the Szykman rule

    # -- the guess-and-check core --------------------------------------

    def _resolve(self, p: str) -> bool:
        st = self.state.get(p)
        if st == _RESOLVED:
            return self.res[p]
        if st == _GUESSING:
            if p not in self.deps:
                self.deps.append(p)
            return self.res[p]
        old = len(self.deps)
        self.res[p], self.state[p] = False, _GUESSING
        first = self._decide(p)
        if len(self.deps) == old:
            # Nothing depended on a guess: the answer is final.
            if self.state[p] != _RESOLVED:
                self.res[p], self.state[p] = first, _RESOLVED
            return first
        if self.deps[old] != p:
            # Depends on someone else's guess: let that one settle the cycle.
            self.deps.append(p)
            self.res[p] = first
            return first
        self._forget(old)
        self.res[p], self.state[p] = True, _GUESSING
        second = self._decide(p)
        if first == second:
            self._forget(old)
            self.res[p], self.state[p] = first, _RESOLVED
            return first
        cycle = self.deps[old:]
        if p not in cycle:
            cycle.append(p)
        self._forget(old)
        self._backup_rule(cycle)
        return self._resolve(p)

    def _forget(self, old: int) -> None:
        for q in self.deps[old:]:
            self.state.pop(q, None)
        del self.deps[old:]

    def _backup_rule(self, cycle: list[str]) -> None:
        # A cycle through a convoying fleet's fate is a convoy paradox; any other
        # cycle is units moving in a ring.
        paradox = {
            self.eff[q].target
            for q in cycle
            if self.eff[q].kind == "convoy" and self.eff[self.eff[q].target].convoyed
        }
        for q in cycle:
            self.state.pop(q, None)
        if paradox:
            self.paradox.update(paradox)  # Szykman: the paradox's convoys fail
            return
        for q in cycle:  # circular movement: everyone moves
            if self.eff[q].kind == "move":
                self.res[q], self.state[q] = True, _RESOLVED

    def _decide(self, p: str) -> bool:
        kind = self.eff[p].kind
        if kind == "move":
            return self._move_succeeds(p)
        if kind == "support":
            return self._support_given(p)
        return not self._dislodged(p)

    # -- the decisions -------------------------------------------------

    def _path(self, p: str) -> bool:
        e = self.eff[p]
        if not e.convoyed:
            return True
        if p in self.paradox:
            return False
        fleets = [f for f in self.convoys.get(p, ()) if self.eff[f].target2 == e.target]
        if not fleets:
            return False
        alive = {self.unit[f].location for f in fleets if self._resolve(f)}
        return self.board.convoy_route(p, e.target, alive)

    def _head_to_head(self, p: str) -> bool:
        e = self.eff[p]
        other = self.eff.get(e.target)
        return (
            other is not None
            and other.kind == "move"
            and other.target == p
            and not e.convoyed
            and not other.convoyed
        )

    def _support_count(self, p: str, exclude_power: str | None = None) -> int:
        dest = self.eff[p].target
        n = 0
        for s in self.move_supports.get(p, ()):
            es = self.eff[s]
            if es.target2 != dest or (exclude_power and self.unit[s].power == exclude_power):
                continue
            if self._resolve(s):
                n += 1
        return n

    def _attack_strength(self, p: str) -> int:
        if not self._path(p):
            return 0
        d = self.eff[p].target
        defender = self.unit.get(d)
        if defender is None:
            return 1 + self._support_count(p)
        de = self.eff[d]
        if de.kind == "move" and not self._head_to_head(p) and self._resolve(d):
            return 1 + self._support_count(p)
        if defender.power == self.unit[p].power:
            return 0  # no one dislodges their own unit
        return 1 + self._support_count(p, exclude_power=defender.power)

    def _hold_strength(self, d: str) -> int:
        u = self.unit.get(d)
        if u is None:
            return 0
        if self.eff[d].kind == "move":
            return 0 if self._resolve(d) else 1
        base = 2 if u.power == NEUTRAL else 1  # R-IMP-3
        return base + sum(1 for s in self.hold_supports.get(d, ()) if self._resolve(s))

    def _prevent_strength(self, r: str) -> int:
        if not self._path(r):
            return 0
        if self._head_to_head(r) and self._resolve(self.eff[r].target):
            return 0  # beaten head to head: it cannot keep anyone out
        return 1 + self._support_count(r)

    def _move_succeeds(self, p: str) -> bool:
        if not self._path(p):
            return False
        attack = self._attack_strength(p)
        d = self.eff[p].target
        if self._head_to_head(p):
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
        power = self.unit[s].power
        for q in self.moves_into.get(s, ()):
            if self.unit[q].power == power:
                continue  # a power does not cut its own support
            if e.target2 is not None and q == e.target2:
                continue  # an attack from where the support goes cuts only by dislodging
            if self._path(q):
                return False
        return not self._dislodged(s)

    def _dislodged(self, p: str) -> bool:
        if self.eff[p].kind == "move" and self._resolve(p):
            return False
        return any(self._resolve(q) for q in self.moves_into.get(p, ()))

    # -- results -------------------------------------------------------

    def run(self, results: Mapping[str, OrderResult]) -> MovementResolution:
        for p in self.eff:
            self._resolve(p)
        moved: dict[str, str] = {}
        dislodged: dict[str, tuple[str, bool]] = {}
        for p, e in self.eff.items():
            if e.kind == "move" and self.res[p]:
                moved[p] = e.location
        for p in self.eff:
            if p in moved:
                continue
            for q in self.moves_into.get(p, ()):
                if q in moved:
                    dislodged[p] = (q, self.eff[q].convoyed)
        occupied = {p for p in self.eff if p not in moved} | {province_of(d) for d in moved.values()}
        standoffs = set()
        for p, e in self.eff.items():
            if e.kind == "move" and p not in moved and e.target not in occupied and self._path(p):
                standoffs.add(e.target)
        out = dict(results)
        for p, e in self.eff.items():
            if e.given is not None:  # void ones were settled by the legality pass
                out[p] = self._describe(p, e.given, moved, dislodged)
        return MovementResolution(
            results=tuple(out.values()),
            moved=moved,
            dislodged=dislodged,
            standoffs=frozenset(standoffs),
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
        if e.kind == "move":
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
        elif e.kind == "support" and not self.res[p]:
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
        return OrderResult(given[0], Result.SUCCEEDS if ok else Result.FAILS, reason, detail, given[1])

