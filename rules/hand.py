"""Cards in hand: drawing (with reshuffles), spending, discarding, dominance cards set aside."""

from __future__ import annotations

from rules import registry, rng
from rules.cards import card, first_in, label
from rules.state import GameState
from rules.words import plural


def draw(state: GameState, seat: int, n: int = 1) -> list[int]:
    """Draw up to n cards, shuffling the discard pile into a new deck when the deck runs out."""
    drawn: list[int] = []
    for _ in range(n):
        refill(state)
        if not state.deck:
            break
        drawn.append(state.deck.pop())
    if drawn:
        state.irreversible = True
        state.seats[seat].hand += drawn
        names = ", ".join(label(c) for c in drawn)
        state.say(
            f"{faction_name(state, seat)} draws {plural(len(drawn), 'card')}.",
            {seat: f"You drew: {names}."},
        )
    refill(state)
    return drawn


def refill(state: GameState) -> None:
    """Whenever the deck is empty, the discard pile is shuffled into a new deck at once (Law 2.1)."""
    if not state.deck and state.discard:
        state.rng, state.deck = rng.shuffled(state.rng, state.discard)
        state.discard = []
        state.irreversible = True
        state.say("The discard pile is shuffled into a new deck.")


def faction_name(state: GameState, seat: int) -> str:
    """A seat's faction name for messages."""
    return registry.of(state, seat).name


def holds(state: GameState, seat: int, key: str) -> bool:
    """Whether a seat has a card with this key in hand."""
    return first_in(state.seats[seat].hand, key) is not None


def take(state: GameState, seat: int, key: str) -> int:
    """Remove one card with this key from a hand and return its id (a reveal: no undo past it)."""
    hand = state.seats[seat].hand
    cid = first_in(hand, key)
    if cid is None:
        raise KeyError(key)
    hand.remove(cid)
    state.irreversible = True  # the card was hidden and now the table has seen it
    return cid


def to_discard(state: GameState, cid: int) -> None:
    """Put a card on the discard pile (a dominance card becomes available instead), unless a faction takes it."""
    for seat in registry.seats_overriding(state, "takes_discard"):
        if registry.of(state, seat).takes_discard(state, seat, cid):
            return
    if card(cid).type == "dominance":
        state.dominance_available.append(cid)
    else:
        state.discard.append(cid)
        refill(state)


def spend(state: GameState, seat: int, key: str) -> int:
    """Spend (discard) a card from hand."""
    cid = take(state, seat, key)
    to_discard(state, cid)
    return cid


def take_random(state: GameState, seat: int, other: int) -> int:
    """Move a random card from another seat's hand to this seat's hand (it must hold one); returns its id."""
    victim = state.seats[other].hand
    state.rng, pick = rng.below(state.rng, len(victim))
    cid = sorted(victim)[pick]
    victim.remove(cid)
    state.seats[seat].hand.append(cid)
    state.irreversible = True
    return cid


def keys_matching(state: GameState, seat: int, suit: str) -> list[str]:
    """Distinct keys in hand that may be spent as the given suit (birds are wild)."""
    out: list[str] = []
    for cid in sorted(state.seats[seat].hand):
        c = card(cid)
        if (c.matches(suit) or suit == "any") and c.key not in out:
            out.append(c.key)
    return out


def distinct_keys(state: GameState, seat: int) -> list[str]:
    """Each different card in a hand once, in a stable order."""
    out: list[str] = []
    for cid in sorted(state.seats[seat].hand):
        if card(cid).key not in out:
            out.append(card(cid).key)
    return out
