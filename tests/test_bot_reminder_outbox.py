"""The reminder outbox: a reminder is done only once posted; failures retry; a crash or restart loses none."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from discord_harness import ALICE, CHANNEL, MOD, FakeClock, open_service, started_game

from bot import messages
from bot.service import GameService
from bot.service.reminders import tick

CHANNELS = (CHANNEL, CHANNEL + 1, CHANNEL + 2)
SECOND = 1 / 3600  # FakeClock.advance takes hours


class Channel:
    """A fake channel poster: what was posted, which posts fail, and the nonce check a real channel offers."""

    def __init__(self) -> None:
        self.posted: list[tuple[int | None, str, str | None]] = []
        self.failures = 0

    async def post(self, outbox):
        if self.failures:
            self.failures -= 1
            raise ConnectionError("Discord is unreachable (503)")
        self.posted.append((outbox.channel_id, outbox.public, outbox.nonce))

    async def already_posted(self, outbox, _since):
        return any(nonce == outbox.nonce for _, _, nonce in self.posted)

    def texts(self, channel: int = CHANNEL) -> list[str]:
        return [text for where, text, _ in self.posted if where == channel]


async def reminder_due(database: str) -> tuple[FakeClock, GameService]:
    """A started game whose first reminder is due."""
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    clock.advance(25)
    return clock, service


async def test_a_post_that_raises_is_retried_later_and_delivered_once(database):
    clock, service = await reminder_due(database)
    channel = Channel()
    channel.failures = 2
    assert await tick(service, channel.post, channel.already_posted) == 0  # Discord down: kept, not marked sent
    assert await tick(service, channel.post, channel.already_posted) == 0  # backing off: not tried again yet
    clock.advance(31 * SECOND)
    assert await tick(service, channel.post, channel.already_posted) == 0  # the second attempt fails too
    clock.advance(40 * SECOND)
    assert await tick(service, channel.post, channel.already_posted) == 0  # the wait doubled: 60 s now
    clock.advance(30 * SECOND)
    assert await tick(service, channel.post, channel.already_posted) == 1
    assert await tick(service, channel.post, channel.already_posted) == 0
    [text] = channel.texts()
    assert "Reminder 1" in text and f"<@{ALICE.user_id}>" in text
    await service.store.close()


async def test_a_tick_abandoned_mid_way_loses_nothing_and_a_restart_resumes(database):
    url = database
    clock = FakeClock()
    first = await open_service(url, clock)
    for channel_id in CHANNELS:
        await started_game(first, channel=channel_id)
    clock.advance(25)
    channel = Channel()

    async def dies_on_the_second_post(outbox):
        if channel.posted:
            raise asyncio.CancelledError  # the process is stopped in the middle of the loop
        await channel.post(outbox)

    with pytest.raises(asyncio.CancelledError):
        await tick(first, dies_on_the_second_post, channel.already_posted)
    await first.store.close()
    assert len(channel.posted) == 1
    second = await open_service(url, clock)  # the restart
    clock.advance(61 * SECOND)  # the dead process's claim on the post it was making runs out
    assert await tick(second, channel.post, channel.already_posted) == 2
    assert await tick(second, channel.post, channel.already_posted) == 0
    assert sorted(where for where, _, _ in channel.posted) == sorted(CHANNELS)  # each game reminded exactly once
    await second.store.close()


async def test_a_crash_after_the_post_went_out_does_not_post_it_again(database):
    url = database
    clock = FakeClock()
    first = await open_service(url, clock)
    await started_game(first)
    clock.advance(25)
    channel = Channel()

    async def posts_then_dies(outbox):
        await channel.post(outbox)  # Discord accepted it...
        raise asyncio.CancelledError  # ...and the process died before writing that down

    with pytest.raises(asyncio.CancelledError):
        await tick(first, posts_then_dies, channel.already_posted)
    await first.store.close()
    second = await open_service(url, clock)
    clock.advance(61 * SECOND)
    attempts = []

    async def post(outbox):
        attempts.append(outbox.nonce)
        await channel.post(outbox)

    await tick(second, post, channel.already_posted)
    assert attempts == [] and len(channel.texts()) == 1  # the retry found the first post and did not repeat it
    assert await tick(second, post, channel.already_posted) == 0
    await second.store.close()


async def test_a_reminder_of_a_game_that_moved_on_is_dropped_not_posted(database):
    clock, service = await reminder_due(database)
    channel = Channel()
    channel.failures = 1
    await tick(service, channel.post, channel.already_posted)
    assert not (await service.submit(ALICE, "keep 1")).refused  # Alice played while the post was failing
    clock.advance(31 * SECOND)
    assert await tick(service, channel.post, channel.already_posted) == 0
    assert channel.posted == []
    await service.store.close()


async def test_a_post_that_always_fails_is_given_up_after_its_attempts(database, caplog):
    clock, service = await reminder_due(database)
    channel = Channel()
    channel.failures = 1000
    for _ in range(20):
        await tick(service, channel.post, channel.already_posted)
        clock.advance(1)
    assert "giving up" in caplog.text and "attempt 12" in caplog.text and "attempt 13" not in caplog.text
    channel.failures = 0
    clock.advance(1)
    await tick(service, channel.post, channel.already_posted)
    assert channel.posted == []  # given up: not posted hours late
    await service.store.close()


async def test_an_unseated_seat_is_reminded_to_the_moderators(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    await service.mod_settings(MOD, role_id=31337)
    assert not (await service.mod_unseat(MOD, "marquise")).refused
    clock.advance(25)
    [reminder] = await service.due_reminders()
    assert reminder.mention_roles == [31337] and "<@&31337>" in reminder.public
    assert reminder.mentions == [] and messages.NOBODY not in reminder.public
    await service.store.close()


KILLED_TICK = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from bot.service.reminders import tick
    from bot.settings import Settings
    from bot.service import GameService
    from bot.storage.store import Store

    url, now, log = sys.argv[1], float(sys.argv[2]), sys.argv[3]

    async def post(outbox):
        with open(log) as f:
            if f.read().count("\\n") >= 1:
                os.kill(os.getpid(), signal.SIGKILL)  # kill -9 in the middle of the tick
        with open(log, "a") as f:
            f.write(f"{outbox.channel_id} {outbox.nonce}\\n")

    async def main():
        service = GameService(await Store.open(url), Settings(), clock=lambda: now)
        await tick(service, post)

    asyncio.run(main())
    """
)


async def test_a_process_killed_mid_tick_loses_no_reminder_and_posts_none_twice(database, tmp_path):
    url = database
    clock = FakeClock()
    service = await open_service(url, clock)
    for channel_id in CHANNELS:
        await started_game(service, channel=channel_id)
    await service.store.close()
    clock.advance(25)
    log = tmp_path / "posted.txt"
    log.write_text("")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    run = subprocess.run(
        [sys.executable, "-c", KILLED_TICK, url, str(clock.now), str(log)], env=env, capture_output=True, timeout=120
    )
    assert run.returncode == -signal.SIGKILL, run.stderr.decode()
    assert len(log.read_text().splitlines()) == 1
    clock.advance(61 * SECOND)
    restarted = await open_service(url, clock)

    async def post(outbox):
        with log.open("a") as f:
            f.write(f"{outbox.channel_id} {outbox.nonce}\n")

    assert await tick(restarted, post) == 2
    assert await tick(restarted, post) == 0
    lines = log.read_text().splitlines()
    assert sorted(int(line.split()[0]) for line in lines) == sorted(CHANNELS)
    await restarted.store.close()
