"""Old Man Tinker's board and pieces: the Old Man, robots and their gear tracks, two-sided tokens, factories,
the production level and marker. State helpers only; the faction itself is in tinker.py."""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.assets import load_json
from rules.hooks import Place
from rules.map_pieces import may_place, open_slots, pieces_at
from rules.modes.base import may_set_up
from rules.pieces import BUILDING, TOKEN, WARRIOR, kind_of_key
from rules.rule import rules
from rules.state import GameState

ID = "tinker"
NAME = "Old Man Tinker"
OLD_MAN = f"{ID}:oldman"
GEAR = f"{ID}:gear"
DRONE = f"{ID}:drone"
FACTORY = f"{ID}:factory"
SIDES = {"gear": GEAR, "drone": DRONE}
"""The two sides of a token and the map key each is stored under."""
FAMILY = "gear"
"""The box family both sides share: the supply counts tokens under it."""


@cache
def data() -> dict[str, Any]:
    """The faction's numbers (assets/tinker.json)."""
    found: dict[str, Any] = load_json("tinker.json")
    return found


ROBOTS: tuple[str, ...] = tuple(data()["robots"])
TRACK_SPACES: int = data()["track_spaces"]


def robot_key(robot: str) -> str:
    """The map key of a robot pawn."""
    return f"{ID}:{robot}"


ROBOT_KEYS = {robot_key(r): r for r in ROBOTS}


def is_own(piece: str) -> bool:
    """Whether a map key is one of the Tinker's pieces (infected drones included)."""
    return piece.split(":", 1)[0] == ID


# --- where things are -------------------------------------------------------------------------


def old_man(state: GameState) -> Place | None:
    """The Old Man's clearing or forest (None while he is off the map)."""
    for cid, pieces in enumerate(state.clearings, start=1):
        if pieces.get(OLD_MAN):
            return cid
    return next((fid for fid, pieces in state.forests.items() if pieces.get(OLD_MAN)), None)


def old_man_clearing(state: GameState) -> int | None:
    """The Old Man's clearing, or None when he is in a forest (or off the map)."""
    here = old_man(state)
    return here if isinstance(here, int) else None


def robot_at(state: GameState, robot: str) -> int | None:
    """The clearing a robot stands in."""
    piece = robot_key(robot)
    for cid, pieces in enumerate(state.clearings, start=1):
        if pieces.get(piece):
            return cid
    return None


def robots_in(state: GameState, cid: int) -> list[str]:
    """Robots in a clearing, in board order (birdbot, wolfbot, catbot)."""
    pieces = state.clearings[cid - 1]
    return [r for r in ROBOTS if pieces.get(robot_key(r))]


def track(state: GameState, seat: int, robot: str) -> dict[str, int]:
    """A robot's track (R.S.I.): an area holding its gears."""
    return state.seats[seat].areas.setdefault(robot, {})


def gears_on(state: GameState, seat: int, robot: str) -> int:
    """Gears on a robot's track."""
    return state.seats[seat].areas.get(robot, {}).get(GEAR, 0)


def broken(state: GameState, seat: int, robot: str) -> bool:
    """A robot with an empty track is broken."""
    return gears_on(state, seat, robot) <= 0


def robot_warriors(state: GameState, seat: int, cid: int) -> int:
    """Gears on the tracks of the robots in a clearing: warriors there for rule, battle and movement."""
    return sum(gears_on(state, seat, r) for r in robots_in(state, cid))


def set_gears(state: GameState, seat: int, robot: str, n: int) -> None:
    """Leave n gears on a robot's track (the caller keeps the box balanced)."""
    area = track(state, seat, robot)
    if n > 0:
        area[GEAR] = n
    else:
        area.pop(GEAR, None)


def tokens_at(state: GameState, cid: int, side: str) -> int:
    """The Tinker's own tokens in a clearing with one side up."""
    return state.clearings[cid - 1].get(SIDES[side], 0)


def factories(state: GameState) -> list[int]:
    """Clearings with a factory."""
    return [cid for cid, pieces in enumerate(state.clearings, start=1) if pieces.get(FACTORY)]


# --- the production level and marker --------------------------------------------------------


def level(state: GameState, seat: int) -> int:
    """The production level: tokens each factory produces."""
    return int(state.seats[seat].data.get("level", data()["production"]["start"]))


def marker(state: GameState, seat: int) -> str:
    """The side the production marker shows: 'gear' or 'drone'."""
    return str(state.seats[seat].data.get("marker", data()["marker_start"]))


def other_side(side: str) -> str:
    """The other side of a two-sided token."""
    return "drone" if side == "gear" else "gear"


def category_of_side(side: str) -> str:
    """Gear side up a token is a token; drone side up it is a warrior."""
    return WARRIOR if side == "drone" else TOKEN


# --- supply and placing -----------------------------------------------------------------------


def supply(state: GameState, seat: int) -> int:
    """Two-sided tokens left in the supply."""
    return state.seats[seat].supply.get(FAMILY, 0)


def add(state: GameState, where: Place, piece: str, n: int) -> None:
    """Add n pieces under a key to a place."""
    pieces = pieces_at(state, where)
    pieces[piece] = pieces.get(piece, 0) + n


def take_off(state: GameState, where: Place, piece: str, n: int) -> None:
    """Take n pieces under a key off a place (they must be there)."""
    pieces = pieces_at(state, where)
    pieces[piece] -= n
    if not pieces[piece]:
        del pieces[piece]


def place_tokens(state: GameState, seat: int, side: str, cid: int, n: int) -> int:
    """Place up to n tokens from the supply with a side up; returns how many were placed."""
    n = min(n, supply(state, seat))
    if n > 0:
        state.seats[seat].supply[FAMILY] -= n
        add(state, cid, SIDES[side], n)
    return n


def to_supply(state: GameState, seat: int, where: Place, piece: str, n: int) -> None:
    """Return n of the Tinker's own pieces from a place to the supply (not a removal: no one reacts)."""
    take_off(state, where, piece, n)
    family = kind_of_key(piece).box_family
    s = state.seats[seat].supply
    s[family] = s.get(family, 0) + n


# --- factories: Environmentally Conscious -----------------------------------------------------


def neighbours_with_factory(state: GameState, cid: int, built: list[int]) -> list[int]:
    """Factories adjacent to a clearing."""
    return [c for c in built if c != cid and state.board.adjacent(c, cid)]


def environment_allows(state: GameState, cid: int) -> bool:
    """A new factory in cid keeps every factory with at most one other adjacent, and none doubled up."""
    built = factories(state)
    if cid in built:
        return False
    near = neighbours_with_factory(state, cid, built)
    if len(near) > 1:
        return False
    return all(len(neighbours_with_factory(state, c, built)) == 0 for c in near)


def factory_sites(state: GameState, seat: int) -> list[int]:
    """Clearings where the Tinker may build a factory now."""
    if state.seats[seat].supply.get("factory", 0) <= 0:
        return []
    return [
        cid
        for cid in state.board.ids()
        if rules(state, seat, cid)
        and open_slots(state, cid) > 0
        and environment_allows(state, cid)
        and may_place(state, ID, cid, BUILDING)
    ]


def fewest_pieces(state: GameState, seat: int, allowed: Any = None) -> list[int]:
    """Clearings with the fewest pieces among those the Tinker may set up in, his own not counted (OMT.4)."""
    open_ = [
        cid
        for cid in state.board.ids()
        if may_set_up(state, seat, cid) and may_place(state, ID, cid) and (allowed is None or cid in allowed)
    ]
    if not open_:
        return []
    counted = state.legacy is not None and state.legacy.tinker_counts_own  # before 7ac4157
    counts = {cid: sum(n for p, n in state.clearings[cid - 1].items() if counted or not is_own(p)) for cid in open_}
    low = min(counts.values())
    return [cid for cid in open_ if counts[cid] == low]
