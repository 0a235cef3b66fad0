"""Reminders with an injected clock: due, not due, paused, after a restart, never twice; the loop never dies."""

from __future__ import annotations

import logging

from discord_harness import ALICE, CHANNEL, MOD, FakeClock, open_service, started_game

from bot import messages
from bot.service.reminders import tick
from bot.storage.store import Change


async def test_due_and_not_due_and_never_twice(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    clock.advance(23.9)
    assert await service.due_reminders() == []
    clock.advance(0.2)
    [first] = await service.due_reminders()
    assert first.channel_id == CHANNEL and first.mentions == [ALICE.user_id]
    assert f"<@{ALICE.user_id}>" in first.public and "<t:" in first.public and ":R>" in first.public
    assert "Reminder 1" in first.public
    assert await service.due_reminders() == []  # the same tick again sends nothing
    clock.advance(24)
    [second] = await service.due_reminders()
    assert "Reminder 2" in second.public and "Moderators are told" in second.public
    clock.advance(24)
    [notice] = await service.due_reminders()
    assert notice.mentions == [] and messages.MODERATORS in notice.public and "stuck" in notice.public
    clock.advance(240)
    assert await service.due_reminders() == []  # after the notice the seat is left alone
    await service.store.close()


async def test_an_action_restarts_the_clock(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    clock.advance(20)
    assert not (await service.submit(ALICE, "keep 1")).refused
    clock.advance(20)
    assert await service.due_reminders() == []
    clock.advance(4.1)
    assert len(await service.due_reminders()) == 1
    await service.store.close()


async def test_pause_stops_the_clock_and_resume_restarts_it(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    clock.advance(10)
    assert not (await service.mod_pause(MOD)).refused
    clock.advance(100)
    assert await service.due_reminders() == []
    assert (await service.submit(ALICE, "keep 1")).reply == messages.PAUSED
    assert not (await service.mod_resume(MOD)).refused
    clock.advance(13.9)
    assert await service.due_reminders() == []
    clock.advance(0.2)
    assert len(await service.due_reminders()) == 1
    await service.store.close()


async def test_reminders_carry_on_after_a_restart_none_lost_none_twice(database):
    url = database
    clock = FakeClock()
    first = await open_service(url, clock)
    await started_game(first)
    clock.advance(25)
    assert len(await first.due_reminders()) == 1
    await first.store.close()
    clock.advance(30)  # the bot was down while the second reminder fell due
    second = await open_service(url, clock)
    [late] = await second.due_reminders()
    assert "Reminder 2" in late.public
    assert await second.due_reminders() == []
    await second.store.close()


async def test_the_interval_is_set_per_game(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    assert not (await service.mod_reminders(MOD, 2)).refused
    clock.advance(2.1)
    assert len(await service.due_reminders()) == 1
    assert (await service.mod_reminders(ALICE, 5)).reply == messages.NOT_A_MODERATOR
    await service.store.close()


async def test_moderators_role_is_mentioned_in_the_notice(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    await service.mod_settings(MOD, role_id=31337, reminders_before_notice=1)
    clock.advance(25)
    assert "Reminder 1" in (await service.due_reminders())[0].public
    clock.advance(25)
    [notice] = await service.due_reminders()
    assert notice.mention_roles == [31337] and "<@&31337>" in notice.public
    await service.store.close()


async def test_the_loop_body_survives_any_exception(database, caplog):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    clock.advance(25)

    async def broken_post(_outbox):
        raise RuntimeError("channel deleted")

    with caplog.at_level(logging.WARNING):
        assert await tick(service, broken_post) == 0
    assert "could not post" in caplog.text
    posted = []

    async def post(outbox):
        posted.append(outbox)

    async def broken_due(_now=None):
        raise OSError("database gone")

    service.due_reminders = broken_due  # type: ignore[method-assign]
    clock.advance(1)
    assert await tick(service, post) == 1  # queueing failed, yet the outbox is still delivered
    assert [o.public for o in posted] == [posted[0].public] and "Reminder 1" in posted[0].public
    await service.store.close()


async def test_a_changed_deadline_is_not_reminded_from_a_stale_read(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    clock.advance(25)
    [(deadline, _game)] = await service.store.due(int(clock.now))
    table = await service.table(CHANNEL)
    fresh = service.arm(table, table.state, int(clock.now))
    await service.store.save(Change(CHANNEL, table.game.version, int(clock.now), deadline=fresh))
    assert not await service.store.update_deadline(deadline, deadline)
    await service.store.close()
