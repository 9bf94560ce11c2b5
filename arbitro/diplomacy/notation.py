"""Read one order written in arbitro's canonical notation (DATC/MILA style).

This is the strict machine notation of the CLI contracts and the DATC files:
``A PAR - BUR``, ``A LON - NWY VIA``, ``A MAR S A PAR - BUR``, ``A MAR S A PAR [H]``,
``F NTH C A LON - NWY``, ``F SEV R ARM``, ``F SEV D``, ``A PAR B``, ``WAIVE``;
also the DATC file spellings ``Build A kie``, ``Remove F tri``, ``A lon-nwy via convoy``.
Players' free text goes through the mail parser instead.
"""

from __future__ import annotations

import re

from .board import Board
from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from .power_reading import read_power_order

_TOKEN = re.compile(r"[A-Za-z]+(?:/[A-Za-z]{2})?|-|\(\w\w\)")


def _location(board: Board, word: str) -> str | None:
    loc = word.upper()
    if "(" in loc:
        loc = loc.replace("(", "/").replace(")", "")
    if board.is_location(loc):
        return loc
    base, _, coast = loc.partition("/")
    code = board.code_for(base)
    if code is None:
        return None
    if not coast:
        return code
    # a coast on a province that has none ("GRE/SC") keeps the province;
    # an unknown coast on a split province is left for legality to refuse
    return f"{code}/{coast}" if board.provinces[code].coasts else code


def _exact(board: Board, power: str, text: str) -> Order | None:
    """The common orders written exactly in the notation (upper case, one space between
    words, known locations: what MILA and the CLI contracts send), read without the
    general tokenizer; None for anything else. Same values as the general path."""
    w = text.split(" ")
    n = len(w)
    if n < 2 or n > 7 or (w[0] != "A" and w[0] != "F"):
        return None
    ok = board.is_location
    kind, loc = w[0], w[1]
    if not ok(loc):
        return None
    if n == 2:
        return Hold(power, kind, loc)
    verb = w[2]
    if n == 3:
        if verb == "H":
            return Hold(power, kind, loc)
        if verb == "D":
            return Disband(power, kind, loc)
        if verb == "B":
            return Build(power, kind, loc)
        return None
    if verb == "-" and ok(w[3]) and (n == 4 or (n == 5 and w[4] == "VIA")):
        return Move(power, kind, loc, w[3], n == 5)
    if verb == "R" and n == 4 and ok(w[3]):
        return Retreat(power, kind, loc, w[3])
    if (verb == "S" or verb == "C") and (w[3] == "A" or w[3] == "F") and ok(w[4]):
        if n == 7 and w[5] == "-" and ok(w[6]):
            if verb == "S":
                return Support(power, kind, loc, w[3], w[4], w[6])
            return Convoy(power, kind, loc, w[4], w[6])
        if verb == "S" and (n == 5 or (n == 6 and w[5] == "H")):
            return Support(power, kind, loc, w[3], w[4])
    return None


def read_order(board: Board, power: str, text: str) -> Order | str:
    """An Order, or an English error message saying what could not be read."""
    exact = _exact(board, power, text)
    if exact is not None:
        return exact
    raw = text.strip()
    compact = re.sub(r"\s*\(\s*(\w\w)\s*\)", r"/\1", raw)  # "stp (nc)" -> "stp/nc"
    words = _TOKEN.findall(compact.replace("->", " - ").replace("–", "-"))
    words = [w.upper() for w in words]
    if not words:
        return "empty order"
    if words == ["WAIVE"]:
        return Waive(power)
    house = read_power_order(board, power, raw, "en")  # STRIKE, GIFT, ALLOW, TREATY
    if house is not None:
        return house
    if words[0] in ("BUILD", "REMOVE", "DISBAND") and len(words) >= 2:
        # "Build A kie", "Remove F tri", "Remove tri" (the unit type may be left out)
        kind = _kind(words[1]) if len(words) >= 3 else None
        loc = _location(board, words[-1])
        if loc is None or (words[0] == "BUILD" and kind is None):
            return f"cannot read {raw!r}"
        return Build(power, kind, loc) if words[0] == "BUILD" else Disband(power, kind, loc)
    if len(words) < 2:
        return f"cannot read {raw!r}"
    kind = _kind(words[0])
    loc = _location(board, words[1])
    if kind is None:
        return f"{raw!r}: an order starts with the unit type A or F"
    if loc is None:
        return f"unknown province {words[1]}"
    rest = words[2:]
    if not rest or rest in (["H"], ["HOLD"], ["HOLDS"]):
        return Hold(power, kind, loc)
    verb, args = rest[0], rest[1:]
    if verb in ("D", "DISBAND", "REMOVE"):
        return Disband(power, kind, loc)
    if verb in ("B", "BUILD"):
        return Build(power, kind, loc)
    if verb in ("-", "R", "RETREAT"):
        via = False
        while args and args[-1] in ("VIA", "CONVOY", "BY"):
            via = True
            args = args[:-1]
        if len(args) != 1:
            return f"cannot read {raw!r}"
        dest = _location(board, args[0])
        if dest is None:
            return f"unknown province {args[0]}"
        if verb == "-":
            return Move(power, kind, loc, dest, via)
        return Retreat(power, kind, loc, dest)
    if verb in ("S", "SUPPORT", "SUPPORTS"):
        target = _target(board, args)
        if isinstance(target, str):
            return target
        skind, sloc, dest = target
        return Support(power, kind, loc, skind, sloc, dest)
    if verb in ("C", "CONVOY", "CONVOYS"):
        target = _target(board, args)
        if isinstance(target, str):
            return target
        _, aloc, dest = target
        if dest is None:
            return f"{raw!r}: a convoy names the army's destination"
        return Convoy(power, kind, loc, aloc, dest)
    return f"cannot read {raw!r}"


def _kind(word: str) -> str | None:
    return {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}.get(word)


def _target(board: Board, args: list[str]) -> tuple[str | None, str, str | None] | str:
    """``[A] PAR [- BUR | H]`` -> (kind, location, destination or None)."""
    kind = None
    if args and _kind(args[0]) and len(args) > 1 and _location(board, args[1]):
        kind = _kind(args[0])
        args = args[1:]
    if not args:
        return "support or convoy of what?"
    loc = _location(board, args[0])
    if loc is None:
        return f"unknown province {args[0]}"
    tail = args[1:]
    if not tail or tail in (["H"], ["HOLD"]):
        return (kind, loc, None)
    if tail[0] == "-" and len(tail) == 2:
        dest = _location(board, tail[1])
        if dest is None:
            return f"unknown province {tail[1]}"
        return (kind, loc, dest)
    return f"cannot read {' '.join(args)!r}"
