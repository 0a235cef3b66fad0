"""A game with the Woodland Alliance through the real command tree: created, started and played for several turns
with each verb's own slash command; Outrage reaches the mover; the Supporters stay with the Alliance's player."""

from __future__ import annotations

import random
import re

from discord_harness import OfflineUser, db_url, offline_bot, seated_game, slash_options

import rules
from bot.discord import drawing
from bot.service.notation import slash_name
from rules.factions.alliance import supporters

CHANNEL = 5151
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "alliance": OfflineUser("carol")}


async def test_a_three_seat_game_with_the_alliance_plays_through_the_command_tree(tmp_path, monkeypatch):
    for name in ("board_png", "hand_png"):  # the pictures are not what this test checks
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, carol = PLAYERS.values()
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "factions", factions="wood")
    assert any(c["value"] == "alliance" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)

    chooser, used, outraged = random.Random(5), set(), False
    for _ in range(400):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 3:
            break
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        if action.verb == "spread":
            suggested = await bot.autocomplete(carol, CHANNEL, "spread", "clearing", clearing="")
            assert {"value": action.clearing, "name": f"{action.clearing} ({state.suits[action.clearing - 1]})"} in [
                {"value": c["value"], "name": c["name"]} for c in suggested
            ]
        if state.pending and state.pending[0]["kind"] == "outrage":
            outraged = True
            assert faction != "alliance" and "Outrage" in rules.waiting_for(state)
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb))
        hidden = getattr(action, "card", None) if action.verb in ("mobilize", "outrage") else None
        public = "\n".join(sent.content for sent in result.public)
        if hidden and "is discarded" not in public:  # a card put face down on the Supporters is never named
            assert card_name(hidden) not in public and hidden not in public, public
        after = (await bot.service.table(CHANNEL)).state
        acting = rules.to_act(after)
        for sent in result.public:  # buttons under a public post never name a card in the hand of the seat to act
            held = {card_name(rules.cards.card(c).key) for c in after.seats[acting].hand} if acting is not None else ()
            assert not any(name in label for label in button_labels(sent) for name in held), button_labels(sent)
    assert {("alliance", "spread"), ("alliance", "mobilize")} <= used
    assert outraged
    state = (await bot.service.table(CHANNEL)).state
    assert state.turn.round > 3 or state.over
    assert not rules.problems(state)

    log = (await bot.slash(bob, CHANNEL, "root log", lines=50)).text
    assert "`mobilize ?`" in log or "`outrage ?`" in log
    assert not re.search(r"`(mobilize|outrage) [a-z]", log)  # the card put face down is never named
    exported = await bot.service.export(CHANNEL)
    secret = [a for a in exported["actions"] if a.split()[0] in ("mobilize", "outrage") and a != "outrage"]
    assert secret and all(a.endswith(" ?") for a in secret)

    mine = await bot.slash(carol, CHANNEL, "root hand")
    theirs = await bot.slash(bob, CHANNEL, "root hand")
    assert f"Your Supporters, face down, only you see them ({len(supporters(state, 2))})" in mine.text
    assert mine.private and not mine.public
    assert "Supporters" not in theirs.text
    await bot.service.store.close()


def button_labels(sent) -> list[str]:
    """The labels of a message's buttons."""
    return [c.get("label", "") for row in sent.components for c in row.get("components", [])]


def card_name(key: str) -> str:
    return rules.cards.keys()[key].name


def test_the_alliances_verbs_have_commands_and_notation_reaches_them():
    from bot.discord.command_tree import build_commands

    names = {c.name for c in build_commands()}
    assert {"revolt", "spread", "mobilize", "train", "organize", "outrage", "play"} <= names
