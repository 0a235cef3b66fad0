"""Text a user controls, through the real command tree: long words are never quoted back whole, display names
are escaped wherever they are shown, and /rootmod's autocomplete answers moderators only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from discord import app_commands
from discord.enums import AppCommandOptionType
from discord_harness import FakeClock, OfflineUser, db_url, offline_bot

from bot import messages
from bot.console.offline import OfflineBot

ALICE, BOB = OfflineUser("alice"), OfflineUser("bob")
MOD = OfflineUser("mo", moderator=True)
STARTED, LOBBY = 5100, 5101
LONG = ["w" * 4000, "9" * 4000, "ab " * 1300, "¹" * 3000]


def _commands(bot: OfflineBot) -> Iterator[app_commands.Command[Any, Any, Any]]:
    stack: list[Any] = list(bot.tree.get_commands())
    while stack:
        command = stack.pop()
        if isinstance(command, app_commands.Group):
            stack.extend(command.commands)
        else:
            yield command


def _filler(param: app_commands.Parameter) -> object:
    """A plain value for a required option, so that the option under test is the one read."""
    kind = param.type
    if param.choices:
        return param.choices[0].value
    if kind is AppCommandOptionType.integer:
        return int(param.min_value or 1)
    if kind is AppCommandOptionType.number:
        return float(param.min_value or 1)
    return {AppCommandOptionType.boolean: False, AppCommandOptionType.user: "bob"}.get(kind, "1")


@pytest.fixture
async def bot(tmp_path):
    offline = await offline_bot(db_url(tmp_path), FakeClock())
    for channel in (STARTED, LOBBY):
        await offline.slash(ALICE, channel, "root create", seats=2)
        await offline.slash(ALICE, channel, "root join", faction="marquise")
    await offline.slash(BOB, STARTED, "root join", faction="eyrie")
    await offline.slash(BOB, STARTED, "root start")
    yield offline
    await offline.service.store.close()


async def test_no_command_quotes_a_long_option_back_whole(bot: OfflineBot):
    """Every text option of every command (found in the tree), as a player and as a moderator, in a started game
    and in a lobby: 4,000 characters are answered, cut, never echoed whole and never a crash."""
    asked = 0
    for command in _commands(bot):
        if command.qualified_name == "rootmod end":
            continue  # it would end the game the other commands are tried on
        for param in command.parameters:
            if param.type is not AppCommandOptionType.string or param.choices:
                continue
            for text in LONG:
                options = {p.display_name: _filler(p) for p in command.parameters if p.required}
                options[param.display_name] = text
                for user in (ALICE, MOD):
                    for channel in (STARTED, LOBBY):
                        answer = await bot.slash(user, channel, command.qualified_name, **options)
                        said = " ".join(answer.text.split())
                        where = (command.qualified_name, param.display_name, text[:6], said[:200])
                        assert messages.NOT_FINISHED_ERROR not in said, where
                        assert text[:100] not in said and " ".join(text.split())[:100] not in said, where
                        asked += 1
    assert asked > 1000


HOSTILE = ["```md", "**bold**", "__under__", "@everyone", "<@123>", "||spoiler||", "# heading", "~~x~~ > q"]


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_display_name_is_escaped_wherever_it_is_shown(bot: OfflineBot, name: str):
    """Join, start, status, a move and an undo: the name is always shown escaped, never as raw markdown."""
    player = OfflineUser(name)
    channel = 5200
    answers = [
        await bot.slash(ALICE, channel, "root create", seats=2),
        await bot.slash(player, channel, "root join", faction="marquise"),
        await bot.slash(BOB, channel, "root join", faction="eyrie"),
        await bot.slash(BOB, channel, "root start"),
        await bot.slash(BOB, channel, "root status"),
        await bot.slash(player, channel, "play", action="keep 1"),
        await bot.slash(player, channel, "root undo"),
        await bot.slash(BOB, channel, "root status"),
    ]
    text = "\n".join(a.text for a in answers)
    shown = messages.shown_name(name)
    assert shown != name and text.count(shown) >= 5, text
    assert name not in text.replace(shown, ""), text
    assert "@everyone" not in text and "<@123>" not in text


def test_the_escaper_covers_what_breaks_a_message():
    for name in HOSTILE:
        shown = messages.shown_name(name)
        assert not any(mark in shown.replace("\\" + mark, "") for mark in ("`", "*", "_", "|", "~", "#", ">"))
    assert messages.shown_name("line\nbreak") == "line break"
    assert len(messages.shown_name("x" * 500)) <= messages.NAME_LIMIT


def _rootmod_autocompletes(bot: OfflineBot) -> list[tuple[str, str]]:
    return [
        (command.qualified_name, param.display_name)
        for command in _commands(bot)
        if command.qualified_name.startswith("rootmod ")
        for param in command.parameters
        if param.autocomplete
    ]


async def test_rootmod_autocomplete_answers_moderators_only(bot: OfflineBot):
    found = _rootmod_autocompletes(bot)
    assert len(found) >= 4
    offered = 0
    for path, option in found:
        assert await bot.autocomplete(ALICE, STARTED, path, option) == [], (path, option)
        offered += bool(await bot.autocomplete(MOD, STARTED, path, option))
    assert offered >= 4  # a moderator still gets the choices
