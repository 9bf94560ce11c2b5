"""daemon_lease: the fencing token of the daemon that holds the store (issue 25)

One row. A daemon that takes the store raises its epoch; every transaction the daemon
opens checks the epoch is still its own, so a daemon that lost its lock (a terminated
PostgreSQL backend) cannot commit once another has taken over.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daemon_lease",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("epoch", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=200), nullable=False),
        sa.Column("taken_at", sa.DateTime(), nullable=True),
        sa.Column("released", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_daemon_lease")),
    )


def downgrade() -> None:
    op.drop_table("daemon_lease")
