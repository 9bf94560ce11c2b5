"""Which language a mail is written in, to answer a stranger in it.

A player's language is in the config (``language`` per player); a mail from an address
the referee does not know (a newcomer, a wrong game) has only its text: mostly Cyrillic is
Russian; otherwise words typical of each language are counted, the command word weighing
most (AIUTO, HELP); a tie or nothing leaves the game's (or the server's) language.
"""

from __future__ import annotations

import re

from .catalog import languages

# Words that tell a language; command words weigh 3. Folded: lower case, no accents.
_HINTS: dict[str, dict[str, int]] = {
    "it": {"aiuto": 3, "istruzioni": 3, "comandi": 3, "partite": 3, "osserva": 3, "stato": 3,
           "mappa": 3, "storia": 3, "riepilogo": 3, "conferma": 3, "indirizzo": 3, "attendi": 3,
           "fuso": 3, "assenza": 3, "prova": 3, "patta": 3, "concedo": 3, "ciao": 1,
           "grazie": 1, "come": 1, "vorrei": 1, "sono": 1, "il": 1, "la": 1, "di": 1, "che": 1,
           "non": 1, "per": 1, "partita": 1, "ordini": 1, "giocare": 1, "buongiorno": 1, "salve": 1},
    "en": {"help": 3, "commands": 3, "games": 3, "observe": 3, "unobserve": 3, "status": 3,
           "map": 3, "history": 3, "summary": 3, "confirm": 3, "address": 3, "wait": 3,
           "timezone": 3, "absence": 3, "test": 3, "draw": 3, "concede": 3, "hello": 1,
           "hi": 1, "thanks": 1, "please": 1, "how": 1, "would": 1, "the": 1, "i": 1, "is": 1,
           "to": 1, "and": 1, "game": 1, "orders": 1, "play": 1, "my": 1},
}


def guess_language(text: str, default: str) -> str:
    """The language ``text`` is written in, among those with a catalog; else ``default``."""
    letters = cyrillic = 0
    for ch in text[:4000]:
        if ch.isalpha():
            letters += 1
            if "\u0400" <= ch <= "\u04ff":
                cyrillic += 1
    if letters and cyrillic * 2 > letters and "ru" in languages():
        return "ru"
    words = re.findall(r"[^\W\d_]+", text[:2000].lower())
    scores = {lang: sum(hints.get(w, 0) for w in words) for lang, hints in _HINTS.items()
              if lang in languages()}
    best = max(scores.values(), default=0)
    winners = [lang for lang, score in scores.items() if score == best]
    return winners[0] if best and len(winners) == 1 else default
