"""The Riverfolk Company's board: warriors, trade posts of three suits on their tracks, the Payments, Funds and
Committed boxes, and the Services tracks. State helpers only; the faction itself is in __init__.py."""

from __future__ import annotations

from functools import cache

from rules.board import SUITS
from rules.pieces import key, parse_key
from rules.rule import ruler, side_of_faction
from rules.state import GameState, SeatData, TurnFlags

ID = "riverfolk"
NAME = "Riverfolk Company"
WARRIOR = f"{ID}:warrior"
WARRIORS = 15
"""Warriors in the box (11.3.1)."""
POSTS_PER_SUIT = 3
"""Trade posts of each suit on the Trade Posts tracks (11.3.3)."""
POST_POINTS = (1, 2, 3)
"""Points printed on the spaces a suit's trade posts uncover, from the first placed (a figure ruled uncertain)."""
START_WARRIORS = 4
START_PAYMENTS = 3
SERVICES = ("hand", "riverboats", "mercenaries")
"""The three services (11.2.7): a card from the public hand, riverboats, mercenaries."""
PRICES = (1, 2, 3, 4)
"""The spaces of each Services track."""

PAYMENTS, FUNDS, COMMITTED, TRACKS, GONE = "payments", "funds", "committed", "tracks", "gone"
"""Areas of the faction board: Payments, Funds, Committed, the warriors on the Trade Posts tracks, and the trade
posts removed from the game."""
BOXES = (PAYMENTS, FUNDS, COMMITTED, TRACKS)


class RiverData(SeatData, total=False):
    """The Company's own data: the prices on the Services tracks, the warriors placed at setup, and the faction whose
    funds go first (`first`, chosen in Daylight)."""

    prices: dict[str, int]
    placed: int
    first: str


class RiverFlags(TurnFlags, total=False):
    """The Company's turn: whether it chose whose funds go first (once), the services whose marker was moved in
    Evening (each once); another player's turn: whether they hired the mercenaries."""

    chose_first: bool
    priced: list[str]
    hired: bool


def post_kind(post_suit: str) -> str:
    """The piece kind of a trade post of a suit ('fox-post')."""
    return f"{post_suit}-post"


POST_KINDS = {post_kind(s): s for s in SUITS}
POST_KEYS = {f"{ID}:{k}": s for k, s in POST_KINDS.items()}


def info(state: GameState, seat: int) -> RiverData:
    """The Company's data."""
    return state.seats[seat].data_as(RiverData)


def area(state: GameState, seat: int, name: str) -> dict[str, int]:
    """One box of the faction board (the state's own dict: warrior keys of any owner)."""
    return state.seats[seat].areas.setdefault(name, {})


def total(state: GameState, seat: int, name: str) -> int:
    """Warriors in a box."""
    return sum(area(state, seat, name).values())


def funds(state: GameState, seat: int) -> int:
    """Warriors in the Funds box."""
    return total(state, seat, FUNDS)


def funds_of(state: GameState, seat: int, owners: set[str]) -> int:
    """Funds that are warriors of these factions."""
    return sum(n for k, n in area(state, seat, FUNDS).items() if parse_key(k)[0] in owners)


def funds_by_side(state: GameState, seat: int) -> dict[str, int]:
    """Funds by the side their owners play for (a faction, or a team)."""
    out: dict[str, int] = {}
    for k, n in area(state, seat, FUNDS).items():
        side = side_of_faction(state, parse_key(k)[0])
        out[side] = out.get(side, 0) + n
    return out


def shift_box(state: GameState, seat: int, src: str, dst: str, piece: str, n: int = 1) -> None:
    """Move warriors under one key between two boxes."""
    a, b = area(state, seat, src), area(state, seat, dst)
    a[piece] -= n
    if not a[piece]:
        del a[piece]
    b[piece] = b.get(piece, 0) + n


def pick_fund(state: GameState, seat: int, owners: set[str] | None = None) -> str:
    """The fund the Company parts with next: a warrior of the faction it put first, if any is left; else the most
    plentiful owner's warrior (first in order among equals)."""
    box = area(state, seat, FUNDS)
    choices = [k for k in sorted(box) if box[k] and (owners is None or parse_key(k)[0] in owners)]
    first = info(state, seat).get("first")
    chosen = [k for k in choices if parse_key(k)[0] == first]
    return chosen[0] if chosen else max(choices, key=lambda k: box[k])


def fund_owners(state: GameState, seat: int) -> list[str]:
    """The factions whose warriors are in Funds, in seat order."""
    present = {parse_key(k)[0] for k, n in area(state, seat, FUNDS).items() if n}
    return [s.faction for s in state.seats if s.faction in present]


def commit(state: GameState, seat: int, n: int = 1, to: str = COMMITTED) -> None:
    """Commit funds: move them to the Committed box (or onto the Trade Posts tracks)."""
    for _ in range(n):
        shift_box(state, seat, FUNDS, to, pick_fund(state, seat))


def spend(state: GameState, seat: int, n: int = 1, owners: set[str] | None = None) -> None:
    """Spend funds: each warrior goes back to its owner's supply."""
    for _ in range(n):
        piece = pick_fund(state, seat, owners)
        release(state, seat, FUNDS, piece)


def release(state: GameState, seat: int, box_name: str, piece: str) -> None:
    """Return one warrior of a box to its owner's supply."""
    box = area(state, seat, box_name)
    box[piece] -= 1
    if not box[piece]:
        del box[piece]
    owner, kind, _ = parse_key(piece)
    other = state.seat_of(owner)
    assert other is not None
    supply = state.seats[other].supply
    supply[kind] = supply.get(kind, 0) + 1


def pay_in(state: GameState, seat: int, owner_seat: int, n: int) -> int:
    """Move up to n warriors from a seat's supply into the Payments box; how many went."""
    s = state.seats[owner_seat]
    n = min(n, s.supply.get("warrior", 0))
    if n > 0:
        s.supply["warrior"] -= n
        box = area(state, seat, PAYMENTS)
        piece = key(s.faction, "warrior")
        box[piece] = box.get(piece, 0) + n
    return n


def posts_left(state: GameState, seat: int, post_suit: str) -> int:
    """Trade posts of a suit still on their track."""
    return state.seats[seat].supply.get(post_kind(post_suit), 0)


def open_spaces(state: GameState, seat: int) -> list[str]:
    """One suit per uncovered space of the Trade Posts tracks (posts placed or lost), crafting spaces (11.2.1)."""
    return [s for s in SUITS for _ in range(POSTS_PER_SUIT - posts_left(state, seat, s))]


def post_at(state: GameState, cid: int) -> str | None:
    """The suit of the trade post in a clearing, if any."""
    here = state.clearings[cid - 1]
    return next((s for k, s in POST_KEYS.items() if here.get(k)), None)


def post_clearings(state: GameState) -> list[int]:
    """Clearings with a trade post."""
    return [cid for cid in state.board.ids() if post_at(state, cid)]


def river_clearings(state: GameState) -> set[int]:
    """Clearings a river touches."""
    return set(_rivers(state.board.rivers))


def river_links(state: GameState, cid: int) -> tuple[int, ...]:
    """Clearings a river links to this one."""
    return _rivers(state.board.rivers).get(cid, ())


@cache
def _rivers(rivers: frozenset[tuple[int, int]]) -> dict[int, tuple[int, ...]]:
    """Each clearing a river touches, with the clearings the rivers link it to (worked out once per board)."""
    out: dict[int, set[int]] = {}
    for a, b in rivers:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {c: tuple(sorted(near)) for c, near in sorted(out.items())}


def price(state: GameState, seat: int, service: str) -> int:
    """What a service costs now."""
    return int(info(state, seat).get("prices", {}).get(service, 1))


def ruling_owners(state: GameState, cid: int) -> set[str]:
    """The factions of the side ruling a clearing (none when nobody rules it)."""
    side = ruler(state, cid)
    if side is None:
        return set()
    return {s.faction for s in state.seats if side_of_faction(state, s.faction) == side}
