"""Mid-game views for the benchmark, the tests and trying the renderer out.

The engine plays only the Marquise and the Eyrie on one map so far, so the four-seat and the
six-seat 3x3 views add made-up factions: they declare their pieces exactly as a real faction's
view does, which is also the proof that the renderer needs no code per faction.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator

import rules
from rules.board import load_board
from rules.items import make as make_item
from rules.playout import stirred
from rules.state import Mark
from rules.view_types import ClearingView, FactionLegend, SeatView, View

PieceRow = tuple[str, str, str, str, str, int]  # kind, category, shape, label, name, count


def _faction(name: str, colour: str, *pieces: PieceRow) -> FactionLegend:
    """A made-up faction's legend, as a real faction's view declares it (its pieces in its own colour)."""
    return {
        "name": name,
        "colour": colour,
        "pieces": {
            kind: {
                "category": c,
                "shape": shape,
                "label": label,
                "name": n,
                "count": count,
                "family": kind,
                "colour": colour,
            }
            for kind, c, shape, label, n, count in pieces
        },
    }


# Fictional factions in the remaining Okabe–Ito colours; shapes chosen to exercise the legend.
EXTRA_FACTIONS: dict[str, FactionLegend] = {
    "otters": _faction(
        "River Otters",
        "#56B4E9",
        ("warrior", "warrior", "circle", "", "Warrior", 15),
        ("post", "building", "triangle", "P", "Trade post", 9),
        ("toll", "token", "pentagon", "T", "Toll", 6),
    ),
    "wanderer": _faction(
        "The Wanderer",
        "#000000",
        ("pawn", "pawn", "star", "", "Wanderer", 1),
    ),
    "moles": _faction(
        "Burrow Moles",
        "#009E73",
        ("warrior", "warrior", "circle", "", "Warrior", 20),
        ("burrow", "building", "octagon", "B", "Burrow", 6),
        ("mark", "token", "star", "", "Mark", 10),
    ),
    "owls": _faction(
        "Night Owls",
        "#CC79A7",
        ("warrior", "warrior", "circle", "", "Warrior", 18),
        ("nest", "building", "diamond", "N", "Nest", 6),
        ("plot", "token", "cross", "", "Plot", 8),
    ),
    "ducks": _faction(
        "Marsh Ducks",
        "#D55E00",
        ("warrior", "warrior", "circle", "", "Warrior", 20),
        ("citadel", "building", "shield", "Ci", "Citadel", 3),
        ("egg", "token", "blob", "e", "Egg", 6),
    ),
    "bees": _faction(
        "Hill Bees",
        "#F0E442",
        ("warrior", "warrior", "circle", "", "Warrior", 20),
        ("hive", "building", "hexagon", "H", "Hive", 6),
        ("honey", "token", "diamond", "h", "Honey", 8),
    ),
}


def playout(board: str = "autumn", actions: int = 150, seed: int = 1) -> Iterator[tuple[rules.GameState, list[Mark]]]:
    """A Marquise-and-Eyrie game of random legal actions: each state and the marks of its action."""
    state = rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0, "board": board}, 3)
    pick = random.Random(seed)
    for _ in range(actions):
        seat = rules.to_act(state)
        if seat is None:
            return
        state, events = rules.apply(state, pick.choice(rules.legal_actions(state, seat)))
        yield state, [m for e in events for m in e.marks]


def played_game(board: str = "autumn", actions: int = 150, seed: int = 1) -> tuple[rules.GameState, list[Mark]]:
    """The state after about `actions` random actions, stopping at the first one after that which left marks."""
    moves = deque(playout(board, actions, seed), maxlen=1)
    if not moves:
        raise ValueError("the playout made no move")
    for state, marks in playout_from(moves[0][0], seed):
        if marks:
            return state, marks
    return moves[0]


def playout_from(state: rules.GameState, seed: int, limit: int = 50) -> Iterator[tuple[rules.GameState, list[Mark]]]:
    """Random legal actions continuing from a state: each state and the marks of its action."""
    pick = random.Random(seed + 1)
    for _ in range(limit):
        seat = rules.to_act(state)
        if seat is None:
            return
        state, events = rules.apply(state, pick.choice(rules.legal_actions(state, seat)))
        yield state, [m for e in events for m in e.marks]


def _seat(i: int, fid: str, points: int, team: str | None = None) -> SeatView:
    data = EXTRA_FACTIONS[fid]
    return {
        "seat": i,
        "faction": fid,
        "name": data["name"],
        "colour": data["colour"],
        "team": team,
        "points": points,
        "dominance": None,
        "hand_count": 3 + i % 4,
        "items": [make_item("boots"), make_item("sword", exhausted=True)] if fid == "wanderer" else [],
        "crafted": ["cobbler"] if fid == "otters" else [],
        "supply": {k: p["count"] // 2 for k, p in data["pieces"].items()},
        "areas": {"ward": {f"{fid}:warrior": 2}} if "warrior" in data["pieces"] else {},
        "panel": [f"{data['name']} board line {n + 1}" for n in range(3)],
        "notes": {},
        "play_area": [],
        "links": [],
    }


def _scatter(clearings: list[ClearingView], fid: str, pick: random.Random, warriors: int) -> None:
    pieces = EXTRA_FACTIONS[fid]["pieces"]
    for _ in range(warriors):
        clearing = pick.choice(clearings)
        key = f"{fid}:warrior"
        clearing["pieces"][key] = clearing["pieces"].get(key, 0) + 1
    for kind, piece in pieces.items():
        if piece["category"] in ("building", "token"):
            for clearing in pick.sample(clearings, 2):
                buildings = sum(1 for k in clearing["pieces"] if k.split(":")[1] not in ("warrior", "wood"))
                if piece["category"] == "token" or buildings < clearing["slots"] - int(clearing["ruin"]):
                    clearing["pieces"][f"{fid}:{kind}"] = 1


def standard_view(seat: int | None = 0) -> tuple[View, list[Mark]]:
    """A four-seat mid-game view of the Autumn map (Marquise and Eyrie played, two made-up factions)."""
    state, marks = played_game()
    return with_extra_seats(rules.view_for(state, seat)), marks


def standard_views(count: int) -> list[tuple[View, list[Mark]]]:
    """Four-seat views of the last count moves of a playout, as a running game would draw them."""
    states = list(playout(actions=250))[-count:]  # far enough in for 60+ pieces on the map
    return [(with_extra_seats(rules.view_for(s, None), seed=i), marks) for i, (s, marks) in enumerate(states)]


FRONTIER_STIR = 0.03  # the share of actions before which the mode lays contraband (rules.playout --stir)
FRONTIER_LINEUP = {"marquise": "A", "eyrie": "A", "vagabond": "A", "tinker": "B", "spinners": "B", "spore": "B"}


def frontier_views(count: int, seed: int = 4000) -> list[tuple[View, list[Mark]]]:
    """Public views of a real six-seat 3x3 game (seeded random play with contraband laid now and then), from round 3."""
    options = {"mode": "frontier", "factions": list(FRONTIER_LINEUP), "teams": dict(FRONTIER_LINEUP)}
    state, pick = rules.new_game(options, seed), random.Random(seed)
    out: list[tuple[View, list[Mark]]] = []
    while not state.over and len(out) < count:
        state, _ = stirred(state, pick, FRONTIER_STIR)
        seat = rules.to_act(state)
        assert seat is not None
        state, events = rules.apply(state, pick.choice(rules.legal_actions(state, seat)), seat=seat)
        if state.turn.round >= 3:
            out.append((rules.view_for(state, None), [m for e in events for m in e.marks]))
    return out


def with_extra_seats(view: View, seed: int = 7) -> View:
    """A two-seat engine view with the River Otters and the Wanderer seated too."""
    pick = random.Random(seed)
    for fid in ("otters", "wanderer"):
        view["factions"][fid] = EXTRA_FACTIONS[fid]
        view["seats"].append(_seat(len(view["seats"]), fid, 9 + len(view["seats"])))
        view["order"].append(len(view["order"]))
    _scatter(view["clearings"], "otters", pick, 16)
    view["forests"] = {pick.choice("ABCDEFG"): {"wanderer:pawn": 1}}
    return view


def joined_view(seed: int = 11) -> tuple[View, list[Mark]]:
    """A six-seat mid-game view of the joined Autumn+Winter board (3x3 mode, two teams), all made up."""
    base, _ = standard_view(None)
    board = load_board("autumn+winter")
    pick = random.Random(seed)
    dealt = ["fox", "mouse", "rabbit"] * 4
    random.Random(5).shuffle(dealt)  # one game's Winter suits, whatever the pieces
    clearings: list[ClearingView] = [
        {
            "id": c.id,
            "suit": c.printed_suit or dealt[c.number - 1],
            "slots": c.slots,
            "ruin": c.ruin,
            "ruin_items": 1,
            "pieces": {},
        }
        for c in board.clearings
    ]
    lineup = (("otters", "A"), ("moles", "B"), ("owls", "A"), ("ducks", "B"), ("wanderer", "A"), ("bees", "B"))
    view: View = {
        **base,
        "board": board.id,
        "maps": list(board.maps),
        "clearings": clearings,
        "forests": {"2W8": {"wanderer:pawn": 1}},
        "factions": {fid: EXTRA_FACTIONS[fid] for fid, _ in lineup},
        "seats": [_seat(i, fid, 8 + 3 * i, team) for i, (fid, team) in enumerate(lineup)],
        "order": list(range(len(lineup))),
        "turn": {"seat": 3, "faction": "ducks", "phase": "daylight", "step": "ducks.actions"},
        "to_act": 1,
        "waiting_for": "choose which pieces to lose (battle)",
        "battle": {"attacker": 3, "defender": 1, "clearing": 22, "stage": "assign_wait", "sides": []},
        "pending": [],
        "team_points": {"A": 20 + seed % 13, "B": 18 + seed % 7},
    }
    for fid, _ in lineup:
        if "warrior" in EXTRA_FACTIONS[fid]["pieces"]:
            _scatter(clearings, fid, pick, 22)
    return view, [("move", 6, 22), ("battle", 22, None), ("remove", 22, None)]
