"""Seeded players who play whole games through the double: each turn a legal action, sent as Discord would.

The seat to act and its legal actions come from the game the bot saved (the players know the game; the bot's
seed is its own). An action is sent as its own slash command (`/move from:1 to:5 count:2`), as `/play` in
notation, or by pressing the public **Moves** button (**Choose** for a decision) and then the private answer button
that plays it, so every way of playing is used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import rules
from bot.discord.commands import command_options
from tools.double.payloads import Message
from tools.double.players import ANSWER_SECONDS, Players
from tools.double.process import BotProcess
from tools.double.server import DiscordDouble, Interaction, Member

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


@dataclass
class Step:
    """One thing a player did: a command (path and options) or a button press (custom_id), and its answer."""

    member: Member
    path: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    custom_id: str = ""
    pressed_on: Message | None = None
    interaction: Interaction | None = None

    @property
    def public(self) -> Message | None:
        """Its answer everyone sees (None for a refusal or a private answer).

        Usually the first answer; after a private deferral (the bot was slow) a private note comes first.
        """
        shown = self.interaction.shown if self.interaction else []
        return next((m for m in shown if not m.ephemeral), None)

    @property
    def accepted(self) -> bool:
        """Whether it changed the game: it has a public answer (a refusal is private)."""
        return self.public is not None


class AutoPlayer:
    """Plays one channel's game to its end through the gateway, choosing legal actions with a seeded chooser."""

    def __init__(self, double: DiscordDouble, bot: BotProcess, channel_id: int, seed: int = 1) -> None:
        self.double, self.bot, self.channel_id = double, bot, channel_id
        self.players = Players(double)
        self.chooser = random.Random(seed)
        self.members = {m.id: m for m in (Member(name) for name in NAMES)}
        self.steps: list[Step] = []
        self.count = 0

    def member(self, name: str) -> Member:
        """A player by name."""
        return next(m for m in self.members.values() if m.name == name)

    async def do(self, step: Step) -> Step:
        """Send a step and wait for its answer (and, when it changed the game, for its public post)."""
        before = self.fingerprint()
        if step.custom_id:
            assert step.pressed_on is not None
            step.interaction = await self.players.press(step.member, step.pressed_on, step.custom_id)
        else:
            step.interaction = await self.players.run(step.member, self.channel_id, step.path, **step.options)
        self.steps.append(step)
        if self.fingerprint() != before:  # saved before answered; a private deferral's note may come first
            what = f"the public post of {step.path or step.custom_id}"
            await self.double.until(lambda: step.public is not None, ANSWER_SECONDS, what)
            what = f"the board of {step.path or step.custom_id}"  # drawn after the answer, as people wait for it
            await self.double.until(lambda: self.board_shown(step), ANSWER_SECONDS, what)
        return step

    def board_shown(self, step: Step) -> bool:
        """Whether the step's board is on its public post, or the game owes none (a live board, none due)."""
        public = step.public
        if public is not None and public.board is not None:
            return True
        rows = self.bot.query("SELECT board_owed FROM games WHERE channel_id = ?", self.channel_id)
        return not rows or rows[0][0] is None

    def fingerprint(self) -> tuple[object, ...]:
        """What any accepted step changes in the bot's database: the game row, its seats and its log."""
        channel = self.channel_id
        game = self.bot.query("SELECT status, version, lobby FROM games WHERE channel_id = ?", channel)
        seats = self.bot.query("SELECT faction, seat, user_id FROM seats WHERE channel_id = ? ORDER BY id", channel)
        lines = self.bot.query("SELECT count(*) FROM actions WHERE channel_id = ?", channel)
        return tuple(game), tuple(seats), lines[0][0]

    async def lobby(self, factions: tuple[str, ...], **create: Any) -> None:
        """Create, join (one player per faction, in order) and start the game."""
        first = self.member(NAMES[0])
        await self.do(Step(first, "root create", {"seats": len(factions), "factions": ",".join(factions), **create}))
        for name, faction in zip(NAMES, factions, strict=False):
            await self.do(Step(self.member(name), "root join", {"faction": faction}))
        await self.do(Step(first, "root start"))

    def saved(self) -> tuple[str, rules.GameState | None, dict[int, int]]:
        """The game's status, saved state and seat → user, read from the bot's database."""
        rows = self.bot.query("SELECT status, state FROM games WHERE channel_id = ?", self.channel_id)
        if not rows:
            return "none", None, {}
        status, text = rows[0]
        seats = self.bot.query("SELECT seat, user_id FROM seats WHERE channel_id = ?", self.channel_id)
        state = rules.GameState.loads(text) if text else None
        return str(status), state, {int(s): int(u) for s, u in seats if s is not None and u is not None}

    async def turn(self) -> bool:
        """Play one legal action for the seat to act (False when the game is over)."""
        _status, state, seats = self.saved()
        seat = rules.to_act(state) if state is not None else None
        if state is None or seat is None:
            return False
        action = self.chooser.choice(rules.legal_actions(state, seat))
        member = self.members[seats[seat]]
        self.count += 1
        if state.pending:
            await self._decide(member, state, action)
        else:
            await self._act(member, state, action)
        step = self.steps[-1]
        if not step.accepted:
            texts = [m.content for m in step.interaction.shown] if step.interaction else []
            raise AssertionError(f"{member.name} {action.notation()} was not accepted: {texts}")
        return True

    async def play(self, limit: int = 2000) -> int:
        """Play until the game is over; how many actions it took."""
        played = 0
        while played < limit and await self.turn():
            played += 1
        return played

    def newest_public(self) -> Message | None:
        """The channel's newest public message of the bot."""
        shown = self.double.in_channel(self.channel_id)
        return shown[-1] if shown else None

    async def _decide(self, member: Member, state: rules.GameState, action: rules.Action) -> None:
        """A decision: press Choose on the newest public message, then the private answer (else /play)."""
        if not await self._by_buttons(member, state, action):
            await self.do(Step(member, "play", {"action": action.notation()}))

    async def _act(self, member: Member, state: rules.GameState, action: rules.Action) -> None:
        """An ordinary action: every third time by the public Moves button and the private answer that plays it
        (when it is one of the likeliest moves), else a command."""
        if self.count % 3 == 0 and await self._by_buttons(member, state, action):
            return
        if self.count % 4 == 3:
            await self.do(Step(member, "play", {"action": action.notation()}))
        else:
            await self.do(Step(member, action.verb, command_options(action)))

    async def _by_buttons(self, member: Member, state: rules.GameState, action: rules.Action) -> bool:
        """Press the newest public message's Choose or Moves button, then the private answer that plays the action;
        False when there is no such button or answer."""
        newest = self.newest_public()
        opener = _button(newest, f"rb:c:{self.channel_id}:{state.version}")
        if newest is None or opener is None:
            return False
        opened = await self.do(Step(member, custom_id=opener, pressed_on=newest))
        for message in opened.interaction.shown if opened.interaction else []:
            answer = _answer_button(message, action.notation())
            if answer is not None:
                await self.do(Step(member, custom_id=answer, pressed_on=message))
                return True
        return False


def _button(message: Message | None, custom_id: str) -> str | None:
    if message is None:
        return None
    return next((b["custom_id"] for b in message.buttons if b.get("custom_id") == custom_id), None)


def _answer_button(message: Message | None, notation: str) -> str | None:
    """The answer button of a message that plays exactly this notation."""
    if message is None:
        return None
    for b in message.buttons:
        custom = str(b.get("custom_id", ""))
        if custom.startswith("rb:a:") and custom.split(":", 4)[-1] == notation:
            return custom
    return None
