"""The Vagabond's characters through the real command tree (appendix V): the character chosen with /character, each
special action under /vagabond, one clear refusal per verb for bad input with the game left as it was, and the
Arbiter's Protector asked of the defender, on another player's turn, with buttons."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, play_action, seated_game, slash_options

import rules
from bot.service.notation import slash_name
from bot.service.threads import prompt_lines
from rules.factions.vagabond import board as vb

CHANNEL = 3030
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "vagabond": OfflineUser("carol")}
MOD = OfflineUser("mo", moderator=True)
V = 2


async def _daylight(bot, character: str, seed: int = 1) -> rules.GameState:
    """A started game played through the commands (the Vagabond choosing `character`, slipping into a clearing) to
    the Vagabond's first Daylight."""
    await seated_game(bot, CHANNEL, PLAYERS)
    chooser = random.Random(seed)
    for _ in range(300):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        assert seat is not None
        mine = state.seats[seat].faction == "vagabond"
        if mine and state.turn.step == "vagabond.daylight" and not state.pending:
            return state
        legal = rules.legal_actions(state, seat)
        wanted = [a for a in legal if a.notation() == f"character {character}"]
        slipping = mine and state.turn.step == "vagabond.slip"
        slips = [a for a in legal if slipping and a.verb == "move" and isinstance(getattr(a, "dst", None), int)]
        action = (wanted or slips or [chooser.choice(legal)])[0]
        result = await play_action(bot, PLAYERS[state.seats[seat].faction], CHANNEL, action)
        assert not result.refused, (action.notation(), result.text)
    raise AssertionError("the Vagabond's Daylight never came")


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:
    """One refusal naming its reason; the saved game is left exactly as it was."""
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(user, CHANNEL, slash_name(verb), **options)
    assert result.refused and expected in result.text and "Traceback" not in result.text, (verb, options, result.text)
    after = (await bot.service.table(CHANNEL)).state
    assert after.version == before.version and after.digest() == before.digest()


async def _edit(bot, *texts: str) -> None:
    for text in texts:
        result = await bot.slash(MOD, CHANNEL, "rootmod edit", text=text)
        assert not result.refused, result.text


def _here(state: rules.GameState) -> int:
    here = vb.clearing(state, vb.ID)
    assert here is not None
    return here


async def test_the_vagrant_instigates_through_its_command_and_refuses_bad_input_v_4(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _daylight(bot, "vagrant")
    here = _here(state)
    await _edit(bot, f"!place {here} marquise:warrior x2", f"!place {here} eyrie:warrior x1")
    carol = PLAYERS["vagabond"]
    assert slash_name("instigate") == "vagabond instigate"
    await _refused(bot, carol, "instigate", "can't battle themselves", attacker="marquise", defender="marquise")
    await _refused(bot, PLAYERS["marquise"], "instigate", "not your turn", attacker="marquise", defender="eyrie")
    state = (await bot.service.table(CHANNEL)).state
    action = rules.parse(state, "instigate marquise eyrie")
    result = await bot.slash(carol, CHANNEL, slash_name("instigate"), **slash_options(action))
    assert not result.refused, result.text
    assert "forces the Marquise de Cat to battle the Eyrie Dynasties" in result.text
    await bot.service.store.close()


async def test_the_scoundrel_scorches_and_a_refusal_out_of_turn_v_6(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _daylight(bot, "scoundrel")
    await _refused(bot, PLAYERS["eyrie"], "scorch", "not your turn")
    result = await bot.slash(PLAYERS["vagabond"], CHANNEL, "vagabond scorch")
    assert not result.refused, result.text
    state = (await bot.service.table(CHANNEL)).state
    assert _here(state) in state.seats[V].data["scorched"]
    await _refused(bot, PLAYERS["vagabond"], "scorch", "no face-up undamaged torch")  # it burns in the clearing
    await bot.service.store.close()


async def test_the_harrier_glides_and_refuses_a_clearing_not_on_the_map_v_8(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _daylight(bot, "harrier")
    await _refused(bot, PLAYERS["vagabond"], "glide", "no clearing 99", clearing=99)
    far = next(c for c in state.board.ids() if c != _here(state) and c not in state.board.adjacent_to(_here(state)))
    result = await bot.slash(PLAYERS["vagabond"], CHANNEL, "vagabond glide", clearing=far)
    assert not result.refused, result.text
    assert vb.where((await bot.service.table(CHANNEL)).state, vb.ID) == far
    await bot.service.store.close()


async def test_the_adventurer_and_the_cheat_refuse_a_malformed_quest_v_7_v_10(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await _daylight(bot, "adventurer")
    carol = PLAYERS["vagabond"]
    await _refused(
        bot, carol, "improvise", "the quests face up are", quest="banana", reward="score", item="boots",
        stands_for="sword",
    )
    await _refused(
        bot, carol, "con", "only the Cheat can con", quest="escort", reward="score", item="boots", second="torch"
    )
    await bot.service.store.close()


async def test_the_cheat_refuses_a_malformed_item_v_10(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _daylight(bot, "cheat")
    quest = vb.quest(vb.offered(state)[0]).key
    await _refused(
        bot, PLAYERS["vagabond"], "con", "'banana' is not an item", quest=quest, reward="score", item="banana",
        second="torch",
    )
    await bot.service.store.close()


async def test_the_gladiator_refuses_a_duel_with_no_warrior_there_v_11(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _daylight(bot, "gladiator")
    here = _here(state)
    if state.clearings[here - 1].get("eyrie:warrior"):
        await _edit(bot, f"!remove {here} eyrie:warrior x{state.clearings[here - 1]['eyrie:warrior']}")
    await _refused(bot, PLAYERS["vagabond"], "duel", "no warrior in clearing", faction="eyrie", item="boots")
    await _edit(bot, f"!place {here} eyrie:warrior x1")
    result = await bot.slash(PLAYERS["vagabond"], CHANNEL, "vagabond duel", faction="eyrie", item="boots")
    assert not result.refused, result.text
    await bot.service.store.close()


async def test_the_jailor_refuses_a_card_not_held_v_12(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _daylight(bot, "jailor")
    held = {rules.cards.card(c).key for c in state.seats[V].hand}
    missing = next(k for k in ("bake-sale", "anvil", "investments", "cobbler", "sappers") if k not in held)
    await _refused(bot, PLAYERS["vagabond"], "coerce", "not in your hand", card=missing, item="sword")
    await bot.service.store.close()


async def test_the_ronin_and_the_arbiter_refuse_their_verbs_outside_a_battle_v_5_v_9(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await _daylight(bot, "ronin")
    await _refused(bot, PLAYERS["vagabond"], "swift", "after the roll")
    await _refused(bot, PLAYERS["vagabond"], "enlist", "only the Arbiter")
    await bot.service.store.close()


async def test_the_arbiter_refuses_to_enlist_himself_v_5(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await _daylight(bot, "arbiter")
    await _refused(bot, PLAYERS["vagabond"], "enlist", "defender")
    await bot.service.store.close()


def test_the_defender_gets_the_arbiters_question_with_buttons_and_the_arbiter_does_not_v_5():
    from rules_helpers import check, force_dice, goto, put
    from vagabond_helpers import E, M, set_items, vb_blank

    state = vb_blank(where=5, character="arbiter")
    set_items(state, "sword", "sword", "torch")
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "eyrie", "warrior")
    force_dice(state, 3, 3)
    state = goto(check(state), M, "marquise.actions")
    state = rules.apply(state, rules.parse(state, "battle 5 eyrie"))[0]
    assert rules.to_act(state) == E
    _, theirs = prompt_lines(state, E)
    assert sorted(c.notation for c in theirs) == ["enlist", "pass"]
    _, his = prompt_lines(state, V)
    assert not any(c.notation == "enlist" for c in his)


async def test_the_new_verbs_are_subcommands_of_vagabond_with_autocomplete_from_legal_actions(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    assert slash_name("steal") == "steal" and slash_name("hideout") == "hideout"  # the base three keep theirs
    assert {slash_name(v) for v in ("instigate", "enlist", "scorch", "improvise", "glide", "swift", "con", "duel",
                                    "coerce")} == {f"vagabond {v}" for v in ("instigate", "enlist", "scorch",
                                                                              "improvise", "glide", "swift", "con",
                                                                              "duel", "coerce")}
    state = await _daylight(bot, "jailor")
    here = _here(state)
    bird = next(rules.cards.card(c).key for c in state.deck if rules.cards.card(c).suit == "bird")
    await _edit(bot, f"!card {bird} deck hand:vagabond")
    state = (await bot.service.table(CHANNEL)).state
    offered = await bot.autocomplete(PLAYERS["vagabond"], CHANNEL, "vagabond coerce", "card", card="")
    legal = {a.card for a in rules.legal_actions(state, V, verb="coerce")}
    assert bird in legal and {c["value"] for c in offered} == legal
    assert all(rules.cards.keys()[k].matches(state.suits[here - 1]) for k in legal)
    theirs = await bot.autocomplete(PLAYERS["marquise"], CHANNEL, "vagabond coerce", "card", card="")
    assert not {c["value"] for c in theirs} & legal - {rules.cards.card(c).key for c in state.seats[0].hand}
    await bot.service.store.close()
