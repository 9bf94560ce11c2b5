"""Why an order failed or was void: a code, and its words in English and Italian.

Outcomes carry the code and its arguments (province codes, unit names); reports
and the CLI turn them into plain words with :func:`explain`.
"""

from __future__ import annotations

from collections.abc import Sequence

_TEXT: dict[str, tuple[str, str]] = {
    # code: (English, Italian)
    "unreadable": ("could not read the order: {0}", "ordine illeggibile: {0}"),
    "unknown_province": ("unknown province {0}", "provincia sconosciuta {0}"),
    "no_unit": ("there is no unit in {0}", "non c'è nessuna unità in {0}"),
    "wrong_power": ("the unit in {0} belongs to {1}", "l'unità in {0} appartiene a {1}"),
    "wrong_kind": ("the unit in {0} is {1}", "l'unità in {0} è {1}"),
    "cannot_stand": ("{0} cannot stand in {1}", "{0} non può stare in {1}"),
    "wrong_phase": ("this order is not allowed in this phase", "ordine non ammesso in questa fase"),
    "superseded": ("replaced by a later order for the same unit", "sostituito da un ordine successivo per la stessa unità"),
    "own_province": ("a unit cannot move to its own province", "un'unità non può muovere nella propria provincia"),
    "army_to_sea": ("an army cannot enter the sea province {0}", "un'armata non può entrare nel mare {0}"),
    "fleet_inland": ("a fleet cannot enter the land province {0}", "una flotta non può entrare nella provincia interna {0}"),
    "impassable": ("{0} is impassable", "{0} è invalicabile"),
    "not_adjacent": ("{0} is not adjacent to {1}", "{0} non confina con {1}"),
    "cannot_convoy_there": ("{0} cannot be reached from {1}, not even by convoy", "{0} non è raggiungibile da {1}, nemmeno con un trasporto"),
    "coast_needed": ("say which coast of {0}: {1}", "specificare la costa di {0}: {1}"),
    "coast_unreachable": ("{0} cannot reach the coast {1}", "{0} non può raggiungere la costa {1}"),
    "support_self": ("a unit cannot support itself", "un'unità non può appoggiare se stessa"),
    "support_own_province": ("a unit cannot support a move into its own province", "un'unità non può appoggiare un movimento nella propria provincia"),
    "support_unreachable": ("{0} cannot support into {1}: it could not move there", "{0} non può appoggiare in {1}: non potrebbe muovere lì"),
    "support_unclear": ("say whether the supported unit holds (H) or moves (- X)", "indicare se l'unità appoggiata sta ferma (XXX) o muove (- X)"),
    "support_hold_of_move": ("the unit in {0} was ordered to move: a support to hold does not count", "l'unità in {0} aveva ordine di muovere: l'appoggio in difesa non vale"),
    "support_mismatch": ("the unit in {0} was not ordered to move to {1}", "l'unità in {0} non aveva ordine di muovere in {1}"),
    "convoy_not_sea": (
        "only fleets at sea can convoy (R-ORD-6); {0} is not a sea",
        "solo le flotte in mare aperto possono trasportare (R-ORD-6); {0} non è un mare",
    ),
    "convoy_not_army": ("only armies can be convoyed", "si possono trasportare solo armate"),
    "convoy_impossible": ("a fleet in {0} cannot be part of a convoy from {1} to {2}", "una flotta in {0} non può far parte di un trasporto da {1} a {2}"),
    "convoy_mismatch": ("the army in {0} was not ordered to move to {1} by convoy", "l'armata in {0} non aveva ordine di muovere in {1} via mare"),
    "no_convoy": ("no convoy was ordered for this move", "nessun trasporto ordinato per questo movimento"),
    "convoy_disrupted": ("the convoy was disrupted", "il trasporto è stato interrotto"),
    "convoy_paradox": ("the convoy fails by the Szykman rule (convoy paradox)", "il trasporto fallisce per la regola di Szykman (paradosso del convoglio)"),
    "bounced": ("bounced in {0}", "rimbalzo in {0}"),
    "beaten": ("beaten in {0} by a stronger move", "respinto in {0} da un attacco più forte"),
    "cut": ("support cut by the attack from {0}", "appoggio tagliato dall'attacco da {0}"),
    "dislodged": ("dislodged by the attack from {0}", "sloggiata dall'attacco da {0}"),
    "not_dislodged": ("the unit in {0} does not have to retreat", "l'unità in {0} non deve ritirarsi"),
    "retreat_invalid": ("{0} is not a legal retreat; legal: {1}", "{0} non è una ritirata valida; possibili: {1}"),
    "retreat_clash": ("several units retreated to {0}: all are disbanded", "più unità si sono ritirate in {0}: tutte sciolte"),
    "no_retreat": ("no order: the unit is disbanded", "nessun ordine: l'unità è sciolta"),
    "no_builds": ("{0} has no builds this winter", "{0} non ha costruzioni quest'inverno"),
    "too_many_builds": ("more builds than allowed", "più costruzioni di quelle consentite"),
    "not_home_centre": ("{0} is not a home centre of {1}", "{0} non è un centro di partenza di {1}"),
    "centre_not_owned": ("{0} is not owned now", "{0} non è più posseduto"),
    "occupied": ("{0} is occupied", "{0} è occupato"),
    "build_twice": ("two builds in {0}", "due costruzioni in {0}"),
    "no_disbands": ("{0} has no units to disband this winter", "{0} non deve sciogliere unità quest'inverno"),
    "too_many_disbands": ("more disbands than needed", "più scioglimenti del necessario"),
    "disband_twice": ("the unit in {0} is already disbanded", "l'unità in {0} è già sciolta"),
    "own_ballot": ("a power's own ballot does not count", "il voto della potenza stessa non conta"),
    "civil_disorder": ("disbanded by the civil-disorder rule", "sciolta d'ufficio"),
}


# A unit type in a reason's detail ("A", "F") in words.
_KIND_WORDS = {"en": {"A": "an army", "F": "a fleet"}, "it": {"A": "un'armata", "F": "una flotta"}}


def explain(code: str | None, detail: Sequence[str] = (), lang: str = "en") -> str:
    if code is None:
        return ""
    en, it = _TEXT.get(code, (code, code))
    template = it if lang == "it" else en
    kinds = _KIND_WORDS["it" if lang == "it" else "en"]
    detail = [kinds.get(x, x) for x in detail]
    try:
        return template.format(*detail)
    except IndexError:
        return template


def known(code: str) -> bool:
    return code in _TEXT
