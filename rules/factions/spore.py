"""The Spore (fan faction, seed 000): mushrooms, the mycelium network, infection of other factions' warriors.

The Spore has no warriors of its own: enemy warriors it infects are stored under `owner:warrior:spore`
(the owner's box takes them back when they are removed) and fight, rule and move for the Spore. Sections
named "TS.x.y" are the seed's; every reading of a loose sentence is in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import ClassVar, NotRequired, cast

from rules import battle, crafting, decisions, hand, movement, registry, rng
from rules.actions import CARD, CLEARING, CLEARINGS, FACTION, PATH, Action, Battle, Craft, Move, register_for
from rules.board import load_board
from rules.cards import keys, label
from rules.examples import ExampleGame, Examples
from rules.factions.base import Faction, standard_hit_options
from rules.hooks import Entered
from rules.map_pieces import may_place, on_map, pinned, place, suit, why_not_place
from rules.modes.base import may_set_up
from rules.options import GameOption
from rules.pieces import ABILITY, BATTLE, BUILDING, PAWN, TOKEN, WARRIOR, PieceKind, kind_of_key, parse_key
from rules.removal import remove_all, take
from rules.rule import enemies
from rules.scoring import score
from rules.state import BattleState, Decision, GameState, SeatData, TurnFlags
from rules.words import plural

ID = "spore"
NAME = "The Spore"

# --- counts and tracks (data) -------------------------------------------------------------------------------
MUSHROOMS = 15
MYCELIUM = 10
MARKERS = 20
"""Infection markers: one sits on each infected warrior; with none left, no more warriors are infected."""
DRAW_BONUS_AT = (4, 8)
"""Mycelium on the map that uncover a draw bonus on the track (one card each)."""
COMMANDS = 3
"""Actions of the infected each Daylight (TS.5.2)."""
SPORES_AT = 3
"""Mushrooms a clearing needs to spread spores from it (TS.5.1)."""
GROUND_WORTH = 1.0
"""What a clearing with mushrooms is worth to an automated player's evaluation of the Spore, in victory points: it
scores one every Evening (TS.6), so every faction sees what cutting it off is worth and the Spore what growing is."""
INFECTED_WORTH = 0.3
"""What an infected warrior is worth to the Spore in an automated player's evaluation on top of a plain warrior's
weight: they are its only warriors, which craft with mushrooms, rule and battle for it."""
RULES_AT = 2
"""Mushrooms that rule a clearing outright and overgrow enemy buildings and tokens (TS.2.3)."""
WHEN = {
    "grow": "mushrooms grow in Birdsong",
    "mycelium": "mycelium grows in Birdsong, after mushrooms",
    "spores": "spores spread at the start of Daylight",
}

HOMELAND = f"{ID}:homeland"
MUSHROOM = f"{ID}:mushroom"
COVERED = f"{ID}:mycelium"
UNCOVERED = f"{ID}:uncovered"

# --- game options (docs/rulings.md) ----------------------------------------------------------------------------
INFECTION_OPTION = "spore_infection"
"""TS.4.1 'next to a clearing with a mushroom': "near" (in or adjacent, the default) or "adjacent" (only adjacent)."""
MYCELIUM_HITS_OPTION = "spore_mycelium_hits"
"""TS.2.2 hits a covered mycelium can take in one battle: 2 (uncovered, then removed; the default) or 1."""
OVERGROWTH_OPTION = "spore_overgrowth"
"""TS.2.3 two mushrooms: "standing" (enemy buildings and tokens never stay there; the default) or "growth" (removed
only when a growth brings the clearing to two)."""
OVERGROWTH_READINGS = ("standing", "growth")
GAME_OPTIONS = (
    GameOption(
        INFECTION_OPTION, ("near", "adjacent"), "Birdsong infects in and next to mushrooms, or next only", "TS.4.1"
    ),
    GameOption(MYCELIUM_HITS_OPTION, (2, 1), "hits a covered mycelium can take in one battle", "TS.2.2"),
    GameOption(
        OVERGROWTH_OPTION,
        OVERGROWTH_READINGS,
        "two mushrooms overgrow what comes in later (standing) or only at the growth (growth)",
        "TS.2.3",
    ),
)


def infection_reach(state: GameState) -> str:
    """How far Birdsong infection reaches from a mushroom: 'near' or 'adjacent'."""
    return str(state.options.get(INFECTION_OPTION) or "near")


def covered_hits(state: GameState) -> int:
    """Hits a covered mycelium can take in one battle."""
    return int(state.options.get(MYCELIUM_HITS_OPTION) or 2)


def overgrowth(state: GameState) -> str:
    """How TS.2.3's removal is read: 'standing' or 'growth'."""
    older = state.legacy is not None and state.legacy.overgrowth_at_growth  # before 9155c06
    return str(state.options.get(OVERGROWTH_OPTION) or ("growth" if older else "standing"))


# --- actions --------------------------------------------------------------------------------------------------


class SporeBattle(BattleState):
    """A battle with the Spore's own key: how many covered mycelia its hits have uncovered so far."""

    spore_flipped: NotRequired[int]


def _spore_battle(b: BattleState) -> SporeBattle:
    return cast(SporeBattle, b)


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Homeland(Action):
    """Setup: choose the homeland clearing (the Homeland Mushroom, a mushroom and a mycelium go there)."""

    verb: ClassVar[str] = "homeland"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Grow(Action):
    """Grow a mushroom in the connected network (sacrifice: whose infected warrior pays for the second one)."""

    verb: ClassVar[str] = "grow"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("sacrifice", FACTION))
    field_help: ClassVar[Mapping[str, str]] = {"sacrifice": "the faction whose infected warrior is sacrificed"}
    clearing: int
    sacrifice: str | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Mycelium(Action):
    """Grow mycelium next to the connected network: a card matching the clearing, or a bird card for two clearings."""

    verb: ClassVar[str] = "mycelium"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearings", CLEARINGS), ("card", CARD))
    clearings: tuple[int, ...]
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Spores(Action):
    """Spread spores from a clearing with three or more mushrooms to any clearing: the battle die infects."""

    verb: ClassVar[str] = "spores"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("src", PATH),)
    moves_pieces: ClassVar[bool] = False  # the path aims the spores: nothing leaves src
    src: int
    dst: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Cover(Action):
    """Command the infected: flip an uncovered mycelium in their clearing back to covered."""

    verb: ClassVar[str] = "cover"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Infect(Action):
    """Choose whose warrior (or pawn) is infected next in a clearing."""

    verb: ClassVar[str] = "infect"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("owner", FACTION))
    clearing: int
    owner: str


# --- the map: mushrooms, the network, the infected --------------------------------------------------------------


def mushrooms(state: GameState, cid: int) -> int:
    """Mushrooms in a clearing (the Homeland Mushroom counts as one)."""
    pieces = state.clearings[cid - 1]
    return pieces.get(MUSHROOM, 0) + pieces.get(HOMELAND, 0)


def mushroom_cap(state: GameState, cid: int) -> int:
    """The most mushrooms a clearing can hold: its building slots plus one."""
    return state.board.clearing(cid).slots + 1


def has_mycelium(state: GameState, cid: int) -> bool:
    """Whether a clearing has a mycelium, either side up."""
    pieces = state.clearings[cid - 1]
    return bool(pieces.get(COVERED) or pieces.get(UNCOVERED))


def homeland(state: GameState) -> int | None:
    """The Homeland Mushroom's clearing, or None once it is gone."""
    for cid, pieces in enumerate(state.clearings, start=1):
        if pieces.get(HOMELAND):
            return cid
    return None


def network(state: GameState) -> frozenset[int]:
    """Clearings of the connected network: mycelium joined to the homeland's clearing by paths (never rivers)."""
    return _grid(state)[0]


def near(state: GameState, cids: frozenset[int] | set[int]) -> frozenset[int]:
    """The clearings given and every clearing joined to one of them by a path."""
    out = set(cids)
    for cid in cids:
        out |= state.board.adjacent_to(cid)
    return frozenset(out)


def command_reach(state: GameState) -> frozenset[int]:
    """Where the infected can be commanded and moved: in or next to a clearing of the connected network (TS.2.4)."""
    return _grid(state)[1]


def _grid(state: GameState) -> tuple[frozenset[int], frozenset[int]]:
    """The connected network and its reach, worked out once per layout of mycelium and homeland."""
    home = None
    grown = []
    for cid, pieces in enumerate(state.clearings, start=1):
        if COVERED in pieces or UNCOVERED in pieces:
            grown.append(cid)
        if HOMELAND in pieces:
            home = cid
    return _connected(state.board_key, home, tuple(grown))


@cache
def _connected(
    board_key: tuple[str, tuple[str, ...]], home: int | None, grown: tuple[int, ...]
) -> tuple[frozenset[int], frozenset[int]]:
    if home is None or home not in grown:
        return frozenset(), frozenset()
    board = load_board(*board_key)  # as it stands: closed paths removed since are paths (Law 25.4.3)
    seen = {home}
    todo = [home]
    while todo:
        here = todo.pop()
        for there in board.adjacent_to(here):
            if there not in seen and there in grown:
                seen.add(there)
                todo.append(there)
    reach = set(seen)
    for cid in seen:
        reach |= board.adjacent_to(cid)
    return frozenset(seen), frozenset(reach)


def infected(state: GameState, cid: int) -> dict[str, int]:
    """Infected warriors in a clearing, by map key."""
    return {p: n for p, n in state.clearings[cid - 1].items() if n and p.endswith(":" + ID) and p.count(":") == 2}


def infected_on_map(state: GameState) -> int:
    """Infection markers on the map (one per infected warrior)."""
    return sum(sum(infected(state, cid).values()) for cid in state.board.ids())


def markers_left(state: GameState) -> int:
    """Infection markers not on a warrior."""
    return MARKERS - infected_on_map(state)


def mycelium_on_map(state: GameState) -> int:
    """Mycelium on the map, either side up (the track's uncovered spaces)."""
    return on_map(state, ID, "mycelium") + on_map(state, ID, "uncovered")


def _free_warriors(state: GameState, seat: int, cid: int) -> Iterator[tuple[str, str, int]]:
    """(owner, map key, count) of enemy warrior pieces in a clearing that nobody else controls (a drone too)."""
    for piece, n in state.clearings[cid - 1].items():
        owner, _, controller = parse_key(piece)
        if n and controller == owner and kind_of_key(piece).category == WARRIOR and _enemy(state, seat, owner):
            yield owner, piece, n


def infectable(state: GameState, seat: int, cid: int) -> dict[str, int]:
    """Enemy warriors in a clearing that could carry a marker, by owner (warriors nobody else controls)."""
    out: dict[str, int] = {}
    for owner, _, n in _free_warriors(state, seat, cid):
        out[owner] = out.get(owner, 0) + n
    return out


def seizable(state: GameState, seat: int, cid: int) -> list[str]:
    """Enemy factions with a pawn in a clearing whose faction answers an infection (TS.2.5: the Vagabond)."""
    answering = {state.seats[s].faction for s in registry.seats_overriding(state, "seize_pawn")}
    out = []
    for piece, n in state.clearings[cid - 1].items():
        owner = parse_key(piece)[0]
        if n and owner in answering and kind_of_key(piece).category == PAWN and _enemy(state, seat, owner):
            out.append(owner)
    return out


def owner_name(state: GameState, faction: str) -> str:
    """A seated faction's name."""
    other = state.seat_of(faction)
    assert other is not None
    return registry.of(state, other).name


def _enemy(state: GameState, seat: int, faction: str) -> bool:
    other = state.seat_of(faction)
    return other is not None and enemies(state, seat, other)


def infect(state: GameState, seat: int, cid: int, owner: str, n: int) -> int:
    """Put markers on up to n of an owner's warriors in a clearing; returns how many were infected."""
    n = min(n, markers_left(state), infectable(state, seat, cid).get(owner, 0))
    if n <= 0:
        return 0
    pieces = state.clearings[cid - 1]
    left = n
    for _, plain, have in sorted((w for w in _free_warriors(state, seat, cid) if w[0] == owner), key=_leader_last):
        took = min(left, have)
        pieces[plain] -= took
        if not pieces[plain]:
            del pieces[plain]
        pieces[f"{plain}:{ID}"] = pieces.get(f"{plain}:{ID}", 0) + took
        left -= took
    what = plural(n, owner_name(state, owner) + " warrior")
    state.say(f"{NAME} infects {what} in clearing {cid}.", None, ("place", cid, None))
    return n


def _leader_last(warrior: tuple[str, str, int]) -> bool:
    """TS.5.1: a faction's one warrior of its kind (the Hundreds' warlord) is infected after its other warriors."""
    return kind_of_key(warrior[1]).count == 1


def sacrificeable(state: GameState, cid: int) -> list[str]:
    """Infected warriors in a clearing the Spore's sacrifice can remove (not one only battle removes: the warlord)."""
    return sorted(p for p in infected(state, cid) if kind_of_key(p).removable(ABILITY))


def seize(state: GameState, seat: int, cid: int, owner: str) -> None:
    """TS.2.5: infecting a pawn (the Vagabond) is answered by its faction; the Spore gains an extra Daylight action."""
    other = state.seat_of(owner)
    assert other is not None
    if registry.of(state, other).seize_pawn(state, other, seat, cid):
        data = state.seats[seat].data_as(SporeData)
        data["extra_actions"] = int(data.get("extra_actions", 0)) + 1
        state.say(f"{NAME} gains an extra Daylight action.")


def overgrown(state: GameState, seat: int, cid: int) -> dict[str, int]:
    """TS.2.3: the enemy buildings and tokens two or more mushrooms in a clearing remove (none with fewer)."""
    if mushrooms(state, cid) < RULES_AT:
        return {}
    return {
        p: n
        for p, n in state.clearings[cid - 1].items()
        if n and kind_of_key(p).category in (BUILDING, TOKEN) and _enemy(state, seat, parse_key(p)[2])
    }


def overgrow(state: GameState, seat: int, cid: int) -> bool:
    """TS.2.3: with two or more mushrooms, enemy buildings and tokens in the clearing are removed, scoring nothing
    (True when some were)."""
    plan = overgrown(state, seat, cid)
    if plan:
        state.say(f"The mushrooms overgrow clearing {cid}.")
        remove_all(state, cid, plan, seat, ABILITY, scores=False)
    return bool(plan)


# --- the faction -------------------------------------------------------------------------------------------------


class SporeChoice(Decision, total=False):
    """The Spore's infection: `left` more pieces in `clearings` (asked for `why`), the pawns `seized` so far."""

    clearings: list[int]
    left: int
    why: str
    seized: list[str]


class SporeData(SeatData, total=False):
    """The Spore's own data: extra actions earned."""

    extra_actions: int


class SporeFlags(TurnFlags, total=False):
    """The Spore's turn: commands used, how mycelium grew, the places spores spread from."""

    commands: int
    grew_free: bool
    grew_sacrifice: bool
    spores_from: list[int | str]


def uncovered_mycelium(state: GameState) -> list[str]:
    """Example edits: an uncovered mycelium one clearing beyond the homeland's network, with two infected and an
    enemy warrior beside it (natural covering leaves it, and the infected may cover it)."""
    board, here = state.board, state.clearings
    home = next((c for c in board.ids() if here[c - 1].get(f"{ID}:homeland")), None)
    if home is None:
        return []
    free = [c for c in board.ids() if not any(p.startswith(f"{ID}:") for p in here[c - 1])]
    for first in sorted(board.adjacent_to(home)):
        beyond = [c for c in sorted(board.adjacent_to(first)) if c in free and c not in board.adjacent_to(home)]
        if first in free and beyond and beyond[0] != home:
            return [
                f"!place {first} {ID}:mycelium x1",
                f"!place {beyond[0]} {ID}:uncovered x1",
                f"!place {beyond[0]} marquise:warrior:{ID} x2",
                f"!place {beyond[0]} eyrie:warrior x1",
            ]
    return []


class Spore(Faction):
    """The Spore."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("the-spore", "fungus")
    kind: ClassVar[str] = "insurgent"
    colour: ClassVar[str] = "#F0E442"  # Okabe-Ito yellow (the Spinners have reddish purple)
    setup_order: ClassVar[int] = 0
    order: ClassVar[int | None] = 50
    examples: ClassVar[Examples | None] = Examples(
        "erin",
        (
            ExampleGame((ID, "marquise", "eyrie"), joins=("marquise", "eyrie", ID)),
            ExampleGame(
                (ID, "marquise", "eyrie"), ("marquise", "eyrie", ID), prefer=("cover",), edits=uncovered_mycelium
            ),
        ),
        order=3,
    )
    controls_others_warriors: ClassVar[bool] = True
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "homeland", TOKEN, 1, "Homeland Mushroom", "triangle", "H"),
        PieceKind(ID, "mushroom", TOKEN, MUSHROOMS, "Mushroom", "triangle"),
        PieceKind(ID, "mycelium", TOKEN, MYCELIUM, "Mycelium", "hexagon", points=0, removed_by=(BATTLE,)),
        PieceKind(
            ID, "uncovered", TOKEN, MYCELIUM, "Uncovered mycelium", "hexagon", "U", "mycelium", removed_by=(BATTLE,)
        ),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": ("spore.infection", "spore.grow", "spore.mycelium", "spore.covering"),
        "daylight": ("spore.spores", "spore.command"),
        "evening": ("spore.craft", "spore.score"),
    }
    game_options: ClassVar[tuple[GameOption, ...]] = GAME_OPTIONS

    # --- setup (TS.3) --------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Supplies (the mycelium fill the track); the homeland is chosen before anyone else sets up."""
        super().setup(state, seat)
        state.seats[seat].data = SporeData(extra_actions=0, setup="homeland")

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where the homeland goes."""
        return "choose the homeland clearing (homeland N)"

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Any clearing the mode allows and no one forbids."""
        for cid in state.board.ids():
            if may_set_up(state, seat, cid) and may_place(state, ID, cid, TOKEN):
                yield Homeland(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """The Homeland Mushroom, a mushroom and a mycelium go in the homeland clearing."""
        assert isinstance(action, Homeland)
        cid = action.clearing
        for kind in ("homeland", "mushroom", "mycelium"):
            place(state, seat, kind, cid)
        state.say(
            f"{NAME} chooses clearing {cid} as the homeland: the Homeland Mushroom, a mushroom and a mycelium.",
            None,
            ("place", cid, None),
        )
        overgrow(state, seat, cid)
        state.seats[seat].data_as(SporeData)["setup"] = "done"
        return True

    # --- the turn ------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Birdsong infection and natural covering, Evening scoring; counters for the steps that need them."""
        if step == "spore.infection":
            self._birdsong_infection(state, seat)
        elif step == "spore.covering":
            self._natural_covering(state, seat)
        elif step == "spore.command":
            state.turn.flags_as(SporeFlags)["commands"] = 0
        elif step == "spore.craft":
            state.seats[seat].data_as(SporeData)["extra_actions"] = 0
        elif step == "spore.score":
            ground = sum(1 for cid in state.board.ids() if mushrooms(state, cid))
            score(state, seat, ground, f"{plural(ground, 'clearing')} with mushrooms")

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Growth, spores, commands and crafting wait for the player."""
        return step in ("spore.grow", "spore.mycelium", "spore.spores", "spore.command", "spore.craft")

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The actions of each step."""
        if step == "spore.grow" and verb in (None, "grow"):
            yield from self._grow_options(state, seat)
        elif step == "spore.mycelium" and verb in (None, "mycelium"):
            yield from self._mycelium_options(state, seat)
        elif step == "spore.spores" and verb in (None, "spores"):
            yield from self._spores_options(state, seat)
        elif step == "spore.command":
            yield from self._command_options(state, seat, verb)
        elif step == "spore.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Resolve one of the Spore's actions."""
        if isinstance(action, Grow):
            self._grow(state, seat, action)
        elif isinstance(action, Mycelium):
            self._grow_mycelium(state, seat, action)
        elif isinstance(action, Spores):
            self._spread_spores(state, seat, action)
        elif isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        else:
            self.spend_action(state, seat, step, "command", 0, None)
            if isinstance(action, Move):
                movement.move(state, seat, action.src, action.dst, action.count)
            elif isinstance(action, Battle):
                battle.start(state, seat, action.clearing, action.defender)
            else:
                assert isinstance(action, Cover)
                self._cover(state, action.clearing, "The infected cover")

    # --- Birdsong -------------------------------------------------------------------
    def infection_area(self, state: GameState) -> frozenset[int]:
        """TS.4.1: clearings whose enemy pieces are infected in Birdsong."""
        grown = frozenset(cid for cid in state.board.ids() if mushrooms(state, cid))
        if infection_reach(state) == "adjacent":
            return frozenset(n for cid in grown for n in state.board.adjacent_to(cid))
        return near(state, grown)

    def _birdsong_infection(self, state: GameState, seat: int) -> None:
        area = sorted(self.infection_area(state))
        for cid in area:
            for owner in seizable(state, seat, cid):
                seize(state, seat, cid, owner)
        wanted = {cid: infectable(state, seat, cid) for cid in area}
        total = sum(sum(by_owner.values()) for by_owner in wanted.values())
        if total <= markers_left(state):
            for cid, by_owner in wanted.items():
                for owner, n in by_owner.items():
                    infect(state, seat, cid, owner, n)
        elif markers_left(state) > 0:
            state.say(f"{NAME} has {plural(markers_left(state), 'infection marker')} for {total} warriors: it chooses.")
            self._ask_infect(state, seat, area, markers_left(state), "birdsong")

    def _ask_infect(self, state: GameState, seat: int, area: list[int], left: int, why: str) -> None:
        where = f"clearing {area[0]}" if len(area) == 1 else "clearings " + ", ".join(str(c) for c in area)
        prompt = f"choose whose piece in {where} is infected next, {left} in all (infect N FACTION)"
        context = {"what": "infect", "clearings": area, "left": left, "why": why, "seized": [], "prompt": prompt}
        decisions.push(state, "faction", seat, faction=ID, **context)

    def _grow_options(self, state: GameState, seat: int) -> Iterator[Action]:
        flags = state.turn.flags_as(SporeFlags)
        if state.seats[seat].supply.get("mushroom", 0) <= 0:
            return
        for cid in sorted(network(state)):
            if mushrooms(state, cid) >= mushroom_cap(state, cid) or not may_place(state, ID, cid, TOKEN):
                continue
            if not flags.get("grew_free"):
                yield Grow(cid)
            if not flags.get("grew_sacrifice"):
                for owner in sorted({parse_key(p)[0] for p in sacrificeable(state, cid)}):
                    yield Grow(cid, owner)

    def _grow(self, state: GameState, seat: int, action: Grow) -> None:
        cid = action.clearing
        if action.sacrifice is None:
            state.turn.flags_as(SporeFlags)["grew_free"] = True
        else:
            state.turn.flags_as(SporeFlags)["grew_sacrifice"] = True
            state.say(f"{NAME} sacrifices an infected {owner_name(state, action.sacrifice)} warrior in clearing {cid}.")
            victim = next(p for p in sacrificeable(state, cid) if parse_key(p)[0] == action.sacrifice)
            remove_all(state, cid, {victim: 1}, seat, ABILITY)
        place(state, seat, "mushroom", cid)
        state.say(f"{NAME} grows a mushroom in clearing {cid}.", None, ("place", cid, None))
        overgrow(state, seat, cid)

    def mycelium_sites(self, state: GameState) -> list[int]:
        """Clearings without mycelium next to the connected network, where the Spore may place a token."""
        grid = network(state)
        return sorted(
            cid
            for cid in near(state, grid) - grid
            if not has_mycelium(state, cid) and may_place(state, ID, cid, TOKEN)
        )

    def _mycelium_options(self, state: GameState, seat: int) -> Iterator[Action]:
        left = state.seats[seat].supply.get("mycelium", 0)
        if left <= 0:
            return
        sites = self.mycelium_sites(state)
        for cid in sites:
            for key in hand.keys_matching(state, seat, suit(state, cid)):
                yield Mycelium((cid,), key)
        if left >= 2:
            birds = [k for k in hand.distinct_keys(state, seat) if keys()[k].suit == "bird"]
            for pair in combinations(sites, 2):
                for key in birds:
                    yield Mycelium(pair, key)

    def _grow_mycelium(self, state: GameState, seat: int, action: Mycelium) -> None:
        cid = hand.spend(state, seat, action.card)
        for there in action.clearings:
            place(state, seat, "mycelium", there)
        where = " and ".join(f"clearing {c}" for c in action.clearings)
        marks = [("place", c, None) for c in action.clearings]
        state.say(f"{NAME} spends {label(cid)} and grows mycelium into {where}.", None, *marks)

    def _natural_covering(self, state: GameState, seat: int) -> None:
        for cid in state.board.ids():
            if state.clearings[cid - 1].get(UNCOVERED) and not self._enemy_warriors(state, seat, cid):
                self._cover(state, cid, "Natural covering")

    def _enemy_warriors(self, state: GameState, seat: int, cid: int) -> bool:
        """Warriors of another side in a clearing: pieces, or what a faction counts as warriors (a robot's gears)."""
        pieces = any(
            n and kind_of_key(p).category == WARRIOR and _enemy(state, seat, parse_key(p)[2])
            for p, n in state.clearings[cid - 1].items()
        )
        return pieces or any(
            enemies(state, seat, other) and registry.of(state, other).warrior_bonus(state, other, cid) > 0
            for other in registry.seats_overriding(state, "warrior_bonus")
        )

    def _cover(self, state: GameState, cid: int, who: str) -> None:
        pieces = state.clearings[cid - 1]
        pieces[UNCOVERED] -= 1
        if not pieces[UNCOVERED]:
            del pieces[UNCOVERED]
        pieces[COVERED] = pieces.get(COVERED, 0) + 1
        state.say(f"{who}: the mycelium in clearing {cid} is covered again.", None, ("place", cid, None))

    # --- Daylight ------------------------------------------------------------------
    def spore_sources(self, state: GameState) -> list[int]:
        """Clearings with enough mushrooms to spread spores that have not spread them this turn."""
        used = state.turn.flags_as(SporeFlags).get("spores_from", [])
        return [cid for cid in state.board.ids() if mushrooms(state, cid) >= SPORES_AT and cid not in used]

    def spore_targets(self, state: GameState, seat: int) -> list[int]:
        """Clearings where spores could infect something now."""
        room = markers_left(state) > 0
        return [
            cid
            for cid in state.board.ids()
            if (room and infectable(state, seat, cid)) or seizable(state, seat, cid)
        ]

    def _spores_options(self, state: GameState, seat: int) -> Iterator[Action]:
        sources = self.spore_sources(state)
        if not sources:
            return
        targets = self.spore_targets(state, seat)
        for src in sources:
            for dst in targets:
                yield Spores(src, dst)

    def _spread_spores(self, state: GameState, seat: int, action: Spores) -> None:
        state.turn.flags_as(SporeFlags).setdefault("spores_from", []).append(action.src)
        state.rng, die = rng.below(state.rng, 4)
        state.irreversible = True
        state.say(
            f"{NAME} spreads spores from clearing {action.src} to clearing {action.dst}: the die shows {die}.",
            None,
            ("move", action.src, action.dst),
        )
        if die:
            self._infect_up_to(state, seat, action.dst, die)

    def _infect_up_to(self, state: GameState, seat: int, cid: int, n: int) -> None:
        """Infect n pieces in a clearing: at once with one enemy there, else the Spore chooses one at a time."""
        owners = infectable(state, seat, cid)
        pawns = seizable(state, seat, cid)
        if len(owners) + len(pawns) == 1 and owners:
            (owner,) = owners
            infect(state, seat, cid, owner, n)
        elif owners or pawns:
            self._ask_infect(state, seat, [cid], n, "spores")

    def _command_options(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        if self.commands_left(state, seat) <= 0:
            return
        sources = [cid for cid in sorted(command_reach(state)) if infected(state, cid)]
        if verb in (None, "move"):
            yield from self.granted_moves(state, seat)
        if verb in (None, "battle"):
            yield from battle.battle_options(state, seat, sources)
        if verb in (None, "cover"):
            for cid in sources:
                if state.clearings[cid - 1].get(UNCOVERED):
                    yield Cover(cid)

    def granted_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        """A card's move (Cobbler) moves infected that can be commanded, and no farther from the network (TS.5.2)."""
        reach = command_reach(state)
        for m in movement.move_options(state, seat, [cid for cid in sorted(reach) if infected(state, cid)]):
            if isinstance(m, Move) and m.dst in reach:
                yield m

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle is one command of the infected in Daylight (TS.5.2)."""
        return (None,) if step == "spore.command" and self.commands_left(state, seat) > 0 else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """One command is used."""
        state.turn.flags_as(SporeFlags)["commands"] = int(state.turn.flags_as(SporeFlags).get("commands", 0)) + 1

    def commands_left(self, state: GameState, seat: int) -> int:
        """Commands of the infected still open this Daylight (three, plus extra actions)."""
        total = COMMANDS + int(state.seats[seat].data_as(SporeData).get("extra_actions", 0))
        return max(0, total - int(state.turn.flags_as(SporeFlags).get("commands", 0)))

    # --- hooks: rule, placement, battle, movement, entering -----------------------------------------
    def rules_outright(self, state: GameState, seat: int, cid: int) -> bool:
        """TS.2.3: two or more mushrooms rule a clearing whatever else is there."""
        return mushrooms(state, cid) >= RULES_AT

    def blocks_placement(
        self, state: GameState, seat: int, placer: str, cid: int, category: str | None = None
    ) -> bool:
        """TS.2.3: no one else places buildings or tokens where two or more mushrooms grow (warriors may come)."""
        return category in (BUILDING, TOKEN, None) and mushrooms(state, cid) >= RULES_AT

    def keep_standing(self, state: GameState, seat: int) -> bool:
        """TS.2.3 read as a standing condition (the default): an enemy building or token that came into a clearing
        with two or more mushrooms without being placed (moved, dropped, flipped) is removed as at a growth."""
        if overgrowth(state) != "standing":
            return False
        changed = False
        for cid in state.board.ids():
            changed = overgrow(state, seat, cid) or changed
        return changed

    def placement_refusal(self, state: GameState, seat: int, cid: int) -> str:
        """TS.2.3: an overgrown clearing takes no one else's buildings or tokens."""
        return (
            f"clearing {cid} is overgrown ({mushrooms(state, cid)} mushrooms): "
            "no one but the Spore places buildings or tokens there"
        )

    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """TS.2.4: only infected in or next to the connected network can be commanded; an infected warlord never
        moves outside the Hundreds' turn (14.2.2)."""
        return self.strength(state, seat, cid) - pinned(state, ID, cid) if cid in command_reach(state) else 0

    def can_attack(self, state: GameState, seat: int, cid: int) -> bool:
        """Battle only with infected that can be commanded (they defend wherever they are; an infected warlord
        fights though it can't be moved)."""
        return cid in command_reach(state) and self.strength(state, seat, cid) > 0

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """Infected first, then mushrooms and mycelium; a covered mycelium can take a second hit (game option)."""
        options = standard_hit_options(state, ID, cid, assigned)
        if any(kind_of_key(p).category == WARRIOR for p in options):
            return options
        pieces = state.clearings[cid - 1]
        room = pieces.get(COVERED, 0) * covered_hits(state) - assigned.get(COVERED, 0)
        if room > 0:
            options[COVERED] = room
        flipped = _spore_battle(state.battle).get("spore_flipped", 0) if state.battle is not None else 0
        if covered_hits(state) == 1 and UNCOVERED in options:
            options[UNCOVERED] -= flipped
            if options[UNCOVERED] <= 0:
                del options[UNCOVERED]
        return options

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """TS.2.2: a hit uncovers a covered mycelium (no points); a hit on an uncovered one removes it."""
        if piece != COVERED:
            return super().resolve_hit(state, seat, cid, piece, n, by)
        pieces = state.clearings[cid - 1]
        flip = min(n, pieces.get(COVERED, 0))
        pieces[COVERED] -= flip
        if not pieces[COVERED]:
            del pieces[COVERED]
        pieces[UNCOVERED] = pieces.get(UNCOVERED, 0) + flip
        if state.battle is not None:
            b = _spore_battle(state.battle)
            b["spore_flipped"] = b.get("spore_flipped", 0) + flip
        state.say(f"The mycelium in clearing {cid} is dug up (uncovered).", None, ("place", cid, None))
        return take(state, cid, UNCOVERED, n - flip, by, BATTLE)[0] if n > flip else 0

    def on_enter(self, state: GameState, seat: int | None, entered: Entered) -> None:
        """TS.2.3: the Homeland Mushroom infects enemy pieces that move into its clearing, on anyone's turn."""
        if seat is None or not isinstance(entered.dst, int) or entered.dst != homeland(state):
            return
        owner, _, controller = parse_key(entered.piece)
        if owner != controller or not _enemy(state, seat, owner):
            return
        category = kind_of_key(entered.piece).category
        if category == WARRIOR:
            infect(state, seat, entered.dst, owner, entered.count)
        elif category == PAWN and owner in seizable(state, seat, entered.dst):
            seize(state, seat, entered.dst, owner)

    # --- crafting, drawing -----------------------------------------------------------------------
    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """TS.2.1: each pair of a mushroom and an infected warrior in a clearing crafts as the clearing's suit."""
        out: list[int] = []
        for cid in state.board.ids():
            out += [cid] * min(mushrooms(state, cid), sum(infected(state, cid).values()))
        return out

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """TS.6.3: one more card per draw bonus uncovered on the mycelium track."""
        placed = mycelium_on_map(state)
        return sum(1 for at in DRAW_BONUS_AT if placed >= at)

    def play_worth(self, state: GameState, seat: int) -> float:
        """Each clearing with mushrooms scores a point every Evening; the infected are the Spore's only warriors."""
        ground = sum(1 for cid in state.board.ids() if mushrooms(state, cid))
        return GROUND_WORTH * ground + INFECTED_WORTH * infected_on_map(state)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Mycelium growth and crafting may depend on the hand: the step waits whenever they could be done."""
        if step == "spore.mycelium":
            return state.seats[seat].supply.get("mycelium", 0) > 0 and bool(self.mycelium_sites(state))
        if step == "spore.craft":
            return bool(crafting.power(state, seat))
        return False

    # --- decisions -------------------------------------------------------------------------------
    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """Whose warrior (or pawn) to infect next."""
        decision = decisions.context(decision, SporeChoice)
        if decision["what"] != "infect" or decision["left"] <= 0:
            return
        seat = decision["seat"]
        room = markers_left(state) > 0
        for cid in decision["clearings"]:
            if room:
                for owner in sorted(infectable(state, seat, cid)):
                    yield Infect(cid, owner)
            if decision["why"] == "spores":
                for owner in seizable(state, seat, cid):
                    if owner not in decision["seized"]:
                        yield Infect(cid, owner)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Infect one warrior, or seize a pawn; finished when nothing is left to do."""
        decision = decisions.context(decision, SporeChoice)
        assert isinstance(action, Infect)
        seat = decision["seat"]
        if action.owner in seizable(state, seat, action.clearing):
            decision["seized"].append(action.owner)
            seize(state, seat, action.clearing, action.owner)
        else:
            infect(state, seat, action.clearing, action.owner, 1)
        decision["left"] -= 1
        return next(self.decision_legal(state, decision), None) is None

    # --- words -----------------------------------------------------------------------------------
    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        if step == "spore.grow":
            return "grow mushrooms in the connected network (grow N; grow N FACTION sacrifices an infected), or end"
        if step == "spore.mycelium":
            return "grow mycelium next to the network (mycelium N CARD; a bird card for two: mycelium N,M CARD), or end"
        if step == "spore.spores":
            return "spread spores from a clearing with 3+ mushrooms (spores FROM>TO), or end"
        if step == "spore.command":
            left = self.commands_left(state, seat)
            return f"command the infected ({left} left: move, battle, cover N), or end Daylight"
        if step == "spore.craft":
            return "craft with mushroom and infected pairs, or end"
        return super().prompt(state, seat, step)

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Spore's own terms."""
        step = state.turn.step
        if isinstance(action, Homeland):
            return f"the homeland can't go in clearing {action.clearing}: another faction forbids placing there"
        if isinstance(action, Infect):
            return f"nothing of {action.owner} in clearing {action.clearing} can be infected now"
        if isinstance(action, Grow):
            return self._why_not_grow(state, action) if step == "spore.grow" else WHEN["grow"]
        if isinstance(action, Mycelium):
            if state.seats[seat].supply.get("mycelium", 0) <= 0:
                return f"no mycelium is left on the track: all {MYCELIUM} are on the map"
            return self._why_not_mycelium(state, action) if step == "spore.mycelium" else WHEN["mycelium"]
        if isinstance(action, Spores):
            return self._why_not_spores(state, action) if step == "spore.spores" else WHEN["spores"]
        if isinstance(action, (Move, Battle, Cover)):
            return self._why_not_command(state, seat, action)
        return None

    def _why_not_grow(self, state: GameState, action: Grow) -> str:
        cid, flags = action.clearing, state.turn.flags_as(SporeFlags)
        if cid not in network(state):
            return f"clearing {cid} is not part of the connected network"
        if mushrooms(state, cid) >= mushroom_cap(state, cid):
            return f"clearing {cid} already holds its most mushrooms ({mushroom_cap(state, cid)})"
        if action.sacrifice is None and flags.get("grew_free"):
            return "the free mushroom has grown this turn; name whose infected warrior to sacrifice for another"
        if action.sacrifice is not None and flags.get("grew_sacrifice"):
            return "you already grew a mushroom by sacrificing an infected warrior this turn"
        if action.sacrifice is not None:
            return f"no infected {action.sacrifice} warrior is in clearing {cid} to sacrifice"
        return f"no mushroom can grow in clearing {cid} now"

    def _why_not_mycelium(self, state: GameState, action: Mycelium) -> str:
        sites = self.mycelium_sites(state)
        bad = [c for c in action.clearings if c not in sites]
        if bad:
            listed = ", ".join(str(c) for c in sites) or "none"
            return f"{self._why_not_site(state, bad[0])} (open: {listed})"
        if len(action.clearings) == 2:
            return "two mycelium cost one bird card, and two must be left on the track"
        wanted = suit(state, action.clearings[0])
        return f"growing into clearing {action.clearings[0]} costs a {wanted} card (or a bird)"

    def _why_not_site(self, state: GameState, cid: int) -> str:
        """Why mycelium can't grow into one clearing: mycelium there, out of reach, or another faction forbids it."""
        if has_mycelium(state, cid):
            return f"clearing {cid} already has mycelium (one per clearing)"
        grid = network(state)
        if cid in grid or cid not in near(state, grid):
            return f"mycelium grows only next to the connected network, and clearing {cid} is not"
        return why_not_place(state, ID, cid, TOKEN) or f"mycelium can't grow into clearing {cid} now"

    def _why_not_spores(self, state: GameState, action: Spores) -> str:
        if not isinstance(action.src, int) or not isinstance(action.dst, int):
            return "spores spread from a clearing to a clearing, never into or out of a forest"
        if mushrooms(state, action.src) < SPORES_AT:
            return f"spores spread only from a clearing with {SPORES_AT} or more mushrooms"
        if action.src in state.turn.flags_as(SporeFlags).get("spores_from", []):
            return f"clearing {action.src} has spread its spores this turn"
        return f"nothing in clearing {action.dst} can be infected"

    def explain_first(self, state: GameState, seat: int, action: Action) -> str | None:
        """Moves and battles are commands of the infected: when, how many and where they may be given come first."""
        return self._command_limits(state, seat, action) if isinstance(action, (Move, Battle)) else None

    def _command_limits(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why no command can be given now, or not in that clearing (TS.2.4: only in reach of the network)."""
        if state.turn.step != "spore.command":
            return "the infected are commanded in Daylight, after spreading spores"
        if self.commands_left(state, seat) <= 0:
            return "the infected have carried out all their commands this Daylight"
        reach = command_reach(state)
        where = action.src if isinstance(action, Move) else getattr(action, "clearing", None)
        if where not in reach:
            return f"the infected in clearing {where} are not next to the connected network, so they can't be commanded"
        if isinstance(action, Move) and action.dst not in reach:
            return f"clearing {action.dst} is more than one clearing away from the connected network"
        src = action.src if isinstance(action, Move) and isinstance(action.src, int) else None
        if src is not None and isinstance(action, Move) and pinned(state, ID, src) and action.count > self.movable(
            state, seat, src
        ):
            return f"the infected warlord in clearing {src} can't be moved outside the Hundreds' turn (14.2.2)"
        return None

    def _why_not_command(self, state: GameState, seat: int, action: Action) -> str:
        limit = self._command_limits(state, seat, action)
        if limit:
            return limit
        where = action.src if isinstance(action, Move) else getattr(action, "clearing", None)
        if isinstance(action, Cover):
            return f"covering needs an uncovered mycelium and your infected in clearing {action.clearing}"
        return f"that is not possible for the infected in clearing {where} now"

    def map_links(self, state: GameState, seat: int) -> list[tuple[int, int]]:
        """The connected network's paths, drawn as threads on the board image."""
        grid = network(state)
        return [(a, b) for a in sorted(grid) for b in sorted(state.board.adjacent_to(a)) if a < b and b in grid]

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Markers, the network, the mycelium track, mushrooms, extra actions and commands left."""
        grid = network(state)
        if homeland(state) is None and state.turn.phase == "setup":
            net = "none yet (the homeland is chosen in setup)"
        elif homeland(state) is None:
            net = "none (the Homeland Mushroom is gone)"
        else:
            net = ", ".join(str(c) for c in sorted(grid))
        placed = mycelium_on_map(state)
        bonus = self.draw_bonus(state, seat)
        nxt = next((at for at in DRAW_BONUS_AT if placed < at), None)
        track = f"Mycelium track: {placed}/{MYCELIUM} on the map, +{bonus} card{'s' if bonus != 1 else ''}"
        track += f" (next bonus at {nxt})" if nxt is not None else ""
        grown = [cid for cid in state.board.ids() if mushrooms(state, cid)]
        lines = [
            f"Infection markers: {markers_left(state)} of {MARKERS} left",
            f"Connected network (threads on the map): {net}",
            f"Infected answer commands in: {', '.join(str(c) for c in sorted(command_reach(state))) or 'nowhere'}",
            track,
            f"Mushrooms in {plural(len(grown), 'clearing')}: scores {len(grown)} in Evening",
        ]
        extra = int(state.seats[seat].data_as(SporeData).get("extra_actions", 0))
        if extra:
            lines.append(f"Extra Daylight actions: {extra}")
        if state.turn.seat == seat and state.turn.step == "spore.command":
            lines.append(f"Commands left: {self.commands_left(state, seat)}")
        return lines


registry.register(Spore())
