"""The shape of the view that leaves the engine for display: what `rules.view_for` returns and render draws.

A view is JSON-ready (it is sent to renderers and stored with a board job), so its parts are TypedDicts: mypy
checks every read of it in render/ and bot/, and the tree stays plain dicts and lists. A faction fills its own
parts through its hooks (`panel`, `piece_notes`, `play_area`, `map_links`, `private_cards`, `private_lines`), each
of a type declared here, so no part of the view is shaped per faction.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rules.state import Item, MapItem, Stage


class TurnView(TypedDict):
    """Whose turn it is and where in it."""

    seat: int
    faction: str
    phase: str
    step: str


class ClearingView(TypedDict):
    """One clearing: its suit, building slots, whether a ruin stands there (and how many items under it), pieces."""

    id: int
    suit: str
    slots: int
    ruin: bool
    ruin_items: int
    pieces: dict[str, int]


class PieceLook(TypedDict):
    """How one piece kind of a faction looks and how many there are."""

    category: str
    shape: str
    label: str
    name: str
    count: int
    family: str
    colour: str


class FactionLegend(TypedDict):
    """A faction's name, colour and piece kinds, as it declares them."""

    name: str
    colour: str
    pieces: dict[str, PieceLook]


ItemView = Item
"""An item a seat holds, as the state keeps it."""
MapItemView = MapItem
"""An item on the map, as the state keeps it."""


class CardView(TypedDict):
    """A card of any deck, as a renderer draws it without looking it up."""

    deck: str
    key: str
    name: str
    suit: str
    type: str
    cost: list[str]
    text: str


Notes = dict[str, dict[str, str]]
"""Short marks a faction puts on its pieces: place as written ('5' or 'fA') -> piece key -> text."""


class SeatView(TypedDict):
    """One seat as everybody sees it; `panel`, `notes`, `play_area` and `links` come from its faction."""

    seat: int
    faction: str
    name: str
    colour: str
    team: str | None
    points: int
    dominance: str | None
    hand_count: int
    items: list[ItemView]
    crafted: list[str]
    supply: dict[str, int]
    areas: dict[str, dict[str, int]]
    panel: list[str]
    notes: Notes
    play_area: list[CardView]
    links: list[list[int]]
    automated: NotRequired[bool]  # an automated player holds the seat (set by the bot; public information)


class PendingView(TypedDict):
    """A decision waiting: whose, of what kind, and what it asks."""

    seat: int
    kind: str
    prompt: str
    auto: NotRequired[bool]
    """A decision the engine takes by itself (render leaves it out of what comes next); view_for sets it on none."""


class ExtraHits(TypedDict):
    """Hits a side deals besides its roll, from one source."""

    source: str
    hits: int


class SideView(TypedDict):
    """One side of a rolled battle: its seat, rolled hits, what makes the other side ignore them, extra hits."""

    seat: int
    rolled: int
    ignored_by: str | None
    extra: list[ExtraHits]


class BattleView(TypedDict):
    """The battle in progress: who attacks whom where, its stage, and each side's hits once the dice are rolled."""

    attacker: int
    defender: int
    clearing: int
    stage: Stage
    sides: list[SideView]


class LandmarkView(TypedDict):
    """The map's own features as they stand (Law 25): the Ferry's and the Tower's clearings, the closed paths left."""

    ferry: int | None
    tower: int | None
    closed_paths: list[list[int]]


class View(TypedDict):
    """What one seat (or a spectator, viewer None) may see of a game."""

    version: int
    board: str
    maps: list[str]
    round: int
    rounds: int | None
    turn: TurnView
    to_act: int | None
    waiting_for: str
    over: bool
    winners: list[int]
    clearings: list[ClearingView]
    forests: dict[str, dict[str, int]]
    seats: list[SeatView]
    factions: dict[str, FactionLegend]
    order: list[int]
    deck_count: int
    discard: list[str]
    dominance_available: list[str]
    item_supply: dict[str, dict[str, int]]
    map_items: list[MapItemView]
    pending: list[PendingView]
    battle: BattleView | None
    viewer: int | None
    hand: list[str] | None
    private_cards: dict[str, list[str]]
    private_lines: NotRequired[list[str]]
    """Lines only the viewing seat may read besides its hand (`Faction.private_lines`: the Corvids' face-down plots);
    absent when it has none, and from every other view."""
    team_points: NotRequired[dict[str, int]]
    landmarks: NotRequired[LandmarkView]
    """Only on a map with features of its own (the Lake, the Mountain)."""
