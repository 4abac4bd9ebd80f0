"""A game's deadline: when its agreed time is up (a time-limit game), as a Unix time."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("deadline", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_column("games", "deadline")
