"""Power-level orders of house rules read from a mail in English and Italian
(arbitro/diplomacy/power_words.py is the one table of their words; a language adds a column)."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.orders import Allow, Confirm, Gift, Strike, Treaty, format_order, notation_for
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.variants import load_board

BOARD = load_board("forum_ru")


@pytest.mark.parametrize(("text", "lang", "order"), [
    ("STRIKE MUN FROM BOH", "en", Strike("RUSSIA", "MUN", "BOH")),
    ("Strike Munich from Bohemia", "en", Strike("RUSSIA", "MUN", "BOH")),
    ("COLPO Monaco DA Boemia", "it", Strike("RUSSIA", "MUN", "BOH")),
    ("arma unica Mon da Boe", "it", Strike("RUSSIA", "MUN", "BOH")),
    ("GIFT UKR TO AUSTRIA", "en", Gift("RUSSIA", "UKR", "AUSTRIA")),
    ("Dona Ucraina all'Austria", "it", Gift("RUSSIA", "UKR", "AUSTRIA")),
    ("Regala Livonia alla Germania", "it", Gift("RUSSIA", "LVN", "GERMANY")),
    ("ALLOW AUSTRIA, TURKEY", "en", Allow("RUSSIA", ("AUSTRIA", "TURKEY"))),
    ("Permette Austria e Turchia", "it", Allow("RUSSIA", ("AUSTRIA", "TURKEY"))),
    ("TREATY AUSTRIA, TURKEY: no fleets in the Black Sea", "en",
     Treaty("RUSSIA", ("AUSTRIA", "TURKEY"), "no fleets in the Black Sea")),
    ("Trattato Turchia: pace", "it", Treaty("RUSSIA", ("TURKEY",), "pace")),
    ("TREATY CONFIRM AUSTRIA", "en", Confirm("RUSSIA", "AUSTRIA")),
    ("Trattato conferma Austria", "it", Confirm("RUSSIA", "AUSTRIA")),
    ("CONFIRM TREATY AUSTRIA", "en", Confirm("RUSSIA", "AUSTRIA")),
    ("Conferma trattato Austria", "it", Confirm("RUSSIA", "AUSTRIA")),
])
def test_power_orders_read(text, lang, order):
    report = parse_orders(BOARD, text, power="RUSSIA", lang=lang)
    assert report.orders == (order,), report.lines


@pytest.mark.parametrize("order", [
    Strike("RUSSIA", "MUN", "BOH"), Gift("RUSSIA", "UKR", "AUSTRIA"), Allow("RUSSIA", ("AUSTRIA", "TURKEY")),
    Treaty("RUSSIA", ("TURKEY",), "peace"), Confirm("RUSSIA", "AUSTRIA"),
])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_what_is_written_reads_back(order, lang):
    text = format_order(order, notation_for(lang), BOARD)
    assert parse_orders(BOARD, text, power="RUSSIA", lang=lang).orders == (order,), text


@pytest.mark.parametrize(("text", "code"), [
    ("STRIKE Mun", "syntax_strike"), ("COLPO Monaco", "syntax_strike"),
    ("Dona Ucraina", "syntax_gift"), ("TREATY with France", "syntax_treaty"),
])
def test_an_unreadable_power_order_says_how_to_write_it(text, code):
    (line,) = parse_orders(BOARD, text, power="RUSSIA", lang="it").lines
    assert line.status == "void" and line.code == code


@pytest.mark.parametrize("text", ["Regalo per tutti a Natale", "Conferma gli ordini di ieri"])
def test_prose_is_not_an_order(text):
    (line,) = parse_orders(BOARD, text, power="RUSSIA", lang="it").lines
    assert line.status == "ignored"


def test_an_illegal_power_order_is_void_with_its_reason():
    from arbitro.diplomacy.position import Unit, make_position

    position = make_position("S1901M", [Unit("RUSSIA", "A", "WAR")], {}, weapons_used=["RUSSIA"])
    (line,) = parse_orders(BOARD, "STRIKE GAL FROM WAR", power="RUSSIA", position=position, lang="en").lines
    assert line.status == "void" and line.code == "weapon_spent"


def test_a_language_adds_its_words_in_one_table(monkeypatch):
    # The Russian reader (another branch) adds a "ru" column to power_words.POWER_WORDS;
    # nothing else changes: Cyrillic keywords are matched as written, in any case.
    from arbitro.diplomacy import power_words

    table = {k: dict(v) for k, v in power_words.POWER_WORDS.items()}
    table["strike"]["ru"] = ("УДАР", "СУПЕРУДАР")
    table["from"]["ru"] = ("ИЗ",)
    table["treaty"]["ru"] = ("ДОГОВОР",)
    monkeypatch.setattr(power_words, "POWER_WORDS", table)
    from arbitro.diplomacy import power_reading

    monkeypatch.setattr(power_reading, "POWER_WORDS", table)
    assert power_reading.read_power_order(BOARD, "RUSSIA", "суперудар MUN из BOH") == Strike("RUSSIA", "MUN", "BOH")
    assert power_reading.read_power_order(BOARD, "RUSSIA", "ДОГОВОР AUSTRIA и TURKEY: мир") == Treaty(
        "RUSSIA", ("AUSTRIA", "TURKEY"), "мир")
    assert power_words.word("strike", "ru") == "УДАР"
