"""Line-ups computed from the registries, so that a faction or mode added later is played without being named."""

from __future__ import annotations

import random
from itertools import combinations, product
from typing import Any

import rules
from rules import registry
from rules.board import MAPS
from rules.modes import find_mode
from rules.modes import playable_ids as mode_ids
from rules.modes.base import Mode
from rules.playout import DEFAULT_ROUND_LIMIT
from rules.setup import DEFAULTS

TEAM_LINEUPS = 3


def seat_lineups(mode: Mode) -> list[dict[str, Any]]:
    """A mode without teams: every registered faction at the head of a game of each size the mode allows from two to
    four seats (the others in turn), those the mode accepts."""
    ids = registry.playable_ids()
    out = []
    for i, fid in enumerate(ids):
        others = ids[i + 1 :] + ids[:i]
        for size in range(max(2, mode.min_seats), min(4, mode.max_seats) + 1):
            out.append({"factions": [fid, *(others * 2)[size - 2 : 2 * size - 3]]})
    return [options for options in out if accepts(mode, options)]


def team_lineups(mode: Mode) -> list[dict[str, Any]]:
    """A team mode: line-ups of its fewest seats it accepts (in a fixed shuffled order), taken so that every faction
    it can seat plays in one, and at least TEAM_LINEUPS of them."""
    teams = mode.team_names or ("A", "B")
    size = max(mode.min_seats, len(teams))
    valid = []
    for group in combinations(registry.playable_ids(), size):
        for letters in product(teams, repeat=size):
            options = {"factions": list(group), "teams": dict(zip(group, letters, strict=True))}
            if accepts(mode, options):
                valid.append(options)
    random.Random(0).shuffle(valid)
    found: list[dict[str, Any]] = []
    for options in valid:
        if set(options["factions"]) - {f for g in found for f in g["factions"]} or len(found) < TEAM_LINEUPS:
            found.append(options)
    return found


def accepts(mode: Mode, options: dict[str, Any]) -> bool:
    """Whether the mode would start a game with these options."""
    try:
        mode.validate({**options, "mode": mode.id})
    except rules.RulesError:
        return False
    return True


def lineups_of(mode: Mode) -> list[dict[str, Any]]:
    """The line-ups a mode is played with: its team line-ups, or every faction at the head of games of 2-4 seats."""
    return team_lineups(mode) if mode.teams else seat_lineups(mode)


def game_options() -> list[dict[str, Any]]:
    """The engine options of every game played: line-ups of every registered mode (the standard game, the 3x3…)."""
    games = []
    for mode_id in mode_ids():
        mode = find_mode(mode_id)
        for options in lineups_of(mode):
            rounds = {} if mode.rounds else {"round_limit": DEFAULT_ROUND_LIMIT}
            games.append({**options, "mode": mode_id, **rounds})
    return games


def hiding(fid: str) -> bool:
    """Whether a faction keeps something of its own the table may not see beyond a hand (face-down cards or pieces,
    a face-down pile), or shows its hand."""
    plugin = registry.faction(fid)
    return plugin.overrides("face_down") or plugin.overrides("hidden_pieces") or bool(plugin.hidden_piles) \
        or plugin.public_hand


def map_games() -> list[dict[str, Any]]:
    """A standard game of four seats on every map but the default one, the factions that hide something of their own
    at the head of its line-up (taken in turn from map to map), the rest filled from the registry."""
    ids = registry.playable_ids()
    first = [f for f in ids if hiding(f)] + [f for f in ids if not hiding(f)]
    games = []
    for i, board in enumerate(m for m in MAPS if m != DEFAULTS["board"]):
        factions = (first[i:] + first[:i])[:4]
        games.append({"factions": factions, "mode": "standard", "board": board, "round_limit": DEFAULT_ROUND_LIMIT})
    return games
