"""The Vagabonds' Looting and Legendary Abilities in the Frontier Alliance Mode (3x3.6): their verbs, the
data and turn flags they keep, the Legend decision and the War Veteran's reroll, which the mode registers and offers
from the start (the Vagabonds' golden rules themselves, which import the Vagabond's own module, are in
`rules/modes/frontier/vagabond.py`, imported on first use).

- Looting: once per turn, `loot CLEARING FACTION` is a battle declared before the roll (a sword
  exhausted) in which the defender takes the higher die; if the Vagabond rolls a hit or more, he takes
  an item from the defender's crafted items.
- Legendary Abilities: the first Vagabond with 3 ruins explored and 3 quests done picks one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, NotRequired, cast

from rules import decisions, registry
from rules.actions import CLEARING, FACTION, PATH, WORD, Action, register_for
from rules.modes.frontier import table
from rules.rng import below
from rules.state import BattleState, SeatData, TurnFlags

if TYPE_CHECKING:
    from rules.state import GameState

MODE_ID = table.MODE_ID
LEGENDS = ("vanguard-leader", "master-craftsman", "forest-ghost", "war-veteran")
LEGEND_NEEDS = {"ruins": 3, "quests": 3}


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Loot(Action):
    """Looting: a battle declared before the roll to take an item from the defender's crafted items."""

    verb: ClassVar[str] = "loot"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("defender", FACTION))
    clearing: int
    defender: str


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Legend(Action):
    """Choose a Legendary Ability: vanguard-leader, master-craftsman, forest-ghost or war-veteran."""

    verb: ClassVar[str] = "legend"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("ability", WORD),)
    field_help: ClassVar[Mapping[str, str]] = {
        "ability": "the Legendary Ability: vanguard-leader, master-craftsman, forest-ghost or war-veteran"
    }
    words: ClassVar[tuple[str, ...]] = LEGENDS
    ability: str


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """War Veteran: roll the Vagabond's die of a Looting again."""

    verb: ClassVar[str] = "reroll"


@register_for(MODE_ID)
@dataclass(frozen=True, slots=True)
class Vanguard(Action):
    """Vanguard Leader: a Daylight move taking one allied warrior along (rule ignored for it)."""

    verb: ClassVar[str] = "vanguard"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH), ("faction", FACTION))
    src: int
    dst: int
    faction: str


class LegendData(SeatData, total=False):
    """A Vagabond's data in the 3x3 game: ruins explored and quests done toward a Legend, the Legend due or taken,
    and his relationships (the Vagabond's own, rules.factions.vagabond.board.VagabondData: not imported here, since
    importing the Vagabond's package registers him, and the registry lists factions in the order they register)."""

    relations: dict[str, int]
    frontier_ruins: int
    frontier_quests: int
    legend_due: bool
    legend: str


class LootingFlags(TurnFlags, total=False):
    """A Vagabond's turn in the 3x3 game: whether he looted, whether the Master Craftsman's ability was used."""

    looted: bool
    master_used: bool


def legend(state: GameState, seat: int) -> str | None:
    """The Legendary Ability a Vagabond unlocked, if any."""
    found: str | None = state.seats[seat].data_as(LegendData).get("legend")
    return found


def legend_taken(state: GameState) -> bool:
    """Whether some Vagabond already unlocked a Legendary Ability (only the first does)."""
    seats = [s.data_as(LegendData) for s in state.seats if isinstance(s.data, dict)]
    return any(d.get("legend") or d.get("legend_due") for d in seats)


def progress(state: GameState, seat: int, what: Literal["ruins", "quests"]) -> None:
    """Count a ruin explored or a quest done; the first Vagabond to reach both goals chooses a Legend."""
    data = state.seats[seat].data_as(LegendData)
    if what == "ruins":
        data["frontier_ruins"] = data.get("frontier_ruins", 0) + 1
    else:
        data["frontier_quests"] = data.get("frontier_quests", 0) + 1
    ruins, quests = data.get("frontier_ruins", 0), data.get("frontier_quests", 0)
    done = ruins >= LEGEND_NEEDS["ruins"] and quests >= LEGEND_NEEDS["quests"]
    if done and not legend_taken(state):
        data["legend_due"] = True
        decisions.push(state, "frontier_legend", seat)


def _legend_legal(_state: GameState, _d: decisions.Decision) -> Iterator[Action]:
    for name in LEGENDS:
        yield Legend(name)


def _legend_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    assert isinstance(action, Legend)
    data = state.seats[d["seat"]].data_as(LegendData)
    data["legend"] = action.ability
    data.pop("legend_due", None)
    state.say(f"{registry.of(state, d['seat']).name} becomes a legend: {action.ability.replace('-', ' ')}.")
    return True


decisions.define(
    "frontier_legend",
    _legend_legal,
    _legend_resolve,
    lambda s, d: "choose a Legendary Ability: " + ", ".join(f"legend {n}" for n in LEGENDS),
)


class Looting(BattleState):
    """A battle with the mode's own keys: declared as a Looting, and whether the War Veteran has rerolled it."""

    looting: NotRequired[bool]
    rerolled: NotRequired[bool]


def looting(b: BattleState) -> Looting:
    """A battle with the Looting's keys readable."""
    return cast(Looting, b)


def reroll_choices(state: GameState, chooser: int, b: BattleState) -> list[Action]:
    """War Veteran: the Vagabond may reroll his die of a Looting once."""
    if looting(b).get("looting") and b["attacker"] == chooser and legend(state, chooser) == "war-veteran":
        return [] if looting(b).get("rerolled") else [Reroll()]
    return []


def reroll(state: GameState, chooser: int, b: BattleState) -> None:
    """Roll the Vagabond's die again, capped by his swords."""
    state.rng, die = below(state.rng, 4)
    state.irreversible = True
    cap = registry.of(state, chooser).max_rolled_hits(state, chooser, b["clearing"])
    b["rolled"][0] = min(die, cap)
    looting(b)["rerolled"] = True
    state.say(f"War Veteran: the {registry.of(state, chooser).name} rerolls and gets {die}.")
