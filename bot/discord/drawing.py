"""Drawing boards and hands off the event loop (bot.painter: worker processes, or a thread with none)."""

from __future__ import annotations

import io
import logging
import re

import discord

from bot import messages
from bot.painter import Painter
from bot.service.outbox import Outbox
from rules.state import Mark
from rules.view_types import View

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"  # a board of no particular game version (none posted in a channel is)
HAND_FILE = "hand.png"
_BOARD_NAME = re.compile(r"board-v(\d+)\.png")


def board_name(version: int) -> str:
    """A board's file name: it carries the game version it shows (public), so a repost can be told apart."""
    return f"board-v{version}.png" if version > 0 else BOARD_FILE


def board_version(name: str) -> int | None:
    """The game version a board's file name carries (None: not a board of a version)."""
    found = _BOARD_NAME.fullmatch(name)
    return int(found.group(1)) if found else None


def is_board(name: str) -> bool:
    """Whether a file is a board picture (of a version or not)."""
    return name == BOARD_FILE or board_version(name) is not None


def file_of(data: bytes, name: str) -> discord.File:
    """A fresh File for one send (a File is closed once sent)."""
    buffer = io.BytesIO(data)
    buffer.seek(0)
    return discord.File(buffer, filename=name)


def board_png(view: View, marks: list[Mark]) -> bytes:
    """The board as PNG bytes (render/ does the drawing)."""
    # Imported on first use: the bot starts (and its tests run) without loading Pillow until a picture is needed.
    from render import render_board
    from render.scale import POSTED

    return render_board(view, last=marks, scale=POSTED)


def hand_png(view: View) -> bytes:
    """A seat's hand as PNG bytes."""
    from render import render_hand  # on first use, as above

    return render_hand(view)


def painter_for(workers: int = 0) -> Painter:
    """A painter with `workers` processes; with none, it draws in a thread with this module's functions (looked up
    when called, so a test may replace them)."""
    return Painter(workers, in_thread=(lambda view, marks: board_png(view, marks), lambda view: hand_png(view)))


IN_THREAD = painter_for(0)


async def render(outbox: Outbox, painter: Painter = IN_THREAD) -> Outbox:
    """Fill in the pictures an outbox asks for, drawn off the event loop; a drawing failure only loses the picture
    (and the moderators are told)."""
    try:
        if outbox.board is not None and outbox.board_png is None:
            outbox.board_png = await painter.board(outbox.board.view, outbox.board.marks)
        if outbox.hand is not None and outbox.hand_png is None:
            outbox.hand_png = await painter.hand(outbox.hand)
    except Exception:  # the move is saved already: say what happened even without the picture
        log.exception("could not draw a picture")
        outbox.tell_moderators(messages.NOT_DRAWN)
    return outbox


async def hand_picture(view: View, painter: Painter = IN_THREAD) -> bytes | None:
    """A seat's hand drawn off the event loop; a drawing failure only loses the picture."""
    try:
        return await painter.hand(view)
    except Exception:
        log.exception("could not draw a hand")
        return None
