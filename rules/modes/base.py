"""A mode plug-in is the table's policy: board, deck, seat order, setup regions, item supplies,
move fees, the end of a round, victory, actions of its own open to every seat, and golden rules (a faction's
plug-in as the mode plays it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rules.cards import deck
from rules.errors import RulesError
from rules.hooks import Place, TableHooks
from rules.items import gain
from rules.options import STANDARD, GameOption, check_all
from rules.registry import lineup
from rules.scoring import clockwise_from_current, finish
from rules.words import plural

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from rules.actions import Action
    from rules.examples import ExampleGame
    from rules.faction_hooks import FactionHooks as Faction  # the interface; rules.factions.base.Faction extends it
    from rules.rng import Chooser
    from rules.state import GameState

WIN_POINTS = 30
NEGATIVE_POINTS = GameOption(
    "negative_points", (False, True), "scores may fall below zero (true) or stop at 0", "points below zero"
)


class Mode(TableHooks):
    """The standard game: one map, 2-6 seats, 30 points wins, an optional round limit."""

    id: ClassVar[str] = STANDARD
    name: ClassVar[str] = "Standard game"
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other words players may use for the mode (lower case)."""
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    teams: ClassVar[bool] = False
    patches: ClassVar[Mapping[str, Callable[[], Faction]]] = {}
    """Golden rules: by faction id, what makes the faction's plug-in as this mode plays it (a subclass of the
    faction's class declared in the mode's package, or a function of the mode returning one)."""
    playable: ClassVar[bool] = True
    """Whether lobbies offer this mode (False while it is being built)."""
    default_win_points: ClassVar[int] = WIN_POINTS
    """The score that wins when the win_points option is not set."""
    team_names: ClassVar[tuple[str, ...]] = ()
    """The teams of a team mode (empty: any name)."""
    rounds: ClassVar[int | None] = None
    """A fixed number of rounds this mode always plays (None: only the round_limit option ends it)."""
    game_options: ClassVar[tuple[GameOption, ...]] = (NEGATIVE_POINTS,)
    """The readings this mode lets the table choose (docs/rulings.md), each with its values, the default first."""
    examples: ClassVar[tuple[ExampleGame, ...]] = ()
    """Games of this mode the examples of docs/commands.md look for verbs in."""

    # --- the table ---------------------------------------------------------------
    def board_id(self, options: dict[str, Any]) -> str:
        """Which board this game is played on."""
        return str(options.get("board", "autumn"))

    def ruin_sets(self, explorers: int) -> int:
        """How many items lie under each ruin: two with two explorers at the table (the Law's two Vagabonds)."""
        return 2 if explorers >= 2 else 1

    def removed_cards(self, options: dict[str, Any], seats: int) -> list[int]:
        """Cards set aside before shuffling (dominance in a two-player game)."""
        if seats == 2:
            return [c.id for c in deck() if c.type == "dominance"]
        return []

    def validate(self, options: dict[str, Any]) -> None:
        """Refuse options this mode cannot play."""
        n = len(options.get("factions", []))
        if not self.min_seats <= n <= self.max_seats:
            raise RulesError(f"a {self.id} game needs {self.min_seats} to {self.max_seats} factions, not {n}")
        if options.get("teams") and not self.teams:
            raise RulesError(f"a {self.id} game is played without teams")
        check_all(self.game_options, options)
        self.validate_board(options)

    def validate_board(self, options: dict[str, Any]) -> None:
        """Refuse a map this mode is not played on (the standard game is played on every map)."""

    def default_lineup(self) -> dict[str, Any] | None:
        """Factions (and teams) to play when none are named, e.g. by playouts (None: the caller chooses)."""
        return None

    def turn_order(self, options: dict[str, Any], first: int) -> list[int]:
        """Seats in the order they take turns, starting with the first player."""
        n = len(options["factions"])
        return [(first + i) % n for i in range(n)]

    def setup_region(self, state: GameState, seat: int) -> frozenset[int] | None:
        """Clearings where a seat may set up (None: anywhere the faction's own rules allow)."""
        return None

    def corner_fallback(self, state: GameState, seat: int) -> list[int]:
        """Where a faction that starts in a corner sets up when no corner is open to it: the edge clearings of
        its setup region (as the Spinners do when every corner is taken, SOM.3.2)."""
        board = state.board
        by_position = state.legacy is not None and state.legacy.edge_by_position
        on_edge = board.is_edge_by_position if by_position else board.is_edge
        return [c for c in board.ids() if on_edge(c) and may_set_up(state, seat, c)]

    def patch(self, faction: Faction) -> Faction:
        """The faction as this mode plays it: the plug-in its golden rule makes, else the faction's own."""
        golden = self.patches.get(faction.id)
        if golden is None:
            return faction
        patched = golden()
        if not isinstance(patched, type(faction)):
            raise TypeError(f"the {self.id} golden rule for '{faction.id}' is not a kind of {type(faction).__name__}")
        return patched

    # --- the mode's own actions, open to every seat -----------------------------------
    def offers_actions(self) -> bool:
        """Whether this mode has actions of its own (`actions` overridden): games without skip asking for them."""
        return type(self).actions is not Mode.actions

    def actions(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The mode's own actions open to a seat in a step of its turn, after its faction's (honour the verb)."""
        return iter(())

    def apply_action(self, state: GameState, seat: int, step: str, action: Action) -> bool:
        """Carry out one of the mode's own actions; False when the seat's faction carries it out instead."""
        return False

    def explain_action(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the mode's own actions is refused, when the seat's faction gives no reason (None: not one)."""
        return None

    # --- crafting and moving -------------------------------------------------------
    def craft_supply(self, state: GameState, seat: int, plan: Mapping[str, int]) -> str:
        """The map whose item supply a seat's craft takes from (plan: the suits of the crafting pieces paying)."""
        return state.board.maps[0]

    def take_crafted_item(
        self,
        state: GameState,
        seat: int,
        item: str,
        supply: str,
        points: int = 0,
        plan: Mapping[str, int] | None = None,
    ) -> bool:
        """Put a crafted item where this mode keeps it; True when its points (given) are scored now."""
        gain(state, seat, item)
        return True

    def charges_move_fees(self) -> bool:
        """Whether this mode has move fees at all (`move_fee` overridden): games without skip asking for them."""
        return type(self).move_fee is not Mode.move_fee

    def move_fee(self, state: GameState, seat: int, src: Place, dst: Place) -> str | None:
        """The suit of a card a seat must pay to make this move (a bridge fee), or None."""
        return None

    def frees_move(self, state: GameState, seat: int, src: Place, dst: Place) -> bool:
        """Whether a seat may make this move though its side rules neither end (asked only then)."""
        return False

    def fee_recipient(self, state: GameState, seat: int, src: Place, dst: Place) -> int | None:
        """The seat that receives a paid move fee (None: it is discarded)."""
        return None

    def fee_paid(self, state: GameState, seat: int, to: int, card: int, src: Place, dst: Place) -> None:
        """A seat's move fee (a card id) went to another seat's hand; the mode may ask a follow-up decision."""

    def settled(self, state: GameState) -> None:
        """The automatic work after an action (or an edit) is done: tidy what only the mode keeps (no decisions)."""

    def end_of_turn(self, state: GameState, seat: int) -> None:
        """A seat's turn is over (before the next one begins): decisions pushed here are asked first."""

    def playout_stir(self, state: GameState, chooser: Chooser) -> str | None:
        """A moderator edit a random playout makes now and then to reach the mode's rarer moments (--stir)."""
        return None

    # --- the end --------------------------------------------------------------------
    def win_points(self, state: GameState) -> int:
        """The score that wins the game."""
        return int(state.options.get("win_points") or self.default_win_points)

    def check_victory(self, state: GameState) -> None:
        """End the game when a seat reaches the winning score (the first in turn order from the current seat)."""
        if state.over:
            return
        target = self.win_points(state)
        reached = [i for i, s in enumerate(state.seats) if s.points >= target and s.dominance is None]
        if reached:
            winner = next(i for i in clockwise_from_current(state) if i in reached)
            finish(state, [winner], f"{plural(state.seats[winner].points, 'point')}, {target} or more to win")

    def end_of_round(self, state: GameState, completed: int) -> None:
        """A round was completed: with a round limit, after the last round the highest score wins (ties share)."""
        limit = state.options.get("round_limit")
        if limit and completed >= int(limit):
            best = max(s.points for s in state.seats)
            winners = [i for i, s in enumerate(state.seats) if s.points == best]
            finish(state, winners, f"the round limit was reached with {plural(best, 'point')}")


def mode_of(state: GameState) -> Mode:
    """The mode a game is played in."""
    mode = lineup(state).mode  # the registry keeps it by its interface (rules.mode_rules), a leaf
    assert isinstance(mode, Mode), mode
    return mode


def may_set_up(state: GameState, seat: int, cid: int) -> bool:
    """Whether the mode lets a seat set up in a clearing."""
    region = mode_of(state).setup_region(state, seat)
    return region is None or cid in region


def starting_corners(state: GameState, seat: int, fits: Callable[[int], bool]) -> list[int]:
    """The corners a seat may start in (in its setup region, where `fits`); when none fits, the mode's fallback
    clearings that fit (`Mode.corner_fallback`)."""
    corners = [c for c in state.board.corners() if may_set_up(state, seat, c) and fits(c)]
    if corners or skips_cornered(state):
        return corners
    return [c for c in mode_of(state).corner_fallback(state, seat) if fits(c)]


def skips_cornered(state: GameState) -> bool:
    """Whether an older record replays, whose engine skipped in setup a corner faction with no corner left to it
    (rules.revisions: before a3f33da)."""
    return state.legacy is not None and bool(state.legacy.setup_skips_cornered)
