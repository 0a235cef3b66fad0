"""Boards after a restart, the hard cases: a channel that held an earlier game (its boards, their file names carrying
its versions, never count as the new game's), and a live board deleted before the restart."""

from __future__ import annotations

from pathlib import Path

from discord_harness import FakeClock
from qa_helpers import A, B, M, start_game
from test_bot_board_queue import owed, play
from test_bot_board_recovery import CH, GUILD, died_before_marking, first_bot, late, restart, submit, version

from bot.discord import drawing
from bot.service.table import Actor


async def test_a_board_of_a_new_game_owed_at_a_crash_is_posted_though_the_old_game_showed_higher_versions(
    tmp_path: Path,
):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    for _ in range(8):
        await play(first, CH)  # the first game's boards, up to a high version, stay in the channel
    old = await version(first)
    assert not (await first.slash(M, CH, "rootmod end")).refused
    await start_game(first, CH)  # a new game in the same channel
    await submit(first)  # saved and answered: then the process died before its board was drawn
    newest = await version(first)

    again = await restart(first, tmp_path, clock, discord_api)
    posted, sent = await late(again, clock)
    assert posted == 1 and len(sent) == 1 and sent[0].board, (old, newest)
    shown = drawing.board_version(next(n for n in sent[0].files if drawing.is_board(n)))
    assert shown == newest > old  # the new game's board, named above every board of the old one
    assert await owed(again) == 0
    assert await late(again, clock) == (0, [])  # posted once
    await again.service.store.close()


async def test_a_new_games_live_board_owed_at_a_crash_is_posted_anew_not_put_on_the_old_games(tmp_path: Path):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    assert not (await first.slash(A, CH, "root boards", live=True)).refused
    await play(first, CH)
    [old_live] = {s.message_id for s in first.adapter.sent if s.content.startswith("Live board")}
    assert not (await first.slash(M, CH, "rootmod end")).refused
    for user, path, options in (
        (A, "root create", {"seats": 2}),
        (A, "root boards", {"live": True}),
        (A, "root join", {"faction": "marquise"}),
        (B, "root join", {"faction": "eyrie"}),
    ):
        assert not (await first.slash(user, CH, path, **options)).refused
    assert not (await first.service.start(Actor(CH, B.id, B.name, GUILD))).refused  # saved; then the process died

    again = await restart(first, tmp_path, clock, discord_api)
    posted, sent = await late(again, clock)
    assert posted == 1 and [(s.kind, s.message_id == old_live) for s in sent] == [("channel", False)]
    assert sent[0].content.startswith("Live board") and sent[0].board
    assert (await again.service.table(CH)).game.board_message_id == sent[0].message_id != old_live
    await again.service.store.close()


async def test_a_live_board_shown_before_a_crash_and_deleted_meanwhile_is_posted_anew_after_the_restart(tmp_path: Path):
    clock = FakeClock()
    first, discord_api = await first_bot(tmp_path, clock)
    await died_before_marking(first)
    assert not (await first.slash(A, CH, "root boards", live=True)).refused  # shown; its mark lost in the crash
    [live] = [s for s in first.adapter.sent if s.content.startswith("Live board")]
    discord_api.gone.add(live.message_id or 0)  # someone deleted it while the bot was down

    again = await restart(first, tmp_path, clock, discord_api)
    posted, sent = await late(again, clock)
    assert posted == 1 and [s.content.startswith("Live board") for s in sent] == [True]
    assert (await again.service.table(CH)).game.board_message_id == sent[0].message_id != live.message_id
    assert await owed(again) == 0 and await late(again, clock) == (0, [])
    await again.service.store.close()


async def test_a_new_games_live_board_is_its_own_message_in_the_process_that_showed_the_old_ones(tmp_path: Path):
    clock = FakeClock()
    bot, _discord_api = await first_bot(tmp_path, clock)
    assert not (await bot.slash(A, CH, "root boards", live=True)).refused
    for _ in range(6):
        await play(bot, CH)
    [old_live] = {s.message_id for s in bot.adapter.sent if s.content.startswith("Live board")}
    assert not (await bot.slash(M, CH, "rootmod end")).refused
    clock.advance(0.01)  # the next game is created a little later
    start = len(bot.adapter.sent)
    for user, path, options in (
        (A, "root create", {"seats": 2}),
        (A, "root boards", {"live": True}),
        (A, "root join", {"faction": "marquise"}),
        (B, "root join", {"faction": "eyrie"}),
        (B, "root start", {}),
    ):
        assert not (await bot.slash(user, CH, path, **options)).refused
    await play(bot, CH)
    lives = [s for s in bot.adapter.sent[start:] if s.content.startswith("Live board")]
    assert [s.kind for s in lives] == ["channel", "edit"], [(s.kind, s.message_id) for s in lives]
    new_live = lives[0].message_id
    assert new_live != old_live and lives[1].message_id == new_live and lives[1].board
    assert (await bot.service.table(CH)).game.board_message_id == new_live
    await bot.service.store.close()
