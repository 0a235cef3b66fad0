"""Automated seats: a player for any seat that decides only from what that seat may see.

The seam the bot and the console call is `decide`: the seat's choice now, within a CPU budget (`Budget`; the one clock
read is `time.process_time`). It weighs the seat's own legal actions (which depend only on what the seat may see) by
playing each out in deals it imagines afresh (`knowledge.imagine`: the real deal is never looked at), to the end of the
turn under way, and evaluating the result (`evaluate.value`; in a team game, for the team). `search` holds the search,
`baselines` the random and greedy players it is measured against, `bench` the benchmark games (`python -m
rules.autoplay`).
"""

from __future__ import annotations

from rules.actions import Action
from rules.autoplay.budget import Budget
from rules.autoplay.search import choose
from rules.state import GameState

__all__ = ["DEFAULT_BUDGET", "Budget", "decide"]

DEFAULT_BUDGET = Budget()
"""A decision's budget unless the caller gives one: `Budget.cpu_seconds` of CPU a decision, `Budget.turn_seconds`
(2 s) a turn when the caller passes what the turn has spent."""


def decide(
    state: GameState, seat: int, *, budget: Budget = DEFAULT_BUDGET, seed: int = 0, spent: float = 0.0
) -> Action:
    """The action an automated player in `seat` takes now (the seat must be the one to act); `spent`: the CPU seconds
    its decisions of this turn took so far, held to `Budget.turn_seconds`."""
    return choose(state, seat, budget, seed, spent)
