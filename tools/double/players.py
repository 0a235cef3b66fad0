"""Members of the double's server using the bot as Discord's client would: slash commands built from the commands
the bot synced, autocomplete, and button presses on the messages the bot sent, all sent through the gateway."""

from __future__ import annotations

from typing import Any

from tools.double import payloads as p
from tools.double.payloads import Message
from tools.double.server import GUILD_ID, DiscordDouble, Interaction, Member

COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
SUBCOMMAND = 1
STRING, INTEGER, BOOLEAN, USER, ROLE, NUMBER = 3, 4, 5, 6, 8, 10
ANSWER_SECONDS = 60.0  # generous: waits end as soon as the answer is there


class Players:
    """Slash commands, autocomplete and buttons, as Discord's client sends them."""

    def __init__(self, double: DiscordDouble) -> None:
        self.double = double

    async def slash(self, member: Member, channel_id: int, path: str, /, **options: Any) -> Interaction:
        """Send a slash command ('root join', 'move') with options by their Discord names."""
        data = self.command_data(path, options, focused=None)
        return await self.double.interact(COMMAND, member, channel_id, data)

    async def autocomplete(
        self, member: Member, channel_id: int, path: str, focused: str, /, **options: Any
    ) -> list[Any]:
        """The choices the bot suggests while the member types the focused option."""
        data = self.command_data(path, {focused: options.pop(focused, ""), **options}, focused=focused)
        itx = await self.double.interact(AUTOCOMPLETE, member, channel_id, data)
        await self.answer(itx)
        return itx.choices

    async def click(self, member: Member, message: Message, button: str) -> Interaction:
        """Press a button (by label or custom_id) of a message the bot sent, where that message is."""
        found = message.button(button)
        data = {"custom_id": found["custom_id"], "component_type": 2}
        return await self.double.interact(COMPONENT, member, message.channel_id, data, message)

    async def answer(self, itx: Interaction, timeout: float = ANSWER_SECONDS) -> Interaction:
        """Wait until the member sees an answer (or Discord gave up on the interaction)."""
        what = f"an answer to interaction {itx.id} ({itx.payload.get('data', {}).get('name') or 'button'})"
        await self.double.until(lambda: itx.answered or itx.late, timeout, what)
        return itx

    async def run(self, member: Member, channel_id: int, path: str, /, **options: Any) -> Interaction:
        """A slash command, waited for until answered."""
        return await self.answer(await self.slash(member, channel_id, path, **options))

    async def press(self, member: Member, message: Message, button: str) -> Interaction:
        """A button press, waited for until answered."""
        return await self.answer(await self.click(member, message, button))

    def command_data(self, path: str, options: dict[str, Any], focused: str | None) -> dict[str, Any]:
        """The `data` of a command interaction, from the command the bot synced (KeyError for a wrong option)."""
        words = path.split()
        command = self.double.commands.get(words[0])
        if command is None:
            raise KeyError(f"the bot synced no /{words[0]}: {sorted(self.double.commands)}")
        schema: dict[str, Any] = command
        for word in words[1:]:
            schema = next(o for o in schema.get("options", []) if o["name"] == word and o["type"] == SUBCOMMAND)
        declared = {o["name"]: o for o in schema.get("options", [])}
        resolved: dict[str, Any] = {}
        values = []
        for name, value in options.items():
            if name not in declared:
                raise KeyError(f"/{path} has no option '{name}': {sorted(declared)}")
            kind = int(declared[name]["type"])
            entry: dict[str, Any] = {"name": name, "type": kind}
            entry["value"] = _value(kind, value, resolved, name == focused)
            if name == focused:
                entry["focused"] = True
            values.append(entry)
        for word in reversed(words[1:]):
            values = [{"name": word, "type": SUBCOMMAND, "options": values}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": words[0],
            "type": 1,
            "guild_id": str(GUILD_ID),
            "options": values,
        }
        if resolved:
            data["resolved"] = resolved
        return data


def _value(kind: int, value: Any, resolved: dict[str, Any], focused: bool) -> Any:
    if focused:
        return str(value)
    if kind == INTEGER:
        return int(value)
    if kind == NUMBER:
        return float(value)
    if kind == BOOLEAN:
        return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
    if kind == USER:
        member = value if isinstance(value, Member) else Member(str(value).lstrip("@"))
        resolved.setdefault("users", {})[str(member.id)] = p.user(member.id, member.name)
        data = p.member(member.id, member.name, list(member.roles), member.permissions)
        data.pop("user")
        resolved.setdefault("members", {})[str(member.id)] = data
        return str(member.id)
    if kind == ROLE:
        resolved.setdefault("roles", {})[str(value)] = p.role(int(value), "role", 0, 1)
        return str(value)
    return str(value)
