"""Count DATC cases passed and print the tally after the run."""

from __future__ import annotations

import pytest

_TALLY = {"passed": 0, "failed": 0, "contract_passed": 0, "contract_failed": 0,
          "void_on_reading": 0}


@pytest.fixture
def datc_tally():
    return _TALLY


def pytest_runtest_logreport(report):
    if report.when != "call":
        return
    if "test_datc.py::test_case[" in report.nodeid:
        _TALLY["passed" if report.passed else "failed"] += 1
    elif "test_datc.py::test_case_contract[" in report.nodeid:
        _TALLY["contract_passed" if report.passed else "contract_failed"] += 1


def pytest_terminal_summary(terminalreporter):
    total = _TALLY["passed"] + _TALLY["failed"]
    if total:
        terminalreporter.write_line(
            f"DATC: {_TALLY['passed']} cases passed of {total} "
            f"({_TALLY['void_on_reading']} orders void on reading)"
        )
    total = _TALLY["contract_passed"] + _TALLY["contract_failed"]
    if total:
        terminalreporter.write_line(
            f"DATC through arbitro adjudicate: {_TALLY['contract_passed']} cases passed of {total}"
        )
