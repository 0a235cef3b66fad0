"""The game state: one JSON-serialisable tree whose version rises with every applied action."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from rules.board import Board, load_board
from rules.migrate import upgrade
from rules.tree import SCHEMA as SCHEMA
from rules.tree import copy_json as copy_json

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """What one step of an action did: public text, private text per seat, and map marks."""

    public: str
    private: dict[int, str] = field(default_factory=dict)
    marks: tuple[tuple[str, Any, Any], ...] = ()


@dataclass
class Seat:
    """One seat at the table: its faction, cards, points, supply and faction board."""

    faction: str
    team: str | None = None
    points: int = 0
    hand: list[int] = field(default_factory=list)
    crafted: list[int] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    areas: dict[str, dict[str, int]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    dominance: int | None = None

    def clone(self) -> Seat:
        """An independent copy."""
        return Seat(
            faction=self.faction,
            team=self.team,
            points=self.points,
            hand=list(self.hand),
            crafted=list(self.crafted),
            items=[dict(i) for i in self.items] if self.items else [],
            supply=dict(self.supply),
            areas={k: dict(v) for k, v in self.areas.items()},
            data=copy_json(self.data),
            dominance=self.dominance,
        )

    def to_json(self) -> JSON:
        """Plain JSON tree."""
        return {
            "faction": self.faction,
            "team": self.team,
            "points": self.points,
            "hand": list(self.hand),
            "crafted": list(self.crafted),
            "items": [dict(i) for i in self.items],
            "supply": dict(self.supply),
            "areas": {k: dict(v) for k, v in self.areas.items()},
            "data": copy_json(self.data),
            "dominance": self.dominance,
        }

    @classmethod
    def from_json(cls, raw: JSON) -> Seat:
        """Inverse of to_json."""
        return cls(**copy_json(raw))


@dataclass
class Turn:
    """Whose turn it is, where in the turn, and what the turn has used so far."""

    seat: int
    phase: str = "setup"
    step: str = "setup"
    round: int = 0
    entered: bool = False
    flags: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Turn:
        """An independent copy."""
        return Turn(self.seat, self.phase, self.step, self.round, self.entered, copy_json(self.flags))

    def to_json(self) -> JSON:
        """Plain JSON tree."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "step": self.step,
            "round": self.round,
            "entered": self.entered,
            "flags": copy_json(self.flags),
        }


@dataclass
class GameState:
    """Everything about one game, including the hidden parts (deck order, hands, ruin items)."""

    version: int
    options: JSON
    board_id: str
    suits: list[str]
    clearings: list[dict[str, int]]
    ruins: list[str | None]
    forests: dict[str, dict[str, int]]
    seats: list[Seat]
    order: list[int]
    deck: list[int]
    discard: list[int]
    removed: list[int]
    dominance_available: list[int]
    item_supply: dict[str, dict[str, int]]
    turn: Turn
    pending: list[JSON] = field(default_factory=list)
    battle: JSON | None = None
    rng: int = 0
    winners: list[int] = field(default_factory=list)
    over: bool = False
    undo_floor: int = 0
    last_actor: int | None = None
    map_items: list[dict[str, Any]] = field(default_factory=list)
    items_removed: list[str] = field(default_factory=list)
    piles: dict[str, list[int]] = field(default_factory=dict)
    second_ruins: list[str | None] = field(default_factory=list)
    """The second item under each ruin when two sets are used (empty list: one item per ruin)."""
    schema: int = SCHEMA
    events: list[Event] = field(default_factory=list, compare=False, repr=False)
    irreversible: bool = field(default=False, compare=False, repr=False)
    lineup: Any = field(default=None, compare=False, repr=False)
    legacy: Any = field(default=None, compare=False, repr=False)
    """The older rules revision (rules.revisions.Revision) a record is being replayed under; None for today's rules.
    Never saved: a game plays on under today's rules."""
    spent_unasked: list[tuple[int, str, str]] = field(default_factory=list, compare=False, repr=False)
    """What the last action paid for its player without asking (seat, what was owed, the answer taken)."""

    @property
    def board(self) -> Board:
        """The static map this game is played on."""
        return load_board(self.board_id)

    def pieces(self, cid: int) -> dict[str, int]:
        """Pieces in a clearing, by map key."""
        return self.clearings[cid - 1]

    def seat_of(self, faction: str) -> int | None:
        """The seat playing a faction, if any."""
        for i, seat in enumerate(self.seats):
            if seat.faction == faction:
                return i
        return None

    def say(self, public: str, private: dict[int, str] | None = None, *marks: tuple[str, Any, Any]) -> None:
        """Record what happened, for the log and the messages of this action."""
        self.events.append(Event(public, dict(private or {}), tuple(marks)))

    def clone(self) -> GameState:
        """An independent copy with an empty event list."""
        return GameState(
            version=self.version,
            options=self.options,
            board_id=self.board_id,
            suits=self.suits,
            clearings=[dict(c) for c in self.clearings],
            ruins=list(self.ruins),
            forests={k: dict(v) for k, v in self.forests.items()},
            seats=[s.clone() for s in self.seats],
            order=list(self.order),
            deck=list(self.deck),
            discard=list(self.discard),
            removed=list(self.removed),
            dominance_available=list(self.dominance_available),
            item_supply={k: dict(v) for k, v in self.item_supply.items()},
            turn=self.turn.clone(),
            pending=copy_json(self.pending),
            battle=copy_json(self.battle),
            rng=self.rng,
            winners=list(self.winners),
            over=self.over,
            undo_floor=self.undo_floor,
            last_actor=self.last_actor,
            map_items=[dict(i) for i in self.map_items] if self.map_items else [],
            items_removed=list(self.items_removed),
            piles={k: list(v) for k, v in self.piles.items()} if self.piles else {},
            second_ruins=list(self.second_ruins),
            schema=self.schema,
            lineup=self.lineup,
            legacy=self.legacy,
        )

    def to_json(self) -> JSON:
        """The whole state as a plain JSON tree."""
        return {
            "version": self.version,
            "options": copy_json(self.options),
            "board_id": self.board_id,
            "suits": list(self.suits),
            "clearings": [dict(c) for c in self.clearings],
            "ruins": list(self.ruins),
            "forests": {k: dict(v) for k, v in self.forests.items()},
            "seats": [s.to_json() for s in self.seats],
            "order": list(self.order),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "dominance_available": list(self.dominance_available),
            "item_supply": {k: dict(v) for k, v in self.item_supply.items()},
            "turn": self.turn.to_json(),
            "pending": copy_json(self.pending),
            "battle": copy_json(self.battle),
            "rng": self.rng,
            "winners": list(self.winners),
            "over": self.over,
            "undo_floor": self.undo_floor,
            "last_actor": self.last_actor,
            "map_items": [dict(i) for i in self.map_items],
            "items_removed": list(self.items_removed),
            "piles": {k: list(v) for k, v in self.piles.items()},
            **({"second_ruins": list(self.second_ruins)} if self.second_ruins else {}),
            "schema": self.schema,
        }

    @classmethod
    def from_json(cls, raw: JSON) -> GameState:
        """Inverse of to_json; a tree saved by an older engine is upgraded first (rules.migrate)."""
        data = upgrade(copy_json(raw))
        data["seats"] = [Seat.from_json(s) for s in data["seats"]]
        data["turn"] = Turn(**data["turn"])
        return cls(**data)

    def dumps(self) -> str:
        """Canonical compact JSON text."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> GameState:
        """Parse canonical JSON text."""
        return cls.from_json(json.loads(text))

    def digest(self) -> str:
        """A hash of the canonical JSON; equal states have equal digests."""
        return hashlib.sha256(self.dumps().encode()).hexdigest()
