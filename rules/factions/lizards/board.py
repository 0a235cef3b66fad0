"""The Lizard Cult's board and pieces: gardens of three suits on their tracks, the Acolytes box, the Lost Souls
pile, the outcast marker and the revealed cards. State helpers only; the faction itself is in __init__.py."""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.assets import load_json
from rules.board import SUITS
from rules.cards import card
from rules.state import GameState, SeatData, TurnFlags

ID = "lizards"
NAME = "Lizard Cult"
WARRIOR = f"{ID}:warrior"
ACOLYTES = "acolytes"
"""The off-board area holding the acolytes (warriors stored under WARRIOR)."""


class LizardData(SeatData, total=False):
    """The Cult's own data: its starting corner, the Outcast and its side, the Lost Souls pile, revealed cards."""

    corner: int | None
    outcast: str | None
    hated: bool
    lost_souls: list[int]
    revealed: list[int]


class LizardFlags(TurnFlags, total=False):
    """The Cult's turn: suits scored this Daylight, and the clearing a Crusade moved into (a battle may follow)."""

    scored: list[str]
    crusade: int | None


@cache
def data() -> dict[str, Any]:
    """The faction's numbers (assets/lizards.json)."""
    found: dict[str, Any] = load_json("lizards.json")
    return found


GARDENS_PER_SUIT: int = data()["gardens_per_suit"]


def garden_kind(garden_suit: str) -> str:
    """The piece kind of a garden of a printed suit ('fox-garden')."""
    return f"{garden_suit}-garden"


GARDEN_KINDS = {garden_kind(s): s for s in SUITS}
GARDEN_KEYS = {f"{ID}:{k}": s for k, s in GARDEN_KINDS.items()}


def info(state: GameState, seat: int) -> LizardData:
    """The Cult's data."""
    return state.seats[seat].data_as(LizardData)


def outcast(state: GameState, seat: int) -> str | None:
    """The Outcast suit (None before setup chose it)."""
    return info(state, seat).get("outcast")


def hated(state: GameState, seat: int) -> bool:
    """Whether the outcast marker shows its Hated side."""
    return bool(info(state, seat).get("hated"))


def lost_souls(state: GameState, seat: int) -> list[int]:
    """The Lost Souls pile (the state's own list)."""
    return info(state, seat).setdefault("lost_souls", [])


def revealed(state: GameState, seat: int) -> list[int]:
    """Cards revealed this turn, lying in the Cult's play area (the state's own list)."""
    return info(state, seat).setdefault("revealed", [])


def acolytes(state: GameState, seat: int) -> int:
    """Warriors in the Acolytes box."""
    return state.seats[seat].areas.get(ACOLYTES, {}).get(WARRIOR, 0)


def set_acolytes(state: GameState, seat: int, n: int) -> None:
    """Set the number of acolytes (the box keeps no empty count)."""
    box = state.seats[seat].areas.setdefault(ACOLYTES, {})
    if n > 0:
        box[WARRIOR] = n
    else:
        box.pop(WARRIOR, None)


def cost(state: GameState, seat: int, conspiracy: str) -> int:
    """Acolytes a conspiracy costs now: one fewer while the Outcast is Hated."""
    return int(data()["costs"][conspiracy]) - (1 if hated(state, seat) else 0)


def gardens_at(state: GameState, cid: int) -> dict[str, int]:
    """The Cult's gardens in a clearing, by printed suit."""
    here = state.clearings[cid - 1]
    return {s: here[k] for k, s in GARDEN_KEYS.items() if here.get(k)}


def garden_clearings(state: GameState) -> list[int]:
    """Clearings with at least one garden, in number order."""
    return [cid for cid in state.board.ids() if gardens_at(state, cid)]


def on_map(state: GameState, garden_suit: str) -> int:
    """Gardens of a printed suit on the map."""
    key = f"{ID}:{garden_kind(garden_suit)}"
    return sum(c.get(key, 0) for c in state.clearings)


def in_supply(state: GameState, seat: int, garden_suit: str) -> int:
    """Gardens of a printed suit still on their track."""
    return state.seats[seat].supply.get(garden_kind(garden_suit), 0)


def uncovered(state: GameState, seat: int, garden_suit: str) -> int:
    """Empty spaces of a suit's Gardens track (gardens taken from it, counted from the left)."""
    return GARDENS_PER_SUIT - in_supply(state, seat, garden_suit)


def score_value(state: GameState, seat: int, garden_suit: str) -> int:
    """Points printed above the rightmost empty space of a suit's track (0 while none is empty)."""
    n = uncovered(state, seat, garden_suit)
    return int(data()["track_points"][n - 1]) if n > 0 else 0


def draw_bonus(state: GameState, seat: int) -> int:
    """Draw bonuses uncovered on the three tracks."""
    spaces = data()["draw_bonus_spaces"]
    return sum(1 for s in SUITS for at in spaces if uncovered(state, seat, s) >= at)


def suited(cid: int) -> str:
    """A card's own suit, birds not wild (Hatred of Birds)."""
    return card(cid).suit
