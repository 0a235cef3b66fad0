"""The Vagabond's own verbs: setup choices, Daylight actions and the item choices his decisions ask for.

Each Vagabond at the table (`vagabond`, `vagabond2`) has these verbs in his own scope: `register_verbs`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.actions import CARD, CLEARING, COUNT, FACTION, FOREST, PATH, WORD, Action, register_for
from rules.assets import load_json
from rules.cards import deck
from rules.items import STATES

ITEMS = ("boots", "coins", "crossbow", "hammer", "sack", "sword", "tea", "torch")
CHARACTERS = tuple(load_json("vagabond.json")["characters"])
REWARDS = ("score", "draw")
ITEM_WORDS = ITEMS + STATES


def quest_keys() -> tuple[str, ...]:
    """Every quest card's key, in deck order."""
    return tuple(dict.fromkeys(c.key for c in deck("quests")))


@dataclass(frozen=True, slots=True)
class Character(Action):
    """Vagabond setup: choose one of the twelve characters (thief, tinker, ranger, vagrant, arbiter...)."""

    verb: ClassVar[str] = "character"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("name", WORD),)
    words: ClassVar[tuple[str, ...]] = CHARACTERS
    name: str


@dataclass(frozen=True, slots=True)
class Pawn(Action):
    """Vagabond setup: place the pawn in a forest (written f and its id: fA)."""

    verb: ClassVar[str] = "pawn"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("forest", FOREST),)
    forest: str


@dataclass(frozen=True, slots=True)
class Lead(Action):
    """Vagabond: move (exhausting boots) and force warriors of an Allied faction along with the pawn."""

    verb: ClassVar[str] = "lead"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("count", COUNT), ("ally", FACTION))
    field_help: ClassVar[Mapping[str, str]] = {"ally": "the Allied faction whose warriors go along"}
    src: int
    dst: int
    count: int
    ally: str


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Vagabond: exhaust a torch to take an item under the ruin in your clearing (one point).

    With two items there (two Vagabonds), he looks at both and then names the one he takes.
    """

    verb: ClassVar[str] = "explore"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("item", WORD),)
    words: ClassVar[tuple[str, ...]] = ITEMS
    secret: ClassVar[tuple[str, ...]] = ("item",)
    item: str | None = None


@dataclass(frozen=True, slots=True)
class Aid(Action):
    """Vagabond: exhaust an item and give a card matching your clearing to a faction there."""

    verb: ClassVar[str] = "aid"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("faction", FACTION), ("card", CARD))
    secret: ClassVar[tuple[str, ...]] = ("card",)
    faction: str
    card: str


@dataclass(frozen=True, slots=True)
class Quest(Action):
    """Vagabond: complete a quest matching your clearing, then score or draw two cards."""

    verb: ClassVar[str] = "quest"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("quest", WORD), ("reward", WORD))
    field_help: ClassVar[Mapping[str, str]] = {
        "quest": "the face-up quest",
        "reward": "score (a point per quest of its suit) or draw (two cards)",
    }
    words: ClassVar[tuple[str, ...]] = quest_keys() + REWARDS
    quest: str
    reward: str


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """Vagabond: exhaust a crossbow to remove an enemy warrior in your clearing (another piece if it has none)."""

    verb: ClassVar[str] = "strike"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("faction", FACTION), ("kind", WORD))
    piece_words: ClassVar[str] = "any"
    faction: str
    kind: str


@dataclass(frozen=True, slots=True)
class _ItemChoice(Action):
    """An item named with its state (none: face up and undamaged; exhausted, damaged, damaged-exhausted)."""

    spec: ClassVar[tuple[tuple[str, str], ...]] = (("item", WORD), ("state", WORD))
    field_help: ClassVar[Mapping[str, str]] = {
        "state": "the item's state: exhausted, damaged or damaged-exhausted (none: face up and undamaged)",
    }
    words: ClassVar[tuple[str, ...]] = ITEM_WORDS
    item: str
    state: str | None = None


@dataclass(frozen=True, slots=True)
class Repair(_ItemChoice):
    """Vagabond: repair a damaged item (exhausting a hammer in Daylight; free in a Hideout)."""

    verb: ClassVar[str] = "repair"


@dataclass(frozen=True, slots=True)
class Refresh(_ItemChoice):
    """Vagabond Birdsong: flip this exhausted item face up."""

    verb: ClassVar[str] = "refresh"


@dataclass(frozen=True, slots=True)
class Damage(_ItemChoice):
    """Vagabond: damage this item to take a hit."""

    verb: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True)
class Drop(_ItemChoice):
    """Vagabond Evening: remove this item from the game (over the item limit)."""

    verb: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Exhaust(_ItemChoice):
    """Vagabond: exhaust this item to aid."""

    verb: ClassVar[str] = "exhaust"


@dataclass(frozen=True, slots=True)
class Claim(_ItemChoice):
    """Vagabond: take this item from the crafted items of the faction you aided."""

    verb: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class _FactionChoice(Action):
    """An action that names one faction."""

    spec: ClassVar[tuple[tuple[str, str], ...]] = (("faction", FACTION),)
    faction: str


@dataclass(frozen=True, slots=True)
class Steal(_FactionChoice):
    """Thief: exhaust a torch to take a random card from a player with pieces in your clearing."""

    verb: ClassVar[str] = "steal"


@dataclass(frozen=True, slots=True)
class Labor(Action):
    """Tinker (Day Labor): exhaust a torch to take a card matching your clearing (or a bird) from the discard."""

    verb: ClassVar[str] = "labor"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card_from_hand: ClassVar[bool] = False
    card: str


@dataclass(frozen=True, slots=True)
class Hideout(Action):
    """Ranger: exhaust a torch to repair three items, then end Daylight."""

    verb: ClassVar[str] = "hideout"


@dataclass(frozen=True, slots=True)
class Ally(_FactionChoice):
    """Vagabond attacking: treat the warriors of an Allied faction in the clearing as your own in this battle."""

    verb: ClassVar[str] = "ally"


@dataclass(frozen=True, slots=True)
class Coalition(Action):
    """Vagabond (4+ players): activate a dominance card to form a coalition with the player with fewest points."""

    verb: ClassVar[str] = "coalition"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("faction", FACTION))
    card: str
    faction: str


GROUP = "vagabond"  # the slash command the later characters' special actions are subcommands of


@dataclass(frozen=True, slots=True)
class Instigate(Action):
    """Vagrant (Instigate): exhaust a torch to force a player (even you) to battle another one here."""

    verb: ClassVar[str] = "instigate"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("attacker", FACTION), ("defender", FACTION))
    field_help: ClassVar[Mapping[str, str]] = {
        "attacker": "the faction forced to attack (you may name yourself)",
        "defender": "the faction it battles",
    }
    command_group: ClassVar[str] = GROUP
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class Enlist(Action):
    """Arbiter (Protector): a defender where he stands enlists him before the roll, adding his swords."""

    verb: ClassVar[str] = "enlist"
    command_group: ClassVar[str] = GROUP


@dataclass(frozen=True, slots=True)
class Scorch(Action):
    """Scoundrel (Scorched Earth): place a torch here, removing all enemy pieces; no piece may enter after."""

    verb: ClassVar[str] = "scorch"
    command_group: ClassVar[str] = GROUP


@dataclass(frozen=True, slots=True)
class Improvise(Action):
    """Adventurer (Improvise, once a turn): quest with a face-up item standing for another (it is damaged)."""

    verb: ClassVar[str] = "improvise"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (
        ("quest", WORD), ("reward", WORD), ("item", WORD), ("stands_for", WORD)
    )
    field_help: ClassVar[Mapping[str, str]] = {
        "quest": "the face-up quest",
        "reward": "score (a point per quest of its suit) or draw (two cards)",
        "item": "your face-up item that stands in (it is exhausted and damaged)",
        "stands_for": "the quest's item it stands for",
    }
    words: ClassVar[tuple[str, ...]] = quest_keys() + REWARDS + ITEMS
    command_group: ClassVar[str] = GROUP
    quest: str
    reward: str
    item: str
    stands_for: str


@dataclass(frozen=True, slots=True)
class Glide(Action):
    """Harrier (Glide): exhaust a torch to fly the pawn alone to any clearing, with no boots and no path."""

    verb: ClassVar[str] = "glide"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    command_group: ClassVar[str] = GROUP
    clearing: int


@dataclass(frozen=True, slots=True)
class Swift(Action):
    """Ronin (Swift Strike): after the roll, exhaust a sword to deal an extra hit in this battle."""

    verb: ClassVar[str] = "swift"
    command_group: ClassVar[str] = GROUP


@dataclass(frozen=True, slots=True)
class Con(Action):
    """Cheat (Con, once a turn): quest by exhausting any two items; the quest is shuffled into the deck."""

    verb: ClassVar[str] = "con"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("quest", WORD), ("reward", WORD), ("item", WORD), ("second", WORD))
    field_help: ClassVar[Mapping[str, str]] = {
        "quest": "the face-up quest",
        "reward": "score (a point per quest of its suit) or draw (two cards)",
        "item": "the first item you exhaust",
        "second": "the second item you exhaust",
    }
    words: ClassVar[tuple[str, ...]] = quest_keys() + REWARDS + ITEMS
    command_group: ClassVar[str] = GROUP
    quest: str
    reward: str
    item: str
    second: str

    def __post_init__(self) -> None:
        if self.second < self.item:  # the two items in name order, however they were typed
            first, second = self.second, self.item
            object.__setattr__(self, "item", first)
            object.__setattr__(self, "second", second)

    @classmethod
    def normal_pattern(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The two items named in name order."""
        both = [values[f] for f in ("item", "second") if isinstance(values.get(f), str)]
        if len(both) == 2:
            values = {**values, "item": min(both), "second": max(both)}
        return values


@dataclass(frozen=True, slots=True)
class Duel(Action):
    """Gladiator (Duel): exhaust and damage an item to remove an enemy warrior here, then draw a card."""

    verb: ClassVar[str] = "duel"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("faction", FACTION), ("item", WORD))
    field_help: ClassVar[Mapping[str, str]] = {
        "faction": "the faction whose warrior you remove",
        "item": "your face-up item to exhaust and damage",
    }
    words: ClassVar[tuple[str, ...]] = ITEMS
    command_group: ClassVar[str] = GROUP
    faction: str
    item: str


@dataclass(frozen=True, slots=True)
class Coerce(Action):
    """Jailor (Coerce, once a turn): spend a card matching your clearing as any item; lose a point after."""

    verb: ClassVar[str] = "coerce"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("item", WORD), ("card", CARD))  # 'coerce sword sword': the card
    field_help: ClassVar[Mapping[str, str]] = {
        "item": "the item the card counts as, exhausted by your next action",
        "card": "a card from your hand matching your clearing (birds are wild)",
    }
    words: ClassVar[tuple[str, ...]] = ITEMS
    command_group: ClassVar[str] = GROUP
    item: str
    card: str


CHARACTER_VERBS: tuple[type[Action], ...] = (Instigate, Enlist, Scorch, Improvise, Glide, Swift, Con, Duel, Coerce)

VERBS: tuple[type[Action], ...] = (
    Character, Pawn, Lead, Explore, Aid, Quest, Strike, Repair, Refresh, Damage, Drop, Exhaust, Claim,
    Steal, Labor, Hideout, Ally, Coalition, *CHARACTER_VERBS,
)


def register_verbs(scope: str) -> None:
    """Give one Vagabond (by faction id) every Vagabond verb."""
    for cls in VERBS:
        register_for(scope)(cls)
