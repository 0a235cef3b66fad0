"""Reading an interaction's data before any command sees it: what Discord never sends is refused here, once.

Discord sends options of the declared types, each once, the required ones present, strings of at most 6,000
characters and integers within 2^53. A payload that is not like that (a hostile client, a stale command
registration) is answered with one clear message and reaches no command, so no handler has to defend itself.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from bot import messages
from rules.words import echo

log = logging.getLogger(__name__)

STRING_LIMIT = 6000  # Discord's longest string option
NUMBER_LIMIT = 2**53  # Discord's integers and numbers stay within ±2^53
SNOWFLAKE_LIMIT = 2**63  # ids are unsigned 64-bit, stored signed
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
NESTING = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)
COMMAND, AUTOCOMPLETE = discord.InteractionType.application_command, discord.InteractionType.autocomplete


class Malformed(Exception):
    """Interaction data Discord would never send; its text is the whole answer to the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(messages.MALFORMED.format(reason=reason))


class EmptyOption(Malformed):
    """A string option given as empty text (the refusal says whether the command can go without it)."""

    def __init__(self, option: str, required: bool = False) -> None:
        Exception.__init__(self, (messages.EMPTY_REQUIRED if required else messages.EMPTY_OPTION).format(option=option))


def snowflake(value: Any) -> bool:
    """Whether a value is an id as Discord sends one: a string (or integer) of digits below 2^63."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return False
    text = str(value)
    return bool(SNOWFLAKE.fullmatch(text)) and int(text) < SNOWFLAKE_LIMIT


def check(tree: app_commands.CommandTree[Any], interaction: discord.Interaction) -> None:
    """Raise Malformed when a command or autocomplete interaction's data is not what Discord sends."""
    data = interaction.data
    if not isinstance(data, dict):
        raise Malformed(messages.MALFORMED_DATA)
    if data.get("type", 1) != 1:
        raise Malformed(messages.MALFORMED_KIND)
    name = data.get("name")
    command = tree.get_command(name) if isinstance(name, str) else None
    if command is None:
        raise Malformed(messages.UNKNOWN_COMMAND.format(name=_shown(name)))
    resolved = data.get("resolved")
    typing = interaction.type is AUTOCOMPLETE
    _leaf(command, data.get("options", []), typing, resolved if isinstance(resolved, dict) else {})


RESOLVED_IN = {
    6: ("users", "members"),
    7: ("channels",),
    8: ("roles",),
    9: ("users", "members", "roles"),
    11: ("attachments",),
}
"""Where Discord puts what an option of each id-valued type names: a user, channel, role, mentionable, attachment."""


def _resolves(entry: dict[str, Any], resolved: dict[str, Any]) -> bool:
    """Whether the user, channel, role or attachment an option names is among the ones the payload resolves, as
    Discord always sends them (an id it does not resolve names nothing); true of options of other types."""
    places = RESOLVED_IN.get(entry.get("type", 0))
    if places is None:
        return True
    return any(isinstance(ids, dict) and str(entry.get("value")) in ids for ids in map(resolved.get, places))


def _leaf(
    command: app_commands.Command[Any, Any, Any] | app_commands.Group,
    options: Any,
    typing: bool,
    resolved: dict[str, Any],
) -> None:
    """Walk down the subcommands to the command run, and check its options."""
    while isinstance(command, app_commands.Group):
        entries = _entries(options)
        if len(entries) != 1 or entries[0].get("type") not in NESTING:
            raise Malformed(messages.MALFORMED_SUBCOMMAND.format(command=command.qualified_name))
        name = entries[0].get("name")
        found = command.get_command(name) if isinstance(name, str) else None
        if found is None:
            raise Malformed(messages.UNKNOWN_COMMAND.format(name=f"{command.qualified_name} {_shown(name)}"))
        command, options = found, entries[0].get("options", [])
    _options(command, _entries(options), typing, resolved)


def _entries(options: Any) -> list[dict[str, Any]]:
    """A list of option objects, or Malformed."""
    if options is None:
        return []
    if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
        raise Malformed(messages.MALFORMED_DATA)
    return options


def _options(
    command: app_commands.Command[Any, Any, Any], entries: list[dict[str, Any]], typing: bool, resolved: dict[str, Any]
) -> None:
    """Each option known, given once, of its declared type; the required ones there (not while typing)."""
    params = {p.display_name: p for p in command.parameters}
    seen: set[str] = set()
    focused = 0
    for entry in entries:
        name = entry.get("name")
        param = params.get(name) if isinstance(name, str) else None
        if param is None:
            raise Malformed(messages.UNKNOWN_OPTION.format(option=_shown(name), command=command.qualified_name))
        if name in seen:
            raise Malformed(messages.REPEATED_OPTION.format(option=name))
        seen.add(param.display_name)
        if entry.get("focused"):
            focused += 1
            if not typing or not param.autocomplete:  # Discord asks only for options that autocomplete
                raise Malformed(messages.MALFORMED_DATA)
        if typing:
            _typed_so_far(param, entry)
        else:
            _value(param, entry, resolved)
    if typing and focused != 1:
        raise Malformed(messages.MALFORMED_DATA)
    missing = [p.display_name for p in command.parameters if p.required and p.display_name not in seen]
    if missing and not typing:
        raise Malformed(messages.MISSING_OPTION.format(option=missing[0]))


def _value(param: app_commands.Parameter, entry: dict[str, Any], resolved: dict[str, Any]) -> None:
    """An option's value: of the parameter's type, within Discord's limits and the parameter's own."""
    value: Any = entry.get("value")
    kind = param.type
    if entry.get("type") != kind.value or not _typed(kind, value) or not _resolves(entry, resolved):
        raise Malformed(messages.BAD_OPTION.format(option=param.display_name))
    if kind is AppCommandOptionType.string:
        if not value:
            raise EmptyOption(param.display_name, param.required)
        shortest, longest = int(param.min_value or 1), min(int(param.max_value or STRING_LIMIT), STRING_LIMIT)
        if not shortest <= len(value) <= longest:
            raise Malformed(messages.BAD_OPTION.format(option=param.display_name))
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        if abs(value) > NUMBER_LIMIT:
            raise Malformed(messages.OPTION_TOO_LARGE.format(option=param.display_name))
        low: float = param.min_value if param.min_value is not None else -NUMBER_LIMIT
        high: float = param.max_value if param.max_value is not None else NUMBER_LIMIT
        if not low <= value <= high:
            raise Malformed(messages.OPTION_OUT_OF_RANGE.format(option=param.display_name, low=low, high=high))
    if param.choices and value not in [c.value for c in param.choices]:
        raise Malformed(messages.BAD_OPTION.format(option=param.display_name))


def _typed_so_far(param: app_commands.Parameter, entry: dict[str, Any]) -> None:
    """While typing, another option may hold its text as typed so far: a string, or a value of its type."""
    value = entry.get("value")
    if isinstance(value, str) and len(value) <= STRING_LIMIT:
        return
    if entry.get("type") != param.type.value or isinstance(value, str) or not _typed(param.type, value):
        raise Malformed(messages.BAD_OPTION.format(option=param.display_name))
    if isinstance(value, int | float) and abs(value) > NUMBER_LIMIT:
        raise Malformed(messages.BAD_OPTION.format(option=param.display_name))


def _typed(kind: AppCommandOptionType, value: Any) -> bool:
    """Whether a JSON value is of an option type (ids as digit strings)."""
    if kind is AppCommandOptionType.string:
        return isinstance(value, str)
    if kind is AppCommandOptionType.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is AppCommandOptionType.number:
        return isinstance(value, int | float) and not isinstance(value, bool) and value == value  # not NaN
    if kind is AppCommandOptionType.boolean:
        return isinstance(value, bool)
    return snowflake(value)


def _shown(name: Any) -> str:
    """A name from the payload, cut short to be quoted back."""
    return echo(str(name), 40)


async def refuse(interaction: discord.Interaction, reason: str) -> None:
    """Answer a malformed interaction once: a private message (the reason), or no choices while typing."""
    interaction.extras["refused"] = True
    log.info("malformed interaction in channel %s: %s", interaction.channel_id, reason)
    if interaction.response.is_done():
        return
    if interaction.type is AUTOCOMPLETE:
        await interaction.response.autocomplete([])
    else:
        await interaction.response.send_message(reason, ephemeral=True)


class RootTree(app_commands.CommandTree[Any]):
    """The command tree, with every command and autocomplete interaction checked before it is dispatched."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Refuse (once, clearly) what Discord never sends; let everything else through."""
        try:
            check(self, interaction)
        except Malformed as err:
            await refuse(interaction, str(err))
            return False
        return True


async def unreadable_button(interaction: discord.Interaction) -> None:
    """A button press whose custom_id no button of the bot has: one private message."""
    interaction.extras["refused"] = True
    if not interaction.response.is_done():
        text = messages.MALFORMED.format(reason=messages.UNKNOWN_BUTTON)
        await interaction.response.send_message(text, ephemeral=True)
