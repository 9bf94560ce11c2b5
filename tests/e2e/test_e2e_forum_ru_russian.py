"""Two years of a ``rules = "forum_ru"`` game by mail, every order in Russian (issue 19).

Seven players with ``language = "ru"`` mail their orders through Dovecot; the daemon reads
them, answers through the SMTP sink and plays every phase from Spring 1901 to Winter 1902.
The orders are written as the Russian forum's rulebook (seed 004) phrases them ("Армия
Силезии атакует армию Варшавы", "Армия Киля поддерживает оборону Берлина") and in the
players' terse forms (А/Ф, "-", П), with the house's own orders in Russian: the unique
weapon, gifts, a treaty and its confirmation, builds and disbands.

What each phase must give is worked out below from the house rules (R-RU in
docs/RULE_CHOICES.md), not read back from a run: the support for defence that an attack
does not cut, provinces taken only by holding, the retreat refused into another power's
centre, the weapon that destroys the unit that stayed and takes its province.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness import (
    FakeClock,
    current_phase,
    daemon_config,
    inbound_rows,
    order_mail,
    outbox_rows,
    queued,
    received,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import game_table

from arbitro.contract import position_from_json
from arbitro.daemon import Daemon
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.position import home_territories, start_position
from arbitro.reports.words import order_text, result_word
from arbitro.store import InboundStatus
from arbitro.variants import load_board

BOARD = load_board("forum_ru")
GAME = "forumru"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"

# Each phase: every power's mail, line by line, as (what the player writes, what it means).
Orders = dict[str, list[tuple[str, str]]]

S1901: Orders = {
    "AUSTRIA": [("А Вен - Гал", "A VIE - GAL"), ("А Буд - Рум", "A BUD - RUM"), ("Ф Три - Алб", "F TRI - ALB"),
                ("Договор с Турцией: мир на Балканах", "TREATY TURKEY: мир на Балканах")],
    "ENGLAND": [("Флот Лондона перемещается в Северное Море", "F LON - NTH"),
                ("Флот Эдинбурга перемещается в Норвежское море", "F EDI - NWG"),
                ("Армия Ливерпуля атакует Йоркшир", "A LVP - YOR")],
    "FRANCE": [("А Пар - Бур", "A PAR - BUR"), ("А Мар - Исп", "A MAR - SPA"), ("Ф Бре - Цат", "F BRE - MAO")],
    "GERMANY": [("Армия Мюнхена атакует Рур", "A MUN - RUH"), ("Армия Берлина перемещается в Силезию", "A BER - SIL"),
                ("Флот Киля перемещается в Данию", "F KIE - DEN")],
    "ITALY": [("А Вец - Тир", "A VEN - TYR"), ("А Рим - Вец", "A ROM - VEN"), ("Ф Неа - Ион", "F NAP - ION")],
    "RUSSIA": [("Армия Варшавы стоит", "A WAR H"), ("А Мос - Укр", "A MOS - UKR"), ("Ф Сев - Чер", "F SEV - BLA"),
               ("Ф Спб(юб) - Бот", "F STP/SC - BOT")],
    "TURKEY": [("Ф Анк - Чер", "F ANK - BLA"), ("А Кон - Бол", "A CON - BUL"), ("А Сми стоит", "A SMY H"),
               ("ПОДТВЕРЖДАЕТ ДОГОВОР Австрии", "TREATY CONFIRM AUSTRIA")],
}
F1901: Orders = {
    # Austria attacks Ukraine with support; Germany attacks Warsaw, the Russian supporter.
    # The forum: a support for defence is cut only by dislodging its supporter, so Ukraine
    # holds with 2 against 2 (under the standard rules it would be dislodged).
    "AUSTRIA": [("Армия Галиции атакует Украину", "A GAL - UKR"),
                ("Армия Румынии поддерживает Галицию в атаке Украины", "A RUM S A GAL - UKR"),
                ("Ф Алб - Гре", "F ALB - GRE")],
    "ENGLAND": [("Ф Свм - Бел", "F NTH - BEL"), ("Ф Нрм - Нор", "F NWG - NWY"), ("А Йор стоит", "A YOR H")],
    "FRANCE": [("А Бур стоит", "A BUR H"), ("А Исп стоит", "A SPA H"), ("Ф Цат - Пор", "F MAO - POR")],
    "GERMANY": [("Армия Силезии атакует армию Варшавы", "A SIL - WAR"), ("А Рур - Гол", "A RUH - HOL"),
                ("Ф Дан стоит", "F DEN H")],
    "ITALY": [("Армия Тироля держит оборону", "A TYR H"), ("А Вец стоит", "A VEN H"), ("Ф Ион - Тун", "F ION - TUN")],
    "RUSSIA": [("А Укр стоит", "A UKR H"), ("Армия Варшавы поддерживает оборону Украины", "A WAR S A UKR"),
               ("Ф Сев стоит", "F SEV H"), ("Ф Бот - Шве", "F BOT - SWE")],
    "TURKEY": [("Ф Анк - Чер", "F ANK - BLA"), ("А Бол стоит", "A BUL H"), ("А Сми стоит", "A SMY H")],
}
W1901: Orders = {
    "FRANCE": [("строит А Париж", "A PAR B")],
    "GERMANY": [("Построить флот в Киле", "F KIE B")],
    "TURKEY": [("строит армию Константинополь", "A CON B")],
}
S1902: Orders = {
    "AUSTRIA": [("А Гал стоит", "A GAL H"), ("А Рум стоит", "A RUM H"), ("Ф Гре стоит", "F GRE H")],
    "ENGLAND": [("Ф Бел стоит", "F BEL H"), ("Ф Нор стоит", "F NWY H"), ("А Йор стоит", "A YOR H")],
    "FRANCE": [("А Бур стоит", "A BUR H"), ("А Исп стоит", "A SPA H"), ("Ф Пор стоит", "F POR H"),
               ("А Пар стоит", "A PAR H")],
    "GERMANY": [("А Гол стоит", "A HOL H"), ("А Сил стоит", "A SIL H"), ("Ф Дан стоит", "F DEN H"),
                ("Ф Кил стоит", "F KIE H"), ("ДАРИТ Пруссию ДЛЯ России", "GIFT PRU TO RUSSIA")],
    "ITALY": [("А Тир стоит", "A TYR H"), ("А Вец стоит", "A VEN H"), ("Ф Тун стоит", "F TUN H")],
    "RUSSIA": [("А Вар стоит", "A WAR H"), ("А Укр стоит", "A UKR H"),
               ("Флот Севастополя перемещается в Армению", "F SEV - ARM"), ("Ф Шве стоит", "F SWE H"),
               ("Удар по Галиции из Украины", "STRIKE GAL FROM UKR")],
    "TURKEY": [("Армия Болгарии атакует армию Румынии", "A BUL - RUM"),
               ("Флот Чёрного моря поддерживает Болгарию в атаке Румынии", "F BLA S A BUL - RUM"),
               ("А Сми стоит", "A SMY H"), ("А Кон стоит", "A CON H")],
}
# Sevastopol is empty but Russia's centre: closed to the Austrian retreat (R-RU-1).
S1902R_REFUSED: Orders = {"AUSTRIA": [("А Румыния отступает в Севастополь", "")]}
S1902R: Orders = {"AUSTRIA": [("Армия Румынии отступает в Будапешт", "A RUM R BUD")]}
F1902: Orders = {
    "AUSTRIA": [("А Буд стоит", "A BUD H"), ("Ф Гре стоит", "F GRE H")],
    "ENGLAND": [("Ф Бел стоит", "F BEL H"), ("Ф Нор стоит", "F NWY H"), ("А Йор стоит", "A YOR H")],
    "FRANCE": [("А Бур стоит", "A BUR H"), ("А Исп стоит", "A SPA H"), ("Ф Пор стоит", "F POR H"),
               ("А Пар стоит", "A PAR H")],
    "GERMANY": [("А Гол стоит", "A HOL H"), ("А Сил стоит", "A SIL H"), ("Ф Дан стоит", "F DEN H"),
                ("Ф Кил стоит", "F KIE H"), ("Подтверждаю договор с Россией", "TREATY CONFIRM RUSSIA")],
    "ITALY": [("А Тир стоит", "A TYR H"), ("А Вец стоит", "A VEN H"), ("Ф Тун стоит", "F TUN H")],
    "RUSSIA": [("А Вар стоит", "A WAR H"), ("А Укр стоит", "A UKR H"), ("Ф Арм стоит", "F ARM H"),
               ("Ф Шве стоит", "F SWE H"), ("дарит Швецию Германии", "GIFT SWE TO GERMANY"),
               ("Договор с Германией: Швеция за мир на Балтике", "TREATY GERMANY: Швеция за мир на Балтике")],
    "TURKEY": [("Ф Чер стоит", "F BLA H"), ("А Рум - Сер", "A RUM - SER"), ("А Сми стоит", "A SMY H"),
               ("А Кон стоит", "A CON H"), ("УДАР Севастополь ИЗ Чёрного моря", "STRIKE SEV FROM BLA")],
}
W1902: Orders = {
    "AUSTRIA": [("строит А Вена", "A VIE B"), ("строит Ф Триест", "F TRI B")],
    "ENGLAND": [("строит Ф Лондон", "F LON B"), ("Построить флот в Эдинбурге", "F EDI B")],
    "FRANCE": [("строит Ф Брест", "F BRE B")],
    "GERMANY": [("строит А Берлин", "A BER B"), ("Построить армию в Мюнхене", "A MUN B")],
    "ITALY": [("Построить флот в Неаполе", "F NAP B")],
    "RUSSIA": [("Армия Украины распускается", "A UKR D")],
    "TURKEY": [("строит Ф Анкара", "F ANK B")],
}

# The orders that do not succeed, by the rules: the two fleets bouncing in the Black Sea,
# the attacks on a defence that stood, the Austrian army in Rumania dislodged.
FAILING = {
    "S1901M": {"F SEV - BLA", "F ANK - BLA"},
    "F1901M": {"A GAL - UKR", "A SIL - WAR"},
    "S1902M": {"A RUM H"},
}


def units(spec: str) -> set[tuple[str, str, str]]:
    """ "AUSTRIA: A GAL, F ALB; ENGLAND: F NTH" as (power, kind, location)."""
    out = set()
    for part in spec.split(";"):
        power, _, rest = part.strip().partition(": ")
        out |= {(power, u.split()[0], u.split()[1]) for u in rest.split(", ")}
    return out


START = start_position(BOARD)
HOME = home_territories(BOARD)

# What the stored position must be after each phase, derived from the house rules.
AFTER_S1901 = units(
    "AUSTRIA: A GAL, A RUM, F ALB; ENGLAND: F NTH, F NWG, A YOR; FRANCE: A BUR, A SPA, F MAO; "
    "GERMANY: A RUH, A SIL, F DEN; ITALY: A TYR, A VEN, F ION; RUSSIA: A WAR, A UKR, F SEV, F BOT; "
    "TURKEY: F ANK, A BUL, A SMY")
AFTER_F1901 = units(
    "AUSTRIA: A GAL, A RUM, F GRE; ENGLAND: F BEL, F NWY, A YOR; FRANCE: A BUR, A SPA, F POR; "
    "GERMANY: A HOL, A SIL, F DEN; ITALY: A TYR, A VEN, F TUN; RUSSIA: A WAR, A UKR, F SEV, F SWE; "
    "TURKEY: F BLA, A BUL, A SMY")
# Only a unit that holds takes a province: Denmark, Spain and Bulgaria (held this autumn),
# Tyrol (Austria's, held by Italy); Holland, Belgium, Norway, Portugal, Tunis and Sweden
# were only moved into, and stay unowned.
CENTRES_F1901 = {**START.centres, "DEN": "GERMANY", "SPA": "FRANCE", "BUL": "TURKEY"}
TERR_F1901 = {**HOME, "TYR": "ITALY"}
AFTER_W1901 = AFTER_F1901 | units("FRANCE: A PAR; GERMANY: F KIE; TURKEY: A CON")
# Spring 1902: the units that moved in last autumn hold and take their centres; the weapon
# destroys the Austrian army that stayed in Galicia and Galicia is Russia's; the Austrian
# army in Rumania is dislodged (Turkey's supported attack); Germany gives Prussia to Russia.
AFTER_S1902 = (AFTER_W1901 - units("AUSTRIA: A GAL, A RUM; TURKEY: A BUL; RUSSIA: F SEV")) | units(
    "TURKEY: A RUM; RUSSIA: F ARM")
CENTRES_S1902 = {**CENTRES_F1901, "GRE": "AUSTRIA", "SWE": "RUSSIA", "HOL": "GERMANY", "BEL": "ENGLAND",
                 "NWY": "ENGLAND", "POR": "FRANCE", "TUN": "ITALY"}
TERR_S1902 = {**TERR_F1901, "GAL": "RUSSIA", "PRU": "RUSSIA"}
AFTER_S1902R = AFTER_S1902 | units("AUSTRIA: A BUD")
# Autumn 1902: Turkey's weapon strikes empty Sevastopol from the Black Sea and takes it;
# Russia gives Sweden to Germany; the Russian fleet holding in Armenia takes it.
AFTER_F1902 = (AFTER_S1902R - units("TURKEY: A RUM")) | units("TURKEY: A SER")
CENTRES_F1902 = {**CENTRES_S1902, "SEV": "TURKEY", "SWE": "GERMANY"}
TERR_F1902 = {**TERR_S1902, "ARM": "RUSSIA"}
# Winter: Russia has 3 centres (Moscow, Warsaw, St Petersburg) for 4 units: one disband;
# the others build what their new centres allow on their free home centres.
AFTER_W1902 = (AFTER_F1902 - units("RUSSIA: A UKR")) | units(
    "AUSTRIA: A VIE, F TRI; ENGLAND: F LON, F EDI; FRANCE: F BRE; GERMANY: A BER, A MUN; "
    "ITALY: F NAP; TURKEY: F ANK")


def password_of(address: str) -> str:
    return f"pw{address[1]}"  # game_table: p3@<game>.example has pw3


def stored(store: Any) -> tuple[str, Any]:
    phase = current_phase(store, GAME)
    return phase.code, position_from_json(BOARD, phase.position_before)


def check_position(store: Any, code: str, unit_set: set, centres: dict, territories: dict,
                   weapons: set[str]) -> Any:
    got_code, position = stored(store)
    assert got_code == code
    assert {(u.power, u.kind, u.location) for u in position.units} == unit_set
    assert dict(position.centres) == centres
    assert dict(position.territories) == territories
    assert set(position.weapons_used) == weapons
    return position


def test_two_years_of_forum_ru_in_russian(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                          tmp_path: Path) -> None:
    table = game_table(GAME, rules="forum_ru", reminders=[], language="ru")
    for player in table["players"]:
        player["language"] = "ru"
    config = daemon_config(imap_account, smtp_sink, tmp_path / "forumru.sqlite3", table)
    clock = FakeClock(start_moment())
    delivered: list[str] = []
    store: Any = None

    def confirmations(address: str) -> list:
        return [g for g in to(smtp_sink, address) if "Приказы получены" in g.subject]

    def statuses(address: str) -> list:
        return [g for g in to(smtp_sink, address) if "Статус" in g.subject]

    def results(address: str, code: str) -> list:
        season = {"S": "Весна", "F": "Осень", "W": "Зима"}[code[0]]
        kind = {"M": "движение", "R": "отступления", "A": "постройки"}[code[-1]]
        return [g for g in to(smtp_sink, address)
                if "Итоги" in g.subject and f"{season} {code[1:5]}, {kind}" in g.subject]

    async def mail(players: dict[str, str], orders: Orders) -> dict[str, int]:
        before = {p: len(confirmations(players[p])) for p in orders}
        for power, lines in orders.items():
            address = players[power]
            raw = order_mail(address, "\n".join(ru for ru, _ in lines), password=password_of(address),
                             to=GAME_ADDRESS, subject="приказы")
            delivered.append(address)
            imap_account.deliver(raw)
        await until(lambda: all(len(confirmations(players[p])) == before[p] + 1 for p in orders),
                    timeout=30, what="the confirmations")
        return before

    def check_confirmations(players: dict[str, str], orders: Orders, before: dict[str, int]) -> None:
        """Each player's confirmation, in Russian, lists every order read as meant; no void."""
        for power, lines in orders.items():
            body = confirmations(players[power])[before[power]].body
            assert "ПО СТРОКАМ" in body, body
            assert "недействител" not in body.lower(), (power, body)
            assert body.count("ПРИНЯТ") == len(lines), (power, body)  # every line read as an order
            assert "Приказы полные" in body, (power, body)
            for _, english in lines:
                text = order_text(BOARD, read_order(BOARD, power, english), "ru")
                assert text in body, (power, text, body)

    def check_results(players: dict[str, str], code: str, orders: Orders) -> str:
        """Every player got one results mail for the phase, in Russian, with every order and
        its outcome; the body of the first is returned."""
        failing = FAILING.get(code, set())
        bodies = []
        for address in players.values():
            (got,) = results(address, code)
            lines = got.body.split("\n")
            for power, given in orders.items():
                for _, english in given:
                    text = order_text(BOARD, read_order(BOARD, power, english), "ru")
                    found = [line for line in lines if line.strip().startswith(text)]
                    assert found, (code, text, got.body)
                    marker = f"[{result_word('fails', 'ru')}"
                    assert (marker in found[0]) == (english in failing), (code, found[0])
            bodies.append(got.body)
        return bodies[0]

    async def play(players: dict[str, str], code: str, orders: Orders, next_code: str) -> str:
        before = await mail(players, orders)
        await until(lambda: stored(store)[0] != code, timeout=30, what=f"{code} played")
        assert stored(store)[0] == next_code  # no other phase in between (or skipped)
        await until(lambda: queued(store) == 0, timeout=30, what=f"{code} results sent")
        check_confirmations(players, orders, before)
        return check_results(players, code, orders)

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10, render_map=None)
        await daemon.start()
        try:
            nonlocal store
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)

            body = await play(players, "S1901M", S1901, "F1901M")
            check_position(store, "F1901M", AFTER_S1901, dict(START.centres), HOME, set())
            assert "ОБЪЯВЛЕННЫЕ ДОГОВОРЫ" in body and "\n    подтвердили: Турция\n" in body, body

            await play(players, "F1901M", F1901, "W1901A")  # no dislodgement: no retreats
            check_position(store, "W1901A", AFTER_F1901, CENTRES_F1901, TERR_F1901, set())

            await play(players, "W1901A", W1901, "S1902M")
            check_position(store, "S1902M", AFTER_W1901, CENTRES_F1901, TERR_F1901, set())

            body = await play(players, "S1902M", S1902, "S1902R")
            position = check_position(store, "S1902R", AFTER_S1902, CENTRES_S1902, TERR_S1902, {"RUSSIA"})
            (dislodged,) = position.dislodged
            # Galicia emptied by the weapon and Russia's now, but no centre: open; Sevastopol
            # (Russia's centre, empty) closed; Bulgaria the attacker's origin.
            assert (dislodged.unit.location, set(dislodged.retreats)) == ("RUM", {"BUD", "GAL", "SER"})
            assert "уникальное оружие поразило провинцию Галиция (Гал); уничтожено: А Галиция (Гал)" in body, body
            (line,) = [x for x in body.split("\n") if x.startswith("  Австрия: А Румыния")]
            assert "может отступить: Будапешт (Буд), Галиция (Гал), Сербия (Сер)" in line, line

            # The retreat refused: void, with its reason in Russian; the phase waits.
            austria = players["AUSTRIA"]
            before = await mail(players, S1902R_REFUSED)
            refused = confirmations(austria)[before["AUSTRIA"]].body
            assert "НЕДЕЙСТВИТЕЛЕН" in refused and "Приказы неполные." in refused, refused
            assert "А Румыния (Рум): войско выбито и ждёт приказа отступить" in refused, refused
            assert "отступление в провинцию Севастополь (Сев) невозможно; возможно: " in refused, refused
            assert stored(store)[0] == "S1902R"
            await play(players, "S1902R", S1902R, "F1902M")
            check_position(store, "F1902M", AFTER_S1902R, CENTRES_S1902, TERR_S1902, {"RUSSIA"})

            body = await play(players, "F1902M", F1902, "W1902A")
            check_position(store, "W1902A", AFTER_F1902, CENTRES_F1902, TERR_F1902, {"RUSSIA", "TURKEY"})
            assert "уникальное оружие поразило провинцию Севастополь" in body, body
            assert "\n    подтвердили: Германия\n" in body, body

            await play(players, "W1902A", W1902, "S1903M")
            check_position(store, "S1903M", AFTER_W1902, CENTRES_F1902, TERR_F1902, {"RUSSIA", "TURKEY"})

            # The weapon's one use in the status mail, in Russian: spent by Russia, Austria's kept.
            for power in ("RUSSIA", "AUSTRIA"):
                address = players[power]
                delivered.append(address)
                imap_account.deliver(order_mail(address, "", password=password_of(address), to=GAME_ADDRESS,
                                                subject="СТАТУС"))
            await until(lambda: all(statuses(players[p]) for p in ("RUSSIA", "AUSTRIA")), what="statuses")
            (russia,) = statuses(players["RUSSIA"])
            assert "Уникальное оружие: уже использовано." in russia.body, russia.body
            assert "Ваши войска (3): " in russia.body, russia.body
            assert all(u in russia.body for u in ("А Варшава (Вар)", "Ф Армения (Арм)", "Ф Швеция (Шве)"))
            assert "Ваши опорные пункты (3)" in russia.body
            (austria_status,) = statuses(players["AUSTRIA"])
            assert "Уникальное оружие: ещё не использовано" in austria_status.body, austria_status.body
            await until(lambda: queued(store) == 0, what="statuses sent")
            await until(lambda: imap_account.folder("INBOX") == [], what="copies read")
        finally:
            await daemon.stop()

        # Nothing lost: every mail the players sent was read once and processed; every mail
        # sent reached the sink once and came back as its receipt.
        rows = inbound_rows(store)
        assert len(rows) == len(delivered)
        assert [r.sender.lower() for r in rows] == delivered
        assert {r.status for r in rows} == {InboundStatus.PROCESSED}
        ids = [g.message_id for g in received(smtp_sink)]
        assert len(ids) == len(set(ids)) == len(outbox_rows(store))
        assert len(inbound_rows(store, copies=True)) == len(outbox_rows(store))

    run(go(), timeout=150)
