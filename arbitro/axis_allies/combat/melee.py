"""Land, amphibious and sea battles fought to the end (R-AAE-COMBAT-3, -4, -12).

Before round 1 the defender's AA fires at the attacking aircraft and the ships bombard; a stall
may end it there. Then round after round, in R-AAE-COMBAT-4's order: (a) the attacker's
submarines may dive, (b) they strike first unless a defending destroyer is there, (c) the
attacker fires, (d) the defender's submarines may dive, (e) the defender fires, (f) the
casualties go, (g) the battle ends or the attacker may retreat. Every choice a player would make
at the table comes from its orders and standing instructions (R-AAE-PBEM-4, -5, -6).
"""

from __future__ import annotations

from dataclasses import replace

from ..instructions import COUNT_ALL, LAND_ATTACK, LAND_DEFENCE, SEA_ATTACK, SEA_DEFENCE, Retreat
from ..units import Group, merged
from .aa import aa_fire
from .battle import AMPHIBIOUS, LAND
from .firing import Fight
from .pieces import ATTACKING, BYSTANDING, DEFENDING, NEVER_HIT, Piece, as_group
from .report import (
    ATTACKER,
    ATTACKER_GONE,
    BOTH_GONE,
    DEFENDER,
    DEFENDER_GONE,
    NO_HITS_POSSIBLE,
    NOBODY,
    RETREAT,
    STALL,
    Outcome,
)

BOMBARDING = "bombarding"  # ships firing once from their zone, never in the battle


def melee(fight: Fight) -> Outcome:
    b = fight.battle
    on_land = b.kind in (LAND, AMPHIBIOUS)
    if on_land:  # R-AAE-COMBAT-3
        aa_fire(fight, 0, [p for p in fight.on(ATTACKING) if p.unit.air])
        if b.kind == AMPHIBIOUS:
            _bombard(fight)
    end = _stall(fight) if fight.at_sea and b.orders.stall else None
    end = end or _settled(fight) or (None if _anyone_rolls(fight) else NO_HITS_POSSIBLE)
    round_ = 0
    retreat_done = False
    while end is None:
        round_ += 1
        for p in fight.pieces:
            p.hit_now = False
        if fight.at_sea and b.orders.submerge_from is not None and round_ >= b.orders.submerge_from:
            _attacker_dives(fight, round_)  # a
            end = _settled(fight)
            if end is not None:
                round_ -= 1  # nothing of this round was fought
                break
        _fight_round(fight, round_)  # b-f
        end = _settled(fight)  # g
        if end is None and not retreat_done:
            retreat_done, end = _retreat(fight, round_)
        if end is None and not _anyone_rolls(fight):
            end = NO_HITS_POSSIBLE
    return _outcome(fight, end, round_)


# -- before round 1 --------------------------------------------------------------------


def _bombard(fight: Fight) -> None:
    """R-AAE-COMBAT-10: the ships of a zone fire once if a land unit lands from it (A4)."""
    b = fight.battle
    landed = [g.origin for g in b.landing if fight.types[g.type].land and fight.types[g.type].attack]
    if b.bombarding and not landed:
        fight.event("no_bombard", 0, ATTACKER, merged(b.bombarding),
                    "A4: no infantry, artillery or armour lands, so no ship bombards")
        return
    start = len(fight.pieces)
    for group in b.bombarding:
        if group.fought:
            fight.event("no_bombard", 0, ATTACKER, (group,),
                        "R-AAE-COMBAT-10: a ship that fought a sea battle this turn does not bombard")
            continue
        if group.origin is not None and all(z not in (None, group.origin) for z in landed):
            fight.event("no_bombard", 0, ATTACKER, (group,),
                        f"A4: no infantry, artillery or armour lands from {group.origin}")
            continue
        for _ in range(group.count):
            fight.pieces.append(Piece(len(fight.pieces), replace(group, count=1),
                                      fight.types[group.type], BOMBARDING))
    ships = [(p, p.unit.bombard or 0) for p in fight.pieces[start:]]
    shooters = [(p, v) for p, v in ships if fight.can_hit(p, v)]
    if not shooters:
        return
    hits = fight.fire(0, "bombard", b.attacker, shooters)
    fight.lose(0, "bombard", fight.on(DEFENDING), hits, LAND_DEFENCE, fight.defending_chooser(),
               at_once=False, rule="R-AAE-COMBAT-10: fires back in round 1")


def _stall(fight: Fight) -> str | None:
    """R-AAE-MOVE-8: the attacker's submarines dive at once, unless an enemy destroyer is there."""
    subs = [p for p in fight.on(ATTACKING) if p.is_sub]
    if not subs:
        return None
    units = merged(as_group(p) for p in subs)
    if fight.has_destroyer(DEFENDING):
        fight.event("no_stall", 0, ATTACKER, units,
                    "R-AAE-MOVE-8, S4: an enemy destroyer is in the zone, so no sub-stall")
        return None
    for p in subs:
        p.submerged = True
    fight.event("stall", 0, ATTACKER, merged(as_group(p) for p in subs),
                "stall order (R-AAE-MOVE-8, S4): submerged with no battle")
    return None if fight.counting(ATTACKING) else STALL


# -- a round ---------------------------------------------------------------------------


def _attacker_dives(fight: Fight, round_: int) -> None:
    """R-AAE-COMBAT-4a, S2: the attacker's submarines dive before round n's fire, by order."""
    subs = [p for p in fight.on(ATTACKING) if p.is_sub]
    if not subs:
        return
    for p in subs:
        p.submerged = True
    fight.event("submerge", round_, ATTACKER, merged(as_group(p) for p in subs),
                f"submerge order: from round {fight.battle.orders.submerge_from} "
                "(R-AAE-COMBAT-4a)")


def _fight_round(fight: Fight, round_: int) -> None:
    b = fight.battle
    chooser = fight.defending_chooser()
    defence_kind, attack_kind = (SEA_DEFENCE, SEA_ATTACK) if fight.at_sea else (LAND_DEFENCE,
                                                                               LAND_ATTACK)
    first: list[Piece] = []
    if fight.at_sea and not fight.has_destroyer(DEFENDING):  # b (S12)
        first = [p for p in fight.on(ATTACKING)
                 if p.unit.first_strike and fight.can_hit(p, p.unit.attack)]
        if first:
            hits = fight.fire(round_, "first_strike", b.attacker,
                              [(p, p.unit.attack or 0) for p in first])
            fight.lose(round_, "first_strike", fight.on(DEFENDING), hits, defence_kind, chooser,
                       at_once=True, rule="R-AAE-COMBAT-4b: removed at once, does not fire")
    paired = _paired(fight)  # c
    shooters = []
    for p in fight.on(ATTACKING):
        value = p.unit.supported_attack if p.id in paired else p.unit.attack
        if p not in first and fight.can_hit(p, value):
            shooters.append((p, value or 0))
    if shooters:
        hits = fight.fire(round_, "attack", b.attacker, shooters, paired)
        fight.lose(round_, "attack", fight.on(DEFENDING), hits, defence_kind, chooser,
                   at_once=False)
    if fight.at_sea:  # d
        _defender_dives(fight, round_)
    shooters = [(p, p.unit.defence or 0) for p in fight.on(DEFENDING)  # e
                if fight.can_hit(p, p.unit.defence)]
    if shooters:
        hits = fight.fire(round_, "defence", chooser, shooters)
        fight.lose(round_, "defence", fight.on(ATTACKING, BYSTANDING), hits, attack_kind,
                   b.attacker, at_once=False)
    for p in fight.pieces:  # f
        if p.doomed:
            fight.remove(p, round_)


def _paired(fight: Fight) -> frozenset[int]:
    """R-AAE-UNIT-2: each attacking artillery raises one infantry of its power."""
    raised: set[int] = set()
    attackers = fight.on(ATTACKING)
    for power in dict.fromkeys(p.owner for p in attackers):
        support = sum(p.unit.supports for p in attackers if p.owner == power)
        infantry = [p for p in attackers if p.owner == power and p.unit.supported_attack]
        raised.update(p.id for p in infantry[:support])
    return frozenset(raised)


def _defender_dives(fight: Fight, round_: int) -> None:
    """R-AAE-COMBAT-4d, R-AAE-PBEM-4: each defending power's submarines not hit in b-c dive
    when its instruction says; a unit hit in c is still in the battle until f."""
    defenders = fight.on(DEFENDING)
    alone = all(p.is_sub for p in defenders)
    for power in dict.fromkeys((*fight.turn_order, *(p.owner for p in defenders))):
        subs = [p for p in defenders if p.owner == power and p.is_sub]
        if not subs:
            continue
        policy, source = fight.battle.instructions_of(power).submerge_policy(fight.battle.space)
        fight.note(f"{power}: submerge {policy.text()} ({source})")
        divers = [p for p in subs if not p.hit_now]
        if divers and policy.dives(round_, alone):
            for p in divers:
                p.submerged = True
            fight.event("submerge", round_, DEFENDER, merged(as_group(p) for p in divers),
                        f"{power} submerge {policy.text()} ({source})")


# -- the end of a round ----------------------------------------------------------------


def _settled(fight: Fight) -> str | None:
    attacker, defender = fight.counting(ATTACKING), fight.counting(DEFENDING)
    if not attacker and not defender:
        return BOTH_GONE
    if not defender:
        return DEFENDER_GONE
    if not attacker:
        return ATTACKER_GONE
    return None


def _anyone_rolls(fight: Fight) -> bool:
    paired = _paired(fight)
    for p in fight.on(ATTACKING):
        if fight.can_hit(p, p.unit.supported_attack if p.id in paired else p.unit.attack):
            return True
    return any(fight.can_hit(p, p.unit.defence) for p in fight.on(DEFENDING))


def _retreat_text(r: Retreat) -> str:
    parts = []
    if r.after_round is not None:
        parts.append(f"after round {r.after_round}")
    if r.below is not None:
        parts.append(f"below {r.below}{'' if r.count == COUNT_ALL else ' land'}")
    return f"retreat order: {', '.join(parts)}, to {r.to} (R-AAE-PBEM-6)"


def _retreat(fight: Fight, round_: int) -> tuple[bool, str | None]:
    """R-AAE-COMBAT-8 at point g: (whether the order was used, the end it brings)."""
    b = fight.battle
    order = b.orders.retreat
    if order is None:
        fight.note(f"{b.attacker}: no retreat order, fights to the end (default)")
        return True, None
    attackers = fight.counting(ATTACKING)
    left = sum(1 for p in attackers if order.count == COUNT_ALL or p.unit.land)
    if not order.due(round_, left):
        return False, None
    movers = [p for p in attackers if p.unit.air] if b.landing else attackers
    staying = [p for p in attackers if p not in movers]
    if movers:
        for p in movers:
            p.retreated = True
        fight.event("retreat", round_, ATTACKER, merged(as_group(p) for p in movers),
                    _retreat_text(order), to=order.to)
    if staying:
        fight.event("no_retreat", round_, ATTACKER, merged(as_group(p) for p in staying),
                    "A10, A11: in an amphibious assault only aircraft retreat (R-AAE-COMBAT-8)")
        return True, None
    return True, RETREAT


# -- the result ------------------------------------------------------------------------


def _outcome(fight: Fight, end: str, rounds: int) -> Outcome:
    b = fight.battle
    fought = rounds > 0 or bool(fight.rolls)
    on_land = b.kind in (LAND, AMPHIBIOUS)
    conquered = None
    if on_land:
        conquered = (end != RETREAT and not fight.counting(DEFENDING)
                     and any(p.unit.land for p in fight.counting(ATTACKING)))
    homeless, hosts = _landing_room(fight) if fight.at_sea else (set(), {})

    def group(p: Piece, cargo: tuple[Group, ...] | None = None) -> Group:
        g = as_group(p, cargo)
        if fought and p.side in (ATTACKING, DEFENDING):
            g = replace(g, fought=True)
        if p.side == ATTACKING and p.unit.air:
            g = replace(g, airborne=True)
        return g

    attacking = merged(group(p) for p in fight.pieces if p.side == ATTACKING and p.alive)
    defending = []
    for p in fight.pieces:
        if p.side != DEFENDING or not p.alive or p.id in homeless or p.id in hosts:
            continue
        if conquered and p.type in NEVER_HIT:
            continue  # captured with the territory
        aboard = tuple(group(f) for f in fight.pieces if hosts.get(f.id) == p.id)
        defending.append(group(p, aboard if p.unit.fighters else None))
    return Outcome(
        end=end, rounds=rounds,
        winner={DEFENDER_GONE: ATTACKER, ATTACKER_GONE: DEFENDER, RETREAT: DEFENDER}.get(end, NOBODY),
        conquered=conquered, attacking=attacking, defending=merged(defending),
        bystanders=merged(group(p) for p in fight.pieces if p.side == BYSTANDING and p.alive),
        submerged=merged(group(p) for p in fight.pieces
                         if p.alive and p.submerged and p.side in (ATTACKING, DEFENDING)),
        homeless_fighters=merged(group(p) for p in fight.pieces if p.id in homeless),
        damage=None, damage_rolled=None)


def _landing_room(fight: Fight) -> tuple[set[int], dict[int, int]]:
    """R-AAE-COMBAT-13: the defending fighters left at sea keep their carrier if it floats,
    else take free room on a carrier of their side there, own carriers first; the rest are
    homeless (the step lands them). Returns the homeless and fighter -> carrier for those shown
    as a carrier's cargo."""
    carriers = [p for p in fight.pieces if p.side == DEFENDING and p.alive and p.unit.fighters]
    room = {c.id: c.unit.fighters for c in carriers}
    order = {power: i for i, power in enumerate(fight.turn_order)}
    fighters = sorted((p for p in fight.pieces if p.side == DEFENDING and p.alive and p.unit.air),
                      key=lambda p: (p.host is None, order.get(p.owner, len(order)), p.id))
    homeless: set[int] = set()
    hosts: dict[int, int] = {}
    for f in fighters:
        space = f.unit.carrier_space or 0
        if f.host is not None and room.get(f.host, 0) >= space > 0:
            room[f.host] -= space
            hosts[f.id] = f.host
            continue
        free = sorted((c for c in carriers if room[c.id] >= space > 0),
                      key=lambda c: (c.owner != f.owner, c.id))
        if not free:
            homeless.add(f.id)
            continue
        room[free[0].id] -= space
        if f.from_cargo:
            hosts[f.id] = free[0].id
    return homeless, hosts
