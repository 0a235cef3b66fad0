"""The state tree can hold what the fan seeds need, and survives JSON unchanged."""

import json
from collections.abc import Iterator
from typing import ClassVar

import pytest

from rules import modes, registry
from rules.factions.base import Faction
from rules.pieces import BUILDING, PAWN, TOKEN, WARRIOR, PieceKind
from rules.rule import presence, ruler
from rules.state import GameState, Seat, Turn


class _Spore(Faction):
    id: ClassVar[str] = "test-spore"
    name: ClassVar[str] = "Test Spore"
    colour: ClassVar[str] = "#CC79A7"
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind("test-spore", "mushroom", TOKEN, 15, "Mushroom"),
        PieceKind("test-spore", "mycelium", TOKEN, 10, "Mycelium", family="mycelium"),
        PieceKind("test-spore", "mycelium-bare", TOKEN, 0, "Uncovered mycelium", family="mycelium"),
        PieceKind("test-spore", "infection", TOKEN, 20, "Infection marker"),
    )


class _Tinker(Faction):
    id: ClassVar[str] = "test-tinker"
    name: ClassVar[str] = "Test Tinker"
    colour: ClassVar[str] = "#F0E442"
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind("test-tinker", "old-man", PAWN, 1, "The Old Man"),
        PieceKind("test-tinker", "birdbot", PAWN, 1, "Birdbot"),
        PieceKind("test-tinker", "gear", TOKEN, 15, "Gear", family="token"),
        PieceKind("test-tinker", "drone", WARRIOR, 0, "Drone", family="token"),
        PieceKind("test-tinker", "factory", BUILDING, 3, "Factory"),
    )


class _Spinners(Faction):
    id: ClassVar[str] = "test-spinners"
    name: ClassVar[str] = "Test Spinners"
    colour: ClassVar[str] = "#D55E00"
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind("test-spinners", "warrior", WARRIOR, 20, "Warrior"),)


class _Teams(modes.Mode):
    id: ClassVar[str] = "test-teams"
    teams: ClassVar[bool] = True


@pytest.fixture(autouse=True)
def _test_factions() -> Iterator[None]:
    """Register the throwaway factions and team mode for this module's tests only."""
    made = [_Spore(), _Tinker(), _Spinners()]
    for f in made:
        registry.register(f)
    modes.register(_Teams())
    yield
    for f in made:
        registry.unregister(f.id)
    modes.unregister(_Teams.id)


def seed_state() -> GameState:
    """A hand-built two-map team state using every kind of piece the fan seeds need."""
    clearings: list[dict[str, int]] = [{} for _ in range(24)]
    clearings[0] = {"marquise:warrior": 1, "marquise:warrior:test-spore": 2, "test-spore:mushroom": 2}
    clearings[4] = {"test-tinker:birdbot": 1, "test-tinker:gear": 2, "test-tinker:drone": 1, "eyrie:warrior": 1}
    clearings[14] = {"test-spore:mycelium-bare": 1, "test-spinners:warrior": 1, "eyrie:warrior": 1}
    seats = [
        Seat("marquise", team="A", points=3, supply={"warrior": 22}),
        Seat("test-spore", team="B", supply={"mushroom": 13, "mycelium": 9, "infection": 18}),
        Seat("eyrie", team="A", supply={"warrior": 18}),
        Seat(
            "test-tinker",
            team="B",
            supply={"token": 12, "factory": 3},
            data={"rsi": {"birdbot": 2, "wolfbot": 0, "catbot": 1}, "production": {"level": 2, "side": "drone"}},
        ),
        Seat("test-spinners", team="B", areas={"ward": {"marquise:warrior": 2}}, supply={"warrior": 19}),
    ]
    return GameState(
        version=7,
        options={"mode": "test-teams", "factions": [s.faction for s in seats], "teams": {"marquise": "A"}},
        board_id="autumn+winter",
        suits=["fox", "mouse", "rabbit"] * 8,
        clearings=clearings,
        ruins=[None] * 24,
        forests={"A": {"test-tinker:old-man": 1}},
        seats=seats,
        order=[0, 1, 2, 3, 4],
        deck=[5, 6, 7],
        discard=[1],
        removed=[],
        dominance_available=[],
        item_supply={"autumn": {"boots": 2}, "winter": {"boots": 1}},
        turn=Turn(seat=0, phase="daylight", step="marquise.actions", round=2, flags={"actions": 2}),
        pending=[{"kind": "faction", "seat": 4, "faction": "test-spinners", "what": "first_response", "clearing": 15}],
        rng=12345,
    )


def test_seed_state_round_trips_through_json() -> None:
    state = seed_state()
    text = state.dumps()
    again = GameState.loads(text)
    assert again == state
    assert again.dumps() == text
    assert json.loads(text)["forests"]["A"] == {"test-tinker:old-man": 1}
    assert again.seats[3].data["rsi"]["birdbot"] == 2
    assert again.seats[4].areas["ward"] == {"marquise:warrior": 2}
    assert again.board.bridges == frozenset({(2, 13), (3, 16)})


def test_clone_is_independent() -> None:
    state = seed_state()
    copy = state.clone()
    copy.clearings[0]["marquise:warrior"] = 9
    copy.seats[3].data["rsi"]["birdbot"] = 0
    copy.seats[4].areas["ward"]["marquise:warrior"] = 5
    assert state.clearings[0]["marquise:warrior"] == 1
    assert state.seats[3].data["rsi"]["birdbot"] == 2
    assert state.seats[4].areas["ward"]["marquise:warrior"] == 2


def test_infected_warriors_count_for_their_controller() -> None:
    state = seed_state()
    counts = presence(state, 1)
    assert counts == {"marquise": 1, "test-spore": 2}


def test_teams_add_their_pieces_together_for_rule() -> None:
    state = seed_state()
    # Clearing 5: Tinker's drone (warrior) for team B against one Eyrie warrior for team A: a tie.
    # Lords of the Forest breaks ties for the Eyrie's side.
    assert ruler(state, 5) == "team:A"
    state.clearings[4]["test-tinker:drone"] = 2
    assert ruler(state, 5) == "team:B"
    # Clearing 15: one Spinner (team B) against one Eyrie warrior (team A): Eyrie wins the tie.
    assert ruler(state, 15) == "team:A"
    state.clearings[14]["marquise:warrior"] = 1
    state.clearings[14]["test-spinners:warrior"] = 3
    assert ruler(state, 15) == "team:B"


def test_state_version_rises_with_each_action() -> None:
    import rules

    s = rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0}, 2)
    versions = [s.version]
    for _ in range(5):
        seat = rules.to_act(s)
        assert seat is not None
        s, _ = rules.apply(s, rules.legal_actions(s, seat)[0])
        versions.append(s.version)
    assert versions == list(range(6))
