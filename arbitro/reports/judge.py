"""A processed phase in the classic judge layout (njudge, DPjudge), for desktop tools.

Realpolitik, jDip and their kin load a game's turns from the results mails of the judges,
so this text follows their layout line by line: the header ("Movement results for Spring
of 1901.  (game.S1901M)"), one line per order with its outcome ("Austria: Army Vienna ->
Galicia. (*bounce*)"), "The following units were dislodged:", the adjustments ("Builds an
army in Vienna."), "Ownership of supply centers:" with the counts line per power. It is
English whatever the players' language: it is read by programs, and judges write English.
The outcome words are the judges' own: bounce, cut, no convoy, void, dislodged.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from ..diplomacy.board import ARMY, Board, Terrain, province_of
from ..diplomacy.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive, format_order
from ..diplomacy.outcome import OrderResult, Result
from ..diplomacy.position import NEUTRAL, Position
from ..diplomacy.victory import centre_counts
from .results import PhaseReport

_SEASON = {"S": "Spring", "F": "Fall", "W": "Winter"}
_KIND = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
_NEXT_KIND = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}
_UNIT = {"A": "Army", "F": "Fleet"}
_COAST = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}
# The judges' spellings where arbitro's English names differ.
_JUDGE_NAMES = {"STP": "St. Petersburg"}
# Adjectives of the standard powers ("The Austrian Army in Vienna"); other powers' names
# stand as they are, as judges print them for variants.
_ADJECTIVE = {"AUSTRIA": "Austrian", "ENGLAND": "English", "FRANCE": "French", "GERMANY": "German",
              "ITALY": "Italian", "RUSSIA": "Russian", "TURKEY": "Turkish"}
# Reason codes of a failed order -> the judges' outcome word.
_OUTCOME = {
    "bounced": "bounce", "beaten": "bounce", "cut": "cut", "no_convoy": "no convoy",
    "convoy_disrupted": "no convoy", "convoy_paradox": "no convoy", "support_mismatch": "void",
    "support_hold_of_move": "void", "retreat_clash": "bounce",
}
WIDTH = 78  # judges wrap long lines here
# Orders that name a unit; any other (a waive, a house rule's power-level order) is written
# in arbitro's canonical notation, as judges write their own house orders.
UNIT_ORDERS = (Hold, Move, Support, Convoy, Retreat, Disband, Build)


def judge_results(board: Board, report: PhaseReport, game: str) -> str:
    """The judge-format text of one processed phase (ends with a newline)."""
    phase = report.phase
    out = [f"{_KIND[phase.kind]} results for {_SEASON[phase.season]} of {phase.year}.  ({game}.{phase})", ""]
    if phase.kind == "A":
        out += _adjustment_lines(board, report)
    else:
        out += _order_lines(board, report)
        dislodged = _dislodged_lines(board, report)
        if dislodged:
            out += ["", "The following units were dislodged:", ""] + dislodged
    nxt = report.outcome.next
    if phase.season == "F" and phase.kind != "A" and nxt.phase.season != "F":
        out += ["", "Ownership of supply centers:", ""] + _ownership_lines(board, nxt)
    winner = report.outcome.winner or report.winner
    if winner:
        out += ["", f"The game is over: {_power(board, winner)} has won."]
    else:
        out += ["", f"The next phase of '{game}' will be {_NEXT_KIND[nxt.phase.kind]} for "
                f"{_SEASON[nxt.phase.season]} of {nxt.phase.year}."]
    return "\n".join(out) + "\n"


def place(board: Board, location: str) -> str:
    """ "Fleet St. Petersburg (south coast)": the judges' name of a location."""
    code = province_of(location)
    prov = board.provinces.get(code)
    name = _JUDGE_NAMES.get(code) or (prov.name_en if prov is not None else code)
    coast = location[len(code) + 1:] if location != code else ""
    return f"{name} ({_COAST.get(coast, coast.lower())})" if coast else name


def _power(board: Board, power: str) -> str:
    p = board.powers.get(power)
    return p.name_en if p is not None else power.title()


def _unit(board: Board, kind: str | None, location: str, position: Position) -> str:
    if kind is None:
        here = position.by_province.get(province_of(location))
        kind = here.kind if here is not None else ARMY
    return f"{_UNIT.get(kind, kind)} {place(board, location)}"


def _order_lines(board: Board, report: PhaseReport) -> list[str]:
    """One line per order, powers in alphabetical order with a blank line between them; in a
    movement phase a unit that got no order too ("No Order Processed"), as judges list it."""
    position = report.before
    dislodged = {d.unit.province for d in report.outcome.listed_dislodged()}
    convoys = [r.order for r in report.outcome.results
               if isinstance(r.order, Convoy) and r.result is Result.SUCCEEDS]
    movement = report.phase.kind == "M"
    rows: list[tuple[str, str, str]] = []  # (power name, place, line)
    ordered: set[str] = set()
    for r in report.outcome.results:
        order = r.order
        if isinstance(order, Waive):
            continue
        if not isinstance(order, UNIT_ORDERS):
            rows.append((_power(board, order.power), "", f"{_power(board, order.power)}: {format_order(order)}."))
            continue
        ordered.add(province_of(order.location))
        text = f"{_power(board, order.power)}: {_order_text(board, order, position, convoys)}."
        outcome = _outcome(r, movement and province_of(order.location) in dislodged)
        rows.append((_power(board, order.power), place(board, order.location),
                     f"{text} (*{outcome}*)" if outcome else text))
    for u in position.units if movement else ():
        if u.province not in ordered:
            rows.append((_power(board, u.power), place(board, u.location),
                         f"{_power(board, u.power)}: {_UNIT[u.kind]} {place(board, u.location)}, No Order Processed."))
    out: list[str] = []
    last = None
    for power, _, line in sorted(rows):
        if last is not None and power != last:
            out.append("")  # a blank line between powers, as the judges print them
        last = power
        out.append(line)
    return out


def _by_power(board: Board, results: Iterable[OrderResult]) -> list[OrderResult]:
    return sorted(results, key=lambda r: (_power(board, r.order.power), _place_key(board, r.order)))


def _place_key(board: Board, order: Order) -> str:
    return place(board, order.location) if isinstance(order, UNIT_ORDERS) else ""


def _order_text(board: Board, order: Order, position: Position, convoys: Sequence[Convoy]) -> str:
    if not isinstance(order, UNIT_ORDERS):
        return format_order(order)
    head = _unit(board, order.kind, order.location, position)
    if isinstance(order, Hold):
        return f"{head} HOLD"
    if isinstance(order, Move):
        path = _convoy_path(board, order, convoys) if order.via_convoy else []
        return " -> ".join([head, *(place(board, s) for s in path), place(board, order.destination)])
    if isinstance(order, Support):
        other = position.by_province.get(province_of(order.supported))
        whose = f"{_adjective(board, other.power)} " if other is not None and other.power != order.power else ""
        target = f"{whose}{_unit(board, order.supported_kind, order.supported, position)}"
        if order.destination is None:
            return f"{head} SUPPORT {target}"
        return f"{head} SUPPORT {target} -> {place(board, order.destination)}"
    if isinstance(order, Convoy):
        other = position.by_province.get(province_of(order.army))
        whose = f"{_adjective(board, other.power)} " if other is not None and other.power != order.power else ""
        return f"{head} CONVOY {whose}Army {place(board, order.army)} -> {place(board, order.destination)}"
    if isinstance(order, Retreat):
        return f"{head} -> {place(board, order.destination)}"
    if isinstance(order, Disband):
        return f"{head} DISBAND"
    return head


def _adjective(board: Board, power: str) -> str:
    return _ADJECTIVE.get(power) or _power(board, power)


def _outcome(r: OrderResult, dislodged: bool) -> str:
    if r.result is Result.SUCCEEDS:
        return "dislodged" if dislodged else ""
    if r.reason == "dislodged":
        return "dislodged"  # a unit that held, supported or convoyed and was thrown out
    if r.result is Result.VOID:
        word = "void"
    else:
        word = _OUTCOME.get(r.reason or "", "failed")
    return f"{word}, dislodged" if dislodged else word


def _convoy_path(board: Board, order: Move, convoys: Sequence[Convoy]) -> list[str]:
    """The seas of the fleets that carried the army, from its coast to its goal."""
    seas = {c.location for c in convoys if c.army == order.location and c.destination == order.destination}
    start = [s for s in seas if order.location in _near(board, s)]
    queue = deque([[s] for s in sorted(start)])
    seen = set(start)
    while queue:
        path = queue.popleft()
        if province_of(order.destination) in _near(board, path[-1]):
            return path
        for nxt in sorted(seas - seen):
            if nxt in _near(board, path[-1]):
                seen.add(nxt)
                queue.append(path + [nxt])
    return []


def _near(board: Board, sea: str) -> set[str]:
    return {province_of(t) for t in board.fleet_moves.get(sea, ())}


def _dislodged_lines(board: Board, report: PhaseReport) -> list[str]:
    out: list[str] = []
    listed = sorted(report.outcome.listed_dislodged(), key=lambda d: (_power(board, d.unit.power), d.unit.location))
    for d in listed:
        prov = board.provinces.get(d.unit.province)
        the = "the " if prov is not None and prov.terrain is Terrain.SEA else ""
        text = f"The {_adjective(board, d.unit.power)} {_UNIT[d.unit.kind]} in {the}{place(board, d.unit.location)}"
        if d.retreats:
            text += " can retreat to " + " or ".join(place(board, r) for r in d.retreats) + "."
        else:
            text += " with no valid retreats was destroyed."
        out += _wrap(text, 0)
    return out


def _adjustment_lines(board: Board, report: PhaseReport) -> list[str]:
    width = max((len(_power(board, p)) for p in board.powers), default=7) + 4
    allowed = _balance(report.before)  # a build that had no free site is "unusable"
    out: list[str] = []
    done: dict[str, int] = {}
    for r in _by_power(board, report.outcome.results):
        order = r.order
        label = f"{_power(board, order.power) + ':':<{width}}"
        if isinstance(order, Waive):
            out.append(f"{label}Build waived.")
            done[order.power] = done.get(order.power, 0) + 1
            continue
        if not isinstance(order, (Build, Disband)) or r.result is not Result.SUCCEEDS:
            continue  # a build or disband that did not happen is not in the judges' list
        kind = "an army" if order.kind == ARMY else "a fleet"
        prov = board.provinces.get(province_of(order.location))
        the = "the " if prov is not None and prov.terrain is Terrain.SEA else ""
        if isinstance(order, Build):
            out.append(f"{label}Builds {kind} in {place(board, order.location)}.")
        else:
            removed = "the army" if order.kind == ARMY else "the fleet"
            out.append(f"{label}Removes {removed} in {the}{place(board, order.location)}.")
        done[order.power] = done.get(order.power, 0) + 1
    for power, n in sorted(allowed.items(), key=lambda kv: _power(board, kv[0])):
        left = n - done.get(power, 0)
        if n > 0 and left > 0:
            label = f"{_power(board, power) + ':':<{width}}"
            out.append(f"{label}{left} unusable build{'s' if left != 1 else ''} waived.")
    return out


def _balance(position: Position) -> dict[str, int]:
    """Centres minus units per power: the builds (+) or removals (-) a winter owes."""
    out = centre_counts(position.centres)
    for u in position.units:
        out[u.power] = out.get(u.power, 0) - 1
    return out


def _ownership_lines(board: Board, after: Position) -> list[str]:
    width = max((len(_power(board, p)) for p in board.powers), default=7) + 4
    owned: dict[str, list[str]] = {}
    for centre, owner in after.centres.items():
        owned.setdefault(owner, []).append(place(board, centre))
    neutral = sorted(place(board, c) for c, p in board.provinces.items()
                     if p.supply_centre and after.centres.get(c, NEUTRAL) == NEUTRAL)
    powers = sorted(board.powers, key=lambda p: _power(board, p))
    out: list[str] = []
    for power in powers:
        if owned.get(power):
            out += _wrap(f"{_power(board, power) + ':':<{width}}" + ", ".join(sorted(owned[power])) + ".", width)
    if neutral:
        out += _wrap(f"{'Unowned:':<{width}}" + ", ".join(neutral) + ".", width)
    out.append("")
    units: dict[str, int] = {}
    for u in after.units:
        units[u.power] = units.get(u.power, 0) + 1
    for power in powers:
        sc, un = len(owned.get(power, ())), units.get(power, 0)
        if not sc and not un:
            continue
        diff = sc - un
        verb = "Builds" if diff >= 0 else "Removes"
        out.append(f"{_power(board, power) + ':':<{width - 1}}{sc:2d} Supply center{'s' if sc != 1 else ''}, "
                   f"{un:2d} Unit{'s' if un != 1 else ''}:  {verb:<7} {abs(diff):2d} unit{'s' if abs(diff) != 1 else ''}.")
    return out


def _wrap(text: str, indent: int) -> list[str]:
    """A long line cut at a space before column 78, the rest indented under its start."""
    lines: list[str] = []
    while len(text) > WIDTH:
        cut = text.rfind(" ", 0, WIDTH)
        if cut <= indent:
            break
        lines.append(text[:cut])
        text = " " * indent + text[cut + 1:]
    lines.append(text)
    return lines
