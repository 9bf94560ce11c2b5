"""Importers report what they cannot translate, with file and line (issue 9 point 2)."""

import pytest
from realpolitik_files import write_realpolitik

from arbitro.diplomacy.board import board_from_dict
from arbitro.variant_import import ImportFailed, import_variant
from arbitro.variants import load_board

# A three-power toy map in the DPjudge dialect, with one of each thing that cannot be
# translated as it stands. Line numbers matter: the notes must point at them.
TOY_MAP = """\
# toy map
USE toy.geography
BEGIN SPRING 1850 MOVEMENT
VICTORY 3 4
RULE HOME_BUILDS
RULE BLIND
ALPHA (ALPHAN) AAA
BETA (BETAN) BBB
UNOWNED CCC ZZZ
FROBNICATE everything
ALPHA
A AAA
F LLL
BETA
F BBB
"""
TOY_GEOGRAPHY = """\
Aaa Land = aaa aland
Bbb Coast = bbb
Ccc Coast = ccc
Lll Land = lll
North Sea = nse
South Sea = sse
COAST AAA ABUTS bbb CCC lll NSE
COAST BBB ABUTS aaa CCC NSE SSE(CCC)
COAST CCC ABUTS AAA BBB NSE SSE
LAND LLL ABUTS AAA
WATER NSE ABUTS AAA BBB CCC SSE QQQ
WATER SSE ABUTS CCC NSE BBB(CCC)
"""


@pytest.fixture
def toy(tmp_path):
    (tmp_path / "toy.map").write_text(TOY_MAP)
    (tmp_path / "toy.geography").write_text(TOY_GEOGRAPHY)
    return tmp_path


def messages(notes):
    return {(n.file, n.line): n.message for n in notes}


def test_dpjudge_notes_point_at_file_and_line(toy):
    data, notes = import_variant(toy)
    found = messages(notes)
    assert "VICTORY lists 2 counts" in found[("toy.map", 4)]
    assert "HOME_BUILDS read as builds = 'any_home'" in found[("toy.map", 5)]
    assert "rule BLIND is not supported" in found[("toy.map", 6)]
    assert "ZZZ is not a space" in found[("toy.map", 9)]
    assert "not understood" in found[("toy.map", 10)]
    assert "fleet LLL cannot stand there" in found[("toy.map", 13)]
    assert "only to the owner of CCC" in found[("toy.geography", 8)]
    assert "only to the owner of CCC" in found[("toy.geography", 12)]
    assert "unknown space QQQ" in found[("toy.geography", 11)]
    # AAA and CCC list each other for armies and fleets: no note. AAA lists bbb
    # (armies only) and BBB lists aaa: two-way, no note.
    assert not [n for n in notes if "one way" in n.message]
    board = board_from_dict(data)
    assert board.army_moves["AAA"] == {"BBB", "CCC", "LLL"}
    assert board.fleet_moves["AAA"] == {"CCC", "NSE"}  # lower-case bbb: not for fleets
    assert "SSE" not in board.fleet_moves["BBB"]
    assert (board.start_year, board.victory_centres, board.build_rule) == (1850, 3, "any_home")
    assert board.powers["ALPHA"].start_units == (("A", "AAA"),)
    assert board.english_aliases["ALAND"] == "AAA"


def test_dpjudge_one_way_move_is_made_two_way_and_noted(toy):
    (toy / "toy.geography").write_text(
        TOY_GEOGRAPHY.replace("LAND LLL ABUTS AAA", "LAND LLL ABUTS")
    )
    data, notes = import_variant(toy)
    assert "army move AAA -> LLL is listed one way only" in messages(notes)[("toy.geography", 7)]
    assert "AAA" in board_from_dict(data).army_moves["LLL"]


def test_not_a_variant_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(ImportFailed):
        import_variant(tmp_path / "notes.txt")
    with pytest.raises(ImportFailed):
        import_variant(tmp_path / "missing")


def test_realpolitik_folder_of_the_standard_map_reads_back_the_same(tmp_path):
    ours = load_board("standard")
    write_realpolitik(ours, tmp_path / "Standard", "Standard")
    data, notes = import_variant(tmp_path / "Standard")
    assert notes == ()
    board = board_from_dict(data)
    assert dict(board.army_moves) == dict(ours.army_moves)
    assert dict(board.fleet_moves) == dict(ours.fleet_moves)
    assert board.provinces["SWI"].terrain.value == "impassable"  # no moves at all
    assert board.supply_centres == ours.supply_centres
    for name, power in ours.powers.items():
        assert board.powers[name].home_centres == power.home_centres
        assert board.powers[name].start_units == power.start_units
    assert (board.start_year, board.victory_centres) == (ours.start_year, ours.victory_centres)


def test_realpolitik_notes_point_at_file_and_line(tmp_path):
    folder = tmp_path / "Standard"
    write_realpolitik(load_board("standard"), folder, "Standard")
    text = (folder / "Standard.map").read_text().splitlines()
    i_con = next(i for i, line in enumerate(text) if line.startswith("Constantinople,"))
    text[i_con] = text[i_con].replace(", T con", ", Tw con")  # a coast that convoys
    i_bar = next(i for i, line in enumerate(text) if line.startswith("Barents Sea,"))
    text[i_bar] = text[i_bar].replace(", w bar", ", v bar")  # ice
    end = text.index("-1")
    text.insert(end + 1, "mos-mx: war")  # one support less
    text.insert(end + 1, "what is this")
    (folder / "Standard.map").write_text("\n".join(text) + "\n")
    var = (folder / "Standard.var").read_text().replace("Build: Standard", "Build: Aberration")
    (folder / "Standard.var").write_text(var)
    data, notes = import_variant(folder)
    found = messages(notes)
    assert "convoy" in found[("Standard.map", i_con + 1)]
    assert "ice" in found[("Standard.map", i_bar + 1)]
    assert "not understood" in found[("Standard.map", end + 2)]
    assert "one support less" in found[("Standard.map", end + 3)]
    assert any("Aberration" in n.message.title() for n in notes)
    board_from_dict(data)
