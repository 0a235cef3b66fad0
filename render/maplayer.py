"""The static map layer: background, forests, rivers, paths, bridges, clearings and slots, drawn once.

It is drawn at twice the size in RGB and scaled down once, so that its curves and numbers are
smooth, then turned into a palette image: pieces and the panel are drawn on a copy of it, and
palette images encode about five times faster than RGB ones (see docs/rendering.md).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render.geometry import FOREST_LABEL, NUMBER_FONT, PILL_HEIGHT, RADIUS, Layout, layout
from render.shapes import draw_suit_glyph
from render.text import font, width
from rules.actions import place_token

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


def _links(pen: _Pen, geo: Layout) -> None:
    board = geo.board
    for a, b in sorted(board.rivers):
        pen.line(geo.centre(a), geo.centre(b), P.RIVER, 16)
    for a, b in sorted(board.paths):
        pen.line(geo.centre(a), geo.centre(b), P.PATH_EDGE, 22)
        pen.line(geo.centre(a), geo.centre(b), P.PATH, 13)
    for a, b in sorted(board.bridges):
        _bridge(pen, geo.centre(a), geo.centre(b))


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


def _map_names(pen: _Pen, geo: Layout) -> None:
    name_font = font(22 * SCALE, bold=True)
    for map_id, box in zip(geo.board.maps, geo.map_boxes, strict=True):
        name = map_id.capitalize()
        if map_id == "winter":
            name += " (suits dealt at setup)"
        pen.draw.text(((box[0] + 24) * SCALE, (box[3] - 20) * SCALE), name, font=name_font, fill=P.MUTED, anchor="ls")


def _quantise(image: Image.Image, scale: float) -> Image.Image:
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
        near = min(_EXACT, key=lambda e: sum(abs(p - q) for p, q in zip(e, entry, strict=True)))
        close = max(abs(p - q) for p, q in zip(near, entry, strict=True)) <= 10
        snapped.extend(near if close else entry)
    quantised.putpalette(snapped)
    return quantised


@lru_cache(maxsize=32)
def map_layer(board_id: str, suits: tuple[str | None, ...], scale: float = 1.0) -> Image.Image:
    """The static layer of a board's maps with these clearing suits, at `scale` of the design size (shared: never
    draw on it)."""
    geo = layout(board_id)
    big = Image.new("RGB", (geo.map_width * SCALE, geo.map_height * SCALE), P.PANEL_BG)
    pen = _Pen(big)
    _background(pen, geo)
    _forests(pen, geo)
    _links(pen, geo)
    _clearings(pen, geo, suits)
    _map_names(pen, geo)
    return _quantise(big, scale)
