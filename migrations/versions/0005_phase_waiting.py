"""the powers that asked to wait in a phase (ATTENDI / WAIT, issue 16)

phases.waiting: the powers whose player asked, for this phase only, that it not be
processed before its deadline even when every order is in (njudge's SET WAIT, which lasts
one turn). A new phase starts with nobody waiting.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "phases",
        sa.Column("waiting", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    )


def downgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("waiting")
