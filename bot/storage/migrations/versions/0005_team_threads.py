"""Team threads: the private thread of each team of a team game, kept so that a restart finds it again.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SNOWFLAKE = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add the team_threads table."""
    op.create_table(
        "team_threads",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "channel_id", SNOWFLAKE, sa.ForeignKey("games.channel_id", ondelete="CASCADE"), nullable=False, index=True
        ),
        sa.Column("team", sa.String(), nullable=False),
        sa.Column("thread_id", SNOWFLAKE, nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("members", sa.String(), nullable=False),
        sa.Column("welcomed", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("channel_id", "team"),
    )


def downgrade() -> None:
    """Remove the team threads."""
    op.drop_table("team_threads")
