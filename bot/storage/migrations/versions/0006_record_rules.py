"""Record rules: the rules revision each game's record was written under (rules.revisions).

NULL for a game saved before this revision: the store identifies it when it opens (bot.storage.records), and a game
of an older revision counts in rules_until how many of its record's lines that revision covers (the rest are today's).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add games.rules and games.rules_until (both empty until the game is identified)."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rules", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("rules_until", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Remove them."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rules_until")
        batch.drop_column("rules")
