"""Random playouts: play whole games choosing uniformly among legal actions, checking everything.

Usage: python -m rules.playout --games N --seed S --factions marquise,eyrie [--map lake] [--mode standard]
[--teams A,A,B,B] [--character ronin]. Without --factions a mode's default line-up is played (marquise,eyrie for the
standard game); --character makes the first Vagabond to choose take that character (the others choose at random).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from rules import engine, parse, problems, view_for
from rules.actions import action_class, verbs_for
from rules.argtypes import at_least, share, whole_number
from rules.edits import apply_edit
from rules.errors import RulesError
from rules.modes import find_mode, mode_of
from rules.record import Record, replay
from rules.setup import new_game, normalise
from rules.state import GameState

DEFAULT_ROUND_LIMIT = 60
MAX_ACTIONS = 20_000


@dataclass
class Outcome:
    """What one playout did and found."""

    actions: int = 0
    violations: list[str] = field(default_factory=list)
    state: GameState | None = None
    record: Record | None = None


PREFER_CHANCE = 0.7
"""How often a playout with preferred verbs picks one of them when any is legal."""


def play(
    options: dict[str, object],
    seed: int,
    check_every: int = 1,
    prefer: frozenset[str] = frozenset(),
    stir: float = 0.0,
    character: str | None = None,
) -> Outcome:
    """Play one game to its end with random legal choices (leaning to the `prefer` verbs when they are legal).

    With `character`, the first Vagabond offered that character takes it (`character NAME` is played when legal).

    With `stir`, before that share of actions (outside setup and decisions) the mode may make a moderator edit
    that leads toward its rarer moments (`Mode.playout_stir`); the record keeps it, so the replay check still holds.
    """
    chooser = random.Random(seed)
    out = Outcome()
    record = Record(dict(options), seed)
    state = new_game(options, seed)
    out.violations += [f"setup: {p}" for p in problems(state)]
    while not state.over and out.actions < MAX_ACTIONS:
        state, nudge = stirred(state, chooser, stir)
        if nudge is not None:
            record.actions.append(nudge)
        seat = engine.to_act(state)
        assert seat is not None
        choices = engine.legal_actions(state, seat)
        if not choices:
            out.violations.append(f"v{state.version}: no legal action for seat {seat} at {state.turn.step}")
            break
        preferred = [a for a in choices if a.verb in prefer]
        chosen = [a for a in choices if character is not None and a.notation() == f"character {character}"]
        if chosen:
            action = chosen[0]
        else:
            action = chooser.choice(preferred if preferred and chooser.random() < PREFER_CHANCE else choices)
        text = action.notation()
        if out.actions % check_every == 0 and parse(state, text) != action:
            out.violations.append(f"v{state.version}: '{text}' does not parse back to itself")
        state, _ = engine.apply_unchecked(state, seat, action)
        record.actions.append(text)
        out.actions += 1
        if out.actions % check_every == 0:
            out.violations += [f"v{state.version} after '{text}': {p}" for p in problems(state)]
    out.violations += _final_checks(state, record)
    out.state, out.record = state, record
    return out


def _final_checks(state: GameState, record: Record) -> list[str]:
    found = []
    if GameState.loads(state.dumps()).dumps() != state.dumps():
        found.append("JSON round-trip changed the state")
    if replay(record).digest() != state.digest():
        found.append("replaying the record gave a different state")
    found += hidden_shown(state)
    return found


def hidden_shown(state: GameState) -> list[str]:
    """Seats whose view shows another seat's hand or face-down cards (the Supporters)."""
    found = []
    views = [view_for(state, seat) for seat in range(len(state.seats))]
    for seat, view in enumerate(views):
        text = str(view)
        for other, theirs in enumerate(views):
            secrets = {"hand": theirs["hand"], **theirs["private_cards"]}
            for name, keys in secrets.items():
                mine = view["hand"] if name == "hand" else view["private_cards"].get(name)
                if other != seat and keys and keys != mine and f"{name!r}: {keys}" in text:
                    found.append(f"seat {seat}'s view shows seat {other}'s {name}")
    return found


def stirred(state: GameState, chooser: random.Random, stir: float) -> tuple[GameState, str | None]:
    """Before an action, now and then (a `stir` share, outside setup and decisions), the mode's playout edit."""
    if stir and not state.pending and state.turn.phase != "setup" and chooser.random() < stir:
        nudge = mode_of(state).playout_stir(state, chooser)
        if nudge is not None:
            return apply_edit(state, nudge)[0], nudge
    return state, None


def known_verbs(text: str, options: dict[str, object]) -> frozenset[str]:
    """The verbs named in a comma-separated list, each one the game's factions or mode may play."""
    names = [v.strip().lower() for v in text.split(",") if v.strip()]
    factions = options.get("factions")
    scopes = [*(factions if isinstance(factions, list) else []), str(options.get("mode"))]
    known = verbs_for(scopes)
    unknown = [v for v in names if v not in known]
    if unknown:
        raise RulesError(f"--prefer names verbs this game has not: {', '.join(unknown)}")
    return frozenset(names)


def known_character(name: str | None, options: dict[str, object]) -> str | None:
    """A character the game's Vagabond may choose (None when not asked); refused when no faction offers it."""
    if name is None:
        return None
    factions = options.get("factions")
    cls = action_class("character", factions if isinstance(factions, list) else [])
    offered = cls.words if cls is not None else ()
    if name.strip().lower() not in offered:
        listed = ", ".join(offered) or "none: no faction of this game chooses a character"
        raise RulesError(f"--character names no character of this game's factions; they are: {listed}")
    return name.strip().lower()


def playout_options(
    mode_id: str, factions: str | None, teams: str | None, board: str, round_limit: int | None
) -> dict[str, object]:
    """Engine options for a playout: the named factions (and teams), else the mode's default line-up."""
    mode = find_mode(mode_id)
    if factions is None and teams is not None:
        raise RulesError("--teams names a team per faction, so it needs --factions too")
    lineup = mode.default_lineup() if factions is None else None
    options: dict[str, object] = {"board": board, "mode": mode_id}
    if lineup is not None:
        options.update(lineup)
    else:
        names = (factions or "marquise,eyrie").split(",")
        options["factions"] = names
        if teams is not None:
            letters = teams.split(",")
            if len(letters) != len(names):
                raise RulesError(f"--teams needs one letter per faction ({len(names)}), not {len(letters)}")
            options["teams"] = dict(zip(names, letters, strict=True))
    if round_limit is not None or mode.rounds is None:
        options["round_limit"] = round_limit or DEFAULT_ROUND_LIMIT
    return options


def main(argv: list[str] | None = None) -> int:
    """Run playouts and print the summary line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=at_least(1), default=10)
    parser.add_argument("--seed", type=whole_number, default=1)
    parser.add_argument("--factions", default=None, help="comma-separated (default: the mode's line-up)")
    parser.add_argument("--teams", default=None, help="a team letter per faction, comma-separated")
    parser.add_argument("--board", "--map", dest="board", default="autumn", help="autumn, winter, lake, mountain")
    parser.add_argument("--mode", default="standard")
    parser.add_argument(
        "--round-limit", type=at_least(1), default=None, help=f"default {DEFAULT_ROUND_LIMIT}, or the mode's"
    )
    parser.add_argument("--check-every", type=at_least(1), default=1, help="check invariants every N actions")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--stir", type=share, default=0.0, help="share of actions the mode nudges the game before")
    share_text = f"{PREFER_CHANCE:.0%}".replace("%", "%%")  # argparse formats help text: '%%' shows as '%'
    prefer_help = f"comma-separated verbs chosen {share_text} of the time they are legal"
    parser.add_argument("--prefer", default="", help=prefer_help)
    parser.add_argument("--character", default=None, help="the character the first Vagabond to choose takes")
    args = parser.parse_args(argv)
    try:
        options = playout_options(args.mode, args.factions, args.teams, args.board, args.round_limit)
        normalise(options)
        prefer = known_verbs(args.prefer, options)
        character = known_character(args.character, options)
    except RulesError as err:
        print(f"playout: {err}", file=sys.stderr)
        return 2
    total_actions = total_violations = 0
    watch = prefer | ({"!lay"} if args.stir else set())
    watched: Counter[str] = Counter()
    game_ms: list[float] = []
    failed = False
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game_started = time.perf_counter()
        try:
            result = play(options, seed, args.check_every, prefer, args.stir, character)
        except Exception:  # noqa: BLE001 - a playout reports every crash and carries on
            traceback.print_exc()
            print(f"game seed={seed}: exception", file=sys.stderr)
            failed = True
            continue
        game_ms.append((time.perf_counter() - game_started) * 1000)
        total_actions += result.actions
        total_violations += len(result.violations)
        verbs = (t.split()[0] for t in (result.record.actions if result.record else []))
        watched.update(v for v in verbs if v in watch)
        for v in result.violations[:5]:
            print(f"game seed={seed}: {v}", file=sys.stderr)
        if args.verbose and result.state is not None:
            s = result.state
            points = ", ".join(f"{x.faction} {x.points}" for x in s.seats)
            ended = next((e.public for e in reversed(s.events) if " win" in e.public), "")
            print(
                f"game seed={seed}: {result.actions} actions, round {s.turn.round}, {points}, winners {s.winners}"
                f"{' (' + ended + ')' if ended else ''}"
            )
    elapsed = (time.perf_counter() - started) * 1000
    per_action = elapsed / total_actions if total_actions else 0.0
    if game_ms:
        ordered = sorted(game_ms)
        print(f"per game: median {ordered[len(ordered) // 2]:.0f} ms, max {ordered[-1]:.0f} ms (checks included)")
    summary = f"{args.games} games, {total_actions} actions, {total_violations} violations"
    if watch:
        print("played: " + ", ".join(f"{verb} {watched[verb]}" for verb in sorted(watch)))
    print(f"playout: {summary}, {per_action:.3f} ms/action")
    return 1 if failed or total_violations else 0


if __name__ == "__main__":
    sys.exit(main())
