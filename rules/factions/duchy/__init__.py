"""The Underground Duchy (Law of Root, section 12): the Burrow and its tunnels, citadels and markets, Assembly,
Parliament's ministers, Sway and its crowns, and the Price of Failure.

The Burrow is an area on the Duchy's seat (`areas["burrow"]`), named `burrow` in a move's path: the Duchy's own
moves reach it from every clearing with a tunnel; no shared movement rule knows of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import ClassVar, cast

from rules import battle, crafting, decisions, hand, listeners, movement, registry
from rules.actions import Action, Battle, Build, Craft, Move, Pass, Recruit, register_place_word
from rules.cards import card, keys, label
from rules.examples import ExampleGame, Examples
from rules.faction_hooks import CardPile
from rules.factions.base import Faction
from rules.factions.duchy import board as db
from rules.factions.duchy.actions import BANK_FIELDS, Dig, Minister, Surface, Sway, cards_of
from rules.factions.duchy.board import (
    ASSEMBLY_ACTIONS,
    BIRDSONG_WARRIORS,
    BUILDINGS,
    BURROW,
    CITADEL,
    CROWN_POINTS,
    DIG_MOVES,
    ID,
    LORD,
    MARKET,
    MINISTERS,
    NAME,
    NOBLE,
    RANKS,
    ROYAL_CLAIM_OPTION,
    ROYAL_CLAIM_READINGS,
    SQUIRE,
    SWAY_CARDS,
    TITLES,
    TUNNEL,
    WARRIOR_KEY,
    DuchyData,
    buildings_on_map,
    burrow,
    crowns_left,
    data,
    flags,
    from_burrow,
    lord_points,
    present_suits,
    reveal_fits,
    revealed,
    swayed,
    to_burrow,
    tunnels,
    unswayed,
)
from rules.factions.duchy.words import panel_lines, why_not, why_not_first
from rules.hooks import Entered, Removed
from rules.map_pieces import may_place, open_slots, place, suit, unplace
from rules.modes.base import may_set_up, starting_corners
from rules.options import GameOption
from rules.pieces import BUILDING, TOKEN, WARRIOR, PieceKind
from rules.rng import below
from rules.rule import rules
from rules.scoring import score
from rules.state import BattleState, Decision, GameState
from rules.words import plural

register_place_word(BURROW)

BIRDSONG = "duchy.birdsong"
ASSEMBLY = "duchy.assembly"
PARLIAMENT = "duchy.parliament"
SWAY = "duchy.sway"
RETURN = "duchy.return"
CRAFT = "duchy.craft"
ACTS = ("foremole", "captain", "marshal", "brigadier")
"""Ministers whose action is carried out by a further action (a build, a battle, a move)."""


class DuchyChoice(Decision, total=False):
    """The Duchy's own decision: which swayed minister of the highest rank the Price of Failure returns."""

    ministers: list[str]


class DuchyBattle(BattleState, total=False):
    """A battle with the Duchy's own key: whether the Price of Failure was already paid for its removals."""

    duchy_failed: bool


def _duchy_battle(b: BattleState) -> DuchyBattle:
    return cast(DuchyBattle, b)


class Duchy(Faction):
    """The Underground Duchy."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("underground-duchy", "moles", "mole", "ud")
    kind: ClassVar[str] = "militant"
    colour: ClassVar[str] = "#998833"  # mud: apart from the Tinker's rust and the Hundreds' wine for every eye
    setup_order: ClassVar[int] = 5
    command_group: ClassVar[str] = "duchy"
    order: ClassVar[int | None] = 110
    playable: ClassVar[bool] = True
    examples: ClassVar[Examples | None] = Examples("gwen", (ExampleGame(("marquise", "eyrie", ID)),))
    game_options: ClassVar[tuple[GameOption, ...]] = (
        GameOption(
            ROYAL_CLAIM_OPTION,
            ROYAL_CLAIM_READINGS,
            "Royal Claim counts the Burrow the Duchy always rules (burrow) or only the map's clearings (map)",
            "12.2.2",
        ),
    )
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, db.WARRIORS, "Warrior", "circle"),
        PieceKind(ID, TUNNEL, TOKEN, db.TUNNELS, "Tunnel", "triangle"),
        PieceKind(ID, CITADEL, BUILDING, db.PER_BUILDING, "Citadel", "square", "C"),
        PieceKind(ID, MARKET, BUILDING, db.PER_BUILDING, "Market", "square", "M"),
    )
    card_piles: ClassVar[tuple[CardPile, ...]] = (CardPile("revealed", "revealed cards"),)
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": (BIRDSONG,),
        "daylight": (ASSEMBLY, PARLIAMENT, SWAY),
        "evening": (RETURN, CRAFT),
    }

    # --- setup (12.3) -----------------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """12.3.1-12.3.6: warriors and tunnels in supply, the Burrow empty, buildings on their tracks, nine
        ministers unswayed, nine crowns on the board."""
        super().setup(state, seat)
        s = state.seats[seat]
        s.data = DuchyData(setup="surface", swayed=[], crowns_lost={}, revealed=[], corner=None)
        s.areas[BURROW] = {}

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where to surface."""
        return "choose the corner clearing to surface in (surface N)"

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """12.3.3: a corner no one started in, diagonally opposite a starting corner if possible."""
        for cid in surface_clearings(state, seat):
            yield Surface(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """12.3.3: two warriors and a tunnel in the corner, two warriors in each adjacent clearing."""
        assert isinstance(action, Surface)
        cid = action.clearing
        place(state, seat, "warrior", cid, 2)
        place(state, seat, TUNNEL, cid)
        for near in sorted(state.board.adjacent_to(cid)):
            if may_place(state, ID, near, WARRIOR):
                place(state, seat, "warrior", near, 2)
        d = data(state, seat)
        d["corner"], d["setup"] = cid, "done"
        state.say(
            f"The {NAME} surfaces in clearing {cid} with two warriors and a tunnel, and two warriors in each "
            "adjacent clearing.",
            None,
            ("place", cid, None),
        )
        return True

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The clearing of the starting tunnel (SOM.3.2: the Spinners set up opposite it)."""
        corner: int | None = data(state, seat).get("corner")
        return corner

    # --- the turn -----------------------------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Birdsong's warriors, fresh counts for each Daylight step, Evening's revealed cards."""
        f = flags(state)
        if step == BIRDSONG:
            self._birdsong(state, seat)
        elif step == ASSEMBLY:
            f.update({"assembly": 0, "worked": [], "acting": None, "as_mayor": False, "swayed_now": False})
        elif step == PARLIAMENT:
            f.update({"acting": None, "as_mayor": False, "brigadier": None, "brigadier_done": 0})
        elif step == RETURN:
            self._return_revealed(state, seat)

    def _birdsong(self, state: GameState, seat: int) -> None:
        """12.4: one warrior, plus one per warrior icon uncovered on the citadel track, into the Burrow."""
        wanted = BIRDSONG_WARRIORS[buildings_on_map(state, CITADEL)]
        supply = state.seats[seat].supply
        n = min(wanted, supply.get("warrior", 0))
        if n:
            supply["warrior"] -= n
            to_burrow(state, seat, n)
            state.say(f"The {NAME} places {plural(n, 'warrior')} in the Burrow.")

    def _return_revealed(self, state: GameState, seat: int) -> None:
        """12.6.1: revealed bird cards are discarded, the other revealed cards go back to the hand."""
        shown = revealed(state, seat)
        if not shown:
            return
        birds = [c for c in shown if card(c).is_bird]
        back = [c for c in shown if not card(c).is_bird]
        shown.clear()
        for c in birds:
            hand.to_discard(state, c)
        state.seats[seat].hand += back
        parts = []
        if birds:
            parts.append(f"discards {', '.join(label(c) for c in birds)}")
        if back:
            parts.append(f"takes {', '.join(label(c) for c in back)} back into its hand")
        state.say(f"The {NAME} {' and '.join(parts)}.")

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Assembly, Parliament, Sway and crafting wait for the player."""
        return step in (ASSEMBLY, PARLIAMENT, SWAY, CRAFT)

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The actions of each step."""
        if step == ASSEMBLY:
            yield from self._assembly(state, seat, verb)
        elif step == PARLIAMENT:
            yield from self._parliament(state, seat, verb)
        elif step == SWAY and verb in (None, "sway") and not flags(state).get("swayed_now"):
            yield from sway_options(state, seat)
        elif step == CRAFT and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """A minister's action once begun is carried out (or passed) before Parliament ends."""
        return not (step == PARLIAMENT and flags(state).get("acting"))

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """From public information: Assembly may always build or dig with a card; Parliament when the Foremole,
        Banker or Mayor is swayed; Sway while a crown and a minister of its rank remain; crafting with pieces."""
        if step == ASSEMBLY:
            return True
        if step == PARLIAMENT:
            return bool({"foremole", "banker", "mayor"} & set(swayed(state, seat)))
        if step == SWAY:
            return any(crowns_left(state, seat, MINISTERS[m]) > 0 for m in unswayed(state, seat))
        if step == CRAFT:
            return bool(crafting.power(state, seat))
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        f = flags(state)
        if step == ASSEMBLY:
            left = ASSEMBLY_ACTIONS - f.get("assembly", 0)
            return f"Assembly: build, recruit, move, battle or dig ({plural(left, 'action')} left), or end"
        if step == PARLIAMENT:
            acting = f.get("acting")
            if acting == "mayor":
                return "the Mayor takes the action of a swayed squire or noble (minister NAME), or pass"
            if acting:
                return f"carry out the {TITLES[acting]}'s action, or pass"
            return "Parliament: take each swayed minister's action (minister NAME), or end"
        if step == SWAY:
            return "sway a minister, revealing matching cards (sway NAME CARDS), or end"
        if step == CRAFT:
            return "craft with citadels and markets, or end"
        return super().prompt(state, seat, step)

    # --- Assembly (12.5.1) ------------------------------------------------------------------------------------
    def _assembly(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        if flags(state).get("assembly", 0) >= ASSEMBLY_ACTIONS:
            return
        if verb in (None, "move"):
            yield from duchy_moves(state, seat)
        if verb in (None, "battle"):
            yield from battle.battle_options(state, seat)
        if verb in (None, "recruit") and state.seats[seat].supply.get("warrior", 0) > 0:
            yield Recruit()
        if verb in (None, "build"):
            yield from build_options(state, seat, matching=True)
        if verb in (None, "dig"):
            yield from dig_options(state, seat)

    # --- Parliament (12.5.2) -----------------------------------------------------------------------------------
    def _parliament(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        f = flags(state)
        acting = f.get("acting")
        if acting is None:
            if verb in (None, "minister"):
                done = set(f.get("worked", []))
                for m in swayed(state, seat):
                    if m not in done:
                        yield from minister_options(state, seat, m)
            return
        if verb in (None, "pass"):
            yield Pass()
        if acting == "mayor":
            if verb in (None, "minister"):
                for m in swayed(state, seat):
                    if MINISTERS[m] in (SQUIRE, NOBLE) and m != "mayor":
                        yield from minister_options(state, seat, m)
            return
        yield from acting_options(state, seat, acting, f.get("brigadier"), verb)

    # --- applying ----------------------------------------------------------------------------------------------
    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Resolve one of the Duchy's actions."""
        if isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        elif isinstance(action, Sway):
            sway(state, seat, action)
        elif step == ASSEMBLY:
            flags(state)["assembly"] = flags(state).get("assembly", 0) + 1
            self._act(state, seat, action)
        elif step == PARLIAMENT:
            self._parliament_apply(state, seat, action)

    def _act(self, state: GameState, seat: int, action: Action) -> None:
        """Carry out a move, battle, recruit, build or dig."""
        if isinstance(action, Move):
            duchy_move(state, seat, action)
        elif isinstance(action, Battle):
            battle.start(state, seat, action.clearing, action.defender)
        elif isinstance(action, Recruit):
            state.seats[seat].supply["warrior"] -= 1
            to_burrow(state, seat, 1)
            state.say(f"The {NAME} recruits a warrior in the Burrow.")
        elif isinstance(action, Build):
            build(state, seat, action)
        elif isinstance(action, Dig):
            dig(state, seat, action)

    def _parliament_apply(self, state: GameState, seat: int, action: Action) -> None:
        f = flags(state)
        acting = f.get("acting")
        if isinstance(action, Pass):
            state.say(f"The {NAME} passes the rest of the {TITLES[str(acting)]}'s action.")
            self._worked(state)
            return
        if isinstance(action, Minister):
            self._call(state, seat, action)
            return
        assert acting is not None
        self._carried_out(state, "move" if isinstance(action, Move) else "battle")
        self._act(state, seat, action)

    def _carried_out(self, state: GameState, kind: str) -> None:
        """One move or battle of the minister under way (the Foremole's build counts as its one action): the
        Brigadier's first sets its kind and leaves its second open; any other minister is done."""
        f = flags(state)
        if f.get("acting") == "brigadier":
            f["brigadier"] = kind
            f["brigadier_done"] = f.get("brigadier_done", 0) + 1
            if f["brigadier_done"] >= 2:
                self._worked(state)
        else:
            self._worked(state)

    def _call(self, state: GameState, seat: int, action: Minister) -> None:
        """A minister's action: scored at once (the Banker, the lords), or begun (the others, the Mayor)."""
        f = flags(state)
        m = action.minister
        as_mayor = f.get("acting") == "mayor"
        if as_mayor:
            f["as_mayor"] = True
        title = TITLES[m] if not as_mayor else f"Mayor, as the {TITLES[m]},"
        if m in ACTS or m == "mayor":
            f["acting"], f["brigadier"], f["brigadier_done"] = m, None, 0
            state.say(f"The {NAME}'s {title} takes its action.")
            return
        f["acting"] = m
        if m == "banker":
            spent = [hand.spend(state, seat, k) for k in cards_of(action)]
            state.say(f"The {NAME}'s {title} spends {', '.join(label(c) for c in spent)}.")
            score(state, seat, len(spent), f"the {TITLES[m]}")
        else:
            score(state, seat, lord_points(state, m), f"the {TITLES[m]}")
        self._worked(state)

    def _worked(self, state: GameState) -> None:
        """The minister carrying out its action is done for the turn (the Mayor, when it took the action)."""
        f = flags(state)
        acting = f.get("acting")
        worked = f.setdefault("worked", [])
        worked.append("mayor" if f.get("as_mayor") else str(acting))
        f.update({"acting": None, "as_mayor": False, "brigadier": None, "brigadier_done": 0})

    def interrupt(self, state: GameState, seat: int) -> None:
        """An effect used between a Brigadier's two moves or battles ends its action (Law 1.4.2)."""
        f = flags(state)
        if f.get("acting") == "brigadier" and f.get("brigadier_done"):
            self._worked(state)

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """An Assembly action, or the move or battle of the minister under way in Parliament (the Marshal's, the
        Captain's, the Brigadier's), pays for a move or a battle the mode puts in its place."""
        f = flags(state)
        if step == ASSEMBLY and f.get("assembly", 0) < ASSEMBLY_ACTIONS:
            return (None,)
        older = state.legacy is not None and state.legacy.parliament_pays_no_search  # before a2053da
        if step == PARLIAMENT and not older and kind in acting_kinds(f.get("acting"), f.get("brigadier")):
            return (None,)
        return ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """Take one Assembly action, or carry out the minister's move or battle."""
        if step == ASSEMBLY:
            flags(state)["assembly"] = flags(state).get("assembly", 0) + 1
        else:
            self._carried_out(state, kind)

    # --- hooks into shared mechanics ---------------------------------------------------------------------------
    def granted_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        """A move a card grants (Cobbler) may go through the Burrow like any of the Duchy's moves (12.2.2)."""
        if _plain_granted_moves(state):
            return super().granted_moves(state, seat)
        return duchy_moves(state, seat)

    def take_granted_move(self, state: GameState, seat: int, action: Action) -> None:
        """Carry out a granted move, into or out of the Burrow too."""
        assert isinstance(action, Move)
        if _plain_granted_moves(state):
            super().take_granted_move(state, seat, action)
        else:
            duchy_move(state, seat, action)

    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """12.2.1: citadels and markets craft alike."""
        out: list[int] = []
        for cid, pieces in enumerate(state.clearings, start=1):
            out += [cid] * sum(pieces.get(f"{ID}:{k}", 0) for k in BUILDINGS)
        return out

    def ruled_off_map(self, state: GameState, seat: int) -> int:
        """12.2.2: the Duchy always rules the Burrow, a clearing beside the map (Royal Claim counts it, unless the
        game option reads Royal Claim as the map's clearings only; a record written before the option, whose engine
        counted the map alone, reads its absence as 'map')."""
        reading = state.options.get(ROYAL_CLAIM_OPTION)
        if reading is None and state.legacy is not None and state.legacy.royal_claim_map_only:  # before 237a0c3
            reading = "map"
        return 0 if reading == "map" else 1

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """12.6.3: one more card per draw icon uncovered on the market track."""
        return buildings_on_map(state, MARKET)

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """The cards revealed this turn lie in the play area, face up."""
        return list(data(state, seat).get("revealed", []))

    def card_pile(self, state: GameState, seat: int, name: str) -> list[int]:
        """The cards revealed this turn (face up in the play area)."""
        if name != "revealed":
            raise KeyError(name)
        return db.revealed(state, seat)

    def play_area(self, state: GameState, seat: int) -> list[tuple[str, int]]:
        """The cards revealed this turn, face up in the play area until Evening (12.5.1, 12.5.3, 12.6.1)."""
        return [("base", c) for c in data(state, seat).get("revealed", [])]

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """12.2.3: removing Duchy buildings (any number at once: one battle, or one effect in several clearings)
        costs the Price of Failure once."""
        once = not (state.legacy is not None and state.legacy.price_per_favor_clearing)  # before a2053da: per clearing
        if seat is None or not lost_buildings(removed) or (once and any(lost_buildings(r) for r in removed.earlier)):
            return
        if state.battle is not None:
            b = _duchy_battle(state.battle)
            if b.get("duchy_failed"):
                return
            b["duchy_failed"] = True
        price_of_failure(state, seat)

    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """The swayed ministers of the highest rank the Price of Failure may return (as they stand when it is asked:
        an earlier Price may have taken one of them)."""
        for m in highest_swayed(state, decision["seat"]):
            yield Minister(m)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Return the chosen minister, then discard a random card."""
        assert isinstance(action, Minister)
        lose_minister(state, decision["seat"], action.minister)
        discard_random(state, decision["seat"])
        return True

    def explain_first(self, state: GameState, seat: int, action: Action) -> str | None:
        """Moves into or out of the Burrow are the Duchy's own to explain, and so is crafting outside Evening."""
        return why_not_first(state, seat, action)

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the Duchy's actions is refused."""
        return why_not(state, seat, action)

    def panel(self, state: GameState, seat: int) -> list[str]:
        """The Burrow, the ministers, the crowns, the revealed cards, the actions left."""
        return panel_lines(state, seat)


# --- setup ---------------------------------------------------------------------------------------------------


def surface_clearings(state: GameState, seat: int) -> list[int]:
    """12.3.3: free corners (none another's starting corner), those opposite a starting corner first when any;
    the mode's fallback when no corner is free."""
    taken = {
        c
        for i in range(len(state.seats))
        if i != seat and (c := registry.of(state, i).starting_corner(state, i)) is not None
    }

    def fits(cid: int) -> bool:
        return cid not in taken and may_place(state, ID, cid, TOKEN) and may_set_up(state, seat, cid)

    free = starting_corners(state, seat, fits)
    board = state.board
    return [c for c in free if any(board.opposite(t) == c for t in taken)] or free


# --- moves and the Burrow (12.2.2) ------------------------------------------------------------------------------


def _plain_granted_moves(state: GameState) -> bool:
    """Whether an older record replays, whose engine granted the Duchy a plain move by Cobbler, never through the
    Burrow (rules.revisions: before 237a0c3)."""
    return state.legacy is not None and state.legacy.granted_moves_plain


def duchy_moves(state: GameState, seat: int) -> Iterator[Action]:
    """Every move of the Duchy: along paths, and between the Burrow and each clearing with a tunnel."""
    yield from movement.move_options(state, seat)
    here = burrow(state, seat)
    for cid in tunnels(state):
        if movement.closed(state, cid):
            continue
        for n in range(1, here + 1):
            yield Move(BURROW, cid, n)
    for cid in tunnels(state):
        have = registry.of(state, seat).movable(state, seat, cid)
        for n in range(1, have + 1):
            yield Move(cid, BURROW, n)


def duchy_move(state: GameState, seat: int, action: Move) -> None:
    """A move: through the Burrow (the Duchy always rules it), or the shared move along a path."""
    if action.dst == BURROW:
        assert isinstance(action.src, int)
        unplace(state, seat, "warrior", action.src, action.count)
        state.seats[seat].supply["warrior"] -= action.count
        to_burrow(state, seat, action.count)
        state.say(f"The {NAME} moves {plural(action.count, 'warrior')} from {action.src} into the Burrow.")
        listeners.entered(state, Entered(WARRIOR_KEY, action.count, action.src, BURROW, seat))
    elif action.src == BURROW:
        assert isinstance(action.dst, int)
        out_of_burrow(state, seat, action.dst, action.count)
    else:
        movement.move(state, seat, action.src, action.dst, action.count)


def out_of_burrow(state: GameState, seat: int, cid: int, n: int) -> None:
    """Move n warriors from the Burrow up into a clearing; every seat hears them enter."""
    from_burrow(state, seat, n)
    state.seats[seat].supply["warrior"] += n
    place(state, seat, "warrior", cid, n)
    state.say(f"The {NAME} moves {plural(n, 'warrior')} from the Burrow to {cid}.", None, ("place", cid, None))
    listeners.entered(state, Entered(WARRIOR_KEY, n, BURROW, cid, seat))


# --- building and digging ---------------------------------------------------------------------------------------


def build_sites(state: GameState, seat: int) -> list[int]:
    """Clearings the Duchy rules with an open slot where it may place a building."""
    return [
        c for c in state.board.ids() if rules(state, seat, c) and open_slots(state, c) > 0 and may_place(state, ID, c)
    ]


def build_options(state: GameState, seat: int, matching: bool) -> Iterator[Action]:
    """Builds revealing a card: matching the clearing (Assembly), or any card (the Foremole)."""
    kinds = [k for k in BUILDINGS if state.seats[seat].supply.get(k, 0) > 0]
    if not kinds:
        return
    for cid in build_sites(state, seat):
        keys = hand.keys_matching(state, seat, suit(state, cid) if matching else "any")
        for kind in kinds:
            for key in keys:
                yield Build(kind, cid, card=key)


def build(state: GameState, seat: int, action: Build) -> None:
    """Reveal the card and place the building."""
    assert action.card is not None
    cid = hand.take(state, seat, action.card)
    revealed(state, seat).append(cid)
    place(state, seat, action.kind, action.clearing)
    state.say(
        f"The {NAME} reveals {label(cid)} and builds a {action.kind} in clearing {action.clearing}.",
        None,
        ("place", action.clearing, None),
    )


def dig_options(state: GameState, seat: int) -> Iterator[Action]:
    """Digs: a card matching a clearing without a tunnel, then one to four warriors from the Burrow (none when it
    is empty); with every tunnel on the map, one of them moves."""
    have = tunnels(state)
    spare = state.seats[seat].supply.get(TUNNEL, 0) > 0
    counts = list(range(1, min(DIG_MOVES, burrow(state, seat)) + 1)) or [0]
    for cid in state.board.ids():
        if cid in have or not may_place(state, ID, cid, TOKEN):
            continue
        for key in hand.keys_matching(state, seat, suit(state, cid)):
            for n in counts:
                if spare:
                    yield Dig(cid, key, n)
                else:
                    for old in have:
                        yield Dig(cid, key, n, (old,))


def dig(state: GameState, seat: int, action: Dig) -> None:
    """Spend the card, place (or move) the tunnel, and move warriors down the tunnel from the Burrow."""
    spent = hand.spend(state, seat, action.card)
    if action.tunnel:
        unplace(state, seat, TUNNEL, action.tunnel[0])
        state.say(f"The {NAME} removes its tunnel from clearing {action.tunnel[0]}.")
    place(state, seat, TUNNEL, action.clearing)
    state.say(
        f"The {NAME} spends {label(spent)} and digs a tunnel in clearing {action.clearing}.",
        None,
        ("place", action.clearing, None),
    )
    if action.count:
        out_of_burrow(state, seat, action.clearing, action.count)


# --- Parliament's ministers (12.5.2) -------------------------------------------------------------------------------


def minister_options(state: GameState, seat: int, minister: str) -> Iterator[Action]:
    """The ways to begin a minister's action now (none when it would do nothing)."""
    if minister in ("duchess", "baron", "earl"):
        if lord_points(state, minister) > 0:
            yield Minister(minister)
    elif minister == "banker":
        yield from banker_options(state, seat)
    elif minister == "mayor":
        if any(
            next(minister_options(state, seat, m), None) is not None
            for m in swayed(state, seat)
            if MINISTERS[m] in (SQUIRE, NOBLE) and m != "mayor"
        ):
            yield Minister(minister)
    elif next(acting_options(state, seat, minister, None, None), None) is not None or mode_pays(state, seat, minister):
        yield Minister(minister)


def mode_pays(state: GameState, seat: int, minister: str) -> bool:
    """Whether the minister's move or battle could pay for one the mode puts in its place (a 3x3 search or
    seizure), asked of a copy with the minister under way."""
    table = registry.lineup(state)
    older = state.legacy is not None and state.legacy.parliament_pays_no_search  # before a2053da
    if older or not table.mode_actions or not acting_kinds(minister, None):
        return False
    probe = state.clone()
    probe_flags = flags(probe)
    probe_flags["acting"], probe_flags["brigadier"] = minister, None
    return next(iter(table.mode.actions(probe, seat, PARLIAMENT, None)), None) is not None


def acting_options(
    state: GameState, seat: int, minister: str, brigadier: str | None, verb: str | None
) -> Iterator[Action]:
    """The actions that carry out a begun minister's action."""
    kinds = acting_kinds(minister, brigadier)
    if minister == "foremole" and verb in (None, "build"):
        yield from build_options(state, seat, matching=False)
    if "move" in kinds and verb in (None, "move"):
        yield from duchy_moves(state, seat)
    if "battle" in kinds and verb in (None, "battle"):
        yield from battle.battle_options(state, seat)


def acting_kinds(minister: str | None, brigadier: str | None) -> tuple[str, ...]:
    """Whether a minister under way takes a move or a battle next: the Marshal a move, the Captain a battle, the
    Brigadier either until its first, then the same again."""
    if minister == "marshal":
        return ("move",)
    if minister == "captain":
        return ("battle",)
    if minister == "brigadier":
        return (brigadier,) if brigadier else ("move", "battle")
    return ()


def banker_options(state: GameState, seat: int) -> Iterator[Action]:
    """The Banker: any number of cards of one suit (birds may stand in for it), each way once."""
    seen: set[tuple[str, ...]] = set()
    held = sorted(card(c).key for c in state.seats[seat].hand)
    for s in ("fox", "mouse", "rabbit", "bird"):
        fitting = [k for k in held if keys()[k].matches(s)]
        for n in range(1, min(len(fitting), len(BANK_FIELDS)) + 1):
            for combo in combinations(fitting, n):
                if combo not in seen:
                    seen.add(combo)
                    yield Minister("banker", *combo)


# --- Sway (12.5.3) ---------------------------------------------------------------------------------------------------


def sway_options(state: GameState, seat: int) -> Iterator[Action]:
    """Each minister with a crown of its rank left, with each set of cards that can be revealed for it."""
    places = present_suits(state)
    held = sorted(card(c).key for c in state.seats[seat].hand)
    by_rank: dict[str, list[tuple[str, ...]]] = {}
    for m in unswayed(state, seat):
        rank = MINISTERS[m]
        if crowns_left(state, seat, rank) <= 0:
            continue
        if rank not in by_rank:
            n = SWAY_CARDS[rank]
            by_rank[rank] = sorted({c for c in combinations(held, n) if reveal_fits(c, places)})
        for combo in by_rank[rank]:
            yield Sway(m, *combo)


def sway(state: GameState, seat: int, action: Sway) -> None:
    """Reveal the cards, sway the minister, take a crown and score what it uncovers."""
    shown = [hand.take(state, seat, k) for k in cards_of(action)]
    revealed(state, seat).extend(shown)
    data(state, seat).setdefault("swayed", []).append(action.minister)
    flags(state)["swayed_now"] = True
    rank = MINISTERS[action.minister]
    state.say(f"The {NAME} reveals {', '.join(label(c) for c in shown)} and sways the {TITLES[action.minister]}.")
    score(state, seat, CROWN_POINTS[rank], f"swaying the {TITLES[action.minister]}")


# --- the Price of Failure (12.2.3) -----------------------------------------------------------------------------------


def price_of_failure(state: GameState, seat: int) -> None:
    """Return the swayed minister of highest rank (the Duchy chooses among equals), lose its crown, then discard a
    random card. A Price still owed is paid first: each takes one minister, chosen when it is answered."""
    waiting = failures_waiting(state, seat)
    highest = highest_swayed(state, seat)
    if len(swayed(state, seat)) <= waiting:  # no minister is left for this one
        discard_random(state, seat)
        return
    if not waiting and len(highest) == 1:
        lose_minister(state, seat, highest[0])
        discard_random(state, seat)
        return
    decisions.push(
        state,
        "faction",
        seat,
        faction=ID,
        what="failure",
        ministers=highest,
        prompt="the Price of Failure: choose the swayed minister of highest rank to return (minister NAME)",
    )


def lost_buildings(removed: Removed) -> int:
    """How many Duchy buildings a removal took."""
    return sum(removed.count(f"{ID}:{k}") for k in BUILDINGS)


def highest_swayed(state: GameState, seat: int) -> list[str]:
    """The swayed ministers of the highest rank among them, now."""
    mine = swayed(state, seat)
    top = max((RANKS.index(MINISTERS[m]) for m in mine), default=-1)
    return [m for m in mine if RANKS.index(MINISTERS[m]) == top]


def failures_waiting(state: GameState, seat: int) -> int:
    """Prices of Failure the seat still owes a choice for."""
    return sum(
        1
        for d in state.pending
        if d["kind"] == "faction" and d["seat"] == seat and d.get("faction") == ID and d.get("what") == "failure"
    )


def lose_minister(state: GameState, seat: int, minister: str) -> None:
    """The minister goes back to the Unswayed Ministers pile; its crown leaves the game."""
    d = data(state, seat)
    d["swayed"].remove(minister)
    rank = MINISTERS[minister]
    lost = d.setdefault("crowns_lost", {})
    lost[rank] = lost.get(rank, 0) + 1
    state.say(f"The Price of Failure: the {TITLES[minister]} returns to the Unswayed Ministers and its crown is lost.")


def discard_random(state: GameState, seat: int) -> None:
    """Discard a random card from the hand, if any."""
    held = state.seats[seat].hand
    if not held:
        return
    state.rng, i = below(state.rng, len(held))
    cid = held.pop(i)
    state.irreversible = True
    hand.to_discard(state, cid)
    state.say(f"The {NAME} discards a random card: {label(cid)}.")


registry.register(Duchy())

__all__ = ["LORD", "NOBLE", "Duchy"]
