"""Russian orders (issue 19, point 7): the phrasing of the Russian forum's rules (seed 004)
and the terse forms its players write, read to the same orders as any other language.

Place names are read in every case ("Армия Силезии", "в Голландию", "флотом Северного
моря"): the map gives the nominative, the reader derives the forms (arbitro/diplomacy/russian.py).
"""

from __future__ import annotations

import pytest

from arbitro.diplomacy.legal_orders import legal_orders
from arbitro.diplomacy.names import name_index
from arbitro.diplomacy.order_words import LOC, lex
from arbitro.diplomacy.orders import ENGLISH, RUSSIAN, format_order
from arbitro.diplomacy.position import Dislodged, Unit, make_position, start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import OK, VOID
from arbitro.diplomacy.russian import name_forms
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")
START = start_position(BOARD)


def _position(units: str, phase: str = "S1902M"):  # type: ignore[no-untyped-def]
    """ "GERMANY: A SIL, A PRU; RUSSIA: A WAR" on the start's centres."""
    out = []
    for part in units.split("; "):
        power, _, rest = part.partition(": ")
        out += [Unit(power, u.split()[0], u.split()[1]) for u in rest.split(", ")]
    return make_position(phase, out, START.centres)


SEED = _position("GERMANY: A SIL, A PRU, A KIE, A BER; RUSSIA: A WAR; ENGLAND: A LON, F NTH, F EDI")


def one(text: str, position=SEED, **kw):  # type: ignore[no-untyped-def]
    report = parse_orders(BOARD, text, position=position, lang="ru", **kw)
    got = [r for r in report.lines if r.code != "text"]
    assert len(got) == 1, [(r.status, r.code) for r in report.lines]
    r = got[0]
    return r.status, format_order(r.order, ENGLISH) if r.order else None, r


# Each order of the seed's text, word for word, and what it says.
SEED_ORDERS = [
    # "Атака ... Приказ выглядит так: «Армия Силезии атакует армию Польши»" (Poland: Warsaw)
    ("Армия Силезии атакует армию Польши", "A SIL - WAR"),
    # "Поддержка атаки ... «Армия Пруссии поддерживает Силезию в атаке Польши»"
    ("Армия Пруссии поддерживает Силезию в атаке Польши", "A PRU S A SIL - WAR"),
    # "Поддержка обороны ... «Армия Киля поддерживает оборону Берлина»"
    ("Армия Киля поддерживает оборону Берлина", "A KIE S A BER H"),
    # "Десантирование армии ... «Армия Лондона десантируется флотом Северного Моря в Голландию»"
    ("Армия Лондона десантируется флотом Северного Моря в Голландию", "A LON - HOL VIA"),
    # "Флот выводится в море ... «Флот Лондона перемещается в Северное Море»"
    ("Флот Эдинбурга перемещается в Северное Море", "F EDI - NTH"),
]


@pytest.mark.parametrize(("text", "expected"), SEED_ORDERS)
def test_the_seeds_orders_read_as_the_seed_means(text: str, expected: str) -> None:
    status, order, _ = one(text)
    assert (status, order) == (OK, expected)


def test_the_seeds_fleet_order_as_written() -> None:
    # "Флот Лондона перемещается в Северное Море", with a fleet in London
    pos = _position("ENGLAND: F LON")
    assert one("Флот Лондона перемещается в Северное Море", pos)[:2] == (OK, "F LON - NTH")


def test_the_seeds_coast_orders() -> None:
    # "Флот Константинополя перемещается в Восточную Болгарию" / "... в Южную Болгарию"
    pos = _position("TURKEY: F CON")
    assert one("Флот Константинополя перемещается в Восточную Болгарию", pos)[:2] == (OK, "F CON - BUL/EC")
    assert one("Флот Константинополя перемещается в Южную Болгарию", pos)[:2] == (OK, "F CON - BUL/SC")
    # a fleet that could take either coast must name one: void, with the reason in Russian
    pos = _position("FRANCE: F MAO")
    status, _, r = one("Флот Центральной Атлантики перемещается в Испанию", pos)
    assert status is VOID and "берег" in line_message(BOARD, r, "ru")
    assert one("Ф Цат - Испания СБ", pos)[:2] == (OK, "F MAO - SPA/NC")


def test_the_fleet_carrying_the_army_orders_its_convoy() -> None:
    assert one("Флот Северного моря десантирует армию Лондона в Голландию")[:2] == (OK, "F NTH C A LON - HOL")
    assert one("Ф Свм к А Лон - Гол")[:2] == (OK, "F NTH C A LON - HOL")
    assert one("Ф Северное море конв. А Лондон -> Голландия")[:2] == (OK, "F NTH C A LON - HOL")


TERSE = [
    ("А Сил - Вар", "A SIL - WAR"),
    ("А Сил -> Вар", "A SIL - WAR"),
    ("а сил вар", None),  # no dash, no verb: the Italian rule asks for the dash (void)
    ("А Силезия - Польша", "A SIL - WAR"),
    ("А Пру п А Сил - Вар", "A PRU S A SIL - WAR"),
    ("А Пру под. А Сил - Вар", "A PRU S A SIL - WAR"),
    ("А Кил П А Бер стоит", "A KIE S A BER H"),
    ("Армия Берлина стоит", "A BER H"),
    ("А Бер держит оборону", "A BER H"),
    ("Ф Эди - Свм", "F EDI - NTH"),
    ("Ф Эдинбург -> Северное море", "F EDI - NTH"),
    ("А Лон - Гол через конвой", "A LON - HOL VIA"),
    ("Армия Лондона десантируется в Голландию", "A LON - HOL VIA"),
]


@pytest.mark.parametrize(("text", "expected"), TERSE)
def test_terse_russian_orders(text: str, expected: str | None) -> None:
    status, order, _ = one(text)
    if expected is None:
        assert status is VOID
    else:
        assert (status, order) == (OK, expected)


# Case endings: every form of a name names its province (a stem match, not a list of words).
CASES = [
    ("SIL", ["Силезия", "Силезии", "Силезию", "Силезией"]),
    ("WAR", ["Варшава", "Варшавы", "Варшаве", "Варшаву", "Варшавой", "Польша", "Польши", "Польшу", "Польшей"]),
    ("KIE", ["Киль", "Киля", "Килю", "Килем", "Киле"]),
    ("BER", ["Берлин", "Берлина", "Берлину", "Берлином", "Берлине"]),
    ("NTH", ["Северное море", "Северного моря", "Северному морю", "Северным морем", "Северном море"]),
    ("GAS", ["Гасконь", "Гаскони", "Гасконью"]),
    ("STP", ["Санкт-Петербург", "Санкт-Петербурга", "Санкт-Петербурге", "Петербург", "Спб"]),
    ("MAO", ["Центральная Атлантика", "Центральной Атлантики", "Центральную Атлантику"]),
    ("BAR", ["Баренцево море", "Баренцева моря", "Баренцевым морем"]),
    ("ENG", ["Ла-Манш", "Ла-Манша", "Ла-Маншем"]),
    ("HEL", ["Гельголандская бухта", "Гельголандской бухты", "залив Гельголланд"]),
]


@pytest.mark.parametrize(("code", "forms"), CASES, ids=[c for c, _ in CASES])
def test_every_case_of_a_name_names_the_province(code: str, forms: list[str]) -> None:
    ix = name_index(BOARD)
    for form in forms:
        tokens = lex(form, ix, lang="ru")
        assert [(t.type, t.codes[:1]) for t in tokens] == [(LOC, (code,))], (form, tokens)


def test_declension_of_the_usual_endings() -> None:
    assert set(name_forms("Силезия")) >= {"силезия", "силезии", "силезию", "силезией"}
    assert set(name_forms("Польша")) >= {"польши", "польше", "польшу", "польшей"}  # -и after ш
    assert set(name_forms("Москва")) >= {"москвы", "москве", "москву", "москвой"}
    assert set(name_forms("Киль", "m")) >= {"киля", "килю", "килем", "киле"}
    assert set(name_forms("Гасконь", "f")) == {"гасконь", "гаскони", "гасконью"}
    assert "северного моря" in name_forms("Северное море")
    assert "центральной атлантики" in name_forms("Центральная Атлантика")


def test_retreats_builds_and_disbands_in_russian() -> None:
    retreat = make_position("F1902R", [Unit("GERMANY", "A", "MUN")], START.centres,
                            [Dislodged(Unit("AUSTRIA", "A", "VIE"), ("BOH", "GAL"))])
    assert one("А Вена отступает в Богемию", retreat)[:2] == (OK, "A VIE R BOH")
    assert one("Армия Вены отступает в Галицию", retreat)[:2] == (OK, "A VIE R GAL")
    assert one("А Вена распускается", retreat)[:2] == (OK, "A VIE D")
    winter = make_position("W1902A", [Unit("GERMANY", "A", "MUN")], START.centres)
    assert one("строит А Берлин", winter, power="GERMANY")[:2] == (OK, "A BER B")
    assert one("построить флот Киль", winter, power="GERMANY")[:2] == (OK, "F KIE B")
    assert one("Построить армию в Берлине", winter, power="GERMANY")[:2] == (OK, "A BER B")
    over = make_position("W1902A", [Unit("GERMANY", "A", "MUN"), Unit("GERMANY", "A", "SIL"),
                                    Unit("GERMANY", "A", "BOH"), Unit("GERMANY", "A", "TYR")], START.centres)
    assert one("А Мюнхен распускается", over, power="GERMANY")[:2] == (OK, "A MUN D")


def test_unclear_orders_are_void_with_a_russian_reason() -> None:
    pos = _position("ENGLAND: F NTH")
    status, _, r = one("Ф Свм - Норв", pos)  # Norway or the Norwegian Sea?
    assert status is VOID and r.code == "ambiguous"
    assert line_message(BOARD, r, "ru") == (
        "«Норв» может означать Норвежское море (Нрм) или Норвегия (Нор): приказ неясен")
    status, _, r = one("Армия Кёльна атакует Рур", SEED)
    assert status is VOID and line_message(BOARD, r, "ru") == "неизвестная провинция «Кёльна»"
    status, _, r = one("Армия Силезии атакует", SEED)
    assert status is VOID and line_message(BOARD, r, "ru") == "неполный приказ: не хватает: цель"
    # a support that says neither hold nor move, under the Italian strict rule (R-ORD-4)
    status, _, r = one("Армия Киля поддерживает Берлин", SEED)
    assert status is VOID and line_message(BOARD, r, "ru").startswith("неясная поддержка")


def test_the_russian_notation_reads_back_to_the_same_order() -> None:
    """Every legal order of the start, written in Russian notation (what a Russian player's
    confirmation shows), is read by the reader to the same order."""
    for unit in START.units:
        for order in legal_orders(BOARD, START, unit):
            text = format_order(order, RUSSIAN, BOARD)
            report = parse_orders(BOARD, text, position=START, lang="ru", power=unit.power)
            (line,) = report.lines
            assert line.order == order, (text, line.status, line.code)


def test_russian_headers_name_the_power_and_the_section() -> None:
    winter = make_position("W1901A", [Unit("GERMANY", "A", "MUN")], START.centres)
    text = "Приказы Германии на зиму 1901:\nПостройки:\nА Берлин\nФ Киль\n"
    report = parse_orders(BOARD, text, lang="ru", position=winter, power="GERMANY")
    assert [(r.status, r.code) for r in report.lines[:2]] == [
        (report.lines[0].status, "power_header"), (report.lines[1].status, "section")]
    assert [format_order(r.order, ENGLISH) for r in report.lines[2:] if r.order] == ["A BER B", "F KIE B"]
    spring = parse_orders(BOARD, "Германия:\nАрмия Мюнхена атакует Рур", lang="ru", position=START)
    assert [r.code for r in spring.lines] == ["power_header", "accepted"]


def test_power_orders_as_russian_is_spoken() -> None:
    """The house's power-level orders in plain Russian: "удар по ..." (the weapon strikes
    *at* a province), a gift in the dative without ДЛЯ, a treaty "с Австрией и Турцией" and
    its confirmation "подтверждаю договор с Австрией" read as the terse forms do."""
    from dataclasses import replace

    from arbitro.diplomacy.position import home_territories

    board = load_board("forum_ru")
    start = replace(start_position(board), territories=home_territories(board))

    def read(text: str, power: str = "RUSSIA") -> str | None:
        (line,) = parse_orders(board, text, position=start, lang="ru", power=power).lines
        assert line.status is OK, (text, line.code)
        return format_order(line.order, ENGLISH) if line.order else None

    assert read("Удар по Галиции из Варшавы") == "STRIKE GAL FROM WAR"
    assert read("Суперудар по Галиции из Варшавы") == "STRIKE GAL FROM WAR"
    assert read("дарит Ливонию Германии") == "GIFT LVN TO GERMANY"
    assert read("Договор с Австрией и Турцией: мир на Чёрном море") == (
        "TREATY AUSTRIA, TURKEY: мир на Чёрном море")
    assert read("Подтверждаю договор с Россией", "AUSTRIA") == "TREATY CONFIRM RUSSIA"
    # a linking word is read past only where the order does not read as written:
    # Italian "con" is also Constantinople's code
    from arbitro.diplomacy.orders import Strike
    from arbitro.diplomacy.power_reading import read_power_order

    assert read_power_order(board, "TURKEY", "STRIKE CON FROM BUL", "en") == Strike("TURKEY", "CON", "BUL")
    assert read_power_order(board, "TURKEY", "COLPO su Con DA Bul", "it") == Strike("TURKEY", "CON", "BUL")
    # a gift to no power is still no gift: said how it is written
    (line,) = parse_orders(board, "ДАРИТ Ливонию", position=start, lang="ru", power="RUSSIA").lines
    assert line.status is VOID and line.code == "syntax_gift"


def test_armenias_code_is_not_read_as_army() -> None:
    """ "Арм" is Armenia's short code on the map and also short for "армия": after a unit
    type or a move, or before a verb, it is the province; where a unit is named, the army."""
    pos = _position("RUSSIA: F ARM, F SEV, A MOS, A WAR")
    assert one("Ф Арм стоит", pos)[:2] == (OK, "F ARM H")
    assert one("Ф Арм - Чер", pos)[:2] == (OK, "F ARM - BLA")
    assert one("Ф Сев П Ф Арм - Чер", pos)[:2] == (OK, "F SEV S F ARM - BLA")
    pos = _position("RUSSIA: F SEV, A MOS, A WAR")
    assert one("Ф Сев - Арм", pos)[:2] == (OK, "F SEV - ARM")
    assert one("Арм Москвы стоит", pos)[:2] == (OK, "A MOS H")
    assert one("Арм. Москвы - Укр", pos)[:2] == (OK, "A MOS - UKR")


def test_russian_power_orders_are_written_in_their_cases_and_read_back() -> None:
    """The confirmation and the results write the house's orders in Russian with their
    cases ("ДАРИТ Швецию ДЛЯ Германии", "УДАР Севастополь ИЗ Чёрного моря", "ПОДТВЕРЖДАЕТ
    ДОГОВОР России"); every such line, for every place and power, reads back to its order."""
    from arbitro.diplomacy.orders import Allow, Confirm, Gift, Strike
    from arbitro.diplomacy.power_reading import read_power_order

    board = load_board("forum_ru")
    assert format_order(Gift("RUSSIA", "SWE", "GERMANY"), RUSSIAN, board) == "ДАРИТ Швецию ДЛЯ Германии"
    assert format_order(Strike("TURKEY", "SEV", "BLA"), RUSSIAN, board) == "УДАР Севастополь ИЗ Чёрного моря"
    assert format_order(Confirm("GERMANY", "RUSSIA"), RUSSIAN, board) == "ПОДТВЕРЖДАЕТ ДОГОВОР России"
    assert format_order(Allow("AUSTRIA", ("ITALY",)), RUSSIAN, board) == "РАЗРЕШАЕТ ПРОХОД Италии"
    orders = [Confirm("RUSSIA", p) for p in board.powers if p != "RUSSIA"]
    orders += [Allow("RUSSIA", (p,)) for p in board.powers if p != "RUSSIA"]
    for code, prov in board.provinces.items():
        if not prov.name_ru or code == "SWI":
            continue
        orders += [Gift("RUSSIA", code, p) for p in board.powers]
        orders += [Strike("RUSSIA", code, n) for n in sorted(board.neighbours(code)) if n != "SWI"]
    for order in orders:
        text = format_order(order, RUSSIAN, board)
        assert read_power_order(board, "RUSSIA", text, "ru") == order, text
