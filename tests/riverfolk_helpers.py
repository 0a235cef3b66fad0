"""Helpers for the Riverfolk Company's rules tests: tables with the Company's boxes emptied, funds, the Company's
Daylight, another player's offer."""

from __future__ import annotations

from rules_helpers import blank_table, check, goto

from rules.factions.riverfolk import board as rb
from rules.factions.riverfolk.board import COMMITTED, FUNDS, PAYMENTS, TRACKS
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "riverfolk")
M, E, R = 0, 1, 2
RW, MW, EW = "riverfolk:warrior", "marquise:warrior", "eyrie:warrior"


def river_seat(s: GameState) -> int:
    """The Company's seat."""
    seat = s.seat_of("riverfolk")
    assert seat is not None
    return seat


def empty_boxes(s: GameState) -> GameState:
    """Every warrior of the Company's boxes back to its owner's supply."""
    seat = river_seat(s)
    for box in (PAYMENTS, FUNDS, COMMITTED, TRACKS):
        for piece, n in list(rb.area(s, seat, box).items()):
            for _ in range(n):
                rb.release(s, seat, box, piece)
    return check(s)


def table(factions: tuple[str, ...] = FACTIONS, options: dict[str, object] | None = None) -> GameState:
    """A game past setup with an empty map, empty hands and empty boxes."""
    return empty_boxes(blank_table(factions, options=options))


def fund(s: GameState, owner: str, n: int, box: str = FUNDS, seat: int | None = None) -> GameState:
    """Put n warriors of a faction from its supply into one of the Company's boxes."""
    other = s.seat_of(owner)
    assert other is not None
    s.seats[other].supply["warrior"] -= n
    b = rb.area(s, river_seat(s) if seat is None else seat, box)
    b[f"{owner}:warrior"] = b.get(f"{owner}:warrior", 0) + n
    return s


def daylight(s: GameState) -> GameState:
    """The Company's Daylight."""
    return goto(check(s), river_seat(s), "riverfolk.daylight")


def offered(s: GameState, seat: int = M) -> GameState:
    """The start of a seat's Birdsong, where the Company's offer is pushed."""
    return goto(check(s), seat, "birdsong.start")


def offer_open(s: GameState) -> bool:
    """Whether the Company's offer is waiting for someone."""
    return any(d.get("faction") == "riverfolk" and d.get("what") == "services" for d in s.pending)
