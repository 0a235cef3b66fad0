"""Initial schema: games, seats and the action log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SNOWFLAKE = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the first tables."""
    op.create_table(
        "games",
        sa.Column("channel_id", SNOWFLAKE, primary_key=True, autoincrement=False),
        sa.Column("guild_id", SNOWFLAKE, nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("lobby", sa.Text(), nullable=False),
        sa.Column("options", sa.Text(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("state", sa.Text(), nullable=True),
        sa.Column("created_by", SNOWFLAKE, nullable=True),
        sa.Column("created_at", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Integer(), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "channel_id", SNOWFLAKE, sa.ForeignKey("games.channel_id", ondelete="CASCADE"), nullable=False, index=True
        ),
        sa.Column("faction", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("user_id", SNOWFLAKE, nullable=True),
        sa.Column("user_name", sa.String(), nullable=False),
        sa.Column("team", sa.String(), nullable=True),
        sa.Column("joined_at", sa.Integer(), nullable=False),
        sa.UniqueConstraint("channel_id", "faction"),
    )
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "channel_id", SNOWFLAKE, sa.ForeignKey("games.channel_id", ondelete="CASCADE"), nullable=False, index=True
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("user_id", SNOWFLAKE, nullable=True),
        sa.Column("notation", sa.String(), nullable=True),
        sa.Column("public", sa.Text(), nullable=False),
        sa.Column("private", sa.Text(), nullable=False),
        sa.Column("irreversible", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.Integer(), nullable=False),
        sa.UniqueConstraint("channel_id", "seq"),
    )


def downgrade() -> None:
    """Drop every table."""
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("games")
