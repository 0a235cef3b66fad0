"""Moderator edits: changes the table agreed on, written in the record so replay stays exact.

Notation (every edit starts with '!'):
  !place 5 marquise:warrior x2     from the owner's supply to clearing 5
  !remove 5 eyrie:roost x1         from clearing 5 back to the owner's supply (no points)
  !shift 1>5 marquise:warrior x2   from one clearing to another
  !points eyrie 12                 set a seat's points
  !card anvil hand:marquise discard    move a card: hand:<faction>, crafted:<faction>, discard, deck, available
  !lay sword 5                     an item from the supply of clearing 5's map, lying in clearing 5
"""

from __future__ import annotations

import re

from rules import flow, registry
from rules.cards import card, keys
from rules.engine import legal_actions, to_act
from rules.errors import IllegalActionError, InvalidActionError
from rules.hooks import Place
from rules.invariants import problems
from rules.items import lay, stocked, supply_at
from rules.map_pieces import pieces_at, place_name, shift
from rules.pieces import kind_of, parse_key
from rules.state import Event, GameState

_COUNT = re.compile(r"^x(-?\d+)$")
USAGE = {
    "place": "!place CLEARING FACTION:KIND xCOUNT, e.g. !place 5 marquise:warrior x2",
    "remove": "!remove CLEARING FACTION:KIND xCOUNT, e.g. !remove 5 eyrie:roost x1",
    "shift": "!shift FROM>TO FACTION:KIND xCOUNT, e.g. !shift 1>5 marquise:warrior x2",
    "points": "!points FACTION POINTS, e.g. !points eyrie 12",
    "card": "!card CARD FROM TO, e.g. !card anvil hand:marquise discard",
    "lay": "!lay ITEM CLEARING, e.g. !lay sword 5",
}


class _Bad(Exception):
    """An edit that can't be read; its message is shown to the moderator."""


def is_edit(text: str) -> bool:
    """Whether a record line is a moderator edit."""
    return text.strip().startswith("!")


def apply_edit(state: GameState, text: str) -> tuple[GameState, list[Event]]:
    """Apply a moderator edit; refuses (leaving the state untouched) if the result would be inconsistent."""
    words = text.strip().lstrip("!").split()
    verb = words[0].lower() if words else ""
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise InvalidActionError(f"unknown edit '{verb}' in '{text}'; edits are {', '.join(_HANDLERS)}")
    if state.over:
        raise IllegalActionError("the game is over; there is nothing to edit")
    if state.turn.phase == "setup" and verb in ("place", "remove", "shift", "lay"):
        raise IllegalActionError("pieces can be edited once setup is finished")
    new = state.clone()
    new.events = []
    try:
        handler(new, words[1:])
    except _Bad as err:
        raise InvalidActionError(f"{err} ({USAGE[verb]})") from None
    except (ValueError, IndexError):
        raise InvalidActionError(f"could not read '{text.strip()}': write {USAGE[verb]}") from None
    already = problems(state)  # a game saved broken (by an older engine) may still be mended by edits
    found = [p for p in problems(new) if p not in already]
    if found:
        raise IllegalActionError(f"that edit would leave the game inconsistent: {found[0]}")
    new.version += 1
    new.undo_floor = new.version
    new.last_actor = None
    new.say(f"Moderator edit: {text.strip()}")
    flow.advance(new)
    seat = to_act(new)
    if seat is not None and not legal_actions(new, seat):
        name = registry.of(new, seat).name
        raise IllegalActionError(f"that edit would leave the {name} with nothing they can do")
    return new, new.events


def _clearing(state: GameState, text: str) -> int:
    if not text.isdigit() or int(text) not in state.board.ids():
        raise _Bad(f"there is no clearing {text}")
    return int(text)


def _piece(text: str) -> tuple[str, str, str]:
    """(map key, owner, box family) of a piece key such as marquise:warrior."""
    if ":" not in text:
        raise _Bad(f"'{text}' is not a piece; write FACTION:KIND such as marquise:warrior")
    owner, kind, _ = parse_key(text)
    try:
        return text, owner, kind_of(owner, kind).box_family
    except KeyError:
        raise _Bad(f"'{text}' is not a piece of any faction here") from None


def _count(args: list[str]) -> int:
    for a in args:
        match = _COUNT.match(a)
        if match:
            n = int(match[1])
            if n < 1:
                raise _Bad(f"a count must be at least 1, not {n}")
            return n
    return 1


def _seat(state: GameState, faction: str) -> int:
    fid = registry.find_faction(faction)
    seat = state.seat_of(fid or "")
    if seat is None:
        raise _Bad(f"no seat plays '{faction}'")
    return seat


def _where(state: GameState, text: str) -> Place:
    """A clearing number, or a forest written 'f' and its id (fA)."""
    if text[:1].lower() == "f" and text[1:].upper() in state.board.forests:
        return text[1:].upper()
    return _clearing(state, text)


def _place(state: GameState, args: list[str]) -> None:
    where, (piece, owner, family), n = _where(state, args[0]), _piece(args[1]), _count(args)
    seat = _seat(state, owner)
    if state.seats[seat].supply.get(family, 0) < n:
        raise _Bad(f"{owner} has fewer than {n} {family} in supply")
    state.seats[seat].supply[family] -= n
    pieces = pieces_at(state, where)
    pieces[piece] = pieces.get(piece, 0) + n


def _remove(state: GameState, args: list[str]) -> None:
    where, (piece, owner, family), n = _where(state, args[0]), _piece(args[1]), _count(args)
    pieces = pieces_at(state, where)
    if pieces.get(piece, 0) < n:
        raise _Bad(f"{place_name(where)} has fewer than {n} {piece}")
    pieces[piece] -= n
    if not pieces[piece]:
        del pieces[piece]
    seat = _seat(state, owner)
    state.seats[seat].supply[family] = state.seats[seat].supply.get(family, 0) + n


def _shift(state: GameState, args: list[str]) -> None:
    src_text, _, dst_text = args[0].partition(">")
    src, dst = _where(state, src_text), _where(state, dst_text)
    (piece, _, _), n = _piece(args[1]), _count(args)
    if pieces_at(state, src).get(piece, 0) < n:
        raise _Bad(f"{place_name(src)} has fewer than {n} {piece}")
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
    if place in ("hand", "crafted"):
        seat = state.seats[_seat(state, faction)]
        return seat.hand if place == "hand" else seat.crafted
    raise _Bad(f"unknown place '{where}'; places are hand:FACTION, crafted:FACTION, discard, deck, available")


def _card(state: GameState, args: list[str]) -> None:
    key, src, dst = args[0], _pile(state, args[1]), _pile(state, args[2])
    if key not in keys():
        raise _Bad(f"no card called '{key}'")
    cid = next((c for c in src if card(c).key == key), None)
    if cid is None:
        raise _Bad(f"'{key}' is not in {args[1]}")
    src.remove(cid)
    dst.append(cid)


def _lay(state: GameState, args: list[str]) -> None:
    name, cid = args[0].lower(), _clearing(state, args[1])
    supply = supply_at(state, cid)
    if supply.get(name, 0) < 1:
        have = ", ".join(stocked(supply)) or "nothing"
        raise _Bad(f"the supply of clearing {cid}'s map has no {name} (it has {have})")
    supply[name] -= 1
    lay(state, name, cid)


_HANDLERS = {"place": _place, "remove": _remove, "shift": _shift, "points": _points, "card": _card, "lay": _lay}
