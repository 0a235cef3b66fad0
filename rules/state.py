"""The game state: one JSON-serialisable tree whose version rises with every applied action."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict, TypeVar, cast

from rules.board import Board, load_board
from rules.migrate import upgrade
from rules.tree import SCHEMA as SCHEMA
from rules.tree import copy_json as copy_json

JSON = dict[str, Any]


class Decision(TypedDict):
    """A pending decision as saved in the state tree: its kind and the seat that answers it. The module defining
    a kind (rules.decisions.define) keeps the kind's own context keys in a TypedDict of its own that extends this
    one; a faction's own decision (kind "faction") is answered by `faction`, and `what` says which of its choices."""

    kind: str
    seat: int
    faction: NotRequired[str]
    what: NotRequired[str]
    prompt: NotRequired[str]


Stage = Literal[
    "ambush",
    "ambush_wait",
    "foil_wait",
    "ambush_hits",
    "ambush_check",
    "roll",
    "after_attacker",
    "after_attacker_wait",
    "after_defender",
    "after_defender_wait",
    "count",
    "deal",
    "assign",
    "assign_wait",
    "intercept",
    "intercept_wait",
    "resolve",
    "triggers",
    "finish",
]
"""Where a battle in progress stands (rules.battle runs one stage at a time; a *_wait stage waits for a decision)."""


class BattleState(TypedDict):
    """The battle in progress, as saved in the state tree (a faction's or mode's own keys: a TypedDict of its own
    that extends this one, read through its own accessor)."""

    attacker: int
    defender: int
    clearing: int
    stage: Stage
    rolled: list[int]
    """Hits rolled by the attacker and the defender."""
    ignore: list[bool]
    """Whether the attacker, the defender ignores the other side's rolled hits."""
    used: list[list[Any]]
    """[seat, card key] of each battle effect used."""
    owed: list[list[int]]
    """[seat, hits] each side still has to take."""
    hit: list[list[Any]]
    """[seat, piece key, count] of the hits assigned and not yet resolved."""
    asked: list[int]
    """Seats asked whether to step in before the assigned hits resolve."""
    removed: list[list[Any]]
    """[seat, piece key, count] of the pieces the battle removed, and the area they went to when not the supply
    (the Cult's Acolytes box): [seat, piece key, count, area]."""
    sources: NotRequired[list[list[str]]]
    """Per side, the source of each extra hit it deals."""
    after_deal: Stage | Literal[""]
    """The stage once the owed hits are dealt."""
    defender_high: NotRequired[bool]
    reported: NotRequired[int]
    """How many of `removed` have been told to the listeners."""
    declared: NotRequired[list[int]]
    """Seats already asked for a decision owed before the roll (`TableHooks.before_roll`)."""
    credit: NotRequired[int]
    """The seat treated as removing the buildings and tokens the battle removes, for points and everything that hears
    who removed them, when it is not the side dealing the hits (the Vagrant's Instigate, a battle he forces)."""


class Item(TypedDict):
    """An item a seat holds (rules.items): its name and whether it is exhausted or damaged."""

    item: str
    exhausted: bool
    damaged: bool
    ruin: NotRequired[bool]
    """Taken from a ruin (with two item sets a Vagabond takes no second of a kind from one)."""
    stand_in: NotRequired[bool]
    """A card spent to count as this item (the Jailor's Coerce): no item of the box; gone once exhausted."""


class MapItem(TypedDict):
    """An item on the map (rules.items.lay): lying in a clearing, or carried by the piece under the map key
    `carrier`; laid by seat `by`."""

    item: str
    clearing: int
    carrier: str | None
    by: int | None
    points: NotRequired[int]
    """What crafting it scored (3x3 contraband)."""
    note: NotRequired[str]
    """Why it lies there, when it is no contraband (a Scoundrel's torch: 'Scorched Earth'); shown items only."""


class SeatData(TypedDict, total=False):
    """The keys of `Seat.data` that shared code reads; a faction's own keys are a TypedDict of its own extending this
    one, read through the faction's accessor."""

    setup: str
    """Where a faction's setup stands while it asks choices ("done" once complete; no key: nothing to choose)."""


class TurnFlags(TypedDict, total=False):
    """The keys of `Turn.flags` that shared code reads; a faction's or mode's own keys are a TypedDict of its own
    extending this one."""

    used: list[str]
    """Effects of crafted cards used this turn (rules.effects)."""
    crafted_with: dict[str, int]
    """Crafting pieces used this turn by suit (rules.crafting)."""
    rivers_as_paths: bool
    """Rivers count as paths for the seat's moves until the end of its turn (the Riverfolk's riverboats)."""
    ferry_used: bool
    """The Ferry has carried a move this turn (Law 25.3.5, rules.landmarks)."""
    ferrying: list[int]
    """While a move by the Ferry is carried out: its origin and destination (rules.landmarks)."""
    ferried: list[str]
    """Factions whose pieces the Ferry carried in the move being carried out (each draws once)."""
    path_cleared: bool
    """A closed path was removed this turn (Law 25.4.3, rules.landmarks)."""


class Landmarks(TypedDict, total=False):
    """What changes on the map's own features during a game (nothing on a map without them)."""

    ferry: int
    """The clearing the Ferry is in (Law 25.3.5)."""
    opened: list[str]
    """Closed paths removed so far, as rules.board.path_key names them (Law 25.4.3)."""


D = TypeVar("D", bound=SeatData)
F = TypeVar("F", bound=TurnFlags)


Mark = tuple[str, int | str | None, int | str | None]
"""A highlight of the last action on the map: its kind ("move", "place", "remove", "battle", "ambush"), the place,
and a move's destination (else None)."""


@dataclass(frozen=True, slots=True)
class Event:
    """What one step of an action did: public text, private text per seat, and map marks."""

    public: str
    private: dict[int, str] = field(default_factory=dict)
    marks: tuple[Mark, ...] = ()


@dataclass
class Seat:
    """One seat at the table: its faction, cards, points, supply and faction board."""

    faction: str
    team: str | None = None
    points: int = 0
    hand: list[int] = field(default_factory=list)
    crafted: list[int] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    areas: dict[str, dict[str, int]] = field(default_factory=dict)
    data: SeatData = field(default_factory=SeatData)
    dominance: int | None = None

    def data_as(self, _shape: type[D]) -> D:
        """This seat's data read as the TypedDict its faction declares for it (nothing is copied)."""
        return cast(D, self.data)

    def clone(self) -> Seat:
        """An independent copy."""
        return Seat(
            faction=self.faction,
            team=self.team,
            points=self.points,
            hand=list(self.hand),
            crafted=list(self.crafted),
            items=[i.copy() for i in self.items] if self.items else [],
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
    flags: TurnFlags = field(default_factory=TurnFlags)

    def flags_as(self, _shape: type[F]) -> F:
        """The turn's flags read as the TypedDict a faction or mode declares for its own (nothing is copied)."""
        return cast(F, self.flags)

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
    pending: list[Decision] = field(default_factory=list)
    battle: BattleState | None = None
    rng: int = 0
    winners: list[int] = field(default_factory=list)
    over: bool = False
    undo_floor: int = 0
    last_actor: int | None = None
    map_items: list[MapItem] = field(default_factory=list)
    items_removed: list[str] = field(default_factory=list)
    piles: dict[str, list[int]] = field(default_factory=dict)
    second_ruins: list[str | None] = field(default_factory=list)
    """The second item under each ruin when two sets are used (empty list: one item per ruin)."""
    landmarks: Landmarks = field(default_factory=Landmarks)
    """Where the map's own movable features stand (empty on a map without them, and then never saved)."""
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
        """The map this game is played on, as it stands: closed paths removed during the game are paths again."""
        opened = self.landmarks.get("opened") if self.landmarks else None
        return load_board(self.board_id, tuple(opened)) if opened else load_board(self.board_id)

    @property
    def board_key(self) -> tuple[str, tuple[str, ...]]:
        """What `board` is built from (rules.board.load_board's arguments), for caches keyed on the map's shape."""
        return self.board_id, tuple(self.landmarks.get("opened", ())) if self.landmarks else ()

    def pieces(self, cid: int) -> dict[str, int]:
        """Pieces in a clearing, by map key."""
        return self.clearings[cid - 1]

    def seat_of(self, faction: str) -> int | None:
        """The seat playing a faction, if any."""
        for i, seat in enumerate(self.seats):
            if seat.faction == faction:
                return i
        return None

    def say(self, public: str, private: dict[int, str] | None = None, *marks: Mark) -> None:
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
            map_items=[i.copy() for i in self.map_items] if self.map_items else [],
            items_removed=list(self.items_removed),
            piles={k: list(v) for k, v in self.piles.items()} if self.piles else {},
            second_ruins=list(self.second_ruins),
            landmarks=copy_json(self.landmarks) if self.landmarks else Landmarks(),
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
            **({"landmarks": copy_json(self.landmarks)} if self.landmarks else {}),
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
