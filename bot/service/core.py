"""The service's shared machinery: the store, the clock, per-channel locks, refusals and deadlines."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Concatenate, ParamSpec, TypeVar

import rules
from bot import messages
from bot.service import notation
from bot.service.outbox import Outbox
from bot.service.table import Actor, ParsedStates, Refusal, Table
from bot.settings import REMINDER_HOURS, REMINDERS_BEFORE_NOTICE, Bounds, Settings
from bot.storage.models import Deadline, GuildSettings
from bot.storage.store import Busy, Change, StaleVersion, Store

log = logging.getLogger(__name__)
P = ParamSpec("P")
S = TypeVar("S", bound="ServiceCore")

Clock = Callable[[], float]
BOARD_GRACE = 60  # seconds a board may stay owed before the recovery loop draws it (a crash, an outage)
DEFAULT_REMINDER_HOURS = Settings().reminder_hours
SeedSource = Callable[[int], int]


def _random_seed(_channel_id: int) -> int:
    return secrets.randbits(62)


class ServiceCore:
    """What every part of the game service shares."""

    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        clock: Clock = time.time,
        seed_for: SeedSource = _random_seed,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock
        self.seed_for = seed_for
        self._locks: dict[int, asyncio.Lock] = {}
        self._guild_locks: dict[int, asyncio.Lock] = {}
        self.parsed = ParsedStates()

    def now(self) -> int:
        """The current time in whole epoch seconds."""
        return int(self.clock())

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that makes one channel's commands run one at a time."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def guild_lock(self, guild_id: int) -> asyncio.Lock:
        """The lock that makes one server's settings change one at a time."""
        return self._guild_locks.setdefault(guild_id, asyncio.Lock())

    async def table(self, channel_id: int) -> Table:
        """A channel's game, or a refusal when there is none."""
        loaded = await self.store.load(channel_id)
        if loaded is None:
            raise Refusal(messages.NO_GAME)
        return Table(loaded.game, loaded.seats, parsed=self.parsed)

    async def maybe_table(self, channel_id: int) -> Table | None:
        """A channel's game, if it has one."""
        loaded = await self.store.load(channel_id)
        return Table(loaded.game, loaded.seats, parsed=self.parsed) if loaded else None

    def arm(self, table: Table, state: rules.GameState, now: int) -> Deadline | None:
        """A fresh reminder deadline for whoever must act now (None when over); paused, its clock waits to resume."""
        seat = rules.to_act(state)
        if seat is None:
            return None
        interval = interval_of(table)
        paused = table.game.status == "paused"
        if table.automated(seat):  # an automated player is never reminded: its deadline never falls due
            return Deadline(channel_id=table.game.channel_id, seat=seat, since=now, version=state.version)
        return Deadline.model_construct(  # typed here: not validated again (the store writes its values only)
            channel_id=table.game.channel_id,
            seat=seat,
            user_id=table.seated_user(seat),
            since=now,
            due_at=None if paused else now + interval,
            paused_left=interval if paused else None,
            reminders_sent=0,
            notified=False,
            version=state.version,
        )

    async def hand_seat(
        self, table: Table, faction: str, user_id: int | None, name: str, automated: bool = False
    ) -> None:
        """Give a seat to a user (or nobody, or an automated player); a reminder pending for that seat now goes to
        them, counting afresh (an automated player is never reminded)."""
        now, row = self.now(), table.by_faction(faction)
        seat = row.seat if row is not None else None
        paused, interval = table.game.status == "paused", interval_of(table)
        channel_id = table.game.channel_id

        def handed(deadline: Deadline) -> Deadline:
            if automated:
                return never_due(deadline, seat)
            return handed_over(deadline, seat, user_id, now + interval if not paused else None, interval)

        store = self.store
        await store.set_seat_user(table.game.version, channel_id, faction, user_id, name, now, handed, automated)

    async def reminder_hours(self, guild_id: int | None) -> float:
        """The reminder interval new games of a server start with."""
        guild = await self.store.guild(guild_id)
        return REMINDER_HOURS.or_default(guild.reminder_hours if guild else None, self.settings.reminder_hours)

    def reminders_before_notice(self, guild: GuildSettings | None) -> int:
        """How many reminders a seat of a server's game gets before the moderators are told."""
        stored = guild.reminders_before_notice if guild else None
        return int(REMINDERS_BEFORE_NOTICE.or_default(stored, self.settings.reminders_before_notice))


def handed_over(deadline: Deadline, seat: int | None, user_id: int | None, due: int | None, interval: int) -> Deadline:
    """A seat's deadline once another player holds it: reminders count afresh (due None: the game is paused)."""
    if seat is None or deadline.seat != seat:
        return deadline
    deadline.user_id, deadline.reminders_sent, deadline.notified = user_id, 0, False
    if due is None:
        deadline.due_at, deadline.paused_left = None, max(deadline.paused_left or 0, interval)
    else:
        deadline.due_at = max(deadline.due_at or 0, due)  # a stalled seat (due_at None) is reminded again
    return deadline


def never_due(deadline: Deadline, seat: int | None) -> Deadline:
    """A seat's deadline once an automated player holds it: no reminder falls due, none is counted."""
    if seat is None or deadline.seat != seat:
        return deadline
    deadline.user_id, deadline.reminders_sent, deadline.notified = None, 0, False
    deadline.due_at, deadline.paused_left = None, None
    return deadline


def owe_board(change: Change, outbox: Outbox) -> Change:
    """Keep, with the change itself, that its board is still to be shown (drawn after the move is answered).

    Should the process die before showing it, the recovery loop (of any process) draws it BOARD_GRACE seconds later.
    """
    if outbox.board is not None:
        change.board_owed, change.board_due_at = change.expected + 1, change.now + BOARD_GRACE
        outbox.board = outbox.board.owing()
    return change


def in_range(what: str, value: float | None, bounds: Bounds) -> None:
    """Refuse a number outside its setting's range (None: not given, nothing to check)."""
    reason = bounds.refusal(what, value) if value is not None else None
    if reason is not None:
        raise Refusal(messages.REFUSED.format(reason=reason))


def interval_of(table: Table) -> int:
    """A game's reminder interval in seconds (a stored interval out of range counts as the default)."""
    return int(REMINDER_HOURS.or_default(table.game.reminder_hours, DEFAULT_REMINDER_HOURS) * 3600)


def answers(
    method: Callable[Concatenate[S, P], Awaitable[Outbox]],
) -> Callable[Concatenate[S, P], Awaitable[Outbox]]:
    """Turn refusals (ours, the engine's, a lost version race) into a private reply; the game stays as it was."""

    @functools.wraps(method)
    async def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> Outbox:
        try:
            return await method(self, *args, **kwargs)
        except Refusal as refusal:
            return Outbox.refusal(str(refusal))
        except rules.OtherWordError as err:
            reason = messages.OTHER_WORD.format(word=err.word, verb=err.verb, command=notation.slash_name(err.verb))
            return Outbox.refusal(messages.REFUSED.format(reason=reason))
        except rules.RulesError as err:
            return Outbox.refusal(messages.REFUSED.format(reason=str(err).rstrip(".")))
        except StaleVersion:
            return Outbox.refusal(messages.STALE)
        except Busy:
            return Outbox.refusal(messages.BUSY)

    return wrapper


def one_at_a_time(
    method: Callable[Concatenate[S, Actor, P], Awaitable[Outbox]],
) -> Callable[Concatenate[S, Actor, P], Awaitable[Outbox]]:
    """Run a command while holding its channel's lock, in one database transaction; answer refusals privately.

    A refusal rolls the transaction back, so a refused command leaves the saved game exactly as it was.
    """

    @functools.wraps(method)
    async def locked(self: S, actor: Actor, /, *args: P.args, **kwargs: P.kwargs) -> Outbox:
        async with self.lock(actor.channel_id), self.store.unit():
            return await method(self, actor, *args, **kwargs)

    return answers(locked)
