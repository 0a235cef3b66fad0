"""The Riverfolk Company through the real command tree: a game played for several rounds with each verb's own slash
command, services bought by the other players in their own Birdsong, the board drawn; and one clear refusal per
verb for bad input (a wrong clearing, a card not held, out of turn or out of step, a malformed option), the game
left unchanged (Law 11.2.6, 11.3-11.6)."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, play_until, seated_game, slash_options

import rules
from bot.service.notation import slash_name
from rules.factions.riverfolk import board as rb

CHANNEL = 1515
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "riverfolk": OfflineUser("rhea")}
RIVER = 2


async def _play_until(bot, goal, seed: int, rounds: int = 6) -> rules.GameState:
    """Random legal actions through the slash commands (purchases preferred) until goal(state)."""
    return await play_until(bot, CHANNEL, PLAYERS, goal, seed, lambda a: a.verb in ("buy", "post", "export"), rounds)


def _at_daylight(state: rules.GameState) -> bool:
    return state.turn.step == "riverfolk.daylight" and not state.pending and rb.funds(state, RIVER) >= 1


def _at_offer(state: rules.GameState) -> bool:
    return any(d.get("faction") == "riverfolk" and d["seat"] != RIVER for d in state.pending)


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:
    """One refusal naming its reason; the game is left as it was."""
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(user, CHANNEL, slash_name(verb), **options)
    assert result.refused and expected in result.text and "Traceback" not in result.text, (verb, options, result.text)
    after = (await bot.service.table(CHANNEL)).state
    assert after.version == before.version and after.digest() == before.digest()


async def test_a_game_with_the_company_plays_through_each_verbs_command(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    offered = await bot.autocomplete(PLAYERS["marquise"], CHANNEL, "root create", "factions", factions="river")
    assert any(c["value"] == "riverfolk" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)
    used: set[str] = set()
    chooser = random.Random(7)
    for _ in range(900):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 4:
            break
        legal = rules.legal_actions(state, seat)
        liked = [a for a in legal if a.verb in ("buy", "post", "export", "draw")]
        action = chooser.choice(liked) if liked and chooser.random() < 0.7 else chooser.choice(legal)
        result = await bot.slash(
            PLAYERS[state.seats[seat].faction], CHANNEL, slash_name(action.verb), **slash_options(action)
        )
        assert not result.refused, (action.notation(), result.text)
        used.add(action.verb)
    assert {"start", "cost", "buy"} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)
    board = await bot.slash(PLAYERS["riverfolk"], CHANNEL, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def test_each_daylight_refusal_gives_its_reason_and_changes_nothing_11_5(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    rhea, alice = PLAYERS["riverfolk"], PLAYERS["marquise"]
    state = await _play_until(bot, _at_daylight, seed=3)
    held = {rules.cards.card(c).key for c in state.seats[RIVER].hand}
    missing = next(c.key for c in rules.cards.deck() if c.key not in held and c.cost)
    await _refused(bot, rhea, "export", "is not in your hand", card=missing)
    await _refused(bot, rhea, "post", "there is no clearing 99", clearing=99)
    await _refused(bot, rhea, "recruit", "clearings with a river", clearings="1")
    await _refused(bot, rhea, "cost", "set in your Evening", service="hand", count=2)
    await _refused(bot, rhea, "cost", "not a service", service="bread", count=2)  # malformed option
    await _refused(bot, rhea, "start", "already placed", clearing=4)
    await _refused(bot, alice, "draw", "not your turn")
    await _refused(bot, rhea, "buy", "start of your own Birdsong", service="riverboats")
    await bot.service.store.close()


async def test_a_purchase_reaches_the_buyer_and_refusals_name_the_reason_11_2_6(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    state = await _play_until(bot, _at_offer, seed=5)
    buyer = next(d["seat"] for d in state.pending if d.get("faction") == "riverfolk")
    user = PLAYERS[state.seats[buyer].faction]
    held = {rules.cards.card(c).key for c in state.seats[RIVER].hand}
    missing = next(c.key for c in rules.cards.deck() if c.key not in held)
    await _refused(bot, user, "buy", "do not hold", service="hand", card=missing)
    await _refused(bot, user, "buy", "the services are", service="bread")
    await _refused(bot, user, "buy", "could mean several things", service="hand")  # the card left out
    before = len(state.seats[buyer].hand)
    state = (await bot.service.table(CHANNEL)).state
    options = [a for a in rules.legal_actions(state, buyer) if a.verb == "buy"]
    assert options
    result = await bot.slash(user, CHANNEL, slash_name("buy"), **slash_options(options[0]))
    assert not result.refused, result.text
    state = (await bot.service.table(CHANNEL)).state
    assert rb.total(state, RIVER, rb.PAYMENTS) >= 1
    if options[0].service == "hand":
        assert len(state.seats[buyer].hand) == before + 1
    await bot.service.store.close()


def test_the_offer_reaches_the_buyers_own_thread_with_a_choice_per_service_11_2_6():
    from rules_helpers import goto, set_hand

    from bot.service.threads import prompt_lines

    state = set_hand(rules.new_game({"factions": list(PLAYERS), "first_player": 0}, 2), RIVER, "ambush-bird")
    while state.turn.phase == "setup":
        state, _ = rules.engine.apply_unchecked(
            state, rules.to_act(state), rules.legal_actions(state, rules.to_act(state))[0]
        )
    state = goto(set_hand(state, RIVER, "ambush-bird"), 0, "birdsong.start")
    assert rules.to_act(state) == 0
    _, private = prompt_lines(state, 0)
    shown = sorted(c.notation for c in private)
    assert "buy hand ambush-bird" in shown and "buy riverboats" in shown and "pass" in shown
    assert "buy mercenaries" in shown
    _, theirs = prompt_lines(state, RIVER)
    assert not any(c.notation.startswith("buy") for c in theirs)  # the Company is not asked


async def test_each_of_the_companys_shared_verbs_refuses_bad_input_and_changes_nothing_11_5(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    rhea = PLAYERS["riverfolk"]
    state = await _play_until(bot, _at_daylight, seed=3)
    empty = next(c for c in state.board.ids() if not any(k.startswith("riverfolk:") for k in state.clearings[c - 1]))
    held = {rules.cards.card(c).key for c in state.seats[RIVER].hand}
    missing = next(c.key for c in rules.cards.deck() if c.key not in held and c.cost)
    near = min(state.board.adjacent_to(empty))
    await _refused(bot, rhea, "move", f"clearing {empty}", **{"from": empty, "to": near, "count": 1})
    await _refused(bot, rhea, "battle", f"clearing {empty}", clearing=empty, defender="marquise")
    await _refused(bot, rhea, "craft", "is not in your hand", card=missing)
    await _refused(bot, rhea, "move", "there is no clearing 99", **{"from": 99, "to": near, "count": 1})
    owners = rb.fund_owners(state, RIVER)
    absent = next(f for f in PLAYERS if f not in owners)
    await _refused(bot, rhea, "first", "are in your Funds", faction=absent)
    await _refused(bot, PLAYERS["marquise"], "first", "not your turn", faction=owners[0])
    await bot.service.store.close()


async def test_mercenaries_are_bought_in_the_buyers_thread_and_refused_to_the_vagabond_11_2_7_3(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    players = {"marquise": OfflineUser("alice"), "vagabond": OfflineUser("vera"), "riverfolk": OfflineUser("rhea")}
    await seated_game(bot, CHANNEL, players)

    def vagabond_offered(state: rules.GameState) -> bool:
        return any(d.get("faction") == "riverfolk" and d["seat"] == 1 for d in state.pending)

    state = await play_until(bot, CHANNEL, players, vagabond_offered, seed=4)
    assert not any(a.notation() == "buy mercenaries" for a in rules.legal_actions(state, 1))
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(players["vagabond"], CHANNEL, slash_name("buy"), service="mercenaries")
    assert result.refused and "Vagabond cannot hire" in result.text, result.text
    assert (await bot.service.table(CHANNEL)).state.digest() == before.digest()

    def marquise_offered(state: rules.GameState) -> bool:
        return any(d.get("faction") == "riverfolk" and d["seat"] == 0 for d in state.pending)

    state = await play_until(bot, CHANNEL, players, marquise_offered, seed=5)
    assert any(a.notation() == "buy mercenaries" for a in rules.legal_actions(state, 0))
    result = await bot.slash(players["marquise"], CHANNEL, slash_name("buy"), service="mercenaries")
    assert not result.refused and "hires the Riverfolk Company's mercenaries" in result.text, result.text
    state = (await bot.service.table(CHANNEL)).state
    assert state.turn.seat == 0 and state.turn.flags.get("hired")
    await bot.service.store.close()
