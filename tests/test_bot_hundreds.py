"""A game with the Lord of the Hundreds through the real command tree: each verb's own slash command, a wrong
version of each refused first with one clear reason and the game unchanged; hands stay private; the board is drawn."""

from __future__ import annotations

import dataclasses
import random

from discord import app_commands
from discord_harness import OfflineUser, db_url, offline_bot, seated_game, slash_options

import rules
from bot.service.notation import slash_name
from rules.cards import card
from rules.factions.hundreds import board as hb

CHANNEL = 1414
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "hundreds": OfflineUser("carol")}
OWN = {"garrison", "lead", "anoint", "mood", "lavish", "mob", "jubilant", "incite", "stronghold", "contempt",
       "unhoard", "loot", "plunder", "bitter", "target"}


def wrong_version(state: rules.GameState, action: rules.Action) -> rules.Action | None:
    """The action with one field made wrong: a clearing it can't use, a card not in the hand, a word of another."""
    legal = {a.notation() for a in rules.legal_actions(state, rules.to_act(state) or 0)}
    names = {f.name for f in dataclasses.fields(action)}
    held = {card(c).key for c in state.seats[2].hand}
    candidates: list[rules.Action] = []
    if "card" in names:
        other = next(c.key for c in rules.cards.deck() if c.key not in held)
        candidates.append(dataclasses.replace(action, card=other))  # type: ignore[call-arg]
    if "clearing" in names:
        candidates += [dataclasses.replace(action, clearing=c) for c in state.board.ids()]  # type: ignore[call-arg]
    if "dst" in names:
        candidates += [dataclasses.replace(action, dst=c) for c in state.board.ids()]  # type: ignore[call-arg]
    if "name" in names:
        candidates.append(dataclasses.replace(action, name=hb.mood(state, 2)))  # type: ignore[call-arg]
    if "item" in names:
        candidates += [dataclasses.replace(action, item=i) for i in ("torch", "coins", "tea")]  # type: ignore[call-arg]
    return next((c for c in candidates if c.notation() not in legal), None)


async def test_a_game_with_the_hundreds_refuses_a_wrong_version_of_each_verb(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, carol = PLAYERS.values()
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "factions", factions="hun")
    assert any(c["value"] == "hundreds" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)

    chooser, used, refused = random.Random(5), set(), set()
    for _ in range(900):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 5:
            break
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        if faction == "hundreds" and action.verb in OWN and action.verb not in refused:
            bad = wrong_version(state, action)
            if bad is not None:
                result = await bot.slash(carol, CHANNEL, slash_name(bad.verb), **slash_options(bad))
                assert result.refused and "Traceback" not in result.text, (bad.notation(), result.text)
                assert (await bot.service.table(CHANNEL)).state.version == state.version, bad.notation()
                refused.add(action.verb)
            other = alice if seat != 0 else bob
            late = await bot.slash(other, CHANNEL, slash_name(action.verb), **slash_options(action))  # not their turn
            assert late.refused and (await bot.service.table(CHANNEL)).state.version == state.version
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb))
    assert {"garrison", "mood", "incite", "anoint", "lead"} <= refused
    assert {("hundreds", "garrison"), ("hundreds", "mood")} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)

    for user, seat in ((alice, 0), (bob, 1), (carol, 2)):
        mine = await bot.slash(user, CHANNEL, "root hand")
        assert mine.private and not mine.public
        theirs = {rules.cards.card(c).name for s in range(3) if s != seat for c in state.seats[s].hand}
        ours = {rules.cards.card(c).name for c in state.seats[seat].hand}
        assert not any(name in mine.text for name in theirs - ours)
    board = await bot.slash(carol, CHANNEL, "root board")
    assert any(s.files.get("board.png", b"").startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


def test_the_hundreds_verbs_have_commands():
    from bot.discord.command_tree import build_commands

    tree = {c.name: c for c in build_commands()}
    hundreds = tree["hundreds"]
    assert isinstance(hundreds, app_commands.Group)
    shared = {verb for verb in OWN if verb in tree}  # written by another faction or mode too
    assert {c.name for c in hundreds.commands} | shared == OWN and {"mood", "anoint", "incite"} <= {
        c.name for c in hundreds.commands
    }
