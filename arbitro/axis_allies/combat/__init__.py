"""Battles fought to the end (R-AAE-COMBAT, R-AAE-SBR): land, amphibious, sea, raid and AA fire
on the way, every die recorded with its ids and every casualty with what chose it.

The one entry point is ``fight(battle, types, dice, turn_order) -> BattleReport``.
"""

from .battle import AMPHIBIOUS, FLAK, KINDS, LAND, RAID, SEA, Battle
from .dice import Dice, FixedDice, KeyedDice, OutOfDice
from .fight import BattleError, battle_problem, fight
from .report import BattleReport, Casualty, DieResult, Event, Outcome, Roll

__all__ = [
    "AMPHIBIOUS", "FLAK", "KINDS", "LAND", "RAID", "SEA", "Battle", "BattleError", "BattleReport",
    "Casualty", "Dice", "DieResult", "Event", "FixedDice", "KeyedDice", "OutOfDice", "Outcome",
    "Roll", "battle_problem", "fight",
]
