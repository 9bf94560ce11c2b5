"""the nation draw's secret seed (R-END-3) and the late days a phase has waited (R-LATE)

games.draw_seed: drawn from ``secrets`` when the game is created, its SHA-256 mailed to the
players then, the seed itself revealed with the assignment. NULL for a game created before
this revision (the seed is drawn at its start).
phases.late_days: how many late days the phase has opened after its on-time deadline
(R-LATE-2/3); 0 while on time.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("draw_seed", sa.String(length=64), nullable=True))
    op.add_column(
        "phases",
        sa.Column("late_days", sa.Integer(), nullable=False, server_default=sa.text("0")),
    )


def downgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("late_days")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("draw_seed")
