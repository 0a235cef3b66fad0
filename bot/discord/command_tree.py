"""Every command the bot offers: /root, /rootmod, /play, one command per action verb and a group per faction that
declares one for its own verbs, built fresh for each tree."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.discord.commands import AppCommand, action_command, play_command, root_group
from bot.discord.moderation_commands import rootmod_group
from bot.service.notation import verb_group, verbs
from rules import registry


def build_commands() -> list[AppCommand | app_commands.Group]:
    """Every command the bot offers, freshly built (one set per client)."""
    out: list[app_commands.Command[Any, Any, Any] | app_commands.Group] = [
        root_group(),
        rootmod_group(),
        play_command(),
    ]
    grouped: dict[str, list[str]] = {}
    for verb in verbs():
        grouped.setdefault(verb_group(verb), []).append(verb)
    out += [action_command(verb) for verb in grouped.pop("", [])]
    out += [_group(name, found) for name, found in grouped.items()]
    return out


def _group(name: str, found: list[str]) -> app_commands.Group:
    """The command a faction's own verbs are offered under (its `command_group`), one subcommand per verb."""
    owner = next((f.name for fid in registry.all_ids() if (f := registry.faction(fid)).command_group == name), None)
    if owner is None:  # a group its verbs name (Action.command_group): the faction of that id, if any
        owner = registry.faction(name).name if name in registry.all_ids() else name
    group = app_commands.Group(name=name, description=f"The {owner}'s own actions"[:100], guild_only=True)
    for verb in found:
        group.add_command(action_command(verb))
    return group
