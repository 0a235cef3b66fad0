"""The Keepers in Iron's own verbs (their command group is /keepers), and the one verb a remover of a relic uses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.actions import CARD, CLEARING, FACTION, FOREST, WORD, Action, register_for
from rules.factions.keepers.board import ALL_RELICS, COLUMNS, FACE_UP, ID, STATION_KINDS

RETAINER_WORD = "retainer"
"""How a player names a Faithful Retainer of the Retinue (it has no card key)."""


def _sort_words(values: dict[str, Any], fields: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """Put each typed word in the field whose words it is one of (the parser fills word fields in typed order)."""
    typed = [values.pop(name) for name in list(values) if name in fields]
    for word in typed:
        home = next((name for name, words in fields.items() if word in words and name not in values), None)
        home = home or next(name for name in fields if name not in values)
        values[home] = word
    return values


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Arrive(Action):
    """Setup: four warriors arrive in a free corner, then four in a map-edge clearing next to it."""

    verb: ClassVar[str] = "arrive"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    field_help: ClassVar[Mapping[str, str]] = {"clearing": "the corner, then a map-edge clearing next to it"}
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Encamp(Action):
    """Birdsong: replace a Keeper warrior with a waystation, either side up (once per clearing)."""

    verb: ClassVar[str] = "encamp"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("waystation", WORD))
    words: ClassVar[tuple[str, ...]] = tuple(STATION_KINDS)
    field_help: ClassVar[Mapping[str, str]] = {
        "waystation": "the waystation and the side up: figure_tablet is the figure side up, tablet on its back",
    }
    clearing: int
    waystation: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Decamp(Action):
    """Birdsong: replace a waystation with a Keeper warrior (once per clearing)."""

    verb: ClassVar[str] = "decamp"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("waystation", WORD))
    words: ClassVar[tuple[str, ...]] = tuple(STATION_KINDS)
    field_help: ClassVar[Mapping[str, str]] = {"waystation": "the waystation there, as it lies (figure_tablet …)"}
    clearing: int
    waystation: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Carry(Action):
    """Right after a move: a relic of the clearing left goes along, one per warrior moved (Devout Knights)."""

    verb: ClassVar[str] = "carry"
    words: ClassVar[tuple[str, ...]] = FACE_UP
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("relic", WORD),)
    field_help: ClassVar[Mapping[str, str]] = {"relic": "the relic and its value (figure3, tablet1 …)"}
    relic: str


def uses_retainer(action: Action) -> bool:
    """Whether a Retinue card an action names is a Faithful Retainer (it names no card key, but 'retainer')."""
    return getattr(action, "retainer", None) == RETAINER_WORD and getattr(action, "card", None) is None


RETINUE_HELP = {
    "card": "the Retinue card used (for a Faithful Retainer, give retainer instead)",
    "retainer": "'retainer' when the card used is a Faithful Retainer",
}


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Delve(Action):
    """Daylight: with a Battle then Delve card, battle in a matching clearing (if anyone there can be), then delve."""

    verb: ClassVar[str] = "delve"
    card_from_hand: ClassVar[bool] = False
    words: ClassVar[tuple[str, ...]] = (RETAINER_WORD,)
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("clearing", CLEARING),
        ("defender", FACTION),
        ("card", CARD),
        ("retainer", WORD),
    )
    field_help: ClassVar[Mapping[str, str]] = {
        "clearing": "a clearing matching the card",
        "defender": "the enemy you must battle there, if any",
        **RETINUE_HELP,
    }
    clearing: int
    defender: str | None = None
    card: str | None = None
    retainer: str | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Relic(Action):
    """Delve: turn a relic in a forest next to the clearing face up and bring it into the clearing."""

    verb: ClassVar[str] = "relic"
    words: ClassVar[tuple[str, ...]] = ALL_RELICS
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("forest", FOREST), ("relic", WORD))
    field_help: ClassVar[Mapping[str, str]] = {
        "forest": "a forest next to the clearing (fA, or just A)",
        "relic": "the relic: figure, tablet or jewelry face down, or one face up with its value (figure3)",
    }
    forest: str
    relic: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Recover(Action):
    """Daylight: with a Move or Recover card, take a relic from a clearing with a waystation of its kind and score."""

    verb: ClassVar[str] = "recover"
    card_from_hand: ClassVar[bool] = False
    words: ClassVar[tuple[str, ...]] = (*FACE_UP, RETAINER_WORD)
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("clearing", CLEARING),
        ("relic", WORD),
        ("card", CARD),
        ("retainer", WORD),
    )
    field_help: ClassVar[Mapping[str, str]] = {
        "clearing": "a clearing matching the card, with a waystation of the relic's kind",
        "relic": "the relic and its value (figure3, tablet1 …)",
        **RETINUE_HELP,
    }
    clearing: int
    relic: str
    card: str | None = None
    retainer: str | None = None

    @classmethod
    def normal_pattern(cls, values: dict[str, Any]) -> dict[str, Any]:
        """'retainer' and the relic in their own fields, whichever was typed first."""
        return _sort_words(values, {"relic": FACE_UP, "retainer": (RETAINER_WORD,)})


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Retinue(Action):
    """Evening: add a card from your hand to a column of the Retinue (move, delve or recover)."""

    verb: ClassVar[str] = "retinue"
    words: ClassVar[tuple[str, ...]] = COLUMNS
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("column", WORD))
    field_help: ClassVar[Mapping[str, str]] = {"column": "move, delve (Battle then Delve) or recover (Move or Recover)"}
    card: str
    column: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Shift(Action):
    """Evening: instead of adding cards, shift one Retinue card to another column."""

    verb: ClassVar[str] = "shift"
    card_from_hand: ClassVar[bool] = False
    words: ClassVar[tuple[str, ...]] = (*COLUMNS, RETAINER_WORD)
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("card", CARD),
        ("retainer", WORD),
        ("source", WORD),
        ("column", WORD),
    )
    field_help: ClassVar[Mapping[str, str]] = {
        "card": "the Retinue card shifted (for a Faithful Retainer, give retainer instead)",
        "retainer": "'retainer' when the card shifted is a Faithful Retainer",
        "source": "the column it leaves, when that is not clear (move, delve or recover)",
        "column": "the column it goes to (move, delve or recover)",
    }
    column: str
    card: str | None = None
    retainer: str | None = None
    source: str | None = None

    @classmethod
    def normal_pattern(cls, values: dict[str, Any]) -> dict[str, Any]:
        """'retainer' in its field; of two columns typed, the first is the one it leaves."""
        typed = [values.pop(name) for name in list(values) if name in ("retainer", "source", "column")]
        columns = [w for w in typed if w != RETAINER_WORD]
        if RETAINER_WORD in typed:
            values["retainer"] = RETAINER_WORD
        if len(columns) == 1:
            values["column"] = columns[0]
        elif columns:
            values["source"], values["column"] = columns[0], columns[-1]
        return values


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Trophy(Action):
    """Prized Trophies: place a Keepers relic you removed in a forest, face up."""

    verb: ClassVar[str] = "trophy"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("forest", FOREST),)
    field_help: ClassVar[Mapping[str, str]] = {"forest": "any forest (fA, or just A)"}
    forest: str
