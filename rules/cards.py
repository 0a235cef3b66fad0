"""The shared deck: one Card per physical card, numbered 0..53 in file order."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.assets import deck_data

CARD_SUITS = ("bird", "fox", "mouse", "rabbit")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card of the shared deck."""

    id: int
    key: str
    name: str
    suit: str
    type: str
    cost: tuple[str, ...]
    item: str | None
    vp: int
    effect: str | None
    text: str

    @property
    def is_bird(self) -> bool:
        """Birds are wild when a card of some suit must be spent."""
        return self.suit == "bird"

    def matches(self, suit: str) -> bool:
        """Whether this card may be spent as a card of the given suit."""
        return self.suit == suit or self.suit == "bird"


_DEFINED: dict[str, tuple[Card, ...]] = {}


def define_deck(deck_id: str, entries: list[dict[str, Any]]) -> None:
    """Declare a deck from entries shaped like assets/cards/*.json (a deck that has no file)."""
    _DEFINED[deck_id] = _cards(entries)


def deck(deck_id: str = "base") -> tuple[Card, ...]:
    """Every card of a deck, indexed by card id (the shared deck is 'base'; others, such as quests, beside it)."""
    found = _DEFINED.get(deck_id)
    return found if found is not None else _load(deck_id)


@cache
def _load(deck_id: str) -> tuple[Card, ...]:
    return _cards(deck_data(deck_id))


def _cards(entries: list[dict[str, Any]]) -> tuple[Card, ...]:
    cards: list[Card] = []
    for entry in entries:
        for _ in range(entry["count"]):
            cards.append(
                Card(
                    id=len(cards),
                    key=entry["key"],
                    name=entry["name"],
                    suit=entry["suit"],
                    type=entry["type"],
                    cost=tuple(entry.get("cost", ())),
                    item=entry.get("item"),
                    vp=entry.get("vp", 0),
                    effect=entry.get("effect"),
                    text=entry.get("text", ""),
                )
            )
    return tuple(cards)


def card(cid: int) -> Card:
    """The card with this id in the base deck."""
    return _load("base")[cid]


@cache
def keys() -> dict[str, Card]:
    """The first card of each key, for looking a card up by name."""
    out: dict[str, Card] = {}
    for c in deck():
        out.setdefault(c.key, c)
    return out


def find_key(text: str, prefer: Iterable[Collection[str]] = ()) -> str | None:
    """The card key a player most likely meant (exact key, name, or unique prefix); a short name several keys share
    ('root-tea') means the one key of them in the first of the `prefer` pools (the cards the player can use) that
    holds exactly one."""
    found = candidate_keys(text)
    for pool in prefer if len(found) > 1 else ():
        narrowed = [k for k in found if k in pool]
        if len(narrowed) == 1:
            return narrowed[0]
    return found[0] if len(found) == 1 else None


def candidate_keys(text: str) -> list[str]:
    """Every card key a text could mean: the exact key, else the cards of that name, else the keys it begins."""
    wanted = text.strip().lower().replace(" ", "-").replace("'", "").replace("!", "")
    table = keys()
    if wanted in table:
        return [wanted]
    by_name = [k for k, c in table.items() if c.name.lower() == text.strip().lower()]
    if by_name:
        return by_name
    return [k for k in table if k.startswith(wanted)] if wanted else []


def first_in(cards: list[int], key: str) -> int | None:
    """The lowest card id with this key among the given cards."""
    base = _load("base")
    found = [cid for cid in cards if base[cid].key == key]
    return min(found) if found else None


def label(cid: int) -> str:
    """A short human label: name and suit."""
    c = _load("base")[cid]
    return f"{c.name} ({c.suit})"
