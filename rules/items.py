"""Items as objects: a name with a state (exhausted, damaged) and a place.

Places: a map's item supply (`state.item_supply`), a ruin (`state.ruins`), a seat's items
(`Seat.items`: its crafted items, or the Vagabond's satchel and tracks), lying in a clearing or
carried by a warrior there (`state.map_items`), or out of the game (`state.items_removed`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from rules import registry
from rules.assets import items_data
from rules.state import GameState
from rules.state import Item as Item
from rules.state import MapItem as MapItem


def make(name: str, exhausted: bool = False, damaged: bool = False) -> Item:
    """A new item record."""
    return {"item": name, "exhausted": exhausted, "damaged": damaged}


def gain(state: GameState, seat: int, name: str, exhausted: bool = False, damaged: bool = False) -> Item:
    """Give a seat an item."""
    item = make(name, exhausted, damaged)
    state.seats[seat].items.append(item)
    return item


def names(items: list[Item]) -> list[str]:
    """The item names of a list of item records."""
    return [i["item"] for i in items]


def matching(state: GameState, seat: int, name: str, ready: bool = False) -> list[Item]:
    """A seat's items of one name (only undamaged, unexhausted ones when ready)."""
    return [
        i
        for i in state.seats[seat].items
        if i["item"] == name and not (ready and (i["exhausted"] or i["damaged"]))
    ]


STATES = ("exhausted", "damaged", "damaged-exhausted")
"""Words for an item's state besides face up and undamaged (which is written as nothing)."""


def state_word(item: Item) -> str | None:
    """An item's state as one word: None (face up, undamaged), exhausted, damaged or damaged-exhausted."""
    if item["damaged"]:
        return "damaged-exhausted" if item["exhausted"] else "damaged"
    return "exhausted" if item["exhausted"] else None


def is_ready(item: Item) -> bool:
    """Whether an item can be exhausted: face up and undamaged."""
    return not item["exhausted"] and not item["damaged"]


def ready(state: GameState, seat: int, name: str) -> int:
    """How many of a seat's items of one name are face up and undamaged."""
    return sum(1 for i in state.seats[seat].items if i["item"] == name and is_ready(i))


def undamaged(state: GameState, seat: int, name: str | None = None) -> int:
    """How many of a seat's items (of one name, or all) are undamaged, face up or face down."""
    return sum(1 for i in state.seats[seat].items if not i["damaged"] and name in (None, i["item"]))


def find(items: list[Item], name: str, state: str | None = None) -> Item | None:
    """The first item record of a name in a given state word."""
    return next((i for i in items if i["item"] == name and state_word(i) == state), None)


def groups(items: list[Item]) -> list[tuple[str, str | None]]:
    """Each distinct (name, state word) among item records, in a stable order."""
    return sorted({(i["item"], state_word(i)) for i in items}, key=lambda g: (g[0], g[1] or ""))


def exhaust(state: GameState, seat: int, name: str, n: int = 1) -> int:
    """Flip up to n of a seat's face-up undamaged items of one name face down; returns how many."""
    done = 0
    for item in state.seats[seat].items:
        if done < n and item["item"] == name and is_ready(item):
            item["exhausted"] = True
            done += 1
    return done


def take_item(state: GameState, seat: int, name: str, state_of: str | None = None) -> Item:
    """Take one item record (of a name in a state) off a seat."""
    item = find(state.seats[seat].items, name, state_of)
    assert item is not None, (name, state_of)
    state.seats[seat].items.remove(item)
    return item


def describe(item: Mapping[str, object]) -> str:
    """An item in words with its state: 'sword', 'sword (exhausted, damaged)'."""
    marks = [m for m in ("exhausted", "damaged") if item.get(m)]
    return str(item["item"]) + (f" ({', '.join(marks)})" if marks else "")


def lay(state: GameState, name: str, cid: int, carrier: str | None = None, by: int | None = None) -> MapItem:
    """Put an item in a clearing: lying there, or carried by a warrior stored under a map key."""
    item: MapItem = {"item": name, "clearing": cid, "carrier": carrier, "by": by}
    state.map_items.append(item)
    return item


def ruin_items_for(maps: int) -> list[str]:
    """The items hidden under ruins: the four base ones, plus four more when two maps are joined."""
    out = list(items_data()["ruins"])
    if maps > 1:
        out += list(items_data()["extra_ruin_items_3x3"])
    return out


def under_ruin(state: GameState, cid: int) -> list[str]:
    """The items still under the ruin of a clearing (none, one, or two with two sets)."""
    second = state.second_ruins[cid - 1] if state.second_ruins else None
    return [i for i in (state.ruins[cid - 1], second) if i]


def ruin_choice_asked(state: GameState, cid: int) -> bool:
    """Whether what is taken from a ruin is asked of the one taking it, even with a lone answer: with two item sets,
    whenever an item lies there, since that only one kind (two alike) or none may be taken would otherwise tell the
    table what lies there (before revision 13 the engine took a lone kind for the player, and nothing unasked)."""
    if state.legacy is not None and state.legacy.ruin_lone_choice_taken:
        return False
    return bool(state.second_ruins) and bool(under_ruin(state, cid))


def take_from_ruin(state: GameState, cid: int, name: str) -> None:
    """Take one item from under a ruin; a second item left there becomes the ruin's only one."""
    left = under_ruin(state, cid)
    left.remove(name)
    state.ruins[cid - 1] = left[0] if left else None
    if state.second_ruins:
        state.second_ruins[cid - 1] = None


def supply_at(state: GameState, cid: int) -> dict[str, int]:
    """The item supply of the map a clearing is on."""
    return state.item_supply[state.board.map_of(cid)]


def stocked(supply: dict[str, int]) -> list[str]:
    """The items a supply still has, by name."""
    return sorted(n for n, k in supply.items() if k > 0)


def in_play(state: GameState) -> Counter[str]:
    """Every item the game holds, wherever it is."""
    have: Counter[str] = Counter(i for i in state.ruins + state.second_ruins if i)
    for per_map in state.item_supply.values():
        have.update(per_map)
    for s in state.seats:
        have.update(names(s.items))
    have.update(i["item"] for i in state.map_items)
    have.update(state.items_removed)
    return have


def expected(state: GameState) -> Counter[str]:
    """Every item the game should hold: a supply per map, the ruin items, and what factions bring."""
    out: Counter[str] = Counter()
    for _ in state.item_supply:
        out.update(items_data()["supply"])
    for _ in range(2 if state.second_ruins else 1):
        out.update(ruin_items_for(len(state.board.maps)))
    for seat in range(len(state.seats)):
        out.update(registry.of(state, seat).box_items(state, seat))
    return out
