"""What a map shows, which its title says (issue 29 point 12): a map never calls itself
results when nothing was played, nor passes a trial off as the real thing."""

from __future__ import annotations

from enum import StrEnum


class MapKind(StrEnum):
    NOW = "now"  # the position as it stands in the open phase: nothing played on it
    RESULTS = "results"  # a phase just played: its orders and outcomes, the position after
    TRIAL = "trial"  # a trial's would-be results (PROVA): nothing was played, nothing kept
    PAST = "past"  # a phase played earlier, asked for again: its results as they were


# The words after the phase in the title bar, per kind (catalog keys).
TITLE_KEYS = {
    MapKind.NOW: "map.title.now",
    MapKind.RESULTS: "map.results",
    MapKind.TRIAL: "map.title.trial",
    MapKind.PAST: "map.title.past",
}
