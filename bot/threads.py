"""Private player threads: what each seat's own thread gets after a change (its draws, its hand, its prompts)."""

from __future__ import annotations

from dataclasses import dataclass

import rules
from bot import messages
from bot.core import ServiceCore
from bot.outbox import Choice, SeatPost, SeatThread
from bot.present import action_label, private_texts
from bot.table import Table, seat_faction
from rules.cards import label

MAX_CHOICES = 20


def hand_line(state: rules.GameState, seat: int) -> str:
    """A seat's hand in one line (for that seat only)."""
    cards = sorted(state.seats[seat].hand)
    listed = ", ".join(label(c) for c in cards) or messages.NOTHING
    lines = [messages.THREAD_HAND.format(count=len(cards), cards=listed)]
    for pile, held in rules.registry.of(state, seat).private_cards(state, seat).items():  # the Supporters
        shown = ", ".join(label(c) for c in sorted(held)) or messages.NOTHING
        lines.append(messages.PRIVATE_PILE.format(pile=pile, count=len(held), cards=shown))
    return "\n".join(lines)


def prompt_lines(state: rules.GameState, seat: int) -> tuple[str, list[Choice]]:
    """A decision waiting for a seat, with its answers as buttons (or listed, when there are too many)."""
    what = rules.waiting_for(state)
    options = rules.legal_actions(state, seat)
    if len(options) > MAX_CHOICES:
        listed = "\n".join(f"`{a.notation()}`" for a in options)
        return messages.TOO_MANY_CHOICES.format(what=what, answers=listed), []
    return messages.YOUR_CHOICES.format(what=what), [Choice(action_label(a), a.notation()) for a in options]


def seat_posts(
    table: Table,
    old: rules.GameState | None,
    new: rules.GameState,
    events: list[rules.Event],
    game_version: int,
    opening: set[int] | None = None,
) -> list[SeatPost]:
    """Each seated player's private post after a change: private notes, the hand if it changed, a prompt for them.

    `opening` names seats whose player gets their thread now (at the start): welcome and hand.
    """
    privates = private_texts(events)
    out = []
    for row in table.seats:
        if row.seat is None or row.user_id is None:
            continue
        player = Player(row.seat, row.faction, row.user_id, row.user_name)
        post = _post(table, player, old, new, privates.get(row.seat), game_version, row.seat in (opening or set()))
        if post is not None:
            out.append(post)
    return out


def opening_post(table: Table, faction: str, user_id: int, user_name: str, game_version: int) -> list[SeatPost]:
    """The first post of a seat's new player (a vacated seat taken, a player replaced): welcome and hand."""
    row = table.by_faction(faction)
    if row is None or row.seat is None or table.game.state is None:
        return []
    state = table.state
    post = _post(table, Player(row.seat, row.faction, user_id, user_name), state, state, None, game_version, True)
    return [post] if post is not None else []


@dataclass(frozen=True)
class Player:
    """A seat and the player a post is for."""

    seat: int
    faction: str
    user_id: int
    name: str


def _post(
    table: Table,
    player: Player,
    old: rules.GameState | None,
    new: rules.GameState,
    note: str | None,
    game_version: int,
    fresh: bool,
) -> SeatPost | None:
    seat = player.seat
    faction = seat_faction(new, seat)
    lines = [messages.THREAD_WELCOME.format(user=f"<@{player.user_id}>", faction=faction)] if fresh else []
    if note:
        lines.append(note)
    hand = None
    if fresh or old is None or sorted(old.seats[seat].hand) != sorted(new.seats[seat].hand):
        hand = rules.view_for(new, seat)
        lines.append(hand_line(new, seat))
    choices: list[Choice] = []
    if new.pending and rules.to_act(new) == seat:
        text, choices = prompt_lines(new, seat)
        lines.append(text)
    if not lines:
        return None
    post = SeatPost(
        table.game.channel_id, player.faction, player.user_id, "\n".join(lines), hand, choices, game_version
    )
    post.thread_name = messages.THREAD_NAME.format(faction=faction, user=player.name)[:100]
    row = table.by_faction(player.faction)
    if row is not None and row.thread_id is not None:
        post.stored = SeatThread(row.thread_id, row.thread_user_id, row.thread_kind or "thread")
    return post


class Threads(ServiceCore):
    """The private thread (or DM) of each seat, kept so that it is found again after a restart."""

    async def remember_thread(self, channel_id: int, faction: str, user_id: int, where: int, kind: str) -> None:
        """Keep the thread (or DM channel) made for a seat's player."""
        await self.store.set_seat_preference(
            channel_id, faction, thread_id=where, thread_user_id=user_id, thread_kind=kind
        )
