"""Boards owed: a move is shown as text as soon as it is saved and its board is drawn after it; the game row keeps
the version whose board is not yet shown, and when a process that did not show it may draw it (after a crash).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add games.board_owed and games.board_due_at (empty: no board owed)."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("board_owed", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("board_due_at", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Remove them."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("board_due_at")
        batch.drop_column("board_owed")
