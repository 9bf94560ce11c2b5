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



def test_each_land_province_is_coloured_by_its_owner():
    # Seed: "Контролируемая игроком территория отмечается цветом его страны, ничейная
    # территория, которую можно захватить - серым цветом"
    from PIL import ImageChops

    from arbitro.diplomacy.position import make_position
    from arbitro.render import render_position

    board = load_board("forum_ru")
    geo = load_geometry(board)

    def image(territories):
        return render_position(board, geo, make_position("S1901M", [], {}, territories=territories), width=600)

    # Silesia Russian, German, or no one's (Livonia Russian in all three: territories given)
    russian = image({"SIL": "RUSSIA", "LVN": "RUSSIA"})
    german = image({"SIL": "GERMANY", "LVN": "RUSSIA"})
    grey = image({"LVN": "RUSSIA"})
    assert ImageChops.difference(russian, german).getbbox() is not None
    assert ImageChops.difference(russian, grey).getbbox() is not None
    assert ImageChops.difference(german, grey).getbbox() is not None
