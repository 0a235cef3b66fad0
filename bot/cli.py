"""The `rootbot` command line: run the bot, play offline, export, replay, migrate and back up.

Every input it reads (arguments, files, `.env`, databases) is checked; a bad one ends the command with one line
on standard error naming the input and what was expected, and a non-zero exit (`CliError`), never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import gc
import json
import logging
import os
import sqlite3
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
from sqlalchemy.engine import make_url

import rules
from bot import console as console_module
from bot import messages
from bot.console import Console, OffsetClock
from bot.console.offline import OfflineBot, stable_id
from bot.discord import redirect
from bot.discord.client import RootClient
from bot.service import GameService
from bot.service.table import Refusal
from bot.settings import (
    AUTOMATED_TURN_SECONDS,
    SNOWFLAKE_MAX,
    Settings,
    SettingsError,
    database_url,
    load_settings,
    number,
    snowflake,
    sqlite_url,
)
from bot.storage.db import current_revision, file_uri, sqlite_path
from bot.storage.records import upgrade_games
from bot.storage.store import SchemaMismatch, Store
from rules.argtypes import whole_number
from rules.revisions import CURRENT, revision
from rules.words import echo

DEFAULT_CONSOLE_DB = "rootbot-console.db"
DEFAULT_CHANNEL = "game"
BOT_DB_HELP = "SQLite file or URL (default: the bot's database: ROOTBOT_DATABASE_URL, else its default file)"
MAX_OPTIONS_NESTING = 8  # an export's options nest two deep (the teams); far deeper was written by something else
TOO_DEEP = "is nested far deeper than anything rootbot export writes"
REDACTED_EXIT = 3  # replay of an export without the seed: nothing could be checked


class CliError(Exception):
    """A bad input: the message is the one line the user sees."""


def main(argv: list[str] | None = None) -> int:
    """Entry point of the rootbot console script."""
    args = parser().parse_args(argv)
    try:
        return dispatch(args)
    except (CliError, SettingsError) as err:
        print(f"rootbot: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def dispatch(args: argparse.Namespace) -> int:
    """Run the command the arguments name."""
    command = args.command
    if command is None:
        return run_or_console()
    if command == "run":
        return run_bot(load_settings(), sync=args.sync)
    if command == "console":
        return asyncio.run(console(args))
    if command == "export":
        return asyncio.run(export(args))
    if command == "replay":
        return replay(Path(args.file))
    if command == "migrate":
        return asyncio.run(migrate(args.db))
    if command == "backup":
        return backup(args.db, args.out)
    return 2


def run_or_console() -> int:
    """With no command: the Discord bot when a token is set, else the offline console on standard input."""
    settings = load_settings()
    if settings.token:
        return run_bot(settings)
    print(messages.NO_TOKEN_CONSOLE, file=sys.stderr)
    return asyncio.run(console(parser().parse_args(["console"])))


def parser() -> argparse.ArgumentParser:
    """The command-line options."""
    top = argparse.ArgumentParser(prog="rootbot", description="Root play-by-post bot")
    sub = top.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the Discord bot (settings from the environment and .env)")
    run.add_argument("--sync", action="store_true", help="sync the slash commands globally at start")
    con = sub.add_parser("console", help="play offline: the same commands, typed as '@alice /root join faction:cats'")
    con.add_argument("--script", help="run the lines of this file ('#' starts a comment) instead of reading stdin")
    con.add_argument("--images", default="images", help="folder for every picture (default: images)")
    con.add_argument("--db", default=None, help=f"SQLite file or URL (default: {DEFAULT_CONSOLE_DB})")
    con.add_argument("--channel", default=DEFAULT_CHANNEL, help=f"channel to play in (default: {DEFAULT_CHANNEL})")
    con.add_argument("--mods", default="", help="users who are moderators, comma separated")
    con.add_argument("--seed", type=whole_number, default=None, help="seed for new games (default: from the channel)")
    con.add_argument("--quiet", action="store_true", help="print only the summary")
    con.add_argument(
        "--budget",
        type=turn_seconds,
        default=None,
        help="seconds of CPU an automated player may spend on a turn (default: ROOTBOT_AUTOMATED_TURN_SECONDS, 2)",
    )
    exp = sub.add_parser("export", help="write a game's record as JSON (reads the database, never writes it)")
    exp.add_argument("--db", default=None, help=BOT_DB_HELP)
    exp.add_argument("--channel", default=DEFAULT_CHANNEL, help="console channel name, or a Discord channel id")
    exp.add_argument("--out", default="-", help="file to write (default: standard output)")
    exp.add_argument("--full", action="store_true", help="include the seed even if the game has not ended")
    rep = sub.add_parser("replay", help="replay an exported record and check it reaches the same state")
    rep.add_argument("file")
    mig = sub.add_parser("migrate", help="upgrade a database to the newest schema (starting the bot does this too)")
    mig.add_argument("--db", default=None, help=BOT_DB_HELP)
    bak = sub.add_parser("backup", help="copy a live SQLite database safely (SQLite's online backup)")
    bak.add_argument("--db", default=None, help=BOT_DB_HELP)
    bak.add_argument("--out", required=True, help="the backup file to write (must not exist yet)")
    return top


def chosen_database(db: str | None, console: bool = False) -> str:
    """The one rule for every command: `--db` when given; else the console's own file for the console, and the
    bot's database (ROOTBOT_DATABASE_URL, else its default file) for every other command."""
    if db:
        url = db_url(db)
    elif console:
        url = sqlite_url(DEFAULT_CONSOLE_DB)
    else:
        url = load_settings().database_url
    return url


def say_database(url: str) -> None:
    """Say on stderr which database a command opened (once it opened: an error names it in its one line)."""
    print(messages.DATABASE_USED.format(where=_where(url)), file=sys.stderr)


def db_url(db: str) -> str:
    """A database URL from a URL or a SQLite file path (CliError for a URL no async driver reads)."""
    if "://" not in db:
        return sqlite_url(db)
    try:
        return database_url(db)
    except ValueError:
        raise CliError(messages.BAD_DB_ARGUMENT.format(db=db, expected=messages.EXPECTED_DB_URL)) from None


def channel_id(name: str) -> int:
    """A console channel name (or a Discord channel id) as the id games are stored under (CliError for a number that
    is no Discord id: too large, zero, or written with other digits than 0-9)."""
    if not name.strip().isdigit():  # a name; digits alone (of any script: '¹', '١') must be a Discord id
        return stable_id("channel", name)
    try:
        return snowflake(name)
    except ValueError:
        raise CliError(messages.BAD_CHANNEL.format(channel=echo(name, 24), most=SNOWFLAKE_MAX)) from None


async def open_store(url: str, read_only: bool = False, announce: bool = True, settings: Settings | None = None) -> Any:
    """A Store on a database (read-only: nothing written, nothing created), or CliError saying what is wrong; its
    PostgreSQL pool and the bot's queue in front of it as the settings say."""
    path = sqlite_path(url) if url.startswith("sqlite") else None
    shown = str(path) if path is not None else _where(url)
    if path is not None and path.is_dir():
        raise CliError(messages.DB_IS_FOLDER.format(db=shown))
    if path is not None and read_only and not path.exists():
        raise CliError(messages.DB_MISSING.format(db=shown))
    try:
        sized = settings or Settings()
        store = await (Store.open_read_only(url) if read_only else Store.open(url, sized.db_pool, sized.db_queue))
        if not read_only:
            await _upgrade_records(store)
    except SchemaMismatch as err:
        if err.found is None:
            raise CliError(messages.DB_NOT_ROOTBOT.format(db=shown)) from None
        raise CliError(messages.DB_OLD_SCHEMA.format(db=shown, found=err.found, wanted=err.wanted)) from None
    except Exception as err:  # sqlite3/SQLAlchemy/OS errors: a corrupt, foreign or unwritable database
        raise CliError(messages.DB_UNUSABLE.format(db=shown, reason=_reason(err))) from None
    if announce:
        say_database(url)
    return store


def _reason(err: BaseException) -> str:
    """The first line of what the database driver said."""
    cause = getattr(err, "orig", None) or err
    text = str(cause).strip().splitlines()
    return text[0] if text else type(cause).__name__


GC_FIRST_GENERATION = 10_000  # allocations between two runs of the cyclic collector's youngest generation (700)


def collect_less_often() -> None:
    """Run Python's cyclic garbage collector less often in the bot's process.

    A move allocates thousands of short-lived objects (states, rows, events), nearly all freed by reference counting
    alone; at the default threshold the collector ran every few hundred and, with a thousand games' states held,
    took about 8 % of a move's CPU (tools.loadbench --burst). Garbage in cycles is still collected, a little later.
    """
    gc.set_threshold(GC_FIRST_GENERATION, *gc.get_threshold()[1:])


def run_bot(settings: Settings, sync: bool = False) -> int:
    """Run the Discord bot until stopped."""
    collect_less_often()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    double = redirect.double_url(os.environ)  # test-only; refused unless both test variables allow it
    if not settings.token:
        print(messages.NO_TOKEN, file=sys.stderr)
        return 2

    if double is not None:
        redirect.point_at(double)
        logging.getLogger(__name__).warning(messages.TALKING_TO_DOUBLE.format(url=double))

    async def start() -> None:
        store = await open_store(settings.database_url, announce=False, settings=settings)
        print(messages.DATABASE_AT.format(where=_where(settings.database_url)), file=sys.stderr)
        print(messages.SHARDS_RUN.format(shards=settings.shards.text()), file=sys.stderr)
        client = RootClient(GameService(store, settings), settings, sync=sync)
        async with client:
            await client.start(settings.token or "")

    try:
        asyncio.run(start())
    except discord.LoginFailure:
        raise CliError(messages.BAD_TOKEN) from None
    except (OSError, discord.GatewayNotFound) as err:
        raise CliError(messages.NO_DISCORD.format(reason=_reason(err))) from None
    return 0


async def _upgrade_records(store: Any) -> None:
    """Give the games saved before records carried their rules revision theirs (closing the store on a failure)."""
    try:
        count = await upgrade_games(store, int(time.time()))
    except BaseException:
        await store.close()
        raise
    if count:
        print(messages.RECORDS_IDENTIFIED.format(games=messages.plural(count, "game")), file=sys.stderr)


def _where(url: str) -> str:
    path = sqlite_path(url) if url.startswith("sqlite") else None
    return str(path.resolve()) if path is not None else make_url(url).render_as_string(hide_password=True)


def turn_seconds(text: str) -> float:
    """An argparse type: the CPU seconds an automated player may spend on a turn, in the setting's range."""
    try:
        return float(number(AUTOMATED_TURN_SECONDS, float)(text))
    except ValueError:
        expected = f"a number of seconds {AUTOMATED_TURN_SECONDS.text()}"
        raise argparse.ArgumentTypeError(f"{echo(text, 24)!r} is not {expected}") from None


async def console(args: argparse.Namespace) -> int:
    """Play offline through the same command tree; print what everyone would see (automated players' moves too)."""
    settings = load_settings(env_file=None)
    if args.budget is not None:
        settings = replace(settings, automated_turn_seconds=args.budget)
    lines = read_script(Path(args.script)) if args.script else None
    clock = OffsetClock()
    images = images_folder(Path(args.images))
    store = await open_store(chosen_database(args.db, console=True))
    seed = args.seed
    service = GameService(store, settings, clock=clock, seed_for=lambda cid: seeded(cid, seed))
    lines_out: list[str] = []
    write = lines_out.append if args.quiet else print
    try:
        shell = Console(OfflineBot(service), clock, args.channel, images, set(_names(args.mods)), write)
        totals = await shell.run_lines(lines if lines is not None else _stdin_lines())
    finally:
        await store.close()
    print(
        messages.CONSOLE_SUMMARY.format(
            commands=messages.plural(totals.commands, "command"),
            refused=totals.refused,
            pictures=messages.plural(totals.images, "picture"),
            unreadable=messages.plural(len(totals.errors), "unreadable line"),
        )
    )
    return 1 if totals.errors else 0


def read_script(path: Path) -> list[str]:
    """The lines of a console script (CliError for a missing file, a folder, or text that is not UTF-8)."""
    return read_text(path, messages.EXPECTED_SCRIPT).splitlines()


def read_text(path: Path, expected: str) -> str:
    """A UTF-8 text file (without the byte-order mark some editors start it with), or CliError naming the file and
    what was expected."""
    if path.is_dir():
        raise CliError(messages.FILE_IS_FOLDER.format(path=path, expected=expected))
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CliError(messages.FILE_MISSING.format(path=path, expected=expected)) from None
    except UnicodeDecodeError:
        raise CliError(messages.FILE_NOT_UTF8.format(path=path, expected=expected)) from None
    except OSError as err:
        raise CliError(messages.FILE_UNREADABLE.format(path=path, reason=err.strerror, expected=expected)) from None


def images_folder(path: Path) -> Path:
    """The folder pictures are written to, made if needed (CliError when it cannot be)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CliError(messages.BAD_IMAGES.format(path=path, reason=err.strerror or err)) from None
    return path


def seeded(channel: int, seed: int | None) -> int:
    """Console games are reproducible: the seed comes from --seed, else from the channel."""
    return seed if seed is not None else zlib.crc32(str(channel).encode())


def _names(text: str) -> list[str]:
    return [n.strip().lstrip("@") for n in text.split(",") if n.strip()]


def _stdin_lines() -> Iterator[str]:
    """Standard input's lines, after the help banner (on stderr when the input is piped, so the output stays clean)."""
    where = sys.stdout if sys.stdin.isatty() else sys.stderr
    print(console_module.__doc__ or "", messages.CONSOLE_PROMPT, sep="\n", file=where)
    for line in sys.stdin:
        yield line.rstrip("\n")


async def export(args: argparse.Namespace) -> int:
    """Write a game's record as JSON, reading the database without writing to it."""
    channel = channel_id(args.channel)
    url = chosen_database(args.db)
    store = await open_store(url, read_only=True, announce=False)  # said once the record is written
    try:
        record = await _export_named(GameService(store), args.channel, channel, args.full)
    except Refusal as err:  # no game in that channel
        hint = messages.EXPORT_CONSOLE_HINT if not args.db and Path(DEFAULT_CONSOLE_DB).is_file() else ""
        print(f"export: {err} (channel '{args.channel}' in {_where(url)}){hint}", file=sys.stderr)
        return 1
    finally:
        await store.close()
    text = json.dumps(record, indent=1)
    if args.out == "-":
        print(text)
        say_database(url)
        return 0
    try:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    except OSError as err:
        raise CliError(messages.BAD_OUT.format(path=args.out, reason=err.strerror or err)) from None
    say_database(url)
    note = messages.EXPORT_WITHOUT_SEED if record.get("redacted") else ""
    actions = messages.plural(len(record["actions"]), "action")
    print(messages.EXPORT_WRITTEN.format(actions=actions, path=args.out, note=note), file=sys.stderr)
    return 0


async def _export_named(service: GameService, name: str, channel: int, full: bool) -> dict[str, Any]:
    """The record of the game in a channel given as typed: digits are a Discord channel id, or else the console
    channel of that name (`console --channel 7`)."""
    try:
        return await service.export(channel, full=full)
    except Refusal:
        named = stable_id("channel", name)
        if not name.strip().isdigit() or named == channel:
            raise
        return await service.export(named, full=full)


def replay(path: Path) -> int:
    """Replay an exported record and compare the state digest with the one saved (an export older than rules
    revisions: with the digest of each revision, today's first)."""
    raw = load_export(path)
    actions = raw["actions"]
    if raw.get("redacted"):
        counted = messages.plural(len(actions), "action")
        print(messages.REPLAY_REDACTED.format(path=path, actions=counted, status=raw.get("status", "?")))
        return REDACTED_EXIT
    record = rules.Record.from_json(raw)
    if record.rules is None:  # written before exports carried their rules revision
        found = rules.identify(record, digest=raw["digest"])
        record = replace(record, rules=found or rules.RULES_REVISION)
    try:
        state = rules.replay(record)
    except (rules.RulesError, KeyError, TypeError, ValueError, IndexError) as err:
        reason = str(err).strip() or type(err).__name__
        raise CliError(messages.REPLAY_REFUSED.format(path=path, reason=reason)) from None
    digest = rules.digest_as(state, record.rules)
    same = digest == raw["digest"]
    verdict = messages.REPLAY_SAME if same else messages.REPLAY_DIFFERENT
    counted = messages.plural(len(actions), "action")
    older = ""
    if record.rules is not None and record.rules < rules.RULES_REVISION:
        older = messages.REPLAY_RULES.format(number=record.rules, note=revision(record.rules).note)
    shown = messages.REPLAY_RESULT.format(
        actions=counted, version=state.version, verdict=verdict, digest=digest[:16], rules=older
    )
    print(shown)
    return 0 if same else 1


def load_export(path: Path) -> dict[str, Any]:
    """An export file's JSON, checked for the shape `rootbot export` writes (CliError otherwise)."""
    text = read_text(path, messages.EXPECTED_EXPORT)
    if not text.strip():
        raise CliError(messages.FILE_EMPTY.format(path=path, expected=messages.EXPECTED_EXPORT))
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        where = f"line {err.lineno}, column {err.colno}"
        raise CliError(messages.NOT_JSON.format(path=path, reason=err.msg, where=where)) from None
    except RecursionError:  # Python's reader recurses once per level of nesting
        raise CliError(messages.BAD_EXPORT.format(path=path, problem="its JSON " + TOO_DEEP)) from None
    problem = export_problem(raw)
    if problem:
        raise CliError(messages.BAD_EXPORT.format(path=path, problem=problem))
    return dict(raw)


def export_problem(raw: Any) -> str | None:
    """What is wrong with the shape of an export, or None."""
    if not isinstance(raw, dict):
        return f"it holds a JSON {type(raw).__name__}, not an object"
    if not isinstance(raw.get("options"), dict):
        return "'options' is missing or not an object"
    if nesting(raw["options"]) > MAX_OPTIONS_NESTING:  # the state's copy of its options would recurse
        return "'options' " + TOO_DEEP
    actions = raw.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        return "'actions' is missing or not a list of notation lines"
    if raw.get("redacted"):
        return None
    seed = raw.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        return "'seed' is missing or not a whole number"
    if not isinstance(raw.get("digest"), str):
        return "'digest' is missing or not text"
    return _rules_problem(raw)


def nesting(value: Any) -> int:
    """How deep lists and objects nest in a JSON value (counted without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def _rules_problem(raw: dict[str, Any]) -> str | None:
    """What is wrong with an export's rules revision (absent in exports older than revisions), or None."""
    number = raw.get("rules")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= CURRENT):
        return f"'rules' is not a rules revision this version knows (1 to {CURRENT})"
    until = raw.get("rules_until")
    if until is not None and (not isinstance(until, int) or isinstance(until, bool) or until < 0):
        return "'rules_until' is not a count of actions"
    return None


async def migrate(db: str | None) -> int:
    """Upgrade a database's schema."""
    url = chosen_database(db)
    store = await open_store(url)  # opening for play upgrades the schema
    try:
        print(f"migrate: {_where(url)}: schema at revision {await current_revision(store.engine)}")
    finally:
        await store.close()
    return 0


def backup(db: str | None, out: str) -> int:
    """Copy a SQLite database with SQLite's online backup API (consistent even while the bot writes to it)."""
    url = chosen_database(db)
    source = sqlite_path(url) if url.startswith("sqlite") else None
    if source is None:
        raise CliError(messages.BACKUP_NOT_SQLITE.format(db=url))
    if not source.is_file():
        raise CliError((messages.DB_IS_FOLDER if source.is_dir() else messages.DB_MISSING).format(db=source))
    target = Path(out)
    check_backup_target(target)
    pages = write_backup(source, target)
    say_database(url)
    print(messages.BACKED_UP.format(db=source.resolve(), path=target.resolve(), pages=pages))
    return 0


def check_backup_target(target: Path) -> None:
    """CliError unless the backup can be a new file: in a folder that exists, with no file or link of its name."""
    if target.is_symlink():
        raise CliError(messages.BACKUP_LINK.format(path=target))
    if target.exists():
        raise CliError(messages.BACKUP_EXISTS.format(path=target))
    folder = target.parent
    if not folder.is_dir():
        raise CliError(messages.BACKUP_NO_FOLDER.format(path=target, folder=folder))


def write_backup(source: Path, target: Path) -> int:
    """Back up into a temporary file of this run's own (created new, never through a link), then give it the
    backup's name only if that name is still free; the temporary file is removed whatever happens."""
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
        os.close(handle)
    except OSError as err:
        raise CliError(messages.BAD_OUT.format(path=target, reason=err.strerror or err)) from None
    partial = Path(name)
    try:
        pages = copy_database(source, partial, target)
        _name_backup(partial, target)
        return pages
    except FileExistsError:
        raise CliError(messages.BACKUP_EXISTS.format(path=target)) from None
    except OSError as err:
        raise CliError(messages.BAD_OUT.format(path=target, reason=err.strerror or err)) from None
    finally:
        partial.unlink(missing_ok=True)


def _name_backup(partial: Path, target: Path) -> None:
    """Give the finished copy the backup's name: a hard link, which unlike a rename never replaces a file made
    meanwhile; where the file system has no hard links, a rename once the name is checked still free."""
    try:
        os.link(partial, target)
    except FileExistsError:
        raise
    except OSError as err:
        if err.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK):
            raise
        check_backup_target(target)
        os.rename(partial, target)


def copy_database(source: Path, partial: Path, target: Path) -> int:
    """Online-backup one SQLite file into a new empty one and check the copy; returns its page count (CliError
    naming the source for a source that cannot be read, and the backup for a copy that cannot be written)."""
    try:
        src = sqlite3.connect(file_uri(source, "mode=ro"), uri=True, timeout=10)
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()  # "file is not a database" shows here
    except sqlite3.Error as err:
        raise CliError(messages.DB_UNUSABLE.format(db=source, reason=_reason(err))) from None
    with closing(src):
        try:
            with closing(sqlite3.connect(partial)) as dst:
                src.backup(dst, pages=256, sleep=0.01)  # in steps: the bot's writes go on between them
                check = dst.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"the copy failed its integrity check: {check}")
                return int(dst.execute("PRAGMA page_count").fetchone()[0])
        except sqlite3.Error as err:
            raise CliError(messages.BACKUP_FAILED.format(db=source, path=target, reason=_reason(err))) from None


if __name__ == "__main__":
    raise SystemExit(main())
