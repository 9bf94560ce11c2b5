"""Read the jDip/godip DATC text files (cases, positions, order lines) for the parser tests."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from arbitro.diplomacy.board import Board, province_of
from arbitro.diplomacy.position import Dislodged, Phase, Position, Unit, make_position

SHARED = Path(__file__).resolve().parents[3] / "shared"
DATC_DIR = SHARED / "datc"

_SEASON = {"spring": "S", "fall": "F", "autumn": "F", "winter": "W"}
_KIND = {"movement": "M", "retreat": "R", "retreats": "R", "adjustment": "A", "adjustments": "A", "build": "A"}


@dataclass
class Case:
    name: str
    phase: str = "S1901M"
    units: list[tuple[str, str]] = field(default_factory=list)  # (power, "F stp/sc")
    dislodged: list[tuple[str, str]] = field(default_factory=list)
    owners: list[tuple[str, str]] = field(default_factory=list)
    orders: list[tuple[str, str]] = field(default_factory=list)  # (power as written, order text)

    @property
    def id(self) -> str:
        return self.name.split()[0].rstrip(".")


def read_cases(path: Path) -> dict[str, Case]:
    cases: dict[str, Case] = {}
    case: Case | None = None
    section = ""
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("CASE"):
            case = Case(line[4:].strip())
            cases[case.id] = case
            continue
        if case is None:
            continue
        if line.startswith("PRESTATE_SETPHASE"):
            m = re.match(r"PRESTATE_SETPHASE\s+(\w+)\s+(\d+),\s*(\w+)", line)
            if m:
                kind = _KIND[m.group(3).lower()]
                season = "W" if kind == "A" else _SEASON[m.group(1).lower()]
                case.phase = f"{season}{m.group(2)}{kind}"
            continue
        if re.fullmatch(r"[A-Z_]+", line):
            section = line
            continue
        power, _, rest = line.partition(":")
        if section == "PRESTATE":
            case.units.append((power.strip(), rest.strip()))
        elif section == "PRESTATE_DISLODGED":
            case.dislodged.append((power.strip(), rest.strip()))
        elif section == "PRESTATE_SUPPLYCENTER_OWNERS":
            case.owners.append((power.strip(), rest.strip()))
        elif section == "ORDERS":
            case.orders.append((power.strip(), rest.strip()))
    return cases


def _unit(board: Board, power: str, text: str) -> Unit:
    kind, _, where = text.strip().partition(" ")
    loc = where.strip().upper().replace("(", "/").replace(")", "")
    base, _, coast = loc.partition("/")
    code = board.code_for(base) if hasattr(board, "code_for") else base
    code = code or base
    return Unit(power, kind.upper()[0], f"{code}/{coast}" if coast else code)


def position_of(board: Board, case: Case) -> Position:
    """The case's position in the godip file (3-letter codes)."""
    units = [_unit(board, p.upper(), t) for p, t in case.units]
    dislodged = []
    taken = {u.province for u in units}
    for p, t in case.dislodged:
        u = _unit(board, p.upper(), t)
        moves = board.fleet_moves.get(u.location, ()) if u.kind == "F" else board.army_moves.get(u.province, ())
        dislodged.append(Dislodged(u, tuple(sorted(m for m in moves if province_of(m) not in taken))))
    centres = {c: p.name for p in board.powers.values() for c in p.home_centres}
    for p, t in case.owners:
        _, _, where = t.strip().partition(" ")
        code = board.code_for(where.strip().upper()) or where.strip().upper()
        centres[code] = p.upper()
    return make_position(Phase.parse(case.phase), units, centres, dislodged)
