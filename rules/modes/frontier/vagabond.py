"""The Vagabonds' golden rules in the Frontier Alliance Mode (3x3.1, 3x3.6, 3x3.7).

- Setup: the pawn starts in a forest touching the team's side.
- Relations (3x3.7): Allied with his team from the start, Indifferent with the rivals; an attack on a
  rival makes it Hostile at once; allied warriors never move or fight with him; Help (aid) to an ally
  still takes an item from its crafted items but scores nothing and moves no track.
- Looting (3x3.6): once per turn, `loot CLEARING FACTION` is a battle declared before the roll (a sword
  exhausted) in which the defender takes the higher die; if the Vagabond rolls a hit or more, he takes
  an item from the defender's crafted items.
- Legendary Abilities (3x3.6): the first Vagabond with 3 ruins explored and 3 quests done picks one.

The Vagabond's own module is imported inside the functions that need it, on first use: importing a faction registers
it, and the registry lists factions (in lobbies, in refusals) in the order they registered, which an import made
while the modes are discovered would change."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, NotRequired, cast

from rules import battle, decisions, items, registry
from rules.actions import CLEARING, FACTION, PATH, WORD, Action, Battle, Craft, Move, register_for
from rules.cards import keys
from rules.crafting import pay_plan, power
from rules.modes.frontier import contraband, table
from rules.movement import move_piece
from rules.rng import below
from rules.state import BattleState, SeatData, TurnFlags

if TYPE_CHECKING:
    from rules.hooks import Place
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


def _progress(state: GameState, seat: int, what: Literal["ruins", "quests"]) -> None:
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


class FrontierVagabond:
    """Team relations, Looting, Help without points, Legendary Abilities."""

    # --- setup and relations ---------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Relations: Allied with the team, Indifferent with the three rivals, the other Vagabond included (3x3.7)."""
        from rules.factions.vagabond import board as vb  # on first use: see the docstring

        super().setup(state, seat)  # type: ignore[misc]
        relations = state.seats[seat].data_as(LegendData)["relations"]
        allies = table.allies(state, seat)
        for other in range(len(state.seats)):
            if other != seat:
                relations[state.seats[other].faction] = vb.ALLIED if other in allies else vb.INDIFFERENT

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Forests touching a clearing of the team's home side (3x3.1); the character as usual."""
        side = table.home_side(state.board, table.team_of(state, seat))
        for action in super().setup_legal(state, seat):  # type: ignore[misc]
            forest = getattr(action, "forest", None)
            if forest is None or state.board.forests[forest].clearings & side:
                yield action

    def allies(self, state: GameState, seat: int) -> list[str]:
        """No faction moves or fights with him, whatever the relation (3x3.7)."""
        return []

    def _aided(self, state: GameState, seat: int, other: int) -> None:
        """Help to an ally scores nothing and moves no track (3x3.7); rivals as usual."""
        if other in table.allies(state, seat):
            state.say(f"Help for the {registry.of(state, other).name} scores nothing.")
            return
        super()._aided(state, seat, other)  # type: ignore[misc]

    def _do_battle(self, state: GameState, seat: int, action: Battle) -> None:
        """Attacking a rival makes it Hostile at once (3x3.7)."""
        from rules.factions.vagabond import board as vb  # on first use: see the docstring

        relations = state.seats[seat].data_as(LegendData)["relations"]
        if relations.get(action.defender, vb.HOSTILE) != vb.HOSTILE:
            relations[action.defender] = vb.HOSTILE
            me, them = registry.of(state, seat).name, registry.faction(action.defender).name
            state.say(f"The {me} attacks: the {them} are now Hostile.")
        super()._do_battle(state, seat, action)  # type: ignore[misc]

    # --- Looting ---------------------------------------------------------------------------
    def _daylight(self, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Daylight actions, plus one Looting a turn and the Vanguard Leader's moves."""
        yield from super()._daylight(state, seat, here, verb)  # type: ignore[misc]
        if not isinstance(here, int):
            return
        looted = state.turn.flags_as(LootingFlags).get("looted")
        if verb in (None, "loot") and items.ready(state, seat, "sword") and not looted:
            for option in battle.battle_options(state, seat, [here]):
                assert isinstance(option, Battle)
                target = state.seat_of(option.defender)
                if target is not None and registry.of(state, target).crafted_items(state, target):
                    yield Loot(option.clearing, option.defender)
        if verb in (None, "vanguard") and legend(state, seat) == "vanguard-leader":
            yield from self._vanguards(state, seat, here)
        if verb in (None, "search") and items.ready(state, seat, "torch"):
            for name in sorted({i["item"] for i in contraband.lying(state, here)}):
                yield contraband.Search(here, name)

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Contraband in his terms: he takes it with a torch in his clearing, and has no warriors to seize it."""
        if isinstance(action, contraband.Seize):
            return "a Vagabond has no warriors to seize contraband with: his torch takes it instead (search)"
        if isinstance(action, contraband.Search) and any(
            i["item"] == action.item for i in contraband.lying(state, action.clearing)
        ):
            from rules.factions.vagabond import board as vb  # on first use: see the docstring

            here = vb.clearing(state, state.seats[seat].faction)
            if here != action.clearing:
                return f"you take contraband with your torch in your own clearing, and you are not in {action.clearing}"
            if not items.ready(state, seat, "torch"):
                return "taking contraband exhausts a torch, and you have no face-up undamaged torch"
        reason: str | None = super().explain(state, seat, action)  # type: ignore[misc]
        return reason

    def _do_search(self, state: GameState, seat: int, action: contraband.Search) -> None:
        """With his torch, the Vagabond takes lying contraband into his satchel (3x3.3)."""
        self._exhaust(state, seat, "torch")  # type: ignore[attr-defined]
        found = next(i for i in contraband.lying(state, action.clearing) if i["item"] == action.item)
        state.map_items.remove(found)
        items.gain(state, seat, action.item)
        me = registry.of(state, seat).name
        state.say(f"The {me} takes the contraband {action.item} in clearing {action.clearing} with his torch.")

    def _do_loot(self, state: GameState, seat: int, action: Loot) -> None:
        """Declare the Looting, then battle."""
        state.turn.flags_as(LootingFlags)["looted"] = True
        me, them = registry.of(state, seat).name, registry.faction(action.defender).name
        state.say(f"The {me} declares a Looting against the {them}.")
        self._do_battle(state, seat, Battle(action.clearing, action.defender))
        if state.battle is not None:
            looting(state.battle)["looting"] = True

    def on_battle_end(self, state: GameState, seat: int, b: BattleState) -> None:
        """A Looting with a rolled hit takes an item from the defender's crafted items."""
        super().on_battle_end(state, seat, b)  # type: ignore[misc]
        if not looting(b).get("looting") or b["attacker"] != seat:
            return
        other = b["defender"]
        if b["rolled"][0] >= 1 and registry.of(state, other).crafted_items(state, other):
            name = registry.of(state, other).name
            self._ask(state, seat, "claim", 1, f"take an item from the {name}'s crafted items", other=other)  # type: ignore[attr-defined]
        else:
            state.say("The Looting takes nothing.")

    # --- Legendary Abilities ---------------------------------------------------------------
    def _do_explore(self, state: GameState, seat: int, action: Action) -> None:
        """Explore; count the ruin toward a Legend."""
        super()._do_explore(state, seat, action)  # type: ignore[misc]
        _progress(state, seat, "ruins")

    def _do_quest(self, state: GameState, seat: int, action: Action) -> None:
        """Complete a quest; count it toward a Legend."""
        super()._do_quest(state, seat, action)  # type: ignore[misc]
        _progress(state, seat, "quests")

    def craft_waivers(self, state: GameState, seat: int) -> int:
        """Master Craftsman: once a turn, one symbol of a cost may be paid by a hammer whatever his clearing's suit."""
        used = state.turn.flags_as(LootingFlags).get("master_used")
        return int(legend(state, seat) == "master-craftsman" and not used)

    def _do_craft(self, state: GameState, seat: int, action: Craft) -> None:
        """A craft his clearing's suit alone could not pay uses up Master Craftsman for the turn."""
        cost = keys()[action.card].cost
        waived = self.craft_waivers(state, seat) and pay_plan(cost, power(state, seat), action.using) is None
        super()._do_craft(state, seat, action)  # type: ignore[misc]
        if waived:
            state.turn.flags_as(LootingFlags)["master_used"] = True
            me = registry.of(state, seat).name
            state.say(f"Master Craftsman: the {me} crafts ignoring one clearing requirement.")

    def waives_bridge_fee(self, state: GameState, seat: int, src: Place, dst: Place) -> bool:
        """Forest Ghost: no bridge fees."""
        return legend(state, seat) == "forest-ghost"

    def _vanguards(self, state: GameState, seat: int, here: int) -> Iterator[Action]:
        moves = [m for m in super()._daylight(state, seat, here, "move") if isinstance(m, Move)]  # type: ignore[misc]
        for ally in table.allies(state, seat):
            faction = state.seats[ally].faction
            warriors = [k for k, n in state.clearings[here - 1].items() if n and k == f"{faction}:warrior"]
            for move in moves:
                if warriors and isinstance(move.dst, int):
                    yield Vanguard(here, move.dst, faction)

    def _do_vanguard(self, state: GameState, seat: int, action: Vanguard) -> None:
        """Move as usual, taking one allied warrior along."""
        self._do_move(state, seat, Move(action.src, action.dst, 1))  # type: ignore[attr-defined]
        other = state.seat_of(action.faction)
        assert other is not None
        move_piece(state, other, f"{action.faction}:warrior", action.src, action.dst)
        state.say(f"Vanguard Leader: a {registry.faction(action.faction).name} warrior goes along.")


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
