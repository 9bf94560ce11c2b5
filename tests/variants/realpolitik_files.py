"""Write a Board as a Realpolitik variant folder, so the Realpolitik reader can be tested
on a whole real map (no Realpolitik files are kept in the repository)."""

from __future__ import annotations

from pathlib import Path

from arbitro.diplomacy.board import Board, Terrain


def write_realpolitik(board: Board, folder: Path, name: str = "Test") -> dict[str, str]:
    """Write NAME.var/.cnt/.gam/.map; returns power initial -> power name."""
    folder.mkdir(parents=True, exist_ok=True)
    powers = sorted(board.powers)
    initials = {p[0]: p for p in powers}
    assert len(initials) == len(powers), "powers need distinct initials"
    home_of = {c: p[0] for p in powers for c in board.powers[p].home_centres}
    (folder / f"{name}.var").write_text(
        "\n".join(
            [
                "Version: 1",
                f"Name: {name}",
                f"Map: {name}.map",
                f"Countries: {name}.cnt",
                f"Game: {name}.gam",
                f"BWMap: {name}.bmp",
                f"ColorMap: {name}.bmp",
                f"Regions: {name}.rgn",
                f"Info: {name}.txt",
                "Build: Standard",
                f"Centers: {board.victory_centres}",
                "Flags: 0",
            ]
        )
        + "\n"
    )
    cnt = ["1", str(len(powers))]
    cnt += [f"{p.title()} {p.title()}n {p[0]} 1 red" for p in powers]
    (folder / f"{name}.cnt").write_text("\n".join(cnt) + "\n")
    gam = ["1", "Game", name, f"Spring {board.start_year}", "0", str(len(powers))]
    for p in powers:
        power = board.powers[p]
        gam.append("0")
        gam.append(" ".join(sorted(c.lower() for c in power.home_centres)))
        gam.append(" ".join(f"{k} {loc.lower()}" for k, loc in power.start_units))
    gam.append("0")
    (folder / f"{name}.gam").write_text("\n".join(gam) + "\n")
    spaces, moves = [], []
    for code, prov in sorted(board.provinces.items()):
        if prov.terrain is Terrain.SEA:
            kind = "w"
        elif prov.supply_centre:
            kind = home_of.get(code, "x")
        else:
            kind = "l"
        aliases = " ".join(a.lower().replace(" ", "") for a in prov.aliases if " " not in a)
        spaces.append(f"{prov.name_en}, {kind} {code.lower()} {aliases}".rstrip())
        if board.army_moves.get(code):
            moves.append(
                f"{code.lower()}-mv: " + " ".join(sorted(t.lower() for t in board.army_moves[code]))
            )
        for loc in prov.locations:
            if loc in board.fleet_moves:
                tag = loc.partition("/")[2].lower() or "xc"
                targets = " ".join(sorted(t.lower() for t in board.fleet_moves[loc]))
                moves.append(f"{code.lower()}-{tag}: {targets}")
    text = "\n".join(spaces + ["-1"] + moves + ["-1"] + ["-1"]) + "\n"
    (folder / f"{name}.map").write_text(text)
    return initials
