"""players' own time zones and announced absences (issue 17)

players.timezone: the zone a player's deadlines are written in (FUSO / TIMEZONE); NULL =
the game's zone.
absences: one row per absence a player announced (ASSENZA / ABSENCE), first and last day
inclusive, in the player's zone; deadlines inside move past it.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("players", sa.Column("timezone", sa.String(length=64), nullable=True))
    op.create_table(
        "absences",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(length=64), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=False), nullable=False),
    )
    op.create_index("ix_absences_game_id", "absences", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_absences_game_id", table_name="absences")
    op.drop_table("absences")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("timezone")
