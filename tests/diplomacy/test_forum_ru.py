"""The Russian forum's rules (seed 004, ruleset ``forum_ru``) at the rules level: each test
quotes the seed line it checks. The interpretations are in docs/RULE_CHOICES.md."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.outcome import Result, Source
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Unit, make_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

FORUM = Rules(defaults="standard", ruleset="forum_ru")
STANDARD = Rules(defaults="standard")


@pytest.fixture(scope="module")
def board():
    return load_board("forum_ru")


def units(*texts):
    """``"RUSSIA A UKR"`` -> Unit."""
    out = []
    for t in texts:
        power, kind, loc = t.split()
        out.append(Unit(power, kind, loc))
    return out


def run(board, phase, unit_texts, orders, *, centres=None, territories=None, spent=(), rules=FORUM):
    position = make_position(phase, units(*unit_texts), centres or {}, (), territories or {}, spent)
    given = {p: [read_order(board, p, t) for t in texts] for p, texts in orders.items()}
    return play(board, position, given, rules)


def result(out, text):
    for r in out.results:
        from arbitro.diplomacy.orders import format_order

        if format_order(r.order) == text:
            return r
    raise AssertionError(f"no result for {text}: {[str(r.order) for r in out.results]}")


def where(out):
    return {u.province: u.power for u in (out.after or out.next).units}


# -- ownership of every land province: taken only by holding -------------------------


def test_a_unit_that_holds_takes_a_foreign_territory(board):
    # Seed: "Армия, находящаяся на чужой или ничейной территории, может ее захватить,
    # только если обороняется"
    out = run(board, "S1901M", ["AUSTRIA A UKR"], {"AUSTRIA": ["A UKR H"]},
              territories={"UKR": "RUSSIA"})
    assert out.next.territories["UKR"] == "AUSTRIA"


def test_a_unit_without_orders_defends_and_takes_an_unowned_territory(board):
    # Seed: "Если на атакованной территории есть соединение, то это соединение по
    # умолчанию ведёт оборонительный бой" (an unordered unit defends)
    out = run(board, "S1901M", ["AUSTRIA A ALB"], {})
    assert out.next.territories["ALB"] == "AUSTRIA"


def test_moving_in_takes_nothing(board):
    # Seed: "но не когда атакует"
    out = run(board, "F1901M", ["AUSTRIA A GAL"], {"AUSTRIA": ["A GAL - UKR"]},
              territories={"UKR": "RUSSIA", "GAL": "AUSTRIA"})
    assert where(out)["UKR"] == "AUSTRIA"
    assert out.next.territories["UKR"] == "RUSSIA"


def test_moving_into_a_centre_in_autumn_does_not_take_it(board):
    # Seed: "может ее захватить, только если обороняется, но не когда атакует"; under the
    # standard rules the same move takes Belgium.
    args = ("F1901M", ["FRANCE A PIC"], {"FRANCE": ["A PIC - BEL"]})
    assert run(board, *args, centres={"PAR": "FRANCE"}).next.centres.get("BEL") is None
    assert run(board, *args, centres={"PAR": "FRANCE"}, rules=STANDARD).next.centres["BEL"] == "FRANCE"


def test_holding_on_a_centre_takes_it(board):
    # Seed: "Армия, находящаяся на чужой или ничейной территории, может ее захватить,
    # только если обороняется"
    out = run(board, "F1901M", ["FRANCE A BEL", "FRANCE A PAR"], {"FRANCE": ["A BEL H", "A PAR H"]},
              centres={"PAR": "FRANCE"})
    assert out.next.centres["BEL"] == "FRANCE"


def test_supporting_takes_nothing(board):
    # Seed: "но не когда атакует или поддерживает другую армию в атаке или обороне"
    out = run(board, "S1901M", ["AUSTRIA A UKR", "AUSTRIA A GAL"],
              {"AUSTRIA": ["A UKR S A GAL", "A GAL H"]}, territories={"UKR": "RUSSIA"})
    assert out.next.territories["UKR"] == "RUSSIA"


def test_a_failed_attack_takes_nothing(board):
    # Seed: "армия, совершившая неудачную атаку и оставшаяся при этом на занимаемой
    # территории, НЕ считается защищающей эту территорию"
    out = run(board, "S1901M", ["AUSTRIA A UKR", "RUSSIA A SEV"],
              {"AUSTRIA": ["A UKR - SEV"], "RUSSIA": ["A SEV H"]}, territories={"UKR": "RUSSIA"})
    assert result(out, "A UKR - SEV").result is Result.FAILS
    assert out.next.territories["UKR"] == "RUSSIA"


def test_seas_are_never_owned(board):
    # Seed: "Моря захватить нельзя."
    out = run(board, "S1901M", ["ENGLAND F NTH"], {"ENGLAND": ["F NTH H"]})
    assert "NTH" not in out.next.territories and "NTH" not in out.next.centres


def test_a_dislodged_holder_takes_nothing(board):
    # Seed: "Армия ... может ее захватить, только если обороняется" (and stays there)
    out = run(board, "S1901M", ["AUSTRIA A UKR", "RUSSIA A SEV", "RUSSIA A MOS"],
              {"AUSTRIA": ["A UKR H"], "RUSSIA": ["A SEV - UKR", "A MOS S A SEV - UKR"]},
              territories={"UKR": "RUSSIA"})
    assert out.next.territories["UKR"] == "RUSSIA"


# -- gifts and passage ---------------------------------------------------------------


def test_a_province_can_be_gifted(board):
    # Seed: "Территории можно дарить."
    out = run(board, "S1901M", [], {"RUSSIA": ["GIFT UKR TO AUSTRIA", "GIFT SEV TO TURKEY"]},
              territories={"UKR": "RUSSIA"}, centres={"SEV": "RUSSIA"})
    assert out.next.territories["UKR"] == "AUSTRIA"
    assert out.next.centres["SEV"] == "TURKEY"


def test_only_what_one_owns_can_be_gifted(board):
    # Seed: "Территории можно дарить." (one's own territories)
    out = run(board, "S1901M", [], {"RUSSIA": ["GIFT GAL TO TURKEY"]}, territories={"GAL": "AUSTRIA"})
    r = result(out, "GIFT GAL TO TURKEY")
    assert r.result is Result.VOID and r.reason == "gift_not_owned"
    assert out.next.territories["GAL"] == "AUSTRIA"


def test_a_gift_fails_when_the_province_is_taken_the_same_phase(board):
    # Seed: "Территории можно дарить." — what was taken by holding is no longer the giver's
    out = run(board, "S1901M", ["GERMANY A UKR"], {"RUSSIA": ["GIFT UKR TO AUSTRIA"], "GERMANY": ["A UKR H"]},
              territories={"UKR": "RUSSIA"})
    assert result(out, "GIFT UKR TO AUSTRIA").result is Result.FAILS
    assert out.next.territories["UKR"] == "GERMANY"


def test_armies_cannot_be_gifted(board):
    # Seed: "Армии дарить нельзя." — a gift moves ownership only; the unit stays its owner's
    out = run(board, "S1901M", ["RUSSIA A UKR"], {"RUSSIA": ["A UKR H", "GIFT UKR TO AUSTRIA"]},
              territories={"UKR": "RUSSIA"})
    assert out.next.territories["UKR"] == "AUSTRIA"
    assert where(out)["UKR"] == "RUSSIA"


def test_an_ally_let_through_does_not_take_the_territory(board):
    # Seed: "На территорию союзника можно переместиться, не захватывая её (для этого нужно
    # снабдить приказ соответствующим примечанием о разрешении перемещения союзнических армий"
    args = ("S1901M", ["AUSTRIA A UKR"])
    let = run(board, *args, {"AUSTRIA": ["A UKR H"], "RUSSIA": ["ALLOW AUSTRIA"]},
              territories={"UKR": "RUSSIA"})
    assert let.next.territories["UKR"] == "RUSSIA"
    not_let = run(board, *args, {"AUSTRIA": ["A UKR H"]}, territories={"UKR": "RUSSIA"})
    assert not_let.next.territories["UKR"] == "AUSTRIA"


def test_passage_is_given_to_the_named_ally_only(board):
    # Seed: "о разрешении перемещения союзнических армий по своей территории"
    out = run(board, "S1901M", ["TURKEY A UKR"], {"TURKEY": ["A UKR H"], "RUSSIA": ["ALLOW AUSTRIA"]},
              territories={"UKR": "RUSSIA"})
    assert out.next.territories["UKR"] == "TURKEY"


# -- retreats (R-RU-1) ----------------------------------------------------------------


def _dislodge_in_galicia(board, support_from="RUM", **owned):
    """An Austrian army in Galicia dislodged from Ukraine (with support); Galicia's
    neighbours owned as given. Its retreats."""
    terr = {k: v for k, v in owned.items() if not board.provinces[k].supply_centre}
    sc = {k: v for k, v in owned.items() if board.provinces[k].supply_centre}
    out = run(board, "S1901M", ["AUSTRIA A GAL", "RUSSIA A UKR", f"RUSSIA A {support_from}"],
              {"AUSTRIA": ["A GAL H"], "RUSSIA": ["A UKR - GAL", f"A {support_from} S A UKR - GAL"]},
              territories=terr, centres=sc)
    (d,) = out.next.dislodged
    return set(d.retreats)


def test_retreat_into_own_or_unowned_empty_province(board):
    # Seed: "Войско может отступать в: • незанятую свою или ничейную провинцию"
    got = _dislodge_in_galicia(board, BOH="AUSTRIA", VIE="AUSTRIA", BUD="AUSTRIA")
    assert {"BOH", "VIE", "BUD"} <= got  # own
    got = _dislodge_in_galicia(board)
    assert {"BOH", "VIE", "BUD", "SIL", "WAR"} <= got  # no one's


def test_retreat_into_another_powers_province_without_a_centre(board):
    # Seed: "• незанятую провинцию другой Великой Державы, НЕ имеющую опорный пункт"
    assert "SIL" in _dislodge_in_galicia(board, SIL="GERMANY")


def test_no_retreat_into_another_powers_centre_even_empty(board):
    # Seed: "Войско НЕ может отступать в: ... • провинцию другой Великой Державы, имеющую
    # опорный пункт"; and the clarification: "не могут отступать в чужую территорию,
    # имеющую опорный пункт, даже если она пустует"
    got = _dislodge_in_galicia(board, WAR="RUSSIA", BUD="AUSTRIA")
    assert "WAR" not in got
    assert "BUD" in got  # its own centre
    got = _dislodge_in_galicia(board, support_from="SIL", RUM="TURKEY")
    assert "RUM" not in got and "WAR" in got


def test_standard_rules_retreat_into_a_foreign_centre(board):
    out = run(board, "S1901M", ["AUSTRIA A GAL", "RUSSIA A UKR", "RUSSIA A RUM"],
              {"RUSSIA": ["A UKR - GAL", "A RUM S A UKR - GAL"]}, centres={"WAR": "RUSSIA"}, rules=STANDARD)
    assert "WAR" in out.next.dislodged[0].retreats


def test_no_retreat_to_the_attackers_origin_nor_a_standoff(board):
    # Seed: "• провинцию, из которой была атака • провинцию, которая осталась пустой в
    # результате ничьи"
    out = run(board, "S1901M",
              ["AUSTRIA A GAL", "RUSSIA A UKR", "RUSSIA A RUM", "GERMANY A SIL", "TURKEY A PRU"],
              {"RUSSIA": ["A UKR - GAL", "A RUM S A UKR - GAL"], "GERMANY": ["A SIL - WAR"],
               "TURKEY": ["A PRU - WAR"]})
    (d,) = out.next.dislodged
    assert "UKR" not in d.retreats  # the attack came from there (and it is now occupied)
    assert "WAR" not in d.retreats  # left empty by a standoff


def test_no_retreat_option_means_disbanded(board):
    # Seed: "Если нет подходящих провинций для отступления, то разбитое войско расформировывается."
    out = run(board, "S1901M",
              ["AUSTRIA A GAL", "RUSSIA A UKR", "RUSSIA A WAR", "RUSSIA A RUM",
               "GERMANY A SIL", "GERMANY A BOH", "TURKEY A BUD", "TURKEY A VIE"],
              {"RUSSIA": ["A UKR - GAL", "A RUM S A UKR - GAL"]})
    assert out.listed_dislodged()[0].retreats == ()
    assert "GAL" not in {d.unit.province for d in out.next.dislodged}


# -- supports --------------------------------------------------------------------------


_BERLIN = ["GERMANY A BER", "GERMANY A KIE", "RUSSIA A PRU", "RUSSIA A SIL", "ENGLAND A HOL"]
_BERLIN_ORDERS = {
    "GERMANY": ["A BER H", "A KIE S A BER"],
    "RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"],
    "ENGLAND": ["A HOL - KIE"],
}


def test_a_support_for_defence_is_not_cut_by_a_failed_attack(board):
    # Seed: "Поддержку обороны можно сорвать, успешно атаковав (заставив отойти с
    # занимаемой территории) армию поддержки."
    out = run(board, "S1901M", _BERLIN, _BERLIN_ORDERS)
    assert result(out, "A KIE S A BER").result is Result.SUCCEEDS
    assert result(out, "A PRU - BER").result is Result.FAILS
    assert where(out)["BER"] == "GERMANY"
    std = run(board, "S1901M", _BERLIN, _BERLIN_ORDERS, rules=STANDARD)
    assert result(std, "A KIE S A BER").result is Result.FAILS  # cut, standard
    assert where(std)["BER"] == "RUSSIA"


def test_a_support_for_defence_is_cut_by_dislodging_the_supporter(board):
    # Seed: "Поддержку обороны можно сорвать, успешно атаковав ... армию поддержки."
    orders = {**_BERLIN_ORDERS, "ENGLAND": ["A HOL - KIE", "A RUH S A HOL - KIE"]}
    out = run(board, "S1901M", [*_BERLIN, "ENGLAND A RUH"], orders)
    assert result(out, "A KIE S A BER").result is Result.FAILS
    assert where(out)["BER"] == "RUSSIA"


def test_a_support_for_attack_is_cut_by_any_attack(board):
    # Seed: "Поддержку можно сорвать, атаковав (даже если безуспешно) армию поддержки."
    out = run(board, "S1901M", ["RUSSIA A PRU", "RUSSIA A SIL", "GERMANY A BER", "AUSTRIA A BOH"],
              {"RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"], "AUSTRIA": ["A BOH - SIL"]})
    assert result(out, "A SIL S A PRU - BER").result is Result.FAILS
    assert where(out)["BER"] == "GERMANY"


def test_a_support_for_attack_is_not_cut_from_where_it_goes_unless_dislodged(board):
    # Seed: "Любая атака срывает поддержку, кроме атаки из провинции, в которую
    # осуществляется поддержка, однако, если поддерживающая армия при этом разбита, то
    # поддержка снимается."
    out = run(board, "S1901M", ["RUSSIA A PRU", "RUSSIA A SIL", "GERMANY A BER"],
              {"RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"], "GERMANY": ["A BER - SIL"]})
    assert result(out, "A SIL S A PRU - BER").result is Result.SUCCEEDS
    assert where(out)["BER"] == "RUSSIA"


def test_mutual_supports_for_defence(board):
    # Seed: "возможны взаимные поддержки: А поддерживает В, В поддерживает А."
    out = run(board, "S1901M", ["GERMANY A BER", "GERMANY A KIE", "RUSSIA A PRU", "RUSSIA A SIL",
                                "FRANCE A HOL", "FRANCE A RUH"],
              {"GERMANY": ["A BER S A KIE", "A KIE S A BER"],
               "RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"],
               "FRANCE": ["A HOL - KIE", "A RUH S A HOL - KIE"]})
    assert where(out)["BER"] == "GERMANY" and where(out)["KIE"] == "GERMANY"


# -- convoys ---------------------------------------------------------------------------


def test_an_attacked_convoying_fleet_breaks_the_convoy(board):
    # Seed: "Если флот, обеспечивающий десантирование, атакован, десант срывается." and
    # "Если десант сорван ..., то десантирующаяся армия остается на исходной территории."
    units_ = ["ENGLAND A LON", "ENGLAND F NTH", "GERMANY F HEL"]
    orders = {"ENGLAND": ["A LON - HOL", "F NTH C A LON - HOL"], "GERMANY": ["F HEL - NTH"]}
    out = run(board, "S1901M", units_, orders)
    assert result(out, "A LON - HOL").result is Result.FAILS
    assert result(out, "F NTH C A LON - HOL").reason == "convoy_attacked"
    assert where(out)["LON"] == "ENGLAND" and where(out)["NTH"] == "ENGLAND"
    std = run(board, "S1901M", units_, orders, rules=STANDARD)
    assert result(std, "A LON - HOL").result is Result.SUCCEEDS


def test_a_convoy_through_a_chain_of_fleets(board):
    # Seed: "Десант можно также осуществить по цепочке сопредельных морей (через несколько
    # флотов) за один ход."
    out = run(board, "S1901M", ["ENGLAND A LON", "ENGLAND F ENG", "ENGLAND F MAO"],
              {"ENGLAND": ["A LON - SPA", "F ENG C A LON - SPA", "F MAO C A LON - SPA"]})
    assert where(out)["SPA"] == "ENGLAND"


# -- the unique weapon (R-RU-2) -------------------------------------------------------


def test_the_strike_destroys_a_unit_that_stayed_whatever_its_supports(board):
    # Seed: "Суперудар всегда успешен, независимо от количества армий поддержки. Если армия
    # НЕ ушла этим ходом из атакованной провинции - соединение уничтожается. Провинция
    # считается захваченной."
    out = run(board, "S1901M", ["RUSSIA A WAR", "AUSTRIA A GAL", "AUSTRIA A BUD", "AUSTRIA A VIE"],
              {"RUSSIA": ["A WAR H", "STRIKE GAL FROM WAR"],
               "AUSTRIA": ["A GAL H", "A BUD S A GAL", "A VIE S A GAL"]},
              territories={"GAL": "AUSTRIA"})
    assert "GAL" not in where(out)
    assert out.next.territories["GAL"] == "RUSSIA"
    assert out.next.weapons_used == {"RUSSIA"}
    r = result(out, "STRIKE GAL FROM WAR")
    assert r.result is Result.SUCCEEDS and r.detail == ("GAL", "A GAL")


def test_the_strike_comes_after_the_moves(board):
    # Seed: "суперудар проходит ПОЗЖЕ всех остальных атак, то есть если армия врага ушла из
    # целевой провинции, то она ушла неповреждённой, если же армия пришла в целевую
    # провинцию, она уничтожается."
    out = run(board, "S1901M", ["RUSSIA A WAR", "AUSTRIA A GAL", "AUSTRIA A BUD"],
              {"RUSSIA": ["STRIKE GAL FROM WAR"], "AUSTRIA": ["A GAL - UKR", "A BUD - GAL"]})
    assert where(out)["UKR"] == "AUSTRIA"  # left: unharmed
    assert "GAL" not in where(out)  # arrived: destroyed
    assert result(out, "STRIKE GAL FROM WAR").detail == ("GAL", "A GAL")


def test_the_strike_may_hit_an_occupied_or_empty_province(board):
    # Seed: "Этот удар производится по любой территории, сопредельной занятой игроком
    # провинции (наличие там соединений не мешает суперудару)."
    out = run(board, "S1901M", ["RUSSIA A WAR"], {"RUSSIA": ["STRIKE SIL FROM WAR"]},
              territories={"SIL": "GERMANY"})
    assert result(out, "STRIKE SIL FROM WAR").reason == "struck_empty"
    assert out.next.territories["SIL"] == "RUSSIA"


def test_the_strike_is_launched_next_to_a_province_one_occupies(board):
    # Seed: "по любой территории, сопредельной занятой игроком провинции"
    out = run(board, "S1901M", ["RUSSIA A WAR"], {"RUSSIA": ["STRIKE BOH FROM WAR"]})
    assert result(out, "STRIKE BOH FROM WAR").reason == "strike_not_adjacent"
    out = run(board, "S1901M", ["RUSSIA A WAR"], {"RUSSIA": ["STRIKE GAL FROM UKR"]})
    assert result(out, "STRIKE GAL FROM UKR").reason == "strike_not_occupied"
    assert out.next.weapons_used == frozenset()


def test_the_strike_is_void_and_kept_when_ones_own_units_hold_the_target(board):
    # Seed: "Суперудар может быть провален в случае, если атакуемая провинция на конец хода
    # захвачена вашими армиями ... т.е. считается, что вы не использовали уникальное оружие
    # и можете использовать его позже."
    out = run(board, "S1901M", ["RUSSIA A WAR", "RUSSIA A UKR", "AUSTRIA A GAL"],
              {"RUSSIA": ["STRIKE GAL FROM WAR", "A UKR - GAL", "A WAR S A UKR - GAL"]})
    r = result(out, "STRIKE GAL FROM WAR")
    assert r.result is Result.VOID and r.reason == "strike_target_own"
    assert out.next.weapons_used == frozenset()
    assert where(out)["GAL"] == "RUSSIA"


def test_the_strike_is_void_and_kept_when_the_launching_province_is_lost(board):
    # Seed: "или если атакующая провинция захвачена врагом, т.е. считается, что вы не
    # использовали уникальное оружие и можете использовать его позже."
    out = run(board, "S1901M", ["RUSSIA A WAR", "GERMANY A SIL", "GERMANY A PRU", "AUSTRIA A GAL"],
              {"RUSSIA": ["STRIKE GAL FROM WAR"], "GERMANY": ["A SIL - WAR", "A PRU S A SIL - WAR"]})
    r = result(out, "STRIKE GAL FROM WAR")
    assert r.result is Result.VOID and r.reason == "strike_origin_lost"
    assert where(out)["GAL"] == "AUSTRIA"
    assert out.next.weapons_used == frozenset()


def test_the_weapon_is_used_once_per_game(board):
    # Seed: "В течение игры каждый игрок может один раз применить уникальное оружие."
    out = run(board, "F1901M", ["RUSSIA A WAR", "AUSTRIA A GAL"], {"RUSSIA": ["STRIKE GAL FROM WAR"]},
              spent={"RUSSIA"})
    r = result(out, "STRIKE GAL FROM WAR")
    assert r.result is Result.VOID and r.reason == "weapon_spent"
    assert where(out)["GAL"] == "AUSTRIA"
    assert out.next.weapons_used == {"RUSSIA"}


def test_a_unit_dislodged_in_the_struck_province_is_destroyed_too(board):
    # Seed: "Если армия НЕ ушла этим ходом из атакованной провинции - соединение уничтожается."
    out = run(board, "S1901M",
              ["RUSSIA A WAR", "AUSTRIA A GAL", "TURKEY A RUM", "TURKEY A UKR"],
              {"RUSSIA": ["STRIKE GAL FROM WAR"], "TURKEY": ["A RUM - GAL", "A UKR S A RUM - GAL"]})
    assert not out.next.dislodged and not out.listed_dislodged()
    assert "GAL" not in where(out)
    assert result(out, "STRIKE GAL FROM WAR").detail == ("GAL", "A GAL, A GAL")


# -- treaties (R-RU-3) -------------------------------------------------------------------


def test_treaties_are_announced_with_who_confirmed(board):
    # Seed: "Оглашение договора производится путём присоединения к приказу соответствующего
    # пункта. При этом вторая сторона может НЕ подтвердить заключение договора. Это будет
    # оглашено при подведении итогов хода."
    out = run(board, "S1901M", [], {
        "RUSSIA": ["TREATY AUSTRIA, TURKEY: no fleets in the Black Sea"],
        "AUSTRIA": ["TREATY CONFIRM RUSSIA"],
        "TURKEY": [],
    })
    (t,) = out.treaties
    assert (t.power, t.parties, t.text, t.confirmed) == (
        "RUSSIA", ("AUSTRIA", "TURKEY"), "no fleets in the Black Sea", ("AUSTRIA",))


def test_a_confirmation_without_a_treaty_is_void(board):
    # Seed: "вторая сторона может НЕ подтвердить" (a confirmation answers a treaty)
    out = run(board, "S1901M", [], {"AUSTRIA": ["TREATY CONFIRM RUSSIA"]})
    assert result(out, "TREATY CONFIRM RUSSIA").reason == "no_treaty"
    assert out.treaties == ()


# -- the standard rules stay as they are --------------------------------------------------


@pytest.mark.parametrize("text", ["STRIKE GAL FROM WAR", "GIFT UKR TO AUSTRIA", "ALLOW AUSTRIA",
                                  "TREATY AUSTRIA: peace"])
def test_power_orders_are_void_under_the_standard_rules(board, text):
    out = run(load_board("standard"), "S1901M", ["RUSSIA A WAR", "AUSTRIA A GAL"], {"RUSSIA": [text]},
              territories={"UKR": "RUSSIA"}, rules=STANDARD)
    assert result(out, text).reason == "not_in_rules"
    assert where(out)["GAL"] == "AUSTRIA" and out.next.weapons_used == frozenset()


def test_adjustments_count_the_centres_taken_by_holding(board):
    # Seed: "По итогам осенней кампании считаются цыплята, т.е. захваченные (потерянные)
    # опорные пункты. Если у игрока опорных пунктов больше, чем соединений, то он ...
    # может выставить новые соединения"
    out = run(board, "F1901M", ["FRANCE A BEL", "FRANCE A PIC"], {"FRANCE": ["A BEL H", "A PIC H"]},
              centres={"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE"})
    assert out.next.centres["BEL"] == "FRANCE"
    assert out.adjustments == {"FRANCE": 2}


# -- fleets and coasts -------------------------------------------------------------------


def test_fleets_bouncing_over_a_sea_hold_their_provinces(board):
    # Seed: "Если в то же самое море перемещается в этот ход чужой флот, то оба флота
    # остаются на изначальной позиции, не перемещаясь, и считаются держащими оборону своей
    # территории."
    out = run(board, "S1901M", ["ENGLAND F YOR", "GERMANY F DEN"],
              {"ENGLAND": ["F YOR - NTH"], "GERMANY": ["F DEN - NTH"]})
    assert result(out, "F YOR - NTH").result is Result.FAILS
    assert out.next.territories["YOR"] == "ENGLAND" and out.next.centres["DEN"] == "GERMANY"
    # an army's failed attack does not ("НЕ считается защищающей эту территорию")
    out = run(board, "S1901M", ["GERMANY A RUH", "FRANCE A BUR"],
              {"GERMANY": ["A RUH - BUR"], "FRANCE": ["A BUR H"]})
    assert "RUH" not in out.next.territories


# Holland's German fleet and England's fleet from Yorkshire both move to the North Sea; a
# French army attacks Holland with one support; Kiel supports the fleet in Holland to hold.
_HOLLAND = ["GERMANY F HOL", "GERMANY A KIE", "ENGLAND F YOR", "FRANCE A BEL", "FRANCE A RUH"]
_HOLLAND_ORDERS = {
    "GERMANY": ["F HOL - NTH", "A KIE S F HOL"],
    "ENGLAND": ["F YOR - NTH"],
    "FRANCE": ["A BEL - HOL", "A RUH S A BEL - HOL"],
}


def test_a_support_of_defence_to_a_fleet_bounced_at_sea_counts(board):
    # Seed: "Если в то же самое море перемещается в этот ход чужой флот, то оба флота
    # остаются на изначальной позиции, не перемещаясь, и считаются держащими оборону своей
    # территории." and "Если одна обороняющаяся армия поддержана второй, то её можно выбить
    # только тремя соединениями": two against the defended fleet do not dislodge it.
    out = run(board, "S1901M", _HOLLAND, _HOLLAND_ORDERS)
    assert result(out, "F HOL - NTH").result is Result.FAILS
    assert result(out, "A KIE S F HOL").result is Result.SUCCEEDS
    assert result(out, "A BEL - HOL").result is Result.FAILS
    assert where(out)["HOL"] == "GERMANY" and not out.next.dislodged
    # The standard rules: a support to hold of a unit that moves is void, 2 against 1.
    std = run(board, "S1901M", _HOLLAND, _HOLLAND_ORDERS, rules=STANDARD)
    assert result(std, "A KIE S F HOL").result is Result.VOID
    assert where(std)["HOL"] == "FRANCE"


def test_three_units_dislodge_a_defended_fleet_bounced_at_sea(board):
    # Seed: "её можно выбить только тремя соединениями (либо одно атакует, два поддерживают"
    units_ = [*_HOLLAND, "FRANCE F HEL"]
    orders = {**_HOLLAND_ORDERS, "FRANCE": [*_HOLLAND_ORDERS["FRANCE"], "F HEL S A BEL - HOL"]}
    out = run(board, "S1901M", units_, orders)
    assert result(out, "A KIE S F HOL").result is Result.SUCCEEDS  # it was given, and lost
    assert where(out)["HOL"] == "FRANCE"
    assert [d.unit.province for d in out.listed_dislodged()] == ["HOL"]


def test_a_fleet_failing_against_a_fleet_that_holds_the_sea_is_not_defending(board):
    # Seed: "Если в то же самое море перемещается в этот ход чужой флот" (the other fleet
    # moves there too; a fleet already holding the sea is not one) and "армия, совершившая
    # неудачную атаку ... НЕ считается защищающей эту территорию ... всегда будет
    # выбиваться двумя армиями".
    units_ = ["GERMANY F HOL", "GERMANY A KIE", "ENGLAND F NTH", "FRANCE A BEL", "FRANCE A RUH"]
    orders = {**_HOLLAND_ORDERS, "ENGLAND": ["F NTH H"]}
    out = run(board, "S1901M", units_, orders)
    r = result(out, "A KIE S F HOL")
    assert r.result is Result.VOID and r.reason == "support_hold_of_move"
    assert where(out)["HOL"] == "FRANCE"
    # A fleet that only failed against the holder takes nothing: Denmark stays unowned.
    out = run(board, "S1901M", ["GERMANY F DEN", "ENGLAND F NTH"],
              {"GERMANY": ["F DEN - NTH"], "ENGLAND": ["F NTH H"]})
    assert "DEN" not in out.next.centres


def test_two_fleets_of_one_power_bouncing_are_not_defending(board):
    # Seed: "Если в то же самое море перемещается в этот ход чужой флот" (чужой: another
    # power's fleet; a power's own two fleets bouncing are two failed moves).
    units_ = ["GERMANY F HOL", "GERMANY A KIE", "GERMANY F DEN", "FRANCE A BEL", "FRANCE A RUH"]
    orders = {**_HOLLAND_ORDERS, "GERMANY": [*_HOLLAND_ORDERS["GERMANY"], "F DEN - NTH"]}
    del orders["ENGLAND"]
    out = run(board, "S1901M", units_, orders)
    assert result(out, "F DEN - NTH").result is Result.FAILS
    assert result(out, "A KIE S F HOL").result is Result.VOID
    assert where(out)["HOL"] == "FRANCE"
    assert "DEN" not in out.next.centres  # nor does it take the province it stands in


def test_a_fleet_that_reaches_the_sea_leaves_its_support_void(board):
    # Seed: "Если в то же самое море перемещается ... чужой флот, то оба флота остаются"
    # (with a support of its move the German fleet gets through: nobody stays).
    units_ = [*_HOLLAND, "GERMANY F HEL"]
    orders = {**_HOLLAND_ORDERS, "GERMANY": [*_HOLLAND_ORDERS["GERMANY"], "F HEL S F HOL - NTH"]}
    out = run(board, "S1901M", units_, orders)
    assert result(out, "F HOL - NTH").result is Result.SUCCEEDS
    r = result(out, "A KIE S F HOL")
    assert r.result is Result.VOID and r.reason == "support_hold_of_move"
    assert where(out)["HOL"] == "FRANCE" and where(out)["NTH"] == "GERMANY"


# The seed's two sentences on cutting a support of defence (docs/RULE_CHOICES.md): the
# example "одно атакует, второе поддерживает, третье срывает поддержку обороны" (a third
# unit's attack cuts it) and the rule "Поддержку обороны можно сорвать, успешно атаковав
# (заставив отойти с занимаемой территории) армию поддержки" (only dislodging does).


def test_the_sentence_rule_is_the_default_a_failed_attack_does_not_cut(board):
    # Seed: "Поддержку обороны можно сорвать, успешно атаковав ... армию поддержки."
    out = run(board, "S1901M", _BERLIN, _BERLIN_ORDERS,
              rules=Rules(defaults="standard", ruleset="forum_ru", hold_support_cut="dislodging"))
    assert result(out, "A KIE S A BER").result is Result.SUCCEEDS
    assert where(out)["BER"] == "GERMANY"
    assert Rules(ruleset="forum_ru").hold_support_cut_rule == "dislodging"


def test_the_example_reading_a_third_unit_cuts_the_support_of_defence(board):
    # Seed: "либо одно атакует, второе поддерживает, третье срывает поддержку обороны"
    rules = Rules(defaults="standard", ruleset="forum_ru", hold_support_cut="attack")
    out = run(board, "S1901M", _BERLIN, _BERLIN_ORDERS, rules=rules)
    assert result(out, "A KIE S A BER").result is Result.FAILS
    assert result(out, "A KIE S A BER").reason == "cut"
    assert where(out)["BER"] == "RUSSIA"
    # the rest of the forum's rules stay: Berlin's attacker only moved in, took nothing
    assert out.next.centres.get("BER") != "RUSSIA"


# -- builds are the player's choice ---------------------------------------------------------


def _winter(board, rules):
    position = make_position("W1901A", units("FRANCE A BEL", "FRANCE A SPA"),
                             {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "BEL": "FRANCE",
                              "SPA": "FRANCE"}, (), {}, ())
    return play(board, position, {}, rules)


@pytest.mark.parametrize("defaults", ["italian", "standard"])
def test_builds_are_optional_no_automatic_builds(board, defaults):
    # Seed: "Если у игрока опорных пунктов больше, чем соединений, то он перед началом
    # весенней кампании может выставить новые соединения" (может: he may, not must)
    out = _winter(board, Rules(defaults=defaults, ruleset="forum_ru"))
    assert out.results == ()
    assert sorted(u.province for u in out.next.units) == ["BEL", "SPA"]
    assert Rules(defaults=defaults, ruleset="forum_ru").builds_automatic is False


def test_automatic_builds_when_the_gm_asks_for_them(board):
    # Seed: "может выставить новые соединения" — unless the GM's game says otherwise.
    out = _winter(board, Rules(defaults="standard", ruleset="forum_ru", automatic_builds=True))
    assert [(r.result, r.source) for r in out.results] == [(Result.SUCCEEDS, Source.DEFAULT)] * 3
    assert sorted(u.province for u in out.next.units) == ["BEL", "BRE", "MAR", "PAR", "SPA"]
    # Italian rules keep their automatic builds (R-ADJU-2).
    italian = _winter(load_board("standard"), Rules(defaults="italian"))
    assert sorted(u.province for u in italian.next.units) == ["BEL", "BRE", "MAR", "PAR", "SPA"]


def test_disbands_are_still_made_for_the_player(board):
    # Seed: "Если меньше - то он должен расформировать соответствующее количество
    # соединений" (должен: he must)
    position = make_position("W1901A", units("FRANCE A BEL", "FRANCE A SPA", "FRANCE A PAR"),
                             {"PAR": "FRANCE", "MAR": "TURKEY"}, (), {}, ())
    out = play(board, position, {}, Rules(defaults="italian", ruleset="forum_ru"))
    assert len(out.next.units) == 1


@pytest.mark.parametrize("defaults", ["italian", "standard"])
def test_a_fleet_move_names_the_coast_only_when_both_are_reachable(board, defaults):
    # Seed: "Если Флоту был отдан приказ двигаться в одну из этих провинций, и он может
    # двигаться в любой из этих берегов, в приказе надо специально указать определенный
    # берег, иначе Флот не будет двигаться."
    rules = Rules(defaults=defaults, ruleset="forum_ru")
    both = run(board, "S1901M", ["TURKEY F CON"], {"TURKEY": ["F CON - BUL"]}, rules=rules)
    assert where(both)["CON"] == "TURKEY"
    one = run(board, "S1901M", ["TURKEY F BLA"], {"TURKEY": ["F BLA - BUL"]}, rules=rules)
    assert (one.after or one.next).unit_in("BUL").location == "BUL/EC"


# -- what the seed says as the standard rules do ----------------------------------------


def test_one_against_one_and_two_into_one_bounce(board):
    # Seed: "Если одна армия атакует одну обороняющуюся армию или две армии атакуют одну и ту
    # же территорию, то атака безуспешна и обе армии остаются на своих местах."
    out = run(board, "S1901M", ["RUSSIA A SIL", "GERMANY A BOH",
                                "AUSTRIA A GAL", "AUSTRIA A VIE"],
              {"RUSSIA": ["A SIL - BOH"], "AUSTRIA": ["A GAL - WAR", "A VIE - TYR"],
               "GERMANY": ["A BOH H"]})
    assert where(out)["SIL"] == "RUSSIA" and where(out)["BOH"] == "GERMANY"
    out = run(board, "S1901M", ["RUSSIA A SIL", "AUSTRIA A GAL"],
              {"RUSSIA": ["A SIL - BOH"], "AUSTRIA": ["A GAL - BOH"]})
    assert "BOH" not in where(out)


def test_a_supported_attack_dislodges_a_lone_defender(board):
    # Seed: "Если соединение обороняется в одиночку и его атакуют две армии - одна атакует,
    # вторая успешно осуществляет поддержку, то обороняющаяся армия выбита и должна либо
    # отступить, либо быть уничтоженной."
    out = run(board, "S1901M", ["RUSSIA A SIL", "RUSSIA A PRU", "GERMANY A BER"],
              {"RUSSIA": ["A SIL - BER", "A PRU S A SIL - BER"]})
    assert where(out)["BER"] == "RUSSIA"
    assert [d.unit.province for d in out.next.dislodged] == ["BER"]


def test_a_supporting_unit_defends_and_can_be_supported(board):
    # Seed: "Армия, оказывающая поддержку в атаке или обороне и остающаяся при этом на
    # занимаемой территории, считается защищающей эту территорию. В частности, эта оборона
    # также может быть поддержана."
    out = run(board, "S1901M", ["GERMANY A BER", "GERMANY A KIE", "GERMANY A MUN",
                                "RUSSIA A PRU", "RUSSIA A SIL"],
              {"GERMANY": ["A BER S A MUN", "A KIE S A BER", "A MUN H"],
               "RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"]})
    assert where(out)["BER"] == "GERMANY"


def test_a_unit_whose_attack_failed_cannot_be_supported_to_hold(board):
    # Seed: "армия, совершившая неудачную атаку и оставшаяся при этом на занимаемой
    # территории ... не может быть поддержана и всегда будет выбиваться двумя армиями."
    out = run(board, "S1901M", ["GERMANY A BER", "GERMANY A KIE", "RUSSIA A PRU", "RUSSIA A SIL",
                                "RUSSIA A MUN"],
              {"GERMANY": ["A BER - SIL", "A KIE S A BER"],
               "RUSSIA": ["A PRU - BER", "A SIL H", "A MUN S A PRU - BER"]})
    assert result(out, "A KIE S A BER").result is not Result.SUCCEEDS
    assert where(out)["BER"] == "RUSSIA"


def test_one_action_per_unit_a_turn(board):
    # Seed: "каждый ход соединение может выполнить только одно какое-либо из
    # вышеперечисленных действий." (a second order replaces the first)
    out = run(board, "S1901M", ["RUSSIA A WAR"], {"RUSSIA": ["A WAR - GAL", "A WAR - SIL"]})
    assert result(out, "A WAR - GAL").reason == "superseded"
    assert where(out)["SIL"] == "RUSSIA"


def test_builds_on_free_home_centres_still_owned(board):
    # Seed: "может выставить новые соединения на одной из своих изначальных территорий, где
    # есть опорный пункт (если территория не занята другим соединением). Если все
    # изначальные опорные пункты страны захвачены противником – выставлять новые армии
    # невозможно."
    from arbitro.diplomacy.phases import free_build_sites

    position = make_position("W1901A", units("GERMANY A BER", "GERMANY A HOL"),
                             {"BER": "GERMANY", "KIE": "GERMANY", "MUN": "FRANCE", "HOL": "GERMANY",
                              "DEN": "GERMANY"}, (), {}, ())
    assert free_build_sites(board, position, "GERMANY") == ("KIE",)
    lost = make_position("W1901A", units("GERMANY A HOL"),
                         {"BER": "RUSSIA", "KIE": "ENGLAND", "MUN": "FRANCE", "HOL": "GERMANY",
                          "DEN": "GERMANY"}, (), {}, ())
    assert free_build_sites(board, lost, "GERMANY") == ()


def test_a_fleet_moves_along_the_coast_only(board):
    # Seed: "Флоту в береговой провинции можно приказать двигаться в смежную береговую
    # провинцию, только если она смежная вдоль линии берега."
    out = run(board, "S1901M", ["ITALY F ROM"], {"ITALY": ["F ROM - VEN"]})
    assert result(out, "F ROM - VEN").result is Result.VOID
    out = run(board, "S1901M", ["ITALY F ROM"], {"ITALY": ["F ROM - TUS"]})
    assert where(out)["TUS"] == "ITALY"


def test_a_landing_is_an_ordinary_attack_and_may_be_supported(board):
    # Seed: "Десантирующаяся армия в пункте десантирования производит обычную атаку (т.е.
    # атака десанта может быть поддержана)."
    out = run(board, "S1901M", ["ENGLAND A LON", "ENGLAND F NTH", "ENGLAND A BEL", "FRANCE A HOL"],
              {"ENGLAND": ["A LON - HOL", "F NTH C A LON - HOL", "A BEL S A LON - HOL"]})
    assert where(out)["HOL"] == "ENGLAND"
    assert [d.unit.province for d in out.next.dislodged] == ["HOL"]
