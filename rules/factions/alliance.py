"""Woodland Alliance: sympathy, the Supporters stack, Outrage, Revolt, bases and officers, Guerrilla War."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from rules import battle, crafting, decisions, hand, movement, registry
from rules.actions import (
    CARD,
    CLEARING,
    KEYED_SUITS,
    Action,
    Battle,
    Craft,
    Discard,
    Move,
    Recruit,
    register_for,
)
from rules.cards import card, keys, label
from rules.examples import ExampleGame, Examples
from rules.faction_hooks import CardPile
from rules.factions.base import Faction
from rules.hooks import Entered, Removed
from rules.map_pieces import may_place, on_map, place, suit, warriors_counted, why_not_place
from rules.pieces import ABILITY, BUILDING, TOKEN, WARRIOR, PieceKind, category_of_key, controller, kind_of_key
from rules.removal import remove_all
from rules.rule import enemies
from rules.scoring import score
from rules.state import BattleState, GameState, SeatData, TurnFlags
from rules.words import plural, possessive

ID = "alliance"
NAME = "Woodland Alliance"
BASE_SUITS = ("fox", "rabbit", "mouse")
SYMPATHY_COST = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
SYMPATHY_POINTS = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
CAPACITY = 5
OFFICERS = "officers"
WARRIOR_KEY = f"{ID}:warrior"
SYMPATHY_KEY = f"{ID}:sympathy"
MARTIAL_LAW = 3
REVOLT_COST = 2


def base_kind(base_suit: str) -> str:
    """The piece kind of the base of a suit ('fox-base')."""
    return f"{base_suit}-base"


BASE_KINDS = {base_kind(s): s for s in BASE_SUITS}


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Revolt(Action):
    """Revolt in a sympathetic clearing: spend two matching supporters (supporters: their suits; birds are wild)."""

    verb: ClassVar[str] = "revolt"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("supporters", KEYED_SUITS))
    field_help: ClassVar[Mapping[str, str]] = {
        "supporters": "the suits of the supporters to spend, comma separated (e.g. bird,fox; birds stand in for any)",
    }
    clearing: int
    supporters: tuple[str, ...] = ()


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Spread(Action):
    """Spread Sympathy to a clearing, spending matching supporters (supporters: their suits; birds are wild)."""

    verb: ClassVar[str] = "spread"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("supporters", KEYED_SUITS))
    field_help: ClassVar[Mapping[str, str]] = {
        "supporters": "the suits of the supporters to spend, comma separated (e.g. bird,fox; birds stand in for any)",
    }
    clearing: int
    supporters: tuple[str, ...] = ()


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Mobilize(Action):
    """Mobilize: add a card from your hand to the Supporters stack."""

    verb: ClassVar[str] = "mobilize"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Train(Action):
    """Train an officer: spend a card matching the clearing of one of your bases."""

    verb: ClassVar[str] = "train"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Organize(Action):
    """Organize: remove one of your warriors from an unsympathetic clearing to place sympathy there."""

    verb: ClassVar[str] = "organize"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Outrage(Action):
    """Outrage: give a card matching the clearing to the Supporters; with none, plain 'outrage' shows your hand."""

    verb: ClassVar[str] = "outrage"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: str | None = None


# --- the Supporters stack --------------------------------------------------------------------


def supporters(state: GameState, seat: int) -> list[int]:
    """The cards on the Supporters stack (face down: only the Alliance may look)."""
    stack: list[int] = state.seats[seat].data_as(AllianceData).setdefault("supporters", [])
    return stack


def bases(state: GameState) -> dict[str, int]:
    """The clearing of each base on the map, by the base's suit."""
    out: dict[str, int] = {}
    for cid, pieces in enumerate(state.clearings, start=1):
        for kind, base_suit in BASE_KINDS.items():
            if pieces.get(f"{ID}:{kind}"):
                out[base_suit] = cid
    return out


def capacity(state: GameState) -> int | None:
    """How many supporters the stack holds: five with no base on the map, else no limit (None)."""
    return None if bases(state) else CAPACITY


def add_supporter(state: GameState, seat: int, cid: int) -> bool:
    """Put a card face down on the Supporters stack; a full stack discards it instead (face up, said aloud)."""
    limit = capacity(state)
    stack = supporters(state, seat)
    if limit is not None and len(stack) >= limit:
        hand.to_discard(state, cid)
        state.say(f"The Supporters stack is full ({limit} with no base on the map): {label(cid)} is discarded.")
        return False
    stack.append(cid)
    return True


def draw_supporter(state: GameState, seat: int, why: str) -> None:
    """The Alliance draws the top card of the deck onto the Supporters stack."""
    hand.refill(state)
    if not state.deck:
        state.say(f"{why}: the deck and the discard pile are empty, so no supporter is drawn.")
        return
    cid = state.deck.pop()
    state.irreversible = True
    drawn = {seat: f"Drawn for the Supporters: {label(cid)}."}
    state.say(f"{why}: the {NAME} draws a card for the Supporters stack.", drawn)
    add_supporter(state, seat, cid)
    hand.refill(state)


def supporter_counts(state: GameState, seat: int, wanted: str) -> Counter[str]:
    """Supporters that can be spent for a suit, by their own suit (the suit itself and birds)."""
    return Counter(s for s in (card(c).suit for c in supporters(state, seat)) if s in (wanted, "bird"))


def spend_plans(state: GameState, seat: int, wanted: str, cost: int) -> list[tuple[str, ...]]:
    """Every way to pay a cost in supporters of a suit, by how many birds stand in (fewest first)."""
    have = supporter_counts(state, seat, wanted)
    plans = []
    for birds in range(cost + 1):
        if have["bird"] >= birds and have[wanted] >= cost - birds:
            plans.append(tuple(sorted(["bird"] * birds + [wanted] * (cost - birds))))
    return plans


def spend_supporters(state: GameState, seat: int, plan: tuple[str, ...]) -> list[int]:
    """Discard supporters of these suits (a dominance card last within a suit); returns the cards, now public."""
    spent = []
    stack = supporters(state, seat)
    for wanted in plan:
        cid = min((c for c in stack if card(c).suit == wanted), key=lambda c: (card(c).type == "dominance", c))
        stack.remove(cid)
        hand.to_discard(state, cid)
        spent.append(cid)
    state.irreversible = True
    return spent


# --- the map --------------------------------------------------------------------------------


def sympathetic(state: GameState, cid: int) -> bool:
    """Whether a clearing has a sympathy token."""
    return bool(state.clearings[cid - 1].get(SYMPATHY_KEY))


def sympathy_placed(state: GameState) -> int:
    """Sympathy tokens on the map (the track's uncovered spaces)."""
    return on_map(state, ID, "sympathy")


def officers(state: GameState, seat: int) -> int:
    """Warriors in the Officers box."""
    return state.seats[seat].areas.get(OFFICERS, {}).get(WARRIOR_KEY, 0)


def martial_law(state: GameState, seat: int, cid: int) -> bool:
    """Another player has at least three warriors in a clearing (counting warriors it treats as its own)."""
    return any(warriors_counted(state, i, cid) >= MARTIAL_LAW for i in range(len(state.seats)) if i != seat)


def spread_cost(state: GameState, seat: int, cid: int) -> int | None:
    """Supporters the next sympathy token costs in a clearing, or None when none is left."""
    placed = sympathy_placed(state)
    if state.seats[seat].supply.get("sympathy", 0) <= 0 or placed >= len(SYMPATHY_COST):
        return None
    return SYMPATHY_COST[placed] + (1 if martial_law(state, seat, cid) else 0)


def spread_sites(state: GameState) -> list[int]:
    """Unsympathetic clearings where sympathy may spread: next to sympathy (anywhere when there is none)."""
    ids = state.board.ids()
    have = [c for c in ids if sympathetic(state, c)]
    near = set(ids) if not have else {n for c in have for n in state.board.adjacent_to(c)}
    return [c for c in ids if c in near and not sympathetic(state, c) and may_place(state, ID, c, TOKEN)]


def _enemy_piece(state: GameState, seat: int, piece: str) -> bool:
    other = state.seat_of(controller(piece))
    return other is not None and enemies(state, seat, other)


def _room_after_revolt(state: GameState, seat: int, cid: int) -> bool:
    """Whether a building slot is free once every enemy piece a Revolt can remove is gone."""
    staying = sum(
        n
        for p, n in state.clearings[cid - 1].items()
        if category_of_key(p) == BUILDING and not (_enemy_piece(state, seat, p) and kind_of_key(p).removable(ABILITY))
    )
    ruin = 1 if state.ruins[cid - 1] is not None else 0
    return state.board.clearing(cid).slots - ruin - staying > 0


def revolt_sites(state: GameState, seat: int) -> list[int]:
    """Sympathetic clearings without a base, matching a base still on the faction board, with room for it."""
    supply = state.seats[seat].supply
    here = bases(state)
    return [
        cid
        for cid in state.board.ids()
        if sympathetic(state, cid)
        and suit(state, cid) in BASE_SUITS
        and supply.get(base_kind(suit(state, cid)), 0) > 0
        and cid not in here.values()
        and _room_after_revolt(state, seat, cid)
        and may_place(state, ID, cid, BUILDING)
    ]


def default_plan(state: GameState, seat: int, action: Revolt | Spread) -> tuple[str, ...]:
    """The supporters a plain revolt or spread spends: the plan with the fewest birds (none when it can't pay)."""
    cost = REVOLT_COST if isinstance(action, Revolt) else spread_cost(state, seat, action.clearing)
    plans = spend_plans(state, seat, suit(state, action.clearing), cost) if cost is not None else []
    return plans[0] if plans else ()


def _options(cls: type[Revolt] | type[Spread], cid: int, plans: list[tuple[str, ...]]) -> Iterator[Action]:
    """The plain action (fewest birds) and each other choice of supporters."""
    if plans:
        yield cls(cid)
        for plan in plans[1:]:
            yield cls(cid, plan)


class AllianceData(SeatData, total=False):
    """The Alliance's own data: the Supporters stack (face down) and the last Outrage told."""

    supporters: list[int]
    outraged: str


class AllianceFlags(TurnFlags, total=False):
    """The Alliance's turn: military operations used."""

    operations: int


class Alliance(Faction):
    """The Woodland Alliance."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("wa", "woodland", "woodland-alliance", "rebels")
    kind: ClassVar[str] = "insurgent"
    colour: ClassVar[str] = "#009E73"
    setup_order: ClassVar[int] = 3
    order: ClassVar[int | None] = 20
    examples: ClassVar[Examples | None] = Examples(
        "carol", (ExampleGame(("marquise", "eyrie", ID)),), order=1  # its verbs, and the dominance cards
    )
    reach: ClassVar[int] = 3
    crafting_kind: ClassVar[str | None] = "sympathy"
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, 10, "Warrior", "circle"),
        PieceKind(ID, base_kind("fox"), BUILDING, 1, "Fox base", "square", "Bf"),
        PieceKind(ID, base_kind("rabbit"), BUILDING, 1, "Rabbit base", "square", "Br"),
        PieceKind(ID, base_kind("mouse"), BUILDING, 1, "Mouse base", "square", "Bm"),
        PieceKind(ID, "sympathy", TOKEN, 10, "Sympathy", "star"),
    )
    card_piles: ClassVar[tuple[CardPile, ...]] = (CardPile("supporters", "Supporters", face_down=True),)
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": ("alliance.revolt", "alliance.spread"),
        "daylight": ("alliance.daylight",),
        "evening": ("alliance.operations",),
    }

    # --- setup ---------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Supplies, an empty Officers box, and three supporters drawn from the deck."""
        super().setup(state, seat)
        state.seats[seat].data = AllianceData(supporters=[], outraged="")
        for _ in range(3):
            hand.refill(state)
            if state.deck:
                add_supporter(state, seat, state.deck.pop())

    # --- turn ----------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Military operations are counted from zero each Evening."""
        if step == "alliance.operations":
            state.turn.flags_as(AllianceFlags)["operations"] = 0

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Every Alliance step waits for the player."""
        return step in ("alliance.revolt", "alliance.spread", "alliance.daylight", "alliance.operations")

    def operations_left(self, state: GameState, seat: int) -> int:
        """Military operations still open this Evening: one per officer, less those taken."""
        return max(0, officers(state, seat) - int(state.turn.flags_as(AllianceFlags).get("operations", 0)))

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Revolts, then spreading sympathy; Daylight crafting, mobilizing and training; Evening operations."""
        if step == "alliance.revolt" and verb in (None, "revolt"):
            for cid in revolt_sites(state, seat):
                yield from _options(Revolt, cid, spend_plans(state, seat, suit(state, cid), REVOLT_COST))
        elif step == "alliance.spread" and verb in (None, "spread"):
            for cid in spread_sites(state):
                cost = spread_cost(state, seat, cid)
                if cost is not None:
                    yield from _options(Spread, cid, spend_plans(state, seat, suit(state, cid), cost))
        elif step == "alliance.daylight":
            yield from self._daylight(state, seat, verb)
        elif step == "alliance.operations" and self.operations_left(state, seat) > 0:
            yield from self._operations(state, seat, verb)

    def _daylight(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        if verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        if verb in (None, "mobilize"):
            for key in hand.distinct_keys(state, seat):
                yield Mobilize(key)
        if verb in (None, "train") and state.seats[seat].supply.get("warrior", 0) > 0:
            here = bases(state)
            for key in hand.distinct_keys(state, seat):
                if any(keys()[key].matches(s) for s in here):
                    yield Train(key)

    def _operations(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        if verb in (None, "move"):
            yield from movement.move_options(state, seat)
        if verb in (None, "battle"):
            yield from battle.battle_options(state, seat)
        if verb in (None, "recruit") and state.seats[seat].supply.get("warrior", 0) > 0:
            for cid in sorted(bases(state).values()):
                if may_place(state, ID, cid, WARRIOR):
                    yield Recruit((cid,))
        if verb in (None, "organize") and state.seats[seat].supply.get("sympathy", 0) > 0:
            for cid in state.board.ids():
                pieces = state.clearings[cid - 1]
                if pieces.get(WARRIOR_KEY) and not sympathetic(state, cid) and may_place(state, ID, cid, TOKEN):
                    yield Organize(cid)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Resolve one Alliance action."""
        if isinstance(action, Revolt):
            self._revolt(state, seat, action)
        elif isinstance(action, Spread):
            self._spread(state, seat, action)
        elif isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        elif isinstance(action, Mobilize):
            cid = hand.take(state, seat, action.card)
            state.say(f"The {NAME} mobilizes a card for the Supporters stack.", {seat: f"Mobilized: {label(cid)}."})
            add_supporter(state, seat, cid)
        elif isinstance(action, Train):
            self._train(state, seat, action.card)
        else:
            self.spend_action(state, seat, step, "operation", 0, None)
            self._operation(state, seat, action)

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle is a military operation in Evening, one per officer."""
        return (None,) if step == "alliance.operations" and self.operations_left(state, seat) > 0 else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """One military operation is used."""
        flags = state.turn.flags_as(AllianceFlags)
        flags["operations"] = flags.get("operations", 0) + 1

    def _operation(self, state: GameState, seat: int, action: Action) -> None:
        if isinstance(action, Move):
            movement.move(state, seat, action.src, action.dst, action.count)
        elif isinstance(action, Battle):
            battle.start(state, seat, action.clearing, action.defender)
        elif isinstance(action, Recruit):
            cid = action.clearings[0]
            place(state, seat, "warrior", cid)
            state.say(f"The {NAME} recruits a warrior at the base in clearing {cid}.", None, ("place", cid, None))
        elif isinstance(action, Organize):
            cid = action.clearing
            remove_all(state, cid, {WARRIOR_KEY: 1}, seat, ABILITY)
            self._place_sympathy(state, seat, cid, f"The {NAME} organizes")

    def _revolt(self, state: GameState, seat: int, action: Revolt) -> None:
        cid = action.clearing
        clearing_suit = suit(state, cid)
        plan = action.supporters or default_plan(state, seat, action)
        spent = spend_supporters(state, seat, plan)
        state.say(
            f"The {NAME} revolts in clearing {cid}, spending {', '.join(label(c) for c in spent)}!",
            None,
            ("battle", cid, None),
        )
        enemy = {p: n for p, n in state.clearings[cid - 1].items() if _enemy_piece(state, seat, p)}
        if enemy:
            remove_all(state, cid, enemy, seat, ABILITY)
        place(state, seat, base_kind(clearing_suit), cid)
        matching = sum(1 for c in state.board.ids() if sympathetic(state, c) and suit(state, c) == clearing_suit)
        n = place(state, seat, "warrior", cid, matching)
        trained = self._to_officers(state, seat)
        officer = " and an officer" if trained else ""
        state.say(
            f"The {NAME} places the {clearing_suit} base and {plural(n, 'warrior')} in clearing {cid}{officer}.",
            None,
            ("place", cid, None),
        )

    def _spread(self, state: GameState, seat: int, action: Spread) -> None:
        cid = action.clearing
        cost = spread_cost(state, seat, cid)
        assert cost is not None
        plan = action.supporters or default_plan(state, seat, action)
        spent = spend_supporters(state, seat, plan)
        law = " (martial law)" if martial_law(state, seat, cid) else ""
        self._place_sympathy(
            state, seat, cid, f"The {NAME} spends {', '.join(label(c) for c in spent)}{law} and spreads sympathy"
        )

    def _place_sympathy(self, state: GameState, seat: int, cid: int, what: str) -> None:
        placed = sympathy_placed(state)
        place(state, seat, "sympathy", cid)
        state.say(f"{what} to clearing {cid}.", None, ("place", cid, None))
        score(state, seat, SYMPATHY_POINTS[placed], "sympathy")

    def _train(self, state: GameState, seat: int, key: str) -> None:
        cid = hand.spend(state, seat, key)
        self._to_officers(state, seat)
        state.say(f"The {NAME} spends {label(cid)} to train an officer.")

    def _to_officers(self, state: GameState, seat: int) -> bool:
        """Move a warrior from the supply into the Officers box, if one is left."""
        s = state.seats[seat]
        if s.supply.get("warrior", 0) <= 0:
            return False
        s.supply["warrior"] -= 1
        box = s.areas.setdefault(OFFICERS, {})
        box[WARRIOR_KEY] = box.get(WARRIOR_KEY, 0) + 1
        return True

    def hidden_choices(self, state: GameState, seat: int, step: str) -> bool:
        """A Revolt or a spread of sympathy might be paid from the Supporters: wait when there are enough of them."""
        count = len(supporters(state, seat))
        if step == "alliance.revolt":
            return count >= REVOLT_COST and bool(revolt_sites(state, seat))
        if step == "alliance.spread":
            costs = [c for c in (spread_cost(state, seat, cid) for cid in spread_sites(state)) if c is not None]
            return bool(costs) and count >= min(costs)
        return False

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Any card in hand may be mobilized in Daylight."""
        return step == "alliance.daylight"

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        if step == "alliance.revolt":
            return "revolt in sympathetic clearings (revolt N), or end Revolts"
        if step == "alliance.spread":
            return "spread sympathy (spread N), or end Birdsong"
        if step == "alliance.daylight":
            return "craft, mobilize a card to the Supporters, or train an officer; or end Daylight"
        left = self.operations_left(state, seat)
        return f"carry out military operations ({left} left: move, battle, recruit, organize), or end"

    # --- hooks ---------------------------------------------------------------
    def defender_rolls_high(self, state: GameState, seat: int | None, battle: BattleState) -> bool:
        """Guerrilla War: as defender the Alliance deals the higher roll."""
        return seat is not None and battle["defender"] == seat

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One extra card per base on the map."""
        return len(bases(state))

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """The Supporters stack."""
        return list(supporters(state, seat))

    def face_down(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """The Supporters lie face down: the Alliance may look at them at any time, the table sees none."""
        return {"Supporters": supporters(state, seat)}

    def card_pile(self, state: GameState, seat: int, name: str) -> list[int]:
        """The Supporters stack."""
        if name != "supporters":
            raise KeyError(name)
        return supporters(state, seat)

    def edit_cards(self, state: GameState, seat: int, pile: str, cid: int, added: bool) -> str | None:
        """A card an edit puts on a full Supporters stack is refused (8.2.3.I: five with no base on the map)."""
        limit = capacity(state)
        if added and limit is not None and len(supporters(state, seat)) > limit:
            return f"the Supporters stack is full: it holds {limit} cards while no base is on the map"
        return None

    def on_enter(self, state: GameState, seat: int | None, entered: Entered) -> None:
        """Outrage: another player moving warriors into a sympathetic clearing owes a matching card (once per move)."""
        if seat is None or entered.mover == seat or not isinstance(entered.dst, int):
            return
        if entered.warrior_count() <= 0 or not sympathetic(state, entered.dst):
            return
        tag = f"{state.version}:{entered.mover}:{entered.src}>{entered.dst}"
        data = state.seats[seat].data_as(AllianceData)
        if data.get("outraged") == tag:
            return
        data["outraged"] = tag
        self.outrage(state, seat, entered.mover, entered.dst, "moving warriors into")

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """A removed base costs supporters and officers; sympathy removed by another player causes Outrage."""
        if seat is None or not isinstance(removed.place, int):
            return
        lost = [kind for kind in BASE_KINDS if removed.count(f"{ID}:{kind}")]
        for _ in lost:
            self._base_lost(state, seat, removed.place)
        trimming = any(d["kind"] == "supporters" for d in state.pending)
        if lost and not trimming and not bases(state) and len(supporters(state, seat)) > CAPACITY:
            decisions.push(state, "supporters", seat, faction=ID)
        by = removed.by
        if by is not None and by != seat:
            for _ in range(removed.count(SYMPATHY_KEY)):
                self.outrage(state, seat, by, removed.place, "removing sympathy from")

    def _base_lost(self, state: GameState, seat: int, cid: int) -> None:
        """Discard the supporters matching the base's clearing (birds too); lose half the officers, rounded up."""
        clearing_suit = suit(state, cid)
        stack = supporters(state, seat)
        lost = [c for c in stack if card(c).matches(clearing_suit)]
        for c in lost:
            stack.remove(c)
            hand.to_discard(state, c)
        if lost:
            state.irreversible = True
        listed = ", ".join(label(c) for c in lost) or "none"
        state.say(f"The {clearing_suit} base is lost: {clearing_suit} and bird supporters are discarded ({listed}).")
        box = state.seats[seat].areas.get(OFFICERS, {})
        have = box.get(WARRIOR_KEY, 0)
        gone = (have + 1) // 2
        if gone:
            box[WARRIOR_KEY] = have - gone
            if not box[WARRIOR_KEY]:
                del box[WARRIOR_KEY]
            state.seats[seat].supply["warrior"] = state.seats[seat].supply.get("warrior", 0) + gone
            state.say(f"The {NAME} loses {plural(gone, 'officer')}.")

    def outrage(self, state: GameState, seat: int, mover: int, cid: int, doing: str) -> None:
        """A player owes the Alliance a card matching the clearing; with an empty hand the Alliance draws at once."""
        who = registry.of(state, mover).name
        why = f"Outrage in clearing {cid}"
        if not state.seats[mover].hand:
            state.say(f"{why}: {who} has no cards to show.")
            draw_supporter(state, seat, why)
            return
        decisions.push(
            state,
            "outrage",
            mover,
            faction=ID,
            alliance=seat,
            clearing=cid,
            suit=suit(state, cid),
            doing=doing,
        )

    def spelled_out(self, state: GameState, seat: int, action: Action) -> Action:
        """A plain revolt or spread with the supporters it spends (the fewest birds) written out."""
        if isinstance(action, (Revolt, Spread)) and not action.supporters:
            return replace(action, supporters=default_plan(state, seat, action))
        return action

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Alliance's own terms."""
        step = state.turn.step
        if isinstance(action, Revolt):
            reason = self._why_not_revolt(state, seat, action) if state.turn.phase == "birdsong" else None
            return reason or "you revolt at the start of Birdsong, before spreading sympathy"
        if isinstance(action, Spread):
            if step != "alliance.spread":
                return "you spread sympathy in Birdsong, after any revolts"
            return self._why_not_spread(state, seat, action)
        if isinstance(action, (Mobilize, Train)) and step != "alliance.daylight":
            return f"you {action.verb} in Daylight"
        if isinstance(action, Train):
            if state.seats[seat].supply.get("warrior", 0) <= 0:
                return "no warrior is left in your supply to become an officer"
            suits = ", ".join(sorted(bases(state))) or "none: you have no base on the map"
            return f"training needs a card matching a base's clearing (bases: {suits})"
        if isinstance(action, (Organize, Recruit, Move, Battle)):
            if step != "alliance.operations":
                return "military operations are taken in Evening"
            if self.operations_left(state, seat) <= 0:
                return f"you have no military operations left ({plural(officers(state, seat), 'officer')})"
            if isinstance(action, Organize):
                return f"organizing needs one of your warriors in unsympathetic clearing {action.clearing}"
            if isinstance(action, Recruit):
                return "you recruit one warrior in a clearing with one of your bases"
        return None

    def _why_not_revolt(self, state: GameState, seat: int, action: Revolt) -> str | None:
        cid = action.clearing
        if not sympathetic(state, cid):
            return f"clearing {cid} is not sympathetic"
        clearing_suit = suit(state, cid)
        if state.seats[seat].supply.get(base_kind(clearing_suit), 0) <= 0:
            return f"your {clearing_suit} base is already on the map"
        blocked = why_not_place(state, ID, cid, BUILDING)
        if blocked:
            return blocked
        if not _room_after_revolt(state, seat, cid):
            return f"clearing {cid} would have no open slot for the base"
        return self._why_not_pay(state, seat, clearing_suit, REVOLT_COST, action.supporters)

    def _why_not_spread(self, state: GameState, seat: int, action: Spread) -> str | None:
        cid = action.clearing
        if sympathetic(state, cid):
            return f"clearing {cid} is already sympathetic"
        blocked = why_not_place(state, ID, cid, TOKEN)
        if blocked:
            return blocked
        if cid not in spread_sites(state):
            return f"sympathy spreads only next to a sympathetic clearing, and clearing {cid} is not"
        cost = spread_cost(state, seat, cid)
        if cost is None:
            return "all ten sympathy tokens are on the map"
        return self._why_not_pay(state, seat, suit(state, cid), cost, action.supporters)

    def _why_not_pay(self, state: GameState, seat: int, wanted: str, cost: int, using: tuple[str, ...]) -> str:
        have = supporter_counts(state, seat, wanted)
        if using and len(using) != cost:
            return f"this costs {plural(cost, 'supporter')}; name {cost} suits, not {len(using)}"
        return (
            f"this costs {plural(cost, wanted + ' supporter')} (birds may stand in); "
            f"you have {have[wanted]} {wanted} and {have['bird']} bird"
        )

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Supporters (how many, never which), officers, bases, the sympathy track, operations left."""
        count = len(supporters(state, seat))
        limit = capacity(state)
        cap = f" (at most {limit} while no base is on the map)" if limit is not None else ""
        here = bases(state)
        placed = ", ".join(f"{s} in clearing {c}" for s, c in here.items()) or "none"
        left = [s for s in BASE_SUITS if s not in here]
        placed_tokens = sympathy_placed(state)
        if placed_tokens < len(SYMPATHY_COST):
            nxt = f"next costs {SYMPATHY_COST[placed_tokens]}, scores {SYMPATHY_POINTS[placed_tokens]}"
        else:
            nxt = "all placed"
        lines = [
            f"Supporters: {count}{cap}",
            f"Officers: {officers(state, seat)}",
            f"Bases on the map: {placed}" + (f"; to revolt: {', '.join(left)}" if left else ""),
            f"Sympathy {placed_tokens}/10 ({nxt})",
        ]
        if state.turn.seat == seat and state.turn.step == "alliance.operations":
            lines.append(f"Military operations left: {self.operations_left(state, seat)}")
        return lines


# --- decisions other seats owe: Outrage; the Alliance's own: discarding down to five supporters ----------------


class OutrageOwed(decisions.Decision):
    """A card the mover owes the Alliance (seat `alliance`) for `doing` something in a sympathetic clearing."""

    alliance: int
    clearing: int
    suit: str
    doing: str


def _outrage_legal(state: GameState, d: OutrageOwed) -> Iterator[Action]:
    matching = hand.keys_matching(state, d["seat"], d["suit"])
    if not matching:
        yield Outrage()
    for key in matching:
        yield Outrage(key)


def _outrage_resolve(state: GameState, d: OutrageOwed, action: Action) -> bool:
    assert isinstance(action, Outrage)
    mover, seat = d["seat"], d["alliance"]
    who = registry.of(state, mover).name
    why = f"Outrage in clearing {d['clearing']}"
    if action.card is not None:
        cid = hand.take(state, mover, action.card)
        state.say(
            f"{why}: {who} gives a card ({d['suit']} or bird) for the Supporters stack.",
            {mover: f"You gave {label(cid)}.", seat: f"{who} gave {label(cid)}."},
        )
        add_supporter(state, seat, cid)
    else:
        shown = ", ".join(label(c) for c in sorted(state.seats[mover].hand)) or "no cards"
        state.irreversible = True
        state.say(
            f"{why}: {who} has no {d['suit']} card and shows the hand to the {NAME}.",
            {seat: f"{possessive(who)} hand: {shown}."},
        )
        draw_supporter(state, seat, why)
    _settle_empty_handed(state, d)
    return True


def _settle_empty_handed(state: GameState, d: OutrageOwed) -> None:
    """Further Outrage owed by a seat whose hand is now empty needs no answer: the Alliance draws for each."""
    mover = d["seat"]
    if state.seats[mover].hand:
        return
    owed = [p for p in state.pending if p is not d and p["kind"] == "outrage" and p["seat"] == mover]
    for later in [decisions.context(p, OutrageOwed) for p in owed]:
        state.pending.remove(later)
        why = f"Outrage in clearing {later['clearing']}"
        state.say(f"{why}: {registry.of(state, mover).name} has no cards to show.")
        draw_supporter(state, later["alliance"], why)


def _outrage_prompt(_state: GameState, d: OutrageOwed) -> str:
    return (
        f"Outrage for {d['doing']} sympathetic clearing {d['clearing']}: give the {NAME} a {d['suit']} card "
        f"(outrage CARD), or with none, show your hand (outrage)"
    )


def _trim_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    stack = supporters(state, d["seat"])
    if capacity(state) is None or len(stack) <= CAPACITY:  # a base came back, or nothing is over: nothing to do
        return
    for key in sorted({card(c).key for c in stack}):
        yield Discard(key)


def _trim_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    assert isinstance(action, Discard)
    stack = supporters(state, d["seat"])
    cid = min(c for c in stack if card(c).key == action.card)
    stack.remove(cid)
    hand.to_discard(state, cid)
    state.irreversible = True
    state.say(f"With no base on the map, the {NAME} discards the supporter {label(cid)}.")
    return len(stack) <= CAPACITY


def _trim_prompt(state: GameState, d: decisions.Decision) -> str:
    extra = len(supporters(state, d["seat"])) - CAPACITY
    return f"no base is left: discard supporters down to {CAPACITY} ({extra} to go)"


decisions.define("outrage", _outrage_legal, _outrage_resolve, _outrage_prompt)
decisions.define("supporters", _trim_legal, _trim_resolve, _trim_prompt)
registry.register(Alliance())
