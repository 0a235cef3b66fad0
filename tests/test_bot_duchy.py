"""A game with the Underground Duchy through the real command tree: each verb's own slash command (the Burrow
typed as a word), every hand kept to its player, the board drawn; each verb's bad input refused once, clearly."""

from __future__ import annotations

import random

from discord import app_commands
from discord_harness import OfflineUser, db_url, offline_bot, seated_game, slash_options

import rules
from bot.service.notation import slash_name
from rules.factions.duchy import board as db

CHANNEL = 2626
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "duchy": OfflineUser("gwen")}


async def test_a_game_with_the_duchy_plays_through_each_verbs_command(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, gwen = PLAYERS.values()
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "factions", factions="duc")
    assert any(c["value"] == "duchy" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)

    chooser, used = random.Random(5), set()
    for _ in range(700):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 5:
            break
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb if "burrow" not in action.notation() else "burrow"))
        assert (await bot.service.table(CHANNEL)).state.version > state.version, action.notation()
    assert {("duchy", "surface"), ("duchy", "dig"), ("duchy", "burrow")} <= used
    assert ("duchy", "sway") in used or ("duchy", "minister") in used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)

    for user, seat in ((alice, 0), (bob, 1), (gwen, 2)):
        mine = await bot.slash(user, CHANNEL, "root hand")
        assert mine.private and not mine.public
        for other in range(3):
            if other != seat:
                theirs = [rules.cards.card(c).name for c in state.seats[other].hand]
                ours = [rules.cards.card(c).name for c in state.seats[seat].hand]
                assert not any(name in mine.text for name in theirs if name not in ours)
    board = await bot.slash(gwen, CHANNEL, "root board")
    assert any(s.files.get("board.png", b"").startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def _duchy_at_assembly(bot, seed: int = 3) -> rules.GameState:
    """A started game played through the commands to the Duchy's Assembly with a card in hand."""
    await seated_game(bot, CHANNEL, PLAYERS)
    chooser = random.Random(seed)
    for _ in range(400):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        assert seat is not None
        if state.turn.step == "duchy.assembly" and not state.pending and state.seats[2].hand:
            return state
        legal = rules.legal_actions(state, seat)
        action = chooser.choice(legal)
        result = await bot.slash(
            PLAYERS[state.seats[seat].faction], CHANNEL, slash_name(action.verb), **slash_options(action)
        )
        assert not result.refused, (action.notation(), result.text)
    raise AssertionError("the Duchy's Assembly never came")


async def test_each_duchy_verb_refuses_bad_input_once_with_its_reason(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    gwen = PLAYERS["duchy"]
    state = await _duchy_at_assembly(bot)
    held = {rules.cards.card(c).key for c in state.seats[2].hand}
    missing = next(k for k in ("anvil", "sword", "bake-sale", "investments", "cobbler") if k not in held)
    tunnel = db.tunnels(state)[0]
    no_tunnel = next(c for c in state.board.ids() if c not in db.tunnels(state))
    bad = [
        ("dig", {"clearing": tunnel, "card": next(iter(held)), "count": 1}, "already has a tunnel"),
        ("build", {"kind": "citadel", "clearing": 1, "card": missing}, "not in your hand"),
        ("move", {"from": "burrow", "to": no_tunnel, "count": 1}, "adjacent only to clearings with a tunnel"),
        ("sway", {"minister": "marshal", "card": next(iter(held))}, "sway a minister after Parliament"),
        ("minister", {"minister": "marshal"}, "taken in Parliament"),
        ("sway", {"minister": "king", "card": next(iter(held))}, "'king'"),
    ]
    for verb, options, reason in bad:
        result = await bot.slash(gwen, CHANNEL, slash_name(verb), **options)
        assert result.refused and reason in result.text and "Traceback" not in result.text, (verb, result.text)
        assert (await bot.service.table(CHANNEL)).state.version == state.version
    wrong_seat = await bot.slash(PLAYERS["eyrie"], CHANNEL, "duchy dig", clearing=no_tunnel, card=next(iter(held)))
    assert wrong_seat.refused
    await bot.service.store.close()


def test_the_duchys_verbs_have_commands():
    from bot.discord.command_tree import build_commands

    duchy = next(c for c in build_commands() if c.name == "duchy")
    assert isinstance(duchy, app_commands.Group)
    assert {"surface", "dig", "sway", "minister"} <= {c.name for c in duchy.commands}
