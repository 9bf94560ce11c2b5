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

_GUESSING, _TENTATIVE, _RESOLVED = 1, 2, 3
_NONE = 1 << 30  # "no guess leaned on": deeper than any stack


@dataclass(frozen=True)
class MovementResolution:
    results: tuple[OrderResult, ...]
    moved: Mapping[str, str]  # origin province -> destination location
    dislodged: Mapping[str, tuple[str, bool]]  # province -> (attacker origin, by convoy)
    standoffs: frozenset[str]  # left empty although a move with prevent strength failed there


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
        self.unit: Mapping[str, Unit] = position.by_province
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
        # A unit that does not move and that no one moves against is decided before
        # any guessing: it is not dislodged, its support is not cut (most units).
        moves_into = self.moves_into
        for p, e in eff.items():
            if e.kind != "move" and p not in moves_into:
                self.state[p], self.res[p] = _RESOLVED, True
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
            first = self._decide(p)
            if self.low == _NONE:
                return first, _NONE  # no guess involved
            if self.low < d:
                return first, self.low
            self._reset(mark)
            self.res[p] = True
            self.low = _NONE
            second = self._decide(p)
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
            if self.eff[q].kind == "convoy" and self.eff[self.eff[q].target].convoyed
        } - self.paradox
        for q in cycle:
            self.state.pop(q, None)
        if paradox:
            self.paradox.update(paradox)  # Szykman: the paradox's convoys fail
            return True
        changed = False
        for q in cycle:  # circular movement: everyone moves
            if self.eff[q].kind == "move":
                self.res[q], self.state[q] = True, _RESOLVED
                changed = True
        return changed

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
        # A standoff (no retreat there, R-RET-1) is left only by a failed move that
        # could keep others out: not one beaten head to head, nor one whose convoy
        # failed (prevent strength 0, DATC 6.H.9).
        standoffs = {
            e.target
            for p, e in self.eff.items()
            if e.kind == "move"
            and p not in moved
            and e.target not in occupied
            and self._prevent_strength(p) > 0
        }
        out = dict(results)
        res = self.res
        for p, e in self.eff.items():
            given = e.given
            if given is None:  # void ones were settled by the legality pass
                continue
            if res[p] and p not in dislodged:  # most orders: it simply succeeded
                out[p] = OrderResult(given[0], Result.SUCCEEDS, None, (), given[1])
            else:
                out[p] = self._describe(p, given, moved, dislodged)
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

