"""Why press was not relayed, in the player's language (English, Italian)."""

from __future__ import annotations

from typing import Any

REASONS: dict[str, tuple[str, str]] = {
    "press_none": (
        ("Game {game} has no press (press = none): nations may not write to one another. "
         "Your message was not delivered."),
        ("La partita {game} è senza stampa (press = none): le nazioni non possono scriversi. "
         "Il tuo messaggio non è stato inoltrato."),
    ),
    "other_game": (
        "A press message goes to the nations of one game only; this one named several games.",
        "Un messaggio di stampa va alle nazioni di una sola partita; questo ne nomina più d'una.",
    ),
    "not_player": (
        ("This address is not registered in game {game}. Press is relayed only from the "
         "address you registered with."),
        ("Questo indirizzo non risulta iscritto alla partita {game}. La stampa è inoltrata "
         "solo dall'indirizzo con cui ti sei iscritto."),
    ),
    "no_password": (
        ("Press needs your game password, as orders do: add a line PASSWORD <your password>, "
         "or reply to a press message you received."),
        ("La stampa richiede la password della partita, come gli ordini: aggiungi una riga "
         "PASSWORD <la tua password>, oppure rispondi a un messaggio di stampa ricevuto."),
    ),
    "wrong_password": (
        "The password is wrong. Nothing was delivered; the GM has been told.",
        "La password è sbagliata. Non è stato inoltrato nulla; il GM è stato avvisato.",
    ),
    "not_started": (
        "Game {game} has not started yet: there is no press before the nations are assigned.",
        ("La partita {game} non è ancora iniziata: niente stampa prima dell'assegnazione "
         "delle nazioni."),
    ),
    "game_over": (
        "Game {game} is over: press is closed.",
        "La partita {game} è finita: la stampa è chiusa.",
    ),
    "no_retreat_press": (
        "The GM allows no press while retreats are open ({phase}). Write again when they are done.",
        "Il GM non ammette stampa durante le ritirate ({phase}). Riscrivi quando sono finite.",
    ),
    "no_adjustment_press": (
        ("The GM allows no press while builds and disbands are open ({phase}). Write again "
         "when they are done."),
        ("Il GM non ammette stampa durante aggiustamenti e costruzioni ({phase}). Riscrivi "
         "quando sono finiti."),
    ),
    "no_power": (
        "You hold no nation in game {game}, so you cannot send press.",
        "Non guidi nessuna nazione nella partita {game}: non puoi mandare stampa.",
    ),
    "silenced": (
        "{power} is {state}: it can no longer send press.",
        "{power} è {state}: non può più mandare stampa.",
    ),
    "unknown_alias": (
        ("I do not know the nation {aliases}. The relay addresses of this game are: "
         "{addresses}."),
        ("Non conosco la nazione {aliases}. Gli indirizzi della stampa di questa partita "
         "sono: {addresses}."),
    ),
    "no_recipient": (
        "{powers} cannot receive press (no player, eliminated or in civil disorder).",
        "{powers} non può ricevere stampa (senza giocatore, eliminata o in sommossa).",
    ),
    "to_self": (
        "This message was addressed only to your own nation.",
        "Questo messaggio era indirizzato solo alla tua nazione.",
    ),
    "anonymous_not_allowed": (
        ("Anonymous press is allowed only in grey press games; in game {game} every message "
         "shows its nation. Nothing was delivered: send it again without ANONYMOUS if you "
         "wish."),
        ("La stampa anonima è ammessa solo nelle partite a stampa grigia; nella partita "
         "{game} ogni messaggio mostra la nazione. Non è stato inoltrato nulla: rimandalo "
         "senza ANONIMO se vuoi."),
    ),
    "reply_anonymous": (
        "Anonymous messages cannot be answered: write to a nation's address instead.",
        "Ai messaggi anonimi non si può rispondere: scrivi all'indirizzo di una nazione.",
    ),
    "direct_contact": (
        ("In an \"al buio\" game every message goes through the relay only (R-MAIL-3): "
         "yours was also addressed to {copied}. It was not relayed; the GM has been told."),
        ("In una partita al buio ogni messaggio passa solo dall'arbitro (R-MAIL-3): il tuo "
         "era indirizzato anche a {copied}. Non è stato inoltrato; il GM è stato avvisato."),
    ),
    "empty": (
        ("Nothing was left to relay once quotes, signature and addresses were removed. "
         "Write the message as plain text above any quoted part."),
        ("Tolte citazioni, firma e indirizzi non è rimasto nulla da inoltrare. Scrivi il "
         "messaggio come testo semplice, sopra le eventuali citazioni."),
    ),
    "too_long": (
        "The message is too long ({size} characters; the limit is {limit}).",
        "Il messaggio è troppo lungo ({size} caratteri; il limite è {limit}).",
    ),
}

STATES: dict[str, tuple[str, str]] = {
    "eliminated": ("eliminated", "eliminata"),
    "civil_disorder": ("in civil disorder", "in sommossa"),
}


def reason_text(code: str, lang: str, **values: Any) -> str:
    en, it = REASONS[code]
    return (it if lang == "it" else en).format(**values)


def state_text(state: str, lang: str) -> str:
    en, it = STATES.get(state, (state, state))
    return it if lang == "it" else en
