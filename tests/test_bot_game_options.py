"""Game options set at /root create (`game_options:name=value,...`): read against what the mode and the lobby's
factions declare, kept with the lobby, handed to the engine at /root start; anything else refused, saying why."""

from __future__ import annotations

import pytest
from discord_harness import FakeClock, OfflineUser, db_url, offline_bot, state_of

from rules.factions import spore

ALICE, BOB, CAROL = OfflineUser("alice"), OfflineUser("bob"), OfflineUser("carol")
CH = 940
SPORE_GAME = "spore,marquise,eyrie"


@pytest.fixture
async def bot(tmp_path):
    offline = await offline_bot(db_url(tmp_path), FakeClock())
    yield offline
    await offline.service.store.close()


async def started(bot, **create: object):
    """A three-seat game with the Spore, created with these options and started."""
    created = await bot.slash(ALICE, CH, "root create", seats=3, factions=SPORE_GAME, **create)
    assert not created.refused, created.text
    for user, faction in ((ALICE, "spore"), (BOB, "marquise"), (CAROL, "eyrie")):
        assert not (await bot.slash(user, CH, "root join", faction=faction)).refused
    assert not (await bot.slash(CAROL, CH, "root start")).refused
    return created, await state_of(bot.service, CH)


async def test_a_game_option_typed_at_create_reaches_the_engine_and_is_announced(bot):
    created, state = await started(bot, game_options="spore_overgrowth=growth, negative_points=TRUE")
    assert state.options["spore_overgrowth"] == "growth" and state.options["negative_points"] is True
    assert spore.overgrowth(state) == "growth"
    assert "Game options: spore_overgrowth=growth, negative_points=true." in created.public[0].content


async def test_a_game_option_given_twice_alike_is_taken_once(bot):
    _, state = await started(bot, game_options="negative_points=true, negative_points=TRUE")
    assert state.options["negative_points"] is True


async def test_without_game_options_the_defaults_hold(bot):
    created, state = await started(bot)
    assert "spore_overgrowth" not in state.options and spore.overgrowth(state) == "standing"
    assert "Game options" not in created.public[0].content


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("spore_overgrow=growth", "unknown game option 'spore_overgrow'; this game's options are spore_overgrowth"),
        ("spore_overgrowth=never", "spore_overgrowth must be growth or standing, not 'never'"),
        ("spore_overgrowth", "spore_overgrowth must be growth or standing, not ''"),
        ("spore_mycelium_hits=true", "spore_mycelium_hits must be 1 or 2, not 'true'"),
        ("tinker_full_removal=keep", "unknown game option 'tinker_full_removal'"),  # no Tinker in this lobby
        ("negative_points=true, negative_points=false", "negative_points is given twice (true, then false)"),
        ("spore_overgrowth=growth;SPORE_OVERGROWTH=standing", "spore_overgrowth is given twice (growth, then"),
    ],
)
async def test_a_bad_game_option_is_refused_saying_why_and_no_game_is_made(bot, typed, reason):
    refused = await bot.slash(ALICE, CH, "root create", seats=3, factions=SPORE_GAME, game_options=typed)
    assert refused.refused and reason in refused.private[0].content
    assert await bot.service.maybe_table(CH) is None


async def test_autocomplete_offers_the_options_of_the_chosen_factions_after_what_is_typed(bot):
    offered = await bot.autocomplete(
        ALICE, CH, "root create", "game_options", factions=SPORE_GAME, game_options="negative_points=true,spore_o"
    )
    values = [c["value"] for c in offered]
    assert values == ["negative_points=true,spore_overgrowth=standing", "negative_points=true,spore_overgrowth=growth"]
    alone = await bot.autocomplete(ALICE, CH, "root create", "game_options", factions="marquise,eyrie", game_options="")
    assert [c["value"] for c in alone] == ["negative_points=false", "negative_points=true"]
