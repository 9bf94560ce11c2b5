"""Colours, fonts and the few words printed on a map (Italian and English)."""

from __future__ import annotations

import functools

from PIL import ImageFont

Colour = tuple[int, int, int]

SEA = (198, 222, 240)
SEA_BORDER = (120, 155, 190)
LAND = (240, 233, 214)
NEUTRAL_LAND = (208, 204, 196)
IMPASSABLE = (150, 150, 150)
BORDER = (110, 98, 84)
COAST = (70, 90, 110)
INK = (25, 25, 25)
HALO = (255, 255, 255)
PAPER = (250, 248, 242)
TRIAL_BAR = (255, 226, 150)  # the title bar of a trial's map: a draft's yellow
TINT = 0.42  # share of the power's colour in a province tint


def hex_colour(text: str) -> Colour:
    text = text.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        return (136, 136, 136)


def blend(a: Colour, b: Colour, share_b: float) -> Colour:
    return tuple(round(x * (1 - share_b) + y * share_b) for x, y in zip(a, b))  # type: ignore[return-value]


def darker(c: Colour, by: float = 0.35) -> Colour:
    return blend(c, (0, 0, 0), by)


_FONT_FILES = {
    False: ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    True: ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
}


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in _FONT_FILES[bold]:
        try:
            return ImageFont.truetype(name, max(size, 6))
        except OSError:
            continue
    return ImageFont.load_default(max(size, 6))


# The map's words (seasons, phase kinds, "results", ...) are in the catalogs: map.* keys.


# Okabe & Ito's eight colours, told apart with the common colour-vision deficiencies;
# each power also gets its own pattern, so no one needs to tell two hues apart.
COLOURBLIND = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178),
               (213, 94, 0), (204, 121, 167), (120, 120, 120))
# (angle in degrees, crossed): the patterns of the powers, in the board's order
PATTERNS = ((45, False), (135, False), (0, False), (90, False), (45, True), (0, True),
            (60, False), (120, False))
SEA_INK = (18, 62, 120)  # sea names: dark blue, bold, as readable as the land's
