"""Refusals that say the right thing: which keys, which cards, which columns and clearings; input echoed short."""

from __future__ import annotations

import logging

import pytest
from discord_harness import OfflineUser, saved, state_of
from qa_helpers import close_stores, qa_bot, qa_bot_game  # noqa: F401

import rules
from bot.console import Console, ConsoleError, OffsetClock
from bot.console.offline import OfflineBot

ALICE, BOB = OfflineUser("alice"), OfflineUser("bob")
MOD = OfflineUser("mo", moderator=True)
CH = 4242  # the channel of discord_harness.saved()
SETUP = ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader builder")


@pytest.fixture
async def bot(tmp_path):
    return await qa_bot_game(tmp_path, CH)


async def refusal(bot: OfflineBot, user: OfflineUser, path: str, **options: object) -> str:
    """The private reply to a command that must be refused, after checking nothing was saved."""
    before = await saved(bot.service, CH)
    result = await bot.slash(user, CH, path, **options)
    assert result.refused and not result.public, result.text
    assert await saved(bot.service, CH) == before
    return result.text


async def to_eyrie_birdsong(bot: OfflineBot) -> rules.GameState:
    """Play the setup; the Marquise then ends her turn, so the Eyrie are to add cards to the Decree."""
    for line in SETUP:
        state = await state_of(bot.service, CH)
        user = ALICE if rules.to_act(state) == 0 else BOB
        assert not (await bot.slash(user, CH, "play", action=line)).refused
    for _ in range(10):
        state = await state_of(bot.service, CH)
        if state.turn.step == "eyrie.decree":
            return state
        seat = rules.to_act(state)
        user = ALICE if seat == 0 else BOB
        ends = [a for a in rules.legal_actions(state, seat) if a.verb in ("end", "pass")]
        assert not (
            await bot.slash(user, CH, "play", action=(ends or rules.legal_actions(state, seat))[0].notation())
        ).refused
    raise AssertionError("never reached the Eyrie's Birdsong")


async def test_a_card_two_keys_share_names_both_keys(bot):
    text = await refusal(bot, ALICE, "craft", card="crossbow")
    assert "crossbow-bird" in text and "crossbow-mouse" in text
    assert "is not a card" not in text


async def test_root_card_with_two_keys_names_both(bot):
    text = (await bot.slash(ALICE, CH, "root card", name="crossbow")).text
    assert "crossbow-bird" in text and "crossbow-mouse" in text


async def test_a_card_of_the_wrong_type_is_named_as_such(bot):
    text = await refusal(bot, ALICE, "ambush", card="sappers")
    assert "Sappers is not an ambush card" in text
    assert "ambush-fox" in text
    text = await refusal(bot, ALICE, "activate", card="anvil")
    assert "Anvil is not a dominance card" in text


async def test_an_unknown_card_lists_the_cards_closest_first(bot):
    text = await refusal(bot, ALICE, "craft", card="anvill")
    listed = text.split("cards are: ", 1)[1]
    assert listed.startswith("anvil,")
    assert "woodland-runners" in listed  # every valid one is listed


async def test_an_unknown_decree_column_lists_the_columns_closest_first(bot):
    state = await to_eyrie_birdsong(bot)
    card = rules.cards.card(state.seats[1].hand[0]).key
    text = await refusal(bot, BOB, "decree", card=card, column="mvoe")
    assert "the columns are: move," in text
    assert all(c in text for c in ("recruit", "battle", "build"))


async def test_an_unknown_clearing_names_the_valid_ones(bot):
    text = await refusal(bot, ALICE, "keep", clearing=99)
    assert "there is no clearing 99" in text and "clearings are 1 to 12" in text


async def test_an_unknown_faction_lists_the_factions_closest_first(tmp_path):
    offline = await qa_bot(tmp_path)
    await offline.slash(ALICE, CH, "root create", seats=2)
    text = (await offline.slash(ALICE, CH, "root join", faction="marqise")).text
    assert "factions are marquise," in text
    text = (await offline.slash(MOD, CH, "rootmod unseat", faction="wizards")).text
    assert "the seats are: nobody" in text
    await offline.slash(ALICE, CH, "root join", faction="marquise")
    text = (await offline.slash(MOD, CH, "rootmod unseat", faction="eyrei")).text
    assert "No seat plays 'eyrei'" in text and "the seats are: marquise" in text


async def test_long_input_is_echoed_short(bot):
    junk = "z" * 300
    for path, options in (
        ("play", {"action": f"move 1>5 x2 {junk}"}),
        ("craft", {"card": junk}),
        ("play", {"action": junk}),
    ):
        text = await refusal(bot, ALICE, path, **options)
        assert junk[:100] not in text
        assert "z" * 79 in text or "zzz" in text  # still quoted, but cut
    text = (await bot.slash(ALICE, CH, "root join", faction=junk)).text
    assert junk[:100] not in text


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("@alice /keep", "/keep needs the option clearing"),
        ("@alice /keep clearing:abc", "clearing takes a whole number, not 'abc'"),
        ("@alice /root board public:maybe", "public takes true or false, not 'maybe'"),
        ("@alice /root log lines:xyz", "lines takes a whole number, not 'xyz'"),
        ("@alice /root log lines:99", "lines takes a whole number from 1 to 50, not '99'"),
        ("@mo! /rootmod reminders hours:soon", "hours takes a number, not 'soon'"),
        ("@alice /move from:1 to:2 count:1 colour:red", "/move has no option 'colour'; its options are: from, to"),
        ("@alice /root create board:lake", "/root create has no option 'board'"),
        ("@alice /build kind:sawmill clearing:1 clearing:5", "/build got the option clearing: more than once"),
        ("@alice /keep clearing:1 clearing:", "/keep got the option clearing: more than once"),
    ],
)
async def test_console_option_mistakes_get_one_clear_message(tmp_path, caplog, line, says):
    offline = await qa_bot(tmp_path)
    written: list[str] = []
    shell = Console(offline, OffsetClock(), "game", None, write=written.append)
    await shell.run_lines(["@alice /root create seats:2", "@alice /root join faction:marquise"])
    before = await saved(offline.service, shell.channel_id)
    with caplog.at_level(logging.WARNING), pytest.raises(ConsoleError) as err:
        await shell.run_line(line)
    assert says in str(err.value)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]  # no traceback logged
    assert await saved(offline.service, shell.channel_id) == before


async def test_console_values_with_colons_are_not_taken_for_options(tmp_path):
    offline = await qa_bot(tmp_path)
    shell = Console(offline, OffsetClock(), "game", None, write=lambda _: None)
    for line in (
        "@alice /root create seats:2 factions:marquise,eyrie",
        "@alice /root join faction:marquise",
        "@bob /root join faction:eyrie",
        "@bob /root start",
        "@alice /keep clearing:1",
        "@mo! /rootmod card card:anvil from:deck to:hand:marquise",
        "@mo! /rootmod edit text:!card anvil hand:marquise discard",
        "@alice /play action:build sawmill 1 wood:1",
        "@alice /root board public:yes",
    ):
        await shell.run_line(line)  # none raises ConsoleError
    assert not shell.totals.errors


async def to_marquise_actions(bot: OfflineBot) -> rules.GameState:
    """Play the setup, then end the Marquise's steps until her Daylight actions."""
    for line in SETUP:
        state = await state_of(bot.service, CH)
        user = ALICE if rules.to_act(state) == 0 else BOB
        assert not (await bot.slash(user, CH, "play", action=line)).refused
    for _ in range(5):
        state = await state_of(bot.service, CH)
        if state.turn.step == "marquise.actions":
            return state
        assert not (await bot.slash(ALICE, CH, "play", action="end")).refused
    raise AssertionError("never reached the Marquise's Daylight actions")


@pytest.mark.parametrize("value", ["", "   ", " , "])
async def test_an_option_given_empty_is_refused_by_name_and_recruits_nowhere(bot, value):
    await to_marquise_actions(bot)
    text = await refusal(bot, ALICE, "recruit", clearings=value)
    assert "The option clearings: is empty" in text
    text = await refusal(bot, ALICE, "move", **{"from": "1", "to": value, "count": 1})
    assert "The option to: is empty" in text
    assert not (await bot.slash(ALICE, CH, "recruit")).refused  # recruiting was legal all along


@pytest.mark.parametrize(
    ("factions", "says"), [("marquise", "only 1 faction is allowed"), ("marquise,eyrie", "only 2 factions are allowed")]
)
async def test_too_few_factions_for_the_seats_is_said_in_good_english(tmp_path, factions, says):
    offline = await qa_bot(tmp_path)
    result = await offline.slash(ALICE, CH, "root create", seats=3, factions=factions)
    assert result.refused and says in result.text
