"""ORDINI / ORDERS, and any mail without a command: the player's orders (R-ORD-7)."""

from __future__ import annotations

from ...service import submit
from .base import Request


class Orders:
    name = "orders"
    words = frozenset({"ordini", "orders", "ordine", "order"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        reply = submit.submit_orders(
            req.svc, req.uow, req.game.id, player.address, req.text, req.now, req.mail_id,
            None,
        )
        return f"orders {reply.power or '-'} {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Orders()
