"""Our own simple glyphs: piece shapes by name, and one glyph per suit so colour is never the only cue."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render.palette import RGB, text_on

Point = tuple[float, float]


def _regular(sides: int, turn: float) -> Callable[[float, float, float], list[Point]]:
    def points(cx: float, cy: float, r: float) -> list[Point]:
        return [
            (cx + r * math.cos(turn + 2 * math.pi * i / sides), cy + r * math.sin(turn + 2 * math.pi * i / sides))
            for i in range(sides)
        ]

    return points


def _star(tips: int, inner: float) -> Callable[[float, float, float], list[Point]]:
    def points(cx: float, cy: float, r: float) -> list[Point]:
        out: list[Point] = []
        for i in range(tips * 2):
            radius = r if i % 2 == 0 else r * inner
            angle = -math.pi / 2 + math.pi * i / tips
            out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        return out

    return points


def _square(cx: float, cy: float, r: float) -> list[Point]:
    s = r * 0.9
    return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]


def _cross(cx: float, cy: float, r: float) -> list[Point]:
    a, b = r, r * 0.38
    return [
        (cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b), (cx + b, cy + b),
        (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b),
    ]  # fmt: skip


def _shield(cx: float, cy: float, r: float) -> list[Point]:
    return [
        (cx - r * 0.85, cy - r * 0.85),
        (cx + r * 0.85, cy - r * 0.85),
        (cx + r * 0.85, cy),
        (cx, cy + r),
        (cx - r * 0.85, cy),
    ]


def _log(cx: float, cy: float, r: float) -> list[Point]:
    """A log lying down: a bar with rounded ends (its cut end is drawn on top by _log_end)."""
    half, rise = r, r * 0.66
    left = [(cx - half + rise + rise * math.cos(a), cy + rise * math.sin(a)) for a in _arc(90, 270)]
    right = [(cx + half - rise * 0.45 + rise * 0.45 * math.cos(a), cy + rise * math.sin(a)) for a in _arc(-90, 90)]
    return left + right


def _arc(start: float, end: float, steps: int = 8) -> list[float]:
    return [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]


def _polar(cx: float, cy: float, radius: float, angle: float) -> Point:
    return (cx + radius * math.cos(angle), cy + radius * math.sin(angle))


def _gear(cx: float, cy: float, r: float) -> list[Point]:
    """A cog wheel: eight square teeth around a hub, unlike any round or many-sided piece."""
    teeth, root = 8, r * 0.7
    out: list[Point] = []
    for i in range(teeth):
        mid = 2 * math.pi * i / teeth
        half = math.pi / teeth * 0.5  # a tooth takes half its pitch
        out += [_polar(cx, cy, root, mid - half * 1.5), _polar(cx, cy, r, mid - half), _polar(cx, cy, r, mid + half)]
        out.append(_polar(cx, cy, root, mid + half * 1.5))
    return out


def _web(cx: float, cy: float, r: float) -> list[Point]:
    """A web: eight anchor points joined by threads that sag inward."""
    return [_polar(cx, cy, r if i % 2 == 0 else r * 0.8, math.pi * i / 8 - math.pi / 2) for i in range(16)]


def _robot(cx: float, cy: float, r: float) -> list[Point]:
    """A robot's head: a hexagon with an antenna on top (its knob is drawn by _robot_knob)."""
    head = 0.9 * r
    top = cy - head * math.sqrt(3) / 2
    stalk = r * 0.08
    right = [_polar(cx, cy, head, math.radians(a)) for a in (-60, 0, 60, 120, 180, 240)]
    return [(cx + stalk, top), (cx + stalk, cy - r * 0.86), (cx - stalk, cy - r * 0.86), (cx - stalk, top), *right]


def _tower(cx: float, cy: float, r: float) -> list[Point]:
    """A keep: a narrow tower with three merlons on top."""
    w, wall = r * 0.62, cy - r * 0.5
    merlon = [(-0.62, -0.3), (-0.16, 0.16), (0.3, 0.62)]
    top: list[Point] = []
    for left, right in merlon:
        top += [(cx + left * r, wall), (cx + left * r, cy - r), (cx + right * r, cy - r), (cx + right * r, wall)]
    return [(cx - w, cy + r), *top, (cx + w, cy + r)]


def _meeple(cx: float, cy: float, r: float) -> list[Point]:
    """A standing figure with arms out (its head is drawn by _meeple_head)."""
    body = [(-0.2, -0.38), (-0.95, -0.12), (-0.95, 0.16), (-0.42, 0.16), (-0.72, 1.0), (-0.14, 1.0), (0.0, 0.56)]
    body += [(x * -1, y) for x, y in reversed(body[:-1])]
    return _scaled(body, cx, cy, r)


Ink = tuple[RGB, RGB, int]  # a shape's fill, outline and outline width
Detail = Callable[[ImageDraw.ImageDraw, float, float, float, Ink], None]


def _log_end(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """The cut end of a log, with a growth ring, so wood never looks like a building tile."""
    _, outline, line = ink
    rx, ry = r * 0.45 * 0.66, r * 0.66
    ex = cx + r - rx
    draw.ellipse((ex - rx, cy - ry, ex + rx, cy + ry), outline=outline, width=max(2, line - 2))
    draw.ellipse((ex - rx * 0.4, cy - ry * 0.4, ex + rx * 0.4, cy + ry * 0.4), outline=outline, width=2)


def _gear_hub(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """The axle hole of a cog."""
    outline = ink[1]
    h = r * 0.24
    draw.ellipse((cx - h, cy - h, cx + h, cy + h), fill=outline)


def _web_threads(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A web's spokes and two rings of thread across them."""
    thread, w = text_on(ink[0]), max(1, round(r / 10))
    for i in range(0, 16, 2):
        draw.line([(cx, cy), _polar(cx, cy, r, math.pi * i / 8 - math.pi / 2)], fill=thread, width=w)
    for reach in (0.36, 0.66):
        sag = [reach if i % 2 == 0 else reach * 0.85 for i in range(16)]
        ring = [_polar(cx, cy, r * k, math.pi * i / 8 - math.pi / 2) for i, k in enumerate(sag)]
        draw.line([*ring, ring[0]], fill=thread, width=w)


def _robot_knob(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """The knob on a robot's antenna."""
    fill, outline, line = ink
    k, y = r * 0.15, cy - r * 0.85
    draw.ellipse((cx - k, y - k, cx + k, y + k), fill=fill, outline=outline, width=max(2, line // 2))


def _meeple_head(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: Ink) -> None:
    """The round head of a figure."""
    fill, outline, line = ink
    h, y = r * 0.34, cy - r * 0.64
    draw.ellipse((cx - h, y - h, cx + h, y + h), fill=fill, outline=outline, width=line)


# Polygon shapes by name; any other name (and "circle") is drawn as a circle.
SHAPES: dict[str, Callable[[float, float, float], list[Point]]] = {
    "square": _square,
    "diamond": _regular(4, -math.pi / 2),
    "triangle": _regular(3, -math.pi / 2),
    "pentagon": _regular(5, -math.pi / 2),
    "hexagon": _regular(6, 0.0),
    "octagon": _regular(8, math.pi / 8),
    "star": _star(5, 0.48),
    "cross": _cross,
    "plus": _cross,
    "shield": _shield,
    "log": _log,
    "gear": _gear,
    "web": _web,
    "robot": _robot,
    "tower": _tower,
    "meeple": _meeple,
}
# Details drawn over some shapes after their outline.
DETAILS: dict[str, Detail] = {
    "log": _log_end,
    "gear": _gear_hub,
    "web": _web_threads,
    "robot": _robot_knob,
    "meeple": _meeple_head,
}


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, size: float, fill: RGB, outline: RGB, line: int
) -> None:
    """A piece outline of the named shape, centred, about size pixels across; unknown names are circles."""
    r = size / 2
    make = SHAPES.get(shape)
    if make is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=line)
        return
    outlined_polygon(draw, make(cx, cy, r), fill, outline, line)
    detail = DETAILS.get(shape)
    if detail is not None:
        detail(draw, cx, cy, r, (fill, outline, line))


def outlined_polygon(draw: ImageDraw.ImageDraw, points: list[Point], fill: RGB, outline: RGB, line: int) -> None:
    """A filled polygon with a thick outline, drawn as lines: Pillow's own thick outline goes through a
    mask the size of the whole image, which would cost more than everything else on the board."""
    draw.polygon(points, fill=fill)
    draw.line([*points, points[0]], fill=outline, width=line)


def _scaled(points: list[Point], cx: float, cy: float, r: float) -> list[Point]:
    return [(cx + x * r, cy + y * r) for x, y in points]


def _oval(draw: ImageDraw.ImageDraw, cx: float, cy: float, rx: float, ry: float, fill: RGB) -> None:
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=fill)


def _fox(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    head = [(-0.95, -1.0), (-0.42, -0.52), (0.42, -0.52), (0.95, -1.0), (0.98, -0.2), (0.55, 0.35), (0.0, 0.95)]
    head += [(-0.55, 0.35), (-0.98, -0.2)]
    draw.polygon(_scaled(head, cx, cy, r), fill=ink)


def _mouse(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    _oval(draw, cx - 0.52 * r, cy - 0.4 * r, 0.46 * r, 0.46 * r, ink)
    _oval(draw, cx + 0.52 * r, cy - 0.4 * r, 0.46 * r, 0.46 * r, ink)
    _oval(draw, cx, cy + 0.32 * r, 0.5 * r, 0.55 * r, ink)


def _rabbit(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    _oval(draw, cx - 0.3 * r, cy - 0.45 * r, 0.2 * r, 0.55 * r, ink)
    _oval(draw, cx + 0.3 * r, cy - 0.45 * r, 0.2 * r, 0.55 * r, ink)
    _oval(draw, cx, cy + 0.42 * r, 0.52 * r, 0.5 * r, ink)


def _bird(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    wings = [(-1.0, -0.45), (-0.45, -0.55), (0.0, -0.05), (0.45, -0.55), (1.0, -0.45), (0.0, 0.6)]
    draw.polygon(_scaled(wings, cx, cy, r), fill=ink)


def _any(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    draw.polygon(_star(4, 0.38)(cx, cy, r), fill=ink)


SUIT_GLYPHS: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, RGB], None]] = {
    "fox": _fox,
    "mouse": _mouse,
    "rabbit": _rabbit,
    "bird": _bird,
    "any": _any,
}


def draw_suit_glyph(draw: ImageDraw.ImageDraw, suit: str | None, cx: float, cy: float, size: float, ink: RGB) -> None:
    """The suit's own glyph (fox head, mouse ears, rabbit ears, bird wings), size pixels across."""
    glyph = SUIT_GLYPHS.get(suit or "")
    r = size / 2
    if glyph is None:
        draw.ellipse((cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy + r * 0.4), fill=ink)
        return
    glyph(draw, cx, cy, r, ink)
