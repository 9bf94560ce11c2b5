"""Edit distance for "did you mean": misspelt province and power names."""

from __future__ import annotations

from typing import Iterable


def distance(a: str, b: str, limit: int = 3) -> int:
    """Damerau-Levenshtein (optimal string alignment); ``limit + 1`` once above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = i
        ca = a[i - 1]
        for j in range(1, len(b) + 1):
            cost = 0 if ca == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < best:
                best = v
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[len(b)]


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
    for key in keys:
        if key[:1] != head and key[:1] != swapped:
            continue
        d = distance(word, key, min(limit, best))
        if d < best:
            best, found = d, [key]
        elif d == best and d <= limit:
            found.append(key)
    return best, found
