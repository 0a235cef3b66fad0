"""Turn structure as data: the steps of a turn, and advancing through automatic work."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import islice
from typing import TYPE_CHECKING

from rules import battle, decisions, dominance, effects, hand, landmarks, listeners, registry
from rules.actions import Action, Discard, End, Pass
from rules.cards import label
from rules.modes.base import mode_of
from rules.options import mode_id
from rules.registry import lineup
from rules.state import GameState

if TYPE_CHECKING:
    from rules.faction_hooks import FactionHooks
from rules.words import possessive

HAND_LIMIT = 5
GENERIC = {
    "birdsong.start",
    "birdsong.cards",
    "daylight.start",
    "daylight.cards",
    "evening.start",
    "evening.draw",
    "evening.discard",
    "turn.end",
}
WINDOWS = {"birdsong.cards", "daylight.cards"}


def turn_steps(state: GameState, seat: int) -> tuple[tuple[str, str], ...]:
    """Every (phase, step) of a seat's turn as this game's mode plays its faction, generic steps included."""
    return _steps(mode_id(state.options), state.seats[seat].faction)


@cache
def _steps(mode_name: str, faction_id: str) -> tuple[tuple[str, str], ...]:
    steps = registry.find_mode(mode_name).patch(registry.faction(faction_id)).steps
    out: list[tuple[str, str]] = [("birdsong", "birdsong.start")]
    out += [("birdsong", s) for s in steps["birdsong"]]
    out += [("birdsong", "birdsong.cards"), ("daylight", "daylight.start")]
    out += [("daylight", s) for s in steps["daylight"]]
    out += [("daylight", "daylight.cards"), ("evening", "evening.start")]
    out += [("evening", s) for s in steps["evening"]]
    out += [("evening", "evening.draw"), ("evening", "evening.discard"), ("evening", "turn.end")]
    return tuple(out)


def goto(state: GameState, step: str) -> None:
    """Jump to a step of the current turn (its automatic work runs on entry)."""
    for phase, name in turn_steps(state, state.turn.seat):
        if name == step:
            state.turn.phase, state.turn.step, state.turn.entered = phase, name, False
            return
    raise ValueError(step)


def next_step(state: GameState) -> None:
    """Move on to the step after the current one."""
    steps = turn_steps(state, state.turn.seat)
    names = [name for _, name in steps]
    phase, name = steps[names.index(state.turn.step) + 1]
    state.turn.phase, state.turn.step, state.turn.entered = phase, name, False


def begin_turn(state: GameState, seat: int) -> None:
    """Start a seat's turn at the start of Birdsong."""
    if seat == state.order[0]:
        if state.turn.round >= 1:
            mode_of(state).end_of_round(state, state.turn.round)
            if state.over:
                return
        state.turn.round += 1
    state.turn.seat = seat
    state.turn.flags = {}
    state.turn.phase, state.turn.step, state.turn.entered = "birdsong", "birdsong.start", False
    state.undo_floor = state.version
    name = registry.of(state, seat).name
    state.say(f"Round {state.turn.round}: {possessive(name)} turn.")


def enter(state: GameState, seat: int, step: str) -> None:
    """Run a step's automatic work."""
    if step == "birdsong.start":
        dominance.check_victory(state, seat)
        if not state.over:
            effects.start_of_phase(state, seat, "birdsong")
            for who, hooks in listeners.listeners(state):
                hooks.at_turn_start(state, who, seat)
    elif step == "daylight.start":
        effects.start_of_phase(state, seat, "daylight")
    elif step == "evening.start":
        effects.start_of_phase(state, seat, "evening")
    elif step == "evening.draw":
        hand.draw(state, seat, 1 + registry.of(state, seat).draw_bonus(state, seat))
    elif step == "evening.discard":
        if len(state.seats[seat].hand) > HAND_LIMIT:
            decisions.push(state, "discard", seat)
    elif step == "turn.end":
        if landmarks.end_of_evening(state, seat):
            mode_of(state).check_victory(state)
            if state.over:
                return
        mode_of(state).end_of_turn(state, seat)
        order = state.order
        begin_turn(state, order[(order.index(seat) + 1) % len(order)])
    elif step not in GENERIC:
        registry.of(state, seat).enter_step(state, seat, step)


def interactive(state: GameState, seat: int, step: str) -> bool:
    """Whether a step waits for the player."""
    if step in WINDOWS:
        return True
    if step in GENERIC:
        return False
    return registry.of(state, seat).interactive(state, seat, step)


def can_end(state: GameState, seat: int, step: str) -> bool:
    """Whether the player may finish this step."""
    return step in WINDOWS or registry.of(state, seat).can_end(state, seat, step)


def step_actions(state: GameState, seat: int, verb: str | None = None) -> Iterator[Action]:
    """Actions of the current interactive step, 'end' first when allowed, none that another seat forbids."""
    return permitted(state, seat, _step_actions(state, seat, verb))


def _step_actions(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    step, phase = state.turn.step, state.turn.phase
    if can_end(state, seat, step) and verb in (None, "end"):
        yield End()
    if verb in (None, "use", "activate", "take"):
        yield from effects.window_actions(state, seat, phase)
    if verb in (None, "clear") and phase == "daylight":
        yield from landmarks.clear_options(state, seat)
    if step not in GENERIC:
        line = state.lineup or lineup(state)
        asked = "move" if verb == "ferry" else verb  # a faction offers the Ferry among its moves
        yield from line.plugins[seat].legal(state, seat, step, asked)
        if line.mode_actions:
            yield from line.mode.actions(state, seat, step, asked)
        for other, plugin in others(state, seat, "offered"):
            yield from plugin.offered(state, other, seat, step, verb)


def others(state: GameState, seat: int | None, hook: str) -> list[tuple[int, FactionHooks]]:
    """Every seat but this one whose faction overrides a hook (every seat for None), with its plug-in."""
    line = state.lineup or lineup(state)
    return [(other, line.plugins[other]) for other in line.overriding.get(hook, ()) if other != seat]


def permitted(state: GameState, seat: int, actions: Iterator[Action]) -> Iterator[Action]:
    """The actions no other seat's faction forbids the seat (`Faction.forbids`: the Corvids' snare)."""
    judges = others(state, seat, "forbids")
    if not judges:
        return actions
    return (a for a in actions if not any(plugin.forbids(state, j, seat, a) for j, plugin in judges))


def forbidden(state: GameState, seat: int, action: Action) -> str | None:
    """Why another seat's faction forbids the seat an action now, or None."""
    return next(filter(None, (p.forbids(state, o, seat, action) for o, p in others(state, seat, "forbids"))), None)


def take_offered(state: GameState, seat: int, action: Action) -> bool:
    """Carry out an action another seat's faction offers this one (True when one took it)."""
    return any(p.take_offered(state, o, seat, action) for o, p in others(state, seat, "take_offered"))


def explain_offered(state: GameState, seat: int, action: Action) -> str | None:
    """Why a seat's faction refuses the seat an action of the kind it offers others (to itself too), or None."""
    reasons = (p.explain_offered(state, o, seat, action) for o, p in others(state, None, "explain_offered"))
    return next(filter(None, reasons), None)


def advance(state: GameState) -> None:
    """Run automatic work until a player must decide or the game is over; then the mode sees the settled table."""
    _run(state)
    (state.lineup or lineup(state)).mode.settled(state)


def _run(state: GameState) -> None:
    for _ in range(100_000):
        (state.lineup or lineup(state)).mode.check_victory(state)
        if state.over:
            return
        if state.pending:
            if not _auto_decide(state):
                if _keep_standing(state):
                    continue
                return
            continue
        if state.battle is not None:
            battle.advance(state)
            continue
        if state.turn.phase == "setup":
            begin_turn(state, state.order[0])
            continue
        turn = state.turn
        if not turn.entered:
            turn.entered = True
            enter(state, turn.seat, turn.step)
            continue
        if interactive(state, turn.seat, turn.step):
            if _obliged_but_unable(state):
                _stuck(state)
                continue
            options = step_actions(state, turn.seat)
            first = next(options, None)
            if first is None:
                _stuck(state)
                continue
            if isinstance(first, End) and next(options, None) is None and not might_use_hand(state, turn.seat):
                next_step(state)
                continue
            if _keep_standing(state):
                continue
            return
        next_step(state)
    raise RuntimeError("the turn flow did not settle")


def _keep_standing(state: GameState) -> bool:
    """Let factions with a standing condition enforce it before the table waits (True: something changed)."""
    changed = False
    for seat in registry.seats_overriding(state, "keep_standing"):
        changed = registry.of(state, seat).keep_standing(state, seat) or changed
    return changed


def might_use_hand(state: GameState, seat: int) -> bool:
    """From public information only: could the seat have a choice that depends on its hidden hand
    (or on cards it holds face down elsewhere, such as the Alliance's Supporters)?

    Whether the game stops for a player must not tell the table what that player holds.
    """
    step = state.turn.step
    faction = registry.of(state, seat)
    if step not in GENERIC and faction.hidden_choices(state, seat, step):
        return True
    if not state.seats[seat].hand:
        return False
    if state.turn.phase == "daylight" and dominance.publicly_possible(state, seat):
        return True
    return step not in GENERIC and (faction.hand_choices(state, seat, step) or _offered_from_hand(state, seat, step))


def _offered_from_hand(state: GameState, seat: int, step: str) -> bool:
    """From public information only: could what another seat's faction offers this one depend on its hand?"""
    return any(p.offers_from_hand(state, o, seat, step) for o, p in others(state, seat, "offers_from_hand"))


def _obliged_but_unable(state: GameState) -> bool:
    """A faction step that may not end yet offers none of its faction's or its mode's actions (optional card effects
    don't count)."""
    seat, step = state.turn.seat, state.turn.step
    if step in GENERIC or can_end(state, seat, step):
        return False
    line = state.lineup or lineup(state)
    if next(permitted(state, seat, line.plugins[seat].legal(state, seat, step, None)), None) is not None:
        return False
    mode = line.mode.actions(state, seat, step, None) if line.mode_actions else iter(())
    return next(permitted(state, seat, mode), None) is None


def _stuck(state: GameState) -> None:
    """A step that must go on has no legal action: let the faction react, else move on."""
    turn = state.turn
    before = (turn.step, turn.entered, len(state.pending))
    if turn.step not in GENERIC:
        registry.of(state, turn.seat).stuck(state, turn.seat, turn.step)
    if (turn.step, turn.entered, len(state.pending)) == before:
        next_step(state)


def _auto_decide(state: GameState) -> bool:
    """Resolve the front decision when it has exactly one choice and allows that; False to wait.

    A lone 'pass' is never taken for the player: that would tell the table what they don't hold. Nor is a lone card
    from a hand of several: that would tell the table the others could not answer.
    """
    d = state.pending[0]
    kind = decisions.KINDS[d["kind"]]
    options = list(islice(permitted(state, d["seat"], kind.legal(state, d)), 2))
    if not options:
        if kind.empty is not None:
            kind.empty(state, d)
        state.pending.pop(0)
        return True
    lone_card = state.legacy is not None and state.legacy.lone_card_answered  # before 2141e2f
    forced = not kind.from_hand or len(state.seats[d["seat"]].hand) == 1 or lone_card
    if kind.auto_single and forced and len(options) == 1 and not isinstance(options[0], Pass):
        if kind.spends:  # the only way to pay, taken for the player: the adapter may ask them first
            state.spent_unasked.append((int(d["seat"]), kind.prompt(state, d), options[0].notation()))
        resolve(state, options[0])
        return True
    return False


def resolve(state: GameState, action: Action) -> None:
    """Answer the front pending decision."""
    d = state.pending[0]
    finished = decisions.KINDS[d["kind"]].resolve(state, d, action)
    if finished and state.pending and state.pending[0] is d:
        state.pending.pop(0)


def _discard_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    for key in hand.distinct_keys(state, d["seat"]):
        yield Discard(key)


def _discard_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    assert isinstance(action, Discard)
    seat = d["seat"]
    cid = hand.spend(state, seat, action.card)
    state.say(f"{registry.of(state, seat).name} discards {label(cid)}.")
    return len(state.seats[seat].hand) <= HAND_LIMIT


decisions.define(
    "discard",
    _discard_legal,
    _discard_resolve,
    lambda s, d: f"discard down to {HAND_LIMIT} cards ({len(s.seats[d['seat']].hand) - HAND_LIMIT} to go)",
)
