"""Hosting: a game's name, whether the lobby lists it, its host's token (hashed), who made it
(a hash of the client's address, for the games-per-hour limit), when anyone last touched it,
the rematch made of it; and the chat of its seats and spectators."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("name", sa.String(64), nullable=False, server_default=""))
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False,
                                   server_default=sa.true()))
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("touched", sa.Float, nullable=False, server_default="0"))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    op.execute("UPDATE games SET touched = created")
    op.create_index("games_creator", "games", ["creator", "created"])
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    op.drop_index("games_creator", "games")
    with op.batch_alter_table("games") as batch:
        for column in ("rematch", "touched", "creator", "host_hash", "public", "name"):
            batch.drop_column(column)
