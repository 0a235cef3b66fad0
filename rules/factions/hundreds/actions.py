"""The Lord of the Hundreds' own verbs (registered for the Hundreds only)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from rules.actions import CARD, CLEARING, COUNT, PATH, WORD, Action, register_for
from rules.factions.hundreds.board import ID, MOODS

ITEM_WORDS = ("boots", "sack", "coins", "hammer", "tea", "sword", "crossbow", "torch")


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Garrison(Action):
    """14.3.2: the warlord, four warriors and a stronghold in a corner clearing."""

    verb: ClassVar[str] = "garrison"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Lead(Action):
    """Move the warlord with any number of Hundreds warriors (a Command move, or an advance of the warlord)."""

    verb: ClassVar[str] = "lead"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("count", COUNT))
    field_help: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"count": "how many warriors go along with the warlord (none: the warlord alone)"}
    )
    src: int
    dst: int
    count: int | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Anoint(Action):
    """14.4.3: the warlord replaces a Hundreds warrior in a clearing (or is placed there when none can be)."""

    verb: ClassVar[str] = "anoint"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Mood(Action):
    """14.4.4: the mood card put in the Mood Card slot."""

    verb: ClassVar[str] = "mood"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("name", WORD),)
    words: ClassVar[tuple[str, ...]] = tuple(MOODS)
    field_help: ClassVar[Mapping[str, str]] = MappingProxyType({"name": "the mood card (bitter, grandiose, …)"})
    name: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Lavish(Action):
    """14.7.4: remove an item from the Hoard for good, for two warriors in the warlord's clearing."""

    verb: ClassVar[str] = "lavish"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("item", WORD),)
    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    item: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Mob(Action):
    """Place the mob the mob die's suit owes in a clearing next to a mob (14.4.1, 14.7.3)."""

    verb: ClassVar[str] = "mob"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Jubilant(Action):
    """14.7.3: roll the mob die once more after an Incite in the warlord's clearing."""

    verb: ClassVar[str] = "jubilant"


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Incite(Action):
    """14.6.1: spend a card to place a mob in a matching clearing with a Hundreds warrior and no mob."""

    verb: ClassVar[str] = "incite"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("card", CARD))
    clearing: int
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Stronghold(Action):
    """14.5.2.III: spend a card to build a stronghold in a matching clearing the Hundreds rule."""

    verb: ClassVar[str] = "stronghold"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("card", CARD))
    clearing: int
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Contempt(Action):
    """14.2.3: take the crafted item into the Hoard scoring nothing (take), or remove it for its points (score)."""

    verb: ClassVar[str] = "contempt"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("choice", WORD),)
    words: ClassVar[tuple[str, ...]] = ("take", "score")
    field_help: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"choice": "take (the item into the Hoard, no points) or score (remove it, score its points)"}
    )
    choice: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Unhoard(Action):
    """14.2.4.I: with the track full, the item removed for good (the one gained, or one on the track)."""

    verb: ClassVar[str] = "unhoard"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("item", WORD),)
    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    item: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Loot(Action):
    """14.2.5: declare, as the battle starts, that the Hundreds loot the defender (and deal no rolled hits)."""

    verb: ClassVar[str] = "loot"


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Plunder(Action):
    """14.2.5, 14.4.1: the item taken after looting a defender, or from a razed ruin holding two."""

    verb: ClassVar[str] = "plunder"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("item", WORD),)
    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    item: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Bitter(Action):
    """14.7.1: before the roll, remove the mob in a clearing in or next to the warlord's for a warrior there."""

    verb: ClassVar[str] = "bitter"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Target(Action):
    """TS.2.5: the attacker states, before the roll, that its hits take the infected warlord first."""

    verb: ClassVar[str] = "target"
