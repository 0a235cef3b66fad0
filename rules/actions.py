"""Actions: small frozen dataclasses, each with a short text notation that round-trips.

Notation is a verb followed by typed tokens in any order:
  clearing ``5``, path ``1>5`` (a forest is ``f`` and its id: ``fA>5``), count ``x2``, clearings
  ``1,5``, suit ``fox``, faction ``eyrie``, card key ``anvil``, and words such as ``sawmill``.
``move 1>5 x2`` moves two warriors; ``build sawmill 5``; ``craft anvil``; ``battle 5 eyrie``.

Verbs are registered once: a shared verb with `register`, a verb only one faction uses with
`register_for(faction)` (two factions may then each have their own ``repair``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from types import MappingProxyType
from typing import Any, ClassVar

from rules.cards import CARD_SUITS, find_key, keys
from rules.errors import InvalidActionError, OtherWordError
from rules.numbers import DIGITS, is_number
from rules.numbers import problem as number_problem
from rules.pieces import piece_words
from rules.words import echo

WORD_LIMIT = 100  # no word of an action is longer: a longer one is refused, not read
# Field kinds: how a field is written and read. Keyed fields are written "name:a,b" (``wood:5,9``).
CLEARING, PATH, COUNT, CLEARINGS, SUIT, FACTION, CARD, WORD = (
    "clearing",
    "path",
    "count",
    "clearings",
    "suit",
    "faction",
    "card",
    "word",
)
KEYED_CLEARINGS, KEYED_SUITS = "keyed_clearings", "keyed_suits"
FOREST = "forest"
"""A forest written 'f' and its id (``fA``, ``fW1``), for actions that name a forest on its own."""
LIST_KINDS = (CLEARINGS, KEYED_CLEARINGS, KEYED_SUITS)
"""Field kinds holding a list: a player may name its parts in any order (``mycelium 6,3`` is ``mycelium 3,6``)."""

FIELD_HELP: Mapping[str, str] = MappingProxyType(
    {
        "src": "the clearing (or forest, fA) to move from",
        "dst": "the clearing (or forest, fA) to move to",
        "count": "how many",
        "clearing": "a clearing number",
        "clearings": "clearing numbers, comma separated (e.g. 3,7)",
        "suit": "the suit (fox, mouse, rabbit or bird)",
        "defender": "the faction to battle",
        "target": "the faction or clearing it targets",
        "card": "a card (type to search)",
        "spend": "the card to spend",
        "kind": "which kind of piece",
        "name": "the name to choose",
        "wood": "the clearings the wood comes from, comma separated (e.g. 3,7)",
        "using": "the suits that pay the card's 'any' costs, comma separated (e.g. mouse,rabbit)",
        "faction": "the faction",
        "forest": "a forest (fA, or just A)",
        "item": "the item (boots, sword, torch…)",
        "owner": "the faction whose piece it is",
    }
)
"""What a player types in a field that several actions share (the help of the command's option); a field of one
faction's or mode's own is described by its action class (`Action.field_help`)."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses declare a verb and the kind of each field."""

    verb: ClassVar[str] = ""
    spec: ClassVar[tuple[tuple[str, str], ...]] = ()
    words: ClassVar[tuple[str, ...]] = ()
    piece_words: ClassVar[str] = ""
    secret: ClassVar[tuple[str, ...]] = ()
    """Fields the table must not see (a card put face down): `public_notation` writes them as '?'."""
    called: ClassVar[tuple[str, ...]] = ()
    """Root's other words for this action ('march' for moves): typed as a verb, they are pointed to this one."""
    card_from_hand: ClassVar[bool] = True
    """Whether the action's `card` field names a card in the player's hand (not one taken from the discard pile)."""
    moves_pieces: ClassVar[bool] = True
    """Whether an action with a path (its `src` field) moves pieces out of `src` along it; False when the path only
    aims (the Spore's spores)."""
    field_help: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """What a player types in this class's own fields, or in a shared field it reads otherwise (see FIELD_HELP)."""
    command_group: ClassVar[str] = ""
    """The slash command this verb is a subcommand of, when the class says so itself: a verb added to a faction
    whose older verbs keep commands of their own (the Vagabond characters' special actions, `/vagabond glide`).
    Empty: its faction's `command_group` decides (bot.service.notation.verb_group)."""

    @classmethod
    def help_of(cls, name: str) -> str | None:
        """The help shown for one of this class's fields: its own, else the shared one (None: none declared)."""
        return cls.field_help.get(name) or FIELD_HELP.get(name)

    @classmethod
    def normal_pattern(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The fields a player named, as this class keeps them (several card fields kept in sorted order)."""
        return values

    @classmethod
    def match_form(cls, name: str, value: Any) -> Any:
        """A field's value as a pattern is matched against it: a list in any order (a class whose list is ordered,
        or whose word joins several parts, says so here)."""
        if dict(cls.spec).get(name) in LIST_KINDS and isinstance(value, tuple):
            return tuple(sorted(value, key=str))
        return value

    def notation(self) -> str:
        """The canonical text of this action."""
        parts = [self.verb]
        for name, kind in self.spec:
            text = _write(kind, getattr(self, name), self)
            if text:
                parts.append(text)
        return " ".join(parts)

    def public_notation(self) -> str:
        """The text the whole table may see: secret fields written as '?'."""
        return public_text(self.notation())

    def __str__(self) -> str:
        return self.notation()


def _write(kind: str, value: Any, action: Action) -> str:
    if value is None or value == ():
        return ""
    if kind == PATH:
        return f"{place_token(value)}>{place_token(getattr(action, 'dst', '?'))}"
    if kind == COUNT:
        return f"x{value}"
    if kind == FOREST:
        return place_token(value)
    if kind == CLEARINGS:
        return ",".join(str(v) for v in value)
    if kind in (KEYED_CLEARINGS, KEYED_SUITS):
        name = next(n for n, k in action.spec if k == kind)
        return f"{name}:" + ",".join(str(v) for v in value)
    return str(value)


def format_action(action: Action) -> str:
    """The canonical text of an action; rules.parse reads it back to the same action."""
    return action.notation()


def words_of(cls: type[Action]) -> tuple[str, ...]:
    """The words an action's word field takes: its own, then declared piece kinds (of a category, or any)."""
    if not cls.piece_words:
        return cls.words
    category = None if cls.piece_words == "any" else cls.piece_words
    return cls.words + tuple(w for w in piece_words(category) if w not in cls.words)


PLACE_WORDS: set[str] = set()
"""Places off the map that a plug-in names by a word in a path (the Duchy's Burrow: ``burrow>5``)."""


def register_place_word(word: str) -> None:
    """Let paths name an off-map place by a word (lower case, no digits); it is written and read as itself."""
    PLACE_WORDS.add(word)


def place_token(place: Any) -> str:
    """How a place is written: a clearing as its number, a forest as 'f' and its id, a named place as its word."""
    if isinstance(place, int) or place in PLACE_WORDS:
        return str(place)
    return f"f{place}"


REGISTRY: dict[str, type[Action]] = {}
SCOPED: dict[tuple[str, str], type[Action]] = {}


def _same(a: type[Action], b: type[Action]) -> bool:
    return a is b or (a.__module__, a.__qualname__) == (b.__module__, b.__qualname__)


def register(cls: type[Action]) -> type[Action]:
    """Make an action class known to the parser under its verb, for every faction; a verb is registered once."""
    taken = REGISTRY.get(cls.verb) or next((c for (_, v), c in SCOPED.items() if v == cls.verb), None)
    if taken is not None and not _same(taken, cls):
        raise ValueError(f"the verb '{cls.verb}' is already registered by {taken.__qualname__}")
    REGISTRY[cls.verb] = cls
    return cls


def register_for(scope: str) -> Any:
    """Register an action class whose verb only one faction or mode uses (another may reuse the word)."""

    def add(cls: type[Action]) -> type[Action]:
        taken = REGISTRY.get(cls.verb) or SCOPED.get((scope, cls.verb))
        if taken is not None and not _same(taken, cls):
            raise ValueError(f"the verb '{cls.verb}' is already registered by {taken.__qualname__}")
        SCOPED[(scope, cls.verb)] = cls
        return cls

    return add


def action_class(verb: str, scopes: Any = ()) -> type[Action] | None:
    """The action class of a verb: a shared one, else the first of these factions' or modes' own."""
    found = REGISTRY.get(verb)
    if found is not None:
        return found
    return next((SCOPED[(f, verb)] for f in scopes if (f, verb) in SCOPED), None)


def scopes_of(verb: str) -> list[str]:
    """The factions and modes that registered a verb of their own (none for a shared verb)."""
    return [scope for scope, v in SCOPED if v == verb]


def verb_of(text: str) -> str:
    """The verb a line of notation starts with, as the parser reads it ('' for an empty line)."""
    tokens = _tokens(text)
    return tokens[0] if tokens else ""


def verbs_for(scopes: Any) -> list[str]:
    """Every verb open to these factions and modes: the shared ones and their own."""
    wanted = set(scopes)
    return sorted({*REGISTRY, *(v for f, v in SCOPED if f in wanted)})


@register
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional decision (an ambush, Field Hospitals, a start-of-phase card)."""

    verb: ClassVar[str] = "pass"


@register
@dataclass(frozen=True, slots=True)
class End(Action):
    """Finish the current step of your turn."""

    verb: ClassVar[str] = "end"


@register
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move pieces from one place to an adjacent one (suit: the Decree card used); a forest is 'f' and its id."""

    verb: ClassVar[str] = "move"
    called: ClassVar[tuple[str, ...]] = ("march",)
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("count", COUNT), ("suit", SUIT))
    src: int | str
    dst: int | str
    count: int
    suit: str | None = None


@register
@dataclass(frozen=True, slots=True)
class Battle(Action):
    """Initiate a battle against a faction in a clearing (suit: the Decree card used)."""

    verb: ClassVar[str] = "battle"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("clearing", CLEARING),
        ("defender", FACTION),
        ("suit", SUIT),
    )
    clearing: int
    defender: str
    suit: str | None = None


@register
@dataclass(frozen=True, slots=True)
class Build(Action):
    """Place a building in a clearing (suit: the Decree card used; wood: where the Marquise's wood comes from)."""

    verb: ClassVar[str] = "build"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("kind", WORD),
        ("clearing", CLEARING),
        ("suit", SUIT),
        ("wood", KEYED_CLEARINGS),
        ("card", CARD),
    )
    piece_words: ClassVar[str] = "building"
    kind: str
    clearing: int
    suit: str | None = None
    wood: tuple[int, ...] = ()
    card: str | None = None  # the card a faction reveals or spends for the building (the Duchy's)


@register
@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Recruit warriors: everywhere you can, or in the listed clearings (card: the card spent when it costs one)."""

    verb: ClassVar[str] = "recruit"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("clearings", CLEARINGS), ("suit", SUIT))
    clearings: tuple[int, ...] = ()
    suit: str | None = None
    card: str | None = None


@register
@dataclass(frozen=True, slots=True)
class Craft(Action):
    """Craft a card from your hand (using: the suits that pay its 'any' costs)."""

    verb: ClassVar[str] = "craft"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("using", KEYED_SUITS))
    card: str
    using: tuple[str, ...] = ()


@register
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card from your hand (down to the hand limit)."""

    verb: ClassVar[str] = "discard"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register
@dataclass(frozen=True, slots=True)
class Ambush(Action):
    """As defender, play an ambush card matching the clearing of battle."""

    verb: ClassVar[str] = "ambush"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register
@dataclass(frozen=True, slots=True)
class Foil(Action):
    """As attacker, cancel an ambush with a matching ambush card."""

    verb: ClassVar[str] = "foil"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register
@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use the effect of a crafted card (target: a faction or a clearing when it needs one)."""

    verb: ClassVar[str] = "use"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("card", CARD),
        ("target", FACTION),
        ("clearing", CLEARING),
    )
    card: str
    target: str | None = None
    clearing: int | None = None


@register
@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate a dominance card from your hand (needs 10 points)."""

    verb: ClassVar[str] = "activate"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take an available dominance card by spending a card of its suit."""

    verb: ClassVar[str] = "take"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("spend", CARD))
    card: str
    spend: str


@register
@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay a card from your hand that a move costs (a bridge fee)."""

    verb: ClassVar[str] = "pay"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register
@dataclass(frozen=True, slots=True)
class Hit(Action):
    """Choose which of your pieces takes the next hit (owner: whose box it returns to, when not yours)."""

    verb: ClassVar[str] = "hit"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("kind", WORD), ("owner", FACTION))
    piece_words: ClassVar[str] = "any"
    kind: str
    owner: str | None = None


_SUITS = set(CARD_SUITS)
_FOREST_TOKEN = r"f[0-9]?[a-z]+[0-9]{0,2}"
_PLACE = rf"({DIGITS}+|{_FOREST_TOKEN})"
_FOREST = re.compile(_FOREST_TOKEN)
_PATH = re.compile(rf"^{_PLACE}\s*(?:>|->|-)\s*{_PLACE}$")
_PLACE_ALONE = re.compile(_PLACE)
_COUNT = re.compile(rf"^x({DIGITS}+)$")
_LIST = re.compile(rf"^{DIGITS}+(,{DIGITS}+)+$")


def closest_first(typed: str, valid: list[str] | tuple[str, ...]) -> list[str]:
    """The valid names: those close to what was typed first (closest first), then the others in their order."""
    close = get_close_matches(typed.strip().lower(), list(valid), n=max(len(valid), 1), cutoff=0.6)
    return close + [name for name in valid if name not in close]


def unknown_card(raw: str, text: str = "", pools: tuple[frozenset[str], ...] = ()) -> InvalidActionError:
    """A refusal naming the cards a name could mean (a prefix of several: those of the first pool of cards the player
    can use that holds any, or all of them, saying the player has none), else every card, closest first."""
    wanted = raw.strip().lower().replace(" ", "-")
    several = sorted(k for k in keys() if k.startswith(wanted)) if wanted else []
    if len(several) > 1:
        held = next(([k for k in several if k in pool] for pool in pools if any(k in pool for k in several)), None)
        if pools and held is None:
            listed = " or ".join(several)
            return InvalidActionError(f"'{echo(raw)}' could be {listed}, and you have none of them to use")
        return InvalidActionError(f"'{echo(raw)}' could be {' or '.join(held or several)}: write one of these keys")
    where = f", in '{echo(text)}'" if text else ""
    listed = ", ".join(closest_first(wanted, sorted(keys())))
    return InvalidActionError(f"'{echo(raw)}' is not a card I know{where}; cards are: {listed}")


def _place(token: str) -> int | str:
    """A clearing number, a named place, or a forest id from its 'f' token (f2a is forest 2A)."""
    if token in PLACE_WORDS:
        return token
    return int(token) if is_number(token) else token[1:].upper()


def _named_path(token: str) -> tuple[int | str, int | str] | None:
    """A path with a named place at one end or both (``burrow>5``), or None."""
    src, sep, dst = token.partition(">")
    if not sep or not PLACE_WORDS or not {src, dst} & PLACE_WORDS:
        return None
    if all(p in PLACE_WORDS or _PLACE_ALONE.fullmatch(p) for p in (src, dst)):
        return _place(src), _place(dst)
    return None


def _tokens(text: str) -> list[str]:
    text = re.sub(r"\s*(->|>)\s*", ">", text.strip().lower())
    return [t for t in re.split(r"\s+", text) if t]


def _classify(
    token: str, cls: type[Action], factions: set[str], cards: tuple[frozenset[str], ...] = ()
) -> tuple[str, Any]:
    """The field kind a token can fill and its value (cards: pools a short card name is resolved in, first first)."""
    name, sep, rest = token.partition(":")
    keyed = dict(cls.spec).get(name) if sep else None
    if keyed == KEYED_CLEARINGS and re.fullmatch(rf"{DIGITS}+(,{DIGITS}+)*", rest):
        return KEYED_CLEARINGS, tuple(int(t) for t in rest.split(","))
    if keyed == KEYED_SUITS and all(t in _SUITS for t in rest.split(",")):
        return KEYED_SUITS, tuple(rest.split(","))
    if is_number(token):
        return CLEARING, int(token)
    match = _PATH.match(token)
    if match:
        return PATH, (_place(match[1]), _place(match[2]))
    named = _named_path(token)
    if named is not None:
        return PATH, named
    match = _COUNT.match(token)
    if match:
        return COUNT, int(match[1])
    if _LIST.match(token):
        return CLEARINGS, tuple(int(t) for t in token.split(","))
    if token in _SUITS:
        return SUIT, token
    if token in cls.words:  # an action's own words come before faction names ('character tinker')
        return WORD, token
    if token in factions:
        return FACTION, token
    if _FOREST.fullmatch(token) and any(k == FOREST for _, k in cls.spec):
        return FOREST, _place(token)
    if token in words_of(cls):
        return WORD, token
    key = find_key(token, cards)
    if key is not None:
        return CARD, key
    return WORD, token


def parse_pattern(
    text: str,
    factions: set[str],
    aliases: dict[str, str],
    scopes: tuple[str, ...] = (),
    cards: tuple[frozenset[str], ...] = (),
) -> tuple[type[Action], dict[str, Any]]:
    """Read text into an action class and the fields it names (scopes: whose own verbs count; cards: the pools a
    short card name such as 'root-tea' is resolved in, the cards the player can use first; missing fields stay
    open)."""
    tokens = _tokens(text)
    if not tokens:
        raise InvalidActionError("say what to do, for example 'move 1>5 x2' or 'end'")
    verb = tokens[0]
    cls = action_class(verb, scopes)
    if cls is None:
        meant = verb_called(verb)
        if meant is not None:
            raise OtherWordError(echo(verb), meant)
        known = ", ".join(closest_first(verb, verbs_for(scopes)))
        raise InvalidActionError(f"I don't know the action '{echo(verb)}' in '{echo(text)}'; actions are: {known}")
    field_kinds = list(cls.spec)
    values: dict[str, Any] = {}
    for raw in tokens[1:]:
        _refuse_unreadable(raw, text)
        token = raw if raw in _SUITS or raw in cls.words else aliases.get(raw, raw)
        kind, value = _classify(token, cls, factions, cards)
        if (
            kind == CLEARING
            and any(k == CLEARINGS for _, k in field_kinds)
            and not any(k == CLEARING for _, k in field_kinds)
        ):
            kind, value = CLEARINGS, (value,)
        if kind == WORD and token not in words_of(cls):
            _refuse_word(raw, text, cls, values, cards)
            _refuse_misplaced(raw, cls, values, factions)
        slot = next((name for name, k in field_kinds if k == kind and name not in values), None)
        if slot is None and kind == WORD:  # a word that is a card's name too ('sword') fills a card field left
            key = find_key(token, cards)
            slot = next((name for name, k in field_kinds if k == CARD and name not in values), None) if key else None
            kind, value = (CARD, key) if slot is not None else (kind, value)
        if slot is None:
            raise InvalidActionError(f"'{echo(raw)}' does not fit the action '{verb}' in '{echo(text)}'")
        if kind == PATH:
            values["src"], values["dst"] = value
        else:
            values[slot] = value
    return cls, cls.normal_pattern(values)


def _refuse_unreadable(raw: str, text: str) -> None:
    """Refuse a token no action could read: a word far too long, or a number not written with the digits 0 to 9
    or too large (read as a number, it would be converted wrongly or not at all)."""
    if len(raw) > WORD_LIMIT:
        raise InvalidActionError(f"'{echo(raw, 24)}' is too long for a word of an action ({WORD_LIMIT} at most)")
    reason = number_problem(raw)
    if reason:
        raise InvalidActionError(f"'{echo(raw, 24)}' in '{echo(text)}' {reason}")


def _refuse_word(
    raw: str, text: str, cls: type[Action], values: dict[str, Any], cards: tuple[frozenset[str], ...] = ()
) -> None:
    """Refuse a word that is none of the action's words while a card is still to be named and no word field is
    left for it: an unknown card (a list such as 'a,b' is never a card name). A word typed where a word field is still
    open ('ritual pray anvil') is refused by the words instead."""
    word_free = any(k == WORD and name not in values for name, k in cls.spec)  # the word may be that field's
    if "," not in raw and not word_free and any(k == CARD and name not in values for name, k in cls.spec):
        raise unknown_card(raw, text, cards)


def _refuse_misplaced(raw: str, cls: type[Action], values: dict[str, Any], factions: set[str]) -> None:
    """Refuse an unknown word standing where a faction or a clearing is named next ('convert 1 nobody', 'convert one
    marquise') when a word field would otherwise take it and leave that field unnamed."""
    following = next((k for name, k in cls.spec if name not in values), None)
    if not words_of(cls) or not any(k == WORD and name not in values for name, k in cls.spec):
        return
    if following == FACTION and factions:
        named = ", ".join(sorted(factions))
        raise InvalidActionError(f"'{echo(raw)}' is not a faction in this game; the factions are: {named}")
    if following == CLEARING:
        raise InvalidActionError(f"'{echo(raw)}' is not a clearing: name it by its number")


def verb_called(word: str) -> str | None:
    """The verb that Root's other word for an action stands for ('march' -> 'move'), or None."""
    return next((c.verb for c in (*REGISTRY.values(), *SCOPED.values()) if word in c.called), None)


def unknown_word(cls: type[Action], values: dict[str, Any]) -> str | None:
    """Why a word field holds none of the action's words (a Decree column, a building), listing them."""
    for name, kind in cls.spec:
        value = values.get(name)
        if kind == WORD and cls.words and isinstance(value, str) and value not in cls.words:
            listed = ", ".join(closest_first(value, cls.words))
            return f"'{echo(value)}' is not a {name} of '{cls.verb}'; the {name}s are: {listed}"
    return None


def public_text(text: str) -> str:
    """A notation as the whole table may see it: tokens filling a secret field of the verb's action are '?'."""
    tokens = _tokens(text)
    if not tokens:
        return text
    verb = tokens[0]
    found = [REGISTRY[verb]] if verb in REGISTRY else [c for (_, v), c in SCOPED.items() if v == verb]
    secret = {kind for cls in found for name, kind in cls.spec if name in cls.secret}
    if not secret:
        return text
    cls = found[0]
    kept = [verb] + ["?" if _classify(t, cls, set())[0] in secret else t for t in tokens[1:]]
    return " ".join(kept)


def matches(action: Action, cls: type[Action], values: dict[str, Any]) -> bool:
    """Whether an action has the class and every named field of a pattern (lists in any order)."""
    return type(action) is cls and all(
        cls.match_form(k, getattr(action, k)) == cls.match_form(k, v) for k, v in values.items()
    )
