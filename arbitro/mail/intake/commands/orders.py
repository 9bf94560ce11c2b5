"""ORDINI / ORDERS, and any mail without a command: the player's orders (R-ORD-7)."""

from __future__ import annotations

from ...mime.history import line_kinds
from .base import Request
from .replies import answered


class Orders:
    name = "orders"
    words = frozenset({"ordini", "orders", "ordine", "order", "приказы", "приказ"})
    gm_only = False

    def run(self, req: Request) -> str:
        # the game's kind files them (Diplomacy), or runs them as the power's step
        table = req.table
        reply = table.kind.orders(table, req.caller, req.text, mail_id=req.mail_id,
                                  classify=line_kinds)
        answered(req, reply, "command.orders")
        return f"orders {reply.power or '-'} {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Orders()
