"""The automated player decides only from what its seat may see: re-dealing the other seats' hidden cards (hands,
the Supporters, the Corvids' plots, the Keepers' face-down relics, the deck's order, the ruins' items) in a way
consistent with the public state, or moving the state's own random position, never changes its choice for a seed.

The budgets here cap the playouts and read no clock, so each choice is the same on any machine."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rules import engine
from rules.actions import Action
from rules.autoplay import Budget, decide
from rules.autoplay.evaluate import value
from rules.autoplay.knowledge import canonical, imagine
from rules.hidden import hidden_places, redeal
from rules.playout import playout_options
from rules.setup import new_game, normalise
from rules.state import GameState

TINY = Budget(cpu_seconds=None, turn_seconds=None, iterations=10, worlds=2, candidates=6, rollout_actions=15)
LINEUPS = [
    ("corvids", "alliance", "spore"),
    ("keepers", "spinners", "tinker"),
    ("alliance", "vagabond"),
]
MOMENTS = (25, 70, 140)
Decider = Callable[[GameState, int], Action]


def moments(factions: tuple[str, ...], seed: int = 3) -> list[GameState]:
    """States of a random game after some actions, each with a choice to make and something hidden from its seat."""
    options = playout_options("standard", ",".join(factions), None, "autumn", None)
    normalise(options)
    state, chooser, out = new_game(options, seed), random.Random(seed), []
    for n in range(max(MOMENTS) + 1):
        if state.over:
            break
        seat = engine.to_act(state)
        assert seat is not None
        legal = engine.legal_actions(state, seat)
        if n in MOMENTS and len(legal) > 1:
            out.append(state)
        state, _ = engine.apply_unchecked(state, seat, chooser.choice(legal))
    return out


def others_hidden(state: GameState, seat: int) -> bool:
    """Whether anything is hidden from the seat besides the deck."""
    return any(p.owner not in (None, seat) and p.cards for p in hidden_places(state))


def agrees(decider: Decider, state: GameState) -> bool:
    """Whether the decider chooses alike in the real deal and in deals re-dealt keeping its seat's own places."""
    seat = engine.to_act(state)
    assert seat is not None
    chosen = decider(state, seat)
    for position in (11, 12, 13):
        other = redeal(state, position, keep=seat)
        other.rng = state.rng + position
        if decider(other, seat) != chosen:
            return False
    return True


def autoplay(state: GameState, seat: int) -> Action:
    """The automated player at the test budget."""
    return decide(state, seat, budget=TINY, seed=7)


def peeking(state: GameState, seat: int) -> Action:
    """A player that looks at its opponents' hands (as the seed of its choice): what the test must catch."""
    peek = sum(c * (i + 1) for s in state.seats if s is not state.seats[seat] for i, c in enumerate(s.hand))
    return decide(state, seat, budget=TINY, seed=peek)


def plain_redeal(state: GameState, seat: int) -> Action:
    """A choice made in `redeal(state, seed, keep=seat)` of the real state, as the interim player did: the imagined
    deal then depends on the real one."""
    world = redeal(state, 7, keep=seat)
    legal = sorted(engine.legal_actions(world, seat), key=lambda a: a.notation())
    return max(legal, key=lambda a: value(engine.apply_unchecked(world, seat, a)[0], seat))


@pytest.mark.parametrize("factions", LINEUPS, ids=["-".join(f) for f in LINEUPS])
def test_the_choice_does_not_depend_on_what_the_seat_cannot_see(factions: tuple[str, ...]) -> None:
    found = moments(factions)
    assert found and all(others_hidden(s, engine.to_act(s) or 0) for s in found)
    for state in found:
        assert agrees(autoplay, state), f"v{state.version}: the choice changed with a re-deal"


def test_a_player_that_peeks_is_caught() -> None:
    found = [s for f in LINEUPS for s in moments(f)]
    assert not all(agrees(peeking, s) for s in found)


def test_a_choice_in_a_plain_redeal_of_the_real_state_is_caught() -> None:
    found = [s for f in LINEUPS for s in moments(f)]
    assert not all(agrees(plain_redeal, s) for s in found)


def test_the_imagined_deal_is_the_same_for_every_deal_the_seat_cannot_tell_apart() -> None:
    state = moments(("corvids", "keepers", "alliance"))[-1]
    seat = engine.to_act(state)
    assert seat is not None
    other = redeal(state, 5, keep=seat)
    assert other.digest() != state.digest()
    assert canonical(other, seat).digest() == canonical(state, seat).digest()
    assert imagine(other, seat, 9).digest() == imagine(state, seat, 9).digest()
    assert imagine(state, seat, 9).digest() != imagine(state, seat, 10).digest()


def test_the_seat_keeps_its_own_cards_in_the_imagined_deal() -> None:
    state = moments(("alliance", "corvids"))[-1]
    seat = engine.to_act(state)
    assert seat is not None
    own = [sorted(p.cards) for p in hidden_places(state) if p.owner == seat]
    assert own == [sorted(p.cards) for p in hidden_places(imagine(state, seat, 1)) if p.owner == seat]
