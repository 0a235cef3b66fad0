"""Contraband in the Frontier Alliance Mode (3x3.2, 3x3.3): items crafted from the rival map's supply.

A contraband item is a map item (`state.map_items`) with its points: carried by a warrior (its map
key), or lying in a clearing (carrier None). It moves with its carrier's warriors, scores when they
bring it across a bridge onto their home map (then it joins the seat's crafted items), and drops
when the last of them there is removed. Search the rubble picks a lying item up (a move action);
seizing destroys one lying in a clearing the seizer's team is in (a battle action, +1 point).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rules import registry
from rules.actions import CLEARING, SUIT, WORD, Action, register_for
from rules.assets import items_data
from rules.items import gain, lay
from rules.modes import frontier_table as table
from rules.pieces import WARRIOR, category_of_key, own_warrior_keys, parse_key
from rules.scoring import score

if TYPE_CHECKING:
    from rules.hooks import Entered, Removed
    from rules.state import GameState

MODE_ID = table.MODE_ID
SEIZE_POINTS = 1
ITEM_WORDS = tuple(sorted(items_data()["counter_totals"]))
"""Item names are read as words of these verbs (a sword is also a card's name)."""


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Search(Action):
    """Search the rubble: a warrior picks up a contraband item lying in its clearing (costs a move)."""

    verb: ClassVar[str] = "search"
    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("item", WORD), ("suit", SUIT))
    clearing: int
    item: str
    suit: str | None = None


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Seize(Action):
    """Seize contraband lying in a clearing: it leaves the game and the team scores a point (costs a battle)."""

    verb: ClassVar[str] = "seize"
    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("item", WORD), ("suit", SUIT))
    clearing: int
    item: str
    suit: str | None = None


def crafting_map(state: GameState, seat: int) -> str:
    """The supply a seat crafts from: its home map's, unless all its crafting pieces stand on the rival map."""
    home = table.home_map(state, seat)
    kind = registry.of(state, seat).crafting_kind
    if kind is None:
        return home
    piece = f"{state.seats[seat].faction}:{kind}"
    maps = {state.board.map_of(cid) for cid in state.board.ids() if state.clearings[cid - 1].get(piece)}
    return home if home in maps or not maps else maps.pop()


def carrier_key(state: GameState, seat: int, cid: int) -> str | None:
    """The map key of the seat's warriors that carry an item in a clearing (None: none there, or it won't)."""
    if not table.golden(state, seat, "carries_contraband", default=True):
        return None
    for key in own_warrior_keys(state.seats[seat].faction):
        if state.clearings[cid - 1].get(key):
            return key
    return None


def smuggle(state: GameState, seat: int, item: str, supply: str, points: int) -> None:
    """Lay an item crafted from the rival map's supply in a clearing of that map with the seat's crafting piece."""
    kind = registry.of(state, seat).crafting_kind
    piece = f"{state.seats[seat].faction}:{kind}"
    sites = [
        cid for cid in state.board.ids() if state.board.map_of(cid) == supply and state.clearings[cid - 1].get(piece)
    ]
    carried = [cid for cid in sites if carrier_key(state, seat, cid)]
    cid = (carried or sites)[0]
    record = lay(state, item, cid, carrier=carrier_key(state, seat, cid), by=seat)
    record["points"] = points
    who = registry.of(state, seat).name
    how = "carried by a warrior" if record["carrier"] else "left in the clearing"
    state.say(f"The {item} {who} crafted is contraband, {how} in clearing {cid}.", None, ("place", cid, None))


def lying(state: GameState, cid: int) -> list[dict[str, Any]]:
    """Contraband lying (not carried) in a clearing."""
    return [i for i in state.map_items if i["clearing"] == cid and i["carrier"] is None]


def search_options(state: GameState, seat: int) -> list[Search]:
    """Items a seat's warriors can pick up: lying where it has a warrior that may carry."""
    out = []
    for item in state.map_items:
        if item["carrier"] is None and carrier_key(state, seat, item["clearing"]):
            out.append(Search(item["clearing"], item["item"]))
    return sorted(set(out), key=lambda a: (a.clearing, a.item))


def seize_options(state: GameState, seat: int) -> list[Seize]:
    """Items a seat can seize: lying on its home map where it has a warrior."""
    out = []
    for item in state.map_items:
        cid = item["clearing"]
        if item["carrier"] is None and table.on_home_map(state, seat, cid) and _has_warrior(state, seat, cid):
            out.append(Seize(cid, item["item"]))
    return sorted(set(out), key=lambda a: (a.clearing, a.item))


def _has_warrior(state: GameState, seat: int, cid: int) -> bool:
    return any(state.clearings[cid - 1].get(k) for k in own_warrior_keys(state.seats[seat].faction))


def _find(state: GameState, cid: int, name: str) -> dict[str, Any]:
    return next(i for i in lying(state, cid) if i["item"] == name)


def search(state: GameState, seat: int, action: Search) -> None:
    """Put a lying item under one of the seat's warriors there."""
    item = _find(state, action.clearing, action.item)
    item["carrier"] = carrier_key(state, seat, action.clearing)
    state.say(f"{registry.of(state, seat).name} searches the rubble in clearing {action.clearing}: the {action.item}.")


def seize(state: GameState, seat: int, action: Seize) -> None:
    """Destroy a lying item: out of the game, and a point for the seizer."""
    item = _find(state, action.clearing, action.item)
    state.map_items.remove(item)
    state.items_removed.append(item["item"])
    state.say(f"{registry.of(state, seat).name} seizes the contraband {action.item} in clearing {action.clearing}.")
    score(state, seat, SEIZE_POINTS, "seizing contraband")


def carried_along(state: GameState, entered: Entered) -> None:
    """Contraband goes with its carrier's warriors; brought across a bridge onto their home map, it scores."""
    if category_of_key(entered.piece) != WARRIOR or not isinstance(entered.src, int):
        return
    for item in [i for i in state.map_items if i["clearing"] == entered.src and i["carrier"] == entered.piece]:
        item["clearing"] = entered.dst
        seat = state.seat_of(parse_key(entered.piece)[0])
        if seat is None or not isinstance(entered.dst, int):
            continue
        if table.crosses_bridge(state, entered.src, entered.dst) and table.on_home_map(state, seat, entered.dst):
            state.map_items.remove(item)
            gain(state, seat, item["item"])
            score(state, seat, int(item.get("points", 0)), f"bringing the contraband {item['item']} home")


def dropped(state: GameState, removed: Removed) -> None:
    """Contraband whose carriers are all gone from a clearing falls there."""
    if not isinstance(removed.place, int):
        return
    here = state.clearings[removed.place - 1]
    for item in state.map_items:
        if item["clearing"] == removed.place and item["carrier"] in removed.pieces and not here.get(item["carrier"]):
            item["carrier"] = None
            state.say(f"The contraband {item['item']} falls in clearing {removed.place}.")
