"""End to end: Discord's deadlines. A first answer within 3 seconds however slow the work or Discord is, and a
follow-up that comes after the interaction's token expired."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, closing, suppress
from pathlib import Path

import rules
from tests.double_world import ALICE, BOB, MO, World, public, texts, world
from tools.double.payloads import Message
from tools.double.server import FIRST_ANSWER_SECONDS, Interaction

__all__ = ["world"]

LOCK_SECONDS = 4.5  # longer than Discord's 3 s, well within the bot's 10 s database busy timeout


@asynccontextmanager
async def database_locked(path: Path) -> AsyncIterator[None]:
    """Hold the bot's database write lock (another process writing, a slow disk): every bot transaction waits."""
    with closing(sqlite3.connect(path, timeout=30, isolation_level=None)) as db:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            db.execute("ROLLBACK")


def legal(world: World) -> tuple[rules.GameState, str]:
    """The saved state and the first legal action of the seat to act."""
    state = rules.GameState.loads(world.bot.query("SELECT state FROM games WHERE channel_id = ?", world.game.id)[0][0])
    seat = rules.to_act(state)
    assert seat is not None
    return state, rules.legal_actions(state, seat)[0].notation()


def deferred_in_time(itx: Interaction) -> None:
    """The first answer was a deferral that reached Discord within 3 s."""
    assert not itx.late, f"first answer after {itx.first_answer_seconds}s"
    assert itx.callback == 5 and itx.first_answer_seconds is not None
    assert itx.first_answer_seconds < FIRST_ANSWER_SECONDS


async def test_slow_commands_and_buttons_are_deferred_within_three_seconds_then_answered(world: World) -> None:
    double, players, game = world.double, world.players, world.game
    await world.start()
    await world.lobby()
    state, action = legal(world)
    start_message = public(double.in_channel(game.id))[-1]
    choose = next(b["custom_id"] for b in start_message.buttons if b["custom_id"].startswith("rb:c:"))
    async with database_locked(world.bot.db):
        sent = [
            await players.slash(ALICE, game.id, "play", action=action),  # a move
            await players.click(BOB, start_message, choose),  # a button (not bob's decision)
            await players.slash(BOB, game.id, "root boards"),  # asks who is a moderator first
            await players.slash(MO, game.id, "rootmod export"),  # the moderators' group check
        ]
        with suppress(TimeoutError):  # the database stays locked until all are acknowledged, at most LOCK_SECONDS
            await double.until(lambda: all(i.callback is not None for i in sent), LOCK_SECONDS)
    for itx in sent:
        await players.answer(itx)
        deferred_in_time(itx)
    assert (await world.board_of(await world.posted(sent[0]))).board is not None, texts(sent[0].shown)
    assert all(i.shown for i in sent[1:]) and not any(public(i.shown) for i in sent[1:])
    assert not double.failed_interactions()


async def test_a_button_in_a_private_thread_is_answered_in_time_while_discord_is_slow(world: World) -> None:
    double, players, game = world.double, world.players, world.game
    await world.start()
    await world.lobby()
    prompt = await double.until(lambda: next(iter(_thread_prompts(world)), None), 60, "alice's thread prompt")
    double.fault("POST /channels/{channel_id}/messages", delay=LOCK_SECONDS, channel_id=game.id)
    pressed = await players.click(ALICE, prompt, prompt.buttons[0]["custom_id"])
    await players.answer(pressed)
    deferred_in_time(pressed)
    assert pressed.shown and all(m.ephemeral for m in pressed.shown)
    moved = await double.until(lambda: [m for m in double.in_channel(game.id) if m.interaction_id is None])
    assert len(moved) == 1 and (await world.board_of(moved[0])).board is not None
    assert not double.failed_interactions()


def _thread_prompts(world: World) -> list[Message]:
    """Messages with buttons in alice's private thread."""
    threads = [t for t in world.double.threads_of(world.game.id) if ALICE.id in t.members]
    return [m for t in threads for m in world.double.in_channel(t.id, False) if m.buttons]


async def test_a_follow_up_after_the_token_expired_posts_the_move_in_the_channel(world: World) -> None:
    double, players, game = world.double, world.players, world.game
    await world.start()
    await world.lobby()
    _state, action = legal(world)
    before = world.saved()
    async with database_locked(world.bot.db):
        move = await players.slash(ALICE, game.id, "play", action=action)
        await double.until(lambda: move.callback is not None or move.late, 30, "the deferral")
        double.expire(move)  # the 15 minutes pass while the move waits for the database
    deferred_in_time(move)
    posted = await double.until(lambda: [m for m in double.in_channel(game.id) if m.interaction_id is None], 60)
    await asyncio.sleep(0)
    assert ("webhook", 401) in move.errors
    assert len(posted) == 1 and (await world.board_of(posted[0])).board is not None
    status, version, lines = world.saved()
    assert status == "active" and version > before[1] and lines == before[2] + 1
    assert await world.replays()
