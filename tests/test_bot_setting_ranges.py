"""Every setting is checked against its range, by the service and at start-up; a stored bad one stops no game."""

from __future__ import annotations

import math

import pytest
from discord_harness import ALICE, BOB, CHANNEL, MOD, FakeClock, db_url, open_service, started_game

from bot.settings import REMINDER_HOURS, SettingsError, settings_from
from bot.storage.models import GuildSettings

BAD_HOURS = [1e308, math.inf, math.nan, -1.0, 0.0, 0.1, 721.0]


async def _lobby_then_start(service) -> None:
    assert not (await service.create(ALICE, seats=2)).refused
    assert not (await service.join(ALICE, "marquise")).refused
    assert not (await service.join(BOB, "eyrie")).refused
    start = await service.start(ALICE)
    assert not start.refused, start.reply


@pytest.mark.parametrize("hours", BAD_HOURS)
async def test_server_hours_out_of_range_are_refused_and_games_still_start(tmp_path, hours):
    service = await open_service(db_url(tmp_path))
    answer = await service.mod_settings(MOD, reminder_hours=hours)
    assert answer.refused and "hours must be from 0.25 to 720" in answer.reply
    assert await service.store.guild(MOD.guild_id) is None  # nothing was saved
    await _lobby_then_start(service)
    await service.store.close()


@pytest.mark.parametrize("notices", [0, -3, 21, 10**12])
async def test_server_notice_counts_out_of_range_are_refused(tmp_path, notices):
    service = await open_service(db_url(tmp_path))
    answer = await service.mod_settings(MOD, reminders_before_notice=notices)
    assert answer.refused and "notices must be from 1 to 20" in answer.reply
    assert not (await service.mod_settings(MOD, reminder_hours=0.25, reminders_before_notice=20)).refused
    await service.store.close()


@pytest.mark.parametrize("hours", BAD_HOURS)
async def test_game_hours_out_of_range_are_refused(tmp_path, hours):
    clock = FakeClock()
    service = await open_service(db_url(tmp_path), clock)
    await started_game(service)
    before = (await service.table(CHANNEL)).game.version
    answer = await service.mod_reminders(MOD, hours)
    assert answer.refused and "hours must be from 0.25 to 720" in answer.reply
    assert (await service.table(CHANNEL)).game.version == before
    clock.advance(25)
    assert len(await service.due_reminders()) == 1
    await service.store.close()


@pytest.mark.parametrize(("field", "value"), [("win_points", 10**12), ("round_limit", 10**9), ("win_points", 0)])
async def test_game_counts_are_bounded(tmp_path, field, value):
    service = await open_service(db_url(tmp_path))
    answer = await service.create(ALICE, seats=2, **{field: value})
    assert answer.refused and f"{field} must be from 1 to 100" in answer.reply
    await service.store.close()


async def test_a_bad_value_stored_before_the_checks_stops_no_game(tmp_path):
    clock = FakeClock()
    service = await open_service(db_url(tmp_path), clock)
    await service.store.save_guild(
        GuildSettings(guild_id=MOD.guild_id, reminder_hours=1e308, reminders_before_notice=10**12)
    )
    await _lobby_then_start(service)
    assert (await service.table(CHANNEL)).game.reminder_hours == 24  # the default, not the stored 1e308
    clock.advance(25)
    assert len(await service.due_reminders()) == 1
    assert "24 hour" in (await service.mod_settings(MOD)).reply
    await service.store.close()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ROOTBOT_REMINDER_HOURS", "abc"),
        ("ROOTBOT_REMINDER_HOURS", "inf"),
        ("ROOTBOT_REMINDER_HOURS", "0.1"),
        ("ROOTBOT_REMINDERS_BEFORE_NOTICE", "2.5"),
        ("ROOTBOT_REMINDERS_BEFORE_NOTICE", "0"),
        ("ROOTBOT_REMINDER_POLL_SECONDS", "1e9"),
        ("ROOTBOT_LOG_LEVEL", "verbose"),
        ("ROOTBOT_DEV_GUILD", "-5"),
        ("ROOTBOT_DEV_GUILD", "99999999999999999999999"),
        ("ROOTBOT_DATABASE_URL", "mysql://x"),
        ("ROOTBOT_RENDER_WORKERS", "-1"),
        ("ROOTBOT_RENDER_WORKERS", "65"),
        ("ROOTBOT_RENDER_WORKERS", "two"),
        ("ROOTBOT_DB_POOL", "0"),
        ("ROOTBOT_DB_POOL", "1.5"),
        ("ROOTBOT_DB_QUEUE", "0"),
        ("ROOTBOT_DB_QUEUE", "１０"),
    ],
)
def test_an_environment_value_out_of_range_names_the_variable(name, value):
    with pytest.raises(SettingsError) as refused:
        settings_from({name: value})
    assert str(refused.value).startswith(f"{name}=") and "expected" in str(refused.value)


def test_good_environment_values_are_read_with_their_types():
    settings = settings_from(
        {
            "ROOTBOT_REMINDER_HOURS": "0.5",
            "ROOTBOT_REMINDERS_BEFORE_NOTICE": "3",
            "ROOTBOT_LOG_LEVEL": "debug",
            "ROOTBOT_DEV_GUILD": "123456789012345678",
            "ROOTBOT_DATABASE_URL": "sqlite+aiosqlite:////var/lib/rootbot/rootbot.db",
            "ROOTBOT_RENDER_WORKERS": "0",
            "ROOTBOT_DB_POOL": "4",
            "ROOTBOT_DB_QUEUE": "200",
        }
    )
    assert (settings.render_workers, settings.db_pool, settings.db_queue) == (0, 4, 200)
    assert settings.reminder_hours == 0.5 and settings.reminders_before_notice == 3 and settings.log_level == "DEBUG"
    assert settings.dev_guild == 123456789012345678 and settings.database_url.endswith("/var/lib/rootbot/rootbot.db")
    assert REMINDER_HOURS.fits(settings.reminder_hours)
