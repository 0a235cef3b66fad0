"""One game as the service sees it: the stored row, its seats, and the engine state (loaded on demand)."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import rules
from bot import messages
from bot.storage.models import Game, SeatRow
from rules import registry

STATES_KEPT_CHARS = 4_000_000  # saved state text kept parsed (about 30 MiB with the states: 2,000 games of 2 KB)


class Refusal(Exception):
    """A command that cannot be carried out; the message is shown privately to whoever sent it."""


@dataclass(frozen=True)
class Actor:
    """Who sent a command, and where: a Discord user in a channel (or a console user)."""

    channel_id: int
    user_id: int
    name: str
    guild_id: int | None = None
    moderator: bool = False


class ParsedStates:
    """Engine states parsed lately, by channel, each with the saved text it was parsed from.

    Reading a game whose saved text is the one kept costs a copy instead of a parse: a game is read several times
    between two changes (choices, autocompletion as the move is typed, the move itself). The text is compared whole,
    so a state kept is never out of date; each reader gets its own copy. At most `budget` characters of text are
    kept (the parsed states take several times that), the channels read longest ago going first.
    """

    def __init__(self, budget: int = STATES_KEPT_CHARS) -> None:
        self._kept: OrderedDict[int, tuple[str, rules.GameState]] = OrderedDict()
        self._chars, self._budget = 0, budget

    def parse(self, channel_id: int, text: str) -> rules.GameState:
        """The state a saved text holds, as a copy of its own."""
        kept = self._kept.get(channel_id)
        if kept is not None and kept[0] == text:
            self._kept.move_to_end(channel_id)
            return kept[1].clone()
        state = rules.GameState.loads(text)
        self._keep(channel_id, text, state)
        return state.clone()

    def __len__(self) -> int:
        return len(self._kept)

    def kept(self) -> list[int]:
        """The channels kept, read longest ago first."""
        return list(self._kept)

    def _keep(self, channel_id: int, text: str, state: rules.GameState) -> None:
        older = self._kept.pop(channel_id, None)
        self._chars += len(text) - (len(older[0]) if older else 0)
        self._kept[channel_id] = (text, state)
        while self._chars > self._budget and self._kept:
            _, (dropped, _state) = self._kept.popitem(last=False)
            self._chars -= len(dropped)


@dataclass
class Table:
    """A game row with its seats; `state` parses the saved engine state the first time it is used."""

    game: Game
    seats: list[SeatRow]
    _state: rules.GameState | None = field(default=None, repr=False)
    parsed: ParsedStates | None = field(default=None, repr=False, compare=False)

    @property
    def lobby(self) -> dict[str, Any]:
        """The settings chosen at creation (mode, board, seats, allowed factions, goals)."""
        return dict(json.loads(self.game.lobby or "{}"))

    @property
    def state(self) -> rules.GameState:
        """The engine state (only for started games)."""
        if self._state is None:
            if self.game.state is None:
                raise Refusal(self.finished_text() or messages.NOT_STARTED.format(missing=self.missing_text()))
            text, parsed = self.game.state, self.parsed
            self._state = rules.GameState.loads(text) if parsed is None else parsed.parse(self.game.channel_id, text)
        return self._state

    def use(self, state: rules.GameState) -> None:
        """Take a state just made (at start) instead of parsing the saved one."""
        self._state = state

    def missing_text(self) -> str:
        """What a lobby still lacks."""
        missing = int(self.lobby.get("seats", 0)) - len(self.seats)
        if missing <= 0:
            return messages.READY_TO_START
        return messages.SEATS_MISSING.format(players=messages.plural(missing, "more player"))

    def unseated_text(self) -> str:
        """Why someone without a seat can't do this: join a free faction, or watch when every seat is taken."""
        if self.game.status == "lobby":
            free = len(self.seats) < int(self.lobby.get("seats", 0))
        else:
            free = any(s.user_id is None for s in self.seats)
        return messages.NOT_SEATED if free else messages.NOT_SEATED_FULL

    def finished_text(self) -> str | None:
        """Why nothing more happens in a finished game (over, or ended by a moderator), or None if it goes on."""
        if self.game.status == "over":
            return messages.GAME_OVER_NEW
        if self.game.status == "ended":
            return messages.GAME_ENDED if self.game.state is not None else messages.LOBBY_ENDED
        return None

    def seat_of(self, user_id: int) -> SeatRow | None:
        """The seat a user plays, if any."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def at(self, seat: int | None) -> SeatRow | None:
        """The seat row with this seat number."""
        return next((s for s in self.seats if s.seat is not None and s.seat == seat), None)

    def by_faction(self, faction: str) -> SeatRow | None:
        """The seat row playing a faction (id or alias)."""
        fid = registry.find_faction(faction) or faction
        return next((s for s in self.seats if s.faction == fid), None)

    def who(self, seat: int | None, mention: bool = False) -> str:
        """A seat's player: a mention, or the stored name, or 'nobody'."""
        row = self.at(seat)
        if row is not None and row.automated:
            return messages.AUTOMATED
        if row is None or row.user_id is None:
            return messages.NOBODY
        return f"<@{row.user_id}>" if mention else messages.shown_name(row.user_name)

    def automated(self, seat: int | None) -> bool:
        """Whether an automated player holds a seat."""
        row = self.at(seat)
        return row is not None and row.automated

    def automated_seats(self) -> frozenset[int]:
        """The seat numbers automated players hold (public information: shown on the board)."""
        return frozenset(s.seat for s in self.seats if s.automated and s.seat is not None)

    def seated_user(self, seat: int | None) -> int | None:
        """The Discord user id at a seat, if the seat has a player."""
        row = self.at(seat)
        return row.user_id if row is not None else None


def faction_name(fid: str) -> str:
    """A faction's printed name."""
    return registry.faction(fid).name


def seat_faction(state: rules.GameState, seat: int | None) -> str:
    """The faction name of a seat in a started game."""
    if seat is None:
        return messages.NOBODY
    return faction_name(state.seats[seat].faction)
