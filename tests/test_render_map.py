"""What the map itself shows: contraband where it lies or who carries it, forest names, labels above threads."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw
from render_helpers import clearing_of, decode, empty_map
from rules_helpers import blank_table, check, put

import rules
from render import palette as P
from render import render_board
from render.board import columns_for
from render.geometry import FOREST_LABEL, PILL_HEIGHT, RADIUS, layout
from render.legend import legend
from render.pieces import place_all
from render.samples import frontier_views
from rules.actions import place_token


def changed(a: dict[str, Any], b: dict[str, Any]) -> Image.Image:
    """Where two views' boards differ, as a mask."""
    diff = ImageChops.difference(decode(render_board(a)), decode(render_board(b)))
    return diff.convert("L").point(lambda v: 255 if v else 0)


def within(mask: Image.Image, centre: tuple[int, int], r: int) -> int:
    """How many changed pixels lie within r of a point."""
    disc = Image.new("L", mask.size, 0)
    ImageDraw.Draw(disc).ellipse((centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r), fill=255)
    return ImageChops.multiply(mask, disc).histogram()[255]


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    """A real six-seat 3x3 view with the map emptied and no contraband."""
    view, _ = frontier_views(1)[0]
    view = empty_map(view)
    view["map_items"] = []
    return view


def test_contraband_lying_in_a_clearing_is_drawn_there_3x3_2(game: dict[str, Any]) -> None:
    lying = dict(game, map_items=[{"item": "tea", "clearing": 16, "carrier": None, "by": None}])
    mask = changed(game, lying)
    geo = layout(game["board"], columns_for(game))
    on_map = mask.crop((0, 0, geo.map_width, geo.map_height))
    assert within(on_map, geo.centre(16), RADIUS) > 200, "an item tile in clearing 16"
    assert within(on_map, geo.centre(16), RADIUS) == on_map.histogram()[255], "and nowhere else"


def test_contraband_carried_by_a_warrior_is_drawn_on_it_3x3_3(game: dict[str, Any]) -> None:
    held = copy.deepcopy(game)
    clearing_of(held, 5)["pieces"] = {"marquise:warrior": 2, "eyrie:warrior": 1}
    carried = dict(held, map_items=[{"item": "boots", "clearing": 5, "carrier": "marquise:warrior", "by": None}])
    geo = layout(game["board"], columns_for(game))
    placed, _ = place_all(carried, geo, legend(carried))
    cats = next(g for g in placed if g.where == 5 and g.look.owner == "marquise")
    eyrie = next(g for g in placed if g.where == 5 and g.look.owner == "eyrie")
    image = decode(render_board(carried))
    plain = decode(render_board(held))
    x, y = cats.centres()[0]
    near_cats = (x - cats.size, y - cats.size, x + cats.size // 2, y)  # the top left of the carrier
    assert _count(image.crop(near_cats), P.ITEM) > 40, "an item tile on the carrying warrior"
    assert _count(plain.crop(near_cats), P.ITEM) == 0
    ex, ey = eyrie.centres()[0]
    assert _count(image.crop((ex - 30, ey - 30, ex + 30, ey + 30)), P.ITEM) == 0, "not on the other faction's"


def _count(image: Image.Image, colour: P.RGB) -> int:
    return sum(n for n, rgb in image.getcolors(1 << 16) or [] if rgb == colour)


def test_an_infected_carrier_is_found_by_its_full_key(game: dict[str, Any]) -> None:
    held = copy.deepcopy(game)
    clearing_of(held, 5)["pieces"] = {"marquise:warrior:spore": 1, "marquise:warrior": 1}
    held["map_items"] = [{"item": "sword", "clearing": 5, "carrier": "marquise:warrior:spore", "by": None}]
    placed, _ = place_all(held, layout(held["board"], columns_for(held)), legend(held))
    carriers = {g.controller: g.items for g in placed if g.where == 5}
    assert carriers == {"spore": ("sword",), "marquise": ()}


def test_malformed_contraband_is_skipped(game: dict[str, Any]) -> None:
    odd = dict(game, map_items=[{"item": 3, "clearing": 5}, "?", {"item": "tea", "clearing": 99, "carrier": None}])
    assert render_board(odd)[:4] == b"\x89PNG"


@pytest.mark.parametrize("board", ["autumn", "autumn+winter"])
def test_every_forest_shows_the_name_commands_take(board: str) -> None:
    """/move, /pawn, /materialize and /bustle name forests as fA, f2W5: each forest's tag says so."""
    geo = layout(board)
    view = rules.view_for(rules.new_game({"factions": ["marquise", "eyrie"], "board": "autumn"}, 1), None)
    view = empty_map(dict(view, board=board, clearings=[{"id": c, "suit": "fox"} for c in geo.board.ids()]))
    image = decode(render_board(view))
    w, h = FOREST_LABEL
    for fid, (x, y) in geo.forest_labels.items():
        assert place_token(fid) == f"f{fid}"
        tag = image.crop((x - w + 6, y - h + 3, x + w - 6, y + h - 3))
        assert _count(tag, P.FOREST_LABEL) > tag.width * tag.height * 0.3, f"forest {fid}: its tag"
        assert _count(tag, P.WHITE) > 20, f"forest {fid}: its name in white"
        assert all(math.dist((x, y), c) > RADIUS + w for c in geo.centres.values()), f"forest {fid}: off clearings"
        assert math.dist((x, y), geo.forest_centres[fid]) >= 50, f"forest {fid}: clear of its pieces"


def spinners_view(webs: tuple[int, ...]) -> dict[str, Any]:
    """Marquise, Eyrie and Spinners on Autumn with webs in some clearings."""
    state = blank_table(("marquise", "eyrie", "spinners"))
    for cid in webs:
        put(state, cid, "spinners", "web")
    return rules.view_for(check(state), None)


def test_threads_between_webs_leave_the_clearings_labels_readable() -> None:
    """The thread 1-9 runs into clearing 9 from above, where its label sits: the label stays on top."""
    view = spinners_view((1, 9))
    assert [1, 9] in view["seats"][2]["links"]
    bare = copy.deepcopy(view)
    bare["seats"][2]["links"] = []
    mask = changed(view, bare)
    assert mask.getbbox() is not None, "the thread is drawn"
    geo = layout("autumn")
    for cid in (1, 9):
        cx, cy = geo.centre(cid)
        label = (cx - 50, cy - RADIUS - PILL_HEIGHT // 2 + 4, cx + 50, cy - RADIUS + PILL_HEIGHT // 2 - 4)
        assert mask.crop(label).getbbox() is None, f"the thread crosses clearing {cid}'s label"
