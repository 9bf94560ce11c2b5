"""The project's documents point only at files the project carries.

A newcomer reads the README on a fresh clone: every path it (or a guide in docs/) names
must exist in the repository, not in a folder beside it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Markdown links [text](target) and code spans that look like a repository path.
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
# Files a guide asks the reader to create.
EXAMPLES = {"maps/my1871.toml"}
PATH = re.compile(r"`((?:\.\./|docs/|scripts/|maps/|templates/|migrations/)[^`\s]*)`")


def _targets(doc: Path) -> list[str]:
    text = doc.read_text(encoding="utf-8")
    return [t for t in LINK.findall(text) + PATH.findall(text) if "://" not in t]


def test_no_document_points_outside_the_repository() -> None:
    outside = [(d.name, t) for d in DOCS for t in _targets(d)
               if not (d.parent / t).resolve().is_relative_to(ROOT)
               and not (ROOT / t).resolve().is_relative_to(ROOT)]
    assert outside == []


def test_every_named_file_exists() -> None:
    missing = []
    for doc in DOCS:
        for target in _targets(doc):
            if any(ch in target for ch in "*<>{}") or re.search(r"\b[A-Z]{4,}\b", target):
                continue  # a pattern or a placeholder (maps/NAME.toml), not a file
            if target in EXAMPLES:
                continue
            here = [p.resolve() for p in (doc.parent / target, ROOT / target)]
            if not any(p.is_relative_to(ROOT) and p.exists() for p in here):
                missing.append((doc.name, target))
    assert missing == []


def test_the_contracts_are_the_projects_own() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/CONTRACTS.md" in readme
    contracts = (ROOT / "docs" / "CONTRACTS.md").read_text(encoding="utf-8")
    for command in ("arbitro adjudicate", "arbitro parse", "arbitro render"):
        assert f"## `{command}`" in contracts
