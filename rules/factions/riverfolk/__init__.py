"""The Riverfolk Company (Law of Root 11): funds of any faction's warriors, trade posts of three suits, a public
hand, and services other players buy at the start of their Birdsong."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from rules import battle, crafting, hand, movement, registry
from rules.actions import Action, Battle, Craft, Move, Pass, Recruit
from rules.cards import keys, label
from rules.decisions import Decision
from rules.examples import ExampleGame, Examples
from rules.factions.base import Faction
from rules.factions.riverfolk import board as rb
from rules.factions.riverfolk import services
from rules.factions.riverfolk.actions import Buy, Cost, Draw, Export, First, Post, Start
from rules.factions.riverfolk.board import (
    BOXES,
    COMMITTED,
    FUNDS,
    GONE,
    ID,
    NAME,
    PAYMENTS,
    POST_KEYS,
    POST_KINDS,
    POST_POINTS,
    POSTS_PER_SUIT,
    PRICES,
    SERVICES,
    START_PAYMENTS,
    START_WARRIORS,
    TRACKS,
    WARRIORS,
    RiverData,
    RiverFlags,
    ruling_owners,
)
from rules.factions.riverfolk.words import panel_lines, prompt_of, why_not
from rules.hooks import Removed
from rules.map_pieces import may_place, place, suit
from rules.pieces import TOKEN, PieceKind
from rules.pieces import WARRIOR as WARRIOR_CATEGORY
from rules.rule import ruler
from rules.scoring import score
from rules.state import GameState
from rules.words import plural

STEPS = {
    "birdsong": ("riverfolk.protectionism", "riverfolk.dividends", "riverfolk.gather"),
    "daylight": ("riverfolk.daylight",),
    "evening": ("riverfolk.costs",),
}
WAITING = {"riverfolk.daylight", "riverfolk.costs"}
POST_TONE = "#AABBFF"
"""Trade posts in a pale tone of the Company's colour, told apart from its warriors beside them."""


FUND_WORTH = 0.4
"""What a warrior in the Funds or Payments box is worth to an automated Company, in victory points."""


class Riverfolk(Faction):
    """The Riverfolk Company."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("otters", "otter", "river", "rf", "riverfolk-company")
    kind: ClassVar[str] = "insurgent"
    colour: ClassVar[str] = "#2211EE"  # ultramarine: apart from the Eyrie, the Alliance and the Spinners for every eye
    setup_order: ClassVar[int] = 7
    command_group: ClassVar[str] = ID
    order: ClassVar[int | None] = 120
    playable: ClassVar[bool] = True
    public_hand: ClassVar[bool] = True
    explains_moves: ClassVar[bool] = True
    examples: ClassVar[Examples | None] = Examples(
        "rhea",
        (ExampleGame(("marquise", "eyrie", ID), prefer=("post", "export", "buy", "craft")),),
        order=7,
    )
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR_CATEGORY, WARRIORS, "Warrior", "circle"),
        *(
            PieceKind(ID, k, TOKEN, POSTS_PER_SUIT, f"{s.title()} trade post", "pentagon", "T" + s[0], colour=POST_TONE)
            for k, s in POST_KINDS.items()
        ),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = STEPS

    # --- setup (Law 11.3) ---------------------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """15 warriors, nine trade posts on their tracks, three warriors in Payments (11.3.1-11.3.4)."""
        super().setup(state, seat)
        for box in (*BOXES, GONE):
            state.seats[seat].areas[box] = {}
        state.seats[seat].data = RiverData(setup="warriors", prices={}, placed=0)
        rb.pay_in(state, seat, seat, START_PAYMENTS)

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Four warriors by rivers one at a time (11.3.2), then each service's starting price (11.3.5)."""
        d = rb.info(state, seat)
        if d["setup"] == "warriors":
            for cid in _start_clearings(state):
                yield Start(cid)
            return
        for service in SERVICES:
            if service not in d.get("prices", {}):
                for n in PRICES:
                    yield Cost(service, n)
                return

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Place a starting warrior, or set a starting price."""
        d = rb.info(state, seat)
        if isinstance(action, Start):
            place(state, seat, "warrior", action.clearing)
            d["placed"] = d.get("placed", 0) + 1
            cid = action.clearing
            state.say(f"The {NAME} place a warrior in clearing {cid}.", None, ("place", cid, None))
            if d["placed"] >= START_WARRIORS:
                d["setup"] = "prices"
            return False
        assert isinstance(action, Cost)
        _set_price(state, seat, action)
        done = all(s in d.get("prices", {}) for s in SERVICES)
        if done:
            d["setup"] = "done"
        return done

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where the next warrior goes, then the starting prices."""
        d = rb.info(state, seat)
        if d["setup"] == "warriors":
            left = START_WARRIORS - d.get("placed", 0)
            return f"place a starting warrior in a clearing a river touches (start N), {left} left"
        return "set the starting price of each service (cost hand|riverboats|mercenaries x1-x4)"

    # --- the turn ----------------------------------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Birdsong's automatic work: Protectionism, Score Dividends, Gather Funds (11.4)."""
        if step == "riverfolk.protectionism":
            protectionism(state, seat)
        elif step == "riverfolk.dividends":
            dividends(state, seat)
        elif step == "riverfolk.gather":
            gather_funds(state, seat)

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Daylight and setting costs wait for the player."""
        return step in WAITING

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Each step's actions."""
        if step == "riverfolk.daylight":
            yield from daylight_options(state, seat, verb)
        elif step == "riverfolk.costs" and verb in (None, "cost"):
            moved = state.turn.flags_as(RiverFlags).get("priced", [])
            for service in SERVICES:
                for n in PRICES if service not in moved else ():
                    if n != rb.price(state, seat, service):
                        yield Cost(service, n)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Carry out a Daylight action or set a cost."""
        if isinstance(action, Cost):
            _set_price(state, seat, action)
            state.turn.flags_as(RiverFlags).setdefault("priced", []).append(action.service)
        else:
            daylight_apply(state, seat, action)

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle a mode puts in their place (3x3 search, seizure) is paid as the Company's own: a fund
        committed in Daylight."""
        return (None,) if step == "riverfolk.daylight" and rb.funds(state, seat) >= 1 else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """Commit the fund."""
        rb.commit(state, seat)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """The hand is public (11.2.3): choices made with it reveal nothing."""
        return step == "riverfolk.daylight"

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        return prompt_of(state, seat, step)

    def play_worth(self, state: GameState, seat: int) -> float:
        """Funds and payments pay for every Daylight action and bring dividends: each worth more than a warrior on
        the map to an automated player."""
        return FUND_WORTH * (rb.funds(state, seat) + rb.total(state, seat, rb.PAYMENTS))

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """No Evening draw (11.6): the Company draws by committing funds in Daylight."""
        return -1

    # --- services on other players' turns (Law 11.2.6) ------------------------------------------------------------
    def at_turn_start(self, state: GameState, seat: int | None, turn_seat: int) -> None:
        """At the start of another player's Birdsong, offer them the Company's services."""
        if seat is not None and seat != turn_seat:
            services.offer(state, seat, turn_seat)

    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """The services the buyer may buy now, and passing."""
        yield from services.options(state, decision)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Buy a service (the offer stays while more may be bought), or pass."""
        return services.apply(state, decision, action)

    def fights_for(self, state: GameState, seat: int) -> int | None:
        """Mercenaries (11.2.7.3): the buyer's own for rule and battle in its Daylight and Evening, not against us."""
        return services.hirer(state, seat) if state.turn.flags.get("hired") else None

    def hired_hit_options(
        self, state: GameState, seat: int, hirer: int, own: dict[str, int], lent: str, taken: int
    ) -> dict[str, int]:
        """11.2.7.3.I: the buyer's odd hits on its own warriors, the even ones on the mercenaries."""
        return services.split_hits(own, lent, taken)

    # --- crafting, cards, removal (Law 11.2) ---------------------------------------------------------------------
    def crafting_suits(self, state: GameState, seat: int) -> list[str]:
        """The uncovered spaces of the Trade Posts tracks (11.2.1), while funds last to commit to them."""
        spaces = rb.open_spaces(state, seat)
        return spaces if state.turn.seat == seat else []

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Trade Disruption (11.2.5.1): half the funds, rounded up, go; the trade post leaves the game."""
        assert seat is not None
        lost = sum(n for k, n in removed.pieces.items() if k in POST_KEYS)
        for k, n in removed.pieces.items():
            if k in POST_KEYS and n:
                kind = k.split(":", 1)[1]
                supply = state.seats[seat].supply
                supply[kind] -= n
                gone = rb.area(state, seat, GONE)
                gone[k] = gone.get(k, 0) + n
        for _ in range(lost):
            half = (rb.funds(state, seat) + 1) // 2
            rb.spend(state, seat, half)
            state.say(f"Trade Disruption: the {NAME} lose {plural(half, 'fund')}; the trade post leaves the game.")

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Boxes, prices, trade posts left and the public hand."""
        return panel_lines(state, seat)

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the Company's actions is refused now."""
        return why_not(state, seat, action)

    def explain_first(self, state: GameState, seat: int, action: Action) -> str | None:
        """A craft is refused in the Company's terms (funds and Trade Posts spaces, not crafting pieces)."""
        return why_not(state, seat, action) if isinstance(action, Craft) else None


def _start_clearings(state: GameState) -> list[int]:
    """Clearings a river touches where a warrior may be placed (any clearing on a map without rivers)."""
    near = rb.river_clearings(state) or set(state.board.ids())
    return [c for c in sorted(near) if may_place(state, ID, c, WARRIOR_CATEGORY)]


def _set_price(state: GameState, seat: int, action: Cost) -> None:
    """Move a service marker to a space of its track (11.3.5, 11.6.2)."""
    rb.info(state, seat).setdefault("prices", {})[action.service] = action.count
    state.say(f"The {NAME} set the price of {action.service} at {action.count}.")


# --- Birdsong (Law 11.4) -------------------------------------------------------------------------------------------


def protectionism(state: GameState, seat: int) -> None:
    """11.4.1: an empty Payments box gets two of the Company's warriors."""
    if rb.total(state, seat, PAYMENTS) == 0:
        n = rb.pay_in(state, seat, seat, 2)
        if n:
            state.say(f"Protectionism: the {NAME} put {plural(n, 'warrior')} in Payments.")


def dividends(state: GameState, seat: int) -> None:
    """11.4.2: with any trade post on the map, a point per two funds."""
    if rb.post_clearings(state):
        score(state, seat, rb.funds(state, seat) // 2, "dividends")


def gather_funds(state: GameState, seat: int) -> None:
    """11.4.3: every warrior on the faction board goes to Funds."""
    for box in (PAYMENTS, COMMITTED, TRACKS):
        for piece, n in sorted(rb.area(state, seat, box).items()):
            rb.shift_box(state, seat, box, FUNDS, piece, n)
    state.say(f"The {NAME} gather their funds: {rb.funds(state, seat)}.")


# --- Daylight (Law 11.5) -------------------------------------------------------------------------------------------


def daylight_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    """Every Daylight action the funds pay for now."""
    have = rb.funds(state, seat)
    if have < 1:
        return
    if verb in (None, "move"):
        yield from move_options(state, seat)
    if verb in (None, "battle"):
        yield from battle.battle_options(state, seat)
    if verb in (None, "craft", "export"):
        paid = exportable(state, seat)
        if verb in (None, "craft"):
            yield from (c for c in crafting.craft_options(state, seat) if c.card in paid)
        if verb in (None, "export"):
            yield from (Export(k) for k in paid)
    if verb in (None, "draw"):
        yield Draw()
    if verb in (None, "recruit") and state.seats[seat].supply.get("warrior", 0) > 0:
        for cid in sorted(rb.river_clearings(state)):
            if may_place(state, ID, cid, WARRIOR_CATEGORY):
                yield Recruit(clearings=(cid,))
    if verb in (None, "post"):
        for cid in post_options(state, seat):
            yield Post(cid)
    if verb in (None, "first"):
        yield from first_options(state, seat)


def first_options(state: GameState, seat: int) -> Iterator[First]:
    """Once a turn, with funds of two factions or more: put another faction's funds first (11.2.4)."""
    owners = rb.fund_owners(state, seat)
    older = state.legacy is not None and state.legacy.no_first_choice  # before af888e6
    if older or len(owners) < 2 or state.turn.flags_as(RiverFlags).get("chose_first"):
        return
    for faction in owners:
        if faction != rb.info(state, seat).get("first"):
            yield First(faction)


def move_options(state: GameState, seat: int) -> Iterator[Move]:
    """Moves along paths (ruling an end) and Swimmers' moves along rivers, ignoring rule (11.2.2)."""
    seen: set[Move] = set()
    for m in movement.move_options(state, seat):
        assert isinstance(m, Move)
        seen.add(m)
        yield m
    faction = registry.of(state, seat)
    for src in sorted(rb.river_clearings(state)):
        have = faction.movable(state, seat, src)
        for dst in rb.river_links(state, src) if have > 0 else ():
            if movement.fee_payable(state, seat, src, dst):
                for n in range(1, have + 1):
                    m = Move(src, dst, n)
                    if m not in seen:
                        yield m


def exportable(state: GameState, seat: int) -> list[str]:
    """Cards in hand the Company could craft now, the funds paying their whole cost (11.5.3.1; the FAQ: an item no
    longer in the supply, or a persistent effect already in front of it, can't be exported either)."""
    have = rb.funds(state, seat)
    if state.legacy is not None and state.legacy.export_any_paid:  # before cef7558
        return _paid_for(state, seat)
    return [k for k in crafting.craftable(state, seat) if len(keys()[k].cost) <= have]


def _paid_for(state: GameState, seat: int) -> list[str]:
    """Cards in hand whose crafting cost the open spaces and funds pay for, craftable or not, as an older engine
    exported them (rules.revisions: before cef7558)."""
    power, waive = crafting.power(state, seat), crafting.waivers(state, seat)
    out = []
    for k in hand.distinct_keys(state, seat):
        cost = keys()[k].cost
        if cost and len(cost) <= rb.funds(state, seat) and crafting.pay_plan(cost, power, (), waive) is not None:
            out.append(k)
    return out


def post_options(state: GameState, seat: int) -> list[int]:
    """Clearings without a trade post where the Company may place one, ruled by a side whose warriors are two of the
    funds, a post of the suit left (11.5.6)."""
    rich = {side for side, n in rb.funds_by_side(state, seat).items() if n >= 2}
    if not rich:
        return []
    anywhere = state.legacy is not None and state.legacy.post_where_ruled  # before cef7558: may_place unasked
    out = []
    for cid in state.board.ids():
        if rb.post_at(state, cid) or rb.posts_left(state, seat, suit(state, cid)) < 1:
            continue
        if ruler(state, cid) in rich and (anywhere or may_place(state, ID, cid, TOKEN)):
            out.append(cid)
    return out


def daylight_apply(state: GameState, seat: int, action: Action) -> None:
    """Commit or spend the funds an action costs, then take it."""
    if isinstance(action, Move):
        rb.commit(state, seat)
        movement.move(state, seat, action.src, action.dst, action.count)
    elif isinstance(action, Battle):
        rb.commit(state, seat)
        battle.start(state, seat, action.clearing, action.defender)
    elif isinstance(action, Craft):
        rb.commit(state, seat, len(keys()[action.card].cost), TRACKS)
        crafting.craft(state, seat, action.card, action.using)
    elif isinstance(action, Export):
        export(state, seat, action.card)
    elif isinstance(action, Draw):
        rb.commit(state, seat)
        hand.draw(state, seat, 1)
    elif isinstance(action, Recruit):
        rb.spend(state, seat)
        cid = action.clearings[0]
        place(state, seat, "warrior", cid)
        state.say(f"The {NAME} spend a fund to recruit in clearing {cid}.", None, ("place", cid, None))
    elif isinstance(action, Post):
        establish(state, seat, action.clearing)
    elif isinstance(action, First):
        rb.info(state, seat)["first"] = action.faction
        state.turn.flags_as(RiverFlags)["chose_first"] = True
        other = state.seat_of(action.faction)
        name = registry.of(state, other).name if other is not None else action.faction
        state.say(f"The {NAME} will commit and spend the {name}'s warriors in Funds first.")


def export(state: GameState, seat: int, key: str) -> None:
    """11.5.3.1: pay the cost onto the tracks, discard the card, a Company warrior into Payments."""
    cost = keys()[key].cost
    plan = crafting.pay_plan(cost, crafting.power(state, seat), (), crafting.waivers(state, seat))
    assert plan is not None
    used = state.turn.flags.setdefault("crafted_with", {})
    for s, n in plan.items():
        used[s] = used.get(s, 0) + n
    rb.commit(state, seat, len(cost), TRACKS)
    cid = hand.take(state, seat, key)
    hand.to_discard(state, cid)
    n = rb.pay_in(state, seat, seat, 1)
    state.say(f"The {NAME} export {label(cid)}" + (", a warrior into Payments." if n else "."))


def establish(state: GameState, seat: int, cid: int) -> None:
    """11.5.6: spend two funds of the ruler, place the post and a warrior, score the uncovered space."""
    rb.spend(state, seat, 2, ruling_owners(state, cid))
    s = suit(state, cid)
    placed_before = POSTS_PER_SUIT - rb.posts_left(state, seat, s)
    place(state, seat, rb.post_kind(s), cid)
    place(state, seat, "warrior", cid)
    state.say(f"The {NAME} establish a {s} trade post in clearing {cid}, with a garrison.", None, ("place", cid, None))
    score(state, seat, POST_POINTS[placed_before], f"a {s} trade post")


_ = (Buy, Pass)
registry.register(Riverfolk())
