"""Determinized flat Monte Carlo search: each candidate action is played in a few imagined deals, the rest of the
turn played out (the seat's own actions drawn verb first, the others' uniformly at random), and the position where the
turn ends evaluated; the weakest half of the candidates is dropped after 2, 4, 8 … rounds (sequential halving) until
the budget is spent. The candidates are drawn from each verb in turn when there are too many to weigh them all.

A candidate's worth mixes the mean and the best of its playouts: the seat chooses its own later actions, so the best
playout tells what the action makes possible, while the mean keeps the dice and the others' answers in view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import engine
from rules.actions import Action
from rules.autoplay.budget import Budget, Clock
from rules.autoplay.chance import Seeded
from rules.autoplay.evaluate import value
from rules.autoplay.knowledge import imagine
from rules.state import GameState

BEST_SHARE = 0.5
"""How much of a candidate's worth is its best playout (the rest: the mean)."""
ENDING = ("end", "pass")
"""The verbs that bring a step or an answer to its end: always among the candidates, and chosen in a hurry."""


@dataclass
class Tally:
    """What the playouts of one candidate gave."""

    action: Action
    values: list[float] = field(default_factory=list)

    def worth(self) -> float:
        """Mean and best playout, mixed."""
        mean = sum(self.values) / len(self.values)
        return mean + BEST_SHARE * (max(self.values) - mean)


def ordered_legal(state: GameState, seat: int) -> list[Action]:
    """The seat's legal actions in a canonical order (by notation)."""
    return sorted(engine.legal_actions(state, seat), key=lambda a: a.notation())


def endings(actions: list[Action]) -> list[Action]:
    """The actions among these that end a step or an answer."""
    return [a for a in actions if a.verb in ENDING]


def candidates(state: GameState, seat: int, cap: int, chooser: Seeded) -> list[Action]:
    """The seat's legal actions in a canonical order, at most `cap` of them (a seeded sample, ending kept)."""
    legal = ordered_legal(state, seat)
    if len(legal) <= cap:
        return legal
    ends = endings(legal)[:cap]
    rest = [a for a in legal if a not in ends]
    return ends + chooser.sample(rest, cap - len(ends))


def shortlist(state: GameState, seat: int, cap: int, chooser: Seeded) -> list[Action]:
    """The candidates a decision weighs: the seat's legal actions in a canonical order, at most `cap` of them; when
    there are more, ending kept and the rest drawn in turn from each verb (seeded), so that many moves of one kind
    never crowd out the few actions of another."""
    legal = ordered_legal(state, seat)
    if len(legal) <= cap:
        return legal
    ends = endings(legal)[:cap]
    by_verb: dict[str, list[Action]] = {}
    for a in legal:
        if a not in ends:
            by_verb.setdefault(a.verb, []).append(a)
    queues = [chooser.sample(by_verb[verb], len(by_verb[verb])) for verb in sorted(by_verb)]
    picked: list[Action] = []
    while len(picked) < cap - len(ends):
        for queue in queues:
            if queue and len(picked) < cap - len(ends):
                picked.append(queue.pop())
    return ends + picked


def rollout_choice(legal: list[Action], chooser: Seeded) -> Action:
    """The seat's own action in a playout: a verb at random, then one action of that verb (many moves of one kind
    would otherwise drown ending the step and the actions that score)."""
    verbs = sorted({a.verb for a in legal})
    verb = chooser.choice(verbs)
    return chooser.choice([a for a in legal if a.verb == verb])


def playout(world: GameState, seat: int, action: Action, chooser: Seeded, steps: int) -> float:
    """Play `action`, then to the end of the turn under way (at most `steps`), and evaluate: the seat's own actions
    drawn verb first (`rollout_choice`), the others' uniformly at random."""
    start = (world.turn.seat, world.turn.round)
    state, _ = engine.apply_unchecked(world, seat, action)
    for _ in range(steps):
        if state.over or ((state.turn.seat, state.turn.round) != start and not state.pending):
            break
        actor = engine.to_act(state)
        assert actor is not None
        legal = engine.legal_actions(state, actor)
        if not legal:
            break
        pick = rollout_choice(legal, chooser) if actor == seat else chooser.choice(legal)
        state, _ = engine.apply_unchecked(state, actor, pick)
    return value(state, seat)


class Worlds:
    """The imagined deals of one decision, made when first needed, with the actions legal in each."""

    def __init__(self, state: GameState, seat: int, seed: int, count: int) -> None:
        self.state, self.seat, self.seed, self.count = state, seat, seed, max(1, count)
        self.made: list[tuple[GameState, set[Action]]] = []

    def get(self, k: int) -> tuple[GameState, set[Action]]:
        """Deal number k (modulo the count) and its legal actions for the seat."""
        k %= self.count
        while len(self.made) <= k:
            world = imagine(self.state, self.seat, self.seed, len(self.made))
            self.made.append((world, set(engine.legal_actions(world, self.seat))))
        return self.made[k]


def choose(state: GameState, seat: int, budget: Budget, seed: int, spent: float = 0.0) -> Action:
    """The action with the best worth over the playouts the budget allows (`spent`: CPU seconds the turn's earlier
    decisions took; once the turn's budget is used up, the turn is brought to its end: ending a step when it may)."""
    clock = Clock(budget, spent)
    chooser = Seeded(seed)
    options = shortlist(state, seat, budget.candidates, chooser)
    if not options:
        raise ValueError(f"seat {seat} has nothing to decide now")
    if len(options) == 1:
        return options[0]
    if clock.hurried():
        ends = endings(options)
        return ends[0] if ends else chooser.choice(options)
    worlds = Worlds(state, seat, seed, budget.worlds)
    alive = [Tally(a) for a in options]
    rounds = 0
    while not clock.spent():
        for tally in alive:
            if clock.spent():
                break
            world, legal = worlds.get(rounds)
            if tally.action in legal:
                tally.values.append(playout(world, seat, tally.action, chooser, budget.rollout_actions))
            clock.playouts += 1
        rounds += 1
        if rounds & (rounds - 1) == 0 and rounds >= 2 and len(alive) > 2:
            alive = sorted(alive, key=lambda t: -t.worth() if t.values else float("inf"))[: (len(alive) + 1) // 2]
    weighed = [t for t in alive if t.values]
    if not weighed:
        return chooser.choice(options)
    return max(weighed, key=lambda t: t.worth()).action
