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

The resolver works on the first pass's arrays, indexed by province number
(``Board.numbers``); province codes and frozen values appear only in what it returns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .board import FLEET, Board
from .first_pass import CONVOY, HOLD, MOVE, SUPPORT, Checked, check_movement_orders
from .orders import Order
from .outcome import OrderResult, Result, Source
from .position import NEUTRAL, Position
from .rulesets import HouseRules

_STANDARD = HouseRules()

_UNDECIDED, _GUESSING, _TENTATIVE, _RESOLVED = 0, 1, 2, 3
_NONE = 1 << 30  # "no guess leaned on": deeper than any stack
_NO_MOVES: tuple[int, ...] = ()


@dataclass(frozen=True)
class MovementResolution:
    results: tuple[OrderResult, ...]
    moved: Mapping[str, str]  # origin province -> destination location
    dislodged: Mapping[str, tuple[str, bool]]  # province -> (attacker origin, by convoy)
    standoffs: frozenset[str]  # left empty although a move with prevent strength failed there
    # Under rules that capture by holding: the units that held, not dislodged (no move,
    # support or convoy, or a void one), and fleets bounced over a sea by another power's
    # fleet where that rule holds. (Empty under other rules, which do not ask.)
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
    return _Resolver(checked, house).run()


class _Resolver:
    def __init__(self, checked: Checked, house: HouseRules = _STANDARD) -> None:
        self.checked = checked
        board = checked.board
        self.numbers = board.numbers
        # House rules (rulesets.py): a support to hold cut only by dislodging; a
        # convoying fleet that is attacked convoys no one; fleets of two powers bounced
        # over a sea hold (``conditional``: the supports to hold of fleets moving to a
        # sea, which count only then).
        self.hold_support_uncut = house.hold_support_cut_only_by_dislodging
        self.capture = house.capture_by_holding  # which units held: asked only then
        self.conditional = checked.conditional
        self.kind = kind = checked.kind
        self.target = target = checked.target
        self.target2 = target2 = checked.target2
        self.convoyed = convoyed = checked.convoyed
        self.power = power = checked.power
        self.unit = checked.unit
        n = checked.size
        moves_into: dict[int, list[int]] = {}
        move_supports: dict[int, list[int]] = {}
        hold_supports: dict[int, list[int]] = {}
        convoys: dict[int, list[int]] = {}
        movers: list[int] = []
        self.to_sea: list[int] = []  # fleets moving to a sea, under the bounce rule
        bounce = house.fleet_bounced_at_sea_holds
        seas = self.numbers.seas
        for p in checked.units:
            k = kind[p]
            if k is MOVE:
                t = target[p]
                into = moves_into.get(t)
                if into is None:
                    moves_into[t] = [p]
                else:
                    into.append(p)
                movers.append(p)
                if bounce and (seas >> t) & 1 and checked.unit[p].kind == FLEET:  # type: ignore[union-attr]
                    self.to_sea.append(p)
            elif k is SUPPORT:
                if target2[p] < 0:
                    hold_supports.setdefault(target[p], []).append(p)
                else:
                    move_supports.setdefault(target[p], []).append(p)
            elif k is CONVOY:
                convoys.setdefault(target[p], []).append(p)
        self.moves_into, self.move_supports = moves_into, move_supports
        self.hold_supports, self.convoys = hold_supports, convoys
        self.movers = movers
        # Convoying fleets attacked by another power (known from the orders alone).
        attacked: set[int] = set()
        if house.convoy_broken_by_attack:
            for fleets in convoys.values():
                for f in fleets:
                    if any(power[q] != power[f] for q in moves_into.get(f, _NO_MOVES)):
                        attacked.add(f)
        self.attacked_convoys = attacked
        # What the orders alone settle, asked once rather than at every decision:
        # the supports that match each move, the moves by convoy, the head-to-head battles.
        for p, sups in move_supports.items():
            dest = target[p]
            for s in sups:
                if target2[s] != dest:
                    move_supports[p] = [s for s in sups if target2[s] == dest]
                    break
        self.head_to_head = h2h = [False] * n  # two units moving into each other's place, over land
        for p in movers:
            t = target[p]
            if kind[t] is MOVE and target[t] == p and not convoyed[p] and not convoyed[t]:
                h2h[p] = True
        # A unit that does not move and that no one moves against is decided before
        # any guessing: it is not dislodged, its support is not cut (most units).
        self.res = res = [False] * n
        self.state = state = [_UNDECIDED] * n
        for p in checked.units:
            if kind[p] is not MOVE and p not in moves_into:
                res[p] = True
                state[p] = _RESOLVED
        self.depth = [0] * n  # guessing: its stack depth; tentative: the guess it rests on
        self.tentative: list[int] = []
        self.level = 0  # depth of the decision being decided
        self.low = _NONE
        self.paradox: set[int] = set()  # convoyed moves failed by the Szykman rule

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

    def _resolve(self, p: int) -> bool:
        st = self.state[p]
        if st == _RESOLVED:
            return self.res[p]
        if st != _UNDECIDED:  # being guessed, or tentative on an outer guess
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
            depth = self.depth
            for t in self.tentative[mark:]:
                if depth[t] > low:
                    depth[t] = low  # they rest on p, which rests on ``low``
            self.tentative.append(p)
            self.low = min(outer_low, low)
        return value

    def _stays(self, p: int) -> bool:
        return not self._dislodged(p)

    def _settle(self, p: int, d: int, mark: int) -> tuple[bool, int]:
        """p's decision, and the depth of the outermost guess it rests on (>= d: none)."""
        state, depth, res = self.state, self.depth, self.res
        k = self.kind[p]
        decide = self._move_succeeds if k is MOVE else self._support_given if k is SUPPORT else self._stays
        while True:
            state[p], depth[p], res[p] = _GUESSING, d, False
            self.low = _NONE
            first = decide(p)
            if self.low == _NONE:
                return first, _NONE  # no guess involved
            if self.low < d:
                return first, self.low
            self._reset(mark)
            res[p] = True
            self.low = _NONE
            second = decide(p)
            if self.low < d:
                return second, self.low
            cycle = self.tentative[mark:]
            self._reset(mark)
            if first == second:
                return first, _NONE
            if not self._backup_rule([*cycle, p]):
                return first, _NONE  # a cycle no rule settles: never loop (none known)
            if state[p] == _RESOLVED:
                return res[p], _NONE

    def _reset(self, mark: int) -> None:
        state = self.state
        for q in self.tentative[mark:]:
            state[q] = _UNDECIDED
        del self.tentative[mark:]

    def _backup_rule(self, cycle: list[int]) -> bool:
        """Settle a cycle both guesses leave open; False when nothing changed."""
        kind, target, state, res = self.kind, self.target, self.state, self.res
        # A cycle through a convoying fleet's fate is a convoy paradox; any other
        # cycle is units moving in a ring.
        paradox = {
            target[q] for q in cycle if kind[q] is CONVOY and self.convoyed[target[q]]
        } - self.paradox
        for q in cycle:
            state[q] = _UNDECIDED
        if paradox:
            self.paradox.update(paradox)  # Szykman: the paradox's convoys fail
            return True
        changed = False
        if self.hold_support_uncut and any(
            kind[q] is SUPPORT and self.target2[q] < 0 for q in cycle
        ):
            # Supports to hold that only dislodging cuts, each defending the other's
            # supporter: both readings stand, and the house's mutual defence wins ("возможны
            # взаимные поддержки"): the attacks in the cycle fail.
            for q in cycle:
                if kind[q] is MOVE:
                    res[q], state[q] = False, _RESOLVED
                    changed = True
            return changed
        for q in cycle:  # circular movement: everyone moves
            if kind[q] is MOVE:
                res[q], state[q] = True, _RESOLVED
                changed = True
        return changed

    # -- the decisions -------------------------------------------------

    def _path(self, p: int) -> bool:
        if not self.convoyed[p]:
            return True
        if p in self.paradox:
            return False
        dest = self.target[p]
        fleets = [f for f in self.convoys.get(p, _NO_MOVES) if self.target2[f] == dest]
        if not fleets:
            return False
        alive = 0
        for f in fleets:  # each fleet's fate is decided, whatever the others'
            if f not in self.attacked_convoys and self._resolve(f):
                alive |= 1 << f
        return self.numbers.convoy_route(p, dest, alive)

    def _support_count(self, p: int, exclude_power: str = "") -> int:
        n = 0
        sups = self.move_supports.get(p)
        if sups is None:
            return 0
        state, res, power = self.state, self.res, self.power
        for s in sups:
            if exclude_power and power[s] == exclude_power:
                continue
            if res[s] if state[s] == _RESOLVED else self._resolve(s):
                n += 1
        return n

    def _hold_strength(self, d: int) -> int:
        power = self.power[d]
        if not power:
            return 0
        if self.kind[d] is MOVE:
            if self._resolve(d):
                return 0
            if d not in self.hold_supports or not self._bounced_at_sea(d):
                return 1
            # Bounced over a sea by another power's fleet: it holds, supports and all.
            return 1 + sum(1 for s in self.hold_supports[d] if self._resolve(s))
        base = 2 if power == NEUTRAL else 1  # R-IMP-3
        sups = self.hold_supports.get(d)
        if sups is None:
            return base
        return base + sum(1 for s in sups if self._resolve(s))

    def _prevent_strength(self, r: int) -> int:
        if self.convoyed[r] and not self._path(r):
            return 0
        if self.head_to_head[r] and self._resolve(self.target[r]):
            return 0  # beaten head to head: it cannot keep anyone out
        return 1 + self._support_count(r)

    def _move_succeeds(self, p: int) -> bool:
        if self.convoyed[p] and not self._path(p):
            return False
        d = self.target[p]
        # Its attack strength.
        defender = self.power[d]
        if not defender:
            attack = 1 + self._support_count(p)
        elif self.kind[d] is MOVE and not self.head_to_head[p] and self._resolve(d):
            attack = 1 + self._support_count(p)
        elif defender == self.power[p]:
            attack = 0  # no one dislodges their own unit
        else:
            attack = 1 + self._support_count(p, defender)
        if self.head_to_head[p]:
            if attack <= 1 + self._support_count(d):
                return False
        elif attack <= self._hold_strength(d):
            return False
        for r in self.moves_into[d]:
            if r != p and attack <= self._prevent_strength(r):
                return False
        return True

    def _support_given(self, s: int) -> bool:
        t2 = self.target2[s]
        if t2 < 0 and self.hold_support_uncut:
            return not self._dislodged(s)
        power = self.power
        mine = power[s]
        for q in self.moves_into.get(s, _NO_MOVES):
            if power[q] == mine:
                continue  # a power does not cut its own support
            if q == t2:
                continue  # an attack from where the support goes cuts only by dislodging
            if self._path(q):
                return False
        return not self._dislodged(s)

    def _bounced_at_sea(self, d: int) -> bool:
        """House rule: the fleet in ``d``, whose move to a sea failed, was bounced there by
        a fleet of another power, and no one took the sea nor held it ("Если в то же самое
        море перемещается в этот ход чужой флот, то оба флота остаются на изначальной
        позиции"). Not a fleet failing against a fleet that holds the sea, nor fleets of
        one power bouncing each other."""
        sea = self.target[d]
        power = self.power[d]
        foreign = False
        for g in self.moves_into[sea]:
            if g == d:
                continue
            if self._resolve(g):
                return False  # someone entered the sea
            other = self.unit[g]
            if other is not None and other.kind == FLEET and other.power != power:
                foreign = True
        if not foreign:
            return False
        if self.power[sea]:  # the sea's own unit must have left it
            return self.kind[sea] is MOVE and self._resolve(sea)
        return True

    def _dislodged(self, p: int) -> bool:
        if self.kind[p] is MOVE and self._resolve(p):
            return False
        return any(self._resolve(q) for q in self.moves_into.get(p, _NO_MOVES))

    # -- results -------------------------------------------------------

    def run(self) -> MovementResolution:
        checked = self.checked
        codes = self.numbers.codes
        kind, target, convoyed, res, state = self.kind, self.target, self.convoyed, self.res, self.state
        units = checked.units
        for p in units:
            if state[p] != _RESOLVED:
                self._resolve(p)
        moved: dict[str, str] = {}
        arrived = 0  # provinces whose unit moved out (bits); moved: by code
        taken = 0  # provinces moved into (bits)
        failed: list[int] = []
        known = checked.known
        for p in self.movers:
            if res[p]:
                moved[codes[p]] = known[p].location
                arrived |= 1 << p
                taken |= 1 << target[p]
            else:
                failed.append(p)
        dislodged: dict[str, tuple[str, bool]] = {}
        lost: dict[int, int] = {}
        power = self.power
        for p, movers in self.moves_into.items():
            if power[p] and not (arrived >> p) & 1:
                for q in movers:
                    if (arrived >> q) & 1:
                        dislodged[codes[p]] = (codes[q], convoyed[q])
                        lost[p] = q
        standoffs: set[str] = set()
        if failed and lost:  # (they matter only to where a dislodged unit may retreat)
            occupied = (checked.unit_bits & ~arrived) | taken
            # A standoff (no retreat there, R-RET-1) is left only by a failed move that
            # could keep others out: not one beaten head to head, nor one whose convoy
            # failed (prevent strength 0, DATC 6.H.9).
            for p in failed:
                t = target[p]
                if not (occupied >> t) & 1 and self._prevent_strength(p) > 0:
                    standoffs.add(codes[t])
        held: set[str] = set()
        if self.capture:
            held = {codes[p] for p in units if kind[p] is HOLD and p not in lost}
        out = checked.results
        voided: set[int] = set()
        if self.to_sea:
            bounced = {p for p in self.to_sea if not res[p] and self._bounced_at_sea(p)}
            held.update(codes[p] for p in bounced if p not in lost)
            for p in self.conditional:
                if target[p] in bounced:
                    continue
                # The fleet did not stay bounced: a support to hold of a move, void as
                # under the standard rules (and the supporter, in effect, held).
                given = checked.given[p]
                assert given is not None
                out[codes[p]] = OrderResult(
                    given[0], Result.VOID, "support_hold_of_move", (codes[target[p]],), given[1]
                )
                voided.add(p)
                if p not in lost:
                    held.add(codes[p])
        attacked = self.attacked_convoys
        given_at = checked.given
        player = Source.PLAYER
        for p in units:
            given = given_at[p]
            if given is None or p in voided:
                continue  # void ones were settled by the legality pass (or just above)
            if res[p] and p not in lost and p not in attacked:  # most orders
                k = known[p]
                r = k.by_player
                if r is None or given[1] is not player:
                    r = k.result(given[0], given[1])
                out[codes[p]] = r
            else:
                out[codes[p]] = self._describe(p, given, arrived, lost)
        return MovementResolution(
            results=tuple(out.values()),  # type: ignore[arg-type]  # every None was replaced
            moved=moved,
            dislodged=dislodged,
            standoffs=frozenset(standoffs),
            held=frozenset(held),
        )

    def _describe(
        self, p: int, given: tuple[Order, Source], arrived: int, lost: Mapping[int, int]
    ) -> OrderResult:
        codes = self.numbers.codes
        k = self.kind[p]
        ok, reason = True, None
        detail: tuple[str, ...] = ()
        if k is MOVE:
            if not (arrived >> p) & 1:
                ok = False
                t = self.target[p]
                if self.convoyed[p] and not self._path(p):
                    if p in self.paradox:
                        reason = "convoy_paradox"
                    elif any(self.target2[f] == t for f in self.convoys.get(p, _NO_MOVES)):
                        reason = "convoy_disrupted"
                    else:
                        reason = "no_convoy"
                else:
                    winner = any((arrived >> q) & 1 for q in self.moves_into.get(t, _NO_MOVES))
                    reason = "beaten" if winner else "bounced"
                    detail = (codes[t],)
        elif k is SUPPORT and not self.res[p]:
            ok = False
            if p in lost:
                reason, detail = "dislodged", (codes[lost[p]],)
            else:
                power = self.power
                cutter = next(
                    (
                        codes[q]
                        for q in self.moves_into.get(p, _NO_MOVES)
                        if power[q] != power[p] and q != self.target2[p] and self._path(q)
                    ),
                    "?",
                )
                reason, detail = "cut", (cutter,)
        elif p in lost:
            ok, reason, detail = False, "dislodged", (codes[lost[p]],)
        elif p in self.attacked_convoys:
            attacker = next(q for q in self.moves_into[p] if self.power[q] != self.power[p])
            ok, reason, detail = False, "convoy_attacked", (codes[attacker],)
        if ok:
            return OrderResult(given[0], Result.SUCCEEDS, reason, detail, given[1])
        return self.checked.known[p].failure(given[0], given[1], reason, detail)
