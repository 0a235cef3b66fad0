"""The Keepers in Iron's faction board: relics of three kinds with values face down, two-sided waystations, the
Retinue's three columns with the Faithful Retainers, the Relics spaces. State helpers only; the faction itself is in
__init__.py.

Law of Root, section 15. How a face-down relic's value is kept: every relic of a kind lying face down (in a forest, or
set aside during setup) looks the same to everyone, the Keepers included, so the values of a kind's face-down relics
are one list in the seat's data, in the order they will be turned (`hidden`), dealt at setup and re-dealt by
rules.hidden as the table could imagine them. A relic turned face up is stored under a kind naming its value.
"""

from __future__ import annotations

from functools import cache

from rules.board import load_board
from rules.state import GameState, SeatData, TurnFlags

ID = "keepers"
NAME = "Keepers in Iron"
WARRIOR = "warrior"
WARRIOR_KEY = f"{ID}:{WARRIOR}"
WARRIORS = 15
"""Warriors in the box (15.3.2)."""
START_WARRIORS = 4
"""Warriors placed in each of the two starting clearings (15.3.3)."""
RECRUITED = 2
"""Warriors placed at a waystation per card spent to recruit (15.4.3)."""
CROWDED = 4
"""Live Off the Land takes a warrior from each clearing with this many Keeper warriors or more (15.6.1)."""
RETINUE_LIMIT = 10
"""Cards the Retinue holds at most, Faithful Retainers included (15.6.2)."""
SET_POINTS = 2
"""Points for filling a Relics column with one relic of each kind (15.5.2.3)."""
RELIC_POINTS = 2
"""What an enemy scores for removing a relic: a token's point and Prized Trophies' extra one (15.2.5)."""

RELICS = ("figure", "tablet", "jewelry")
"""The three kinds of relic (15.2.1); each is the box family of its four tokens and the kind of those face down."""
VALUES = (1, 2, 3, 3)
"""The values on the backs of a kind's four relics (15.2.1)."""
COLUMNS_PER_KIND = len(VALUES)
"""Relics spaces of each kind on the faction board: a Relics column holds one relic of each kind."""
INITIAL = {"figure": "F", "tablet": "T", "jewelry": "J"}

STATIONS = (("figure", "tablet"), ("tablet", "jewelry"), ("jewelry", "figure"))
"""The three waystations, by the relic kinds on their two sides (15.2.2; which two kinds each shows is ruled in
docs/rulings.md): each is one piece in the box, a family of two kinds (one per side up)."""

RETAINER = -1
"""How a Faithful Retainer is stored in the Retinue (it is no card of the shared deck; its suit is bird)."""
COLUMNS = ("move", "delve", "recover")
"""The Retinue's columns, left to right: Move; Battle then Delve; Move or Recover (15.5.2)."""
COLUMN_NAMES = {"move": "Move", "delve": "Battle then Delve", "recover": "Move or Recover"}
RELICS_AREA = "relics"
"""The area on the seat holding the recovered relics (the Relics spaces), face up under their value's kind."""
TROPHIES_AREA = "trophies"
"""Relics an enemy removed, waiting for the remover to place them in a forest (15.2.5)."""


class KeepersData(SeatData, total=False):
    """The Keepers' own data: the starting corner, the face-down values of each relic kind in the order they will be
    turned, the Retinue's cards by column, the Faithful Retainers removed from the game."""

    corner: int | None
    hidden: dict[str, list[int]]
    retinue: dict[str, list[int]]
    retired: int


class KeepersFlags(TurnFlags, total=False):
    """The Keepers' turn: clearings encamped and decamped in, the Retinue cards still to act with by column, the
    delve under way (its clearing and card), the Recover under way, and how the Retinue was gathered."""

    encamped: list[int]
    decamped: list[int]
    todo: dict[str, list[int]]
    delving: list[int]
    recovering: list[int]
    gathered: str


def info(state: GameState, seat: int) -> KeepersData:
    """The Keepers' data."""
    return state.seats[seat].data_as(KeepersData)


def flags(state: GameState) -> KeepersFlags:
    """The turn's flags, as the Keepers read them."""
    return state.turn.flags_as(KeepersFlags)


# --- the map edge ----------------------------------------------------------------------------------------------


def edge_clearings(board_id: str) -> frozenset[int]:
    """The clearings on the map edge (Law 21), as the board finds them."""
    return load_board(board_id).edge


def on_map_edge(state: GameState, cid: int) -> bool:
    """Whether a clearing lies on the map edge (15.3.3, 15.4.1)."""
    return cid in edge_clearings(state.board_id)


# --- relics -----------------------------------------------------------------------------------------------------


def relic_kind(kind: str, value: int | None = None) -> str:
    """The piece kind of a relic: its kind alone face down ('figure'), with its value face up ('figure3')."""
    return kind if value is None else f"{kind}{value}"


FACE_UP = tuple(relic_kind(k, v) for k in RELICS for v in sorted(set(VALUES)))
"""Every kind of face-up relic, by relic kind then value."""
ALL_RELICS = RELICS + FACE_UP


@cache
def parse_relic(kind: str) -> tuple[str, int | None] | None:
    """(relic kind, value or None face down) of a relic piece kind, or None when it is no relic."""
    for name in RELICS:
        if kind == name:
            return name, None
        if kind.startswith(name) and kind[len(name) :].isdigit():
            return name, int(kind[len(name) :])
    return None


def relic_words(kind: str) -> str:
    """A relic in words: 'a face-down figure', 'a tablet worth 2'."""
    parsed = parse_relic(kind)
    assert parsed is not None, kind
    name, value = parsed
    return f"a face-down {name}" if value is None else f"a {name} worth {value}"


@cache
def is_relic_key(piece: str) -> bool:
    """Whether a map key stores Keepers relics."""
    owner, _, rest = piece.partition(":")
    return owner == ID and ":" not in rest and parse_relic(rest) is not None


def relics_at(pieces: dict[str, int]) -> dict[str, int]:
    """The relics in a place, by piece kind."""
    return {k.split(":", 1)[1]: n for k, n in pieces.items() if n > 0 and is_relic_key(k)}


def hidden_values(state: GameState, seat: int) -> dict[str, list[int]]:
    """The face-down values of each relic kind, in the order they will be turned (the state's own lists, set at
    setup)."""
    return info(state, seat)["hidden"]


# --- waystations --------------------------------------------------------------------------------------------------


def station_kind(shown: str, back: str) -> str:
    """The piece kind of a waystation with one relic kind face up and another on its back ('figure_tablet')."""
    return f"{shown}_{back}"


STATION_FAMILIES = tuple(station_kind(a, b) for a, b in STATIONS)
"""Each waystation's box family: the kind of its first side."""
STATION_KINDS: dict[str, tuple[str, str]] = {
    station_kind(shown, back): (shown, back) for a, b in STATIONS for shown, back in ((a, b), (b, a))
}
"""Every side of every waystation: (relic kind shown, relic kind on the back)."""
STATION_KEYS = {f"{ID}:{k}": sides[0] for k, sides in STATION_KINDS.items()}
STATION_BY_KEY = {f"{ID}:{k}": k for k in STATION_KINDS}


def family_of(station: str) -> str:
    """The box family of a waystation side (the physical waystation)."""
    shown, back = STATION_KINDS[station]
    return station if station in STATION_FAMILIES else station_kind(back, shown)


def station_words(station: str) -> str:
    """A waystation side in words: 'the figure waystation (tablet on its back)'."""
    shown, back = STATION_KINDS[station]
    return f"the {shown} waystation ({back} on its back)"


def stations_at(state: GameState, cid: int) -> list[str]:
    """The waystation sides in a clearing, one entry per waystation."""
    return [STATION_BY_KEY[k] for k, n in state.clearings[cid - 1].items() if k in STATION_BY_KEY for _ in range(n)]


def station_clearings(state: GameState) -> list[int]:
    """One entry per waystation on the map: its clearing (crafting pieces, the draw bonus)."""
    return [cid for cid in state.board.ids() for _ in stations_at(state, cid)]


def stations_in_supply(state: GameState, seat: int) -> list[str]:
    """The waystations on the faction board, by family."""
    supply = state.seats[seat].supply
    return [f for f in STATION_FAMILIES if supply.get(f, 0) > 0]


def sides_of(family: str) -> tuple[str, str]:
    """The two sides (piece kinds) of one waystation."""
    shown, back = STATION_KINDS[family]
    return family, station_kind(back, shown)


# --- the Retinue and the Relics spaces --------------------------------------------------------------------------


def retinue(state: GameState, seat: int) -> dict[str, list[int]]:
    """The Retinue's cards by column (the state's own lists, set at setup)."""
    return info(state, seat)["retinue"]


def retinue_size(state: GameState, seat: int) -> int:
    """Cards in the Retinue, Faithful Retainers included."""
    return sum(len(cards) for cards in retinue(state, seat).values())


def recovered(state: GameState, seat: int) -> dict[str, int]:
    """Relics on the Relics spaces, by map key (to read: empty when none was recovered yet)."""
    return state.seats[seat].areas.get(RELICS_AREA, {})


def recovered_of(state: GameState, seat: int, name: str) -> int:
    """How many relics of one kind fill their Relics spaces."""
    return sum(n for k, n in recovered(state, seat).items() if (parse_relic(k.split(":", 1)[1]) or ("",))[0] == name)


def columns_filled(state: GameState, seat: int) -> int:
    """Relics columns filled: a column holds one relic of each kind, filled from the left."""
    return min(recovered_of(state, seat, name) for name in RELICS)
