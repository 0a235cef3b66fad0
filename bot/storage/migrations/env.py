"""Alembic environment: runs on the connection bot.storage.db.upgrade hands over (or the URL in the config)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from bot.storage import models  # noqa: F401  (registers the tables on the metadata)

config = context.config
target_metadata = SQLModel.metadata


def run_on(connection: Connection) -> None:
    """Run the pending migrations on one connection."""
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run_on(connection)
else:  # the alembic command line: a synchronous URL such as sqlite:///rootbot.db
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///rootbot.db")
    with engine.begin() as conn:
        run_on(conn)
