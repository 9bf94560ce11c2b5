"""What a power still owes, in the player's words: the lines the order confirmation and
the status mail show under the orders (issue 16). The facts come from
``game/readiness.py``; what happens next (``NEXT_STEPS``) is the service's to decide."""

from __future__ import annotations

from ..diplomacy.board import Board
from ..diplomacy.orders import unit_letter
from ..diplomacy.position import Unit
from ..diplomacy.readiness import Readiness
from ..words import nsay, say
from ..words.names import display

# What happens to the phase next, as the service sees it after this mail (catalog
# keys ``ready.next.<step>``).
NEXT_STEPS = ("incomplete", "others", "you_wait", "waiting", "no_early", "now", "late")


def unit_words(board: Board, unit: Unit, lang: str) -> str:
    return f"{unit_letter(unit.kind, lang)} {display(board, unit.location, lang)}"


def readiness_lines(board: Board, r: Readiness, lang: str, step: str | None = None,
                    over: int = 0) -> list[str]:
    """The power's state of orders, one short line each: complete or not, each thing
    still owed, orders over the allowance, then what happens next (``step``). ``over``:
    orders over the allowance the reader already set aside (they never reach ``r``)."""
    lines = [say(lang, "ready.yes" if r.ready else "ready.no")]
    if r.unordered:
        units = ", ".join(unit_words(board, u, lang) for u in r.unordered)
        lines.append(say(lang, "ready.unordered", units=units))
    for d in r.unretreated:
        options = ", ".join(display(board, o, lang) for o in d.retreats)
        lines.append(say(lang, "ready.unretreated", unit=unit_words(board, d.unit, lang),
                         options=options))
    if r.left > 0:
        lines.append(nsay(lang, "ready.builds_left", r.left))
    elif r.left < 0:
        lines.append(nsay(lang, "ready.disbands_left", -r.left))
    over = max(over, len(r.over_allowance))
    if over:
        lines.append(nsay(lang, "ready.over_allowance", over))
    if step is not None:
        lines.append(say(lang, f"ready.next.{step}"))
    return lines


__all__ = ["NEXT_STEPS", "readiness_lines", "unit_words"]
