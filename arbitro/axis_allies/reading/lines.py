"""One line of a mail read as an order of Axis & Allies Europe, or as no order (R-AAE-PBEM-13).

Each line is Italian, English or the canonical notation, whatever the mail's language; keywords
in any case; spaces by code, name or alias; units by their names, singular or plural. A line is
``ok`` (an order read), ``refused`` (an order this reader cannot read as written, with the
reason and, for a near-miss name, the name meant), or ``ignored`` (not an order: a greeting, a
heading such as ``ORDINI Germania``, a quote, a signature). Only the grammar is read here;
whether the order is legal is movement's, purchase's and the turn's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..orders import (
    COMBAT,
    COMBAT_ORDERS,
    NONCOMBAT,
    NONCOMBAT_ORDERS,
    Attack,
    Boarding,
    Buy,
    Convert,
    Execute,
    Move,
    Order,
    Place,
    Reason,
    Retreat,
    Submerge,
    Units,
)
from .names import Names, known_words, norm
from .vocabulary import (
    AFTER,
    AND,
    ATTACK,
    BELOW,
    BUY,
    COMBAT_HEADINGS,
    CONVERT,
    ELSE,
    ESCORT,
    EXECUTE,
    FEWER,
    FROM,
    GREETINGS,
    LAND,
    MOVE,
    NONCOMBAT_HEADINGS,
    NUMBERS,
    ORDINALS,
    PLACE,
    RAID,
    RETREAT,
    ROUND,
    STALL,
    SUBMERGE,
    TO,
    UNLOAD,
    VIA,
)

OK, REFUSED, IGNORED = "ok", "refused", "ignored"
READING = "R-AAE-PBEM-13"
MAILS = "R-AAE-PBEM-1"

_ARROWS = re.compile(r"\s*(?:->|-->|=>|→|⇒|—>|–>|>|\s-\s)\s*")
_TOKEN = re.compile(r"\(|\)|\{|\}|,|;|:|[^\s,;:(){}]+")


@dataclass(frozen=True)
class Reading:
    status: str                  # OK | REFUSED | IGNORED
    order: Order | None = None
    reason: Reason | None = None


class Unreadable(Exception):
    """Inside the reader only: the line cannot be read as written (never leaves this module)."""

    def __init__(self, code: str, *args: object, rule: str = READING) -> None:
        super().__init__(code)
        self.reason = Reason(rule, code, args)


def read_line(names: Names, text: str, step: str, power: str) -> Reading:
    """The line read in the step of ``power``'s turn (COMBAT: the ORDINI, NONCOMBAT: the
    RIORDINO)."""
    line = text.strip()
    if not line or line.startswith((">", "|")) or line == "--":
        return Reading(IGNORED)
    words = norm(line).split()
    first = words[0] if words else ""
    try:
        if first in COMBAT_HEADINGS or first in NONCOMBAT_HEADINGS:
            return _heading(names, line, words, step, power)
        order = _order(names, line, first)
    except Unreadable as exc:
        return Reading(REFUSED, reason=exc.reason)
    if order is None:
        return Reading(IGNORED) if _not_an_order(names, words) else Reading(
            REFUSED, reason=Reason(READING, "unreadable", (line,)))
    allowed = COMBAT_ORDERS if step == COMBAT else NONCOMBAT_ORDERS
    if not isinstance(order, allowed):
        mail = "noncombat" if step == COMBAT else "combat"
        return Reading(REFUSED, order, Reason(MAILS, f"belongs_to_{mail}", ()))
    return Reading(OK, order)


# -- headings and lines that are no order ----------------------------------------------------


def _heading(names: Names, line: str, words: list[str], step: str, power: str) -> Reading:
    """``ORDINI Germania``: ignored; refused when it names the other mail or another power (the
    player may have sent the wrong mail)."""
    if len(words) > 6:  # "ordini per questo turno: ..." is no heading but a sentence
        return Reading(IGNORED) if _not_an_order(names, words) else Reading(
            REFUSED, reason=Reason(READING, "unreadable", (line,)))
    mail = COMBAT if words[0] in COMBAT_HEADINGS else NONCOMBAT
    rest = " ".join(words[1:])
    named = names.power(rest) if rest else None
    if rest and named is None and names.space(rest) is None:
        return Reading(IGNORED)
    if named is not None and named != power:
        return Reading(REFUSED, reason=Reason(MAILS, "heading_other_power", (named, power)))
    if mail != step:
        return Reading(REFUSED, reason=Reason(MAILS, f"heading_{mail}_in_{step}", ()))
    return Reading(IGNORED)


def _not_an_order(names: Names, words: list[str]) -> bool:
    """No number, no unit, no space name: prose, a greeting, a signature."""
    if not words or words[0] in GREETINGS:
        return True
    known = set(known_words(names))
    has_number = any(w.isdigit() for w in words)
    has_unit = any(names.unit_at(words, i) for i in range(len(words)))
    has_name = sum(1 for w in words if w in known and len(w) > 3)
    return not has_unit and not (has_number and has_name)


# -- orders ------------------------------------------------------------------------------------


def _order(names: Names, line: str, first: str) -> Order | None:
    body = _after_keyword(line)
    if first in EXECUTE:
        if body.strip():
            raise Unreadable("unreadable", line)
        return Execute()
    if first in BUY:
        return Buy(_units(names, body.lstrip(": ")))
    if first in PLACE:
        space, units = _space_and_units(names, body, "place")
        return Place(space, units)
    if first in CONVERT:
        space, units = _space_and_units(names, body, "convert", owners=True)
        return Convert(space, units)
    if first in ATTACK:
        return _attack(names, body)
    if first in SUBMERGE:
        return _submerge(names, body)
    if first in RETREAT:
        return _retreat(names, body)
    if first in MOVE:
        return _move(names, body)
    if _ARROWS.search(line) or re.search(r"\b(?:da|dal|dalla|dallo|dall|dai|dagli|dalle|from)\b",
                                         norm(line)):
        return _move(names, line)
    if ":" in line and _units_after_colon(names, line):
        raise Unreadable("no_destination", line)
    return None


def _after_keyword(line: str) -> str:
    return line.strip().split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""


def _units_after_colon(names: Names, line: str) -> bool:
    head, _, tail = line.partition(":")
    words = norm(tail).split()
    return names.space(head) is not None and any(names.unit_at(words, i) for i in range(len(words)))


# -- spaces ------------------------------------------------------------------------------------


def _space(names: Names, text: str) -> str:
    cleaned = text.strip().strip(".")
    if not cleaned:
        raise Unreadable("no_space")
    code = names.space(cleaned)
    if code is None:
        near = names.near_space(cleaned)
        if near is not None:
            raise Unreadable("unknown_space_near", cleaned, near)
        raise Unreadable("unknown_space", cleaned)
    return code


def _split_top(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside braces and parentheses."""
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _space_and_units(names: Names, body: str, what: str,
                     owners: bool = False) -> tuple[str, tuple[Units, ...]]:
    """``T: units`` (or ``units in T``)."""
    parts = _split_top(body, ":")
    if len(parts) == 2:
        return _space(names, parts[0]), _units(names, parts[1], owners=owners)
    m = re.match(r"(?is)(.*)\s(?:in|a|at|nel|nella|nello|into|to|on|su)\s(.+)$", body.strip())
    if m:
        return _space(names, m.group(2)), _units(names, m.group(1), owners=owners)
    raise Unreadable(f"{what}_form", body.strip())


# -- units ---------------------------------------------------------------------------------------


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def _units(names: Names, text: str, *, owners: bool = False,
           cargo: bool = True) -> tuple[Units, ...]:
    """``3 fanteria, 2 carri``, ``2 fanterie 1 bombardiere``, ``1 trasporto(2 fanteria)``,
    ``2 fanteria UK``."""
    tokens = [t for t in _TOKEN.findall(text)]
    out: list[Units] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        word = norm(tok)
        if tok in (",", ";") or word in AND:
            i += 1
            continue
        count = _count(word)
        if count is not None:
            i += 1
        words = [norm(t) for t in tokens[i:]]
        found = names.unit_at([w for w in words], 0) if words else None
        if found is None:
            named = tok if count is None else (tokens[i] if i < len(tokens) else "")
            if norm(named) and not norm(named).isdigit() and named not in ",;(){}":
                near = names.near_unit(named)
                if near is not None:
                    raise Unreadable("unknown_unit_near", named, near)
                raise Unreadable("unknown_unit", named)
            raise Unreadable("no_unit_type", text.strip())
        type_name, size = found
        named = " ".join(words[:size])
        i += size
        if count is None:
            if not _singular(names, type_name, named):
                raise Unreadable("no_count", named)
            count = 1
        if count <= 0:
            raise Unreadable("bad_count", count)
        owner = None
        held: tuple[Units, ...] | None = None
        if i < len(tokens) and tokens[i] == "(":
            if not cargo:
                raise Unreadable("unreadable", text.strip())
            close = _closing(tokens, i)
            held = _units(names, " ".join(tokens[i + 1:close]), cargo=False) if close > i + 1 else ()
            i = close + 1
        if owners and i < len(tokens):
            owner, used = _owner(names, tokens, i)
            i += used
        out.append(Units(count, type_name, owner, held))
    if not out:
        raise Unreadable("no_units", text.strip())
    return tuple(out)


def _closing(tokens: list[str], i: int) -> int:
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j] == "(":
            depth += 1
        elif tokens[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    raise Unreadable("unbalanced", " ".join(tokens))


def _owner(names: Names, tokens: list[str], i: int) -> tuple[str | None, int]:
    for size in (4, 3, 2, 1):
        if i + size <= len(tokens):
            found = names.power(" ".join(tokens[i:i + size]))
            if found:
                return found, size
    return None, 0


def _singular(names: Names, type_name: str, named: str) -> bool:
    words = names.board.unit_words[type_name]
    plural = {norm(words.en_plural), norm(words.it_plural)}
    singular = {norm(words.en), norm(words.it), norm(type_name)}
    return named in singular and named not in plural


# -- moves ---------------------------------------------------------------------------------------


def _move(names: Names, text: str) -> Move:
    """``start: units [{T: units}] -> a [{T: units}] -> b [RAID | ESCORT [ELSE z] | UNLOAD u]``,
    ``units start -> a``, ``units da start a b``, ``units from start to b``."""
    text = _ARROWS.sub(" -> ", text.strip())
    segments = [s.strip() for s in _split_arrows(text)]
    if len(segments) == 1:
        segments = _iaapa(names, segments[0])
    head = segments[0]
    parts = _split_top(head, ":")
    boardings: list[Boarding] = []
    if len(parts) == 2:
        start = _space(names, parts[0])
        unit_text, board = _boarding_of(names, parts[1])
    elif len(parts) == 1:
        unit_text, start = _units_then_space(names, head)
        unit_text, board = _boarding_of(names, unit_text)
    else:
        raise Unreadable("unreadable", text)
    units = _units(names, unit_text)
    if board is not None:
        boardings.append(Boarding(start, board[0], board[1]))
    path: list[str] = []
    raid = escort = False
    fallback: str | None = None
    unload: tuple[Units, ...] | None = None
    for k, segment in enumerate(segments[1:], start=1):
        last = k == len(segments) - 1
        rest, board = _boarding_of(names, segment)
        if last:
            rest, raid, escort, fallback, unload = _trailing(names, rest)
        space = _space(names, rest)
        path.append(space)
        if board is not None:
            boardings.append(Boarding(space, board[0], board[1]))
    if not path:
        raise Unreadable("no_destination", text)
    return Move(start, units, tuple(path), tuple(boardings), raid, escort, fallback, unload)


def _split_arrows(text: str) -> list[str]:
    parts: list[str] = []
    cur: list[str] = []
    depth = i = 0
    while i < len(text):
        ch = text[i]
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        if depth == 0 and text.startswith(" -> ", i):
            parts.append("".join(cur))
            cur = []
            i += 4
            continue
        cur.append(ch)
        i += 1
    parts.append("".join(cur))
    return parts


def _iaapa(names: Names, text: str) -> list[str]:
    """``3 fanterie e 1 carro da Germania a Polonia [via X]``, ``2 inf from Germany to Poland``:
    the segments of an arrowed move."""
    m = re.match(r"(?is)^(.*?)\s(?:da|dal|dalla|dallo|dall'|dai|dagli|dalle|from)\s(.+)$", text)
    if not m:
        raise Unreadable("no_destination", text)
    units, rest = m.group(1), m.group(2)
    tos = "|".join(re.escape(t) for t in TO if t not in ("a",)) + "|a"
    m2 = re.match(rf"(?is)^(.+?)\s(?:{tos})\s(.+)$", rest)
    if not m2:
        raise Unreadable("no_destination", text)
    start, dest = m2.group(1), m2.group(2)
    vias = "|".join(VIA)
    via = re.split(rf"(?i)\s(?:{vias})\s", dest)
    head = f"{start}: {units}"
    if len(via) > 1:  # "a Y via Z": the path goes through Z first
        return [head, *[v for v in via[1:]], via[0]]
    return [head, dest]


def _units_then_space(names: Names, text: str) -> tuple[str, str]:
    """``2 inf Germany`` / ``2 inf da Germania``: the units, then the start."""
    m = re.match(r"(?is)^(.*?)\s(?:da|dal|dalla|dallo|dall'|dai|dagli|dalle|from)\s(.+)$", text)
    if m and names.space(m.group(2)):
        return m.group(1), names.space(m.group(2)) or ""
    tokens = text.split()
    for cut in range(1, len(tokens)):
        space = names.space(" ".join(tokens[cut:]))
        if space is not None:
            try:
                _units(names, " ".join(tokens[:cut]))
            except Unreadable:
                continue
            return " ".join(tokens[:cut]), space
    raise Unreadable("no_start", text)


def _boarding_of(names: Names, text: str) -> tuple[str, tuple[str, tuple[Units, ...]] | None]:
    m = re.search(r"\{([^}]*)\}", text)
    if not m:
        return text, None
    inner = m.group(1)
    parts = _split_top(inner, ":")
    if len(parts) != 2:
        raise Unreadable("boarding_form", inner)
    territory = _space(names, parts[0])
    rest = (text[:m.start()] + " " + text[m.end():]).strip()
    return rest, (territory, _units(names, parts[1], cargo=False))


def _trailing(names: Names, text: str) -> tuple[str, bool, bool, str | None,
                                                 tuple[Units, ...] | None]:
    """The last space and what follows it: RAID, ESCORT [ELSE z], UNLOAD units."""
    tokens = text.split()
    folded = [norm(t) for t in tokens]
    raid = escort = False
    fallback: str | None = None
    unload: tuple[Units, ...] | None = None
    cut = len(tokens)
    for i, w in enumerate(folded):
        if w in RAID or w in ESCORT or w in UNLOAD:
            cut = i
            break
    rest = folded[cut:]
    raw = tokens[cut:]
    j = 0
    while j < len(rest):
        w = rest[j]
        if w in RAID and not raid:
            raid = True
            j += 1
        elif w in ESCORT and not escort:
            escort = True
            j += 1
            if j < len(rest) and rest[j] in ELSE:
                end = next((k for k in range(j + 1, len(rest)) if rest[k] in UNLOAD or rest[k] in RAID),
                           len(rest))
                fallback = _space(names, " ".join(raw[j + 1:end]))
                j = end
        elif w in UNLOAD and unload is None:
            unload = _units(names, " ".join(raw[j + 1:]), cargo=False)
            j = len(rest)
        else:
            raise Unreadable("unreadable", " ".join(raw))
    return " ".join(tokens[:cut]), raid, escort, fallback, unload


# -- ships staying, submarines, retreats ---------------------------------------------------------


def _attack(names: Names, body: str) -> Attack:
    parts = _split_top(body, ":")
    zone = _space(names, parts[0])
    if len(parts) == 1 or not parts[1].strip():
        return Attack(zone)
    return Attack(zone, _units(names, parts[1]))


def _submerge(names: Names, body: str) -> Submerge:
    parts = _split_top(body, ":")
    if len(parts) == 2:
        zone_text, what = parts
    else:
        tokens = body.split()
        cut = next((i for i, t in enumerate(tokens) if norm(t) in STALL or norm(t) in FROM), None)
        if cut is None or cut == 0:
            raise Unreadable("submerge_form", body.strip())
        zone_text, what = " ".join(tokens[:cut]), " ".join(tokens[cut:])
    zone = _space(names, zone_text)
    words = norm(what).split()
    if len(words) == 1 and words[0] in STALL:
        return Submerge(zone)
    if words and words[0] in FROM:
        rest = [w for w in words[1:] if w not in ROUND and w not in ("il", "the")]
        if len(rest) == 1:
            n = _round_number(rest[0])
            if n is not None:
                if n < 2:
                    raise Unreadable("submerge_round", n, rule="R-AAE-PBEM-6")
                return Submerge(zone, n)
    raise Unreadable("submerge_form", what.strip())


def _round_number(word: str) -> int | None:
    word = word.rstrip("°ºa")
    if word.isdigit():
        return int(word)
    if word in ORDINALS:
        return ORDINALS[word]
    return NUMBERS.get(word) if word not in ("a", "an", "un", "una", "uno") else None


def _retreat(names: Names, body: str) -> Retreat:
    """``T: AFTER n; BELOW k [LAND]; TO S`` and its Italian and English phrasings
    (``dopo il 2° round, se restano meno di 3 unità di terra, in Polonia``)."""
    parts = _split_top(body, ":")
    if len(parts) != 2:
        raise Unreadable("retreat_form", body.strip())
    space = _space(names, parts[0])
    after: int | None = None
    below: int | None = None
    land = False
    to: str | None = None
    for clause in re.split(r"[;,]", parts[1]):
        words = norm(clause).split()
        if not words:
            continue
        used = False
        a = _after_in(words)
        if a is not None:
            after, used = a, True
        b = _below_in(words)
        if b is not None:
            below, used = b, True
            land = land or any(w in LAND for w in words)
        if not used and words[0] in TO:
            to = _space(names, " ".join(clause.split()[1:]))
            used = True
        if not used:
            raise Unreadable("retreat_clause", clause.strip())
    if to is None:
        raise Unreadable("retreat_no_to", rule="R-AAE-PBEM-6")
    if after is None and below is None:
        raise Unreadable("retreat_no_condition", rule="R-AAE-PBEM-6")
    if after is not None and after < 1:
        raise Unreadable("retreat_round", after, rule="R-AAE-PBEM-6")
    if below is not None and below < 1:
        raise Unreadable("retreat_below", below, rule="R-AAE-PBEM-6")
    return Retreat(space, to, after, below, land)


def _after_in(words: list[str]) -> int | None:
    for i, w in enumerate(words):
        if w in AFTER:
            for nxt in words[i + 1:i + 5]:
                if nxt in ("il", "the", "lo", "l") or nxt in ROUND:
                    continue
                return _round_number(nxt)
    return None


def _below_in(words: list[str]) -> int | None:
    for i, w in enumerate(words):
        if w in BELOW and i + 1 < len(words):
            return _count(words[i + 1])
        for pair in FEWER:
            if tuple(words[i:i + 2]) == pair and i + 2 < len(words):
                return _count(words[i + 2])
    return None


__all__ = ["IGNORED", "OK", "REFUSED", "Reading", "read_line"]
