"""Putting game outcomes into words: who acted, what happened, who is next, how the game stands."""

from __future__ import annotations

from typing import Any

import rules
from bot import messages
from bot.service.notation import card_label
from bot.service.outbox import BoardJob, Choice, LiveBoard, Outbox, Prompt
from bot.service.table import Table, faction_name, seat_faction
from rules import registry
from rules.actions import CARD, CLEARING, CLEARINGS, COUNT, FACTION, KEYED_CLEARINGS, KEYED_SUITS, PATH, SUIT
from rules.cards import keys
from rules.scoring import team_points
from rules.state import Mark
from rules.view_types import View


def board_job(
    state: rules.GameState, marks: list[Mark], version: int = 0, automated: frozenset[int] = frozenset()
) -> BoardJob:
    """The public board picture of a state (a spectator's view: no hands), of the game row's version; the seats
    automated players hold are marked (public information). The view is made here, with the answer: a view that
    fails leaves the board out of the move's answer and the moderators are told (bot.service.describe)."""
    job = BoardJob(state, marks, version, automated=automated)
    _ = job.view
    return job


BOARD_POSTS = ("move", "turn", "request")  # after every move, at the end of each turn, only on request


def board_due(posts: str, old: rules.GameState | None, new: rules.GameState) -> bool:
    """Whether a game posts a board now: after every move; at a turn's end, the start or the end; or never by itself."""
    if posts == "request":
        return False
    if posts == "turn":
        return old is None or new.over or (old.turn.seat, old.turn.round) != (new.turn.seat, new.turn.round)
    return True


def show_board(
    outbox: Outbox, table: Table, old: rules.GameState | None, new: rules.GameState, marks: list[Mark]
) -> None:
    """Add the board to an outbox when the game's board posting asks for one (to the live board message if kept)."""
    if not board_due(table.game.board_posts, old, new):
        return
    outbox.board = board_job(new, marks, table.game.version + 1, table.automated_seats())
    if table.game.live_board:
        game = table.game
        caption, shown = board_text(new), game.board_message_id
        outbox.live = LiveBoard(game.channel_id, game.version + 1, caption, message_id=shown, game=game.created_at)


def marks_of(events: list[rules.Event]) -> list[Mark]:
    """The renderer's marks for what just happened."""
    return [m for e in events for m in e.marks]


def seat_line(table: Table, state: rules.GameState, seat: int) -> str:
    """A seat as 'Faction (player)', with the team in a team game."""
    team = state.seats[seat].team
    template = messages.SEAT_TEAM_LINE if team else messages.SEAT_LINE
    return template.format(faction=seat_faction(state, seat), user=table.who(seat), team=team)


def start_text(table: Table, state: rules.GameState) -> str:
    """The announcement when a game begins."""
    seats = ", ".join(seat_line(table, state, i) for i in range(len(state.seats)))
    order = " → ".join(seat_faction(state, i) for i in state.order)
    return messages.STARTED.format(seats=seats, order=order)


def points_text(state: rules.GameState) -> str:
    """Every faction's points (after each team's total in a team game)."""
    factions = ", ".join(
        messages.POINTS_ITEM.format(faction=seat_faction(state, i), points=s.points) for i, s in enumerate(state.seats)
    )
    teams = sorted({s.team for s in state.seats if s.team})
    if not teams:
        return factions
    totals = ", ".join(messages.TEAM_POINTS_ITEM.format(team=t, points=team_points(state, t)) for t in teams)
    return messages.TEAM_POINTS.format(teams=totals, factions=factions)


def game_over_text(table: Table, state: rules.GameState) -> str:
    """Who won, and the final points."""
    winners = " and ".join(seat_line(table, state, i) for i in state.winners) or messages.NOBODY
    s = "" if len(state.winners) > 1 else "s"
    return messages.GAME_OVER.format(winners=winners, s=s, points=points_text(state))


def next_up(outbox: Outbox, table: Table, state: rules.GameState, before: int | None) -> None:
    """Add who must act next; mention them only when the seat to act changed, and offer a button for decisions."""
    seat = rules.to_act(state)
    if seat is None:
        outbox.public += "\n" + game_over_text(table, state)
        return
    faction, what = seat_faction(state, seat), rules.waiting_for(state)
    user = table.seated_user(seat)
    if table.automated(seat):  # it moves by itself, after a short delay: no mention, no button
        outbox.public += "\n" + messages.NEXT_AUTOMATED.format(faction=faction, what=what)
        outbox.automated_next = True
        return
    if user is None:
        line = messages.NEXT_VACANT.format(faction=faction, what=what)
    elif seat != before:
        line = messages.NEXT_MENTION.format(user=f"<@{user}>", faction=faction, what=what)
        outbox.mentions.append(user)
    else:
        line = messages.NEXT_SAME.format(faction=faction, what=what)
    outbox.public += "\n" + line
    if state.pending or user is not None:  # its player presses it and privately gets the answers or likeliest moves
        template = messages.CHOOSE_BUTTON if state.pending else messages.MOVES_BUTTON
        outbox.prompt = Prompt(table.game.channel_id, state.version, user, template.format(faction=faction))


LIKELY_ACTIONS = 4  # buttons for the likeliest moves of a step, besides ending it


def action_label(action: rules.Action) -> str:
    """An action in words for a button: 'Build sawmill in 5', 'Move 1 → 5 ×2', 'Craft Anvil (fox)'."""
    parts = [action.verb.capitalize()]
    for name, kind in action.spec:
        value = getattr(action, name)
        if value is None or value == ():
            continue
        parts.append(_label_part(name, kind, value, action))
    return " ".join(parts)[:80]


def _label_part(name: str, kind: str, value: Any, action: rules.Action) -> str:
    if kind == CLEARING:
        return messages.LABEL_IN.format(where=value)
    if kind == PATH:
        return f"{value} → {getattr(action, 'dst', '?')}"
    if kind == COUNT:
        return f"×{value}"
    if kind == CARD and value in keys():
        return card_label(value)
    if kind == FACTION:
        return faction_name(value) if registry.find_faction(str(value)) else str(value)
    if kind == SUIT:
        return messages.LABEL_WITH.format(suit=value)
    if kind in (CLEARINGS, KEYED_CLEARINGS, KEYED_SUITS):
        listed = ", ".join(str(v) for v in value)
        return messages.LABEL_IN.format(where=listed) if kind == CLEARINGS else f"{name} {listed}"
    return str(value)


def end_label(state: rules.GameState) -> str:
    """The button that ends the current step, named after it ('End Birdsong cards', 'End actions')."""
    phase, _, step = state.turn.step.partition(".")
    words = [phase.capitalize(), step] if phase in ("birdsong", "daylight", "evening") else [step or phase]
    return messages.LABEL_END.format(step=" ".join(w for w in words if w))


def likely_actions(state: rules.GameState, seat: int) -> list[Choice]:
    """Private buttons for a step: the first legal action of each verb (the likeliest moves), and ending the step.

    Only the seat's own player sees them (what is legal may depend on its hand and face-down cards).
    """
    legal = rules.legal_actions(state, seat)
    firsts: dict[str, rules.Action] = {}
    for action in legal:
        firsts.setdefault(action.verb, action)
    ends = [Choice(end_label(state), a.notation()) for a in legal if a.verb == "end"][:1]
    picks = [a for verb, a in firsts.items() if verb != "end"][:LIKELY_ACTIONS]
    return [Choice(action_label(a), a.notation()) for a in picks] + ends


def events_text(events: list[rules.Event]) -> str:
    """The public lines of what happened."""
    return "\n".join(e.public for e in events if e.public)


def private_texts(events: list[rules.Event]) -> dict[int, str]:
    """Each seat's private lines of what happened."""
    out: dict[int, list[str]] = {}
    for e in events:
        for seat, text in e.private.items():
            out.setdefault(int(seat), []).append(text)
    return {seat: "\n".join(lines) for seat, lines in out.items()}


def card_text(key: str) -> str:
    """A card's name, suit, cost and text."""
    c = keys()[key]
    cost = messages.CARD_COST.format(cost=", ".join(c.cost)) if c.cost else ""
    return messages.CARD.format(name=c.name, suit=c.suit, type=c.type, cost=cost, text=c.text)


def hand_text(state: rules.GameState, seat: int, view: View) -> str:
    """A seat's hand in words (for that seat only)."""
    faction = seat_faction(state, seat)
    cards = view.get("hand") or []
    if not cards:
        text = messages.HAND_EMPTY.format(faction=faction)
    else:
        lines = [_card_line(key) for key in cards]
        text = messages.HAND.format(faction=faction, count=messages.plural(len(cards), "card"), cards="\n".join(lines))
    for pile, held in (view.get("private_cards") or {}).items():  # face-down cards only this seat sees (Supporters)
        listed = "\n".join(_card_line(key) for key in held) or messages.NOTHING
        text += "\n" + messages.PRIVATE_PILE.format(pile=pile, count=len(held), cards="\n" + listed)
    for line in view.get("private_lines") or []:  # what only this seat reads besides its hand (face-down plots)
        text += "\n" + line
    return text


def _card_line(key: str) -> str:
    c = keys()[key]
    return messages.HAND_CARD.format(name=c.name, suit=c.suit, type=c.type, text=c.text)


def board_text(state: rules.GameState) -> str:
    """One line on how the game stands."""
    if state.over:
        return messages.BOARD_OVER.format(round=state.turn.round, points=points_text(state))
    return messages.BOARD.format(
        round=state.turn.round,
        whose=messages.possessive(seat_faction(state, state.turn.seat)),
        phase=state.turn.phase,
        points=points_text(state),
    )


def when(epoch: int | None) -> str:
    """A Discord timestamp each reader sees in their own time zone, as 'in 5 hours'."""
    return f"<t:{epoch}:R>" if epoch is not None else "—"
