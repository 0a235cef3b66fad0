"""Pieces read at phone size: they stand out on every clearing, wood is not a workshop, counts stay inside."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
from PIL import Image
from render_helpers import clearing_of, decode, empty_map

import rules
from render import palette as P
from render import render_board
from render.geometry import RADIUS, layout
from render.legend import legend
from render.pieces import place_all, place_clearing
from render.samples import EXTRA_FACTIONS, joined_view, played_game, standard_view
from render.scale import POSTED
from render.shapes import SHAPES
from rules import registry

PHONE_WIDTH = 500  # Discord's phone preview shows the whole board about 400-550 px wide
GROUNDS = {**{f"{s} clearing": P.SUIT_COLOURS[s] for s in ("fox", "mouse", "rabbit", "bird")}, "forest": P.FOREST}
PANELS = {"panel": P.WHITE, "deciding panel": P.NOW_BG, "building slot": P.SLOT}


def faction_colours() -> dict[str, P.RGB]:
    """Every registered faction's colour and every Okabe–Ito colour a new faction may pick."""
    found = {fid: P.hex_rgb(registry.faction(fid).colour) for fid in registry.all_ids()}
    return {**found, **P.OKABE_ITO}


@pytest.fixture
def bare() -> dict[str, Any]:
    """A real two-seat view with the map emptied."""
    state, _ = played_game()
    return empty_map(rules.view_for(state, None))


# --- contrast ---------------------------------------------------------------------


@pytest.mark.parametrize("ground", sorted({**GROUNDS, **PANELS}))
def test_every_faction_colour_stands_out_on_every_ground(ground: str) -> None:
    """WCAG 3:1 for graphics, between the piece and what it stands on, or through an outline that has it."""
    back = {**GROUNDS, **PANELS}[ground]
    for name, colour in faction_colours().items():
        outline, line = P.piece_outline(colour, back)
        if P.contrast(colour, back) >= P.MIN_PIECE_CONTRAST:
            continue
        assert P.contrast(outline, back) >= P.MIN_PIECE_CONTRAST, f"{name} on {ground}: outline vs ground"
        assert P.contrast(outline, colour) >= P.MIN_PIECE_CONTRAST, f"{name} on {ground}: outline vs piece"
        assert line * PHONE_WIDTH / layout("autumn").width >= 1.5, f"{name} on {ground}: outline too thin to show"


def _edge_contrast(
    image: Image.Image, centre: tuple[int, int], size: int, ground: P.RGB, drawn: float = 1.0
) -> float:
    """The best contrast with the ground found on the way out of a piece at phone size, in four directions (the
    board drawn at `drawn` of its design size)."""
    shrink = PHONE_WIDTH / image.width
    scale = shrink * drawn  # from the design's pixels to the phone's
    small = image.resize((PHONE_WIDTH, round(image.height * shrink)), Image.Resampling.LANCZOS)
    cx, cy = centre[0] * scale, centre[1] * scale
    best = 0.0
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        for step in range(round(size * scale / 2) - 1, round(size * scale / 2) + 4):
            pixel = small.getpixel((round(cx + dx * step), round(cy + dy * step)))
            assert isinstance(pixel, tuple)
            best = max(best, P.contrast((pixel[0], pixel[1], pixel[2]), ground))
    return best


@pytest.mark.parametrize("drawn", [1.0, POSTED], ids=["design size", "posted size"])
@pytest.mark.parametrize("suit", ["fox", "mouse", "rabbit"])
def test_marquise_warriors_show_their_edge_at_phone_size(bare: dict[str, Any], suit: str, drawn: float) -> None:
    cid = next(c["id"] for c in bare["clearings"] if c["suit"] == suit)
    clearing_of(bare, cid)["pieces"] = {"marquise:warrior": 1}
    (group,), _ = place_clearing(clearing_of(bare, cid), layout("autumn"), legend(bare))
    image = decode(render_board(bare, scale=drawn))
    ground = P.suit_colour(suit)
    assert P.contrast(P.hex_rgb("#E69F00"), ground) < 2  # the colours alone do not do it
    assert _edge_contrast(image, group.centres()[0], group.size, ground, drawn) >= P.MIN_PIECE_CONTRAST


# --- wood and workshops --------------------------------------------------------------

ALIKE = {"diamond": "square", "plus": "cross"}  # a diamond is a square turned; a plus is a cross


def test_every_declared_shape_is_drawn_as_itself() -> None:
    for fid in registry.all_ids():
        for piece in registry.faction(fid).pieces:
            assert piece.shape == "circle" or piece.shape in SHAPES, f"{fid} {piece.kind}: {piece.shape}"


def test_a_faction_s_pieces_of_different_kinds_never_look_alike() -> None:
    """Different categories differ in outline; kinds sharing an outline differ in label, whatever the case."""
    for fid in registry.all_ids():
        pieces = registry.faction(fid).pieces
        for i, a in enumerate(pieces):
            for b in pieces[i + 1 :]:
                outline_a, outline_b = ALIKE.get(a.shape, a.shape), ALIKE.get(b.shape, b.shape)
                if a.category != b.category:
                    assert outline_a != outline_b, f"{fid}: {a.kind} and {b.kind} share a shape"
                elif outline_a == outline_b:
                    assert a.label.lower() != b.label.lower(), f"{fid}: {a.kind} and {b.kind} look the same"


def test_wood_and_workshop_are_drawn_differently(bare: dict[str, Any]) -> None:
    clearing_of(bare, 11)["pieces"] = {"marquise:workshop": 1}
    clearing_of(bare, 2)["pieces"] = {"marquise:wood": 1}
    geo = layout("autumn")
    image = decode(render_board(bare))
    orange = P.hex_rgb("#E69F00")

    def mask(cid: int) -> set[tuple[int, int]]:
        (group,), _ = place_clearing(clearing_of(bare, cid), geo, legend(bare))
        x, y = group.centres()[0]
        square = [(dx, dy) for dx in range(-30, 31) for dy in range(-30, 31)]
        return {(dx, dy) for dx, dy in square if image.getpixel((x + dx, y + dy)) == orange}

    workshop, wood = mask(11), mask(2)
    overlap = len(workshop & wood) / len(workshop | wood)
    assert overlap < 0.5, f"wood and workshop cover the same pixels ({overlap:.0%})"
    assert bare["factions"]["marquise"]["pieces"]["wood"]["label"].lower() != "w"


# --- crowded clearings --------------------------------------------------------------


def crowded(view: dict[str, Any], cid: int) -> dict[str, Any]:
    """The view with one clearing as crowded as a game gets: five factions, counts in two digits, a ring."""
    view = copy.deepcopy(view)
    for fid in ("otters", "moles", "owls"):
        view["factions"][fid] = EXTRA_FACTIONS[fid]
        view["seats"].append(dict(view["seats"][0], seat=len(view["seats"]), faction=fid, name=fid))
    clearing_of(view, cid)["pieces"] = {
        "marquise:warrior": 17,
        "marquise:wood": 5,
        "marquise:keep": 1,
        "marquise:sawmill": 1,
        "eyrie:warrior": 14,
        "eyrie:roost": 1,
        "otters:warrior": 12,
        "otters:toll": 2,
        "moles:warrior": 3,
        "moles:mark": 11,
        "owls:warrior": 2,
        "owls:plot": 3,
        "marquise:warrior:owls": 2,
    }
    return view


@pytest.mark.parametrize("cid", [1, 5, 9, 11])
def test_a_crowded_clearing_keeps_every_piece_and_count_inside(bare: dict[str, Any], cid: int) -> None:
    geo = layout("autumn")
    view = crowded(bare, cid)
    cx, cy = geo.centre(cid)
    groups, _ = place_clearing(clearing_of(view, cid), geo, legend(view))
    assert sum(g.count for g in groups) == sum(clearing_of(view, cid)["pieces"].values())  # nothing dropped
    plain, busy = decode(render_board(_seated(bare, view))), decode(render_board(view))
    around = [
        (x, y)
        for x in range(max(0, cx - RADIUS - 60), min(geo.map_width, cx + RADIUS + 61))
        for y in range(max(0, cy - RADIUS - 60), min(geo.map_height, cy + RADIUS + 61))
    ]
    changed = [p for p in around if plain.getpixel(p) != busy.getpixel(p)]
    assert changed, "the pieces are drawn"
    slots = geo.slot_boxes(cid, geo.board.clearing(cid).slots)  # the printed slots reach the rim themselves
    in_slot = [p for p in changed if any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for x0, y0, x1, y1 in slots)]
    outside = [p for p in changed if math.dist(p, (cx, cy)) > RADIUS - 3 and p not in in_slot]
    assert not outside, f"{len(outside)} pixels drawn outside clearing {cid}, e.g. {outside[:3]}"


def _seated(bare: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The empty map with the same seats as view (so only the map differs)."""
    return dict(view, clearings=copy.deepcopy(bare["clearings"]))


def test_a_crowded_clearing_still_counts_pieces_large_enough(bare: dict[str, Any]) -> None:
    view = crowded(bare, 11)
    groups, _ = place_clearing(clearing_of(view, 11), layout("autumn"), legend(view))
    assert min(g.size for g in groups if g.look.category == "warrior") >= 16  # still a shape at phone size
    assert min(g.count_size for g in groups if g.count_text()) >= 12


@pytest.mark.parametrize("make", [standard_view, joined_view])
def test_sample_boards_keep_pieces_inside_their_clearings(make: Any) -> None:
    view, _ = make()
    geo = layout(view["board"], 2 if len(view["seats"]) > 4 else 1)
    placed, _ = place_all(view, geo, legend(view))
    for group in placed:
        if not isinstance(group.where, int) or group.ground == P.SLOT:
            continue  # forests, and buildings in their printed slots
        left, top, right, bottom = group.bounds()
        centre = geo.centre(group.where)
        for corner in ((left, top), (right, top), (left, bottom), (right, bottom)):
            assert math.dist(corner, centre) <= RADIUS, f"clearing {group.where}: {group.look.kind} x{group.count}"
