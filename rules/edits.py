"""Moderator edits: changes the table agreed on, written in the record so replay stays exact.

Notation (every edit starts with '!'):
  !place 5 marquise:warrior x2     from the owner's supply to clearing 5
  !remove 5 eyrie:roost x1         from clearing 5 back to the owner's supply (no points)
  !shift 1>5 marquise:warrior x2   from one clearing to another
  !points eyrie 12                 set a seat's points
  !card anvil hand:marquise discard    move a card: hand:<faction>, crafted:<faction>, discard, deck, available
"""

from __future__ import annotations

import re

from rules import registry
from rules.cards import card, keys
from rules.errors import IllegalActionError, InvalidActionError
from rules.invariants import problems
from rules.pieces import kind_of, parse_key
from rules.rule import shift
from rules.state import Event, GameState

_COUNT = re.compile(r"^x(\d+)$")


def is_edit(text: str) -> bool:
    """Whether a record line is a moderator edit."""
    return text.strip().startswith("!")


def apply_edit(state: GameState, text: str) -> tuple[GameState, list[Event]]:
    """Apply a moderator edit; refuses (leaving the state untouched) if the result would be inconsistent."""
    words = text.strip().lstrip("!").split()
    if not words:
        raise InvalidActionError("an edit needs a verb: place, remove, shift, points or card")
    new = state.clone()
    new.events = []
    verb, args = words[0].lower(), words[1:]
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise InvalidActionError(f"unknown edit '{verb}' in '{text}'; edits are {', '.join(_HANDLERS)}")
    try:
        handler(new, args)
    except (KeyError, ValueError, IndexError) as err:
        raise InvalidActionError(f"could not read the edit '{text}': {err}") from None
    found = problems(new)
    if found:
        raise IllegalActionError(f"that edit would leave the game inconsistent: {found[0]}")
    new.version += 1
    new.undo_floor = new.version
    new.last_actor = None
    new.say(f"Moderator edit: {text.strip()}")
    return new, new.events


def _seat(state: GameState, faction: str) -> int:
    fid = registry.find_faction(faction)
    seat = state.seat_of(fid or "")
    if seat is None:
        raise ValueError(f"no seat plays '{faction}'")
    return seat


def _count(args: list[str]) -> int:
    for a in args:
        match = _COUNT.match(a)
        if match:
            return int(match[1])
    return 1


def _place(state: GameState, args: list[str]) -> None:
    cid, piece, n = int(args[0]), args[1], _count(args)
    owner, kind, _ = parse_key(piece)
    family = kind_of(owner, kind).box_family
    seat = _seat(state, owner)
    if state.seats[seat].supply.get(family, 0) < n:
        raise ValueError(f"{owner} has fewer than {n} {family} in supply")
    state.seats[seat].supply[family] -= n
    state.clearings[cid - 1][piece] = state.clearings[cid - 1].get(piece, 0) + n


def _remove(state: GameState, args: list[str]) -> None:
    cid, piece, n = int(args[0]), args[1], _count(args)
    owner, kind, _ = parse_key(piece)
    family = kind_of(owner, kind).box_family
    pieces = state.clearings[cid - 1]
    if pieces.get(piece, 0) < n:
        raise ValueError(f"clearing {cid} has fewer than {n} {piece}")
    pieces[piece] -= n
    if not pieces[piece]:
        del pieces[piece]
    seat = _seat(state, owner)
    state.seats[seat].supply[family] = state.seats[seat].supply.get(family, 0) + n


def _shift(state: GameState, args: list[str]) -> None:
    src, dst = (int(x) for x in args[0].split(">"))
    piece, n = args[1], _count(args)
    if state.clearings[src - 1].get(piece, 0) < n:
        raise ValueError(f"clearing {src} has fewer than {n} {piece}")
    shift(state, piece, src, dst, n)


def _points(state: GameState, args: list[str]) -> None:
    state.seats[_seat(state, args[0])].points = int(args[1])


def _pile(state: GameState, where: str) -> list[int]:
    if where == "discard":
        return state.discard
    if where == "deck":
        return state.deck
    if where == "available":
        return state.dominance_available
    place, _, faction = where.partition(":")
    seat = state.seats[_seat(state, faction)]
    if place == "hand":
        return seat.hand
    if place == "crafted":
        return seat.crafted
    raise ValueError(f"unknown place '{where}'")


def _card(state: GameState, args: list[str]) -> None:
    key, src, dst = args[0], _pile(state, args[1]), _pile(state, args[2])
    if key not in keys():
        raise ValueError(f"no card called '{key}'")
    cid = next((c for c in src if card(c).key == key), None)
    if cid is None:
        raise ValueError(f"'{key}' is not in {args[1]}")
    src.remove(cid)
    dst.append(cid)


_HANDLERS = {"place": _place, "remove": _remove, "shift": _shift, "points": _points, "card": _card}
