"""Boards after a restart: a board owed when the process died is shown exactly once. One shown in the second before
the crash (its mark not yet written) is found in the channel, by the game version its file name carries, and only
marked; one never shown is posted late, once; a late post Discord fails for the moment is tried again, not lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord_harness import FakeClock, db_url, offline_bot, open_service
from qa_helpers import A, start_game
from test_bot_board_queue import move_of, owed, play

from bot.console.offline import FakeDiscord, OfflineBot, Sent, http_error
from bot.discord import drawing
from bot.service.core import BOARD_GRACE
from bot.service.table import Actor

CH = 5252
GUILD = 4242


async def died_before_marking(bot: OfflineBot) -> None:
    """From now on this process dies before it writes the boards it showed (its marks are never written)."""

    async def never(_shown: dict[int, int]) -> None:
        return None

    bot.service.boards_shown = never  # type: ignore[method-assign]
    bot.client.poster.boards.marks = None  # made again with the first board, through `never`


async def restart(first: OfflineBot, tmp_path: Path, clock: FakeClock, discord_api: FakeDiscord) -> OfflineBot:
    """The process dies (nothing flushed) and a new one starts on the same database; Discord keeps its messages."""
    await first.service.store.close()
    again = OfflineBot(await open_service(db_url(tmp_path), clock), discord_api)
    again.adapter.sent[:0] = first.adapter.sent  # what the channel shows stays there
    return again


async def late(bot: OfflineBot, clock: FakeClock) -> tuple[int, list[Sent]]:
    """Let the grace pass and run the recovery loop once: how many boards it posted, and what it sent."""
    clock.advance((BOARD_GRACE + 1) / 3600)
    start, poster = len(bot.adapter.sent), bot.client.poster
    posted = await poster.boards.late(poster, bot.service)
    await poster.boards.settled()
    return posted, bot.adapter.sent[start:]


async def version(bot: OfflineBot) -> int:
    """The game's row version (the version of its newest board)."""
    return (await bot.service.table(CH)).game.version


async def first_bot(tmp_path: Path, clock: FakeClock) -> tuple[OfflineBot, FakeDiscord]:
    bot = await offline_bot(db_url(tmp_path), clock)
    await start_game(bot, CH)
    return bot, bot.discord


async def test_a_board_shown_just_before_a_crash_whose_mark_was_lost_is_not_posted_again(tmp_path: Path):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    await died_before_marking(first)
    answered = await play(first, CH)  # answered, its board attached (settled): then the process died
    shown = drawing.board_version(next(n for n in answered.files if drawing.is_board(n)))
    assert shown == await version(first) and await owed(first) == 1  # shown, but still owed in the database

    again = await restart(first, tmp_path, clock, discord_api)
    posted, sent = await late(again, clock)
    assert (posted, sent) == (0, [])  # found in the channel: not posted a second time
    assert await owed(again) == 0
    assert await late(again, clock) == (0, [])
    await again.service.store.close()


async def test_a_board_never_shown_before_a_crash_is_posted_late_once_and_shows_the_newest_state(tmp_path: Path):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    await died_before_marking(first)
    older = await play(first, CH)  # its board shown (mark lost too)
    await submit(first)  # saved and answered: then the process died before its board was drawn
    newest = await version(first)

    again = await restart(first, tmp_path, clock, discord_api)
    posted, sent = await late(again, clock)
    assert posted == 1 and [s.content.startswith("The board, drawn late") for s in sent] == [True]
    assert drawing.board_version(next(iter(sent[0].files))) == newest > drawing.board_version(next(iter(older.files)))
    assert await owed(again) == 0
    assert await late(again, clock) == (0, [])  # posted once
    await again.service.store.close()


async def test_a_late_board_discord_fails_for_the_moment_is_tried_again_and_one_refused_for_good_is_given_up(
    tmp_path: Path,
):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    await submit(first)  # saved and answered: then the process died
    again = await restart(first, tmp_path, clock, discord_api)
    poster, real_post = again.client.poster, again.client.poster.post
    failures = [http_error(503, "Service Unavailable")]

    async def flaky(outbox: Any, board_after: bool = False) -> None:
        if failures:
            raise failures.pop()
        await real_post(outbox, board_after)

    poster.post = flaky  # type: ignore[method-assign]
    assert await late(again, clock) == (0, [])  # failed: still owed, claimed until the grace has passed again
    assert await owed(again) == 1
    posted, sent = await late(again, clock)
    assert posted == 1 and len(sent) == 1 and sent[0].board and await owed(again) == 0

    await submit(again)
    failures.append(http_error(403, "Missing Permissions"))
    assert await late(again, clock) == (0, [])  # refused for good: given up (logged), not tried every minute
    assert await owed(again) == 0

    await submit(again)
    looks = [http_error(404, "Unknown Channel"), http_error(502, "Bad Gateway")]

    async def cannot_look(_channel: int, _live: int | None) -> Any:
        raise looks.pop()

    poster.boards_shown = cannot_look  # type: ignore[method-assign]
    assert await late(again, clock) == (0, []) and await owed(again) == 1  # Discord cannot say now: tried again
    assert await late(again, clock) == (0, []) and await owed(again) == 0  # the channel is gone: given up

    await submit(again)
    looks.append(http_error(403, "Missing Access"))  # no Read Message History: posted (a repeat, never a loss)
    posted, sent = await late(again, clock)
    assert posted == 1 and sent[0].board and await owed(again) == 0
    await again.service.store.close()


async def submit(bot: OfflineBot) -> None:
    """A move saved and answered by the service (its board owed), with nothing posted on Discord yet."""
    user, notation = move_of((await bot.service.table(CH)).state)
    assert not (await bot.service.submit(Actor(CH, user.id, user.name, GUILD), notation)).refused


async def test_a_live_board_posted_just_before_a_crash_becomes_the_games_and_is_not_posted_again(tmp_path: Path):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    await died_before_marking(first)

    async def lost(_channel: int, _message: int | None) -> None:  # died before the message's id was stored
        return None

    first.service.remember_board_message = lost  # type: ignore[method-assign]
    assert not (await first.slash(A, CH, "root boards", live=True)).refused  # posted at the bottom, then died
    [live] = [s for s in first.adapter.sent if s.content.startswith("Live board")]

    again = await restart(first, tmp_path, clock, discord_api)
    assert (await again.service.table(CH)).game.board_message_id is None
    assert await late(again, clock) == (0, [])  # found: the live board stands, not posted twice
    assert (await again.service.table(CH)).game.board_message_id == live.message_id and await owed(again) == 0
    start = len(again.adapter.sent)
    await play(again, CH)  # the next move edits that message
    assert [s.kind for s in again.adapter.sent[start:] if s.content.startswith("Live board")] == ["edit"]
    await again.service.store.close()


def test_a_boards_file_name_carries_its_game_version_and_nothing_else():
    assert drawing.board_name(17) == "board-v17.png" and drawing.board_version("board-v17.png") == 17
    assert drawing.board_name(0) == drawing.BOARD_FILE and drawing.board_version(drawing.BOARD_FILE) is None
    assert [drawing.board_version(n) for n in ("board-v.png", "hand.png", "xboard-v3.png", "board-v3.png.png")] == [
        None
    ] * 4
