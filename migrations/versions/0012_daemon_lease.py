"""daemon_lease: the fencing token of the daemon that holds the store; outbox: receipts
looked up by a digest of their random token (issue 25)

daemon_lease has one row. A daemon that takes the store raises its epoch; every
transaction the daemon opens checks the epoch is still its own, so a daemon that lost its
lock (a terminated PostgreSQL backend) cannot commit once another has taken over. It
also holds a jump of the wall clock the daemon is holding, and the GM's confirmation.

outbox.receipt_digest: a mail's receipt header carried "<outbox id>.<token>", a counter
that dated mails against each other; it now carries the token alone, and the copy that
comes back is found by the token's sha256 (filled in here for tokens already given).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import hashlib

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
        sa.Column("clock_wall", sa.DateTime(), nullable=True),
        sa.Column("clock_held", sa.DateTime(), nullable=True),
        sa.Column("clock_confirmed", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_daemon_lease")),
    )
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("receipt_digest", sa.String(length=64), nullable=True))
        batch.create_unique_constraint(op.f("uq_outbox_receipt_digest"), ["receipt_digest"])
    outbox = sa.table("outbox", sa.column("id", sa.Integer()),
                      sa.column("receipt_token", sa.String()),
                      sa.column("receipt_digest", sa.String()))
    conn = op.get_bind()
    given = conn.execute(sa.select(outbox.c.id, outbox.c.receipt_token)
                         .where(outbox.c.receipt_token.is_not(None))).all()
    for row_id, token in given:
        conn.execute(outbox.update().where(outbox.c.id == row_id).values(
            receipt_digest=hashlib.sha256(token.encode()).hexdigest()))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_constraint(op.f("uq_outbox_receipt_digest"), type_="unique")
        batch.drop_column("receipt_digest")
    op.drop_table("daemon_lease")
