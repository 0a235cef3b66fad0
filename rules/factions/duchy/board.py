"""The Underground Duchy's faction board: its tracks, ministers and crowns, the Burrow, and what it keeps.

Law of Root, section 12. Figures the Law does not print (the tracks' icons, the crowns' points) are the faction
board's; docs/rulings.md says which of them are uncertain.
"""

from __future__ import annotations

from rules.cards import keys
from rules.map_pieces import suit
from rules.state import GameState, SeatData, TurnFlags

ID = "duchy"
NAME = "Underground Duchy"
BURROW = "burrow"
"""The Burrow: the area on the seat holding the Duchy's warriors off the map, and the word naming it in a move."""
WARRIOR = "warrior"
TUNNEL = "tunnel"
CITADEL = "citadel"
MARKET = "market"
BUILDINGS = (CITADEL, MARKET)
WARRIOR_KEY = f"{ID}:{WARRIOR}"
TUNNEL_KEY = f"{ID}:{TUNNEL}"
WARRIORS, TUNNELS, PER_BUILDING = 20, 3, 3
ASSEMBLY_ACTIONS = 2
DIG_MOVES = 4
"""At most four warriors go from the Burrow to a new tunnel (12.5.1, Dig)."""
BIRDSONG_WARRIORS = (1, 2, 4, 6)
"""Warriors placed in the Burrow in Birdsong with 0, 1, 2 or 3 citadels on the map (the citadel track's icons)."""

SQUIRE, NOBLE, LORD = "squire", "noble", "lord"
RANKS = (SQUIRE, NOBLE, LORD)
"""Lowest rank first (the Price of Failure returns the highest)."""
MINISTERS: dict[str, str] = {
    "foremole": SQUIRE,
    "captain": SQUIRE,
    "marshal": SQUIRE,
    "brigadier": NOBLE,
    "banker": NOBLE,
    "mayor": NOBLE,
    "duchess": LORD,
    "baron": LORD,
    "earl": LORD,
}
TITLES: dict[str, str] = {
    "foremole": "Foremole",
    "captain": "Captain",
    "marshal": "Marshal",
    "brigadier": "Brigadier",
    "banker": "Banker",
    "mayor": "Mayor",
    "duchess": "Duchess of Mud",
    "baron": "Baron of Dirt",
    "earl": "Earl of Stone",
}
SWAY_CARDS = {SQUIRE: 2, NOBLE: 3, LORD: 4}
"""Cards revealed to sway a minister of each rank (printed on the minister cards)."""
CROWN_POINTS = {SQUIRE: 1, NOBLE: 2, LORD: 3}
"""Points uncovered by taking a crown of each rank off the faction board (uncertain: docs/rulings.md)."""
CROWNS = 3
"""Crowns of each rank on the faction board at setup."""
ROYAL_CLAIM_OPTION = "duchy_royal_claim"
ROYAL_CLAIM_READINGS = ("burrow", "map")
"""Whether Royal Claim counts the Burrow, a clearing the Duchy always rules (the default), or the map's clearings."""


class DuchyData(SeatData, total=False):
    """The Duchy's own data: swayed ministers (in the order swayed), crowns lost to the Price of Failure by rank,
    the cards revealed this turn (public, in the play area), and the corner it surfaced in."""

    swayed: list[str]
    crowns_lost: dict[str, int]
    revealed: list[int]
    corner: int | None


class DuchyFlags(TurnFlags, total=False):
    """The Duchy's turn: Assembly actions taken, ministers whose action was taken, the minister being carried out
    (`acting`, with `as_mayor` when the Mayor took its action), the Brigadier's kind and count, whether it swayed."""

    assembly: int
    worked: list[str]
    acting: str | None
    as_mayor: bool
    brigadier: str | None
    brigadier_done: int
    swayed_now: bool


def data(state: GameState, seat: int) -> DuchyData:
    """The Duchy's seat data."""
    return state.seats[seat].data_as(DuchyData)


def flags(state: GameState) -> DuchyFlags:
    """The Duchy's turn flags."""
    return state.turn.flags_as(DuchyFlags)


def burrow(state: GameState, seat: int) -> int:
    """Warriors in the Burrow."""
    return state.seats[seat].areas.get(BURROW, {}).get(WARRIOR_KEY, 0)


def to_burrow(state: GameState, seat: int, n: int) -> None:
    """Put n warriors into the Burrow (from wherever the caller took them)."""
    area = state.seats[seat].areas.setdefault(BURROW, {})
    area[WARRIOR_KEY] = area.get(WARRIOR_KEY, 0) + n


def from_burrow(state: GameState, seat: int, n: int) -> None:
    """Take n warriors out of the Burrow (the caller puts them somewhere)."""
    area = state.seats[seat].areas[BURROW]
    area[WARRIOR_KEY] -= n
    if not area[WARRIOR_KEY]:
        del area[WARRIOR_KEY]


def tunnels(state: GameState) -> list[int]:
    """Clearings with a tunnel."""
    return [cid for cid in state.board.ids() if state.clearings[cid - 1].get(TUNNEL_KEY)]


def buildings_on_map(state: GameState, kind: str) -> int:
    """How many Duchy buildings of a kind are on the map."""
    piece = f"{ID}:{kind}"
    return sum(c.get(piece, 0) for c in state.clearings)


def swayed(state: GameState, seat: int) -> list[str]:
    """Swayed ministers, in the order they were swayed."""
    return list(data(state, seat).get("swayed", []))


def unswayed(state: GameState, seat: int) -> list[str]:
    """Ministers in the Unswayed Ministers pile, in the faction board's order."""
    done = set(swayed(state, seat))
    return [m for m in MINISTERS if m not in done]


def crowns_left(state: GameState, seat: int, rank: str) -> int:
    """Crowns of a rank still on the faction board: three, less those on swayed ministers and those lost."""
    on_ministers = sum(1 for m in swayed(state, seat) if MINISTERS[m] == rank)
    return CROWNS - on_ministers - data(state, seat).get("crowns_lost", {}).get(rank, 0)


def revealed(state: GameState, seat: int) -> list[int]:
    """The cards revealed this turn (the play area: the table sees them)."""
    return data(state, seat).setdefault("revealed", [])


def lord_points(state: GameState, minister: str) -> int:
    """What a lord scores now: the Duchess two with all three tunnels out, the Baron a point per market, the Earl
    a point per citadel."""
    if minister == "duchess":
        return 2 if len(tunnels(state)) >= TUNNELS else 0
    return buildings_on_map(state, MARKET if minister == "baron" else CITADEL)


def present_suits(state: GameState) -> dict[str, int]:
    """Clearings with a Duchy piece, counted by suit (the Burrow has none)."""
    out: dict[str, int] = {}
    for cid in state.board.ids():
        if any(n and p.split(":", 1)[0] == ID for p, n in state.clearings[cid - 1].items()):
            out[suit(state, cid)] = out.get(suit(state, cid), 0) + 1
    return out


def reveal_fits(cards: tuple[str, ...], places: dict[str, int]) -> bool:
    """Whether each card can be matched to its own clearing with a Duchy piece (birds match any clearing)."""
    need: dict[str, int] = {}
    for k in cards:
        s = keys()[k].suit
        if s != "bird":
            need[s] = need.get(s, 0) + 1
    if any(n > places.get(s, 0) for s, n in need.items()):
        return False
    return len(cards) <= sum(places.values())
