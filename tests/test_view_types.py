"""The typed view is what view_for returns: every view of seeded games has exactly the keys and value types that
rules/view_types.py declares (mypy trusts those declarations at the casts it cannot see through)."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

import rules
from rules import registry
from rules.playout import stirred
from rules.state import BattleState
from rules.view_types import View


def _problems(value: Any, hint: Any, where: str) -> list[str]:
    """What in a value does not fit a type hint (TypedDicts, lists, dicts, unions, literals, scalars)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return []
    if origin is NotRequired:
        return _problems(value, args[0], where)
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not {hint.__name__}"]
        hints = get_type_hints(hint, include_extras=True)  # (postponed annotations hide NotRequired from the class)
        required = [k for k, h in hints.items() if hint.__total__ and get_origin(h) is not NotRequired]
        out = [f"{where}.{k}: undeclared" for k in value if k not in hints]
        out += [f"{where}.{k}: missing" for k in required if k not in value]
        for key, sub in hints.items():
            if key in value:
                out += _problems(value[key], sub, f"{where}.{key}")
        return out
    if origin in (Union, types.UnionType):
        fits = [_problems(value, a, where) for a in args]
        return [] if any(not p for p in fits) else min(fits, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        return [p for i, v in enumerate(value) for p in _problems(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        keys = [p for k in value for p in _problems(k, args[0], where)]
        return keys + [p for k, v in value.items() for p in _problems(v, args[1], f"{where}[{k!r}]")]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]


def _games() -> list[tuple[str, dict[str, Any], int]]:
    """A seeded game for each playable faction (with the Marquise and the Eyrie) and a six-seat 3x3 game."""
    others = [f for f in registry.playable_ids() if f not in ("marquise", "eyrie")]
    games = [(fid, {"factions": ["marquise", "eyrie", fid]}, 20 + i) for i, fid in enumerate(others)]
    lineup = {"marquise": "A", "eyrie": "A", "vagabond": "A", "tinker": "B", "spinners": "B", "spore": "B"}
    games.append(("3x3", {"mode": "frontier", "factions": list(lineup), "teams": lineup}, 4000))
    return games


@pytest.mark.parametrize(("name", "options", "seed"), _games(), ids=[g[0] for g in _games()])
def test_every_view_of_a_game_has_the_declared_shape(name: str, options: dict[str, Any], seed: int) -> None:
    state, pick = rules.new_game(options, seed), random.Random(seed)
    seen = {"battle": 0, "pending": 0}
    for n in range(600):
        if state.over:
            break
        state, _ = stirred(state, pick, 0.03 if name == "3x3" else 0.0)
        for viewer in (None, n % len(state.seats)):  # a spectator's view and each seat's in turn
            assert _problems(rules.view_for(state, viewer), View, "view") == []
        if state.battle is not None:
            seen["battle"] += 1
            assert _battle_problems(dict(state.battle)) == []
        seen["pending"] += bool(state.pending)
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = rules.apply(state, pick.choice(rules.legal_actions(state, seat)), seat=seat)
    assert seen["battle"] and seen["pending"], seen  # the game reached a battle and a decision


def _battle_problems(battle: dict[str, Any]) -> list[str]:
    """What in a battle does not fit BattleState, leaving out the keys a faction or mode declares in a TypedDict of
    its own (the Spore's, the 3x3 Looting's) and a Vagabond's tally kept under his faction id."""
    own = {"spore_flipped", "looting", "rerolled", *registry.all_ids()}
    return _problems({k: v for k, v in battle.items() if k not in own}, BattleState, "battle")


def test_the_checker_finds_a_missing_and_an_undeclared_key() -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie"]}, 1)
    view = rules.view_for(state, 0)
    broken: dict[str, Any] = dict(view, extra=1)
    del broken["rounds"]
    broken["clearings"] = [dict(view["clearings"][0], ruin="no")]
    assert sorted(_problems(broken, View, "view")) == [
        "view.clearings[0].ruin: 'no' is not bool",
        "view.extra: undeclared",
        "view.rounds: missing",
    ]
