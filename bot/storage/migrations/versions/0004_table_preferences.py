"""Table preferences: how boards are posted, auto-pass and private threads per seat, who takes a vacated seat.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

SNOWFLAKE = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add the board posting of games, the auto-pass and thread of seats, and the vacated-seat setting."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("board_posts", sa.String(), nullable=False, server_default="move"))
        batch.add_column(sa.Column("live_board", sa.Boolean(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("board_message_id", SNOWFLAKE, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("auto_pass", sa.Boolean(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("thread_id", SNOWFLAKE, nullable=True))
        batch.add_column(sa.Column("thread_user_id", SNOWFLAKE, nullable=True))
        batch.add_column(sa.Column("thread_kind", sa.String(), nullable=True))
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(sa.Column("vacated_seats", sa.String(), nullable=True))


def downgrade() -> None:
    """Remove them again."""
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("vacated_seats")
    with op.batch_alter_table("seats") as batch:
        for column in ("thread_kind", "thread_user_id", "thread_id", "auto_pass"):
            batch.drop_column(column)
    with op.batch_alter_table("games") as batch:
        for column in ("board_message_id", "live_board", "board_posts"):
            batch.drop_column(column)
