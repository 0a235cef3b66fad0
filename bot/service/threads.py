"""Private threads: what each seat's own thread gets after a change (its draws, its hand, its prompts), and the
private thread of each team of a team game (its players, a welcome; never a hand)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import rules
from bot import messages
from bot.service.core import ServiceCore
from bot.service.outbox import Choice, SeatPost, SeatThread, TeamPlan
from bot.service.present import action_label, private_texts
from bot.service.table import Table, faction_name, seat_faction
from bot.storage.models import TeamThread
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
    lines += rules.registry.of(state, seat).private_lines(state, seat)  # the Corvids' face-down plots
    return "\n".join(lines)


def _private_lines(state: rules.GameState | None, seat: int) -> list[str]:
    """What only a seat reads besides its hand (the Corvids' face-down plots); none before the game."""
    return rules.registry.of(state, seat).private_lines(state, seat) if state is not None else []


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
    changed = old is None or sorted(old.seats[seat].hand) != sorted(new.seats[seat].hand)
    if fresh or changed or _private_lines(old, seat) != _private_lines(new, seat):
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


def teams_of(table: Table) -> dict[str, list[int]]:
    """A started team game's teams and the seated players of each (empty for a game without teams)."""
    if table.game.state is None:
        return {}
    teams: dict[str, list[int]] = {}
    for row in table.seats:
        if row.team:
            members = teams.setdefault(row.team, [])
            if row.user_id is not None:
                members.append(row.user_id)
    return teams


def team_plans(table: Table, stored: list[TeamThread]) -> list[TeamPlan]:
    """Each team's private thread as it should be now, with what was stored of it (in team order)."""
    saved = {row.team: row for row in stored}
    plans = []
    for team in sorted(teams_of(table)):
        rows = [r for r in table.seats if r.team == team and r.user_id is not None]
        robots = [r for r in table.seats if r.team == team and r.automated]  # named, never added to the thread
        listed = ", ".join(
            [messages.TEAM_MEMBER.format(user=f"<@{r.user_id}>", faction=faction_name(r.faction)) for r in rows]
            + [messages.TEAM_MEMBER.format(user=messages.AUTOMATED, faction=faction_name(r.faction)) for r in robots]
        )
        joined = {
            r.user_id: messages.TEAM_THREAD_JOINED.format(
                user=f"<@{r.user_id}>", faction=faction_name(r.faction), team=team
            )
            for r in rows
            if r.user_id is not None
        }
        row = saved.get(team)
        plans.append(
            TeamPlan(
                channel_id=table.game.channel_id,
                team=team,
                name=messages.TEAM_THREAD_NAME.format(team=team)[:100],
                welcome=messages.TEAM_THREAD_WELCOME.format(team=team, members=listed or messages.NOBODY),
                joined=joined,
                thread_id=row.thread_id if row else None,
                kind=row.kind if row else None,
                added=frozenset(json.loads(row.members)) if row else frozenset(),
                welcomed=row.welcomed if row else False,
            )
        )
    return plans


def team_thread_line(table: Table, stored: list[TeamThread], user_id: int) -> str:
    """Where a player's team talks privately (for /root status), or '' when they play no team game."""
    mine = table.seat_of(user_id)
    row = next((r for r in stored if mine is not None and r.team == mine.team), None)
    if row is None:
        return ""
    if row.kind == "none":
        return messages.STATUS_NO_TEAM_THREAD
    return messages.STATUS_TEAM_THREAD.format(thread=row.thread_id) if row.thread_id else ""


class Threads(ServiceCore):
    """The private thread (or DM) of each seat, kept so that it is found again after a restart."""

    async def remember_thread(self, channel_id: int, faction: str, user_id: int, where: int, kind: str) -> None:
        """Keep the thread (or DM channel) made for a seat's player."""
        await self.store.set_seat_preference(
            channel_id, faction, thread_id=where, thread_user_id=user_id, thread_kind=kind
        )

    async def team_plans(self, channel_id: int) -> list[TeamPlan]:
        """The private thread each team of a started team game should have now (none for other games)."""
        table = await self.maybe_table(channel_id)
        if table is None or table.game.status not in ("active", "paused") or not teams_of(table):
            return []
        return team_plans(table, await self.store.team_threads(channel_id))

    async def remember_team_thread(self, channel_id: int, team: str, **values: object) -> None:
        """Keep what was done for a team's thread: made (its id), its players added, welcomed, or not allowed."""
        await self.store.set_team_thread(channel_id, team, **values)
