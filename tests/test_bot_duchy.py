"""A game with the Underground Duchy through the real command tree: each verb's own slash command (the Burrow
typed as a word), every hand kept to its player, the board drawn; each verb's bad input refused once, clearly."""

from __future__ import annotations

import random

from discord import app_commands
from discord_harness import OfflineUser, db_url, offline_bot, path_to, seated_game, slash_options

import rules
from bot.discord import drawing
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
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
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
    empty = next(c for c in state.board.ids() if not any(k.startswith("duchy:") for k in state.clearings[c - 1]))
    card = next(iter(held))
    bad = [  # each verb of the Duchy's turn: a wrong clearing, a card not held, a piece not had, out of step, malformed
        ("dig", {"clearing": tunnel, "card": card, "count": 1}, "already has a tunnel"),
        ("dig", {"clearing": no_tunnel, "card": missing, "count": 1}, "not in your hand"),
        ("dig", {"clearing": 99, "card": card, "count": 1}, "there is no clearing 99"),
        ("build", {"kind": "citadel", "clearing": 1, "card": missing}, "not in your hand"),
        ("build", {"kind": "roost", "clearing": 1, "card": card}, "builds citadels and markets"),
        ("move", {"from": "burrow", "to": no_tunnel, "count": 1}, "adjacent only to clearings with a tunnel"),
        ("move", {"from": tunnel, "to": "burrow", "count": 30}, "you have only"),
        ("battle", {"clearing": empty, "defender": "eyrie"}, f"you have no warriors in clearing {empty}"),
        ("recruit", {"clearings": str(tunnel)}, "write just 'recruit'"),
        ("craft", {"card": card}, "crafts in Evening"),
        ("pass", {}, "'pass' is not possible now"),
        ("sway", {"minister": "marshal", "card": card}, "sway a minister after Parliament"),
        ("sway", {"minister": "king", "card": card}, "'king'"),
        ("minister", {"minister": "marshal"}, "taken in Parliament"),
        ("minister", {"minister": "bishop"}, "no minister 'bishop'"),
        ("surface", {"clearing": 1}, "surfaces in a free corner clearing"),
    ]
    for verb, options, reason in bad:
        result = await bot.slash(gwen, CHANNEL, slash_name(verb), **options)
        assert result.refused and reason in result.text and "Traceback" not in result.text, (verb, result.text)
        after = (await bot.service.table(CHANNEL)).state
        assert after.version == state.version and after.digest() == state.digest(), verb
    for verb, options in (("dig", {"clearing": no_tunnel, "card": card}), ("recruit", {}), ("end", {})):
        wrong_seat = await bot.slash(PLAYERS["eyrie"], CHANNEL, slash_name(verb), **options)  # out of turn
        assert wrong_seat.refused and "not your turn" in wrong_seat.text, (verb, wrong_seat.text)
        assert (await bot.service.table(CHANNEL)).state.digest() == state.digest()
    await bot.service.store.close()


def test_the_duchys_verbs_have_commands():
    from bot.discord.command_tree import build_commands

    duchy = next(c for c in build_commands() if c.name == "duchy")
    assert isinstance(duchy, app_commands.Group)
    assert {"surface", "dig", "sway", "minister"} <= {c.name for c in duchy.commands}


def _failure_on_another_turn(state: rules.GameState) -> bool:
    """The Price of Failure asks the Duchy to choose a minister while another faction takes its turn."""
    duchy = state.seat_of("duchy")
    asked = bool(state.pending) and state.pending[0].get("what") == "failure"
    return asked and state.turn.seat != duchy


async def test_the_price_of_failure_on_another_turn_asks_the_duchys_player_with_buttons_12_2_3(tmp_path, monkeypatch):
    for name in ("board_png", "hand_png"):  # the pictures are not what this test checks
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    state = (await bot.service.table(CHANNEL)).state
    duchy = state.seat_of("duchy")
    result = None
    for text in path_to(state, _failure_on_another_turn, walks=40, steps=1500):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        assert seat is not None
        result = await bot.slash(PLAYERS[state.seats[seat].faction], CHANNEL, "play", action=text)
        assert not result.refused, (text, result.text)
    state = (await bot.service.table(CHANNEL)).state
    assert result is not None and _failure_on_another_turn(state) and rules.to_act(state) == duchy
    choices = sorted(a.notation() for a in rules.legal_actions(state, duchy))
    assert len(choices) >= 2 and all(c.startswith("minister ") for c in choices)
    [post] = [s for s in result.public if s.buttons]
    assert f"<@{PLAYERS['duchy'].id}>" in post.content and "Price of Failure" in post.content
    [choose] = post.buttons
    asked = await bot.click(PLAYERS["duchy"], CHANNEL, post, choose["custom_id"])
    [answers] = asked.private
    offered = [b for b in answers.buttons if b["label"].lower().startswith("minister")]
    assert len(offered) == len(choices), [b["label"] for b in answers.buttons]
    stranger = await bot.click(PLAYERS["eyrie"], CHANNEL, answers, offered[0]["custom_id"])
    assert stranger.refused  # only the Duchy's player answers
    before = len(db.swayed(state, duchy))
    done = await bot.click(PLAYERS["duchy"], CHANNEL, answers, offered[0]["custom_id"])
    assert not done.refused, done.text
    after = (await bot.service.table(CHANNEL)).state
    assert len(db.swayed(after, duchy)) == before - 1 and not rules.problems(after)
    await bot.service.store.close()


async def test_autocomplete_offers_the_legal_choices_and_keeps_the_hand_to_its_player(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    gwen, bob = PLAYERS["duchy"], PLAYERS["eyrie"]
    state = await _duchy_at_assembly(bot)
    legal = rules.legal_actions(state, 2)
    digs = sorted({a.clearing for a in legal if a.verb == "dig"})
    offered = await bot.autocomplete(gwen, CHANNEL, "duchy dig", "clearing", clearing="")
    assert sorted(int(c["value"]) for c in offered) == digs[:25]
    cards = await bot.autocomplete(gwen, CHANNEL, "duchy dig", "card", clearing=digs[0], card="")
    held = {rules.cards.card(c).key for c in state.seats[2].hand}
    assert cards and {c["value"] for c in cards} <= held
    sources = {str(c["value"]) for c in await bot.autocomplete(gwen, CHANNEL, "move", "from", **{"from": ""})}
    assert sources == {str(a.src) for a in legal if a.verb == "move"} or len(sources) == 25
    assert db.burrow(state, 2) > 0 and "burrow" in sources  # Birdsong put a warrior there: the word is offered
    theirs = await bot.autocomplete(bob, CHANNEL, "duchy dig", "card", clearing=digs[0], card="")
    assert not {c["value"] for c in theirs} & held - {rules.cards.card(c).key for c in state.seats[1].hand}
    await bot.service.store.close()
