"""What a map declares of its own (Law of Root, appendix M, section 25): the Lake map's Ferry, the Mountain map's
closed paths and its Tower. Written once for every faction and mode; a map without them costs nothing.

- The Ferry (25.3.5): once per turn, a move from the Ferry's clearing may go to any other coastal clearing, paths
  ignored; the Ferry goes along and each player whose pieces it carried draws a card. It is the `ferry` verb for a
  move of warriors or a pawn (`rules.movement.move_options` offers it); a faction's own kind of move (a crusade, a
  warlord's lead) reaches the coastal clearings the same way and takes the Ferry when only the Ferry reaches there.
- Closed paths (25.4.2, 25.4.3): they join no clearings (rules.board leaves them out of the paths until removed);
  once per turn in Daylight a player with pieces at either end may spend a card to remove one for a point
  (the `clear` verb).
- The Pass (25.4.4): at the end of a player's Evening, ruling the clearing with the Tower scores a point.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules import hand
from rules.actions import CARD, PATH, Action, Move, register
from rules.board import Board, load_board, path_key
from rules.cards import label
from rules.registry import of
from rules.rule import rules
from rules.scoring import score
from rules.state import GameState, Landmarks

FERRY, TOWER = "ferry", "tower"


@register
@dataclass(frozen=True, slots=True)
class Ferry(Move):
    """Move from the Ferry's clearing to another coastal clearing, paths ignored (Lake map; draw a card)."""

    verb: ClassVar[str] = "ferry"
    called: ClassVar[tuple[str, ...]] = ()
    field_help: ClassVar[Mapping[str, str]] = {
        "src": "the clearing the Ferry is in",
        "dst": "the coastal clearing the Ferry sails to",
    }

    def as_move(self) -> Move:
        """The same move written as a plain move (what the moving faction carries out)."""
        return Move(self.src, self.dst, self.count, self.suit)


@register
@dataclass(frozen=True, slots=True)
class Clear(Action):
    """Spend a card to remove a closed path between two clearings for a point (Mountain map, once in Daylight)."""

    verb: ClassVar[str] = "clear"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("card", CARD))
    field_help: ClassVar[Mapping[str, str]] = {
        "src": "a clearing at one end of the closed path",
        "dst": "the clearing at its other end",
        "card": "the card to spend (any card)",
    }
    src: int
    dst: int
    card: str

    @classmethod
    def normal_pattern(cls, values: dict[str, object]) -> dict[str, object]:
        """A path named either way round ('5>2' is '2>5')."""
        src, dst = values.get("src"), values.get("dst")
        if isinstance(src, int) and isinstance(dst, int) and src > dst:
            return {**values, "src": dst, "dst": src}
        return values


def at_setup(board: Board) -> Landmarks:
    """What the map's movable features start as: the Ferry in its corner (25.3.1); nothing on other maps."""
    found = Landmarks()
    ferry = board.landmark(FERRY)
    if ferry is not None:
        found["ferry"] = ferry
    return found


# --- the Ferry (25.3.5) ---------------------------------------------------------------------------------------


def ferry_at(state: GameState) -> int | None:
    """The clearing the Ferry is in (None: no Ferry on this map)."""
    return state.landmarks.get("ferry") if state.landmarks else None


def ferry_links(state: GameState, src: int) -> frozenset[int]:
    """Coastal clearings the Ferry could carry a move from src to now: none unless it is there, unused this turn."""
    if not state.landmarks or state.landmarks.get("ferry") != src or state.turn.flags.get("ferry_used"):
        return frozenset()
    return state.board.coastal - {src}


def why_not_ferry(state: GameState, action: Ferry) -> str | None:
    """Why the Ferry cannot carry this move, in Root's words (None: the Ferry can; the move itself may not)."""
    where = ferry_at(state)
    if where is None:
        return "there is no Ferry on this map (it sails on the Lake map)"
    if state.turn.flags.get("ferry_used"):
        return "the Ferry has already carried a move this turn"
    if action.src != where:
        return f"the Ferry is in clearing {where}, not clearing {action.src}"
    if action.dst == action.src:
        return f"the Ferry is already in clearing {action.src}"
    if action.dst not in state.board.coastal:
        coast = ", ".join(str(c) for c in sorted(state.board.coastal - {action.src}))
        return f"clearing {action.dst} is not on the lake; the Ferry sails to coastal clearings: {coast}"
    return None


def start_crossing(state: GameState, route: tuple[int, int]) -> None:
    """A move by the Ferry is about to be carried out (its pieces arrive through rules.movement.arrived)."""
    flags = state.turn.flags
    flags["ferrying"], flags["ferried"] = list(route), []


def end_crossing(state: GameState) -> None:
    """The move by the Ferry is done."""
    state.turn.flags.pop("ferrying", None)
    state.turn.flags.pop("ferried", None)


def carried(state: GameState, moved: list[tuple[str, int]], src: int, dst: int) -> None:
    """Pieces arrived by the Ferry: it goes along, and each player whose pieces it carried draws one card."""
    flags = state.turn.flags
    if flags.get("ferrying") != [src, dst]:
        return
    if state.landmarks.get("ferry") == src:
        state.landmarks["ferry"] = dst
        flags["ferry_used"] = True
        state.say(f"The Ferry sails from clearing {src} to clearing {dst}.", None, ("move", src, dst))
    drawn = flags.setdefault("ferried", [])
    for piece, n in moved:
        owner = piece.split(":", 1)[0]
        seat = state.seat_of(owner)
        if n and seat is not None and owner not in drawn:
            drawn.append(owner)
            hand.draw(state, seat, 1)


def move_ferry(state: GameState, cid: int) -> str | None:
    """A moderator's edit: the Ferry goes to another coastal clearing (None), or why it can't."""
    where = ferry_at(state)
    if where is None:
        return "there is no Ferry on this map (it sails on the Lake map)"
    if cid == where:
        return f"the Ferry is already in clearing {cid}"
    if cid not in state.board.coastal:
        coast = ", ".join(str(c) for c in sorted(state.board.coastal - {where}))
        return f"clearing {cid} is not on the lake; the Ferry sails to coastal clearings: {coast}"
    state.landmarks["ferry"] = cid
    state.say(f"The Ferry is moved from clearing {where} to clearing {cid}.", None, ("move", where, cid))
    return None


# --- closed paths (25.4.2, 25.4.3) ------------------------------------------------------------------------------


def _has_pieces(state: GameState, seat: int, cid: int) -> bool:
    """Whether any of a seat's own faction pieces is in a clearing."""
    prefix = state.seats[seat].faction + ":"
    return any(n and piece.startswith(prefix) for piece, n in state.clearings[cid - 1].items())


def clearable(state: GameState, seat: int) -> list[tuple[int, int]]:
    """Closed paths the seat may remove now: in its own Daylight, once a turn, with its pieces at either end."""
    closed = state.board.closed_paths
    if not closed or state.turn.phase != "daylight" or state.turn.seat != seat:
        return []
    if state.turn.flags.get("path_cleared"):
        return []
    return sorted(p for p in closed if _has_pieces(state, seat, p[0]) or _has_pieces(state, seat, p[1]))


def clear_options(state: GameState, seat: int) -> Iterator[Action]:
    """Every closed path the seat may remove now, with each card it could spend."""
    paths = clearable(state, seat)
    if not paths:
        return
    cards = hand.distinct_keys(state, seat)
    for a, b in paths:
        for key in cards:
            yield Clear(a, b, key)


def why_not_clear(state: GameState, seat: int, action: Clear) -> str | None:
    """Why a closed path cannot be removed now, in Root's words (None: it can)."""
    board = state.board
    pair = (min(action.src, action.dst), max(action.src, action.dst))
    if not load_board(state.board_id).closed_paths:
        return "there are no closed paths on this map (they are on the Mountain map)"
    if pair not in board.closed_paths:
        if pair in board.paths:
            return f"the path between clearings {pair[0]} and {pair[1]} is open: there is no closed path to remove"
        return f"no path joins clearings {pair[0]} and {pair[1]}"
    if state.turn.seat != seat or state.turn.phase != "daylight":
        return "a closed path is removed in your own Daylight"
    if state.turn.flags.get("path_cleared"):
        return "you have already removed a closed path this turn"
    if not (_has_pieces(state, seat, pair[0]) or _has_pieces(state, seat, pair[1])):
        return f"you need a piece in clearing {pair[0]} or clearing {pair[1]} to remove the closed path between them"
    return None


def clear(state: GameState, seat: int, action: Clear) -> None:
    """Spend the card, remove the closed path from the game for good, and score one point."""
    low, high = min(action.src, action.dst), max(action.src, action.dst)
    cid = hand.spend(state, seat, action.card)
    state.landmarks.setdefault("opened", []).append(path_key(low, high))
    state.turn.flags["path_cleared"] = True
    name = of(state, seat).name
    state.say(f"{name} spends {label(cid)} to remove the closed path between clearings {low} and {high}.")
    score(state, seat, 1, "a closed path removed")


def set_path(state: GameState, a: int, b: int, opened: bool) -> str | None:
    """A moderator's edit: a closed path of the map removed (opened) or put back (None), or why it can't be."""
    pair = (min(a, b), max(a, b))
    printed = load_board(state.board_id)
    if not printed.closed_paths:
        return "there are no closed paths on this map (they are on the Mountain map)"
    if pair not in printed.closed_paths:
        if pair in printed.paths:
            return f"the path between clearings {pair[0]} and {pair[1]} is an open path of the map, never closed"
        return f"no path joins clearings {pair[0]} and {pair[1]}"
    removed = state.landmarks.setdefault("opened", [])
    path = path_key(*pair)
    if opened == (path in removed):
        now = "removed already" if opened else "still closed"
        return f"the closed path between clearings {pair[0]} and {pair[1]} is {now}"
    if opened:
        removed.append(path)
    else:
        removed.remove(path)
    if not removed:
        del state.landmarks["opened"]
    done = "removed: the path is open" if opened else "put back: the path is closed"
    state.say(f"The closed path between clearings {pair[0]} and {pair[1]} is {done}.")
    return None


# --- the Pass and its Tower (25.4.4) ------------------------------------------------------------------------------


def end_of_evening(state: GameState, seat: int) -> bool:
    """At the end of a player's Evening, ruling the Pass (the clearing with the Tower) scores a point (True: it did)."""
    tower = state.board.landmark(TOWER)
    if tower is None or not rules(state, seat, tower):
        return False
    return score(state, seat, 1, f"ruling the Pass, clearing {tower}") != 0
