"""The MILA engine (PyPI ``diplomacy``, the ``bench`` extra) run on arbitro's positions.

MILA checks each order when it is set, against the units placed so far, and caches the
possible convoy routes at the first check: every unit must be on the board before the
first order is set, or orders for (and convoys of) units placed later are dropped.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from arbitro.diplomacy.orders import Order, format_order
from arbitro.diplomacy.position import Position


def available() -> bool:
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        return False
    return True


def mila_play(position: Position, texts: Mapping[str, Sequence[str]]) -> tuple[float, list[str], object]:
    """CPU seconds spent in ``process()``, the units after the phase (dislodged ones as
    ``*A PAR``) and the MILA game."""
    return mila_run(position, texts)[1:]


def mila_run(position: Position, texts: Mapping[str, Sequence[str]]) -> tuple[float, float, list[str], object]:
    """CPU seconds for the whole of it (a new game, units, orders, ``process()``) and in
    ``process()`` alone, the units after the phase and the MILA game."""
    from diplomacy import Game

    start = time.process_time()
    game = Game()
    game.clear_units()
    game.clear_centers()
    for power in game.powers:
        game.set_units(power, [str(u) for u in position.units_of(power)])
        game.set_centers(power, list(position.centres_of(power)))
    game.set_current_phase(str(position.phase))
    for power in game.powers:
        game.set_orders(power, list(texts.get(power, ())))
    t0 = time.process_time()
    game.process()
    end = time.process_time()
    units = sorted(u for us in game.get_units().values() for u in us)
    return end - start, end - t0, units, game


def order_texts(orders: Mapping[str, Sequence[Order]]) -> dict[str, list[str]]:
    return {p: [format_order(o) for o in os] for p, os in orders.items()}


def mila_after(game: object) -> list[str]:
    """The units after a processed movement phase: ``A PAR``, and each dislodged unit that
    may retreat with where to (``*F ANK R ARM SMY``). MILA keeps a dislodged unit with
    nowhere to go on the board until its retreat phase; arbitro removes it at once."""
    units = []
    possible = None
    for us in game.get_units().values():  # type: ignore[attr-defined]
        for u in us:
            if not u.startswith("*"):
                units.append(u)
                continue
            if possible is None:
                possible = game.get_all_possible_orders()  # type: ignore[attr-defined]
            loc = u[3:]
            orders = set(possible.get(loc, ())) | set(possible.get(loc[:3], ()))
            dests = sorted(o.split(" R ")[1] for o in orders if " R " in o)
            if dests:
                units.append(f"{u} R {' '.join(dests)}")
    return sorted(units)
