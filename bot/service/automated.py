"""Automated seats: moderators seat automated players, and each of their moves takes the path of a person's move.

The service only says what an automated seat must decide now (`automated_due`) and plays its choice, in notation,
through `Play.play_at` under the channel's lock, provided the game is still at the version the choice was made for
(`play_automated`); deciding and waiting belong to the runner (bot/automation.py), off the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
from bot import messages
from bot.service.core import one_at_a_time
from bot.service.lobby import Lobby, known_faction, seat_team
from bot.service.moderation import Moderation, clock_stopped, former_player, no_such_seat
from bot.service.outbox import Outbox
from bot.service.table import Actor, Refusal, faction_name
from bot.storage.models import LogRow
from bot.storage.store import Change, StaleVersion
from rules.options import mode_id

AUTOMATED_USER = 0  # the user id an automated player's moves are made under (its log lines keep no user)


@dataclass(frozen=True)
class Due:
    """An automated seat that must act now: the game row's version and saved state (the optimistic lock: a game
    created again in the channel counts its versions afresh), the seat and its state."""

    channel_id: int
    version: int
    seat: int
    state: rules.GameState
    saved: str

    @property
    def turn(self) -> tuple[int, int, int]:
        """Which turn the decision belongs to (round, seat whose turn it is, deciding seat): one CPU budget each."""
        return self.state.turn.round, self.state.turn.seat, self.seat


def automated_actor(channel_id: int) -> Actor:
    """Who makes an automated player's moves: named as automated in every message."""
    return Actor(channel_id, AUTOMATED_USER, messages.AUTOMATED)


class Automated(Lobby, Moderation):
    """Seating automated players, and playing their moves through the one path of every move."""

    async def automated_due(self, channel_id: int) -> Due | None:
        """The automated seat that must act now in a channel's game, if any (none when paused, over or a person's)."""
        table = await self.maybe_table(channel_id)
        if table is None or table.game.status != "active" or table.game.state is None:
            return None
        seat = rules.to_act(table.state)
        if seat is None or not table.automated(seat):
            return None
        return Due(channel_id, table.game.version, seat, table.state, table.game.state)

    async def play_automated(self, due: Due, notation: str | None) -> Outbox | None:
        """Play an automated seat's choice (None: it made none, the engine's default answer is played); None (nothing
        saved) when the game moved on since it was made (here, or in another process: the save's own version check)."""
        try:
            return await self._play_automated(due, notation)
        except StaleVersion:
            return None

    async def _play_automated(self, due: Due, notation: str | None) -> Outbox | None:
        async with self.lock(due.channel_id), self.store.unit():
            table = await self.table(due.channel_id)
            if (table.game.version, table.game.state) != (due.version, due.saved) or _moved_on(
                table.game.status, table.automated(due.seat)
            ):
                return None
            state = table.state
            if rules.to_act(state) != due.seat:
                return None
            notation = _playable(state, due.seat, notation)
            outbox = await self.play_at(table, automated_actor(due.channel_id), due.seat, notation, confirmed=True)
            outbox.channel_id = due.channel_id
            return outbox

    async def pause_unseen(self, channel_id: int) -> bool:
        """Pause a game in play whose channel Discord says is gone, so its automated seats stop playing where nobody
        sees them (a moderator's /rootmod resume goes on); False when it is not in play."""
        async with self.lock(channel_id), self.store.unit():
            table = await self.maybe_table(channel_id)
            if table is None or table.game.status != "active":
                return False
            now = self.now()
            note = LogRow(kind="note", user_id=None, public=messages.UNSEEN_PAUSED)
            change = Change(channel_id, table.game.version, now, status="paused", log=[note])
            change.adjust_deadline = lambda deadline: clock_stopped(deadline, now)
            await self.store.save(change)
            return True

    @one_at_a_time
    async def mod_automate(self, actor: Actor, faction: str, team: str | None = None) -> Outbox:
        """Seat an automated player: at a lobby's free faction, or in a running game's seat (replacing its player)."""
        if not actor.moderator:
            raise Refusal(messages.NOT_A_MODERATOR)
        table = await self.table(actor.channel_id)
        finished = table.finished_text()
        if finished:
            raise Refusal(finished)
        if table.game.status == "lobby":
            return Outbox(public=await self.seat_automated(table, known_faction(faction), team))
        row = table.by_faction(faction)
        if row is None:
            raise Refusal(no_such_seat(table, faction))
        seat_team(mode_id(table.state.options), row, team)
        if row.automated:
            raise Refusal(messages.ALREADY_AUTOMATED.format(faction=faction_name(row.faction)))
        await self.hand_seat(table, row.faction, None, "", automated=True)
        old = former_player(row)
        outbox = Outbox(public=messages.MOD_AUTOMATED.format(faction=faction_name(row.faction), old=old))
        outbox.team_threads = True  # a team game: the player it replaces leaves the team's thread
        outbox.automated_next = True  # the seat may be the one to act
        return outbox


def _playable(state: rules.GameState, seat: int, notation: str | None) -> str:
    """The choice if the engine accepts it, else the engine's default answer: a game never stalls on an automated
    seat."""
    if notation is not None:
        try:
            rules.parse(state, notation, seat)
            return notation
        except rules.RulesError:
            pass
    default = rules.default_action(state)
    if default is None:
        raise RuntimeError(f"seat {seat} has no default answer to play instead")
    return default.notation()


def _moved_on(status: str, automated: bool) -> bool:
    """Whether an automated move made earlier no longer applies: the game is not in play, or a person took the seat."""
    return status != "active" or not automated
