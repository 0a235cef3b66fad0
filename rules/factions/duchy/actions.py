"""The Underground Duchy's own verbs: surface (setup), dig, sway and a minister's action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rules.actions import CARD, CLEARING, COUNT, KEYED_CLEARINGS, WORD, Action, register_for
from rules.factions.duchy.board import ID, MINISTERS

CARD_FIELDS = ("card", "card2", "card3", "card4")
BANK_FIELDS = (*CARD_FIELDS, "card5", "card6", "card7", "card8")
"""The Banker may spend up to eight cards at once (a hand seldom holds more of one suit)."""


def cards_of(action: Action) -> tuple[str, ...]:
    """The cards an action names, in its canonical (sorted) order."""
    return tuple(v for f in fields(action) if f.name.startswith("card") and (v := getattr(action, f.name)))


def _sort_cards(action: Action) -> None:
    """Write the named cards in sorted order, so the same cards named in any order are the same action."""
    names = [f.name for f in fields(action) if f.name.startswith("card")]
    values = sorted(v for n in names if (v := getattr(action, n)))
    for i, name in enumerate(names):
        object.__setattr__(action, name, values[i] if i < len(values) else None)


def _sorted_pattern(values: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """The cards a player named, moved into the card fields in sorted order (as the action keeps them)."""
    named = sorted(values[n] for n in names if values.get(n))
    out = {k: v for k, v in values.items() if k not in names}
    out.update(zip(names, named, strict=False))
    return out


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Surface(Action):
    """Duchy setup: surface in a corner clearing (two warriors and a tunnel there, two warriors next to it)."""

    verb: ClassVar[str] = "surface"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    field_help: ClassVar[Mapping[str, str]] = {"clearing": "the corner clearing to surface in"}
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Dig(Action):
    """Spend a card to place a tunnel in a matching clearing, then move warriors there from the Burrow
    (tunnel: the clearing whose tunnel moves, when all three are on the map)."""

    verb: ClassVar[str] = "dig"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("clearing", CLEARING),
        ("card", CARD),
        ("count", COUNT),
        ("tunnel", KEYED_CLEARINGS),
    )
    field_help: ClassVar[Mapping[str, str]] = {
        "clearing": "a clearing without a tunnel, matching the card",
        "card": "the card to spend (matching the clearing)",
        "count": "how many warriors go from the Burrow to the new tunnel (1 to 4)",
        "tunnel": "when all three tunnels are on the map: the clearing whose tunnel is moved (e.g. tunnel:3)",
    }
    clearing: int
    card: str
    count: int = 0
    tunnel: tuple[int, ...] = ()


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Sway(Action):
    """Sway a minister: reveal as many cards as it lists, each matching a clearing with a Duchy piece."""

    verb: ClassVar[str] = "sway"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("minister", WORD), *((f, CARD) for f in CARD_FIELDS))
    words: ClassVar[tuple[str, ...]] = tuple(MINISTERS)
    field_help: ClassVar[Mapping[str, str]] = {
        "minister": "the minister to sway (foremole, captain, marshal, brigadier, banker, mayor, duchess, baron, earl)",
        "card": "a card to reveal",
        "card2": "a second card to reveal",
        "card3": "a third card to reveal (nobles and lords)",
        "card4": "a fourth card to reveal (lords)",
    }
    minister: str
    card: str | None = None
    card2: str | None = None
    card3: str | None = None
    card4: str | None = None

    def __post_init__(self) -> None:
        _sort_cards(self)

    @classmethod
    def normal_pattern(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The named cards in sorted order."""
        return _sorted_pattern(values, CARD_FIELDS)


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Minister(Action):
    """Take a swayed minister's action in Parliament (the Banker: the cards of one suit it spends)."""

    verb: ClassVar[str] = "minister"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("minister", WORD), *((f, CARD) for f in BANK_FIELDS))
    words: ClassVar[tuple[str, ...]] = tuple(MINISTERS)
    field_help: ClassVar[Mapping[str, str]] = {
        "minister": "the swayed minister whose action to take",
        **dict.fromkeys(BANK_FIELDS, "a card the Banker spends (all of one suit)"),
    }
    minister: str
    card: str | None = None
    card2: str | None = None
    card3: str | None = None
    card4: str | None = None
    card5: str | None = None
    card6: str | None = None
    card7: str | None = None
    card8: str | None = None

    def __post_init__(self) -> None:
        _sort_cards(self)

    @classmethod
    def normal_pattern(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The named cards in sorted order."""
        return _sorted_pattern(values, BANK_FIELDS)
