"""Why the referee did not take a mail, in the player's language."""

from __future__ import annotations

_TEXT: dict[str, tuple[str, str]] = {
    # code: (English, Italian)
    "unknown_game": ("there is no such game", "questa partita non esiste"),
    "not_player": ("you are not a player of this game", "non risulti tra i giocatori di questa partita"),
    "no_power": ("you hold no power in this game", "non guidi nessuna nazione in questa partita"),
    "game_over": ("the game is over", "la partita è finita"),
    "not_started": ("the game has not started yet", "la partita non è ancora cominciata"),
    "no_phase": ("no phase is open now", "nessuna fase è aperta ora"),
    "civil_disorder": (
        "your power is in civil disorder: the other players order its units",
        "la tua nazione è in sommossa: i suoi ordini li danno gli altri giocatori",
    ),
    "abandoned": (
        "your power was abandoned after two missed turns (R-ONP-3)",
        "la tua nazione risulta abbandonata dopo due ONP consecutivi",
    ),
    "eliminated": ("your power is out of the game", "la tua nazione è eliminata"),
    "phase_processed": (
        "those orders are for a phase already processed; the current phase is another one",
        "questi ordini sono per una fase già elaborata; la fase in corso è un'altra",
    ),
    "wrong_phase": (
        "those orders name a phase that is not the current one",
        "questi ordini indicano una fase diversa da quella in corso",
    ),
    "no_orders": (
        "no orders found in your mail; the orders on file stay as they were",
        "nessun ordine trovato nella mail; restano validi gli ordini già ricevuti",
    ),
    "unknown_power": ("unknown power {0}", "nazione sconosciuta {0}"),
    "own_power": ("you cannot vote for your own power", "non puoi votare per la tua nazione"),
    "no_ballot_for_power": (
        "votes are taken only for a power after its first ONP, abandoned, or in civil disorder",
        "si vota solo per una nazione dopo il suo primo ONP, abbandonata o in sommossa",
    ),
    "no_ballot_now": (
        "votes count only in Spring and Autumn movement phases",
        "i voti contano solo nei turni di movimento di primavera e autunno",
    ),
    "not_forming": ("the nations have already been assigned", "le nazioni sono già state assegnate"),
    "not_preferences": (
        "this game assigns nations by lot",
        "in questa partita le nazioni sono assegnate a sorte",
    ),
    # R-LATE-3, R-RET-4, R-ADJU-4 (arbitro/service/lateness.py); {0}: days used and allowed.
    "late_bank_spent": (
        "the deadline has passed and your lateness bonus for the game is spent ({0}): after "
        "the deadline orders can be sent or changed only by spending bonus days, so the "
        "orders already on file, if any, stand",
        "la scadenza è passata e hai esaurito il bonus ritardo della partita ({0}): dopo la "
        "scadenza si possono mandare o cambiare ordini solo spendendo giorni di bonus, quindi "
        "restano validi gli ordini già ricevuti, se ce ne sono",
    ),
    "late_turn_spent": (
        "the deadline has passed and you have used the most lateness allowed in one turn "
        "({0}): the orders already on file, if any, stand",
        "la scadenza è passata e hai già usato il massimo di ritardo concesso in un turno "
        "({0}): restano validi gli ordini già ricevuti, se ce ne sono",
    ),
    "late_closed": (
        "the deadline has passed and retreats and winter adjustments allow no lateness: the "
        "orders already on file, if any, stand, and the referee's defaults apply to the rest",
        "la scadenza è passata e per ritirate e aggiustamenti invernali non è previsto ritardo: "
        "restano validi gli ordini già ricevuti, se ce ne sono, e per il resto decide l'arbitro "
        "d'ufficio",
    ),
    "incomplete_ranking": (
        "rank every power exactly once (R-END-3)",
        "bisogna ordinare tutte le nazioni, ciascuna una volta sola",
    ),
}


def days_used(used: int, allowed: int, lang: str) -> str:
    """The detail of a lateness refusal: "giorni usati: 3 su 3"."""
    if lang == "it":
        return f"giorni usati: {used} su {allowed}"
    return f"days used: {used} of {allowed}"


def refusal_text(code: str | None, lang: str, detail: str = "") -> str:
    if code is None:
        return ""
    en, it = _TEXT.get(code, (code, code))
    return (it if lang == "it" else en).format(detail)
