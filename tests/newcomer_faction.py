"""A faction written by following docs/architecture.md's "Adding a faction" alone, to show it is enough.

The Test Newts (fictional): they choose a corner den at setup (four warriors and a pond there), breed a warrior at
every pond in Birdsong, move, battle and dig ponds in clearings they rule in Daylight (two actions), and score a
point per pond on the map in Evening. Nothing in rules/, render/ or bot/ names them: importing this module
registers them, `unregister()` takes them away.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules import registry
from rules.actions import CLEARING, Action, Battle, Move, register_for
from rules.battle import battle_options, start
from rules.examples import ExampleGame, Examples
from rules.factions.base import Faction
from rules.map_pieces import count, may_place, place, suit
from rules.modes.base import starting_corners
from rules.movement import move, move_options
from rules.pieces import TOKEN, WARRIOR, PieceKind
from rules.rule import rules
from rules.scoring import score
from rules.state import GameState

ID = "test-newts"
NAME = "Test Newts"
BREED = "newts.breed"
ACT = "newts.act"
COUNT = "newts.count"
ACTIONS = 2


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Den(Action):
    """Choose the corner clearing of the Newts' den."""

    verb: ClassVar[str] = "den"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    field_help: ClassVar[Mapping[str, str]] = {"clearing": "the corner clearing of the den"}
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Dig(Action):
    """Dig a pond in a clearing you rule."""

    verb: ClassVar[str] = "pond"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    field_help: ClassVar[Mapping[str, str]] = {"clearing": "a clearing you rule with no pond yet"}
    clearing: int


class Newts(Faction):
    """Warriors that breed at ponds; a point per pond each Evening."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("newts",)
    colour: ClassVar[str] = "#3A7D8C"
    setup_order: ClassVar[int] = 60
    examples: ClassVar[Examples | None] = Examples("nina", (ExampleGame(("marquise", "eyrie", ID)),))
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, 16, "warrior", "hexagon"),
        PieceKind(ID, "pond", TOKEN, 5, "pond", "diamond", "P"),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = {"birdsong": (BREED,), "daylight": (ACT,), "evening": (COUNT,)}

    def setup(self, state: GameState, seat: int) -> None:
        """The supply; the den is chosen."""
        super().setup(state, seat)
        state.seats[seat].data = {"setup": "den", "actions": 0}

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where the den goes."""
        return "choose the corner of the den (den N)"

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """A corner the mode allows where a pond may lie."""
        for cid in starting_corners(state, seat, lambda c: may_place(state, ID, c, TOKEN)):
            yield Den(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Four warriors and a pond in the den."""
        assert isinstance(action, Den)
        place(state, seat, "warrior", action.clearing, 4)
        place(state, seat, "pond", action.clearing)
        state.say(f"{NAME} den in clearing {action.clearing}: four warriors and a pond.", None)
        state.seats[seat].data["setup"] = "done"
        return True

    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Breed at every pond; count the ponds; a fresh Daylight."""
        if step == BREED:
            for cid in self.ponds(state):
                if state.seats[seat].supply.get("warrior", 0) > 0 and may_place(state, ID, cid, WARRIOR):
                    place(state, seat, "warrior", cid)
        elif step == ACT:
            state.seats[seat].data["actions"] = 0
        elif step == COUNT and self.ponds(state):
            score(state, seat, len(self.ponds(state)), "its ponds")

    def ponds(self, state: GameState) -> list[int]:
        """The clearings with a pond."""
        return [cid for cid in state.board.ids() if count(state, ID, "pond", cid)]

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Daylight waits for the player."""
        return step == ACT

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Moves, battles and digs while actions are left."""
        if step != ACT or state.seats[seat].data.get("actions", 0) >= ACTIONS:
            return
        if verb in (None, "move"):
            yield from move_options(state, seat)
        if verb in (None, "battle"):
            yield from battle_options(state, seat)
        if verb in (None, "pond") and state.seats[seat].supply.get("pond", 0) > 0:
            for cid in state.board.ids():
                if rules(state, seat, cid) and not count(state, ID, "pond", cid) and may_place(state, ID, cid, TOKEN):
                    yield Dig(cid)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """One of the Daylight actions."""
        state.seats[seat].data["actions"] = state.seats[seat].data.get("actions", 0) + 1
        if isinstance(action, Move):
            move(state, seat, action.src, action.dst, action.count)
        elif isinstance(action, Battle):
            start(state, seat, action.clearing, action.defender)
        elif isinstance(action, Dig):
            place(state, seat, "pond", action.clearing)
            state.say(f"{NAME} dig a pond in {suit(state, action.clearing)} clearing {action.clearing}.", None)

    def panel(self, state: GameState, seat: int) -> list[str]:
        """The ponds and the actions left."""
        left = ACTIONS - state.seats[seat].data.get("actions", 0)
        return [f"ponds: {len(self.ponds(state))}", f"actions left: {left}"]


NEWTS = Newts()


def register() -> None:
    """Add the Newts to the registry (what the module's last line would do in rules/factions/)."""
    registry.register(NEWTS)


def unregister() -> None:
    """Take them away again."""
    registry.unregister(ID)
