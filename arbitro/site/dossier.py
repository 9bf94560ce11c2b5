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

FRAME_WIDTH = 640  # a phone's width at twice the density: small enough for a mail link
FRAME_MS = 1200
LAST_FRAME_MS = 4000


def animation(maps: Sequence[Path]) -> bytes:
    """Every map in play order, the last one held longer; one palette per frame."""
    frames = []
    for path in maps:
        with Image.open(path) as image:
            rgb = image.convert("RGB")
        height = round(rgb.height * FRAME_WIDTH / rgb.width)
        frames.append(rgb.resize((FRAME_WIDTH, height), Image.Resampling.LANCZOS)
                      .quantize(colors=128, method=Image.Quantize.MEDIANCUT))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], loop=0,
                   duration=durations, optimize=False)
    return out.getvalue()


def dossier_zip(root: Path, game_id: str, index_html: str) -> bytes:
    """The game's folder with the style sheet and an index of this game alone, so that the
    unpacked folder reads on its own; the zip does not hold itself."""
    out = io.BytesIO()
    folder = root / game_id
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.html", index_html)
        for name in STATIC:
            zf.write(root / name, name)
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.name != DOSSIER_ZIP and not path.name.startswith("."):
                # maps are PNG and the GIF: already compressed
                kind = zipfile.ZIP_STORED if path.suffix in (".png", ".gif") else zipfile.ZIP_DEFLATED
                zf.write(path, f"{game_id}/{path.relative_to(folder)}", compress_type=kind)
    return out.getvalue()


__all__ = ["DOSSIER_ANIMATION", "DOSSIER_ZIP", "animation", "dossier_zip"]
