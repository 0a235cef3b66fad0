"""What the Lizard Cult may do now: setup corners, conspiracies (Law 10.4.3), rituals (Law 10.5)."""

from __future__ import annotations

from collections.abc import Iterator

from rules import battle, movement, registry
from rules.actions import Action, Battle, Move
from rules.board import SUITS
from rules.cards import card
from rules.factions.lizards import board as lb
from rules.factions.lizards.actions import Convert, Crusade, Garden, Ritual, Sanctify
from rules.factions.lizards.board import ID, LizardFlags
from rules.map_pieces import may_place, open_slots, suit
from rules.modes.base import skips_cornered, starting_corners
from rules.pieces import ABILITY, BUILDING, WARRIOR, kind_of_key, parse_key
from rules.rule import enemies, rules
from rules.state import GameState

# --- setup (Law 10.3) ---------------------------------------------------------------------------------------------


def start_corners(state: GameState, seat: int) -> list[int]:
    """Corners no one else started in, with an open slot for the garden; those opposite another's start first."""
    taken = [
        c
        for i in range(len(state.seats))
        if i != seat and (c := registry.of(state, i).starting_corner(state, i)) is not None
    ]
    unslotted = skips_cornered(state)

    def fits(c: int) -> bool:
        return c not in taken and (unslotted or open_slots(state, c) > 0) and may_place(state, ID, c, BUILDING)

    free = starting_corners(state, seat, fits)
    opposite = [c for c in free if any(state.board.opposite(t) == c for t in taken)]
    return opposite or free


def setup_options(state: GameState, seat: int) -> Iterator[Garden]:
    """Each corner the Cult may start in."""
    for cid in start_corners(state, seat):
        yield Garden(cid)


# --- Birdsong: conspiracies (Law 10.4.3) ----------------------------------------------------------------------------


def outcast_clearings(state: GameState, seat: int) -> list[int]:
    """Clearings of the Outcast suit."""
    wanted = lb.outcast(state, seat)
    return [cid for cid in state.board.ids() if suit(state, cid) == wanted]


def affords(state: GameState, seat: int, conspiracy: str) -> bool:
    """Whether the Acolytes box pays for a conspiracy now."""
    return lb.acolytes(state, seat) >= lb.cost(state, seat, conspiracy)


def conspiracy_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    """Crusades (a move, or a battle), Converts and Sanctifies the acolytes pay for; a battle after a Crusade's move."""
    follow = state.turn.flags_as(LizardFlags).get("crusade")
    if follow is not None and verb in (None, "battle"):
        yield from battle.battle_options(state, seat, [follow])
    places = outcast_clearings(state, seat)
    if affords(state, seat, "crusade"):
        if verb in (None, "crusade"):  # a move by the Ferry and along a river-path may reach the same clearing
            moves = movement.move_options(state, seat, places)
            yield from dict.fromkeys(Crusade(int(m.src), int(m.dst), m.count) for m in moves if isinstance(m, Move))
        if verb in (None, "battle"):
            for b in battle.battle_options(state, seat, places):
                if b.clearing != follow:
                    yield b
    if affords(state, seat, "convert") and verb in (None, "convert"):
        for cid in places:
            yield from convert_options(state, seat, cid)
    if affords(state, seat, "sanctify") and verb in (None, "sanctify"):
        for cid in places:
            yield from sanctify_options(state, seat, cid)


def convertible(state: GameState, seat: int, cid: int) -> list[str]:
    """Keys of enemy warriors in a clearing a Convert may replace (an infected warrior fights for the Spore)."""
    out = []
    for piece, n in sorted(state.clearings[cid - 1].items()):
        kind = kind_of_key(piece)
        if not n or kind.category != WARRIOR or not kind.removable(ABILITY):
            continue
        other = state.seat_of(parse_key(piece)[2])
        if other is not None and enemies(state, seat, other):
            out.append(piece)
    return out


def convert_key(state: GameState, cid: int, owner: str, infected: str | None) -> str | None:
    """The map key a Convert names: an owner's warrior, its infected one with 'infected'."""
    seat = state.seat_of(ID)
    assert seat is not None
    for piece in convertible(state, seat, cid):
        o, _, c = parse_key(piece)
        if o == owner and (c != o) == (infected is not None):
            return piece
    return None


def convert_options(state: GameState, seat: int, cid: int) -> Iterator[Convert]:
    """Converts in one clearing: a Cult warrior must be left to place there."""
    if state.seats[seat].supply.get("warrior", 0) <= 0 or not may_place(state, ID, cid, WARRIOR):
        return
    for piece in convertible(state, seat, cid):
        owner, _, control = parse_key(piece)
        yield Convert(cid, owner, "infected" if control != owner else None)


def sanctifiable(state: GameState, seat: int, cid: int) -> list[str]:
    """Keys of enemy buildings in a clearing a Sanctify may replace."""
    out = []
    for piece, n in sorted(state.clearings[cid - 1].items()):
        kind = kind_of_key(piece)
        if not n or kind.category != BUILDING or not kind.removable(ABILITY):
            continue
        other = state.seat_of(parse_key(piece)[2])
        if other is not None and enemies(state, seat, other):
            out.append(piece)
    return out


def sanctify_options(state: GameState, seat: int, cid: int) -> Iterator[Sanctify]:
    """Sanctifies in one clearing: a garden of the Outcast must be left on its track, and placeable there."""
    wanted = lb.outcast(state, seat)
    if wanted is None or lb.in_supply(state, seat, wanted) <= 0 or not may_place(state, ID, cid, BUILDING):
        return
    for piece in sanctifiable(state, seat, cid):
        owner, kind, _ = parse_key(piece)
        yield Sanctify(cid, owner, kind)


def is_follow_up(state: GameState, action: Action) -> bool:
    """A battle in the clearing a Crusade just moved into (it costs nothing more)."""
    follow = state.turn.flags_as(LizardFlags).get("crusade")
    return isinstance(action, Battle) and follow is not None and action.clearing == follow


# --- Daylight: rituals (Law 10.5) ------------------------------------------------------------------------------------


def build_sites(state: GameState, seat: int, ritual_suit: str) -> list[int]:
    """Clearings of a suit the Cult rules where a garden of that suit may go."""
    if ritual_suit not in SUITS or lb.in_supply(state, seat, ritual_suit) <= 0:
        return []
    return [
        cid
        for cid in state.board.ids()
        if suit(state, cid) == ritual_suit
        and open_slots(state, cid) > 0
        and rules(state, seat, cid)
        and may_place(state, ID, cid, BUILDING)
    ]


def recruit_sites(state: GameState, seat: int, ritual_suit: str) -> list[int]:
    """Clearings of a suit where a warrior may go."""
    if ritual_suit not in SUITS or state.seats[seat].supply.get("warrior", 0) <= 0:
        return []
    return [
        cid for cid in state.board.ids() if suit(state, cid) == ritual_suit and may_place(state, ID, cid, WARRIOR)
    ]


def may_score(state: GameState, ritual_suit: str) -> bool:
    """Score: gardens of the suit on the map, and that suit not scored yet this turn."""
    scored = state.turn.flags_as(LizardFlags).get("scored", [])
    return ritual_suit in SUITS and lb.on_map(state, ritual_suit) > 0 and ritual_suit not in scored


def _sites(state: GameState, seat: int, ritual_suit: str) -> tuple[list[int], list[int], bool]:
    """Where a card of a suit may build and recruit, and whether it may score."""
    return build_sites(state, seat, ritual_suit), recruit_sites(state, seat, ritual_suit), may_score(state, ritual_suit)


def ritual_options(state: GameState, seat: int) -> Iterator[Ritual]:
    """Every ritual each card in hand may perform (birds only Sacrifice: Hatred of Birds)."""
    seen: set[str] = set()
    by_suit: dict[str, tuple[list[int], list[int], bool]] = {}  # what a card of each suit may do, found once
    for cid in sorted(state.seats[seat].hand):
        c = card(cid)
        if c.key in seen:
            continue
        seen.add(c.key)
        if c.suit == "bird":
            if state.seats[seat].supply.get("warrior", 0) > 0:
                yield Ritual("sacrifice", c.key)
            continue
        if c.suit not in by_suit:
            by_suit[c.suit] = _sites(state, seat, c.suit)
        builds, recruits, scores = by_suit[c.suit]
        for site in builds:
            yield Ritual("build", c.key, site)
        for site in recruits:
            yield Ritual("recruit", c.key, site)
        if scores:
            yield Ritual("score", c.key)
