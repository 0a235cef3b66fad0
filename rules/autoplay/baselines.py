"""Players to measure the automated player against: uniformly random, and one-ply greedy."""

from __future__ import annotations

from rules import engine
from rules.actions import Action
from rules.autoplay.chance import Seeded
from rules.autoplay.evaluate import value
from rules.autoplay.knowledge import imagine
from rules.autoplay.search import candidates, endings
from rules.state import GameState

GREEDY_CANDIDATES = 40
"""How many legal actions the greedy player weighs at most."""


def random_choice(state: GameState, seat: int, seed: int) -> Action:
    """A legal action chosen uniformly at random."""
    return Seeded(seed).choice(engine.legal_actions(state, seat))


def greedy_choice(state: GameState, seat: int, seed: int) -> Action:
    """The legal action whose immediate result evaluates best in one imagined deal (ties: at random); when none
    improves on the position as it is, ending the step if it may (else it would shuffle pieces to and fro forever)."""
    chooser = Seeded(seed)
    options = candidates(state, seat, GREEDY_CANDIDATES, chooser)
    if len(options) == 1:
        return options[0]
    world = imagine(state, seat, seed)
    legal = set(engine.legal_actions(world, seat))
    scored = [
        (value(engine.apply_unchecked(world, seat, a)[0], seat, plain=True), chooser.random(), a)
        for a in options
        if a in legal
    ]
    if not scored:
        return chooser.choice(options)
    best = max(scored, key=lambda t: (t[0], t[1]))
    ends = endings(options)
    if ends and best[0] <= value(world, seat, plain=True):
        return ends[0]
    return best[2]
