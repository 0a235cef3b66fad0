"""Shared fixtures: `database` runs a test on a SQLite file and again on a real PostgreSQL server.

The PostgreSQL server is started once per test run by the test set-up itself (tools.pgtemp); when it cannot start,
every test that needs it errors with the reason (a loud failure, never a skip).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from discord_harness import db_url

from tools.pgtemp import TempPostgres

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres]:
    """One PostgreSQL server for the whole run (PostgresUnavailable, an error, when it cannot start)."""
    server = TempPostgres.start()
    yield server
    server.stop()


def fresh_database(request: pytest.FixtureRequest, backend: str, folder: Path) -> str:
    """The URL of a new empty database of a backend."""
    if backend == "sqlite":
        return db_url(folder)
    server: TempPostgres = request.getfixturevalue("postgres")
    return server.create_database()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database, SQLite then PostgreSQL: the test runs once on each."""
    return fresh_database(request, request.param, tmp_path)


@pytest.fixture
def pg_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database on the PostgreSQL server (tests of what only PostgreSQL does)."""
    return fresh_database(request, "postgresql", tmp_path)
