"""The end-of-game dossier: the game's archive as one zip, and every phase's map as one
animated GIF.

Each phase's frame is made when its map is (``frame``: the map halved, on a palette of
its own, as a one-image GIF kept beside the maps), so the animation at the end is the
stored frames put one after the other (``splice``): no map is read, scaled or encoded
again, however long the game (issue 30 Build 5)."""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from ..reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP
from .pages import STATIC

FRAME_WIDTH = 600  # about a phone's width at twice the density: small enough for a mail link
FRAME_MS = 1200
LAST_FRAME_MS = 4000


def frame(image: Image.Image) -> bytes:
    """One map as an animation frame: scaled to about ``FRAME_WIDTH`` by whole factors
    (``Image.reduce`` averages blocks: quick, and sharp enough for a map this size), on a
    palette of its own (every flat colour of a map is one of few: nothing flickers from
    one frame to the next), as a GIF of one image."""
    rgb = image.convert("RGB")
    factor = max(1, rgb.width // FRAME_WIDTH)
    small = rgb.reduce(factor) if factor > 1 else rgb
    paletted = small.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="GIF", optimize=False)
    return out.getvalue()


class _Frame:
    """The parts of a one-image GIF the animation takes: its size, its colour table and
    its compressed image data."""

    def __init__(self, gif: bytes) -> None:
        if gif[:6] not in (b"GIF87a", b"GIF89a"):
            raise ValueError("not a GIF")
        packed = gif[10]
        at = 13
        table = b""
        if packed & 0x80:
            size = 3 << ((packed & 7) + 1)
            table, at = gif[at:at + size], at + size
        while True:
            block = gif[at]
            if block == 0x21:  # an extension: its label, then sub-blocks to a zero
                at += 2
                at = _skip(gif, at)
            elif block == 0x2C:
                left, top, self.width, self.height, flags = struct.unpack("<HHHHB", gif[at + 1:at + 10])
                self.interlaced = bool(flags & 0x40)  # the rows' order in the data
                at += 10
                if flags & 0x80:  # a local table wins over the global one
                    size = 3 << ((flags & 7) + 1)
                    table, at = gif[at:at + size], at + size
                start = at
                at = _skip(gif, at + 1)  # the LZW minimum code size, then sub-blocks
                self.data = gif[start:at]
                break
            else:
                raise ValueError("a GIF without an image")
        if not table:
            raise ValueError("a GIF without colours")
        self.table = table


def _skip(gif: bytes, at: int) -> int:
    """Past the sub-blocks starting at ``at`` (each a length byte and its bytes, then 0)."""
    while gif[at]:
        at += gif[at] + 1
    return at + 1


def splice(frames: Sequence[bytes], durations: Sequence[int] | None = None) -> bytes:
    """Frames (one-image GIFs, ``frame``) as one looping animation, each on its own colour
    table; ``durations`` in milliseconds (the last held longer by default). The canvas is
    the largest frame (maps differ in height by their table of powers)."""
    parts = [_Frame(f) for f in frames]
    if not parts:
        raise ValueError("no frames")
    if durations is None:
        durations = [FRAME_MS] * (len(parts) - 1) + [LAST_FRAME_MS]
    width, height = max(p.width for p in parts), max(p.height for p in parts)
    for i, (part, gif) in enumerate(zip(parts, frames, strict=True)):
        if (part.width, part.height) != (width, height):  # rare: padded, then encoded again
            parts[i] = _Frame(_padded(gif, width, height))
    out = [b"GIF89a", struct.pack("<HHBBB", width, height, 0x70, 0, 0),
           b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"]  # loop for ever
    for part, ms in zip(parts, durations, strict=True):
        out.append(struct.pack("<BBBBHBB", 0x21, 0xF9, 4, 1 << 2, round(ms / 10), 0, 0))
        bits = max(1, (len(part.table) // 3 - 1).bit_length()) - 1
        flags = 0x80 | (0x40 if part.interlaced else 0) | bits
        out.append(struct.pack("<BHHHHB", 0x2C, 0, 0, part.width, part.height, flags))
        out.append(part.table.ljust(3 << (bits + 1), b"\x00"))
        out.append(part.data)
    out.append(b"\x3b")
    return b"".join(out)


def _padded(gif: bytes, width: int, height: int) -> bytes:
    """A frame on a canvas of the animation's size, the rest in its corner's colour."""
    with Image.open(io.BytesIO(gif)) as image:
        rgb = image.convert("RGB")
    canvas = Image.new("RGB", (width, height), rgb.getpixel((0, 0)))
    canvas.paste(rgb, (0, 0))
    out = io.BytesIO()
    canvas.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="GIF", optimize=False)
    return out.getvalue()


def animation(maps: Sequence[Path]) -> bytes:
    """Every map in play order as frames of one animation, the last one held longer."""
    frames = []
    for path in maps:
        with Image.open(path) as image:
            frames.append(frame(image))
    return splice(frames)


def dossier_zip(root: Path, game_id: str, index_html: str, game_html: str) -> bytes:
    """The game's folder with the style sheet and an index of this game alone, so that the
    unpacked folder reads on its own; the zip does not hold itself, and its copy of the
    game's page (``game_html``) does not link to it. Hidden files (the manifest, the
    animation's frames) stay out."""
    out = io.BytesIO()
    folder = root / game_id
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.html", index_html)
        for name in STATIC:
            zf.write(root / name, name)
        for path in sorted(folder.rglob("*")):
            inner = path.relative_to(folder)
            if any(part.startswith(".") for part in inner.parts):
                continue
            if path == folder / "index.html":
                zf.writestr(f"{game_id}/index.html", game_html)
            elif path.is_file() and path.name != DOSSIER_ZIP:
                # maps are PNG and the GIF: already compressed
                packed = path.suffix in (".png", ".gif")
                kind = zipfile.ZIP_STORED if packed else zipfile.ZIP_DEFLATED
                zf.write(path, f"{game_id}/{inner}", compress_type=kind)
    return out.getvalue()


__all__ = ["DOSSIER_ANIMATION", "DOSSIER_ZIP", "animation", "dossier_zip", "frame", "splice"]
