"""The last action, highlighted: an arrow for a move, a burst for a battle, a halo for a place or remove,
a warning badge for an ambush.

Every mark is drawn in a magenta no faction uses, inside a black outline, so its shape carries it
even where the colour does not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from render import palette as P
from render.geometry import Layout, Point
from render.shapes import outlined_polygon
from rules.state import Mark

KNOWN = ("move", "battle", "place", "remove", "ambush")
# What each mark means, in the words of the panel's key (in the order the key lists them).
MEANINGS = {
    "move": "moved",
    "place": "placed",
    "remove": "removed",
    "battle": "battle",
    "ambush": "ambush",
}
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


def _ring(draw: ImageDraw.ImageDraw, centre: Point, r: int, dashed: bool, width: int = 14) -> None:
    """A magenta ring inside a black one, open at the top; dashed for a removal."""
    x, y = centre
    core = width * 3 // 7
    outer = r + width // 2
    inner = outer - (width - core) // 2
    # Pillow's angles run clockwise from 3 o'clock; the top (270) is left open for the clearing's label.
    dash, period = (18, 25) if width >= 14 else (40, 60)
    dashes = [(a, a + dash) for a in range(-60, 240, period)] if dashed else [(-60, 240)]
    for start, end in dashes:
        draw.arc((x - outer, y - outer, x + outer, y + outer), start, end, fill=P.INK, width=width)
        draw.arc((x - inner, y - inner, x + inner, y + inner), start + 1, end - 1, fill=P.HIGHLIGHT, width=core)


def burst_centre(spot: tuple[Point, int]) -> Point:
    """Where the battle burst of a place is drawn."""
    (x, y), radius = spot
    r = halo_radius(radius)
    return x + round(r * math.cos(math.radians(-35))), y + round(r * math.sin(math.radians(-35)))


def _burst(draw: ImageDraw.ImageDraw, x: float, y: float, scale: float = 1.0) -> None:
    points = []
    for i in range(16):
        r = (34 if i % 2 == 0 else 19) * scale
        points.append((x + r * math.cos(math.pi * i / 8), y + r * math.sin(math.pi * i / 8)))
    outlined_polygon(draw, points, P.HIGHLIGHT, P.INK, 3)
    a, w = 11 * scale, max(2, round(5 * scale))
    draw.line([(x - a, y - a), (x + a, y + a)], fill=P.INK, width=w)
    draw.line([(x - a, y + a), (x + a, y - a)], fill=P.INK, width=w)


def ambush_centre(spot: tuple[Point, int]) -> Point:
    """Where the ambush badge of a place is drawn: on its halo, below the battle burst."""
    (x, y), radius = spot
    r = halo_radius(radius)
    return x + round(r * math.cos(math.radians(35))), y + round(r * math.sin(math.radians(35)))


def _ambush(draw: ImageDraw.ImageDraw, x: float, y: float, scale: float = 1.0) -> None:
    """A warning triangle with an exclamation mark: an ambush card was played here."""
    r = 36 * scale
    points = [(x, y - r), (x + r * 0.95, y + r * 0.7), (x - r * 0.95, y + r * 0.7)]
    outlined_polygon(draw, points, P.HIGHLIGHT, P.INK, max(2, round(4 * scale)))
    w = max(2, round(6 * scale))
    draw.line([(x, y - r * 0.45), (x, y + r * 0.2)], fill=P.INK, width=w)
    dot = max(1.5, 3.5 * scale)
    draw.ellipse((x - dot, y + r * 0.38 - dot, x + dot, y + r * 0.38 + dot), fill=P.INK)


def draw_key(draw: ImageDraw.ImageDraw, kind: str, x: int, y: int, size: int) -> None:
    """A small picture of one kind of mark, centred at (x, y), for the panel's key."""
    r = size // 2
    if kind == "move":
        draw.line([(x - r, y), (x + r - 10, y)], fill=P.INK, width=10)
        draw.line([(x - r + 2, y), (x + r - 10, y)], fill=P.HIGHLIGHT, width=5)
        outlined_polygon(draw, [(x + r, y), (x + r - 13, y - 10), (x + r - 13, y + 10)], P.HIGHLIGHT, P.INK, 3)
    elif kind in ("place", "remove"):
        _ring(draw, (x, y), r - 5, dashed=kind == "remove", width=7)
    elif kind == "battle":
        _burst(draw, x, y, size / 70)
    elif kind == "ambush":
        _ambush(draw, x, y, size / 64)


def known_marks(marks: Sequence[Mark]) -> list[Mark]:
    """The marks worth drawing, once each, in order; unknown kinds and malformed marks are dropped."""
    out: list[Mark] = []
    for mark in marks:
        if isinstance(mark, tuple | list) and len(mark) == 3 and mark[0] in KNOWN:
            item = (str(mark[0]), mark[1], mark[2])
            if item not in out:
                out.append(item)
    return out


def _drawable(geo: Layout, marks: Sequence[Mark]) -> list[tuple[str, tuple[Point, int], tuple[Point, int] | None]]:
    """The known marks whose places the board has: kind, place, and the destination of a move."""
    out: list[tuple[str, tuple[Point, int], tuple[Point, int] | None]] = []
    for kind, first, second in known_marks(marks):
        spot = geo.spot(first)
        target = geo.spot(second) if kind == "move" else None
        if spot is not None and (kind != "move" or target is not None):
            out.append((kind, spot, target))
    return out


def drawn_kinds(geo: Layout, marks: Sequence[Mark]) -> list[str]:
    """The kinds of mark draw_marks puts on this board, in the order of the panel's key."""
    kinds = {kind for kind, _, _ in _drawable(geo, marks)}
    return [k for k in MEANINGS if k in kinds]


def draw_marks(draw: ImageDraw.ImageDraw, geo: Layout, marks: Sequence[Mark]) -> None:
    """Draw the marks of the last action on the map; places the board does not have are skipped."""
    for kind, spot, target in _drawable(geo, marks):
        if kind == "move" and target is not None:
            _arrow(draw, spot, target)
        elif kind == "battle":
            _ring(draw, spot[0], halo_radius(spot[1]), dashed=False)
            _burst(draw, *burst_centre(spot))
        elif kind == "ambush":
            _ring(draw, spot[0], halo_radius(spot[1]), dashed=False)
            _ambush(draw, *ambush_centre(spot))
        else:
            _ring(draw, spot[0], halo_radius(spot[1]), dashed=kind == "remove")
