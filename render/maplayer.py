"""The static map layer: background, forests, the lake, rivers, paths (closed ones barred), bridges, clearings and
slots, and the map's landmarks (the Ferry, the Tower), drawn once per board, suits and landmark places.

It is drawn at twice the size in RGB and scaled down once, so that its curves and numbers are
smooth, then turned into a palette image: pieces and the panel are drawn on a copy of it, and
palette images encode about five times faster than RGB ones (see docs/rendering.md).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render.geometry import FOREST_LABEL, NUMBER_FONT, PILL_HEIGHT, RADIUS, Layout, inside_polygon, layout
from render.shapes import draw_suit_glyph
from render.text import font, width
from rules.actions import place_token

Features = tuple[int | None, int | None, frozenset[tuple[int, int]]]
"""Where the map's landmarks stand: the Ferry's clearing, the Tower's, and the closed paths left."""
NO_FEATURES: Features = (None, None, frozenset())
SCALE = 2  # supersampling factor of the static layer
FOREST_FONT = 22  # a forest's label
COLOURS = 170  # palette entries the static layer may use; the rest are for pieces, marks and text
# Flat colours of the static layer, restored exactly after quantising so pixel probes and inks match.
_EXACT: tuple[P.RGB, ...] = (
    P.PANEL_BG, P.MAP_BG, P.MAP_EDGE, P.GAP_BG, P.FOREST, P.FOREST_EDGE, P.FOREST_LABEL, P.PATH, P.PATH_EDGE, P.RIVER,
    P.BRIDGE, P.BRIDGE_EDGE, P.SLOT, P.SLOT_EDGE, P.INK, P.WHITE, P.MUTED, *P.SUIT_COLOURS.values(),
)  # fmt: skip


class _Pen:
    """Draws in layout coordinates on the supersampled image."""

    def __init__(self, image: Image.Image) -> None:
        self.draw = ImageDraw.Draw(image)

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: P.RGB, w: int) -> None:
        self.draw.line([(a[0] * SCALE, a[1] * SCALE), (b[0] * SCALE, b[1] * SCALE)], fill=colour, width=w * SCALE)

    def disc(self, c: tuple[float, float], r: float, fill: P.RGB | None, outline: P.RGB, w: int) -> None:
        x, y = c[0] * SCALE, c[1] * SCALE
        rr = r * SCALE
        self.draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill, outline=outline, width=w * SCALE)

    def rect(
        self, box: tuple[float, float, float, float], fill: P.RGB, outline: P.RGB, w: int, radius: int = 0
    ) -> None:
        scaled = (box[0] * SCALE, box[1] * SCALE, box[2] * SCALE, box[3] * SCALE)
        self.draw.rounded_rectangle(scaled, radius * SCALE, fill=fill, outline=outline, width=w * SCALE)


def _background(pen: _Pen, geo: Layout) -> None:
    pen.rect((0, 0, geo.map_width, geo.map_height), P.GAP_BG, P.GAP_BG, 0)
    for box in geo.map_boxes:
        pen.rect(box, P.MAP_BG, P.MAP_EDGE, 6, radius=28)


def _forests(pen: _Pen, geo: Layout) -> None:
    for fid, polygon in geo.forest_polygons.items():
        pen.draw.polygon([(x * SCALE, y * SCALE) for x, y in polygon], fill=P.FOREST, outline=P.FOREST_EDGE, width=6)
        cx, cy = geo.forest_centres[fid]
        lx, ly = geo.forest_labels[fid]
        lw, lh = FOREST_LABEL
        for dx, dy in ((-34, -30), (30, -36), (-4, 34)):
            if abs(cx + dx - lx) < lw + 14 and abs(cy + dy - ly) < lh + 14:
                continue  # no tree under the forest's label
            tx, ty = (cx + dx) * SCALE, (cy + dy) * SCALE
            s = 13 * SCALE
            pen.draw.polygon(
                [(tx, ty - s), (tx + s * 0.8, ty + s * 0.7), (tx - s * 0.8, ty + s * 0.7)], fill=P.FOREST_EDGE
            )
        _forest_label(pen, place_token(fid), (lx, ly))  # as players write it in commands: fA, f2W5


def _forest_label(pen: _Pen, text: str, centre: tuple[int, int]) -> None:
    """A forest's name in a dark green tag."""
    face = font(FOREST_FONT * SCALE, bold=True)
    half = width(text, face) / SCALE / 2 + 8
    x, y = centre
    h = FOREST_LABEL[1]
    pen.rect((x - half, y - h, x + half, y + h), P.FOREST_LABEL, P.FOREST_LABEL, 0, radius=8)
    pen.draw.text((x * SCALE, y * SCALE), text, font=face, fill=P.WHITE, anchor="mm")


def _lake(pen: _Pen, geo: Layout) -> None:
    """The lake (its links between coastal clearings are not drawn as rivers: the water is)."""
    if not geo.lake:
        return
    shore = _smoothed([(float(x), float(y)) for x, y in geo.lake])
    pen.draw.polygon([(x * SCALE, y * SCALE) for x, y in shore], fill=P.LAKE, outline=P.RIVER, width=8 * SCALE)
    xs, ys = [x for x, _ in shore], [y for _, y in shore]
    inside = [
        (x, y)
        for x in range(int(min(xs)), int(max(xs)), 12)
        for y in range(int(min(ys)), int(max(ys)), 12)
        if inside_polygon((x, y), geo.lake)
    ]
    if inside:  # its name where it is farthest from the clearings on its shore (and so from the Ferry)
        spot = max(inside, key=lambda p: min(math.dist(p, c) for c in geo.centres.values()))
        face = font(26 * SCALE, bold=True)
        pen.draw.text((spot[0] * SCALE, spot[1] * SCALE), "the lake", font=face, fill=P.RIVER, anchor="mm")


def _smoothed(points: list[tuple[float, float]], rounds: int = 3) -> list[tuple[float, float]]:
    """A closed outline with its corners cut (Chaikin), so a shore of a few points reads as a shore."""
    for _ in range(rounds):
        out = []
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
            out += [(0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1), (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1)]
        points = out
    return points


def _links(pen: _Pen, geo: Layout, closed: frozenset[tuple[int, int]]) -> None:
    board = geo.board
    for a, b in sorted(board.printed_rivers):
        pen.line(geo.centre(a), geo.centre(b), P.RIVER, 16)
    for a, b in sorted(board.paths | (board.closed_paths - closed)):  # a removed closed path is a path again
        pen.line(geo.centre(a), geo.centre(b), P.PATH_EDGE, 22)
        pen.line(geo.centre(a), geo.centre(b), P.PATH, 13)
    for a, b in sorted(closed):
        _closed_path(pen, geo.centre(a), geo.centre(b))
    for a, b in sorted(board.bridges):
        _bridge(pen, geo.centre(a), geo.centre(b))


def _closed_path(pen: _Pen, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A closed path: dark rock barred across with white, so it never reads as a path."""
    pen.line(a, b, P.INK, 26)
    pen.line(a, b, P.CLOSED, 18)
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    for i in range(int((length - 2 * RADIUS) // 34) + 1):
        t = RADIUS + 17 + i * 34
        if t > length - RADIUS:
            break
        mx, my = a[0] + ux * t, a[1] + uy * t
        dx, dy = uy * 16 + ux * 6, ux * 16 - uy * 6  # a bar across the path, slanted a little
        pen.line((mx - dx, my + dy), (mx + dx, my - dy), P.WHITE, 5)


def _bridge(pen: _Pen, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A plank bridge over the water between two joined maps."""
    pen.line(a, b, P.BRIDGE_EDGE, 36)
    pen.line(a, b, P.BRIDGE, 26)
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    for i in range(1, int(length // 22)):
        t = i * 22 + 11
        mx, my = a[0] + ux * t, a[1] + uy * t
        pen.line((mx - uy * 13, my + ux * 13), (mx + uy * 13, my - ux * 13), P.BRIDGE_EDGE, 3)


GLYPH = 40  # the suit glyph in a clearing's label


def _pill(geo: Layout, cid: int) -> tuple[float, float, float, float, float]:
    """A clearing's label: its box (left, top, right, bottom) and the width of its number."""
    text_w = width(str(cid), font(NUMBER_FONT * SCALE, bold=True)) / SCALE
    pill_w = text_w + 12 + 8 + GLYPH + 12
    cx, cy = geo.centre(cid)
    left, top = cx - pill_w / 2, cy - RADIUS - PILL_HEIGHT / 2
    return left, top, left + pill_w, top + PILL_HEIGHT, text_w


@lru_cache(maxsize=8)
def label_boxes(board_id: str) -> tuple[tuple[int, int, int, int], ...]:
    """The pixel box of every clearing's label, to draw again over anything that crossed it."""
    geo = layout(board_id)
    boxes = []
    for info in geo.board.clearings:
        left, top, right, bottom, _ = _pill(geo, info.id)
        boxes.append((math.floor(left) - 1, math.floor(top) - 1, math.ceil(right) + 2, math.ceil(bottom) + 2))
    return tuple(boxes)


def _clearings(pen: _Pen, geo: Layout, suits: tuple[str | None, ...]) -> None:
    number_font = font(NUMBER_FONT * SCALE, bold=True)
    for info in geo.board.clearings:
        c = geo.centre(info.id)
        if info.corner:
            pen.disc(c, RADIUS + 12, None, P.INK, 6)
        pen.disc(c, RADIUS, P.suit_colour(suits[info.id - 1]), P.INK, 5)
        for box in geo.slot_boxes(info.id, info.slots):
            pen.rect(box, P.SLOT, P.SLOT_EDGE, 3, radius=4)
        label = str(info.id)  # players name clearings by board id (13-24 on the right map)
        left, top, right, bottom, text_w = _pill(geo, info.id)
        pen.rect((left, top, right, bottom), P.WHITE, P.INK, 4, radius=16)
        middle = (top + bottom) / 2
        pen.draw.text(((left + 12) * SCALE, (middle + 1) * SCALE), label, font=number_font, fill=P.INK, anchor="lm")
        glyph_x = left + 12 + text_w + 8 + GLYPH / 2
        draw_suit_glyph(pen.draw, suits[info.id - 1], glyph_x * SCALE, middle * SCALE, GLYPH * SCALE, P.INK)


def _landmarks(pen: _Pen, geo: Layout, ferry: int | None, tower: int | None) -> None:
    """The Ferry on its clearing's shore, the Tower on the Pass, each with its name."""
    if ferry is not None and ferry in geo.centres:
        _ferry(pen, _beside(geo, ferry, _lake_centre(geo)))
    if tower is not None and tower in geo.centres:
        _tower(pen, _clear_of_links(geo, tower))


def _lake_centre(geo: Layout) -> tuple[float, float] | None:
    if not geo.lake:
        return None
    return sum(x for x, _ in geo.lake) / len(geo.lake), sum(y for _, y in geo.lake) / len(geo.lake)


def _beside(geo: Layout, cid: int, toward: tuple[float, float] | None) -> tuple[float, float]:
    """A point just outside a clearing's rim, toward a place (the lake), else below to the left."""
    cx, cy = geo.centre(cid)
    tx, ty = toward if toward is not None else (cx - 1.0, cy + 1.0)
    length = math.dist((cx, cy), (tx, ty)) or 1.0
    return cx + (tx - cx) / length * (RADIUS + 34), cy + (ty - cy) / length * (RADIUS + 34)


def _clear_of_links(geo: Layout, cid: int) -> tuple[float, float]:
    """The point just outside a clearing's rim farthest from the lines drawn around it and the other clearings."""
    cx, cy = geo.centre(cid)
    board = geo.board
    lines = [(geo.centre(a), geo.centre(b)) for a, b in board.paths | board.closed_paths | board.printed_rivers]
    others = [c for other, c in geo.centres.items() if other != cid]

    def room(angle: float) -> float:
        x, y = cx + math.cos(angle) * (RADIUS + 30), cy + math.sin(angle) * (RADIUS + 30)
        near = min(math.dist((x, y), c) - RADIUS for c in others)
        return min(near, *(_distance((x, y), a, b) for a, b in lines))

    best = max((math.radians(a) for a in range(0, 360, 15)), key=room)
    return cx + math.cos(best) * (RADIUS + 30), cy + math.sin(best) * (RADIUS + 30)


def _distance(p: tuple[float, float], a: tuple[int, int], b: tuple[int, int]) -> float:
    """How far a point is from a segment."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _ferry(pen: _Pen, at: tuple[float, float]) -> None:
    """A ferry boat: a hull, a mast and a sail, named below."""
    x, y = at
    hull = [(x - 40, y), (x + 40, y), (x + 28, y + 20), (x - 28, y + 20)]
    pen.draw.polygon([(px * SCALE, py * SCALE) for px, py in hull], fill=P.FERRY, outline=P.INK, width=4 * SCALE)
    pen.line((x, y), (x, y - 46), P.INK, 4)
    sail = [(x + 3, y - 44), (x + 30, y - 8), (x + 3, y - 8)]
    pen.draw.polygon([(px * SCALE, py * SCALE) for px, py in sail], fill=P.WHITE, outline=P.INK, width=3 * SCALE)
    _tag(pen, "Ferry", (x, y + 38))


def _tower(pen: _Pen, at: tuple[float, float]) -> None:
    """A stone tower with battlements, named below."""
    x, y = at
    pen.rect((x - 20, y - 44, x + 20, y + 14), P.TOWER, P.INK, 4)
    for dx in (-20, -4, 12):
        pen.rect((x + dx, y - 56, x + dx + 8, y - 42), P.TOWER, P.INK, 3)
    pen.rect((x - 7, y - 10, x + 7, y + 14), P.INK, P.INK, 0)
    _tag(pen, "Tower", (x, y + 34))


def _tag(pen: _Pen, text: str, centre: tuple[float, float]) -> None:
    """A landmark's name on a white tag."""
    face = font(22 * SCALE, bold=True)
    half = width(text, face) / SCALE / 2 + 8
    x, y = centre
    pen.rect((x - half, y - 15, x + half, y + 15), P.WHITE, P.INK, 3, radius=8)
    pen.draw.text((x * SCALE, y * SCALE), text, font=face, fill=P.INK, anchor="mm")


def _map_names(pen: _Pen, geo: Layout) -> None:
    name_font = font(22 * SCALE, bold=True)
    for map_id, box in zip(geo.board.maps, geo.map_boxes, strict=True):
        name = map_id.capitalize()
        if all(c.printed_suit is None for c in geo.board.clearings if c.map_id == map_id):
            name += " (suits dealt at setup)"
        pen.draw.text(((box[0] + 24) * SCALE, (box[3] - 20) * SCALE), name, font=name_font, fill=P.MUTED, anchor="ls")


_FEATURE_COLOURS: tuple[P.RGB, ...] = (P.LAKE, P.CLOSED, P.FERRY, P.TOWER)
"""Flat colours of a map's own features, kept exact on the maps that have them (the others stay as they were)."""


def _quantise(image: Image.Image, exact: tuple[P.RGB, ...] = _EXACT, scale: float = 1.0) -> Image.Image:
    """A palette copy at `scale` of the design size whose flat colours are exact, leaving palette room for inks."""
    if scale == 1.0:
        small = image.reduce(SCALE)
    else:
        size = (round(image.width * scale / SCALE), round(image.height * scale / SCALE))
        small = image.resize(size, Image.Resampling.BOX)
    quantised = small.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = quantised.getpalette() or []
    entries = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    snapped: list[int] = []
    for entry in entries:
        near = min(exact, key=lambda e: sum(abs(p - q) for p, q in zip(e, entry, strict=True)))
        close = max(abs(p - q) for p, q in zip(near, entry, strict=True)) <= 10
        snapped.extend(near if close else entry)
    quantised.putpalette(snapped)
    return quantised


@lru_cache(maxsize=32)
def map_layer(
    board_id: str, suits: tuple[str | None, ...], features: Features = NO_FEATURES, scale: float = 1.0
) -> Image.Image:
    """The static layer of a board's maps with these clearing suits and landmark places, at `scale` of the design
    size (shared: never draw on it)."""
    geo = layout(board_id)
    ferry, tower, closed = features
    big = Image.new("RGB", (geo.map_width * SCALE, geo.map_height * SCALE), P.PANEL_BG)
    pen = _Pen(big)
    _background(pen, geo)
    _forests(pen, geo)
    _lake(pen, geo)
    _links(pen, geo, closed if features != NO_FEATURES else geo.board.closed_paths)
    _clearings(pen, geo, suits)
    _landmarks(pen, geo, ferry, tower)
    _map_names(pen, geo)
    board = geo.board
    featured = board.lake_outline or board.closed_paths or board.landmarks
    return _quantise(big, _EXACT + _FEATURE_COLOURS if featured else _EXACT, scale)
