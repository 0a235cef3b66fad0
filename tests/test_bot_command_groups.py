"""Discord's limits on a bot's commands: at most 100 top-level commands and 25 subcommands to a group, so factions
added after the fan factions offer their own verbs under one command of theirs (`Faction.command_group`)."""

from __future__ import annotations

from pathlib import Path

from discord import app_commands
from discord_harness import db_url, offline_bot

from bot.console import ConsoleError, parse_command
from bot.discord.command_tree import build_commands
from bot.service import notation
from rules import actions, registry

DISCORD_COMMANDS = 100  # global commands a bot may have
DISCORD_SUBCOMMANDS = 25  # subcommands of one group


def test_the_tree_fits_discords_limits() -> None:
    commands = build_commands()
    names = [c.name for c in commands]
    assert len(commands) <= DISCORD_COMMANDS
    assert len(names) == len(set(names))
    for group in (c for c in commands if isinstance(c, app_commands.Group)):
        assert len(group.commands) <= DISCORD_SUBCOMMANDS, group.name


def test_a_faction_declaring_a_group_has_its_own_verbs_there_and_shares_the_rest() -> None:
    declaring = [fid for fid in registry.playable_ids() if registry.faction(fid).command_group]
    assert declaring, "no faction declares a command group"
    for fid in declaring:
        group = registry.faction(fid).command_group
        own = [verb for (scope, verb) in actions.SCOPED if scope == fid and actions.scopes_of(verb) == [fid]]
        assert own, fid
        assert all(notation.slash_name(verb) == f"{group} {verb}" for verb in own), fid
    assert notation.slash_name("move") == "move" and notation.slash_name("battle") == "battle"
    assert notation.slash_name("roost") == "roost"  # the older factions' verbs keep their commands


def test_each_grouped_verb_is_a_subcommand_of_its_group() -> None:
    tree = {c.name: c for c in build_commands()}
    for verb in notation.verbs():
        group = notation.verb_group(verb)
        if group:
            found = tree[group]
            assert isinstance(found, app_commands.Group) and found.get_command(verb) is not None, verb
            assert verb not in tree, verb
        else:
            assert verb in tree, verb


async def test_a_grouped_verb_typed_alone_is_refused_naming_its_command(tmp_path: Path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    grouped = next(verb for verb in notation.verbs() if notation.verb_group(verb))
    try:
        parse_command(bot, f"/{grouped} 1")
    except ConsoleError as err:
        assert f"use /{notation.slash_name(grouped)}" in str(err)
    else:
        raise AssertionError(f"/{grouped} was accepted as a command")
