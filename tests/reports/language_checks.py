"""What a player's text must never show: an unfilled slot, a message's key instead of its
words, a word of another language. Shared by the catalog and the mail tests."""

from __future__ import annotations

import re

from arbitro.variants import load_board

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

# A rule's id is the referee's bookkeeping, never a player's text (issue 29 point 2).
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
# arbitro's canonical notation (A MAR S A PAR H, F STP/SC B, WAIVE) where the reader's own
# is due: Italian writes APP, TR, XXX and codes like "Par" (an army never stands on a
# capitalised code: those are seas); Russian writes Cyrillic А/Ф and names.
CANONICAL = {
    "it": re.compile(r"\b[AF] [A-Z]{3}(?:/[NSEW]C)? [SCHRDB]\b|\bWAIVE\b|/[NSEW]C\b"),
    "ru": re.compile(r"\b[AF] [A-Z]{3}\b|\bWAIVE\b|/[NSEW]C\b"),
}
# The Italian codes written in capitals (the seas: MAN, MNE, ION): any other code in
# capitals after a unit letter is the canonical one (A PAR, F NAP).
_BOARDS = (load_board("standard"), load_board("forum_ru"))
ITALIAN_CAPITALS = frozenset(p.code_it for b in _BOARDS for p in b.provinces.values() if p.code_it.isupper())
_UNIT_CODE = re.compile(r"\b[AF] ([A-Z]{3})\b")
# The seed's own words (seed 000, the Italian rules) and the forms they replace: a mail or
# a map that says the left-hand form fails (issue 29 point 1). CR for CdA is matched in
# capitals, the rest in any case.
SEED_WORDS = {
    "CR": "CdA",
    "centro di rifornimento": "centro di approvvigionamento (CdA)",
    "centri di rifornimento": "centri di approvvigionamento (CdA)",
    "convoglio": "trasporto",
    "convogli": "trasporti",
    "sloggiata": "costretta alla ritirata",
    "sloggiate": "costrette alla ritirata",
    "sloggiato": "costretto alla ritirata",
    "sloggiati": "costretti alla ritirata",
    "centro di partenza": "CdA della madrepatria",
    "centri di partenza": "CdA della madrepatria",
    "d'ufficio": "ritirata tacita, scioglimento automatico, costruzione automatica",
    "rimbalzo": "stallo",
    "rimbalza": "è in stallo",
}


# Italian that a reader of the seed would correct (issue 29 point 3): the player addressed
# as a man (the name gives no gender), a phase's name as the subject of a feminine verb
# ("Autunno 1901, movimenti non sarà elaborata": "la fase ... non sarà"), English calques.
ITALIAN_SLIPS = {
    "gendered": re.compile(r"\b(?:sei|sarai|eri|sia) (?:iscritt|invitat|stat|sicur|pront|interessat)[oa]\b|"
                           r"(?<!il )\b[Bb]envenut[oa]\b|\bda sol[oa]\b|\b[Cc]hi è interessat[oa]\b"),
    "phase as subject": re.compile(r"(?<!fase )\b(?:Primavera|Autunno|Inverno) \d{4}, \w+ (?:non )?"
                                   r"(?:sarà|potrà|va|è|viene)\b"),
    "calque": re.compile(r"\bsu file\b|\bin file\b"),
    "a before a": re.compile(r"(?<![\w'])a [Aa]"),
}


def _old_forms(text: str) -> list[str]:
    found = []
    for old in SEED_WORDS:
        flags = 0 if old.isupper() else re.IGNORECASE
        if re.search(rf"(?<![\w'])({re.escape(old)})(?!\w)", text, flags):
            found.append(old)
    return found


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
    rule = RULE_ID.search(text)
    assert rule is None, f"{where} ({lang}): the rule id {rule.group(0)} in a player's text {text!r}"
    if lang in CANONICAL:
        canonical = CANONICAL[lang].search(text)
        assert canonical is None, f"{where} ({lang}): canonical notation {canonical.group(0)!r} in {text!r}"
    if lang == "it":
        codes = [c for c in _UNIT_CODE.findall(text) if c not in ITALIAN_CAPITALS]
        assert not codes, f"{where} (it): canonical codes {codes} in {text!r}"
    if lang == "it":
        for what, slip in ITALIAN_SLIPS.items():
            found = slip.search(text)
            assert found is None, f"{where} (it): {what}: {found.group(0)!r} in {text!r}"
        # Diplomacy's seed words (seed 000); Axis & Allies speaks its own seed's (003: the
        # "convogli" are its convoy zones)
        old = [] if where.startswith("aae.") else _old_forms(text)
        assert not old, f"{where} (it): {[(o, SEED_WORDS[o]) for o in old]} (old form, the seed's) in {text!r}"
