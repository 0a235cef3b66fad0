"""Old Man Tinker's own verbs (registered for the Tinker only, so the Vagabond may have its own 'repair')."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from rules.actions import CARD, CLEARING, COUNT, FOREST, PATH, WORD, Action, register_for
from rules.factions.tinker.board import ID, ROBOTS


def robot_groups() -> tuple[str, ...]:
    """Every group of robots that can move together, written 'birdbot+wolfbot' in board order."""
    return tuple("+".join(c) for n in range(1, len(ROBOTS) + 1) for c in combinations(ROBOTS, n))


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Materialize(Action):
    """Setup: place the three robots in a clearing with the fewest pieces and the Old Man in a forest next to it."""

    verb: ClassVar[str] = "materialize"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("forest", FOREST))
    clearing: int
    forest: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class DoOver(Action):
    """Do-Over, before Birdsong: take every Tinker piece off the map and set up again here."""

    verb: ClassVar[str] = "doover"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("forest", FOREST))
    clearing: int
    forest: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class OldMan(Action):
    """Place the removed Old Man in a forest next to the clearing he was removed from."""

    verb: ClassVar[str] = "oldman"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("forest", FOREST),)
    forest: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Produce(Action):
    """Choose the factory that produces next when the supply cannot fill them all."""

    verb: ClassVar[str] = "produce"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Bustle(Action):
    """Bustle: move the Old Man to an adjacent clearing or forest, carrying gears from where he stands (xN)."""

    verb: ClassVar[str] = "bustle"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("count", COUNT))
    src: int | str
    dst: int | str
    count: int | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Tinker: flip up to three tokens in the Old Man's clearing to one side ('tinker drone x2')."""

    verb: ClassVar[str] = "tinker"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("side", WORD), ("count", COUNT))
    field_help: ClassVar[Mapping[str, str]] = {"side": "the side the tokens show after the flip: gear or drone"}
    words: ClassVar[tuple[str, ...]] = ("drone", "gear")
    side: str
    count: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Tinker: repair a robot with gears from the Old Man's clearing (up to three, onto its track)."""

    verb: ClassVar[str] = "repair"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("robot", WORD), ("count", COUNT))
    field_help: ClassVar[Mapping[str, str]] = {"robot": "the robot: birdbot, catbot or wolfbot"}
    words: ClassVar[tuple[str, ...]] = ROBOTS
    robot: str
    count: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Crusade(Action):
    """Crusade: move drones (xN) and robots ('birdbot+catbot') together; a battle in the destination may follow."""

    verb: ClassVar[str] = "crusade"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("count", COUNT), ("robots", WORD))
    field_help: ClassVar[Mapping[str, str]] = {
        "robots": "the robots that go along, joined with + (e.g. birdbot+catbot)",
    }
    words: ClassVar[tuple[str, ...]] = robot_groups()
    src: int
    dst: int
    count: int | None = None
    robots: str | None = None

    @classmethod
    def match_form(cls, name: str, value: Any) -> Any:
        """The robots match in any order ('wolfbot+birdbot' is 'birdbot+wolfbot')."""
        return tuple(sorted(value.split("+"))) if name == "robots" and isinstance(value, str) else value


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Overproduce(Action):
    """Overproduce: spend a card matching a factory's clearing to use Production there (no point)."""

    verb: ClassVar[str] = "overproduce"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("card", CARD))
    clearing: int
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Restructure(Action):
    """Restructure: spend a card matching a factory's clearing to raise or lower production, or flip the marker."""

    verb: ClassVar[str] = "restructure"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("change", WORD), ("card", CARD))
    field_help: ClassVar[Mapping[str, str]] = {"change": "up or down (the production level), or flip (the marker)"}
    words: ClassVar[tuple[str, ...]] = ("up", "down", "flip")
    change: str
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Evening: draw two cards."""

    verb: ClassVar[str] = "draw"


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Salvage(Action):
    """Evening, instead of drawing: take a card matching the Old Man's clearing from the discard pile."""

    verb: ClassVar[str] = "salvage"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card_from_hand: ClassVar[bool] = False
    card: str
