"""Write docs/commands.md from the command tree itself, so the list of commands can never drift.

Usage: python -m tools.docgen > docs/commands.md   (tests/test_bot_docs.py checks the file is current)
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from discord import app_commands

from bot.discord.command_tree import build_commands
from bot.service.notation import verb_summary, verbs
from rules import registry
from rules.modes import find_mode, playable_ids
from rules.options import GameOption, word
from tools.docexamples import load

NOT_YET = (
    "No game the bot can create today allows this (no mode charges a card to move yet); the example is refused, "
    "saying why, and a test checks that."
)
INTRO = """# Commands

Generated from the bot's command tree by `python -m tools.docgen` (a test checks it is current). Every example
is run by a test through the real command tree from a moment of a game where it is accepted
(`assets/examples/command-examples.json`, written by `python -m tools.docexamples`).
Every command is also typed in the offline console as `@user /command option:value …`
(see [bot.md](bot.md)). Options in **bold** are required. Autocomplete offers only what is legal now;
whatever is typed is still checked by the rules engine, and a refusal is a private reply.

"""


def example(command: app_commands.Command[Any, Any, Any]) -> str:
    """An example use of a command, checked by tests/test_bot_docs.py from a moment where it is accepted."""
    found = load().get(command.qualified_name)
    return found.command if found else f"/{command.qualified_name}"


def description(command: app_commands.Command[Any, Any, Any]) -> str:
    """What a command does, in full (Discord's own description is cut to 100 characters)."""
    name = command.qualified_name
    return (verb_summary(name) if name in verbs() else "") or command.description


def option_rows(command: app_commands.Command[Any, Any, Any]) -> list[str]:
    """A markdown table of a command's options."""
    if not command.parameters:
        return ["No options."]
    rows = ["| option | type | what |", "| --- | --- | --- |"]
    for p in command.parameters:
        name = f"**{p.display_name}**" if p.required else p.display_name
        kind = p.type.name + (" (autocomplete)" if p.autocomplete else "")
        if p.choices:
            kind += ": " + ", ".join(str(c.value) for c in p.choices)
        rows.append(f"| {name} | {kind} | {p.description} |")
    return rows


def game_option_rows() -> list[str]:
    """Every game option /root create can set, from the rules' own declarations (who reads it, its values)."""
    owners: dict[GameOption, list[str]] = {}
    for mode in playable_ids():
        for option in find_mode(mode).game_options:
            owners.setdefault(option, []).append(find_mode(mode).name)
    for fid in registry.playable_ids():
        for option in registry.faction(fid).game_options:
            owners.setdefault(option, []).append(registry.faction(fid).name)
    rows = [
        "Game options (`game_options:name=value,name=value`), each read by the modes or factions named; the first "
        "value is the default, and docs/rulings.md gives the reading of each (by its section):",
        "",
        "| game option | values | what | read by | section |",
        "| --- | --- | --- | --- | --- |",
    ]
    for option, names in owners.items():
        values, readers = ", ".join(word(v) for v in option.values), "; ".join(names)
        rows.append(f"| {option.name} | {values} | {option.what} | {readers} | {option.section} |")
    return rows


def section(title: str, commands: list[app_commands.Command[Any, Any, Any]]) -> list[str]:
    """One part of the document."""
    out = [f"## {title}", ""]
    for command in commands:
        out += [f"### /{command.qualified_name}", "", description(command), "", *option_rows(command), ""]
        if command.qualified_name == "root create":
            out += [*game_option_rows(), ""]
        out += [f"Example: `{example(command)}`", ""]
        refused = load().get(command.qualified_name)
        if refused is not None and refused.refused:
            out += [refused.note or NOT_YET, ""]
    return out


def document() -> str:
    """The whole docs/commands.md."""
    groups, actions = _commands()
    lines = [INTRO]
    lines += section("Lobby and information: /root", groups["root"])
    lines += section("Playing: one command per action, and /play for any action in notation", actions)
    for name in sorted(set(groups) - {"root", "rootmod"}, key=_group_order):
        lines += section(f"{_owner(name)}: /{name}, its own actions", groups[name])
    lines += section("Moderators: /rootmod (Manage Server, or the role set with /rootmod settings)", groups["rootmod"])
    return "\n".join(lines).rstrip() + "\n"


Command = app_commands.Command[Any, Any, Any]


def _group_owners() -> dict[str, str]:
    """Each faction's command group and the faction's name, in the registry's order."""
    return {f.command_group: f.name for fid in registry.all_ids() if (f := registry.faction(fid)).command_group}


def _owner(group: str) -> str:
    return _group_owners().get(group, group)


def _group_order(group: str) -> int:
    names = list(_group_owners())
    return names.index(group) if group in names else len(names)


def _commands() -> tuple[dict[str, list[Command]], list[Command]]:
    groups: dict[str, list[Command]] = {}
    actions: list[Command] = []
    for command in build_commands():
        if isinstance(command, app_commands.Group):
            groups[command.name] = [c for c in command.commands if isinstance(c, app_commands.Command)]
        else:
            actions.append(command)
    actions.sort(key=lambda c: (c.name != "play", c.name))
    return groups, actions


def main(argv: list[str] | None = None) -> int:
    """Print the document."""
    argparse.ArgumentParser(description="Print docs/commands.md, made from the bot's command tree.").parse_args(argv)
    sys.stdout.write(document())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
