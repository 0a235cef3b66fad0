"""Moderator edits: changes the table agreed on, written in the record so replay stays exact.

Notation (every edit starts with '!'):
  !place 5 marquise:warrior x2     from the owner's supply to clearing 5
  !remove 5 eyrie:roost x1         from clearing 5 back to the owner's supply (no points)
  !shift 1>5 marquise:warrior x2   from one clearing to another
  !place burrow duchy:warrior      a place is a clearing, a forest (fA) or a seat's area beside the map by its name
  !points eyrie 12                 set a seat's points
  !card anvil hand:marquise discard    move a card: hand:<faction>, crafted:<faction>, discard, deck, available,
                                   or a faction's own pile (supporters:alliance, lost-souls, decree-move:eyrie)
  !lay sword 5                     an item from the supply of clearing 5's map, lying in clearing 5
  !item sword supply hoard         move an item: supply (supply:<map> on joined maps), removed, items:<faction>
                                   (or what the faction calls them: hoard), or lying in a clearing (5)
  !ferry 7                         move the Lake map's Ferry to another coastal clearing
  !path 2>5 open                   remove a closed path of the Mountain map (closed: put it back)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules import flow, landmarks, registry
from rules.cards import card, deck, keys
from rules.engine import legal_actions, to_act
from rules.errors import IllegalActionError, InvalidActionError
from rules.hooks import Place
from rules.invariants import problems
from rules.items import expected, lay, make, stocked, supply_at
from rules.map_pieces import pieces_at, place_name
from rules.numbers import is_number, whole
from rules.pieces import kind_of, parse_key
from rules.state import Event, GameState, Item
from rules.words import echo

_COUNT = re.compile(r"^x(-?[0-9]+)$")
USAGE = {
    "place": "!place CLEARING FACTION:KIND xCOUNT, e.g. !place 5 marquise:warrior x2",
    "remove": "!remove CLEARING FACTION:KIND xCOUNT, e.g. !remove 5 eyrie:roost x1",
    "shift": "!shift FROM>TO FACTION:KIND xCOUNT, e.g. !shift 1>5 marquise:warrior x2",
    "points": "!points FACTION POINTS, e.g. !points eyrie 12",
    "card": "!card CARD FROM TO, e.g. !card anvil hand:marquise discard",
    "lay": "!lay ITEM CLEARING, e.g. !lay sword 5",
    "item": "!item ITEM FROM TO, e.g. !item sword supply items:marquise",
    "ferry": "!ferry CLEARING, e.g. !ferry 7",
    "path": "!path FROM>TO open|closed, e.g. !path 2>5 open",
}
MAP_EDITS = ("place", "remove", "shift", "lay", "item", "ferry", "path")
"""The edits of the map and the items, made once setup is finished."""
SHARED_PILES = ("discard", "deck", "available")


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
    if state.turn.phase == "setup" and verb in MAP_EDITS:
        raise IllegalActionError("the map, its pieces and the items can be edited once setup is finished")
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
    new.events.insert(0, _edit_event(new, text))
    flow.advance(new)
    seat = to_act(new)
    if seat is not None and not legal_actions(new, seat):
        name = registry.of(new, seat).name
        raise IllegalActionError(f"that edit would leave the {name} with nothing they can do")
    return new, new.events


def _edit_event(state: GameState, text: str) -> Event:
    """What the table hears of an edit: the edit itself, but a secret card edit's card only by the seats that may
    look into the places it left or joined."""
    shown = public_form(text.strip())
    secret = secret_card(text)
    if secret is None:
        return Event(f"Moderator edit: {shown}")
    _, src, dst = secret
    seats = {state.seat_of(end.faction) for end in (src, dst) if end.hidden and end.faction is not None}
    return Event(f"Moderator edit: {shown}", {s: f"Moderator edit: {text.strip()}" for s in seats if s is not None})


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


@dataclass(frozen=True)
class _Pile:
    """Where a card edit takes a card from or puts it: the state's own list, and for a faction's own pile its seat
    and name (its `edit_cards` hook keeps its records)."""

    cards: list[int]
    seat: int | None = None
    name: str = ""


def _pile(state: GameState, where: str) -> _Pile:
    """A place of a card edit: a shared pile, a seat's hand or crafted cards, or a faction's own pile by its name
    (NAME:FACTION where two seats have one so named)."""
    text = where.lower()
    shared = {"discard": state.discard, "deck": state.deck, "available": state.dominance_available}
    if text in shared:
        return _Pile(shared[text])
    place, _, faction = text.partition(":")
    if place in ("hand", "crafted"):
        if not faction:
            raise _Bad(f"write {place}:FACTION, e.g. {place}:{state.seats[0].faction}")
        seat = state.seats[_seat(state, faction)]
        return _Pile(seat.hand if place == "hand" else seat.crafted)
    holders = [i for i in range(len(state.seats)) if place in _pile_names(state, i)]
    if faction:
        holders = [i for i in holders if i == _seat(state, faction)]
    if len(holders) > 1:
        raise _Bad(f"several seats have a pile called {place}: write it {place}:FACTION")
    if not holders:
        raise _Bad(f"unknown place '{echo(where, 24)}'; places are {', '.join(card_places(state))}")
    return _Pile(registry.of(state, holders[0]).card_pile(state, holders[0], place), holders[0], place)


def _pile_names(state: GameState, seat: int) -> list[str]:
    """The names of a seat's own card piles."""
    return [pile.name for pile in registry.of(state, seat).card_piles]


def card_places(state: GameState) -> list[str]:
    """Every place a card edit may name in this game."""
    out = [f"{where}:{s.faction}" for s in state.seats for where in ("hand", "crafted")]
    out += [f"{name}:{s.faction}" for i, s in enumerate(state.seats) for name in _pile_names(state, i)]
    return [*out, *SHARED_PILES]


def _card(state: GameState, args: list[str]) -> None:
    key, src, dst = args[0], _pile(state, args[1]), _pile(state, args[2])
    if key not in keys():
        raise _Bad(f"no card called '{echo(key, 24)}'")
    cid = next((c for c in src.cards if 0 <= c < len(deck()) and card(c).key == key), None)
    if cid is None:
        raise _Bad(f"'{key}' is not in {echo(args[1], 24)}")
    if src.cards is dst.cards:
        raise _Bad(f"'{key}' is in {echo(args[1], 24)} already")
    src.cards.remove(cid)
    dst.cards.append(cid)
    for pile, added in ((src, False), (dst, True)):
        if pile.seat is not None:
            reason = registry.of(state, pile.seat).edit_cards(state, pile.seat, pile.name, cid, added)
            if reason:
                raise IllegalActionError(reason)


@dataclass(frozen=True)
class CardEnd:
    """A place of a card edit as the table sees it, read from the declarations alone (a record's line is judged
    without its state): its word, the faction it belongs to, its title, whether the table may not see its cards
    (hidden: a hand, the deck, a face-down pile) and whether it is a faction's face-down pile."""

    place: str
    faction: str | None
    title: str
    hidden: bool
    face_down: bool


def card_end(text: str) -> CardEnd:
    """What a place written in a card edit is: an unknown one counts as hidden."""
    place, _, owner = text.lower().partition(":")
    fid = registry.find_faction(owner) if owner else None
    if place in SHARED_PILES and not owner:
        return CardEnd(place, None, place, place == "deck", False)
    if place in ("hand", "crafted"):
        public = place == "crafted" or (fid is not None and registry.faction(fid).public_hand)
        return CardEnd(place, fid, place, not public, False)
    owners = [fid] if fid is not None else registry.all_ids()
    declared = [(f, p) for f in owners for p in registry.faction(f).card_piles if p.name == place]
    if not declared:
        return CardEnd(place, fid, place, True, False)
    face_down = any(p.face_down for _, p in declared)
    return CardEnd(place, declared[0][0] if len(declared) == 1 else fid, declared[0][1].title, face_down, face_down)


def secret_card(text: str) -> tuple[str, CardEnd, CardEnd] | None:
    """(card, from, to) of a card edit whose card no public output may name: one going into a place the table
    can't see (a hand, the deck, a face-down pile), or coming out of a faction's face-down pile; else None."""
    words = text.strip().lstrip("!").split()
    if len(words) < 4 or words[0].lower() != "card":
        return None
    src, dst = card_end(words[2]), card_end(words[3])
    return (words[1], src, dst) if dst.hidden or src.face_down else None


def public_form(text: str) -> str:
    """An edit as the table may read it: a secret card edit's card is '?'."""
    if secret_card(text) is None:
        return text
    words = text.strip().split()
    return " ".join([words[0], "?", *words[2:]])


def _lay(state: GameState, args: list[str]) -> None:
    name, cid = args[0].lower(), _clearing(state, args[1])
    supply = supply_at(state, cid)
    if supply.get(name, 0) < 1:
        have = ", ".join(stocked(supply)) or "nothing"
        raise _Bad(f"the supply of clearing {cid}'s map has no {echo(name, 24)} (it has {have})")
    supply[name] -= 1
    lay(state, name, cid)


def _item(state: GameState, args: list[str]) -> None:
    name = args[0].lower()
    known = set(expected(state))
    if name not in known:
        raise _Bad(f"no item called '{echo(name, 24)}'; items are {', '.join(sorted(known))}")
    src, dst = _item_place(state, args[1]), _item_place(state, args[2])
    if src == dst:
        raise _Bad(f"the {name} would stay where it is")
    item = _take_item(state, src, name, args[1])
    _put_item(state, dst, item)
    for (kind, where), added in ((src, False), (dst, True)):
        if kind == "seat":
            seat = int(where)
            reason = registry.of(state, seat).edit_items(state, seat, name, added)
            if reason:
                raise IllegalActionError(reason)


def _item_place(state: GameState, text: str) -> tuple[str, str]:
    """A place of an item edit, as (kind, which): ('supply', map), ('removed', ''), ('seat', seat) or ('clearing',
    number)."""
    word, _, owner = text.lower().partition(":")
    if word == "supply":
        maps = list(state.item_supply)
        if owner in maps or (not owner and len(maps) == 1):
            return "supply", owner or maps[0]
        raise _Bad(f"write the supply of one map: {', '.join(f'supply:{m}' for m in maps)}")
    if word == "removed" and not owner:
        return "removed", ""
    holders = [i for i, s in enumerate(state.seats) if word in ("items", registry.of(state, i).item_box)]
    if owner:
        holders = [i for i in holders if i == _seat(state, owner)]
    if len(holders) == 1:
        return "seat", str(holders[0])
    if holders:
        raise _Bad(f"write {word}:FACTION")
    if is_number(text):
        return "clearing", str(_clearing(state, text))
    raise _Bad(f"unknown place '{echo(text, 24)}'; items are in {', '.join(item_places(state))} or a clearing")


def item_places(state: GameState) -> list[str]:
    """Every place an item edit may name in this game, but the clearings."""
    maps = list(state.item_supply)
    supplies = ["supply"] if len(maps) == 1 else [f"supply:{m}" for m in maps]
    seats = [f"items:{s.faction}" for s in state.seats]
    boxes = [f"{registry.of(state, i).item_box}:{s.faction}" for i, s in enumerate(state.seats)]
    return list(dict.fromkeys([*supplies, *seats, *(b for b in boxes if not b.startswith("items:")), "removed"]))


def _take_item(state: GameState, where: tuple[str, str], name: str, text: str) -> Item:
    """Take an item of a name from a place, or say it is not there."""
    kind, which = where
    taken = _TAKERS[kind](state, which, name)
    if taken is None:
        raise _Bad(f"there is no {name} in {echo(text, 24)}")
    return taken


def _from_supply(state: GameState, which: str, name: str) -> Item | None:
    supply = state.item_supply[which]
    if supply.get(name, 0) < 1:
        return None
    supply[name] -= 1
    return make(name)


def _from_removed(state: GameState, _which: str, name: str) -> Item | None:
    if name not in state.items_removed:
        return None
    state.items_removed.remove(name)
    return make(name)


def _from_seat(state: GameState, which: str, name: str) -> Item | None:
    """A seat's item of a name, its face-up undamaged ones first (a card standing in for one is no item)."""
    items = state.seats[int(which)].items
    held = [i for i in items if i["item"] == name and not i.get("stand_in")]
    found = min(held, key=lambda i: (i["exhausted"], i["damaged"]), default=None)
    if found is not None:
        items.remove(found)
    return found


def _from_clearing(state: GameState, which: str, name: str) -> Item | None:
    """An item lying in a clearing (one a warrior carries is taken with it, never by itself)."""
    cid = int(which)
    lying = next((i for i in state.map_items if (i["item"], i["clearing"], i["carrier"]) == (name, cid, None)), None)
    if lying is None:
        return None
    state.map_items.remove(lying)
    return make(name)


_TAKERS = {"supply": _from_supply, "removed": _from_removed, "seat": _from_seat, "clearing": _from_clearing}


def _put_item(state: GameState, where: tuple[str, str], item: Item) -> None:
    """Put an item in a place: a seat keeps the record as it was (exhausted, damaged), elsewhere it is the item."""
    kind, which = where
    name = item["item"]
    if kind == "supply":
        state.item_supply[which][name] = state.item_supply[which].get(name, 0) + 1
    elif kind == "removed":
        state.items_removed.append(name)
    elif kind == "seat":
        state.seats[int(which)].items.append(item)
    else:
        lay(state, name, int(which))


def _ferry(state: GameState, args: list[str]) -> None:
    reason = landmarks.move_ferry(state, _clearing(state, args[0]))
    if reason:
        raise IllegalActionError(reason)


def _path(state: GameState, args: list[str]) -> None:
    low, sep, high = args[0].replace("-", ">").partition(">")
    if not sep:
        raise _Bad(f"'{echo(args[0], 24)}' is not a path: write it FROM>TO, e.g. 2>5")
    a, b = _clearing(state, low), _clearing(state, high)
    wanted = args[1].lower()
    if wanted not in ("open", "closed"):
        raise _Bad(f"'{echo(args[1], 24)}' is not open or closed")
    reason = landmarks.set_path(state, a, b, wanted == "open")
    if reason:
        raise IllegalActionError(reason)


_HANDLERS = {
    "place": _place,
    "remove": _remove,
    "shift": _shift,
    "points": _points,
    "card": _card,
    "lay": _lay,
    "item": _item,
    "ferry": _ferry,
    "path": _path,
}
WORDS = {
    "place": (2, True),
    "remove": (2, True),
    "shift": (2, True),
    "points": (2, False),
    "card": (3, False),
    "lay": (2, False),
    "item": (3, False),
    "ferry": (1, False),
    "path": (2, False),
}
"""The words each edit reads after its verb, and whether a count (xN) may follow them."""
