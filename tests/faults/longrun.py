"""Short (CI) or long runs of the reliability suites (issue 10).

Long: ``ARBITRO_LONG=1`` in the environment, or ``pytest -m long`` (which also selects only
the tests marked ``long``). Every conftest of tests/faults, tests/hostile and
tests/security calls ``register`` so the marker is known wherever the suite starts.
"""

from __future__ import annotations

import os

import pytest

ENV = "ARBITRO_LONG"


def register(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long: has a long mode (ARBITRO_LONG=1 or -m long runs it in full)"
    )
    if "long" in (config.getoption("markexpr", "") or "").replace("not long", ""):
        os.environ[ENV] = "1"


def is_long() -> bool:
    return os.environ.get(ENV, "") not in ("", "0")


def sized(ci: int, long: int) -> int:
    """How many trials or examples: the CI size, or the long one."""
    return long if is_long() else ci


# Figures gathered by the trials, printed at the end of the session (terminal summary).
FIGURES: dict[str, list[str]] = {}
_PRINTED: list[bool] = []


def note(section: str, line: str) -> None:
    FIGURES.setdefault(section, []).append(line)


def summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    if not FIGURES or _PRINTED:
        return
    _PRINTED.append(True)
    terminalreporter.section("reliability figures (issue 10)")
    for section, lines in FIGURES.items():
        terminalreporter.write_line(f"{section}:")
        for line in lines:
            terminalreporter.write_line(f"  {line}")
