"""Item tiles: a pale rounded square with the item's own pictogram (contraband on the map, in 3x3)."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render import palette as P

Point = tuple[float, float]
Glyph = Callable[[ImageDraw.ImageDraw, float, float, float, P.RGB], None]


def _pts(points: list[Point], cx: float, cy: float, r: float) -> list[Point]:
    return [(cx + x * r, cy + y * r) for x, y in points]


def _line(draw: ImageDraw.ImageDraw, points: list[Point], cx: float, cy: float, r: float, ink: P.RGB, w: float) -> None:
    draw.line(_pts(points, cx, cy, r), fill=ink, width=max(1, round(r * w)))


def _boots(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    draw.polygon(_pts([(-0.5, -0.8), (0.05, -0.8), (0.05, 0.2), (0.8, 0.35), (0.8, 0.8), (-0.5, 0.8)], cx, cy, r), ink)


def _sword(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    draw.polygon(_pts([(0.0, -0.95), (0.16, -0.7), (0.16, 0.3), (-0.16, 0.3), (-0.16, -0.7)], cx, cy, r), ink)
    _line(draw, [(-0.5, 0.36), (0.5, 0.36)], cx, cy, r, ink, 0.2)
    _line(draw, [(0.0, 0.4), (0.0, 0.9)], cx, cy, r, ink, 0.2)


def _sack(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    draw.ellipse((cx - 0.75 * r, cy - 0.3 * r, cx + 0.75 * r, cy + 0.9 * r), fill=ink)
    draw.polygon(_pts([(-0.25, -0.35), (0.25, -0.35), (0.5, -0.85), (-0.5, -0.85)], cx, cy, r), ink)


def _hammer(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    draw.polygon(_pts([(-0.75, -0.85), (0.75, -0.85), (0.75, -0.35), (-0.75, -0.35)], cx, cy, r), ink)
    _line(draw, [(0.0, -0.4), (0.0, 0.92)], cx, cy, r, ink, 0.3)


def _tea(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    draw.polygon(_pts([(-0.7, -0.3), (0.4, -0.3), (0.3, 0.7), (-0.6, 0.7)], cx, cy, r), ink)
    handle = (cx + 0.15 * r, cy - 0.2 * r, cx + 0.85 * r, cy + 0.45 * r)
    draw.arc(handle, -90, 90, fill=ink, width=max(1, round(r * 0.18)))
    for x in (-0.4, -0.1):
        _line(draw, [(x, -0.5), (x + 0.12, -0.7), (x, -0.92)], cx, cy, r, ink, 0.1)


def _coins(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    for dy in (0.45, 0.0, -0.45):
        draw.ellipse((cx - 0.75 * r, cy + (dy - 0.28) * r, cx + 0.75 * r, cy + (dy + 0.28) * r), fill=ink)
        draw.arc((cx - 0.75 * r, cy + (dy - 0.28) * r, cx + 0.75 * r, cy + (dy + 0.28) * r), 180, 360, fill=P.ITEM)


def _crossbow(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    w = max(1, round(r * 0.18))
    draw.arc((cx - 0.85 * r, cy - 0.75 * r, cx + 0.85 * r, cy + 0.35 * r), 180, 360, fill=ink, width=w)
    _line(draw, [(-0.85, -0.2), (0.85, -0.2)], cx, cy, r, ink, 0.08)
    _line(draw, [(0.0, -0.95), (0.0, 0.95)], cx, cy, r, ink, 0.22)


def _torch(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: P.RGB) -> None:
    flame = [(0.0, -0.95), (0.35, -0.45), (0.3, -0.15), (-0.3, -0.15), (-0.35, -0.45)]
    draw.polygon(_pts(flame, cx, cy, r), ink)
    draw.polygon(_pts([(-0.25, -0.05), (0.25, -0.05), (0.12, 0.95), (-0.12, 0.95)], cx, cy, r), ink)


GLYPHS: dict[str, Glyph] = {
    "boots": _boots,
    "sword": _sword,
    "sack": _sack,
    "hammer": _hammer,
    "tea": _tea,
    "coins": _coins,
    "crossbow": _crossbow,
    "torch": _torch,
}


def draw_item(draw: ImageDraw.ImageDraw, item: str, cx: float, cy: float, size: float, line: int = 3) -> None:
    """An item tile about size pixels across: pale, black-rimmed, with the item's pictogram (a dot if unknown)."""
    h = size / 2
    radius = max(2, round(size * 0.22))
    draw.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius, fill=P.ITEM, outline=P.INK, width=line)
    glyph = GLYPHS.get(item)
    inner = h - line - max(1.0, size * 0.08)
    if glyph is None:
        d = inner * 0.4
        draw.ellipse((cx - d, cy - d, cx + d, cy + d), fill=P.ITEM_INK)
        return
    glyph(draw, cx, cy, inner, P.ITEM_INK)


def item_reach(size: float) -> int:
    """How far an item tile reaches from its centre, rim included."""
    return math.ceil(size / 2) + 1
