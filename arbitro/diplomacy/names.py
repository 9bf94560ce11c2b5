"""Every way players name provinces and powers, indexed for the order parser.

A *key* is a name folded to lower-case ASCII letters and digits with the small
linking words dropped: "Mare d'Irlanda" -> "mareirlanda", "Gulf of Lyon" ->
"gulflyon". A key may name more than one province ("liv": Livonia for Italian
players, Liverpool for English ones); the parser lets the board decide.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

from .board import Board, Terrain
from .russian import name_forms
from ..spelling.distance import allowed_errors, by_first_letter, closest, closest_in
from ..spelling.folding import fold, words_of

# The languages the order reader knows (its words: order_words.py).
READER_LANGUAGES = ("it", "en", "ru")

# Linking words inside multi-word names.
NAME_FILLERS = frozenset(
    "di del della dello dei degli delle d dell de of the la le il lo".split()
)
# Words too generic to name a province alone (not matched by prefix or spelling).
GENERIC = frozenset(
    """mar mare mari sea seas golfo gulf oceano ocean costa coast canale channel baia bight
    stretto nord north sud south est east ovest west mediterraneo mediterranean atlantico
    atlantic orientale occidentale settentrionale meridionale eastern western northern
    southern centrale medio mid san st saint море залив пролив бухта северное южное восточное
    западное средиземноморье атлантика""".split()
)
# First words dropped to make short forms ("Mar Egeo" -> "egeo", "San Pietroburgo" -> "pietroburgo").
_DROP_FIRST = frozenset("mar mare golfo gulf baia oceano san st saint".split())
_DROP_LAST = frozenset("sea ocean bight channel".split())

# Abbreviations with a second reading players really use (R-ORD-2): English players
# write Liv for Liverpool, some Italian tables use Gal for Galles (Wales), and Tir
# is read as Tirreno by some. Keyed by the reading's English name, so a variant
# without that province gets no extra reading.
# The languages say whose habit it is: English players never mean Wales by "Gal".
_SECOND_READINGS = {
    "liv": ("liverpool", ("it", "en")),
    "gal": ("wales", ("it",)),
    "tir": ("tyrrhenian sea", ("it",)),
}

# Other names Italian and English players give some provinces, keyed by English name.
_MORE_NAMES = {
    "mid-atlantic ocean": ("medio atlantico", "atlantico medio", "atlantico centrale", "mid atlantic"),
    "north atlantic ocean": ("atlantico settentrionale", "atlantico del nord", "nord atlantico", "north atlantic"),
    "helgoland bight": ("golfo di helgoland", "baia di heligoland", "heligoland bight"),
    "gulf of lyon": ("golfo di lione", "golfo del lione", "gulf of lions", "golfo leone"),
    "eastern mediterranean": ("mediterraneo est", "med orientale", "east med"),
    "western mediterranean": ("mediterraneo ovest", "med occidentale", "west med"),
    "munich": ("monaco di baviera", "muenchen"),
    "st petersburg": ("saint petersburg", "st pete"),
    "constantinople": ("istanbul", "costantinopoli"),
    "north africa": ("nordafrica", "africa del nord", "africa settentrionale"),
}

_EXTRA_POWER_NAMES = {
    "AUSTRIA": ("austria ungheria", "austria-ungheria", "austria hungary", "austria-hungary", "austro ungarico"),
    "ENGLAND": ("gran bretagna", "great britain", "britain", "inghilterra", "regno unito", "uk"),
    "TURKEY": ("impero ottomano", "ottoman empire", "turchia"),
}


def key_of(words: list[str] | tuple[str, ...]) -> str:
    return "".join(w for w in words if w not in NAME_FILLERS)


@dataclass(frozen=True, eq=False)
class NameIndex:
    """Province and power names of one board, for lookup by key.

    Compared and hashed by identity, like the board it is built from (one index
    per board), so that pure functions of it can be memoised.
    """

    exact: Mapping[str, tuple[str, ...]]  # key -> province codes (first = usual reading)
    prefixes: Mapping[str, tuple[str, ...]]  # start of a long name -> province codes
    long_keys: tuple[str, ...]  # keys worth a spelling match (4+ letters, not generic)
    powers: Mapping[str, str]  # key -> POWER
    max_words: int  # longest name in words
    split: frozenset[str] = frozenset()  # provinces with several coasts
    key_starts: frozenset[str] = frozenset()  # every start of a province key (fast span search)
    power_starts: frozenset[str] = frozenset()
    long_groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # long_keys by first letter
    second: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = field(default_factory=dict)
    # lookup's answers for the parser's languages, computed once: asked for every name read
    by_lang: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.by_lang:
            tables = {lang: {k: self._lookup(k, lang) for k in self.exact} for lang in READER_LANGUAGES}
            object.__setattr__(self, "by_lang", tables)

    def lookup(self, key: str, lang: str = "") -> tuple[str, ...]:
        """Provinces named by key; in a language, also its players' second readings."""
        table = self.by_lang.get(lang)
        if table is not None:
            return table.get(key, ())
        return self._lookup(key, lang)

    def _lookup(self, key: str, lang: str) -> tuple[str, ...]:
        codes = self.exact.get(key, ())
        if lang and key in self.second:
            codes = codes + tuple(c for c, langs in self.second[key] if lang in langs and c not in codes)
        return codes

    def guess(self, key: str) -> tuple[str, ...]:
        """Provinces a non-exact word may mean: a name's start or a slip of the pen."""
        if len(key) < 4 or key in GENERIC:
            return ()
        got = self.prefixes.get(key)
        if got:
            return got
        return _spelt(self, key)

    def spelt_as(self, key: str) -> tuple[str, ...]:
        """Provinces a key may mean as a slip of the pen (a few edits from a long name)."""
        limit = allowed_errors(key)
        if limit == 0:
            return ()
        best, keys = closest_in(key, self.long_groups, limit)
        if best > limit:
            return ()
        codes: list[str] = []
        for k in keys:
            for c in self.exact[k]:
                if c not in codes:
                    codes.append(c)
        return tuple(codes) if len(codes) <= 2 else ()

    def near(self, key: str, limit: int = 2) -> tuple[str, ...]:
        """Loose candidates for a "did you mean" (never used to read an order)."""
        if not key:
            return ()
        _, keys = closest(key, self.exact.keys(), max(1, min(limit, len(key) - 1)))
        codes: list[str] = []
        for k in keys:
            for c in self.exact[k]:
                if c not in codes:
                    codes.append(c)
        return tuple(codes[:3])

    def power(self, key: str, fuzzy: bool = False) -> str | None:
        got = self.powers.get(key)
        if got or not fuzzy or len(key) < 5:
            return got
        best, keys = closest(key, self.powers.keys(), 2)
        names = {self.powers[k] for k in keys}
        return names.pop() if best <= 2 and len(names) == 1 else None


@functools.lru_cache(maxsize=2048)
def _spelt(ix: NameIndex, key: str) -> tuple[str, ...]:
    """Provinces a misspelt key may mean (memoised: the edit distances are the cost,
    and a player who misspells a name usually does it on every line)."""
    return ix.spelt_as(key)


def build_index(board: Board) -> NameIndex:
    exact: dict[str, list[str]] = {}
    names: dict[str, set[str]] = {}  # long names, for prefixes and spelling

    def add(text: str, code: str, is_name: bool) -> None:
        # a code is a key as it stands, even one that reads like a linking word (DEL: Delhi)
        key = key_of(words_of(text)) if is_name or " " in text else "".join(words_of(text))
        if not key:
            return
        exact.setdefault(key, [])
        if code not in exact[key]:
            exact[key].append(code)
        if is_name and len(key) >= 4:
            names.setdefault(key, set()).add(code)

    for code, prov in board.provinces.items():
        add(code, code, False)
        add(prov.code_it, code, False)
        # other codes and names; a name (4+ letters) may also be started or misspelt
        for a in (*prov.it_aliases, *prov.aliases):
            add(a, code, len(key_of(words_of(a))) >= 4)
        for name in (prov.name_en, prov.name_it):
            add(name, code, True)
    # Russian names in every case ("Силезии", "Северного моря"), and the Russian codes
    for code, prov in board.provinces.items():
        if prov.ru_code:
            add(prov.ru_code, code, False)
        for name in (prov.name_ru, *prov.ru_aliases) if prov.name_ru else ():
            add(name, code, True)  # the nominative may also be started or misspelt
            for form in name_forms(name, prov.ru_gender if name == prov.name_ru else ""):
                add(form, code, False)  # the cases: exact keys only (thousands of them)
    for code, prov in board.provinces.items():
        for extra in _MORE_NAMES.get(fold(prov.name_en), ()):
            if key_of(words_of(extra)) not in exact:
                add(extra, code, True)
    # Short forms of long names, unless the short form already names something else.
    for code, prov in board.provinces.items():
        for name in (prov.name_en, prov.name_it):
            ws = [w for w in words_of(name) if w not in NAME_FILLERS]
            shorts = []
            if len(ws) >= 2 and ws[0] in _DROP_FIRST:
                shorts.append(ws[1:])
                if ws[0] == "mar":
                    shorts.append(["mare"] + ws[1:])
                elif ws[0] == "mare":
                    shorts.append(["mar"] + ws[1:])
            if len(ws) >= 2 and ws[-1] in _DROP_LAST:
                shorts.append(ws[:-1])
            for short in shorts:
                key = "".join(short)
                if key in GENERIC or (key in exact and code not in exact[key]):
                    continue
                if len(short) == 1 and short[0] in GENERIC:
                    continue
                add(" ".join(short), code, True)
    by_name = {fold(p.name_en): p.code for p in board.provinces.values()}
    second: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}
    for abbrev, (name, langs) in _SECOND_READINGS.items():
        reading = by_name.get(name)
        if reading and abbrev in exact and reading not in exact[abbrev]:
            second[abbrev] = ((reading, langs),)
    prefixes: dict[str, set[str]] = {}
    for key, codes in names.items():
        for i in range(4, len(key)):
            prefixes.setdefault(key[:i], set()).update(codes)
    prefix_map = {
        k: tuple(sorted(v)) for k, v in prefixes.items() if len(v) <= 2 and k not in exact and k not in GENERIC
    }
    powers: dict[str, str] = {}
    for name, power in board.powers.items():
        for text in (name, power.name_en, power.name_it) + _EXTRA_POWER_NAMES.get(name, ()):
            powers[key_of(words_of(text))] = name
        for text in name_forms(power.name_ru) if power.name_ru else ():
            powers[key_of(words_of(text))] = name
    longest = max((len(words_of(t)) for p in board.provinces.values()
                   for t in (p.name_en, p.name_it, *p.aliases, *p.it_aliases, p.name_ru, *p.ru_aliases)),
                  default=1)
    impassable_last = {
        k: tuple(sorted(v, key=lambda c: board.provinces[c].terrain is Terrain.IMPASSABLE))
        for k, v in exact.items()
    }
    return NameIndex(
        exact=impassable_last,
        prefixes=prefix_map,
        long_keys=tuple(sorted(k for k in names if k not in GENERIC)),
        powers=powers,
        max_words=max(longest, 2) + 1,
        split=frozenset(p.code for p in board.provinces.values() if p.coasts),
        key_starts=frozenset(k[:i] for k in exact for i in range(1, len(k) + 1)),
        power_starts=frozenset(k[:i] for k in powers for i in range(1, len(k) + 1)),
        long_groups=by_first_letter(k for k in names if k not in GENERIC),
        second=second,
    )


@functools.lru_cache(maxsize=8)
def name_index(board: Board) -> NameIndex:
    """The name index of a board (a pure function, memoised: building it takes ~20 ms)."""
    return build_index(board)
