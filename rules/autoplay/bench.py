"""Benchmark games: an automated faction against random or greedy players of the other factions, in turn.

A game ends at the winning score or at the round limit (the engine then declares the highest scores the winners,
ties sharing). The automated player wins a game only when its side is the one winning side: a shared win, a game
cut off at the action cap, and every other end count as losses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rules import engine, registry
from rules.actions import Action
from rules.autoplay.baselines import greedy_choice, random_choice
from rules.autoplay.budget import Budget
from rules.autoplay.search import choose
from rules.errors import RulesError
from rules.playout import MAX_ACTIONS, playout_options
from rules.rule import side_of
from rules.setup import new_game, normalise
from rules.state import GameState
from rules.words import echo

Player = Callable[[GameState, int, int], Action]
BASELINES: dict[str, Player] = {"random": random_choice, "greedy": greedy_choice}


@dataclass
class Game:
    """One benchmark game's result: whether the automated side won, and its decisions' and turns' CPU times."""

    won: bool
    lineup: list[str]
    points: list[int]
    rounds: int = 0
    cut: bool = False
    """Stopped at the action cap, unfinished."""
    decisions: list[float] = field(default_factory=list)
    turns: list[float] = field(default_factory=list)


def lineups(faction: str, seats: int, games: int, start: int = 0) -> list[list[str]]:
    """For each game, the factions in seat order: the automated one in turn at each seat, the others rotating (from
    the `start`th other faction, so that runs with other seeds meet other opponents first)."""
    others = [f for f in registry.playable_ids() if f != faction]
    out = []
    for g in range(games):
        rivals = [others[((start + g) * (seats - 1) + k) % len(others)] for k in range(seats - 1)]
        at = g % seats
        out.append([*rivals[:at], faction, *rivals[at:]])
    return out


def play(lineup: list[str], auto: int, against: Player, budget: Budget, seed: int, round_limit: int) -> Game:
    """One game: the automated player at seat `auto`, the baseline at the others."""
    options = playout_options("standard", ",".join(lineup), None, "autumn", round_limit)
    normalise(options)
    state = new_game(options, seed)
    game = Game(False, lineup, [])
    turn_key, turn_cpu = None, 0.0
    for n in range(MAX_ACTIONS):
        if state.over:
            break
        seat = engine.to_act(state)
        assert seat is not None
        if seat == auto:
            key = (state.turn.seat, state.turn.round)
            if key != turn_key and turn_key is not None:
                game.turns.append(turn_cpu)
                turn_cpu = 0.0
            started = time.process_time()
            action = choose(state, seat, budget, seed * 100_003 + n, turn_cpu)
            spent = time.process_time() - started
            game.decisions.append(spent)
            turn_key, turn_cpu = key, turn_cpu + spent
        else:
            action = against(state, seat, seed * 100_003 + n)
        state, _ = engine.apply_unchecked(state, seat, action)
    game.turns.append(turn_cpu)
    game.points = [s.points for s in state.seats]
    game.rounds = state.turn.round
    game.cut = not state.over
    winning = {side_of(state, w) for w in state.winners}
    game.won = state.over and winning == {side_of(state, auto)}
    return game


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def check_faction(name: str) -> str:
    """A playable faction's id, or a clear refusal."""
    fid = registry.find_faction(name)
    if fid is None or fid not in registry.playable_ids():
        raise RulesError(f"no playable faction '{echo(name, 24)}'; factions are: {', '.join(registry.playable_ids())}")
    return fid
