"""Colours: the Okabe–Ito faction palette, suit colours, and a deuteranopia check.

Faction colours come from the view (each faction declares its own); the renderer only
needs them to be tellable apart, which tests check with a simulated deuteranopia.
"""

from __future__ import annotations

from functools import cache

RGB = tuple[int, int, int]

# Okabe & Ito (2008), "Color Universal Design": the eight colours factions pick from.
OKABE_ITO: dict[str, RGB] = {
    "orange": (0xE6, 0x9F, 0x00),
    "sky blue": (0x56, 0xB4, 0xE9),
    "bluish green": (0x00, 0x9E, 0x73),
    "yellow": (0xF0, 0xE4, 0x42),
    "blue": (0x00, 0x72, 0xB2),
    "vermillion": (0xD5, 0x5E, 0x00),
    "reddish purple": (0xCC, 0x79, 0xA7),
    "black": (0x00, 0x00, 0x00),
}

# Clearing suits: the printed hues of the game (fox red, mouse orange, rabbit yellow) made pale,
# far apart in lightness so that they differ without hue too, and light enough for black text.
SUIT_COLOURS: dict[str, RGB] = {
    "fox": (0xF2, 0x8E, 0x7E),
    "mouse": (0xF2, 0xBE, 0x6A),
    "rabbit": (0xFA, 0xF0, 0xA5),
    "bird": (0x8E, 0xC3, 0xEB),
    "any": (0xD9, 0xD9, 0xD9),
}
UNKNOWN_SUIT: RGB = (0xD9, 0xD9, 0xD9)

INK: RGB = (0x1A, 0x1A, 0x1A)
WHITE: RGB = (0xFF, 0xFF, 0xFF)
MAP_BG: RGB = (0xE9, 0xE4, 0xCF)
MAP_EDGE: RGB = (0x5E, 0x55, 0x3C)
GAP_BG: RGB = (0x4A, 0x6B, 0x8A)
FOREST: RGB = (0x8F, 0xB3, 0x7D)
FOREST_EDGE: RGB = (0x6E, 0x93, 0x5E)
FOREST_LABEL: RGB = (0x2E, 0x4A, 0x26)  # the tag with a forest's name, white on dark green
PATH: RGB = (0xA8, 0x90, 0x6A)
PATH_EDGE: RGB = (0x6B, 0x57, 0x3A)
RIVER: RGB = (0x3F, 0x8F, 0xD0)
LAKE: RGB = (0x7F, 0xB8, 0xE3)  # the Lake map's lake, a paler blue than the rivers, rimmed in them
CLOSED: RGB = (0x4E, 0x34, 0x2E)  # a closed path (Mountain map): dark rock, barred with white
FERRY: RGB = (0x9C, 0x5B, 0x2A)  # the Ferry's hull
TOWER: RGB = (0xB8, 0xB2, 0xA6)  # the Tower's stone
BRIDGE: RGB = (0x8A, 0x5A, 0x2B)
BRIDGE_EDGE: RGB = (0x3B, 0x25, 0x10)
SLOT: RGB = (0xFF, 0xFF, 0xFF)
SLOT_EDGE: RGB = (0x80, 0x80, 0x80)
ITEM: RGB = (0xFF, 0xF6, 0xE0)  # an item tile (contraband on the map): pale cream, black rim, brown pictogram
ITEM_INK: RGB = (0x4A, 0x2F, 0x12)
RUIN: RGB = (0x8C, 0x8C, 0x8C)
RUIN_EDGE: RGB = (0x3A, 0x3A, 0x3A)
PANEL_BG: RGB = (0xF7, 0xF5, 0xEF)
PANEL_RULE: RGB = (0xC8, 0xC2, 0xB0)
MUTED: RGB = (0x55, 0x55, 0x55)
# The last move: a magenta no faction uses, always with a black outline so shape carries it too.
HIGHLIGHT: RGB = (0xFF, 0x1F, 0xB4)
NOW_BG: RGB = (0xFF, 0xE0, 0xF3)
FALLBACK_FACTION: RGB = (0x99, 0x99, 0x99)


def hex_rgb(text: str | None, default: RGB = FALLBACK_FACTION) -> RGB:
    """An '#RRGGBB' (or 'RRGGBB', '#RGB') string as an RGB tuple; the default when malformed."""
    if not isinstance(text, str):
        return default
    h = text.strip().lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    try:
        value = int(h, 16)
    except ValueError:
        return default
    if len(h) != 6:
        return default
    return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)


def suit_colour(suit: str | None) -> RGB:
    """The fill of a clearing or card of this suit."""
    return SUIT_COLOURS.get(suit or "", UNKNOWN_SUIT)


def _linear(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


@cache
def luminance(rgb: RGB) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def text_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on the background."""
    return INK if contrast(background, INK) >= contrast(background, WHITE) else WHITE


# Pieces must stand out from what they stand on: WCAG 2.1's 3:1 for graphical objects. When a faction's colour
# is too close to a clearing's, the piece gets a heavy outline that contrasts with both; at 6 px it still
# shows as a line when Discord's phone preview shows the whole board about 500 px wide.
MIN_PIECE_CONTRAST = 3.0
OUTLINE = 3
HEAVY_OUTLINE = 6


@cache
def piece_outline(fill: RGB, ground: RGB) -> tuple[RGB, int]:
    """The outline colour and width of a piece of this colour on this ground, so that it reads on it."""
    if contrast(fill, ground) >= MIN_PIECE_CONTRAST:
        return INK, OUTLINE
    ink = min(contrast(INK, fill), contrast(INK, ground))
    white = min(contrast(WHITE, fill), contrast(WHITE, ground))
    return (INK if ink >= white else WHITE), HEAVY_OUTLINE


@cache
def rimmed_outline(fill: RGB, ground: RGB, rim: RGB | None) -> tuple[RGB, int]:
    """The outline of a piece drawn in a tone of its faction's colour: that colour where it reads against both the
    piece and the ground (a pale gear rimmed in the Tinker's rust), else the usual black or white; heavy, as the
    usual one, where the piece alone would not read on the ground."""
    if rim is not None and min(contrast(rim, fill), contrast(rim, ground)) >= MIN_PIECE_CONTRAST:
        return rim, OUTLINE if contrast(fill, ground) >= MIN_PIECE_CONTRAST else HEAVY_OUTLINE
    return piece_outline(fill, ground)


def darker(rgb: RGB, factor: float = 0.6) -> RGB:
    """The same hue, darker (for outlines of a faction's pieces)."""
    r, g, b = rgb
    return (int(r * factor), int(g * factor), int(b * factor))


Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
# Machado, Oliveira & Fernandes (2009), the three dichromacies at severity 1.0, applied to linear RGB.
_DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
_PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
_TRITANOPIA: Matrix = (
    (1.255528, -0.076749, -0.178779),
    (-0.078411, 0.930809, 0.147602),
    (0.004733, 0.691367, 0.303900),
)
VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "deuteranopia": _DEUTERANOPIA,
    "protanopia": _PROTANOPIA,
    "tritanopia": _TRITANOPIA,
}


@cache
def simulate(rgb: RGB, vision: str) -> RGB:
    """How a colour looks with one of VISIONS (Machado 2009 severity 1.0 for the dichromacies)."""
    matrix = VISIONS[vision]
    if matrix is None:
        return rgb
    lin = [_linear(c) for c in rgb]
    out = [sum(m * v for m, v in zip(row, lin, strict=True)) for row in matrix]
    return (_encode(out[0]), _encode(out[1]), _encode(out[2]))


def simulate_deuteranopia(rgb: RGB) -> RGB:
    """How a colour looks to a deuteranope (Machado 2009 severity 1.0)."""
    return simulate(rgb, "deuteranopia")


def seen_apart(a: RGB, b: RGB) -> float:
    """The smallest ΔE between two colours over normal vision and the three simulated dichromacies."""
    return min(delta_e(simulate(a, v), simulate(b, v)) for v in VISIONS)


@cache
def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) coordinates of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; over 20 is plainly different)."""
    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def min_distance(colours: list[RGB], simulate: bool = False) -> float:
    """The smallest pairwise ΔE among colours, optionally as a deuteranope sees them."""
    seen = [simulate_deuteranopia(c) if simulate else c for c in colours]
    return min(
        (delta_e(seen[i], seen[j]) for i in range(len(seen)) for j in range(i + 1, len(seen))),
        default=float("inf"),
    )
