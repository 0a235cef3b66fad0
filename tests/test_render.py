"""The board image: deterministic, pieces on the right clearing, the last move marked, joined maps, sizes."""

from __future__ import annotations

import ast
import copy
import math
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from render_helpers import clearing_of, decode, empty_map

import rules
from render import palette as P
from render import render_board
from render.board import columns_for, compose, panel_columns
from render.encode import encode
from render.geometry import MAP_SIZE, RADIUS, layout
from render.legend import legend
from render.maplayer import map_layer
from render.marks import halo_radius
from render.pieces import SHOWN, place_clearing
from render.samples import EXTRA_FACTIONS, joined_view, played_game, standard_view

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], list[Any]]:
    state, marks = played_game()
    return rules.view_for(state, 0), marks


@pytest.fixture
def bare(played: tuple[dict[str, Any], list[Any]]) -> dict[str, Any]:
    """The played view with every piece, ruin and forest pawn taken off the map."""
    return empty_map(played[0])


# --- output ----------------------------------------------------------------------


def test_same_view_gives_the_same_bytes(played: tuple[dict[str, Any], list[Any]]) -> None:
    view, marks = played
    first = render_board(view, marks)
    assert first.startswith(PNG_SIGNATURE)
    assert render_board(copy.deepcopy(view), list(marks)) == first
    map_layer.cache_clear()  # a fresh process draws the static layer again, to the same pixels
    assert render_board(view, marks) == first


def test_board_has_the_map_and_a_side_panel(played: tuple[dict[str, Any], list[Any]]) -> None:
    image = decode(render_board(played[0]))
    geo = layout("autumn")
    assert image.size == (geo.width, max(geo.height, image.height))
    assert geo.map_width == MAP_SIZE and geo.panel_width > 400
    assert image.getpixel((geo.panel_x + geo.panel_width - 3, image.height - 3)) == P.PANEL_BG


def test_rendering_leaves_the_view_and_the_cached_layer_alone(played: tuple[dict[str, Any], list[Any]]) -> None:
    view, marks = played
    before = copy.deepcopy(view)
    suits = tuple(c["suit"] for c in view["clearings"])
    layer = map_layer("autumn", suits)
    pixels = layer.tobytes()
    render_board(view, marks)
    assert view == before
    assert map_layer("autumn", suits) is layer
    assert layer.tobytes() == pixels


# --- pieces ----------------------------------------------------------------------


def test_warriors_land_on_their_clearing(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    clearing_of(bare, 5)["pieces"] = {"marquise:warrior": 2}
    groups, _ = place_clearing(clearing_of(bare, 5), geo, legend(bare))
    (group,) = groups
    cx, cy = geo.centre(5)
    image = decode(render_board(bare))
    for x, y in group.centres():
        assert math.dist((x, y), (cx, cy)) < RADIUS  # inside clearing 5
        assert image.getpixel((x, y)) == P.hex_rgb("#E69F00")
    # the same spot in another clearing shows no warrior
    ox, oy = geo.centre(1)
    x, y = group.centres()[0]
    assert decode(render_board(bare)).getpixel((x - cx + ox, y - cy + oy)) != P.hex_rgb("#E69F00")
    # and removing the warriors clears the spot
    clearing_of(bare, 5)["pieces"] = {}
    assert decode(render_board(bare)).getpixel((x, y)) != P.hex_rgb("#E69F00")


def test_each_faction_gets_its_own_colour_in_a_shared_clearing(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    clearing_of(bare, 11)["pieces"] = {"eyrie:warrior": 1, "marquise:warrior": 1}
    groups, _ = place_clearing(clearing_of(bare, 11), geo, legend(bare))
    image = decode(render_board(bare))
    seen = {g.look.owner: image.getpixel(g.centres()[0]) for g in groups}
    assert seen == {"marquise": P.hex_rgb("#E69F00"), "eyrie": P.hex_rgb("#0072B2")}


def test_many_of_a_kind_are_drawn_once_with_a_count(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    clearing_of(bare, 12)["pieces"] = {"marquise:warrior": 7}
    (group,), _ = place_clearing(clearing_of(bare, 12), geo, legend(bare))
    assert group.count == 7 and group.shapes == 1
    image = decode(render_board(bare))
    text_box = (group.x + 24, group.y - 12, group.x + 80, group.y + 12)
    dark = sum(n for n, colour in image.crop(text_box).getcolors() or [] if colour == P.INK)
    assert dark > 40  # the "×7"
    clearing_of(bare, 12)["pieces"] = {"marquise:warrior": SHOWN}
    (group,), _ = place_clearing(clearing_of(bare, 12), geo, legend(bare))
    assert group.shapes == SHOWN


def test_buildings_fill_slots_and_ruins_take_the_last(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    clearing = clearing_of(bare, 11)  # three slots
    clearing["pieces"] = {"marquise:sawmill": 1}
    clearing["ruin"] = True
    first, second, third = geo.slot_boxes(11, 3)
    image = decode(render_board(bare))
    assert image.getpixel((first[0] + 12, first[1] + 12)) == P.hex_rgb("#E69F00")  # inside its outline
    assert image.getpixel((second[0] + 6, second[1] + 6)) == P.SLOT  # still empty
    assert image.getpixel((third[0] + 6, third[1] + 6)) == P.RUIN


def test_a_pawn_in_a_forest_is_drawn_in_that_forest(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    bare["factions"]["wanderer"] = EXTRA_FACTIONS["wanderer"]
    x, y = geo.forest_centres["E"]
    before = decode(render_board(bare)).getpixel((x, y))
    bare["forests"] = {"E": {"wanderer:pawn": 1}}
    assert decode(render_board(bare)).getpixel((x, y)) == (0, 0, 0)
    assert before != (0, 0, 0)
    assert all(math.dist((x, y), geo.centre(c)) > RADIUS + 20 for c in geo.centres)


def test_any_declared_shape_and_unknown_pieces_are_drawn(bare: dict[str, Any]) -> None:
    pieces = {
        f"shape_{i}": {"category": "token", "shape": shape, "label": "", "name": shape, "count": 3}
        for i, shape in enumerate(["circle", "square", "diamond", "hexagon", "triangle", "star", "no-such-shape"])
    }
    bare["factions"]["fan"] = {"name": "Fan Faction", "colour": "#CC79A7", "pieces": pieces}
    geo = layout("autumn")
    for i, cid in enumerate(range(1, 8)):
        clearing_of(bare, cid)["pieces"] = {f"fan:shape_{i}": 1}
    clearing_of(bare, 8)["pieces"] = {"ghost:warrior": 2, "marquise:mystery": 1, "bad key": 1}
    image = decode(render_board(bare))
    for i, cid in enumerate(range(1, 8)):
        (group,), _ = place_clearing(clearing_of(bare, cid), geo, legend(bare))
        assert image.getpixel(group.centres()[0]) == P.hex_rgb("#CC79A7"), f"shape {i}"


def test_a_piece_controlled_by_another_faction_wears_its_ring(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    clearing_of(bare, 9)["pieces"] = {"marquise:warrior:eyrie": 1}
    (group,), _ = place_clearing(clearing_of(bare, 9), geo, legend(bare))
    x, y = group.centres()[0]
    image = decode(render_board(bare))
    assert image.getpixel((x, y)) == P.hex_rgb("#E69F00")
    assert image.getpixel((x + group.look.size // 2 + 3, y)) == P.hex_rgb("#0072B2")


# --- the last move ---------------------------------------------------------------


def test_a_move_draws_an_arrow_between_the_clearings(bare: dict[str, Any]) -> None:
    geo = layout("autumn")
    (ax, ay), (bx, by) = geo.centre(10), geo.centre(1)
    middle = ((ax + bx) // 2, (ay + by) // 2)
    plain = decode(render_board(bare))
    marked = decode(render_board(bare, [("move", 10, 1)]))
    assert plain.getpixel(middle) != P.HIGHLIGHT
    assert marked.getpixel(middle) == P.HIGHLIGHT


@pytest.mark.parametrize("kind", ["battle", "place", "remove"])
def test_battle_place_and_remove_put_a_halo_on_the_clearing(bare: dict[str, Any], kind: str) -> None:
    geo = layout("autumn")
    cx, cy = geo.centre(12)
    on_ring = (cx + halo_radius(RADIUS), cy)
    plain = decode(render_board(bare))
    marked = decode(render_board(bare, [(kind, 12, None)]))
    assert plain.getpixel(on_ring) != P.HIGHLIGHT
    assert marked.getpixel(on_ring) == P.HIGHLIGHT
    # the other clearings are left alone
    ox, oy = geo.centre(3)
    assert marked.getpixel((ox + halo_radius(RADIUS), oy)) == plain.getpixel((ox + halo_radius(RADIUS), oy))


def test_battle_differs_from_a_placement(bare: dict[str, Any]) -> None:
    assert render_board(bare, [("battle", 12, None)]) != render_board(bare, [("place", 12, None)])


def test_unknown_marks_and_places_are_ignored(bare: dict[str, Any]) -> None:
    plain = render_board(bare)
    odd = [("explode", 3, None), ("move", 3, 99), ("place", "nowhere", None), ("battle",), "junk"]
    assert render_board(bare, odd) == plain  # type: ignore[arg-type]


def test_the_engine_marks_are_drawn(played: tuple[dict[str, Any], list[Any]]) -> None:
    view, marks = played
    assert marks, "the sample playout should end on an action with marks"
    assert render_board(view, marks) != render_board(view)


# --- boards ----------------------------------------------------------------------


def test_winter_shows_the_suits_dealt_at_setup() -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0, "board": "winter"}, 3)
    view = rules.view_for(state, None)
    for clearing in view["clearings"]:
        clearing["pieces"] = {}
    geo = layout("winter")
    image = decode(render_board(view))
    dealt = {c["id"]: c["suit"] for c in view["clearings"]}
    assert set(dealt.values()) == {"fox", "mouse", "rabbit"}
    for cid, suit in dealt.items():
        cx, cy = geo.centre(cid)
        assert image.getpixel((cx - 85, cy + 10)) == P.suit_colour(suit), cid


def test_joined_board_shows_both_maps_and_both_bridges() -> None:
    view, _ = joined_view()
    for clearing in view["clearings"]:
        clearing["pieces"] = {}
    view["forests"] = {}
    geo = layout("autumn+winter", columns_for(view))
    image = decode(render_board(view))
    assert geo.board.width_in_maps == 2 and len(geo.map_boxes) == 2
    assert image.width >= 2 * MAP_SIZE
    for left, top, right, bottom in geo.map_boxes:
        assert image.getpixel(((left + right) // 2, bottom - 14)) == P.MAP_BG
        assert image.getpixel((right - 30, top + 30)) == P.MAP_BG
    gap_x = (geo.map_boxes[0][2] + geo.map_boxes[1][0]) // 2
    assert image.getpixel((gap_x, MAP_SIZE // 2)) == P.GAP_BG  # water between the maps
    assert len(geo.board.bridges) == 2
    for a, b in geo.board.bridges:
        (ax, ay), (bx, by) = geo.centre(a), geo.centre(b)
        assert ax < gap_x < bx
        assert image.getpixel(((ax + bx) // 2, (ay + by) // 2)) in (P.BRIDGE, P.BRIDGE_EDGE)
    # clearings on the right map are where the board puts them
    for cid in (13, 24):
        x, _ = geo.centre(cid)
        assert x > geo.map_boxes[1][0]


def test_joined_board_panel_has_a_column_per_team() -> None:
    view, marks = joined_view()
    assert columns_for(view) == 2
    columns = panel_columns(view, view["seats"], 2)
    assert [title for title, _ in columns] == ["Team A · 31 VP", "Team B · 22 VP"]
    assert {s["team"] for s in columns[0][1]} == {"A"} and {s["team"] for s in columns[1][1]} == {"B"}
    assert len(view["seats"]) == 6
    data = render_board(view, marks)
    assert data.startswith(PNG_SIGNATURE)


def test_many_factions_fit() -> None:
    view, _ = standard_view()
    for n in range(5):
        fid = f"fan{n}"
        view["factions"][fid] = dict(EXTRA_FACTIONS["otters"], colour=list(P.OKABE_ITO)[n])
        view["seats"].append(dict(view["seats"][2], seat=len(view["seats"]), faction=fid, name=f"Fan {n}"))
        clearing_of(view, 11)["pieces"][f"{fid}:warrior"] = n + 1
    assert len(view["seats"]) == 9
    image = compose(view)
    assert image.height >= MAP_SIZE and image.mode == "P"


# --- size ------------------------------------------------------------------------


def test_boards_stay_small() -> None:
    for view, marks in (standard_view(), joined_view()):
        data = render_board(view, marks)
        assert data.startswith(PNG_SIGNATURE)
        assert len(data) <= 400_000


def test_over_the_limit_falls_back_to_a_smaller_png() -> None:
    view, marks = standard_view()
    full = render_board(view, marks)
    squeezed = render_board(view, marks, max_bytes=len(full) - 1)
    assert len(squeezed) < len(full)
    assert squeezed.startswith(PNG_SIGNATURE)
    assert decode(squeezed).size == decode(full).size  # compress_level 9 of the same pixels
    smaller = render_board(view, marks, max_bytes=len(full) // 2)
    assert len(smaller) <= len(full) // 2
    assert smaller.startswith(PNG_SIGNATURE)
    assert decode(smaller).width < decode(full).width  # downscaled
    with pytest.raises(ValueError, match="100 bytes"):
        render_board(view, marks, max_bytes=100)


def test_a_busy_picture_over_the_limit_falls_back_to_jpeg() -> None:
    noise = random.Random(3).randbytes(600 * 400 * 3)
    image = Image.frombytes("RGB", (600, 400), noise).resize((1200, 800), Image.Resampling.BILINEAR)
    png = encode(image)
    assert png.startswith(PNG_SIGNATURE)
    limit = 50_000  # under even a quarter-size palette PNG of this picture
    data = encode(image, max_bytes=limit)
    assert data.startswith(b"\xff\xd8")  # JPEG
    assert len(data) <= limit


def test_encode_keeps_png_when_it_fits() -> None:
    image = compose(standard_view()[0])
    assert encode(image).startswith(PNG_SIGNATURE)
    assert decode(encode(image)).size == image.size


# --- hygiene ---------------------------------------------------------------------


def test_render_imports_no_discord_database_asyncio_or_bot() -> None:
    banned = {"discord", "sqlalchemy", "sqlmodel", "asyncio", "bot", "aiosqlite"}
    for path in (Path(__file__).resolve().parents[1] / "render").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.name} imports {name}"


# --- panel -----------------------------------------------------------------------


def test_the_board_is_the_same_for_every_seat_and_spectators() -> None:
    state, marks = played_game()
    boards = {render_board(rules.view_for(state, seat), marks) for seat in (0, 1, None)}
    assert len(boards) == 1  # hands never reach the board image


def test_piece_order_in_the_view_does_not_matter(played: tuple[dict[str, Any], list[Any]]) -> None:
    view, marks = played
    shuffled = copy.deepcopy(view)
    for clearing in shuffled["clearings"]:
        clearing["pieces"] = dict(reversed(list(clearing["pieces"].items())))
    assert render_board(shuffled, marks) == render_board(view, marks)


def test_panel_follows_turn_decider_score_and_the_end(played: tuple[dict[str, Any], list[Any]]) -> None:
    view, _ = played
    base = render_board(view)
    geo = layout("autumn")

    def panel(data: bytes) -> bytes:
        image = decode(data)
        return image.crop((geo.panel_x, 0, image.width, image.height)).tobytes()

    changes = [
        {"to_act": 1 - view["to_act"]},
        {"seats": [dict(view["seats"][0], points=view["seats"][0]["points"] + 1), *view["seats"][1:]]},
        {"over": True, "winners": [1], "to_act": None},
        {"round": view["round"] + 1},
        {"battle": {"attacker": "eyrie", "defender": "marquise", "clearing": 5, "stage": "ambush"}},
    ]
    for change in changes:
        changed = render_board(dict(view, **change))
        assert panel(changed) != panel(base), change


def test_renders_in_two_threads_match_serial_renders() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from render.text import _stamp, width

    jobs = [standard_view(), joined_view(seed=3), joined_view(seed=4), standard_view(None)]
    expected = [render_board(v, m) for v, m in jobs]
    map_layer.cache_clear()
    _stamp.cache_clear()
    width.cache_clear()
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: render_board(*job), jobs * 3))
    assert results == expected * 3


def test_bench_samples_are_as_big_as_the_issue_asks() -> None:
    """The benchmark draws a standard board with 60+ pieces and four seats, and a 3x3 board with 120+ and six."""
    from render import samples
    from render.bench import _pieces

    standard = samples.standard_views(5)
    assert all(len(v["seats"]) == 4 and _pieces(v) >= 60 for v, _ in standard)
    joined, _ = samples.joined_view()
    assert len(joined["seats"]) == 6 and _pieces(joined) >= 120


def test_the_bench_s_real_3x3_views_come_from_round_3_of_a_six_seat_game_and_draw() -> None:
    """The '3x3 game' case: public views of a seeded six-seat 3x3 game from round 3 on, each one drawable."""
    from render import render_board, samples

    views = samples.frontier_views(3)
    assert len(views) == 3
    for view, marks in views:
        assert len(view["seats"]) == 6 and {s["team"] for s in view["seats"]} == {"A", "B"}
        assert view["round"] >= 3
        assert render_board(view, marks)[:8] == b"\x89PNG\r\n\x1a\n"
