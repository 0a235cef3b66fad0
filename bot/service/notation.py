"""From command options to the engine's notation: which options each action verb takes, and the text they make."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from rules import actions, modes, registry
from rules.actions import (
    CARD,
    CLEARING,
    CLEARINGS,
    COUNT,
    FACTION,
    FOREST,
    KEYED_CLEARINGS,
    KEYED_SUITS,
    PATH,
    PLACE_WORDS,
    place_token,
)
from rules.cards import find_key, keys
from rules.edits import CardEnd, secret_card
from rules.numbers import is_number, whole
from rules.registry import find_faction

INT_KINDS = (CLEARING, COUNT)
PLACE_KINDS = (PATH, FOREST)  # a clearing number or a forest ('fA', or just 'A'): typed as text
KEYED_KINDS = (KEYED_CLEARINGS, KEYED_SUITS)
BRACKETED = re.compile(r"\s*\([^)]*\)")  # what autocomplete shows in brackets: '7 (fox)', 'Eyrie Dynasties (bob)'


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


def _open_scopes() -> set[str]:
    """Factions and modes a game can be created with: their own verbs get commands too."""
    return set(registry.playable_ids()) | set(modes.playable_ids())


def verb_classes(verb: str) -> list[type[actions.Action]]:
    """The action classes written with a verb: the shared one, or each registered faction's or mode's own."""
    shared = actions.REGISTRY.get(verb)
    if shared is not None:
        return [shared]
    scopes = _open_scopes()
    found: list[type[actions.Action]] = []
    for (scope, name), cls in actions.SCOPED.items():
        if name == verb and scope in scopes and cls not in found:
            found.append(cls)
    return found


def verb_summary(verb: str, limit: int | None = None) -> str:
    """What a verb's command does: its action's docstring line, or each faction's in turn when several write the verb
    (the Vagabond's repair and the Tinker's); past `limit` characters each line's closing aside is left out."""
    lines = list(dict.fromkeys(_doc_line(cls) for cls in verb_classes(verb)))
    text = " ".join(lines)
    if limit is not None and len(text) > limit:
        text = " ".join(_without_aside(line) for line in lines)
    return text


def _doc_line(cls: type[actions.Action]) -> str:
    doc = (cls.__doc__ or "").strip()
    return doc.splitlines()[0] if doc else ""


def _without_aside(line: str) -> str:
    """'Repair a damaged item (free in a Hideout).' -> 'Repair a damaged item.'"""
    return line[: line.rindex(" (")] + "." if line.endswith(").") and " (" in line else line


def verbs() -> dict[str, type[actions.Action]]:
    """Every action verb a player may use in some game: the shared ones and each registered faction's or mode's own
    (a verb several of them use stands for all; `verb_options` gives the options of all of them)."""
    found = dict(actions.REGISTRY)
    scopes = _open_scopes()
    for (scope, verb), cls in actions.SCOPED.items():
        if scope in scopes:
            found.setdefault(verb, cls)
    return dict(sorted(found.items()))


def verb_group(verb: str) -> str:
    """The slash command a verb is offered under: the group its action classes name themselves when they all name
    the same one (`Action.command_group`), else the command group its factions declare when all that use it declare
    the same one, else '' (a command of its own: every shared verb, every verb of the older factions)."""
    declared = {cls.command_group for cls in verb_classes(verb)}
    if len(declared) == 1 and "" not in declared:
        return declared.pop()
    groups = {_command_group(scope) for scope in actions.scopes_of(verb)} if verb not in actions.REGISTRY else {""}
    return groups.pop() if len(groups) == 1 else ""


def _command_group(scope: str) -> str:
    """The command group a faction declares for its own verbs ('' for a mode, which declares none)."""
    return registry.faction(scope).command_group if scope in registry.all_ids() else ""


def slash_name(verb: str) -> str:
    """How a verb's command is typed after the slash: 'move', or 'lizards ritual' under its faction's group."""
    group = verb_group(verb)
    return f"{group} {verb}" if group else verb


def verb_options(verb: str) -> list[Option]:
    """The options of a verb's command: every option of every class written with it, in notation order
    (required only when every class requires it; the engine's parser then reads the class of the actor's faction)."""
    classes = verb_classes(verb)
    merged: dict[str, Option] = {}
    for cls in classes:
        for option in options_of(cls):
            merged.setdefault(option.field, option)
    return [
        Option(o.field, o.kind, all(any(x.field == o.field and x.required for x in options_of(c)) for c in classes))
        for o in merged.values()
    ]


def field_help(verb: str, field: str) -> str:
    """The help of a verb's option, as the verb's classes declare it (the field's own name if none does)."""
    declared = (cls.help_of(field) for cls in verb_classes(verb))
    return next((text for text in declared if text), field)


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
    """An option's value as the action field holds it (names, also as autocomplete shows them, become keys and ids)."""
    if value is None or value == "":
        return None
    if kind in INT_KINDS:
        return value if isinstance(value, int) else whole(str(value).strip())
    if kind in PLACE_KINDS:
        return place(value)
    text = str(value).strip()
    if kind in (CLEARINGS, KEYED_CLEARINGS):
        return tuple(whole(part) for part in _listed(text))
    if kind == KEYED_SUITS:
        return tuple(_listed(text))
    if kind == CARD:
        return find_key(text) or _card_shown_as(text) or text.lower().replace(" ", "-")
    if kind == FACTION:
        return find_faction(text) or _faction_named(text) or text.lower()
    return text.lower().replace(" ", "-")


def place(value: Any) -> int | str:
    """A place as an option gives it: a clearing number, or a forest id with or without its 'f' ('fA', 'A', 'fW1')."""
    text = str(value).strip()
    if is_number(text):
        return int(text)
    if text.lower() in PLACE_WORDS:  # an off-map place a faction names by a word (the Burrow)
        return text.lower()
    return (text[1:] if len(text) > 1 and text[0] in "fF" else text).upper()


def card_label(key: str) -> str:
    """How autocomplete shows a card: 'Travel Gear (fox)'."""
    c = keys()[key]
    return f"{c.name} ({c.suit})"


def _card_shown_as(text: str) -> str | None:
    return next((k for k in keys() if card_label(k).lower() == text.strip().lower()), None)


WRAPPERS = (("```", "```"), ("`", "`"), ('"', '"'), ("\u201c", "\u201d"), ("'", "'"), ("\u2018", "\u2019"))
"""Marks an action may come wrapped in when copied from the bot's messages (code) or quoted."""


def unwrapped(text: str) -> str:
    """An action typed as the bot writes it ('`keep 1`') or quoted ('"keep 1"'), without the marks around it (a mark
    inside is left for the engine to refuse)."""
    bare = text.strip()
    for start, end in WRAPPERS:
        inner = bare[len(start) : -len(end)]
        wrapped = len(bare) > len(start) + len(end) and bare.startswith(start) and bare.endswith(end)
        if wrapped and start not in inner and end not in inner:
            return inner.strip()
    return bare


def card_key(text: str) -> str | None:
    """The card a player names: by key, name or unique prefix, or by the label the bot writes ('Sword (mouse)')."""
    return find_key(text) or _card_shown_as(text)


def _listed(text: str) -> list[str]:
    """The parts of a list option: 'wood:3, 7 (fox)' -> ['3', '7']; 'mouse,rabbit' -> ['mouse', 'rabbit']."""
    _, _, rest = text.rpartition(":")
    return [part for part in BRACKETED.sub("", rest).lower().replace(" ", ",").split(",") if part]


def _faction_named(name: str) -> str | None:
    plain = BRACKETED.sub("", name).strip().lower()  # 'Eyrie Dynasties (bob)' as the seated factions show it
    return next((f for f in registry.all_ids() if registry.faction(f).name.lower() == plain), None)


def build(verb: str, values: dict[str, Any]) -> str:
    """The notation for a verb and its option values, e.g. ('move', {src:1, dst:5, count:2}) -> 'move 1>5 x2'."""
    parts = [verb]
    for option in verb_options(verb):
        if option.field == "dst":
            continue
        value = values.get(option.field)
        if value is None or value == "":
            continue
        if option.kind == PATH:
            parts.append(f"{_place_text(value)}>{_place_text(values.get('dst', ''))}")
        elif option.kind == FOREST:
            parts.append(_place_text(value))
        elif option.kind == COUNT:
            parts.append(f"x{value}")
        elif option.kind in KEYED_KINDS:  # written with its key, 'wood:3,7' (the engine reads bad text and says why)
            parts.append(f"{option.field}:" + ",".join(_listed(str(value))))
        elif option.kind in (CLEARINGS, *INT_KINDS):
            parts.append(str(value).replace(" ", ""))  # the engine's parser says what is wrong with bad text
        else:
            parts.append(str(normalise(option.kind, value)))
    return " ".join(parts)


def _place_text(value: Any) -> str:
    """A place as the engine's notation writes it ('5', 'fA'); text that is neither is passed on for the parser."""
    text = str(value).strip()
    return place_token(place(text)) if text and text.replace(" ", "").isalnum() else text


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
    if verb == "item":
        return f"!item {str(values['item']).strip().lower()} {_place(values['src'])} {_place(values['dst'])}"
    if verb == "ferry":
        return f"!ferry {values['clearing']}"
    if verb == "path":
        return f"!path {values['src']}>{values['dst']} {'open' if values['open'] else 'closed'}"
    raise ValueError(verb)


def secret_card_move(edit: str) -> tuple[str, CardEnd, CardEnd] | None:
    """(card, from, to) of a card edit whose card no public output may name (`rules.edits.secret_card`: into a hand,
    the deck or a face-down pile, or out of a face-down pile), else None."""
    return secret_card(edit)


def _piece(text: str) -> str:
    owner, _, kind = str(text).strip().lower().partition(":")  # 'marquise:warrior' or 'Marquise de Cat: warrior'
    owner = owner.strip()
    return f"{find_faction(owner) or _faction_named(owner) or owner}:{kind.strip()}" if kind else owner


def _place(text: str) -> str:
    """A card or item place: 'hand:eyrie', or as autocomplete shows it, 'hand of Eyrie Dynasties'."""
    plain = str(text).strip().lower()
    where, sep, owner = plain.partition(":")
    if not sep:
        where, sep, owner = plain.partition(" of ")
    owner = owner.strip()
    return f"{where.strip()}:{find_faction(owner) or owner}" if owner else where.strip()
