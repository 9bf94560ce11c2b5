"""Which language a stranger's mail is written in, to answer it in that language.

A player's language is in the config (``language`` per player); a mail from an address
the referee does not know (a newcomer, a wrong game) has only its text. Cyrillic text
is answered in Russian; otherwise the game's (or the server's) language stands.
"""

from __future__ import annotations

from .catalog import languages


def guess_language(text: str, default: str) -> str:
    """ "ru" for mostly Cyrillic text (when a Russian catalog exists), else ``default``."""
    letters = cyrillic = 0
    for ch in text[:4000]:
        if ch.isalpha():
            letters += 1
            if "\u0400" <= ch <= "\u04ff":
                cyrillic += 1
    if letters and cyrillic * 2 > letters and "ru" in languages():
        return "ru"
    return default
