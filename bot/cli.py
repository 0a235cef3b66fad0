"""The `rootbot` command line: run the bot, play offline in the console, export and replay game records."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot import messages
from bot.settings import Settings, load_settings, sqlite_url

DEFAULT_CONSOLE_DB = "rootbot-console.db"
DEFAULT_CHANNEL = "game"


def main(argv: list[str] | None = None) -> int:
    """Entry point of the rootbot console script."""
    args = parser().parse_args(argv)
    command = args.command
    if command is None:
        return run_or_console()
    if command == "run":
        return run_bot(load_settings(), sync=getattr(args, "sync", False))
    if command == "console":
        return asyncio.run(console(args))
    if command == "export":
        return asyncio.run(export(args))
    if command == "replay":
        return replay(Path(args.file))
    if command == "migrate":
        return asyncio.run(migrate(args.db))
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
    con.add_argument("--db", default=DEFAULT_CONSOLE_DB, help=f"SQLite file (default: {DEFAULT_CONSOLE_DB})")
    con.add_argument("--channel", default=DEFAULT_CHANNEL, help=f"channel to play in (default: {DEFAULT_CHANNEL})")
    con.add_argument("--mods", default="", help="users who are moderators, comma separated")
    con.add_argument("--seed", type=int, default=None, help="seed for new games (default: from the channel name)")
    con.add_argument("--quiet", action="store_true", help="print only the summary")
    exp = sub.add_parser("export", help="write a game's record (options, seed, actions) as JSON")
    exp.add_argument("--db", default=DEFAULT_CONSOLE_DB, help="SQLite file, or a database URL")
    exp.add_argument("--channel", default=DEFAULT_CHANNEL, help="console channel name, or a Discord channel id")
    exp.add_argument("--out", default="-", help="file to write (default: standard output)")
    rep = sub.add_parser("replay", help="replay an exported record and check it reaches the same state")
    rep.add_argument("file")
    mig = sub.add_parser("migrate", help="upgrade a database to the newest schema (start-up does this too)")
    mig.add_argument("--db", default=None, help="SQLite file or URL (default: ROOTBOT_DATABASE_URL)")
    return top


def database_url(db: str) -> str:
    """A database URL from a URL or a SQLite file path."""
    return db if "://" in db else sqlite_url(db)


def channel_id(name: str) -> int:
    """A console channel name (or a Discord channel id) as the id games are stored under."""
    from bot.offline import stable_id

    return int(name) if name.isdigit() else stable_id("channel", name)


def run_bot(settings: Settings, sync: bool = False) -> int:
    """Run the Discord bot until stopped."""
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        print(messages.NO_TOKEN, file=sys.stderr)
        return 2
    from bot.client import RootClient
    from bot.service import GameService
    from bot.store import Store

    async def start() -> None:
        store = await Store.open(settings.database_url)
        client = RootClient(GameService(store, settings), settings, sync=sync)
        async with client:
            await client.start(settings.token or "")

    asyncio.run(start())
    return 0


async def console(args: argparse.Namespace) -> int:
    """Play offline through the same command tree; print what everyone would see."""
    from bot.console import Console, OffsetClock
    from bot.offline import OfflineBot
    from bot.service import GameService
    from bot.store import Store

    settings = load_settings(env_file=None)
    clock = OffsetClock()
    store = await Store.open(database_url(args.db))
    seed = args.seed
    service = GameService(store, settings, clock=clock, seed_for=lambda cid: seeded(cid, seed))
    lines_out: list[str] = []
    write = lines_out.append if args.quiet else print
    shell = Console(OfflineBot(service), clock, args.channel, Path(args.images), set(_names(args.mods)), write)
    try:
        if args.script:
            lines = Path(args.script).read_text(encoding="utf-8").splitlines()
            totals = await shell.run_lines(lines)
        else:
            totals = await shell.run_lines(_stdin_lines())
    finally:
        await store.close()
    print(
        f"console: {totals.commands} commands, {totals.refused} refused, {totals.images} pictures, "
        f"{len(totals.errors)} unreadable lines"
    )
    return 1 if totals.errors else 0


def seeded(channel: int, seed: int | None) -> int:
    """Console games are reproducible: the seed comes from --seed, else from the channel."""
    return seed if seed is not None else zlib.crc32(str(channel).encode())


def _names(text: str) -> list[str]:
    return [n.strip().lstrip("@") for n in text.split(",") if n.strip()]


def _stdin_lines() -> Iterator[str]:
    if sys.stdin.isatty():
        from bot import console as console_module

        print(console_module.__doc__ or "", "Type lines such as: @alice /root create seats:2   (Ctrl-D ends)", sep="\n")
    for line in sys.stdin:
        yield line.rstrip("\n")


async def export(args: argparse.Namespace) -> int:
    """Write a game's record as JSON."""
    from bot.service import GameService
    from bot.store import Store

    store = await Store.open(database_url(args.db))
    try:
        record = await GameService(store).export(channel_id(args.channel))
    except Exception as err:  # a missing game or unstarted lobby: say so plainly
        print(f"export: {err}", file=sys.stderr)
        return 1
    finally:
        await store.close()
    text = json.dumps(record, indent=1)
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(f"export: {len(record['actions'])} actions written to {args.out}", file=sys.stderr)
    return 0


def replay(path: Path) -> int:
    """Replay an exported record and compare the state digest with the one saved."""
    import rules

    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    state = rules.replay(rules.Record.from_json(raw))
    same = state.digest() == raw.get("digest")
    verdict = "the same state" if same else "a DIFFERENT state"
    print(f"replay: {len(raw['actions'])} actions, version {state.version}: {verdict} (digest {state.digest()[:16]})")
    return 0 if same else 1


async def migrate(db: str | None) -> int:
    """Upgrade a database's schema."""
    from bot.db import current_revision, make_engine, upgrade

    engine = make_engine(database_url(db) if db else load_settings().database_url)
    await upgrade(engine)
    print(f"migrate: schema at revision {await current_revision(engine)}")
    await engine.dispose()
    return 0
