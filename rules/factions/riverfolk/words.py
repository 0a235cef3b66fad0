"""The Riverfolk Company in words: why an action is refused, each step's prompt, and the faction board's lines."""

from __future__ import annotations

from rules import crafting, hand, registry
from rules.actions import Action, Battle, Build, Craft, Move, Recruit
from rules.board import SUITS
from rules.cards import keys, label
from rules.factions.riverfolk import board as rb
from rules.factions.riverfolk.actions import Buy, Cost, Draw, Export, First, Post, Start
from rules.factions.riverfolk.board import (
    COMMITTED,
    FUNDS,
    GONE,
    ID,
    NAME,
    PAYMENTS,
    PRICES,
    SERVICES,
    TRACKS,
    RiverFlags,
)
from rules.map_pieces import may_place, suit, why_not_place
from rules.pieces import TOKEN, WARRIOR
from rules.state import GameState
from rules.words import echo, plural

__all__ = ["panel_lines", "prompt_of", "why_not"]
DAYLIGHT = "riverfolk.daylight"


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Company's actions is refused now, in the Company's own terms."""
    if isinstance(action, Buy):
        return _why_not_buy(state, action)
    if isinstance(action, Start):
        return _why_not_start(state, seat, action)
    if isinstance(action, Cost):
        return _why_not_cost(state, seat, action)
    if isinstance(action, Build):
        return f"the {NAME} build no buildings; they establish trade posts in Daylight: post N"
    if isinstance(action, (Move, Battle, Craft, Export, Draw, Recruit, Post, First)):
        return _why_not_daylight(state, seat, action)
    return None


def _why_not_buy(state: GameState, action: Buy) -> str:
    from rules.factions.riverfolk import services

    river = state.seat_of(ID)
    offer = next((d for d in state.pending if d.get("faction") == ID and d.get("what") == "services"), None)
    if river is None or offer is None:
        return f"services are bought at the start of your own Birdsong, when the {NAME} offer them"
    return services.why_not_buy(state, river, offer["seat"], action) or "that service is not on offer now"


def _why_not_start(state: GameState, seat: int, action: Start) -> str:
    if rb.info(state, seat).get("setup") != "warriors":
        return "the four starting warriors are already placed"
    if action.clearing not in state.board.ids():
        return f"there is no clearing {action.clearing}"
    if action.clearing not in rb.river_clearings(state):
        return f"starting warriors go in clearings a river touches; clearing {action.clearing} has none"
    return f"a warrior can't be placed in clearing {action.clearing} now"


def _why_not_cost(state: GameState, seat: int, action: Cost) -> str:
    if action.service not in SERVICES:
        return f"'{echo(action.service)}' is not a service; the services are {', '.join(SERVICES)}"
    if action.count not in PRICES:
        return f"a price is {PRICES[0]} to {PRICES[-1]}, not {action.count}"
    if rb.info(state, seat).get("setup", "done") != "done":
        return "place the four starting warriors first (start N)"
    if state.turn.step != "riverfolk.costs" or state.turn.seat != seat:
        return "costs are set in your Evening"
    if action.service in state.turn.flags_as(RiverFlags).get("priced", []):
        return f"the {action.service} marker was already moved this Evening"
    return f"{action.service} already costs {action.count}"


def _why_not_daylight(state: GameState, seat: int, action: Action) -> str:
    if state.turn.step != DAYLIGHT or state.turn.seat != seat:
        return "the Company commits and spends funds in your Daylight"
    have = rb.funds(state, seat)
    if have < 1:
        return "you have no funds left to commit or spend"
    if isinstance(action, Recruit):
        return _why_not_recruit(state, seat, action)
    if isinstance(action, Post):
        return _why_not_post(state, seat, action)
    if isinstance(action, First):
        return _why_not_first(state, seat, action)
    if isinstance(action, (Craft, Export)):
        return _why_not_craft(state, seat, action.card, have)
    if isinstance(action, Move):
        return f"no path or river joins clearing {action.src} to clearing {action.dst} for a move you may make"
    if isinstance(action, Battle):
        return f"you can't battle the {echo(action.defender)} in clearing {action.clearing}"
    return "that action is not available now"


def _why_not_recruit(state: GameState, seat: int, action: Recruit) -> str:
    cid = action.clearings[0] if action.clearings else None
    if cid is None:
        return "name the clearing: recruit N (a clearing with a river)"
    if state.seats[seat].supply.get("warrior", 0) < 1:
        return "no warrior is left in your supply"
    if cid not in rb.river_clearings(state):
        return f"the Company recruits only in clearings with a river; clearing {cid} has none"
    if not may_place(state, ID, cid, WARRIOR):
        return f"a warrior can't be placed in clearing {cid} now"
    return "recruit one clearing at a time: recruit N"


def _why_not_first(state: GameState, seat: int, action: First) -> str:
    owners = rb.fund_owners(state, seat)
    other = state.seat_of(action.faction)
    name = registry.of(state, other).name if other is not None else f"'{echo(action.faction)}'"
    if state.turn.flags_as(RiverFlags).get("chose_first"):
        return "you already chose whose funds go first this turn"
    if action.faction not in owners:
        return f"no {name} warriors are in your Funds"
    if len(owners) < 2:
        return "all your funds are one faction's warriors: there is nothing to choose"
    return f"the {name}'s funds already go first"


def _why_not_post(state: GameState, seat: int, action: Post) -> str:
    cid = action.clearing
    if cid not in state.board.ids():
        return f"there is no clearing {cid}"
    if rb.post_at(state, cid):
        return f"clearing {cid} already has a trade post"
    if rb.posts_left(state, seat, suit(state, cid)) < 1:
        return f"no {suit(state, cid)} trade post is left on your tracks"
    blocked = why_not_place(state, ID, cid, TOKEN)
    if blocked:
        return blocked
    owners = rb.ruling_owners(state, cid)
    if not owners:
        return f"nobody rules clearing {cid}; a trade post goes where some player rules"
    have = rb.funds_of(state, seat, owners)
    return f"a trade post in clearing {cid} costs two funds of its ruler, and you have {have}"


def _why_not_craft(state: GameState, seat: int, key: str, have: int) -> str:
    """Why a card can't be crafted or exported now: as for any craft, then the funds, then the open spaces (an
    export too needs a card that could be crafted: the FAQ on 11.5.3)."""
    if key not in keys():
        return f"there is no card '{echo(key)}'"
    if not hand.holds(state, seat, key):
        return f"you do not hold {keys()[key].name}"
    cost = keys()[key].cost
    if not cost:
        return f"{keys()[key].name} can't be crafted"
    if len(cost) > have:
        return f"{keys()[key].name} needs {plural(len(cost), 'fund')} committed, and you have {have}"
    spaces = ", ".join(rb.open_spaces(state, seat)) or "none"
    plan = crafting.pay_plan(cost, crafting.power(state, seat), (), crafting.waivers(state, seat))
    if plan is None:
        return f"your open Trade Posts spaces ({spaces}, less those used this turn) don't pay {keys()[key].name}'s cost"
    return crafting.why_not_craft(state, seat, key) or f"{keys()[key].name} can't be crafted now"


def prompt_of(state: GameState, seat: int, step: str) -> str:
    """What each step asks."""
    if step == DAYLIGHT:
        return (
            f"commit or spend funds ({rb.funds(state, seat)}): move, battle, craft, export CARD, draw, recruit N, "
            "post N, first FACTION (whose funds go first), or end"
        )
    return "set costs (cost hand|riverboats|mercenaries x1-x4), or end"


def panel_lines(state: GameState, seat: int) -> list[str]:
    """The boxes, prices, trade posts on the tracks and the public hand (11.2.3)."""
    boxes = " · ".join(
        f"{name} {rb.total(state, seat, box)}"
        for name, box in (("Payments", PAYMENTS), ("Funds", FUNDS), ("Committed", COMMITTED), ("Tracks", TRACKS))
    )
    first = state.seat_of(rb.info(state, seat).get("first", ""))
    if first is not None:
        boxes += f" · {registry.of(state, first).name} funds first"
    prices = " · ".join(f"{s} {rb.price(state, seat, s)}" for s in SERVICES)
    posts = " · ".join(f"{s} {rb.posts_left(state, seat, s)}" for s in SUITS)
    gone = rb.total(state, seat, GONE)
    shown = ", ".join(label(c) for c in sorted(state.seats[seat].hand)) or "empty"
    lines = [
        boxes,
        f"Services: {prices}",
        f"Trade posts left: {posts}" + (f" · {gone} lost" if gone else ""),
        f"Public hand: {shown}",
    ]
    flags = state.turn.flags
    bought = [s for s, flag in (("riverboats", "rivers_as_paths"), ("mercenaries", "hired")) if flags.get(flag)]
    if bought and state.turn.seat != seat:
        buyer = registry.of(state, state.turn.seat).name
        lines.append(f"Bought this turn by the {buyer}: {', '.join(bought)}")
    return lines
