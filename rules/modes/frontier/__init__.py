"""Root 3x3, the Frontier Alliance Mode: six seats in two teams of three on the Autumn and Winter maps
joined by two border bridges; turns alternate between the teams by role; six rounds; a team wins at
90 points, else tie-breaks after the sixth round. Sections cited as in the seed (3x3.1 ... 3x3.9).

The golden rules of each faction are a subclass of its plug-in in `rules/modes/frontier/<faction>.py`
(`FrontierMarquise`, ..., made on first use by `golden.py`); contraband, the search and seizure every faction may
make, is the mode's own actions (`contraband.py`); the Vagabonds' Looting and Legends verbs are in `legends.py`; the
map and team helpers every part shares are in `table.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rules import registry
from rules.cards import deck
from rules.errors import RulesError
from rules.items import stocked, supply_at
from rules.modes.base import Mode
from rules.modes.frontier import contraband, examples, eyrie, golden, legends, table
from rules.modes.frontier.eyrie import FrontierEyrie
from rules.options import GameOption
from rules.registry import register_mode
from rules.scoring import finish, team_points
from rules.words import echo, plural

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping

    from rules.actions import Action
    from rules.examples import ExampleGame
    from rules.faction_hooks import FactionHooks as Faction
    from rules.hooks import Entered, Place, Removed
    from rules.rng import Chooser
    from rules.state import BattleState, GameState

ROUNDS = 6
BOARDS = ("autumn", "winter", "autumn+winter")
"""Board options a 3x3 game accepts (it is always played on Autumn and Winter joined; the lobby's default is
autumn); any other map is refused (docs/rulings.md, Maps)."""
WIN_POINTS = 90
ROLE_RANK = {"militant": 0, "insurgent": 1, "vagabond": 2}
SET_ASIDE = ("favor", "dominance")
DEFAULT_TEAMS = (
    ("A", (("marquise",), ("eyrie",), ("vagabond",))),
    ("B", (("tinker",), ("spore", "spinners", "alliance"), ("vagabond2", "alliance"))),
)
"""The default line-up, slot by slot: the first registered faction of each slot's candidates."""


class Frontier(Mode):
    """The 3x3 Frontier Alliance Mode."""

    id: ClassVar[str] = "frontier"
    name: ClassVar[str] = "Root 3x3, Frontier Alliance"
    aliases: ClassVar[tuple[str, ...]] = ("3x3", "frontier-alliance")
    min_seats: ClassVar[int] = 6
    max_seats: ClassVar[int] = 6
    teams: ClassVar[bool] = True
    rounds: ClassVar[int | None] = ROUNDS
    default_win_points: ClassVar[int] = WIN_POINTS
    team_names: ClassVar[tuple[str, ...]] = table.TEAMS
    playable: ClassVar[bool] = True
    patches: ClassVar[Mapping[str, Callable[[], Faction]]] = {
        "marquise": golden.marquise,
        "eyrie": FrontierEyrie,
        "alliance": golden.alliance,
        "vagabond": golden.vagabond,
        "vagabond2": golden.second_vagabond,
    }
    game_options: ClassVar[tuple[GameOption, ...]] = (*Mode.game_options, *table.GAME_OPTIONS)
    examples: ClassVar[tuple[ExampleGame, ...]] = examples.GAMES  # six players in two teams

    # --- 3x3.1 the table ------------------------------------------------------------------------
    def board_id(self, options: dict[str, Any]) -> str:
        """Autumn (Map 1) on the left, Winter (Map 2) on the right, joined by two border bridges."""
        return "autumn+winter"

    def ruin_sets(self, explorers: int) -> int:
        """One item under each of the eight ruins, whatever the Vagabonds (3x3.1)."""
        return 1

    def removed_cards(self, options: dict[str, Any], seats: int) -> list[int]:
        """Every Favor and Dominance card is set aside: one deck for everyone without them."""
        return [c.id for c in deck() if c.type in SET_ASIDE]

    def validate(self, options: dict[str, Any]) -> None:
        """Six factions in two teams of three, each led by a militant faction, at most one Vagabond a team."""
        super().validate(options)

        teams = options.get("teams") or {}
        factions = options["factions"]
        missing = [f for f in factions if f not in teams]
        if missing:
            raise RulesError(f"a frontier game needs a team (A or B) for every faction; {', '.join(missing)} has none")
        for fid in factions:
            if teams[fid] not in table.TEAMS:
                raise RulesError(f"teams are A and B, not '{teams[fid]}' ({fid})")
        for team in table.TEAMS:
            members = [f for f in factions if teams[f] == team]
            if len(members) != len(factions) // 2:
                raise RulesError(f"each team has {len(factions) // 2} factions; team {team} has {len(members)}")
            kinds = sorted((registry.faction(f).kind for f in members), key=lambda k: ROLE_RANK.get(k, 1))
            if kinds[0] != "militant":
                raise RulesError(f"team {team} needs a militant faction to play Military 1")
            if kinds.count("vagabond") > 1:
                raise RulesError(f"team {team} has two Vagabonds; each team has at most one")

    def validate_board(self, options: dict[str, Any]) -> None:
        """Only Autumn and Winter, joined (3x3.1): the teams' home maps and the bridges are theirs."""
        board = str(options.get("board") or "autumn")
        if board not in BOARDS:
            raise RulesError(
                f"the 3x3 mode is played on the Autumn and Winter maps joined by bridges, not on the {echo(board)} map:"
                " its home maps and bridges are those two maps'"
            )

    def default_lineup(self) -> dict[str, Any] | None:
        """Six registered factions in two teams (used by playouts when no factions are named)."""
        factions: list[str] = []
        teams: dict[str, str] = {}
        for team, slots in DEFAULT_TEAMS:
            for candidates in slots:
                fid = next((f for f in candidates if f in registry.all_ids() and f not in factions), None)
                if fid is None:
                    return None
                factions.append(fid)
                teams[fid] = team
        return {"factions": factions, "teams": teams}

    # --- 3x3.1 turn order ------------------------------------------------------------------------
    def turn_order(self, options: dict[str, Any], first: int) -> list[int]:
        """Military 1 A, Military 1 B, Military 2 or Insurgent A, the same of B, Vagabond A, Vagabond B."""
        teams, factions = options["teams"], options["factions"]

        def by_role(team: str) -> list[int]:
            seats = [i for i, f in enumerate(factions) if teams[f] == team]
            return sorted(seats, key=lambda i: ROLE_RANK.get(registry.faction(factions[i]).kind, 1))

        return [seat for pair in zip(by_role("A"), by_role("B"), strict=True) for seat in pair]

    def setup_region(self, state: GameState, seat: int) -> frozenset[int] | None:
        """Team A sets up on the left half of Map 1, team B on the right half of Map 2."""
        return table.home_side(state.board, table.team_of(state, seat))

    # --- 3x3.2 contraband ----------------------------------------------------------------------------
    def craft_supply(self, state: GameState, seat: int, plan: Mapping[str, int]) -> str:
        """The home map's supply, unless a crafting piece paying for the craft stands on the rival map."""
        return contraband.crafting_map(state, seat, plan)

    def take_crafted_item(
        self,
        state: GameState,
        seat: int,
        item: str,
        supply: str,
        points: int = 0,
        plan: Mapping[str, int] | None = None,
    ) -> bool:
        """An item from the rival map's supply is contraband: laid there, its points wait for the trip home."""
        if supply == table.home_map(state, seat):
            return super().take_crafted_item(state, seat, item, supply, points, plan)
        contraband.smuggle(state, seat, item, supply, points, plan or {})
        return False

    # --- 3x3.3 searching the rubble and seizing contraband: every faction's ---------------------------
    def actions(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Searches of the rubble (in place of a move) and seizures (in place of a battle) the seat could pay for."""
        return contraband.options(state, seat, step, verb)

    def apply_action(self, state: GameState, seat: int, step: str, action: Action) -> bool:
        """Pay for a search or a seizure as the faction pays a move or a battle, and carry it out."""
        return contraband.carry_out(state, seat, step, action)

    def explain_action(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why a search or a seizure is refused."""
        return contraband.refused(state, seat, action)

    def on_enter(self, state: GameState, seat: int | None, entered: Entered) -> None:
        """Contraband moves with its carriers and scores when it crosses home."""
        if state.map_items:
            contraband.carried_along(state, entered)
        eyrie.note_flight(state, entered)

    def end_of_turn(self, state: GameState, seat: int) -> None:
        """Allies who flew with the Eyrie this turn give it a card (3x3.9.2)."""
        eyrie.ask_for_feed(state)

    def frees_move(self, state: GameState, seat: int, src: Place, dst: Place) -> bool:
        """An ally's golden rule may let a seat leave a clearing the enemy rules (Wings of the Alliance)."""
        return any(
            table.golden(state, ally, "frees_ally_move", seat, src, dst, default=False)
            for ally in table.allies(state, seat)
        )

    def defender_rolls_high(self, state: GameState, seat: int | None, battle: BattleState) -> bool:
        """In a Looting the defender takes the higher die (3x3.6)."""
        return bool(legends.looting(battle).get("looting"))

    def after_roll_choices(
        self, state: GameState, seat: int | None, chooser: int, battle: BattleState
    ) -> list[Action]:
        """War Veteran's reroll of a Looting."""
        return legends.reroll_choices(state, chooser, battle)

    def after_roll_apply(
        self, state: GameState, seat: int | None, chooser: int, battle: BattleState, action: Action
    ) -> bool:
        """Reroll the Vagabond's die."""
        if not isinstance(action, legends.Reroll):
            return False
        legends.reroll(state, chooser, battle)
        return True

    def settled(self, state: GameState) -> None:
        """Contraband whose carriers left its clearing without moving or being removed (infected, carried to the
        Spinners' Ward) falls there."""
        if state.map_items:
            contraband.orphans_fall(state)

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Contraband falls when its carriers are removed."""
        if state.map_items:
            contraband.dropped(state, removed)

    def playout_stir(self, state: GameState, chooser: Chooser) -> str | None:
        """A moderator edit laying an item from a map's supply in one of its clearings (contraband to search, seize)."""
        if len(state.map_items) >= contraband.STIR_LIMIT:
            return None
        cid = chooser.choice(state.board.ids())
        names = stocked(supply_at(state, cid))
        return f"!lay {chooser.choice(names)} {cid}" if names else None

    # --- 3x3.2 border bridges ----------------------------------------------------------------------
    def move_fee(self, state: GameState, seat: int, src: Place, dst: Place) -> str | None:
        """Crossing a border bridge costs a card of the destination's suit (faction rules may waive it)."""
        return table.fee_suit(state, seat, src, dst)

    def fee_recipient(self, state: GameState, seat: int, src: Place, dst: Place) -> int | None:
        """With 5+ rival warriors at the bridge entrance, the fee goes to the rival there with the most (level: the
        first of them in turn order, who then chooses who keeps it)."""
        assert isinstance(src, int) and isinstance(dst, int)
        return table.bridge_keeper(state, seat, src, dst)

    def fee_paid(self, state: GameState, seat: int, to: int, card: int, src: Place, dst: Place) -> None:
        """Level guards at the bridge: the first of them in turn order chooses who of them keeps the card."""
        assert isinstance(src, int) and isinstance(dst, int)
        table.ask_keeper(state, seat, to, card, src, dst)

    # --- 3x3.4 the end ----------------------------------------------------------------------------
    def check_victory(self, state: GameState) -> None:
        """A team at the target wins at once."""
        if state.over:
            return
        target = self.win_points(state)
        for team in table.TEAMS:
            if team_points(state, team) >= target:
                finish(state, table.members(state, team), f"team {team} reached {plural(target, 'point')}")
                return

    def end_of_round(self, state: GameState, completed: int) -> None:
        """After the last round: team points, then clearings ruled by the team, then warriors on the map."""
        limit = int(state.options.get("round_limit") or ROUNDS)
        if completed < limit or state.over:
            return
        a, b = table.standing(state, "A"), table.standing(state, "B")
        if a == b:
            finish(state, list(range(len(state.seats))), "round 6 ended with the teams level on every tie-break")
            return
        best, other = ("A", b) if a > b else ("B", a)
        mine = max(a, b)
        reason = table.tie_break_words(mine, other)
        finish(state, table.members(state, best), f"the last round is over: team {best} {reason}")


register_mode(Frontier())
