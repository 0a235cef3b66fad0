"""The Corvid Conspiracy (Law of Root 13): warriors scattered across the Woodland and eight plot tokens, bomb, snare,
extortion and raid, placed face down and flipped for points; Nimble moves, Exposure by their enemies, Embedded Agents.

What a face-down plot is, and which plots are left in the supply, is hidden information: the Corvids' data keeps the
tokens' numbers (`board.py`), `hidden_pieces` declares them to `rules.hidden` (re-dealt among the face-down plots and
the supply), and every public word is a function of what the table sees (`words.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import ClassVar

from rules import battle, crafting, hand, movement, registry
from rules.actions import Action, Battle, Craft, Move, Recruit
from rules.cards import card, keys, label
from rules.examples import ExampleGame, Examples
from rules.factions.base import Faction
from rules.factions.corvids import plots
from rules.factions.corvids.actions import Expose, Flip, Plot, Scatter, Trick
from rules.factions.corvids.board import (
    ACTING,
    CRAFT,
    DAYLIGHT,
    DAYLIGHT_ACTIONS,
    EXERT,
    FACE_DOWN,
    FACE_UP_KEYS,
    FLIP,
    ID,
    KINDS,
    NAME,
    PER_KIND,
    PLOT_KEY,
    PLOTS,
    RECRUIT,
    SUITS,
    WARRIORS,
    CorvidData,
    data,
    face_down_clearings,
    face_up_count,
    face_up_kind,
    flags,
    has_plot,
    own_problems,
    present,
    reserve_kinds,
    warriors_at,
)
from rules.factions.corvids.words import (
    panel_lines,
    private_lines,
    prompt_of,
    setup_prompt,
    used_up,
    why_not,
    why_not_expose,
)
from rules.hooks import Place, Removed
from rules.map_pieces import count, may_place, place, suit
from rules.modes.base import may_set_up
from rules.pieces import BATTLE, TOKEN, WARRIOR, PieceKind
from rules.rule import enemies
from rules.state import BattleState, GameState

STEPS = {"birdsong": (CRAFT, FLIP, RECRUIT), "daylight": (DAYLIGHT,), "evening": (EXERT,)}
LABELS = {"bomb": "Bo", "snare": "Sn", "extortion": "Ex", "raid": "Ra"}


class Corvids(Faction):
    """The Corvid Conspiracy."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("corvid", "crows", "crow", "corvid-conspiracy", "cc")
    kind: ClassVar[str] = "insurgent"
    colour: ClassVar[str] = "#440088"  # indigo: apart from every faction's and suit's colour for every eye
    setup_order: ClassVar[int] = 8
    command_group: ClassVar[str] = ID
    order: ClassVar[int | None] = 130
    playable: ClassVar[bool] = True
    reach: ClassVar[int] = 3
    moves_ignoring_rule: ClassVar[bool] = True  # Nimble (13.2.3)
    examples: ClassVar[Examples | None] = Examples(
        "corax",
        (ExampleGame(("marquise", "eyrie", ID), prefer=("plot", "flip", "trick", "expose", "recruit")),),
        order=8,
    )
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, WARRIORS, "Warrior", "circle"),
        PieceKind(ID, FACE_DOWN, TOKEN, PLOTS, "Face-down plot", "shield", "?", family=FACE_DOWN),
        *(PieceKind(ID, k, TOKEN, PER_KIND, k.title(), "shield", LABELS[k], family=FACE_DOWN) for k in KINDS),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = STEPS

    # --- setup (13.3) -------------------------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """13.3.1: 15 warriors and 8 plots face down in the supply (the kinds only the Corvids know)."""
        s = state.seats[seat]
        s.supply = {"warrior": WARRIORS, FACE_DOWN: PLOTS}
        s.data = CorvidData(setup="scatter", scattered=[], hidden=[], hidden_at=[], reserve=list(range(PLOTS)))

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """13.3.2: a clearing of a suit not yet scattered in, where a warrior may be placed."""
        for cid in scatter_clearings(state, seat):
            yield Scatter(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Place the warrior; done once every suit has one (or no clearing of a suit left takes one)."""
        assert isinstance(action, Scatter)
        cid = action.clearing
        place(state, seat, "warrior", cid)
        d = data(state, seat)
        d.setdefault("scattered", []).append(suit(state, cid))
        state.say(f"The {NAME} scatter a warrior to clearing {cid}.", None, ("place", cid, None))
        done = not scatter_clearings(state, seat)
        if done:
            d["setup"] = "done"
        return done

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """The suits left to scatter in."""
        return setup_prompt(state, seat)

    def problems(self, state: GameState, seat: int) -> list[str]:
        """The plots' bookkeeping against the map and the supply."""
        return own_problems(state, seat)

    # --- the turn ------------------------------------------------------------------------------------------------
    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Every step waits for the player."""
        return step in (CRAFT, FLIP, RECRUIT, DAYLIGHT, EXERT)

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Each step's actions."""
        if step == CRAFT and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        elif step == FLIP and verb in (None, "flip"):
            for cid in face_down_clearings(state):
                if warriors_at(state, cid) > 0:
                    yield Flip(cid)
        elif step == RECRUIT and verb in (None, "recruit"):
            yield from recruit_options(state, seat)
        elif step in ACTING and not used_up(state):
            yield from acting_options(state, seat, verb)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Carry out one of the Corvids' actions."""
        if isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        elif isinstance(action, Flip):
            plots.flip(state, seat, action.clearing)
        elif isinstance(action, Recruit):
            recruit(state, seat, action)
        else:
            self._spend(state, step)
            act(state, seat, action)

    @staticmethod
    def _spend(state: GameState, step: str) -> None:
        """Count a Daylight action, or the Exert."""
        f = flags(state)
        if step == EXERT:
            f["exerted"] = True
        else:
            f["corvid_actions"] = f.get("corvid_actions", 0) + 1

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move or a battle a mode puts in their place (3x3 search, seizure) is one of the Daylight actions, or
        the Exert."""
        return (None,) if step in ACTING and not used_up(state) else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """Take the action."""
        self._spend(state, step)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """From public information: crafting with plots on the map; recruiting once, with a warrior left."""
        if step == CRAFT:
            return bool(crafting.power(state, seat))
        if step == RECRUIT:
            return not flags(state).get("recruited") and state.seats[seat].supply.get("warrior", 0) > 0
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        return prompt_of(state, step)

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """13.6.2: one more card per face-up extortion; none at all after an Exert (13.6.1)."""
        if flags(state).get("exerted"):
            return -1
        return face_up_count(state, "extortion")

    # --- crafting and hidden information (13.2.1, 13.2.2) ------------------------------------------------------------
    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """13.2.1: every plot token crafts, face up or face down."""
        return [cid for cid in state.board.ids() if has_plot(state, cid)]

    def hidden_pieces(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """The face-down plots on the map and the plots in the supply: what each is, only the Corvids know."""
        d = data(state, seat)
        return {"face-down plots": d.setdefault("hidden", []), "plot supply": d.setdefault("reserve", [])}

    def edit_pieces(
        self, state: GameState, seat: int, piece: str, n: int, src: Place | None, dst: Place | None
    ) -> str | None:
        """A moderator's edit of plots keeps their kinds: face-down ones shifted with theirs or back to the supply
        unseen, face-up ones from or to the supply as their kind (never one placed face down: its kind is secret)."""
        return plots.edited(state, seat, piece, n, src, dst)

    def private_lines(self, state: GameState, seat: int) -> list[str]:
        """The kind of each face-down plot and the plots left in the supply."""
        return private_lines(state, seat)

    # --- plots on the table (13.2.4, 13.2.5, 13.7) -------------------------------------------------------------------
    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """A plot removed goes back to the supply (shown if face down); a raid places warriors around. In battle
        that is done as the hit resolves (`resolve_hit`), so the supply is right while the battle goes on."""
        if seat is not None and removed.cause != BATTLE and removed.owned_by(ID):
            plots.returned(state, seat, removed)

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """A hit on a plot returns it to the supply at once (shown if face down; a raid places warriors)."""
        done = super().resolve_hit(state, seat, cid, piece, n, by)
        if done and (piece == PLOT_KEY or piece in FACE_UP_KEYS):
            plots.returned(state, seat, Removed(cid, {piece: done}, by, BATTLE, {}))
        return done

    def extra_hits(self, state: GameState, seat: int | None, battle_: BattleState) -> list[tuple[int, str]]:
        """13.2.5 Embedded Agents: defending where a face-down plot lies, one extra hit."""
        if seat is not None and battle_["defender"] == seat and state.clearings[battle_["clearing"] - 1].get(PLOT_KEY):
            return [(seat, "Embedded Agents")]
        return []

    def blocks_placement(self, state: GameState, seat: int, placer: str, cid: int, category: str | None = None) -> bool:
        """13.7.2: a face-up snare keeps enemy pieces from being placed in its clearing."""
        if not state.clearings[cid - 1].get(plots.SNARE_KEY):
            return False
        other = state.seat_of(placer)
        return other is not None and enemies(state, seat, other)

    def placement_refusal(self, state: GameState, seat: int, cid: int) -> str:
        """Why the snare refuses a placement."""
        return f"a face-up snare in clearing {cid} keeps the {NAME}'s enemies from placing pieces there"

    def forbids(self, state: GameState, seat: int, actor: int, action: Action) -> str | None:
        """13.7.2: a face-up snare keeps enemy pieces from moving out of its clearing (the Vagabond's Slip excepted)."""
        src = getattr(action, "src", None)
        if not isinstance(src, int) or not 0 < src <= len(state.clearings):
            return None
        if not state.clearings[src - 1].get(plots.SNARE_KEY) or not type(action).moves_pieces:
            return None
        if "src" not in dict(type(action).spec) or not enemies(state, seat, actor):
            return None
        if state.turn.seat == actor and state.turn.step in registry.of(state, actor).unhindered_steps:
            return None
        return f"a face-up snare in clearing {src} keeps the {NAME}'s enemies' pieces from moving out of it"

    # --- Exposure, offered to every enemy on its own turn (13.2.4) ----------------------------------------------------
    def offered(self, state: GameState, seat: int, actor: int, step: str, verb: str | None) -> Iterator[Action]:
        """Every guess the acting enemy could make: a face-down plot where it has pieces, a matching card, a kind."""
        if verb not in (None, "expose") or state.turn.seat != actor or not enemies(state, seat, actor):
            return
        faction = state.seats[actor].faction
        for cid in face_down_clearings(state):
            if present(state, faction, cid):
                for key in hand.keys_matching(state, actor, suit(state, cid)):
                    for kind in KINDS:
                        yield Expose(cid, kind, key)

    def offers_from_hand(self, state: GameState, seat: int, actor: int, step: str) -> bool:
        """From public information: an enemy with a card and pieces where a face-down plot lies might expose it."""
        if state.turn.seat != actor or not enemies(state, seat, actor) or not state.seats[actor].hand:
            return False
        faction = state.seats[actor].faction
        return any(present(state, faction, cid) for cid in face_down_clearings(state))

    def take_offered(self, state: GameState, seat: int, actor: int, action: Action) -> bool:
        """Resolve a guess."""
        if not isinstance(action, Expose):
            return False
        plots.expose(state, seat, actor, action.clearing, action.kind, action.card)
        return True

    def explain_offered(self, state: GameState, seat: int, actor: int, action: Action) -> str | None:
        """Why a guess is refused: never a word about what the plot is."""
        if not isinstance(action, Expose):
            return None
        return why_not_expose(state, seat, actor, action, enemies(state, seat, actor))

    # --- words -------------------------------------------------------------------------------------------------------
    def panel(self, state: GameState, seat: int) -> list[str]:
        """Plots in the supply (a count), plots on the map, the turn's actions."""
        return panel_lines(state, seat)

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the Corvids' actions is refused now."""
        return why_not(state, seat, action)


# --- setup (13.3.2) ---------------------------------------------------------------------------------------------------


def scatter_clearings(state: GameState, seat: int) -> list[int]:
    """Clearings of the suits not yet scattered in, where the setup may place a warrior."""
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return []
    done = set(data(state, seat).get("scattered", []))
    return [
        cid
        for cid in state.board.ids()
        if suit(state, cid) in SUITS
        and suit(state, cid) not in done
        and may_place(state, ID, cid, WARRIOR)
        and may_set_up(state, seat, cid)
    ]


# --- Birdsong: recruit (13.4.3) ---------------------------------------------------------------------------------------


def recruit_options(state: GameState, seat: int) -> Iterator[Action]:
    """Once per turn, with a warrior left: any card of the hand, a bird naming the suit it recruits in; short of
    warriors, the clearings that get the ones left (the Corvids choose, 1.5.4)."""
    if flags(state).get("recruited") or state.seats[seat].supply.get("warrior", 0) <= 0:
        return
    for key in hand.distinct_keys(state, seat):
        if keys()[key].suit == "bird":
            for s in SUITS:
                yield from _recruits(state, seat, key, s, s)
        else:
            yield from _recruits(state, seat, key, keys()[key].suit, None)


def _recruits(state: GameState, seat: int, key: str, wanted: str, named: str | None) -> Iterator[Action]:
    """A recruit with a card in the clearings of a suit: everywhere, or each choice of as many as the supply holds."""
    spots = recruit_spots(state, wanted)
    left = state.seats[seat].supply.get("warrior", 0)
    if left >= len(spots) or (state.legacy is not None and state.legacy.corvids_recruit_in_order):
        yield Recruit(card=key, suit=named)
        return
    for chosen in combinations(spots, left):
        yield Recruit(card=key, clearings=chosen, suit=named)


def recruit_spots(state: GameState, wanted: str) -> list[int]:
    """The clearings of a suit where a Corvid warrior may be placed."""
    return [cid for cid in state.board.ids() if suit(state, cid) == wanted and may_place(state, ID, cid, WARRIOR)]


def recruit(state: GameState, seat: int, action: Recruit) -> None:
    """Spend the card; a warrior in each clearing of its suit where one may be placed (in the clearings chosen when
    the supply runs short)."""
    assert action.card is not None
    spent = hand.spend(state, seat, action.card)
    flags(state)["recruited"] = True
    wanted = action.suit or card(spent).suit
    spots = list(action.clearings) or recruit_spots(state, wanted)
    placed = [cid for cid in spots if place(state, seat, "warrior", cid) > 0]
    marks = tuple(("place", c, None) for c in placed)
    where = ", ".join(map(str, placed)) or "no clearing"
    state.say(f"The {NAME} spend {label(spent)} to recruit in {wanted} clearings: {where}.", None, *marks)


# --- Daylight and the Exert (13.5, 13.6.1) ----------------------------------------------------------------------------


def acting_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    """Move (Nimble), battle, plot and trick."""
    if verb in (None, "move"):
        yield from movement.move_options(state, seat)
    if verb in (None, "battle"):
        yield from battle.battle_options(state, seat)
    if verb in (None, "plot"):
        yield from plot_options(state, seat)
    if verb in (None, "trick"):
        yield from trick_options(state)


def plot_options(state: GameState, seat: int) -> Iterator[Action]:
    """A plot of each kind left in the supply, in each clearing without one where the warriors pay for it."""
    if state.seats[seat].supply.get(FACE_DOWN, 0) <= 0:
        return
    need = plots.plot_cost(state)
    kinds = reserve_kinds(state, seat)
    for cid in state.board.ids():
        if count(state, ID, "warrior", cid) >= need and not has_plot(state, cid) and may_place(state, ID, cid, TOKEN):
            for kind in kinds:
                yield Plot(cid, kind)


def trick_options(state: GameState) -> Iterator[Action]:
    """Every pair of face-down plots, and every pair of face-up plots of different kinds."""
    down = face_down_clearings(state)
    for i, a in enumerate(down):
        for b in down[i + 1 :]:
            yield Trick((a, b))
    up = [(cid, k) for cid in state.board.ids() if (k := face_up_kind(state, cid))]
    for i, (a, ka) in enumerate(up):
        for b, kb in up[i + 1 :]:
            if ka != kb:
                yield Trick((a, b))


def act(state: GameState, seat: int, action: Action) -> None:
    """Carry out a Daylight action (or the Exert's)."""
    if isinstance(action, Move):
        movement.move(state, seat, action.src, action.dst, action.count)
    elif isinstance(action, Battle):
        battle.start(state, seat, action.clearing, action.defender)
    elif isinstance(action, Plot):
        plots.place_plot(state, seat, action.clearing, action.kind)
    elif isinstance(action, Trick):
        plots.trick(state, seat, *action.clearings)


registry.register(Corvids())

__all__ = ["DAYLIGHT_ACTIONS", "Corvids"]
