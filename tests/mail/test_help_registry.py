"""AIUTO/HELP's list comes from the command registry: every command has its line in every
catalog, and a help mail lists exactly the commands the reader may use (issue 16)."""

from __future__ import annotations

import pytest

from arbitro.mail.intake.commands import COMMANDS, by_words
from arbitro.mail.intake.commands.help import command_lines
from arbitro.words import languages
from arbitro.words.catalog import catalog


@pytest.mark.parametrize("lang", languages())
def test_every_command_has_its_help_line(lang: str) -> None:
    keys = {m.id for m in catalog(lang) if m.id}
    missing = [c.name for c in COMMANDS if f"help.command.{c.name}" not in keys]
    assert not missing, f"add help.command.<name> to the {lang} catalog for {missing}"
    players = command_lines(COMMANDS, lang, gm=False)
    everyone = command_lines(COMMANDS, lang, gm=True)
    assert len(players) == sum(not c.gm_only for c in COMMANDS)
    assert len(everyone) == len(COMMANDS)


def test_each_command_is_found_by_its_words_one_or_two() -> None:
    for command in COMMANDS:
        for word in command.words:
            found = by_words(word.upper().split() + ["dopo"])
            assert found is not None and found[0] is command, word
    assert by_words(["NON", "ATTENDERE"])[0].name == "nowait"  # type: ignore[index]
    assert by_words(["non", "capisco"]) is None

