"""A careless user and a careless moderator: odd but ordinary sequences of commands, each answered sensibly."""

from __future__ import annotations

import pytest
from discord_harness import FakeClock, saved
from qa_helpers import A, B, M, close_stores, qa_bot, qa_bot_game  # noqa: F401

from bot.console.offline import GUILD_ID, OfflineUser, http_error
from bot.storage.models import GuildSettings
from rules import registry
from rules.cards import card

CH = 4242


async def test_a_lobby_status_names_an_automated_seat_as_automated(tmp_path):
    bot = await qa_bot(tmp_path)
    made = await bot.slash(M, CH, "root create", seats=3, factions="corvids,keepers,lizards", automated="keepers")
    assert not made.refused, made.text
    assert not (await bot.slash(A, CH, "root join", faction="corvids")).refused
    status = await bot.slash(A, CH, "root status")
    assert "Keepers in Iron (automated)" in status.text, status.text
    assert "()" not in status.text


async def test_a_moderator_cannot_hand_a_seat_to_a_bot(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    before = await saved(bot.service, CH)
    for other in (OfflineUser("helper-bot", bot=True), OfflineUser("rootbot", bot=True)):
        given = await bot.slash(M, CH, "rootmod replace", faction="marquise", user=other)
        assert given.refused and "is a bot" in given.text and "/rootmod automate" in given.text, given.text
        assert len(given.sent) == 1
    assert await saved(bot.service, CH) == before
    person = await bot.slash(M, CH, "rootmod replace", faction="marquise", user=OfflineUser("carol"))
    assert not person.refused, person.text


async def test_the_everyone_role_cannot_be_the_moderator_role(tmp_path):
    """Every member holds @everyone: as the moderator role it made every player a moderator (an undo, an edit, an
    export with the seed that shows every hand)."""
    bot = await qa_bot_game(tmp_path, CH)
    given = await bot.slash(M, CH, "rootmod settings", role=GUILD_ID)
    assert given.refused and "@everyone" in given.text, given.text
    settings = await bot.service.store.guild(GUILD_ID)
    assert settings is None or not settings.moderator_role_id
    player = await bot.slash(A, CH, "rootmod export", full=True)
    assert player.refused and "Only moderators" in player.text
    own = await bot.slash(M, CH, "rootmod settings", role="referees")
    assert not own.refused, own.text


async def test_the_table_names_of_the_newer_factions_are_understood(tmp_path):
    """Players call the Lord of the Hundreds the rats and the Riverfolk the otters, one or many."""
    bot = await qa_bot(tmp_path)
    assert not (await bot.slash(M, CH, "root create", seats=2, factions="rats,otter")).refused
    for user, name, faction in ((A, "rat", "Lord of the Hundreds"), (M, "Otter", "Riverfolk Company")):
        joined = await bot.slash(user, CH, "root join", faction=name)
        assert not joined.refused and faction in joined.text, joined.text


async def test_a_long_faction_list_is_never_suggested_cut_short(tmp_path):
    """Discord takes a choice of at most 100 characters: a longer list was cut mid-name ('…,riverfolk,co'), and
    picking it created nothing; a faction already in the list is not offered again."""
    bot = await qa_bot(tmp_path)
    typed = "marquise,eyrie,alliance,vagabond,vagabond2,spinners,spore,tinker,hundreds,lizards,duchy,riverfolk,c"
    short = "marquise,eyrie,c"
    for text in (typed, short):
        got = await bot.autocomplete(M, CH, "root create", "factions", factions=text)
        for choice in got:
            names = choice["value"].split(",")
            assert len(choice["value"]) <= 100 and len(choice["name"]) <= 100
            assert all(registry.find_faction(n) for n in names), choice
            assert len(set(names)) == len(names), choice
        assert got or text == typed


@pytest.mark.parametrize(
    "refusal", [{"code": 50001, "message": "Missing Access"}, {"code": 50013, "message": "Missing Permissions"}]
)
async def test_automated_moves_the_bot_may_no_longer_post_pause_the_game(tmp_path, refusal):
    """An admin takes the bot's access to the channel (or its Send Messages) away: the automated seats played the
    whole game on where nobody saw it, each post failing; now the game is paused, as for a deleted channel."""
    bot = await qa_bot(tmp_path)
    bot.client.automation.turn_seconds = 0.01
    made = await bot.slash(M, CH, "root create", seats=2, factions="marquise,eyrie", automated="marquise,eyrie")
    assert not made.refused

    async def forbidden(_outbox, **_how: bool) -> None:
        raise http_error(403, refusal)

    bot.client.poster.post = forbidden  # type: ignore[method-assign]
    assert not (await bot.slash(M, CH, "root start")).refused
    table = await bot.service.table(CH)
    moves = [r for r in await bot.service.store.record_rows(CH) if r.user_id is None]
    assert table.game.status == "paused" and len(moves) == 1  # the move made stands; no more are played unseen
    assert not (await bot.slash(M, CH, "rootmod resume")).refused  # a moderator goes on once the bot may post


async def test_a_game_option_set_already_is_not_offered_again_with_another_value(tmp_path):
    bot = await qa_bot(tmp_path)
    got = await bot.autocomplete(M, CH, "root create", "game_options", game_options="negative_points=true,")
    values = [c["value"] for c in got]
    assert values and not [v for v in values if v.split(",")[-1].startswith("negative_points")], values


async def test_a_faction_is_understood_by_the_name_the_bot_shows(tmp_path):
    """The bot writes 'Free factions: Keepers in Iron, …'; a player copying that name was told it is unknown."""
    bot = await qa_bot(tmp_path)
    made = await bot.slash(M, CH, "root create", seats=3, factions="Lizard Cult, Keepers in Iron,corvid conspiracy")
    assert not made.refused, made.text
    joined = await bot.slash(A, CH, "root join", faction="Keepers  in Iron")
    assert not joined.refused and "Keepers in Iron" in joined.text, joined.text
    robot = await bot.slash(M, CH, "rootmod automate", faction="LIZARD CULT")
    assert not robot.refused, robot.text
    cut = await bot.slash(B, CH, "root join", faction="Lizard Cul")  # a name cut short is still unknown
    assert cut.refused and "unknown faction" in cut.text


def test_every_faction_is_found_by_the_name_the_bot_writes():
    for fid in registry.playable_ids():
        name = registry.faction(fid).name
        assert registry.find_faction(name) == fid and registry.find_faction(name.upper()) == fid, name


async def test_a_team_is_understood_as_the_bot_writes_it(tmp_path):
    """The bot writes 'for team **B**' and names the threads 'Team B': a player typing 'Team B' was refused."""
    bot = await qa_bot(tmp_path)
    factions = "marquise,eyrie,vagabond,tinker,alliance,lizards"
    assert not (await bot.slash(M, CH, "root create", mode="frontier", seats=6, factions=factions)).refused
    joined = await bot.slash(A, CH, "root join", faction="alliance", team="Team b")
    assert not joined.refused and "team **B**" in joined.text, joined.text
    wrong = await bot.slash(B, CH, "root join", faction="eyrie", team="Team C")
    assert wrong.refused and "not 'Team C'" in wrong.text


async def test_a_map_is_understood_as_the_bot_writes_it(tmp_path):
    """The bot announces a 'standard, lake map' game: 'Lake map' typed back was an unknown map."""
    bot = await qa_bot(tmp_path)
    made = await bot.slash(M, CH, "root create", seats=2, map="Lake Map")
    assert not made.refused and "lake map" in made.text, made.text
    other = await bot.slash(M, CH + 1, "root create", seats=2, map="moon map")
    assert other.refused and "unknown map 'moon'" in other.text, other.text


async def test_a_card_is_looked_up_by_the_label_the_bot_writes(tmp_path):
    """A hand is written 'Sword (mouse), Ambush! (bird)': /root card refused those labels copied back."""
    bot = await qa_bot(tmp_path)
    for label, name in (("Ambush! (bird)", "**Ambush!** (bird"), ("sword (MOUSE)", "**Sword** (mouse")):
        shown = await bot.slash(A, CH, "root card", name=label)
        assert not shown.refused and name in shown.text, shown.text
    assert (await bot.slash(A, CH, "root card", name="Sword (bird)")).refused  # no such card


@pytest.mark.parametrize("typed", ["`keep 1`", "```keep 1```", '"keep 1"', "“keep 1”", " `keep 1` "])
async def test_an_action_copied_with_the_marks_the_bot_writes_it_in_is_read(tmp_path, typed):
    """The bot writes every action in backticks (`keep 1`); copied with them, or quoted, it was an unknown action."""
    bot = await qa_bot_game(tmp_path, CH)
    played = await bot.slash(A, CH, "play", action=typed)
    assert not played.refused and "`keep 1`" in played.text, played.text


async def test_an_action_with_a_stray_mark_inside_is_still_refused(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    before = await saved(bot.service, CH)
    for typed in ("keep `1`", "`keep 1", "keep 1\""):
        assert (await bot.slash(A, CH, "play", action=typed)).refused, typed
    assert await saved(bot.service, CH) == before


async def test_an_everyone_role_saved_before_it_was_refused_counts_as_no_role(tmp_path):
    """A server that set @everyone before the refusal keeps it in its settings: it must neither make every player a
    moderator nor be mentioned (a ping of the whole server) when the moderators are told something."""
    clock = FakeClock()
    bot = await qa_bot_game(tmp_path, CH, clock)
    old = GuildSettings(guild_id=GUILD_ID, moderator_role_id=GUILD_ID, reminders_before_notice=1)
    await bot.service.store.save_guild(old)
    player = await bot.slash(A, CH, "rootmod export", full=True)
    assert player.refused and "Only moderators" in player.text
    shown = await bot.slash(M, CH, "rootmod settings")
    assert f"<@&{GUILD_ID}>" not in shown.text and "none" in shown.text, shown.text
    clock.advance(25)
    assert "Reminder 1" in (await bot.service.due_reminders())[0].public
    clock.advance(25)
    [notice] = await bot.service.due_reminders()
    assert notice.mention_roles == [] and f"<@&{GUILD_ID}>" not in notice.public, notice.public


async def test_a_card_edit_reads_a_hand_as_its_autocomplete_names_it(tmp_path):
    """/rootmod card's autocomplete shows 'hand of Eyrie Dynasties' (its value is hand:eyrie): typed as shown, the
    edit was refused ("'of' is not a word this edit reads")."""
    bot = await qa_bot_game(tmp_path, CH)
    state = (await bot.service.table(CH)).state
    held = {card(h).key for h in state.seats[state.seat_of("eyrie")].hand}
    key = next(card(c).key for c in state.deck if card(c).key not in held)
    moved = await bot.slash(M, CH, "rootmod card", card=key, **{"from": "deck", "to": "hand of Eyrie Dynasties"})
    assert not moved.refused, moved.text
    after = (await bot.service.table(CH)).state
    assert key in [card(c).key for c in after.seats[after.seat_of("eyrie")].hand]


async def test_the_play_suggestions_read_an_action_pasted_with_its_backticks(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    for typed in ("`keep 1`", "`keep", '"keep 2'):
        offered = [c["value"] for c in await bot.autocomplete(A, CH, "play", "action", action=typed)]
        assert offered and all(v.startswith("keep") for v in offered), (typed, offered)
