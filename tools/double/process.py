"""The real bot process, `rootbot run`, pointed at a Discord double by the test-only setting (bot.discord.redirect)."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

from bot.discord.redirect import DOUBLE_VARIABLE, TESTING_VALUE, TESTING_VARIABLE
from tools.double.server import GUILD_ID, DiscordDouble

START_SECONDS = 90.0  # generous: a loaded 2-core machine imports slowly
STOP_SECONDS = 30.0


def command() -> list[str]:
    """`rootbot run` as installed in this environment (the console script), else the same entry point."""
    script = Path(sys.executable).with_name("rootbot")
    if script.exists():
        return [str(script), "run"]
    return [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))", "run"]


class BotProcess:
    """One `rootbot run` process on a database file in `folder`; start, stop, kill and start again."""

    def __init__(self, double: DiscordDouble, folder: Path, **settings: str) -> None:
        self.double = double
        self.folder = folder
        self.db = folder / "rootbot.db"
        self.settings = settings
        self.process: asyncio.subprocess.Process | None = None
        self.runs = 0

    def environment(self) -> dict[str, str]:
        """The process environment: the caller's without any bot setting, then the test's."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("ROOTBOT_") and k != "DISCORD_TOKEN"}
        env.update(
            {
                "DISCORD_TOKEN": self.double.token,
                "ROOTBOT_DATABASE_URL": f"sqlite+aiosqlite:///{self.db}",
                "ROOTBOT_DEV_GUILD": str(GUILD_ID),
                "ROOTBOT_REMINDER_POLL_SECONDS": "5",
                "ROOTBOT_LOG_LEVEL": "INFO",
                DOUBLE_VARIABLE: self.double.base_url,
                TESTING_VARIABLE: TESTING_VALUE,
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.update(self.settings)
        return env

    @property
    def log(self) -> Path:
        """The log file of the current run."""
        return self.folder / f"bot-{self.runs}.log"

    async def start(self, timeout: float = START_SECONDS) -> None:
        """Start the process and wait until it has identified on the gateway and received its server."""
        before = len(self.double.gateway.sessions)
        self.runs += 1
        with self.log.open("wb") as out:
            self.process = await asyncio.create_subprocess_exec(
                *command(), cwd=self.folder, env=self.environment(), stdout=out, stderr=asyncio.subprocess.STDOUT
            )

        def ready() -> bool:
            if self.process is not None and self.process.returncode is not None:
                raise RuntimeError(f"the bot exited with {self.process.returncode}:\n{self.tail()}")
            sessions = list(self.double.gateway.sessions.values())[before:]
            return any(event == "GUILD_CREATE" for s in sessions for _, event, _ in s.events)

        try:
            await self.double.until(ready, timeout, "the bot to connect")
        except TimeoutError as err:
            raise TimeoutError(f"{err}\n{self.tail()}") from None

    async def stop(self) -> None:
        """Stop it as Ctrl-C would, killing it if it does not end in time."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), STOP_SECONDS)
        except TimeoutError:
            process.kill()
            await process.wait()

    async def kill(self) -> None:
        """Kill it at once (SIGKILL): no goodbye, no cleanup, like a crash or an OOM kill."""
        process = self.process
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()

    def tail(self, lines: int = 60) -> str:
        """The end of the current run's log."""
        if not self.log.exists():
            return "(no log)"
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def logged(self) -> str:
        """Every run's log."""
        return "\n".join(f.read_text(errors="replace") for f in sorted(self.folder.glob("bot-*.log")))

    def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """Read the bot's database (read-only, alongside the running bot: SQLite's WAL allows it)."""
        uri = f"file:{self.db}?mode=ro"
        with closing(sqlite3.connect(uri, uri=True, timeout=30)) as db:
            return list(db.execute(sql, args).fetchall())

    def write(self, sql: str, *args: Any) -> None:
        """Change the bot's database (a test moving time, as a moderator would with the clock)."""
        with closing(sqlite3.connect(self.db, timeout=30)) as db, db:
            db.execute(sql, args)
