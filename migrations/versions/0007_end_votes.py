"""secret votes to end a game: draws and concessions (issue 17)

end_votes: one row per vote cast (draw, concede, withdraw), numbered in the game. Its
SHA-256 digest (over a canonical text with a random salt) is published in the results
mail of the phase it was cast in; the salts are revealed in the end-of-game mail.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "end_votes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("powers", sa.JSON(), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("source_mail_id", sa.Integer(), nullable=True),
        sa.Column("cast_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_end_votes_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["phase_id"], ["phases.id"], name=op.f("fk_end_votes_phase_id_phases"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_end_votes_player_id_players"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["source_mail_id"], ["inbound_mails.id"],
            name=op.f("fk_end_votes_source_mail_id_inbound_mails"), ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_end_votes")),
        sa.UniqueConstraint("game_id", "number", name=op.f("uq_end_votes_game_id_number")),
    )
    op.create_index("ix_end_votes_game_power", "end_votes", ["game_id", "power"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_end_votes_game_power", table_name="end_votes")
    op.drop_table("end_votes")
