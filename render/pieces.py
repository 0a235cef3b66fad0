"""Pieces on the map: buildings in slots, then one row per faction of warriors, tokens and pawns.

Up to SHOWN pieces of a kind are drawn one by one; more are drawn once with a count ("×7"),
so a crowded clearing stays readable at phone preview size. Rows must fit inside the clearing's
disc: when they do not, the clearing is drawn again with counts for every kind, then smaller.
A piece's note (a robot's gears) is a badge beside it; an item a warrior carries is a small item
tile on its top left, and an item lying in a clearing is an item tile of its own after the pieces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from PIL import ImageDraw

from render import palette as P
from render.geometry import RADIUS, ROW, Layout
from render.items import draw_item, item_reach
from render.legend import CATEGORY_ORDER, Legend, Look
from render.shapes import draw_shape
from render.text import Font, draw_text, font, width
from rules.view_types import ClearingView, View

SHOWN = 3  # at most this many shapes of one kind; beyond it, one shape and a count
STEP = 0.72  # overlap of repeated shapes, as a fraction of their size
INNER = RADIUS - 6  # pieces and counts stay inside this circle (the rim is 5 px wide)
CHIP_GAP = 6
FACTION_GAP = 16  # wider gap between two factions sharing a row
COUNT_FONT = 30
COUNT_STROKE = 3
RING = 6  # how far a controller's ring reaches past the piece
ITEM = "item"  # the category of an item lying on the map (its Look has no owner)
ITEM_SIZE = 34  # an item tile lying in a clearing
CARRIED = 0.62  # a carried item's tile, as a fraction of its carrier's size
# (scale, shapes drawn one by one) tried in turn until a clearing's rows fit inside its disc.
FITS = ((1.0, SHOWN), (1.0, 1), (0.85, 1), (0.72, 1), (0.6, 1), (0.5, 1), (0.42, 1), (0.36, 1), (0.3, 1))


@dataclass(frozen=True, slots=True)
class Placed:
    """One drawn group of pieces of a kind: where, whose, how many, at which pixels and how big."""

    where: int | str
    look: Look
    controller: str
    count: int
    x: int
    y: int
    shapes: int
    size: int
    ground: P.RGB
    count_size: int = COUNT_FONT
    note: str = ""  # a short mark beside the last shape (a robot's gears)
    items: tuple[str, ...] = ()  # items carried by these pieces

    @property
    def count_stroke(self) -> int:
        """The white outline of the count."""
        return _stroke(self.count_size)

    def centres(self) -> list[tuple[int, int]]:
        """Pixel centres of each drawn shape of this group."""
        step = round(self.size * STEP)
        return [(self.x + i * step, self.y) for i in range(self.shapes)]

    @property
    def ringed(self) -> bool:
        """Whether the pieces wear another faction's ring (they count for that controller)."""
        return self.controller != self.look.owner

    def count_text(self) -> str:
        """The count drawn beside the shape ("×7"), or nothing when every piece is drawn."""
        return _count_label(self.count, self.shapes)

    def extras(self) -> _Extras:
        """What this group carries besides its shapes: a note and items."""
        return _Extras(self.note, len(self.items))

    def bounds(self) -> tuple[int, int, int, int]:
        """The box every pixel of this group falls in: shapes, outlines, rings, note, items and count."""
        left, top, right, bottom = _extent(
            self.size, self.shapes, self.ringed, self.count_text(), self.count_size, self.extras()
        )
        return self.x + left, self.y + top, self.x + right, self.y + bottom

    def note_centre(self) -> tuple[tuple[int, int], int]:
        """Centre and radius of the note's badge: right of the last shape, level with its top."""
        return _note_spot(self.size, self.shapes, self.ringed, self.x, self.y)

    def item_centres(self) -> list[tuple[tuple[int, int], int]]:
        """Centre and size of each carried item's tile, along the top left of the first shape."""
        return _item_spots(self.size, len(self.items), self.x, self.y)


@dataclass(frozen=True, slots=True)
class _Extras:
    """The note and the number of carried items of a group, as far as its extent goes."""

    note: str = ""
    items: int = 0


def _note_radius(size: int) -> int:
    return max(11, round(size * 0.28))


def _note_spot(size: int, shapes: int, ringed: bool, x: int, y: int) -> tuple[tuple[int, int], int]:
    r = _note_radius(size)
    right = x + (shapes - 1) * round(size * STEP) + size // 2 + (RING if ringed else 0)
    return (right + r - 2, y - size // 2 + r), r


def _item_spots(size: int, count: int, x: int, y: int) -> list[tuple[tuple[int, int], int]]:
    tile = max(14, round(size * CARRIED))
    step = round(tile * 0.8)
    left, top = x - size // 2 + tile // 2 - 6, y - size // 2 + tile // 2 - 8
    return [((left + i * step, top), tile) for i in range(count)]


def _count_label(count: int, shapes: int) -> str:
    return f"×{count}" if count > shapes else ""


def _stroke(count_size: int) -> int:
    """The white outline of a count, thinner when the count is drawn smaller."""
    return max(1, round(COUNT_STROKE * count_size / COUNT_FONT))


@lru_cache(maxsize=4096)
def _extent(
    size: int, shapes: int, ringed: bool, text: str, count_size: int, extras: _Extras = _Extras()
) -> tuple[int, int, int, int]:
    """The box of a group of pieces around the centre of its first shape."""
    reach = size // 2 + (RING if ringed else 0) + P.HEAVY_OUTLINE // 2 + 1
    left, right = -reach, (shapes - 1) * round(size * STEP) + reach
    top, bottom = -reach, reach
    if extras.note:
        (nx, ny), r = _note_spot(size, shapes, ringed, 0, 0)
        right, top = max(right, nx + r + 2), min(top, ny - r - 2)
    for (ix, iy), tile in _item_spots(size, extras.items, 0, 0):
        reach_item = item_reach(tile)
        left, top, right = min(left, ix - reach_item), min(top, iy - reach_item), max(right, ix + reach_item)
    if text:
        text_left, text_top, text_right, text_bottom = font(count_size, bold=True).getbbox(
            text, anchor="lm", stroke_width=_stroke(count_size)
        )
        x0 = _count_x(size, shapes, ringed, extras.note)
        left, right = min(left, x0 + round(text_left) - 1), max(right, x0 + round(text_right) + 1)
        top, bottom = min(top, round(text_top) - 1), max(bottom, round(text_bottom) + 1)
    return left, top, right, bottom


def _count_x(size: int, shapes: int, ringed: bool, note: str) -> int:
    """Where a group's count starts, from the centre of its first shape (after the note's badge, if any)."""
    if note:
        (nx, _), r = _note_spot(size, shapes, ringed, 0, 0)
        return nx + r + 4
    return size // 2 + 4


@dataclass(frozen=True, slots=True)
class Ruin:
    """A ruin sitting in a building slot."""

    where: int
    box: tuple[int, int, int, int]
    items: int = 1  # how many items lie under it (two with two Vagabonds)


def _parse(key: str) -> tuple[str, str, str] | None:
    parts = key.split(":")
    if len(parts) < 2 or not parts[0] or not parts[1]:
        return None
    return parts[0], parts[1], parts[2] if len(parts) > 2 and parts[2] else parts[0]


def _key(owner: str, kind: str, controller: str) -> str:
    """A piece key written one way: 'owner:kind', or 'owner:kind:controller' when another faction controls it."""
    return f"{owner}:{kind}" if controller == owner else f"{owner}:{kind}:{controller}"


@dataclass(frozen=True, slots=True)
class Entry:
    """Pieces of one kind in one place: how they look, whom they count for, how many, and what they carry."""

    look: Look
    controller: str
    count: int
    note: str = ""
    items: tuple[str, ...] = ()

    def extras(self) -> _Extras:
        """The note and the number of carried items, as far as the group's extent goes."""
        return _Extras(self.note, len(self.items))


@dataclass(frozen=True)
class OnPieces:
    """What is drawn on the pieces of one place besides them: notes and carried items by piece key, lying items."""

    notes: dict[str, str]
    carried: dict[str, tuple[str, ...]]
    lying: tuple[str, ...] = ()


NOTHING = OnPieces({}, {})


def item_look(item: str) -> Look:
    """How an item lying on the map is drawn: an item tile (no faction owns it)."""
    return Look("", item, ITEM, "item", "", item, P.ITEM, 0)


def _entries(pieces: dict[str, int], legend: Legend, extra: OnPieces = NOTHING) -> list[Entry]:
    """Every piece group of a place in a stable drawing order, then the items lying there."""
    out: list[Entry] = []
    for key, count in pieces.items():
        parsed = _parse(key)
        if parsed is None or not isinstance(count, int) or isinstance(count, bool) or count <= 0:
            continue
        owner, kind, controller = parsed
        note = extra.notes.get(f"{owner}:{kind}", "")
        out.append(Entry(legend.look(owner, kind), controller, count, note, extra.carried.get(_key(*parsed), ())))

    def order(entry: Entry) -> tuple[int, str, int, int, str, str]:
        look = entry.look
        category = CATEGORY_ORDER.index(look.category) if look.category in CATEGORY_ORDER else len(CATEGORY_ORDER)
        return (legend.rank(look.owner), look.owner, category, look.order, look.kind, entry.controller)

    lying = [Entry(item_look(item), "", 1) for item in extra.lying]
    return sorted(out, key=order) + lying


@dataclass(frozen=True, slots=True)
class _Fit:
    """One attempt at laying out a clearing: how big the pieces are and how many are drawn one by one."""

    scale: float
    shown: int

    def size(self, look: Look) -> int:
        return round(look.size * self.scale)

    def count_size(self) -> int:
        return max(10, round(COUNT_FONT * self.scale))

    def shapes(self, count: int) -> int:
        return count if count <= self.shown else 1

    def row(self) -> int:
        return round(ROW * self.scale)


Chip = tuple[Entry, int]  # pieces and their width


def _fit_extent(entry: Entry, fit: _Fit) -> tuple[int, int, int, int]:
    """The box of a chip of pieces laid out at a fit, around the centre of its first shape."""
    look, shapes = entry.look, fit.shapes(entry.count)
    ringed = bool(look.owner) and entry.controller != look.owner
    text = _count_label(entry.count, shapes)
    return _extent(fit.size(look), shapes, ringed, text, fit.count_size(), entry.extras())


def _chip(entry: Entry, fit: _Fit) -> Chip:
    """A chip of pieces and its width, measured from the same box it will be drawn in."""
    left, _, right, _ = _fit_extent(entry, fit)
    return entry, right - left


def _gap(left: Chip, right: Chip) -> int:
    return CHIP_GAP if left[0].look.owner == right[0].look.owner else FACTION_GAP


def _half_chord(cy: int, top: int, bottom: int) -> float:
    """Half the width of the inner circle over a band of rows (0 when the band leaves the circle)."""
    far = max(abs(top - cy), abs(bottom - cy))
    return math.sqrt(INNER * INNER - far * far) if far < INNER else 0.0


def _rows(chips: list[Chip], limits: list[float], together: bool) -> list[list[Chip]] | None:
    """Chips packed into rows no wider than each row's limit, or None when they need more rows than there are.

    Together, a faction's chips share a row with another faction's only when all of them fit; otherwise
    every row is filled as far as it goes.
    """
    rows: list[list[Chip]] = [[]]
    used = 0  # width of the last row
    for i, chip in enumerate(chips):
        owner = chip[0].look.owner
        if together and rows[-1] and rows[-1][-1][0].look.owner != owner:
            group = [c for c in chips[i:] if c[0].look.owner == owner]  # the chips of this faction, in a row
            if used + _width(group) + FACTION_GAP > _limit(limits, len(rows) - 1):
                rows.append([])
                used = 0
        while (used + _gap(rows[-1][-1], chip) if rows[-1] else 0) + chip[1] > _limit(limits, len(rows) - 1):
            if len(rows) >= len(limits):
                return None
            rows.append([])
            used = 0
        used += (_gap(rows[-1][-1], chip) if rows[-1] else 0) + chip[1]
        rows[-1].append(chip)
    return rows


def _width(row: list[Chip]) -> int:
    return sum(c[1] for c in row) + sum(_gap(a, b) for a, b in zip(row, row[1:], strict=False))


def _limit(limits: list[float], r: int) -> float:
    return limits[r] if r < len(limits) else 0.0


def _place_rows(where: int | str, rows: list[list[Chip]], cx: int, top: int, fit: _Fit, ground: P.RGB) -> list[Placed]:
    placed: list[Placed] = []
    height = fit.row()
    for r, row in enumerate(rows):
        x = cx - _width(row) // 2
        y = top + r * height + height // 2
        for i, (entry, w) in enumerate(row):
            left = _fit_extent(entry, fit)[0]
            look = entry.look
            shapes, size, controller = fit.shapes(entry.count), fit.size(look), entry.controller or look.owner
            placed.append(
                Placed(
                    where, look, controller, entry.count, x - left, y, shapes, size, ground, fit.count_size(),
                    entry.note, entry.items,
                )
            )  # fmt: skip
            x += w + (_gap(row[i], row[i + 1]) if i + 1 < len(row) else 0)
    return placed


def _limits(cy: int, top: int, height: int) -> list[float]:
    """The width each row of pieces may take, from the top row down, inside the clearing's inner circle."""
    out = []
    while top + height <= cy + INNER:
        out.append(2 * _half_chord(cy, top, top + height))
        top += height
    return out


def _tops(first: int, highest: int, height: int) -> list[int]:
    """Where the rows may start: first, then half a row higher each time, up to the highest."""
    return [*range(first, highest, -(height // 2)), highest] if first > highest else [highest]


def _fit_rows(
    where: int, entries: list[Entry], centre: tuple[int, int], region: tuple[int, bool], ground: P.RGB
) -> list[Placed]:
    """Rows of pieces inside a clearing's disc, at the largest size that fits (the smallest when none does).

    region is the highest the rows may start, and whether they are centred in the clearing (no slots above them).
    """
    cx, cy = centre
    highest, centred = region
    for scale, shown in FITS:
        fit = _Fit(scale, shown)
        height = fit.row()
        chips = [_chip(entry, fit) for entry in entries]
        for together, top in product((True, False), _tops(cy - height // 2 if centred else highest, highest, height)):
            rows = _rows(chips, _limits(cy, top, height), together)
            if rows is not None:
                return _place_rows(where, rows, cx, top, fit, ground)
    return _place_rows(where, [[c] for c in chips], cx, highest, fit, ground)  # nothing fits: one chip a row


def place_clearing(
    view_clearing: ClearingView, geo: Layout, legend: Legend, extra: OnPieces = NOTHING
) -> tuple[list[Placed], list[Ruin]]:
    """Where every piece of one clearing goes: buildings and a ruin in slots, the rest (and items) in rows."""
    cid = view_clearing["id"]
    cx, cy = geo.centre(cid)
    ground = P.suit_colour(view_clearing.get("suit"))
    slots = geo.slot_boxes(cid, geo.board.clearing(cid).slots)
    entries = _entries(view_clearing.get("pieces") or {}, legend, extra)
    free = list(slots)
    ruins: list[Ruin] = []
    if view_clearing.get("ruin") and free:
        ruins.append(Ruin(cid, free.pop(), int(view_clearing.get("ruin_items", 1))))
    placed: list[Placed] = []
    rest: list[Entry] = []
    for entry in entries:
        look = entry.look
        if look.category != "building":
            rest.append(entry)
            continue
        fitting = min(entry.count, len(free))
        for _ in range(fitting):
            x0, y0, x1, y1 = free.pop(0)
            placed.append(Placed(cid, look, entry.controller, 1, (x0 + x1) // 2, (y0 + y1) // 2, 1, look.size, P.SLOT))
        if entry.count > fitting:
            rest.append(Entry(look, entry.controller, entry.count - fitting))
    region = (slots[0][3] + 4, False) if slots else (cy - INNER + 30, True)
    return placed + _fit_rows(cid, rest, (cx, cy), region, ground), ruins


def place_forest(
    fid: str, pieces: dict[str, int], geo: Layout, legend: Legend, extra: OnPieces = NOTHING
) -> list[Placed]:
    """Where the pieces in a forest go, centred on the forest's open spot."""
    spot = geo.forest_centres.get(fid)
    if spot is None:
        return []
    fit = _Fit(1.0, SHOWN)
    rows = [[_chip(entry, fit)] for entry in _entries(pieces, legend, extra)]
    top = spot[1] - len(rows) * fit.row() // 2
    return _place_rows(fid, rows, spot[0], top, fit, P.FOREST)


def on_pieces(view: View) -> dict[str, OnPieces]:
    """Notes and items of every place, by place as written ('5' or 'fA'); malformed ones are skipped."""
    notes: dict[str, dict[str, str]] = {}
    for (where, key), text in piece_notes(view).items():
        notes.setdefault(where, {})[key] = text
    carried: dict[str, dict[str, tuple[str, ...]]] = {}
    lying: dict[str, tuple[str, ...]] = {}
    for item in view.get("map_items") or []:
        if not isinstance(item, dict) or not isinstance(item.get("item"), str):
            continue
        where, carrier = str(item.get("clearing")), item.get("carrier")
        parsed = _parse(carrier) if isinstance(carrier, str) else None
        if parsed is None:
            lying[where] = (*lying.get(where, ()), item["item"])
        else:
            held = carried.setdefault(where, {})
            held[_key(*parsed)] = (*held.get(_key(*parsed), ()), item["item"])
    places = set(notes) | set(carried) | set(lying)
    return {w: OnPieces(notes.get(w, {}), carried.get(w, {}), lying.get(w, ())) for w in places}


def place_all(view: View, geo: Layout, legend: Legend) -> tuple[list[Placed], list[Ruin]]:
    """Every piece group on the map (clearings, then forests), with its notes and items, and every ruin."""
    placed: list[Placed] = []
    ruins: list[Ruin] = []
    extras = on_pieces(view)
    for clearing in view.get("clearings") or []:
        if clearing.get("id") in geo.centres:
            more, ruin = place_clearing(clearing, geo, legend, extras.get(str(clearing["id"]), NOTHING))
            placed += more
            ruins += ruin
    for fid, pieces in sorted((view.get("forests") or {}).items()):
        placed += place_forest(str(fid), pieces or {}, geo, legend, extras.get(f"f{fid}", NOTHING))
    return placed, ruins


def draw_piece(
    draw: ImageDraw.ImageDraw,
    look: Look,
    x: float,
    y: float,
    size: float,
    ground: P.RGB,
    ring: P.RGB | None = None,
) -> None:
    """One piece: its shape in its faction's colour, outlined to stand out on the ground, its label, and a ring
    in its controller's colour. An item lying on the map is an item tile."""
    if look.category == ITEM:
        draw_item(draw, look.kind, x, y, size, max(2, round(3 * size / ITEM_SIZE)))
        return
    if ring is not None:
        r = size / 2 + RING
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ring, outline=P.INK, width=2)
        ground = ring
    outline, line = P.rimmed_outline(look.colour, ground, look.rim)
    if look.category == "pawn":
        line = max(line, 4)
    line = max(2, round(line * min(1.0, size / look.size)))  # a piece drawn smaller gets a thinner outline
    draw_shape(draw, look.shape, x, y, size, look.colour, outline, line)
    if look.label:
        face = label_face(look.label, round(size), look.shape)
        draw_text(draw, (x, y), look.label, face, P.text_on(look.colour), anchor="mm")


# How wide a label may be inside each shape, as a share of the piece's size (the rest is outline and corners).
LABEL_ROOM = {"robot": 0.56, "tower": 0.56, "star": 0.4, "triangle": 0.4, "cross": 0.52, "meeple": 0.36}


@lru_cache(maxsize=512)
def label_face(label: str, size: int, shape: str) -> Font:
    """The bold face a piece's label is drawn in: as large as suits its length, small enough to fit its shape."""
    px = max(10, round(size * (0.52 if len(label) == 1 else 0.42)))
    while px > 10 and width(label, font(px, bold=True)) > size * LABEL_ROOM.get(shape, 0.7):
        px -= 1
    return font(px, bold=True)


Notes = dict[tuple[str, str], str]
"""Short marks on single pieces, by (place as written: '5' or 'fA', owner:kind): a robot's gears."""


def piece_notes(view: View) -> Notes:
    """Every seat's notes on its pieces (`seats[i]["notes"]`: place -> piece key -> text), malformed ones skipped."""
    out: Notes = {}
    for seat in view.get("seats") or []:
        notes = seat.get("notes") if isinstance(seat, dict) else None
        for where, marks in (notes or {}).items() if isinstance(notes, dict) else ():
            for key, text in (marks or {}).items() if isinstance(marks, dict) else ():
                if isinstance(text, str) and text:
                    out[(str(where), ":".join(str(key).split(":")[:2]))] = text[:3]
    return out


def draw_placed(draw: ImageDraw.ImageDraw, group: Placed, legend: Legend) -> None:
    """Draw one placed group: its shapes, the items they carry, its note as a badge beside it, and its count."""
    ring = legend.colour(group.controller) if group.ringed and group.look.owner else None
    for x, y in group.centres():
        draw_piece(draw, group.look, x, y, group.size, group.ground, ring)
    for item, ((x, y), tile) in zip(group.items, group.item_centres(), strict=True):
        draw_item(draw, item, x, y, tile, max(2, round(tile / 12)))
    if group.note:
        centre, r = group.note_centre()
        _disc(draw, centre, r, group.note)
    text = group.count_text()
    if text:
        face = font(group.count_size, bold=True)
        x0 = group.x + _count_x(group.size, group.shapes, group.ringed, group.note)
        draw_text(draw, (x0, group.y), text, face, P.INK, "lm", stroke=group.count_stroke)


def _disc(draw: ImageDraw.ImageDraw, centre: tuple[int, int], r: int, text: str) -> None:
    """A white disc of radius r with a short text in bold."""
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=P.WHITE, outline=P.INK, width=2)
    draw_text(draw, centre, text, font(max(14, round(r * 1.6)), bold=True), P.INK, anchor="mm")


def draw_ruin(draw: ImageDraw.ImageDraw, ruin: Ruin) -> None:
    """A ruin: a grey block with a crack, unlike any faction's building."""
    x0, y0, x1, y1 = ruin.box
    draw.rectangle(ruin.box, fill=P.RUIN, outline=P.RUIN_EDGE, width=3)
    mx, h = (x0 + x1) // 2, y1 - y0
    crack = [(mx - 6, y0 + 3), (mx + 5, y0 + h * 0.35), (mx - 5, y0 + h * 0.65), (mx + 4, y1 - 3)]
    draw.line(crack, fill=P.RUIN_EDGE, width=3)
    if ruin.items > 1:  # a badge in the corner: how many items are still under it
        r = max(9, h // 4)
        _disc(draw, (x1 - r // 2, y0 + r // 2), r, str(ruin.items))
