"""Italian as a reader of seed 000 writes it (issue 29 point 3): the winner and the
eliminated with their articles and agreement, a vote "per la Turchia, voto dell'Italia",
the player addressed without a gender, "ad" before a, a phase's name never the subject of
a feminine verb, no English calque, the civil-disorder notice naming whose units it means.
The class behind each is checked on every mail by language_checks.ITALIAN_SLIPS; these
are the lines the audit read."""

from __future__ import annotations

from typing import Any

from mail_contexts import results, variants

from arbitro.reports import MailTemplates
from arbitro.words.grammar import with_preposition

TEMPLATES = MailTemplates(strict=True)


def _body(name: str, i: int = 0, **extra: Any) -> str:
    mail = TEMPLATES.render(name, "it", {**variants(name, "it")[i], **extra})
    return mail.subject + "\n" + mail.body


def test_the_winner_takes_the_article() -> None:
    assert "*** La Germania vince la partita! ***" in _body("results", 4)


def test_the_eliminated_agree_in_number() -> None:
    one = _body("results", 1)
    assert "Nazione eliminata: l'Austria" in one and "Eliminati" not in one
    two = _body("results", 1, eliminated=results("fall", "it")["eliminated"] * 2)
    assert "Nazioni eliminate: l'Austria, l'Austria" in two


def test_a_vote_is_for_a_nation_and_of_a_nation() -> None:
    assert "per la Turchia, voto dell'Italia:" in _body("game_end")


def test_a_sign_up_is_worded_for_anyone() -> None:
    body = _body("opened")
    assert "la tua iscrizione alla partita" in body and "iscritto" not in body
    assert "per conto tuo" in body and "da solo" not in body
    welcome = _body("welcome")
    assert "ti diamo il benvenuto nella partita" in welcome


def test_ad_before_a_name_that_starts_with_a() -> None:
    assert with_preposition("a", "", "Amici") == "ad Amici"
    assert with_preposition("a", "", "Borgogna") == "a Borgogna"
    game = {"id": "amici", "name": "Amici", "press": "white", "timezone": "Europe/Rome"}
    assert TEMPLATES.render("opened", "it", {**variants("opened", "it")[0], "game": game}).subject \
        == "[g1901] Iscrizione ad Amici: impronta del sorteggio"


def test_a_phase_is_the_subject_with_its_noun() -> None:
    assert "la fase Primavera 1901, movimenti non sarà elaborata" in _body("wait")
    assert "la fase Primavera 1901, movimenti potrà essere elaborata" in _body("wait", 1)
    assert "Correzione: la fase Primavera 1901, movimenti va rigiocata" in _body("rollback")


def test_orders_on_file_are_registered_ones() -> None:
    body = _body("trial")
    assert "Gli ordini registrati dell'Italia restano quelli di prima" in body and "su file" not in body


def test_the_civil_disorder_notice_says_whose_units_and_who_builds() -> None:
    body = _body("civil_disorder")
    assert "anche per\nle unità della Russia" in body
    assert "la Russia non può più costruire" in body and "non costruisce più" not in body
