"""Rule options a game may choose (see docs/RULE_CHOICES.md)."""

from __future__ import annotations

from dataclasses import dataclass

from .rulesets import STANDARD_RULESET, HouseRules, house_rules

ITALIAN = "italian"
STANDARD = "standard"


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

    @property
    def house(self) -> HouseRules:
        """The ruleset's named differences from the standard rules."""
        return house_rules(self.ruleset)

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
