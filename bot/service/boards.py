"""How a game posts its board: after every move, at the end of each turn or on request, maybe as one live message."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bot import messages
from bot.service.core import BOARD_GRACE, ServiceCore, one_at_a_time, owe_board
from bot.service.outbox import LiveBoard, Outbox
from bot.service.present import BOARD_POSTS, board_job, board_text
from bot.service.table import Actor, Refusal, Table
from bot.storage.models import Game
from bot.storage.store import Change


def boards_text(game: Game) -> str:
    """A game's board posting in words."""
    live = messages.BOARDS_LIVE if game.live_board else ""
    return messages.BOARDS.format(when=messages.BOARD_POSTS[game.board_posts], live=live)


class LateBoard(NamedTuple):
    """A board owed past its grace: the game's board as it stands now, and the version whose board was owed."""

    outbox: Outbox
    owed: int


class Boards(ServiceCore):
    """The board posting of a game, and the live board message it keeps."""

    @one_at_a_time
    async def set_boards(self, actor: Actor, when: str | None = None, live: bool | None = None) -> Outbox:
        """Choose when the board is posted and whether one live message is kept (the creator or a moderator)."""
        table = await self.table(actor.channel_id)
        game = table.game
        if when is None and live is None:
            return Outbox.private_reply(boards_text(game))
        if actor.user_id != game.created_by and not actor.moderator:
            raise Refusal(messages.NOT_HOST)
        if when is not None and when not in BOARD_POSTS:
            raise Refusal(messages.REFUSED.format(reason=messages.BAD_BOARD_POSTS.format(value=when)))
        change = Change(game.channel_id, game.version, self.now(), board_posts=when, live_board=live)
        shown_live = bool(live and game.state is not None)  # the live board starts at the bottom of the channel, now
        game.board_posts, game.live_board = when or game.board_posts, game.live_board if live is None else live
        outbox = Outbox(public=boards_text(game))
        if shown_live:
            state = table.state
            caption, version = board_text(state), game.version + 1
            outbox.board = board_job(state, [], version, table.automated_seats())
            outbox.live = LiveBoard(game.channel_id, version, caption, True, game.board_message_id, game.created_at)
        await self.store.save(owe_board(change, outbox))
        return outbox

    async def remember_board_message(self, channel_id: int, message_id: int | None) -> None:
        """Keep the id of a game's live board message (after a restart it is edited, not posted again)."""
        await self.store.set_board_message(channel_id, message_id)

    async def boards_shown(self, shown: dict[int, int]) -> None:
        """Boards of these game versions (channel: version) were shown: none up to them is owed any more."""
        await self.store.boards_shown(shown)

    async def late_boards(self, skip: Callable[[int], bool] = lambda _channel: False) -> list[LateBoard]:
        """Boards saved as owed and still not shown after BOARD_GRACE (their process died, or Discord failed): each
        claimed for one attempt, so one process draws it; the newest state is drawn (it covers every older board)."""
        now, late = self.now(), []
        for channel_id, owed, due in await self.store.owed_boards(now):
            if skip(channel_id):  # this process is drawing it (its queue is long): not late, only slow
                continue
            if not await self.store.claim_board(channel_id, owed, due, now + BOARD_GRACE):
                continue  # another process took it
            table = await self.maybe_table(channel_id)
            if table is None or table.game.state is None:
                await self.store.boards_shown({channel_id: owed})
                continue
            outbox = late_board(table)
            outbox.board = outbox.board.owing() if outbox.board is not None else None
            late.append(LateBoard(outbox, owed))
        return late


def late_board(table: Table) -> Outbox:
    """The board of a game as it stands now, for a board owed since before a restart (or an outage)."""
    game, state = table.game, table.state
    caption = board_text(state)
    outbox = Outbox(public=messages.LATE_BOARD.format(text=caption), channel_id=game.channel_id)
    outbox.board = board_job(state, [], game.version, table.automated_seats())
    if game.live_board:
        outbox.public = ""
        live = LiveBoard(game.channel_id, game.version, caption, message_id=game.board_message_id, game=game.created_at)
        outbox.live = live
    return outbox
