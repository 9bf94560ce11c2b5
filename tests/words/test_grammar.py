"""Italian names in messages: articulated prepositions, articles from the variant data,
agreement, and the neutral phrasing for a variant without the data (issue 15)."""

from __future__ import annotations

import pytest

from arbitro.variants import load_board
from arbitro.words import say
from arbitro.words.grammar import Noun, article_for, with_preposition
from arbitro.words.names import place_noun, power_noun

STANDARD = load_board("standard")


@pytest.mark.parametrize("prep,article,name,expected", [
    ("di", "il", "Belgio", "del Belgio"), ("a", "il", "Belgio", "al Belgio"),
    ("da", "la", "Francia", "dalla Francia"), ("in", "la", "Manica", "nella Manica"),
    ("su", "lo", "Skagerrak", "sullo Skagerrak"), ("a", "l'", "Italia", "all'Italia"),
    ("di", "l'", "Austria", "dell'Austria"), ("per", "la", "Francia", "per la Francia"),
    ("con", "l'", "Italia", "con l'Italia"), ("a", "", "Marsiglia", "a Marsiglia"),
    ("", "la", "Russia", "la Russia"),
])
def test_articulated_prepositions(prep: str, article: str, name: str, expected: str) -> None:
    assert with_preposition(prep, article, name) == expected


def test_the_article_follows_gender_and_first_letters() -> None:
    assert [article_for(n, g) for n, g in (("Italia", "f"), ("Francia", "f"), ("Belgio", "m"),
                                           ("Skagerrak", "m"), ("Oceano", "m"))] == \
        ["l'", "la", "il", "lo", "l'"]


def test_every_power_and_province_of_the_standard_map_has_its_italian_grammar() -> None:
    assert all(p.it_gender in ("m", "f") for p in STANDARD.powers.values())
    assert all(p.it_gender in ("m", "f") for p in STANDARD.provinces.values())
    it = {p: format(power_noun(STANDARD, p, "it"), "a") for p in STANDARD.powers}
    assert it == {"AUSTRIA": "all'Austria", "ENGLAND": "all'Inghilterra", "FRANCE": "alla Francia",
                  "GERMANY": "alla Germania", "ITALY": "all'Italia", "RUSSIA": "alla Russia",
                  "TURKEY": "alla Turchia"}


def test_provinces_take_in_as_italian_does() -> None:
    def at(code: str) -> str:
        return format(place_noun(STANDARD, code, "it"), "in")
    # seas keep their article after "in"; cities, regions and countries do not
    assert [at(c) for c in ("BLA", "ENG", "MAR", "BUR", "BEL")] == [
        "nel Mar Nero (MNE)", "nella Manica (MAN)", "in Marsiglia (Mar)", "in Borgogna (Bor)",
        "in Belgio (Bel)"]


def test_english_ignores_the_italian_forms() -> None:
    france = power_noun(STANDARD, "FRANCE", "en")
    assert f"{france:per}|{france:a}|{france:Il}" == "France|France|France"
    assert say("en", "reason.wrong_power", place_noun(STANDARD, "MAR", "en"), france) == \
        "the unit in Marseilles (MAR) belongs to France"


def test_a_variant_without_the_data_gets_neutral_correct_italian() -> None:
    board = load_board("ancmed")
    power = min(board.powers)
    where = min(board.provinces)
    name = board.powers[power].name_it
    assert say("it", "reason.wrong_power", place_noun(board, where, "it"), power_noun(board, power, "it")) \
        .endswith(f"appartiene alla potenza {name}")
    assert say("it", "reason.occupied", place_noun(board, where, "it")).startswith("la provincia ")
    assert say("it", "reason.occupied", place_noun(board, where, "it")).endswith("è occupata")


def test_a_noun_is_a_string_everywhere_else() -> None:
    italy = power_noun(STANDARD, "ITALY", "it")
    assert isinstance(italy, str) and italy == "Italia" and ", ".join([italy, "Francia"]) == "Italia, Francia"  # noqa: FLY002 — joins are the point
    assert f"{italy}" == "Italia" and str(Noun("x")) == "x"
    assert f"{italy:<8}|{italy:>7}" == "Italia  | Italia"  # alignment is not grammar
