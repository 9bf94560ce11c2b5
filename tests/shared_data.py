"""Where the read-only reference data lives: ../shared beside the repository."""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def shared_file(*parts: str) -> Path:
    """A file of ../shared, or skip the test when this machine has none."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference data not present: {path}")
    return path
