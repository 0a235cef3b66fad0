"""The last action, highlighted: an arrow for a move, a burst for a battle, a halo for a place or remove.

Every mark is drawn in a magenta no faction uses, inside a black outline, so its shape carries it
even where the colour does not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from render import palette as P
from render.geometry import Layout, Point
from render.shapes import outlined_polygon

KNOWN = ("move", "battle", "place", "remove")
HALO_GAP = 18  # how far outside a clearing its halo runs


def _arrow(draw: ImageDraw.ImageDraw, src: tuple[Point, int], dst: tuple[Point, int]) -> None:
    (a, ra), (b, rb) = src, dst
    length = math.dist(a, b)
    if length <= ra + rb + 40:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] + ux * (ra + 10), a[1] + uy * (ra + 10))
    tip = (b[0] - ux * (rb + 10), b[1] - uy * (rb + 10))
    base = (tip[0] - ux * 34, tip[1] - uy * 34)
    draw.line([start, base], fill=P.INK, width=20)
    draw.line([start, base], fill=P.HIGHLIGHT, width=11)
    wing = 24
    head = [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    outlined_polygon(draw, head, P.HIGHLIGHT, P.INK, 4)
    r = 10
    draw.ellipse((start[0] - r, start[1] - r, start[0] + r, start[1] + r), fill=P.HIGHLIGHT, outline=P.INK, width=3)


def halo_radius(radius: int) -> int:
    """Radius of the middle of the halo drawn around a place of this radius."""
    return radius + HALO_GAP


def _ring(draw: ImageDraw.ImageDraw, spot: tuple[Point, int], dashed: bool) -> None:
    (x, y), radius = spot
    r = halo_radius(radius)
    outer = (x - r - 7, y - r - 7, x + r + 7, y + r + 7)
    inner = (x - r - 3, y - r - 3, x + r + 3, y + r + 3)
    # Pillow's angles run clockwise from 3 o'clock; the top (270) is left open for the clearing's label.
    dashes = [(a, a + 18) for a in range(-60, 240, 25)] if dashed else [(-60, 240)]
    for start, end in dashes:
        draw.arc(outer, start, end, fill=P.INK, width=14)
        draw.arc(inner, start + 1, end - 1, fill=P.HIGHLIGHT, width=6)


def burst_centre(spot: tuple[Point, int]) -> Point:
    """Where the battle burst of a place is drawn."""
    (x, y), radius = spot
    r = halo_radius(radius)
    return x + round(r * math.cos(math.radians(-35))), y + round(r * math.sin(math.radians(-35)))


def _burst(draw: ImageDraw.ImageDraw, spot: tuple[Point, int]) -> None:
    x, y = burst_centre(spot)
    points = []
    for i in range(16):
        r = 34 if i % 2 == 0 else 19
        points.append((x + r * math.cos(math.pi * i / 8), y + r * math.sin(math.pi * i / 8)))
    outlined_polygon(draw, points, P.HIGHLIGHT, P.INK, 3)
    draw.line([(x - 11, y - 11), (x + 11, y + 11)], fill=P.INK, width=5)
    draw.line([(x - 11, y + 11), (x + 11, y - 11)], fill=P.INK, width=5)


def known_marks(marks: Sequence[Any]) -> list[tuple[str, Any, Any]]:
    """The marks worth drawing, once each, in order; unknown kinds and malformed marks are dropped."""
    out: list[tuple[str, Any, Any]] = []
    for mark in marks:
        if isinstance(mark, tuple | list) and len(mark) == 3 and mark[0] in KNOWN:
            item = (str(mark[0]), mark[1], mark[2])
            if item not in out:
                out.append(item)
    return out


def draw_marks(draw: ImageDraw.ImageDraw, geo: Layout, marks: Sequence[Any]) -> None:
    """Draw the marks of the last action on the map; places the board does not have are skipped."""
    for kind, first, second in known_marks(marks):
        spot = geo.spot(first)
        if spot is None:
            continue
        if kind == "move":
            target = geo.spot(second)
            if target is not None:
                _arrow(draw, spot, target)
        elif kind == "battle":
            _ring(draw, spot, dashed=False)
            _burst(draw, spot)
        else:
            _ring(draw, spot, dashed=kind == "remove")
