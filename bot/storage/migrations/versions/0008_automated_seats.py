"""Automated seats: a seat may be held by an automated player instead of a person (kept across restarts).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add seats.automated (false: a person's seat, or a free one)."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("automated", sa.Boolean(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Remove it."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("automated")
