"""From command options to the engine's notation: which options each action verb takes, and the text they make."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rules import actions
from rules.actions import CARD, CLEARING, CLEARINGS, COUNT, FACTION, PATH
from rules.cards import find_key
from rules.registry import find_faction

INT_KINDS = (CLEARING, COUNT, PATH)


@dataclass(frozen=True)
class Option:
    """One option of an action command: the action's field, how it is written, and whether it is required."""

    field: str
    kind: str
    required: bool

    @property
    def is_int(self) -> bool:
        """Whether Discord should ask for a whole number."""
        return self.kind in INT_KINDS


def verbs() -> dict[str, type[actions.Action]]:
    """Every action verb the engine knows (factions register more when imported)."""
    return dict(sorted(actions.REGISTRY.items()))


def options_of(cls: type[actions.Action]) -> list[Option]:
    """The options of a verb's command, in notation order; a path becomes 'from' and 'to'."""
    kinds = dict(cls.spec)
    required = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    out: list[Option] = []
    for name, kind in cls.spec:
        out.append(Option(name, kind, name in required))
        if kind == PATH:
            out.append(Option("dst", PATH, "dst" in required))
    for f in dataclasses.fields(cls):
        if f.name not in kinds and f.name != "dst":
            out.append(Option(f.name, kinds.get(f.name, CLEARING), f.name in required))
    return out


def normalise(kind: str, value: Any) -> Any:
    """An option's value as the action field holds it (card and faction names become keys and ids)."""
    if value is None or value == "":
        return None
    if kind in INT_KINDS:
        return int(value)
    text = str(value).strip()
    if kind == CLEARINGS:
        return tuple(int(part) for part in text.replace(" ", ",").split(",") if part)
    if kind == CARD:
        return find_key(text) or text.lower().replace(" ", "-")
    if kind == FACTION:
        return find_faction(text) or text.lower()
    return text.lower().replace(" ", "-")


def build(verb: str, values: dict[str, Any]) -> str:
    """The notation for a verb and its option values, e.g. ('move', {src:1, dst:5, count:2}) -> 'move 1>5 x2'."""
    cls = actions.REGISTRY[verb]
    parts = [verb]
    for option in options_of(cls):
        if option.field == "dst":
            continue
        value = values.get(option.field)
        if value is None or value == "":
            continue
        if option.kind == PATH:
            parts.append(f"{value}>{values.get('dst', '')}")
        elif option.kind == COUNT:
            parts.append(f"x{value}")
        elif option.kind in (CLEARINGS, *INT_KINDS):
            parts.append(str(value).replace(" ", ""))  # the engine's parser says what is wrong with bad text
        else:
            parts.append(str(normalise(option.kind, value)))
    return " ".join(parts)


def edit_text(verb: str, **values: Any) -> str:
    """A moderator edit in the engine's '!' notation, from command options."""
    if verb in ("place", "remove"):
        return f"!{verb} {values['clearing']} {_piece(values['piece'])} x{values['count']}"
    if verb == "shift":
        return f"!shift {values['src']}>{values['dst']} {_piece(values['piece'])} x{values['count']}"
    if verb == "points":
        return f"!points {normalise(FACTION, values['faction'])} {values['points']}"
    if verb == "card":
        return f"!card {normalise(CARD, values['card'])} {_place(values['src'])} {_place(values['dst'])}"
    raise ValueError(verb)


def _piece(text: str) -> str:
    owner, _, kind = str(text).strip().lower().partition(":")
    return f"{find_faction(owner) or owner}:{kind}" if kind else owner


def _place(text: str) -> str:
    where, _, owner = str(text).strip().lower().partition(":")
    return f"{where}:{find_faction(owner) or owner}" if owner else where
