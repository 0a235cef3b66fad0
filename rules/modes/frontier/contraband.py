"""Contraband in the Frontier Alliance Mode (3x3.2, 3x3.3): items crafted from the rival map's supply.

A contraband item is a map item (`state.map_items`) with its points: carried by a warrior (its map
key), or lying in a clearing (carrier None). It moves with its carrier's warriors, scores when they
bring it across a bridge onto their home map (then it joins the seat's crafted items), and drops
when the last of them there is removed. Search the rubble picks a lying item up (in place of one of
the faction's moves); seizing destroys one lying on the seizer's home map (in place of one of its
battles, +1 point). Every faction gets both through the mode's own actions (`Frontier.actions`,
`apply_action`, `explain_action`), paid through its `Faction.action_ways` / `Faction.spend_action`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules import crafting, registry
from rules.actions import CLEARING, SUIT, WORD, Action, register_for
from rules.assets import items_data
from rules.items import MapItem, gain, lay
from rules.map_pieces import controlled_warriors
from rules.modes.frontier import table
from rules.pieces import WARRIOR, category_of_key, parse_key
from rules.scoring import score

if TYPE_CHECKING:
    from rules.hooks import Entered, Removed
    from rules.state import GameState

MODE_ID = table.MODE_ID
SEIZE_POINTS = 1
STIR_LIMIT = 4
"""A random playout lays dropped contraband while fewer items than this lie on the map (Frontier.playout_stir)."""
ITEM_WORDS = tuple(sorted(items_data()["counter_totals"]))
"""Item names are read as words of these verbs (a sword is also a card's name)."""


@dataclass(frozen=True, slots=True)
class _LyingItem(Action):
    """An action on a contraband item lying in a clearing (the suit: how a faction pays, when it has a choice)."""

    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("item", WORD), ("suit", SUIT))
    clearing: int
    item: str
    suit: str | None = None


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Search(_LyingItem):
    """Search the rubble: a warrior picks up a contraband item lying in its clearing (costs a move)."""

    verb: ClassVar[str] = "search"


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Seize(_LyingItem):
    """Seize contraband lying in a clearing: it leaves the game and the team scores a point (costs a battle)."""

    verb: ClassVar[str] = "seize"


KINDS: dict[type[Action], str] = {Search: "move", Seize: "battle"}
"""The faction action each of these takes the place of."""


def paid_abroad(state: GameState, seat: int, plan: Mapping[str, int], spent: Mapping[str, int]) -> list[int]:
    """Clearings of the rival map whose crafting pieces pay part of a craft paid with the suits `plan`.

    Of each suit, the seat's pieces on its home map pay first; the rival map's pay once `spent` (that suit's
    pieces activated this turn, this craft's included) outnumbers them."""
    home = table.home_map(state, seat)
    pieces = registry.of(state, seat).crafting_clearings(state, seat)
    at_home = Counter(state.suits[cid - 1] for cid in pieces if state.board.map_of(cid) == home)
    return sorted(
        {
            cid
            for cid in pieces
            if state.board.map_of(cid) != home
            and plan.get(suit := state.suits[cid - 1], 0) > 0
            and spent.get(suit, 0) > at_home[suit]
        }
    )


def crafting_map(state: GameState, seat: int, plan: Mapping[str, int]) -> str:
    """The supply a craft takes from: the seat's home map's, unless a crafting piece on the rival map pays for it."""
    if _all_abroad(state):
        return _all_abroad_map(state, seat)
    abroad = paid_abroad(state, seat, plan, crafting.activated(state, seat) + Counter(plan))
    return state.board.map_of(abroad[0]) if abroad else table.home_map(state, seat)


def _all_abroad(state: GameState) -> bool:
    """Whether an older record replays, whose engine made a craft contraband only when all the crafting pieces
    stood on the rival map (rules.revisions: before 1fb5f82)."""
    return state.legacy is not None and bool(state.legacy.contraband_when_all_abroad)


def _all_abroad_map(state: GameState, seat: int) -> str:
    """The older engine's supply: the home map's unless every crafting piece of the seat stands on the rival map."""
    home = table.home_map(state, seat)
    maps = {state.board.map_of(cid) for cid in registry.of(state, seat).crafting_clearings(state, seat)}
    return home if home in maps or not maps else maps.pop()


def carrier_key(state: GameState, seat: int, cid: int) -> str | None:
    """The map key of the seat's warriors that carry an item in a clearing: its own, else others' it controls
    (the Spore's infected); None when it has none there or its warriors don't carry (the Alliance)."""
    if not table.golden(state, seat, "carries_contraband", default=True):
        return None
    here = controlled_warriors(state, state.seats[seat].faction, cid)
    own = f"{state.seats[seat].faction}:warrior"
    return min(here, key=lambda p: (p != own, p), default=None)


def smuggle(state: GameState, seat: int, item: str, supply: str, points: int, plan: Mapping[str, int]) -> None:
    """Lay an item crafted from the rival map's supply in a clearing of that map whose crafting pieces paid for it
    (called once they are activated)."""
    if _all_abroad(state):
        paid = sorted(set(registry.of(state, seat).crafting_clearings(state, seat)))
    else:
        paid = paid_abroad(state, seat, plan, crafting.activated(state, seat))
    sites = [cid for cid in paid if state.board.map_of(cid) == supply]
    lies = table.golden(state, seat, "leaves_crafts_lying", default=False)
    carried = [] if lies else [cid for cid in sites if carrier_key(state, seat, cid)]
    cid = (carried or sites)[0]
    record = lay(state, item, cid, carrier=None if lies else carrier_key(state, seat, cid), by=seat)
    record["points"] = points
    who = registry.of(state, seat).name
    how = "carried by a warrior" if record["carrier"] else "left in the clearing"
    state.say(f"The {item} {who} crafted is contraband, {how} in clearing {cid}.", None, ("place", cid, None))


def lying(state: GameState, cid: int) -> list[MapItem]:
    """Contraband lying (not carried) in a clearing."""
    return [i for i in state.map_items if i["clearing"] == cid and i["carrier"] is None]


def _lying_everywhere(state: GameState) -> list[tuple[int, str]]:
    return sorted({(i["clearing"], i["item"]) for i in state.map_items if i["carrier"] is None})


def search_options(state: GameState, seat: int, step: str) -> Iterator[Search]:
    """Lying items the seat's warriors may pick up now, one per way the seat could pay the move."""
    faction = registry.of(state, seat)
    for cid, name in _lying_everywhere(state):
        if carrier_key(state, seat, cid) and faction.movable(state, seat, cid) > 0:
            for way in faction.action_ways(state, seat, step, "move", cid):
                yield Search(cid, name, way)


def seize_options(state: GameState, seat: int, step: str) -> Iterator[Seize]:
    """Lying items on the seat's home map it may seize now, one per way it could pay the battle."""
    faction = registry.of(state, seat)
    for cid, name in _lying_everywhere(state):
        if table.on_home_map(state, seat, cid) and faction.can_attack(state, seat, cid):
            for way in faction.action_ways(state, seat, step, "battle", cid):
                yield Seize(cid, name, way)


def why_not(state: GameState, seat: int, action: Search | Seize) -> str:
    """Why a search or a seizure is refused, in words."""
    faction, cid, kind = registry.of(state, seat), action.clearing, KINDS[type(action)]
    if not any(i["item"] == action.item for i in lying(state, cid)):
        return f"no contraband {action.item} lies in clearing {cid}"
    if kind == "move" and not (carrier_key(state, seat, cid) and faction.movable(state, seat, cid) > 0):
        return f"you have no warrior in clearing {cid} that can pick it up and carry it"
    if kind == "battle" and not table.on_home_map(state, seat, cid):
        return "contraband is seized only on your home map"
    if kind == "battle" and not faction.can_attack(state, seat, cid):
        return f"you have no warriors in clearing {cid} to battle with"
    doing = "searching the rubble takes one of your moves" if kind == "move" else "seizing takes one of your battles"
    return f"{doing}, and you can't take one now"


def search(state: GameState, seat: int, action: Search) -> None:
    """Put a lying item under one of the seat's warriors there."""
    item = next(i for i in lying(state, action.clearing) if i["item"] == action.item)
    item["carrier"] = carrier_key(state, seat, action.clearing)
    state.say(f"{registry.of(state, seat).name} searches the rubble in clearing {action.clearing}: the {action.item}.")


def seize(state: GameState, seat: int, action: Seize) -> None:
    """Destroy a lying item: out of the game, and a point for the seizer."""
    item = next(i for i in lying(state, action.clearing) if i["item"] == action.item)
    state.map_items.remove(item)
    state.items_removed.append(item["item"])
    state.say(f"{registry.of(state, seat).name} seizes the contraband {action.item} in clearing {action.clearing}.")
    score(state, seat, SEIZE_POINTS, "seizing contraband")


def options(state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
    """Searches and seizures the seat could pay for now, after its faction's own actions (none while no contraband
    lies or is carried on the map)."""
    if not state.map_items:
        return
    if verb in (None, "search"):
        yield from search_options(state, seat, step)
    if verb in (None, "seize"):
        yield from seize_options(state, seat, step)


def carry_out(state: GameState, seat: int, step: str, action: Action) -> bool:
    """Pay for a search as a move or a seizure as a battle, then carry it out; False for any other action, and for a
    search paid otherwise, which the faction carries out itself (the Vagabond's torch)."""
    kind = KINDS.get(type(action))
    if kind is None or not isinstance(action, (Search, Seize)):
        return False
    faction = registry.of(state, seat)
    if action.suit not in faction.action_ways(state, seat, step, kind, action.clearing):
        return False
    faction.spend_action(state, seat, step, kind, action.clearing, action.suit)
    if isinstance(action, Search):
        search(state, seat, action)
    else:
        seize(state, seat, action)
    return True


def refused(state: GameState, seat: int, action: Action) -> str | None:
    """Why a search or a seizure is refused (None for any other action)."""
    return why_not(state, seat, action) if isinstance(action, (Search, Seize)) else None


def carried_along(state: GameState, entered: Entered) -> None:
    """Contraband goes with its carrier's warriors; brought across a bridge onto their home map, it scores for the
    seat they fight for."""
    if category_of_key(entered.piece) != WARRIOR:
        return
    if not isinstance(entered.src, int) or not isinstance(entered.dst, int):  # warriors move between clearings only
        return
    for item in [i for i in state.map_items if i["clearing"] == entered.src and i["carrier"] == entered.piece]:
        item["clearing"] = entered.dst
        seat = state.seat_of(parse_key(entered.piece)[2])
        if seat is None or not isinstance(entered.dst, int):
            continue
        if table.crosses_bridge(state, entered.src, entered.dst) and table.on_home_map(state, seat, entered.dst):
            state.map_items.remove(item)
            gain(state, seat, item["item"])
            score(state, seat, int(item.get("points", 0)), f"bringing the contraband {item['item']} home")


def orphans_fall(state: GameState) -> None:
    """Contraband whose carrier's kind is no longer in its clearing (its warriors changed hands without a move or
    a removal) lies there."""
    for item in state.map_items:
        carrier = item["carrier"]
        if carrier is not None and not state.clearings[item["clearing"] - 1].get(carrier):
            item["carrier"] = None
            state.say(f"The contraband {item['item']} falls in clearing {item['clearing']}.")


def dropped(state: GameState, removed: Removed) -> None:
    """Contraband whose carriers are all gone from a clearing falls there."""
    if not isinstance(removed.place, int):
        return
    here = state.clearings[removed.place - 1]
    for item in state.map_items:
        if item["clearing"] == removed.place and item["carrier"] in removed.pieces and not here.get(item["carrier"]):
            item["carrier"] = None
            state.say(f"The contraband {item['item']} falls in clearing {removed.place}.")
