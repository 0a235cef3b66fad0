"""How a game posts its board: after every move, at the end of each turn or on request, maybe as one live message."""

from __future__ import annotations

from bot import messages
from bot.service.core import ServiceCore, one_at_a_time
from bot.service.outbox import LiveBoard, Outbox
from bot.service.present import BOARD_POSTS, board_job, board_text
from bot.service.table import Actor, Refusal
from bot.storage.models import Game
from bot.storage.store import Change


def boards_text(game: Game) -> str:
    """A game's board posting in words."""
    live = messages.BOARDS_LIVE if game.live_board else ""
    return messages.BOARDS.format(when=messages.BOARD_POSTS[game.board_posts], live=live)


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
        await self.store.save(change)
        game.board_posts, game.live_board = when or game.board_posts, game.live_board if live is None else live
        outbox = Outbox(public=boards_text(game))
        if live and game.state is not None:  # the live board starts at the bottom of the channel, now
            state = table.state
            outbox.board = board_job(state, [])
            caption, version = board_text(state), game.version + 1
            outbox.live = LiveBoard(game.channel_id, version, caption, True, game.board_message_id)
        return outbox

    async def remember_board_message(self, channel_id: int, message_id: int | None) -> None:
        """Keep the id of a game's live board message (after a restart it is edited, not posted again)."""
        await self.store.set_board_message(channel_id, message_id)
