"""Throwaway factions and modes that drive each engine seam from outside the shared modules.

Each is what a coming addition needs, reduced to its seam:
- Robots: strength, rule and hits from a track of gears on a pawn (Old Man Tinker's robots);
- Medics: removals diverted into an off-board ward, by interception and by a non-combatant's decision
  during someone else's battle (Spinners of Mercy's First Response), and a toll owed by whoever moves
  into a clearing with a tent (an entering event answered by the mover, as the Alliance's Outrage);
- Moss: rules a clearing outright with two moss and blocks other factions' buildings and tokens there
  (The Spore's mushrooms);
- Wanderer: a pawn that moves between clearings and forests ignoring rule (the Vagabond, the Old Man);
- Alliances: a mode with two teams in strictly alternating turn order, a team win, a per-round end with
  tie-breaks, setup on a home map, golden rules declared as subclasses of the Marquise and the Robots, and an
  action of its own open to every faction (the 3x3 mode's search and seizure);
- Tolls: a mode whose border bridges cost a card matching the destination, paid as a decision.

Nothing here is imported by rules/: `register_all()` adds them, `unregister_all()` takes them away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules import decisions, hand, modes, registry
from rules.actions import CARD, CLEARING, Action, Battle, Move, Pass, register_for
from rules.battle import battle_options, start
from rules.cards import deck, define_deck
from rules.errors import RulesError
from rules.factions.base import Faction, standard_hit_options
from rules.factions.marquise import Marquise
from rules.hooks import Entered, Place, Removal
from rules.items import gain
from rules.map_pieces import count, place, shift, warriors_of
from rules.movement import move, move_options, move_piece
from rules.pieces import BUILDING, PAWN, TOKEN, WARRIOR, PieceKind, category_of_key, parse_key
from rules.pieces import CARD as BY_CARD
from rules.rng import below
from rules.rule import enemies, ruled_by, side_of_faction
from rules.scoring import finish, score, team_points
from rules.state import GameState, TurnFlags

ACT = "test.act"


class _Simple(Faction):
    """A faction whose whole turn is one Daylight step of moves and battles."""

    steps: ClassVar[dict[str, tuple[str, ...]]] = {"birdsong": (), "daylight": (ACT,), "evening": ()}

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """The one step waits for the player."""
        return step == ACT

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Moves and battles."""
        if verb in (None, "move"):
            yield from move_options(state, seat)
        if verb in (None, "battle"):
            yield from battle_options(state, seat)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Move or battle."""
        if isinstance(action, Move):
            move(state, seat, action.src, action.dst, action.count)
        elif isinstance(action, Battle):
            start(state, seat, action.clearing, action.defender)


# --- Robots: strength from a track ----------------------------------------------------------


class Robots(_Simple):
    """A bot pawn whose track of gears is its warriors; each hit drops a gear into its clearing."""

    id: ClassVar[str] = "test-robots"
    name: ClassVar[str] = "Test Robots"
    colour: ClassVar[str] = "#F0E442"
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind("test-robots", "bot", PAWN, 1, "Bot", "hexagon", "B"),
        PieceKind("test-robots", "gear", TOKEN, 6, "Gear", "diamond", "g"),
    )
    BOT = "test-robots:bot"
    GEAR = "test-robots:gear"

    def setup(self, state: GameState, seat: int) -> None:
        """The bot starts in clearing 6 with two gears on its track."""
        super().setup(state, seat)
        place(state, seat, "bot", 6)
        state.seats[seat].supply["gear"] -= 2
        state.seats[seat].areas["track"] = {self.GEAR: 2}

    def track(self, state: GameState, seat: int) -> int:
        """Gears on the bot's track."""
        return state.seats[seat].areas["track"].get(self.GEAR, 0)

    def bot_at(self, state: GameState) -> int | None:
        """The bot's clearing."""
        return next((cid for cid in state.board.ids() if state.clearings[cid - 1].get(self.BOT)), None)

    def strength(self, state: GameState, seat: int, cid: int) -> int:
        """The track's gears are warriors where the bot is."""
        return self.track(state, seat) if self.bot_at(state) == cid else 0

    def rule_bonus(self, state: GameState, seat: int, cid: int) -> int:
        """They count for rule too."""
        return self.strength(state, seat, cid)

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """The bot's gears first, then gears lying on the map."""
        room = self.strength(state, seat, cid) - assigned.get(self.BOT, 0)
        if room > 0:
            return {self.BOT: room}
        return standard_hit_options(state, self.id, cid, assigned)

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """A hit on the bot drops a gear from its track into the clearing; nothing is removed."""
        if piece != self.BOT:
            return super().resolve_hit(state, seat, cid, piece, n, by)
        track = state.seats[seat].areas["track"]
        track[self.GEAR] -= n
        state.clearings[cid - 1][self.GEAR] = state.clearings[cid - 1].get(self.GEAR, 0) + n
        state.say(f"{n} gear(s) fall off the bot into clearing {cid}.")
        return 0

    def defender_rolls_high(self, state: GameState, seat: int | None, battle: dict[str, Any]) -> bool:
        """Defending, the robots take the higher die."""
        return battle["defender"] == seat

    def move_warriors(self, state: GameState, seat: int, src: int, dst: int, n: int) -> list[tuple[str, int]]:
        """The bot moves with its gears."""
        shift(state, self.BOT, src, dst, 1)
        return [(self.BOT, 1)]

    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """The bot moves as one piece, and only with gears on its track."""
        return 1 if self.strength(state, seat, cid) > 0 else 0


# --- Medics: off-board ward, interception, a non-combatant's decision, a toll on entering ----------


@register_for("test-medics")
@dataclass(frozen=True, slots=True)
class Rescue(Action):
    """Medics: move every warrior about to be removed by hits in a clearing to the ward."""

    verb: ClassVar[str] = "rescue"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


@register_for("test-medics")
@dataclass(frozen=True, slots=True)
class Toll(Action):
    """Give the Medics a card owed for entering a clearing with a tent."""

    verb: ClassVar[str] = "toll"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("card", CARD),)
    card: str


class Medics(_Simple):
    """Tents; enemy warriors removed by cards near a tent go to the ward; they may rescue hit warriors."""

    id: ClassVar[str] = "test-medics"
    name: ClassVar[str] = "Test Medics"
    colour: ClassVar[str] = "#CC79A7"
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind("test-medics", "warrior", WARRIOR, 10, "Medic"),
        PieceKind("test-medics", "tent", TOKEN, 4, "Tent", "triangle", "T", points=0),
    )

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """Hits split freely between medics and tents (as webs do)."""
        here = state.clearings[cid - 1]
        out = {p: here.get(p, 0) - assigned.get(p, 0) for p in ("test-medics:warrior", "test-medics:tent")}
        return {p: n for p, n in out.items() if n > 0}

    def _tent(self, state: GameState, place_: Place) -> bool:
        return isinstance(place_, int) and count(state, self.id, "tent", place_) > 0

    def _enemy_warrior(self, state: GameState, seat: int, piece: str) -> bool:
        other = state.seat_of(parse_key(piece)[2])
        return category_of_key(piece) == WARRIOR and other is not None and enemies(state, seat, other)

    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """Enemy warriors removed by a card in a clearing with a tent go to the ward instead."""
        assert seat is not None
        if removal.cause != BY_CARD or not self._tent(state, removal.place):
            return None
        return "ward" if self._enemy_warrior(state, seat, removal.piece) else None

    def before_hits(self, state: GameState, seat: int | None, battle: dict[str, Any]) -> bool:
        """Offer to rescue enemy warriors hit in a clearing with a tent, in anyone's battle."""
        assert seat is not None
        cid = battle["clearing"]
        hit = [p for who, p, n in battle["hit"] if n and self._enemy_warrior(state, seat, p)]
        if not hit or not self._tent(state, cid):
            return False
        decisions.push(state, "faction", seat, faction=self.id, what="rescue", clearing=cid, prompt="rescue or pass")
        return True

    def on_enter(self, state: GameState, seat: int | None, entered: Entered) -> None:
        """Whoever moves enemy pieces into a clearing with a tent owes the Medics a card (if they hold one)."""
        assert seat is not None
        owes = enemies(state, seat, entered.mover) and self._tent(state, entered.dst)
        if owes and state.seats[entered.mover].hand:
            decisions.push(state, "faction", entered.mover, faction=self.id, what="toll", to=seat, prompt="give a card")

    def decision_legal(self, state: GameState, decision: dict[str, Any]) -> Iterator[Action]:
        """Rescue or pass; a card for the toll."""
        if decision["what"] == "rescue":
            yield Pass()
            yield Rescue(decision["clearing"])
        elif decision["what"] == "toll":
            for card_key in hand.distinct_keys(state, decision["seat"]):
                yield Toll(card_key)

    def decision_apply(self, state: GameState, decision: dict[str, Any], action: Action) -> bool:
        """Take the hit enemy warriors off the map into the ward; or hand over the toll."""
        if isinstance(action, Rescue):
            b = state.battle
            assert b is not None
            ward = state.seats[decision["seat"]].areas.setdefault("ward", {})
            kept = []
            for who, piece, n in b["hit"]:
                if self._enemy_warrior(state, decision["seat"], piece):
                    pieces = state.clearings[action.clearing - 1]
                    pieces[piece] -= n
                    if not pieces[piece]:
                        del pieces[piece]
                    ward[piece] = ward.get(piece, 0) + n
                else:
                    kept.append([who, piece, n])
            b["hit"] = kept
            state.say("The Medics carry the wounded to their ward.")
        elif isinstance(action, Toll):
            cid = hand.take(state, decision["seat"], action.card)
            state.seats[decision["to"]].hand.append(cid)
        return True


# --- Moss: an outright ruler that blocks buildings and tokens ---------------------------------------


class Moss(_Simple):
    """Two moss in a clearing rule it outright; no one else places buildings or tokens there."""

    id: ClassVar[str] = "test-moss"
    name: ClassVar[str] = "Test Moss"
    colour: ClassVar[str] = "#009E73"
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind("test-moss", "moss", TOKEN, 6, "Moss", "triangle", "m"),)

    def rules_outright(self, state: GameState, seat: int, cid: int) -> bool:
        """Two moss rule a clearing whatever else is there."""
        return count(state, self.id, "moss", cid) >= 2

    def blocks_placement(self, state: GameState, seat: int, placer: str, cid: int, category: str | None = None) -> bool:
        """Others may still place warriors there, but not buildings or tokens."""
        return category in (BUILDING, TOKEN, None) and self.rules_outright(state, seat, cid)


# --- Wanderer: a pawn between clearings and forests ----------------------------------------------


class Wanderer(_Simple):
    """A pawn that moves to any adjacent clearing or forest, ignoring rule."""

    id: ClassVar[str] = "test-wanderer"
    name: ClassVar[str] = "Test Wanderer"
    colour: ClassVar[str] = "#56B4E9"
    moves_ignoring_rule: ClassVar[bool] = True
    decks: ClassVar[tuple[str, ...]] = ("test-quests",)
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind("test-wanderer", "pawn", PAWN, 1, "Wanderer", "star"),)
    PAWN = "test-wanderer:pawn"

    def setup(self, state: GameState, seat: int) -> None:
        """The pawn starts in forest A with a torch; the quest deck is dealt: two face up, the rest face down."""
        super().setup(state, seat)
        place(state, seat, "pawn", "A")
        gain(state, seat, "torch")
        quests = list(range(len(deck("test-quests"))))
        state.piles["test-quests:offer"] = quests[:2]
        state.piles["test-quests:deck"] = quests[2:]

    def box_items(self, state: GameState, seat: int) -> dict[str, int]:
        """The torch comes in the Wanderer's own box."""
        return {"torch": 1}

    def where(self, state: GameState) -> Place:
        """The pawn's place."""
        for cid in state.board.ids():
            if state.clearings[cid - 1].get(self.PAWN):
                return cid
        return next(fid for fid, pieces in state.forests.items() if pieces.get(self.PAWN))

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Moves of the pawn to every adjacent place."""
        if verb not in (None, "move"):
            return
        here = self.where(state)
        board = state.board
        if isinstance(here, int):
            near: list[Place] = [*sorted(board.adjacent_to(here)), *board.forests_of(here)]
        else:
            near = [*sorted(board.forests[here].clearings), *board.forest_neighbours(here)]
        for dst in near:
            yield Move(here, dst, 1)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Move the pawn."""
        assert isinstance(action, Move)
        move_piece(state, seat, self.PAWN, action.src, action.dst)


# --- Alliances: teams in alternating order, a team win, round end with tie-breaks, home maps, a patch ---


class AlliancesMarquise(Marquise):
    """The Alliances' golden rule for the Marquise: one more card in Evening."""

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One more than the Marquise's own bonus."""
        return super().draw_bonus(state, seat) + 1


class AlliancesRobots(Robots):
    """The Alliances' golden rule for the Robots: a Birdsong salute worth a point."""

    steps: ClassVar[dict[str, tuple[str, ...]]] = {"birdsong": ("test.salute",), "daylight": (ACT,), "evening": ()}

    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """The salute scores a point; other steps as the Robots play them."""
        if step == "test.salute":
            score(state, seat, 1, "the salute")
        else:
            super().enter_step(state, seat, step)


@register_for("test-alliances")
@dataclass(frozen=True, slots=True)
class Rally(Action):
    """Alliances: once a turn, rally your warriors in a clearing of the first map for a point (any faction)."""

    verb: ClassVar[str] = "rally"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("clearing", CLEARING),)
    clearing: int


class RallyFlags(TurnFlags, total=False):
    """The turn's flags in an Alliances game: whether the seat has rallied."""

    rallied: bool


def rally_refusal(state: GameState, seat: int, cid: int) -> str | None:
    """Why a seat may not rally in a clearing now (None: it may)."""
    if state.turn.flags_as(RallyFlags).get("rallied"):
        return "you have already rallied this turn"
    if state.board.map_of(cid) != state.board.maps[0]:
        return "rallies are held on the first map only"
    if not warriors_of(state, state.seats[seat].faction, cid):
        return f"you have no warriors in clearing {cid} to rally"
    return None


@register_for("test-alliances")
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Alliances: roll your die again after the roll (once per battle)."""

    verb: ClassVar[str] = "reroll"


class Alliances(modes.Mode):
    """Two teams; turns alternate A, B, A, B...; a team wins at win_points; after the round limit, tie-breaks."""

    id: ClassVar[str] = "test-alliances"
    teams: ClassVar[bool] = True
    min_seats: ClassVar[int] = 2
    patches: ClassVar[Mapping[str, Callable[[], Faction]]] = {
        "marquise": AlliancesMarquise,
        "test-robots": AlliancesRobots,
    }

    def actions(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """A rally, for any faction, in its Daylight steps (after its own actions)."""
        if state.turn.phase != "daylight" or verb not in (None, "rally"):
            return
        for cid in state.board.ids():
            if rally_refusal(state, seat, cid) is None:
                yield Rally(cid)

    def apply_action(self, state: GameState, seat: int, step: str, action: Action) -> bool:
        """Rally: a point, once a turn."""
        if not isinstance(action, Rally):
            return False
        state.turn.flags_as(RallyFlags)["rallied"] = True
        score(state, seat, 1, f"rallying in clearing {action.clearing}")
        return True

    def explain_action(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why a rally is refused."""
        return rally_refusal(state, seat, action.clearing) if isinstance(action, Rally) else None

    def after_roll_choices(
        self, state: GameState, seat: int | None, chooser: int, battle: dict[str, Any]
    ) -> list[Action]:
        """An attacker of team B may reroll its die once."""
        attacking = battle["attacker"] == chooser and state.seats[chooser].team == "B"
        return [Reroll()] if attacking and not battle.get("rerolled") else []

    def after_roll_apply(
        self, state: GameState, seat: int | None, chooser: int, battle: dict[str, Any], action: Action
    ) -> bool:
        """Roll the attacker's die again, capped as before."""
        if not isinstance(action, Reroll):
            return False
        state.rng, die = below(state.rng, 4)
        state.irreversible = True
        cap = registry.of(state, chooser).max_rolled_hits(state, chooser, battle["clearing"])
        battle["rolled"][0] = min(die, cap)
        battle["rerolled"] = True
        state.say(f"Reroll: {die}.")
        return True

    def validate(self, options: dict[str, Any]) -> None:
        """Every faction names a team."""
        super().validate(options)
        teams = options.get("teams") or {}
        if set(teams) != set(options["factions"]):
            raise RulesError("every faction needs a team")

    def turn_order(self, options: dict[str, Any], first: int) -> list[int]:
        """Team A's seats and team B's seats interleaved, each in seat order."""
        teams = options["teams"]
        a = [i for i, f in enumerate(options["factions"]) if teams[f] == "A"]
        b = [i for i, f in enumerate(options["factions"]) if teams[f] == "B"]
        order = [x for pair in zip(a, b, strict=False) for x in pair]
        return order + [x for x in a + b if x not in order]

    def setup_region(self, state: GameState, seat: int) -> frozenset[int] | None:
        """Team A sets up on the first map only."""
        if state.seats[seat].team == "A":
            return frozenset(c.id for c in state.board.clearings if c.map_id == state.board.maps[0])
        return None

    def win_points(self, state: GameState) -> int:
        """The team target."""
        return int(state.options.get("win_points") or 90)

    def check_victory(self, state: GameState) -> None:
        """A team reaching the target wins at once."""
        for team in ("A", "B"):
            if team_points(state, team) >= self.win_points(state):
                finish(state, [i for i, s in enumerate(state.seats) if s.team == team], f"team {team} wins")
                return

    def end_of_round(self, state: GameState, completed: int) -> None:
        """After the last round: team points, then clearings ruled, then warriors on the map."""
        limit = state.options.get("round_limit")
        if not limit or completed < int(limit):
            return

        def standing(team: str) -> tuple[int, int, int]:
            seat = next(i for i, s in enumerate(state.seats) if s.team == team)
            ruled = len(ruled_by(state, seat))
            warriors = sum(
                n
                for c in state.clearings
                for p, n in c.items()
                if category_of_key(p) == WARRIOR and side_of_faction(state, parse_key(p)[2]) == f"team:{team}"
            )
            return team_points(state, team), ruled, warriors

        best = max(("A", "B"), key=standing)
        tied = standing("A") == standing("B")
        winners = [i for i, s in enumerate(state.seats) if tied or s.team == best]
        finish(state, winners, "the last round is over")


# --- Tolls: a bridge fee paid as a decision ---------------------------------------------------------


class Tolls(modes.Mode):
    """Crossing a border bridge costs a card matching the destination; with a toll_to option it goes to a seat."""

    id: ClassVar[str] = "test-tolls"

    def board_id(self, options: dict[str, Any]) -> str:
        """Two maps joined by bridges."""
        return "autumn+winter"

    def move_fee(self, state: GameState, seat: int, src: Place, dst: Place) -> str | None:
        """A card of the destination's suit for a bridge."""
        if isinstance(src, int) and isinstance(dst, int) and (min(src, dst), max(src, dst)) in state.board.bridges:
            return state.suits[dst - 1]
        return None

    def fee_recipient(self, state: GameState, seat: int, src: Place, dst: Place) -> int | None:
        """The seat named by the toll_to option, else the discard pile."""
        to = state.options.get("toll_to")
        return state.seat_of(str(to)) if to else None


FACTIONS = (Robots(), Medics(), Moss(), Wanderer())
MODES = (Alliances(), Tolls())


QUESTS = [
    {"key": "errand", "name": "Errand", "suit": "fox", "type": "quest", "count": 1, "cost": ["boots", "tea"]},
    {"key": "escort", "name": "Escort", "suit": "mouse", "type": "quest", "count": 1, "cost": ["boots", "boots"]},
    {"key": "guard", "name": "Guard Duty", "suit": "rabbit", "type": "quest", "count": 2, "cost": ["torch"]},
]


def register_all() -> None:
    """Make the throwaway factions and modes available."""
    define_deck("test-quests", QUESTS)
    for f in FACTIONS:
        registry.register(f)
    for m in MODES:
        modes.register(m)


def unregister_all() -> None:
    """Take them away again (and their piece kinds)."""
    for f in FACTIONS:
        registry.unregister(f.id)
    for m in MODES:
        modes.unregister(m.id)
