"""The Lizard Cult through the real command tree: a game played for several rounds with each verb's own slash
command, every hand staying with its player, the board drawn; and one clear refusal per verb for bad input (a wrong
clearing, a card not held, a piece not available, out of turn or out of step, a malformed option), the game left
unchanged (Law 10.3-10.5)."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, play_until, seated_game, slash_options

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
    assert any(s.files.get("board.png", b"").startswith(b"\x89PNG") for s in board.sent)
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


async def test_each_conspiracy_refusal_gives_its_reason_and_changes_nothing_10_4_3(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    lena = PLAYERS["lizards"]
    state = await _play_until(bot, _at_conspiracies, seed=4, rounds=8)
    places = {c for c in state.board.ids() if state.suits[c - 1] == lb.outcast(state, CULT)}
    elsewhere = next(c for c in state.board.ids() if c not in places)
    inside = sorted(places)[0]
    await _refused(bot, lena, "convert", "clearings of the Outcast", clearing=elsewhere, owner="marquise")
    await _refused(bot, lena, "convert", "there is no clearing 42", clearing=42, owner="marquise")
    await _refused(bot, lena, "sanctify", "Sanctify", clearing=inside, owner="marquise", kind="catapult")
    held = sorted(rules.cards.card(c).key for c in state.seats[CULT].hand)
    if held:
        await _refused(bot, lena, "ritual", "rituals are performed in your Daylight", ritual="score", card=held[0])
    await bot.service.store.close()
