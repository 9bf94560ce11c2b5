"""Words of an order line as tokens: unit types, verbs, provinces, powers.

Italian and English verbs and their variants (R-ORD-1), province names in any
form the name index knows (R-ORD-2), coasts in every written form (R-ORD-5).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..spelling.folding import fold
from .names import NAME_FILLERS, NameIndex, key_of

KIND, VERB, LOC, POWER, COLON, SEP, FILL, UNK = "kind", "verb", "loc", "power", "colon", "sep", "fill", "unk"
HOLD, MOVE, SUPPORT, CONVOY, RETREAT, DISBAND, BUILD, WAIVE, VIA = "H", "M", "S", "C", "R", "D", "B", "W", "V"


def _table(spec: dict[str, str]) -> dict[str, str]:
    return {w: value for value, words in spec.items() for w in words.split()}


# Russian words are written as players write them and folded like every word read (й -> и,
# ё -> е): the orders of the Russian forum (seed 004) and the terse forms of its players.
_RU_KINDS = {"A": "а арм армия армии армию армией армиеи армиями армиям", "F": "ф фл флот флота флоту флотом флоте флоты флотами"}
_RU_VERBS = {
    HOLD: "стоит стоять стой стою стоим держит держать держится удерживает обороняется обороняет "
    "защищается остается остаётся остаться ждет ждёт оборона оборону обороне обороны защиту защите",
    MOVE: "атакует атаковать атака атаке атаку атакой атакую идет идёт идти иди перемещается переместиться "
    "перемещение движется двигается наступает входит входить занимает захватывает "
    "десантируется десантироваться высаживается",
    SUPPORT: "п под подд поддерживает поддержать поддерживаю поддерживать поддержка поддержку поддержкой "
    "поддержки помогает",
    CONVOY: "к конв конвой конвоирует конвоировать конвоирую десантирует перевозит перевозить транспортирует "
    "везет везёт",
    RETREAT: "отступает отступить отступление отступаю отход отходит отойти отст",
    DISBAND: "распускается распустить распускаю распущен роспуск расп расформировать расформировывается "
    "расформирован расформирую уничтожить удалить убрать снять",
    BUILD: "строит строить построить строю строим постройка выставить выставляет выставляю стр новая новый",
    WAIVE: "отказ отказываюсь отказывается пропуск",
    VIA: "через",
}
KINDS = _table({"A": "a army armata armate esercito", "F": "f fleet flotta flotte fl flt"})
KINDS.update({fold(w): v for v, words in _RU_KINDS.items() for w in words.split()})
VERBS = _table(
    {
        # "stallo" and "arresto": the seed's words for a hold ("l'ordine di arresto", "ordine di
        # stallo"); "in difesa" / "difensivo": a support to hold ("appoggio difensivo")
        HOLD: "h hold holds hld holding xxx xx x fermo ferma fermi ferme fermata sta stare stai sto resta "
        "resti resto restare rimane rimani rimanere stand stands stay stays tiene tengo difende difendo "
        "difesa difensivo difensiva defend defends stallo arresto immobile",
        MOVE: "- to m mv move moves moving va vai vada vado muove muovi muovo muovere attacca attacco "
        "attack attacks verso into goes go invade invado invades entra entro sposta sposto spostare "
        "spostarsi avanza avanzo",
        SUPPORT: "s sup supp support supports supporting app appo appog appoggia appoggio appoggiano "
        "appoggiamo appoggiare sostiene sostengo sostenere sostegno sost supporta supporto supportare aiuta",
        CONVOY: "c cv cvy conv convoy convoys convoying convoglia convoglio tr tra tras trasp trasporta "
        "trasporto trasportano trasportare",
        RETREAT: "r retreat retreats ret ritira ritirata ritirati ritirarsi ritiro ritiriamo rit ripiega ripiego",
        DISBAND: "d disband disbands remove removes rem destroy scioglie sciogli sciolgo sciogliamo sciogliere "
        "scioglimento sciolta sciolto rimuovi rimuove rimuovo elimina elimino distruggi distruggo congeda "
        "congedo",
        BUILD: "b build builds bld costruisce costruisci costruire costruzione costruisco costruiamo crea "
        "creo new nuova nuovo nuove nuovi",
        WAIVE: "waive waives waived rinuncia rinuncio pass passo",
        VIA: "via by tramite",
    }
)
VERBS.update({fold(w): v for v, words in _RU_VERBS.items() for w in words.split()})
FILLERS = frozenset(
    """the il lo la l i gli le un una uno di del della dello dei degli delle da dal dalla dallo in nel
    nella nello nei al alla allo ad ai su sul sulla at from of on and e ed then poi che which is its
    his my mia our nostra nostro sua suo unit unita units order ordine ordini orders please per an
    favore anche also pure propria proprio whose who si will shall dell nell all sull dall
    with ? currently ora now""".split()
) | frozenset(fold(w) for w in """в во на из от до для по при и же это мой моя мои наш наша наши его её ее их
    свою свой своя мою территорию территории провинцию провинции приказ приказы ход пожалуйста также тоже затем
    потом месте""".split())
# Words that may follow "via" meaning by sea ("via convoglio", "by convoy", "via mare").
VIA_WORDS = frozenset("convoy convoglio mare sea nave navi trasporto c tr conv конвои конвоем конв море".split())  # (some are verbs too)
_COAST_DIR = _table({"NC": "n north nord settentrionale nc cn", "SC": "s south sud meridionale sc cs",
                     "EC": "e east est orientale ec ce", "WC": "w west ovest occidentale wc co"})
# Russian coasts, folded: "Испания СБ" (северный берег), "Болгария, восточный берег"
_RU_COASTS = {"NC": "сб северныи северное северном", "SC": "юб южныи южное южном",
              "EC": "вб восточныи восточное восточном", "WC": "зб западныи западное западном"}
_COAST_DIR.update({w: v for v, words in _RU_COASTS.items() for w in words.split()})
_COAST_WORD = frozenset("costa coast c берег берегу".split())
# bare coast words (no slash or parenthesis) that cannot be a verb or filler
_BARE_COAST = frozenset("nc sc ec wc cn cs ce nord sud est north south east west ovest".split()) | frozenset(
    w for words in _RU_COASTS.values() for w in words.split())
# "в Восточную Болгарию", "Южную Испанию" (seed 004): the coast said before the province
_RU_COAST_FIRST = re.compile(
    r"\b(северн|южн|восточн|западн)(?:ый|ая|ое|ую|ого|ой|ом|ому|ым)\s+([А-Яа-яЁё]+)", re.IGNORECASE)
_RU_COAST_CODE = {"северн": "nc", "южн": "sc", "восточн": "ec", "западн": "wc"}


def _ru_coast_first(ix: NameIndex, m: re.Match[str]) -> str:
    word = fold(m.group(2))
    if ix.split.isdisjoint(ix.exact.get(word, ())):
        return m.group(0)  # "Северное море", "Восточное Средиземноморье": a name, not a coast
    return f"{m.group(2)} /{_RU_COAST_CODE[m.group(1).lower()]}"
# every word a coast may start with
_COAST_START = frozenset(_COAST_DIR) | _COAST_WORD | {"/", "costa"}


class Token(NamedTuple):
    """One word (or several, for a province name) of an order line."""

    type: str
    value: str = ""  # KIND: A/F; VERB: H M S C R D B W V; POWER: name; else the folded word
    text: str = ""  # as written
    codes: tuple[str, ...] = ()  # LOC: candidate provinces, usual reading first
    coast: str | None = None  # LOC: NC/SC/EC/WC as written
    coast_text: str = ""
    guessed: bool = False  # LOC: from a name's start or a misspelling


# The lexer makes a Token per word with _new_tuple(Token, (all seven fields)): the same
# value as Token(...), without the Python-level __new__ call a NamedTuple adds.
_new_tuple = tuple.__new__

# One character for another: dashes and arrows are moves, brackets mark coasts.
_CHARS = str.maketrans({
    "→": " - ", "⇒": " - ", "⟶": " - ", "–": " - ", "—": " - ", "−": " - ", "‐": " - ", "‑": " - ",
    ">": " - ", "(": " / ", ")": " ", "[": " ", "]": " ", "{": " ", "}": " ", "'": " ", "’": " ",
    "`": " ", "´": " ", '"': " ", "“": " ", "”": " ", "«": " ", "»": " ", "*": " ", "•": " ",
    "·": " ", "!": " ", ".": " ",
})
_ARROW = re.compile(r"-+>|=+>")
_ELISION = re.compile(r"\b(d|l|dell|nell|all|sull|dall|un|coll)['’`]", re.IGNORECASE)
_JOINED = re.compile(r"\b(mid|north|nord|south|east|west|st|n|s|e|w)\s*[-–]\s*(?=atl|afr|med|pet|pie)", re.IGNORECASE)
# what must follow a joined name's dash: a cheap test before the costly _JOINED
_JOINED_END = re.compile(r"atl|afr|med|pet|pie", re.IGNORECASE)
# "S. Pietroburgo", "S.Pietroburgo", "F S Pietroburgo": a saint's abbreviation, not a support
# ("S"), when the board has a name that the word completes (see _saint).
_SAINT = re.compile(r"\bS(?:\s*\.\s*|(?<=\b[AaFf] S)\s+)([^\W\d_]{3,})", re.IGNORECASE)
_SAINT_WORDS = ("san", "santo", "sankt", "saint", "st")
_WORD = re.compile(r"[^\W_]+|[-/:;,?]")
_HOLD_XS = re.compile(r"x{2,}")

# Words that read the same on every board, in the order lex tries them: separators,
# unit types, verbs. None: a lone slash (not after a province), skipped.
_FIXED: dict[str, tuple[str, str] | None] = {
    ";": (SEP, ";"), ",": (SEP, ","), ":": (COLON, ":"), "/": None,
    **{w: (KIND, v) for w, v in KINDS.items()},
    **{w: (VERB, v) for w, v in VERBS.items() if w not in KINDS},
}
# What _reserved tests, as one set lookup
_RESERVED = frozenset(_FIXED)


def _saint(ix: NameIndex, m: re.Match[str]) -> str:
    """ "S." read as the saint's word that makes a name of this board, else left as it is."""
    word = fold(m.group(1))
    for saint in _SAINT_WORDS:
        if saint + word in ix.key_starts:
            return f"{saint} {m.group(1)}"
    return m.group(0)


# "Санкт-Петербург", "Ла-Манш": a hyphen inside a Russian name is not a move
_RU_HYPHEN = re.compile(r"([А-Яа-яЁё]+)-(?=([А-Яа-яЁё]+))")


def _ru_hyphen(ix: NameIndex, m: re.Match[str]) -> str:
    joined = fold(m.group(1) + m.group(2))
    return m.group(1) + " " if joined in ix.key_starts else m.group(0)


def _normalised(text: str, ix: NameIndex) -> str:
    """The line with arrows, elisions and joined names undone, marks made spaces."""
    if not text.isascii():
        if "-" in text:
            text = _RU_HYPHEN.sub(lambda m: _ru_hyphen(ix, m), text)
        text = _RU_COAST_FIRST.sub(lambda m: _ru_coast_first(ix, m), text)
    if ">" in text:
        text = _ARROW.sub(" - ", text)
    if "'" in text or "’" in text or "`" in text:
        text = _ELISION.sub("", text)
    if ("S." in text or " S " in text or "s." in text or " s " in text) and _SAINT.search(text):
        text = _SAINT.sub(lambda m: _saint(ix, m), text)
    if ("-" in text or "–" in text) and _JOINED_END.search(text):
        text = _JOINED.sub(r"\1", text)
    return text.translate(_CHARS)


def lex(text: str, ix: NameIndex, fuzzy: bool = False, lang: str = "it") -> list[Token]:
    plain = _normalised(text, ix)
    raw = _WORD.findall(plain)
    # ASCII text (nearly every order line) folds by lower() alone, word for word the same split
    low = _WORD.findall(plain.lower()) if plain.isascii() else [fold(w) for w in raw]
    n = len(low)
    out: list[Token] = []
    exact, key_starts, power_starts = ix.exact, ix.key_starts, ix.power_starts
    codes_of = ix.by_lang.get(lang)  # ix.lookup's answers, precomputed
    i = 0
    while i < n:
        w = low[i]
        if w in _FIXED and not (w in exact and _FIXED[w] == (KIND, "A") and _names_place(out, low, i)):
            fixed = _FIXED[w]
            if fixed is not None:  # a slash not after a province: nothing to say
                out.append(_new_tuple(Token, (fixed[0], fixed[1], raw[i], (), None, "", False)))
            i += 1
            continue
        if w in exact and w not in power_starts and w not in FILLERS:
            # the usual province, a code or one-word name ("Ven", "Venezia"), read at once
            # unless the next word may go on with a longer name (_location_at's search)
            # or make it a power header ("Xxx:")
            nxt = low[i + 1] if i + 1 < n else ";"
            if nxt != ":" and (nxt in _RESERVED or (nxt not in NAME_FILLERS and w + nxt not in key_starts)):
                codes = codes_of[w] if codes_of is not None else ix.lookup(w, lang)
                tok = _new_tuple(Token, (LOC, w, raw[i], codes, None, "", False))
                i += 1
                if i < n and low[i] in _COAST_START:
                    tok, i = _with_coast(tok, raw, low, i, ix)
                out.append(tok)
                continue
        got = _power_at(low, i, ix) if w in power_starts else None
        if not got and i + 1 < n and low[i + 1] == ":" and not out and w.isalpha():
            name = ix.power(w, fuzzy=True)  # "Germnay:" before the orders
            got = (name, i + 1) if name else None
        if got:
            name, j = got
            out.append(Token(POWER, name, " ".join(raw[i:j])))
            i = j
            continue
        loc = _location_at(raw, low, i, ix, fuzzy, lang) if (fuzzy or w in key_starts) else None
        if loc is not None:
            tok, j = loc
            if j < n and low[j] in _COAST_START:
                tok, j = _with_coast(tok, raw, low, j, ix)
            out.append(tok)
            i = j
            continue
        if w in FILLERS:
            out.append(Token(FILL, w, raw[i]))
        elif _HOLD_XS.fullmatch(w):
            out.append(Token(VERB, HOLD, raw[i]))
        else:
            out.append(Token(UNK, w, raw[i]))
        i += 1
    return out


def _names_place(out: list[Token], low: list[str], i: int) -> bool:
    """Whether a word that is both a unit type and a province's code (Russian "арм", short
    for army, is Armenia's code) names the province here: after a unit type or a move
    ("Ф Арм стоит", "Ф Сев - Арм"), or before a verb or the end ("Арм стоит"); a unit type
    where a unit is named ("Арм Москвы стоит", "П Арм Москвы")."""
    if out and (out[-1].type == KIND or (out[-1].type == VERB and out[-1].value in (MOVE, RETREAT))):
        return True
    return i + 1 >= len(low) or _reserved(low[i + 1])


def _reserved(w: str) -> bool:
    return w in _RESERVED or w.startswith("-")


def _power_at(low: list[str], i: int, ix: NameIndex) -> tuple[str, int] | None:
    acc, found = "", None
    for j in range(i, min(len(low), i + 3)):
        w = low[j]
        if j > i and _reserved(w):
            break
        if w in NAME_FILLERS and j > i:
            continue
        acc += w
        if acc not in ix.power_starts:
            break
        name = ix.powers.get(acc)
        if name:
            found = (name, j + 1)
    return found


def _location_at(
    raw: list[str], low: list[str], i: int, ix: NameIndex, fuzzy: bool, lang: str
) -> tuple[Token, int] | None:
    w = low[i]
    if w in _RESERVED or w[:1] == "-":
        return None
    if w in FILLERS and w != "e":
        # a linking word that is also a province code on this map (Delhi, DEL)
        codes = ix.exact.get(w)
        return (Token(LOC, w, raw[i], ix.lookup(w, lang)), i + 1) if codes else None
    n = len(low)
    # the longest run of words whose letters make a known name ("Mare del Nord", "North Sea")
    key_starts, exact = ix.key_starts, ix.exact
    acc, best = w, (w, i + 1) if w in exact else None
    if w in key_starts:
        for j in range(i + 1, min(n, i + ix.max_words)):
            x = low[j]
            if x in _RESERVED or x[:1] == "-" or not x.isalnum():
                break
            if x in NAME_FILLERS:
                continue
            acc += x
            if acc not in key_starts:
                break
            if acc in exact and x not in FILLERS:
                best = (acc, j + 1)
    if best is not None and not (best[1] == i + 1 and w in FILLERS):
        key, j = best
        text = raw[i] if j == i + 1 else " ".join(raw[i:j])
        return Token(LOC, key, text, ix.lookup(key, lang)), j
    if not fuzzy or not w.isalpha() or w in FILLERS:
        return None
    for j in range(min(n, i + 3), i, -1):
        ws = low[i:j]
        if not _span_ok(ws) or any(x in FILLERS for x in ws[-1:]):
            continue
        key = key_of(ws)
        codes = ix.guess(key)
        if codes:
            return Token(LOC, key, " ".join(raw[i:j]), codes, guessed=True), j
    return None


def _span_ok(ws: list[str]) -> bool:
    if (ws[0] in FILLERS and ws[0] != "e") or ws[-1] in FILLERS or _reserved(ws[0]):  # "E Med"
        return False
    return not any(_reserved(x) for x in ws[1:]) and all(x.isalnum() for x in ws)


def _with_coast(tok: Token, raw: list[str], low: list[str], j: int, ix: NameIndex) -> tuple[Token, int]:
    """Read a coast after a province: /nc, (ec), sc, costa est, north coast, n.c. ..."""
    n = len(low)
    if j >= n or low[j] not in _COAST_START:
        return tok, j  # the common case: no coast follows
    k = j
    slash = low[k] == "/"
    if slash:
        k += 1
    start = k
    words = low[k : k + 3]
    coast = None
    used = 0
    if words:
        a = words[0]
        b = words[1] if len(words) > 1 else ""
        if a in _COAST_WORD and b in _COAST_DIR and (slash or a != "c" or b not in ("s", "e", "n", "w")):
            coast, used = _COAST_DIR[b], 2
        elif a in ("n", "s", "e", "w") and b == "c":
            coast, used = _COAST_DIR[a], 2  # "e.c." written with dots
        elif a in _COAST_DIR and (slash or a in _BARE_COAST):
            coast, used = _COAST_DIR[a], 1
            if b in _COAST_WORD and b != "c":
                used = 2
            elif b == "c" and len(a) == 1:
                used = 2  # "n.c." written with dots
        elif a == "costa" and b in ("settentrionale", "meridionale", "orientale", "occidentale"):
            coast, used = _COAST_DIR[b], 2
    # without a slash, coast words are read only after a split-coast province
    if coast is not None and (slash or not ix.split.isdisjoint(tok.codes)):
        # a bare direction followed by more of a name is not a coast ("East Med")
        if not slash and start + used < n and ix.lookup(key_of(low[start : start + used + 1])):
            return tok, j
        text = " ".join(raw[start : start + used])
        return Token(LOC, tok.value, tok.text, tok.codes, coast, text, tok.guessed), start + used
    return tok, (start if slash else j)
