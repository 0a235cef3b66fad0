"""Checks that hold in every reachable state: pieces, cards, slots, items, points."""

from __future__ import annotations

from collections import Counter

from rules import registry
from rules.assets import items_data
from rules.cards import deck
from rules.pieces import BUILDING, category_of_key, kind_of, kinds_of, parse_key
from rules.state import GameState


def problems(state: GameState) -> list[str]:
    """Everything wrong with a state; an empty list means it is consistent."""
    return [
        *_pieces(state),
        *_cards(state),
        *_slots(state),
        *_items(state),
        *_points(state),
        *_turn(state),
    ]


def _pieces(state: GameState) -> list[str]:
    out = []
    for seat, s in enumerate(state.seats):
        counted: Counter[str] = Counter(s.supply)
        places = [*state.clearings, *state.forests.values(), *s.areas.values()]
        for other in state.seats:
            places += list(other.areas.values()) if other is not s else []
        for pieces in places:
            for piece, n in pieces.items():
                owner, kind, _ = parse_key(piece)
                if n < 0:
                    out.append(f"negative count for {piece}")
                if owner == s.faction:
                    counted[kind_of(owner, kind).box_family] += n
        for k in kinds_of(s.faction):
            if k.box_family == k.kind and counted[k.kind] != k.count:
                out.append(f"{s.faction} {k.kind}: {counted[k.kind]} counted, box has {k.count}")
        del seat
    return out


def _cards(state: GameState) -> list[str]:
    places = [*state.deck, *state.discard, *state.removed, *state.dominance_available]
    for seat, s in enumerate(state.seats):
        places += s.hand + s.crafted + registry.of(state, seat).held_cards(state, seat)
        if s.dominance is not None:
            places.append(s.dominance)
    counts = Counter(places)
    out = [f"card {c} is in {n} places" for c, n in counts.items() if n > 1]
    missing = set(range(len(deck()))) - set(counts)
    if missing:
        out.append(f"cards missing: {sorted(missing)}")
    return out


def _slots(state: GameState) -> list[str]:
    out = []
    for cid in state.board.ids():
        used = sum(n for p, n in state.clearings[cid - 1].items() if category_of_key(p) == BUILDING)
        used += 1 if state.ruins[cid - 1] is not None else 0
        if used > state.board.clearing(cid).slots:
            out.append(f"clearing {cid} holds {used} buildings and ruins in {state.board.clearing(cid).slots} slots")
    return out


def _items(state: GameState) -> list[str]:
    from rules.setup import ruin_items_for

    expected: Counter[str] = Counter()
    for _ in state.item_supply:
        expected.update(items_data()["supply"])
    expected.update(ruin_items_for(len(state.board.maps)))
    have: Counter[str] = Counter(i for i in state.ruins if i)
    for per_map in state.item_supply.values():
        have.update(per_map)
    for s in state.seats:
        have.update(s.items)
    if have != expected:
        return [f"items: {dict(have)} in play, expected {dict(expected)}"]
    return []


def _points(state: GameState) -> list[str]:
    out = []
    target = int(state.options.get("win_points", 30))
    for s in state.seats:
        if s.points < 0 and not state.options.get("negative_points"):
            out.append(f"{s.faction} has {s.points} points")
        if not state.over and not state.options.get("teams") and s.points >= target and s.dominance is None:
            out.append(f"{s.faction} has {s.points} points but the game goes on")
    return out


def _turn(state: GameState) -> list[str]:
    out = []
    n = len(state.seats)
    if not 0 <= state.turn.seat < n:
        out.append(f"turn seat {state.turn.seat} is not at the table")
    for d in state.pending:
        if not 0 <= d["seat"] < n:
            out.append(f"decision {d['kind']} for missing seat {d['seat']}")
    if sorted(state.order) != list(range(n)):
        out.append("turn order is not a permutation of the seats")
    return out
