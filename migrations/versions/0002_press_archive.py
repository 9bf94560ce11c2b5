"""press archive and deliveries (issue 7)

Types spelled out as in 0001: DateTime columns hold naive UTC.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "press_messages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("phase", sa.String(length=16), nullable=True),
        sa.Column("from_power", sa.String(length=32), nullable=False),
        sa.Column("to_powers", sa.JSON(), nullable=False),
        sa.Column("broadcast", sa.Boolean(), nullable=False),
        sa.Column("anonymous", sa.Boolean(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("images", sa.Integer(), nullable=False),
        sa.Column("source_mail_id", sa.Integer(), nullable=True),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
        sa.Column("deliver_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_press_messages_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["source_mail_id"], ["inbound_mails.id"],
            name=op.f("fk_press_messages_source_mail_id_inbound_mails"), ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_press_messages")),
    )
    op.create_index(
        "ix_press_messages_game_at", "press_messages", ["game_id", "sent_at"], unique=False
    )
    op.create_table(
        "press_deliveries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("press_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("message_id", sa.String(length=500), nullable=False),
        sa.ForeignKeyConstraint(
            ["press_id"], ["press_messages.id"],
            name=op.f("fk_press_deliveries_press_id_press_messages"), ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_press_deliveries_player_id_players"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_press_deliveries")),
        sa.UniqueConstraint("message_id", name=op.f("uq_press_deliveries_message_id")),
    )
    op.create_index(
        op.f("ix_press_deliveries_press_id"), "press_deliveries", ["press_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_press_deliveries_press_id"), table_name="press_deliveries")
    op.drop_table("press_deliveries")
    op.drop_index("ix_press_messages_game_at", table_name="press_messages")
    op.drop_table("press_messages")
