"""Removing pieces: back to the owner's supply, a point per enemy building or token, then triggers."""

from __future__ import annotations

from rules import registry
from rules.pieces import BUILDING, TOKEN, category_of_key, kind_of, parse_key
from rules.rule import enemies
from rules.scoring import score
from rules.state import GameState


def remove(state: GameState, cid: int, piece: str, n: int, by: int | None) -> int:
    """Remove up to n pieces stored under one key; the remover scores for enemy buildings and tokens."""
    pieces = state.clearings[cid - 1]
    n = min(n, pieces.get(piece, 0))
    if n <= 0:
        return 0
    pieces[piece] -= n
    if not pieces[piece]:
        del pieces[piece]
    owner, kind, controller = parse_key(piece)
    owner_seat = state.seat_of(owner)
    if owner_seat is not None:
        family = kind_of(owner, kind).box_family
        supply = state.seats[owner_seat].supply
        supply[family] = supply.get(family, 0) + n
    controller_seat = state.seat_of(controller)
    if (
        by is not None
        and controller_seat is not None
        and category_of_key(piece) in (BUILDING, TOKEN)
        and enemies(state, by, controller_seat)
    ):
        score(state, by, n, f"removing {kind_of(owner, kind).name.lower()}{'s' if n > 1 else ''}")
    return n


def remove_all(
    state: GameState, cid: int, plan: dict[str, int], by: int | None, cause: str, react: bool = True
) -> dict[int, dict[str, int]]:
    """Remove several kinds from one clearing at once, then (unless react is False) let each owner react."""
    removed: dict[int, dict[str, int]] = {}
    for piece, n in plan.items():
        done = remove(state, cid, piece, n, by)
        if done:
            seat = state.seat_of(parse_key(piece)[2])
            if seat is not None:
                removed.setdefault(seat, {})[piece] = removed.get(seat, {}).get(piece, 0) + done
    if removed:
        state.say(describe_removed(state, cid, removed), None, ("remove", cid, None))
    if react:
        trigger(state, cid, removed, cause)
    return removed


def trigger(state: GameState, cid: int, removed: dict[int, dict[str, int]], cause: str) -> None:
    """Run each owner's reaction to pieces removed from a clearing."""
    for seat in sorted(removed):
        registry.of(state, seat).on_removed(state, seat, cid, removed[seat], cause)


def describe_removed(state: GameState, cid: int, removed: dict[int, dict[str, int]]) -> str:
    """Public text for pieces removed from one clearing, per seat."""
    parts = []
    for seat, pieces in sorted(removed.items()):
        names = ", ".join(
            f"{n} {kind_of(parse_key(p)[0], parse_key(p)[1]).name.lower()}{'s' if n > 1 else ''}"
            for p, n in pieces.items()
        )
        parts.append(f"{registry.of(state, seat).name} loses {names}")
    return f"In clearing {cid}: " + "; ".join(parts) + "."
