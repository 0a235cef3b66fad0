"""Board and hand images: pure functions from what one seat (or a spectator) may see to PNG bytes."""

from __future__ import annotations

from collections.abc import Sequence

from render.board import compose
from render.encode import DISCORD_LIMIT, encode
from render.hand import compose_hand
from rules.state import Mark
from rules.view_types import View


def render_board(
    view: View, last: Sequence[Mark] = (), *, max_bytes: int = DISCORD_LIMIT, scale: float = 1.0
) -> bytes:
    """PNG of the map, the pieces, the last action's marks and the side panel (JPEG only past max_bytes), drawn at
    `scale` of the design size (render.scale.POSTED: the board the bot posts)."""
    return encode(compose(view, last, scale), max_bytes)


def render_hand(view: View) -> bytes:
    """PNG of the viewing seat's hand as card tiles; ValueError when the view holds no hand."""
    return encode(compose_hand(view))


__all__ = ["render_board", "render_hand"]
