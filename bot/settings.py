"""Settings from the environment and a `.env` file (`.env.example` lists every one)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DB_URL = "sqlite+aiosqlite:///rootbot.db"


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads at start-up."""

    token: str | None = None
    database_url: str = DEFAULT_DB_URL
    dev_guild: int | None = None
    reminder_hours: float = 24.0
    reminders_before_notice: int = 2
    reminder_poll_seconds: float = 60.0
    log_level: str = "INFO"


def _int_or_none(text: str | None) -> int | None:
    return int(text) if text and text.strip() else None


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Read settings from the environment, after loading `.env` when present (the environment wins)."""
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    env = os.environ
    return Settings(
        token=env.get("DISCORD_TOKEN") or None,
        database_url=env.get("ROOTBOT_DATABASE_URL") or DEFAULT_DB_URL,
        dev_guild=_int_or_none(env.get("ROOTBOT_DEV_GUILD")),
        reminder_hours=float(env.get("ROOTBOT_REMINDER_HOURS") or 24.0),
        reminders_before_notice=int(env.get("ROOTBOT_REMINDERS_BEFORE_NOTICE") or 2),
        reminder_poll_seconds=float(env.get("ROOTBOT_REMINDER_POLL_SECONDS") or 60.0),
        log_level=(env.get("ROOTBOT_LOG_LEVEL") or "INFO").upper(),
    )


def sqlite_url(path: str | Path) -> str:
    """The database URL of a SQLite file."""
    return f"sqlite+aiosqlite:///{Path(path)}"
