"""One battle under way: its units, its dice, and the record of every roll, casualty, event and
default, kept for the report. Rolling and taking casualties are said once here for every kind
of battle."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..board import MIDDLE_EAST
from ..casualties import Pick, Place, choose
from ..instructions import FROM_DEFAULT, FROM_EXCEPTION, OrderOfLoss
from ..units import Group, UnitType
from .battle import AMPHIBIOUS, LAND, RAID, SEA, Battle
from .dice import Dice, Roller
from .pieces import ATTACKING, BYSTANDING, DEFENDING, NEVER_HIT, Piece, accepts, roll_order
from .report import (
    ANY,
    AT_ONCE,
    HIT_CLASSES,
    NO_SUBS,
    PLACE_FIRST_HIT,
    PLACE_UNIT,
    SHIPS_ONLY,
    Casualty,
    DieResult,
    Event,
    Roll,
)

# Why a higher-ranked unit was passed over: the hits left could not go on it (R-AAE-COMBAT-5).
_PASSED = {
    "air": "S1: submarine hits go on ships",
    "sub": "S10: aircraft hit no submarine without a destroyer of their side",
}


class Fight:
    def __init__(self, battle: Battle, types: Mapping[str, UnitType], dice: Dice,
                 turn_order: Sequence[str]) -> None:
        self.battle = battle
        self.types = types
        self.turn_order = tuple(turn_order)
        self.roller = Roller(dice, battle.battle_id)
        self.at_sea = battle.kind == SEA
        self.pieces: list[Piece] = []
        self.rolls: list[Roll] = []
        self.casualties: list[Casualty] = []
        self.events: list[Event] = []
        self.defaults: list[str] = []

    # -- who is where ------------------------------------------------------------------

    def on(self, *sides: str) -> list[Piece]:
        """The units of these sides still in the battle (those taken this round included)."""
        return [p for p in self.pieces if p.side in sides and p.in_battle]

    def counting(self, side: str) -> list[Piece]:
        return [p for p in self.on(side) if p.counts]

    def has_destroyer(self, *sides: str) -> bool:
        return any(p.type == "destroyer" for p in self.on(*sides))

    def enemies_of(self, side: str) -> list[Piece]:
        """The units a side's fire may go on: the defender's fire on the attacker and its
        bystanders (R-AAE-COMBAT-2), the attacker's on the defender; never an AA gun."""
        targets = self.on(ATTACKING, BYSTANDING) if side == DEFENDING else self.on(DEFENDING)
        return [p for p in targets if p.type not in NEVER_HIT]

    def hit_class(self, piece: Piece) -> str:
        """What a unit's hit may go on (R-AAE-COMBAT-5)."""
        if not self.at_sea:
            return ANY
        if piece.is_sub:
            return SHIPS_ONLY
        if piece.unit.air:
            friends = (DEFENDING,) if piece.side == DEFENDING else (ATTACKING, BYSTANDING)
            return ANY if self.has_destroyer(*friends) else NO_SUBS
        return ANY

    def can_hit(self, piece: Piece, value: int | None) -> bool:
        """A unit rolls only with a value and some unit its hit may go on (R-AAE-COMBAT-5)."""
        if not value:
            return False
        wanted = self.hit_class(piece)
        return any(wanted in accepts(t, self.at_sea) for t in self.enemies_of(piece.side))

    def defending_chooser(self) -> str:
        """Who chooses the defender's casualties (R-AAE-PBEM-5): on land the controller, unless
        it is the Middle East; else the power with the most at stake, ties in turn order."""
        b = self.battle
        if b.kind in (LAND, AMPHIBIOUS, RAID) and b.controller not in (None, MIDDLE_EAST):
            return b.controller
        stake: dict[str, int] = {}
        for p in self.pieces:
            if p.side == DEFENDING:
                cost = (p.unit.cost or 0) + sum(g.count * (self.types[g.type].cost or 0)
                                                for g in p.cargo)
                stake[p.owner] = stake.get(p.owner, 0) + cost
        if not stake:
            return b.controller or ""
        order = {power: i for i, power in enumerate(self.turn_order)}
        return min(stake, key=lambda power: (-stake[power], order.get(power, len(order))))

    # -- the record --------------------------------------------------------------------

    def note(self, text: str) -> None:
        if text not in self.defaults:
            self.defaults.append(text)

    def event(self, event: str, round_: int, side: str, units: tuple[Group, ...], why: str,
              to: str | None = None) -> None:
        self.events.append(Event(event, round_, side, units, why, to))

    # -- dice --------------------------------------------------------------------------

    def fire(self, round_: int, roll: str, by: str, shooters: Iterable[tuple[Piece, int]],
             paired: frozenset[int] = frozenset()) -> dict[str, int]:
        """One roll, a die per shooter in R-AAE-PBEM-9's order; the hits by class."""
        value = {p.id: v for p, v in shooters}
        ordered = roll_order([p for p in self.pieces if p.id in value], self.turn_order, paired)
        dice = self.roller.roll(round_, roll, len(ordered))
        hits = dict.fromkeys(HIT_CLASSES if self.at_sea else (ANY,), 0)
        results = []
        for n, (piece, die) in enumerate(zip(ordered, dice, strict=True), start=1):
            hit = die <= value[piece.id]
            if hit:
                hits[self.hit_class(piece)] += 1
            results.append(DieResult(n, piece.owner, piece.type, value[piece.id], die, hit))
        self.rolls.append(Roll(round_, roll, by, tuple(results), hits))
        return hits

    def record_roll(self, roll: Roll) -> None:
        self.rolls.append(roll)

    # -- casualties --------------------------------------------------------------------

    def lose(self, round_: int, roll: str, victims: Sequence[Piece], hits: Mapping[str, int],
             kind: str, chooser: str, *, at_once: bool, rule: str = "") -> list[Piece]:
        """The hits placed on ``victims`` by ``chooser``'s order of loss for ``kind``; the
        pieces sunk or killed (removed now when ``at_once``, else doomed to the round's end)."""
        if not sum(hits.values()):
            return []
        order = self.battle.instructions_of(chooser).order_of_loss(kind, self.battle.space)
        self._note_order(chooser, order)
        places = []
        for p in victims:
            if p.doomed or p.type in NEVER_HIT:
                continue
            kinds = accepts(p, self.at_sea)
            if p.unit.hits > 1 and not p.damaged:
                places.append(Place(p.id, p.owner, p.type, kinds, first_hit=True, loaded=p.loaded))
            places.append(Place(p.id, p.owner, p.type, kinds, loaded=p.loaded))
        only = len({pl.piece for pl in places}) == 1
        removed = AT_ONCE if at_once else f"after round {max(round_, 1)}"
        by_id = {p.id: p for p in victims}
        gone = []
        for pick in choose(places, hits, order, chooser, self.turn_order):
            piece = by_id[pick.place.piece]
            piece.hit_now = True
            if pick.place.first_hit:
                piece.damaged = True
            elif at_once:
                self.remove(piece, round_)
                gone.append(piece)
            else:
                piece.doomed = True
                gone.append(piece)
            why = "only unit" if only else self._why(chooser, order, pick)
            self._record(round_, roll, piece, pick.place.first_hit, removed,
                         f"{why} ({rule})" if rule else why)
        return gone

    def remove(self, piece: Piece, round_: int) -> None:
        """A unit sunk or killed; what it carried goes down with it (R-AAE-COMBAT-11)."""
        piece.alive = False
        piece.doomed = False
        if piece.cargo:
            self.event("cargo_lost", round_, piece.side, piece.cargo,
                       f"R-AAE-COMBAT-11: aboard a sunk {piece.type}")
        for p in self.pieces:
            if p.host == piece.id:
                p.host = None  # a defending fighter outlives its carrier (R-AAE-COMBAT-13)

    def _note_order(self, power: str, order: OrderOfLoss) -> None:
        where = f" for {self.battle.space}" if order.source == FROM_EXCEPTION else ""
        self.note(f"{power}: {order.kind} order of loss{where} ({order.source})")

    def _why(self, chooser: str, order: OrderOfLoss, pick: Pick) -> str:
        text = f"{chooser} {order.kind} #{pick.rank + 1} {pick.rank_name}"
        if order.source == FROM_DEFAULT:
            text += " (default)"
        elif pick.rank >= order.named:
            text += " (after the list)"
        if order.source == FROM_EXCEPTION:
            text += f" (exception for {self.battle.space})"
        notes = []
        for place in pick.passed:
            piece = self.pieces[place.piece]
            reason = _PASSED.get("air" if piece.unit.air else "sub" if piece.is_sub else "")
            if reason and reason not in notes:
                notes.append(reason)
        return "; ".join([text, *notes])

    def _record(self, round_: int, roll: str, piece: Piece, first_hit: bool, removed: str,
                why: str) -> None:
        place = PLACE_FIRST_HIT if first_hit else PLACE_UNIT
        last = self.casualties[-1] if self.casualties else None
        if (last is not None and (last.round, last.roll, last.owner, last.type, last.place,
                                  last.removed, last.why)
                == (round_, roll, piece.owner, piece.type, place, removed, why)):
            self.casualties[-1] = Casualty(round_, roll, piece.owner, piece.type, last.count + 1,
                                           place, removed, why)
        else:
            self.casualties.append(Casualty(round_, roll, piece.owner, piece.type, 1, place,
                                            removed, why))
