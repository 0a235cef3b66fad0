"""The offline console: lines like `@alice /move from:1 to:5 count:2` run through the real command tree.

A line is a user (`@name`, or `@name!` for a moderator), then a slash command as Discord would send it, with
`option:value` pairs (a value runs until the next option name; quote it if you like). Also:
  @name click LABEL      press the button with that label on the newest message that user can see
  @name /move from:?     show what autocomplete offers for that option (here: 'from')
  :channel NAME          switch to another channel (each channel holds its own game)
  :wait 25h              let time pass (h, m or s; a year at most) and send the reminders that fall due
  :mods mo,kim           make these users moderators from here on (as --mods does)
  # …                    a comment
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from discord import app_commands
from discord.enums import AppCommandOptionType

from bot import messages
from bot.console.offline import OfflineBot, OfflineUser, Result, Sent, stable_id
from bot.service.notation import slash_name, verbs
from bot.service.reminders import tick
from rules import registry
from rules.actions import verb_called
from rules.numbers import whole
from rules.words import echo

LINE = re.compile(r"^@(?P<user>[\w.-]+)(?P<mod>!?)\s+(?P<rest>.+)$")
WAIT = re.compile(r"^(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>[hms]?)$")
UNITS = {"h": 3600, "m": 60, "s": 1, "": 3600}
LONGEST_WAIT = 8784 * 3600  # seconds a :wait may move the console's clock at once: a leap year
BOM = "\ufeff"  # the byte-order mark an editor may start a UTF-8 file (or piped input) with
TRUE, FALSE = ("true", "yes", "y", "1", "on"), ("false", "no", "n", "0", "off")
COLON_WORD = re.compile(r"(?:^|\s)([a-z_]+):", re.I)
PLACES = ("hand", "crafted")  # 'hand:eyrie' in a card edit is a value, not an option


DIRECTIVES = "directives are :channel NAME, :wait 25h and :mods NAME,NAME"


class ConsoleError(ValueError):
    """A console line that cannot be read (not a refused command: those come from the bot)."""


class OffsetClock:
    """Real time plus whatever `:wait` added."""

    def __init__(self, base: Callable[[], float] = time.time) -> None:
        self.base, self.offset = base, 0.0

    def __call__(self) -> float:
        return self.base() + self.offset


@dataclass
class Totals:
    """What a console session did."""

    commands: int = 0
    refused: int = 0
    images: int = 0
    errors: list[str] = field(default_factory=list)


class Console:
    """Reads console lines, dispatches them, prints what each user would see, and saves every picture."""

    def __init__(
        self,
        bot: OfflineBot,
        clock: OffsetClock,
        channel: str = "game",
        images_dir: Path | None = None,
        mods: set[str] | None = None,
        write: Callable[[str], None] = print,
    ) -> None:
        self.bot, self.clock, self.write = bot, clock, write
        self.images_dir = images_dir
        self.mods = {m.lower() for m in mods or set()}
        self.totals = Totals()
        self.seen: dict[tuple[int, int], list[Sent]] = {}  # (channel, user or 0 for everyone): messages with buttons
        self.channel_id = 0
        self.switch(channel)

    def switch(self, name: str) -> None:
        """Make a channel the current one."""
        self.channel_id = stable_id("channel", name)
        self.bot.channels[self.channel_id] = name

    def user(self, name: str, moderator: bool = False) -> OfflineUser:
        """The console user of that name."""
        user = OfflineUser(name, moderator=moderator or name.lower() in self.mods)
        self.bot.users[user.id] = user
        return user

    async def run_lines(self, lines: Iterable[str]) -> Totals:
        """Run lines in order, each as soon as it is read (comments and blank lines skipped)."""
        for number, line in enumerate(lines, start=1):
            try:
                await self.run_line(line.removeprefix(BOM) if number == 1 else line)
            except ConsoleError as err:
                self.totals.errors.append(f"line {number}: {err}")
                self.write(f"  ! line {number}: {err}")
        return self.totals

    async def run_line(self, line: str) -> Result | None:
        """Run one line and print what it produced."""
        line = line.strip()
        if not line or line.startswith("#"):
            return None
        self.write(f"> {line}")
        if line.startswith(":"):
            await self._directive(line[1:].split())
            return None
        match = LINE.match(line)
        if match is None:
            raise ConsoleError("a line starts with @user, then a /command (or 'click LABEL')")
        user = self.user(match["user"], moderator=bool(match["mod"]))
        rest = match["rest"].strip()
        result: Result | None
        if rest.lower().startswith("click "):
            result = await self._click(user, rest[6:].strip())
        elif rest.startswith("/"):
            result = await self._slash(user, rest)
        else:
            raise ConsoleError(f"'{rest}' is neither a /command nor 'click LABEL'")
        if result is not None:
            self._show(user, result)
        return result

    async def _slash(self, user: OfflineUser, text: str) -> Result | None:
        path, options = parse_command(self.bot, text)
        focused = next((k for k, v in options.items() if v == "?"), None)
        if focused is not None:
            given = {k: v for k, v in options.items() if k != focused}
            found = await self.bot.autocomplete(user, self.channel_id, path, focused, **given)
            shown = ", ".join(f"{c['name']} = {c['value']}" for c in found) or "(nothing)"
            self.write(f"  [suggestions for {focused}] {shown}")
            return None
        options = typed_options(self.bot.find(path), options)
        self.totals.commands += 1
        try:
            return await self.bot.slash(user, self.channel_id, path, **options)
        except (ValueError, KeyError) as err:  # Discord's client would not let such a value through
            raise ConsoleError(f"a value does not fit its option: {err}") from None

    async def _click(self, user: OfflineUser, label: str) -> Result:
        here = self.seen.get((self.channel_id, user.id), []) + self.seen.get((self.channel_id, 0), [])
        for message in reversed(here):
            for button in message.buttons:
                if _pressed(button, label):
                    self.totals.commands += 1
                    where = message.thread_id or self.channel_id  # a button in a private thread is pressed there
                    return await self.bot.click(user, where, message, button["custom_id"])
        raise ConsoleError(f"{user.name} sees no button labelled '{label}'")

    async def _directive(self, words: list[str]) -> None:
        if not words:
            raise ConsoleError(DIRECTIVES)
        if words[0] == "mods" and len(words) == 2:
            self.mods |= {m.strip().lstrip("@").lower() for m in words[1].split(",") if m.strip()}
            return
        if words[0] == "channel" and len(words) == 2:
            self.switch(words[1])
            return
        if words[0] == "wait" and len(words) == 2:
            match = WAIT.match(words[1])
            if match is None:
                raise ConsoleError("wait for a time such as 25h, 90m or 30s")
            seconds = float(match["n"]) * UNITS[match["unit"]]
            if seconds > LONGEST_WAIT:  # far past it, the clock would leave what the database stores
                raise ConsoleError(f"wait at most a year (8784h) at a time, not {words[1][:24]}")
            self.clock.offset += seconds
            start = len(self.bot.adapter.sent)
            poster = self.bot.client.poster
            await tick(self.bot.service, poster.post, poster.already_posted)
            self._show(None, Result(self.bot.adapter.sent[start:]))
            return
        raise ConsoleError(f"unknown directive ':{' '.join(words)}'; {DIRECTIVES}")

    def _show(self, user: OfflineUser | None, result: Result) -> None:
        if result.refused:
            self.totals.refused += 1
        for sent in result.sent:
            if sent.deferred or sent.kind == "autocomplete":
                continue
            self._remember(user, sent)
            self.write(self._describe(user, sent))
            for name, data in sent.files.items():
                self.write(f"      (file: {self._save(user, sent, name, data)})")
            labels = [str(b.get("label")) for b in sent.buttons]
            if labels:
                self.write(f"      [buttons: {' | '.join(labels)}]")

    def _remember(self, user: OfflineUser | None, sent: Sent) -> None:
        if not sent.buttons:
            return
        who = 0 if sent.public else (sent.to_user or 0) if sent.kind in ("thread", "dm") else (user.id if user else 0)
        self.seen.setdefault((self._channel_of(sent), who), []).append(sent)

    def _channel_of(self, sent: Sent) -> int:
        """The channel a message went to (a reminder may be for a game other than the current one)."""
        return sent.channel_id or self.channel_id

    def _describe(self, user: OfflineUser | None, sent: Sent) -> str:
        text = self.readable(sent.content)
        if sent.kind == "edit":
            return f"  [#{self.bot.channel_name(self._channel_of(sent))}, edited] {text}"
        if sent.kind == "thread" and sent.to_user is None and sent.thread_id in self.bot.discord.threads:
            return f"  [thread '{self.bot.discord.threads[sent.thread_id].name}'] {text}"  # a team's thread
        if sent.kind == "thread":
            who = self.bot.users.get(sent.to_user or 0)
            return f"  [thread of @{who.name if who else sent.to_user}] {text}"
        if sent.kind == "dm":
            who = self.bot.users.get(sent.to_user or 0)
            return f"  [dm to @{who.name if who else sent.to_user}] {text}"
        if sent.ephemeral:
            return f"  [only @{user.name if user else '?'}] {text}"
        return f"  [#{self.bot.channel_name(self._channel_of(sent))}] {text}"

    def readable(self, text: str) -> str:
        """Mentions and Discord timestamps as a console reader would like them."""
        text = re.sub(r"<@&(\d+)>", "@moderators", text)
        text = re.sub(r"<@(\d+)>", lambda m: "@" + self._name(int(m[1])), text)
        text = re.sub(r"<t:(\d+):R>", lambda m: _time(int(m[1])), text)
        return text.replace("\n", "\n    ")

    def _owner(self, user: OfflineUser | None, sent: Sent) -> str:
        """Whose picture it is, for its file name ('' for the channel's)."""
        if sent.kind in ("thread", "dm"):
            return f"-{self._name(sent.to_user or 0)}"
        return "" if sent.public or sent.kind == "edit" or user is None else f"-{user.name}"

    def _name(self, user_id: int) -> str:
        user = self.bot.users.get(user_id)
        return user.name if user else str(user_id)

    def _save(self, user: OfflineUser | None, sent: Sent, name: str, data: bytes) -> str:
        self.totals.images += 1
        if self.images_dir is None:
            return f"{name}, {len(data)} bytes"
        self.images_dir.mkdir(parents=True, exist_ok=True)
        channel = self.bot.channel_name(self._channel_of(sent))
        owner = self._owner(user, sent)
        path = self.images_dir / f"{self.totals.images:04d}-{channel}{owner}-{name}"
        path.write_bytes(data)
        return str(path)


def _pressed(button: dict[str, Any], label: str) -> bool:
    """Whether 'click LABEL' means this button: its label, or the action an answer button plays ('keep 3')."""
    wanted = label.strip().lower()
    custom = str(button.get("custom_id", ""))
    played = custom.split(":", 4)[-1] if custom.startswith("rb:a:") else None
    return str(button.get("label", "")).lower() == wanted or (played is not None and played.lower() == wanted)


def _time(epoch: int) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _meant(word: str) -> str | None:
    """The command a word that is none stands for: Root's other word for a verb, or a verb under its faction's group."""
    verb = verb_called(word) or (word if word in verbs() else None)
    return slash_name(verb) if verb else None


def parse_command(bot: OfflineBot, text: str) -> tuple[str, dict[str, Any]]:
    """'/root join faction:cats' -> ('root join', {'faction': 'cats'}), with option names checked."""
    words = text.lstrip("/").split()
    if not words:
        raise ConsoleError("name a command after '/'")
    top = bot.tree.get_command(words[0])
    if top is None:
        meant = _meant(words[0].lower())
        raise ConsoleError(messages.CONSOLE_NO_COMMAND.format(name=words[0], meant=f": use /{meant}" if meant else ""))
    path, used = words[0], 1
    if isinstance(top, app_commands.Group):
        if len(words) < 2 or top.get_command(words[1]) is None:
            subs = ", ".join(c.name for c in top.commands)
            raise ConsoleError(f"/{words[0]} needs one of: {subs}")
        path, used = f"{words[0]} {words[1]}", 2
    command = bot.find(path)
    rest = text.lstrip("/").split(None, used)
    return path, parse_options(command, rest[used] if len(rest) > used else "")


def parse_options(command: app_commands.Command[Any, Any, Any], text: str) -> dict[str, Any]:
    """`from:1 to:5 count:2` -> {'from': '1', ...}; a value runs until the next known option name."""
    names = [p.display_name for p in command.parameters]
    if not text.strip():
        return {}
    if not names:
        raise ConsoleError(f"/{command.qualified_name} takes no options")
    pattern = re.compile(r"(?:^|\s)(" + "|".join(re.escape(n) for n in names) + r"):")
    marks = list(pattern.finditer(text))
    _unknown_option(command, names, text)
    if not marks or text[: marks[0].start()].strip():
        raise ConsoleError(f"options of /{command.qualified_name} are: {', '.join(names)}")
    out: dict[str, Any] = {}
    for i, mark in enumerate(marks):
        if mark[1] in out:
            raise ConsoleError(messages.CONSOLE_REPEATED.format(option=mark[1], command=command.qualified_name))
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        value = text[mark.end() : end].strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        out[mark[1]] = value
    return out


def typed_options(command: app_commands.Command[Any, Any, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Check options as Discord's client would (required, whole numbers, numbers, true/false, ranges, choices)."""
    params = {p.display_name: p for p in command.parameters}
    for p in command.parameters:
        if p.required and p.display_name not in options:
            raise ConsoleError(messages.CONSOLE_MISSING.format(command=command.qualified_name, option=p.display_name))
    return {name: _typed(params[name], str(value)) for name, value in options.items()}


def _typed(param: Any, value: str) -> Any:
    kind = param.type
    if kind is AppCommandOptionType.boolean:
        if value.lower() not in TRUE + FALSE:
            raise ConsoleError(messages.CONSOLE_NOT_BOOLEAN.format(option=param.display_name, value=echo(value)))
        return value.lower() in TRUE
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        return _number(param, value, int if kind is AppCommandOptionType.integer else float)
    if param.choices and value not in [str(c.value) for c in param.choices]:
        listed = ", ".join(str(c.value) for c in param.choices)
        text = messages.CONSOLE_CHOICES.format(option=param.display_name, value=echo(value), choices=listed)
        raise ConsoleError(text)
    return value


def _number(param: Any, value: str, kind: type) -> Any:
    what = messages.CONSOLE_WHOLE if kind is int else messages.CONSOLE_NUMBER
    try:  # as Discord's client reads it: the digits 0 to 9, a whole number within Discord's range
        if not value.isascii():
            raise ValueError(value)
        number = whole(value.strip(), signed=True) if kind is int else float(value)
    except ValueError:
        raise ConsoleError(
            messages.CONSOLE_NOT_NUMBER.format(option=param.display_name, what=what, value=echo(value))
        ) from None
    low, high = param.min_value, param.max_value
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = messages.CONSOLE_BOUNDS.format(low=_bound(low), high=_bound(high))
        raise ConsoleError(
            messages.CONSOLE_OUT_OF_RANGE.format(option=param.display_name, what=what, bounds=bounds, value=echo(value))
        )
    return number


def _bound(value: float | None) -> str:
    return "…" if value is None else f"{value:g}"


def _unknown_option(command: app_commands.Command[Any, Any, Any], names: list[str], text: str) -> None:
    """Refuse 'colour:red' on /move: a 'word:' that is no option here and no part of a value such as 'hand:eyrie'."""
    fields = {name for cls in verbs().values() for name, _ in cls.spec}
    factions = set(registry.all_ids()) | set(registry.aliases())
    for match in COLON_WORD.finditer(text):
        word = match[1].lower()
        if word not in names and word not in fields and word not in factions and word not in PLACES:
            listed = ", ".join(names) or messages.CONSOLE_NO_OPTIONS
            text = messages.CONSOLE_UNKNOWN_OPTION.format(
                option=echo(word), command=command.qualified_name, options=listed
            )
            raise ConsoleError(text)
