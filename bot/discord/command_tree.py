"""Every command the bot offers: /root, /rootmod, /play and one command per action verb, built fresh for each tree."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.discord.commands import AppCommand, action_command, play_command, root_group
from bot.discord.moderation_commands import rootmod_group
from bot.service.notation import verbs


def build_commands() -> list[AppCommand | app_commands.Group]:
    """Every command the bot offers, freshly built (one set per client)."""
    out: list[app_commands.Command[Any, Any, Any] | app_commands.Group] = [
        root_group(),
        rootmod_group(),
        play_command(),
    ]
    out += [action_command(verb) for verb in verbs()]
    return out
