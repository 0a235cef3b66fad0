"""The board model: printed maps and two maps joined by border bridges."""

import pytest

from rules.board import load_board
from rules.setup import new_game


def test_autumn_paths_and_corners() -> None:
    board = load_board("autumn")
    assert len(board.clearings) == 12
    assert board.adjacent_to(1) == {5, 9, 10}
    assert board.adjacent_to(12) == {4, 7, 9, 10, 11}
    assert not board.adjacent(5, 10)  # a river, not a path
    assert (5, 10) in board.rivers
    assert board.opposite(1) == 3 and board.opposite(4) == 2
    assert sorted(board.corners()) == [1, 2, 3, 4]
    assert board.bridges == frozenset()


def test_forests_touch_their_clearings() -> None:
    board = load_board("autumn")
    assert sorted(board.forests_of(12)) == ["B", "C", "D", "E", "F"]
    assert board.forest_neighbours("A") == ["B", "C"]


def test_joined_board_has_both_maps_and_two_bridges() -> None:
    board = load_board("autumn+winter")
    assert len(board.clearings) == 24
    assert board.maps == ("autumn", "winter")
    # Autumn top-right (2) meets Winter top-left (1 -> 13); Autumn bottom-right (3) meets Winter bottom-left (4 -> 16).
    assert board.bridges == frozenset({(2, 13), (3, 16)})
    assert board.adjacent_to(2) == {5, 6, 10, 13}
    assert board.adjacent_to(13) == {17, 22, 23, 2}
    assert board.adjacent_to(16) == {21, 22, 23, 3}
    assert board.map_of(2) == "autumn" and board.map_of(13) == "winter"
    assert board.clearing(13).number == 1
    # Maps keep their own internal paths: no other link crosses between them.
    crossing = {(a, b) for a, b in board.paths if (a <= 12) != (b <= 12)}
    assert crossing == set()
    # Left map in the left half, right map in the right half.
    assert all(c.x < 0.5 for c in board.clearings[:12]) and all(c.x > 0.5 for c in board.clearings[12:])
    assert len(board.forests) == 15
    assert board.opposite(13) == 15 and board.opposite(1) == 3


def test_winter_suits_are_dealt_from_the_seed() -> None:
    a = new_game({"factions": ["marquise", "eyrie"], "board": "winter"}, 11)
    b = new_game({"factions": ["marquise", "eyrie"], "board": "winter"}, 11)
    others = {tuple(new_game({"factions": ["marquise", "eyrie"], "board": "winter"}, s).suits) for s in range(12, 20)}
    assert a.suits == b.suits
    assert sorted(a.suits) == ["fox"] * 4 + ["mouse"] * 4 + ["rabbit"] * 4
    assert len(others | {tuple(a.suits)}) > 1


def test_autumn_suits_are_printed() -> None:
    s = new_game({"factions": ["marquise", "eyrie"]}, 5)
    assert s.suits[0] == "fox" and s.suits[1] == "mouse" and s.suits[2] == "rabbit"


@pytest.mark.parametrize(("map_id", "inside"), [("autumn", {10, 11, 12}), ("winter", {11, 12})])
def test_the_map_edge_is_the_loop_of_paths_round_the_map(map_id: str, inside: set[int]) -> None:
    """Law 21: every clearing but those inside the loop is on the edge, Autumn's 7 and Winter's 8 among them."""
    board = load_board(map_id)
    assert board.edge == set(board.ids()) - inside
    assert board.is_edge(7 if map_id == "autumn" else 8)
