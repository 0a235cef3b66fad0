"""The Lizard Cult's own verbs (registered for the Cult only, so another faction may have its own 'crusade')."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules.actions import CARD, CLEARING, COUNT, FACTION, PATH, SUIT, WORD, Action, register_for
from rules.factions.lizards.board import ID

RITUALS = ("build", "recruit", "score", "sacrifice")
"""The four Daylight rituals (Law 10.5), each performed by revealing one card."""


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Garden(Action):
    """Setup: the starting garden and four warriors in a corner, a warrior in each adjacent clearing."""

    verb: ClassVar[str] = "garden"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Outcast(Action):
    """Setup: put the outcast marker on a suit (fox, mouse or rabbit)."""

    verb: ClassVar[str] = "outcast"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("suit", SUIT),)
    suit: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Ritual(Action):
    """Daylight: reveal a card to perform a ritual (build N, recruit N, score, sacrifice with a bird)."""

    verb: ClassVar[str] = "ritual"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("ritual", WORD), ("clearing", CLEARING), ("card", CARD))
    words: ClassVar[tuple[str, ...]] = RITUALS
    field_help: ClassVar[Mapping[str, str]] = {
        "ritual": "build, recruit, score or sacrifice",
        "card": "the card revealed (spent when you score; a bird only for sacrifice)",
    }
    ritual: str
    card: str
    clearing: int | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Crusade(Action):
    """Lizard Cult: acolytes move warriors out of an Outcast clearing (a free battle may follow)."""

    verb: ClassVar[str] = "crusade"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("count", COUNT))
    src: int
    dst: int
    count: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Convert(Action):
    """Convert: spend acolytes to replace an enemy warrior in an Outcast clearing with a Cult warrior."""

    verb: ClassVar[str] = "convert"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("owner", FACTION), ("infected", WORD))
    words: ClassVar[tuple[str, ...]] = ("infected",)
    field_help: ClassVar[Mapping[str, str]] = {
        "owner": "the faction whose warrior is converted",
        "infected": "'infected' to convert one of its warriors the Spore has infected",
    }
    clearing: int
    owner: str
    infected: str | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Sanctify(Action):
    """Sanctify: spend acolytes to replace an enemy building in an Outcast clearing with a garden."""

    verb: ClassVar[str] = "sanctify"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("owner", FACTION), ("kind", WORD))
    piece_words: ClassVar[str] = "building"
    field_help: ClassVar[Mapping[str, str]] = {
        "owner": "the faction whose building is replaced",
        "kind": "which building (sawmill, roost, base…)",
    }
    clearing: int
    owner: str
    kind: str
