"""The rulings of the Italian FAQ (seed 003, R-AAE-FAQ) as scenarios kept as data, one runner.

Each file of ``faq/`` holds the scenarios of one ruling or group, like tests/datc/: the seed's
question quoted, the command (``battle`` or ``step``), its JSON input with fixed dice, and the
expected output fields, by path (``result.end``, ``rolls[0].dice[*].die``, ``casualties[*].why``).
Every scenario runs through the contract functions in process; those marked ``process = true``
run once more through the real ``arbitro aae`` command, whose whole output must be the same.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from shared_data import shared_file

from arbitro.aae_contract.shapes import ContractError
from arbitro.cli.aae import answer

FAQ = Path(__file__).parent / "faq"
# Rulings whose scenarios are the turn's engineer's (movement, economy, victory: the `step`
# command). The list only shrinks: the test fails when one of them gains a scenario here.
PENDING: frozenset[str] = frozenset()


def _scenarios() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted(FAQ.glob("*.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for n, scenario in enumerate(data.get("scenario", []), start=1):
            found.append((f"{path.stem}#{n}", {**scenario, "file": path.name}))
    return found


SCENARIOS = _scenarios()


def _walk(value: Any, path: str) -> Any:
    """The value at ``path``: dotted fields, ``[n]`` an item, ``[*]`` every item."""
    parts = re.findall(r"[^.\[\]]+|\[\*\]|\[\d+\]", path)
    return _step(value, parts)


def _step(value: Any, parts: list[str]) -> Any:
    if not parts:
        return value
    head, rest = parts[0], parts[1:]
    if head == "[*]":
        return [_step(item, rest) for item in value]
    if head.startswith("["):
        return _step(value[int(head[1:-1])], rest)
    return _step(value[head], rest)


def _expected(value: Any) -> Any:
    """TOML has no null: the string "null" stands for JSON's null in an expectation."""
    if value == "null":
        return None
    if isinstance(value, dict):
        return {k: _expected(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_expected(v) for v in value]
    return value


def _run(scenario: dict[str, Any]) -> dict[str, Any]:
    return answer(scenario["command"], scenario["input"])


@pytest.mark.parametrize("name,scenario", SCENARIOS, ids=[n for n, _ in SCENARIOS])
def test_scenario(name: str, scenario: dict[str, Any]) -> None:
    if "error" in scenario:
        with pytest.raises(ContractError, match=scenario["error"]):
            _run(scenario)
        return
    out = _run(scenario)
    wrong = []
    for path, expected in scenario["expect"].items():
        got = _walk(out, path)
        expected = _expected(expected)
        if got != expected:
            wrong.append(f"{path}: expected {expected!r}, got {got!r}")
    assert not wrong, f"{scenario['file']} ({', '.join(scenario['rulings'])}):\n" + "\n".join(wrong)


PROCESS = [(n, s) for n, s in SCENARIOS if s.get("process")]


@pytest.mark.parametrize("name,scenario", PROCESS, ids=[n for n, _ in PROCESS])
def test_scenario_through_the_command(name: str, scenario: dict[str, Any]) -> None:
    done = subprocess.run([sys.executable, "-m", "arbitro", "aae", scenario["command"]],
                          input=scenario["input"], capture_output=True, text=True, timeout=120,
                          check=False)
    if "error" in scenario:
        assert done.returncode == 2 and not done.stdout
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert re.search(scenario["error"], done.stderr)
        return
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == _run(scenario)


def test_some_scenarios_run_through_the_command() -> None:
    assert len(PROCESS) >= 5


def _ruling_ids() -> list[str]:
    text = shared_file("docs", "AAE_RULES.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"R-AAE-FAQ-([A-Z]\d+)", text)))


def test_every_ruling_has_a_scenario() -> None:
    ids = _ruling_ids()
    assert len(ids) > 50, ids
    covered = {r for _, s in SCENARIOS for r in s["rulings"]}
    assert covered <= set(ids), f"unknown rulings: {sorted(covered - set(ids))}"
    missing = sorted(set(ids) - covered - PENDING)
    assert not missing, f"rulings without a scenario: {missing}"
    struck = sorted(PENDING & covered)
    assert not struck, f"strike from PENDING, they have scenarios now: {struck}"


def _folded(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).lower()


def test_every_scenario_quotes_the_seeds_question() -> None:
    seed = _folded(shared_file("seeds", "003_d399844173e429c6.txt").read_text(encoding="utf-8"))
    for name, scenario in SCENARIOS:
        question = scenario.get("question", "")
        assert len(question) > 20, f"{name}: no question quoted"
        assert _folded(question) in seed, f"{name}: the question is not the seed's: {question!r}"
        answer_ = scenario.get("answer")  # the ruling's own sentence, when quoted too
        assert answer_ is None or _folded(answer_) in seed, f"{name}: not the seed's: {answer_!r}"
