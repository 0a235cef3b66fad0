"""docs/commands.md is generated from the command tree and stays current; every example in it is accepted."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from discord_harness import FakeClock, open_service
from qa_helpers import OPENED, close_stores  # noqa: F401

import rules
from bot.console import Console, OffsetClock
from bot.console.offline import OfflineBot
from bot.discord import drawing
from bot.storage.store import Change
from tools.docexamples import LOBBY, SEED, Example, load
from tools.docgen import document

DOCS = Path(__file__).resolve().parents[1] / "docs"
REGENERATE = "regenerate: python -m tools.docexamples && python -m tools.docgen > docs/commands.md"


def test_commands_md_is_current():
    current = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert current == document(), "regenerate it: python -m tools.docgen > docs/commands.md"


def test_every_command_has_an_example_and_every_example_is_in_the_docs():
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    shown = re.findall(r"^Example: `(.+)`$", text, flags=re.M)
    examples = load()
    assert sorted(shown) == sorted(e.command for e in examples.values())
    from bot.discord.command_tree import build_commands

    paths = set()
    for command in build_commands():
        for one in getattr(command, "walk_commands", lambda c=command: [c])():
            if not hasattr(one, "commands"):
                paths.add(one.qualified_name)
    assert paths == set(examples), REGENERATE


async def test_every_example_is_accepted_through_the_command_tree(tmp_path, monkeypatch):
    for name in ("board_png", "hand_png"):  # pictures are not what this test checks: skip drawing them
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    service = await open_service(f"sqlite+aiosqlite:///{tmp_path / 'examples.db'}", FakeClock(), seed=SEED)
    OPENED.append(service)
    bot = OfflineBot(service)
    failed = [f"{name}: {why}" for name, example in sorted(load().items()) if (why := await _run(bot, name, example))]
    assert not failed, "\n".join([*failed, REGENERATE])


async def test_an_example_that_would_be_refused_is_caught(tmp_path, monkeypatch):
    for name in ("board_png", "hand_png"):
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    service = await open_service(f"sqlite+aiosqlite:///{tmp_path / 'examples.db'}", FakeClock(), seed=SEED)
    OPENED.append(service)
    old = replace(load()["hire"], example="@alice /hire card:anvil")  # what the docs showed before
    why = await _run(OfflineBot(service), "hire", old)
    assert why is not None and why.startswith("refused")


def test_descriptions_cut_for_discord_end_at_a_word_and_the_docs_keep_them_whole():
    from bot.discord.command_tree import build_commands
    from bot.discord.commands import first_line
    from rules.actions import Build

    assert first_line(Build.__doc__) == "Place a building in a clearing."
    for command in build_commands():
        for one in getattr(command, "walk_commands", lambda c=command: [c])():
            assert len(one.description) <= 100 and not one.description.endswith(" fr")
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert (Build.__doc__ or "").strip().splitlines()[0] in text


async def _run(bot: OfflineBot, name: str, example: Example) -> str | None:
    """Run an example from its moment, each in a channel of its own; what went wrong, if anything."""
    shell = Console(bot, OffsetClock(), f"example-{name.replace(' ', '-')}", None, mods={"mo"}, write=lambda _: None)
    for line in (LOBBY if example.lobby else []) + example.lines:
        result = await shell.run_line(line)
        if result is None or result.refused:
            return f"{line} was refused: {result and result.text}"
    if example.record:
        await _play_record(bot, shell.channel_id, example.record)
    result = await shell.run_line(example.example)
    if result is None:
        return "nothing ran"
    if example.refused:  # no game the bot can create allows it yet: refused, saying why
        return None if result.refused and example.refused in result.text else f"not refused as expected: {result.text}"
    return f"refused: {result.text}" if result.refused else None


async def _play_record(bot: OfflineBot, channel: int, record: list[str]) -> None:
    """Make the game's state the record replayed (the moment the example is for)."""
    table = await bot.service.table(channel)
    options, seed = json.loads(table.game.options or "{}"), int(table.game.seed or 0)
    state = rules.replay(rules.Record(options, seed, record))
    await bot.service.store.save(Change(channel, table.game.version, 0, state=state.dumps()))


def test_bot_md_exists_and_names_the_console():
    text = (DOCS / "bot.md").read_text(encoding="utf-8")
    assert "rootbot console" in text and "rootbot export" in text and "python -m tools.bench" in text
