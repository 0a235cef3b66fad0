"""One game as the service sees it: the stored row, its seats, and the engine state (loaded on demand)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import rules
from bot import messages
from bot.storage.models import Game, SeatRow
from rules import registry


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


@dataclass
class Table:
    """A game row with its seats; `state` parses the saved engine state the first time it is used."""

    game: Game
    seats: list[SeatRow]
    _state: rules.GameState | None = field(default=None, repr=False)

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
            self._state = rules.GameState.loads(self.game.state)
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
