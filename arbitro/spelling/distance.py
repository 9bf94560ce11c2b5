"""Edit distance for "did you mean": misspelt province and power names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def distance(a: str, b: str, limit: int = 3) -> int:
    """Damerau-Levenshtein (optimal string alignment); ``limit + 1`` once above limit."""
    la, lb = len(a), len(b)
    if abs(la - lb) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        ca = a[i - 1]
        cur = [i] * (lb + 1)
        best = i
        for j in range(1, lb + 1):
            v = prev[j - 1] if ca == b[j - 1] else prev[j - 1] + 1
            x = prev[j] + 1
            if x < v:
                v = x
            x = cur[j - 1] + 1
            if x < v:
                v = x
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == b[j - 1]:
                x = prev2[j - 2] + 1
                if x < v:
                    v = x
            cur[j] = v
            if v < best:
                best = v
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[lb]


def allowed_errors(word: str) -> int:
    """How many slips a word of this length may carry and still be recognised."""
    n = len(word)
    if n < 4:
        return 0
    if n < 6:
        return 1
    if n < 10:
        return 2
    return 3


def closest(word: str, keys: Iterable[str], limit: int) -> tuple[int, list[str]]:
    """The keys nearest to ``word`` within ``limit`` edits (best distance, keys).

    Only keys sharing the first letter (or swapping the first two) are tried:
    slips on the first letter are rare and the filter keeps this fast.
    """
    best = limit + 1
    found: list[str] = []
    head = word[:1]
    swapped = word[1:2]
    size = len(word)
    letters = set(word)
    for key in keys:
        if key[:1] != head and key[:1] != swapped or abs(len(key) - size) > limit:
            continue
        # each edit changes at most two letters of the letter sets: a cheap bound first
        if len(letters.symmetric_difference(key)) > 2 * limit:
            continue
        d = distance(word, key, min(limit, best))
        if d < best:
            best, found = d, [key]
        elif d == best and d <= limit:
            found.append(key)
    return best, found


def by_first_letter(keys: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Keys grouped by first letter, for :func:`closest_in`."""
    out: dict[str, list[str]] = {}
    for k in keys:
        out.setdefault(k[:1], []).append(k)
    return {h: tuple(v) for h, v in out.items()}


def closest_in(word: str, groups: Mapping[str, tuple[str, ...]], limit: int) -> tuple[int, list[str]]:
    """:func:`closest` over keys grouped by first letter (the same answer, faster)."""
    keys = groups.get(word[:1], ()) + (groups.get(word[1:2], ()) if word[1:2] != word[:1] else ())
    return closest(word, keys, limit)
