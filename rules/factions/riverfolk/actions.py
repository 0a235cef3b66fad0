"""The Riverfolk Company's own verbs, and the one verb every buyer of its services uses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules.actions import CARD, CLEARING, COUNT, FACTION, WORD, Action, register, register_for
from rules.factions.riverfolk.board import ID, SERVICES


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Start(Action):
    """Setup: place one of the four starting warriors in a clearing a river touches."""

    verb: ClassVar[str] = "start"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Cost(Action):
    """Set a service's price (1 to 4): at setup, and in Evening."""

    verb: ClassVar[str] = "cost"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("service", WORD), ("count", COUNT))
    words: ClassVar[tuple[str, ...]] = SERVICES
    field_help: ClassVar[Mapping[str, str]] = {
        "service": "hand, riverboats or mercenaries",
        "count": "the new price, 1 to 4",
    }
    service: str
    count: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Export(Action):
    """Daylight: commit funds to craft a card's cost, discard it instead, and put a warrior in Payments."""

    verb: ClassVar[str] = "export"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Daylight: commit one fund to draw a card."""

    verb: ClassVar[str] = "draw"


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Post(Action):
    """Daylight: spend two funds of the clearing's ruler to establish a trade post with a garrison warrior."""

    verb: ClassVar[str] = "post"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class First(Action):
    """Daylight, once a turn, free: put a faction's warriors first when funds are committed or spent."""

    verb: ClassVar[str] = "first"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("faction", FACTION),)
    field_help: ClassVar[Mapping[str, str]] = {"faction": "the faction whose warriors in your Funds go first"}
    faction: str


@register
@dataclass(frozen=True, slots=True)
class Buy(Action):
    """At the start of your Birdsong: buy a Riverfolk service (hand CARD, riverboats, mercenaries)."""

    verb: ClassVar[str] = "buy"
    card_from_hand: ClassVar[bool] = False
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("service", WORD), ("card", CARD))
    words: ClassVar[tuple[str, ...]] = SERVICES
    field_help: ClassVar[Mapping[str, str]] = {
        "service": "hand, riverboats or mercenaries",
        "card": "the card taken from the Riverfolk's public hand (hand only)",
    }
    service: str
    card: str | None = None
