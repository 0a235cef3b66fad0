"""The private hand image: only the viewing seat's cards, as tiles."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops
from vagabond_helpers import V, vb_blank

import rules
from render import hand as hand_module
from render import palette as P
from render import render_hand
from render.hand import GAP, TILE_H, TILE_W, TITLE_H
from render.samples import played_game
from rules.cards import keys
from rules.factions.vagabond import board as vb


@pytest.fixture(scope="module")
def state() -> rules.GameState:
    return played_game()[0]


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_each_seat_sees_its_own_hand(state: rules.GameState) -> None:
    mine, theirs = rules.view_for(state, 0), rules.view_for(state, 1)
    assert mine["hand"] != theirs["hand"]
    assert render_hand(mine) != render_hand(theirs)
    assert render_hand(mine) == render_hand(copy.deepcopy(mine))


def test_a_spectator_has_no_hand(state: rules.GameState) -> None:
    with pytest.raises(ValueError, match="no hand"):
        render_hand(rules.view_for(state, None))


def test_only_the_hand_and_viewer_matter(state: rules.GameState) -> None:
    view = rules.view_for(state, 0)
    stripped: dict[str, Any] = {"hand": view["hand"], "viewer": 0, "seats": view["seats"]}
    assert render_hand(stripped) == render_hand(view)
    other = dict(stripped, hand=rules.view_for(state, 1)["hand"])
    assert render_hand(other) != render_hand(view)


@pytest.mark.parametrize(("count", "rows"), [(0, 1), (1, 1), (3, 1), (4, 2), (7, 3)])
def test_one_tile_per_card(count: int, rows: int) -> None:
    keys = ["ambush-bird", "anvil", "armorers", "codebreakers", "investments", "favor-of-the-foxes", "root-tea-rabbit"]
    image = decode(render_hand({"hand": keys[:count], "viewer": None}))
    assert image.height == TITLE_H + rows * (TILE_H + GAP) + GAP // 2
    for i in range(count):
        x = GAP + (i % 3) * (TILE_W + GAP)
        y = TITLE_H + (i // 3) * (TILE_H + GAP)
        assert image.getpixel((x + TILE_W // 2, y + 1)) == P.INK  # the tile's border


def test_tile_band_shows_the_suit() -> None:
    image = decode(render_hand({"hand": ["anvil", "codebreakers", "root-tea-rabbit", "ambush-bird"], "viewer": None}))
    expected = ["fox", "mouse", "rabbit", "bird"]
    for i, suit in enumerate(expected):
        x = GAP + (i % 3) * (TILE_W + GAP)
        y = TITLE_H + (i // 3) * (TILE_H + GAP)
        assert image.getpixel((x + TILE_W - 20, y + 40)) == P.suit_colour(suit)


def test_unknown_card_keys_still_draw() -> None:
    assert render_hand({"hand": ["no-such-card"], "viewer": None}).startswith(b"\x89PNG")


def test_the_viewer_s_completed_quests_follow_the_hand_in_play() -> None:
    state = vb_blank(where=5)
    plain = rules.view_for(state, V)
    state.piles[vb.done_pile(vb.ID)] = [state.piles[vb.QUEST_DECK].pop(), state.piles[vb.QUEST_DECK].pop()]
    view = rules.view_for(state, V)
    assert [c["name"] for c in view["seats"][V]["play_area"]] == [vb.quest(q).name for q in vb.done(state, vb.ID)]
    assert rules.view_for(state, 0)["seats"][V]["play_area"] == view["seats"][V]["play_area"]  # public
    shown, before = decode(render_hand(view)), decode(render_hand(plain))
    assert shown.height == before.height + TITLE_H + TILE_H + GAP
    assert decode(render_hand(rules.view_for(state, 0))).height < shown.height  # another seat's hand shows none


SUITS = {"fox", "mouse", "rabbit", "bird", "any"}


@pytest.mark.parametrize("key", sorted(k for k, c in keys().items() if len(c.cost) >= 2 and set(c.cost) <= SUITS))
def test_a_cost_of_several_suits_covers_no_other_text(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sword, Investments, Arms Trader... once drew their second cost icon over the suit and type line."""
    view = {"hand": [key], "seats": [{"name": "Ann", "faction": "marquise"}], "viewer": 0}
    with_cost = decode(render_hand(view))
    monkeypatch.setattr(hand_module, "_cost", lambda *_: None)  # the same tile, its cost left out
    without = decode(render_hand(view))
    icons = ImageChops.difference(with_cost, without).convert("L").point(lambda v: 255 if v else 0)
    assert icons.getbbox() is not None
    under = Image.composite(without, Image.new("RGB", without.size, P.WHITE), icons)  # what the icons sit on
    drawn = {rgb for _, rgb in under.getcolors(1 << 16) or []} - {P.WHITE}
    assert not drawn, f"{key}: its cost icons are drawn over text"
