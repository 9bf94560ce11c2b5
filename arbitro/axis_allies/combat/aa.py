"""AA fire (R-AAE-UNIT-11, R-AAE-COMBAT-3, -14, R-AAE-SBR-2): one die per aircraft fired at,
however many guns; a die belongs to no aircraft, so the aircraft's owner places the hits by his
``aa`` order of loss, and the victims fall at once, before they fire (B5)."""

from __future__ import annotations

from collections.abc import Sequence

from ..instructions import AA
from .firing import Fight
from .pieces import ATTACKING, DEFENDING, Piece, put_together
from .report import ANY, FLAK_DONE, NOBODY, DieResult, Outcome, Roll


def guns_of(fight: Fight) -> list[Piece]:
    return [p for p in fight.on(DEFENDING) if p.unit.aa]


def aa_fire(fight: Fight, round_: int, aircraft: Sequence[Piece]) -> None:
    """The defending guns' fire at ``aircraft`` as one roll, its hits taken at once."""
    guns = guns_of(fight)
    if not guns or not aircraft:
        return
    gun = next((g for g in guns if g.owner == fight.battle.controller), guns[0])
    value = max(g.unit.aa or 0 for g in guns)
    dice = fight.roller.roll(round_, AA, len(aircraft))
    hits = sum(1 for d in dice if d <= value)
    fight.record_roll(Roll(round_, AA, gun.owner, tuple(
        DieResult(n, gun.owner, gun.type, value, d, d <= value)
        for n, d in enumerate(dice, start=1)), {ANY: hits}))
    fight.lose(round_, AA, aircraft, {ANY: hits}, AA, fight.battle.attacker, at_once=True,
               rule="R-AAE-COMBAT-14: removed at once, never fires")


def flak(fight: Fight) -> Outcome:
    """AA fire on the way (R-AAE-COMBAT-14): the AA territory's guns at one move's aircraft."""
    aircraft = [p for p in fight.on(ATTACKING) if p.unit.air]
    aa_fire(fight, 0, aircraft)
    left = [p for p in fight.pieces if p.side == ATTACKING and p.alive]
    return Outcome(
        end=FLAK_DONE, rounds=0, winner=NOBODY, conquered=None,
        attacking=put_together(left), defending=put_together(
            p for p in fight.pieces if p.side == DEFENDING and p.alive),
        bystanders=(), submerged=(), homeless_fighters=(), damage=None, damage_rolled=None)
