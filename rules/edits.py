"""Moderator edits: changes the table agreed on, written in the record so replay stays exact.

Notation (every edit starts with '!'):
  !place 5 marquise:warrior x2     from the owner's supply to clearing 5
  !remove 5 eyrie:roost x1         from clearing 5 back to the owner's supply (no points)
  !shift 1>5 marquise:warrior x2   from one clearing to another
  !place burrow duchy:warrior      a place is a clearing, a forest (fA) or a seat's area beside the map by its name
  !points eyrie 12                 set a seat's points
  !card anvil hand:marquise discard    move a card: hand:<faction>, crafted:<faction>, discard, deck, available
  !lay sword 5                     an item from the supply of clearing 5's map, lying in clearing 5
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules import flow, registry
from rules.cards import card, keys
from rules.engine import legal_actions, to_act
from rules.errors import IllegalActionError, InvalidActionError
from rules.hooks import Place
from rules.invariants import problems
from rules.items import lay, stocked, supply_at
from rules.map_pieces import pieces_at, place_name
from rules.numbers import is_number, whole
from rules.pieces import kind_of, parse_key
from rules.state import Event, GameState
from rules.words import echo

_COUNT = re.compile(r"^x(-?[0-9]+)$")
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


def apply_edit(state: GameState, text: str, strict: bool = True) -> tuple[GameState, list[Event]]:
    """Apply a moderator edit; refuses (leaving the state untouched) if the result would be inconsistent, or if it
    has a word the edit does not read (unless not strict: a record's edit is replayed as it was accepted, when
    words past those an edit reads were left unread)."""
    words = text.strip().lstrip("!").split()
    verb = words[0].lower() if words else ""
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise InvalidActionError(f"unknown edit '{echo(verb, 24)}' in '{echo(text)}'; edits are {', '.join(_HANDLERS)}")
    if state.over:
        raise IllegalActionError("the game is over; there is nothing to edit")
    if state.turn.phase == "setup" and verb in ("place", "remove", "shift", "lay"):
        raise IllegalActionError("pieces can be edited once setup is finished")
    new = state.clone()
    new.events = []
    try:
        handler(new, _read(verb, words[1:], strict))
    except _Bad as err:
        raise InvalidActionError(f"{err} ({USAGE[verb]})") from None
    except IllegalActionError:
        raise  # readable, but the faction keeping those pieces says why it can't be made
    except (ValueError, IndexError):
        raise InvalidActionError(f"could not read '{echo(text)}': write {USAGE[verb]}") from None
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


def _read(verb: str, args: list[str], strict: bool = True) -> list[str]:
    """The words of an edit, each one the edit reads: refuses too few (IndexError), and any it would leave unread."""
    needed, counted = WORDS[verb]
    if len(args) < needed:
        raise IndexError(verb)  # read as before: "could not read …: write USAGE"
    extra = args[needed:]
    if counted and extra and _COUNT.match(extra[0]):
        extra = extra[1:]
    if extra and strict:
        raise _Bad(f"'{echo(extra[0], 24)}' is not a word this edit reads")
    return args


def _number(text: str, signed: bool = False) -> int:
    """A number of an edit, written with the digits 0 to 9 (or _Bad saying why not)."""
    try:
        return whole(text, signed=signed)
    except InvalidActionError as err:
        raise _Bad(str(err)) from None


def _clearing(state: GameState, text: str) -> int:
    if not is_number(text) or int(text) not in state.board.ids():
        raise _Bad(f"there is no clearing {echo(text, 24)}")
    return int(text)


def _piece(text: str) -> tuple[str, str, str]:
    """(map key, owner, box family) of a piece key such as marquise:warrior."""
    if ":" not in text:
        raise _Bad(f"'{echo(text, 24)}' is not a piece; write FACTION:KIND such as marquise:warrior")
    owner, kind, _ = parse_key(text)
    try:
        return text, owner, kind_of(owner, kind).box_family
    except KeyError:
        raise _Bad(f"'{echo(text, 24)}' is not a piece of any faction here") from None


def _count(args: list[str]) -> int:
    """The count of a piece edit: its first word xN (the third, in an edit read strictly), else one."""
    match = next((m for m in map(_COUNT.fullmatch, args) if m), None)
    if match is None:
        return 1
    n = _number(match[1], signed=True)
    if n < 1:
        raise _Bad(f"a count must be at least 1, not {n}")
    return n


def _seat(state: GameState, faction: str) -> int:
    fid = registry.find_faction(faction)
    seat = state.seat_of(fid or "")
    if seat is None:
        raise _Bad(f"no seat plays '{echo(faction, 24)}'")
    return seat


@dataclass(frozen=True)
class _Spot:
    """Where an edit moves pieces: a clearing, a forest (its id) or a seat's off-board area (its name), the pieces
    there and the place in words."""

    place: Place
    pieces: dict[str, int]
    name: str


def _where(state: GameState, text: str) -> _Spot:
    """A clearing number, a forest written 'f' and its id (fA), or the name of a seat's area off the board (burrow,
    acolytes…; NAME:FACTION where two seats have one so named)."""
    if text[:1].lower() == "f" and text[1:].upper() in state.board.forests:
        forest = text[1:].upper()
        return _Spot(forest, pieces_at(state, forest), place_name(forest))
    name, _, faction = text.lower().partition(":")
    holders = [i for i, s in enumerate(state.seats) if name in s.areas]
    if faction:
        holders = [i for i in holders if i == _seat(state, faction)]
    if len(holders) == 1:
        seat = state.seats[holders[0]]
        return _Spot(name, seat.areas[name], f"the {registry.of(state, holders[0]).name}'s {name}")
    if len(holders) > 1:
        raise _Bad(f"several seats have an area called {name}: write it {name}:FACTION")
    if is_number(text) or not (areas := _areas(state)):
        cid = _clearing(state, text)
        return _Spot(cid, pieces_at(state, cid), place_name(cid))
    raise _Bad(f"there is no clearing {echo(text, 24)}; the areas beside the map are {', '.join(areas)}")


def _areas(state: GameState) -> list[str]:
    """The names of the seats' areas off the board, each once."""
    return list(dict.fromkeys(name for s in state.seats for name in s.areas))


def _place(state: GameState, args: list[str]) -> None:
    where, (piece, owner, family), n = _where(state, args[0]), _piece(args[1]), _count(args)
    seat = _seat(state, owner)
    if state.seats[seat].supply.get(family, 0) < n:
        raise _Bad(f"{owner} has fewer than {n} {family} in supply")
    state.seats[seat].supply[family] -= n
    where.pieces[piece] = where.pieces.get(piece, 0) + n
    _kept(state, seat, piece, n, None, where.place)


def _remove(state: GameState, args: list[str]) -> None:
    where, (piece, owner, family), n = _where(state, args[0]), _piece(args[1]), _count(args)
    _take(where, piece, n)
    seat = _seat(state, owner)
    state.seats[seat].supply[family] = state.seats[seat].supply.get(family, 0) + n
    _kept(state, seat, piece, n, where.place, None)


def _shift(state: GameState, args: list[str]) -> None:
    src_text, _, dst_text = args[0].partition(">")
    src, dst = _where(state, src_text), _where(state, dst_text)
    (piece, owner, _), n = _piece(args[1]), _count(args)
    _take(src, piece, n)
    dst.pieces[piece] = dst.pieces.get(piece, 0) + n
    _kept(state, _seat(state, owner), piece, n, src.place, dst.place)


def _take(where: _Spot, piece: str, n: int) -> None:
    """Take n pieces of one key from a place, refusing when fewer are there."""
    if where.pieces.get(piece, 0) < n:
        raise _Bad(f"{where.name} has fewer than {n} {piece}")
    where.pieces[piece] -= n
    if not where.pieces[piece]:
        del where.pieces[piece]


def _kept(state: GameState, seat: int, piece: str, n: int, src: Place | None, dst: Place | None) -> None:
    """The owner's own records of the pieces an edit moved, kept by the owner (or its reason to refuse the edit)."""
    reason = registry.of(state, seat).edit_pieces(state, seat, piece, n, src, dst)
    if reason:
        raise IllegalActionError(reason)


def _points(state: GameState, args: list[str]) -> None:
    state.seats[_seat(state, args[0])].points = _number(args[1], signed=True)


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
    raise _Bad(f"unknown place '{echo(where, 24)}'; places are hand:FACTION, crafted:FACTION, discard, deck, available")


def _card(state: GameState, args: list[str]) -> None:
    key, src, dst = args[0], _pile(state, args[1]), _pile(state, args[2])
    if key not in keys():
        raise _Bad(f"no card called '{echo(key, 24)}'")
    cid = next((c for c in src if card(c).key == key), None)
    if cid is None:
        raise _Bad(f"'{key}' is not in {echo(args[1], 24)}")
    src.remove(cid)
    dst.append(cid)


def _lay(state: GameState, args: list[str]) -> None:
    name, cid = args[0].lower(), _clearing(state, args[1])
    supply = supply_at(state, cid)
    if supply.get(name, 0) < 1:
        have = ", ".join(stocked(supply)) or "nothing"
        raise _Bad(f"the supply of clearing {cid}'s map has no {echo(name, 24)} (it has {have})")
    supply[name] -= 1
    lay(state, name, cid)


_HANDLERS = {"place": _place, "remove": _remove, "shift": _shift, "points": _points, "card": _card, "lay": _lay}
WORDS = {
    "place": (2, True),
    "remove": (2, True),
    "shift": (2, True),
    "points": (2, False),
    "card": (3, False),
    "lay": (2, False),
}
"""The words each edit reads after its verb, and whether a count (xN) may follow them."""
