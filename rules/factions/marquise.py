"""Marquise de Cat: the keep, wood and supply lines, three building tracks, Field Hospitals."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations, combinations_with_replacement
from typing import ClassVar

from rules import battle, crafting, decisions, hand, movement, registry
from rules.actions import (
    CARD,
    CLEARING,
    Action,
    Battle,
    Build,
    Craft,
    Move,
    Pass,
    Recruit,
    register,
)
from rules.cards import keys
from rules.examples import Examples
from rules.factions.base import Faction
from rules.hooks import Removed
from rules.map_pieces import may_place, on_map, open_slots, place, suit, why_not_place
from rules.modes.base import starting_corners
from rules.pieces import BUILDING, TOKEN, WARRIOR, PieceKind
from rules.rule import ruled_by, rules
from rules.scoring import score
from rules.state import Decision, GameState, SeatData, TurnFlags
from rules.words import plural

ID = "marquise"
BUILDINGS = ("sawmill", "workshop", "recruiter")
COST = (0, 1, 2, 3, 3, 4)
POINTS = {
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}
DRAW_BONUS_AT = (3, 5)


@register
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Marquise setup: place the keep in a corner clearing."""

    verb: ClassVar[str] = "keep"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register
@dataclass(frozen=True, slots=True)
class Overwork(Action):
    """Spend a card matching a sawmill's clearing to place a wood there."""

    verb: ClassVar[str] = "overwork"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("card", CARD))
    clearing: int
    card: str


@register
@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Spend a bird card for one extra Daylight action."""

    verb: ClassVar[str] = "hire"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register
@dataclass(frozen=True, slots=True)
class Wood(Action):
    """Choose where one wood goes when there is not enough for every sawmill."""

    verb: ClassVar[str] = "wood"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register
@dataclass(frozen=True, slots=True)
class Hospital(Action):
    """Field Hospitals: spend a card matching the clearing to return removed warriors to the keep."""

    verb: ClassVar[str] = "hospital"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


def keep_clearing(state: GameState) -> int | None:
    """Where the keep stands, if it is on the map."""
    for cid, pieces in enumerate(state.clearings, start=1):
        if pieces.get("marquise:keep"):
            return cid
    return None


def wood_reachable(state: GameState, seat: int, cid: int, ruled: set[int] | None = None) -> list[int]:
    """Clearings whose wood can pay for a build in cid: it, then those joined through ruled clearings."""
    mine = set(ruled_by(state, seat)) if ruled is None else ruled
    seen = [cid]
    frontier = [cid]
    while frontier:
        nxt = []
        for c in frontier:
            for n in sorted(state.board.adjacent_to(c)):
                if n not in seen and n in mine:
                    seen.append(n)
                    nxt.append(n)
        frontier = nxt
    return seen


def wood_available(state: GameState, seat: int, cid: int, ruled: set[int] | None = None) -> int:
    """Wood that could pay for a build in cid."""
    return sum(wood_sources(state, seat, cid, ruled).values())


def wood_sources(state: GameState, seat: int, cid: int, ruled: set[int] | None = None) -> dict[int, int]:
    """Wood per clearing that could pay for a build in cid, nearest first."""
    out = {}
    for c in wood_reachable(state, seat, cid, ruled):
        n = state.clearings[c - 1].get("marquise:wood", 0)
        if n:
            out[c] = n
    return out


def default_wood(sources: dict[int, int], cost: int) -> tuple[int, ...]:
    """The wood the engine takes when the Marquise does not say: nearest first."""
    taken: list[int] = []
    for c, n in sources.items():
        taken += [c] * min(n, cost - len(taken))
    return tuple(sorted(taken))


def wood_choices(sources: dict[int, int], cost: int) -> list[tuple[int, ...]]:
    """Every different set of clearings the wood for a build could come from."""
    if cost == 0 or sum(sources.values()) < cost:
        return []
    return [
        combo
        for combo in combinations_with_replacement(sorted(sources), cost)
        if all(combo.count(c) <= sources[c] for c in set(combo))
    ]


def build_wood(state: GameState, seat: int, kind: str, cid: int) -> tuple[int, ...]:
    """The wood a build takes when the Marquise does not say where from: nearest first."""
    return default_wood(wood_sources(state, seat, cid), COST[on_map(state, ID, kind)])


def recruit_spots(state: GameState) -> list[int]:
    """Where a recruit places warriors: each recruiter's clearing (a clearing twice for two recruiters), where no
    other faction forbids placing one (a face-up snare)."""
    return [
        cid
        for cid in state.board.ids()
        for _ in range(state.clearings[cid - 1].get("marquise:recruiter", 0))
        if placeable(state, cid, WARRIOR)
    ]


def placeable(state: GameState, cid: int, category: str) -> bool:
    """Whether the Marquise may place a piece of a category in a clearing: no other faction forbids it (a face-up
    snare, overgrowth, a torch); the engines before revision 10 let her recruit, produce wood and overwork anywhere."""
    return (state.legacy is not None and state.legacy.marquise_places_anywhere) or may_place(state, ID, cid, category)


def build_cost(state: GameState, kind: str) -> int | None:
    """Wood cost of the next building of a kind, or None when all are placed."""
    placed = 6 - state.seats[state.seat_of(ID) or 0].supply.get(kind, 0)
    return COST[placed] if placed < 6 else None


class MarquiseChoice(Decision, total=False):
    """The Marquise's own decisions: Field Hospitals for `count` warriors removed in `clearing`, or which sawmills
    still `left` get wood."""

    clearing: int
    count: int
    left: list[int]


class MarquiseData(SeatData, total=False):
    """The Marquise's own data: whether the keep was lost (no more Field Hospitals)."""

    keep_lost: bool


class MarquiseFlags(TurnFlags, total=False):
    """The Marquise's turn: actions left, the march's second move, whether she recruited."""

    actions: int
    march: int
    recruited: bool


class Marquise(Faction):
    """The Marquise de Cat."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = "Marquise de Cat"
    aliases: ClassVar[tuple[str, ...]] = ("cats", "cat", "mdc", "marquise-de-cat")
    colour: ClassVar[str] = "#E69F00"
    setup_order: ClassVar[int] = 1
    order: ClassVar[int | None] = 30
    examples: ClassVar[Examples | None] = Examples("alice")
    reach: ClassVar[int] = 10
    crafting_kind: ClassVar[str | None] = "workshop"
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, 25, "Warrior", "circle"),
        PieceKind(ID, "sawmill", BUILDING, 6, "Sawmill", "square", "S"),
        PieceKind(ID, "workshop", BUILDING, 6, "Workshop", "square", "W"),
        PieceKind(ID, "recruiter", BUILDING, 6, "Recruiter", "square", "R"),
        PieceKind(ID, "wood", TOKEN, 8, "Wood", "log"),
        PieceKind(ID, "keep", TOKEN, 1, "Keep", "tower", "K"),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": ("marquise.wood",),
        "daylight": ("marquise.craft", "marquise.actions"),
        "evening": (),
    }

    # --- setup ---------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Supplies; the keep and buildings are placed by setup choices."""
        super().setup(state, seat)
        state.seats[seat].data = MarquiseData(setup="keep", keep_lost=False)

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Keep first, then buildings."""
        if state.seats[seat].data_as(MarquiseData)["setup"] == "keep":
            return "place the keep in a corner clearing (keep N)"
        left = [k for k in BUILDINGS if on_map(state, ID, k) == 0]
        names = f"{', '.join(left[:-1])} and {left[-1]}" if len(left) > 1 else left[0]
        return f"place the starting {names} in or next to the keep's clearing (build KIND N)"

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The keep's corner."""
        return keep_clearing(state)

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Keep corner first, then the three starting buildings."""
        data = state.seats[seat].data_as(MarquiseData)
        if data["setup"] == "keep":
            for cid in starting_corners(state, seat, lambda c: not any(state.clearings[c - 1].values())):
                yield Keep(cid)
            return
        keep = keep_clearing(state)
        assert keep is not None
        for kind in BUILDINGS:
            if on_map(state, ID, kind) == 0:
                for cid in sorted({keep, *state.board.adjacent_to(keep)}):
                    if open_slots(state, cid) > 0 and may_place(state, ID, cid):
                        yield Build(kind, cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Place the keep and garrison, or one starting building."""
        data = state.seats[seat].data_as(MarquiseData)
        if isinstance(action, Keep):
            place(state, seat, "keep", action.clearing)
            far = state.board.opposite(action.clearing)
            for cid in state.board.ids():
                if cid != far and state.board.map_of(cid) == state.board.map_of(action.clearing):
                    place(state, seat, "warrior", cid)
            data["setup"] = "buildings"
            state.say(f"The Marquise de Cat places the keep in clearing {action.clearing} and a garrison.")
            return False
        assert isinstance(action, Build)
        place(state, seat, action.kind, action.clearing)
        state.say(f"The Marquise de Cat places a starting {action.kind} in clearing {action.clearing}.")
        done = all(on_map(state, ID, k) for k in BUILDINGS)
        if done:
            data["setup"] = "done"
        return done

    # --- turn ----------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Birdsong wood; Daylight sets up three actions."""
        if step == "marquise.wood":
            self._place_wood(state, seat)
        elif step == "marquise.actions":
            state.turn.flags_as(MarquiseFlags).update({"actions": 3, "march": 0, "recruited": False})

    def _place_wood(self, state: GameState, seat: int) -> None:
        sawmills = [
            cid
            for cid in state.board.ids()
            for _ in range(state.clearings[cid - 1].get("marquise:sawmill", 0))
            if placeable(state, cid, TOKEN)
        ]
        wood = state.seats[seat].supply.get("wood", 0)
        if not sawmills:
            return
        if wood >= len(sawmills):
            for cid in sawmills:
                place(state, seat, "wood", cid)
            state.say(
                f"The Marquise de Cat places {len(sawmills)} wood at her sawmills.",
                None,
                *[("place", c, None) for c in sorted(set(sawmills))],
            )
        elif wood > 0:
            decisions.push(
                state,
                "faction",
                seat,
                faction=ID,
                what="wood",
                left=sawmills,
                prompt="choose where wood goes (not enough for every sawmill)",
            )

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Crafting and actions wait for the player."""
        return step in ("marquise.craft", "marquise.actions")

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Crafting, then battle, march, recruit, build, overwork and hiring birds."""
        if step == "marquise.craft":
            if verb in (None, "craft"):
                yield from crafting.craft_options(state, seat)
            return
        if step != "marquise.actions":
            return
        flags = state.turn.flags_as(MarquiseFlags)
        actions = flags["actions"]
        if verb in (None, "move") and (actions > 0 or flags["march"] > 0):
            yield from movement.move_options(state, seat)
        if verb in (None, "hire"):
            for key in hand.keys_matching(state, seat, "bird"):
                yield Hire(key)
        if actions <= 0:
            return
        if verb in (None, "battle"):
            yield from battle.battle_options(state, seat)
        if verb in (None, "recruit"):
            yield from self._recruit_options(state, seat)
        if verb in (None, "build"):
            yield from self._build_options(state, seat)
        if verb in (None, "overwork") and state.seats[seat].supply.get("wood", 0) > 0:
            for cid in state.board.ids():
                if state.clearings[cid - 1].get("marquise:sawmill") and placeable(state, cid, TOKEN):
                    for key in hand.keys_matching(state, seat, suit(state, cid)):
                        yield Overwork(cid, key)

    def _recruit_options(self, state: GameState, seat: int) -> Iterator[Action]:
        if state.turn.flags_as(MarquiseFlags)["recruited"]:
            return
        spots = recruit_spots(state)
        supply = state.seats[seat].supply.get("warrior", 0)
        if not spots or supply <= 0:
            return
        if supply >= len(spots):
            yield Recruit()
            return
        for combo in sorted(set(combinations(spots, supply))):
            yield Recruit(tuple(combo))

    def _build_options(self, state: GameState, seat: int) -> Iterator[Build]:
        ruled = set(ruled_by(state, seat))
        sites = [c for c in sorted(ruled) if open_slots(state, c) > 0 and may_place(state, ID, c)]
        sources = {c: wood_sources(state, seat, c, ruled) for c in sites}
        for kind in BUILDINGS:
            cost = build_cost(state, kind)
            if cost is None:
                continue
            for cid in sites:
                if sum(sources[cid].values()) < cost:
                    continue
                yield Build(kind, cid)
                default = default_wood(sources[cid], cost)
                for combo in wood_choices(sources[cid], cost):
                    if combo != default:
                        yield Build(kind, cid, None, combo)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Resolve a crafting or Daylight action."""
        flags = state.turn.flags_as(MarquiseFlags)
        if isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
            return
        if isinstance(action, Hire):
            self.interrupt(state, seat)
            hand.spend(state, seat, action.card)
            flags["actions"] += 1
            state.say("The Marquise de Cat spends a bird card for an extra action.")
            return
        if isinstance(action, Move):
            self.spend_action(state, seat, step, "move", int(action.src), None)
            movement.move(state, seat, action.src, action.dst, action.count)
            return
        flags["actions"] -= 1
        flags["march"] = 0
        if isinstance(action, Battle):
            battle.start(state, seat, action.clearing, action.defender)
        elif isinstance(action, Recruit):
            self._recruit(state, seat, action)
        elif isinstance(action, Build):
            self._build(state, seat, action.kind, action.clearing, action.wood)
        elif isinstance(action, Overwork):
            hand.spend(state, seat, action.card)
            place(state, seat, "wood", action.clearing)
            state.say(
                f"The Marquise de Cat overworks the sawmill in clearing {action.clearing}.",
                None,
                ("place", action.clearing, None),
            )

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move is one of a march's two (or starts a march); a battle is a whole Daylight action."""
        flags = state.turn.flags_as(MarquiseFlags)
        if step != "marquise.actions":
            return ()
        left = flags.get("actions", 0) > 0 or (kind == "move" and flags.get("march", 0) > 0)
        return (None,) if left else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """A move uses up a march's move (a new march costs an action); a battle costs an action and ends a march."""
        flags = state.turn.flags_as(MarquiseFlags)
        if kind == "move" and flags["march"] > 0:
            flags["march"] -= 1
        elif kind == "move":
            flags["actions"] -= 1
            flags["march"] = 1
        else:
            flags["actions"] -= 1
            flags["march"] = 0

    def _recruit(self, state: GameState, seat: int, action: Recruit) -> None:
        state.turn.flags_as(MarquiseFlags)["recruited"] = True
        spots = list(action.clearings) or recruit_spots(state)
        for cid in spots:
            place(state, seat, "warrior", cid)
        state.say(
            f"The Marquise de Cat recruits {plural(len(spots), 'warrior')}.",
            None,
            *[("place", c, None) for c in sorted(set(spots))],
        )

    def _build(self, state: GameState, seat: int, kind: str, cid: int, wood: tuple[int, ...] = ()) -> None:
        placed = on_map(state, ID, kind)
        paid = wood or build_wood(state, seat, kind, cid)
        for source in paid:
            pieces = state.clearings[source - 1]
            pieces["marquise:wood"] -= 1
            if not pieces["marquise:wood"]:
                del pieces["marquise:wood"]
            state.seats[seat].supply["wood"] += 1
        place(state, seat, kind, cid)
        state.say(f"The Marquise de Cat builds a {kind} in clearing {cid}.", None, ("place", cid, None))
        score(state, seat, POINTS[kind][placed], f"building a {kind}")

    def spelled_out(self, state: GameState, seat: int, action: Action) -> Action:
        """A plain Daylight build with the wood it takes written out; a plain recruit with each recruiter's clearing."""
        if state.turn.step != "marquise.actions":
            return action
        if isinstance(action, Build) and not action.wood:
            return replace(action, wood=build_wood(state, seat, action.kind, action.clearing))
        if isinstance(action, Recruit) and not action.clearings:
            return replace(action, clearings=tuple(recruit_spots(state)))
        return action

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """Crafting, then actions."""
        if step == "marquise.craft":
            return "craft with workshops, or end crafting"
        left = state.turn.flags_as(MarquiseFlags).get("actions", 0)
        march = ", one more march move" if state.turn.flags_as(MarquiseFlags).get("march") else ""
        listed = "battle, march (move), recruit, build, overwork, hire"
        return f"take Daylight actions ({left} left{march}: {listed}) or end"

    def interrupt(self, state: GameState, seat: int) -> None:
        """A march can't be interrupted: an effect used after its first move ends it."""
        if state.turn.flags_as(MarquiseFlags).get("march"):
            state.turn.flags_as(MarquiseFlags)["march"] = 0

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Crafting needs unused workshops; Daylight actions may always hire with a bird or overwork."""
        if step == "marquise.craft":
            return bool(crafting.power(state, seat))
        return step == "marquise.actions"

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """Both Daylight steps may be ended at will."""
        return True

    # --- hooks ---------------------------------------------------------------
    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One extra card at 3 recruiters on the map, two at 5."""
        placed = on_map(state, ID, "recruiter")
        return sum(1 for at in DRAW_BONUS_AT if placed >= at)

    def blocks_placement(
        self, state: GameState, seat: int, placer: str, cid: int, category: str | None = None
    ) -> bool:
        """Only the Marquise places pieces in the keep's clearing."""
        return placer != ID and keep_clearing(state) == cid

    def placement_refusal(self, state: GameState, seat: int, cid: int) -> str:
        """The keep's clearing takes no one else's pieces."""
        return f"the keep is in clearing {cid}: only the Marquise de Cat places pieces there"

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Losing the keep is for good; removed warriors may go to Field Hospitals."""
        assert seat is not None
        if removed.count("marquise:keep"):
            state.seats[seat].data_as(MarquiseData)["keep_lost"] = True
        lost = removed.count("marquise:warrior")
        keep = keep_clearing(state)
        cid = removed.place
        hospital = keep is not None and placeable(state, keep, WARRIOR)
        if lost and hospital and state.seats[seat].hand and isinstance(cid, int):
            decisions.push(
                state,
                "faction",
                seat,
                faction=ID,
                what="hospital",
                clearing=cid,
                count=lost,
                prompt=(
                    f"use Field Hospitals (spend a {suit(state, cid)} card to send {plural(lost, 'warrior')} "
                    "to the keep) or pass"
                ),
            )

    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """Field Hospitals and wood shortage choices."""
        decision = decisions.context(decision, MarquiseChoice)
        seat = decision["seat"]
        if decision["what"] == "hospital":
            if keep_clearing(state) is None:
                return
            yield Pass()
            for key in hand.keys_matching(state, seat, suit(state, decision["clearing"])):
                yield Hospital(key)
        elif decision["what"] == "wood":
            for cid in sorted(set(decision["left"])):
                yield Wood(cid)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Resolve Field Hospitals or place one wood."""
        decision = decisions.context(decision, MarquiseChoice)
        seat = decision["seat"]
        if isinstance(action, Hospital):
            hand.spend(state, seat, action.card)
            keep = keep_clearing(state)
            assert keep is not None
            n = place(state, seat, "warrior", keep, decision["count"])
            state.say(
                f"Field Hospitals: the Marquise de Cat returns {plural(n, 'warrior')} to the keep in clearing {keep}.",
                None,
                ("place", keep, None),
            )
            return True
        if isinstance(action, Wood):
            place(state, seat, "wood", action.clearing)
            decision["left"].remove(action.clearing)
            state.say(
                f"The Marquise de Cat places a wood in clearing {action.clearing}.",
                None,
                ("place", action.clearing, None),
            )
            return state.seats[seat].supply.get("wood", 0) <= 0 or not decision["left"]
        return True

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Marquise's own terms."""
        if state.pending and state.pending[0]["kind"] == "setup":
            return self._why_not_setup(state, seat, action)
        if state.pending:
            return None
        step = state.turn.step
        if step != "marquise.actions" and isinstance(action, (Build, Recruit, Overwork, Battle, Move, Hire)):
            return "the Marquise takes that action in Daylight, after crafting"
        flags = state.turn.flags_as(MarquiseFlags)
        if isinstance(action, Move) and flags.get("actions", 0) <= 0 and flags.get("march", 0) <= 0:
            return "you have no actions left (spend a bird card with 'hire' for another)"
        if not isinstance(action, (Move, Hire)) and flags.get("actions", 0) <= 0:
            return "you have no actions left (spend a bird card with 'hire' for another)"
        if isinstance(action, Build):
            return self._why_not_build(state, seat, action)
        if isinstance(action, Recruit):
            if flags.get("recruited"):
                return "you already recruited this turn"
            sites = [c for c in state.board.ids() if state.clearings[c - 1].get("marquise:recruiter")]
            reasons = [r for c in sites if (r := why_not_place(state, ID, c, WARRIOR))]
            if sites and len(reasons) == len(sites):
                return "; ".join(reasons)
            return "you have no recruiters on the map, or no warriors left in your supply"
        if isinstance(action, Overwork):
            if not state.clearings[action.clearing - 1].get("marquise:sawmill"):
                return f"there is no sawmill in clearing {action.clearing}"
            if not hand.holds(state, seat, action.card):
                return f"{keys()[action.card].name} is not in your hand"
            if state.seats[seat].supply.get("wood", 0) <= 0:
                return "all eight wood are already on the map"
            kept = why_not_place(state, ID, action.clearing, TOKEN)
            if kept:
                return kept
            return (
                f"{keys()[action.card].name} does not match clearing {action.clearing} ({suit(state, action.clearing)})"
            )
        if isinstance(action, Hire):
            return "hiring needs a bird card from your hand"
        return None

    def _why_not_setup(self, state: GameState, seat: int, action: Action) -> str | None:
        board = state.board
        if isinstance(action, Keep):
            if state.seats[seat].data_as(MarquiseData)["setup"] != "keep":
                return "the keep is already placed"
            spots = [a.clearing for a in self.setup_legal(state, seat) if isinstance(a, Keep)]
            if action.clearing not in board.corners() and all(c in board.corners() for c in spots):
                return f"the keep goes in a corner clearing ({', '.join(map(str, spots))}), not {action.clearing}"
            if action.clearing not in spots:
                return f"the keep goes in clearing {' or '.join(map(str, spots))} now, not {action.clearing}"
            return f"clearing {action.clearing} is already taken"
        if isinstance(action, Build):
            keep = keep_clearing(state)
            if keep is None:
                return "place the keep first (keep N)"
            if action.kind not in BUILDINGS:
                return f"the Marquise builds sawmills, workshops and recruiters, not {action.kind}"
            if on_map(state, ID, action.kind):
                return f"the starting {action.kind} is already placed"
            if action.clearing != keep and not board.adjacent(keep, action.clearing):
                return f"starting buildings go in the keep's clearing ({keep}) or next to it, not {action.clearing}"
            return f"clearing {action.clearing} has no open building slot"
        return None

    def _why_not_build(self, state: GameState, seat: int, action: Build) -> str | None:
        if action.kind not in BUILDINGS:
            return f"the Marquise builds sawmills, workshops and recruiters, not {action.kind}"
        cost = build_cost(state, action.kind)
        if cost is None:
            return f"all six {action.kind}s are already on the map"
        if not rules(state, seat, action.clearing):
            return f"you don't rule clearing {action.clearing}"
        blocked = why_not_place(state, ID, action.clearing)
        if blocked:
            return blocked
        if open_slots(state, action.clearing) <= 0:
            return f"clearing {action.clearing} has no open building slot"
        if action.wood:
            sources = wood_sources(state, seat, action.clearing)
            if len(action.wood) != cost:
                return f"a {action.kind} costs {cost} wood; name {cost} wood, not {len(action.wood)}"
            for c in set(action.wood):
                if action.wood.count(c) > sources.get(c, 0):
                    return f"there is not that much wood in clearing {c} connected to clearing {action.clearing}"
        have = wood_available(state, seat, action.clearing)
        return (
            f"a {action.kind} costs {cost} wood, and only {have} wood is connected "
            f"to clearing {action.clearing} through clearings you rule"
        )

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Buildings left, next costs, wood, the keep and the actions left."""
        s = state.seats[seat]
        lines = []
        for kind in BUILDINGS:
            placed = on_map(state, ID, kind)
            nxt = f"next costs {COST[placed]} wood, scores {POINTS[kind][placed]}" if placed < 6 else "all placed"
            lines.append(f"{kind.title()}s {placed}/6 ({nxt})")
        lines.append(f"Wood in supply: {s.supply.get('wood', 0)}/8")
        lines.append(_keep_line(state, seat))
        if state.turn.seat == seat and state.turn.step == "marquise.actions":
            lines.append(f"Actions left: {state.turn.flags_as(MarquiseFlags).get('actions', 0)}")
        return lines


def _keep_line(state: GameState, seat: int) -> str:
    """Where the keep is: not placed yet during setup, on a clearing, or lost for good."""
    keep = keep_clearing(state)
    if keep is not None:
        return f"Keep: clearing {keep}"
    if state.seats[seat].data_as(MarquiseData).get("keep_lost"):
        return "Keep: lost (no Field Hospitals)"
    return "Keep: not placed yet"


registry.register(Marquise())
