"""The Lord of the Hundreds' board and pieces (Law of Root 14): warriors, the warlord, strongholds, mobs and the
mob die, the Hoard's Command and Prowess tracks, the mood cards. State helpers only; the faction is in __init__."""

from __future__ import annotations

from rules.map_pieces import may_place
from rules.pieces import parse_key
from rules.rule import enemy_piece
from rules.state import GameState, SeatData, TurnFlags

ID = "hundreds"
NAME = "Lord of the Hundreds"
WARRIOR_KEY = f"{ID}:warrior"
WARLORD = f"{ID}:warlord"
STRONGHOLD = f"{ID}:stronghold"
MOB = f"{ID}:mob"

WARRIORS, STRONGHOLDS, MOBS = 20, 6, 5
"""14.3.1: twenty warriors, one warlord, six strongholds; five mob tokens (a component count, docs/rulings.md)."""
GARRISON = 4
"""14.3.2: warriors placed with the warlord and a stronghold."""

COMMAND_ITEMS = ("boots", "sack", "coins")
PROWESS_ITEMS = ("hammer", "tea", "sword", "crossbow")
TRACKS = {"command": COMMAND_ITEMS, "prowess": PROWESS_ITEMS}
"""14.2.4: the items each track of the Hoard holds (the engine's item names)."""
TRACK_SPACES = 4
LEVELS = (1, 2, 2, 3, 4)
"""14.2.4.II: Command or Prowess with 0, 1, 2, 3 or 4 items on the track."""

MOB_DIE = ("fox", "fox", "rabbit", "rabbit", "mouse", "mouse")
"""The mob die: two faces of each suit (a component figure, docs/rulings.md)."""
OPPRESS = (0, 1, 1, 2, 2, 3, 4)
"""14.6.2: points for 0..6+ oppressed clearings."""

MOODS: dict[str, str | None] = {
    "bitter": "hammer",
    "grandiose": "tea",
    "jubilant": "boots",
    "lavish": None,
    "relentless": "sack",
    "rowdy": "coins",
    "stubborn": "crossbow",
    "wrathful": "sword",
}
"""14.7: each mood card and the item it shows (Lavish shows none)."""
JUBILANT_ROLLS = 4
LAVISH_WARRIORS = 2


class HundredsData(SeatData, total=False):
    """The Hundreds' own data: the mood card in the Mood Card slot."""

    mood: str


class HundredsFlags(TurnFlags, total=False):
    """The Hundreds' turn: Command and Advance actions left, the advance under way, mob placements owed."""

    commands: int
    advances: int
    advance: str
    """The advance under way: "" (none), "moved" (it moved; it may battle), "done" (moved and battled: Relentless)."""
    relentless: bool
    spread: str
    """A suit the mob die showed: a mob is owed in a matching clearing next to a mob."""
    jubilant: int
    """Jubilant rolls left after an Incite in the warlord's clearing."""
    mood_chosen: bool
    recruit: bool
    """Warriors too few for every stronghold in Recruit: the Hundreds choose where they go."""


def track_of(item: str) -> str | None:
    """The Hoard track an item goes on, or None when it goes on neither (the torch)."""
    return next((t for t, names in TRACKS.items() if item in names), None)


def hoard(state: GameState, seat: int, track: str) -> list[str]:
    """The items on one track of the Hoard, left to right."""
    return [i["item"] for i in state.seats[seat].items if i["item"] in TRACKS[track]]


def level(state: GameState, seat: int, track: str) -> int:
    """Command or Prowess: from how many items are on the track."""
    return LEVELS[min(len(hoard(state, seat, track)), TRACK_SPACES)]


def mood(state: GameState, seat: int) -> str:
    """The mood card in the Mood Card slot."""
    return state.seats[seat].data_as(HundredsData).get("mood", "stubborn")


def forbidden(state: GameState, seat: int, name: str) -> bool:
    """14.4.4: a mood card showing an item in the Hoard can't be chosen."""
    shown = MOODS[name]
    return shown is not None and any(i["item"] == shown for i in state.seats[seat].items)


def warlord_at(state: GameState) -> int | None:
    """The warlord's clearing, while the Hundreds control it (not infected)."""
    for cid, pieces in enumerate(state.clearings, start=1):
        if pieces.get(WARLORD):
            return cid
    return None


def warlord_on_map(state: GameState) -> bool:
    """Whether the warlord is on the map, controlled by anyone (an infected warlord is on the map)."""
    return any(p.startswith(WARLORD) for pieces in state.clearings for p in pieces if pieces[p])


def warlord_held(state: GameState) -> tuple[int, str] | None:
    """A seat's area holding the warlord off the map (a Ward), as (seat, area)."""
    for s, seat in enumerate(state.seats):
        for area, pieces in seat.areas.items():
            if any(p.startswith(WARLORD) and n for p, n in pieces.items()):
                return s, area
    return None


def mobs(state: GameState) -> list[int]:
    """Clearings with a mob."""
    return [cid for cid, pieces in enumerate(state.clearings, start=1) if pieces.get(MOB)]


def spread_sites(state: GameState, suit: str) -> list[int]:
    """Clearings of a suit with no mob, next to a clearing with a mob, where a mob may be placed."""
    with_mob = set(mobs(state))
    near: set[int] = set()
    for cid in with_mob:
        near |= state.board.adjacent_to(cid)
    return sorted(
        c for c in near - with_mob if state.suits[c - 1] == suit and may_place(state, ID, c, "token")
    )


def recruit_spots(state: GameState) -> list[int]:
    """A clearing per stronghold on the map, where the Hundreds may place a warrior (14.4.2)."""
    return [
        site
        for site in state.board.ids()
        for _ in range(state.clearings[site - 1].get(STRONGHOLD, 0))
        if may_place(state, ID, site, "warrior")
    ]


def enemy_pieces(state: GameState, seat: int, cid: int) -> int:
    """How many enemy pieces are in a clearing (hired mercenaries fighting for the Hundreds are none)."""
    return sum(n for piece, n in state.clearings[cid - 1].items() if n and enemy_piece(state, seat, piece))


def own_pieces(state: GameState, cid: int) -> int:
    """How many Hundreds pieces (controlled by the Hundreds) are in a clearing."""
    return sum(n for p, n in state.clearings[cid - 1].items() if n and parse_key(p)[2] == ID and p.startswith(ID))


def has_warrior(state: GameState, cid: int) -> bool:
    """Whether a clearing holds a Hundreds warrior (the warlord included)."""
    pieces = state.clearings[cid - 1]
    return bool(pieces.get(WARRIOR_KEY) or pieces.get(WARLORD))
