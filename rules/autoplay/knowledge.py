"""What an automated seat may know: the real state seen through its own eyes, and the deals it imagines.

An imagined deal depends on the public state, the seat's own hidden places and the seed, never on the real deal: the
cards of the places the seat may not look at are pooled and sorted by deck (and the ruins' items likewise) before
`rules.hidden.redeal` deals them afresh, and the imagined game's random position (dice, reshuffles) comes from the
seed, not from the real state's.
"""

from __future__ import annotations

from rules import rng
from rules.hidden import HiddenPlace, hidden_places, redeal
from rules.state import GameState

WORLD_SALT = 0x5EED_A070
"""Mixed into the seed of each imagined deal, so deal k of seed s is not deal 0 of seed s + k."""


def canonical(state: GameState, seat: int) -> GameState:
    """A copy whose hidden cards (those the seat may not look at) lie sorted across their places, by deck, and whose
    ruin items lie sorted across the ruins: any deal the seat cannot tell apart from the real one gives this copy."""
    new = state.clone()
    decks: dict[str, list[HiddenPlace]] = {}
    for place in hidden_places(new):
        if place.owner != seat:
            decks.setdefault(place.deck, []).append(place)
    for places in decks.values():
        pool = sorted(c for p in places for c in p.cards)
        for place in places:
            count = len(place.cards)
            place.cards[:], pool = pool[:count], pool[count:]
    slots = [(ruins, i) for ruins in (new.ruins, new.second_ruins) for i, item in enumerate(ruins) if item]
    items = sorted(str(ruins[i]) for ruins, i in slots)
    for (ruins, i), item in zip(slots, items, strict=True):
        ruins[i] = item
    new.rng = 0
    return new


def imagine(state: GameState, seat: int, seed: int, world: int = 0) -> GameState:
    """Imagined deal number `world` of a seed: the seat's own places as they are, everything else dealt afresh."""
    position = rng.next_u64(rng.seed_state(seed * 1_000_003 + world * 7919 + WORLD_SALT))[1]
    dealt = redeal(canonical(state, seat), position, keep=seat)
    dealt.rng = rng.next_u64(position)[1]
    return dealt
