"""Reminders: a stateless poller over deadlines kept in the database; each tick is idempotent."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import rules
from bot import messages
from bot.core import ServiceCore
from bot.models import Deadline, Game
from bot.outbox import Outbox
from bot.present import when
from bot.table import Table, seat_faction

log = logging.getLogger(__name__)

Post = Callable[[Outbox], Awaitable[None]]


class Reminders(ServiceCore):
    """Finding due reminders and marking them sent, so that none is sent twice or lost over a restart."""

    async def due_reminders(self, now: int | None = None) -> list[Outbox]:
        """The reminders and moderator notices due now; each is marked sent before it is returned."""
        now = self.now() if now is None else now
        out = []
        for deadline, game in await self.store.due(now):
            try:
                notice = await self._remind(deadline, game, now)
            except Exception:  # one broken game (say, a state this engine cannot read) must not stop the others
                log.exception("could not prepare the reminder of channel %s; it stays due", game.channel_id)
                continue
            if notice is not None:
                out.append(notice)
        return out

    async def _remind(self, deadline: Deadline, game: Game, now: int) -> Outbox | None:
        table = await self.maybe_table(game.channel_id)
        if table is None or table.game.state is None:
            return None
        guild = await self.store.guild(game.guild_id)
        limit = (guild.reminders_before_notice if guild else None) or self.settings.reminders_before_notice
        fresh = Deadline(**deadline.model_dump())
        if deadline.reminders_sent < limit:
            fresh.reminders_sent += 1
            fresh.due_at = now + int(game.reminder_hours * 3600)
            outbox = _reminder(table, fresh, last=fresh.reminders_sent >= limit)
        else:
            fresh.notified, fresh.due_at = True, None
            role = guild.moderator_role_id if guild else None
            outbox = _stalled(table, fresh, role)
        if not await self.store.update_deadline(deadline, fresh):
            return None  # the game moved on, or another tick already sent it
        outbox.channel_id = game.channel_id
        outbox.deadline = fresh.due_at
        return outbox


def _reminder(table: Table, deadline: Deadline, last: bool) -> Outbox:
    state = table.state
    template = messages.REMINDER_LAST if last else messages.REMINDER
    user = f"<@{deadline.user_id}>" if deadline.user_id else messages.NOBODY
    text = template.format(
        count=deadline.reminders_sent,
        user=user,
        faction=seat_faction(state, deadline.seat),
        what=rules.waiting_for(state),
        since=when(deadline.since),
        next=when(deadline.due_at),
    )
    return Outbox(public=text, mentions=[deadline.user_id] if deadline.user_id else [])


def _stalled(table: Table, deadline: Deadline, role_id: int | None) -> Outbox:
    state = table.state
    text = messages.STALLED.format(
        mods=f"<@&{role_id}>" if role_id else messages.MODERATORS,
        faction=seat_faction(state, deadline.seat),
        user=table.who(deadline.seat),
        since=when(deadline.since),
    )
    return Outbox(public=text, mention_roles=[role_id] if role_id else [])


async def tick(service: Reminders, post: Post) -> int:
    """One pass of the reminder loop: never raises, whatever fails (it is logged, and the loop carries on)."""
    try:
        due = await service.due_reminders()
    except Exception:
        log.exception("reminder tick failed; trying again next time")
        return 0
    sent = 0
    for outbox in due:
        try:
            await post(outbox)
            sent += 1
        except Exception:
            log.exception("could not post a reminder in channel %s", outbox.channel_id)
    return sent
