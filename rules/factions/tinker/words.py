"""Old Man Tinker in words: why an action is refused, and the faction board's lines."""

from __future__ import annotations

from rules import hand
from rules.actions import Action, Battle, Build, Move
from rules.cards import card, keys
from rules.factions.tinker import board as tb
from rules.factions.tinker.actions import (
    Bustle,
    Crusade,
    DoOver,
    Flip,
    Materialize,
    OldMan,
    Overproduce,
    Produce,
    Repair,
    Restructure,
    Salvage,
)
from rules.factions.tinker.board import DRONE, ID, NAME, ROBOTS, TRACK_SPACES, TinkerFlags, data
from rules.map_pieces import open_slots, place_name, suit, why_not_place
from rules.pieces import BUILDING
from rules.rule import rules
from rules.state import GameState
from rules.words import plural

DAYLIGHT = (Flip, Repair, Crusade, Overproduce)
__all__ = ["ID", "panel_lines", "why_not"]


def _daylight_over(state: GameState) -> str:
    """Why no Daylight action is open any more: all four were taken, or the player ended them sooner."""
    left = state.turn.flags_as(TinkerFlags).get("actions", 0)
    if left > 0:
        return (
            f"you ended the Daylight actions with {plural(left, 'action')} unused; "
            "factories are built next, then Evening"
        )
    return "this turn's Daylight actions are over (four at most); factories are built next, then Evening"


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Tinker's actions is refused now, in the Tinker's own terms."""
    step = state.turn.step
    if isinstance(action, (Materialize, DoOver)):
        return _why_not_site(state, seat, action)
    if isinstance(action, OldMan):
        return f"the Old Man goes to a forest next to the clearing he was removed from, not forest {action.forest}"
    if isinstance(action, Produce):
        return f"clearing {action.clearing} has no factory still to produce this Birdsong"
    if isinstance(action, Bustle):
        return _why_not_bustle(state, action) if step == "tinker.bustle" else "the Old Man bustles in Birdsong"
    if isinstance(action, Move):
        return "the Tinker moves drones and robots with a Crusade: crusade 5>6 x2, or crusade 5>6 x1 birdbot"
    if isinstance(action, (*DAYLIGHT, Battle)):
        if step == "tinker.actions":
            return _why_not_daylight(state, seat, action)
        if state.turn.phase == "birdsong" or step == "tinker.craft":
            return "the four Daylight actions (tinker, repair, crusade, battle, overproduce) come after crafting"
        return _daylight_over(state)
    if isinstance(action, Build):
        return _why_not_build(state, seat, action) if step == "tinker.build" else "factories are built after actions"
    if isinstance(action, Restructure):
        return _why_not_restructure(state, seat, action) if step == "tinker.restructure" else "that is for Evening"
    if isinstance(action, Salvage):
        return _why_not_salvage(state, action) if step == "tinker.draw" else "salvage replaces the Evening draw"
    return None


def _why_not_salvage(state: GameState, action: Salvage) -> str:
    c = keys().get(action.card)
    if c is None:
        return f"there is no card called '{action.card}'"
    shown = f"{c.name} ({c.suit})"
    if not any(card(cid).key == action.card for cid in state.discard):
        return f"{shown} is not in the discard pile"
    here = tb.old_man_clearing(state)
    if here is None:
        return "the Old Man is in a forest: no card in the discard pile matches his place"
    return f"{shown} does not match the Old Man's clearing {here} ({suit(state, here)})"


def _why_not_site(state: GameState, seat: int, action: Materialize | DoOver) -> str:
    if isinstance(action, DoOver) and state.turn.step != "tinker.doover":
        return "a Do-Over is only possible at the start of your turn"
    fewest = tb.fewest_pieces(state, seat)
    if action.clearing not in fewest:
        listed = ", ".join(map(str, fewest))
        return f"the robots go in a clearing with the fewest pieces ({listed}), not {action.clearing}"
    forests = ", ".join(f"f{f}" for f in sorted(state.board.forests_of(action.clearing)))
    return f"the Old Man goes in a forest next to clearing {action.clearing} ({forests})"


def _why_not_bustle(state: GameState, action: Bustle) -> str:
    left = state.turn.flags_as(TinkerFlags).get("bustle", 0)
    here = tb.old_man(state)
    if left <= 0:
        return "the Old Man has made his three Bustle moves"
    if action.src != here:
        return f"the Old Man is in {place_name(here) if here is not None else 'no place'}"
    n = action.count or 0
    if n > data()["bustle"]["gears"]:
        return "the Old Man carries at most three gears"
    if isinstance(here, str) and n != state.forests[here].get(tb.GEAR, 0):
        return "gears can't be left in a forest: the Old Man must carry all of them on"
    if isinstance(action.dst, str) and n and left < 2:
        return "with his last move the Old Man can't carry gears into a forest (they could not leave it)"
    board = state.board
    if isinstance(here, int):
        near = {*board.adjacent_to(here), *board.forests_of(here)}
        lying = tb.tokens_at(state, here, "gear")
    else:
        near = {*board.forests[here].clearings, *board.forest_neighbours(here)}
        lying = state.forests[here].get(tb.GEAR, 0)
    if action.dst not in near:
        return f"{place_name(action.dst)} is not next to {place_name(here)}"
    if n > lying:
        return f"the Old Man can carry only the gears lying in {place_name(here)}: {lying}, not {n}"
    return f"the Old Man can't bustle from {place_name(here)} to {place_name(action.dst)} now"


def _why_not_daylight(state: GameState, seat: int, action: Action) -> str:
    flags = state.turn.flags_as(TinkerFlags)
    if isinstance(action, Battle) and flags.get("crusade") == action.clearing:
        return f"there is no enemy in clearing {action.clearing} you can battle"
    if flags.get("actions", 0) <= 0:
        return "you have taken your four Daylight actions"
    here = tb.old_man_clearing(state)
    if isinstance(action, (Flip, Repair)) and here is None:
        return "the Old Man is in a forest: he tinkers and repairs only in a clearing"
    if isinstance(action, Flip):
        other = tb.other_side(action.side)
        have = tb.tokens_at(state, here or 0, other) if here is not None else 0
        return (
            f"tinker flips 1 to {data()['tinker_flips']} tokens; clearing {here} has {plural(have, other)} "
            f"to flip to the {action.side} side"
        )
    if isinstance(action, Repair):
        return _why_not_repair(state, seat, here or 0, action)
    if isinstance(action, Crusade):
        return _why_not_crusade(state, seat, action)
    if isinstance(action, Overproduce):
        if action.clearing not in tb.factories(state):
            return f"there is no factory in clearing {action.clearing}"
        return f"{keys()[action.card].name} does not match clearing {action.clearing} ({suit(state, action.clearing)})"
    return "no enemy you can battle there, or no drones or working robots of yours"


def _why_not_repair(state: GameState, seat: int, here: int, action: Repair) -> str:
    if action.robot not in tb.robots_in(state, here):
        return f"the {action.robot} is not in the Old Man's clearing ({here})"
    room = TRACK_SPACES - tb.gears_on(state, seat, action.robot)
    lying = tb.tokens_at(state, here, "gear")
    return (
        f"repair puts 1 to {data()['repair_gears']} gears on a track: the {action.robot} has room for {room}, "
        f"and clearing {here} has {plural(lying, 'gear')}"
    )


def _why_not_crusade(state: GameState, seat: int, action: Crusade) -> str:
    src, dst = action.src, action.dst
    if not isinstance(src, int) or not isinstance(dst, int) or not state.board.adjacent(src, dst):
        return f"a Crusade moves along a path between two clearings, not {place_name(src)} to {place_name(dst)}"
    robots = action.robots.split("+") if action.robots else []
    for robot in robots:
        if tb.robot_at(state, robot) != src:
            return f"the {robot} is not in clearing {src}"
        if tb.broken(state, seat, robot):
            return f"the {robot} is broken: repair it before it moves"
    drones = state.clearings[src - 1].get(DRONE, 0)
    if (action.count or 0) > drones:
        return f"you have only {plural(drones, 'drone')} in clearing {src}"
    if not robots and not action.count:
        return "move at least one drone or robot"
    if not (rules(state, seat, src) or rules(state, seat, dst)):
        return f"you rule neither clearing {src} nor clearing {dst}"
    return f"the move to clearing {dst} costs a card you don't have"


def _why_not_build(state: GameState, seat: int, action: Build) -> str:
    cid = action.clearing
    if action.kind != "factory":
        return f"{NAME} builds factories, not {action.kind}"
    if state.seats[seat].supply.get("factory", 0) <= 0:
        return "all three factories are on the map"
    if not rules(state, seat, cid):
        return f"you don't rule clearing {cid}"
    if cid in tb.factories(state):
        return f"clearing {cid} already has a factory"
    if not tb.environment_allows(state, cid):
        return f"a factory in clearing {cid} would leave a factory with more than one other factory adjacent"
    if open_slots(state, cid) <= 0:
        return f"clearing {cid} has no open building slot"
    return why_not_place(state, ID, cid, BUILDING) or f"a factory can't be built in clearing {cid} now"


def _why_not_restructure(state: GameState, seat: int, action: Restructure) -> str:
    sites = tb.factories(state)
    if not sites:
        return "restructuring needs a card matching a factory's clearing, and you have no factory"
    if action.change == "up" and tb.level(state, seat) >= data()["production"]["highest"]:
        return f"production is already at its highest ({data()['production']['highest']})"
    if action.change == "down" and tb.level(state, seat) <= data()["production"]["lowest"]:
        return f"production is already at its lowest ({data()['production']['lowest']})"
    suits = ", ".join(sorted({suit(state, c) for c in sites}))
    if not hand.holds(state, seat, action.card):
        return f"{keys()[action.card].name} is not in your hand"
    return f"{keys()[action.card].name} matches no factory's clearing ({suits})"


def panel_lines(state: GameState, seat: int) -> list[str]:
    """Production, robots, the Old Man, factories, and the counters of the step in progress."""
    side = tb.marker(state, seat)
    lines = [f"Production level {tb.level(state, seat)}, marker {side} side up"]
    for robot in ROBOTS:
        cid = tb.robot_at(state, robot)
        where = f"clearing {cid}" if cid is not None else "off the map"
        gears = tb.gears_on(state, seat, robot)
        status = "broken" if gears <= 0 else f"{gears}/{TRACK_SPACES} gears"
        lines.append(f"{robot.title()}: {where}, {status}")
    here = tb.old_man(state)
    lines.append(f"Old Man: {place_name(here) if here is not None else 'off the map'}")
    built = tb.factories(state)
    lines.append(f"Factories {len(built)}/{data()['factories']}" + (f": {', '.join(map(str, built))}" if built else ""))
    flags = state.turn.flags_as(TinkerFlags)
    if state.turn.seat == seat and state.turn.step == "tinker.bustle":
        lines.append(f"Bustle moves left: {flags.get('bustle', 0)}")
    if state.turn.seat == seat and state.turn.step == "tinker.actions":
        lines.append(f"Actions left: {flags.get('actions', 0)}")
    return lines
