"""The board image: the cached map layer, the last move, the pieces, and the panel (beside one map, below two)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import palette as P
from render.geometry import RADIUS, Layout, Point, layout
from render.legend import Legend, legend
from render.maplayer import NO_FEATURES, Features, label_boxes, map_layer
from render.marks import draw_marks, drawn_kinds
from render.panel import PAD, Row, block_height, draw_block, header_rows, seat_rows
from render.pieces import draw_placed, draw_ruin, place_all
from render.scale import Scaled, scaled_box
from render.text import draw_text, font
from rules.state import Mark
from rules.view_types import SeatView, View

MAX_SEATS_ONE_COLUMN = 4
COLUMN_TITLE = 46  # "Team A · 31 VP" over a team's column
LINK_WIDTH = 10  # a faction's thread between clearings (inside a dark outline)
HEADER_BELOW = 480  # the header's column when the panel runs below the maps


def columns_for(view: View) -> int:
    """Panel columns beside one map: one for up to four seats, two (a column per team when there are teams) beyond."""
    return 1 if len(view.get("seats") or []) <= MAX_SEATS_ONE_COLUMN else 2


def features_of(view: View) -> Features:
    """The map's landmarks as the view shows them (none on a map without them)."""
    marks = view.get("landmarks")
    if not isinstance(marks, dict):
        return NO_FEATURES
    closed = frozenset(
        (min(p), max(p))
        for p in marks.get("closed_paths") or []
        if isinstance(p, list | tuple) and len(p) == 2 and all(isinstance(c, int) for c in p)
    )
    ferry, tower = marks.get("ferry"), marks.get("tower")
    return (ferry if isinstance(ferry, int) else None, tower if isinstance(tower, int) else None, closed)


def suits_of(view: View, geo: Layout) -> tuple[str | None, ...]:
    """The suit of every clearing in id order, as dealt in this game."""
    by_id = {c.get("id"): c.get("suit") for c in view.get("clearings") or []}
    return tuple(by_id.get(cid) for cid in geo.board.ids())


Group = tuple[str, list[SeatView]]  # a title ("Team A · 31 VP", or none) and its seats


def panel_columns(view: View, seats: list[SeatView], columns: int) -> list[Group]:
    """Seats per column with a column title: team A left and team B right when there are two teams."""
    if columns == 1:
        return [("", seats)]
    teams = sorted({str(s["team"]) for s in seats if s.get("team")})
    if len(teams) == 2:
        points = view.get("team_points") or {}
        titles = [f"Team {t}" + (f" · {points[t]} VP" if t in points else "") for t in teams]
        return [(title, [s for s in seats if str(s.get("team")) == t]) for title, t in zip(titles, teams, strict=True)]
    half = (len(seats) + 1) // 2
    return [("", seats[:half]), ("", seats[half:])]


@dataclass(frozen=True, slots=True)
class Block:
    """One thing painted in the panel at (x, y), w wide: the header, a title bar, or a seat's block."""

    x: int
    y: int
    w: int
    rows: list[Row]
    seat: SeatView | None = None
    title: str = ""


@dataclass(frozen=True, slots=True)
class Plan:
    """Where everything in the panel goes, and how tall the whole image must be."""

    blocks: list[Block]
    height: int


def _seat(view: View, key: Legend, x: int, y: int, w: int, seat: SeatView) -> Block:
    """One seat's block at (x, y), w wide."""
    return Block(x, y, w, seat_rows(view, seat, key, w - 36), seat)


def _titled(view: View, key: Legend, x: int, y: int, w: int, group: Group) -> tuple[list[Block], int]:
    """A column of seat blocks under an optional title bar; the blocks and the column's height."""
    title, seats = group
    out = [Block(x, y, w, [], title=title)] if title else []
    top = y + (COLUMN_TITLE if title else 0)
    for seat in seats:
        out.append(_seat(view, key, x, top, w, seat))
        top += block_height(out[-1].rows)
    return out, top - y


def _plan_beside(view: View, geo: Layout, key: Legend, header: list[Row], groups: list[Group]) -> Plan:
    """The panel to the right of one map: the header on top, then a column per group."""
    blocks = [Block(geo.panel_x + PAD, PAD, geo.panel_width - 2 * PAD, header)]
    top = PAD + sum(r.height for r in header) + PAD
    width = (geo.panel_width - (len(groups) + 1) * PAD) // len(groups)
    tallest = 0
    for c, group in enumerate(groups):
        column, height = _titled(view, key, geo.panel_x + PAD + c * (width + PAD), top, width, group)
        blocks += column
        tallest = max(tallest, height)
    return Plan(blocks, max(geo.height, top + tallest))


def _plan_below(view: View, geo: Layout, key: Legend, header: list[Row], groups: list[Group]) -> Plan:
    """The panel under joined maps: the header on the left, then the seats in columns, in one row of groups or a
    row per group, whichever is shorter (the image then keeps closer to the shape of Discord's preview)."""
    left, top = geo.panel_x + PAD + HEADER_BELOW + PAD, geo.panel_y + PAD
    room = geo.panel_x + geo.panel_width - PAD - left
    best: tuple[int, list[Block]] | None = None
    for layers in _arrangements(groups):
        per_row = max(sum(len(seats) for _, seats in row) for row in layers)
        width = (room - (per_row - 1) * PAD) // per_row
        blocks, y = [], top
        for row in layers:
            x, tallest = left, 0
            for title, seats in row:
                span = len(seats) * width + (len(seats) - 1) * PAD
                below = COLUMN_TITLE if title else 0
                if title:
                    blocks.append(Block(x, y, span, [], title=title))
                for i, seat in enumerate(seats):
                    blocks.append(_seat(view, key, x + i * (width + PAD), y + below, width, seat))
                    tallest = max(tallest, below + block_height(blocks[-1].rows))
                x += span + PAD
            y += tallest
        if best is None or y < best[0]:
            best = (y, blocks)
    assert best is not None
    header_block = Block(geo.panel_x + PAD, top, HEADER_BELOW, header)
    bottom = max(best[0], top + sum(r.height for r in header)) + PAD
    return Plan([header_block, *best[1]], bottom)


def _arrangements(groups: list[Group]) -> list[list[list[Group]]]:
    """Ways to lay groups of seats out in rows: all in one row, or a row per group (or two rows of one group)."""
    if len(groups) == 1:
        title, seats = groups[0]
        half = (len(seats) + 1) // 2
        split = [[(title, seats[:half])], [("", seats[half:])]] if len(seats) > 1 else [[groups[0]]]
        return [[groups], split]
    return [[groups], [[g] for g in groups]]


def _canvas(base: Image.Image, geo: Layout, height: int, scale: float) -> Image.Image:
    """The image: the cached map layer pasted on the panel's background, as tall as the panel needs."""
    size = (round(geo.width * scale), round(max(height, geo.height) * scale))
    image = Image.new("P", size, 0)
    image.putpalette(base.getpalette() or [])
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width, image.height), fill=P.PANEL_BG)
    image.paste(base, (0, 0))
    return image


def compose(view: View, last: Sequence[Mark] = (), scale: float = 1.0) -> Image.Image:
    """The whole board image for a view, with the marks of the last action, drawn at `scale` of the design size
    (render.scale.POSTED for the board the bot posts)."""
    columns = columns_for(view)
    geo = layout(str(view["board"]), columns)
    key = legend(view)
    seats = [s for s in view.get("seats") or [] if isinstance(s, dict)]
    groups = panel_columns(view, seats, 2 if geo.below else columns)
    titled = any(t for t, _ in groups)
    width = HEADER_BELOW if geo.below else geo.panel_width - 2 * PAD
    header = header_rows(view, key, width, not titled, drawn_kinds(geo, last))
    plan = (_plan_below if geo.below else _plan_beside)(view, geo, key, header, groups)
    base = map_layer(geo.board.id, suits_of(view, geo), features_of(view), scale)
    image = _canvas(base, geo, plan.height, scale)
    draw = Scaled(image, scale) if scale != 1.0 else ImageDraw.Draw(image)
    _draw_links(draw, seats, geo)
    for box in label_boxes(geo.board.id):  # threads stop at the clearings' labels
        shown = scaled_box(box, scale)
        image.paste(base.crop(shown), shown[:2])
    draw_marks(draw, geo, last)
    _draw_pieces(draw, view, geo, key)
    _draw_panel(draw, view, key, plan)
    return image


def _draw_links(draw: ImageDraw.ImageDraw, seats: list[SeatView], geo: Layout) -> None:
    """Threads a faction declares between clearings (the Spore's network): its colour inside a dark outline."""
    for seat in seats:
        links = seat.get("links")
        colour = seat.get("colour")
        if not isinstance(links, list) or not isinstance(colour, str):
            continue
        for pair in links:
            if not (isinstance(pair, list | tuple) and len(pair) == 2 and all(c in geo.centres for c in pair)):
                continue
            a, b = _between(geo.centre(pair[0]), geo.centre(pair[1]))
            draw.line([a, b], fill=P.INK, width=LINK_WIDTH + 6)
            draw.line([a, b], fill=P.hex_rgb(colour), width=LINK_WIDTH)


def _between(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    """The part of the segment a-b outside the two clearings' circles."""
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * RADIUS, a[1] + uy * RADIUS), (b[0] - ux * RADIUS, b[1] - uy * RADIUS)


def _draw_pieces(draw: ImageDraw.ImageDraw, view: View, geo: Layout, key: Legend) -> None:
    placed, ruins = place_all(view, geo, key)
    for ruin in ruins:
        draw_ruin(draw, ruin)
    for group in placed:
        draw_placed(draw, group, key)


def _draw_panel(draw: ImageDraw.ImageDraw, view: View, key: Legend, plan: Plan) -> None:
    for block in plan.blocks:
        if block.title:
            bar = COLUMN_TITLE - 8
            draw.rectangle((block.x, block.y, block.x + block.w, block.y + bar), fill=P.INK)
            draw_text(draw, (block.x + 12, block.y + bar // 2), block.title, font(24, True), P.WHITE, "lm")
        elif block.seat is None:
            y = block.y
            for row in block.rows:
                row.paint(draw, block.x, y, block.w)
                y += row.height
        else:
            seat = block.seat
            deciding = view.get("to_act") == seat.get("seat") and not view.get("over")
            draw_block(draw, block.rows, key.colour(str(seat.get("faction"))), (block.x, block.y, block.w), deciding)
