"""outbox: the sending state and receipt tokens (issue 10)

A row is claimed (status "sending", claimed_at, receipt_token) before it is handed to
SMTP; the copy the referee's mailbox receives confirms it was sent.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("outbox", sa.Column("claimed_at", sa.DateTime(), nullable=True))
    op.add_column("outbox", sa.Column("receipt_token", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("receipt_token")
        batch.drop_column("claimed_at")
