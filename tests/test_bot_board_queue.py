"""Speed under load: a move is answered as soon as it is saved, its board follows (coalesced per channel), boards owed
survive a crash, and a burst bigger than the database pool waits in the bot's own queue."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from discord_harness import FakeClock, db_url, offline_bot
from qa_helpers import A, B, start_game
from sqlalchemy import event

import rules
from bot import messages
from bot.board_queue import BoardQueue, Waiting
from bot.console.offline import OfflineBot, Sent
from bot.discord import drawing
from bot.discord.board_posts import BoardPosts
from bot.painter import Painter
from bot.service import GameService
from bot.service.core import BOARD_GRACE
from bot.service.table import Actor
from bot.settings import Settings
from bot.storage.store import Store
from tools.loadbench import FIRST_CHANNEL, GUILD, boards_owed, log_lines, plan_move, seed_games

CH = 5151


def board(version: int, drawn: list[int], shown: list[int], hold: asyncio.Event | None = None) -> Waiting:
    """A board of a version whose drawing waits for `hold` (if any); what was drawn and shown is noted."""

    async def draw() -> bytes:
        drawn.append(version)
        if hold is not None:
            await hold.wait()
        return b"png %d" % version

    async def deliver(png: bytes | None) -> None:
        assert png == b"png %d" % version
        shown.append(version)

    return Waiting(version, draw, deliver)


async def test_a_channel_draws_only_its_newest_waiting_board_and_never_an_older_one_after_a_newer():
    queue, drawn, shown, hold = BoardQueue(slots=1), [], [], asyncio.Event()
    queue.put(CH, board(1, drawn, shown, hold))
    await asyncio.sleep(0)  # board 1 is being drawn
    for version in (2, 3, 4):  # three moves land before it is done: only the newest is drawn next
        queue.put(CH, board(version, drawn, shown))
    hold.set()
    await queue.settled()
    assert (drawn, shown, queue.coalesced) == ([1, 4], [1, 4], 2)
    queue.put(CH, board(3, drawn, shown))  # queued late (its answer was slow to send): older than one shown
    await queue.settled()
    assert shown == [1, 4] and queue.coalesced == 3


async def random_burst(seed: int) -> tuple[dict[int, list[int]], dict[int, int]]:
    """Boards of five channels queued at random moments, drawn with random delays (some fail): the versions shown
    in each channel, in order, and the newest version queued in each."""
    chooser = random.Random(seed)
    queue = BoardQueue(slots=chooser.randint(1, 3))
    shown: dict[int, list[int]] = {}
    newest: dict[int, int] = {}

    def waiting(channel: int, version: int) -> Waiting:
        async def draw() -> bytes:
            for _ in range(chooser.randint(0, 4)):
                await asyncio.sleep(0)
            if chooser.random() < 0.1:
                raise OSError("a font went missing")  # a drawing failure: delivered as None
            return b"png"

        async def deliver(_png: bytes | None) -> None:
            shown.setdefault(channel, []).append(version)

        return Waiting(version, draw, deliver)

    versions = dict.fromkeys(range(5), 0)
    for _ in range(60):
        channel = chooser.randrange(5)
        versions[channel] += chooser.randint(0, 2)  # the same version twice: a board asked for again
        queue.put(channel, waiting(channel, versions[channel]))
        newest[channel] = versions[channel]
        for _ in range(chooser.randint(0, 3)):
            await asyncio.sleep(0)
    await queue.settled()
    return shown, newest


async def test_random_bursts_over_many_channels_show_each_channel_s_boards_in_order_and_its_newest_last():
    for seed in range(25):
        shown, newest = await random_burst(seed)
        for channel, seen in shown.items():
            assert seen == sorted(seen), (seed, channel, seen)  # never an older board after a newer one
            assert seen[-1] == newest[channel], (seed, channel, seen)  # the newest is never dropped
        assert set(shown) == set(newest)


async def test_a_drawing_worker_process_draws_the_posted_board_and_one_that_died_is_replaced():
    view = rules.view_for(rules.new_game({"factions": ["marquise", "eyrie"], "board": "autumn"}, 1), None)
    painter = Painter(1)
    try:
        png = await painter.board(view, [])
        assert png == drawing.board_png(view, [])  # the same picture as drawn here, at the posted size
        [pid] = painter.worker_pids()
        os.kill(pid, signal.SIGKILL)  # out of memory, say
        assert await painter.board(view, []) == png  # a new worker drew it
        assert painter.worker_pids() and pid not in painter.worker_pids()
    finally:
        painter.close()


KILLED_BOT = """
import asyncio, sys
from bot.painter import Painter

async def main():
    painter = Painter(2)
    await painter.start()
    print(*painter.worker_pids(), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def test_drawing_workers_end_when_the_bot_is_killed():
    bot = subprocess.Popen([sys.executable, "-c", KILLED_BOT], stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
    finally:
        bot.kill()  # SIGKILL: nothing of the bot runs to tell its workers
        bot.wait()
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie does not count)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][:1] != "Z"
    except FileNotFoundError:
        return False


def held_painter(release: threading.Event, drawn: list[int]) -> Painter:
    """A painter whose board drawing is slow on purpose: it waits for `release` (in its drawing thread)."""

    def slow(view: Any, _marks: Any) -> bytes:
        drawn.append(int(view["version"]))
        release.wait(60)
        return b"\x89PNG " + str(view["version"]).encode()

    return Painter(0, in_thread=(slow, drawing.hand_png))


def move_of(state: rules.GameState) -> tuple[Any, str]:
    """The first legal action of whoever is to act (not ending the step), and its player."""
    seat = rules.to_act(state)
    assert seat is not None
    options = rules.legal_actions(state, seat)
    action = next((a for a in options if a.verb != "end"), options[0])
    return (A if state.seats[seat].faction == "marquise" else B), action.notation()


async def until(check: Callable[[], bool]) -> None:
    """Wait (polling) until a condition holds."""
    while not check():
        await asyncio.sleep(0.01)


async def play(bot: OfflineBot, channel: int) -> Sent:
    """Play a move in a channel; its public answer."""
    user, notation = move_of((await bot.service.table(channel)).state)
    result = await bot.slash(user, channel, "play", action=notation)
    assert not result.refused, result.text
    return result.public[0]


async def test_the_player_sees_the_move_while_the_board_queue_waits_on_a_slow_worker(tmp_path: Path):
    bot = await offline_bot(db_url(tmp_path))
    for channel in (CH, CH + 1, CH + 2):
        await start_game(bot, channel)
    release, drawn = threading.Event(), []
    bot.client.poster.boards = BoardPosts(held_painter(release, drawn))
    bot.settle = False  # see what the player sees before the board is drawn
    try:
        busy = [await play(bot, CH + 1), await play(bot, CH + 2)]
        await asyncio.wait_for(until(lambda: len(drawn) == 2), 30)  # both drawing slots are taken, and stay so
        answered = await asyncio.wait_for(play(bot, CH), 30)  # answered although nothing can be drawn now
        assert "`" in answered.content and answered.kind == "reply" and not answered.files
        assert not release.is_set() and len(drawn) == 2 and all(not s.files for s in busy)
    finally:
        release.set()
    await bot.client.poster.boards.settled()
    assert all(s.board for s in [*busy, answered])  # each answer got its board, in place
    assert len(drawn) == 3
    await bot.service.store.close()


async def test_a_live_board_is_edited_to_the_newest_state_only_when_moves_land_before_it_is_drawn(tmp_path: Path):
    bot = await offline_bot(db_url(tmp_path))
    await start_game(bot, CH)
    assert not (await bot.slash(A, CH, "root boards", live=True)).refused
    release, drawn = threading.Event(), []
    bot.client.poster.boards = BoardPosts(held_painter(release, drawn))
    bot.settle = False
    start = len(bot.adapter.sent)
    try:
        await play(bot, CH)
        await asyncio.wait_for(until(lambda: len(drawn) == 1), 30)  # the first move's board is being drawn (held)
        for _ in range(3):
            await play(bot, CH)
    finally:
        release.set()
    await bot.client.poster.boards.settled()
    newest = (await bot.service.table(CH)).state.version
    edits = [s for s in bot.adapter.sent[start:] if s.kind == "edit" and s.board]
    pictures = [s.board for s in edits]
    assert len(drawn) == 2 and drawn[-1] == newest  # the two middle boards were never drawn
    assert pictures[-1] == b"\x89PNG " + str(newest).encode()  # the live board shows the newest state
    assert (await owed(bot)) == 0
    await bot.service.store.close()


async def owed(bot: OfflineBot) -> int:
    """Games of the bot's database that still owe a board."""
    return await boards_owed(bot.service.store)


async def test_a_board_not_drawn_before_the_process_died_is_posted_after_the_restart(tmp_path: Path):
    clock = FakeClock()
    first = await offline_bot(db_url(tmp_path), clock)
    await start_game(first, CH)
    user, notation = move_of((await first.service.table(CH)).state)
    actor = Actor(CH, user.id, user.name, GUILD)
    assert not (await first.service.submit(actor, notation)).refused  # saved and answered: then the process died
    await first.service.store.close()

    again = await offline_bot(db_url(tmp_path), clock)  # the restart
    poster = again.client.poster
    assert await poster.boards.late(poster, again.service) == 0  # within the grace, another process may draw it
    clock.advance((BOARD_GRACE + 1) / 3600)
    start = len(again.adapter.sent)
    assert await poster.boards.late(poster, again.service) == 1
    await poster.boards.settled()
    [late] = again.adapter.sent[start:]
    assert late.public and late.content.startswith("The board, drawn late") and late.board
    assert await owed(again) == 0
    assert await poster.boards.late(poster, again.service) == 0  # posted once
    await again.service.store.close()


async def burst(service: GameService, channels: range) -> list[Any]:
    """One move in every channel at the same moment; each outcome (an outbox, or the exception raised)."""
    chooser = random.Random(1)
    plans = [(c, await plan_move(service, c, chooser)) for c in channels]

    async def move(channel: int, plan: tuple[int, str] | None) -> Any:
        assert plan is not None
        return await service.submit(Actor(channel, plan[0], "p", GUILD), plan[1])

    return await asyncio.gather(*(move(c, p) for c, p in plans), return_exceptions=True)


def peak_checkouts(store: Store) -> Callable[[], int]:
    """The most connections the store's pool lent at once, counted live."""
    pool = store.sync_engine.pool
    now, peak = [0], [0]

    def out(*_args: Any) -> None:
        now[0] += 1
        peak[0] = max(peak[0], now[0])

    def back(*_args: Any) -> None:
        now[0] -= 1

    event.listen(pool, "checkout", out)
    event.listen(pool, "checkin", back)
    return lambda: peak[0]


async def test_a_burst_on_postgresql_bigger_than_the_pool_waits_in_the_bots_queue_and_loses_nothing(pg_database):
    games = 40
    before = await seed_games(pg_database, games)
    store = await Store.open(pg_database, pool=2, queue=1000)
    peak = peak_checkouts(store)
    service = GameService(store, Settings())
    outcomes = await burst(service, range(FIRST_CHANNEL, FIRST_CHANNEL + games))
    assert not [o for o in outcomes if isinstance(o, BaseException)]  # nothing raised (no pool timeout)
    assert not [o.reply for o in outcomes if o.refused]
    assert peak() <= 2 and store.gate.most_waiting >= games // 2  # the burst waited in the bot's queue
    after = await log_lines(store)
    channels = range(FIRST_CHANNEL, FIRST_CHANNEL + games)
    assert all(after.get(c, 0) == before.get(c, 0) + 1 for c in channels)  # every move kept
    await store.close()


async def test_beyond_the_bots_queue_a_command_is_refused_as_busy_and_changes_nothing(pg_database):
    games = 20
    before = await seed_games(pg_database, games)
    store = await Store.open(pg_database, pool=1, queue=4)
    service = GameService(store, Settings())
    outcomes = await burst(service, range(FIRST_CHANNEL, FIRST_CHANNEL + games))
    assert not [o for o in outcomes if isinstance(o, BaseException)]
    refused = {FIRST_CHANNEL + i for i, o in enumerate(outcomes) if o.refused}
    assert refused and all(outcomes[c - FIRST_CHANNEL].reply == messages.BUSY for c in refused)
    after = await log_lines(store)
    for channel in range(FIRST_CHANNEL, FIRST_CHANNEL + games):
        assert after.get(channel, 0) == before.get(channel, 0) + (0 if channel in refused else 1)
    await store.close()
