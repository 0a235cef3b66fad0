"""The database engine: SQLite in WAL with a busy timeout and one writer, transactions that lock at BEGIN."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 10_000


def is_sqlite(url: str) -> bool:
    """Whether a database URL names SQLite."""
    return make_url(url).get_backend_name() == "sqlite"


def make_engine(url: str) -> AsyncEngine:
    """An async engine; for SQLite one connection (one writer), WAL, a busy timeout and BEGIN IMMEDIATE."""
    if not is_sqlite(url):
        return create_async_engine(url, pool_pre_ping=True)
    _make_parent_folder(url)
    engine = create_async_engine(
        url,
        pool_size=1,
        max_overflow=0,
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000},
    )
    event.listen(engine.sync_engine, "connect", _on_connect)
    event.listen(engine.sync_engine, "begin", _on_begin)
    return engine


def _make_parent_folder(url: str) -> None:
    database = make_url(url).database
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)


def _on_connect(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy, not the driver, open transactions, so that _on_begin can make them IMMEDIATE.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _on_begin(connection: Connection) -> None:
    # Take the write lock up front: a read-then-write never fails on a lock upgrade.
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration pointing at bot/migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the schema up to a revision (the newest by default), keeping every game."""
    async with engine.begin() as conn:
        await conn.run_sync(lambda sync: command.upgrade(alembic_config(sync), revision))


async def current_revision(engine: AsyncEngine) -> str | None:
    """The schema revision a database is at, or None when it has none."""
    from alembic.runtime.migration import MigrationContext

    async with engine.connect() as conn:
        return await conn.run_sync(lambda sync: MigrationContext.configure(sync).get_current_revision())
