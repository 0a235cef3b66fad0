"""Drawing boards and hands in a worker thread, so the event loop is never blocked by Pillow."""

from __future__ import annotations

import asyncio
import importlib
import logging
from types import ModuleType
from typing import Any

from bot import messages
from bot.service.outbox import Outbox

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"


def _renderer() -> ModuleType:
    # Imported on first use: the bot starts (and its tests run) without loading Pillow until a picture is needed.
    return importlib.import_module("render")


def board_png(view: dict[str, Any], marks: list[Any]) -> bytes:
    """The board as PNG bytes (render/ does the drawing)."""
    return bytes(_renderer().render_board(view, last=marks))


def hand_png(view: dict[str, Any]) -> bytes:
    """A seat's hand as PNG bytes."""
    return bytes(_renderer().render_hand(view))


async def render(outbox: Outbox) -> Outbox:
    """Fill in the pictures an outbox asks for, drawn off the event loop; a drawing failure only loses the picture
    (and the moderators are told)."""
    try:
        if outbox.board is not None and outbox.board_png is None:
            outbox.board_png = await asyncio.to_thread(board_png, outbox.board.view, outbox.board.marks)
        if outbox.hand is not None and outbox.hand_png is None:
            outbox.hand_png = await asyncio.to_thread(hand_png, outbox.hand)
    except Exception:  # the move is saved already: say what happened even without the picture
        log.exception("could not draw a picture")
        outbox.tell_moderators(messages.NOT_DRAWN)
    return outbox


async def hand_picture(view: dict[str, Any]) -> bytes | None:
    """A seat's hand drawn off the event loop; a drawing failure only loses the picture."""
    try:
        return await asyncio.to_thread(hand_png, view)
    except Exception:
        log.exception("could not draw a hand")
        return None
