"""Items as objects: a name with a state (exhausted, damaged) and a place.

Places: a map's item supply (`state.item_supply`), a ruin (`state.ruins`), a seat's items
(`Seat.items`: its crafted items, or the Vagabond's satchel and tracks), lying in a clearing or
carried by a warrior there (`state.map_items`), or out of the game (`state.items_removed`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules import registry
from rules.assets import items_data
from rules.state import GameState

Item = dict[str, Any]


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


def describe(item: Item) -> str:
    """An item in words with its state: 'sword', 'sword (exhausted, damaged)'."""
    marks = [m for m in ("exhausted", "damaged") if item.get(m)]
    return str(item["item"]) + (f" ({', '.join(marks)})" if marks else "")


def lay(state: GameState, name: str, cid: int, carrier: str | None = None, by: int | None = None) -> Item:
    """Put an item in a clearing: lying there, or carried by a warrior stored under a map key."""
    item = {"item": name, "clearing": cid, "carrier": carrier, "by": by}
    state.map_items.append(item)
    return item


def ruin_items_for(maps: int) -> list[str]:
    """The items hidden under ruins: the four base ones, plus four more when two maps are joined."""
    out = list(items_data()["ruins"])
    if maps > 1:
        out += list(items_data()["extra_ruin_items_3x3"])
    return out


def in_play(state: GameState) -> Counter[str]:
    """Every item the game holds, wherever it is."""
    have: Counter[str] = Counter(i for i in state.ruins if i)
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
    out.update(ruin_items_for(len(state.board.maps)))
    for seat in range(len(state.seats)):
        out.update(registry.of(state, seat).box_items(state, seat))
    return out
