"""The board image: a copy of the cached map layer, the last move, the pieces, and the side panel."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import palette as P
from render.geometry import RADIUS, Layout, Point, layout
from render.legend import Legend, legend
from render.maplayer import map_layer
from render.marks import draw_marks, drawn_kinds
from render.panel import PAD, Row, block_height, draw_block, header_rows, seat_rows
from render.pieces import draw_placed, draw_ruin, place_all
from render.text import draw_text, font

MAX_SEATS_ONE_COLUMN = 4
COLUMN_TITLE = 46  # "Team A · 31 VP" over a team's column
LINK_WIDTH = 10  # a faction's thread between clearings (inside a dark outline)


def columns_for(view: dict[str, Any]) -> int:
    """Panel columns: one for up to four seats, two (a column per team when there are teams) beyond."""
    return 1 if len(view.get("seats") or []) <= MAX_SEATS_ONE_COLUMN else 2


def suits_of(view: dict[str, Any], geo: Layout) -> tuple[str | None, ...]:
    """The suit of every clearing in id order, as dealt in this game."""
    by_id = {c.get("id"): c.get("suit") for c in view.get("clearings") or []}
    return tuple(by_id.get(cid) for cid in geo.board.ids())


def panel_columns(
    view: dict[str, Any], seats: list[dict[str, Any]], columns: int
) -> list[tuple[str, list[dict[str, Any]]]]:
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


def _canvas(base: Image.Image, height: int) -> Image.Image:
    """A copy of the cached layer, made taller (with panel background) when the panel needs it."""
    if height <= base.height:
        return base.copy()
    image = Image.new("P", (base.width, height), 0)
    image.putpalette(base.getpalette() or [])
    image.paste(base, (0, 0))
    ImageDraw.Draw(image).rectangle((0, base.height, base.width, height), fill=P.PANEL_BG)
    return image


def compose(view: dict[str, Any], last: Sequence[Any] = ()) -> Image.Image:
    """The whole board image for a view, with the marks of the last action."""
    columns = columns_for(view)
    geo = layout(str(view["board"]), columns)
    key = legend(view)
    column_width = (geo.panel_width - (columns + 1) * PAD) // columns
    seats = [s for s in view.get("seats") or [] if isinstance(s, dict)]
    split = panel_columns(view, seats, columns)
    header = header_rows(view, key, geo.panel_width - 2 * PAD, not any(t for t, _ in split), drawn_kinds(geo, last))
    blocks = [[seat_rows(view, s, key, column_width - 36) for s in col] for _, col in split]
    top = PAD + sum(r.height for r in header) + PAD + (COLUMN_TITLE if any(t for t, _ in split) else 0)
    needed = top + max((sum(block_height(b) for b in col) for col in blocks), default=0)
    image = _canvas(map_layer(geo.board.id, suits_of(view, geo), columns), needed)
    draw = ImageDraw.Draw(image)
    _draw_links(draw, seats, geo)
    draw_marks(draw, geo, last)
    _draw_pieces(draw, view, geo, key)
    _draw_panel(draw, view, geo, key, header, split, blocks)
    return image


def _draw_links(draw: ImageDraw.ImageDraw, seats: list[dict[str, Any]], geo: Layout) -> None:
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


def _draw_pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any], geo: Layout, key: Legend) -> None:
    placed, ruins = place_all(view, geo, key)
    for ruin in ruins:
        draw_ruin(draw, ruin)
    for group in placed:
        draw_placed(draw, group, key)


def _draw_panel(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    geo: Layout,
    key: Legend,
    header: list[Row],
    columns: list[tuple[str, list[dict[str, Any]]]],
    blocks: list[list[list[Row]]],
) -> None:
    x, y = geo.panel_x + PAD, PAD
    for row in header:
        row.paint(draw, x, y, geo.panel_width - 2 * PAD)
        y += row.height
    top = y + PAD
    column_width = (geo.panel_width - (len(columns) + 1) * PAD) // len(columns)
    for c, ((title, seats), rows) in enumerate(zip(columns, blocks, strict=True)):
        left = geo.panel_x + PAD + c * (column_width + PAD)
        y = top
        if title:
            draw.rectangle((left, y, left + column_width, y + COLUMN_TITLE - 8), fill=P.INK)
            draw_text(draw, (left + 12, y + (COLUMN_TITLE - 8) // 2), title, font(24, True), P.WHITE, "lm")
            y += COLUMN_TITLE
        for seat, seat_block in zip(seats, rows, strict=True):
            deciding = view.get("to_act") == seat.get("seat") and not view.get("over")
            colour = key.colour(str(seat.get("faction")))
            y += draw_block(draw, seat_block, colour, (left, y, column_width), deciding)
