"""Phases as players write them in MAPPA / STORIA (issue 16), Italian and English."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.phase_words import PhaseRef, read_phase, split_range
from arbitro.diplomacy.position import Phase


@pytest.mark.parametrize("text, code", [
    ("P1902", "S1902M"), ("p1902", "S1902M"), ("A1903", "F1903M"), ("I1901", "W1901A"),
    ("S1902M", "S1902M"), ("F1901R", "F1901R"), ("W1901A", "W1901A"), ("S1902", "S1902M"),
    ("A1901R", "F1901R"), ("W1901B", "W1901A"), ("primavera 1902", "S1902M"),
    ("1902 spring", "S1902M"), ("Autunno 1901 ritirate", "F1901R"), ("fall 1901 retreats", "F1901R"),
    ("1902 autumn", "F1902M"), ("inverno 1901", "W1901A"), ("Spring, 1902", "S1902M"),
])
def test_one_phase(text: str, code: str) -> None:
    ref = read_phase(text.split())
    assert ref is not None and ref.first() == Phase.parse(code)


@pytest.mark.parametrize("text", ["someday", "X1902", "P1902Q", "primavera", "estate 1902",
                                  "1901 1902", "W1901M", "inverno 1901 ritirate", ""])
def test_not_a_phase(text: str) -> None:
    assert read_phase(text.split()) is None


def test_a_year_alone_is_the_whole_year_and_a_season_both_its_phases() -> None:
    year = read_phase(["1901"])
    assert year == PhaseRef(1901) and year.first() is None
    assert all(year.matches(Phase.parse(c)) for c in ("S1901M", "S1901R", "F1901M", "W1901A"))
    assert not year.matches(Phase.parse("S1902M"))
    autumn = read_phase(["A1901"])
    assert autumn is not None
    assert autumn.matches(Phase.parse("F1901M")) and autumn.matches(Phase.parse("F1901R"))
    assert not autumn.matches(Phase.parse("W1901A"))


@pytest.mark.parametrize("text, firsts", [
    ("P1901 A1902", ["S1901M", "F1902M"]),
    ("primavera 1901 autunno 1902", ["S1901M", "F1902M"]),
    ("S1901M - F1902R", ["S1901M", "F1902R"]),
    ("spring 1901 to fall 1902", ["S1901M", "F1902M"]),
    ("autunno 1901", ["F1901M"]),
    ("", []),
])
def test_ranges(text: str, firsts: list[str]) -> None:
    refs = split_range(text.split())
    assert refs is not None
    assert [str(r.first()) for r in refs] == firsts


def test_a_range_of_three_phases_is_not_a_range() -> None:
    assert split_range("P1901 A1901 P1902".split()) is None
