"""observers of a game's results, and address moves waiting for confirmation (issue 16)

observers: an address subscribed to a game's results mails where the GM allows it
(``observers = true``); ended_at set when it stops.
address_changes: a player's move to a new address, done only when the new address answers
the confirmation mail with its token before expires_at.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "observers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_observers_game_id_games"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_observers")),
        sa.UniqueConstraint("game_id", "address", name=op.f("uq_observers_game_id_address")),
    )
    op.create_index(op.f("ix_observers_game_id"), "observers", ["game_id"], unique=False)
    op.create_table(
        "address_changes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("old_address", sa.String(length=320), nullable=False),
        sa.Column("new_address", sa.String(length=320), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("requested_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_address_changes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_address_changes_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_address_changes")),
        sa.UniqueConstraint("token", name=op.f("uq_address_changes_token")),
    )
    op.create_index(
        op.f("ix_address_changes_game_id"), "address_changes", ["game_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_address_changes_game_id"), table_name="address_changes")
    op.drop_table("address_changes")
    op.drop_index(op.f("ix_observers_game_id"), table_name="observers")
    op.drop_table("observers")
