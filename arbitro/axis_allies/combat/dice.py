"""Where a battle's dice come from: the step's key (R-AAE-PBEM-9) or, for tests and GMs, a
fixed sequence shared by a step's battles and taken in the order the dice are rolled."""

from __future__ import annotations

from dataclasses import dataclass

from ...fairness.dice import DieName, die


class OutOfDice(ValueError):
    """A fixed sequence ran out: the input gave too few dice (an input error, not a rule)."""


@dataclass(frozen=True)
class KeyedDice:
    """Every die from the step's key: R-AAE-PBEM-9's message with the battle's id."""

    key: str
    game: str
    step: str
    digest: str


@dataclass(frozen=True)
class FixedDice:
    """Dice given in advance, taken from ``start`` in the order rolled; ``after`` gives what
    the step's next battle takes from."""

    values: tuple[int, ...]
    start: int = 0

    def __post_init__(self) -> None:
        bad = [v for v in self.values if type(v) is not int or not 1 <= v <= 6]
        if bad:
            raise ValueError(f"fixed dice are 1 to 6, not {bad[0]!r}")

    def after(self, used: int) -> FixedDice:
        return FixedDice(self.values, self.start + used)


Dice = KeyedDice | FixedDice


class Roller:
    """One battle's dice, in the order rolled (the only mutable thing of a fight, local to it)."""

    def __init__(self, dice: Dice, battle: str) -> None:
        self._dice = dice
        self._battle = battle
        self.used = 0

    def roll(self, round_: int, roll: str, count: int) -> tuple[int, ...]:
        if isinstance(self._dice, KeyedDice):
            k = self._dice
            values = tuple(die(DieName(k.key, k.game, k.step, self._battle, round_, roll, n,
                                       k.digest)) for n in range(1, count + 1))
        else:
            at = self._dice.start + self.used
            values = self._dice.values[at:at + count]
            if len(values) < count:
                raise OutOfDice(f"the fixed dice ran out in {self._battle}, round {round_}, "
                                f"{roll}: {count} needed, {len(values)} left")
        self.used += count
        return values
