"""A resolver that never fails (issue 14, Build 3): property tests on every shipped map.

Hypothesis draws the seed of ``random_phases``: positions with units of a few
powers and neutral ones, orders sound and unsound (supports of any power's moves,
attacks on one's own units, convoy chains and paradox set-ups, coasts given, omitted
or wrong, orders for absent or foreign units, orders of another phase), then the
retreat and adjustment phases that follow. ``play()`` must never raise and every
invariant of ``phase_invariants`` must hold: one unit per province; every unit moved,
dislodged or in place; a successful move's destination holds that unit; every
dislodged unit has exactly one successful attacker, of another power; a unit that
bounced stays; retreats reach only empty provinces, never the attacker's origin
(unless convoyed) nor a standoff (R-RET-1), and a province no standoff closed stays
open (DATC 6.H.9); centres after autumn follow the units; builds and disbands match
what is owed. The CI examples take a few seconds; ``tests/diplomacy/long_run.py`` plays
100,000 movement phases and more (docs/RELIABILITY.md).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import shipped_variants
from phase_invariants import Tally, play_round

from arbitro.variants import load_board

VARIANTS = shipped_variants()
BIG = {"youngstown", "imperial1871", "imperial_base"}
SCALE = 50 if os.environ.get("ARBITRO_LONG") else 1


def test_every_shipped_map_is_covered():
    assert {"standard", "ancmed", "youngstown", "imperial1871"} <= set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_phases_keep_the_invariants(variant):
    board = load_board(variant)

    @settings(
        max_examples=(6 if variant in BIG else 40) * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(0, 2**64))
    def check(seed):
        # Hypothesis draws the seed of the generator's own random source: a phase
        # takes thousands of draws, too many for Hypothesis to shrink usefully.
        tally = Tally()
        play_round(board, random.Random(seed), tally)
        assert not tally.problems, f"seed {seed}: {tally.problems[0]}"
        assert tally.phases["M"] == 1

    check()
