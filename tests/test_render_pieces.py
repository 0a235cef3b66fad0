"""Every piece kind of every registered faction, as the registry declares it, reads on the posted board.

Computed from the registry, so a faction added later is covered without being named here: each kind is drawn
at its board size on every ground and shrunk as Discord's preview shrinks the posted 3x3 board (the smallest
view of a board anyone gets); a faction's kinds that lie side by side in a clearing differ in outline, and in
colour for every eye where outlines alone are close; no label means two things on one board.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw
from render_helpers import decode, tinker_view

from render import palette as P
from render import render_board
from render.board import columns_for
from render.geometry import layout, preview_scale
from render.legend import Look, legend
from render.pieces import draw_piece, place_all
from render.samples import frontier_views
from render.shapes import draw_shape
from rules import registry
from rules.view import legend_of

GROUNDS = {
    **{f"{s} clearing": P.SUIT_COLOURS[s] for s in ("fox", "mouse", "rabbit", "bird")},
    "forest": P.FOREST,
    "building slot": P.SLOT,
    "panel": P.WHITE,
}
MIN_PREVIEW_PX = 6  # the narrow side of a piece at preview size (a lying log is the flattest)
MIN_OUTLINE_APART = 0.2  # of the two outlines' joint area that only one of them covers
OUTLINE_ALONE = 0.25  # outlines this far apart need no colour difference as well
MIN_SEEN_APART = 15.0  # CIE76 ΔE for normal vision and each simulated dichromacy (2.3 is just noticeable)


def looks() -> dict[str, list[Look]]:
    """Every registered faction's piece looks, from the legend the view gives a renderer."""
    view = {"factions": {fid: legend_of(fid) for fid in registry.all_ids()}, "seats": []}
    key = legend(view)
    return {fid: [key.look(fid, kind) for kind in legend_of(fid)["pieces"]] for fid in registry.all_ids()}


@pytest.fixture(scope="module")
def preview() -> float:
    """How much Discord's preview shrinks a real six-seat 3x3 board as posted."""
    view, marks = frontier_views(1)[0]
    image = decode(render_board(view, marks))
    return preview_scale(image.width, image.height)


def _shrunk(look: Look, ground: P.RGB, scale: float) -> Image.Image:
    """One piece at its board size on a ground, shrunk as the preview shrinks it."""
    n = 120
    image = Image.new("RGB", (n, n), ground)
    draw_piece(ImageDraw.Draw(image), look, n / 2, n / 2, look.size, ground)
    return image.resize((round(n * scale), round(n * scale)), Image.Resampling.LANCZOS)


@pytest.mark.parametrize("fid", registry.all_ids())
def test_every_piece_keeps_its_size_and_edge_at_preview_size(fid: str, preview: float) -> None:
    for look, (ground_name, ground) in itertools.product(looks()[fid], GROUNDS.items()):
        small = _shrunk(look, ground, preview)
        drawn = [
            (x, y) for y in range(small.height) for x in range(small.width)
            if P.delta_e(_rgb(small.getpixel((x, y))), ground) > 10
        ]  # fmt: skip
        across = min(max(p[i] for p in drawn) - min(p[i] for p in drawn) + 1 for i in (0, 1))
        assert across >= MIN_PREVIEW_PX, f"{fid} {look.kind} on {ground_name}: {across} px at preview size"
        edge = max(P.contrast(_rgb(small.getpixel(p)), ground) for p in drawn)
        assert edge >= P.MIN_PIECE_CONTRAST, f"{fid} {look.kind} on {ground_name}: contrast {edge:.1f}"


def _rgb(pixel: Any) -> P.RGB:
    return (pixel[0], pixel[1], pixel[2])


@cache
def outline_apart(a: str, b: str) -> float:
    """The share of two shapes' joint area (same size, same centre) that only one of them covers."""

    def mask(shape: str) -> Image.Image:
        image = Image.new("RGB", (220, 220), (0, 0, 0))
        draw_shape(ImageDraw.Draw(image), shape, 110, 110, 160, P.WHITE, P.WHITE, 1)
        return image.convert("L").point(lambda v: 255 if v else 0).convert("1")

    first, second = mask(a), mask(b)
    both = ImageChops.logical_and(first, second).histogram()[-1]
    either = ImageChops.logical_or(first, second).histogram()[-1]
    return 1 - both / either


def test_the_outline_measure_tells_a_circle_from_an_octagon_only_a_little() -> None:
    assert outline_apart("circle", "circle") == 0
    assert outline_apart("circle", "octagon") < MIN_OUTLINE_APART  # the old webs and gears
    assert outline_apart("circle", "star") > OUTLINE_ALONE


@pytest.mark.parametrize("fid", registry.all_ids())
def test_a_faction_s_pieces_side_by_side_in_a_clearing_differ_in_outline_and_colour(fid: str) -> None:
    """Warriors, tokens and pawns of different categories share a clearing's rows: a web beside a warrior, a gear
    beside a drone. Their outlines differ, and where they differ little, their colours do too, for every eye."""
    rows = [look for look in looks()[fid] if look.category != "building"]
    for a, b in itertools.combinations(rows, 2):
        if a.category == b.category:
            continue  # told apart by their labels (robots), or drawn alike on purpose
        apart = outline_apart(a.shape, b.shape)
        assert apart >= MIN_OUTLINE_APART, f"{fid}: {a.kind} and {b.kind} have nearly one outline ({apart:.2f})"
        if apart < OUTLINE_ALONE:
            seen = P.seen_apart(a.colour, b.colour)
            assert seen >= MIN_SEEN_APART, f"{fid}: {a.kind} and {b.kind} look alike (ΔE {seen:.1f})"


def test_a_piece_in_a_tone_of_its_own_stands_apart_from_its_faction_for_every_eye() -> None:
    toned = [(fid, look) for fid, kinds in looks().items() for look in kinds if look.rim is not None]
    assert toned, "some piece is drawn in a tone of its own (a web, a gear)"
    for fid, look in toned:
        seen = P.seen_apart(look.colour, look.rim or look.colour)
        assert seen >= MIN_SEEN_APART, f"{fid} {look.kind}: ΔE {seen:.1f} from the faction's colour"


def test_faction_colours_stay_apart_for_every_eye() -> None:
    colours = {fid: P.hex_rgb(registry.faction(fid).colour) for fid in registry.all_ids()}
    for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
        seen = P.seen_apart(ca, cb)
        assert seen >= MIN_SEEN_APART, f"{a} and {b}: ΔE {seen:.1f} for some eye"


def test_the_tinker_is_no_second_orange_beside_the_marquise() -> None:
    """Vermillion was 18 ΔE from the Marquise's orange for a deuteranope and read as orange to everyone."""
    tinker, marquise = (P.hex_rgb(registry.faction(f).colour) for f in ("tinker", "marquise"))
    assert P.seen_apart(tinker, marquise) >= 2 * MIN_SEEN_APART


def test_the_simulations_are_machado_s_dichromacies() -> None:
    for vision in P.VISIONS:
        assert P.simulate((0, 0, 0), vision) == (0, 0, 0)
        assert P.simulate((255, 255, 255), vision) == (255, 255, 255)
    red, green = (0xD0, 0x30, 0x30), (0x5A, 0x8A, 0x2A)
    assert P.delta_e(red, green) > 60 and P.seen_apart(red, green) < 5  # a red/green pair fails a protan or deutan
    blue, green_blue = (0x00, 0x72, 0xB2), (0x00, 0x9E, 0x73)
    assert P.delta_e(P.simulate(blue, "tritanopia"), P.simulate(green_blue, "tritanopia")) < 20


def test_one_label_means_one_kind_on_any_board() -> None:
    """Any factions may share a board: a label (whatever its case) names one kind, never a workshop and a wolfbot."""
    named: dict[str, set[str]] = {}
    for kinds in looks().values():
        for look in kinds:
            if look.label:
                named.setdefault(look.label.lower(), set()).add(look.name)
    clashes = {label: names for label, names in named.items() if len(names) > 1}
    assert not clashes, clashes
    places = {str(c) for c in range(1, 25)} | {f"f{fid}".lower() for fid in layout("autumn+winter").board.forests}
    assert not set(named) & places, "no piece is labelled like a clearing or a forest"


@pytest.mark.parametrize("fid", registry.all_ids())
def test_every_label_fits_inside_its_piece(fid: str) -> None:
    """A label is drawn inside its shape, clear of the outline ('OM' once spilled out of a star)."""
    for look in looks()[fid]:
        if not look.label:
            continue
        plain, labelled = (_piece(look, label) for label in ("", look.label))
        label = ImageChops.difference(plain, labelled).convert("L").point(lambda v: 255 if v else 0)
        inside = _fill_mask(look)
        outside = ImageChops.subtract(label, inside).getbbox()
        assert label.getbbox() is not None, f"{fid} {look.kind}: the label is drawn"
        assert outside is None, f"{fid} {look.kind}: '{look.label}' spills out of its {look.shape} at {outside}"


def _piece(look: Look, label: str) -> Image.Image:
    image = Image.new("RGB", (100, 100), P.WHITE)
    draw_piece(ImageDraw.Draw(image), Look(**{**_fields(look), "label": label}), 50, 50, look.size, P.WHITE)
    return image


def _fields(look: Look) -> dict[str, Any]:
    return {name: getattr(look, name) for name in Look.__dataclass_fields__}


def _fill_mask(look: Look) -> Image.Image:
    """Where the piece's own colour shows: its shape inside the outline."""
    image = Image.new("RGB", (100, 100), (0, 0, 0))
    outline, line = P.rimmed_outline(look.colour, P.WHITE, look.rim)
    draw_shape(ImageDraw.Draw(image), look.shape, 50, 50, look.size, P.WHITE, (0, 0, 0), line)
    return image.convert("L").point(lambda v: 255 if v > 128 else 0)


def test_a_robot_s_gears_badge_sits_beside_it_not_over_its_letters() -> None:
    view, robots = tinker_view()
    assert any(seat["notes"] for seat in view["seats"])
    image = decode(render_board(view))
    placed, _ = place_all(view, layout(view["board"], columns_for(view)), legend(view))
    heads = [g for g in placed if g.where == robots and g.look.kind.endswith("bot")]
    assert len(heads) == 3
    for head in heads:
        x, y = head.centres()[0]
        r = round(head.size * 0.45)  # the robot's head and its letters
        alone = Image.new("RGB", image.size, head.ground)
        draw_piece(ImageDraw.Draw(alone), head.look, x, y, head.size, head.ground)
        box = (x - r, y - r, x + r, y + r)
        covered = ImageChops.difference(image.crop(box), alone.crop(box)).convert("L").point(lambda v: 255 if v else 0)
        share = covered.histogram()[-1] / (4 * r * r)
        assert share < 0.02, f"{share:.0%} of the {head.look.kind} is covered"
