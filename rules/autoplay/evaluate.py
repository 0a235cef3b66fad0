"""A cheap evaluation of a position for one seat: its side's standing against the strongest other side.

A seat's standing counts its points, its pieces on the map, the clearings it rules, its cards and its items, each
weighted by `Leanings` (a faction adjusts them through its `play_leanings` hook: what its points come from). A finished
game is worth far more than any standing: `WIN` to the winners, `-WIN` to the rest (a shared win: half).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules import registry
from rules.modes.base import mode_of
from rules.pieces import BUILDING, TOKEN, WARRIOR, category_of_key, controller
from rules.rule import ruled_by, side_of
from rules.state import GameState

WIN = 1000.0

RACE = 1.0
"""How much more a point is worth when the leader has reached the winning score (none at the start: in between, in
proportion to the leader's share of it). Near the end, points win games and pieces no longer have time to pay."""


@dataclass(frozen=True)
class Leanings:
    """What one unit of each thing is worth to a seat, in victory points."""

    points: float = 1.0
    warriors: float = 0.2
    buildings: float = 0.6
    tokens: float = 0.5
    cards: float = 0.35
    held: float = 0.35
    """A card kept outside the hand (`held_cards`: the Decree, the Supporters, the Retinue)."""
    crafted: float = 0.35
    """A crafted card kept face up (a persistent effect)."""
    rule: float = 0.3
    items: float = 0.5
    damaged: float = 0.15
    """A damaged item (it serves again once repaired)."""


LEANINGS = Leanings()


def leanings(state: GameState, seat: int) -> Leanings:
    """The seat's weights: the defaults, as its faction adjusts them (`play_leanings`)."""
    changes: Mapping[str, float] = registry.of(state, seat).play_leanings(state, seat)
    return replace(LEANINGS, **changes) if changes else LEANINGS


def pieces_on_map(state: GameState, faction: str) -> dict[str, int]:
    """The faction's warriors, buildings and tokens on the map (clearings and forests), by category."""
    out = {WARRIOR: 0, BUILDING: 0, TOKEN: 0}
    for place in (*state.clearings, *state.forests.values()):
        for key, n in place.items():
            if n > 0 and controller(key) == faction:
                category = category_of_key(key)
                if category in out:
                    out[category] += n
    return out


def standing(state: GameState, seat: int, urgency: float = 1.0, own: bool = True) -> float:
    """What a seat has, in points' worth (`urgency`: what each point is worth on top of its weight; `own`: with
    what its faction counts besides, `play_worth`)."""
    s = state.seats[seat]
    w = leanings(state, seat)
    on_map = pieces_on_map(state, s.faction)
    held = len(registry.of(state, seat).held_cards(state, seat))
    points = 0.0 if s.dominance is not None else s.points * w.points * urgency
    return (
        points
        + on_map[WARRIOR] * w.warriors
        + on_map[BUILDING] * w.buildings
        + on_map[TOKEN] * w.tokens
        + len(s.hand) * w.cards
        + held * w.held
        + len(s.crafted) * w.crafted
        + sum(w.damaged if i["damaged"] else w.items for i in s.items)
        + len(ruled_by(state, seat)) * w.rule
        + (registry.of(state, seat).play_worth(state, seat) if own else 0.0)
    )


def sides(state: GameState) -> dict[str, list[int]]:
    """The seats of each side (a team in a team game, else each seat alone)."""
    out: dict[str, list[int]] = {}
    for seat in range(len(state.seats)):
        out.setdefault(side_of(state, seat), []).append(seat)
    return out


def urgency(state: GameState, groups: Mapping[str, list[int]]) -> float:
    """What a point is worth now: more as the leading side nears the winning score (by `RACE` once it is there)."""
    target = max(1, mode_of(state).win_points(state))
    leader = max(sum(state.seats[s].points for s in seats) for seats in groups.values())
    return 1.0 + RACE * min(1.0, leader / target)


def value(state: GameState, seat: int, plain: bool = False) -> float:
    """How good the position is for the seat's side: its standing less the others' (their best and their mean);
    `plain`: the first evaluation, kept by the greedy baseline (points worth the same all game, no `play_worth`)."""
    groups = sides(state)
    mine = side_of(state, seat)
    hurry = 1.0 if plain else urgency(state, groups)
    worth = {side: sum(standing(state, s, hurry, not plain) for s in seats) for side, seats in groups.items()}
    others = [v for side, v in worth.items() if side != mine]
    ahead = worth[mine] - ((max(others) + sum(others) / len(others)) / 2 if others else 0.0)
    if not state.over:
        return ahead
    won = {side_of(state, w) for w in state.winners}
    if mine not in won:
        return ahead - WIN
    return ahead + (WIN if len(won) == 1 else WIN / 2)
