"""What a player's text must never show: an unfilled slot, a message's key instead of its
words, a word of another language. Shared by the catalog and the mail tests."""

from __future__ import annotations

import re

# Words that give away a message of the other language. Whole words, any case.
TELLTALES = {
    "it": {"the", "and", "is", "of", "not", "processed", "missing", "active", "paused", "finished",
           "playing", "hour", "hours", "day", "days", "deadline", "orders", "done", "spring",
           "autumn", "winter", "monday", "december", "line", "army", "fleet", "succeeds", "fails",
           "void", "ejected", "resumed", "you", "your", "power", "game", "at"},
    "en": {"il", "la", "di", "della", "non", "partita", "ordini", "scadenza", "fatto",
           "ora", "ore", "giorno", "giorni", "stato", "nazione", "riga", "primavera", "autunno",
           "inverno", "lunedì", "dicembre", "armata", "flotta", "costa", "sommossa", "alle",
           "è", "che", "con", "nessun", "nessuna", "tuoi", "tua"},
    # Russian: any Italian or English word left over (names are Cyrillic in Russian mails)
    "ru": {"the", "and", "is", "of", "not", "orders", "spring", "autumn", "army", "fleet", "you", "your",
           "power", "game", "deadline", "il", "la", "di", "della", "non", "partita", "ordini", "scadenza",
           "armata", "flotta", "primavera", "autunno", "monday", "lunedì", "december", "dicembre",
           "marseilles", "marsiglia", "italy", "italia", "france", "francia"},
}
UNFILLED = re.compile(r"\{[\w.:|!]*\}|%\(\w+\)s|\{\{|\}\}|\{%")
# A message key where its words should be: "mail.results.heading", "status.game.active".
KEY = re.compile(r"\b(?:mail|status|results|reminder|wait|word|help|ready|reason|parse|refusal|reply|"
                 r"command|duration|lateness|site|map|games|summary)\.[a-z_]+(?:\.[a-z_]+)*\b")

# Words that must appear as written whatever the language: the player's order notation
# and commands, addresses, the sample texts below.
# CON: Constantinople's code, shown in English ("A Constantinople (CON)") where the results
# list the units left without orders.
KEEP = {"PASSWORD", "GM", "CON"}


def leftovers(text: str, lang: str) -> set[str]:
    text = re.sub(r"https?://\S+", " ", text)  # addresses are not words (English page names)
    text = re.sub(r"arbitro-vote:\S+", " ", text)  # a vote's committed text: power keys, not words
    text = re.sub(r"\S+@\S+", " ", text)  # mail addresses
    words = set(re.findall(r"[^\W\d_]+", text.lower()))
    return (words & TELLTALES.get(lang, set())) - {w.lower() for w in KEEP}


def check(text: str, lang: str, where: str, raw: tuple[str, ...] = ()) -> None:
    """``raw``: machine text the mail quotes as it is (the judges' English layout, a
    shell command to repeat the draw): not the reader's words."""
    for r in raw:
        text = text.replace(r, " ") if r else text
    assert not UNFILLED.search(text), f"{where} ({lang}): unfilled slot in {text!r}"
    key = KEY.search(re.sub(r"https?://\S+|\S+@\S+|\S+\.(?:md|html|zip|gif|png)\b", " ", text))
    assert key is None, f"{where} ({lang}): the key {key.group(0)!r} instead of its words in {text!r}"
    left = leftovers(text, lang)
    assert not left, f"{where} ({lang}): words of another language {sorted(left)} in {text!r}"
