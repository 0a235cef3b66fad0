"""Information commands: your hand, the board, the recent log, a card's text, the game's status."""

from __future__ import annotations

import json

import rules
from bot import messages
from bot.service.core import ServiceCore, answers
from bot.service.describe import looked_at
from bot.service.lobby import board_words, seated_words
from bot.service.notation import card_key, secret_card_move
from bot.service.outbox import LiveBoard, Outbox
from bot.service.present import board_job, board_text, card_text, hand_text, points_text, when
from bot.service.table import Actor, Refusal, Table, faction_name, seat_faction
from bot.service.threads import team_thread_line, teams_of
from bot.storage.models import LogRow
from rules.actions import public_text, unknown_card
from rules.scoring import team_points

LOG_LINES = 10
MAX_LOG_LINES = 50


class Info(ServiceCore):
    """Read-only commands; they never change a game."""

    @answers
    async def hand(self, actor: Actor) -> Outbox:
        """The actor's hand, privately, in words and as a picture."""
        table = await self.table(actor.channel_id)
        state = table.state  # a lobby has no hands yet: refused as not started (or as ended)
        row = table.seat_of(actor.user_id)
        if row is None or row.seat is None:
            raise Refusal(table.unseated_text())
        seat, outbox = row.seat, Outbox()
        view = looked_at(outbox, table.game.channel_id, messages.PART_HAND, lambda: rules.view_for(state, seat))
        if view is None:
            outbox.reply = messages.HAND_NOT_SHOWN
            return outbox
        text = looked_at(outbox, table.game.channel_id, messages.PART_HAND, lambda: hand_text(state, seat, view))
        outbox.reply, outbox.hand = (messages.HAND_NOT_SHOWN, None) if text is None else (text, view)
        return outbox

    @answers
    async def board(self, actor: Actor, public: bool = False) -> Outbox:
        """The board picture, privately unless asked to show everyone."""
        table = await self.table(actor.channel_id)
        state = table.state
        text = board_text(state)
        outbox = Outbox()
        version, channel = table.game.version, table.game.channel_id
        automated = table.automated_seats()
        outbox.board = looked_at(outbox, channel, messages.PART_BOARD, lambda: board_job(state, [], version, automated))
        if outbox.board is None:  # the view failed: the line of text only, with a word on why
            text += "\n" + messages.NOT_SHOWN
        if public and table.game.live_board and outbox.board is not None:  # the live board moves to the bottom
            game = table.game
            outbox.live = LiveBoard(game.channel_id, game.version, text, True, game.board_message_id, game.created_at)
            outbox.reply = messages.LIVE_BOARD_MOVED
        elif public:
            outbox.public = text
        else:
            outbox.reply = text
        return outbox

    @answers
    async def log(self, actor: Actor, lines: int = LOG_LINES) -> Outbox:
        """The last lines of the log, with the actor's own private notes."""
        table = await self.table(actor.channel_id)
        rows = await self.store.log(actor.channel_id, max(1, min(lines, MAX_LOG_LINES)))
        if not rows:
            return Outbox.private_reply(messages.LOG_EMPTY)
        mine = table.seat_of(actor.user_id)
        seat = mine.seat if mine is not None else None
        return Outbox.private_reply("\n".join(log_line(table, row, seat) for row in rows))

    @answers
    async def card(self, actor: Actor, name: str) -> Outbox:
        """A card's text."""
        key = card_key(name)
        if key is None:
            raise Refusal(messages.UNKNOWN_CARD.format(reason=unknown_card(name)))
        return Outbox.private_reply(card_text(key))

    @answers
    async def status(self, actor: Actor) -> Outbox:
        """Where the game stands: the lobby's free seats, or who must act and until when."""
        table = await self.table(actor.channel_id)
        if table.game.status == "lobby":
            return Outbox.private_reply(lobby_status(table))
        if table.game.state is None:  # a lobby a moderator ended
            return Outbox.private_reply(table.finished_text() or messages.NO_GAME)
        state = table.state
        if table.game.status in ("over", "ended"):
            winners = ", ".join(seat_faction(state, i) for i in state.winners) or messages.NOBODY
            text = messages.STATUS_OVER.format(status=table.game.status, winners=winners, points=points_text(state))
            return Outbox.private_reply(text)
        deadline = await self.store.deadline(actor.channel_id)
        due = deadline.due_at if deadline else None
        outbox = Outbox()
        shown = looked_at(outbox, table.game.channel_id, messages.PART_NEXT, lambda: status_text(table, state, due))
        text = shown or messages.STATUS_NOT_SHOWN.format(round=state.turn.round, points=points_text(state))
        if teams_of(table):
            text += team_thread_line(table, await self.store.team_threads(actor.channel_id), actor.user_id)
        outbox.reply = text
        return outbox


def status_text(table: Table, state: rules.GameState, due: int | None) -> str:
    """A game in play as anyone may see it: who must act and what, until when, every seat's points and teams."""
    seat = rules.to_act(state)
    seats = ", ".join(
        (messages.STATUS_TEAM_SEAT if s.team else messages.STATUS_SEAT).format(
            faction=seat_faction(state, i),
            user=table.who(i),
            team=s.team,
            points=messages.plural(s.points, "point"),
        )
        for i, s in enumerate(state.seats)
    )
    text = messages.STATUS_ACTIVE.format(
        state="Paused" if table.game.status == "paused" else "In play",
        round=state.turn.round,
        who=f"{seat_faction(state, seat)} ({table.who(seat)})",
        what=rules.waiting_for(state),
        deadline=messages.STATUS_DEADLINE.format(when=when(due)) if due else "",
        seats=seats,
    )
    teams = sorted(teams_of(table))
    if teams:
        totals = ", ".join(
            messages.TEAM_POINTS_ITEM.format(team=t, points=messages.plural(team_points(state, t), "point"))
            for t in teams
        )
        text += messages.STATUS_TEAMS.format(teams=totals)
    return text


def lobby_status(table: Table) -> str:
    """A lobby's settings, who sits where and which factions are free."""
    settings = table.lobby
    taken = {s.faction for s in table.seats}
    seated = seated_words(list(table.seats))
    free = ", ".join(faction_name(f) for f in settings["factions"] if f not in taken) or messages.NOBODY
    return messages.STATUS_LOBBY.format(
        mode=settings["mode"],
        board=board_words(settings),
        taken=len(table.seats),
        seats=settings["seats"],
        seated=seated,
        free=free,
    )


def log_line(table: Table, row: LogRow, seat: int | None) -> str:
    """One log line; another seat's private notes never appear."""
    if row.kind == "note" or (row.kind == "edit" and secret_card_move(row.notation or "")):
        line = messages.LOG_NOTE.format(seq=row.seq, text=row.public)  # a hidden card's key stays out of it
        return line + _private_note(row, seat)
    who = seat_faction(table.state, row.seat) if row.kind == "action" else messages.MODERATORS
    text = row.public.replace("\n", " ")
    notation = public_text(row.notation or "")  # a card put face down (the Supporters) stays out of it
    line = messages.LOG_LINE.format(seq=row.seq, who=who, notation=notation, text=text)
    return line + _private_note(row, seat)


def _private_note(row: LogRow, seat: int | None) -> str:
    """The reader's own private note of a log line, if it has one."""
    private = json.loads(row.private or "{}")
    if seat is not None and str(seat) in private:
        return "\n" + messages.LOG_PRIVATE.format(text=private[str(seat)])
    return ""
