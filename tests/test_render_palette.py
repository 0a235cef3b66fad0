"""Colours: faction colours stay apart for a deuteranope, suit colours are distinct and readable."""

import itertools

import pytest

from render import palette as P
from rules import registry

MIN_DEUTAN_DELTA_E = 15.0  # CIE76; about 2.3 is just noticeable, so 15 is plainly different


def test_the_simulation_is_the_machado_matrix_and_keeps_greys() -> None:
    assert P.simulate_deuteranopia((0, 0, 0)) == (0, 0, 0)
    assert P.simulate_deuteranopia((255, 255, 255)) == (255, 255, 255)
    grey = P.simulate_deuteranopia((128, 128, 128))
    assert max(abs(c - 128) for c in grey) <= 1
    # pure red becomes a dark yellow for a deuteranope
    r, g, b = P.simulate_deuteranopia((255, 0, 0))
    assert r > 120 and g > 100 and b < 20


def test_the_check_catches_a_red_green_confusion_pair() -> None:
    red, green = (0xD0, 0x30, 0x30), (0x5A, 0x8A, 0x2A)
    assert P.delta_e(red, green) > 60  # plainly different to most eyes
    assert P.min_distance([red, green], simulate=True) < 5  # nearly the same to a deuteranope


def test_okabe_ito_faction_palette_survives_deuteranopia() -> None:
    colours = list(P.OKABE_ITO.values())
    assert P.min_distance(colours, simulate=True) >= MIN_DEUTAN_DELTA_E


def test_registered_faction_colours_are_okabe_ito_and_apart() -> None:
    colours = {fid: P.hex_rgb(registry.faction(fid).colour) for fid in registry.all_ids()}
    assert colours["marquise"] == P.OKABE_ITO["orange"]
    assert colours["eyrie"] == P.OKABE_ITO["blue"]
    for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
        seen = P.delta_e(P.simulate_deuteranopia(ca), P.simulate_deuteranopia(cb))
        assert seen >= MIN_DEUTAN_DELTA_E, f"{a} and {b} look alike to a deuteranope (ΔE {seen:.1f})"


def test_highlight_is_not_a_faction_colour() -> None:
    for colour in P.OKABE_ITO.values():
        assert P.delta_e(P.HIGHLIGHT, colour) >= 30


@pytest.mark.parametrize("simulate", [False, True])
def test_clearing_suits_are_distinct(simulate: bool) -> None:
    suits = [P.SUIT_COLOURS[s] for s in ("fox", "mouse", "rabbit", "bird")]
    assert P.min_distance(suits, simulate=simulate) >= MIN_DEUTAN_DELTA_E


@pytest.mark.parametrize("suit", ["fox", "mouse", "rabbit", "bird", "any"])
def test_suit_colours_read_with_black_text(suit: str) -> None:
    colour = P.SUIT_COLOURS[suit]
    assert P.text_on(colour) == P.INK
    assert P.contrast(colour, P.INK) >= 7.0  # WCAG AAA for normal text


def test_every_suit_has_its_own_glyph() -> None:
    from render.shapes import SUIT_GLYPHS

    assert set(SUIT_GLYPHS) >= {"fox", "mouse", "rabbit", "bird"}
    assert len({id(f) for f in SUIT_GLYPHS.values()}) == len(SUIT_GLYPHS)


def test_hex_parsing_is_forgiving() -> None:
    assert P.hex_rgb("#E69F00") == (0xE6, 0x9F, 0x00)
    assert P.hex_rgb("0072b2") == (0x00, 0x72, 0xB2)
    assert P.hex_rgb("#fff") == (255, 255, 255)
    assert P.hex_rgb("not a colour") == P.FALLBACK_FACTION
    assert P.hex_rgb(None) == P.FALLBACK_FACTION
