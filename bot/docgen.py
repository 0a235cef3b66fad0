"""Write docs/commands.md from the command tree itself, so the list of commands can never drift.

Usage: python -m bot.docgen > docs/commands.md   (tests/test_bot_docs.py checks the file is current)
"""

from __future__ import annotations

import sys
from typing import Any

from discord import app_commands

from bot.commands import RENAMES
from bot.notation import options_of, verbs
from rules.actions import words_of

EXAMPLES = {
    "root create": "/root create seats:2 board:autumn factions:marquise,eyrie win_points:15 round_limit:5",
    "root join": "/root join faction:marquise",
    "root leave": "/root leave",
    "root start": "/root start",
    "root status": "/root status",
    "root hand": "/root hand",
    "root board": "/root board public:true",
    "root log": "/root log lines:20",
    "root card": "/root card name:anvil",
    "root undo": "/root undo count:1",
    "root autopass": "/root autopass on:true",
    "root boards": "/root boards when:turn live:true",
    "root export": "/root export",
    "play": "/play action:move 1>5 x2",
    "rootmod pause": "/rootmod pause",
    "rootmod resume": "/rootmod resume",
    "rootmod reminders": "/rootmod reminders hours:12",
    "rootmod skip": "/rootmod skip",
    "rootmod replace": "/rootmod replace faction:eyrie user:@dave",
    "rootmod unseat": "/rootmod unseat faction:eyrie",
    "rootmod undo": "/rootmod undo count:3 confirm:true",
    "rootmod end": "/rootmod end",
    "rootmod place": "/rootmod place clearing:5 piece:marquise:warrior count:2",
    "rootmod remove": "/rootmod remove clearing:5 piece:eyrie:roost count:1",
    "rootmod shift": "/rootmod shift from:1 to:5 piece:marquise:warrior count:2",
    "rootmod points": "/rootmod points faction:eyrie points:12",
    "rootmod card": "/rootmod card card:anvil from:hand:marquise to:discard",
    "rootmod edit": "/rootmod edit text:!place 5 marquise:warrior x2",
    "rootmod settings": "/rootmod settings role:@Referees hours:24 notices:2",
    "rootmod export": "/rootmod export full:true",
}
SAMPLE = {"clearing": 5, "path": 1, "count": 2, "clearings": "3,7", "suit": "fox", "faction": "eyrie", "card": "anvil"}
INTRO = """# Commands

Generated from the bot's command tree by `python -m bot.docgen` (a test checks it is current).
Every command is also typed in the offline console as `@user /command option:value …`
(see [bot.md](bot.md)). Options in **bold** are required. Autocomplete offers only what is legal now;
whatever is typed is still checked by the rules engine, and a refusal is a private reply.

"""


def example(command: app_commands.Command[Any, Any, Any]) -> str:
    """An example use of a command."""
    name = command.qualified_name
    if name in EXAMPLES:
        return EXAMPLES[name]
    parts = [f"/{name}"]
    for option in options_of(verbs()[name]):
        if not option.required:
            continue
        words = words_of(verbs()[name])
        value = words[0] if option.kind == "word" and words else SAMPLE.get(option.kind, "…")
        if option.field == "dst":
            value = 5
        parts.append(f"{RENAMES.get(option.field, option.field)}:{value}")
    return " ".join(parts)


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


def section(title: str, commands: list[app_commands.Command[Any, Any, Any]]) -> list[str]:
    """One part of the document."""
    out = [f"## {title}", ""]
    for command in commands:
        out += [f"### /{command.qualified_name}", "", command.description, "", *option_rows(command), ""]
        out += [f"Example: `{example(command)}`", ""]
    return out


def document() -> str:
    """The whole docs/commands.md."""
    groups, actions = _commands()
    lines = [INTRO]
    lines += section("Lobby and information: /root", groups["root"])
    lines += section("Playing: one command per action, and /play for any action in notation", actions)
    lines += section("Moderators: /rootmod (Manage Server, or the role set with /rootmod settings)", groups["rootmod"])
    return "\n".join(lines).rstrip() + "\n"


Command = app_commands.Command[Any, Any, Any]


def _commands() -> tuple[dict[str, list[Command]], list[Command]]:
    from bot.commands import build_commands

    groups: dict[str, list[Command]] = {}
    actions: list[Command] = []
    for command in build_commands():
        if isinstance(command, app_commands.Group):
            groups[command.name] = [c for c in command.commands if isinstance(c, app_commands.Command)]
        else:
            actions.append(command)
    actions.sort(key=lambda c: (c.name != "play", c.name))
    return groups, actions


def main() -> int:
    """Print the document."""
    sys.stdout.write(document())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
