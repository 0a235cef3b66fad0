"""Old Man Tinker (fan faction, seed 004): the Old Man, three robots with gear tracks, two-sided tokens,
factories, production, breakage dice, Bustle, the four Daylight actions, Restructure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from rules import battle, crafting, decisions, hand, landmarks, listeners, movement, registry
from rules.actions import Action, Battle, Build, Craft
from rules.cards import card, keys, label
from rules.examples import ExampleGame, Examples
from rules.factions.base import Faction, standard_hit_options
from rules.factions.tinker import board as tb
from rules.factions.tinker.actions import (
    Bustle,
    Crusade,
    DoOver,
    Draw,
    Flip,
    Materialize,
    OldMan,
    Overproduce,
    Produce,
    Repair,
    Restructure,
    Salvage,
    robot_groups,
)
from rules.factions.tinker.board import (
    DRONE,
    FACTORY,
    GEAR,
    ID,
    NAME,
    OLD_MAN,
    ROBOT_KEYS,
    ROBOTS,
    TRACK_SPACES,
    TinkerData,
    TinkerFlags,
    data,
    robot_key,
)
from rules.factions.tinker.words import panel_lines, why_not
from rules.hooks import CANCEL, Entered, Place, Removal, Removed
from rules.map_pieces import may_place, open_slots, place_name, shift, suit, warriors_of
from rules.options import GameOption
from rules.pieces import ABILITY, BATTLE, BUILDING, PAWN, TOKEN, WARRIOR, PieceKind
from rules.removal import remove_all
from rules.rng import below
from rules.rule import rules
from rules.scoring import score
from rules.state import Decision, GameState
from rules.words import plural

STEPS = {
    "birdsong": ("tinker.doover", "tinker.roll", "tinker.produce", "tinker.bustle"),
    "daylight": ("tinker.craft", "tinker.actions", "tinker.build"),
    "evening": ("tinker.restructure", "tinker.draw"),
}
WAITING = {"tinker.doover", "tinker.bustle", "tinker.craft", "tinker.actions", "tinker.build", "tinker.restructure"}
FULL_REMOVAL = "tinker_full_removal"
"""Game option: what an effect removing every enemy piece in a robot's clearing does to its gears."""
FULL_REMOVAL_CHOICES = ("strip", "keep")
GEAR_COLOUR = "#CFA799"
"""Gears are drawn in a pale tone of the Tinker's colour, so they never look like drones (their other side)."""
FULL_REMOVAL_OPTION = GameOption(
    FULL_REMOVAL,
    FULL_REMOVAL_CHOICES,
    "an effect removing every enemy piece in a robot's clearing strips its gears (strip) or leaves it (keep)",
    "OMT.2.4",
)


def _robot_kind(robot: str) -> PieceKind:
    return PieceKind(ID, robot, PAWN, 1, robot.title(), "robot", robot[0].upper() + "b")


class TinkerChoice(Decision, total=False):
    """The Tinker's own decisions: the Old Man's forest next to `place`, or the factories `left` to produce."""

    place: Place
    left: list[int]


def short_of_tokens(state: GameState) -> list[str]:
    """Example edits: two factories and one token left in the supply (the Tinker then chooses which produces)."""
    seat = state.seat_of(ID)
    assert seat is not None
    robots = next(c for c in state.board.ids() if state.clearings[c - 1].get(f"{ID}:birdbot"))
    free = [c for c in state.board.ids() if open_slots(state, c) > 0 and c != robots]
    first = free[0]
    second = next(c for c in free[1:] if not state.board.adjacent(first, c))
    spare = state.seats[seat].supply["gear"] - 1
    factories = [f"!place {c} {ID}:factory" for c in (first, second)]
    return [*factories, f"!place {robots} {ID}:gear x{spare}"]


class Tinker(Faction):
    """Old Man Tinker."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("old-man-tinker", "omt", "beaver", "oldmantinker")
    colour: ClassVar[str] = "#882200"  # rust: far from the Marquise's orange for every eye (docs/rendering.md)
    setup_order: ClassVar[int] = 6
    order: ClassVar[int | None] = 60
    examples: ClassVar[Examples | None] = Examples(
        "frank",
        (
            ExampleGame(("marquise", "eyrie", ID)),
            ExampleGame(("marquise", "eyrie", ID), prefer=("end",), edits=short_of_tokens),  # which factory produces
        ),
        order=5,
    )
    explains_moves: ClassVar[bool] = True
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "oldman", PAWN, 1, "Old Man", "meeple", points=1, hit_as=TOKEN),
        *(_robot_kind(r) for r in ROBOTS),
        PieceKind(ID, "drone", WARRIOR, data()["tokens"], "Drone", "circle", family=tb.FAMILY),
        PieceKind(ID, "gear", TOKEN, data()["tokens"], "Gear", "gear", family=tb.FAMILY, colour=GEAR_COLOUR),
        PieceKind(ID, "factory", BUILDING, data()["factories"], "Factory", "square", "F"),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = STEPS
    game_options: ClassVar[tuple[GameOption, ...]] = (FULL_REMOVAL_OPTION,)

    # --- setup (OMT.3) ------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Supplies; the production level at 1, the marker gear side up; empty robot tracks."""
        super().setup(state, seat)
        s = state.seats[seat]
        s.data = TinkerData(level=data()["production"]["start"], marker=data()["marker_start"], setup="materialize")
        for robot in ROBOTS:
            s.areas[robot] = {}

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """The robots' clearing (fewest pieces) and the Old Man's forest next to it."""
        for cid, forest in _materialize_sites(state, seat):
            yield Materialize(cid, forest)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Materialize, then ready the machines."""
        assert isinstance(action, Materialize)
        _materialize(state, seat, action.clearing, action.forest)
        state.seats[seat].data_as(TinkerData)["setup"] = "done"
        return True

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where the robots and the Old Man go."""
        return (
            "materialize: the robots in a clearing with the fewest pieces, the Old Man in a forest next to it "
            "(materialize N fX)"
        )

    # --- the turn -----------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Automatic work: the breakage roll, Production, and counters for Bustle, actions and the draw."""
        flags = state.turn.flags_as(TinkerFlags)
        if step == "tinker.roll":
            _roll(state, seat)
        elif step == "tinker.produce":
            _produce_all(state, seat)
        elif step == "tinker.bustle":
            flags["bustle"] = data()["bustle"]["moves"]
        elif step == "tinker.actions":
            flags["actions"] = data()["daylight_actions"]
            flags["crusade"] = None
        elif step == "tinker.draw":
            flags["draws"] = None if _salvageable(state) else data()["evening_draw"]

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Every choice step waits; the draw waits only when the discard pile offers a matching card."""
        if step == "tinker.draw":
            return state.turn.flags_as(TinkerFlags).get("draws", 0) is None
        return step in WAITING

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The actions of each of the Tinker's steps."""
        done_over = state.turn.flags_as(TinkerFlags).get("done_over")
        if step == "tinker.doover" and verb in (None, "doover") and not done_over:
            for cid, forest in _materialize_sites(state, seat):
                yield DoOver(cid, forest)
        elif step == "tinker.bustle" and verb in (None, "bustle"):
            yield from _bustle_options(state)
        elif step == "tinker.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        elif step == "tinker.actions":
            yield from _daylight_options(state, seat, verb)
        elif step == "tinker.build" and verb in (None, "build"):
            for cid in tb.factory_sites(state, seat):
                yield Build("factory", cid)
        elif step == "tinker.restructure" and verb in (None, "restructure"):
            yield from _restructure_options(state, seat)
        elif step == "tinker.draw":
            if verb in (None, "draw"):
                yield Draw()
            if verb in (None, "salvage"):
                for key in _salvageable(state):
                    yield Salvage(key)

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """Bustle can't end with gears left in the Old Man's forest; the draw is a choice, not a step to end."""
        if step == "tinker.bustle":
            here = tb.old_man(state)
            return not (isinstance(here, str) and state.forests[here].get(GEAR))
        return step != "tinker.draw"

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Carry out one of the Tinker's actions."""
        if isinstance(action, DoOver):
            _do_over(state, seat, action.clearing, action.forest)
            state.turn.flags_as(TinkerFlags)["done_over"] = True
        elif isinstance(action, Bustle):
            _bustle(state, seat, action)
        elif isinstance(action, Craft):
            _craft(state, seat, action)
        elif isinstance(action, Build):
            tb.add(state, action.clearing, FACTORY, 1)
            state.seats[seat].supply["factory"] -= 1
            state.say(f"{NAME} builds a factory in clearing {action.clearing}.", None, ("place", action.clearing, None))
        elif isinstance(action, Restructure):
            _restructure(state, seat, action)
        elif isinstance(action, Draw):
            state.turn.flags_as(TinkerFlags)["draws"] = data()["evening_draw"]
        elif isinstance(action, Salvage):
            _salvage(state, seat, action.card)
        else:
            _daylight_action(state, seat, action)

    def interrupt(self, state: GameState, seat: int) -> None:
        """A card effect used after a Crusade's move ends the Crusade: no battle follows it."""
        if state.turn.flags_as(TinkerFlags).get("crusade") is not None:
            state.turn.flags_as(TinkerFlags)["crusade"] = None

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Crafting needs gears by the Old Man; Overproduce and Restructure need a factory on the map."""
        if step == "tinker.craft":
            return bool(crafting.power(state, seat))
        if step == "tinker.actions":
            return bool(tb.factories(state)) and state.turn.flags_as(TinkerFlags).get("actions", 0) > 0
        if step == "tinker.restructure":
            return bool(tb.factories(state))
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        flags = state.turn.flags_as(TinkerFlags)
        if step == "tinker.doover":
            return "do over (doover N fX: set up again), or end to keep your pieces"
        if step == "tinker.bustle":
            moves = plural(flags.get("bustle", 0), "move")
            return f"bustle the Old Man ({moves} left: bustle A>B xGEARS), or end"
        if step == "tinker.craft":
            return "craft with gears in the Old Man's clearing, or end crafting"
        if step == "tinker.actions":
            follow = f"; battle in clearing {flags['crusade']} to finish the Crusade" if flags.get("crusade") else ""
            return (
                f"take Daylight actions ({flags.get('actions', 0)} left: tinker, repair, crusade, battle, "
                f"overproduce){follow}, or end"
            )
        if step == "tinker.build":
            return "build factories (build factory N), or end Daylight"
        if step == "tinker.restructure":
            return "restructure production (restructure up|down|flip CARD), or end"
        return "draw two cards (draw), or take a card matching the Old Man's clearing from the discard (salvage CARD)"

    # --- combat, rule and movement (OMT.2.2-OMT.2.4) -------------------------------------------
    def strength(self, state: GameState, seat: int, cid: int) -> int:
        """Drones, plus the gears on the tracks of the robots in the clearing."""
        return warriors_of(state, ID, cid) + tb.robot_warriors(state, seat, cid)

    def rule_bonus(self, state: GameState, seat: int, cid: int) -> int:
        """Gears on robots' tracks count as warriors for rule."""
        return tb.robot_warriors(state, seat, cid)

    def warrior_bonus(self, state: GameState, seat: int, cid: int) -> int:
        """Gears on robots' tracks are warriors wherever warriors are counted."""
        return tb.robot_warriors(state, seat, cid)

    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """Shared moves (a card's move) take drones only; robots move with a Crusade."""
        return warriors_of(state, ID, cid)

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """Drones and robots with gears first (the Tinker chooses); then factories, gears lying there and the Old Man.

        A hit on a robot drops a gear into the clearing, where a later hit of the same battle may remove it.
        """
        here = state.clearings[cid - 1]
        warriors = {DRONE: here.get(DRONE, 0) - assigned.get(DRONE, 0)}
        for robot in tb.robots_in(state, cid):
            warriors[robot_key(robot)] = tb.gears_on(state, seat, robot) - assigned.get(robot_key(robot), 0)
        warriors = {p: n for p, n in warriors.items() if n > 0}
        if warriors:
            return warriors
        rest = standard_hit_options(state, ID, cid, assigned)
        spilling = sum(n for p, n in assigned.items() if p in ROBOT_KEYS)
        gears = here.get(GEAR, 0) + spilling - assigned.get(GEAR, 0)
        if gears > 0:
            rest[GEAR] = gears
        return rest

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """A hit on a robot drops its leftmost gear into the clearing; other pieces are removed as usual."""
        if piece in ROBOT_KEYS:
            _spill(state, seat, ROBOT_KEYS[piece], n, "takes")
            return 0
        return super().resolve_hit(state, seat, cid, piece, n, by)

    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """Robots are never removed; an effect removing every enemy piece there takes their gears (game option)."""
        if removal.piece not in ROBOT_KEYS:
            return None
        assert seat is not None
        robot = ROBOT_KEYS[removal.piece]
        gears = tb.gears_on(state, seat, robot)
        choice = state.options.get(FULL_REMOVAL) or FULL_REMOVAL_CHOICES[0]
        if removal.cause != BATTLE and gears and choice == "strip":
            tb.set_gears(state, seat, robot, 0)
            state.seats[seat].supply[tb.FAMILY] += gears
            state.say(f"The {robot} is made of metal and stays, but loses its {plural(gears, 'gear')}: it is broken.")
        return CANCEL

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """The Old Man returns to a forest next to his clearing; Meltdown lowers production once per removal."""
        assert seat is not None
        if removed.by == seat:  # the Do-Over: the Tinker takes his own pieces back
            return
        if removed.count(OLD_MAN):
            decisions.push(
                state,
                "faction",
                seat,
                faction=ID,
                what="oldman",
                place=removed.place,
                prompt=f"place the Old Man in a forest next to {place_name(removed.place)} (oldman fX)",
            )
        if removed.count(FACTORY):
            _meltdown(state, seat)

    # --- crafting (OMT.2.1) ---------------------------------------------------------------
    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """Each gear (gear side up) in the Old Man's clearing crafts as its suit."""
        cid = tb.old_man_clearing(state)
        return [] if cid is None else [cid] * tb.tokens_at(state, cid, "gear")

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle is a Daylight action; a battle where a Crusade just went is free (OMT.5)."""
        flags = state.turn.flags_as(TinkerFlags)
        if step != "tinker.actions":
            return ()
        left = flags.get("actions", 0) > 0 or (kind == "battle" and flags.get("crusade") == cid)
        return (None,) if left else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """An action is used, unless it is the battle that follows a Crusade there; a Crusade ends either way."""
        flags = state.turn.flags_as(TinkerFlags)
        if not (kind == "battle" and flags.get("crusade") == cid):
            flags["actions"] -= 1
        flags["crusade"] = None

    # --- Evening (OMT.6.2) ---------------------------------------------------------------
    def draw_bonus(self, state: GameState, seat: int) -> int:
        """Two cards in Evening; none when a card was taken from the discard pile instead (-1 from the usual one)."""
        draws = state.turn.flags_as(TinkerFlags).get("draws")
        return (data()["evening_draw"] if draws is None else int(draws)) - 1

    # --- decisions: the Old Man's forest, the order of Production ------------------------------
    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """Forests next to the Old Man's last clearing; factories still to produce."""
        decision = decisions.context(decision, TinkerChoice)
        if decision["what"] == "oldman":
            for forest in _forests_next_to(state, decision["place"]):
                yield OldMan(forest)
        elif decision["what"] == "produce":
            for cid in decision["left"]:
                yield Produce(cid)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Place the Old Man; or produce at the chosen factory."""
        decision = decisions.context(decision, TinkerChoice)
        seat = decision["seat"]
        if isinstance(action, OldMan):
            state.seats[seat].supply["oldman"] -= 1
            tb.add(state, action.forest, OLD_MAN, 1)
            state.say(f"The Old Man returns to forest {action.forest}.")
            return True
        assert isinstance(action, Produce)
        decision["left"].remove(action.clearing)
        produce(state, seat, action.clearing, scoring=True)
        left = decision["left"]
        if tb.supply(state, seat) <= 0 or tb.supply(state, seat) >= tb.level(state, seat) * len(left):
            for cid in left:  # nothing left to choose: every factory gets its full share, or none gets any
                produce(state, seat, cid, scoring=True)
            decision["left"] = []
        return not decision["left"]

    # --- words ------------------------------------------------------------------------------
    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Tinker's own terms."""
        return why_not(state, seat, action)

    def piece_notes(self, state: GameState, seat: int) -> dict[str, dict[str, str]]:
        """Each robot on the map marked with the gears on its track (0: broken)."""
        notes: dict[str, dict[str, str]] = {}
        for robot in ROBOTS:
            cid = tb.robot_at(state, robot)
            if cid is not None:
                notes.setdefault(str(cid), {})[robot_key(robot)] = str(tb.gears_on(state, seat, robot))
        return notes

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Production, the robots, the Old Man, factories and the actions left."""
        return panel_lines(state, seat)


# --- setup and the Do-Over ---------------------------------------------------------------------


def _forests_next_to(state: GameState, place: Place) -> list[str]:
    """Forests adjacent to a clearing (or, for a forest, the forests sharing a border with it)."""
    board = state.board
    return board.forests_of(place) if isinstance(place, int) else board.forest_neighbours(place)


def _materialize_sites(state: GameState, seat: int) -> Iterator[tuple[int, str]]:
    for cid in tb.fewest_pieces(state, seat):
        for forest in sorted(state.board.forests_of(cid)):
            yield cid, forest


def _materialize(state: GameState, seat: int, cid: int, forest: str) -> None:
    """Robots in the clearing, the Old Man in the forest, two gears on each track, production reset."""
    s = state.seats[seat]
    for robot in ROBOTS:
        s.supply[robot] -= 1
        tb.add(state, cid, robot_key(robot), 1)
        gears = min(data()["starting_gears"], tb.supply(state, seat))
        s.supply[tb.FAMILY] -= gears
        tb.set_gears(state, seat, robot, gears)
    s.supply["oldman"] -= 1
    tb.add(state, forest, OLD_MAN, 1)
    s.data_as(TinkerData)["level"] = data()["production"]["start"]
    s.data_as(TinkerData)["marker"] = data()["marker_start"]
    state.say(
        f"{NAME} materializes: the robots in clearing {cid}, the Old Man in forest {forest}.",
        None,
        ("place", cid, None),
    )


def _do_over(state: GameState, seat: int, cid: int, forest: str) -> None:
    """Take every Tinker piece off the map (no one scores), then set up again."""
    state.say(f"{NAME} does it over.")
    s = state.seats[seat]
    for place in [*state.board.ids(), *state.forests]:
        here = state.clearings[place - 1] if isinstance(place, int) else state.forests[place]
        for piece in [p for p in here if p in ROBOT_KEYS]:
            tb.to_supply(state, seat, place, piece, here[piece])
        plan = {p: n for p, n in here.items() if tb.is_own(p)}
        if plan:
            remove_all(state, place, plan, seat, ABILITY)
    for robot in ROBOTS:
        s.supply[tb.FAMILY] += tb.gears_on(state, seat, robot)
        tb.set_gears(state, seat, robot, 0)
    _materialize(state, seat, cid, forest)


# --- Birdsong: roll, produce, bustle (OMT.4) ------------------------------------------------------


def _roll(state: GameState, seat: int) -> None:
    """Roll one breakage die per production level; each robot shown takes one hit at most."""
    faces = data()["breakage_die"]
    shown = []
    for _ in range(tb.level(state, seat)):
        state.rng, face = below(state.rng, len(faces))
        shown.append(faces[face])
    state.irreversible = True
    state.say(f"{NAME} rolls the breakage dice: {', '.join(shown)}.")
    for robot in ROBOTS:
        if robot in shown:
            _spill(state, seat, robot, 1, "breaks down and loses")


def _spill(state: GameState, seat: int, robot: str, hits: int, how: str) -> None:
    """Each hit takes the leftmost gear off a robot's track and drops it in the robot's clearing."""
    have = tb.gears_on(state, seat, robot)
    n = min(hits, have)
    cid = tb.robot_at(state, robot)
    if n <= 0 or cid is None:
        return
    tb.set_gears(state, seat, robot, have - n)
    tb.add(state, cid, GEAR, n)
    broke = " It is broken." if have == n else ""
    state.say(
        f"The {robot} {how} {plural(n, 'gear')}, dropped in clearing {cid}.{broke}", None, ("place", cid, None)
    )


def produce(state: GameState, seat: int, cid: int, scoring: bool) -> None:
    """Use Production at a factory: tokens equal to the level, marker side up; a point when all were placed."""
    side = tb.marker(state, seat)
    wanted = tb.level(state, seat)
    allowed = may_place(state, ID, cid, tb.category_of_side(side))
    placed = tb.place_tokens(state, seat, side, cid, wanted) if allowed else 0
    state.say(
        f"The factory in clearing {cid} produces {plural(placed, side)}.", None, ("place", cid, None)
    )
    if scoring and placed == wanted:
        score(state, seat, 1, "Production")


def _produce_all(state: GameState, seat: int) -> None:
    """Production at every factory; when the supply can't fill them all, the Tinker chooses the order."""
    sites = tb.factories(state)
    if len(sites) > 1 and tb.supply(state, seat) < tb.level(state, seat) * len(sites):
        decisions.push(
            state,
            "faction",
            seat,
            faction=ID,
            what="produce",
            left=sites,
            prompt="too few tokens for every factory: choose where Production comes first (produce N)",
        )
        return
    for cid in sites:
        produce(state, seat, cid, scoring=True)


def _bustle_options(state: GameState) -> Iterator[Action]:
    """Moves of the Old Man to every adjacent place, carrying each number of gears he may."""
    left = state.turn.flags_as(TinkerFlags).get("bustle", 0)
    here = tb.old_man(state)
    if left <= 0 or here is None:
        return
    board = state.board
    if isinstance(here, int):
        near: list[Place] = [*sorted(board.adjacent_to(here)), *sorted(board.forests_of(here))]
        lying = tb.tokens_at(state, here, "gear")
        least = 0
    else:
        near = [*sorted(board.forests[here].clearings), *board.forest_neighbours(here)]
        lying = least = state.forests[here].get(GEAR, 0)  # gears he carried in must go on with him
    most = min(lying, data()["bustle"]["gears"])
    for dst in near:
        if movement.closed(state, dst):
            continue
        for n in range(least, most + 1):
            if n and isinstance(dst, str) and left < 2:
                continue  # he could not carry them out of the forest again
            yield Bustle(here, dst, n or None)


def _bustle(state: GameState, seat: int, action: Bustle) -> None:
    """Move the Old Man (ignoring rule) with the gears he carries; every seat hears, a fee is owed as usual."""
    state.turn.flags_as(TinkerFlags)["bustle"] -= 1
    n = action.count or 0
    shift(state, OLD_MAN, action.src, action.dst, 1)
    moved = [(OLD_MAN, 1)]
    if n:
        shift(state, GEAR, action.src, action.dst, n)
        moved.append((GEAR, n))
    carried = f" carrying {plural(n, 'gear')}" if n else ""
    state.say(
        f"The Old Man bustles from {place_name(action.src)} to {place_name(action.dst)}{carried}.",
        None,
        ("move", action.src, action.dst),
    )
    movement.arrived(state, seat, moved, action.src, action.dst)


# --- Daylight: craft, actions, build (OMT.5) ------------------------------------------------------


def _craft(state: GameState, seat: int, action: Craft) -> None:
    """Craft, then take the gears that paid back to the supply (they are used up, not activated)."""
    cost = keys()[action.card].cost
    crafting.craft(state, seat, action.card, action.using)
    cid = tb.old_man_clearing(state)
    assert cid is not None
    tb.to_supply(state, seat, cid, GEAR, len(cost))
    state.turn.flags_as(TinkerFlags)["crafted_with"] = {}
    state.say(f"{NAME} returns {plural(len(cost), 'gear')} from clearing {cid} to the supply.")


def _daylight_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    flags = state.turn.flags_as(TinkerFlags)
    follow = flags.get("crusade")
    if follow is not None and verb in (None, "battle"):
        yield from battle.battle_options(state, seat, [follow])
    if flags.get("actions", 0) <= 0:
        return
    here = tb.old_man_clearing(state)
    if here is not None and verb in (None, "tinker"):
        for side, have in (("drone", tb.tokens_at(state, here, "gear")), ("gear", tb.tokens_at(state, here, "drone"))):
            for n in range(1, min(have, data()["tinker_flips"]) + 1):
                yield Flip(side, n)
    if here is not None and verb in (None, "repair"):
        lying = tb.tokens_at(state, here, "gear")
        for robot in tb.robots_in(state, here):
            room = TRACK_SPACES - tb.gears_on(state, seat, robot)
            for n in range(1, min(lying, room, data()["repair_gears"]) + 1):
                yield Repair(robot, n)
    if verb in (None, "crusade"):
        yield from crusade_moves(state, seat)
    if verb in (None, "battle"):
        for b in battle.battle_options(state, seat):
            if b.clearing != follow:
                yield b
    if verb in (None, "overproduce"):
        for cid in tb.factories(state):
            for key in hand.keys_matching(state, seat, suit(state, cid)):
                yield Overproduce(cid, key)


def movable_groups(state: GameState, seat: int, cid: int) -> list[str]:
    """Groups of robots with gears in a clearing that may move together."""
    working = {r for r in tb.robots_in(state, cid) if not tb.broken(state, seat, r)}
    return [g for g in robot_groups() if set(g.split("+")) <= working]


def crusade_moves(state: GameState, seat: int) -> Iterator[Action]:
    """Every move of drones and robots from a clearing to an adjacent one, ruling either end."""
    for src in state.board.ids():
        drones = state.clearings[src - 1].get(DRONE, 0)
        groups: list[str | None] = [None, *movable_groups(state, seat, src)]
        if not drones and len(groups) == 1:
            continue
        for dst in sorted(state.board.adjacent_to(src) | landmarks.ferry_links(state, src)):  # the Ferry too (25.3.5)
            if movement.closed(state, dst) or not (rules(state, seat, src) or rules(state, seat, dst)):
                continue
            if not movement.fee_payable(state, seat, src, dst):
                continue
            for group in groups:
                for n in range(0 if group else 1, drones + 1):
                    yield Crusade(src, dst, n or None, group)


def _daylight_action(state: GameState, seat: int, action: Action) -> None:
    flags = state.turn.flags_as(TinkerFlags)
    if isinstance(action, Battle) and flags.get("crusade") == action.clearing:
        flags["crusade"] = None
        battle.start(state, seat, action.clearing, action.defender)
        return
    flags["actions"] -= 1
    flags["crusade"] = None
    if isinstance(action, Battle):
        battle.start(state, seat, action.clearing, action.defender)
    elif isinstance(action, Flip):
        _flip(state, action.side, action.count)
    elif isinstance(action, Repair):
        _repair(state, seat, action.robot, action.count)
    elif isinstance(action, Crusade):
        _crusade_move(state, seat, action)
        flags["crusade"] = action.dst
    elif isinstance(action, Overproduce):
        spent = hand.spend(state, seat, action.card)
        state.say(f"{NAME} spends {label(spent)} to overproduce.")
        produce(state, seat, action.clearing, scoring=False)


def _flip(state: GameState, side: str, n: int) -> None:
    cid = tb.old_man_clearing(state)
    assert cid is not None
    old = tb.SIDES[tb.other_side(side)]
    tb.take_off(state, cid, old, n)
    tb.add(state, cid, tb.SIDES[side], n)
    state.say(f"{NAME} tinkers: {plural(n, 'token')} in clearing {cid} flipped to the {side} side.")


def _repair(state: GameState, seat: int, robot: str, n: int) -> None:
    cid = tb.old_man_clearing(state)
    assert cid is not None
    tb.take_off(state, cid, GEAR, n)
    tb.set_gears(state, seat, robot, tb.gears_on(state, seat, robot) + n)
    state.say(f"{NAME} repairs the {robot} with {plural(n, 'gear')} in clearing {cid}.")


def _crusade_move(state: GameState, seat: int, action: Crusade) -> None:
    """Move drones and robots (with their gears); every seat hears the robots as the warriors they carry."""
    src, dst, n = action.src, action.dst, action.count or 0
    robots = action.robots.split("+") if action.robots else []
    if n:
        shift(state, DRONE, src, dst, n)
    for robot in robots:
        shift(state, robot_key(robot), src, dst, 1)
    warriors = n + sum(tb.gears_on(state, seat, r) for r in robots)
    who = ", ".join([*([plural(n, "drone")] if n else []), *(f"the {r}" for r in robots)])
    state.say(
        f"{NAME} crusades from {src} to {dst} with {who} ({plural(warriors, 'warrior')}).", None, ("move", src, dst)
    )
    movement.arrived(state, seat, [(DRONE, n)] if n else [], src, dst)
    for robot in robots:
        listeners.entered(state, Entered(robot_key(robot), 1, src, dst, seat, tb.gears_on(state, seat, robot)))


# --- Meltdown and production changes (OMT.2.5, OMT.6.1) --------------------------------------


def _meltdown(state: GameState, seat: int) -> None:
    """Factories removed: production drops by one, once however many went at once."""
    data_ = state.seats[seat].data_as(TinkerData)
    if data_.get("meltdown") == state.version:
        return
    data_["meltdown"] = state.version
    low = data()["production"]["lowest"]
    before = tb.level(state, seat)
    data_["level"] = max(low, before - 1)
    if data_["level"] < before:
        state.say(f"Meltdown: {NAME}'s production level drops to {data_['level']}.")
    else:
        state.say(f"Meltdown: {NAME}'s production level is already at its lowest ({low}).")


def _restructure_options(state: GameState, seat: int) -> Iterator[Action]:
    sites = tb.factories(state)
    if not sites:
        return
    matching: list[str] = []
    for cid in sites:
        matching += [k for k in hand.keys_matching(state, seat, suit(state, cid)) if k not in matching]
    rng = data()["production"]
    changes = [
        c
        for c, ok in (
            ("up", tb.level(state, seat) < rng["highest"]),
            ("down", tb.level(state, seat) > rng["lowest"]),
            ("flip", True),
        )
        if ok
    ]
    for change in changes:
        for key in sorted(matching):
            yield Restructure(change, key)


def _restructure(state: GameState, seat: int, action: Restructure) -> None:
    spent = hand.spend(state, seat, action.card)
    d = state.seats[seat].data_as(TinkerData)
    if action.change == "flip":
        d["marker"] = tb.other_side(tb.marker(state, seat))
        what = f"flips the production marker to the {d['marker']} side"
    else:
        d["level"] = tb.level(state, seat) + (1 if action.change == "up" else -1)
        what = f"sets the production level to {d['level']}"
    state.say(f"{NAME} spends {label(spent)} and {what}.")


def _salvageable(state: GameState) -> list[str]:
    """Cards in the discard pile matching the Old Man's clearing (birds match any)."""
    cid = tb.old_man_clearing(state)
    if cid is None:
        return []
    wanted = suit(state, cid)
    return sorted({card(c).key for c in state.discard if card(c).matches(wanted)})


def _salvage(state: GameState, seat: int, key: str) -> None:
    cid = next(c for c in reversed(state.discard) if card(c).key == key)
    state.discard.remove(cid)
    state.seats[seat].hand.append(cid)
    state.turn.flags_as(TinkerFlags)["draws"] = 0
    state.irreversible = True
    state.say(f"{NAME} takes {label(cid)} from the discard pile instead of drawing.")


registry.register(Tinker())
