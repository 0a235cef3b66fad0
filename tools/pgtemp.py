"""A throwaway PostgreSQL server for the tests and benchmarks: initdb into a temporary folder, started on a free port.

It uses the server programs installed on the machine (`pg_ctl` on PATH or Debian's /usr/lib/postgresql/*/bin).
PostgreSQL refuses to run as root: under root the server runs as the `postgres` user (or `nobody`).
When it cannot start, `PostgresUnavailable` says why, with the end of the server's log: never a silent skip.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

SUPERUSER = "rootbot"
FAST = ("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off")  # a test server: speed, not safety


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server programs are missing or the server would not start."""


def server_bin() -> Path:
    """The folder of the PostgreSQL server programs (initdb, pg_ctl)."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    if versions:
        return Path(versions[-1]).parent
    raise PostgresUnavailable(
        "PostgreSQL server programs (initdb, pg_ctl) were not found: install Debian's `postgresql` package "
        "(.ci/run does so on a fresh machine)"
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run_as() -> pwd.struct_passwd | None:
    """The user the server runs as: None (ourselves) unless we are root, who may not run it."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise PostgresUnavailable("running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL")


@dataclass
class TempPostgres:
    """A private PostgreSQL server in a temporary folder (stop() removes it)."""

    folder: Path
    port: int
    bin: Path
    durable: bool = False
    user: pwd.struct_passwd | None = None
    names: int = field(default=0)

    @classmethod
    def start(cls, durable: bool = False) -> TempPostgres:
        """initdb and start a server on a free port of 127.0.0.1; PostgresUnavailable if it cannot."""
        programs, user = server_bin(), _run_as()
        server = cls(Path(tempfile.mkdtemp(prefix="rootbot-pg-")), free_port(), programs, durable, user)
        try:
            server._init()
            server._ctl("start", "-w", "-t", "60", "-l", str(server.log), "-o", server._options())
        except (OSError, subprocess.CalledProcessError) as err:
            tail = server.log.read_text(errors="replace")[-2000:] if server.log.exists() else ""
            server.stop()
            raise PostgresUnavailable(f"PostgreSQL did not start: {err}\n{tail}") from None
        return server

    @property
    def data(self) -> Path:
        """The cluster's data folder."""
        return self.folder / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.folder / "server.log"

    def _init(self) -> None:
        self.folder.chmod(0o755)
        if self.user is not None:
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
        args = ["-D", str(self.data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--no-sync", "--locale=C.UTF-8"]
        self._call(str(self.bin / "initdb"), *args)

    def _options(self) -> str:
        settings = [f"-p {self.port}", f"-k {self.folder}", "-c listen_addresses=127.0.0.1", "-c max_connections=200"]
        return " ".join(settings + ([] if self.durable else list(FAST)))

    def _ctl(self, *args: str) -> None:
        self._call(str(self.bin / "pg_ctl"), "-D", str(self.data), *args)

    def _call(self, *command: str) -> None:
        user = self.user.pw_name if self.user is not None else None
        subprocess.run(command, check=True, capture_output=True, user=user, cwd=self.folder, timeout=120)

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one database on this server."""
        return f"postgresql+asyncpg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database; its URL."""
        self.names += 1
        name = f"{prefix}{os.getpid()}_{self.names}"
        asyncio.run(self._admin(f'CREATE DATABASE "{name}" STRATEGY FILE_COPY'))  # no copy of the template in WAL
        return self.url(name)

    async def _admin(self, sql: str) -> None:
        conn = await asyncpg.connect(host="127.0.0.1", port=self.port, user=SUPERUSER, database="postgres")
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def stop(self) -> None:
        """Stop the server at once and remove its folder (in the background: thousands of files on a busy disk)."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                self._ctl("stop", "-m", "immediate", "-w", "-t", "20")
        try:
            subprocess.Popen(["rm", "-rf", str(self.folder)], start_new_session=True)
        except OSError:
            shutil.rmtree(self.folder, ignore_errors=True)
