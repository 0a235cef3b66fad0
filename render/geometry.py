"""Where things go: pixel positions of maps, clearings, slots and forests, from the board's 0..1 data."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from rules.board import Board, load_board

Point = tuple[int, int]
Box = tuple[int, int, int, int]

PREVIEW = (550, 400)  # the box Discord's chat shows an attached image in (it scales the image down to fit)
MAP_SIZE = 1200  # one printed map, in pixels
MAP_GAP = 80  # the water between two joined maps, crossed by the border bridges
RADIUS = 100  # clearing radius
SLOT = 50  # building slot edge
SLOT_GAP = 6
PANEL_COLUMN = 540  # one column of the side panel
PANEL_BELOW = 2  # boards of this many maps side by side have the panel below them: the image keeps a preview's shape
ROW = 46  # one row of pieces under the slots
PILL_HEIGHT = 70  # the white label with a clearing's number and suit glyph, across its top rim
NUMBER_FONT = 56  # the clearing number in it: about 8 px tall when Discord's preview shrinks a 3x3 board
FOREST_RADIUS = 34  # how far around a forest's centre its pieces and marks reach
FOREST_LABEL = (36, 15)  # half the width and height of a forest's label ("fA", "f2W5")
LABEL_CLEAR = (50, 150)  # how far a forest's label stays from the spot where its pieces go: at least, at most


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of one board drawn with a side panel of some number of columns."""

    board: Board
    map_width: int
    map_height: int
    panel_x: int
    panel_width: int
    width: int
    height: int
    map_boxes: tuple[Box, ...]
    centres: dict[int, Point]
    forest_centres: dict[str, Point]
    forest_polygons: dict[str, tuple[Point, ...]]
    forest_labels: dict[str, Point]
    panel_y: int = 0  # the top of the panel: 0 beside the map, the map's height below it
    lake: tuple[Point, ...] = ()  # the lake's shore (the Lake map), in pixels

    @property
    def below(self) -> bool:
        """Whether the panel runs under the maps (joined boards) rather than beside them."""
        return self.panel_y > 0

    def centre(self, cid: int) -> Point:
        """Pixel centre of a clearing."""
        return self.centres[cid]

    def slot_boxes(self, cid: int, slots: int) -> list[Box]:
        """The building slots of a clearing, left to right."""
        cx, cy = self.centres[cid]
        total = slots * SLOT + (slots - 1) * SLOT_GAP
        top = cy - 64
        left = cx - total // 2
        lefts = [left + i * (SLOT + SLOT_GAP) for i in range(slots)]
        return [(x, top, x + SLOT, top + SLOT) for x in lefts]

    def spot(self, where: object) -> tuple[Point, int] | None:
        """Pixel centre and radius of a clearing id or forest id (None when the board has no such place)."""
        if isinstance(where, str) and where.isdigit():
            where = int(where)
        if isinstance(where, int) and not isinstance(where, bool) and where in self.centres:
            return self.centres[where], RADIUS
        if isinstance(where, str) and where in self.forest_centres:
            return self.forest_centres[where], FOREST_RADIUS
        return None


def preview_scale(width: int, height: int) -> float:
    """How much Discord's inline preview shrinks an image of this size (1 when it fits as it is)."""
    return min(1.0, PREVIEW[0] / width, PREVIEW[1] / height)


def _map_index(x: float, count: int) -> int:
    return min(count - 1, max(0, int(x * count)))


def _to_pixels(x: float, y: float, count: int) -> Point:
    index = _map_index(x, count)
    local = x * count - index
    return (round(index * (MAP_SIZE + MAP_GAP) + local * MAP_SIZE), round(y * MAP_SIZE))


def _around(centre: Point, corners: list[Point]) -> list[Point]:
    """The clearings around a forest in angular order."""
    cx, cy = centre
    return sorted(corners, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))


def _pulled(centre: Point, polygon: list[Point], pull: float = 0.22) -> tuple[Point, ...]:
    """A polygon pulled toward a point, so the forest shows as an area between the paths."""
    cx, cy = centre
    return tuple((round(x + (cx - x) * pull), round(y + (cy - y) * pull)) for x, y in polygon)


def inside_polygon(p: tuple[float, float], polygon: list[Point] | tuple[Point, ...]) -> bool:
    """Whether a point lies inside a polygon."""
    x, y = p
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], *polygon[:1]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def _segment_distance(p: tuple[float, float], a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


Room = Callable[[tuple[float, float]], float]


def _open_spot(polygon: list[Point], room: Room) -> Point:
    """The point of a forest with the most room, by a measure of room."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    best, best_room = (sum(xs) // len(xs), sum(ys) // len(ys)), -math.inf
    grid = [(x, y) for x in range(min(xs), max(xs), 24) for y in range(min(ys), max(ys), 24)]
    for step in (24, 6):
        for x, y in grid:
            if not inside_polygon((x, y), polygon):
                continue
            here = room((x, y))
            if here > best_room:
                best, best_room = (x, y), here
        bx, by = best
        grid = [(bx + dx, by + dy) for dx in range(-step, step + 1, 6) for dy in range(-step, step + 1, 6)]
    return best


def _shore_room(p: tuple[float, float], lake: list[Point]) -> float:
    """How far a point is from a lake (negative inside it; infinite without one)."""
    if not lake:
        return math.inf
    edge = min(_segment_distance(p, a, b) for a, b in zip(lake, lake[1:] + lake[:1], strict=True))
    return -edge if inside_polygon(p, lake) else edge


def _piece_room(clearings: list[Point], links: list[tuple[Point, Point]], lake: list[Point]) -> Room:
    """How far a point is from every clearing's rim, every path and the lake: room for a forest's pieces."""

    def room(p: tuple[float, float]) -> float:
        near = min(math.dist(p, c) - RADIUS for c in clearings)
        return min(near, _shore_room(p, lake) - 12, *(_segment_distance(p, a, b) - 12 for a, b in links))

    return room


def _label_room(clearings: list[Point], links: list[tuple[Point, Point]], spot: Point, lake: list[Point]) -> Room:
    """Room for a forest's label: clear of clearings, paths and the lake by its half width and height, and of its
    pieces."""
    w, h = FOREST_LABEL

    def room(p: tuple[float, float]) -> float:
        near = min(math.dist(p, c) - RADIUS - w for c in clearings)
        road = min(_segment_distance(p, a, b) - 12 - h for a, b in links)
        away = math.dist(p, spot)
        return min(near, road, _shore_room(p, lake) - w, away - LABEL_CLEAR[0], LABEL_CLEAR[1] - away)

    return room


Forests = tuple[dict[str, Point], dict[str, tuple[Point, ...]], dict[str, Point]]


@cache
def _forests(board_id: str) -> Forests:
    """Where each forest's pieces and label go, and its shaded area (computed once per board)."""
    board = load_board(board_id)
    centres = {c.id: _to_pixels(c.x, c.y, board.width_in_maps) for c in board.clearings}
    drawn = board.paths | board.closed_paths | board.printed_rivers | board.bridges
    links = [(centres[a], centres[b]) for a, b in sorted(drawn)]
    lake = list(_lake(board))
    spots: dict[str, Point] = {}
    polygons: dict[str, tuple[Point, ...]] = {}
    labels: dict[str, Point] = {}
    for fid, forest in sorted(board.forests.items()):
        members = [centres[c] for c in sorted(forest.clearings)]
        mid = (sum(p[0] for p in members) // len(members), sum(p[1] for p in members) // len(members))
        around = _around(mid, members)
        polygons[fid] = _pulled(mid, around)
        spots[fid] = _open_spot(around, _piece_room(list(centres.values()), links, lake))
        labels[fid] = _open_spot(around, _label_room(list(centres.values()), links, spots[fid], lake))
    return spots, polygons, labels


def _lake(board: Board) -> tuple[Point, ...]:
    """The lake's shore in pixels (none on a map without a lake)."""
    return tuple(_to_pixels(x, y, board.width_in_maps) for x, y in board.lake_outline)


@cache
def layout(board_id: str, columns: int = 1) -> Layout:
    """The geometry of a board and its panel: beside one map (in this many columns), below joined maps."""
    board = load_board(board_id)
    count = board.width_in_maps
    spots, polygons, labels = _forests(board_id)
    map_width = count * MAP_SIZE + (count - 1) * MAP_GAP
    boxes = tuple((i * (MAP_SIZE + MAP_GAP), 0, i * (MAP_SIZE + MAP_GAP) + MAP_SIZE, MAP_SIZE) for i in range(count))
    below = count >= PANEL_BELOW
    panel_width = map_width if below else columns * PANEL_COLUMN
    return Layout(
        board=board,
        map_width=map_width,
        map_height=MAP_SIZE,
        panel_x=0 if below else map_width,
        panel_width=panel_width,
        width=map_width if below else map_width + panel_width,
        height=MAP_SIZE,
        panel_y=MAP_SIZE if below else 0,
        map_boxes=boxes,
        centres={c.id: _to_pixels(c.x, c.y, count) for c in board.clearings},
        forest_centres=spots,
        forest_polygons=polygons,
        forest_labels=labels,
        lake=_lake(board),
    )
