"""The Lizard Cult (Law of Root 10): gardens of three suits that rule where they stand, the Outcast and its Hated
side, the Lost Souls pile, acolytes gained by Revenge and spent on conspiracies, rituals performed by revealing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import ClassVar

from rules import battle, crafting, hand, movement, registry
from rules.actions import Action, Battle, Craft
from rules.board import SUITS
from rules.cards import card, label
from rules.examples import ExampleGame, Examples
from rules.faction_hooks import CardPile
from rules.factions.base import Faction
from rules.factions.lizards import board as lb
from rules.factions.lizards import choices
from rules.factions.lizards.actions import Convert, Crusade, Garden, Outcast, Ritual, Sanctify
from rules.factions.lizards.board import (
    ACOLYTES,
    GARDEN_KEYS,
    GARDEN_KINDS,
    GARDENS_PER_SUIT,
    ID,
    NAME,
    WARRIOR,
    LizardData,
    LizardFlags,
    data,
    garden_kind,
)
from rules.factions.lizards.words import panel_lines, prompt_of, why_not
from rules.hooks import Removal, Removed
from rules.map_pieces import may_place, place, suit
from rules.pieces import ABILITY, BATTLE, BUILDING, PieceKind
from rules.pieces import WARRIOR as WARRIOR_CATEGORY
from rules.removal import remove_all
from rules.rng import below
from rules.scoring import score
from rules.state import GameState
from rules.words import plural

STEPS = {
    "birdsong": ("lizards.outcast", "lizards.souls", "lizards.conspire"),
    "daylight": ("lizards.rituals",),
    "evening": ("lizards.return", "lizards.craft"),
}
WAITING = {"lizards.conspire", "lizards.rituals", "lizards.craft"}


class Lizards(Faction):
    """The Lizard Cult."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("lizard", "cult", "lizard-cult", "lc")
    kind: ClassVar[str] = "insurgent"
    colour: ClassVar[str] = "#BBEE99"
    setup_order: ClassVar[int] = 5
    command_group: ClassVar[str] = "lizards"
    order: ClassVar[int | None] = 100
    reach: ClassVar[int] = 2
    playable: ClassVar[bool] = True
    explains_moves: ClassVar[bool] = True
    examples: ClassVar[Examples | None] = Examples(
        "lena",
        (ExampleGame(("marquise", "eyrie", ID), prefer=("ritual", "convert", "sanctify", "crusade")),),
        order=6,
    )
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR_CATEGORY, data()["warriors"], "Warrior", "circle"),
        *(
            PieceKind(ID, k, BUILDING, GARDENS_PER_SUIT, f"{s.title()} garden", "pentagon", "G" + s[0])
            for k, s in GARDEN_KINDS.items()
        ),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = STEPS
    card_piles: ClassVar[tuple[CardPile, ...]] = (
        CardPile("lost-souls", "Lost Souls"),
        CardPile("revealed", "revealed cards"),
    )

    # --- setup (Law 10.3) ---------------------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """A supply of warriors; five gardens of each suit on their tracks; an empty Acolytes box (10.3.1)."""
        super().setup(state, seat)
        state.seats[seat].areas[ACOLYTES] = {}
        state.seats[seat].data = LizardData(
            setup="garden", corner=None, outcast=None, hated=False, lost_souls=[], revealed=[]
        )

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """A corner first (10.3.2), then the Outcast (10.3.3)."""
        if lb.info(state, seat)["setup"] == "garden":
            yield from choices.setup_options(state, seat)
            return
        for s in SUITS:
            yield Outcast(s)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Place the starting garden and warriors, then choose the Outcast."""
        d = lb.info(state, seat)
        if isinstance(action, Garden):
            _start(state, seat, action.clearing)
            d["corner"] = action.clearing
            d["setup"] = "outcast"
            return False
        assert isinstance(action, Outcast)
        d["outcast"] = action.suit
        d["setup"] = "done"
        state.say(f"The {NAME} choose {action.suit} as the Outcast.")
        return True

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where to start, then which suit is the Outcast."""
        if lb.info(state, seat)["setup"] == "garden":
            return "place the starting garden and four warriors in a corner clearing (garden N)"
        return "choose the Outcast (outcast fox|mouse|rabbit)"

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The starting garden's corner."""
        return lb.info(state, seat).get("corner")

    # --- the turn ----------------------------------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Automatic work: adjust the Outcast, discard the Lost Souls, reset counts, return revealed cards."""
        flags = state.turn.flags_as(LizardFlags)
        if step == "lizards.outcast":
            adjust_outcast(state, seat)
        elif step == "lizards.souls":
            discard_lost_souls(state, seat)
        elif step == "lizards.conspire":
            flags["crusade"] = None
        elif step == "lizards.rituals":
            flags["scored"] = []
            flags["crusade"] = None
        elif step == "lizards.return":
            return_revealed(state, seat)

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Conspiracies, rituals and crafting wait for the player."""
        return step in WAITING

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Each step's actions."""
        if step == "lizards.conspire":
            yield from choices.conspiracy_options(state, seat, verb)
        elif step == "lizards.rituals" and verb in (None, "ritual"):
            yield from choices.ritual_options(state, seat)
        elif step == "lizards.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Carry out a conspiracy, a ritual or a craft."""
        if isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        elif isinstance(action, Ritual):
            _ritual(state, seat, action)
        else:
            _conspiracy(state, seat, action)

    def interrupt(self, state: GameState, seat: int) -> None:
        """A card effect used after a Crusade's move ends the Crusade: no battle follows it."""
        state.turn.flags_as(LizardFlags)["crusade"] = None

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle a mode puts in their place (3x3 search, seizure) is a Crusade's, paid in acolytes in an
        Outcast clearing; a battle where a Crusade just moved in is that Crusade's free battle."""
        if step != "lizards.conspire":
            return ()
        if kind == "battle" and state.turn.flags_as(LizardFlags).get("crusade") == cid:
            return (None,)
        outcast = cid in choices.outcast_clearings(state, seat)
        return (None,) if outcast and choices.affords(state, seat, "crusade") else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """Pay the Crusade (nothing for a Crusade's own battle); it ends any Crusade under way."""
        flags = state.turn.flags_as(LizardFlags)
        free = kind == "battle" and flags.get("crusade") == cid
        flags["crusade"] = None
        if not free:
            _pay(state, seat, "crusade")

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Rituals reveal cards from the hand; crafting needs gardens of the Outcast on the map; a Crusade's move may
        owe a mode's fee, paid with a card."""
        if step == "lizards.rituals":
            return True
        if step == "lizards.craft":
            return bool(crafting.power(state, seat))
        if step == "lizards.conspire":
            return registry.lineup(state).move_fees and choices.affords(state, seat, "crusade")
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        return prompt_of(state, seat, step)

    # --- rule, battle and cards (Law 10.2) --------------------------------------------------------------------
    def rules_outright(self, state: GameState, seat: int, cid: int) -> bool:
        """Pilgrims (10.2.4): a garden rules its clearing, unless another faction rules it outright by its own rule."""
        here = state.clearings[cid - 1]
        if not any(here.get(k) for k in GARDEN_KEYS):
            return False
        table = state.lineup or registry.lineup(state)
        return not any(table.plugins[i].rules_outright(state, i, cid) for i in table.outright if i != seat)

    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """Revenge (10.2.3): Cult warriors removed while the Cult defends in battle go to the Acolytes box."""
        b = state.battle
        if removal.piece != WARRIOR or removal.cause != BATTLE or b is None:
            return None
        return ACOLYTES if b["defender"] == seat and b["clearing"] == removal.place else None

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Fear of the Faithful (10.2.5): a random card discarded per garden removed."""
        assert seat is not None
        lost = sum(n for k, n in removed.pieces.items() if k in GARDEN_KEYS)
        for _ in range(lost):
            fear_of_the_faithful(state, seat)
        if removed.diverted.get(WARRIOR) == ACOLYTES:
            n = removed.count(WARRIOR)
            state.say(f"Revenge: {plural(n, 'Cult warrior')} enter the Acolytes box.")

    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """Crafting (10.2.1): gardens whose printed suit is the Outcast, each in its clearing's suit."""
        wanted = lb.outcast(state, seat)
        key = f"{ID}:{garden_kind(wanted)}" if wanted else ""
        return [cid for cid in state.board.ids() for _ in range(state.clearings[cid - 1].get(key, 0))]

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One more card per draw bonus uncovered on the Gardens tracks (10.6.3)."""
        return lb.draw_bonus(state, seat)

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """The Lost Souls pile and the cards revealed this turn (public, outside the hand)."""
        return [*lb.lost_souls(state, seat), *lb.revealed(state, seat)]

    def card_pile(self, state: GameState, seat: int, name: str) -> list[int]:
        """The Lost Souls pile and the cards revealed this turn, both face up."""
        piles = {"lost-souls": lb.lost_souls, "revealed": lb.revealed}
        return piles[name](state, seat)

    def play_area(self, state: GameState, seat: int) -> list[tuple[str, int]]:
        """The cards revealed this turn lie face up in the play area (10.5)."""
        return [("base", c) for c in lb.revealed(state, seat)]

    def takes_discard(self, state: GameState, seat: int, cid: int) -> bool:
        """The Lost Souls pile (10.2.6): every card spent or discarded, even a dominance card, lands there."""
        lb.lost_souls(state, seat).append(cid)
        return True

    # --- words ---------------------------------------------------------------------------------------------------
    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the Cult's actions is refused now."""
        return why_not(state, seat, action)

    def panel(self, state: GameState, seat: int) -> list[str]:
        """The Outcast, acolytes, gardens left, the Lost Souls pile and the revealed cards."""
        return panel_lines(state, seat)


# --- setup ---------------------------------------------------------------------------------------------------------


def _start(state: GameState, seat: int, cid: int) -> None:
    """Four warriors and a garden of the clearing's suit in the corner, a warrior in each adjacent clearing."""
    place(state, seat, "warrior", cid, data()["start_warriors"])
    place(state, seat, garden_kind(suit(state, cid)), cid)
    for near in sorted(state.board.adjacent_to(cid)):
        if may_place(state, ID, near, WARRIOR_CATEGORY):
            place(state, seat, "warrior", near)
    state.say(
        f"The {NAME} plant a {suit(state, cid)} garden in clearing {cid} with four warriors, and a warrior in each "
        "adjacent clearing.",
        None,
        ("place", cid, None),
    )


# --- Birdsong (Law 10.4) ---------------------------------------------------------------------------------------------


def adjust_outcast(state: GameState, seat: int) -> None:
    """10.4.1: the suit most often in the Lost Souls (birds aside) is the Outcast; kept or tied, it turns Hated."""
    d = lb.info(state, seat)
    counts = Counter(card(c).suit for c in lb.lost_souls(state, seat) if card(c).suit != "bird")
    top = max(counts.values(), default=0)
    leaders = [s for s in SUITS if counts.get(s, 0) == top and top > 0]
    before = d.get("outcast")
    if len(leaders) == 1 and leaders[0] != before:
        d["outcast"], d["hated"] = leaders[0], False
        state.say(f"The Outcast is now {leaders[0]}.")
        return
    d["hated"] = True
    state.say(f"The Outcast stays {before}, and is Hated.")


def discard_lost_souls(state: GameState, seat: int) -> None:
    """10.4.2: the Lost Souls go to the discard pile; dominance cards among them become available."""
    pile = lb.lost_souls(state, seat)
    if not pile:
        return
    for cid in pile:
        if card(cid).type == "dominance":
            state.dominance_available.append(cid)
        else:
            state.discard.append(cid)
    state.say(f"The {NAME} discard the Lost Souls ({plural(len(pile), 'card')}).")
    pile.clear()
    hand.refill(state)


def _conspiracy(state: GameState, seat: int, action: Action) -> None:
    """Pay the acolytes (a battle after a Crusade's move costs none), then carry the conspiracy out (10.4.3)."""
    flags = state.turn.flags_as(LizardFlags)
    follow = choices.is_follow_up(state, action)
    flags["crusade"] = None
    if follow and isinstance(action, Battle):
        battle.start(state, seat, action.clearing, action.defender)
        return
    _pay(state, seat, {Crusade: "crusade", Battle: "crusade", Convert: "convert", Sanctify: "sanctify"}[type(action)])
    if isinstance(action, Battle):
        battle.start(state, seat, action.clearing, action.defender)
    elif isinstance(action, Crusade):
        movement.move(state, seat, action.src, action.dst, action.count)
        flags["crusade"] = action.dst
    elif isinstance(action, Convert):
        _convert(state, seat, action)
    elif isinstance(action, Sanctify):
        _sanctify(state, seat, action)


def _pay(state: GameState, seat: int, conspiracy: str) -> None:
    """Spend a conspiracy's acolytes, back to the supply."""
    paid = lb.cost(state, seat, conspiracy)
    lb.set_acolytes(state, seat, lb.acolytes(state, seat) - paid)
    state.seats[seat].supply["warrior"] += paid
    state.say(f"The {NAME} spend {plural(paid, 'acolyte')} to {conspiracy}.")


def _convert(state: GameState, seat: int, action: Convert) -> None:
    """Replace an enemy warrior with a Cult warrior (a drone or an infected warrior too: OMT.2.3, the Spore)."""
    piece = choices.convert_key(state, action.clearing, action.owner, action.infected)
    assert piece is not None
    remove_all(state, action.clearing, {piece: 1}, seat, ABILITY)
    place(state, seat, "warrior", action.clearing)
    state.say(f"The {NAME} convert a warrior in clearing {action.clearing}.", None, ("place", action.clearing, None))


def _sanctify(state: GameState, seat: int, action: Sanctify) -> None:
    """Replace an enemy building with a garden of the Outcast (no Triage follows: SOM.2.6)."""
    wanted = lb.outcast(state, seat)
    assert wanted is not None
    remove_all(state, action.clearing, {f"{action.owner}:{action.kind}": 1}, seat, ABILITY)
    place(state, seat, garden_kind(wanted), action.clearing)
    state.say(
        f"The {NAME} sanctify clearing {action.clearing}: a {wanted} garden stands there now.",
        None,
        ("place", action.clearing, None),
    )


# --- Daylight (Law 10.5) -------------------------------------------------------------------------------------------


def _ritual(state: GameState, seat: int, action: Ritual) -> None:
    """Reveal the card into the play area, then perform its ritual."""
    cid = hand.take(state, seat, action.card)
    c = card(cid)
    if action.ritual == "score":
        state.turn.flags_as(LizardFlags).setdefault("scored", []).append(c.suit)
        points = lb.score_value(state, seat, c.suit)
        hand.to_discard(state, cid)
        state.say(f"The {NAME} reveal and spend {label(cid)} to score their {c.suit} gardens.")
        score(state, seat, points, f"{c.suit} gardens")
        return
    lb.revealed(state, seat).append(cid)
    if action.ritual == "sacrifice":
        state.seats[seat].supply["warrior"] -= 1
        lb.set_acolytes(state, seat, lb.acolytes(state, seat) + 1)
        state.say(f"The {NAME} reveal {label(cid)} to sacrifice a warrior to the Acolytes box.")
        return
    assert action.clearing is not None
    kind = garden_kind(c.suit) if action.ritual == "build" else "warrior"
    place(state, seat, kind, action.clearing)
    what = f"a {c.suit} garden" if action.ritual == "build" else "a warrior"
    state.say(
        f"The {NAME} reveal {label(cid)} to place {what} in clearing {action.clearing}.",
        None,
        ("place", action.clearing, None),
    )


def fear_of_the_faithful(state: GameState, seat: int) -> None:
    """10.2.5: discard a random card from the hand (into the Lost Souls)."""
    held = state.seats[seat].hand
    if not held:
        return
    state.rng, pick = below(state.rng, len(held))
    cid = sorted(held)[pick]
    held.remove(cid)
    state.irreversible = True
    state.say(f"Fear of the Faithful: the {NAME} discard {label(cid)} at random.")
    hand.to_discard(state, cid)


# --- Evening (Law 10.6) ------------------------------------------------------------------------------------------


def return_revealed(state: GameState, seat: int) -> None:
    """10.6.1: every card revealed this turn goes back to the hand."""
    shown = lb.revealed(state, seat)
    if shown:
        state.seats[seat].hand += shown
        state.say(f"The {NAME} take {plural(len(shown), 'revealed card')} back into their hand.")
        shown.clear()


registry.register(Lizards())
