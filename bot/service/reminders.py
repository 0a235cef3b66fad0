"""Reminders: a stateless poller over deadlines kept in the database, delivered through an outbox table.

A tick has two steps. Queueing: each due deadline is advanced with a compare-and-set and, in the same
transaction, its reminder is written to `reminder_posts`; so a reminder is queued exactly once and never
marked sent without being queued. Delivering: each queued post is claimed for one attempt (a lease), posted,
and deleted only once the post succeeded; a failed post is retried with backoff; a post whose process died
is taken again when its lease runs out, so a restart resumes. The one window for a double post is a crash
after Discord accepted a post and before its row was deleted: the retry carries the same nonce (Discord drops
a repeated nonce for a few minutes) and first asks the poster whether the post is already in the channel.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Awaitable, Callable

import rules
from bot import messages
from bot.service.core import ServiceCore, interval_of
from bot.service.outbox import Outbox
from bot.service.present import when
from bot.service.table import Table, seat_faction
from bot.storage.models import Deadline, Game, ReminderPost

log = logging.getLogger(__name__)

Post = Callable[[Outbox], Awaitable[None]]
AlreadyPosted = Callable[[Outbox, int], Awaitable[bool]]  # (outbox, since epoch seconds): is it in the channel?

LEASE_SECONDS = 60  # a claimed post is not tried by anyone else for this long
FIRST_RETRY_SECONDS = 30
MAX_RETRY_SECONDS = 3600
MAX_ATTEMPTS = 12  # about seven hours of retrying, then the post is given up (and logged)


def retry_delay(attempts: int) -> int:
    """Seconds before the next attempt after `attempts` failed ones: 30 s doubling up to an hour."""
    return int(min(FIRST_RETRY_SECONDS * 2 ** max(attempts - 1, 0), MAX_RETRY_SECONDS))


class Reminders(ServiceCore):
    """Queueing due reminders in the outbox and delivering them, so that none is lost or posted twice."""

    async def due_reminders(self, now: int | None = None) -> list[Outbox]:
        """Queue the reminders and moderator notices due now (each deadline advanced once); returns what was queued."""
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
        limit = self.reminders_before_notice(guild)
        role = guild.moderator_role() if guild else None
        fresh = Deadline(**deadline.model_dump())
        if deadline.reminders_sent < limit:
            fresh.reminders_sent += 1
            fresh.due_at = now + interval_of(table)
            outbox = _reminder(table, fresh, last=fresh.reminders_sent >= limit, role_id=role)
        else:
            fresh.notified, fresh.due_at = True, None
            outbox = _stalled(table, fresh, role)
        outbox.channel_id = game.channel_id
        outbox.deadline = fresh.due_at
        outbox.nonce = new_nonce()
        if not await self.store.update_deadline(deadline, fresh, _queued(outbox, fresh, now)):
            return None  # the game moved on, or another tick already queued it
        return outbox

    async def deliver_reminders(
        self, post: Post, already_posted: AlreadyPosted | None = None, now: int | None = None
    ) -> int:
        """Post every queued reminder whose attempt is due; returns how many were posted."""
        now = self.now() if now is None else now
        sent = 0
        for row in await self.store.posts_to_try(now):
            if await self._deliver(row, post, already_posted, now):
                sent += 1
        return sent

    async def _deliver(self, row: ReminderPost, post: Post, already_posted: AlreadyPosted | None, now: int) -> bool:
        uncertain = row.claimed_until is not None  # the process that last took it died: did its post go out?
        if not await self.store.claim_post(row, now, LEASE_SECONDS):
            return False  # another process took it
        assert row.id is not None
        if not await self._still_wanted(row):
            log.info("dropping the reminder of channel %s: the game moved on", row.channel_id)
            await self.store.post_done(row.id)
            return False
        outbox = _outbox_of(row)
        try:
            if uncertain and already_posted is not None and await already_posted(outbox, row.created_at):
                log.info("the reminder of channel %s was already posted before a restart", row.channel_id)
            else:
                await post(outbox)
        except Exception as err:
            attempts = row.attempts + 1
            retry_at = now + retry_delay(attempts) if attempts < MAX_ATTEMPTS else None
            log.warning(
                "could not post a reminder in channel %s (attempt %s, %s): %r",
                row.channel_id,
                attempts,
                "retrying later" if retry_at else "giving up",
                err,
            )
            await self.store.post_failed(row.id, retry_at, repr(err))
            return False
        await self.store.post_done(row.id)
        return True

    async def _still_wanted(self, row: ReminderPost) -> bool:
        """A reminder is posted only while its deadline stands (same seat, player and moment of the game)."""
        current = await self.store.deadline(row.channel_id)
        return current is not None and (current.seat, current.user_id, current.since, current.version) == (
            row.seat,
            row.user_id,
            row.since,
            row.version,
        )


def new_nonce() -> str:
    """A message nonce (Discord takes up to 25 characters)."""
    return "rr" + secrets.token_hex(10)


def _queued(outbox: Outbox, deadline: Deadline, now: int) -> ReminderPost:
    return ReminderPost(
        channel_id=outbox.channel_id or 0,
        nonce=outbox.nonce or new_nonce(),
        public=outbox.public,
        mentions=json.dumps(outbox.mentions),
        mention_roles=json.dumps(outbox.mention_roles),
        seat=deadline.seat,
        user_id=deadline.user_id,
        since=deadline.since,
        version=deadline.version,
        created_at=now,
        next_attempt_at=now,
    )


def _outbox_of(row: ReminderPost) -> Outbox:
    return Outbox(
        public=row.public,
        channel_id=row.channel_id,
        mentions=json.loads(row.mentions),
        mention_roles=json.loads(row.mention_roles),
        nonce=row.nonce,
    )


def _reminder(table: Table, deadline: Deadline, last: bool, role_id: int | None) -> Outbox:
    state = table.state
    values = {
        "count": deadline.reminders_sent,
        "faction": seat_faction(state, deadline.seat),
        "what": rules.waiting_for(state),
        "since": when(deadline.since),
        "next": when(deadline.due_at),
    }
    if deadline.user_id is None:  # nobody plays the seat: the moderators must find someone
        text = messages.REMINDER_UNSEATED.format(mods=moderators(role_id), **values)
        return Outbox(public=text, mention_roles=[role_id] if role_id else [])
    template = messages.REMINDER_LAST if last else messages.REMINDER
    return Outbox(public=template.format(user=f"<@{deadline.user_id}>", **values), mentions=[deadline.user_id])


def moderators(role_id: int | None) -> str:
    """How a post names a server's moderators: their role's mention when the server set one."""
    return f"<@&{role_id}>" if role_id else messages.MODERATORS


def _stalled(table: Table, deadline: Deadline, role_id: int | None) -> Outbox:
    state = table.state
    text = messages.STALLED.format(
        mods=moderators(role_id),
        faction=seat_faction(state, deadline.seat),
        user=table.who(deadline.seat),
        since=when(deadline.since),
    )
    return Outbox(public=text, mention_roles=[role_id] if role_id else [])


async def tick(service: Reminders, post: Post, already_posted: AlreadyPosted | None = None) -> int:
    """One pass of the reminder loop: queue what is due, deliver the outbox. Never raises (failures are logged)."""
    try:
        await service.due_reminders()
    except Exception:
        log.exception("reminder tick could not queue reminders; trying again next time")
    try:
        return await service.deliver_reminders(post, already_posted)
    except Exception:
        log.exception("reminder tick could not deliver; the outbox keeps them for next time")
        return 0
