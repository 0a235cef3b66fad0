"""Settings from the environment and a `.env` file (`.env.example` lists every one), declared once with their ranges.

Each `ROOTBOT_*` variable is declared in `VARIABLES` with how to read it and what it accepts; a value that does
not fit stops the start with one line naming the variable and what was expected (`SettingsError`). The same
ranges (`Bounds`) check what moderators set in a server or a game, and what was stored before they were checked.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dotenv import dotenv_values
from sqlalchemy.engine import make_url

from bot import messages
from rules.numbers import whole

DEFAULT_DB_FILE = "rootbot.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
SNOWFLAKE_MAX = 2**63 - 1
MAX_SHARDS = 10_000  # far beyond any bot's need; a typo such as '0-3 of 80000' is caught


class SettingsError(Exception):
    """A setting does not fit what it accepts; the message is one line for the user."""


@dataclass(frozen=True)
class Bounds:
    """The accepted range of a number setting (both ends included)."""

    low: float
    high: float

    def fits(self, value: float) -> bool:
        """Whether a value is a finite number within the range (NaN and infinities never fit)."""
        return isinstance(value, int | float) and math.isfinite(value) and self.low <= value <= self.high

    def text(self) -> str:
        """The range in words, e.g. 'from 0.25 to 720'."""
        return messages.RANGE.format(low=f"{self.low:g}", high=f"{self.high:g}")

    def refusal(self, what: str, value: float) -> str | None:
        """Why a value does not fit (None when it does)."""
        if self.fits(value):
            return None
        return messages.OUT_OF_RANGE.format(what=what, range=self.text(), value=f"{value:g}")

    def or_default(self, value: float | None, default: float) -> float:
        """A stored value when it fits, else the default (so a bad stored value never stops a game)."""
        return float(value) if value is not None and self.fits(value) else default


REMINDER_HOURS = Bounds(0.25, 720)
REMINDERS_BEFORE_NOTICE = Bounds(1, 20)
REMINDER_POLL_SECONDS = Bounds(5, 3600)
WIN_POINTS = Bounds(1, 100)
ROUND_LIMIT = Bounds(1, 100)
RENDER_WORKERS = Bounds(0, 64)
DB_POOL = Bounds(1, 500)
DB_QUEUE = Bounds(1, 1_000_000)
AUTOMATED_DELAY_SECONDS = Bounds(0, 600)
AUTOMATED_TURN_SECONDS = Bounds(0.01, 60)
AUTOMATED_WORKERS = Bounds(0, 64)


@dataclass(frozen=True)
class Shards:
    """Which Discord shards this process runs: some ids out of a total, or (None) all of them, counted by Discord."""

    ids: tuple[int, ...] | None = None
    count: int | None = None

    def text(self) -> str:
        """The shards in words, as ROOTBOT_SHARDS takes them ('auto', '0-3 of 8')."""
        if self.ids is None or self.count is None:
            return "auto"
        return f"{','.join(map(str, self.ids))} of {self.count}"


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads at start-up."""

    token: str | None = None
    database_url: str = ""
    dev_guild: int | None = None
    reminder_hours: float = 24.0
    reminders_before_notice: int = 2
    reminder_poll_seconds: float = 60.0
    log_level: str = "INFO"
    shards: Shards = Shards()
    render_workers: int = 2  # processes drawing boards and hands; 0: a thread of the bot's own process
    db_pool: int = 10  # PostgreSQL connections of this process (SQLite: always one)
    db_queue: int = 5000  # commands that may wait for a connection; one more is refused as "busy"
    automated_delay_seconds: float = 3.0  # an automated move comes this long after it fell due
    automated_turn_seconds: float = 2.0  # the CPU an automated player may spend on one turn, all its decisions
    automated_workers: int = 1  # processes making automated decisions; 0: a thread of the bot's own process

    def __post_init__(self) -> None:
        if not self.database_url:
            object.__setattr__(self, "database_url", sqlite_url(default_database_path()))


@dataclass(frozen=True)
class Variable:
    """One environment variable: the setting it fills, how it is read, and what it accepts (in words)."""

    name: str
    field: str
    read: Callable[[str], Any]
    expected: str


def number(bounds: Bounds, kind: type[int] | type[float]) -> Callable[[str], Any]:
    """A reader of a number within bounds."""

    def read(text: str) -> int | float:
        if not text.strip().isascii():  # int() and float() also read '١' and '１'
            raise ValueError(text)
        value = kind(text)
        if not bounds.fits(value):
            raise ValueError(text)
        return value

    return read


def snowflake(text: str) -> int:
    """A Discord id: a positive whole number."""
    value = whole(text.strip(), most=SNOWFLAKE_MAX)  # a ValueError for anything but digits 0-9 up to the maximum
    if value == 0:
        raise ValueError(text)
    return value


def log_level(text: str) -> str:
    """A logging level name."""
    if text.upper() not in LOG_LEVELS:
        raise ValueError(text)
    return text.upper()


def database_url(text: str) -> str:
    """A SQLAlchemy URL with an async driver (sqlite+aiosqlite://…, postgresql+asyncpg://…)."""
    try:
        dialect = make_url(text).get_dialect()
    except Exception as err:  # an unparsable URL or an unknown dialect
        raise ValueError(text) from err
    if not getattr(dialect, "is_async", False):
        raise ValueError(text)
    return text


def shards(text: str) -> Shards:
    """'auto', or shard ids out of a total: '0-3 of 8', '5 of 8', '0,2,4-6 of 8' (ids from 0 to the total - 1)."""
    if text.lower() == "auto":
        return Shards()
    wanted, of, total = text.partition(" of ")
    if not of:
        raise ValueError(text)
    count = whole(total.strip())
    if not 1 <= count <= MAX_SHARDS:
        raise ValueError(text)
    ids: set[int] = set()
    for part in wanted.split(","):
        low, dash, high = part.strip().partition("-")
        first = whole(low.strip())
        last = whole(high.strip()) if dash else first
        if not 0 <= first <= last < count:
            raise ValueError(text)
        ids.update(range(first, last + 1))
    return Shards(tuple(sorted(ids)), count)


VARIABLES = (
    Variable("DISCORD_TOKEN", "token", str, "the bot token"),
    Variable("ROOTBOT_DATABASE_URL", "database_url", database_url, messages.EXPECTED_DB_URL),
    Variable("ROOTBOT_DEV_GUILD", "dev_guild", snowflake, messages.EXPECTED_ID),
    Variable(
        "ROOTBOT_REMINDER_HOURS",
        "reminder_hours",
        number(REMINDER_HOURS, float),
        messages.EXPECTED_NUMBER.format(what="hours", range=REMINDER_HOURS.text()),
    ),
    Variable(
        "ROOTBOT_REMINDERS_BEFORE_NOTICE",
        "reminders_before_notice",
        number(REMINDERS_BEFORE_NOTICE, int),
        messages.EXPECTED_WHOLE.format(range=REMINDERS_BEFORE_NOTICE.text()),
    ),
    Variable(
        "ROOTBOT_REMINDER_POLL_SECONDS",
        "reminder_poll_seconds",
        number(REMINDER_POLL_SECONDS, float),
        messages.EXPECTED_NUMBER.format(what="seconds", range=REMINDER_POLL_SECONDS.text()),
    ),
    Variable("ROOTBOT_LOG_LEVEL", "log_level", log_level, messages.EXPECTED_LEVEL.format(levels=", ".join(LOG_LEVELS))),
    Variable("ROOTBOT_SHARDS", "shards", shards, messages.EXPECTED_SHARDS.format(most=MAX_SHARDS)),
    Variable(
        "ROOTBOT_RENDER_WORKERS",
        "render_workers",
        number(RENDER_WORKERS, int),
        messages.EXPECTED_WHOLE.format(range=RENDER_WORKERS.text()),
    ),
    Variable("ROOTBOT_DB_POOL", "db_pool", number(DB_POOL, int), messages.EXPECTED_WHOLE.format(range=DB_POOL.text())),
    Variable(
        "ROOTBOT_DB_QUEUE", "db_queue", number(DB_QUEUE, int), messages.EXPECTED_WHOLE.format(range=DB_QUEUE.text())
    ),
    Variable(
        "ROOTBOT_AUTOMATED_DELAY",
        "automated_delay_seconds",
        number(AUTOMATED_DELAY_SECONDS, float),
        messages.EXPECTED_NUMBER.format(what="seconds", range=AUTOMATED_DELAY_SECONDS.text()),
    ),
    Variable(
        "ROOTBOT_AUTOMATED_TURN_SECONDS",
        "automated_turn_seconds",
        number(AUTOMATED_TURN_SECONDS, float),
        messages.EXPECTED_NUMBER.format(what="seconds of CPU", range=AUTOMATED_TURN_SECONDS.text()),
    ),
    Variable(
        "ROOTBOT_AUTOMATED_WORKERS",
        "automated_workers",
        number(AUTOMATED_WORKERS, int),
        messages.EXPECTED_WHOLE.format(range=AUTOMATED_WORKERS.text()),
    ),
)


PROJECT_ENV = Path(__file__).resolve().parent.parent / ".env"  # a checkout's own `.env`, beside pyproject.toml


def env_file_found() -> Path | None:
    """The `.env` to read: the current folder's, else the checkout's (when run from elsewhere), else none."""
    for path in (Path(".env"), PROJECT_ENV):
        if path.is_file():
            return path
    return None


def load_settings(env_file: str | Path | None | bool = True) -> Settings:
    """Read settings from the environment and `.env` when present (the environment wins); SettingsError if bad.

    `env_file` True reads the `.env` that `env_file_found` names; None or False reads none.
    """
    if env_file is True:
        env_file = env_file_found()
    values: dict[str, str | None] = {}
    if env_file and Path(env_file).is_file():
        try:
            values.update(dotenv_values(env_file, encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as err:
            raise SettingsError(messages.BAD_ENV_FILE.format(path=env_file, error=err)) from None
    values.update(os.environ)
    return settings_from(values)


def settings_from(values: dict[str, str | None]) -> Settings:
    """Settings from variable values; an empty value means the default."""
    settings = Settings()
    for variable in VARIABLES:
        text = (values.get(variable.name) or "").strip()
        if not text:
            continue
        try:
            value = variable.read(text)
        except (ValueError, OverflowError):
            raise SettingsError(
                messages.BAD_SETTING.format(name=variable.name, value=_shown(text), expected=variable.expected)
            ) from None
        settings = replace(settings, **{variable.field: value})
    return settings


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"


def default_database_path() -> Path:
    """Where the bot keeps its games when ROOTBOT_DATABASE_URL is not set: an absolute path.

    `$ROOTBOT_HOME/rootbot.db` when ROOTBOT_HOME is set, else `$XDG_DATA_HOME/rootbot/rootbot.db`
    (`~/.local/share/rootbot/rootbot.db`).
    """
    home = os.environ.get("ROOTBOT_HOME")
    if home:
        return Path(home).expanduser().resolve() / DEFAULT_DB_FILE
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data).expanduser().resolve() / "rootbot" / DEFAULT_DB_FILE


def sqlite_url(path: str | Path) -> str:
    """The database URL of a SQLite file."""
    return f"sqlite+aiosqlite:///{Path(path)}"
