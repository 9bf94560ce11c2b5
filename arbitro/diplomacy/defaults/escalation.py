"""Orders not received, phase by phase (R-ONP-1..5): which default a silent power's units
get, whose ballots count, how a power's ONP streak moves. Pure: the powers' standing and
streaks, the position and who sent orders in; the decisions out.

The service applies them (stores the streaks, mails the notices, suspends the game); the
phase engine plays the defaults (``default_orders``).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import StrEnum

from ..board import Board
from ..position import MOVEMENT, Position

FIRST, ABANDONED, CIVIL_DISORDER = "first", "abandoned", "civil_disorder"


class Standing(StrEnum):
    """Where a power stands in the game (the store's power status has these values)."""

    PLAYING = "playing"
    CIVIL_DISORDER = "civil_disorder"  # "sommossa": nobody holds it (R-ONP-5)
    ABANDONED = "abandoned"  # waiting for a replacement during a suspension (R-ONP-4)
    ELIMINATED = "eliminated"


@dataclass(frozen=True)
class PowerState:
    standing: Standing
    streak: int  # consecutive movement phases without orders


@dataclass(frozen=True)
class Escalation:
    """What a phase is played with, for the powers that did not order (R-ONP)."""

    nmr: Mapping[str, str]  # power -> first | abandoned | civil_disorder
    streaks: Mapping[str, int]  # power -> its new ONP streak (only the changes)
    ballots: frozenset[str]  # powers whose units play the ballots cast for them
    own: frozenset[str]  # powers whose own orders on file are played
    first_onp: tuple[str, ...]  # powers at their first ONP: the owner told, ballots invited
    abandoned: tuple[str, ...]  # powers abandoned now: R-ONP-4 decides what follows


def escalate(position: Position, states: Mapping[str, PowerState], ordered: AbstractSet[str]) -> Escalation:
    """The ONP decisions of ``position``'s phase. ``states`` in the order the notices go
    out; ``ordered``: the powers with orders on file.

    ONPs count in movement phases only, for a playing power with units: its first is
    played with mutual supports (R-ONP-1) and invites ballots (R-ONP-2); the second in a
    row is abandonment, played with the ballots (R-ONP-3). A power that orders again has
    its streak reset and its ballots ignored (R-ONP-2). A power in civil disorder plays
    the ballots in movement and the automatic rules otherwise (R-ONP-5); an abandoned one
    (the GM processing during a suspension) plays its ballots in movement.
    """
    movement = position.phase.kind == MOVEMENT
    present = {u.power for u in position.units}
    nmr: dict[str, str] = {}
    streaks: dict[str, int] = {}
    ballots: set[str] = set()
    first: list[str] = []
    abandoned: list[str] = []
    for power, state in states.items():
        if state.standing is Standing.PLAYING and movement and power in present:
            if power in ordered:
                if state.streak:
                    streaks[power] = 0
                continue
            streak = state.streak + 1
            streaks[power] = streak
            if streak == 1:
                nmr[power] = FIRST
                first.append(power)
            else:
                nmr[power] = ABANDONED
                ballots.add(power)
                abandoned.append(power)
        elif state.standing is Standing.CIVIL_DISORDER:
            nmr[power] = CIVIL_DISORDER
            if movement:
                ballots.add(power)
        elif state.standing is Standing.ABANDONED and movement:
            nmr[power] = ABANDONED
            ballots.add(power)
    own = frozenset(p for p in ordered if p in states and states[p].standing is Standing.PLAYING)
    return Escalation(nmr, streaks, frozenset(ballots), own, tuple(first), tuple(abandoned))


def takes_ballots(state: PowerState) -> bool:
    """Whether other players may vote orders for a power (R-ONP-2/3/5): after its first
    ONP, once abandoned, or in civil disorder."""
    if state.standing in (Standing.CIVIL_DISORDER, Standing.ABANDONED):
        return True
    return state.standing is Standing.PLAYING and state.streak >= 1


def keeps_home(board: Board, position: Position, power: str) -> bool:
    """R-ONP-4: at least 3 centres, at least 2 of them home centres; an abandoned power
    that keeps them waits for a replacement (who may take over while it still does)."""
    owned = set(position.centres_of(power))
    return len(owned) >= 3 and len(owned & board.powers[power].home_centres) >= 2
