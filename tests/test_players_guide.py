"""docs/PLAYERS.md, the players' guide (issue 16): Italian first, then English, and every
command a player can mail named in both, from the commands' own registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.mail.intake.commands import COMMANDS

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "PLAYERS.md"


def _sections() -> tuple[str, str]:
    text = GUIDE.read_text(encoding="utf-8")
    italian, english = text.index("## Italiano"), text.index("## English")
    assert italian < english  # Italian first
    return text[italian:english], text[english:]


@pytest.mark.parametrize("command", [c for c in COMMANDS if not c.gm_only], ids=lambda c: c.name)
def test_every_player_command_is_in_the_guide_in_both_languages(command) -> None:  # type: ignore[no-untyped-def]
    italian, english = _sections()
    keywords = {w.upper() for w in command.words}
    assert any(f"`{k}" in italian for k in keywords), (command.name, "italiano")
    assert any(f"`{k}" in english for k in keywords), (command.name, "English")
