"""Moving along paths: you must rule the clearing you leave or the one you enter (unless your faction
ignores rule), the mode may charge a fee (a bridge), and every seat hears what entered a place."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules import decisions, hand, landmarks, listeners, registry
from rules.actions import Action, Move, Pay
from rules.cards import label
from rules.hooks import Entered, Place
from rules.map_pieces import place_name, shift
from rules.modes.base import Mode, mode_of
from rules.rule import ruled_by, rules
from rules.state import GameState
from rules.words import plural


def move_options(
    state: GameState, seat: int, sources: Iterable[int] | None = None, decree: str | None = None
) -> Iterator[Action]:
    """Every move of warriors a seat commands from the given clearings (all by default)."""
    faction = registry.of(state, seat)
    mine = set(ruled_by(state, seat))
    free = faction.moves_ignoring_rule
    table = registry.lineup(state)
    fees, frees = table.move_fees, type(table.mode).frees_move is not Mode.frees_move
    for src in sources if sources is not None else state.board.ids():
        have = faction.movable(state, seat, src)
        if have <= 0:
            continue
        near, ferry = linked(state, src), landmarks.ferry_links(state, src)
        for dst in sorted(near | ferry):
            ruled = free or src in mine or dst in mine or (frees and table.mode.frees_move(state, seat, src, dst))
            if ruled and (not fees or fee_payable(state, seat, src, dst)):
                for n in range(1, have + 1):
                    if dst in near:
                        yield Move(src, dst, n, decree)
                    if dst in ferry:
                        yield landmarks.Ferry(src, dst, n, decree)


def linked(state: GameState, src: int) -> frozenset[int]:
    """Clearings a move may reach from src: along paths, and along rivers while they count as paths this turn; never
    a clearing closed to every piece (`closed`)."""
    near = state.board.adjacent_to(src)
    if state.turn.flags.get("rivers_as_paths"):
        near = near | {b if a == src else a for a, b in state.board.rivers if src in (a, b)}
    for seat in registry.seats_overriding(state, "closed_clearings"):
        shut = registry.of(state, seat).closed_clearings(state, seat)
        if shut:
            near = frozenset(c for c in near if c not in shut)
    return near


def why_closed(state: GameState, cid: int) -> str | None:
    """Why no piece may be moved into a clearing (a faction closes it: the Scoundrel's torch), or None."""
    for seat in registry.seats_overriding(state, "closed_clearings"):
        reason = registry.of(state, seat).closed_clearings(state, seat).get(cid)
        if reason is not None:
            return reason
    return None


def closed(state: GameState, place: Place) -> bool:
    """Whether no piece may be moved into a place now (forests are never closed)."""
    return isinstance(place, int) and why_closed(state, place) is not None


def reach(state: GameState, src: int) -> frozenset[int]:
    """Clearings any move from src may reach now: the linked ones, and the coastal ones by the Ferry (25.3.5)."""
    ferry = frozenset(c for c in landmarks.ferry_links(state, src) if not closed(state, c))
    return linked(state, src) | ferry if ferry else linked(state, src)


def ferry_route(state: GameState, action: Action) -> tuple[int, int] | None:
    """The origin and destination of an action that moves by the Ferry (None: it does not).

    A `ferry` does; a faction's own kind of move (a crusade, a lead) does when only the Ferry reaches its destination;
    a plain `move` never does (the Riverfolk swimming across the lake move without it).
    """
    src, dst = getattr(action, "src", None), getattr(action, "dst", None)
    if not isinstance(src, int) or not isinstance(dst, int) or dst not in landmarks.ferry_links(state, src):
        return None
    if isinstance(action, landmarks.Ferry):
        return src, dst
    if isinstance(action, Move) or dst in linked(state, src):
        return None
    return src, dst


def fee_payable(state: GameState, seat: int, src: Place, dst: Place) -> bool:
    """Whether the seat can pay the mode's fee for this move (always, when there is none)."""
    fee = mode_of(state).move_fee(state, seat, src, dst)
    return fee is None or bool(hand.keys_matching(state, seat, fee))


def why_not_move(state: GameState, seat: int, src: Place, dst: Place, n: int, by_ferry: bool = False) -> str | None:
    """The reason a move of warriors (by the Ferry: by_ferry) is not allowed, in Root's words, or None."""
    board = state.board
    for place in (src, dst):
        if not isinstance(place, int) or place not in board.ids():
            return f"there is no clearing {place}"
    assert isinstance(src, int) and isinstance(dst, int)
    shut = why_closed(state, dst)
    if shut is not None:
        return shut
    if dst not in (reach(state, src) if by_ferry else linked(state, src)):
        if not by_ferry and dst in landmarks.ferry_links(state, src):
            return f"no path joins clearing {src} and clearing {dst}; the Ferry can carry the move: ferry {src}>{dst}"
        return f"no path joins clearing {src} and clearing {dst}"
    faction = registry.of(state, seat)
    have = faction.movable(state, seat, src)
    if have <= 0:
        return f"you have no warriors in clearing {src}"
    if n > have:
        return f"you have only {plural(have, 'warrior')} in clearing {src}"
    if n <= 0:
        return "move at least one warrior"
    ruled = rules(state, seat, src) or rules(state, seat, dst) or mode_of(state).frees_move(state, seat, src, dst)
    if not faction.moves_ignoring_rule and not ruled:
        return f"you rule neither clearing {src} nor clearing {dst}, so you can't move between them"
    return why_fee_unpaid(state, seat, src, dst)


def why_fee_unpaid(state: GameState, seat: int, src: Place, dst: Place) -> str | None:
    """Why the seat can't pay the mode's fee for this move (a card of the fee's suit it does not hold), or None."""
    if fee_payable(state, seat, src, dst):
        return None
    fee = mode_of(state).move_fee(state, seat, src, dst)
    return f"moving to {place_name(dst)} costs a {fee} card, and you have none"


def move(state: GameState, seat: int, src: Place, dst: Place, n: int) -> None:
    """Move n warriors a seat commands between clearings; the mode's fee is asked, then every seat hears."""
    assert isinstance(src, int) and isinstance(dst, int), "warriors move between clearings"
    faction = registry.of(state, seat)
    moved = faction.move_warriors(state, seat, src, dst, n)
    state.say(
        f"{faction.name} moves {plural(n, 'warrior')} from {src} to {dst}.",
        None,
        ("move", src, dst),
    )
    arrived(state, seat, moved, src, dst)


def move_piece(state: GameState, seat: int, piece: str, src: Place, dst: Place, n: int = 1) -> None:
    """Move pieces under one key between any two places (a pawn to or from a forest), then tell every seat."""
    shift(state, piece, src, dst, n)
    arrived(state, seat, [(piece, n)], src, dst)


def arrived(state: GameState, seat: int, moved: list[tuple[str, int]], src: Place, dst: Place) -> None:
    """After a move: the mode's fee is owed, then every listener hears each kind that entered."""
    fee = mode_of(state).move_fee(state, seat, src, dst)
    if fee is not None:
        decisions.push(state, "move_fee", seat, suit=fee, src=src, dst=dst)
    if isinstance(src, int) and isinstance(dst, int) and state.landmarks:
        landmarks.carried(state, moved, src, dst)
    for piece, k in moved:
        listeners.entered(state, Entered(piece, k, src, dst, seat))


# --- the move fee ---------------------------------------------------------------


class MoveFee(decisions.Decision):
    """A fee owed for a move (Mode.move_fee): a card of `suit`, for the move from `src` into `dst`."""

    suit: str
    src: Place
    dst: Place


def _fee_legal(state: GameState, d: MoveFee) -> Iterator[Action]:
    for card_key in hand.keys_matching(state, d["seat"], d["suit"]):
        yield Pay(card_key)


def _fee_resolve(state: GameState, d: MoveFee, action: Action) -> bool:
    assert isinstance(action, Pay)
    seat = d["seat"]
    to = mode_of(state).fee_recipient(state, seat, d["src"], d["dst"])
    name = registry.of(state, seat).name
    if to is None:
        cid = hand.spend(state, seat, action.card)
        state.say(f"{name} pays {label(cid)} to move into {place_name(d['dst'])}.")
    else:
        cid = hand.take(state, seat, action.card)
        state.seats[to].hand.append(cid)
        state.say(f"{name} pays {label(cid)} to {registry.of(state, to).name} to move into {place_name(d['dst'])}.")
        mode_of(state).fee_paid(state, seat, to, cid, d["src"], d["dst"])
    return True


decisions.define(
    "move_fee",
    _fee_legal,
    _fee_resolve,
    lambda s, d: f"pay a {d['suit']} card for the move into {place_name(d['dst'])}",
    auto_single=True,
    from_hand=True,
    spends=True,
)
