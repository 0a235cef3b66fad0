"""The Spinners of Mercy on the board image: webs, infirmaries, web connections and the Ward's patients by faction."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw
from render_helpers import decode
from rules_helpers import blank_table, check, put, to_area

import rules
from render import palette as P
from render import render_board
from render.geometry import RADIUS, layout
from render.legend import legend
from render.panel import block_height, draw_block, seat_rows
from render.pieces import place_clearing
from rules.factions.spinners import Spinners

SPINNERS = P.hex_rgb(Spinners.colour)
S = 2


def spinners_view(webs: tuple[int, ...], patients: dict[str, int] | None = None) -> dict[str, Any]:
    """Marquise, Eyrie and Spinners on Autumn: a web in each of `webs`, a fox infirmary in 1, and patients."""
    s = blank_table(("marquise", "eyrie", "spinners"))
    for cid in webs:
        put(s, cid, "spinners", "web")
    put(s, 1, "spinners", "fox-infirmary")
    for owner, n in (patients or {}).items():
        to_area(s, S, "ward", owner, "warrior", n)
    return rules.view_for(check(s), None)


def between(a: int, b: int) -> tuple[int, int]:
    """The middle of the path between two clearings."""
    (ax, ay), (bx, by) = layout("autumn").centre(a), layout("autumn").centre(b)
    return (ax + bx) // 2, (ay + by) // 2


def test_a_path_between_two_webbed_clearings_is_drawn_as_a_thread_som_2_2() -> None:
    view = spinners_view((1, 5, 10))
    links = view["seats"][S]["links"]
    assert [1, 5] in links and [1, 10] in links
    assert not any(set(pair) == {5, 10} for pair in links)  # 5 and 10 are joined by a river, not a path
    assert decode(render_board(view)).getpixel(between(1, 5)) == SPINNERS
    lone = spinners_view((1, 10))  # no web in 5: the path 1-5 is plain
    assert [1, 5] not in lone["seats"][S]["links"]
    assert decode(render_board(lone)).getpixel(between(1, 5)) != SPINNERS


def test_webs_and_infirmaries_are_drawn_in_their_clearing_som_2_5() -> None:
    view = spinners_view((1,))
    groups, _ = place_clearing(next(c for c in view["clearings"] if c["id"] == 1), layout("autumn"), legend(view))
    assert {(g.look.kind, g.look.category) for g in groups} == {("web", "token"), ("fox-infirmary", "building")}
    cx, cy = layout("autumn").centre(1)
    image = decode(render_board(view))
    for group in groups:
        x, y = group.centres()[0]
        assert abs(x - cx) < RADIUS and abs(y - cy) < RADIUS
        around = image.crop((x - group.size // 2, y - group.size // 2, x + group.size // 2, y + group.size // 2))
        assert group.look.colour in {rgb for _, rgb in around.getcolors(1 << 16) or []}


def test_the_ward_shows_each_factions_patients_som_2_4() -> None:
    view = spinners_view((1,), {"marquise": 2, "eyrie": 1})
    seat = view["seats"][S]
    assert seat["areas"] == {"ward": {"marquise:warrior": 2, "eyrie:warrior": 1}}
    assert any("Ward: 2 Marquise de Cat warriors and 1 Eyrie Dynasties warrior" in line for line in seat["panel"])
    empty = spinners_view((1,))
    assert "Ward: empty" in empty["seats"][S]["panel"]
    drawn = colours_in_block(view)
    assert {P.hex_rgb("#E69F00"), P.hex_rgb("#0072B2")} <= drawn  # the Marquise's and the Eyrie's patients
    assert not {P.hex_rgb("#E69F00"), P.hex_rgb("#0072B2")} & colours_in_block(empty)


def colours_in_block(view: dict[str, Any]) -> set[tuple[int, int, int]]:
    """The colours in the Spinners' panel block, painted on its own."""
    rows = seat_rows(view, view["seats"][S], legend(view), 500)
    image = Image.new("RGB", (560, block_height(rows)), P.WHITE)
    draw_block(ImageDraw.Draw(image), rows, SPINNERS, (0, 0, 560), False)
    return {rgb for _, rgb in image.getcolors(1 << 16) or []}
