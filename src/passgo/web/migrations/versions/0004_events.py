"""An action's log holds its typed events (`Event.to_dict()` tables), told to each viewer in
their own person when sent, instead of sentences made once for everyone: the column `said`
becomes `told` (the sentences of games stored before stay, and are shown as they are)."""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("said", new_column_name="told")


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("told", new_column_name="said")
