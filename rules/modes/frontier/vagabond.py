"""The Vagabonds' golden rules in the Frontier Alliance Mode (3x3.1, 3x3.6, 3x3.7): `FrontierVagabond` and
`FrontierSecondVagabond`.

- Setup: the pawn starts in a forest touching the team's side.
- Relations (3x3.7): Allied with his team from the start, Indifferent with the rivals; an attack on a
  rival makes it Hostile at once; allied warriors never move or fight with him; Help (aid) to an ally
  still takes an item from its crafted items but scores nothing and moves no track.
- Looting and Legendary Abilities (3x3.6): his side of them (the verbs, the decision and the reroll are in
  `rules/modes/frontier/legends.py`).

This module imports the Vagabond's own, so the mode imports it on first use (`rules.modes.frontier.golden`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules import battle, items, registry
from rules.actions import Action, Battle, Craft, Move
from rules.cards import keys
from rules.crafting import pay_plan, power
from rules.factions.vagabond import SecondVagabond, Vagabond
from rules.factions.vagabond import board as vb
from rules.factions.vagabond.actions import Explore
from rules.map_pieces import factions_in
from rules.modes.frontier import contraband, table
from rules.modes.frontier.legends import (
    LegendData,
    Loot,
    LootingFlags,
    Vanguard,
    legend,
    looting,
    progress,
)
from rules.movement import move_piece
from rules.rule import enemies

if TYPE_CHECKING:
    from rules.hooks import Place
    from rules.state import BattleState, GameState


class FrontierVagabond(Vagabond):
    """The Vagabond in the 3x3 game: team relations, Looting, Help without points, Legendary Abilities."""

    # --- setup and relations ---------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Relations: Allied with the team, Indifferent with the three rivals, the other Vagabond included (3x3.7)."""
        super().setup(state, seat)
        relations = state.seats[seat].data_as(LegendData)["relations"]
        allies = table.allies(state, seat)
        for other in range(len(state.seats)):
            if other != seat:
                relations[state.seats[other].faction] = vb.ALLIED if other in allies else vb.INDIFFERENT

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Forests touching a clearing of the team's home side (3x3.1); the character as usual."""
        side = table.home_side(state.board, table.team_of(state, seat))
        for action in super().setup_legal(state, seat):
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
        super()._aided(state, seat, other)

    def begin_battle(self, state: GameState, seat: int, cid: int, defender: str) -> None:
        """Attacking a rival makes it Hostile at once (3x3.7), however he pays for the battle."""
        relations = state.seats[seat].data_as(LegendData)["relations"]
        if relations.get(defender, vb.HOSTILE) != vb.HOSTILE:
            relations[defender] = vb.HOSTILE
            me, them = registry.of(state, seat).name, registry.faction(defender).name
            state.say(f"The {me} attacks: the {them} are now Hostile.")
        super().begin_battle(state, seat, cid, defender)

    def instigated(self, state: GameState, seat: int, forced: int, cid: int) -> list[str]:
        """Friendly fire (3x3.5): allies never battle each other, unless an opposing ability makes them. Forcing a
        rival, the Vagrant may make it battle its own teammates there too (not before revision 10)."""
        out = super().instigated(state, seat, forced, cid)
        legacy = state.legacy is not None and state.legacy.instigate_no_friendly_fire
        if legacy or not enemies(state, seat, forced) or not registry.of(state, forced).can_attack(state, forced, cid):
            return out
        mates = (state.seats[o].faction for o in table.allies(state, forced))
        return out + sorted(f for f in mates if f in factions_in(state, cid) and f not in out)

    # --- Looting ---------------------------------------------------------------------------
    def _daylight(self, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Daylight actions, plus one Looting a turn and the Vanguard Leader's moves."""
        yield from super()._daylight(state, seat, here, verb)
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
            here = vb.clearing(state, state.seats[seat].faction)
            if here != action.clearing:
                return f"you take contraband with your torch in your own clearing, and you are not in {action.clearing}"
            if not items.ready(state, seat, "torch"):
                return "taking contraband exhausts a torch, and you have no face-up undamaged torch"
        reason: str | None = super().explain(state, seat, action)
        return reason

    def _do_search(self, state: GameState, seat: int, action: contraband.Search) -> None:
        """With his torch, the Vagabond takes lying contraband into his satchel (3x3.3)."""
        self.exhaust(state, seat, "torch")
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
        super().on_battle_end(state, seat, b)
        if not looting(b).get("looting") or b["attacker"] != seat:
            return
        other = b["defender"]
        if b["rolled"][0] >= 1 and registry.of(state, other).crafted_items(state, other):
            name = registry.of(state, other).name
            self.ask(state, seat, "claim", 1, f"take an item from the {name}'s crafted items", other=other)
        else:
            state.say("The Looting takes nothing.")

    # --- Legendary Abilities ---------------------------------------------------------------
    def _do_explore(self, state: GameState, seat: int, action: Explore) -> None:
        """Explore; count the ruin toward a Legend."""
        super()._do_explore(state, seat, action)
        progress(state, seat, "ruins")

    def complete_quest(self, state: GameState, seat: int, qid: int, reward: str) -> None:
        """Complete a quest (however its items were paid: Improvise, Con); count it toward a Legend."""
        super().complete_quest(state, seat, qid, reward)
        progress(state, seat, "quests")

    def craft_waivers(self, state: GameState, seat: int) -> int:
        """Master Craftsman: once a turn, one symbol of a cost may be paid by a hammer whatever his clearing's suit."""
        used = state.turn.flags_as(LootingFlags).get("master_used")
        return int(legend(state, seat) == "master-craftsman" and not used)

    def _do_craft(self, state: GameState, seat: int, action: Craft) -> None:
        """A craft his clearing's suit alone could not pay uses up Master Craftsman for the turn."""
        cost = keys()[action.card].cost
        waived = self.craft_waivers(state, seat) and pay_plan(cost, power(state, seat), action.using) is None
        super()._do_craft(state, seat, action)
        if waived:
            state.turn.flags_as(LootingFlags)["master_used"] = True
            me = registry.of(state, seat).name
            state.say(f"Master Craftsman: the {me} crafts ignoring one clearing requirement.")

    def waives_bridge_fee(self, state: GameState, seat: int, src: Place, dst: Place) -> bool:
        """Forest Ghost: no bridge fees."""
        return legend(state, seat) == "forest-ghost"

    def _vanguards(self, state: GameState, seat: int, here: int) -> Iterator[Action]:
        moves = [m for m in super()._daylight(state, seat, here, "move") if isinstance(m, Move)]
        for ally in table.allies(state, seat):
            faction = state.seats[ally].faction
            warriors = [k for k, n in state.clearings[here - 1].items() if n and k == f"{faction}:warrior"]
            for move in moves:
                if warriors and isinstance(move.dst, int):
                    yield Vanguard(here, move.dst, faction)

    def _do_vanguard(self, state: GameState, seat: int, action: Vanguard) -> None:
        """Move as usual, taking one allied warrior along."""
        self._do_move(state, seat, Move(action.src, action.dst, 1))
        other = state.seat_of(action.faction)
        assert other is not None
        move_piece(state, other, f"{action.faction}:warrior", action.src, action.dst)
        state.say(f"Vanguard Leader: a {registry.faction(action.faction).name} warrior goes along.")


class FrontierSecondVagabond(FrontierVagabond, SecondVagabond):
    """The Second Vagabond in the 3x3 game (Vagabond B): the same golden rules under the second copy's declarations."""
