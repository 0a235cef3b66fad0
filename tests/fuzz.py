"""A fuzzer through the real command tree: random games, legal moves and hostile payloads, every error counted.

    python -m tests.fuzz --payloads 20000 --seed 1

Games get random line-ups (every registered faction, standard games of 2 to 6 seats and the 3x3 frontier mode
with teams), found from the registry. They are played partly with the engine's legal actions through the real
slash commands, and pelted with random and mutated commands, options, button presses (garbled custom ids too) and
autocomplete requests, from players, strangers and moderators. Every payload is the JSON of an interaction, sent
through the same command tree and button store the Discord adapter uses (bot/console/offline.py).

An error is unhandled when a traceback or "Something went wrong" reaches the user, an exception escapes a handler
(raised out of the dispatch, or logged at ERROR), a refused command changed the saved game, or a payload Discord
never sends was not refused with one message. Each is reported by a signature with one example payload.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import re
import sqlite3
import string
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord import app_commands
from discord.enums import AppCommandOptionType

import rules
from bot import messages
from bot.console.offline import OfflineBot, OfflineUser, Result
from bot.discord import drawing as images
from bot.service import GameService
from bot.service.notation import slash_name
from bot.settings import Settings
from bot.storage.store import Store
from rules import registry
from rules.board import MAPS, load_board
from rules.cards import card, keys
from rules.edits import card_places, item_places
from rules.items import expected
from rules.modes import find_mode
from tests.discord_harness import slash_options

START = 1_800_000_000
FIRST_CHANNEL = 5_000
DIGITS = "0123456789¹²³⁴⁵⁶⁷⁸⁹⁰٣٤৫௭𝟙𝟚①"
WORDS = ("all", "none", "x2", ">", "1>5", "fA", "b", "A", "B", "pass", "end", "*", "-1", "0", "🦊", "@everyone")
NEVER_SENT = (
    "wrong_type",
    "unknown_option",
    "missing_required",
    "repeated_option",
    "empty_string",
    "overlong_string",
    "unknown_command",
    "huge_number",
    "null_value",
    "null_options",
    "bad_subcommand",
    "bad_shape",
    "wrong_declared_type",
)
# Defects known and being fixed elsewhere, counted apart by a piece of their signature (none now: the Unicode
# digits and over-long numbers this list held are refused by rules.numbers).
KNOWN: dict[str, str] = {}
PROJECT = ("/rules/", "/render/", "/bot/")


@dataclass
class Failure:
    """One kind of unhandled error: how often, and the first payload that showed it."""

    count: int
    example: dict[str, Any]
    detail: str


@dataclass
class Report:
    """What a fuzz run did and found."""

    seed: int
    payloads: int = 0
    games: int = 0
    lineups: set[tuple[str, ...]] = field(default_factory=set)
    maps: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    edits: int = 0
    edits_accepted: int = 0
    refused: int = 0
    legal: int = 0
    legal_refused: int = 0
    never_sent: int = 0
    failures: dict[str, Failure] = field(default_factory=dict)
    known: dict[str, Failure] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def unhandled(self) -> int:
        """Unhandled errors, the known defects left out."""
        return sum(f.count for f in self.failures.values())

    def add(self, signature: str, payload: dict[str, Any], detail: str) -> None:
        """Count one unhandled error under its signature (apart when it is a known defect)."""
        known = next((name for piece, name in KNOWN.items() if piece in signature or piece in detail), None)
        found = self.known if known else self.failures
        key = f"{known}: {signature}" if known else signature
        if key in found:
            found[key].count += 1
        else:
            found[key] = Failure(1, payload, detail)

    def text(self) -> str:
        """The report as printed."""
        lines = [
            f"seed {self.seed}: {self.payloads} payloads, {self.games} games, {len(self.lineups)} line-ups "
            f"({sum(1 for lineup in self.lineups if lineup[0] == 'frontier')} of them 3x3 frontier), "
            f"{self.legal} legal moves ({self.legal_refused} refused), {self.never_sent} payloads Discord never "
            f"sends, {self.refused} refusals, {self.edits} moderator edits ({self.edits_accepted} accepted), "
            f"{self.seconds:.0f} s",
            f"maps: {', '.join(sorted(self.maps))}; Vagabond characters chosen: {', '.join(sorted(self.characters))}",
            f"unhandled errors: {self.unhandled} ({len(self.failures)} signatures)",
        ]
        for title, found in (("", self.failures), ("known defect ", self.known)):
            for signature, failure in sorted(found.items(), key=lambda kv: -kv[1].count):
                lines.append(f"- {title}{failure.count} x {signature}")
                lines.append(f"  example: {json.dumps(failure.example, ensure_ascii=False)[:1500]}")
                lines.append(f"  {failure.detail[-1500:]}".replace("\n", "\n  "))
        if self.known:
            lines.append(f"known defects (fixed elsewhere): {sum(f.count for f in self.known.values())}")
        return "\n".join(lines)


class Errors(logging.Handler):
    """Keeps every log record at ERROR or above (an exception a handler logged instead of answering)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep it."""
        self.records.append(record)


def signature(exc: BaseException) -> str:
    """An exception's type, its message's shape and the innermost project frame (file and function)."""
    exc = getattr(exc, "original", None) or exc  # a command's own exception, not discord.py's wrapper
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if any(p in f.filename for p in PROJECT)]
    where = ours[-1] if ours else (frames[-1] if frames else None)
    place = f"{Path(where.filename).parent.name}/{Path(where.filename).name}:{where.name}" if where else "?"
    words = re.sub(r"'[^']*'", "'…'", str(exc).split("\n")[0])[:60]
    words = "".join("#" if c.isdigit() else c for c in words)
    return f"{type(exc).__name__}({words}) at {place}"


def record_signature(record: logging.LogRecord) -> tuple[str, str]:
    """A logged error's signature and its traceback."""
    if record.exc_info and record.exc_info[1] is not None:
        exc = record.exc_info[1]
        return signature(exc), "".join(traceback.format_exception(exc))[-3000:]
    return f"logged: {record.getMessage()[:80]}", record.getMessage()


@contextlib.contextmanager
def every_faction_playable() -> Iterator[None]:
    """Every registered faction and mode may be chosen in a lobby while fuzzing (some are still being built)."""
    changed = [type(registry.faction(f)) for f in registry.all_ids() if not registry.faction(f).playable]
    frontier = type(find_mode("frontier"))
    changed += [frontier] if not frontier.playable else []
    for kind in changed:
        kind.playable = True  # type: ignore[misc]
    try:
        yield
    finally:
        for kind in changed:
            kind.playable = False  # type: ignore[misc]


PNG = b"\x89PNG\r\n\x1a\n"


@contextlib.contextmanager
def no_drawing() -> Iterator[None]:
    """Views are still made; only Pillow's drawing is skipped (it is the slow part)."""
    board, hand = images.board_png, images.hand_png

    def fake(*_args: Any) -> bytes:
        return PNG

    images.board_png = fake  # type: ignore[assignment]
    images.hand_png = fake  # type: ignore[assignment]
    try:
        yield
    finally:
        images.board_png, images.hand_png = board, hand  # type: ignore[assignment]


@dataclass
class Game:
    """A game of the fuzz run: its channel, who plays what, and how many payloads it still gets."""

    channel: int
    players: dict[str, OfflineUser]
    budget: int


class Fuzzer:
    """One seeded fuzz run over a fresh database."""

    def __init__(self, seed: int, folder: Path, drawing: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.folder = folder
        self.drawing = drawing
        self.report = Report(seed)
        self.errors = Errors()
        self.db = folder / "fuzz.db"
        odd = ["```md", "**<@1>**", "名前 🦊", "x" * 32]  # display names as Discord allows them
        self.players = [OfflineUser(f"player{i}") for i in range(4)] + [OfflineUser(name) for name in odd]
        self.strangers = [OfflineUser("stranger"), OfflineUser("lurker", roles=(4242,))]
        self.moderator = OfflineUser("mo", moderator=True)
        self.games: list[Game] = []
        self.next_channel = FIRST_CHANNEL
        self.buttons: list[tuple[int, dict[str, Any]]] = []  # (channel, button) the bot showed lately
        self.bot: OfflineBot
        self.commands: list[app_commands.Command[Any, Any, Any]] = []
        self.limit = 0
        self.together = False  # two payloads under way at once (their logged errors are counted with both)

    async def run(self, payloads: int) -> Report:
        """Send about this many payloads; the report of what escaped."""
        started = time.monotonic()
        self.limit = payloads
        store = await Store.open(f"sqlite+aiosqlite:///{self.db}")
        service = GameService(store, Settings(), clock=lambda: START, seed_for=lambda c: self.seed * 1000 + c)
        self.bot = OfflineBot(service)
        self.commands = list(self.bot.tree.walk_commands())
        self.commands = [c for c in self.commands if isinstance(c, app_commands.Command)]
        root, level = logging.getLogger(), logging.getLogger().level
        root.addHandler(self.errors)
        root.setLevel(min(level or logging.WARNING, logging.ERROR))
        try:
            with every_faction_playable(), contextlib.ExitStack() as stack:
                if not self.drawing:
                    stack.enter_context(no_drawing())
                while self.report.payloads < payloads:
                    await self.step()
        finally:
            root.removeHandler(self.errors)
            root.setLevel(level)
            await store.close()
        self.report.seconds = time.monotonic() - started
        return self.report

    # --- games ---------------------------------------------------------------------------------
    def lineup(self) -> tuple[str, list[str], dict[str, str]]:
        """A random line-up the engine accepts: (mode, factions in seat order, teams)."""
        factions = registry.all_ids()
        for _ in range(200):
            if self.rng.random() < 0.3:
                picked = self.rng.sample(factions, 6)
                teams = dict(zip(picked, self.rng.sample(["A"] * 3 + ["B"] * 3, 6), strict=True))
                mode = "frontier"
            else:
                picked, teams, mode = self.rng.sample(factions, self.rng.randint(2, 6)), {}, "standard"
            options: dict[str, Any] = {"factions": picked, "mode": mode, **({"teams": teams} if teams else {})}
            try:
                rules.new_game(options, 0)
            except rules.RulesError:
                continue
            return mode, picked, teams
        raise AssertionError("no line-up the engine accepts")

    async def new_game(self) -> None:
        """Create, join and start a game with a random line-up, through the commands (each a payload)."""
        mode, factions, teams = self.lineup()
        channel = self.next_channel
        self.next_channel += 1
        users = self.rng.sample(self.players, len(factions))
        players = dict(zip(factions, users, strict=True))
        options: dict[str, Any] = {"seats": len(factions), "factions": ",".join(factions), "mode": mode}
        if self.rng.random() < 0.4:
            options["map"] = self.rng.choice(list(MAPS))
        if self.rng.random() < 0.2:
            options["round_limit"] = self.rng.randint(1, 4)
        await self.slash(users[0], channel, "root create", **options)
        for faction, user in players.items():
            extra = {"team": teams[faction]} if teams else {}
            await self.slash(user, channel, "root join", faction=faction, **extra)
        result = await self.slash(users[-1], channel, "root start")
        if result is not None and not result.refused:
            self.report.games += 1
            self.report.lineups.add((mode, *factions))
            self.report.maps.add((await self.bot.service.table(channel)).state.board_id)
            far = self.rng.random() < 0.15  # some are played far, to the late game and its end
            budget = self.rng.randint(1500, 3000) if far else self.rng.randint(80, 400)
            self.games.append(Game(channel, players, budget))

    async def player(self, game: Game, faction: str) -> OfflineUser | None:
        """Who plays a faction now (a moderator may have given the seat to someone else)."""
        table = await self.bot.service.table(game.channel)
        seat = next((s for s in table.seats if s.faction == faction), None)
        everyone = [*self.players, *self.strangers, self.moderator]
        return next((u for u in everyone if seat is not None and u.id == seat.user_id), None)

    async def state(self, game: Game) -> rules.GameState | None:
        """A game's saved engine state, or None when it is not being played."""
        table = await self.bot.service.maybe_table(game.channel)
        if table is None or table.game.state is None or table.game.status != "active":
            return None
        return table.state

    # --- one step -----------------------------------------------------------------------------------
    async def step(self) -> None:
        """Send one payload (or a few, to set up a game) to a game of the run."""
        self.games = [g for g in self.games if g.budget > 0]
        if len(self.games) < 2:
            await self.new_game()
            return
        game = self.rng.choice(self.games)
        game.budget -= 1
        state = await self.state(game)
        if state is None or rules.to_act(state) is None:
            game.budget = min(game.budget, 5)  # ended, paused or lost: a few more pokes, then a new game
        roll = self.rng.random()
        if state is not None and roll < 0.4:
            await self.legal(game, state)
        elif state is not None and roll < 0.5:
            await self.near_legal(game, state)
        elif roll < 0.57:
            await self.random_command(game, state)
        elif state is not None and roll < 0.6:
            await self.edit(game, state)
        elif roll < 0.72:
            await self.never_sent(game, state)
        elif roll < 0.84:
            await self.press(game)
        else:
            await self.autocomplete(game, state)

    def someone(self, game: Game) -> OfflineUser:
        """A player of the game, a stranger or a moderator."""
        roll = self.rng.random()
        if roll < 0.7:
            return self.rng.choice(list(game.players.values()))
        return self.moderator if roll < 0.85 else self.rng.choice(self.strangers)

    async def legal(self, game: Game, state: rules.GameState) -> None:
        """One of the engine's legal actions for the seat to act, by its player, as /play or its own command."""
        seat = rules.to_act(state)
        if seat is None:
            return
        action = self.rng.choice(rules.legal_actions(state, seat))
        faction = state.seats[seat].faction
        user = await self.player(game, faction)
        if user is None:  # a moderator unseated its player: someone else takes the seat
            await self.slash(self.rng.choice(self.players), game.channel, "root join", faction=faction)
            return
        self.report.legal += 1
        if action.verb == "character":
            self.report.characters.add(action.notation().split()[-1])
        if self.rng.random() < 0.5:
            result = await self.slash(user, game.channel, "play", action=action.notation())
        else:
            result = await self.slash(user, game.channel, slash_name(action.verb), **slash_options(action))
        if result is None:
            return
        if result.refused:
            self.report.legal_refused += 1
            reply = result.outbox.reply if result.outbox else result.text
            self.report.add(f"a legal move was refused: {reply[:80]}", {"action": action.notation()}, reply)
            return
        confirm = [b for s in result.sent for b in s.buttons if ":k" in str(b.get("custom_id"))]
        if confirm:
            await self.click(user, game.channel, confirm[0])

    async def near_legal(self, game: Game, state: rules.GameState) -> None:
        """A legal action's own command with one option changed (by anyone): the engine's refusals, not Discord's."""
        seat = rules.to_act(state)
        if seat is None:
            return
        action = self.rng.choice(rules.legal_actions(state, seat))
        options = slash_options(action)
        command = self.bot.find(slash_name(action.verb))
        params = {p.display_name: p for p in command.parameters}
        if options and self.rng.random() < 0.5:
            name = self.rng.choice(list(options))
            options[name] = self.value(params[name], state)
        elif len(params) > len(options):
            name = self.rng.choice([n for n in params if n not in options])
            options[name] = self.value(params[name], state)
        else:
            options.pop(self.rng.choice(list(options)), None) if options else None
        options = {k: v for k, v in options.items() if k in params}
        user = await self.player(game, state.seats[seat].faction) if self.rng.random() < 0.8 else None
        await self.slash(user or self.someone(game), game.channel, slash_name(action.verb), **options)

    # --- payloads ------------------------------------------------------------------------------
    def value(self, param: app_commands.Parameter, state: rules.GameState | None) -> Any:
        """A value Discord could send for an option: of its type, from what the game offers or typed at random."""
        kind = param.type
        if param.choices and self.rng.random() < 0.8:
            return self.rng.choice(param.choices).value
        if kind is AppCommandOptionType.integer:
            low = int(param.min_value) if param.min_value is not None else -5
            high = int(param.max_value) if param.max_value is not None else 40
            return self.rng.randint(low, high) if self.rng.random() < 0.9 else self.rng.choice([low, high, 2**53])
        if kind is AppCommandOptionType.number:
            low = float(param.min_value) if param.min_value is not None else -5.0
            high = float(param.max_value) if param.max_value is not None else 100.0
            return round(self.rng.uniform(low, high), 2)
        if kind is AppCommandOptionType.boolean:
            return self.rng.random() < 0.5
        if kind is AppCommandOptionType.user:
            return self.rng.choice([*self.players, *self.strangers, self.moderator])
        if kind is AppCommandOptionType.role:
            return self.rng.randint(1, 10**6)
        return self.text(param.display_name, state)

    def text(self, name: str, state: rules.GameState | None) -> str:
        """A string option: often a value a legal action uses, else a faction, a number, a word, or noise."""
        roll = self.rng.random()
        if state is not None and roll < 0.45:
            seat = rules.to_act(state)
            actions = rules.legal_actions(state, seat) if seat is not None else []
            values = [v for a in actions for k, v in slash_options(a).items() if k == name]
            if values:
                return str(self.rng.choice(values))
            if actions:
                return self.rng.choice(actions).notation()
        if roll < 0.6:
            return self.rng.choice([*registry.all_ids(), *registry.aliases()])
        if roll < 0.75:
            return "".join(self.rng.choice(DIGITS) for _ in range(self.rng.randint(1, 4)))
        if roll < 0.88:
            return " ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(1, 3)))
        if roll < 0.92:  # a long number, as long as Discord lets an option be
            return self.rng.choice(["", "move 1>", "x", "-"]) + "9" * self.rng.choice([19, 20, 400, 4301, 5990])
        length = self.rng.choice([1, 5, 40, 200, 2000, 6000])
        alphabet = string.printable + "\u200b\u202e`*_~|>#éß漢🦊"
        return "".join(self.rng.choice(alphabet) for _ in range(length)).strip() or "x"

    def options(self, command: app_commands.Command[Any, Any, Any], state: rules.GameState | None) -> dict[str, Any]:
        """Random values for a command: every required option, some optional ones."""
        return {
            p.display_name: self.value(p, state)
            for p in command.parameters
            if p.required or self.rng.random() < 0.4
        }

    async def edit(self, game: Game, state: rules.GameState) -> None:
        """A moderator edit in notation of the pieces in play (every kind of every seat's, standing on the map or
        not), the points or a card: each must be accepted with the game consistent, or refused with it unchanged."""
        self.report.edits += 1
        text = self.edit_text(state)
        result = await self.slash(self.moderator, game.channel, "rootmod edit", text=text)
        after = await self.state(game)
        self.report.edits_accepted += 1 if result is not None and not result.refused else 0
        found = rules.invariants.problems(after) if result is not None and after is not None else []
        if found:
            self.report.add(f"an edit left the game inconsistent: {found[0][:60]}", {"edit": text}, "\n".join(found))

    def edit_text(self, state: rules.GameState) -> str:
        """A moderator edit of this game, most often of pieces standing on the map or in its places."""
        legend = rules.view_for(state, None)["factions"]
        pieces = [f"{s.faction}:{kind}" for s in state.seats for kind in legend[s.faction]["pieces"]]
        standing = [(cid, piece) for cid, here in enumerate(state.clearings, 1) for piece, n in here.items() if n]
        places = [str(c) for c in state.board.ids()] + [f"f{f}" for f in state.board.forests] + ["burrow", "fA", "0"]
        roll, n = self.rng.random(), self.rng.choice(["", "", " x2", " x0", " x-1", " x٣"])
        if standing and roll < 0.5:
            cid, piece = self.rng.choice(standing)
            if self.rng.random() < 0.5:
                return f"!remove {cid} {piece}{n}"
            return f"!shift {cid}>{self.rng.choice(places)} {piece}{n}"
        if roll < 0.8:
            return f"!place {self.rng.choice(places)} {self.rng.choice(pieces)}{n}"
        return self.rng.choice([self.points_edit, self.card_edit, self.item_edit, self.map_edit])(state)

    def points_edit(self, state: rules.GameState) -> str:
        """A seat's points set, sometimes below zero."""
        return f"!points {self.rng.choice(state.seats).faction} {self.rng.randint(-3, 40)}"

    def card_edit(self, state: rules.GameState) -> str:
        """A card moved between any places of this game (the factions' own piles too), or a made-up one."""
        places = [*card_places(state), "hand", "stash", "supporters:marquise"]
        held = [c for s in state.seats for c in s.hand] + state.discard + state.deck[-3:]
        key = card(self.rng.choice(held)).key if held and self.rng.random() < 0.7 else self.rng.choice(list(keys()))
        return f"!card {key} {self.rng.choice(places)} {self.rng.choice(places)}"

    def item_edit(self, state: rules.GameState) -> str:
        """An item moved between the supplies, the seats' items, the items out of the game and the clearings."""
        names = [*expected(state), "banana"]
        places = [*item_places(state), *map(str, state.board.ids()[:3]), "hoard", "items", "attic"]
        return f"!item {self.rng.choice(names)} {self.rng.choice(places)} {self.rng.choice(places)}"

    def map_edit(self, state: rules.GameState) -> str:
        """The Ferry moved, or a closed path removed or put back (on any map: other maps refuse them)."""
        if self.rng.random() < 0.5:
            return f"!ferry {self.rng.choice([*state.board.ids(), 0])}"
        printed = sorted(load_board(state.board_id).closed_paths) or [(1, 2)]
        a, b = self.rng.choice(printed)
        return f"!path {a}>{b} {self.rng.choice(['open', 'closed', 'ajar'])}"

    async def random_command(self, game: Game, state: rules.GameState | None) -> None:
        """Any command with random options Discord could send, by anyone."""
        command = self.rng.choice(self.commands)
        moderating = command.qualified_name.startswith("rootmod") and self.rng.random() < 0.6
        user = self.moderator if moderating else self.someone(game)
        options = self.options(command, state)
        if self.rng.random() < 0.5:  # as a user would: options picked from what autocomplete offered
            options.update(await self.suggested(user, game.channel, command, options))
        if self.rng.random() < 0.05:  # two at once: only what escapes is checked (the order is the locks')
            other = self.rng.choice(list(game.players.values()))
            self.together = True
            try:
                await asyncio.gather(
                    self.slash(user, game.channel, command.qualified_name, **options),
                    self.slash(other, game.channel, "play", action=self.text("action", state)),
                )
            finally:
                self.together = False
            return
        await self.slash(user, game.channel, command.qualified_name, **options)

    async def suggested(
        self, user: OfflineUser, channel: int, command: app_commands.Command[Any, Any, Any], options: dict[str, Any]
    ) -> dict[str, Any]:
        """For some options that autocomplete, one of the choices the bot offered (each request is a payload)."""
        out: dict[str, Any] = {}
        for param in command.parameters:
            if not param.autocomplete or self.rng.random() < 0.3:
                continue
            typed = {k: v for k, v in {**options, **out}.items() if k != param.display_name}
            data = self.bot._command_data(command, typed, None)
            leaf = data
            while leaf.get("options") and leaf["options"][0].get("type") == 1:
                leaf = leaf["options"][0]
            leaf.setdefault("options", []).append(
                {"name": param.display_name, "type": param.type.value, "value": "", "focused": True}
            )
            result = await self.send({"user": user.name, "channel": channel, "kind": 4, "data": data, "typing": True})
            offered = [c["value"] for s in (result.sent if result else []) for c in s.choices]
            if offered:
                out[param.display_name] = self.rng.choice(offered)
        return out

    async def never_sent(self, game: Game, state: rules.GameState | None) -> None:
        """A payload Discord never sends: it must be refused with one message, the game unchanged."""
        command = self.rng.choice(self.commands)
        data = self.bot._command_data(command, self.options(command, state), None)
        how = self.rng.choice(NEVER_SENT)
        data = mutate(data, how, self.rng, {p.display_name for p in command.parameters if p.required})
        self.report.never_sent += 1
        user = self.someone(game)
        await self.send({"user": user.name, "channel": game.channel, "kind": 2, "data": data, "never_sent": how})

    async def press(self, game: Game) -> None:
        """A button the bot showed lately (by anyone), or a garbled custom id."""
        shown = [b for c, b in self.buttons if c == game.channel]
        if shown and self.rng.random() < 0.7:
            button = dict(self.rng.choice(shown))
        else:
            button = {"type": 2, "style": 1, "label": "?", "custom_id": garbled(game.channel, self.rng)}
        await self.click(self.someone(game), game.channel, button)

    async def autocomplete(self, game: Game, state: rules.GameState | None) -> None:
        """What a user sees while typing one option of a command (other options as typed so far)."""
        command = self.rng.choice([c for c in self.commands if c.parameters])
        params = [p for p in command.parameters if p.autocomplete or self.rng.random() < 0.1]  # some Discord never asks
        if not params:
            return
        focused = self.rng.choice(params).display_name
        options = self.options(command, state)
        typed = options.pop(focused, "")
        data = self.bot._command_data(command, options, None)
        leaf = data
        while leaf.get("options") and leaf["options"][0].get("type") == 1:
            leaf = leaf["options"][0]
        typed = str(typed)[: self.rng.choice([0, 1, 3, 100])]
        kind = next(p.type.value for p in command.parameters if p.display_name == focused)
        leaf.setdefault("options", []).append({"name": focused, "type": kind, "value": typed, "focused": True})
        user = self.someone(game)
        await self.send({"user": user.name, "channel": game.channel, "kind": 4, "data": data, "typing": True})

    # --- sending --------------------------------------------------------------------------------
    async def slash(self, user: OfflineUser, channel: int, path: str, /, **options: Any) -> Result | None:
        """A well-formed slash command, as its payload."""
        data = self.bot._command_data(self.bot.find(path), options, None)
        return await self.send({"user": user.name, "channel": channel, "kind": 2, "data": data})

    async def click(self, user: OfflineUser, channel: int, button: dict[str, Any]) -> Result | None:
        """A button press on a message holding that button."""
        components = [{"type": 1, "components": [button]}]
        data = {"custom_id": button.get("custom_id"), "component_type": 2}
        payload = {"user": user.name, "channel": channel, "kind": 3, "data": data, "components": components}
        return await self.send(payload)

    def user(self, name: str) -> OfflineUser:
        """A user of the run by name."""
        return next(u for u in [*self.players, *self.strangers, self.moderator] if u.name == name)

    async def send(self, payload: dict[str, Any]) -> Result | None:
        """Send one payload (as JSON, as Discord would), and check what came of it."""
        self.report.payloads += 1
        payload = json.loads(json.dumps(payload))
        channel = payload["channel"]
        before = self.saved(channel)
        if self.together:  # another payload is under way: its changes are not this one's
            payload["concurrent"] = True
        try:
            result = await self.bot.interact(
                self.user(payload["user"]), channel, payload["kind"], payload["data"], payload.get("components")
            )
        except Exception as exc:
            self.report.add(signature(exc), payload, "".join(traceback.format_exception(exc))[-3000:])
            return None
        self.check(payload, result, before, self.saved(channel))
        self.remember_buttons(channel, result)
        return result

    def check(self, payload: dict[str, Any], result: Result, before: Any, after: Any) -> None:
        """Count what escaped: logged errors, error texts, a refusal that changed the game, a payload not refused."""
        logged = bool(self.errors.records)
        for record in self.errors.records:
            found, detail = record_signature(record)
            self.report.add(found, payload, detail)
        self.errors.records.clear()  # two payloads at once: an error is counted with the first to finish
        texts = [s.content for s in result.sent] if not payload.get("concurrent") else []  # the other's are mixed in
        if any(messages.NOT_FINISHED_ERROR in t or "Traceback" in t for t in texts) and not logged:
            self.report.add("answered 'Something went wrong'", payload, "\n".join(texts))
        if result.refused:
            self.report.refused += 1
        if (result.refused or payload.get("typing")) and before != after and not payload.get("concurrent"):
            what = "autocomplete" if payload.get("typing") else "a refused command"
            self.report.add(f"{what} changed the saved game", payload, f"{result.text[:300]}\n{changes(before, after)}")
        how = payload.get("never_sent")
        if how and (not result.refused or before != after or len([s for s in result.sent if s.content]) != 1):
            self.report.add(f"a payload Discord never sends ({how}) was not refused once", payload, result.text)

    def saved(self, channel: int) -> Any:
        """Everything stored about a channel's game: its row, seats, team threads and the number of log lines."""
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
            game = db.execute("SELECT * FROM games WHERE channel_id = ?", (channel,)).fetchall()
            seats = db.execute("SELECT * FROM seats WHERE channel_id = ? ORDER BY id", (channel,)).fetchall()
            lines = db.execute("SELECT count(*) FROM actions WHERE channel_id = ?", (channel,)).fetchall()
        return game, seats, lines

    def remember_buttons(self, channel: int, result: Result) -> None:
        """Keep the buttons the bot showed (the latest 40), to press them later."""
        for sent in result.sent:
            self.buttons += [(channel, b) for b in sent.buttons]
        self.buttons = self.buttons[-40:]


def changes(before: Any, after: Any) -> str:
    """What differs between two saved snapshots of a game (rows as tuples; JSON columns key by key)."""
    out = []
    for table, old_rows, new_rows in zip(("games", "seats", "log lines"), before, after, strict=True):
        for old, new in zip(old_rows, new_rows, strict=False):
            for i, (a, b) in enumerate(zip(old, new, strict=False)):
                if a != b:
                    out.append(f"{table}[{i}]: {_json_diff(a, b)}")
        if len(old_rows) != len(new_rows):
            out.append(f"{table}: {len(old_rows)} rows -> {len(new_rows)}")
    return "\n".join(out)


def _json_diff(old: Any, new: Any) -> str:
    try:
        a, b = json.loads(old), json.loads(new)
    except (TypeError, ValueError):
        return f"{old!r} -> {new!r}"[:300]
    if isinstance(a, dict) and isinstance(b, dict):
        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        return "; ".join(f"{k}: {a.get(k)!r} -> {b.get(k)!r}"[:300] for k in keys)
    return f"{old!r} -> {new!r}"[:300]


def mutate(data: dict[str, Any], how: str, rng: random.Random, required: set[str]) -> dict[str, Any]:
    """A command payload changed in one way Discord never would (`required`: the command's required options)."""
    leaf = data
    while leaf.get("options") and leaf["options"][0].get("type") in (1, 2):
        leaf = leaf["options"][0]
    options: list[dict[str, Any]] = leaf.setdefault("options", [])
    target = rng.choice(options) if options else None
    if how == "unknown_command":
        data["name"] = rng.choice(["", "rootx", "play2", "☃", "x" * 200])
    elif how == "bad_subcommand":
        if data.get("options") and data["options"][0].get("type") == 1:
            data["options"][0]["name"] = rng.choice(["nope", "", 5])
        else:
            data["options"] = [{"type": 1, "name": "extra", "options": []}]
    elif how == "bad_shape":
        data["options"] = rng.choice([{"name": "x"}, "text", [1, 2], [None]])
    elif how == "null_options":
        leaf["options"] = [{"name": None, "type": 3, "value": "x"}]
    elif how == "unknown_option":
        options.append({"name": rng.choice(["zzz", "", "from ", "action2"]), "type": 3, "value": "1"})
    elif target is None or how == "missing_required" and not options:
        data["name"] = "\x00"  # nothing to mutate in it: an unknown command instead
    elif how == "wrong_type":
        wrong = [v for v in ([1], {"a": 1}, 1.5, True, "seven", 7) if not _fits(target["type"], v)]
        target["value"] = rng.choice(wrong)
    elif how == "missing_required":
        needed = [o for o in options if o.get("name") in required]
        if needed:
            options.remove(rng.choice(needed))
        else:  # the command has no required option: an unknown one instead
            options.append({"name": "\x00", "type": 3, "value": "x"})
    elif how == "repeated_option":
        options.append(dict(target))
    elif how == "empty_string":
        target.update(type=3, value="") if target["type"] == 3 else target.update(value=None)
    elif how == "overlong_string":
        target.update(value="9" * rng.choice([6001, 10_000])) if target["type"] == 3 else target.update(value=2**60)
    elif how == "huge_number":
        target["value"] = rng.choice([2**53 + 1, -(2**53) - 1, 10**30, float("1e300")]) if target["type"] in (4, 10) \
            else [2**64]
    elif how == "null_value":
        target["value"] = None
    elif how == "wrong_declared_type":
        target["type"] = rng.choice([t for t in (3, 4, 5, 6, 8, 10, 99) if t != target["type"]])
    return data


def _fits(kind: Any, value: Any) -> bool:
    """Whether Discord could send this value for an option of this type (3 text, 4 integer, 5 boolean, 10 number)."""
    if isinstance(value, bool):
        return kind == 5
    if isinstance(value, int):
        return kind in (4, 10)
    if isinstance(value, float):
        return kind == 10
    return isinstance(value, str) and kind == 3


def garbled(channel: int, rng: random.Random) -> str:
    """A custom_id of the wrong shape, or of the right shape with impossible values."""
    return rng.choice(
        [
            "",
            "rb",
            "rb:c:",
            f"rb:c:{channel}",
            f"rb:c:{channel}:x",
            f"rb:c:{channel}:{2**70}",
            f"rb:c:{2**64}:1",
            f"rb:c:{channel}:-1",
            "rb:c:٣٤:1",
            f"rb:a:{channel}:g1:",
            f"rb:a:{channel}:g{2**63}:pass",
            f"rb:a:{2**63}:g1:pass",
            f"rb:a:{channel}:1:pass",
            f"rb:a:{channel}:k0:" + "x" * 80,
            f"rb:a:{channel}:g0:move 1>5 x{10**40}",
            f"rb:z:{channel}:1",
            "rb:a:0:g0:pass",
            "\x00" * 5,
        ]
    )


async def fuzz(payloads: int, seed: int, drawing: bool = False) -> Report:
    """One fuzz run in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="rootbot-fuzz-") as folder:
        return await Fuzzer(seed, Path(folder), drawing).run(payloads)


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer from the command line; exit 1 when something unhandled escaped."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--payloads", type=int, default=2000, help="how many interactions to send")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the run")
    parser.add_argument("--drawing", action="store_true", help="draw every picture too (slow)")
    args = parser.parse_args(argv)
    report = asyncio.run(fuzz(args.payloads, args.seed, args.drawing))
    print(report.text())
    return 1 if report.unhandled else 0


if __name__ == "__main__":
    sys.exit(main())
