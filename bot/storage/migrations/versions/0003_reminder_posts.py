"""Reminder outbox: reminders waiting to be posted, retried until their post succeeds.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SNOWFLAKE = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add the reminder_posts table."""
    op.create_table(
        "reminder_posts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "channel_id", SNOWFLAKE, sa.ForeignKey("games.channel_id", ondelete="CASCADE"), nullable=False, index=True
        ),
        sa.Column("nonce", sa.String(), nullable=False),
        sa.Column("public", sa.Text(), nullable=False),
        sa.Column("mentions", sa.String(), nullable=False),
        sa.Column("mention_roles", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", SNOWFLAKE, nullable=True),
        sa.Column("since", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.Integer(), nullable=False),
        sa.Column("claimed_until", sa.Integer(), nullable=True),
        sa.Column("failed", sa.Boolean(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
    )


def downgrade() -> None:
    """Remove the reminder outbox."""
    op.drop_table("reminder_posts")
