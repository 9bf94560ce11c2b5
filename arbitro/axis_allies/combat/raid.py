"""Strategic bombing (R-AAE-SBR): the target's AA at the bombers and escorts, an air battle of
one round when fighters rise to intercept, then a die per bomber left, the total lost from the
owner's cash up to all of it (R-AAE-SBR-7's order of dice)."""

from __future__ import annotations

from dataclasses import replace

from ..instructions import ALL, RAID
from ..units import merged
from .aa import aa_fire
from .firing import Fight
from .pieces import ATTACKING, DEFENDING, Piece, as_group
from .report import NO_RAID, NOBODY, RAID_DONE, DieResult, Outcome, Roll

ESCORTING = "escorting"


def raid(fight: Fight) -> Outcome:
    b = fight.battle
    bombers = [p for p in fight.on(ATTACKING) if p.unit.raid_dice]
    if not bombers:  # R-AAE-SBR-6
        fight.event("no_raid", 0, "attacker",
                    merged(as_group(p) for p in fight.on(ESCORTING)),
                    "R-AAE-SBR-6: no bomber reached the target, so there is no raid; "
                    "the escorts fly on to their fallback battle, if any")
        return _outcome(fight, NO_RAID, 0, 0)
    aa_fire(fight, 0, fight.on(ATTACKING, ESCORTING))
    _air_battle(fight)
    bombers = [p for p in fight.on(ATTACKING) if p.unit.raid_dice]
    if not bombers:
        return _outcome(fight, RAID_DONE, 0, 0)
    dice = fight.roller.roll(2, "damage", sum(p.unit.raid_dice for p in bombers))
    shooters = [p for p in bombers for _ in range(p.unit.raid_dice)]
    fight.record_roll(Roll(2, "damage", b.attacker, tuple(
        DieResult(n, p.owner, p.type, None, d, None)
        for n, (p, d) in enumerate(zip(shooters, dice, strict=True), start=1)), {}))
    rolled = sum(dice)
    cash = b.defender_cash
    return _outcome(fight, RAID_DONE, rolled if cash is None else min(rolled, max(cash, 0)), rolled)


def _interceptors(fight: Fight) -> list[Piece]:
    """R-AAE-SBR-3, B1: fighters already in the target, as many as each owner's instruction."""
    chosen: list[Piece] = []
    fighters = [p for p in fight.on(DEFENDING) if p.unit.intercept]
    for power in dict.fromkeys(p.owner for p in fighters):
        own = [p for p in fighters if p.owner == power]
        rise, source = fight.battle.instructions_of(power).interceptors(fight.battle.space)
        fight.note(f"{power}: intercept {rise} ({source})")
        chosen.extend(own if rise == ALL else own[:int(rise)])
    return chosen


def _air_battle(fight: Fight) -> None:
    """R-AAE-SBR-4: escorts hit interceptors on 1, interceptors hit bombers and escorts on 2;
    each side chooses its losses, removed once both have fired."""
    b = fight.battle
    interceptors = _interceptors(fight)
    if not interceptors:
        return
    raiders = fight.on(ATTACKING, ESCORTING)
    escorts = [(p, p.unit.escort or 0) for p in fight.on(ESCORTING) if p.unit.escort]
    chooser = fight.defending_chooser()
    escort_hits = fight.fire(1, "escort", b.attacker, escorts) if escorts and interceptors else {}
    rising = [(p, p.unit.intercept or 0) for p in interceptors]
    intercept_hits = fight.fire(1, "intercept", chooser, rising) if raiders else {}
    fight.lose(1, "escort", interceptors, escort_hits, RAID, chooser, at_once=False)
    fight.lose(1, "intercept", raiders, intercept_hits, RAID, b.attacker, at_once=False)
    for p in fight.pieces:
        if p.doomed:
            fight.remove(p, 1)


def _outcome(fight: Fight, end: str, damage: int, rolled: int) -> Outcome:
    return Outcome(
        end=end, rounds=0, winner=NOBODY, conquered=None,
        attacking=merged(replace(as_group(p), fought=end != NO_RAID or p.group.fought,
                                 airborne=True)
                         for p in fight.pieces if p.side in (ATTACKING, ESCORTING) and p.alive),
        defending=merged(as_group(p) for p in fight.pieces if p.side == DEFENDING and p.alive),
        bystanders=(), submerged=(), homeless_fighters=(), damage=damage, damage_rolled=rolled)
