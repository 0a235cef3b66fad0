"""Sharding: ROOTBOT_SHARDS picks this process's shards (or auto), and a bad value is one clear line."""

from __future__ import annotations

import pytest

from bot.discord.client import RootClient
from bot.settings import Settings, SettingsError, Shards, settings_from


@pytest.mark.parametrize(
    ("text", "ids", "count"),
    [
        ("auto", None, None),
        ("AUTO", None, None),
        ("0-3 of 8", (0, 1, 2, 3), 8),
        ("4-7 of 8", (4, 5, 6, 7), 8),
        ("5 of 8", (5,), 8),
        ("0,2, 4-5 of 8", (0, 2, 4, 5), 8),
        ("0 of 1", (0,), 1),
    ],
)
def test_good_shard_values(text, ids, count):
    shards = settings_from({"ROOTBOT_SHARDS": text}).shards
    assert (shards.ids, shards.count) == (ids, count)


@pytest.mark.parametrize(
    "text", ["0-3", "0-3 of", "4-2 of 8", "8 of 8", "0 of 0", "x of 8", "0-3 of 99999", "-1 of 4", "1-2-3 of 8", "of 8"]
)
def test_a_bad_shard_value_is_one_line_saying_what_is_expected(text):
    with pytest.raises(SettingsError) as refused:
        settings_from({"ROOTBOT_SHARDS": text})
    said = str(refused.value)
    assert said.startswith(f"ROOTBOT_SHARDS={text.strip()} is not valid") and "'0-3 of 8'" in said
    assert "\n" not in said


def test_the_client_runs_the_configured_shards_or_all_of_them():
    some = RootClient(None, Settings(shards=Shards((0, 1, 2, 3), 8)))  # type: ignore[arg-type]
    assert some.shard_ids == [0, 1, 2, 3] and some.shard_count == 8
    every = RootClient(None, Settings())  # type: ignore[arg-type]
    assert every.shard_ids is None and every.shard_count is None  # AutoShardedClient asks Discord how many
    assert Settings().shards.text() == "auto" and Shards((4, 5), 8).text() == "4,5 of 8"


def test_the_client_logs_no_voice_library_warning(caplog, monkeypatch):
    import logging

    import discord

    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.WARNING):
        RootClient(None, Settings())  # type: ignore[arg-type]
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
