"""The Corvid Conspiracy's board and plots: figures, the faction's data, and the plot tokens on the map and in the
supply. State helpers only; the faction itself is in __init__.py.

A plot token is a number whose kind is the number modulo 4 (bomb, snare, extortion, raid). The kinds of the face-down
plots on the map (`hidden`, beside `hidden_at`, their clearings) and of the plots in the supply (`reserve`) are the
Corvids' alone: `rules.hidden` re-deals those numbers among both places. A face-down plot on the map is the piece
`corvids:plot` whatever its kind; a face-up plot is `corvids:<kind>`. When the table learns something of a plot
that stays hidden (an Exposure answered, a face-down plot removed and shown), the token takes a fresh number of the
same kind: the hidden numbers change, as the hidden cards do when one is shown.
"""

from __future__ import annotations

from collections import Counter

from rules.map_pieces import warriors_of
from rules.state import GameState, SeatData, TurnFlags

ID = "corvids"
NAME = "Corvid Conspiracy"
WARRIORS = 15
"""Warriors in the box (13.3.1)."""
KINDS = ("bomb", "snare", "extortion", "raid")
"""The four kinds of plot token (13.2.2, 13.7), in the order their numbers count them."""
PER_KIND = 2
PLOTS = PER_KIND * len(KINDS)
"""Eight plot tokens, two of each kind (13.2.2)."""
DAYLIGHT_ACTIONS = 3
"""Actions in Daylight (13.5)."""
FACE_DOWN = "plot"
"""The piece kind of a face-down plot (its kind unknown to the table); also the box family of every plot."""
PLOT_KEY = f"{ID}:{FACE_DOWN}"
WARRIOR_KEY = f"{ID}:warrior"
FACE_UP_KEYS = {f"{ID}:{k}": k for k in KINDS}
SUITS = ("fox", "mouse", "rabbit")

CRAFT, FLIP, RECRUIT, DAYLIGHT, EXERT = (
    "corvids.craft",
    "corvids.flip",
    "corvids.recruit",
    "corvids.daylight",
    "corvids.exert",
)
ACTING = (DAYLIGHT, EXERT)


class CorvidData(SeatData, total=False):
    """The Corvids' own data: the suits scattered in at setup, the face-down plots on the map and in the supply."""

    scattered: list[str]
    hidden: list[int]
    """The numbers of the face-down plots on the map, beside `hidden_at` (the Corvids' secret)."""
    hidden_at: list[int]
    """The clearing of each face-down plot (public: the piece `corvids:plot` stands there)."""
    reserve: list[int]
    """The numbers of the plots in the supply (the Corvids' secret; how many is public)."""
    minted: int
    """How many numbers of each kind were given so far (a token's next number is 4 * minted + its kind)."""


class CorvidFlags(TurnFlags, total=False):
    """The Corvids' turn: Daylight actions taken, plots placed, the recruit made, an Exert taken."""

    corvid_actions: int
    plotted: int
    recruited: bool
    exerted: bool


def data(state: GameState, seat: int) -> CorvidData:
    """The Corvids' data."""
    return state.seats[seat].data_as(CorvidData)


def flags(state: GameState) -> CorvidFlags:
    """The turn's flags, read as the Corvids'."""
    return state.turn.flags_as(CorvidFlags)


def kind_of(token: int) -> str:
    """The kind of a plot token's number."""
    return KINDS[token % len(KINDS)]


def mint(state: GameState, seat: int, kind: str) -> int:
    """A fresh number for a token of this kind (the table learnt something of it, or it came back to the supply)."""
    d = data(state, seat)
    n = d.get("minted", PER_KIND)
    d["minted"] = n + 1
    return n * len(KINDS) + KINDS.index(kind)


def face_down_clearings(state: GameState) -> list[int]:
    """Clearings with a face-down plot (public: the pieces on the map)."""
    return [cid for cid in state.board.ids() if state.clearings[cid - 1].get(PLOT_KEY)]


def face_up_kind(state: GameState, cid: int) -> str | None:
    """The kind of the face-up plot in a clearing, if any."""
    here = state.clearings[cid - 1]
    return next((kind for key, kind in FACE_UP_KEYS.items() if here.get(key)), None)


def has_plot(state: GameState, cid: int) -> bool:
    """Whether a clearing holds a plot token, face up or down (13.2.2.2: one to a clearing)."""
    return bool(state.clearings[cid - 1].get(PLOT_KEY)) or face_up_kind(state, cid) is not None


def face_up_count(state: GameState, kind: str | None = None) -> int:
    """Face-up plots on the map (of one kind, or all)."""
    keys = [k for k, v in FACE_UP_KEYS.items() if kind is None or v == kind]
    return sum(c.get(k, 0) for c in state.clearings for k in keys)


def hidden_kind(state: GameState, seat: int, cid: int) -> str | None:
    """The kind of the face-down plot in a clearing: the Corvids' secret, never for public text."""
    d = data(state, seat)
    at = d.get("hidden_at", [])
    return kind_of(d["hidden"][at.index(cid)]) if cid in at else None


def take_hidden(state: GameState, seat: int, cid: int) -> int | None:
    """Take the number of the face-down plot in a clearing off the Corvids' list (it leaves the map or turns up)."""
    d = data(state, seat)
    at = d.get("hidden_at", [])
    if cid not in at:
        return None
    i = at.index(cid)
    at.pop(i)
    return d["hidden"].pop(i)


def reserve_kinds(state: GameState, seat: int) -> list[str]:
    """The kinds of plot left in the supply, each once, in the order of KINDS (the Corvids' secret)."""
    have = {kind_of(t) for t in data(state, seat).get("reserve", [])}
    return [k for k in KINDS if k in have]


def present(state: GameState, faction: str, cid: int) -> bool:
    """Whether a faction owns or commands a piece in a clearing (its faction pieces there, for Exposure)."""
    return any(n and faction in key.split(":")[::2] for key, n in state.clearings[cid - 1].items())


def warriors_at(state: GameState, cid: int) -> int:
    """Corvid warriors in a clearing that fight for the Corvids (an infected one fights for the Spore)."""
    return warriors_of(state, ID, cid)


def own_problems(state: GameState, seat: int) -> list[str]:
    """The plots' bookkeeping against the map and the supply: every token once, two of each kind."""
    d = data(state, seat)
    hidden, at, reserve = d.get("hidden", []), d.get("hidden_at", []), d.get("reserve", [])
    out = []
    if len(hidden) != len(at) or sorted(at) != face_down_clearings(state):
        out.append(f"corvids: face-down plots listed at {sorted(at)}, on the map at {face_down_clearings(state)}")
    if len(reserve) != state.seats[seat].supply.get(FACE_DOWN, 0):
        out.append(f"corvids: {len(reserve)} plots listed in the supply, {state.seats[seat].supply.get(FACE_DOWN)}")
    kinds = Counter(kind_of(t) for t in hidden + reserve)
    for kind in KINDS:
        if kinds[kind] + face_up_count(state, kind) != PER_KIND:
            out.append(f"corvids: {kinds[kind] + face_up_count(state, kind)} {kind} plots, the box has {PER_KIND}")
    if any(n > 1 for n in Counter(at).values()) or any(
        (1 if state.clearings[c - 1].get(PLOT_KEY) else 0) + sum(state.clearings[c - 1].get(k, 0) for k in FACE_UP_KEYS)
        > 1
        for c in state.board.ids()
    ):
        out.append("corvids: a clearing holds more than one plot")
    return out
