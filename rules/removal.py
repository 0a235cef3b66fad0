"""The one removal pipeline: immunity, interception, back to the supply, points, then every seat hears.

Every removal (battle hits, ambushes, Favors, Tax Collector, "remove all" abilities) goes through
`take` for each kind of piece and `announce` + `trigger` once per place. A piece kind declares the
causes that can remove it and the points an enemy scores for it; any seat or the mode may divert a
removal to one of its off-board areas or cancel it (`TableHooks.intercept_removal`).
"""

from __future__ import annotations

from rules import listeners, registry
from rules.hooks import CANCEL, Place, Removal, Removed
from rules.map_pieces import pieces_at, place_name
from rules.pieces import kind_of, kind_of_key, parse_key
from rules.rule import enemies
from rules.scoring import score
from rules.state import GameState
from rules.words import plural


def take(
    state: GameState,
    place: Place,
    piece: str,
    n: int,
    by: int | None,
    cause: str,
    scores: bool = True,
    along: tuple[tuple[str, int], ...] = (),
) -> tuple[int, str | None]:
    """Remove up to n pieces under one key (no reactions yet); returns how many left and the area they went to.
    `along`: every piece removed in the same go, for those who intercept."""
    kind = kind_of_key(piece)
    pieces = pieces_at(state, place)
    n = min(n, pieces.get(piece, 0))
    if n <= 0 or not kind.removable(cause):
        return 0, None
    diverted = listeners.intercept(state, Removal(place, piece, n, by, cause, along or ((piece, n),)))
    if diverted is not None and diverted[1] == CANCEL:
        return 0, None
    pieces[piece] -= n
    if not pieces[piece]:
        del pieces[piece]
    owner, _, controller = parse_key(piece)
    if diverted is not None:
        area_seat, area = diverted
        assert area_seat is not None, "only a seat has areas"
        held = state.seats[area_seat].areas.setdefault(area, {})
        held[piece] = held.get(piece, 0) + n
    else:
        owner_seat = state.seat_of(owner)
        if owner_seat is not None:
            supply = state.seats[owner_seat].supply
            supply[kind.box_family] = supply.get(kind.box_family, 0) + n
    controller_seat = state.seat_of(controller)
    points = kind.removal_points * n
    if scores and points and by is not None and controller_seat is not None and enemies(state, by, controller_seat):
        score(state, by, points, f"removing {plural(n, kind.name.lower())}")
    return n, (diverted[1] if diverted else None)


def remove_all(
    state: GameState,
    place: Place,
    plan: dict[str, int],
    by: int | None,
    cause: str,
    react: bool = True,
    scores: bool = True,
) -> Removed | None:
    """Remove several kinds from one place at once, say so, then (unless react is False) let every seat react."""
    taken: dict[str, int] = {}
    diverted: dict[str, str] = {}
    along = tuple(plan.items())
    for piece, n in plan.items():
        done, area = take(state, place, piece, n, by, cause, scores, along)
        if done:
            taken[piece] = taken.get(piece, 0) + done
            if area:
                diverted[piece] = area
    if not taken:
        return None
    what = Removed(place, taken, by, cause, diverted)
    announce(state, what)
    if react:
        trigger(state, what)
    return what


def trigger(state: GameState, what: Removed) -> None:
    """Every seat and the mode hear what was removed, by whom and why."""
    listeners.removed(state, what)


def announce(state: GameState, what: Removed) -> None:
    """Public text for one removal, marked on the map."""
    by_seat: dict[int, dict[str, int]] = {}
    for piece, n in what.pieces.items():
        seat = state.seat_of(parse_key(piece)[2])
        if seat is not None:
            by_seat.setdefault(seat, {})[piece] = by_seat.get(seat, {}).get(piece, 0) + n
    if by_seat:
        mark = ("remove", what.place, None)
        state.say(describe_removed(state, what.place, by_seat), None, mark)


def describe_removed(state: GameState, place: Place, removed: dict[int, dict[str, int]]) -> str:
    """Public text for pieces removed from one place, per seat."""
    parts = []
    for seat, pieces in sorted(removed.items()):
        names = ", ".join(plural(n, _piece_name(state, seat, p)) for p, n in pieces.items())
        parts.append(f"{registry.of(state, seat).name} loses {names}")
    where = place_name(place)
    return f"In {where}: " + "; ".join(parts) + "."


def _piece_name(state: GameState, seat: int, piece: str) -> str:
    """A piece's name as the seat that lost it says it: its own plainly ('warrior'), another faction's with that
    faction's name (an infected or hired 'Riverfolk Company warrior')."""
    owner, kind, _ = parse_key(piece)
    name = kind_of(owner, kind).name.lower()
    if owner == state.seats[seat].faction:
        return name
    other = state.seat_of(owner)
    return f"{registry.of(state, other).name if other is not None else owner} {name}"
