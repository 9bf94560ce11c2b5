"""Rulesets: the standard rules, or a house's rules as small named differences.

A ruleset is a set of flags, each one difference from the standard rules that the
adjudicator, the retreat options, the capture of provinces and the power-level orders
consult (never a fork of the engine). ``forum_ru`` is the Russian forum's rulebook
(seed 004, R-RU in the shared RULES.md; the interpretations in docs/RULE_CHOICES.md).
"""

from __future__ import annotations

from dataclasses import dataclass

STANDARD_RULESET = "standard"
FORUM_RU = "forum_ru"


@dataclass(frozen=True)
class HouseRules:
    # Every land province has an owner (not only the centres), and a unit takes the
    # province it stands in only by holding there through a movement phase; moving in,
    # supporting or convoying take nothing ("может ее захватить, только если обороняется").
    capture_by_holding: bool = False
    # R-RU-1: no retreat into another great power's province that has a supply centre,
    # even an empty one.
    no_retreat_into_foreign_centre: bool = False
    # A support to hold is cut only by dislodging the supporter ("успешно атаковав");
    # the game may choose the other reading (Rules.hold_support_cut).
    hold_support_cut_only_by_dislodging: bool = False
    # A convoying fleet that is attacked (not only dislodged) convoys no one
    # ("Если флот, обеспечивающий десантирование, атакован, десант срывается").
    convoy_broken_by_attack: bool = False
    # Fleets of two powers bouncing over one sea "считаются держащими оборону своей
    # территории": each holds where it stands (a support to hold it counts; it takes it).
    fleet_bounced_at_sea_holds: bool = False
    # Whether the referee builds what a power leaves unbuilt (R-ADJU-2). None: as the
    # game's referee defaults say; False: builds are the player's choice ("может выставить").
    automatic_builds: bool | None = None
    # "Если ... он может двигаться в любой из этих берегов, в приказе надо специально
    # указать определенный берег": a coastless fleet move gets the one reachable coast.
    # None: as the referee defaults say (R-ORD-5).
    infer_single_coast: bool | None = None
    # R-RU-2: once per game a power strikes a province next to one it occupies.
    unique_weapon: bool = False
    # Power-level orders giving a province away and letting an ally pass.
    gifts_and_passage: bool = False
    # R-RU-3: treaties announced with the orders and confirmed by the powers they name.
    treaties: bool = False
    # The house's map: a variant overlay of the standard map (maps/<name>.toml).
    map_overlay: str | None = None

    @property
    def power_orders(self) -> bool:
        """Whether any power-level order (STRIKE, GIFT, ALLOW, TREATY) is in these rules."""
        return self.unique_weapon or self.gifts_and_passage or self.treaties


RULESETS: dict[str, HouseRules] = {
    STANDARD_RULESET: HouseRules(),
    FORUM_RU: HouseRules(
        capture_by_holding=True,
        no_retreat_into_foreign_centre=True,
        hold_support_cut_only_by_dislodging=True,
        convoy_broken_by_attack=True,
        fleet_bounced_at_sea_holds=True,
        automatic_builds=False,
        infer_single_coast=True,
        unique_weapon=True,
        gifts_and_passage=True,
        treaties=True,
        map_overlay=FORUM_RU,
    ),
}


def house_rules(name: str) -> HouseRules:
    """The flags of a ruleset by name (an unknown name is the caller's error to report)."""
    return RULESETS[name]


def board_variant(ruleset: str, variant: str) -> str:
    """The variant a game of ``ruleset`` plays on: the house's overlay of the standard map."""
    overlay = RULESETS.get(ruleset, HouseRules()).map_overlay
    return overlay if overlay is not None and variant == "standard" else variant
