"""The Corvid Conspiracy's own verbs, and Exposure, the verb any enemy of theirs uses on its own turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules.actions import CARD, CLEARING, CLEARINGS, WORD, Action, register, register_for
from rules.factions.corvids.board import ID, KINDS


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Scatter(Action):
    """Setup: place a warrior in a clearing of a suit not yet scattered in (one of each suit)."""

    verb: ClassVar[str] = "scatter"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Birdsong: flip the face-down plot in a clearing with your warriors, score a point per face-up plot."""

    verb: ClassVar[str] = "flip"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Plot(Action):
    """Daylight: remove warriors (one, plus one per plot placed this turn) to place a plot face down."""

    verb: ClassVar[str] = "plot"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("kind", WORD))
    words: ClassVar[tuple[str, ...]] = KINDS
    secret: ClassVar[tuple[str, ...]] = ("kind",)
    field_help: ClassVar[Mapping[str, str]] = {"kind": "the plot you place face down: bomb, snare, extortion or raid"}
    clearing: int
    kind: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Trick(Action):
    """Daylight: swap two plots on the map, both face up or both face down."""

    verb: ClassVar[str] = "trick"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearings", CLEARINGS),)
    field_help: ClassVar[Mapping[str, str]] = {"clearings": "the two clearings whose plots swap, e.g. 3,7"}
    clearings: tuple[int, ...]


@register
@dataclass(frozen=True, slots=True)
class Expose(Action):
    """On your turn: show the Corvids a card matching a clearing where you have pieces and guess its face-down plot."""

    verb: ClassVar[str] = "expose"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("kind", WORD), ("card", CARD))
    words: ClassVar[tuple[str, ...]] = KINDS
    secret: ClassVar[tuple[str, ...]] = ("card",)
    field_help: ClassVar[Mapping[str, str]] = {
        "clearing": "the clearing of the face-down plot",
        "kind": "your guess: bomb, snare, extortion or raid",
        "card": "the card matching the clearing you show the Corvids (theirs if you guess wrong)",
    }
    clearing: int
    kind: str
    card: str
