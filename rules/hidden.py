"""Hidden information: the places the table cannot look into, and a re-deal of them the table could not tell apart.

The places are found from declarations, never from a list of factions: every seat's hand, the deck, each
faction's face-down cards (`Faction.face_down`: the Supporters), the face-down piles a faction or the mode declares
(`TableHooks.hidden_piles`: the quest deck), each faction's face-down pieces (`Faction.hidden_pieces`: the Corvids'
plots, numbers standing for their kinds, a "deck" of the faction's own), the values of its tokens lying face down for
everyone (`Faction.face_down_tokens`: the Keepers' relics, each pool a "deck" of its own) and the items under the
ruins. The table knows how many cards each place holds and which cards are in none of the open places, never which
card is where (nor the deck's order).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules import registry, rng
from rules.listeners import listeners
from rules.state import GameState

SHARED_DECK = "base"
PIECES = "pieces"
"""The deck a faction's face-down pieces are counted in: `pieces:<faction>`."""
ITEMS = "items"
"""What `hidden_contents` counts the items under the ruins as."""


@dataclass(frozen=True)
class HiddenPlace:
    """A place whose cards the table cannot see: its name, the deck its cards are of, the seat that may look at it
    (None: nobody), and the state's own list of its cards."""

    name: str
    deck: str
    owner: int | None
    cards: list[int]


def hidden_places(state: GameState) -> list[HiddenPlace]:
    """Every place of this state whose cards the table cannot see."""
    places = [HiddenPlace("deck", SHARED_DECK, None, state.deck)]
    for seat, s in enumerate(state.seats):
        if not registry.of(state, seat).public_hand:
            places.append(HiddenPlace(f"hand:{s.faction}", SHARED_DECK, seat, s.hand))
        plugin = registry.of(state, seat)
        for name, cards in plugin.face_down(state, seat).items():
            places.append(HiddenPlace(f"{name}:{s.faction}", SHARED_DECK, seat, cards))
        for name, tokens in plugin.hidden_pieces(state, seat).items():
            places.append(HiddenPlace(f"{name}:{s.faction}", f"{PIECES}:{s.faction}", seat, tokens))
        for pool, values in plugin.face_down_tokens(state, seat).items():
            places.append(HiddenPlace(f"{pool}:{s.faction}", f"{s.faction}:{pool}", None, values))
    piles = dict.fromkeys(pile for _, hooks in listeners(state) for pile in hooks.hidden_piles)
    for pile in piles:
        if pile in state.piles:
            places.append(HiddenPlace(pile, pile.split(":", 1)[0], None, state.piles[pile]))
    return places


def hidden_contents(state: GameState) -> dict[str, Counter[int | str]]:
    """What lies hidden, by deck (and the ruins' items under `ITEMS`): a thing leaving it was shown to the table."""
    out: dict[str, Counter[int | str]] = {}
    for place in hidden_places(state):
        out.setdefault(place.deck, Counter()).update(place.cards)
    out[ITEMS] = Counter(item for item in state.ruins + state.second_ruins if item)
    return out


def redeal(state: GameState, position: int, keep: int | None = None) -> GameState:
    """A copy of the state with every hidden card and ruin item dealt afresh (seeded by `position`), as the table
    could imagine it: each place keeps its count, each card stays in the hidden places of its deck, each ruin keeps
    how many items lie under it. The places seat `keep` may look at stay as they are."""
    new = state.clone()
    decks: dict[str, list[HiddenPlace]] = {}
    for place in hidden_places(new):
        if keep is None or place.owner != keep:
            decks.setdefault(place.deck, []).append(place)
    for _deck_id, places in sorted(decks.items()):
        position, pool = rng.shuffled(position, [c for p in places for c in p.cards])
        for place in places:
            count = len(place.cards)
            place.cards[:], pool = pool[:count], pool[count:]
    slots = [(ruins, i) for ruins in (new.ruins, new.second_ruins) for i, item in enumerate(ruins) if item]
    position, items = rng.shuffled(position, [ruins[i] for ruins, i in slots])
    for (ruins, i), item in zip(slots, items, strict=True):
        ruins[i] = item
    return new
