"""The forum's map (an overlay of the standard map that changes borders only) is drawn with
the standard map's drawing, not a schematic."""

from __future__ import annotations

from arbitro.render import load_geometry
from arbitro.variants import load_board


def test_the_forum_map_is_drawn_as_the_standard_map():
    forum = load_geometry(load_board("forum_ru"))
    standard = load_geometry(load_board("standard"))
    assert (forum.width, forum.height) == (standard.width, standard.height)
    assert forum.provinces["HEL"] == standard.provinces["HEL"]
