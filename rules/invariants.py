"""Checks that hold in every reachable state: pieces, cards, slots, items, points."""

from __future__ import annotations

from collections import Counter

from rules import items, registry
from rules.board import load_board
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
        *_setup(state),
        *_landmarks(state),
        *_own(state),
    ]


def _landmarks(state: GameState) -> list[str]:
    """The Ferry stays on the lake's shore; only closed paths of the map are ever removed, each once."""
    out = []
    ferry, board = state.landmarks.get("ferry"), state.board
    if (ferry is None) != (board.landmark("ferry") is None):
        out.append(f"the Ferry is at {ferry} on a map whose Ferry starts at {board.landmark('ferry')}")
    elif ferry is not None and ferry not in board.coastal:
        out.append(f"the Ferry is in clearing {ferry}, which is not coastal")
    opened = state.landmarks.get("opened", [])
    printed = load_board(state.board_id).closed_paths
    if len(set(opened)) != len(opened) or len(board.closed_paths) + len(opened) != len(printed):
        out.append(f"closed paths removed: {opened}, left: {sorted(board.closed_paths)}")
    return out


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
    out = _accounted("card", Counter(places), len(deck()))
    for deck_id in sorted(_other_decks(state)):
        piles = [c for name, cards in state.piles.items() if name.split(":", 1)[0] == deck_id for c in cards]
        out += _accounted(f"{deck_id} card", Counter(piles), len(deck(deck_id)))
    return out


def _other_decks(state: GameState) -> set[str]:
    """Decks beside the shared one: named by the piles in play and declared by the factions at the table."""
    named = {name.split(":", 1)[0] for name in state.piles}
    for seat in range(len(state.seats)):
        named |= set(registry.of(state, seat).decks)
    return named


def _accounted(what: str, counts: Counter[int], size: int) -> list[str]:
    """Each card of a deck in exactly one place."""
    out = [f"{what} {c} is in {n} places" for c, n in counts.items() if n > 1]
    missing = set(range(size)) - set(counts)
    if missing:
        out.append(f"{what}s missing: {sorted(missing)}")
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
    have, want = items.in_play(state), items.expected(state)
    if have != want:
        return [f"items: {dict(have)} in play, expected {dict(want)}"]
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


def _own(state: GameState) -> list[str]:
    """Each faction's checks of its own data (`Faction.problems`: the Corvids' plots against the pieces on the map)."""
    seats = registry.seats_overriding(state, "problems")
    return [p for seat in seats for p in registry.of(state, seat).problems(state, seat)]


def _setup(state: GameState) -> list[str]:
    """A seat whose setup is not done still has its setup decision waiting (never skipped, even after setup)."""
    waiting = {d["seat"] for d in state.pending if d["kind"] == "setup"}
    out = []
    for seat, s in enumerate(state.seats):
        if seat not in waiting and not registry.of(state, seat).setup_done(state, seat):
            when = "during" if state.turn.phase == "setup" else "after"
            out.append(f"{s.faction} (seat {seat}) has no setup done and none waiting {when} setup")
    return out
