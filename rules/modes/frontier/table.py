"""The Frontier Alliance Mode's table: teams, home maps, setup sides, bridges and team standings.

Map 1 (Autumn) is team A's home map, Map 2 (Winter) team B's. "The left side of Map 1" is Map 1's
clearings left of its middle; "the right side of Map 2" is Map 2's clearings right of its middle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rules import cards, decisions, registry
from rules.actions import FACTION, Action, register_for
from rules.map_pieces import warriors_counted
from rules.options import GameOption
from rules.rule import hired_out, ruler
from rules.scoring import team_points

if TYPE_CHECKING:
    from rules.board import Board
    from rules.hooks import Place
    from rules.state import GameState

MODE_ID = "frontier"
TEAMS = ("A", "B")
HOME_MAP = {"A": 0, "B": 1}
"""Each team's home map, as an index into the board's maps."""
BRIDGE_GUARD = 5
"""Rival warriors at a bridge's entrance that make them the keepers of its fee (3x3.2)."""
ENTRANCES = ("either", "source", "destination")
"""Readings of "the entrance to that bridge" (game option bridge_entrance; default either)."""
ALLIANCE_SEARCH = "alliance_searches_rubble"
"""3x3.2 / 3x3.9.3: whether the Alliance's warriors search the rubble and carry contraband (false by default: the
Revolutionary Agent relies on its allies; true: "any faction" may collect a fallen item)."""
GAME_OPTIONS = (
    GameOption("bridge_entrance", ENTRANCES, "the clearing(s) a bridge fee's guards are counted in", "3x3.2"),
    GameOption(
        ALLIANCE_SEARCH, (False, True), "the Alliance's warriors search the rubble and carry contraband", "3x3.3"
    ),
)


def team_of(state: GameState, seat: int) -> str:
    """A seat's team."""
    team = state.seats[seat].team
    assert team in TEAMS, team
    return team


def rival(team: str) -> str:
    """The other team."""
    return "B" if team == "A" else "A"


def members(state: GameState, team: str) -> list[int]:
    """The seats of a team, in seat order."""
    return [i for i, s in enumerate(state.seats) if s.team == team]


def allies(state: GameState, seat: int) -> list[int]:
    """The other seats of a seat's team."""
    return [i for i in members(state, team_of(state, seat)) if i != seat]


def home_map(state: GameState, seat: int) -> str:
    """The map a seat's team sets up on and brings contraband home to."""
    return state.board.maps[HOME_MAP[team_of(state, seat)]]


def on_home_map(state: GameState, seat: int, cid: int) -> bool:
    """Whether a clearing lies on a seat's home map."""
    return state.board.map_of(cid) == home_map(state, seat)


def home_side(board: Board, team: str) -> frozenset[int]:
    """Where a team sets up: the left half of Map 1 for team A, the right half of Map 2 for team B."""
    index = HOME_MAP[team]
    width = len(board.maps)
    out = set()
    for c in board.clearings:
        if c.map_id != board.maps[index]:
            continue
        local_x = c.x * width - index
        if (local_x < 0.5) == (team == "A"):
            out.add(c.id)
    return frozenset(out)


def crosses_bridge(state: GameState, src: Place, dst: Place) -> bool:
    """Whether a move between two places crosses a border bridge."""
    if not isinstance(src, int) or not isinstance(dst, int):
        return False
    return (min(src, dst), max(src, dst)) in state.board.bridges


def fee_suit(state: GameState, seat: int, src: Place, dst: Place) -> str | None:
    """The suit of the card a crossing costs (the destination's), None when not a crossing or waived (3x3.2)."""
    if not crosses_bridge(state, src, dst):
        return None
    if golden(state, seat, "waives_bridge_fee", src, dst, default=False):
        return None
    for other in allies(state, seat):
        if golden(state, other, "waives_ally_bridge_fee", seat, src, dst, default=False):
            return None
    assert isinstance(dst, int)
    return state.suits[dst - 1]


def entrances(state: GameState, src: int, dst: int) -> list[int]:
    """The bridge's entrance clearings under the bridge_entrance option (the destination first)."""
    reading = str(state.options.get("bridge_entrance") or "either")
    return {"either": [dst, src], "source": [src], "destination": [dst]}[reading]


def bridge_keepers(state: GameState, seat: int, src: int, dst: int) -> list[int]:
    """The rival seats a bridge fee may go to: where the rival team rules an entrance with 5+ warriors there, those
    with the most warriors there, in turn order (more than one: level, and their team chooses); empty when it is
    discarded. Warriors hired by the mover (the Riverfolk's mercenaries) fight for the mover, not for the guard."""
    team = rival(team_of(state, seat))
    rivals = sorted(members(state, team), key=state.order.index)
    unruled = state.legacy is not None and state.legacy.bridge_fee_unruled  # before 86ac103
    for cid in entrances(state, src, dst):
        counts = {r: warriors_counted(state, r, cid) - hired_out(state, r, cid) for r in rivals}
        if (unruled or ruler(state, cid) == f"team:{team}") and sum(counts.values()) >= BRIDGE_GUARD:
            most = max(counts.values())
            return [r for r in rivals if counts[r] == most]
    return []


def bridge_keeper(state: GameState, seat: int, src: int, dst: int) -> int | None:
    """The rival seat a bridge fee goes to first (the first of the level ones in turn order, who then chooses
    for the team); None when the fee is discarded."""
    keepers = bridge_keepers(state, seat, src, dst)
    return keepers[0] if keepers else None


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Keeper(Action):
    """Who of the team's level guards of a bridge keeps the fee card paid to the team (3x3.2)."""

    verb: ClassVar[str] = "keeper"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("faction", FACTION),)
    faction: str


def ask_keeper(state: GameState, payer: int, to: int, card: int, src: int, dst: int) -> None:
    """A fee that went to the first of level guards: that player chooses, for the team, which of them keeps it."""
    tied = bridge_keepers(state, payer, src, dst)
    if len(tied) > 1 and to == tied[0]:
        decisions.push_next(state, "frontier_keeper", to, card=card, tied=[state.seats[t].faction for t in tied])


class KeeperChoice(decisions.Decision):
    """Which of the tied guards of a bridge level keeps the fee `card` (the factions `tied`)."""

    card: int
    tied: list[str]


def _keeper_legal(_state: GameState, d: KeeperChoice) -> Iterator[Action]:
    for faction in d["tied"]:
        yield Keeper(faction)


def _keeper_resolve(state: GameState, d: KeeperChoice, action: Action) -> bool:
    assert isinstance(action, Keeper)
    other = state.seat_of(action.faction)
    assert other is not None
    if other != d["seat"] and d["card"] in state.seats[d["seat"]].hand:
        state.seats[d["seat"]].hand.remove(d["card"])
        state.seats[other].hand.append(d["card"])
    name = registry.of(state, other).name
    state.say(f"Team {team_of(state, other)} gives the bridge fee {cards.label(d['card'])} to {name}.")
    return True


decisions.define(
    "frontier_keeper",
    _keeper_legal,
    _keeper_resolve,
    lambda s, d: f"your team guards the bridge level: choose who keeps {cards.label(d['card'])} ("
    + ", ".join(f"keeper {f}" for f in d["tied"])
    + ")",
)


def ruled_by_team(state: GameState, team: str) -> int:
    """How many clearings a team rules (allies combine)."""
    side = f"team:{team}"
    return sum(1 for cid in state.board.ids() if ruler(state, cid) == side)


def warriors_of_team(state: GameState, team: str) -> int:
    """Warriors a team has on the map."""
    return sum(warriors_counted(state, seat, cid) for seat in members(state, team) for cid in state.board.ids())


def standing(state: GameState, team: str) -> tuple[int, int, int]:
    """A team's place after round 6: team points, clearings ruled, warriors on the map (3x3.4)."""
    return team_points(state, team), ruled_by_team(state, team), warriors_of_team(state, team)


def tie_break_words(mine: tuple[int, int, int], other: tuple[int, int, int]) -> str:
    """Why a team won after the last round, in words."""
    labels = ("points", "clearings ruled", "warriors on the map")
    for label, a, b in zip(labels, mine, other, strict=True):
        if a != b:
            return f"has more {label} ({a} to {b})"
    return "is level"


def golden(state: GameState, seat: int, hook: str, *args: Any, default: Any = None) -> Any:
    """Ask a seat's faction for a golden rule only this mode knows (a mix-in's method), else the default."""
    method = getattr(registry.of(state, seat), hook, None)
    return default if method is None else method(state, seat, *args)
