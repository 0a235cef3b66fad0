"""Moving warriors along paths: you must rule the clearing you leave or the one you enter."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules import registry
from rules.actions import Move
from rules.pieces import WARRIOR, key
from rules.rule import ruled_by, rules, shift, warriors
from rules.state import GameState


def move_options(
    state: GameState, seat: int, sources: Iterable[int] | None = None, decree: str | None = None
) -> Iterator[Move]:
    """Every move of own warriors from the given clearings (all by default)."""
    faction = state.seats[seat].faction
    mine = set(ruled_by(state, seat))
    for src in sources if sources is not None else state.board.ids():
        have = warriors(state, faction, src)
        if have <= 0:
            continue
        for dst in sorted(state.board.adjacent_to(src)):
            if src in mine or dst in mine:
                for n in range(1, have + 1):
                    yield Move(src, dst, n, decree)


def why_not_move(state: GameState, seat: int, src: int, dst: int, n: int) -> str | None:
    """The reason a move is not allowed, in Root's words, or None."""
    board = state.board
    for cid in (src, dst):
        if cid not in board.ids():
            return f"there is no clearing {cid}"
    if not board.adjacent(src, dst):
        return f"no path joins clearing {src} and clearing {dst}"
    have = warriors(state, state.seats[seat].faction, src)
    if have <= 0:
        return f"you have no warriors in clearing {src}"
    if n > have:
        return f"you have only {have} warrior{'s' if have != 1 else ''} in clearing {src}"
    if n <= 0:
        return "move at least one warrior"
    if not (rules(state, seat, src) or rules(state, seat, dst)):
        return f"you rule neither clearing {src} nor clearing {dst}, so you can't move between them"
    return None


def move(state: GameState, seat: int, src: int, dst: int, n: int) -> None:
    """Move n warriors of a seat's faction."""
    faction = state.seats[seat].faction
    shift(state, key(faction, WARRIOR), src, dst, n)
    name = registry.of(state, seat).name
    state.say(
        f"{name} moves {n} warrior{'s' if n != 1 else ''} from {src} to {dst}.",
        None,
        ("move", src, dst),
    )
