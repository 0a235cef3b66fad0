"""A game with the Spinners of Mercy through the real command tree: each verb's own slash command, and First
Response asked of the Spinners' player with a button during another player's battle (SOM.2.3)."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, path_to
from test_bot_alliance import slash_options

import rules
from bot.discord import drawing
from bot.service.notation import slash_name

CHANNEL = 6262
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "spinners": OfflineUser("erin")}


async def started(tmp_path, monkeypatch):
    """A three-seat game with the Spinners, created and started with slash commands (pictures stubbed)."""
    for name in ("board_png", "hand_png"):  # the pictures are not what these tests check
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    bot = await offline_bot(db_url(tmp_path))
    offered = await bot.autocomplete(PLAYERS["marquise"], CHANNEL, "root create", "factions", factions="spin")
    assert any(c["value"] == "spinners" for c in offered)
    created = await bot.slash(PLAYERS["marquise"], CHANNEL, "root create", seats=3, factions="marquise,eyrie,spinners")
    assert not created.refused, created.text
    for faction, user in PLAYERS.items():
        assert not (await bot.slash(user, CHANNEL, "root join", faction=faction)).refused
    assert not (await bot.slash(PLAYERS["spinners"], CHANNEL, "root start")).refused
    return bot


def answering_another_battle(state: rules.GameState) -> bool:
    """First Response is asked of the Spinners during another faction's turn, right after another player acted."""
    spinners = state.seat_of("spinners")
    asked = bool(state.pending) and state.pending[0].get("what") == "respond"
    return asked and state.turn.seat != spinners and state.last_actor != spinners


async def test_first_response_asks_the_spinners_player_with_a_button_in_another_players_battle(
    tmp_path, monkeypatch
) -> None:
    bot = await started(tmp_path, monkeypatch)
    state = (await bot.service.table(CHANNEL)).state
    spinners = state.seat_of("spinners")
    walk = path_to(state, answering_another_battle)
    for text in walk:
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        assert seat is not None
        if state.pending and state.pending[0].get("what") == "respond":  # asked only when they may respond
            assert "respond" in {a.verb for a in rules.legal_actions(state, seat)}
        result = await bot.slash(PLAYERS[state.seats[seat].faction], CHANNEL, "play", action=text)
        assert not result.refused, (text, result.text)
    state = (await bot.service.table(CHANNEL)).state
    assert rules.to_act(state) == spinners and answering_another_battle(state)
    cid = state.pending[0]["clearing"]
    offered = await bot.autocomplete(PLAYERS["spinners"], CHANNEL, "respond", "clearing", clearing="")
    assert [c["value"] for c in offered] == [cid]  # autocomplete offers the clearing of the battle
    [post] = [s for s in result.public if s.buttons]
    assert f"<@{PLAYERS['spinners'].id}>" in post.content and "First Response" in post.content
    [choose] = post.buttons
    asked = await bot.click(PLAYERS["spinners"], CHANNEL, post, choose["custom_id"])
    [answers] = asked.private
    labels = {b["label"] for b in answers.buttons}
    respond = next(b for b in answers.buttons if b["label"].startswith("Respond"))
    assert "Pass" in labels
    stranger = await bot.click(PLAYERS["eyrie"], CHANNEL, answers, respond["custom_id"])
    assert stranger.refused  # only the Spinners' player answers
    done = await bot.click(PLAYERS["spinners"], CHANNEL, answers, respond["custom_id"])
    assert not done.refused, done.text
    after = (await bot.service.table(CHANNEL)).state
    assert after.seats[spinners].areas.get("ward") and "First Response" in "\n".join(s.content for s in done.public)
    assert rules.to_act(after) != spinners or after.turn.seat == spinners
    assert not rules.problems(after)
    await bot.service.store.close()


async def test_the_spinners_verbs_have_their_own_slash_commands(tmp_path, monkeypatch) -> None:
    bot = await started(tmp_path, monkeypatch)
    chooser, used = random.Random(7), set()
    for _ in range(300):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 3:
            break
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb))
    assert {"recruit", "establish", "move", "end"} <= {verb for faction, verb in used if faction == "spinners"}, used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)
    board = await bot.slash(PLAYERS["spinners"], CHANNEL, "root board")
    assert board.sent
    await bot.service.store.close()
