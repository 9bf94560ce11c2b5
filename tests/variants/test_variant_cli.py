"""``arbitro variant import`` and ``arbitro variant check`` end to end."""

import subprocess
import sys
from pathlib import Path

from shared_data import shared_file

from arbitro.variants import load_board_file

ROOT = Path(__file__).resolve().parents[2]


def arbitro(*args):
    return subprocess.run(
        [sys.executable, "-m", "arbitro", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_import_writes_a_loadable_file_and_lists_the_notes(tmp_path):
    out = tmp_path / "imperial_copy.toml"
    done = arbitro(
        "variant", "import", str(shared_file("variants", "imperial", "dpjudge")), "-o", str(out)
    )
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("note: ")]
    assert "note: imperial.geography:211: move AEG -> BLA" in "\n".join(notes)
    assert "3 note(s)" in done.stderr
    board = load_board_file(out)
    assert board.name == "imperial_copy" and len(board.supply_centres) == 172
    assert "# Importer notes" in out.read_text()


def test_import_of_nonsense_fails_cleanly(tmp_path):
    (tmp_path / "x.map").write_text("nothing to see\n")
    done = arbitro("variant", "import", str(tmp_path / "x.map"))
    assert done.returncode == 1
    assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def test_check_lists_what_a_gm_must_supply():
    done = arbitro("variant", "check", "imperial1871")
    assert done.returncode == 0, done.stderr
    assert "imperial1871: 14 powers, 346 spaces, 170 centres" in done.stdout
    assert "warning: ITALY has no home centres" in done.stdout
    assert "warning: JAPAN" not in done.stdout
