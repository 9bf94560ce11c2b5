"""The case forms of Russian place names, so that the reader finds a province in any case.

Russian orders name places in the genitive ("Армия Силезии"), the accusative ("в
Голландию"), the instrumental ("флотом Северного моря") or the prepositional. A map file
gives the nominative only (``ru = "Силезия"``); the forms come from the word's ending, the
way Russian declines proper names: "-ия" -> "-ии, -ию, -ией", "-а" -> "-ы/-и, -е, -у, -ой",
a consonant -> "-а, -у, -ом, -е", "-ь" by gender, adjectives "-ое/-ая/-ий/-ый" with the
noun. Every form of a name maps to the one province: a stem match, exact and cheap.
"""

from __future__ import annotations

import itertools

_HUSH = frozenset("гкхжшщч")  # after these the genitive ending is -и, not -ы
_SIBILANT = frozenset("жшщчц")  # after these the instrumental is -ей, not -ой


def word_forms(word: str, gender: str = "") -> tuple[str, ...]:
    """Every case form of one word of a name (lower case, "ё" kept as written)."""
    w = word.lower()
    if len(w) < 2 or not w.isalpha():
        return (w,)
    stem, last, prev = w[:-1], w[-1], w[-2]
    forms: list[str] = [w]
    # adjectives first: "Северное", "Северная", "Средняя", "Лионский", "Баренцево"
    if w.endswith(("ое", "ее")):
        s = w[:-2]
        forms += [s + e for e in ("ого", "ому", "ым", "ом", "его", "ему", "им", "ем")]
    elif w.endswith("ая"):
        s = w[:-2]
        forms += [s + e for e in ("ой", "ую", "ою")]
    elif w.endswith("яя"):
        s = w[:-2]
        forms += [s + e for e in ("ей", "юю", "ею")]
    elif w.endswith(("ий", "ый")):
        s = w[:-2]
        forms += [s + e for e in ("ого", "ому", "им", "ым", "ом")]
    elif w.endswith(("ово", "ево")):
        forms += [stem + e for e in ("а", "у", "ым", "ом")]
    elif w.endswith("ия"):
        forms += [w[:-1] + e for e in ("и", "ю", "ей", "ею")]
    elif last == "я":
        forms += [stem + e for e in ("и", "е", "ю", "ей")]
    elif last == "а":
        forms += [stem + ("и" if prev in _HUSH else "ы"), stem + "е", stem + "у",
                  stem + ("ей" if prev in _SIBILANT else "ой")]
    elif last == "е":  # "море", "Средиземноморье"
        forms += [stem + e for e in ("я", "ю", "ем")]
    elif last == "о":
        forms += [stem + e for e in ("а", "у", "ом", "е")]
    elif last == "ь":
        if gender == "f":
            forms += [stem + e for e in ("и", "ью")]
        else:
            forms += [stem + e for e in ("я", "ю", "ем", "е")]
    elif last == "ы":  # plural names: "Нидерланды"
        forms += [stem + e for e in ("ов", "ам", "ами", "ах")]
    elif last not in "иуэю":  # a consonant: "Берлин", "Скагеррак"; -и/-у/-э/-ю do not decline
        forms += [w + e for e in ("а", "у", "ом", "ем", "е")]
    return tuple(dict.fromkeys(forms))


def name_forms(name: str, gender: str = "") -> tuple[str, ...]:
    """Every form of a whole name: its words declined together ("Северного моря"), a word
    the grammar keeps (a hyphenated or foreign part) as written. The gender of a name in
    -ь is that of its head, the last word."""
    words = name.split()
    if not words:
        return ()
    per_word = [_part_forms(w, gender if i == len(words) - 1 else "") for i, w in enumerate(words)]
    if len(words) == 1:
        return per_word[0]
    # a noun after its adjective takes the same case; every pairing is cheap and harmless
    return tuple(" ".join(p) for p in itertools.product(*per_word))


def _part_forms(word: str, gender: str) -> tuple[str, ...]:
    """ "Санкт-Петербург": the part before a hyphen stays, the last part declines."""
    head, dash, tail = word.rpartition("-")
    if not dash:
        return word_forms(word, gender)
    return tuple(f"{head.lower()} {f}" for f in word_forms(tail, gender))


GENITIVE, ACCUSATIVE = "gen", "acc"


def declined(name: str, case: str, gender: str = "") -> str:
    """A place or power name in the genitive ("из Чёрного моря", "для Германии") or the
    accusative ("дарит Швецию"), as the formatter writes Russian orders; the same endings
    the reader knows (word_forms), each word declined with its noun, capitals kept."""
    words = name.split()
    return " ".join(_declined_part(w, case, gender if i == len(words) - 1 else "")
                    for i, w in enumerate(words))


def _declined_part(word: str, case: str, gender: str) -> str:
    head, dash, tail = word.rpartition("-")
    if dash:
        return f"{head}-{_declined_word(tail, case, gender)}"
    return _declined_word(word, case, gender)


def _declined_word(w: str, case: str, gender: str) -> str:
    if len(w) < 2 or not w.isalpha():
        return w
    low = w.lower()
    gen = case == GENITIVE
    if low.endswith(("ое", "ее")):  # neuter adjective: the accusative is the nominative
        return w[:-2] + ("ого" if low.endswith("ое") else "его") if gen else w
    if low.endswith("ая"):
        return w[:-2] + ("ой" if gen else "ую")
    if low.endswith("яя"):
        return w[:-2] + ("ей" if gen else "юю")
    if low.endswith(("ий", "ый")):  # masculine adjective, inanimate
        return w[:-2] + "ого" if gen else w
    if low.endswith(("ово", "ево")):
        return w[:-1] + "а" if gen else w
    if low.endswith("ия"):
        return w[:-1] + ("и" if gen else "ю")
    last, prev = low[-1], low[-2]
    if last == "я":
        return w[:-1] + ("и" if gen else "ю")
    if last == "а":
        return w[:-1] + ("и" if prev in _HUSH else "ы") if gen else w[:-1] + "у"
    if not gen:
        return w  # masculine and neuter things: the accusative is the nominative
    if last == "е":
        return w[:-1] + "я"
    if last == "о":
        return w[:-1] + "а"
    if last == "ь":
        return w[:-1] + ("и" if gender == "f" else "я")
    if last == "ы":
        return w[:-1] + "ов"
    if last in "иуэю":
        return w
    return w + "а"
