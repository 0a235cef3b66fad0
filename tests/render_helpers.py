"""Helpers for render tests: decoding PNGs, views with an empty map, finding a clearing in a view."""

from __future__ import annotations

import copy
import io
from typing import Any

from PIL import Image


def decode(data: bytes) -> Image.Image:
    """PNG bytes as an RGB image."""
    return Image.open(io.BytesIO(data)).convert("RGB")


def empty_map(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of the view with every piece, ruin and forest pawn taken off the map."""
    view = copy.deepcopy(view)
    for clearing in view["clearings"]:
        clearing["pieces"] = {}
        clearing["ruin"] = False
    view["forests"] = {}
    return view


def tinker_view() -> tuple[dict[str, Any], int]:
    """A three-seat game just after the Tinker's setup: his robots (two gears each) in one clearing, and its id."""
    import rules

    state = rules.new_game({"factions": ["marquise", "eyrie", "tinker"]}, 4)
    while state.turn.phase == "setup":
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = rules.apply_unchecked(state, seat, rules.legal_actions(state, seat)[0])
    robots = next(c for c in state.board.ids() if state.clearings[c - 1].get("tinker:birdbot"))
    return rules.view_for(state, None), robots


def clearing_of(view: dict[str, Any], cid: int) -> dict[str, Any]:
    """One clearing of a view, by id."""
    return next(c for c in view["clearings"] if c["id"] == cid)
