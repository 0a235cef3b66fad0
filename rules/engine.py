"""The engine's front door: who acts, what is legal, parsing text, and applying an action."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import MISSING, fields
from typing import Any

from rules import crafting, decisions, effects, flow, hand, landmarks, movement, registry
from rules.actions import (
    CARD,
    COUNT,
    PLACE_WORDS,
    REGISTRY,
    Action,
    Battle,
    Craft,
    Discard,
    End,
    Move,
    Use,
    action_class,
    matches,
    parse_pattern,
    scopes_of,
    unknown_word,
    verb_of,
)
from rules.battle import why_not_battle
from rules.cards import card, keys
from rules.errors import (
    AmbiguousActionError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StaleStateError,
)
from rules.modes import find_mode
from rules.options import mode_id
from rules.state import Event, GameState
from rules.words import echo

CARD_TYPES = {"ambush": "ambush", "foil": "ambush", "activate": "dominance", "take": "dominance"}  # verb: card type


def to_act(state: GameState) -> int | None:
    """The seat that must decide now, or None when the game is over."""
    if state.over:
        return None
    if state.pending:
        return int(state.pending[0]["seat"])
    return state.turn.seat


def _generate(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    if state.pending:
        d = state.pending[0]
        return flow.permitted(state, seat, decisions.KINDS[d["kind"]].legal(state, d))
    return flow.step_actions(state, seat, verb)


def _touches(action: Action, clearing: int) -> bool:
    if isinstance(action, Move):
        return action.src == clearing
    if getattr(action, "clearing", None) == clearing:
        return True
    return clearing in getattr(action, "clearings", ())


def legal_actions(
    state: GameState,
    seat: int,
    verb: str | None = None,
    clearing: int | None = None,
    card: str | None = None,
) -> list[Action]:
    """Every legal action of a seat now, optionally only of one verb, clearing (a move's origin) or card."""
    if state.over or seat != to_act(state):
        return []
    out = []
    for action in _generate(state, seat, verb):
        if verb is not None and action.verb != verb:
            continue
        if clearing is not None and not _touches(action, clearing):
            continue
        if card is not None and card not in (
            getattr(action, "card", None),
            getattr(action, "spend", None),
        ):
            continue
        out.append(action)
    return out


def is_legal(state: GameState, seat: int, action: Action) -> bool:
    """Whether an action is legal for a seat now."""
    return any(a == action for a in legal_actions(state, seat, verb=action.verb))


def apply(
    state: GameState, action: Action, seat: int | None = None, expected_version: int | None = None
) -> tuple[GameState, list[Event]]:
    """Apply a legal action and return the new state and what happened; the old state is untouched."""
    actor = check_turn(state, seat, expected_version)
    if not is_legal(state, actor, action):
        raise IllegalActionError(explain(state, actor, action))
    return apply_unchecked(state, actor, action)


def check_turn(state: GameState, seat: int | None, expected_version: int | None = None) -> int:
    """The seat to act, after refusing a finished game, a stale version or the wrong seat."""
    if state.over:
        raise GameOverError("the game is over")
    if expected_version is not None and expected_version != state.version:
        raise StaleStateError("the game changed while you were choosing; look at the board again and retry")
    actor = to_act(state)
    assert actor is not None
    if seat is not None and seat != actor:
        raise NotYourTurnError(f"it is not your turn: {registry.of(state, actor).name} must {waiting_for(state)}")
    return actor


def apply_unchecked(state: GameState, actor: int, action: Action) -> tuple[GameState, list[Event]]:
    """Apply an action already known to be legal (playouts use this after choosing from the legal list)."""
    new = state.clone()
    new.events = []
    new.irreversible = False
    _perform(new, actor, action)
    new.version += 1
    if new.last_actor != actor:
        new.undo_floor = state.version
    new.last_actor = actor
    flow.advance(new)
    if new.irreversible:
        new.undo_floor = new.version
    return new, new.events


def _perform(state: GameState, actor: int, action: Action) -> None:
    route = movement.ferry_route(state, action) if state.landmarks else None
    if route is None:
        _carry_out(state, actor, action)
        return
    landmarks.start_crossing(state, route)  # the pieces' arrival moves the Ferry (rules.movement.arrived)
    _carry_out(state, actor, action.as_move() if isinstance(action, landmarks.Ferry) and not state.pending else action)
    landmarks.end_crossing(state)


def _carry_out(state: GameState, actor: int, action: Action) -> None:
    if state.pending:
        flow.resolve(state, action)
    elif isinstance(action, End):
        flow.next_step(state)
    elif action.verb in ("use", "activate", "take"):
        registry.of(state, actor).interrupt(state, actor)
        effects.apply_window(state, actor, action)
    elif isinstance(action, landmarks.Clear):
        landmarks.clear(state, actor, action)
    else:
        line, step = registry.lineup(state), state.turn.step
        if line.mode_actions and line.mode.apply_action(state, actor, step, action):
            return
        if not flow.take_offered(state, actor, action):
            line.plugins[actor].apply(state, actor, step, action)


def waiting_for(state: GameState) -> str:
    """What the seat to act must do, in a few words."""
    if state.over:
        return "nothing: the game is over"
    if state.pending:
        return decisions.prompt(state, state.pending[0])
    return step_prompt(state)


def step_prompt(state: GameState) -> str:
    """A few words on the current step."""
    step = state.turn.step
    if step == "birdsong.cards":
        return "use Birdsong card effects, or end Birdsong"
    if step == "daylight.cards":
        return "use Daylight card effects, or end Daylight"
    return registry.of(state, state.turn.seat).prompt(state, state.turn.seat, step)


def parse(state: GameState, text: str, seat: int | None = None) -> Action:
    """Read a player's text as one legal action; errors quote the text and say why."""
    actor = to_act(state) if seat is None else seat
    if actor is None:
        raise GameOverError("the game is over")
    ids = {s.faction for s in state.seats}
    aliases = {a: f for a, f in registry.aliases().items() if f in ids}
    _refuse_others_verb(state, actor, text)
    scopes = verb_scopes(state, actor)
    named = action_class(verb_of(text), scopes)
    legal = legal_actions(state, actor, verb=named.verb) if named is not None else []
    cls, values = parse_pattern(text, ids, aliases, scopes, _usable_cards(state, actor, legal, named))
    candidates = [a for a in legal if matches(a, cls, values) or _named_plan(state, actor, a, values)]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        plain = [a for a in candidates if _plain_apart_from(a, values)]
        if len(plain) == 1:
            return plain[0]
        shown = [a.notation() for a in candidates]
        listed = ", ".join(shown[:8]) + (" …" if len(shown) > 8 else "")
        raise AmbiguousActionError(f"'{echo(text)}' could mean several things: {listed}", shown)
    try:
        action = cls(**{**_counts_of_one(cls, values), **values})
    except TypeError:
        action = None
    raise IllegalActionError(explain(state, actor, action, {**values, "verb": cls.verb}, text))


def _usable_cards(
    state: GameState, seat: int, legal: list[Action], cls: type[Action] | None = None
) -> tuple[frozenset[str], ...]:
    """Where a short card name is looked for: the cards the legal actions of the verb name, then, for a verb that
    takes its card from the discard pile (salvage), that pile, then the hand."""
    named = {getattr(a, name) for a in legal for name, kind in a.spec if kind == CARD}
    usable = frozenset(k for k in named if isinstance(k, str))
    held = frozenset(hand.distinct_keys(state, seat))
    if cls is not None and not cls.card_from_hand:
        return usable, frozenset(card(cid).key for cid in state.discard), held
    return usable, held


def _refuse_others_verb(state: GameState, seat: int, text: str) -> None:
    """Refuse a verb of another faction or mode of this game (an Outrage already settled) as not open now,
    rather than as a word the engine does not know."""
    verb = verb_of(text)
    scopes = verb_scopes(state, seat)
    if not verb or action_class(verb, scopes) is not None:
        return
    here = {s.faction for s in state.seats} | {mode_id(state.options)}
    owners = [scope for scope in scopes_of(verb) if scope in here]
    if owners:
        names = " or ".join(_scope_name(scope) for scope in owners)
        raise IllegalActionError(
            f"'{echo(verb)}' is an action of {names} (or an answer owed to it), and nothing asks it of you now: "
            f"you must {waiting_for(state)}"
        )


def _scope_name(scope: str) -> str:
    """A faction's or a mode's name."""
    return registry.faction(scope).name if scope in registry.all_ids() else find_mode(scope).name


def _named_plan(state: GameState, seat: int, action: Action, values: dict[str, Any]) -> bool:
    """Whether the text names, field by field, the choices a plain legal action leaves to the engine
    ('spread 13 supporters:fox' for the plain 'spread 13' that spends a fox supporter)."""
    defaults = _defaults(type(action))
    if not any(name in defaults and getattr(action, name) == defaults[name] for name in values):
        return False
    full = spelled_out(state, seat, action)
    return full != action and matches(full, type(action), values)


_DEFAULTS: dict[type[Action], dict[str, Any]] = {}


def _defaults(cls: type[Action]) -> dict[str, Any]:
    """The optional fields of an action class with their defaults (read once per class: parse asks for every legal
    action)."""
    known = _DEFAULTS.get(cls)
    if known is None:
        known = _DEFAULTS[cls] = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    return known


def spelled_out(state: GameState, seat: int, action: Action) -> Action:
    """A legal action with what its plain form leaves to the engine written out: the suits a plain craft pays
    its 'any' costs with, or what the faction says (a plain revolt's supporters)."""
    if isinstance(action, Craft) and not action.using:
        return crafting.spelled_out(state, seat, action)
    return registry.of(state, seat).spelled_out(state, seat, action)


def _counts_of_one(cls: type[Action], values: dict[str, Any]) -> dict[str, Any]:
    """A count the action needs and the text left out reads as one, so the refusal can say why that action is not
    possible (a count the action may go without stays out: a crusade of robots alone)."""
    needed = {f.name for f in fields(cls) if f.default is MISSING}
    return {name: 1 for name, kind in cls.spec if kind == COUNT and name not in values and name in needed}


def verb_scopes(state: GameState, seat: int) -> tuple[str, ...]:
    """Whose own verbs a seat may use now: its faction's, a pending decision's faction's, and the mode's."""
    pending = state.pending[0].get("faction") if state.pending else None
    mode = mode_id(state.options)
    if pending:
        return (state.seats[seat].faction, pending, mode)
    return (state.seats[seat].faction, mode)


def _plain_apart_from(action: Action, values: dict[str, Any]) -> bool:
    """Whether every optional field the text did not name keeps its default."""
    return all(
        getattr(action, f.name) == f.default
        for f in fields(action)
        if f.name not in values and f.default is not MISSING
    )


def explain(
    state: GameState,
    seat: int,
    action: Action | None,
    values: dict[str, Any] | None = None,
    text: str = "",
) -> str:
    """Why an action (or a partly given one) is not legal now, in Root's words."""
    shown = echo(text or (action.notation() if action else ""))
    values = values if values is not None else {}
    verb = action.verb if action is not None else values.get("verb")
    wrong_type = _wrong_card_type(verb, getattr(action, "card", None) if action is not None else values.get("card"))
    if wrong_type:
        return wrong_type
    cls = type(action) if action is not None else action_class(str(verb), verb_scopes(state, seat))
    from_hand = cls is None or cls.card_from_hand
    for field in ("card", "spend"):
        card_key = getattr(action, field, None) if action is not None else values.get(field)
        needs_hand = (from_hand and verb not in ("use", "take")) or field == "spend"
        if needs_hand and isinstance(card_key, str) and card_key in keys() and not hand.holds(state, seat, card_key):
            return f"{keys()[card_key].name} is not in your hand"
    for name in ("clearing", "src", "dst"):
        place = getattr(action, name, None) if action is not None else values.get(name)
        if isinstance(place, int) and place not in state.board.ids():
            ids = sorted(state.board.ids())
            return f"there is no clearing {place} on this map; clearings are {ids[0]} to {ids[-1]}"
        if isinstance(place, str) and place not in state.board.forests and place not in PLACE_WORDS:
            return f"there is no forest {place} on this map; forests are {', '.join(sorted(state.board.forests))}"
    reason = _specific_reason(state, seat, action)
    if reason:
        return reason
    if verb in REGISTRY:
        reason = unknown_word(REGISTRY[verb], values or ({} if action is None else _fields_of(action)))
    return reason or f"'{shown}' is not possible now: you must {waiting_for(state)}"


def _fields_of(action: Action) -> dict[str, Any]:
    return {f.name: getattr(action, f.name) for f in fields(action)}


def _wrong_card_type(verb: str | None, card_key: Any) -> str | None:
    """Why a card cannot serve a verb that takes only one type of card (an ambush, a dominance card)."""
    wanted = CARD_TYPES.get(verb or "")
    if wanted is None or not isinstance(card_key, str) or card_key not in keys() or keys()[card_key].type == wanted:
        return None
    fitting = ", ".join(k for k, c in keys().items() if c.type == wanted)
    article = "an" if wanted[0] in "aeiou" else "a"
    return f"{keys()[card_key].name} is not {article} {wanted} card; {wanted} cards are: {fitting}"


def _specific_reason(state: GameState, seat: int, action: Action | None) -> str | None:
    if action is None:
        return None
    kept = flow.forbidden(state, seat, action)
    if kept:
        return kept
    if state.pending:
        return decisions.why_not(state, state.pending[0], action) or _other_answers(state, seat, action)
    if isinstance(action, landmarks.Clear):
        return landmarks.why_not_clear(state, seat, action)
    by_ferry = isinstance(action, landmarks.Ferry)
    if isinstance(action, landmarks.Ferry):
        reason = landmarks.why_not_ferry(state, action)
        if reason:
            return reason
        action = action.as_move()  # the faction judges the move itself
    first = registry.of(state, seat).explain_first(state, seat, action) or flow.explain_offered(state, seat, action)
    if first:
        return first
    if isinstance(action, Move) and not registry.of(state, seat).explains_moves:
        reason = movement.why_not_move(state, seat, action.src, action.dst, action.count, by_ferry)
        if reason:
            return reason
    if isinstance(action, Battle):
        reason = why_not_battle(state, seat, action.clearing, action.defender)
        if reason:
            return reason
    if isinstance(action, Craft):
        reason = crafting.why_not_craft(state, seat, action.card, action.using)
        if reason:
            return reason
    if isinstance(action, Use):
        return effects.why_not_use(state, seat, action, state.turn.phase)
    if isinstance(action, Discard):
        return "you only discard down to five cards at the end of Evening"
    return decisions.refusal(state, seat, action)


def _other_answers(state: GameState, seat: int, action: Action) -> str | None:
    """The answers of the same verb a pending decision takes, when the one given is none of them ('hit warriors'
    while the choices are 'hit warrior' and 'hit web')."""
    same = [a.notation() for a in legal_actions(state, seat, verb=action.verb)]
    if not same:
        return None
    return f"'{echo(action.notation())}' is not one of the choices now: {', '.join(same)}"


def default_action(state: GameState) -> Action | None:
    """What a moderator's skip does for the seat to act: pass a decision, end a step, else the first legal choice."""
    seat = to_act(state)
    if seat is None:
        return None
    options = legal_actions(state, seat)
    for action in options:
        if action.verb in ("pass", "end"):
            return action
    return options[0] if options else None
