"""The static map: clearings, paths, rivers, forests, two maps joined by border bridges, and what a map declares of its
own (appendix M): the lake and its coastal clearings, closed paths, landmarks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from rules.assets import map_data

MAPS = ("autumn", "winter", "lake", "mountain")
JOINABLE = ("autumn", "winter")
"""Maps that may be joined side by side: those without a lake, closed paths or landmarks of their own."""
SUITS = ("fox", "mouse", "rabbit")


@dataclass(frozen=True, slots=True)
class ClearingInfo:
    """One clearing as printed: where it is and what it holds at the start."""

    id: int
    map_id: str
    number: int
    printed_suit: str | None
    slots: int
    ruin: bool
    x: float
    y: float
    corner: str | None


@dataclass(frozen=True, slots=True)
class ForestInfo:
    """A forest: the area enclosed by paths, named by the clearings around it."""

    id: str
    map_id: str
    clearings: frozenset[int]
    x: float
    y: float


@dataclass(frozen=True)
class Board:
    """A whole playing area: one map, or two maps side by side joined by bridges."""

    id: str
    maps: tuple[str, ...]
    clearings: tuple[ClearingInfo, ...]
    neighbours: tuple[frozenset[int], ...]
    paths: frozenset[tuple[int, int]]
    rivers: frozenset[tuple[int, int]]
    bridges: frozenset[tuple[int, int]]
    forests: dict[str, ForestInfo]
    forest_links: frozenset[tuple[str, str]]
    opposite_corners: tuple[tuple[int, int], ...]
    coastal: frozenset[int] = frozenset()
    """Clearings on the lake's shore (25.3.3): the lake links each to every other, as rivers."""
    closed_paths: frozenset[tuple[int, int]] = frozenset()
    """Paths still covered by a closed path marker (25.4.2): they join no clearings but divide forests."""
    landmarks: tuple[tuple[str, int], ...] = ()
    """Landmarks the map places at setup, by kind: the Ferry, the Tower."""
    lake_outline: tuple[tuple[float, float], ...] = ()
    """The lake's shore for drawing, in the board's 0..1 coordinates."""

    def clearing(self, cid: int) -> ClearingInfo:
        """The clearing with this id."""
        return self.clearings[cid - 1]

    def ids(self) -> range:
        """Every clearing id on the board."""
        return range(1, len(self.clearings) + 1)

    def adjacent(self, a: int, b: int) -> bool:
        """Whether a path (or a border bridge) joins two clearings."""
        return b in self.neighbours[a - 1]

    def adjacent_to(self, cid: int) -> frozenset[int]:
        """Clearings joined to this one by a path or bridge."""
        return self.neighbours[cid - 1]

    def forests_of(self, cid: int) -> list[str]:
        """Forests that touch a clearing."""
        return [f.id for f in self.forests.values() if cid in f.clearings]

    def forest_neighbours(self, fid: str) -> list[str]:
        """Forests that share a border with this one."""
        return sorted(b if a == fid else a for a, b in self.forest_links if fid in (a, b))

    def corners(self) -> list[int]:
        """Corner clearings of every map on the board."""
        return [c.id for c in self.clearings if c.corner]

    def opposite(self, cid: int) -> int | None:
        """The corner diagonally opposite, on the same map."""
        for a, b in self.opposite_corners:
            if cid == a:
                return b
            if cid == b:
                return a
        return None

    @property
    def printed_rivers(self) -> frozenset[tuple[int, int]]:
        """River links drawn on the map: every river but the lake's links between coastal clearings."""
        return frozenset(r for r in self.rivers if not (r[0] in self.coastal and r[1] in self.coastal))

    def landmark(self, kind: str) -> int | None:
        """The clearing where the map places a landmark at setup (None: this map has none)."""
        return next((cid for name, cid in self.landmarks if name == kind), None)

    def map_of(self, cid: int) -> str:
        """Which printed map a clearing belongs to."""
        return self.clearing(cid).map_id

    @cached_property
    def edge(self) -> frozenset[int]:
        """The clearings on the map edge (Law 21: the loop of clearings and paths round each printed map): the ends of
        every path of one map, closed ones included, that borders fewer than two of its forests (the outside lies on
        its other side). Autumn's 7 and Winter's 8 are on it; Autumn's 10, 11 and 12, inside the loop, are not."""
        found: set[int] = set()
        for a, b in self.paths | self.closed_paths:
            if self.map_of(a) != self.map_of(b):
                continue
            sides = sum(1 for f in self.forests.values() if a in f.clearings and b in f.clearings)
            if sides < 2:
                found |= {a, b}
        return frozenset(found)

    def is_edge(self, cid: int) -> bool:
        """Whether a clearing lies on the map edge (Law 21)."""
        return cid in self.edge

    def is_edge_by_position(self, cid: int) -> bool:
        """What engines before rules revision 15 took for the map edge: a corner, or a clearing drawn near the map's
        border (Autumn's 7 and Winter's 8 were left out)."""
        c = self.clearing(cid)
        return c.corner is not None or c.x < 0.2 or c.x > 0.8 or c.y < 0.2 or c.y > 0.8

    @property
    def width_in_maps(self) -> int:
        """How many printed maps sit side by side."""
        return len(self.maps)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _forest_link(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@dataclass
class _MapPart:
    """One printed map renumbered for its place on the board."""

    clearings: list[ClearingInfo]
    paths: set[tuple[int, int]]
    rivers: set[tuple[int, int]]
    forests: dict[str, ForestInfo]
    forest_links: set[tuple[str, str]]
    opposite: list[tuple[int, int]]
    corners: dict[str, int]
    closed: set[tuple[int, int]]


def _map_part(map_id: str, offset: int, index: int, count: int) -> _MapPart:
    """Clearings, links and forests of one printed map, renumbered from offset+1."""
    data = map_data(map_id)
    corner_of = {number: name for name, number in data["corners"].items()}
    clearings = sorted(
        (
            ClearingInfo(
                id=raw["id"] + offset,
                map_id=map_id,
                number=raw["id"],
                printed_suit=raw["suit"],
                slots=raw["slots"],
                ruin=raw["ruin"],
                x=(index + raw["x"]) / count,
                y=raw["y"],
                corner=corner_of.get(raw["id"]),
            )
            for raw in data["clearings"]
        ),
        key=lambda c: c.id,
    )
    rename = {raw["id"]: (f"{index + 1}{raw['id']}" if index else raw["id"]) for raw in data["forests"]}
    forests = {}
    for raw in data["forests"]:
        members = frozenset(c + offset for c in raw["clearings"])
        xs = [clearings[c - offset - 1].x for c in members]
        ys = [clearings[c - offset - 1].y for c in members]
        fid = rename[raw["id"]]
        forests[fid] = ForestInfo(fid, map_id, members, sum(xs) / len(xs), sum(ys) / len(ys))
    return _MapPart(
        clearings=clearings,
        paths={_pair(a + offset, b + offset) for a, b in data["paths"]},
        rivers={_pair(a + offset, b + offset) for a, b in data.get("rivers", [])},
        forests=forests,
        forest_links={_forest_link(rename[a], rename[b]) for a, b in data["forest_links"]},
        opposite=[(a + offset, b + offset) for a, b in data["opposite_corners"]],
        corners={name: n + offset for name, n in data["corners"].items()},
        closed={_pair(a + offset, b + offset) for a, b in data.get("closed_paths", [])},
    )


def _lake(map_id: str) -> tuple[frozenset[int], set[tuple[int, int]], tuple[tuple[float, float], ...]]:
    """A map's coastal clearings, the lake's links between each two of them (25.3.2) and its drawn shore."""
    lake = map_data(map_id).get("lake")
    if not lake:
        return frozenset(), set(), ()
    coastal = sorted(lake["coastal"])
    links = {_pair(a, b) for i, a in enumerate(coastal) for b in coastal[i + 1 :]}
    return frozenset(coastal), links, tuple((float(x), float(y)) for x, y in lake["outline"])


def path_key(a: int, b: int) -> str:
    """How a path is named in a game's state: '2-5', the lower clearing first."""
    low, high = _pair(a, b)
    return f"{low}-{high}"


def parse_path_key(text: str) -> tuple[int, int]:
    """The two clearings of a path named as path_key writes it."""
    low, high = text.split("-")
    return int(low), int(high)


def map_names() -> dict[str, str]:
    """Every map by id, with its name ('lake': 'Lake')."""
    return {m: str(map_data(m)["name"]) for m in MAPS}


def check_board_id(board_id: str) -> tuple[str, ...]:
    """The maps a board id names, or a ValueError saying in words why it names no board."""
    map_ids = tuple(board_id.split("+"))
    for map_id in map_ids:
        if map_id not in MAPS:
            shown = map_id if len(map_id) <= 24 else map_id[:24] + "…"
            raise ValueError(f"unknown map {shown!r}; maps are {', '.join(MAPS)}")
    if len(map_ids) > 2:
        raise ValueError("at most two maps can be joined")
    lone = [m for m in map_ids if m not in JOINABLE]
    if len(map_ids) > 1 and lone:
        raise ValueError(f"the {lone[0].title()} map is played alone: it is not joined to another map")
    return map_ids


@cache
def load_board(board_id: str, opened: tuple[str, ...] = ()) -> Board:
    """Build a board from its id: 'autumn', 'lake', ... or two maps joined as 'autumn+winter'.

    `opened`: closed paths removed during the game (25.4.3), as path_key names them; they are paths again.
    """
    map_ids = check_board_id(board_id)
    parts = [_map_part(m, 12 * i, i, len(map_ids)) for i, m in enumerate(map_ids)]
    clearings = [c for part in parts for c in part.clearings]
    closed = set().union(*(part.closed for part in parts))
    reopened = {parse_path_key(key) for key in opened} & closed
    paths = set().union(*(part.paths for part in parts)) | reopened
    coastal, lake_links, outline = _lake(map_ids[0]) if len(map_ids) == 1 else (frozenset(), set(), ())
    bridges: set[tuple[int, int]] = set()
    if len(parts) == 2:
        left, right = parts[0].corners, parts[1].corners
        bridges.add(_pair(left["top_right"], right["top_left"]))
        bridges.add(_pair(left["bottom_right"], right["bottom_left"]))
    neighbours: list[set[int]] = [set() for _ in clearings]
    for a, b in paths | bridges:
        neighbours[a - 1].add(b)
        neighbours[b - 1].add(a)
    return Board(
        id=board_id,
        maps=map_ids,
        clearings=tuple(clearings),
        neighbours=tuple(frozenset(n) for n in neighbours),
        paths=frozenset(paths),
        rivers=frozenset().union(*(part.rivers for part in parts), lake_links),
        bridges=frozenset(bridges),
        forests={fid: f for part in parts for fid, f in part.forests.items()},
        forest_links=frozenset().union(*(part.forest_links for part in parts)),
        opposite_corners=tuple(pair for part in parts for pair in part.opposite),
        coastal=coastal,
        closed_paths=frozenset(closed - reopened),
        landmarks=_landmarks(map_ids),
        lake_outline=outline,
    )


def _landmarks(map_ids: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The landmarks a lone map places at setup (25.3.1 the Ferry, 25.4.1 the Tower)."""
    if len(map_ids) != 1:
        return ()
    return tuple(sorted((kind, int(cid)) for kind, cid in map_data(map_ids[0]).get("landmarks", {}).items()))
