"""Autocomplete: suggestions drawn from the engine's legal actions, narrowed by what is already chosen and typed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules
from bot import messages
from bot.service.notation import KEYED_KINDS, PLACE_KINDS, Option, card_label, normalise, verb_options, verbs
from bot.service.table import faction_name
from rules.actions import CARD, CLEARING, CLEARINGS, COUNT, FACTION, KEYED_CLEARINGS, place_token
from rules.cards import keys
from rules.numbers import is_number

LIMIT = 25
MARKS = "`\"'\u201c\u201d\u2018\u2019"  # what may wrap a pasted action (bot.service.notation.WRAPPERS)


@dataclass(frozen=True)
class Suggestion:
    """One autocomplete choice: what the user sees, and the value the option gets."""

    name: str
    value: str | int


def _label(state: rules.GameState, kind: str, value: Any) -> str:
    if kind == CLEARING or (kind in PLACE_KINDS and isinstance(value, int)):
        return f"{value} ({state.suits[int(value) - 1]})"
    if kind in PLACE_KINDS:
        return messages.FOREST_LABEL.format(forest=value)
    if kind == CARD and value in keys():
        return card_label(value)
    if kind == FACTION:
        try:
            return faction_name(str(value))
        except KeyError:
            return str(value)
    if kind == CLEARINGS:
        return ",".join(str(v) for v in value)
    if kind == KEYED_CLEARINGS:  # e.g. the clearings the Marquise's wood comes from: '3 (fox), 7 (mouse)'
        return ", ".join(f"{v} ({state.suits[int(v) - 1]})" for v in value)
    if kind in KEYED_KINDS:
        return ", ".join(str(v) for v in value)
    if kind == COUNT:
        return str(value)
    return str(value)


def _value(option: Option, value: Any) -> str | int:
    if option.is_int:
        return int(value)
    if option.kind in PLACE_KINDS:
        return place_token(value)
    if option.kind in (CLEARINGS, *KEYED_KINDS):
        return ",".join(str(v) for v in value)
    return str(value)


def _matches(typed: str, name: str, value: str | int) -> bool:
    typed = typed.strip().lower()
    return not typed or typed in name.lower() or str(value).lower().startswith(typed)


def field_choices(
    state: rules.GameState, seat: int, verb: str, field: str, filled: dict[str, Any], typed: str
) -> list[Suggestion]:
    """Values of one option of a verb that some legal action has, given the other options already chosen."""
    if verb not in verbs():
        return []
    options = {o.field: o for o in verb_options(verb)}
    option = options.get(field)
    if option is None:
        return []
    wanted = {}
    for name, raw in filled.items():
        if name != field and name in options:
            try:
                value = normalise(options[name].kind, raw)
            except ValueError:
                return []
            if value is not None:
                wanted[name] = value
    seen: dict[Any, Suggestion] = {}
    for action in rules.legal_actions(state, seat, verb=verb):
        if any(getattr(action, k) != v for k, v in wanted.items()):
            continue
        raw = getattr(action, field)
        if raw is None or raw == () or raw in seen:
            continue
        suggestion = Suggestion(_label(state, option.kind, raw)[:100], _value(option, raw))
        if _matches(typed, suggestion.name, suggestion.value):
            seen[raw] = suggestion
    return sorted(seen.values(), key=_order)[:LIMIT]


def _order(suggestion: Suggestion) -> tuple[int, int, str]:
    """Numbers (clearings, counts, also written as text) in numeric order, then words."""
    text = str(suggestion.value)
    return (0, int(text), "") if is_number(text) else (1, 0, text)


def action_choices(state: rules.GameState, seat: int, typed: str) -> list[Suggestion]:
    """Legal actions in notation containing every word typed (for the universal command).

    Every verb comes first (a verb with several actions as 'move … (12 choices)', whose value is the verb, to
    type on from), then the actions themselves taken from each verb in turn, so no verb hides behind another's.
    """
    words = typed.strip().strip(MARKS).lower().split()  # an action pasted as the bot writes it: `keep 1`
    by_verb: dict[str, list[str]] = {}
    for action in rules.legal_actions(state, seat):
        text = action.notation()
        if all(w in text for w in words):
            by_verb.setdefault(action.verb, []).append(text)
    out: list[Suggestion] = []
    if len(by_verb) > 1:
        for verb, texts in by_verb.items():
            name = texts[0] if len(texts) == 1 else messages.VERB_CHOICES.format(verb=verb, n=len(texts))
            out.append(Suggestion(name[:100], texts[0][:100] if len(texts) == 1 else verb))
    shown = {s.value for s in out}
    for text in _taking_turns(list(by_verb.values())):
        if len(out) >= LIMIT:
            break
        if text[:100] not in shown:
            out.append(Suggestion(text[:100], text[:100]))
    return out[:LIMIT]


def _taking_turns(lists: list[list[str]]) -> list[str]:
    """The items of several lists, one from each in turn."""
    return [items[i] for i in range(max((len(x) for x in lists), default=0)) for items in lists if i < len(items)]


def card_choices(typed: str) -> list[Suggestion]:
    """Every card whose name or key contains what is typed."""
    out = []
    for key in keys():
        name = card_label(key)
        if _matches(typed, name, key):
            out.append(Suggestion(name, key))
    return out[:LIMIT]


def named_choices(names: dict[str, str], typed: str) -> list[Suggestion]:
    """Choices from a mapping of value to shown name, filtered by what is typed."""
    return [Suggestion(name, value) for value, name in names.items() if _matches(typed, name, value)][:LIMIT]
