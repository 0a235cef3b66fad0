"""Property: a legal action named in any order, or in any form the docs show, is that very action.

For every verb with a list field or several options, drawn from seeded random games of line-ups computed from the
registry (each playable faction with two others, and the 3x3 mode's line-up): each legal action is written

* in notation, its tokens in a shuffled order (tokens of one kind keep theirs: `take dominance-fox anvil`) and its
  lists (`1,5`, `supporters:bird,fox`, `birdbot+catbot`) shuffled;
* with the choices its plain form leaves to the engine written out (`spread 13 supporters:fox` for `spread 13`);
* as the options of its slash command (`bot.discord.commands.command_options`), lists shuffled, made into notation as
  the Discord command does (`bot.service.notation.build`);
* as a console line `/verb option:value ...`, options in a shuffled order, read as the console reads it;

and each form must parse back to the legal action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

import rules
from bot.console import parse_options, typed_options
from bot.discord.commands import RENAMES, action_command, command_options
from bot.service.notation import build, options_of, verbs
from rules import engine, registry
from rules.actions import LIST_KINDS, WORD, Action
from rules.modes import find_mode
from rules.state import GameState

ACTIONS_PER_GAME = 400
SAMPLES_PER_STATE = 3
FIELD_NAMES = {shown: field for field, shown in RENAMES.items()}


def lineups() -> list[dict[str, Any]]:
    """Each playable faction with the two after it in the registry, and the 3x3 mode's default line-up."""
    ids = [f for f in registry.playable_ids() if f != "vagabond2"]
    out: list[dict[str, Any]] = [
        {"factions": [ids[i], ids[(i + 1) % len(ids)], ids[(i + 2) % len(ids)]], "round_limit": 8}
        for i in range(len(ids))
    ]
    out.append({"factions": ["vagabond", "vagabond2", "marquise"], "round_limit": 8})
    frontier = find_mode("frontier").default_lineup()
    assert frontier is not None
    out.append({**frontier, "mode": "frontier", "board": "autumn+winter"})
    return out


def several_options(cls: type[Action]) -> bool:
    """Whether a verb's action has a list field or more than one option."""
    return len(options_of(cls)) > 1 or any(kind in LIST_KINDS for _, kind in cls.spec)


def shuffled_list(rng: random.Random, kind: str, value: Any) -> Any:
    """A list field's parts in a random order: a tuple, or words joined with '+' (robots)."""
    if kind in LIST_KINDS and isinstance(value, tuple):
        return tuple(rng.sample(value, len(value)))
    if kind == WORD and isinstance(value, str) and "+" in value:
        return "+".join(rng.sample(value.split("+"), value.count("+") + 1))
    return value


def with_lists_shuffled(rng: random.Random, action: Action) -> Action:
    """The action with each list field in a random order (not a legal action itself: only for writing)."""
    kinds = dict(action.spec)
    new = {name: shuffled_list(rng, kind, getattr(action, name)) for name, kind in kinds.items()}
    return replace(action, **new)


def shuffled_notation(rng: random.Random, action: Action) -> str:
    """The action's notation, its lists and its tokens shuffled; tokens of one kind keep their order."""
    written = with_lists_shuffled(rng, action)
    verb, *tokens = written.notation().split()
    kinds = [kind for name, kind in action.spec if getattr(written, name) not in (None, ())]  # one token each
    assert len(kinds) == len(tokens), written.notation()
    by_kind: dict[str, list[str]] = {}
    for token, kind in zip(tokens, kinds, strict=True):
        by_kind.setdefault(kind, []).append(token)
    placed = [by_kind[kinds[i]].pop(0) for i in rng.sample(range(len(tokens)), len(tokens))]
    return " ".join([verb, *placed])


def slash_text(rng: random.Random, action: Action) -> str:
    """The notation the action's slash command makes from its options, lists shuffled."""
    options = command_options(with_lists_shuffled(rng, action))
    return build(action.verb, {FIELD_NAMES.get(k, k): v for k, v in options.items()})


def console_text(rng: random.Random, action: Action) -> str:
    """The notation a console line '/verb option:value ...' makes (options and lists shuffled)."""
    options = command_options(with_lists_shuffled(rng, action))
    pairs = rng.sample(sorted(options.items()), len(options))
    line = " ".join(f"{name}:{value}" for name, value in pairs)
    command = action_command(action.verb)
    typed = typed_options(command, parse_options(command, line))
    return build(action.verb, {FIELD_NAMES.get(k, k): v for k, v in typed.items()})


def forms(rng: random.Random, state: GameState, seat: int, action: Action) -> Iterator[tuple[str, str]]:
    """(which form, text) for every way of writing a legal action."""
    yield "notation", shuffled_notation(rng, action)
    full = engine.spelled_out(state, seat, action)
    if full != action:
        yield "spelled out", shuffled_notation(rng, full)
        yield "spelled out, slash", slash_text(rng, full)
    yield "slash", slash_text(rng, action)
    yield "console", console_text(rng, action)


def refused_forms(options: dict[str, Any], seed: int) -> tuple[list[str], set[str]]:
    """Play a seeded random game; every form of sampled legal actions that does not parse back, and the verbs tried."""
    rng = random.Random(seed)
    state = rules.new_game(options, seed)
    wanted = {verb for verb, cls in verbs().items() if several_options(cls)}
    failures: list[str] = []
    tried: set[str] = set()
    for _ in range(ACTIONS_PER_GAME):
        if state.over:
            break
        seat = rules.to_act(state)
        assert seat is not None
        legal = rules.legal_actions(state, seat)
        sampled = [a for a in legal if a.verb in wanted]
        for action in rng.sample(sampled, min(SAMPLES_PER_STATE, len(sampled))):
            tried.add(action.verb)
            for form, text in forms(rng, state, seat, action):
                try:
                    got: Action | str = rules.parse(state, text, seat)
                except rules.RulesError as err:
                    got = f"refused: {err}"
                if got != action:
                    failures.append(f"{form} '{text}' for '{action.notation()}' at {state.turn.step}: {got}")
        state, _ = engine.apply_unchecked(state, seat, rng.choice(legal))
    return failures, tried


LINEUPS = lineups()


@cache
def outcome(index: int) -> tuple[list[str], set[str]]:
    """The refused forms and the verbs tried in the game of one line-up."""
    return refused_forms(LINEUPS[index], seed=5)


def lineup_name(options: dict[str, Any]) -> str:
    """A line-up as a test id: its mode and first factions."""
    return "-".join([str(options.get("mode", "standard")), *options["factions"][:3]])


@pytest.mark.parametrize("index", range(len(LINEUPS)), ids=[lineup_name(o) for o in LINEUPS])
def test_every_form_of_a_legal_action_parses_back_to_it(index: int) -> None:
    failures, tried = outcome(index)
    assert failures == []
    assert tried, "no action with several options was tried"


def test_every_verb_with_a_list_field_is_tried() -> None:
    with_lists = {verb for verb, cls in verbs().items() if any(kind in LIST_KINDS for _, kind in cls.spec)}
    tried = set().union(*(outcome(i)[1] for i in range(len(LINEUPS))))
    assert with_lists - tried == set()
