"""The database engine: SQLite in WAL with a busy timeout and one writer, transactions that lock at BEGIN;
or PostgreSQL (asyncpg) with a connection pool. Everything SQLite-only (pragmas, BEGIN IMMEDIATE) stays here.

SQLite runs on Python's own sqlite3 through a synchronous engine whatever driver the URL names (`sqlite+aiosqlite://`
is what the settings and the docs spell): the store hands each call's whole work to its worker thread at once
(bot.storage.store), instead of one hand-over to aiosqlite's thread per driver call."""

from __future__ import annotations

import asyncio
import errno
import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 10_000
POOL_SIZE = 10  # PostgreSQL connections per process by default (ROOTBOT_DB_POOL)
POOL_SPARE = 2  # connections beyond the pool for what does not queue in the store (migrations at start)
CHECKPOINT_EVERY = 500  # SQLite commits between two copies of the WAL into the database file (off the event loop)
SQLITE_DRIVER = "sqlite+pysqlite"
T = TypeVar("T")

AnyEngine = Engine | AsyncEngine  # SQLite: synchronous (used from the store's worker thread); PostgreSQL: async


def is_sqlite(url: str) -> bool:
    """Whether a database URL names SQLite."""
    return make_url(url).get_backend_name() == "sqlite"


class LockedElsewhere(Exception):
    """BEGIN IMMEDIATE without waiting found the SQLite file's write lock held by another connection."""


_here = threading.local()  # `no_wait` set on the thread that must not wait for the file's lock (the event loop's)


def without_waiting(work: Callable[[], T]) -> T:
    """Run SQLite work whose BEGIN must not wait for another process's lock (LockedElsewhere when it would)."""
    _here.no_wait = True
    try:
        return work()
    finally:
        _here.no_wait = False


def checkpoint(database: str) -> None:
    """Copy what the WAL holds into the database file (PASSIVE: never waits for, nor blocks, the bot's writer)."""
    if not database or database == ":memory:":
        return
    with closing(sqlite3.connect(database, timeout=BUSY_TIMEOUT_MS / 1000)) as connection:
        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()


def make_engine(url: str, read_only: bool = False, pool: int = POOL_SIZE) -> AnyEngine:
    """PostgreSQL: an async engine. SQLite: a synchronous engine, one connection (one writer), WAL, a busy timeout
    and BEGIN IMMEDIATE.

    Read-only, a SQLite file is opened with `mode=ro` (never created, never written, no write lock taken).
    """
    if not is_sqlite(url):
        return _server_engine(url, read_only, pool)
    if read_only:
        return _read_only_engine(url)
    _make_parent_folder(url)
    return _sqlite_engine(make_url(url).set(drivername=SQLITE_DRIVER), _on_connect, _on_begin)


def _server_engine(url: str, read_only: bool, pool: int) -> AsyncEngine:
    """PostgreSQL: a pool of `pool` connections per process (the store queues commands for them, so SQLAlchemy's own
    wait, which times out, is never reached), connections recycled instead of pinged (no extra round trip)."""
    settings = {"default_transaction_read_only": "on"} if read_only else {}
    return create_async_engine(
        url, pool_size=pool, max_overflow=POOL_SPARE, pool_recycle=1800, connect_args={"server_settings": settings}
    )


def _sqlite_engine(url: URL | str, on_connect: Any, on_begin: Any) -> Engine:
    """One connection with a busy timeout; on_connect sets it up, on_begin opens each transaction.

    The connection may be used from any one thread at a time (the store's worker; migrations at start-up).
    """
    timeout = BUSY_TIMEOUT_MS / 1000
    engine = create_engine(
        url, pool_size=1, max_overflow=0, connect_args={"timeout": timeout, "check_same_thread": False}
    )
    event.listen(engine, "connect", on_connect)
    event.listen(engine, "begin", on_begin)
    return engine


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for an in-memory database)."""
    database = make_url(url).database
    return Path(database) if database and database != ":memory:" else None


def _read_only_engine(url: str) -> Engine:
    path = sqlite_path(url)
    if path is None or not path.is_file():
        raise FileNotFoundError(errno.ENOENT, "no database file", str(path))
    uri = file_uri(path, _readable(path))
    return _sqlite_engine(f"{SQLITE_DRIVER}:///{uri}&uri=true", _on_connect_read_only, _on_begin_read)


def file_uri(path: Path, query: str) -> str:
    """A SQLite URI for a file with query parameters (`mode=ro`…)."""
    return f"file:{quote(str(path.resolve()))}?{query}"


def _readable(path: Path) -> str:
    """How a file opens read-only: `mode=ro`, or also `immutable=1` when its folder cannot take WAL's -shm file."""
    error: sqlite3.Error | None = None
    for query in ("mode=ro", "mode=ro&immutable=1"):
        try:
            with closing(sqlite3.connect(file_uri(path, query), uri=True)) as probe:
                probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return query
        except sqlite3.OperationalError as err:  # e.g. a WAL file in a read-only folder
            error = err
    assert error is not None
    raise error


def _on_connect_read_only(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA query_only=ON")
    cursor.close()


def _on_begin_read(connection: Connection) -> None:
    # A plain (deferred) transaction: one consistent snapshot, no write lock.
    connection.exec_driver_sql("BEGIN")


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
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # the store checkpoints on a thread of its own (CHECKPOINT_EVERY)
    cursor.close()


def _on_begin(connection: Connection) -> None:
    # Take the write lock up front: a read-then-write never fails on a lock upgrade. On the event loop's thread the
    # lock is only taken if free at once (LockedElsewhere, and the store's worker thread waits for it instead).
    no_wait = getattr(_here, "no_wait", False)
    raw = connection.connection.dbapi_connection
    assert raw is not None
    if not no_wait:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        return
    raw.execute("PRAGMA busy_timeout=0")
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    except OperationalError as err:
        if "locked" in str(err.orig):
            raise LockedElsewhere() from err
        raise
    finally:  # with the lock held nothing should wait; if anything does, it waits as it always did
        raw.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration pointing at bot/storage/migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


async def upgrade(engine: AnyEngine, revision: str = "head") -> None:
    """Bring the schema up to a revision (the newest by default), keeping every game."""
    await in_transaction(engine, lambda sync: command.upgrade(alembic_config(sync), revision))


def head_revision() -> str | None:
    """The newest schema revision this code knows."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def current_revision(engine: AnyEngine) -> str | None:
    """The schema revision a database is at, or None when it has none."""
    return await in_transaction(engine, lambda sync: MigrationContext.configure(sync).get_current_revision())


async def in_transaction(engine: AnyEngine, work: Callable[[Connection], T]) -> T:
    """Run synchronous work on a connection in one transaction (SQLite: in a worker thread), committed."""
    if isinstance(engine, AsyncEngine):
        async with engine.begin() as conn:
            return await conn.run_sync(work)

    def run() -> T:
        with engine.begin() as conn:
            return work(conn)

    return await asyncio.to_thread(run)


async def dispose(engine: AnyEngine) -> None:
    """Close an engine's connections."""
    if isinstance(engine, AsyncEngine):
        await engine.dispose()
    else:
        await asyncio.to_thread(engine.dispose)
