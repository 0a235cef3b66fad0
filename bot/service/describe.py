"""Describing a game after a change: the board, who is next, each seat's private post.

Describing never decides whether a change is kept: a part that fails (a bug in a view, a panel, a prompt) is left
out and logged, the change is still saved and shown as text, and the game's moderators are told what is missing,
in words that name no hidden information.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import rules
from bot import messages
from bot.service.outbox import Outbox
from bot.service.present import next_up, show_board
from bot.service.table import Table
from bot.service.threads import seat_posts

log = logging.getLogger(__name__)


def describe(
    outbox: Outbox,
    table: Table,
    old: rules.GameState | None,
    new: rules.GameState,
    events: list[rules.Event],
    marks: list[Any],
    opening: set[int] | None = None,
) -> None:
    """Add the board, the private posts and who is next to an outbox; a part that fails is only left out."""
    version = table.game.version + 1
    before = rules.to_act(old) if old is not None else None

    def posts() -> None:
        outbox.seat_posts = seat_posts(table, old, new, events, version, opening)

    parts: list[tuple[str, Callable[[], None]]] = [
        (messages.PART_BOARD, lambda: show_board(outbox, table, old, new, marks)),
        (messages.PART_POSTS, posts),
        (messages.PART_NEXT, lambda: next_up(outbox, table, new, before=before)),
    ]
    missing = [name for name, add in parts if not _added(add, table.game.channel_id, name)]
    if missing:
        outbox.public += "\n" + messages.NOT_DESCRIBED
        outbox.tell_moderators(messages.DESCRIBE_FAILED.format(parts=" and ".join(missing), mods="{mods}"))


def _added(add: Callable[[], None], channel_id: int, name: str) -> bool:
    """Run one part of a description; False (and the error logged) when it failed."""
    try:
        add()
    except Exception:  # a bug in describing: the change itself is sound and is kept
        log.exception("could not describe %s in channel %s", name, channel_id)
        return False
    return True
