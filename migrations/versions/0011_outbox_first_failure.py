"""outbox: when an entry first failed (issue 20)

The drainer gives a mail up only after failing for ``give_up_after`` (a day by default)
counted from its first failure. Counting from ``created_at`` gave up at once on a mail
queued for a moment long past (a game catching up after a start in the past).

Revision ID: 0011
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("outbox", sa.Column("first_failed_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("first_failed_at")
