"""Each given order comes back once, with its own result (R-ORD-3)."""

from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board


def test_r_ord_3_a_later_order_replaces_an_earlier_one():
    board = load_board("standard")
    texts = ["A PAR - BUR", "A PAR - PIC", "F BRE - XXX", "A MAR H"]
    orders = [o for o in (read_order(board, "FRANCE", t) for t in texts) if not isinstance(o, str)]
    out = play(board, start_position(board), {"FRANCE": orders}, Rules(defaults="standard"))
    by_text = {f"{r.order.location}-{getattr(r.order, 'destination', '')}": r for r in out.results}
    assert by_text["PAR-BUR"].result is Result.VOID and by_text["PAR-BUR"].reason == "superseded"
    assert by_text["PAR-PIC"].result is Result.SUCCEEDS
    assert len(out.results) == len(orders)
    assert any(u.location == "PIC" for u in out.after.units)
