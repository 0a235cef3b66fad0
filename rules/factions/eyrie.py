"""Eyrie Dynasties: the Decree, leaders and viziers, roosts, Turmoil, Lords of the Forest."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules import battle, crafting, decisions, flow, hand, movement, registry
from rules.actions import (
    CARD,
    CLEARING,
    WORD,
    Action,
    Battle,
    Build,
    Craft,
    Move,
    Recruit,
    register,
)
from rules.cards import card, keys
from rules.examples import ExampleGame, Examples
from rules.faction_hooks import CardPile
from rules.factions.base import Faction
from rules.map_pieces import all_warriors, may_place, on_map, open_slots, place, suit, why_not_place
from rules.modes.base import skips_cornered, starting_corners
from rules.pieces import BUILDING, WARRIOR, PieceKind
from rules.rule import rules
from rules.scoring import score
from rules.state import BattleState, Decision, GameState, SeatData, TurnFlags
from rules.words import plural

ID = "eyrie"
COLUMNS = ("recruit", "move", "battle", "build")
LEADERS = {
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}
ROOST_POINTS = (0, 1, 2, 3, 4, 4, 5)
DRAW_BONUS_AT = (3, 6)
VIZIER = -1


@register
@dataclass(frozen=True, slots=True)
class Roost(Action):
    """Place a roost and warriors: the starting corner, or a new roost when none is left."""

    verb: ClassVar[str] = "roost"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register
@dataclass(frozen=True, slots=True)
class Leader(Action):
    """Choose the Eyrie's leader."""

    verb: ClassVar[str] = "leader"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("name", WORD),)
    words: ClassVar[tuple[str, ...]] = tuple(LEADERS)
    name: str


@register
@dataclass(frozen=True, slots=True)
class Decree(Action):
    """Add a card from hand to a column of the Decree."""

    verb: ClassVar[str] = "decree"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("column", WORD))
    field_help: ClassVar[Mapping[str, str]] = {"column": "the Decree column"}
    words: ClassVar[tuple[str, ...]] = COLUMNS
    card: str
    column: str


def roost_clearings(state: GameState) -> list[int]:
    """Clearings with a roost."""
    return [cid for cid in state.board.ids() if state.clearings[cid - 1].get("eyrie:roost")]


def decree_suit(cid: int) -> str:
    """The suit a Decree card stands for (viziers are birds)."""
    return "bird" if cid == VIZIER else card(cid).suit


def fits(decree: str, clearing_suit: str) -> bool:
    """Whether a Decree card of one suit may be resolved in a clearing of another."""
    return decree == "bird" or decree == clearing_suit


class EyrieData(SeatData, total=False):
    """The Eyrie's own data: the corner of its roost, its leader and the deposed ones, the Decree's cards by column."""

    corner: int | None
    leader: str | None
    deposed: list[str | None]
    decree: dict[str, list[int]]


class EyrieFlags(TurnFlags, total=False):
    """The Eyrie's turn: the suits of the cards added to the Decree, and the suits still to resolve by column."""

    decreed: list[str]
    todo: dict[str, list[str]]


def without_roosts(state: GameState) -> list[str]:
    """Example edits that take every roost off the map (the Eyrie then place a new one)."""
    roosts = {c: state.clearings[c - 1].get(f"{ID}:roost", 0) for c in state.board.ids()}
    return [f"!remove {c} {ID}:roost x{n}" for c, n in roosts.items() if n]


class Eyrie(Faction):
    """The Eyrie Dynasties."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = "Eyrie Dynasties"
    aliases: ClassVar[tuple[str, ...]] = ("birds", "ed", "eyrie-dynasties")
    colour: ClassVar[str] = "#0072B2"
    setup_order: ClassVar[int] = 2
    order: ClassVar[int | None] = 10
    examples: ClassVar[Examples | None] = Examples(
        "bob", (ExampleGame(("marquise", ID), edits=without_roosts),)  # a new roost, placed only when none is left
    )
    reach: ClassVar[int] = 7
    crafting_kind: ClassVar[str | None] = "roost"
    wins_rule_ties: ClassVar[bool] = True
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, 20, "Warrior", "circle"),
        PieceKind(ID, "roost", BUILDING, 7, "Roost", "square", "Ro"),
    )
    card_piles: ClassVar[tuple[CardPile, ...]] = tuple(
        CardPile(f"decree-{column}", f"Decree ({column.title()})") for column in COLUMNS
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": ("eyrie.emergency", "eyrie.decree", "eyrie.new_roost"),
        "daylight": ("eyrie.craft", "eyrie.resolve"),
        "evening": ("eyrie.score",),
    }

    # --- setup ---------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Supplies and an empty Decree."""
        super().setup(state, seat)
        state.seats[seat].data = EyrieData(
            setup="corner", leader=None, deposed=[], decree={c: [] for c in COLUMNS}, corner=None
        )

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Corner first, then leader."""
        if state.seats[seat].data_as(EyrieData)["setup"] == "leader":
            return "choose a leader: builder, charismatic, commander or despot (leader NAME)"
        corners = [a.clearing for a in self.setup_legal(state, seat) if isinstance(a, Roost)]
        in_corners = bool(set(corners) & set(state.board.corners()))  # else the mode's fallback (an edge clearing)
        if len(corners) == 1:  # the engine places it: say where, without asking
            why = "opposite the corner taken" if in_corners else "no corner being left"
            return f"nothing to choose: the first roost goes in clearing {corners[0]}, {why}"
        if not in_corners:
            return "no corner is left: choose an edge clearing for the first roost (roost N)"
        return "choose the corner for the first roost (roost N)"

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The corner of the first roost."""
        corner: int | None = state.seats[seat].data_as(EyrieData).get("corner")
        return corner

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """A corner (opposite another's if possible), then a leader."""
        data = state.seats[seat].data_as(EyrieData)
        if data["setup"] == "leader":
            for name in LEADERS:
                yield Leader(name)
            return
        taken = [
            c
            for i in range(len(state.seats))
            if i != seat and (c := registry.of(state, i).starting_corner(state, i)) is not None
        ]
        unslotted = skips_cornered(state)  # an older engine asked for no open slot (before a3f33da)

        def fits(c: int) -> bool:
            return c not in taken and (unslotted or open_slots(state, c) > 0) and may_place(state, ID, c)

        free = starting_corners(state, seat, fits)
        opposite = [c for c in free if any(state.board.opposite(t) == c for t in taken)]
        for cid in opposite or free:
            yield Roost(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Place the first roost and six warriors, then choose a leader."""
        data = state.seats[seat].data_as(EyrieData)
        if isinstance(action, Roost):
            place(state, seat, "roost", action.clearing)
            place(state, seat, "warrior", action.clearing, 6)
            data["corner"] = action.clearing
            data["setup"] = "leader"
            state.say(f"The Eyrie Dynasties place a roost and six warriors in clearing {action.clearing}.")
            return False
        assert isinstance(action, Leader)
        self._crown(state, seat, action.name)
        data["setup"] = "done"
        return True

    def _crown(self, state: GameState, seat: int, leader: str) -> None:
        data = state.seats[seat].data_as(EyrieData)
        data["leader"] = leader
        for column in data["decree"]:
            data["decree"][column] = [c for c in data["decree"][column] if c != VIZIER]
        for column in LEADERS[leader]:
            data["decree"][column].insert(0, VIZIER)
        state.say(
            f"The Eyrie Dynasties are led by the {leader.title()}; viziers go to {' and '.join(LEADERS[leader])}."
        )

    # --- turn ----------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Automatic parts of the Eyrie turn."""
        if step == "eyrie.emergency" and not state.seats[seat].hand:
            state.say("Emergency orders: the Eyrie Dynasties draw a card.")
            hand.draw(state, seat, 1)
        elif step == "eyrie.decree":
            state.turn.flags_as(EyrieFlags)["decreed"] = []
        elif step == "eyrie.new_roost" and not roost_clearings(state):
            spots = self._new_roost_spots(state)
            if len(spots) == 1:
                self._new_roost(state, seat, spots[0])
            elif spots:
                decisions.push(
                    state,
                    "faction",
                    seat,
                    faction=ID,
                    what="roost",
                    prompt="choose where the new roost goes",
                )
        elif step == "eyrie.resolve":
            decree = state.seats[seat].data_as(EyrieData)["decree"]
            state.turn.flags_as(EyrieFlags)["todo"] = {c: [decree_suit(x) for x in decree[c]] for c in COLUMNS}
        elif step == "eyrie.score":
            roosts = on_map(state, ID, "roost")
            if roosts:
                score(
                    state,
                    seat,
                    ROOST_POINTS[roosts - 1],
                    plural(roosts, "roost"),
                )

    def _new_roost_spots(self, state: GameState) -> list[int]:
        ok = [c for c in state.board.ids() if open_slots(state, c) > 0 and may_place(state, ID, c)]
        if not ok:
            return []
        counts = {c: all_warriors(state, c) for c in ok}
        fewest = min(counts.values())
        return [c for c in ok if counts[c] == fewest]

    def _new_roost(self, state: GameState, seat: int, cid: int) -> None:
        place(state, seat, "roost", cid)
        n = place(state, seat, "warrior", cid, 3)
        state.say(
            f"A new roost: the Eyrie Dynasties place a roost and {plural(n, 'warrior')} in clearing {cid}.",
            None,
            ("place", cid, None),
        )

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Adding to the Decree, crafting and resolving wait for the player."""
        return step in ("eyrie.decree", "eyrie.craft", "eyrie.resolve")

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """A second Decree card, or crafting with unused roosts."""
        if step == "eyrie.decree":
            return len(state.turn.flags_as(EyrieFlags).get("decreed", [])) < 2
        if step == "eyrie.craft":
            return bool(crafting.power(state, seat))
        return False

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """The Decree must get a card; every Decree card must be resolved."""
        if step == "eyrie.decree":
            return bool(state.turn.flags_as(EyrieFlags).get("decreed")) or not state.seats[seat].hand
        if step == "eyrie.resolve":
            return not any(state.turn.flags_as(EyrieFlags).get("todo", {}).values())
        return True

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """Decree, crafting, resolution."""
        if step == "eyrie.decree":
            return "add one or two cards to the Decree (at most one bird), then end"
        if step == "eyrie.craft":
            return "craft with roosts, or end crafting"
        column = self.current_column(state)
        if column is None:
            return "the Decree is resolved: end Daylight"
        suits = ", ".join(state.turn.flags_as(EyrieFlags)["todo"][column])
        return f"resolve the Decree: {column} ({suits})"

    def current_column(self, state: GameState) -> str | None:
        """The leftmost Decree column with cards still to resolve."""
        todo = state.turn.flags_as(EyrieFlags).get("todo", {})
        return next((c for c in COLUMNS if todo.get(c)), None)

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Decree additions, crafting, or the actions the Decree demands now."""
        if step == "eyrie.decree" and verb in (None, "decree"):
            flags = state.turn.flags_as(EyrieFlags)
            if len(flags["decreed"]) < 2:
                bird_used = "bird" in flags["decreed"]
                for key in hand.distinct_keys(state, seat):
                    if keys()[key].suit == "bird" and bird_used:
                        continue
                    for column in COLUMNS:
                        yield Decree(key, column)
        elif step == "eyrie.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        elif step == "eyrie.resolve":
            yield from self._resolve_options(state, seat, verb)

    def _resolve_options(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        column = self.current_column(state)
        if column is None or verb not in (None, column):
            return
        suits = sorted(set(state.turn.flags_as(EyrieFlags)["todo"][column]))
        for s in suits:
            clearings = [c for c in state.board.ids() if fits(s, suit(state, c))]
            if column == "recruit":
                if state.seats[seat].supply.get("warrior", 0) > 0:
                    for cid in roost_clearings(state):
                        if fits(s, suit(state, cid)) and may_place(state, ID, cid):
                            yield Recruit((cid,), s)
            elif column == "move":
                yield from movement.move_options(state, seat, clearings, s)
            elif column == "battle":
                yield from battle.battle_options(state, seat, clearings, s)
            elif column == "build" and state.seats[seat].supply.get("roost", 0) > 0:
                for cid in clearings:
                    if (
                        rules(state, seat, cid)
                        and not state.clearings[cid - 1].get("eyrie:roost")
                        and open_slots(state, cid) > 0
                        and may_place(state, ID, cid)
                    ):
                        yield Build("roost", cid, s)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Add to the Decree, craft, or resolve one Decree card."""
        if isinstance(action, Decree):
            cid = hand.take(state, seat, action.card)
            state.seats[seat].data_as(EyrieData)["decree"][action.column].append(cid)
            state.turn.flags_as(EyrieFlags)["decreed"].append(card(cid).suit)
            state.say(f"The Eyrie Dynasties add {card(cid).name} ({card(cid).suit}) to {action.column}.")
            return
        if isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
            return
        column = self.current_column(state)
        assert column is not None
        used = getattr(action, "suit", None)
        assert used is not None, "a Decree card is resolved by an action of its suit"
        state.turn.flags_as(EyrieFlags)["todo"][column].remove(used)
        if isinstance(action, Recruit):
            want = 2 if state.seats[seat].data_as(EyrieData)["leader"] == "charismatic" else 1
            cid = action.clearings[0]
            n = place(state, seat, "warrior", cid, want)
            state.say(
                f"The Eyrie Dynasties recruit {plural(n, 'warrior')} in clearing {cid}.",
                None,
                ("place", cid, None),
            )
            if n < want:
                self.turmoil(state, seat)
        elif isinstance(action, Move):
            movement.move(state, seat, action.src, action.dst, action.count)
        elif isinstance(action, Battle):
            battle.start(state, seat, action.clearing, action.defender)
        elif isinstance(action, Build):
            place(state, seat, "roost", action.clearing)
            state.say(
                f"The Eyrie Dynasties build a roost in clearing {action.clearing}.",
                None,
                ("place", action.clearing, None),
            )

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle by Decree: a card of the column being resolved whose suit fits the clearing."""
        if step != "eyrie.resolve" or self.current_column(state) != kind:
            return ()
        return tuple(s for s in sorted(set(state.turn.flags_as(EyrieFlags)["todo"][kind])) if fits(s, suit(state, cid)))

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """The Decree card of that suit is resolved."""
        assert way is not None, "a Decree card is resolved by an action of its suit"
        state.turn.flags_as(EyrieFlags)["todo"][kind].remove(way)

    def stuck(self, state: GameState, seat: int, step: str) -> None:
        """A Decree card that can't be resolved throws the Eyrie into turmoil."""
        if step == "eyrie.resolve":
            column = self.current_column(state)
            state.say(f"The Eyrie Dynasties cannot {column} as the Decree demands.")
            self.turmoil(state, seat)

    def turmoil(self, state: GameState, seat: int) -> None:
        """Humiliate, purge, depose, rest."""
        data = state.seats[seat].data_as(EyrieData)
        birds = sum(1 for column in COLUMNS for c in data["decree"][column] if decree_suit(c) == "bird")
        state.say("Turmoil!")
        score(
            state,
            seat,
            -birds,
            f"humiliation, {plural(birds, 'bird card')} in the Decree",
        )
        for column in COLUMNS:
            for c in data["decree"][column]:
                if c != VIZIER:
                    hand.to_discard(state, c)
            data["decree"][column] = []
        old = data["leader"]
        if old is not None or skips_cornered(state):  # only a leader on the board is deposed (before a3f33da: any)
            data["deposed"].append(old)
        data["leader"] = None
        choices = [name for name in LEADERS if name not in data["deposed"]]
        if not choices:
            data["deposed"] = []
            state.say("A new clutch: every leader is available again.")
        state.turn.flags_as(EyrieFlags)["todo"] = {}
        flow.goto(state, "evening.start")
        decisions.push_front(state, "faction", seat, faction=ID, what="leader", prompt="choose a new leader")

    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """A new leader, or where a new roost goes."""
        data = state.seats[decision["seat"]].data_as(EyrieData)
        if decision["what"] == "leader":
            for name in LEADERS:
                if name not in data["deposed"]:
                    yield Leader(name)
        elif decision["what"] == "roost":
            for cid in self._new_roost_spots(state):
                yield Roost(cid)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Crown the new leader or place the new roost."""
        if isinstance(action, Leader):
            self._crown(state, decision["seat"], action.name)
        elif isinstance(action, Roost):
            self._new_roost(state, decision["seat"], action.clearing)
        return True

    # --- hooks ---------------------------------------------------------------
    def item_points(self, state: GameState, seat: int, printed: int) -> int:
        """Disdain for Trade: items score one point, unless the Builder leads."""
        return printed if state.seats[seat].data_as(EyrieData).get("leader") == "builder" else 1

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One extra card at 3 roosts on the map, two at 6."""
        roosts = on_map(state, ID, "roost")
        return sum(1 for at in DRAW_BONUS_AT if roosts >= at)

    def extra_hits(self, state: GameState, seat: int | None, battle: BattleState) -> list[tuple[int, str]]:
        """The Commander deals an extra hit when the Eyrie attack."""
        leader = state.seats[seat].data_as(EyrieData).get("leader") if seat is not None else None
        if seat is not None and battle["attacker"] == seat and leader == "commander":
            return [(seat, "the Commander")]
        return []

    def on_battle_end(self, state: GameState, seat: int, b: BattleState) -> None:
        """The Despot scores a point for removing enemy buildings or tokens in battle."""
        despot = state.seats[seat].data_as(EyrieData).get("leader") == "despot"
        if despot and battle.enemy_buildings_and_tokens_removed(state, seat, b):
            score(state, seat, 1, "the Despot")

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """Cards tucked in the Decree (viziers are not deck cards)."""
        decree = state.seats[seat].data_as(EyrieData)["decree"]
        return [c for column in COLUMNS for c in decree[column] if c != VIZIER]

    def card_pile(self, state: GameState, seat: int, name: str) -> list[int]:
        """A column of the Decree (its viziers too)."""
        column = name.removeprefix("decree-")
        if column not in COLUMNS or column == name:
            raise KeyError(name)
        return state.seats[seat].data_as(EyrieData)["decree"][column]

    def edit_cards(self, state: GameState, seat: int, pile: str, cid: int, added: bool) -> str | None:
        """While the Decree is being resolved, a card an edit takes out of a column is no longer owed there, and one
        it puts into a column not yet resolved this turn is owed like the rest (7.5.2: the whole Decree is resolved)."""
        flags = state.turn.flags_as(EyrieFlags)
        column, todo = pile.removeprefix("decree-"), flags.get("todo")
        if state.turn.seat != seat or state.turn.step != "eyrie.resolve" or todo is None:
            return None
        owed, wanted = todo.setdefault(column, []), decree_suit(cid)
        if added:
            current = self.current_column(state)
            if current is not None and COLUMNS.index(column) >= COLUMNS.index(current):
                owed.append(wanted)
            return None
        left = sum(1 for c in self.card_pile(state, seat, pile) if decree_suit(c) == wanted)
        while owed.count(wanted) > left:
            owed.remove(wanted)
        return None

    def _why_not_decree_suit(self, state: GameState, action: Action, column: str, suits: str) -> str:
        """Why a Decree action's clearing does not fit the suit it names, or any suit still to resolve."""
        named = getattr(action, "suit", None)
        todo = state.turn.flags_as(EyrieFlags)["todo"].get(column, [])
        one = getattr(action, "src", None) or getattr(action, "clearing", None)
        places = getattr(action, "clearings", None) or (one,)
        where = next((c for c in places if isinstance(c, int) and named not in (None, "bird", suit(state, c))), None)
        if named is not None and named not in todo:
            return f"the Decree's {column} column has no {named} card left to resolve (left: {suits})"
        if named is not None and where is not None:
            return (
                f"clearing {where} is {suit(state, where)}: the {named} card of the Decree's {column} column "
                f"needs a {named} clearing"
            )
        blocked = next(filter(None, (why_not_place(state, ID, c) for c in places if isinstance(c, int))), None)
        if column in ("recruit", "build") and blocked:
            return blocked
        return f"the Decree's {column} column needs a clearing matching {suits}"

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Eyrie's own terms."""
        if state.pending:
            if isinstance(action, Roost) and state.pending[0]["kind"] == "setup":
                if state.seats[seat].data_as(EyrieData)["setup"] != "corner":
                    return "the first roost is placed already; choose a leader (leader NAME)"
                spots = ", ".join(a.notation() for a in self.setup_legal(state, seat))
                return f"the first roost goes in one of these clearings: {spots}"
            if isinstance(action, Leader) and action.name not in LEADERS:
                return f"the leaders are {', '.join(LEADERS)}"
            if isinstance(action, Leader):
                return f"the {action.name.title()} is not available now"
            return None
        step = state.turn.step
        if isinstance(action, Decree):
            if step != "eyrie.decree":
                return "cards are added to the Decree in Birdsong"
            if len(state.turn.flags_as(EyrieFlags).get("decreed", [])) >= 2:
                return "you already added two cards to the Decree this turn"
            if keys()[action.card].suit == "bird" and "bird" in state.turn.flags_as(EyrieFlags).get("decreed", []):
                return "only one bird card may be added to the Decree each turn"
            return None
        if isinstance(action, (Recruit, Move, Battle, Build)) and step == "eyrie.resolve":
            column = self.current_column(state)
            suits = ", ".join(sorted(set(state.turn.flags_as(EyrieFlags)["todo"].get(column or "", []))))
            if action.verb != column:
                return f"the Decree must be resolved left to right: next is {column} ({suits})"
            return self._why_not_decree_suit(state, action, column or "", suits)
        if isinstance(action, (Recruit, Move, Battle, Build)):
            return "the Eyrie only act as the Decree commands, in Daylight"
        return None

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Leader, Decree columns, roosts."""
        data = state.seats[seat].data_as(EyrieData)
        leader = data.get("leader") or "none"
        deposed = [d.title() for d in data["deposed"] if d]  # None: no leader deposed (rules before a3f33da)
        lines = [f"Leader: {leader.title()}" + (f" (deposed: {', '.join(deposed)})" if deposed else "")]
        todo = state.turn.flags_as(EyrieFlags).get("todo", {}) if state.turn.seat == seat else {}
        for column in COLUMNS:
            suits = [decree_suit(c) for c in data["decree"][column]]
            text = " ".join(s if c != VIZIER else "vizier" for s, c in zip(suits, data["decree"][column], strict=True))
            left = f" ({len(todo[column])} to do)" if todo.get(column) else ""
            lines.append(f"Decree {column}: {text or '-'}{left}")
        roosts = on_map(state, ID, "roost")
        lines.append(f"Roosts {roosts}/7 (scores {ROOST_POINTS[roosts - 1] if roosts else 0} each Evening)")
        return lines


registry.register(Eyrie())
