"""Refusals of the bot met in a first game played from the docs alone (issue 22, its playthroughs)."""

from __future__ import annotations

import pytest
from discord_harness import OfflineUser, saved
from qa_helpers import close_stores, qa_bot, qa_bot_game  # noqa: F401

from bot.console import ConsoleError, parse_command

ALICE, BOB = OfflineUser("alice"), OfflineUser("bob")
MOD = OfflineUser("mo", moderator=True)
CH = 4343


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"seats": 2, "factions": ""}, "factions:"),
        ({"seats": 2, "factions": " , "}, "factions:"),
        ({"seats": 2, "mode": ""}, "mode:"),
        ({"seats": 2, "game_options": ""}, "game_options:"),
    ],
)
async def test_an_empty_root_create_option_is_refused_naming_it_and_makes_no_game(tmp_path, options, named):
    bot = await qa_bot(tmp_path)
    result = await bot.slash(ALICE, CH, "root create", **options)
    assert result.refused and not result.public
    assert f"The option {named} is empty" in result.text
    assert await bot.service.store.load(CH) is None


async def test_an_empty_root_join_team_is_refused_naming_it(tmp_path):
    bot = await qa_bot(tmp_path)
    assert not (await bot.slash(ALICE, CH, "root create", seats=2)).refused
    before = await saved(bot.service, CH)
    result = await bot.slash(ALICE, CH, "root join", faction="marquise", team="")
    assert result.refused and "The option team: is empty" in result.text
    result = await bot.slash(ALICE, CH, "root join", faction="")
    assert result.refused and "The option faction: is empty; give it a value (this command needs it)" in result.text
    assert await saved(bot.service, CH) == before


async def test_an_empty_rootmod_option_is_refused_naming_it(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    before = await saved(bot.service, CH)
    for path, options, named in (
        ("rootmod edit", {"text": ""}, "text:"),
        ("rootmod unseat", {"faction": " "}, "faction:"),
        ("rootmod place", {"clearing": 1, "piece": "", "count": 2}, "piece:"),
    ):
        result = await bot.slash(MOD, CH, path, **options)
        assert result.refused and f"The option {named} is empty" in result.text, result.text
    assert await saved(bot.service, CH) == before
    result = await bot.slash(ALICE, CH, "rootmod edit", text="")  # not a moderator: refused before anything runs
    assert result.refused and "The option text: is empty" in result.text
    result = await bot.slash(ALICE, CH, "rootmod edit", text="!place 1 marquise:warrior")
    assert result.refused and "Only moderators" in result.text
    assert await saved(bot.service, CH) == before


async def test_a_march_in_play_points_to_the_move_command(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    result = await bot.slash(ALICE, CH, "play", action="march 1>5 x1")
    assert result.refused and "use /move for it" in result.text


async def test_the_console_points_a_march_command_to_move(tmp_path):
    bot = await qa_bot(tmp_path)
    with pytest.raises(ConsoleError, match=r"there is no command /march: use /move"):
        parse_command(bot, "/march from:1 to:5 count:1")
    with pytest.raises(ConsoleError, match=r"there is no command /nothing$"):
        parse_command(bot, "/nothing")
