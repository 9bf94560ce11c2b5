"""The DATC and the other adjudication cases of this folder, one test per case id and path.

Every case runs from its first phase the way a real game runs: through ``play()`` and
through the ``arbitro adjudicate`` contract (in process, and all of them once more
through the real command with ``--jsonl``), each later phase played on the position
the engine itself gave (dislodged units, retreats and standoffs are never written in
a case). After each phase the units, the dislodged units with their retreats, and the
per-order results ("succeeds"; anything else, void included, counts as not
succeeding) are compared with the case.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from datc_cases import Case, expected_units, load_cases, position_of, read_orders, steps

from arbitro.contract import adjudicate_json, rules_from_json
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.phases import play
from arbitro.variants import load_board

CASES = load_cases()
IDS = [c["id"] for c in CASES]
OPTIONS = {"defaults": "standard"}
RULES = rules_from_json({"options": OPTIONS})
BOARD = load_board("standard")


@dataclass
class View:
    """What a phase gave, in the same words for every path."""

    phase: str  # the phase that was played
    units: list[tuple[str, str, str]]  # right after the phase
    dislodged: dict[tuple[str, str, str], list[str]]  # with their retreats
    result_of: Callable[[str, str], str]  # (power, order text) -> result


def run_play(case: Case) -> Iterator[tuple[Case, View]]:
    position = position_of(BOARD, case)
    for step in steps(case):
        orders = read_orders(BOARD, step)
        outcome = play(BOARD, position, orders.by_power, RULES)
        after = outcome.after
        assert after is not None, "play() gave no position right after the phase"

        def result_of(power: str, text: str, outcome=outcome, read=orders.read) -> str:
            order = read.get((power, text))
            if isinstance(order, str):
                return f"void on reading ({order})"
            for r in outcome.results:
                if r.order == order:
                    return r.result.value + (f" ({r.reason})" if r.reason else "")
            return "no result"

        yield step, View(
            str(position.phase),
            sorted((u.power, u.kind, u.location) for u in after.units),
            {(d.unit.power, d.unit.kind, d.unit.location): list(d.retreats) for d in after.dislodged},
            result_of,
        )
        position = outcome.next


def first_document(case: Case) -> dict[str, Any]:
    doc: dict[str, Any] = {"variant": "standard", "phase": case["phase"], "options": OPTIONS}
    doc["units"] = case.get("units", {})
    if "centres" in case:
        doc["centers"] = case["centres"]
    return doc


def following_document(out: dict[str, Any]) -> dict[str, Any]:
    """The next phase's input: the output's ``next`` as it stands, as a driver would."""
    nxt = out["next"]
    return {"variant": "standard", "options": OPTIONS,
            **{k: nxt[k] for k in ("phase", "units", "dislodged", "centers")}}


def contract_view(doc: dict[str, Any], out: dict[str, Any]) -> View:
    def result_of(power: str, text: str) -> str:
        wanted = read_order(BOARD, power, text)
        for r in out["results"]:
            if r["power"] != power:
                continue
            if r["order"] == text or (
                not isinstance(wanted, str) and read_order(BOARD, power, r["order"]) == wanted
            ):
                return r["result"] + (f" ({r['reason']})" if "reason" in r else "")
        return "no result"

    nxt = out["next"]
    units = sorted((p, *u.split()) for p, us in nxt["units"].items() for u in us)
    dislodged = {
        (p, *u.split()): list(options)
        for p, entries in nxt["dislodged"].items()
        for u, options in entries.items()
    }
    return View(doc["phase"], units, dislodged, result_of)  # type: ignore[arg-type]


def run_contract(case: Case) -> Iterator[tuple[Case, View]]:
    doc = first_document(case)
    for step in steps(case):
        doc["orders"] = step.get("orders", {})
        out = adjudicate_json(BOARD, json.loads(json.dumps(doc)))
        yield step, contract_view(doc, out)
        doc = following_document(out)


def problems_of(step: Case, view: View) -> list[str]:
    problems: list[str] = []
    if "phase" in step and view.phase != step["phase"]:
        problems.append(f"played {view.phase}, the case expects {step['phase']}")
    expect = step.get("expect", {})
    if "units" in expect:
        want = expected_units(expect["units"])
        if view.units != want:
            problems.append(_diff("units", view.units, want))
    if "dislodged" in expect:
        got = sorted(view.dislodged)
        want = expected_units(expect["dislodged"])
        if got != want:
            problems.append(_diff("dislodged", got, want))
    for text, want_retreats in expect.get("retreats", {}).items():
        found = [r for (_, k, loc), r in view.dislodged.items() if f"{k} {loc}" == text]
        got_retreats = found[0] if found else None
        if got_retreats != sorted(want_retreats):
            problems.append(f"retreats of {text}: got {got_retreats}, want {want_retreats}")
    for power, wanted in expect.get("results", {}).items():
        for text, want in wanted.items():
            got = view.result_of(power, text)
            if got.startswith("succeeds") != (want == "succeeds"):
                problems.append(f"{view.phase} {power} {text}: got {got}, want {want}")
    return problems


def check(runs: Iterator[tuple[Case, View]]) -> None:
    problems = [p for step, view in runs for p in problems_of(step, view)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_case(case, datc_tally):
    """Through ``play()``."""
    datc_tally["void_on_reading"] += sum(len(read_orders(BOARD, s).unreadable) for s in steps(case))
    check(run_play(case))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_case_contract(case):
    """Through ``arbitro.contract.adjudicate_json``, what ``arbitro adjudicate`` runs."""
    check(run_contract(case))


def _cli_jsonl(docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "arbitro", "adjudicate", "--jsonl"],
        input="".join(json.dumps(d) + "\n" for d in docs),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_every_case_through_the_command():
    """All cases through one ``arbitro adjudicate --jsonl`` per round of phases."""
    docs = {c["id"]: first_document(c) for c in CASES}
    pending = {c["id"]: steps(c) for c in CASES}
    problems: list[str] = []
    while pending:
        ids = list(pending)
        for i in ids:
            docs[i]["orders"] = pending[i][0].get("orders", {})
        outs = _cli_jsonl([docs[i] for i in ids])
        assert len(outs) == len(ids)
        for i, out in zip(ids, outs):
            assert "error" not in out, (i, out)
            step = pending[i].pop(0)
            problems += [f"{i}: {p}" for p in problems_of(step, contract_view(docs[i], out))]
            docs[i] = following_document(out)
            if not pending[i]:
                del pending[i]
    assert not problems, "\n".join(problems)


def _diff(what: str, got, want) -> str:
    extra = [u for u in got if u not in want]
    missing = [u for u in want if u not in got]
    return f"{what}: unexpected {_units(extra)}; missing {_units(missing)}"


def _units(units) -> str:
    return ", ".join(f"{p} {k} {loc}" for p, k, loc in units) or "-"
