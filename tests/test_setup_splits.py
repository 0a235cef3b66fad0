"""Every team of three of the 3x3 line-ups sets every faction up, whatever its opponents and choices (issue 21).

The line-ups are computed from the registry (every playable faction), the splits from the mode's own check
(`rules.setup.normalise`), so a faction or a line-up rule added later is covered without editing this file.
The valid splits grow with the cube of the factions (14,180 with twelve), so the suite sets up each team of
three in `STREAMS` splits, on each side in turn, against opponents drawn with a fixed seed, each split by its own
stream of random legal choices as `rules.playout` chooses. `python -m tests.test_setup_splits` sets up every
valid split with every stream (minutes, not a test).
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import cache
from itertools import combinations
from typing import Any

import pytest

import rules
from rules import registry
from rules.argtypes import at_least
from rules.edits import apply_edit
from rules.errors import RulesError, SetupError
from rules.map_pieces import open_slots, place
from rules.modes import find_mode
from rules.modes.base import Mode
from rules.setup import normalise
from rules.state import GameState

MODE = "frontier"
STREAMS = 4
"""Splits each team of three is set up in (each with its own opponents, game seed and chooser)."""


@cache
def valid_splits() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Every (team A, team B) of playable factions the mode accepts, in registry order."""
    mode = find_mode(MODE)
    size = mode.max_seats // len(mode.team_names)
    out = []
    for table in combinations(registry.playable_ids(), mode.max_seats):
        for team_a in combinations(table, size):
            team_b = tuple(f for f in table if f not in team_a)
            try:
                normalise(options(team_a, team_b))
            except RulesError:
                continue
            out.append((team_a, team_b))
    return tuple(out)


@cache
def covering_splits() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Each team of three in up to `STREAMS` valid splits, as team A then team B in turn, against drawn opponents."""
    mode = find_mode(MODE)
    size = mode.max_seats // len(mode.team_names)
    playable = registry.playable_ids()
    out = []
    for team in combinations(playable, size):
        others = list(combinations([f for f in playable if f not in team], size))
        random.Random(",".join(team)).shuffle(others)
        found = 0
        for rivals in others:
            split = (team, rivals) if found % 2 == 0 else (rivals, team)
            try:
                normalise(options(*split))
            except RulesError:
                continue
            out.append(split)
            found += 1
            if found == STREAMS:
                break
    return tuple(out)


def options(team_a: tuple[str, ...], team_b: tuple[str, ...]) -> dict[str, Any]:
    """Engine options of a 3x3 game with these teams (seats in registry order, as a lobby might fill them)."""
    factions = sorted((*team_a, *team_b))
    teams = {f: ("A" if f in team_a else "B") for f in factions}
    return {"factions": factions, "mode": MODE, "teams": teams}


def set_up(state: GameState, chooser: random.Random) -> GameState:
    """Answer setup with random legal choices until the first turn begins."""
    for _ in range(100):
        if state.turn.phase != "setup":
            return state
        seat = rules.to_act(state)
        assert seat is not None
        choices = rules.legal_actions(state, seat)
        assert choices, f"seat {seat} has no setup choice: {state.pending[:1]}"
        state, _ = rules.apply(state, chooser.choice(choices))
    raise AssertionError("setup did not end")


def on_map(state: GameState, faction: str) -> int:
    """How many of a faction's pieces are in clearings and forests."""
    places = [*state.clearings, *state.forests.values()]
    return sum(n for pieces in places for piece, n in pieces.items() if piece.split(":", 1)[0] == faction)


def asks(state: GameState, seat: int) -> bool:
    """Whether a seat's setup offers a choice (before anyone has chosen: every faction that places pieces)."""
    return next(iter(registry.of(state, seat).setup_legal(state, seat)), None) is not None


def setup_faults(fresh: GameState, state: GameState) -> list[str]:
    """What is wrong with a game just past setup, given the same game before any choice."""
    mode = find_mode(MODE)
    faults = [f"invariant: {p}" for p in rules.problems(state)]
    for seat, s in enumerate(state.seats):
        faction = registry.of(state, seat)
        if not faction.setup_done(state, seat):
            faults.append(f"{s.faction} is not set up")
        if asks(fresh, seat) and on_map(state, s.faction) == 0:
            faults.append(f"{s.faction} chose its setup but has nothing on the map")
        corner = faction.starting_corner(state, seat)
        region = mode.setup_region(state, seat)
        if corner is not None and region is not None and corner not in region:
            faults.append(f"{s.faction} started in clearing {corner}, off its team's side")
    return faults


def test_there_are_splits_and_each_has_six_factions_in_two_teams_of_three() -> None:
    splits = valid_splits()
    assert len(splits) >= 2
    for team_a, team_b in splits:
        assert len(team_a) == len(team_b) == 3 and not set(team_a) & set(team_b)


def split_failures(splits: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...], stream: int) -> list[str]:
    """Set each split up with its own seed of this stream; what went wrong, naming the split and the seed."""
    failures = []
    for index, (team_a, team_b) in enumerate(splits):
        seed = stream * 100_000 + index
        fresh = rules.new_game(options(team_a, team_b), seed)
        state = set_up(fresh, random.Random(seed))
        failures += [f"A={team_a} B={team_b} seed {seed}: {f}" for f in setup_faults(fresh, state)]
    return failures


def test_every_team_of_three_is_set_up_on_both_sides_against_several_opponents() -> None:
    """Each team of three that the mode accepts meets several opponents, on each side: none skips its setup."""
    splits = covering_splits()
    valid = set(valid_splits())
    assert set(splits) <= valid
    teams = {team for split in valid for team in split}
    assert teams == {team for split in splits for team in split}
    sides = {(split[0], "A") for split in splits} | {(split[1], "B") for split in splits}
    two_sided = {team for team in teams if sum(team in s for s in valid) >= 2}
    assert all((team, "A") in sides and (team, "B") in sides for team in two_sided)
    assert split_failures(splits, 0) == []


SAMPLE_STRIDE = 37
"""Every this many of the valid splits, in their order, for checks that need a spread of line-ups, not each one."""


def test_a_faction_waiting_to_set_up_says_it_is_not_set_up() -> None:
    """Every faction with a setup choice keeps its own record of being set up (`Faction.setup_done`)."""
    seen = set()
    for team_a, team_b in valid_splits()[::SAMPLE_STRIDE]:  # a spread of the splits: all of them take a minute
        state = rules.new_game(options(team_a, team_b), 7)
        for d in state.pending:
            if d["kind"] == "setup" and asks(state, d["seat"]):
                assert not registry.of(state, d["seat"]).setup_done(state, d["seat"]), state.seats[d["seat"]].faction
                seen.add(state.seats[d["seat"]].faction)
    assert {"marquise", "eyrie", "spinners", "spore", "tinker", "vagabond"} <= seen


SPORE_IN_A_CORNER = {
    "factions": ["marquise", "spore", "alliance", "eyrie", "tinker", "vagabond"],
    "mode": MODE,
    "teams": {"marquise": "B", "spore": "B", "alliance": "A", "eyrie": "B", "tinker": "A", "vagabond": "A"},
}
"""The issue's first example: the Spore, the Marquise and the Eyrie share team B's side, which has two corners."""


def corners_taken(seed: int = 1) -> GameState:
    """The first example after the Spore's homeland took a corner of team B's side (14): the keep, with one corner
    left, goes in the other (15) without asking."""
    state = rules.new_game(SPORE_IN_A_CORNER, seed)
    state, _ = rules.apply(state, rules.parse(state, "homeland 14"))
    marquise = state.seat_of("marquise")
    assert marquise is not None and registry.of(state, marquise).starting_corner(state, marquise) == 15
    return state


def test_the_eyrie_with_no_corner_left_roosts_in_an_edge_clearing_of_its_side() -> None:
    state = corners_taken()
    eyrie = state.seat_of("eyrie")
    for _ in range(3):  # the Marquise's starting buildings
        state, _ = rules.apply(state, rules.legal_actions(state, rules.to_act(state) or 0)[0])
    assert rules.to_act(state) == eyrie
    roosts = sorted(a.clearing for a in rules.legal_actions(state, eyrie))  # type: ignore[attr-defined]
    # team B's side is 14, 15, 18, 19, 20, 24: its map-edge clearings (Law 21: not Winter's inner 12, here 24) less
    # the homeland and the keep, with a free slot
    assert roosts and roosts == [c for c in (18, 19, 20) if open_slots(state, c) > 0]
    state = set_up(state, random.Random(3))
    assert registry.of(state, eyrie).setup_done(state, eyrie)
    assert state.seats[eyrie].data["leader"] is not None and on_map(state, "eyrie") == 7
    assert rules.problems(state) == []


def test_with_no_fallback_a_choice_that_leaves_a_faction_nowhere_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup machinery never drops a faction's setup: the choice that would leave it nowhere is refused."""
    monkeypatch.setattr(Mode, "corner_fallback", lambda self, state, seat: [])
    state = corners_taken()
    with pytest.raises(SetupError, match="that would leave the Eyrie Dynasties nowhere to set up"):
        for _ in range(3):  # the Marquise's last starting building would hand the turn to the Eyrie
            before = state.dumps()
            state, _ = rules.apply(state, rules.legal_actions(state, rules.to_act(state) or 0)[0])
    assert state.dumps() == before  # the refused choice left its state as it was
    assert rules.to_act(state) == state.seat_of("marquise") and rules.problems(state) == []


def test_an_eyrie_whose_setup_was_skipped_is_a_broken_invariant() -> None:
    state = set_up(rules.new_game(SPORE_IN_A_CORNER, 1), random.Random(1))
    eyrie = state.seat_of("eyrie")
    assert eyrie is not None and rules.problems(state) == []
    state.seats[eyrie].data["setup"] = "corner"  # as the old engine left it
    assert rules.problems(state) == [f"eyrie (seat {eyrie}) has no setup done and none waiting after setup"]


def test_a_keep_with_no_corner_left_goes_on_the_edge_and_the_garrison_fills_the_other_eleven_clearings() -> None:
    opts = {
        "factions": ["marquise", "spore", "alliance", "eyrie", "tinker", "vagabond"],
        "mode": MODE,
        "teams": {"marquise": "A", "spore": "A", "alliance": "A", "eyrie": "B", "tinker": "B", "vagabond": "B"},
    }
    state = rules.new_game(opts, 5)
    alliance, marquise = state.seat_of("alliance"), state.seat_of("marquise")
    assert alliance is not None and marquise is not None
    place(state, alliance, "warrior", 4)  # team A's other corner is taken too (as no faction yet does)
    state, _ = rules.apply(state, rules.parse(state, "homeland 1"))
    keeps = [a.notation() for a in rules.legal_actions(state, marquise)]
    assert keeps == ["keep 8", "keep 9"]  # team A's map-edge clearings with no pieces (not the inner 12)
    state, _ = rules.apply(state, rules.parse(state, "keep 9"))
    autumn = [c for c in state.board.ids() if state.board.map_of(c) == state.board.maps[0]]
    garrison = {c: state.clearings[c - 1].get("marquise:warrior", 0) for c in autumn}
    assert garrison == {c: 0 if c == 9 else 1 for c in autumn}
    assert rules.problems(state) == []


def test_a_game_saved_with_a_skipped_setup_can_still_be_mended_by_a_moderator() -> None:
    """The new invariant does not lock a game the old engine broke: an edit is refused only for what it breaks."""
    state = set_up(rules.new_game(SPORE_IN_A_CORNER, 1), random.Random(1))
    eyrie = state.seat_of("eyrie")
    assert eyrie is not None
    state.seats[eyrie].data["setup"] = "corner"  # as the old engine left it
    edited, _ = apply_edit(state, "!place 20 eyrie:warrior x1")
    assert edited.clearings[19].get("eyrie:warrior", 0) == state.clearings[19].get("eyrie:warrior", 0) + 1
    with pytest.raises(RulesError, match="inconsistent"):
        apply_edit(state, "!place 19 eyrie:roost x3")  # more buildings than slots: refused as before


def main(argv: list[str] | None = None) -> int:
    """Set up every valid split with every stream and print what went wrong (a long check, not a test)."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.test_setup_splits",
        description="Set up every valid 3x3 team split of the playable factions, each by several streams of random "
        "setup choices, and print every failure (minutes; the test suite covers each team of three instead).",
    )
    parser.add_argument("--streams", type=at_least(1), default=STREAMS, help="streams of setup choices per split")
    args = parser.parse_args(argv)
    splits = valid_splits()
    failures = [f for stream in range(args.streams) for f in split_failures(splits, stream)]
    print("\n".join(failures))
    print(f"splits: {len(splits)} valid, {args.streams} streams each, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
