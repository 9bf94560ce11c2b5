"""Storage: SQLAlchemy models, repositories and migrations (top-level ``migrations/``).

Typical use::

    store = open_store(config.server.database_url)   # migrates first
    with store.begin() as uow:                        # one transaction
        game = uow.games.lock("milano1")
        uow.orders.submit(phase.id, "ITALY", text=..., parsed=..., received_at=now)
        uow.outbox.enqueue(f"confirm:{mail.id}", recipients=[...], subject=..., body=..., now=now)

Times are aware datetimes passed in by the caller; JSON columns hold plain dicts/lists
(the rules' values are converted by ``arbitro.store.codec``, one place).
"""

from .engine import make_engine
from .migrate import head_revision, migrate
from .passwords import (
    hash_password,
    is_password_hash,
    new_password,
    new_reply_token,
    verify_password,
)
from .repos import Attachment, NotFound
from .status import (
    GameStatus,
    InboundStatus,
    OutboxStatus,
    PhaseStatus,
    PlayerStatus,
    PowerStatus,
)
from .unit_of_work import Store, UnitOfWork, open_store

__all__ = [
    "Attachment",
    "GameStatus",
    "InboundStatus",
    "NotFound",
    "OutboxStatus",
    "PhaseStatus",
    "PlayerStatus",
    "PowerStatus",
    "Store",
    "UnitOfWork",
    "hash_password",
    "head_revision",
    "is_password_hash",
    "make_engine",
    "migrate",
    "new_password",
    "new_reply_token",
    "open_store",
    "verify_password",
]
