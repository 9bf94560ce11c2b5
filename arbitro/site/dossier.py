"""The end-of-game dossier: the game's archive as one zip, and every phase's map as one
animated GIF (Pillow)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from ..reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP
from .pages import STATIC

FRAME_WIDTH = 600  # about a phone's width at twice the density: small enough for a mail link
FRAME_MS = 1200
LAST_FRAME_MS = 4000


def animation(maps: Sequence[Path]) -> bytes:
    """Every map in play order, the last one held longer. One palette for all frames, made
    from small copies of them all (every power's colour, eliminated ones too), so frames
    are cheap to map onto it and do not flicker."""
    smalls: list[Image.Image] = []
    for path in maps:
        with Image.open(path) as image:
            rgb = image.convert("RGB")
        factor = max(1, rgb.width // FRAME_WIDTH)
        smalls.append(rgb.reduce(factor) if factor > 1 else rgb)
    # one canvas for all: the table under a map has as many rows as powers with centres
    size = (max(s.width for s in smalls), max(s.height for s in smalls))
    thumbs = [s.reduce(4) for s in smalls]
    sample = Image.new("RGB", (sum(t.width for t in thumbs), max(t.height for t in thumbs)))
    x = 0
    for t in thumbs:
        sample.paste(t, (x, 0))
        x += t.width
    palette = sample.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    frames: list[Image.Image] = []
    for frame in smalls:
        canvas = Image.new("RGB", size, frame.getpixel((0, 0)))
        canvas.paste(frame, (0, 0))
        frames.append(canvas.quantize(palette=palette, dither=Image.Dither.NONE))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], loop=0,
                   duration=durations, optimize=False)
    return out.getvalue()


def dossier_zip(root: Path, game_id: str, index_html: str, game_html: str) -> bytes:
    """The game's folder with the style sheet and an index of this game alone, so that the
    unpacked folder reads on its own; the zip does not hold itself, and its copy of the
    game's page (``game_html``) does not link to it."""
    out = io.BytesIO()
    folder = root / game_id
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.html", index_html)
        for name in STATIC:
            zf.write(root / name, name)
        for path in sorted(folder.rglob("*")):
            if path == folder / "index.html":
                zf.writestr(f"{game_id}/index.html", game_html)
            elif path.is_file() and path.name != DOSSIER_ZIP and not path.name.startswith("."):
                # maps are PNG and the GIF: already compressed
                packed = path.suffix in (".png", ".gif")
                kind = zipfile.ZIP_STORED if packed else zipfile.ZIP_DEFLATED
                zf.write(path, f"{game_id}/{path.relative_to(folder)}", compress_type=kind)
    return out.getvalue()


__all__ = ["DOSSIER_ANIMATION", "DOSSIER_ZIP", "animation", "dossier_zip"]
