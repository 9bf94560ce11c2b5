"""ORDINI / ORDERS, and any mail without a command: the player's orders (R-ORD-7)."""

from __future__ import annotations

from ...mime.history import line_kinds
from .base import Request


class Orders:
    name = "orders"
    words = frozenset({"ordini", "orders", "ordine", "order", "приказы", "приказ"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        reply = req.desk.submit_orders(player.address, req.text, req.mail_id, classify=line_kinds)
        return f"orders {reply.power or '-'} {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Orders()
