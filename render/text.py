"""Fonts (DejaVu, shipped in assets/fonts) loaded once, and text drawn from cached stamps.

On a palette image Pillow draws text without antialiasing anyway, so each distinct string is
rendered once into a 1-bit stamp and pasted after that: labels, counts and most panel lines
repeat from one move to the next, and rendering glyphs is most of the cost of a board.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.palette import RGB, WHITE
from render.scale import Scaled
from rules.assets import assets_dir

Font = ImageFont.FreeTypeFont
STAMP_MARGIN = 3


@cache
def font(size: int, bold: bool = False) -> Font:
    """DejaVu Sans at a pixel size; the basic layout engine is enough for our Latin text and faster."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(assets_dir() / "fonts" / name), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8192)
def width(text: str, face: Font) -> int:
    """Advance width of a line of text in pixels."""
    return round(face.getlength(text))


def fit(text: str, face: Font, limit: int) -> str:
    """The text, cut with an ellipsis if it is wider than the limit."""
    if width(text, face) <= limit:
        return text
    while text and width(text + "…", face) > limit:
        text = text[:-1]
    return text + "…"


def wrap(text: str, face: Font, limit: int, max_lines: int = 99) -> list[str]:
    """Split text into lines no wider than the limit, breaking at spaces (long words are cut)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if width(candidate, face) <= limit:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = fit(word, face, limit)
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + " …", face, limit)
    return lines


def plural(count: int, noun: str, many: str = "") -> str:
    """A count with its noun: "1 hit", "2 hits" (many is the plural when adding an s will not do)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


@lru_cache(maxsize=256)
def scaled(face: Font, scale: float) -> Font:
    """The same font at `scale` times its size."""
    return ImageFont.truetype(face.path, max(1, round(face.size * scale)), layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def _stamp(text: str, face: Font, anchor: str, stroke: int) -> tuple[Image.Image, int, int]:
    """A 1-bit mask of a string and its offset from the anchor point."""
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor=anchor, stroke_width=stroke))
    left, top = left - STAMP_MARGIN, top - STAMP_MARGIN  # a margin: glyph edges can overhang the box
    mask = Image.new("1", (right - left + STAMP_MARGIN, bottom - top + STAMP_MARGIN), 0)
    pen = ImageDraw.Draw(mask)
    pen.text((-left, -top), text, font=face, fill=1, anchor=anchor, stroke_width=stroke, stroke_fill=1)
    return mask, left, top


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB,
    anchor: str = "la",
    stroke: int = 0,
    stroke_fill: RGB = WHITE,
) -> None:
    """Draw one line of text (anchor as in Pillow), with an optional outline, from cached stamps (on a Scaled draw,
    at its scale: the font's size, the position and the outline all scaled)."""
    if not text:
        return
    scale = draw.scale if isinstance(draw, Scaled) else 1.0
    if scale != 1.0:
        face, stroke = scaled(face, scale), max(1, round(stroke * scale)) if stroke else 0
    x, y = round(xy[0] * scale), round(xy[1] * scale)
    if stroke:
        mask, left, top = _stamp(text, face, anchor, stroke)
        draw.bitmap((x + left, y + top), mask, fill=stroke_fill)
    mask, left, top = _stamp(text, face, anchor, 0)
    draw.bitmap((x + left, y + top), mask, fill=fill)
