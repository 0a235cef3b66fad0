"""The automated player plays: legal choices on its own turns and on others' (decisions such as an Outrage), the
same choice for the same seed and playout cap, candidates capped, a team's total in the 3x3, and the benchmark
command's figures and refusals."""

from __future__ import annotations

import random
import re

import pytest

from rules import engine, registry
from rules.actions import Action, End, Move
from rules.autoplay import Budget, decide
from rules.autoplay.__main__ import main
from rules.autoplay.baselines import greedy_choice
from rules.autoplay.budget import Clock
from rules.autoplay.chance import Seeded
from rules.autoplay.evaluate import value
from rules.autoplay.knowledge import imagine
from rules.autoplay.search import candidates, rollout_choice, shortlist
from rules.factions.riverfolk.board import FUNDS, area
from rules.factions.spinners import SUITS, TRACK_WORTH, WARD, WEB_DISCOUNT, WEB_KEY, infirmary_kind, webs_at
from rules.factions.spore import GROUND_WORTH, INFECTED_WORTH, MUSHROOM, mushrooms
from rules.playout import playout_options
from rules.setup import new_game, normalise
from rules.state import GameState

TINY = Budget(cpu_seconds=None, turn_seconds=None, iterations=8, worlds=2, candidates=6, rollout_actions=15)


def game(mode: str, factions: str | None, seed: int) -> GameState:
    """A new game of the mode."""
    options = playout_options(mode, factions, None, "autumn", None)
    normalise(options)
    return new_game(options, seed)


def random_until(state: GameState, seed: int, stop: int) -> list[GameState]:
    """The states of a random game, at most `stop` actions on."""
    chooser, out = random.Random(seed), [state]
    for _ in range(stop):
        seat = engine.to_act(state)
        if seat is None:
            break
        state, _ = engine.apply_unchecked(state, seat, chooser.choice(engine.legal_actions(state, seat)))
        out.append(state)
    return out


def test_it_answers_a_decision_on_another_players_turn() -> None:
    asked = [
        s
        for seed in range(1, 6)
        for s in random_until(game("standard", "marquise,alliance", seed), seed, 250)
        if s.pending and engine.to_act(s) != s.turn.seat and len(engine.legal_actions(s, engine.to_act(s) or 0)) > 1
    ]
    assert asked
    for state in asked[:4]:
        seat = engine.to_act(state)
        assert seat is not None
        assert decide(state, seat, budget=TINY, seed=1) in engine.legal_actions(state, seat)


def test_the_same_seed_and_cap_give_the_same_choice_and_the_choice_is_legal() -> None:
    states = random_until(game("standard", "eyrie,marquise", 2), 2, 60)[20::10]
    for state in states:
        seat = engine.to_act(state)
        assert seat is not None
        first = decide(state, seat, budget=TINY, seed=4)
        assert first == decide(state, seat, budget=TINY, seed=4)
        assert first in engine.legal_actions(state, seat)


def test_a_huge_list_of_actions_is_cut_to_the_candidate_cap() -> None:
    state = next(
        s
        for s in random_until(game("standard", "marquise,eyrie", 1), 1, 200)
        if len(engine.legal_actions(s, engine.to_act(s) or 0)) > 30
    )
    seat = engine.to_act(state) or 0
    cut = candidates(state, seat, 5, Seeded(1))
    assert len(cut) == 5
    assert set(cut) <= set(engine.legal_actions(state, seat))


def crowded(legal: list[Action]) -> bool:
    """Whether one verb has most of the actions."""
    verbs = [a.verb for a in legal]
    return max(verbs.count(v) for v in set(verbs)) * 2 > len(verbs)


def test_the_shortlist_keeps_every_verb_when_one_verb_crowds_the_rest() -> None:
    state = next(
        s
        for seed in range(1, 6)
        for s in random_until(game("standard", "spinners,marquise", seed), seed, 300)
        if s.turn.step == "spinners.daylight"
        and engine.to_act(s) == s.turn.seat
        and len({a.verb for a in engine.legal_actions(s, s.turn.seat)}) >= 4
        and len(engine.legal_actions(s, s.turn.seat)) > 20
        and crowded(engine.legal_actions(s, s.turn.seat))
    )
    seat = state.turn.seat
    legal = engine.legal_actions(state, seat)
    verbs = {a.verb for a in legal}
    short = shortlist(state, seat, len(verbs) + 2, Seeded(3))
    assert len(short) == len(verbs) + 2
    assert set(short) <= set(legal)
    assert {a.verb for a in short} == verbs


def test_a_playout_draws_the_verb_first() -> None:
    moves: list[Action] = [Move(1, 2, n) for n in range(1, 41)]
    chooser = Seeded(5)
    picks = [rollout_choice([*moves, End()], chooser) for _ in range(400)]
    assert 150 < picks.count(End()) < 250


def test_the_greedy_baseline_chooses_a_legal_action() -> None:
    state = random_until(game("standard", "marquise,eyrie", 3), 3, 80)[-1]
    seat = engine.to_act(state)
    assert seat is not None
    assert greedy_choice(state, seat, 1) in engine.legal_actions(state, seat)


def test_the_benchmark_prints_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--faction", "eyrie", "--games", "1", "--seed", "2", "--iterations", "2", "--round-limit", "3"]
    assert main(args) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"autoplay: eyrie vs random, 1 games, [01] wins \(\d+%\), \d+ ms/decision p95", last), last


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--faction", "kittens"], "no playable faction 'kittens'"),
        (["--faction", "eyrie", "--games", "0"], "0 is too small"),
        (["--faction", "eyrie", "--budget", "-1"], "not a number of seconds above zero"),
        (["--faction", "eyrie", "--seats", "9"], "too many"),
        (["--faction", "eyrie", "--against", "oracle"], "invalid choice"),
    ],
)
def test_bad_arguments_get_one_clear_message(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(args)
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2
    assert said in err
    assert "Traceback" not in err


def test_a_turn_past_its_budget_is_brought_to_its_end() -> None:
    state = next(
        s
        for s in random_until(game("standard", "marquise,eyrie", 5), 5, 200)
        if not s.pending
        and any(a.verb == "end" for a in engine.legal_actions(s, s.turn.seat))
        and len(engine.legal_actions(s, s.turn.seat)) > 2
    )
    seat = state.turn.seat
    hurried = Budget(cpu_seconds=None, turn_seconds=1.0, iterations=8, worlds=2, candidates=6, rollout_actions=15)
    assert decide(state, seat, budget=hurried, seed=3, spent=1.5).verb == "end"
    unhurried = decide(state, seat, budget=hurried, seed=3, spent=0.0)
    assert unhurried.verb != "end" and unhurried in engine.legal_actions(state, seat)


def test_the_greedy_baseline_moves_only_to_improve_else_ends_the_step() -> None:
    """A pointless move is never chosen over ending the step (else a greedy player may shuffle pieces forever)."""
    checked = 0
    for n, state in enumerate(random_until(game("standard", "spinners,marquise", 4), 4, 300)):
        seat = engine.to_act(state)
        if seat is None or state.pending or not any(a.verb == "end" for a in engine.legal_actions(state, seat)):
            continue
        choice = greedy_choice(state, seat, n)
        if choice.verb not in ("end", "pass"):
            world = imagine(state, seat, n)
            assert value(engine.apply_unchecked(world, seat, choice)[0], seat) > value(world, seat), choice
            checked += 1
    assert checked


def test_a_whole_3x3_game_of_automated_seats_ends_with_a_winning_team() -> None:
    quick = Budget(cpu_seconds=None, turn_seconds=None, iterations=2, worlds=1, candidates=4, rollout_actions=10)
    state = game("frontier", None, 1)
    for n in range(5000):
        seat = engine.to_act(state)
        if seat is None:
            break
        state, _ = engine.apply_unchecked(state, seat, decide(state, seat, budget=quick, seed=n))
    assert state.over
    assert len({state.seats[w].team for w in state.winners}) == 1


def test_a_point_is_worth_more_as_the_leader_nears_the_winning_score() -> None:
    state = game("standard", "marquise,eyrie", 1)

    def gain(points: int, plain: bool) -> float:
        """What one more point for seat 0 adds to its value, from `points` (seat 1 has as many)."""
        state.seats[0].points = state.seats[1].points = points
        before = value(state, 0, plain=plain)
        state.seats[0].points = points + 1
        return value(state, 0, plain=plain) - before

    assert gain(26, plain=False) > gain(1, plain=False) + 0.5
    assert gain(26, plain=True) == pytest.approx(gain(1, plain=True))


def test_the_riverfolk_count_their_funds_through_their_hook() -> None:
    state = game("standard", "riverfolk,marquise", 1)
    seat = next(i for i, s in enumerate(state.seats) if s.faction == "riverfolk")
    before, plain = value(state, seat), value(state, seat, plain=True)
    area(state, seat, FUNDS)["marquise:warrior"] = area(state, seat, FUNDS).get("marquise:warrior", 0) + 2
    assert value(state, seat) > before
    assert value(state, seat, plain=True) == pytest.approx(plain)


def test_near_the_end_of_a_turns_budget_a_decision_takes_a_share_of_what_is_left() -> None:
    budget = Budget(cpu_seconds=0.1, turn_seconds=2.0)
    assert Clock(budget, spent=0.0).limit == pytest.approx(0.1)
    assert Clock(budget, spent=1.8).limit == pytest.approx(0.045)  # a quarter of what is left of 1.98 s
    assert Clock(budget, spent=1.975).limit == pytest.approx(0.005)
    assert not Clock(budget, spent=1.975).hurried()
    assert Clock(budget, spent=1.98).hurried()  # the last 1 % is held back for the last playout's overrun


def test_the_spinners_count_their_patients_through_their_hook() -> None:
    state = game("standard", "spinners,marquise", 1)
    seat = next(i for i, s in enumerate(state.seats) if s.faction == "spinners")
    before, plain = value(state, seat), value(state, seat, plain=True)
    state.seats[seat].areas.setdefault(WARD, {})["marquise:warrior"] = 2
    assert value(state, seat) > before
    assert value(state, seat, plain=True) == pytest.approx(plain)


def test_the_spinners_count_a_second_infirmary_of_a_suit_and_webs_for_less_than_tokens() -> None:
    state = game("standard", "spinners,marquise", 1)
    state = random_until(state, 1, 40)[-1]
    seat = next(i for i, s in enumerate(state.seats) if s.faction == "spinners")
    spinners = registry.of(state, seat)
    supply = state.seats[seat].supply
    suit = next(s for s in SUITS if supply.get(infirmary_kind(s), 0) == 2)
    before = spinners.play_worth(state, seat)
    supply[infirmary_kind(suit)] -= 1
    assert spinners.play_worth(state, seat) == pytest.approx(before + TRACK_WORTH[2])
    webbed = next(cid for cid in state.board.ids() if webs_at(state, cid))
    state.clearings[webbed - 1][WEB_KEY] += 1
    assert spinners.play_worth(state, seat) == pytest.approx(before + TRACK_WORTH[2] - WEB_DISCOUNT)


def test_the_spore_count_their_ground_and_their_infected_through_their_hook() -> None:
    state = random_until(game("standard", "spore,marquise", 2), 2, 60)[-1]
    seat = next(i for i, s in enumerate(state.seats) if s.faction == "spore")
    worth = registry.of(state, seat).play_worth(state, seat)
    bare = next(cid for cid in state.board.ids() if not mushrooms(state, cid) and not state.clearings[cid - 1])
    state.clearings[bare - 1][MUSHROOM] = 1
    assert registry.of(state, seat).play_worth(state, seat) == pytest.approx(worth + GROUND_WORTH)
    state.clearings[bare - 1]["marquise:warrior:spore"] = 2
    assert registry.of(state, seat).play_worth(state, seat) == pytest.approx(worth + GROUND_WORTH + 2 * INFECTED_WORTH)
