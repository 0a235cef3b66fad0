"""The Keepers in Iron through the real command tree: a game played with each verb's own slash command (/keepers …),
a wrong version of each refused first with one clear reason and the game unchanged, the same action refused out of
turn; refusals naming the reason at chosen moments; a removed relic's placement asked of its remover in their own
thread; hands stay private; the board is drawn (Law of Root 15)."""

from __future__ import annotations

import dataclasses
import random

from discord import app_commands
from discord_harness import OfflineUser, db_url, offline_bot, play_until, seated_game, slash_options

import rules
from bot.service.notation import slash_name
from rules.cards import card
from rules.factions.keepers import board as kb

CHANNEL = 2929
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "keepers": OfflineUser("iris")}
K = 2
OWN = {"arrive", "encamp", "decamp", "delve", "relic", "carry", "recover", "retinue", "shift", "trophy"}


def wrong_version(state: rules.GameState, action: rules.Action) -> rules.Action | None:
    """The action with one field made wrong: a clearing or forest it can't use, a card it does not have, a word of
    another kind."""
    seat = rules.to_act(state) or 0
    legal = {a.notation() for a in rules.legal_actions(state, seat)}
    names = {f.name for f in dataclasses.fields(action)}
    held = {card(c).key for c in state.seats[seat].hand} | {
        card(c).key for cards in kb.retinue(state, K).values() for c in cards if c != kb.RETAINER
    }
    candidates: list[rules.Action] = []
    if "card" in names:
        other = next(c.key for c in rules.cards.deck() if c.key not in held)
        candidates.append(dataclasses.replace(action, card=other, retainer=None)  # type: ignore[call-arg]
                          if "retainer" in names else dataclasses.replace(action, card=other))  # type: ignore[call-arg]
    for name, values in (("clearing", list(state.board.ids())), ("forest", sorted(state.board.forests)),
                         ("relic", ["figure", "tablet3", "jewelry1"]), ("waystation", list(kb.STATION_KINDS)),
                         ("column", ["move", "delve", "recover"])):
        if name in names:
            candidates += [dataclasses.replace(action, **{name: v}) for v in values]  # type: ignore[arg-type]
    return next((c for c in candidates if c.notation() not in legal), None)


async def test_a_game_with_the_keepers_refuses_a_wrong_version_of_each_verb(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, iris = PLAYERS.values()
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "factions", factions="keep")
    assert any(c["value"] == "keepers" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)
    chooser, used, refused = random.Random(11), set(), set()
    for _ in range(1500):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 6:
            break
        legal = rules.legal_actions(state, seat)
        liked = [a for a in legal if a.verb in ("delve", "relic", "carry", "recover", "retinue", "shift", "trophy")]
        action = chooser.choice(liked) if liked and chooser.random() < 0.8 else chooser.choice(legal)
        user = PLAYERS[state.seats[seat].faction]
        if action.verb in OWN and action.verb not in refused:
            bad = wrong_version(state, action)
            if bad is not None:
                result = await bot.slash(user, CHANNEL, slash_name(bad.verb), **slash_options(bad))
                assert result.refused and "Traceback" not in result.text, (bad.notation(), result.text)
                assert "is not possible now" not in result.text, (bad.notation(), result.text)  # a real reason
                assert (await bot.service.table(CHANNEL)).state.digest() == state.digest(), bad.notation()
                refused.add(action.verb)
            other = alice if user is not alice else bob
            late = await bot.slash(other, CHANNEL, slash_name(action.verb), **slash_options(action))
            assert late.refused and "not your turn" in late.text
            assert (await bot.service.table(CHANNEL)).state.digest() == state.digest()
        result = await bot.slash(user, CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add(action.verb)
    assert {"arrive", "encamp", "delve", "relic", "retinue"} <= refused
    assert {"arrive", "encamp", "delve", "relic", "retinue", "carry"} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)
    for user, seat in ((alice, 0), (bob, 1), (iris, 2)):
        mine = await bot.slash(user, CHANNEL, "root hand")
        assert mine.private and not mine.public
        theirs = {card(c).name for s in range(3) if s != seat for c in state.seats[s].hand}
        ours = {card(c).name for c in state.seats[seat].hand}
        assert not any(name in mine.text for name in theirs - ours)
    board = await bot.slash(iris, CHANNEL, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:
    """One refusal naming its reason; the game is left as it was."""
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(user, CHANNEL, slash_name(verb), **options)
    assert result.refused and expected in result.text and "Traceback" not in result.text, (verb, options, result.text)
    after = (await bot.service.table(CHANNEL)).state
    assert after.version == before.version and after.digest() == before.digest()


def _at_encamp(state: rules.GameState) -> bool:
    return state.turn.seat == K and state.turn.step == "keepers.encamp" and not state.pending


def _at_gather(state: rules.GameState) -> bool:
    return state.turn.seat == K and state.turn.step == "keepers.gather" and not state.pending and bool(
        state.seats[K].hand
    )


async def test_each_keepers_verb_refused_out_of_its_moment_says_why_15_4_to_15_6(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    iris, alice = PLAYERS["keepers"], PLAYERS["marquise"]
    state = await play_until(bot, CHANNEL, PLAYERS, _at_encamp, seed=3)
    warriors = [c for c in state.board.ids() if state.clearings[c - 1].get(kb.WARRIOR_KEY)]
    empty = next(c for c in state.board.ids() if c not in warriors and not state.board.is_edge(c))
    await _refused(bot, iris, "encamp", "there is no clearing 99", clearing=99, waystation="figure_tablet")
    await _refused(bot, iris, "encamp", "no Keeper warrior", clearing=empty, waystation="figure_tablet")
    await _refused(bot, iris, "encamp", "not a waystation side", clearing=warriors[0], waystation="bread")
    await _refused(bot, iris, "decamp", "decamp in Birdsong, after encamping", clearing=warriors[0],
                   waystation="figure_tablet")
    await _refused(bot, iris, "delve", "Battle then Delve", clearing=warriors[0], retainer="retainer")
    await _refused(bot, iris, "recover", "Move or Recover", clearing=warriors[0], relic="figure3", retainer="retainer")
    await _refused(bot, iris, "relic", "after choosing a clearing", forest="A", relic="figure")
    await _refused(bot, iris, "carry", "right after a move", relic="figure3")
    held = sorted(card(c).key for c in state.seats[K].hand)
    assert held
    await _refused(bot, iris, "retinue", "gathered in Evening", card=held[0], column="move")
    await _refused(bot, iris, "shift", "gathered in Evening", retainer="retainer", column="delve")
    await _refused(bot, iris, "trophy", "whoever removed it", forest="A")
    await _refused(bot, iris, "arrive", "arrived at setup", clearing=warriors[0])
    await _refused(bot, alice, "encamp", "not your turn", clearing=warriors[0], waystation="figure_tablet")
    state = await play_until(bot, CHANNEL, PLAYERS, _at_gather, seed=4, rounds=8)
    held = {card(c).key for c in state.seats[K].hand}
    missing = next(c.key for c in rules.cards.deck() if c.key not in held)
    await _refused(bot, iris, "retinue", "is not in your hand", card=missing, column="move")
    await _refused(bot, iris, "retinue", "not a Retinue column", card=sorted(held)[0], column="attic")
    await _refused(bot, iris, "shift", "not in the Retinue", card=missing, column="move")
    await bot.service.store.close()


def test_a_removed_relic_is_placed_by_its_remover_from_their_own_thread_15_2_5():
    from rules_helpers import force_dice, goto, legal, play, put
    from test_rules_keepers import lay, settle_battle, table

    from bot.service.threads import prompt_lines

    s = table()
    lay(s, 5, "figure2")
    put(s, 5, "marquise", "warrior", 2)
    s = settle_battle(play(force_dice(goto(s, 0, "marquise.actions"), 2, 0), "battle 5 keepers"))
    assert rules.to_act(s) == 0 and "trophy fA" in legal(s)
    _, private = prompt_lines(s, 0)
    assert "trophy fA" in {c.notation for c in private}
    _, theirs = prompt_lines(s, K)
    assert not any(c.notation.startswith("trophy") for c in theirs)


def test_the_keepers_verbs_have_commands_under_their_group():
    from bot.discord.command_tree import build_commands

    tree = {c.name: c for c in build_commands()}
    group = tree["keepers"]
    assert isinstance(group, app_commands.Group)
    assert {c.name for c in group.commands} == OWN
