"""Rule options a game may choose (see docs/RULE_CHOICES.md)."""

from __future__ import annotations

from dataclasses import dataclass

ITALIAN = "italian"
STANDARD = "standard"


@dataclass(frozen=True)
class Rules:
    # "italian": tacit retreats, automatic builds and disbands (R-RET-3, R-ADJU-2/3);
    # "standard": the rulebook/DATC behaviour (unordered retreat = disband, builds waived,
    # disbands by the DATC civil-disorder rule).
    defaults: str = ITALIAN
    # A fleet ordered to a split-coast province without a coast goes to the only coast it
    # can reach (DATC 4.B.2 preferred); off = the order is void (strict R-ORD-5).
    infer_single_coast: bool = True
    # R-ORD-4: "A Bud APP A Gal" (neither hold nor move said) is void; off = support hold.
    strict_support: bool = True
