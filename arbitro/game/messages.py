"""Per-line diagnostics of the order parser, in Italian and English.

Codes shared with adjudication keep the adjudicator's meaning (``reasons.py``);
this table adds what only reading a mail can go wrong on. Details are already
words for the player (province names in the player's language).
"""

from __future__ import annotations

from collections.abc import Sequence

from .reasons import explain

_TEXT: dict[str, tuple[str, str]] = {
    # code: (English, Italian)
    "accepted": ("accepted: {0}", "accettato: {0}"),
    "quoted": ("quoted text", "testo citato"),
    "signature": ("signature", "firma"),
    "reply_header": ("quoted message header", "intestazione del messaggio citato"),
    "text": ("not an order", "non è un ordine"),
    "section": ("order section header", "intestazione degli ordini"),
    "power_header": ("orders of {0} follow", "seguono gli ordini di {0}"),
    "no_supporter": (
        "incomplete order: which unit supports «{0}»? The supporting unit comes first (e.g. A Bud S A Gal H)",
        "ordine incompleto: quale unità appoggia «{0}»? L'unità che appoggia va scritta per prima "
        "(es. A Bud APP A Gal XXX)",
    ),
    "no_convoyer": (
        "incomplete order: which fleet convoys «{0}»? The convoying fleet comes first (e.g. F ION C A TUN - NAP)",
        "ordine incompleto: quale flotta trasporta «{0}»? La flotta che trasporta va scritta per prima "
        "(es. F ION TR A Tun - Nap)",
    ),
    "unknown_word": ("cannot understand «{0}»", "non capisco «{0}»"),
    "unknown_province": ("unknown province «{0}»", "provincia sconosciuta «{0}»"),
    "incomplete": ("incomplete order: {0} missing", "ordine incompleto: manca {0}"),
    "no_order": (
        "no order given for {0} (write H to hold)",
        "nessun ordine per {0} (scrivere XXX per stare fermi)",
    ),
    "missing_dash": ("a move needs «-» between {0} and {1}", "un movimento vuole «-» tra {0} e {1}"),
    "ambiguous": ("«{0}» may be {1} or {2}: unclear order", "«{0}» può essere {1} o {2}: ordine non chiaro"),
    "support_unclear": (
        "unclear support (R-ORD-4): say whether {0} holds ({1}) or moves ({2})",
        "appoggio non chiaro (R-ORD-4): indicare se {0} sta ferma ({1}) o si muove ({2})",
    ),
    "extra_text": ("text not understood after the order: «{0}»", "testo non compreso dopo l'ordine: «{0}»"),
    "other_power": ("order for {0}, not for {1}", "ordine per {0}, non per {1}"),
    "no_coast": ("{0} has no coast «{1}»", "{0} non ha la costa «{1}»"),
    "build_or_disband": ("build or disband? write B or D", "costruzione o scioglimento? scrivere COSTRUISCE o SCIOGLIE"),
    "not_dislodged": ("the unit in {0} does not have to retreat", "l'unità in {0} non deve ritirarsi"),
    "retreat_invalid": ("{0} is not a legal retreat; legal: {1}", "{0} non è una ritirata valida; possibili: {1}"),
    "support_hold_of_move": (
        "{0} is ordered to move: a support to hold is void (R-ORD-4)",
        "{0} ha l'ordine di muovere: l'appoggio in difesa è nullo (R-ORD-4, appoggio in seconda istanza)",
    ),
    "not_adjacent": ("{1} does not border {0}", "{1} non confina con {0}"),
    "army_to_sea": ("an army cannot enter {0}: it is a sea", "un'armata non può entrare in {0}: è un mare"),
    "fleet_inland": ("a fleet cannot enter {0}: it is inland", "una flotta non può entrare in {0}: è nell'entroterra"),
    "coast_needed": ("say which coast of {0}: {1}", "specificare la costa di {0}: {1}"),
    "cannot_stand": ("{0} cannot stand in {1}", "{0} non può stare in {1}"),
    "cannot_convoy_there": ("{0} cannot be reached from {1}, not even by convoy", "{0} non è raggiungibile da {1}, nemmeno con un trasporto"),
    # notes on accepted orders
    "spelled": ("read «{0}» as {1}", "letto «{0}» come {1}"),
    "coast_inferred": ("coast {0} is the only one reachable", "costa {0}: l'unica raggiungibile"),
    "army_coast": ("an army ignores coasts", "per un'armata la costa non conta"),
    "needs_convoy": ("needs a convoy: {0} does not border {1}", "serve un trasporto: {0} non confina con {1}"),
    "trailing": ("ignored the words «{0}»", "ignorate le parole «{0}»"),
    "kind_added": ("unit type from the board: {0}", "tipo di unità dalla mappa: {0}"),
    # the winter's allowance (R-ADJU-1), said on the order that exceeds it: the first
    # orders of the mail count, as in adjudication
    "too_many_builds": (
        "one build too many: {0} may build {1} this winter, and this order does not count",
        "costruzione in eccesso: {0} può costruire {1} quest'inverno, e questo ordine non conta",
    ),
    "too_many_disbands": (
        "one disband too many: {0} must disband {1} this winter, and this order does not count",
        "scioglimento in eccesso: {0} deve sciogliere {1} quest'inverno, e questo ordine non conta",
    ),
    "line_too_long": (
        "line too long ({0} characters): write one order per line",
        "riga troppo lunga ({0} caratteri): scrivere un ordine per riga",
    ),
}

# What an incomplete order lacks ("incomplete": "ordine incompleto: manca {0}").
MISSING = {
    "it": {"province": "la provincia", "destination": "la destinazione", "unit": "l'unità", "order": "l'ordine"},
    "en": {},
}

KIND_WORDS = {"en": {"A": "an army", "F": "a fleet"}, "it": {"A": "un'armata", "F": "una flotta"}}


def units(count: int, lang: str) -> str:
    """ "1 unit", "2 units"; "1 unità", "2 unità"."""
    if lang == "it":
        return f"{count} unità"
    return f"{count} unit" + ("" if count == 1 else "s")


def text(code: str, lang: str, details: Sequence[str] = ()) -> str:
    pair = _TEXT.get(code)
    if pair is None:
        return explain(code, details, lang)
    template = pair[1] if lang == "it" else pair[0]
    try:
        return template.format(*details)
    except (IndexError, KeyError):
        return template
