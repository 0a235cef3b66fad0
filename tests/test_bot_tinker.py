"""A game with Old Man Tinker through the real command tree: created, started and played for several turns with
each verb's own slash command (forests typed as text); every hand stays with its player; the board is drawn."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, seated_game, slash_options

import rules
from bot.service.notation import slash_name, verb_options
from rules.actions import place_token
from rules.factions.tinker import board as tb

CHANNEL = 1313
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "tinker": OfflineUser("carol")}


async def test_a_game_with_the_tinker_plays_through_each_verbs_command(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, carol = PLAYERS.values()
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "factions", factions="tin")
    assert any(c["value"] == "tinker" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)

    chooser, used = random.Random(8), set()
    for _ in range(600):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 4:
            break
        faction = state.seats[seat].faction
        legal = rules.legal_actions(state, seat)
        calmer = [a for a in legal if a.verb != "doover"]  # a Do-Over every turn would keep the Tinker at setup
        action = chooser.choice(calmer or legal)
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb))
        after = (await bot.service.table(CHANNEL)).state
        assert after.version > state.version, action.notation()
    assert {("tinker", "materialize"), ("tinker", "bustle")} <= used
    assert any(verb in ("tinker", "repair", "crusade", "battle") for who, verb in used if who == "tinker")
    state = (await bot.service.table(CHANNEL)).state
    assert state.turn.round > 4 or state.over
    assert not rules.problems(state)

    for user, seat in ((alice, 0), (bob, 1), (carol, 2)):
        mine = await bot.slash(user, CHANNEL, "root hand")
        assert mine.private and not mine.public
        for other in range(3):
            if other != seat:
                theirs = [rules.cards.card(c).name for c in state.seats[other].hand]
                ours = [rules.cards.card(c).name for c in state.seats[seat].hand]
                assert not any(name in mine.text for name in theirs if name not in ours)
    board = await bot.slash(carol, CHANNEL, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def _tinker_at_his_actions(bot, seed: int = 2) -> rules.GameState:
    """A started three-seat game played through the commands (the Tinker keeps his setup and skips Bustle) to the
    Tinker's Daylight actions."""
    await seated_game(bot, CHANNEL, PLAYERS)
    chooser = random.Random(seed)
    for _ in range(300):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        assert seat is not None
        if state.turn.step == "tinker.actions" and not state.pending:
            return state
        legal = rules.legal_actions(state, seat)
        mine = state.seats[seat].faction == "tinker" and state.turn.phase != "setup"
        action = next(a for a in legal if a.verb == "end") if mine and not state.pending else chooser.choice(legal)
        result = await bot.slash(
            PLAYERS[state.seats[seat].faction], CHANNEL, slash_name(action.verb), **slash_options(action)
        )
        assert not result.refused, (action.notation(), result.text)
    raise AssertionError("the Tinker's actions never came")


async def test_repair_is_one_command_for_the_tinkers_robots_and_the_vagabonds_items(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    carol, mo = PLAYERS["tinker"], OfflineUser("mo", moderator=True)
    state = await _tinker_at_his_actions(bot)
    robots = next(c for c in state.board.ids() if state.clearings[c - 1].get("tinker:birdbot"))
    old_man = tb.old_man(state)
    assert state.seats[2].faction == "tinker"
    for edit in (f"!shift {place_token(old_man)}>{robots} tinker:oldman", f"!place {robots} tinker:gear x2"):
        assert not (await bot.slash(mo, CHANNEL, "rootmod edit", text=edit)).refused, edit
    edited = (await bot.service.table(CHANNEL)).state
    before = tb.gears_on(edited, 2, "birdbot")
    assert before < tb.TRACK_SPACES
    offered = await bot.autocomplete(carol, CHANNEL, "repair", "robot")
    assert {c["value"] for c in offered} >= {"birdbot"}

    wrong = await bot.slash(carol, CHANNEL, "repair", item="sword")  # the Vagabond's options: one clear refusal
    assert wrong.refused and "'sword' does not fit" in wrong.text and "Traceback" not in wrong.text, wrong.text
    assert (await bot.service.table(CHANNEL)).state.version == edited.version

    done = await bot.slash(carol, CHANNEL, "repair", robot="birdbot", count=1)
    assert not done.refused, done.text
    after = (await bot.service.table(CHANNEL)).state
    assert tb.gears_on(after, 2, "birdbot") == before + 1 and "`repair birdbot x1`" in done.text
    await bot.service.store.close()


def test_the_tinkers_verbs_have_commands():
    from bot.discord.command_tree import build_commands

    names = {c.name for c in build_commands()}
    assert {"materialize", "doover", "bustle", "tinker", "repair", "crusade", "overproduce", "restructure"} <= names
    assert {"draw", "salvage", "oldman", "produce"} <= names
    fields = {o.field for o in verb_options("repair")}
    assert {"robot", "count", "item", "state"} <= fields  # the Tinker's repair and the Vagabond's share one command
    repair = next(c for c in build_commands() if c.name == "repair")
    assert repair.description.startswith("Tinker: repair a robot") and "Vagabond: repair a damaged item" in (
        repair.description
    )
    assert len(repair.description) <= 100
