"""Spinners of Mercy (fan faction, seed 001): webs, First Response, the Ward and its patients, infirmaries, Shelter.

Section numbers (SOM.2.3 ...) are the seed's; docs/rulings.md records every reading of its loose text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, ClassVar

from rules import battle, crafting, decisions, hand, landmarks, movement, registry
from rules.actions import (
    CARD,
    CLEARING,
    FACTION,
    KEYED_CLEARINGS,
    SUIT,
    Action,
    Battle,
    Craft,
    Move,
    Pass,
    Recruit,
    register_for,
)
from rules.cards import card, keys, label
from rules.examples import ExampleGame, Examples
from rules.factions.base import Faction, standard_hit_options
from rules.factions.marquise import Hire
from rules.hooks import CANCEL, Removal, Removed
from rules.map_pieces import (
    count,
    may_move_now,
    may_place,
    on_map,
    open_slots,
    place,
    placed_by_others,
    shift,
    suit,
)
from rules.modes.base import may_set_up, skips_cornered, starting_corners
from rules.options import GameOption
from rules.pieces import (
    ABILITY,
    BATTLE,
    BUILDING,
    TOKEN,
    WARRIOR,
    PieceKind,
    category_of_key,
    controller,
    kind_of,
    kind_of_key,
    parse_key,
)
from rules.removal import remove_all
from rules.rule import enemies, enemy_piece
from rules.scoring import score
from rules.state import BattleState, Decision, GameState, SeatData, TurnFlags
from rules.words import plural

ID = "spinners"
NAME = "Spinners of Mercy"
WEB_COLOUR = "#663C53"
"""Webs are drawn in a dark tone of the Spinners' colour (with light threads), so they never look like warriors."""
SUITS = ("fox", "mouse", "rabbit")
TRACK = 3
"""Infirmaries per suit: one track of three spaces for each suit (SOM.3.3)."""
SHELTER_POINTS = (0, 1, 2)
"""Points printed above the first, second and third space of every suit's track (SOM.6.2)."""
WEB_BONUS_AT = (2,)
"""Spaces (counted from the left) showing a web bonus once uncovered (SOM.4.2)."""
DRAW_BONUS_AT = (3,)
"""Spaces showing a draw bonus once uncovered (SOM.6.3)."""
ACTIONS = 3
WARD = "ward"
PATIENT_WORTH = 0.75
"""What a patient in the Ward is worth to an automated Spinners player, in victory points (a discharge scores one)."""
WEB_DISCOUNT = 0.25
"""How much less than another faction's token a web on the map counts for an automated Spinners player: a recruit
spins one into every clearing of a suit, so they are many and cheap."""
TRACK_WORTH = (0.0, 0.0, 0.5, 1.0)
"""What an automated Spinners player counts for a suit's track with 0-3 infirmaries built, on top of the buildings
themselves: the second and third raise Shelter's points and uncover the web and draw bonuses."""
WARRIOR_KEY = f"{ID}:warrior"
WEB_KEY = f"{ID}:web"
START_WARRIORS = START_WEBS = 2

# Game options (docs/rulings.md): whether First Response also answers removals outside battle (a Favor),
# and where Triage returns a patient.
OPTION_REMOVALS = "spinners_response_to_removals"
OPTION_TRIAGE = "spinners_triage"
TRIAGE_PLACES = ("supply", "clearing")
GAME_OPTIONS = (
    GameOption(OPTION_REMOVALS, (True, False), "First Response also answers removals outside battle", "SOM.2.3"),
    GameOption(OPTION_TRIAGE, TRIAGE_PLACES, "where Triage returns a patient", "SOM.2.6"),
)


def infirmary_kind(infirmary_suit: str) -> str:
    """The piece kind of an infirmary of a suit ('fox-infirmary')."""
    return f"{infirmary_suit}-infirmary"


INFIRMARY_KINDS = {infirmary_kind(s): s for s in SUITS}
INFIRMARY_KEYS = tuple(f"{ID}:{k}" for k in INFIRMARY_KINDS)


# --- verbs only the Spinners use ---------------------------------------------------------------------------------


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Establish(Action):
    """Place an infirmary matching a clearing with a web, spending a matching card (at setup: the starting clearing)."""

    verb: ClassVar[str] = "establish"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("card", CARD))
    clearing: int
    card: str | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Gather(Action):
    """Gather: draw one card (once per turn)."""

    verb: ClassVar[str] = "gather"


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Shelter(Action):
    """Shelter: spend a card matching a built infirmary to score its track's points (suit: a bird card's suit)."""

    verb: ClassVar[str] = "shelter"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD), ("suit", SUIT))
    card: str
    suit: str | None = None


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Secure(Action):
    """Secure: place a web in a clearing with your warrior, from the supply or (source) from another clearing."""

    verb: ClassVar[str] = "secure"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING), ("source", KEYED_CLEARINGS))
    field_help: ClassVar[Mapping[str, str]] = {"source": "the clearing the web is taken from (none: from the supply)"}
    clearing: int
    source: tuple[int, ...] = ()


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Discharge(Action):
    """Discharge a patient of a faction from the Ward into a clearing with an infirmary (one per infirmary a turn)."""

    verb: ClassVar[str] = "discharge"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("patient", FACTION), ("clearing", CLEARING))
    field_help: ClassVar[Mapping[str, str]] = {"patient": "the faction whose warrior leaves the Ward"}
    patient: str
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Respond(Action):
    """First Response: remove a warrior and a web of yours to carry the hit enemy warriors of a clearing to the Ward."""

    verb: ClassVar[str] = "respond"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for(ID)
@dataclass(frozen=True, slots=True)
class Triage(Action):
    """Triage: return a patient of this faction from the Ward (an infirmary was removed in battle)."""

    verb: ClassVar[str] = "triage"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("patient", FACTION),)
    field_help: ClassVar[Mapping[str, str]] = {"patient": "the faction whose warrior leaves the Ward"}
    patient: str


# --- the map: webs, infirmaries, web connections -----------------------------------------------------------------


def webs_at(state: GameState, cid: int) -> int:
    """Webs in a clearing."""
    return state.clearings[cid - 1].get(WEB_KEY, 0)


def infirmaries_at(state: GameState, cid: int) -> int:
    """Infirmaries in a clearing (of any suit)."""
    pieces = state.clearings[cid - 1]
    return sum(pieces.get(k, 0) for k in INFIRMARY_KEYS)


def infirmary_clearings(state: GameState) -> list[int]:
    """Clearings with at least one infirmary, in number order."""
    return [cid for cid in state.board.ids() if infirmaries_at(state, cid)]


def web_network(state: GameState, cid: int) -> set[int]:
    """Clearings connected by web to a clearing with a web: through paths whose both ends hold webs (SOM.2.2)."""
    if not webs_at(state, cid):
        return set()
    seen = {cid}
    frontier = [cid]
    while frontier:
        here = frontier.pop()
        for near in state.board.adjacent_to(here):
            if near not in seen and webs_at(state, near):
                seen.add(near)
                frontier.append(near)
    return seen


def web_connected(state: GameState, a: int, b: int) -> bool:
    """Whether a path joins two clearings that both hold webs (one skitter move)."""
    return state.board.adjacent(a, b) and webs_at(state, a) > 0 and webs_at(state, b) > 0


def response_prompt(cid: int) -> str:
    """What a First Response decision asks (the table reads it as 'Spinners of Mercy must ...')."""
    return f"decide on First Response in clearing {cid}: respond {cid} (a warrior and a web of theirs) or pass"


def response_reach(state: GameState) -> list[int]:
    """Clearings connected by web to an infirmary: where First Response may answer (SOM.2.3)."""
    reach: set[int] = set()
    for cid in infirmary_clearings(state):
        reach |= web_network(state, cid)
    return sorted(reach)


def connected_to_infirmary(state: GameState, cid: int) -> bool:
    """Whether a clearing with a web is connected by web to an infirmary (its own, or one along the webs)."""
    return any(infirmaries_at(state, c) for c in web_network(state, cid))


# --- the faction board: tracks, bonuses, the Ward ----------------------------------------------------------------


def built(state: GameState, seat: int, track_suit: str) -> int:
    """Uncovered spaces of a suit's track: infirmaries of that suit not on the faction board."""
    return TRACK - state.seats[seat].supply.get(infirmary_kind(track_suit), 0)


def shelter_points(state: GameState, seat: int, track_suit: str) -> int:
    """Points above the rightmost empty space of a suit's track (nothing while no space is empty)."""
    empty = built(state, seat, track_suit)
    return SHELTER_POINTS[empty - 1] if empty > 0 else 0


def web_bonuses(state: GameState, seat: int) -> int:
    """Uncovered web bonus icons on the tracks."""
    return sum(1 for s in SUITS for at in WEB_BONUS_AT if built(state, seat, s) >= at)


def draw_bonuses(state: GameState, seat: int) -> int:
    """Uncovered draw bonus icons on the tracks."""
    return sum(1 for s in SUITS for at in DRAW_BONUS_AT if built(state, seat, s) >= at)


def ward(state: GameState, seat: int) -> dict[str, int]:
    """The patients in the Ward, by map key (other factions' warriors)."""
    return state.seats[seat].areas.get(WARD, {})


def patient_keys(state: GameState, seat: int, owner: str) -> list[str]:
    """Ward keys of one owner's patients."""
    return sorted(p for p, n in ward(state, seat).items() if n and parse_key(p)[0] == owner)


def patient_owners(state: GameState, seat: int) -> list[str]:
    """Owners of the patients in the Ward, in seat order."""
    present = {parse_key(p)[0] for p, n in ward(state, seat).items() if n}
    return [s.faction for s in state.seats if s.faction in present]


def dischargeable(state: GameState, seat: int, owner: str) -> list[str]:
    """Ward keys of one owner's patients a discharge may place: never one only its owner places (the Hundreds'
    warlord, 14.2.2: it waits in the Ward to be replaced, SOM.2.4)."""
    return [p for p in patient_keys(state, seat, owner) if placed_by_others(state, p)]


def carried_now(state: GameState, seat: int, piece: str) -> bool:
    """A hit enemy warrior First Response may carry to the Ward now: not one that can't be moved outside its owner's
    turn (the warlord, 14.2.2, as the Law keeps it from banish)."""
    return _enemy_warrior(state, seat, piece) and may_move_now(state, piece)


def _to_ward(state: GameState, seat: int, piece: str, n: int) -> None:
    held = state.seats[seat].areas.setdefault(WARD, {})
    held[piece] = held.get(piece, 0) + n


def _from_ward(state: GameState, seat: int, piece: str) -> None:
    held = state.seats[seat].areas[WARD]
    held[piece] -= 1
    if not held[piece]:
        del held[piece]
    if not held:
        del state.seats[seat].areas[WARD]


def describe_patients(pieces: dict[str, int]) -> str:
    """'2 Marquise de Cat warriors and 1 Eyrie Dynasties warrior'."""
    by_owner: dict[str, int] = {}
    for piece, n in pieces.items():
        owner = parse_key(piece)[0]
        by_owner[owner] = by_owner.get(owner, 0) + n
    parts = [plural(n, f"{registry.faction(owner).name} warrior") for owner, n in by_owner.items() if n]
    return " and ".join(parts) if parts else "no one"


def _dealt_by_a_foe(state: GameState, removal: Removal) -> bool:
    """Whether a removal outside battle is dealt by an enemy of the piece's side: a faction removing its own
    warriors (a cost, as for Tax Collector or a sacrifice, or a Do-Over) deals them no hits."""
    side = state.seat_of(controller(removal.piece))
    return removal.by is not None and side is not None and enemies(state, removal.by, side)


def _dealt_by_a_friend(state: GameState, seat: int, removal: Removal) -> bool:
    """Whether a removal outside battle is dealt by the Spinners or a faction not their enemy, as an older engine
    answered them (rules.revisions: before 6a9efc9)."""
    return removal.by is not None and not enemies(state, seat, removal.by)


def _enemy_warrior(state: GameState, seat: int, piece: str) -> bool:
    """A warrior fighting for an enemy of the Spinners (an infected warrior fights for the Spore, a mercenary for
    whoever hired it)."""
    return category_of_key(piece) == WARRIOR and enemy_piece(state, seat, piece)


# --- setup ----------------------------------------------------------------------------------------------------


def start_clearings(state: GameState, seat: int) -> list[int]:
    """Where the Spinners may set up (SOM.3.2): a free corner opposite another faction's starting corner; else any
    free corner; when no corner is free, an edge clearing (`starting_corners`: the mode's fallback). The clearing
    needs an open slot for the infirmary."""
    board = state.board
    taken = {
        c
        for i in range(len(state.seats))
        if i != seat and (c := registry.of(state, i).starting_corner(state, i)) is not None
    }

    def fits(cid: int) -> bool:
        return cid not in taken and open_slots(state, cid) > 0 and may_place(state, ID, cid, BUILDING)

    if skips_cornered(state):
        return _older_start_clearings(state, seat, taken, fits)
    free = starting_corners(state, seat, fits)
    return [c for c in free if any(board.opposite(t) == c for t in taken)] or free


def _older_start_clearings(state: GameState, seat: int, taken: set[int], fits: Callable[[int], bool]) -> list[int]:
    """Where an older engine let the Spinners set up (rules.revisions: before a3f33da): an edge clearing only when
    every corner was another faction's starting corner, else none but a corner."""
    board = state.board
    free = [c for c in board.corners() if fits(c) and may_set_up(state, seat, c)]
    opposite = [c for c in free if any(board.opposite(t) == c for t in taken)]
    if opposite or free:
        return opposite or free
    if all(c in taken for c in board.corners()):
        return [c for c in board.ids() if board.is_edge_by_position(c) and fits(c) and may_set_up(state, seat, c)]
    return []


class SpinnersChoice(Decision, total=False):
    """The Spinners' own decisions: First Response in `clearing` (to the removal of `pieces` by seat `by`, for
    `cause`), or Triage for `count` warriors."""

    clearing: int
    count: int
    pieces: dict[str, int]
    by: int | None
    cause: str


class SpinnersData(SeatData, total=False):
    """The Spinners' own data: the corner of their setup, and whether First Response was declined this removal."""

    corner: int | None
    declining: bool


class SpinnersFlags(TurnFlags, total=False):
    """The Spinners' turn: actions left, what they gathered, recruited, released and sheltered, and skitter."""

    actions: int
    gathered: bool
    recruited: bool
    released: dict[str, int]
    secured: int
    sheltered: dict[str, int]
    skitter: bool


class Spinners(Faction):
    """The Spinners of Mercy."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("spinners-of-mercy", "som", "spiders", "mercy")
    kind: ClassVar[str] = "militant"
    colour: ClassVar[str] = "#CC79A7"
    setup_order: ClassVar[int] = 10
    order: ClassVar[int | None] = 40
    examples: ClassVar[Examples | None] = Examples(
        "erin",
        (
            ExampleGame(("marquise", "eyrie", ID)),
            ExampleGame(("marquise", "eyrie", ID), prefer=("battle", "respond", "triage", "establish")),  # Triage
        ),
        order=4,
    )
    explains_moves: ClassVar[bool] = True
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, 20, "Warrior", "circle"),
        PieceKind(ID, "web", TOKEN, 24, "Web", "web", points=0, colour=WEB_COLOUR),
        *(
            PieceKind(ID, k, BUILDING, TRACK, f"{s.title()} infirmary", "cross", "I" + s[0])
            for k, s in INFIRMARY_KINDS.items()
        ),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": ("spinners.discharge", "spinners.secure"),
        "daylight": ("spinners.daylight",),
        "evening": ("spinners.craft", "spinners.shelter"),
    }
    game_options: ClassVar[tuple[GameOption, ...]] = GAME_OPTIONS

    # --- setup (SOM.3) ---------------------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Supplies of warriors and webs; three infirmaries of each suit on the tracks (SOM.3.1, SOM.3.3)."""
        super().setup(state, seat)
        state.seats[seat].data = SpinnersData(corner=None)

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Choose the starting clearing."""
        return "choose the starting clearing for the first infirmary (establish N)"

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Each clearing the Spinners may start in."""
        for cid in start_clearings(state, seat):
            yield Establish(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Two warriors, two webs and a matching infirmary there; a warrior and a web in each adjacent clearing."""
        assert isinstance(action, Establish)
        cid = action.clearing
        place(state, seat, "warrior", cid, START_WARRIORS)
        place(state, seat, "web", cid, START_WEBS)
        place(state, seat, infirmary_kind(suit(state, cid)), cid)
        for near in sorted(state.board.adjacent_to(cid)):
            if may_place(state, ID, near, WARRIOR):
                place(state, seat, "warrior", near)
            if may_place(state, ID, near, TOKEN):
                place(state, seat, "web", near)
        state.seats[seat].data_as(SpinnersData)["corner"] = cid
        state.say(
            f"The {NAME} establish a {suit(state, cid)} infirmary in clearing {cid} with two warriors and two webs, "
            "and spin a warrior and a web into each adjacent clearing.",
            None,
            ("place", cid, None),
        )
        return True

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The starting clearing (a corner unless every corner was taken)."""
        corner: int | None = state.seats[seat].data_as(SpinnersData).get("corner")
        return corner

    def setup_done(self, state: GameState, seat: int) -> bool:
        """The first infirmary is established."""
        return self.starting_corner(state, seat) is not None

    # --- the turn ----------------------------------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Each step starts its own counts."""
        flags = state.turn.flags_as(SpinnersFlags)
        if step == "spinners.discharge":
            flags["released"] = {}
        elif step == "spinners.secure":
            flags["secured"] = 0
        elif step == "spinners.daylight":
            flags.update({"actions": ACTIONS, "skitter": False, "recruited": False, "gathered": False})
        elif step == "spinners.shelter":
            flags["sheltered"] = {}

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Every Spinners step waits for the player when it offers something."""
        return step in (
            "spinners.discharge",
            "spinners.secure",
            "spinners.daylight",
            "spinners.craft",
            "spinners.shelter",
        )

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The actions of each step."""
        if step == "spinners.discharge" and verb in (None, "discharge"):
            yield from self._discharges(state, seat)
        elif step == "spinners.secure" and verb in (None, "secure"):
            yield from self._secures(state, seat)
        elif step == "spinners.daylight":
            yield from self._daylight(state, seat, verb)
        elif step == "spinners.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        elif step == "spinners.shelter" and verb in (None, "shelter"):
            yield from self._shelters(state, seat)

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """Discharging is not optional: Birdsong goes on once no patient can leave (SOM.4.1)."""
        if step == "spinners.discharge":
            return next(self._discharges(state, seat), None) is None
        return True

    # --- Birdsong (SOM.4) ----------------------------------------------------------------------------------------
    def release_room(self, state: GameState, cid: int) -> int:
        """Patients the infirmaries of a clearing may still release this turn (one per infirmary, SOM.2.5)."""
        used = int(state.turn.flags_as(SpinnersFlags).get("released", {}).get(str(cid), 0))
        return infirmaries_at(state, cid) - used

    def _discharges(self, state: GameState, seat: int) -> Iterator[Action]:
        owners = patient_owners(state, seat)
        if not owners:
            return
        owners = [o for o in owners if dischargeable(state, seat, o)]
        for cid in infirmary_clearings(state):
            if self.release_room(state, cid) > 0 and may_place(state, ID, cid, WARRIOR):
                for owner in owners:
                    yield Discharge(owner, cid)

    def _discharge(self, state: GameState, seat: int, action: Discharge) -> None:
        piece = dischargeable(state, seat, action.patient)[0]
        _from_ward(state, seat, piece)
        pieces = state.clearings[action.clearing - 1]
        pieces[piece] = pieces.get(piece, 0) + 1
        released = state.turn.flags_as(SpinnersFlags).setdefault("released", {})
        released[str(action.clearing)] = released.get(str(action.clearing), 0) + 1
        who = registry.faction(action.patient).name
        state.say(
            f"The {NAME} discharge a {who} warrior from the Ward into clearing {action.clearing}.",
            None,
            ("place", action.clearing, None),
        )
        score(state, seat, 1, "a discharged patient")

    def _secures(self, state: GameState, seat: int) -> Iterator[Action]:
        if int(state.turn.flags_as(SpinnersFlags).get("secured", 0)) >= web_bonuses(state, seat):
            return
        targets = [
            cid for cid in state.board.ids() if count(state, ID, "warrior", cid) and may_place(state, ID, cid, TOKEN)
        ]
        sources = [cid for cid in state.board.ids() if webs_at(state, cid)]
        for dst in targets:
            if state.seats[seat].supply.get("web", 0) > 0:
                yield Secure(dst)
            for src in sources:
                if src != dst:
                    yield Secure(dst, (src,))

    def _secure(self, state: GameState, seat: int, action: Secure) -> None:
        state.turn.flags_as(SpinnersFlags)["secured"] = int(state.turn.flags_as(SpinnersFlags).get("secured", 0)) + 1
        dst = action.clearing
        if action.source:
            shift(state, WEB_KEY, action.source[0], dst, 1)
            where = f"from clearing {action.source[0]}"
        else:
            place(state, seat, "web", dst)
            where = "from the supply"
        state.say(f"The {NAME} secure a web {where} in clearing {dst}.", None, ("place", dst, None))

    # --- Daylight (SOM.5) ------------------------------------------------------------------------------------------
    def _daylight(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        flags = state.turn.flags_as(SpinnersFlags)
        actions = int(flags["actions"])
        if verb in (None, "move") and (actions > 0 or flags["skitter"]):
            yield from self._skitter_moves(state, seat)
        if verb in (None, "hire"):
            for key in hand.keys_matching(state, seat, "bird"):
                yield Hire(key)
        if actions <= 0:
            return
        if verb in (None, "battle"):
            yield from battle.battle_options(state, seat, [c for c in state.board.ids() if webs_at(state, c)])
        if verb in (None, "recruit") and not flags["recruited"]:
            yield from self._recruits(state, seat)
        if verb in (None, "establish"):
            yield from self._establishes(state, seat)
        if verb in (None, "gather") and not flags["gathered"]:
            yield Gather()

    def _skitter_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        for src in state.board.ids():
            have = count(state, ID, "warrior", src)
            if not have or not webs_at(state, src):
                continue
            near = state.board.adjacent_to(src) | landmarks.ferry_links(state, src)  # the Ferry too (25.3.5)
            for dst in sorted(near):
                if movement.closed(state, dst) or not webs_at(state, dst):
                    continue
                if movement.fee_payable(state, seat, src, dst):
                    for n in range(1, have + 1):
                        yield Move(src, dst, n)

    def recruit_targets(self, state: GameState, recruit_suit: str) -> list[int]:
        """Clearings of a suit where a recruit may place a warrior or a web."""
        return [
            cid
            for cid in state.board.ids()
            if suit(state, cid) == recruit_suit
            and (may_place(state, ID, cid, WARRIOR) or may_place(state, ID, cid, TOKEN))
        ]

    def spelled_out(self, state: GameState, seat: int, action: Action) -> Action:
        """A plain recruit with every clearing of its suit named (the plain form reaches them all)."""
        if isinstance(action, Recruit) and not action.clearings and action.card is not None:
            recruit_suit = action.suit or keys()[action.card].suit
            return replace(action, clearings=tuple(self.recruit_targets(state, recruit_suit)))
        return action

    def _recruits(self, state: GameState, seat: int) -> Iterator[Action]:
        supply = state.seats[seat].supply
        warriors, webs = supply.get("warrior", 0), supply.get("web", 0)
        if max(warriors, webs) <= 0:
            return
        for key in hand.distinct_keys(state, seat):
            card_suit = keys()[key].suit
            for recruit_suit in SUITS if card_suit == "bird" else (card_suit,):
                named = recruit_suit if card_suit == "bird" else None
                targets = self.recruit_targets(state, recruit_suit)
                scarce = min(warriors, webs)
                if scarce >= len(targets):
                    if targets:
                        yield Recruit((), named, key)
                    continue
                for combo in combinations(targets, scarce):
                    yield Recruit(tuple(combo), named, key)

    def _recruit(self, state: GameState, seat: int, action: Recruit) -> None:
        """A warrior and a web in every matching clearing; when one of them runs short, the named clearings get it."""
        assert action.card is not None
        cid = hand.spend(state, seat, action.card)
        recruit_suit = action.suit or card(cid).suit
        state.turn.flags_as(SpinnersFlags)["recruited"] = True
        targets = self.recruit_targets(state, recruit_suit)
        supply = state.seats[seat].supply
        scarce = "warrior" if supply.get("warrior", 0) <= supply.get("web", 0) else "web"
        named = list(action.clearings)
        placed = {"warrior": 0, "web": 0}
        for where in targets:
            for kind, category in (("warrior", WARRIOR), ("web", TOKEN)):
                if named and kind == scarce and where not in named:
                    continue
                if may_place(state, ID, where, category):
                    placed[kind] += place(state, seat, kind, where)
        state.say(
            f"The {NAME} spend {label(cid)} to recruit {plural(placed['warrior'], 'warrior')} and "
            f"{plural(placed['web'], 'web')} in the {recruit_suit} clearings.",
            None,
            *[("place", c, None) for c in targets],
        )

    def establish_sites(self, state: GameState, seat: int) -> list[int]:
        """Clearings with a web and an open slot whose suit still has an infirmary on its track."""
        supply = state.seats[seat].supply
        return [
            cid
            for cid in state.board.ids()
            if webs_at(state, cid)
            and open_slots(state, cid) > 0
            and supply.get(infirmary_kind(suit(state, cid)), 0) > 0
            and may_place(state, ID, cid, BUILDING)
        ]

    def _establishes(self, state: GameState, seat: int) -> Iterator[Action]:
        for cid in self.establish_sites(state, seat):
            for key in hand.keys_matching(state, seat, suit(state, cid)):
                yield Establish(cid, key)

    def _establish(self, state: GameState, seat: int, action: Establish) -> None:
        assert action.card is not None
        cid = hand.spend(state, seat, action.card)
        where = action.clearing
        place(state, seat, infirmary_kind(suit(state, where)), where)
        state.say(
            f"The {NAME} spend {label(cid)} to establish a {suit(state, where)} infirmary in clearing {where}.",
            None,
            ("place", where, None),
        )

    # --- Evening (SOM.6) ---------------------------------------------------------------------------------------------
    def shelter_room(self, state: GameState, seat: int, shelter_suit: str) -> int:
        """Cards still to be spent for a suit's Shelter this Evening: one per built infirmary of that suit."""
        on = on_map(state, ID, infirmary_kind(shelter_suit))
        return on - int(state.turn.flags_as(SpinnersFlags).get("sheltered", {}).get(shelter_suit, 0))

    def _shelters(self, state: GameState, seat: int) -> Iterator[Action]:
        open_suits = [s for s in SUITS if self.shelter_room(state, seat, s) > 0]
        if not open_suits:
            return
        for key in hand.distinct_keys(state, seat):
            card_suit = keys()[key].suit
            if card_suit == "bird":
                for s in open_suits:
                    yield Shelter(key, s)
            elif card_suit in open_suits:
                yield Shelter(key)

    def _shelter(self, state: GameState, seat: int, action: Shelter) -> None:
        cid = hand.spend(state, seat, action.card)
        shelter_suit = action.suit or card(cid).suit
        sheltered = state.turn.flags_as(SpinnersFlags).setdefault("sheltered", {})
        sheltered[shelter_suit] = sheltered.get(shelter_suit, 0) + 1
        state.say(f"The {NAME} spend {label(cid)} to shelter refugees at a {shelter_suit} infirmary.")
        score(state, seat, shelter_points(state, seat, shelter_suit), "Shelter")

    # --- applying actions ---------------------------------------------------------------------------------------
    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Resolve one of the Spinners' actions."""
        flags = state.turn.flags_as(SpinnersFlags)
        if isinstance(action, Discharge):
            self._discharge(state, seat, action)
        elif isinstance(action, Secure):
            self._secure(state, seat, action)
        elif isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        elif isinstance(action, Shelter):
            self._shelter(state, seat, action)
        elif isinstance(action, Hire):
            self.interrupt(state, seat)
            hand.spend(state, seat, action.card)
            flags["actions"] += 1
            state.say(f"The {NAME} spend a bird card for an extra action.")
        elif isinstance(action, Move):
            self.spend_action(state, seat, step, "move", int(action.src), None)
            movement.move(state, seat, action.src, action.dst, action.count)
        else:
            self._daylight_action(state, seat, action)

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move is a skitter's (an action starts one); a battle is an action, where a web is (SOM.5)."""
        flags = state.turn.flags_as(SpinnersFlags)
        if step != "spinners.daylight":
            return ()
        if kind == "move":
            left = flags["actions"] > 0 or bool(flags["skitter"])
        else:
            left = flags["actions"] > 0 and webs_at(state, cid) > 0
        return (None,) if left else ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """A move goes on with a skitter, or starts one for an action; a battle costs an action and ends it."""
        flags = state.turn.flags_as(SpinnersFlags)
        if kind == "move" and flags["skitter"]:
            return
        flags["actions"] -= 1
        flags["skitter"] = kind == "move"

    def _daylight_action(self, state: GameState, seat: int, action: Action) -> None:
        flags = state.turn.flags_as(SpinnersFlags)
        flags["actions"] -= 1
        flags["skitter"] = False
        if isinstance(action, Battle):
            battle.start(state, seat, action.clearing, action.defender)
        elif isinstance(action, Recruit):
            self._recruit(state, seat, action)
        elif isinstance(action, Establish):
            self._establish(state, seat, action)
        elif isinstance(action, Gather):
            flags["gathered"] = True
            state.say(f"The {NAME} gather a card.")
            hand.draw(state, seat, 1)

    def interrupt(self, state: GameState, seat: int) -> None:
        """A skitter can't be interrupted: an effect used between its moves ends it."""
        if state.turn.flags_as(SpinnersFlags).get("skitter"):
            state.turn.flags_as(SpinnersFlags)["skitter"] = False

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Daylight may always spend a card; crafting needs unused infirmaries; Shelter needs a built infirmary."""
        if step == "spinners.daylight":
            return True
        if step == "spinners.craft":
            return bool(crafting.power(state, seat))
        if step == "spinners.shelter":
            return any(self.shelter_room(state, seat, s) > 0 for s in SUITS)
        return False

    # --- hooks into shared mechanics -------------------------------------------------------------------------------
    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """Each infirmary on the map crafts as its clearing's suit (SOM.2.1)."""
        out: list[int] = []
        for cid in infirmary_clearings(state):
            out += [cid] * infirmaries_at(state, cid)
        return out

    def play_worth(self, state: GameState, seat: int) -> float:
        """Each patient in the Ward is a point to come when discharged; a track's second and third infirmaries raise
        Shelter's points and uncover bonuses; webs count less than other tokens."""
        tracks = sum(TRACK_WORTH[built(state, seat, s)] for s in SUITS)
        webs = sum(webs_at(state, cid) for cid in state.board.ids())
        return PATIENT_WORTH * sum(ward(state, seat).values()) + tracks - WEB_DISCOUNT * webs

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One more card per uncovered draw bonus (SOM.6.3)."""
        return draw_bonuses(state, seat)

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """While warriors are left, hits fall on warriors or webs as the Spinners choose; then as usual (SOM.2.2)."""
        options = standard_hit_options(state, ID, cid, assigned)
        if WARRIOR_KEY in options:
            webs = webs_at(state, cid) - assigned.get(WEB_KEY, 0)
            if webs > 0:
                options[WEB_KEY] = webs
        return options

    def before_hits(self, state: GameState, seat: int | None, b: BattleState) -> bool:
        """First Response in anyone's battle: offer it when enemy warriors were assigned hits where it may answer."""
        assert seat is not None
        cid = b["clearing"]
        if not any(n and carried_now(state, seat, p) for _, p, n in b["hit"]):
            return False
        if not self.may_respond(state, seat, cid, b):
            return False
        decisions.push(
            state,
            "faction",
            seat,
            faction=ID,
            what="respond",
            clearing=cid,
            prompt=response_prompt(cid),
        )
        return True

    def may_respond(
        self,
        state: GameState,
        seat: int,
        cid: int,
        b: BattleState | None = None,
        taken: Mapping[str, int] | None = None,
    ) -> bool:
        """Whether a warrior and a web of the Spinners not dealt any hits are in a clearing connected by web to an
        infirmary (SOM.2.3); in battle, after the hits still owed to the Spinners there could fall on the others.
        `taken`: pieces an effect outside battle removes there in the same go (those are dealt hits too)."""
        if not connected_to_infirmary(state, cid):
            return False
        taken = taken or {}
        warriors = count(state, ID, "warrior", cid) - taken.get(WARRIOR_KEY, 0)
        webs = webs_at(state, cid) - taken.get(WEB_KEY, 0)
        owed = 0
        if b is not None:
            mine = battle.assigned_to(b, seat)
            warriors -= mine.get(WARRIOR_KEY, 0)
            webs -= mine.get(WEB_KEY, 0)
            owed = sum(n for s, n in b["owed"] if s == seat)
        return warriors >= 1 and webs >= 1 and warriors + webs - 2 >= owed

    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """First Response outside battle (game option, on by default): enemy warriors a foe of theirs removes by an
        ability or a card (a Favor, a Strike) where the Spinners may answer, with a warrior and a web that the same
        effect does not remove, stay put until the Spinners decide."""
        assert seat is not None
        cid = removal.place
        if removal.cause == BATTLE or not isinstance(cid, int) or not state.options.get(OPTION_REMOVALS, True):
            return None
        older = state.legacy is not None and state.legacy.first_response_to_allies  # before 6a9efc9
        dealt = _dealt_by_a_friend(state, seat, removal) if older else _dealt_by_a_foe(state, removal)
        if state.seats[seat].data_as(SpinnersData).get("declining") or not dealt:
            return None
        if not _enemy_warrior(state, seat, removal.piece):
            return None
        if not self.may_respond(state, seat, cid, taken=None if older else dict(removal.along)):
            return None
        waiting = next(
            (
                d
                for d in (decisions.context(p, SpinnersChoice) for p in state.pending)
                if d.get("faction") == ID and d["what"] == "respond_removal" and d["clearing"] == cid
            ),
            None,
        )
        if waiting is None:
            decisions.push(
                state,
                "faction",
                seat,
                faction=ID,
                what="respond_removal",
                clearing=cid,
                pieces={},
                by=removal.by,
                cause=removal.cause,
                prompt=response_prompt(cid),
            )
            waiting = decisions.context(state.pending[-1], SpinnersChoice)
        waiting["pieces"][removal.piece] = waiting["pieces"].get(removal.piece, 0) + removal.count
        return CANCEL

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Triage: for each infirmary removed in battle, one patient of the Spinners' choice goes back (SOM.2.6)."""
        assert seat is not None
        if removed.cause != BATTLE:
            return
        lost = sum(removed.count(k) for k in INFIRMARY_KEYS)
        if lost and ward(state, seat):
            decisions.push(
                state,
                "faction",
                seat,
                faction=ID,
                what="triage",
                count=lost,
                clearing=removed.place,
                prompt=f"choose a patient for Triage to return to its owner ({lost} to go: triage FACTION)",
            )

    # --- decisions ----------------------------------------------------------------------------------------------------
    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """First Response (respond or pass) and Triage (which patient)."""
        decision = decisions.context(decision, SpinnersChoice)
        seat, what = decision["seat"], decision["what"]
        if what == "respond":
            b = state.battle
            if b is not None and self.may_respond(state, seat, decision["clearing"], b):
                yield Pass()
                yield Respond(decision["clearing"])
        elif what == "respond_removal":
            yield Pass()
            if self.may_respond(state, seat, decision["clearing"]):
                yield Respond(decision["clearing"])
        elif what == "triage":
            for owner in patient_owners(state, seat):
                yield Triage(owner)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Resolve First Response or one Triage choice."""
        decision = decisions.context(decision, SpinnersChoice)
        seat, what = decision["seat"], decision["what"]
        if what == "respond" and isinstance(action, Respond):
            self._respond_in_battle(state, seat, action.clearing)
        elif what == "respond_removal":
            self._answer_removal(state, seat, decision, isinstance(action, Respond))
        elif what == "triage" and isinstance(action, Triage):
            self._triage(state, seat, decision, action.patient)
            decision["count"] -= 1
            return decision["count"] <= 0 or not ward(state, seat)
        return True

    def _pay(self, state: GameState, seat: int, cid: int) -> None:
        """The cost of First Response: one of the Spinners' own warriors and webs there."""
        remove_all(state, cid, {WARRIOR_KEY: 1, WEB_KEY: 1}, seat, ABILITY, scores=False)

    def _respond_in_battle(self, state: GameState, seat: int, cid: int) -> None:
        """Take the hit enemy warriors out of the battle's hits into the Ward; their hits are cancelled (SOM.2.4)."""
        b = state.battle
        assert b is not None
        self._pay(state, seat, cid)
        kept: list[list[Any]] = []
        carried: dict[str, int] = {}
        pieces = state.clearings[cid - 1]
        for who, piece, n in b["hit"]:
            if n and carried_now(state, seat, piece):
                n = min(n, pieces.get(piece, 0))
                if n:
                    self._carry(state, seat, cid, piece, n)
                    carried[piece] = carried.get(piece, 0) + n
            else:
                kept.append([who, piece, n])
        b["hit"] = kept
        self._say_carried(state, cid, carried)

    def _carry(self, state: GameState, seat: int, cid: int, piece: str, n: int) -> None:
        """Off the map into the Ward as the owner's warrior: a controller's mark (an infection) stays behind."""
        pieces = state.clearings[cid - 1]
        pieces[piece] -= n
        if not pieces[piece]:
            del pieces[piece]
        owner, kind, _ = parse_key(piece)
        _to_ward(state, seat, f"{owner}:{kind}", n)

    def _say_carried(self, state: GameState, cid: int, carried: dict[str, int]) -> None:
        state.say(
            f"First Response: the {NAME} give up a warrior and a web in clearing {cid} to carry "
            f"{describe_patients(carried)} to the Ward.",
            None,
            ("remove", cid, None),
        )

    def _answer_removal(self, state: GameState, seat: int, decision: SpinnersChoice, respond: bool) -> None:
        """Outside battle: carry the warriors to the Ward, or let the removal happen after all."""
        cid = decision["clearing"]
        here = state.clearings[cid - 1]
        wanted = {p: min(n, here.get(p, 0)) for p, n in decision["pieces"].items() if here.get(p, 0)}
        if respond and self.may_respond(state, seat, cid):
            self._pay(state, seat, cid)
            for piece, n in wanted.items():
                self._carry(state, seat, cid, piece, n)
            self._say_carried(state, cid, wanted)
            return
        data = state.seats[seat].data_as(SpinnersData)
        data["declining"] = True
        try:
            remove_all(state, cid, wanted, decision["by"], decision["cause"])
        finally:
            data.pop("declining", None)

    def _triage(self, state: GameState, seat: int, decision: SpinnersChoice, owner: str) -> None:
        """Return one patient: to its owner's supply, or (game option) into the clearing of the battle (a plain
        warrior first: the warlord only ever goes back to the supply, 14.2.2)."""
        piece = (dischargeable(state, seat, owner) or patient_keys(state, seat, owner))[0]
        _from_ward(state, seat, piece)
        cid = decision["clearing"]
        who = registry.faction(owner).name
        to_clearing = state.options.get(OPTION_TRIAGE, "supply") == "clearing" and isinstance(cid, int)
        if to_clearing and may_place(state, ID, cid, WARRIOR) and placed_by_others(state, piece):
            state.clearings[cid - 1][piece] = state.clearings[cid - 1].get(piece, 0) + 1
            state.say(f"Triage: a {who} warrior leaves the Ward into clearing {cid}.", None, ("place", cid, None))
            return
        owner_seat = state.seat_of(owner)
        if owner_seat is not None:
            family = kind_of(*parse_key(piece)[:2]).box_family  # a Tinker drone goes back among his tokens
            box = state.seats[owner_seat].supply
            box[family] = box.get(family, 0) + 1
        state.say(f"Triage: a {who} warrior leaves the Ward and returns to its owner's supply.")

    # --- words ----------------------------------------------------------------------------------------------------
    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        if step == "spinners.discharge":
            return "discharge patients into clearings with infirmaries (discharge FACTION N)"
        if step == "spinners.secure":
            left = web_bonuses(state, seat) - int(state.turn.flags_as(SpinnersFlags).get("secured", 0))
            return f"secure webs ({left} left: secure N, or secure N source:M), or end Birdsong"
        if step == "spinners.daylight":
            left = state.turn.flags_as(SpinnersFlags).get("actions", 0)
            more = ", more skitter moves" if state.turn.flags_as(SpinnersFlags).get("skitter") else ""
            return f"take Daylight actions ({left} left{more}: recruit, establish, move, battle, gather, hire) or end"
        if step == "spinners.craft":
            return "craft with infirmaries, or end crafting"
        return "shelter refugees (shelter CARD), or end"

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Spinners' own terms."""
        if state.pending and state.pending[0]["kind"] == "setup":
            if isinstance(action, Establish):
                places = ", ".join(str(c) for c in start_clearings(state, seat))
                return f"the Spinners start in one of these clearings: {places}"
            return None
        if state.pending:
            return None
        step = state.turn.step
        daylight = (Recruit, Establish, Gather, Battle, Move, Hire)
        if isinstance(action, daylight) and step != "spinners.daylight":
            return "the Spinners take that action in Daylight"
        if isinstance(action, Discharge) and step != "spinners.discharge":
            return "patients are discharged at the start of Birdsong"
        waiting = patient_keys(state, seat, action.patient) if isinstance(action, Discharge) else []
        if waiting and isinstance(action, Discharge) and not dischargeable(state, seat, action.patient):
            kind, owner = kind_of_key(waiting[0]).name.lower(), registry.faction(action.patient).name
            return f"only the {owner} place their {kind} (14.2.2): it waits in the Ward to be replaced (SOM.2.4)"
        if isinstance(action, Secure):
            if step != "spinners.secure":
                return "webs are secured in Birdsong"
            return "securing needs an uncovered web bonus left and a clearing with your warrior"
        if isinstance(action, Shelter) and step != "spinners.shelter":
            return "Shelter is given in Evening, after crafting"
        if step == "spinners.daylight":
            return self._why_not_daylight(state, seat, action)
        return None

    def _why_not_daylight(self, state: GameState, seat: int, action: Action) -> str | None:
        flags = state.turn.flags_as(SpinnersFlags)
        if isinstance(action, Hire):
            return "an extra action costs a bird card from your hand"
        if isinstance(action, Move):
            if flags.get("actions", 0) <= 0 and not flags.get("skitter"):
                return "you have no actions left (spend a bird card with 'hire' for another)"
            return f"skitter moves go between adjacent clearings that both hold webs, not {action.src} and {action.dst}"
        if flags.get("actions", 0) <= 0:
            return "you have no actions left (spend a bird card with 'hire' for another)"
        if isinstance(action, Recruit):
            return self._why_not_recruit(state, action)
        if isinstance(action, Gather) and flags.get("gathered"):
            return "you already gathered this turn"
        if isinstance(action, Establish):
            return (
                f"an infirmary goes in a clearing with a web and an open slot, for a card matching it; "
                f"clearing {action.clearing} does not allow it now"
            )
        if isinstance(action, Battle):
            return f"the Spinners intervene only where they have a web and a warrior, not in clearing {action.clearing}"
        return None

    def _why_not_recruit(self, state: GameState, action: Recruit) -> str:
        """A recruit is once a turn, spends a card, and reaches every clearing of its suit unless supplies run short."""
        if state.turn.flags.get("recruited"):
            return "you already recruited this turn"
        spent = keys().get(action.card or "")
        recruit_suit = action.suit or (spent.suit if spent else None)
        if spent is None or recruit_suit in (None, "bird"):
            return "you recruit once per turn, spending a card (a bird names the suit)"
        if spent.suit not in ("bird", recruit_suit):
            return f"{spent.name} is {spent.suit}: it recruits in the {spent.suit} clearings"
        targets = self.recruit_targets(state, recruit_suit)
        if action.clearings and set(action.clearings) != set(targets):
            listed = ", ".join(map(str, targets)) or "none"
            return (
                f"a recruit places a warrior and a web in every {recruit_suit} clearing it can ({listed}); "
                "name clearings only when your warriors or webs run short"
            )
        return f"no warrior or web can be recruited in the {recruit_suit} clearings now"

    def map_links(self, state: GameState, seat: int) -> list[tuple[int, int]]:
        """The web connections: every path or bridge between two clearings that both hold webs (SOM.2.2)."""
        board = state.board
        return [(a, b) for a, b in sorted(board.paths | board.bridges) if web_connected(state, a, b)]

    def panel(self, state: GameState, seat: int) -> list[str]:
        """The Ward, the tracks, bonuses, webs, and the actions left."""
        held = ward(state, seat)
        lines = [f"Ward: {describe_patients(held)}" if held else "Ward: empty"]
        tracks = []
        for s in SUITS:
            tracks.append(f"{s} {built(state, seat, s)}/{TRACK} (shelter {shelter_points(state, seat, s)})")
        lines.append("Infirmaries built: " + ", ".join(tracks))
        lines.append(f"Web bonuses: {web_bonuses(state, seat)} · draw bonuses: {draw_bonuses(state, seat)}")
        lines.append(f"Webs in supply: {state.seats[seat].supply.get('web', 0)}/24")
        reach = response_reach(state)
        lines.append("First Response reaches: " + (", ".join(str(c) for c in reach) if reach else "no clearing"))
        if state.turn.seat == seat and state.turn.step == "spinners.daylight":
            flags = state.turn.flags_as(SpinnersFlags)
            used = [w for w, f in (("recruited", "recruited"), ("gathered", "gathered")) if flags.get(f)]
            tail = f" ({', '.join(used)})" if used else ""
            lines.append(f"Actions left: {flags.get('actions', 0)}{tail}")
        return lines


registry.register(Spinners())
