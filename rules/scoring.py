"""Victory points: scoring, team totals, and finishing the game (the mode decides when)."""

from __future__ import annotations

from rules.hand import faction_name
from rules.registry import lineup
from rules.state import GameState
from rules.words import plural


def score(state: GameState, seat: int, n: int, why: str = "") -> int:
    """Add (or lose) points; a seat with an activated dominance card scores nothing."""
    s = state.seats[seat]
    if s.dominance is not None or n == 0:
        return 0
    before = s.points
    s.points += n
    if s.points < 0 and not state.options.get("negative_points", False):
        s.points = 0
    change = s.points - before
    if change:
        verb = "scores" if change > 0 else "loses"
        tail = f" ({why})" if why else ""
        state.say(f"{faction_name(state, seat)} {verb} {plural(abs(change), 'point')}{tail}.")
    return change


def team_points(state: GameState, team: str) -> int:
    """Points of a whole team."""
    return sum(s.points for s in state.seats if s.team == team)


def clockwise_from_current(state: GameState) -> list[int]:
    """Seats in turn order starting with the seat whose turn it is."""
    order = state.order
    start = order.index(state.turn.seat) if state.turn.seat in order else 0
    return order[start:] + order[:start]


def finish(state: GameState, winners: list[int], why: str) -> None:
    """Mark the game won; seats that win with a winner (a coalition) win too."""
    table = state.lineup or lineup(state)
    winners = winners + [
        s for s in table.overriding["wins_with"] if s not in winners and table.plugins[s].wins_with(state, s, winners)
    ]
    state.over = True
    state.winners = winners
    state.pending = []
    state.battle = None
    names = " and ".join(faction_name(state, w) for w in winners)
    state.say(f"{names} win{'s' if len(winners) == 1 else ''} the game: {why}!")
