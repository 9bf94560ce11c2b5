"""Rule options a game may choose (see docs/RULE_CHOICES.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from .rulesets import STANDARD_RULESET, HouseRules, house_rules

ITALIAN = "italian"
STANDARD = "standard"

# How a support to hold is cut: by any attack of another power (the rulebook's rule), or
# only by dislodging the supporter (the Russian forum's sentence, docs/RULE_CHOICES.md).
CUT_BY_ATTACK = "attack"
CUT_BY_DISLODGING = "dislodging"
HOLD_SUPPORT_CUTS = (CUT_BY_DISLODGING, CUT_BY_ATTACK)


@dataclass(frozen=True)
class Rules:
    # "italian": tacit retreats, automatic builds and disbands unit by unit (R-RET-3,
    # R-ADJU-2/3), a coastless fleet move holds (R-ORD-5), a support must say hold or move
    # (R-ORD-4); "standard": the rulebook/DATC behaviour (unordered retreat = disband,
    # builds waived, disbands by the DATC civil-disorder rule, coast inferred, support hold).
    defaults: str = ITALIAN
    # A fleet ordered to a split-coast province without a coast goes to the only coast it
    # can reach (DATC 4.B.2 preferred); off = the order is void (R-ORD-5).
    # None: as ``defaults`` says (on for "standard", off for "italian").
    infer_single_coast: bool | None = None
    # R-ORD-4: "A Bud APP A Gal" (neither hold nor move said) is void; off = support hold.
    # None: as ``defaults`` says (on for "italian", off for "standard").
    strict_support: bool | None = None
    # "standard", or a house's rules (arbitro/diplomacy/rulesets.py): "forum_ru".
    ruleset: str = STANDARD_RULESET
    # How a support to hold is cut (CUT_BY_ATTACK or CUT_BY_DISLODGING).
    # None: as the ruleset says (by dislodging under "forum_ru", by any attack elsewhere).
    hold_support_cut: str | None = None
    # The referee builds what a power leaves unbuilt (R-ADJU-2). None: as the ruleset
    # says ("forum_ru": no, builds are the player's choice), else as ``defaults`` says
    # (on for "italian", off for "standard").
    automatic_builds: bool | None = None

    @cached_property
    def house(self) -> HouseRules:
        """The ruleset's named differences from the standard rules, with the game's own
        choices among them (``hold_support_cut``, ``automatic_builds``)."""
        house = house_rules(self.ruleset)
        if self.hold_support_cut is not None:
            uncut = self.hold_support_cut == CUT_BY_DISLODGING
            if uncut != house.hold_support_cut_only_by_dislodging:
                house = replace(house, hold_support_cut_only_by_dislodging=uncut)
        return house

    @property
    def hold_support_cut_rule(self) -> str:
        """CUT_BY_DISLODGING or CUT_BY_ATTACK, as this game plays it."""
        return CUT_BY_DISLODGING if self.house.hold_support_cut_only_by_dislodging else CUT_BY_ATTACK

    @property
    def builds_automatic(self) -> bool:
        """Whether the referee builds what a power leaves unbuilt in winter (R-ADJU-2)."""
        if self.automatic_builds is not None:
            return self.automatic_builds
        house = house_rules(self.ruleset).automatic_builds
        return self.defaults == ITALIAN if house is None else house

    @property
    def coast_inferred(self) -> bool:
        """Whether a coastless fleet move gets the one reachable coast (R-ORD-5)."""
        if self.infer_single_coast is None:
            house = self.house.infer_single_coast
            return self.defaults != ITALIAN if house is None else house
        return self.infer_single_coast

    @property
    def support_strict(self) -> bool:
        """Whether a support that says neither hold nor move is void (R-ORD-4)."""
        if self.strict_support is None:
            return self.defaults == ITALIAN
        return self.strict_support
