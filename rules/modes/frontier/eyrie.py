"""The Eyrie Dynasties' golden rules in the Frontier Alliance Mode (3x3.9.2).

Imperial Isolation: in rounds 1 and 2 a Decree card that can only be resolved on the rival map may be
skipped (no Turmoil). Wings of the Alliance: an ally's move that begins or ends in a roost clearing
pays no bridge fee, and an ally may move out of a roost clearing though the enemy rules it; the ally
owes the Eyrie a card at the end of its turn. (It searches the rubble and seizes by Decree: `Eyrie.action_ways`.)

`FrontierEyrie` is the Eyrie as the mode plays it; this module is imported with the mode (its verbs, the feed
decision and the flights the mode hears live here), and so is the Eyrie's own module.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules import decisions, hand, registry
from rules.actions import CARD, SUIT, WORD, Action, register_for
from rules.factions.eyrie import Eyrie, EyrieFlags, fits
from rules.map_pieces import count, factions_in, may_place, open_slots, suit, warriors_of
from rules.modes.frontier import contraband, table
from rules.rule import enemies, ruler, side_of

if TYPE_CHECKING:
    from rules.hooks import Entered, Place
    from rules.state import GameState

ISOLATION_ROUNDS = 2
ROOST = "eyrie:roost"


class FrontierEyrieFlags(EyrieFlags, total=False):
    """The turn's flags in the 3x3 game: besides the Eyrie's, which ally of the Eyrie flew (Wings of the Alliance),
    by the mover's seat."""

    wings: dict[str, int]


@register_for(contraband.MODE_ID)
@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Imperial Isolation: set aside a Decree card that only the rival map could satisfy (rounds 1 and 2)."""

    verb: ClassVar[str] = "skip"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("column", WORD), ("suit", SUIT))
    field_help: ClassVar[Mapping[str, str]] = {"column": "the Decree column"}
    words: ClassVar[tuple[str, ...]] = ("recruit", "move", "battle", "build")
    column: str
    suit: str


def places_of(action: Action) -> list[int]:
    """The clearings an action names."""
    out: list[int] = []
    for name in ("clearing", "src", "dst"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            out.append(value)
    out += [c for c in getattr(action, "clearings", ()) or () if isinstance(c, int)]
    return out


def roosted(state: GameState, place: Place) -> bool:
    """Whether a place is a clearing with a roost."""
    return isinstance(place, int) and count(state, "eyrie", "roost", place) > 0


def roost_move(state: GameState, src: Place, dst: Place) -> bool:
    """Whether a move begins or ends in a clearing with a roost."""
    return roosted(state, src) or roosted(state, dst)


def _into_roost(state: GameState) -> bool:
    """Whether an older record replays, whose engine let a Wings move into a roost leave a clearing the enemy
    rules (rules.revisions: before b49c36b)."""
    return state.legacy is not None and bool(state.legacy.wings_into_roost)


def targets(state: GameState, seat: int, column: str, decree: str) -> list[int]:
    """Clearings a Decree card could be carried out in, whatever warriors the Eyrie have there: a roost to recruit
    at (with a warrior in the supply), its warriors to move, an enemy to battle, an open slot with no roost to
    build in (with a roost in the supply)."""
    supply = state.seats[seat].supply

    def target(cid: int) -> bool:
        roosted = count(state, "eyrie", "roost", cid) > 0
        if column == "recruit":
            return roosted and supply.get("warrior", 0) > 0
        if column == "move":
            return warriors_of(state, "eyrie", cid) > 0
        if column == "battle":
            return any(o is not None and enemies(state, seat, o) for o in map(state.seat_of, factions_in(state, cid)))
        room = open_slots(state, cid) > 0 and may_place(state, "eyrie", cid)
        return not roosted and supply.get("roost", 0) > 0 and room

    return [cid for cid in state.board.ids() if fits(decree, suit(state, cid)) and target(cid)]


def isolated(state: GameState, seat: int, column: str, decree: str, options: list[Action]) -> bool:
    """Imperial Isolation: whether a Decree card may be skipped. No way of resolving it lies on the home map alone,
    and either every way there is reaches the rival map or the rival map holds all its possible targets (the
    Eyrie need no warriors there, as when every clearing of the suit with an enemy lies on the rival map)."""
    if any(all(table.on_home_map(state, seat, c) for c in places_of(a)) for a in options):
        return False
    if state.legacy is not None and state.legacy.isolation_needs_a_way:  # before 53a3304
        return bool(options)
    aims = targets(state, seat, column, decree)
    return bool(options) or (bool(aims) and not any(table.on_home_map(state, seat, c) for c in aims))


class FrontierEyrie(Eyrie):
    """The Eyrie Dynasties in the 3x3 game: Imperial Isolation and Wings of the Alliance."""

    def _resolve_options(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        """The Decree's actions, and skips under Imperial Isolation."""
        options = list(super()._resolve_options(state, seat, verb))
        yield from options
        column = self.current_column(state)
        if column is None:
            return
        suits = sorted(set(state.turn.flags_as(FrontierEyrieFlags)["todo"][column]))
        if state.turn.round > ISOLATION_ROUNDS or verb not in (None, "skip"):
            return
        if verb is not None:
            options = list(super()._resolve_options(state, seat, None))
        for s in suits:
            if isolated(state, seat, column, s, [a for a in options if getattr(a, "suit", None) == s]):
                yield Skip(column, s)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """A skip sets its Decree card aside for the turn; the rest as the Eyrie plays them."""
        if isinstance(action, Skip):
            state.turn.flags_as(FrontierEyrieFlags)["todo"][action.column].remove(action.suit)
            what = f"a {action.suit} {action.column} of the Decree"
            state.say(f"Imperial Isolation: the Eyrie Dynasties set aside {what}.")
            return
        super().apply(state, seat, step, action)

    def waives_ally_bridge_fee(self, state: GameState, seat: int, mover: int, src: Place, dst: Place) -> bool:
        """Wings of the Alliance: an ally crossing from or to a roost pays no fee and owes the Eyrie a card."""
        return roost_move(state, src, dst)

    def frees_ally_move(self, state: GameState, seat: int, mover: int, src: Place, dst: Place) -> bool:
        """Wings of the Alliance: an ally may leave a roost clearing the enemy rules (never enter one so)."""
        return roost_move(state, src, dst) if _into_roost(state) else roosted(state, src)


@register_for(contraband.MODE_ID)
@dataclass(frozen=True, slots=True)
class Feed(Action):
    """Wings of the Alliance: give the Eyrie a card for the flight (the table does not see which)."""

    verb: ClassVar[str] = "feed"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: str


def note_flight(state: GameState, entered: Entered) -> None:
    """An ally's move from or to a roost that crossed a bridge, or out of a roost clearing the enemy rules, owes a
    card."""
    src, dst, mover = entered.src, entered.dst, entered.mover
    if not isinstance(src, int) or not isinstance(dst, int) or not roost_move(state, src, dst):
        return
    side = side_of(state, mover)
    freed = roosted(state, src) or _into_roost(state)
    helped = table.crosses_bridge(state, src, dst) or (freed and ruler(state, src) not in (None, side))
    for ally in table.allies(state, mover):
        if helped and hasattr(registry.of(state, ally), "frees_ally_move"):
            state.turn.flags_as(FrontierEyrieFlags).setdefault("wings", {})[str(mover)] = ally


def ask_for_feed(state: GameState) -> None:
    """At the end of a turn, each ally who flew gives the Eyrie a card (if it holds one)."""
    for debtor, eyrie in sorted(state.turn.flags_as(FrontierEyrieFlags).get("wings", {}).items()):
        if state.seats[int(debtor)].hand:
            decisions.push(state, "frontier_feed", int(debtor), to=eyrie)


class FeedOwed(decisions.Decision):
    """A card owed to the Eyrie (seat `to`) for a flight with Wings of the Alliance."""

    to: int


def _feed_legal(state: GameState, d: FeedOwed) -> Iterator[Action]:
    for key in hand.distinct_keys(state, d["seat"]):
        yield Feed(key)


def _feed_resolve(state: GameState, d: FeedOwed, action: Action) -> bool:
    assert isinstance(action, Feed)
    cid = hand.take(state, d["seat"], action.card)
    state.seats[d["to"]].hand.append(cid)
    giver, eyrie = registry.of(state, d["seat"]).name, registry.of(state, d["to"]).name
    state.say(f"{giver} gives {eyrie} a card for the flight (Wings of the Alliance).")
    return True


decisions.define(
    "frontier_feed",
    _feed_legal,
    _feed_resolve,
    lambda s, d: "give the Eyrie a card for using Wings of the Alliance (feed CARD)",
    auto_single=True,
    from_hand=True,
)
