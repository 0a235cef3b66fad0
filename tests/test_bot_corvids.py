"""The Corvid Conspiracy through the real command tree: a game played for several rounds with each verb's own slash
command (Exposure by the other players on their own turns), plot kinds kept to the Corvids' own thread, the board
drawn; and one clear refusal per verb for bad input (a wrong clearing, a card not held, a plot not had, out of turn or
out of step, a malformed option), the game left unchanged (Law 13.2.4, 13.3-13.6)."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, play_action, play_until, seated_game

import rules
from bot.service.notation import slash_name
from rules.factions.corvids import board as cb
from rules.factions.corvids.actions import Expose, Plot

CHANNEL = 1616
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "corvids": OfflineUser("corax")}
CORVIDS = 2


def _liked(action: rules.Action) -> bool:
    return action.verb in ("plot", "flip", "trick", "expose")


async def _play_until(bot, goal, seed: int, rounds: int = 6) -> rules.GameState:
    """Random legal actions through the slash commands (plots and guesses preferred) until goal(state)."""
    return await play_until(bot, CHANNEL, PLAYERS, goal, seed, _liked, rounds)


def _at_daylight(state: rules.GameState) -> bool:
    return state.turn.step == cb.DAYLIGHT and not state.pending and bool(cb.face_down_clearings(state))


def _may_guess(state: rules.GameState) -> bool:
    seat = rules.to_act(state)
    return seat not in (None, CORVIDS) and any(a.verb == "expose" for a in rules.legal_actions(state, seat))


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:
    """One refusal naming its reason; the game is left as it was."""
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(user, CHANNEL, slash_name(verb), **options)
    assert result.refused and expected in result.text and "Traceback" not in result.text, (verb, options, result.text)
    after = (await bot.service.table(CHANNEL)).state
    assert after.version == before.version and after.digest() == before.digest()


def _pick(state: rules.GameState, chooser: random.Random) -> tuple[rules.Action, OfflineUser]:
    """A random legal action of the seat to act (plots and guesses three times in five), and its player."""
    seat = rules.to_act(state)
    assert seat is not None
    legal = rules.legal_actions(state, seat)
    liked = [a for a in legal if _liked(a)]
    action = chooser.choice(liked) if liked and chooser.random() < 0.6 else chooser.choice(legal)
    return action, PLAYERS[state.seats[seat].faction]


def _check_public(action: rules.Action, public: str) -> None:
    """The channel sees a plot placed but never its kind; a guess and its answer, but never the card shown."""
    if isinstance(action, Plot):
        assert f"`plot {action.clearing} ?`" in public and not _kinds_named(public), public
    if isinstance(action, Expose):
        assert action.kind in public and rules.cards.keys()[action.card].name not in public, public
        assert ": right, and exposes it" in public or "say no" in public, public  # the Corvids' answer


def _kinds_named(text: str) -> bool:
    return any(f" {kind}" in text for kind in ("bomb", "snare", "extortion", "raid"))


async def test_a_game_with_the_corvids_plays_through_each_verbs_command_and_keeps_the_plots_hidden(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    offered = await bot.autocomplete(PLAYERS["marquise"], CHANNEL, "root create", "factions", factions="corv")
    assert any(c["value"] == "corvids" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)
    used: set[str] = set()
    chooser = random.Random(11)
    while (state := (await bot.service.table(CHANNEL)).state).turn.round <= 4 and not state.over:
        action, user = _pick(state, chooser)
        result = await play_action(bot, user, CHANNEL, action)
        assert not result.refused, (action.notation(), result.text)
        used.add(action.verb)
        _check_public(action, "\n".join(s.content for s in result.public))
    assert {"scatter", "plot", "expose", "recruit"} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)
    mine = await bot.slash(PLAYERS["corvids"], CHANNEL, "root hand")
    assert mine.private and "Your plot supply:" in mine.text
    theirs = await bot.slash(PLAYERS["marquise"], CHANNEL, "root hand")
    assert "plot supply" not in theirs.text and "face-down plots" not in theirs.text
    board = await bot.slash(PLAYERS["corvids"], CHANNEL, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def test_each_corvid_verb_refusal_gives_its_reason_and_changes_nothing_13_4_13_5(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    corax, alice = PLAYERS["corvids"], PLAYERS["marquise"]
    state = await _play_until(bot, _at_daylight, seed=3)
    down = cb.face_down_clearings(state)
    empty = next(c for c in state.board.ids() if not cb.has_plot(state, c) and not cb.warriors_at(state, c))
    await _refused(bot, corax, "plot", "there is no clearing 99", clearing=99, kind="bomb")
    await _refused(bot, corax, "plot", "a plot is a bomb, snare, extortion or raid", clearing=empty, kind="trap")
    await _refused(bot, corax, "plot", "one to a clearing", clearing=down[0], kind="raid")
    await _refused(bot, corax, "plot", f"you have 0 in clearing {empty}", clearing=empty, kind="bomb")
    await _refused(bot, corax, "trick", "two different clearings", clearings=f"{down[0]},{down[0]}")
    await _refused(bot, corax, "trick", f"clearing {empty} holds no plot", clearings=f"{down[0]},{empty}")
    await _refused(bot, corax, "flip", "you flip plots in Birdsong", clearing=down[0])
    await _refused(bot, corax, "scatter", "scattered already", clearing=empty)
    held = sorted({rules.cards.card(c).key for c in state.seats[CORVIDS].hand})
    missing = next(c.key for c in rules.cards.deck() if c.key not in held)
    await _refused(bot, corax, "recruit", "is not in your hand", card=missing)
    assert held  # seed 3: the Corvids hold cards
    if held:
        await _refused(bot, corax, "recruit", "you recruit in Birdsong", card=held[0])
    await _refused(bot, alice, "plot", "not your turn", clearing=empty, kind="bomb")
    if held:
        await _refused(bot, corax, "expose", "for their enemies", clearing=down[0], kind="bomb", card=held[0])
    await bot.service.store.close()


async def test_each_exposure_refusal_says_nothing_of_the_plot_13_2_4(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    state = await _play_until(bot, _may_guess, seed=5, rounds=8)
    seat = rules.to_act(state)
    assert seat is not None
    user = PLAYERS[state.seats[seat].faction]
    guess = next(a for a in rules.legal_actions(state, seat) if a.verb == "expose")
    held = {rules.cards.card(c).key for c in state.seats[seat].hand}
    missing = next(c.key for c in rules.cards.deck() if c.key not in held)
    cid, card = guess.clearing, guess.card
    bare = next(c for c in state.board.ids() if not state.clearings[c - 1].get(cb.PLOT_KEY))
    await _refused(bot, user, "expose", "is not in your hand", clearing=cid, kind="bomb", card=missing)
    await _refused(bot, user, "expose", f"no face-down plot in clearing {bare}", clearing=bare, kind="raid", card=card)
    await _refused(bot, user, "expose", "guess a bomb, snare, extortion or raid", clearing=cid, kind="trap", card=card)
    await _refused(bot, user, "expose", "there is no clearing 77", clearing=77, kind="bomb", card=card)
    other = PLAYERS["eyrie" if state.seats[seat].faction == "marquise" else "marquise"]
    await _refused(bot, other, "expose", "not your turn", clearing=cid, kind="bomb", card=card)
    wrong = next((k for k in sorted(held) if rules.cards.keys()[k].suit not in ("bird", state.suits[cid - 1])), None)
    assert wrong is not None  # seed 5: the guesser holds a card of another suit
    reasons = set()
    for kind in cb.KINDS:  # the same words whatever the guess: nothing about the plot
        result = await bot.slash(user, CHANNEL, slash_name("expose"), clearing=cid, kind=kind, card=wrong)
        assert result.refused
        reasons.add(result.text.replace(kind, "KIND"))
    assert len(reasons) == 1 and "does not match" in reasons.pop()
    await bot.service.store.close()


def test_the_corvids_example_game_runs_to_the_end_and_keeps_the_plots_to_their_thread():
    from test_bot_console import played

    code, out = played("corvids-game.txt")
    assert code == 0 and " 0 refused" in out.strip().splitlines()[-1] and "The game is over" in out
    for said in ("`plot 9 ?`", "flip the plot in clearing 9: a bomb", "swap the face-down plots", ": right, and"):
        assert said in out, said
    blocks = out.split("\n  [")
    secret = [b for b in blocks if "Your face-down plots:" in b or "Your plot in clearing" in b]
    assert secret and all(b.startswith(("thread of @carol]", "only @carol]")) for b in secret)
