"""Reminders: a reminder interval per game, deadlines, and per-server settings.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

SNOWFLAKE = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add the reminder interval to games (24 h for existing ones), and the deadline and settings tables."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("reminder_hours", sa.Float(), nullable=False, server_default="24"))
    op.create_table(
        "deadlines",
        sa.Column("channel_id", SNOWFLAKE, sa.ForeignKey("games.channel_id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", SNOWFLAKE, nullable=True),
        sa.Column("since", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.Integer(), nullable=True),
        sa.Column("paused_left", sa.Integer(), nullable=True),
        sa.Column("reminders_sent", sa.Integer(), nullable=False),
        sa.Column("notified", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", SNOWFLAKE, primary_key=True, autoincrement=False),
        sa.Column("moderator_role_id", SNOWFLAKE, nullable=True),
        sa.Column("reminder_hours", sa.Float(), nullable=True),
        sa.Column("reminders_before_notice", sa.Integer(), nullable=True),
    )


def downgrade() -> None:
    """Remove reminders again."""
    op.drop_table("guild_settings")
    op.drop_table("deadlines")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("reminder_hours")
