"""Orders as players write them (R-AAE-PBEM-12, -13; issue 27's examples): Italian, English and the
canonical notation read to one order; every line answered; a name read only as written, a near
miss offered, never taken."""

from __future__ import annotations

import pytest

from arbitro.aae_contract.board_file import load_board
from arbitro.axis_allies.notation import order_text
from arbitro.axis_allies.orders import COMBAT, NONCOMBAT
from arbitro.axis_allies.reading.lines import IGNORED, OK, REFUSED, read_line
from arbitro.axis_allies.reading.names import Names

NAMES = Names(load_board())


def read(text: str, step: str = COMBAT, power: str = "GERMANY") -> tuple[str, str | None, str | None]:
    r = read_line(NAMES, text, step, power)
    return (r.status, order_text(r.order) if r.order else None,
            r.reason.code if r.reason else None)


# R-AAE-PBEM-12's two mails, line by line, as the rule writes them
ORDINI = [
    ("ORDINI Germania", None),
    ("COMPRA 4 fanteria, 1 carro, 1 sommergibile", "BUY 4 infantry, 1 armour, 1 submarine"),
    ("Polonia: 3 fanteria, 2 carri -> Polonia orientale", "MOVE POL: 3 infantry, 2 armour -> EPOL"),
    ("Germania: 2 caccia -> Polonia -> Polonia orientale", "MOVE GER: 2 fighter -> POL -> EPOL"),
    ("Germania: 1 bombardiere -> Olanda-Belgio -> Manica -> Regno Unito BOMBARDA",
     "MOVE GER: 1 bomber -> NLB -> ENG -> GBR RAID"),
    ("Francia: 1 caccia -> Manica -> Regno Unito SCORTA", "MOVE FRA: 1 fighter -> ENG -> GBR ESCORT"),
    ("Mar Tirreno: 1 trasporto {Italia settentrionale: 1 fanteria, 1 artiglieria} -> Mare di Sicilia -> Malta",
     "MOVE TYR: 1 transport {NIT: 1 infantry, 1 artillery} -> SICS -> MAL"),
    ("Mar Tirreno: 1 corazzata -> Mare di Sicilia", "MOVE TYR: 1 battleship -> SICS"),
    ("RITIRATA Polonia orientale: dopo il 2° round, se restano meno di 3 unità di terra, in Polonia",
     "RETREAT EPOL: AFTER 2; BELOW 3 LAND; TO POL"),
]
RIORDINO = [
    ("RIORDINO Germania", None),
    ("Polonia orientale: 2 caccia -> Polonia", "MOVE EPOL: 2 fighter -> POL"),
    ("Regno Unito: 1 bombardiere -> Manica -> Olanda-Belgio -> Germania",
     "MOVE GBR: 1 bomber -> ENG -> NLB -> GER"),
    ("Regno Unito: 1 caccia -> Manica -> Francia", "MOVE GBR: 1 fighter -> ENG -> FRA"),
    ("PIAZZA Germania: 4 fanteria, 1 carro", "PLACE GER: 4 infantry, 1 armour"),
    ("PIAZZA Mar Baltico: 1 sommergibile", "PLACE BAL: 1 submarine"),
]


@pytest.mark.parametrize("text,canonical", ORDINI)
def test_the_rules_ordini_line_by_line(text: str, canonical: str | None) -> None:
    status, order, _ = read(text)
    assert (status, order) == ((IGNORED, None) if canonical is None else (OK, canonical))


@pytest.mark.parametrize("text,canonical", RIORDINO)
def test_the_rules_riordino_line_by_line(text: str, canonical: str | None) -> None:
    status, order, _ = read(text, NONCOMBAT)
    assert (status, order) == ((IGNORED, None) if canonical is None else (OK, canonical))


@pytest.mark.parametrize("text,canonical", [
    # issue 27's IAAPA-style examples
    ("3 fanterie e 1 carro da Germania a Polonia", "MOVE GER: 3 infantry, 1 armour -> POL"),
    ("2 inf Germany → Poland", "MOVE GER: 2 infantry -> POL"),
    ("acquisto 2 fanterie 1 bombardiere", "BUY 2 infantry, 1 bomber"),
    # English phrasing, articles, aliases, any case
    ("2 infantry from Germany to Poland", "MOVE GER: 2 infantry -> POL"),
    ("2 fanterie dalla Germania alla Polonia", "MOVE GER: 2 infantry -> POL"),
    ("buy 1 BATTLESHIP and 2 tanks", "BUY 1 battleship, 2 armour"),
    ("germany: 1 fighter => Berlino", "MOVE GER: 1 fighter -> GER"),  # legality refuses it
    ("Germania: 1 bombardiere -> Paesi Bassi-Belgio -> canale della manica -> Londra bombarda",
     "MOVE GER: 1 bomber -> NLB -> ENG -> GBR RAID"),
    ("Francia: 1 caccia -> Manica -> Regno Unito SCORTA ALTRIMENTI Manica",
     "MOVE FRA: 1 fighter -> ENG -> GBR ESCORT ELSE ENG"),
    ("Mar Tirreno: 1 trasporto(1 fanteria, 1 contraerea) -> Mare di Sicilia -> Malta SBARCA 1 fanteria",
     "MOVE TYR: 1 transport(1 infantry, 1 aa_gun) -> SICS -> MAL UNLOAD 1 infantry"),
    ("ATTACCA Golfo di Biscaglia: 1 corazzata", "ATTACK BIS: 1 battleship"),
    ("ATTACCA Golfo di Biscaglia", "ATTACK BIS"),
    ("SOMMERGI Mar Celtico: SUBITO", "SUBMERGE CEL: STALL"),
    ("SOMMERGI Golfo di Biscaglia: DAL ROUND 2", "SUBMERGE BIS: FROM 2"),
    ("sommergi biscaglia: dal 3", "SUBMERGE BIS: FROM 3"),
    ("SUBMERGE Bay of Biscay: FROM ROUND 2", "SUBMERGE BIS: FROM 2"),
    ("RETREAT East Poland: after round 2, if fewer than 3 land units are left, to Poland",
     "RETREAT EPOL: AFTER 2; BELOW 3 LAND; TO POL"),
    ("ritirata Polonia orientale: dopo il secondo round, in Polonia", "RETREAT EPOL: AFTER 2; TO POL"),
    ("ESEGUI", "EXECUTE"),
    ("Un soldato e un carro da Germania a Polonia", "MOVE GER: 1 infantry, 1 armour -> POL"),
])
def test_phrasings_read_to_one_order(text: str, canonical: str | None) -> None:
    status, order, _ = read(text)
    if canonical is None:
        assert status == REFUSED
    else:
        assert (status, order) == (OK, canonical)


@pytest.mark.parametrize("text,step", [
    ("CONVERTI Mosca: 2 fanteria UK, 1 caccia USA", NONCOMBAT),
    ("CONVERT MOS: 2 infantry UK, 1 fighter USA", NONCOMBAT),
    ("CONVERTI Mosca: 2 fanterie Regno Unito, 1 caccia Stati Uniti", NONCOMBAT),
])
def test_the_patriotic_war_names_each_groups_owner(text: str, step: str) -> None:
    assert read(text, step, "USSR")[:2] == (OK, "CONVERT MOS: 2 infantry UK, 1 fighter USA")


CANONICAL = [
    "BUY 4 infantry, 1 armour, 1 submarine",
    "MOVE POL: 3 infantry, 2 armour -> EPOL",
    "MOVE GER: 1 bomber -> NLB -> ENG -> GBR RAID",
    "MOVE FRA: 1 fighter -> ENG -> GBR ESCORT ELSE ENG",
    "MOVE TYR: 1 transport {NIT: 1 infantry, 1 artillery} -> SICS -> MAL",
    "MOVE NTH: 1 transport(2 infantry) -> NOR",
    "MOVE TYR: 1 transport(1 infantry, 1 aa_gun) -> SICS -> MAL UNLOAD 1 infantry",
    "ATTACK BIS: 1 battleship, 1 destroyer",
    "SUBMERGE CEL: STALL",
    "SUBMERGE BIS: FROM 2",
    "RETREAT EPOL: AFTER 2; BELOW 3 LAND; TO POL",
    "EXECUTE",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_the_contracts_canonical_lines_read_back_to_themselves(text: str) -> None:
    assert read(text)[:2] == (OK, text)


@pytest.mark.parametrize("text", [
    "MOVE SICS: 1 transport(1 aa_gun) -> MAL",
    "PLACE GER: 4 infantry, 1 armour",
    "PLACE BAL: 1 submarine",
    "CONVERT MOS: 2 infantry UK, 1 fighter USA",
])
def test_the_canonical_regroup_lines_read_back_to_themselves(text: str) -> None:
    assert read(text, NONCOMBAT, "USSR")[:2] == (OK, text)


@pytest.mark.parametrize("text,code", [
    ("Polonai: 3 fanteria -> Polonia orientale", "unknown_space_near"),
    ("Polonia: 3 fantaria -> Polonia orientale", "unknown_unit_near"),
    ("Polonia: 3 pinguini -> Polonia orientale", "unknown_unit"),
    ("Narnia: 3 fanteria -> Polonia", "unknown_space"),
    ("Polonia: fanterie -> Polonia orientale", "no_count"),
    ("Polonia: 3 fanteria", "no_destination"),
    ("RITIRATA Polonia orientale: quando conviene, in Polonia", "retreat_clause"),
    ("RITIRATA Polonia orientale: dopo il 2° round", "retreat_no_to"),
    ("SOMMERGI Golfo di Biscaglia: DAL ROUND 1", "submerge_round"),
    ("PIAZZA Germania: 4 fanteria", "belongs_to_noncombat"),
    ("ORDINI Unione Sovietica", "heading_other_power"),
    ("RIORDINO Germania", "heading_noncombat_in_combat"),
])
def test_a_line_not_read_as_written_is_refused_with_its_reason(text: str, code: str) -> None:
    status, _, reason = read(text)
    assert (status, reason) == (REFUSED, code)


def test_a_near_miss_is_offered_never_taken() -> None:
    r = read_line(NAMES, "Polonai: 3 fanteria -> Polonia orientale", COMBAT, "GERMANY")
    assert r.status == REFUSED and r.order is None
    assert r.reason is not None and r.reason.args == ("Polonai", "POL")


@pytest.mark.parametrize("text", [
    "", "Ciao a tutti, ecco i miei ordini", "Saluti, Marco", "> Polonia: 3 fanteria -> EPOL",
    "--", "Grazie!", "Thanks, see you next turn", "ORDERS Germany", "ORDINI",
])
def test_lines_that_are_no_order_are_ignored(text: str) -> None:
    assert read(text)[0] == IGNORED
