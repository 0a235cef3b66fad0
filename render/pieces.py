"""Pieces on the map: buildings in slots, then one row per faction of warriors, tokens and pawns.

Up to SHOWN pieces of a kind are drawn one by one; more are drawn once with a count ("×7"),
so a crowded clearing stays readable at phone preview size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from render import palette as P
from render.geometry import RADIUS, ROW, Layout
from render.legend import CATEGORY_ORDER, Legend, Look
from render.shapes import draw_shape
from render.text import draw_text, font, width

SHOWN = 3  # at most this many shapes of one kind; beyond it, one shape and a count
STEP = 0.72  # overlap of repeated shapes, as a fraction of their size
ROW_WIDTH = 2 * RADIUS + 40  # rows may reach a little past the rim
CHIP_GAP = 6
FACTION_GAP = 16  # wider gap between two factions sharing a row
COUNT_FONT = 30


@dataclass(frozen=True, slots=True)
class Placed:
    """One drawn group of pieces of a kind: where, whose, how many, and at which pixels."""

    where: int | str
    look: Look
    controller: str
    count: int
    x: int
    y: int
    shapes: int

    def centres(self) -> list[tuple[int, int]]:
        """Pixel centres of each drawn shape of this group."""
        step = round(self.look.size * STEP)
        return [(self.x + i * step, self.y) for i in range(self.shapes)]


@dataclass(frozen=True, slots=True)
class Ruin:
    """A ruin sitting in a building slot."""

    where: int
    box: tuple[int, int, int, int]


def _parse(key: str) -> tuple[str, str, str] | None:
    parts = key.split(":")
    if len(parts) < 2 or not parts[0] or not parts[1]:
        return None
    return parts[0], parts[1], parts[2] if len(parts) > 2 and parts[2] else parts[0]


def _entries(pieces: dict[str, Any], legend: Legend) -> list[tuple[Look, str, int]]:
    """(look, controller, count) of every piece in a place, in a stable drawing order."""
    out: list[tuple[Look, str, int]] = []
    for key, count in pieces.items():
        parsed = _parse(key)
        if parsed is None or not isinstance(count, int) or isinstance(count, bool) or count <= 0:
            continue
        owner, kind, controller = parsed
        out.append((legend.look(owner, kind), controller, count))

    def order(entry: tuple[Look, str, int]) -> tuple[int, str, int, int, str, str]:
        look, controller, _ = entry
        category = CATEGORY_ORDER.index(look.category) if look.category in CATEGORY_ORDER else len(CATEGORY_ORDER)
        return (legend.rank(look.owner), look.owner, category, look.order, look.kind, controller)

    return sorted(out, key=order)


def _chip_width(look: Look, count: int) -> int:
    if count <= SHOWN:
        return look.size + round((count - 1) * look.size * STEP)
    return look.size + 4 + width(f"×{count}", font(COUNT_FONT, bold=True))


Chip = tuple[Look, str, int, int]  # look, controller, count, width


def _rows(entries: list[tuple[Look, str, int]]) -> list[list[Chip]]:
    """Chips packed into rows: a faction's chips stay together, and share a row with others when they fit."""
    groups: list[list[Chip]] = []
    for look, controller, count in entries:
        if not groups or groups[-1][0][0].owner != look.owner:
            groups.append([])
        groups[-1].append((look, controller, count, _chip_width(look, count)))
    rows: list[list[Chip]] = []
    used = ROW_WIDTH
    for group in groups:
        need = sum(c[3] for c in group) + CHIP_GAP * (len(group) - 1)
        if rows and used + FACTION_GAP + need <= ROW_WIDTH:
            rows[-1] += group
            used += FACTION_GAP + need
            continue
        rows.append([])
        used = -CHIP_GAP
        for chip in group:
            if rows[-1] and used + CHIP_GAP + chip[3] > ROW_WIDTH:
                rows.append([])
                used = -CHIP_GAP
            rows[-1].append(chip)
            used += CHIP_GAP + chip[3]
    return rows


def _gap(left: Chip, right: Chip) -> int:
    return CHIP_GAP if left[0].owner == right[0].owner else FACTION_GAP


def _place_rows(where: int | str, rows: list[list[Chip]], cx: int, top: int) -> list[Placed]:
    placed: list[Placed] = []
    for r, row in enumerate(rows):
        gaps = [_gap(a, b) for a, b in zip(row, row[1:], strict=False)]
        x = cx - (sum(c[3] for c in row) + sum(gaps)) // 2
        y = top + r * ROW
        for i, (look, controller, count, w) in enumerate(row):
            shapes = count if count <= SHOWN else 1
            placed.append(Placed(where, look, controller, count, x + look.size // 2, y, shapes))
            x += w + (gaps[i] if i < len(gaps) else 0)
    return placed


def place_clearing(view_clearing: dict[str, Any], geo: Layout, legend: Legend) -> tuple[list[Placed], list[Ruin]]:
    """Where every piece of one clearing goes: buildings and a ruin in slots, the rest in faction rows."""
    cid = view_clearing["id"]
    cx, cy = geo.centre(cid)
    slots = geo.slot_boxes(cid, geo.board.clearing(cid).slots)
    entries = _entries(view_clearing.get("pieces") or {}, legend)
    free = list(slots)
    ruins: list[Ruin] = []
    if view_clearing.get("ruin") and free:
        ruins.append(Ruin(cid, free.pop()))
    placed: list[Placed] = []
    rest: list[tuple[Look, str, int]] = []
    for look, controller, count in entries:
        if look.category != "building":
            rest.append((look, controller, count))
            continue
        fitting = min(count, len(free))
        for _ in range(fitting):
            x0, y0, x1, y1 = free.pop(0)
            placed.append(Placed(cid, look, controller, 1, (x0 + x1) // 2, (y0 + y1) // 2, 1))
        if count > fitting:
            rest.append((look, controller, count - fitting))
    first_row = cy + 18 if slots else cy
    return placed + _place_rows(cid, _rows(rest), cx, first_row), ruins


def place_forest(fid: str, pieces: dict[str, Any], geo: Layout, legend: Legend) -> list[Placed]:
    """Where the pieces in a forest go, centred on the forest."""
    spot = geo.forest_centres.get(fid)
    if spot is None:
        return []
    rows = _rows(_entries(pieces, legend))
    return _place_rows(fid, rows, spot[0], spot[1] - (len(rows) - 1) * ROW // 2)


def place_all(view: dict[str, Any], geo: Layout, legend: Legend) -> tuple[list[Placed], list[Ruin]]:
    """Every piece group on the map (clearings, then forests) and every ruin."""
    placed: list[Placed] = []
    ruins: list[Ruin] = []
    for clearing in view.get("clearings") or []:
        if clearing.get("id") in geo.centres:
            more, ruin = place_clearing(clearing, geo, legend)
            placed += more
            ruins += ruin
    for fid, pieces in sorted((view.get("forests") or {}).items()):
        placed += place_forest(str(fid), pieces or {}, geo, legend)
    return placed, ruins


def draw_piece(
    draw: ImageDraw.ImageDraw, look: Look, x: float, y: float, size: float, ring: P.RGB | None = None
) -> None:
    """One piece: its shape in its faction's colour, its label, and a ring in its controller's colour."""
    if ring is not None:
        r = size / 2 + 6
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ring, outline=P.INK, width=2)
    line = 4 if look.category == "pawn" else 3
    draw_shape(draw, look.shape, x, y, size, look.colour, P.INK, line)
    if look.label:
        face = font(max(10, round(size * (0.52 if len(look.label) == 1 else 0.42))), bold=True)
        draw_text(draw, (x, y), look.label, face, P.text_on(look.colour), anchor="mm")


def draw_placed(draw: ImageDraw.ImageDraw, group: Placed, legend: Legend) -> None:
    """Draw one placed group: its shapes, and its count when the shapes would crowd."""
    ring = legend.colour(group.controller) if group.controller != group.look.owner else None
    for x, y in group.centres():
        draw_piece(draw, group.look, x, y, group.look.size, ring)
    if group.count > SHOWN:
        text_x = group.x + group.look.size // 2 + 4
        draw_text(draw, (text_x, group.y), f"×{group.count}", font(COUNT_FONT, bold=True), P.INK, "lm", stroke=3)


def draw_ruin(draw: ImageDraw.ImageDraw, ruin: Ruin) -> None:
    """A ruin: a grey block with a crack, unlike any faction's building."""
    x0, y0, x1, y1 = ruin.box
    draw.rectangle(ruin.box, fill=P.RUIN, outline=P.RUIN_EDGE, width=3)
    mx, h = (x0 + x1) // 2, y1 - y0
    crack = [(mx - 6, y0 + 3), (mx + 5, y0 + h * 0.35), (mx - 5, y0 + h * 0.65), (mx + 4, y1 - 3)]
    draw.line(crack, fill=P.RUIN_EDGE, width=3)
