"""The Lizard Cult through the real command tree: a game played for several rounds with each verb's own slash
command, every hand staying with its player, the board drawn; and one clear refusal per verb for bad input (a wrong
clearing, a card not held, a piece not available, out of turn or out of step, a malformed option), the game left
unchanged (Law 10.3-10.5)."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, play_action, play_until, seated_game, slash_options

import rules
from bot.service.notation import slash_name
from rules.factions.lizards import board as lb

CHANNEL = 1414
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "lizards": OfflineUser("lena")}
CULT = 2


async def _play_until(bot, goal, seed: int, rounds: int = 6) -> rules.GameState:
    """Random legal actions through the slash commands (sacrifices and conspiracies preferred) until goal(state)."""
    return await play_until(bot, CHANNEL, PLAYERS, goal, seed, _liked, rounds)


def _liked(action: rules.Action) -> bool:
    return action.verb in ("convert", "sanctify", "crusade") or "sacrifice" in action.notation()


def _at_rituals(state: rules.GameState) -> bool:
    return state.turn.step == "lizards.rituals" and not state.pending and bool(state.seats[CULT].hand)


def _at_conspiracies(state: rules.GameState) -> bool:
    return state.turn.step == "lizards.conspire" and not state.pending


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:
    """One refusal naming its reason; the game is left as it was."""
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(user, CHANNEL, slash_name(verb), **options)
    assert result.refused and expected in result.text and "Traceback" not in result.text, (verb, options, result.text)
    after = (await bot.service.table(CHANNEL)).state
    assert after.version == before.version and after.digest() == before.digest()


async def test_a_game_with_the_cult_plays_through_each_verbs_command(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    lena = PLAYERS["lizards"]
    offered = await bot.autocomplete(PLAYERS["marquise"], CHANNEL, "root create", "factions", factions="liz")
    assert any(c["value"] == "lizards" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)
    used: set[str] = set()
    chooser = random.Random(5)
    for _ in range(700):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 4:
            break
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(
            PLAYERS[state.seats[seat].faction], CHANNEL, slash_name(action.verb), **slash_options(action)
        )
        assert not result.refused, (action.notation(), result.text)
        if seat == CULT:
            used.add(action.verb)
    assert {"garden", "outcast", "ritual"} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)
    for user, seat in zip(PLAYERS.values(), range(3), strict=True):
        mine = await bot.slash(user, CHANNEL, "root hand")
        assert mine.private and not mine.public
        ours = {rules.cards.card(c).name for c in state.seats[seat].hand}
        for other in range(3):
            if other != seat:
                theirs = {rules.cards.card(c).name for c in state.seats[other].hand}
                assert not any(name in mine.text for name in theirs - ours)
    board = await bot.slash(lena, CHANNEL, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def test_each_ritual_refusal_gives_its_reason_and_changes_nothing_10_5(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    lena, alice = PLAYERS["lizards"], PLAYERS["marquise"]
    state = await _play_until(bot, _at_rituals, seed=3)
    held = {rules.cards.card(c).key for c in state.seats[CULT].hand}
    missing = next(c.key for c in rules.cards.deck() if c.key not in held and c.type != "dominance")
    some = sorted(held)[0]
    await _refused(bot, lena, "ritual", "is not in your hand", ritual="recruit", clearing=1, card=missing)
    await _refused(bot, lena, "ritual", "there is no clearing 99", ritual="recruit", clearing=99, card=some)
    await _refused(bot, lena, "ritual", "'pray' is not a ritual", ritual="pray", card=some)  # malformed option
    await _refused(bot, alice, "ritual", "it is not your turn", ritual="score", card=some)
    await _refused(bot, lena, "convert", "performed in Birdsong", clearing=1, owner="marquise")
    await _refused(bot, lena, "sanctify", "performed in Birdsong", clearing=1, owner="marquise", kind="sawmill")
    await _refused(bot, lena, "crusade", "performed in Birdsong", **{"from": 1, "to": 5, "count": 1})
    await _refused(bot, lena, "garden", "already placed", clearing=1)
    await _refused(bot, lena, "outcast", "chosen at setup", suit="fox")
    await _refused(bot, lena, "build", "by ritual", kind="fox-garden", clearing=1)
    suited = next((k for k in sorted(held) if rules.cards.keys()[k].suit != "bird"), None)
    assert suited is not None  # every warrior on the map: no recruit
    where = next(c for c in state.board.ids() if state.suits[c - 1] == rules.cards.keys()[suited].suit)
    left = state.seats[CULT].supply["warrior"]
    mo = OfflineUser("mo", moderator=True)
    edit = await bot.slash(mo, CHANNEL, "rootmod edit", text=f"!place {where} lizards:warrior x{left}")
    assert not edit.refused, edit.text
    await _refused(
        bot, lena, "ritual", "every Cult warrior is on the map", ritual="recruit", clearing=where, card=suited
    )
    await bot.service.store.close()


async def _conspiring(tmp_path) -> tuple[object, rules.GameState, set[int]]:
    """A game played through the slash commands up to the Cult's conspiracies; the Outcast's clearings."""
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    state = await _play_until(bot, _at_conspiracies, seed=4, rounds=8)
    return bot, state, {c for c in state.board.ids() if state.suits[c - 1] == lb.outcast(state, CULT)}


async def test_each_conspiracy_refusal_gives_its_reason_and_changes_nothing_10_4_3(tmp_path):
    bot, state, places = await _conspiring(tmp_path)
    lena = PLAYERS["lizards"]
    elsewhere = next(c for c in state.board.ids() if c not in places)
    inside = sorted(places)[0]
    await _refused(bot, lena, "convert", "clearings of the Outcast", clearing=elsewhere, owner="marquise")
    await _refused(bot, lena, "convert", "there is no clearing 42", clearing=42, owner="marquise")
    await _refused(bot, lena, "sanctify", "not a building of marquise", clearing=inside, owner="marquise",
                   kind="catapult")
    held = sorted(rules.cards.card(c).key for c in state.seats[CULT].hand)
    if held:
        await _refused(bot, lena, "ritual", "rituals are performed in your Daylight", ritual="score", card=held[0])
    await bot.service.store.close()


def _ambush_asked_of_the_cult(state: rules.GameState) -> bool:
    """The Cult, attacked on another player's turn, is asked whether to ambush."""
    d = state.pending[0] if state.pending else None
    return d is not None and d["kind"] == "ambush" and d["seat"] == CULT and state.turn.seat != CULT


async def test_an_ambush_on_another_players_turn_reaches_the_cults_player_with_buttons_4_3_1(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    lena = PLAYERS["lizards"]
    chooser, result = random.Random(11), None
    for _ in range(900):
        state = (await bot.service.table(CHANNEL)).state
        if _ambush_asked_of_the_cult(state):
            break
        seat = rules.to_act(state)
        assert seat is not None and state.turn.round <= 8, "the Cult was never attacked"
        legal = rules.legal_actions(state, seat)
        at_cult = [a for a in legal if a.verb == "battle" and getattr(a, "defender", None) == "lizards"]
        action = chooser.choice(at_cult or legal)
        result = await play_action(bot, PLAYERS[state.seats[seat].faction], CHANNEL, action)
        assert not result.refused, (action.notation(), result.text)
    assert result is not None and _ambush_asked_of_the_cult(state)
    [post] = [s for s in result.public if s.buttons]
    assert f"<@{lena.id}>" in post.content
    [choose] = post.buttons
    asked = await bot.click(lena, CHANNEL, post, choose["custom_id"])
    [answers] = asked.private
    labels = [b["label"] for b in answers.buttons]
    assert "Pass" in labels, labels
    passing = next(b for b in answers.buttons if b["label"] == "Pass")
    stranger = await bot.click(PLAYERS["marquise"], CHANNEL, answers, passing["custom_id"])
    assert stranger.refused  # only the Cult's player answers
    assert (await bot.service.table(CHANNEL)).state.digest() == state.digest()
    done = await bot.click(lena, CHANNEL, answers, passing["custom_id"])
    assert not done.refused, done.text
    after = (await bot.service.table(CHANNEL)).state
    assert not _ambush_asked_of_the_cult(after) and not rules.problems(after)
    await bot.service.store.close()


def _cult_sets_up(state: rules.GameState) -> bool:
    return state.turn.phase == "setup" and rules.to_act(state) == CULT


async def test_each_setup_refusal_gives_its_reason_and_changes_nothing_10_3(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    lena, bob = PLAYERS["lizards"], PLAYERS["eyrie"]
    state = await _play_until(bot, _cult_sets_up, seed=2)
    corners = sorted(int(a.clearing) for a in rules.legal_actions(state, CULT))
    taken = next(c for c in (1, 2, 3, 4) if c not in corners)
    await _refused(bot, lena, "garden", f"not {taken}", clearing=taken)  # a corner someone started in
    await _refused(bot, lena, "garden", "not 7", clearing=7)  # no corner at all
    await _refused(bot, lena, "garden", "there is no clearing 77", clearing=77)  # malformed
    await _refused(bot, lena, "outcast", "place the starting garden first", suit="fox")  # out of step
    await _refused(bot, bob, "garden", "it is not your turn", clearing=corners[0])  # out of turn
    placed = await bot.slash(lena, CHANNEL, slash_name("garden"), clearing=corners[0])
    assert not placed.refused, placed.text
    await _refused(bot, lena, "outcast", "fox, mouse or rabbit", suit="bird")
    await _refused(bot, lena, "garden", "already placed", clearing=corners[0])
    await bot.service.store.close()


async def test_each_crusade_and_battle_refusal_gives_its_reason_and_changes_nothing_10_4_3_1(tmp_path):
    bot, state, places = await _conspiring(tmp_path)
    lena = PLAYERS["lizards"]
    outside = next(c for c in state.board.ids() if c not in places and state.board.adjacent_to(c))
    near = sorted(state.board.adjacent_to(outside))[0]
    mo = OfflineUser("mo", moderator=True)
    edit = await bot.slash(mo, CHANNEL, "rootmod edit", text=f"!place {outside} lizards:warrior x1")
    assert not edit.refused, edit.text  # a Cult warrior outside the Outcast's clearings, to move and battle with
    await _refused(bot, lena, "crusade", "clearings of the Outcast", **{"from": outside, "to": near, "count": 1})
    await _refused(bot, lena, "battle", "clearings of the Outcast", clearing=outside, defender="marquise")
    inside = sorted(places)[0]
    far = next(c for c in state.board.ids() if c != inside and c not in state.board.adjacent_to(inside))
    mine = state.clearings[inside - 1].get("lizards:warrior", 0)
    await _refused(bot, lena, "crusade", "no path joins", **{"from": inside, "to": far, "count": 1})
    step = sorted(state.board.adjacent_to(inside))[0]
    too_many = {"from": inside, "to": step, "count": mine + 1}
    await _refused(bot, lena, "crusade", f"you have only {mine} warriors", **too_many)
    await _refused(bot, lena, "crusade", "there is no clearing 50", **{"from": 50, "to": inside, "count": 1})
    await _refused(bot, lena, "convert", "'nobody' is not a faction in this game", clearing=inside, owner="nobody")
    await _refused(bot, lena, "convert", "'bogus' is no option of convert", clearing=inside, owner="marquise",
                   infected="bogus")  # malformed options
    await _refused(bot, lena, "sanctify", "'catapult' is not a building of marquise", clearing=inside,
                   owner="marquise", kind="catapult")
    await bot.service.store.close()


def test_the_lizard_cult_example_game_runs_to_the_end_in_the_console_with_the_cults_own_commands():
    from test_bot_console import EXAMPLES, played

    script = EXAMPLES / "lizards-game.txt"
    code, out = played(script.name)
    assert code == 0
    assert " 0 refused" in out.strip().splitlines()[-1] and "The game is over" in out
    text = script.read_text()
    for verb in ("/lizards garden ", "/lizards outcast ", "crusade ", "ritual "):
        assert verb in text, verb
    assert "The Lizard Cult choose fox as the Outcast." in out and "Revenge" in out
    blocks = out.split("\n  [")
    hands = [b for b in blocks if "Your hand (" in b]
    assert hands and all(b.startswith(("thread of @", "only @")) for b in hands)
