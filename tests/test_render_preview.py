"""What Discord shows inline: the posted board shrunk into its preview box still shows its clearing numbers.

Discord's chat shows an attached image scaled down to fit about 550 x 400 px; a click opens it full size. The
numbers are measured in the shrunk image itself: the dark rows of a two-digit clearing number in its label.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image
from render_helpers import decode

from render import palette as P
from render import render_board
from render.board import columns_for
from render.geometry import PILL_HEIGHT, PREVIEW, RADIUS, layout, preview_scale
from render.samples import EXTRA_FACTIONS, frontier_views, standard_view
from render.scale import POSTED

MIN_DIGIT_PX = 8  # a bold digit this many pixels tall reads; the 3x3 board as first posted gave its numbers 5


def shrunk(image: Image.Image) -> tuple[Image.Image, float]:
    """The image as the preview shows it, and the scale."""
    scale = preview_scale(image.width, image.height)
    size = (round(image.width * scale), round(image.height * scale))
    return image.resize(size, Image.Resampling.LANCZOS), scale


def digit_rows(view: dict[str, Any], cid: int, marks: list[Any] | None = None, drawn: float = 1.0) -> int:
    """How many pixel rows the clearing's number takes in the preview of the board drawn at `drawn` of its size."""
    image = decode(render_board(view, marks or [], scale=drawn))
    small, shrink = shrunk(image)
    scale = shrink * drawn  # from the design's pixels to the preview's
    geo = layout(view["board"], columns_for(view))
    cx, cy = geo.centre(cid)
    label = cy - RADIUS  # the label is centred on the clearing's top rim; its number starts left of the centre
    left, right = round((cx - 40) * scale), round(cx * scale)
    top, bottom = round((label - PILL_HEIGHT / 2 + 8) * scale), round((label + PILL_HEIGHT / 2 - 8) * scale)
    rows = 0
    for y in range(top, bottom + 1):
        darkest = max(P.contrast(_rgb(small.getpixel((x, y))), P.WHITE) for x in range(left, right + 1))
        rows += darkest >= 2.0
    return rows


def _rgb(pixel: Any) -> P.RGB:
    return (pixel[0], pixel[1], pixel[2])


def six_seat_standard() -> dict[str, Any]:
    """A standard board with six seats (two panel columns beside the map)."""
    view, _ = standard_view()
    view = copy.deepcopy(view)
    for fid in ("moles", "owls"):
        view["factions"][fid] = EXTRA_FACTIONS[fid]
        view["seats"].append(dict(view["seats"][2], seat=len(view["seats"]), faction=fid, name=fid))
    return view


def test_the_preview_box_is_discord_s() -> None:
    assert PREVIEW == (550, 400)
    assert preview_scale(3560, 1225) == pytest.approx(550 / 3560)
    assert preview_scale(1200, 2480) == pytest.approx(400 / 2480)  # a tall image is shrunk by its height
    assert preview_scale(500, 300) == 1


DRAWN = pytest.mark.parametrize("drawn", [1.0, POSTED], ids=["design size", "posted size"])


@DRAWN
@pytest.mark.parametrize("index", [0, 7])
def test_a_3x3_board_shows_its_clearing_numbers_in_the_preview(index: int, drawn: float) -> None:
    view, marks = frontier_views(index + 1)[index]
    assert len(view["seats"]) == 6
    for cid in (13, 24):  # two digits, on the right-hand map
        rows = digit_rows(view, cid, marks, drawn)
        assert rows >= MIN_DIGIT_PX, f"clearing {cid}: {rows} px tall in the preview"


@DRAWN
@pytest.mark.parametrize("make", [lambda: standard_view()[0], six_seat_standard], ids=["four seats", "six seats"])
def test_a_standard_board_shows_its_clearing_numbers_in_the_preview(make: Any, drawn: float) -> None:
    view = make()
    for cid in (10, 12):
        rows = digit_rows(view, cid, drawn=drawn)
        assert rows >= MIN_DIGIT_PX, f"clearing {cid}: {rows} px tall in the preview"


def test_the_posted_board_has_fewer_pixels_for_the_same_preview() -> None:
    """Drawn at POSTED of the design size: the preview shrinks it less, to the same picture, from fewer pixels."""
    view, marks = standard_view()
    design, posted = decode(render_board(view, marks)), decode(render_board(view, marks, scale=POSTED))
    assert posted.size == (round(design.width * POSTED), round(design.height * POSTED))
    assert posted.width * posted.height <= 0.6 * design.width * design.height
    assert shrunk(posted)[0].size == shrunk(design)[0].size  # what the preview shows is as large
    assert min(posted.size) > max(PREVIEW)  # and opened full size it is still larger than the preview


def test_the_3x3_board_is_shaped_for_the_preview() -> None:
    """Two maps side by side with the panel below: about as wide for its height as the preview box."""
    view, marks = frontier_views(1)[0]
    image = decode(render_board(view, marks))
    geo = layout(view["board"])
    assert image.width == geo.map_width and geo.below
    assert image.width / image.height >= 1.2  # a wide board is shrunk by its width, so nothing is lost to height
    assert image.getpixel((image.width // 2, geo.map_height + 40)) != P.GAP_BG  # the panel runs under the water
