"""Moderator commands: pause, reminders, skip, seats, undo, end, edits and server settings."""

from __future__ import annotations

from typing import Any

import rules
from bot import messages
from bot.service.core import answers, in_range, one_at_a_time
from bot.service.notation import card_label, edit_text, secret_card_move
from bot.service.outbox import Outbox
from bot.service.play import Play, export_outbox, playable, started
from bot.service.present import next_up
from bot.service.table import Actor, Refusal, Table, faction_name, seat_faction
from bot.service.threads import opening_post, teams_of
from bot.settings import REMINDER_HOURS, REMINDERS_BEFORE_NOTICE
from bot.storage import records
from bot.storage.models import Deadline, GuildSettings, LogRow, SeatRow
from bot.storage.store import Change
from rules.actions import closest_first
from rules.edits import CardEnd
from rules.words import echo

PIECE_EDITS = ("place", "remove", "shift", "ferry", "path")  # edits whose clearings and counts are from 1
EDIT_NUMBERS = {"clearing": "clearing", "src": "from", "dst": "to", "count": "count"}  # option: its shown name


def _moderator(actor: Actor) -> None:
    if not actor.moderator:
        raise Refusal(messages.NOT_A_MODERATOR)


def _note(actor: Actor, text: str) -> LogRow:
    return LogRow(kind="note", user_id=actor.user_id, public=text)


class Moderation(Play):
    """Commands for Manage Server or the server's moderator role; the adapter checks, and so do we."""

    @one_at_a_time
    async def mod_pause(self, actor: Actor) -> Outbox:
        """Stop the clock and the moves until resumed."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        playable(table)
        now = self.now()
        change = Change(
            actor.channel_id, table.game.version, now, status="paused", log=[_note(actor, messages.MOD_PAUSED)]
        )
        change.adjust_deadline = lambda deadline: clock_stopped(deadline, now)
        await self.store.save(change)
        return Outbox(public=messages.MOD_PAUSED)

    @one_at_a_time
    async def mod_resume(self, actor: Actor) -> Outbox:
        """Restart the clock where it stopped, and accept moves again."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        if table.game.status != "paused":
            raise Refusal(messages.NOT_PAUSED)
        now = self.now()
        change = Change(actor.channel_id, table.game.version, now, status="active")
        change.adjust_deadline = lambda deadline: _resumed(deadline, now)
        change.log = [_note(actor, messages.MOD_RESUMED)]
        outbox = Outbox(public=messages.MOD_RESUMED)
        next_up(outbox, table, table.state, before=None)
        await self.store.save(change)
        return outbox

    @one_at_a_time
    async def mod_threads(self, actor: Actor) -> Outbox:
        """Try again to make the team threads the server refused (after the bot was given the permission)."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        teams = sorted(teams_of(table))
        if not teams:
            raise Refusal(messages.NO_TEAM_GAME)
        if not await self.store.forget_refused_team_threads(actor.channel_id):
            return Outbox.private_reply(messages.TEAM_THREADS_FINE)
        outbox = Outbox.private_reply(messages.TEAM_THREADS_RETRY.format(teams=", ".join(teams)))
        outbox.team_threads = True
        return outbox

    @one_at_a_time
    async def mod_reminders(self, actor: Actor, hours: float) -> Outbox:
        """Set this game's reminder interval; the current deadline follows it."""
        _moderator(actor)
        in_range("hours", hours, REMINDER_HOURS)
        table = await self.table(actor.channel_id)
        now = self.now()
        change = Change(actor.channel_id, table.game.version, now, reminder_hours=hours)
        change.adjust_deadline = lambda deadline: _rescheduled(deadline, hours, now)
        await self.store.save(change)
        return Outbox(public=messages.MOD_REMINDERS.format(hours=messages.plural(hours, "hour")))

    @one_at_a_time
    async def mod_skip(self, actor: Actor) -> Outbox:
        """Answer for a stuck seat with the engine's default: pass a decision, end a step, else the first choice."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        state = playable(table)
        seat = rules.to_act(state)
        action = rules.default_action(state)
        if action is None or seat is None:
            raise Refusal(messages.NOTHING_TO_SKIP.format(seat=seat_faction(state, seat)))
        new, events = rules.apply(state, action, seat=seat, expected_version=state.version)
        header = messages.MOD_SKIPPED.format(faction=seat_faction(state, seat), notation=action.public_notation())
        return await self.accept(table, actor, state, new, events, seat, action.notation(), header=header)

    @one_at_a_time
    async def mod_replace(self, actor: Actor, faction: str, user_id: int, user_name: str) -> Outbox:
        """Hand a seat to another player."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        row = table.by_faction(faction)
        if row is None:
            raise Refusal(no_such_seat(table, faction))
        other = table.seat_of(user_id)
        if other is not None:
            shown = messages.shown_name(user_name)
            raise Refusal(messages.USER_ALREADY_SEATED.format(user=shown, faction=faction_name(other.faction)))
        await self.hand_seat(table, row.faction, user_id, user_name)
        old = former_player(row)
        text = messages.MOD_REPLACED.format(user=f"<@{user_id}>", faction=faction_name(row.faction), old=old)
        outbox = Outbox(public=text, mentions=[user_id])
        outbox.seat_posts = opening_post(table, row.faction, user_id, user_name, table.game.version + 1)
        outbox.team_threads = True  # a team game: the new player joins the team's thread, the old one leaves it
        return outbox

    @one_at_a_time
    async def mod_unseat(self, actor: Actor, faction: str) -> Outbox:
        """Take a player off a seat: out of a lobby, or leaving a started game's seat free for someone to take."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        row = table.by_faction(faction)
        if row is None:
            raise Refusal(no_such_seat(table, faction))
        if table.game.status == "lobby":
            await self.store.remove_seat(table.game.version, actor.channel_id, row.faction, self.now())
        else:
            await self.hand_seat(table, row.faction, None, "")
        old = former_player(row)
        outbox = Outbox(public=messages.MOD_UNSEATED.format(faction=faction_name(row.faction), old=old))
        outbox.team_threads = True  # a team game: the player leaves the team's thread
        return outbox

    @one_at_a_time
    async def mod_undo(self, actor: Actor, count: int = 1, confirm: bool = False) -> Outbox:
        """Take back the last actions by replaying the record without them (confirm to cross hidden information)."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        state = started(table)
        rows = await self.store.record_rows(actor.channel_id)
        if count < 1 or count > len(rows):
            raise Refusal(messages.UNDO_TOO_MANY.format(actions=messages.plural(len(rows), "action")))
        if any(r.irreversible for r in rows[-count:]) and not confirm:
            raise Refusal(messages.UNDO_CROSSES.format(actions=messages.plural(count, "action")))
        record = await self.record(table)
        shorter = record.without_last(count)
        new = records.replayed(shorter)
        text = messages.MOD_UNDONE.format(actions=messages.plural(count, "action"))
        return await self.rewind(table, actor, state, new, count, text, shorter.rules_until)

    @one_at_a_time
    async def mod_end(self, actor: Actor) -> Outbox:
        """End the game now."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        finished = table.finished_text()
        if finished:
            raise Refusal(finished)
        change = Change(actor.channel_id, table.game.version, self.now(), status="ended", clear_deadline=True)
        change.log = [_note(actor, messages.MOD_ENDED)]
        await self.store.save(change)
        return Outbox(public=messages.MOD_ENDED)

    @one_at_a_time
    async def mod_edit(self, actor: Actor, edit: str) -> Outbox:
        """Change the state as the table agreed ('!place …'); written to the record so replay stays exact."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        state = started(table)
        if table.game.status == "over":
            raise Refusal(messages.GAME_OVER_NEW)
        text = edit.strip() if edit.strip().startswith("!") else "!" + edit.strip()
        new, events = rules.apply_edit(state, text)  # its event says "Moderator edit: …" publicly
        secret = secret_card_move(text)
        if secret:  # the card is named only to the seats whose hidden cards it leaves or joins, and to the moderator
            events = [hidden_card_event(new, text)]
        outbox = await self.accept(table, actor, state, new, events, None, text, kind="edit", header="")
        if secret:
            key, src, dst = secret
            outbox.reply = messages.MOD_CARD_MOVED_YOU.format(
                card=_card_words(key), src=_place_words(src), dst=_place_words(dst)
            )
        return outbox

    @answers
    async def mod_edit_options(self, actor: Actor, verb: str, values: dict[str, Any]) -> Outbox:
        """An edit from the options of /rootmod place, remove, shift, points, card, item, ferry or path (clearings and
        counts from 1)."""
        for name, shown in EDIT_NUMBERS.items():
            if verb in PIECE_EDITS and name in values and int(values[name]) < 1:
                raise Refusal(messages.REFUSED.format(reason=messages.BAD_NUMBER.format(what=shown, low=1)))
        return await self.mod_edit(actor, edit_text(verb, **values))

    async def mod_settings(
        self,
        actor: Actor,
        role_id: int | None = None,
        reminder_hours: float | None = None,
        reminders_before_notice: int | None = None,
        vacated_seats: str | None = None,
    ) -> Outbox:
        """Set (or show) this server's moderator role and defaults."""
        if not actor.moderator:
            return Outbox.refusal(messages.NOT_A_MODERATOR)
        try:
            in_range("hours", reminder_hours, REMINDER_HOURS)
            in_range("notices", reminders_before_notice, REMINDERS_BEFORE_NOTICE)
        except Refusal as refusal:
            return Outbox.refusal(str(refusal))
        if vacated_seats is not None and vacated_seats not in messages.VACATED_CHOICES:
            return Outbox.refusal(messages.REFUSED.format(reason=messages.BAD_VACATED.format(value=vacated_seats)))
        if role_id is not None and role_id == actor.guild_id:  # @everyone's id is the server's: every member holds it
            return Outbox.refusal(messages.REFUSED.format(reason=messages.EVERYONE_ROLE))
        guild_id = actor.guild_id or 0
        async with self.guild_lock(guild_id):
            current = await self.store.guild(guild_id) or GuildSettings(guild_id=guild_id)
            if role_id is not None:
                current.moderator_role_id = role_id
            if reminder_hours is not None:
                current.reminder_hours = reminder_hours
            if reminders_before_notice is not None:
                current.reminders_before_notice = reminders_before_notice
            if vacated_seats is not None:
                current.vacated_seats = vacated_seats
            await self.store.save_guild(current)
        role = f"<@&{current.moderator_role()}>" if current.moderator_role() else messages.MOD_NO_ROLE
        hours = REMINDER_HOURS.or_default(current.reminder_hours, self.settings.reminder_hours)
        notices = self.reminders_before_notice(current)
        text = messages.MOD_SETTINGS.format(
            role=role, hours=messages.plural(hours, "hour"), notices=messages.plural(notices, "reminder")
        )
        seats = messages.VACATED_CHOICES[current.vacated_seats or "anyone"]
        return Outbox.private_reply(text + " " + messages.MOD_SETTINGS_SEATS.format(seats=seats))

    @answers
    async def mod_export(self, actor: Actor, full: bool = False) -> Outbox:
        """The game's record as a JSON file, privately; the full record of a game going on is announced."""
        _moderator(actor)
        table = await self.table(actor.channel_id)
        going_on = table.finished_text() is None
        outbox = export_outbox(actor, await self.export(actor.channel_id, full=full))
        if full and going_on:
            outbox.public = messages.FULL_EXPORT_ANNOUNCED.format(user=f"<@{actor.user_id}>")
        return outbox

    async def is_moderator(self, guild_id: int | None, role_ids: list[int], manage_guild: bool) -> bool:
        """Manage Server, or the moderator role this server set."""
        if manage_guild:
            return True
        guild = await self.store.guild(guild_id)
        role = guild.moderator_role() if guild else None
        return bool(role and role in role_ids)


def hidden_card_event(state: rules.GameState, edit: str) -> rules.Event:
    """The event of a card moved secretly (into a hand, the deck or a face-down pile, or out of a face-down pile):
    where it went for all, which card for the seats that may look into the places it left or joined."""
    move = secret_card_move(edit)
    assert move is not None
    key, src, dst = move
    places = {"src": _place_words(src), "dst": _place_words(dst)}
    seats = [state.seat_of(end.faction) for end in (src, dst) if end.hidden and end.faction is not None]
    note = messages.MOD_CARD_MOVED_PRIVATE.format(card=_card_words(key), **places)
    return rules.Event(messages.MOD_CARD_MOVED.format(**places), {s: note for s in seats if s is not None})


def _card_words(key: str) -> str:
    """A card of an edit by its name ('Travel Gear (fox)'), or as written when it is no card."""
    return card_label(key) if key in rules.cards.keys() else key  # noqa: SIM118 (keys() is the card table)


def _place_words(end: CardEnd) -> str:
    """A place of a card edit in words: 'Marquise de Cat's hand', 'the Woodland Alliance's Supporters', 'the deck'."""
    if end.faction is None:
        return messages.SHARED_PILES.get(end.place, messages.THE_PILE.format(pile=end.title))
    owner = messages.possessive(faction_name(end.faction))
    return messages.PILE_OF.format(owner=owner, pile=messages.SEAT_PILES.get(end.title, end.title))


def former_player(row: SeatRow) -> str:
    """Who played a seat a moderator hands on or frees: a mention, the automated player, or nobody."""
    if row.automated:
        return messages.AUTOMATED_PLAYER
    return f"<@{row.user_id}>" if row.user_id else messages.NOBODY


def no_such_seat(table: Table, name: str) -> str:
    """A refusal for a faction no seat plays, listing those that do (closest first)."""
    seated = closest_first(name, [s.faction for s in table.seats])
    return messages.NO_SUCH_SEAT.format(name=echo(name), seated=", ".join(seated) or messages.NOBODY)


def clock_stopped(deadline: Deadline, now: int) -> Deadline:
    """The clock stopped: the time left is kept."""
    if deadline.due_at is not None:
        deadline.paused_left, deadline.due_at = max(deadline.due_at - now, 0), None
    return deadline


def _resumed(deadline: Deadline, now: int) -> Deadline:
    """The clock going again with the time that was left."""
    if deadline.paused_left is not None:
        deadline.due_at, deadline.paused_left = now + deadline.paused_left, None
    return deadline


def _rescheduled(deadline: Deadline, hours: float, now: int) -> Deadline:
    """The deadline under a new interval; a paused one waits at most one new interval after resuming."""
    interval = int(hours * 3600)
    if deadline.due_at is not None:
        deadline.due_at = max(now, deadline.since + interval * (deadline.reminders_sent + 1))
    if deadline.paused_left is not None:
        deadline.paused_left = min(deadline.paused_left, interval)
    return deadline
