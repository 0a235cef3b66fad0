"""Notes on single pieces (a robot's gears): a faction declares them in the view, the board draws them as badges."""

from __future__ import annotations

import copy

from PIL import ImageChops
from render_helpers import decode, tinker_view

from render import render_board
from render.board import columns_for
from render.geometry import RADIUS, layout
from render.pieces import piece_notes


def test_the_view_marks_each_robot_with_the_gears_on_its_track_omt_2_4():
    view, robots = tinker_view()
    tinker = next(s for s in view["seats"] if s["faction"] == "tinker")
    assert tinker["notes"] == {str(robots): {"tinker:birdbot": "2", "tinker:catbot": "2", "tinker:wolfbot": "2"}}
    assert all(s["notes"] == {} for s in view["seats"] if s["faction"] != "tinker")


def test_a_note_is_drawn_on_its_piece_and_nowhere_else():
    view, robots = tinker_view()
    bare = copy.deepcopy(view)
    for seat in bare["seats"]:
        seat["notes"] = {}
    changed = ImageChops.difference(decode(render_board(view)), decode(render_board(bare))).getbbox()
    assert changed is not None
    cx, cy = layout(view["board"], columns_for(view)).centres[robots]
    x0, y0, x1, y1 = changed
    assert cx - RADIUS <= x0 and x1 <= cx + RADIUS and cy - RADIUS <= y0 and y1 <= cy + RADIUS


def test_malformed_notes_are_skipped():
    view = {"seats": [{"notes": {"5": {"tinker:birdbot": "3"}, "6": "x", "7": {"a:b": 4}}}, {"notes": None}, "?"]}
    assert piece_notes(view) == {("5", "tinker:birdbot"): "3"}
