"""The interface every faction implements, one small class per concern; shared mechanics call these hooks.

`rules.factions.base.Faction`, the class plug-ins extend, adds the defaults that need shared mechanics (strength, hits,
moves). This module needs none, so the registry and the shared mechanics can name the interface in their types
without importing the mechanics back.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from rules.hooks import Place, TableHooks
from rules.options import GameOption, check_all
from rules.pieces import BUILDING, TOKEN, WARRIOR, PieceKind, controller, kind_of_key

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.examples import Examples
    from rules.state import BattleState, Decision, GameState, Item, MapItem


@dataclass(frozen=True)
class CardPile:
    """A pile of the shared deck's cards a faction keeps outside its hand and crafted cards, as a moderator's card edit
    names it (`!card anvil hand:marquise supporters:alliance`): its one-word name, its title in Root's words, and
    whether it lies face down (only its faction may look: no public output may name a card going in or out)."""

    name: str
    title: str
    face_down: bool = False


class Declarations:
    """What a faction declares (the registry, the box, the board and the lobby read these)."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    kind: ClassVar[str] = "militant"
    colour: ClassVar[str] = "#888888"
    setup_order: ClassVar[int] = 50
    order: ClassVar[int | None] = None
    """Its place in every list of factions (lobbies, suggestions, docs): the registry sorts by it, one faction to a
    place; None puts it after every faction with a place, by id."""
    pieces: ClassVar[tuple[PieceKind, ...]] = ()
    crafting_kind: ClassVar[str | None] = None
    wins_rule_ties: ClassVar[bool] = False
    reach: ClassVar[int] = 0
    moves_ignoring_rule: ClassVar[bool] = False
    explains_moves: ClassVar[bool] = False
    """Whether the faction words the refusal of its own moves (a pawn's moves) instead of the warriors' rules."""
    controls_others_warriors: ClassVar[bool] = False
    activates_dominance: ClassVar[bool] = True
    explores_ruins: ClassVar[bool] = False
    """Whether the faction takes items from ruins (two such factions put two items under each ruin)."""
    playable: ClassVar[bool] = True
    """Whether lobbies offer this faction (False while it is being built)."""
    public_hand: ClassVar[bool] = False
    """Whether the faction's hand lies face up for everyone (the Riverfolk): not a hidden place."""
    decks: ClassVar[tuple[str, ...]] = ()
    card_piles: ClassVar[tuple[CardPile, ...]] = ()
    """Its own piles of shared-deck cards beside the hand and crafted cards (the Supporters, the Lost Souls, the
    Decree's columns), which `card_pile` gives and a moderator's card edit reaches; together they hold `held_cards`."""
    item_box: ClassVar[str] = "items"
    """What a moderator's item edit may call the seat's items besides `items:FACTION` (the Hundreds' Hoard)."""
    steps: ClassVar[dict[str, tuple[str, ...]]] = {"birdsong": (), "daylight": (), "evening": ()}
    game_options: ClassVar[tuple[GameOption, ...]] = ()
    """The readings this faction lets the table choose (docs/rulings.md), each with its values, the default first."""
    command_group: ClassVar[str] = ""
    """The slash command its own verbs are offered under ('lizards': /lizards ritual …), or '' for a command per verb.
    Discord allows 100 commands to a bot, so factions added after the fan factions declare one."""
    examples: ClassVar[Examples | None] = None
    """Who plays it in the examples of docs/commands.md and the games its verbs are shown in (None: a player named
    after its id, in the games of other plug-ins only)."""
    unhindered_steps: ClassVar[tuple[str, ...]] = ()
    """Its steps whose moves ignore every effect that keeps pieces from leaving a clearing (the Vagabond's Slip,
    Law 9.4.2, past the Corvids' snare)."""


class SetupHooks(Declarations):
    """Setup: supplies, the faction's setup choices, the corner it took, the game options it reads."""

    def setup(self, state: GameState, seat: int) -> None:
        """Prepare supplies and faction board before any piece is placed."""
        state.seats[seat].supply = {k.box_family: k.count for k in self.pieces}

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Choices of this faction's setup decision."""
        return iter(())

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Apply a setup choice; True when this faction's setup is complete."""
        return True

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """What this faction's setup decision asks, in a few words."""
        return f"set up the {self.name}"

    def problems(self, state: GameState, seat: int) -> list[str]:
        """What is inconsistent in the faction's own data (rules.invariants reports it with the shared checks)."""
        return []

    def setup_done(self, state: GameState, seat: int) -> bool:
        """Whether this faction's setup is complete: a faction whose setup asks choices keeps `data["setup"]` at its
        current stage until "done" (none kept: `setup` set the faction up, or the game was saved before it was kept)."""
        return bool(state.seats[seat].data.get("setup", "done") == "done")

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The corner this faction set up in, if it has one (for later factions' setup)."""
        return None

    def validate_options(self, options: dict[str, Any]) -> None:
        """Refuse the game options this faction reads when their values are wrong (raise RulesError)."""
        check_all(self.game_options, options)


class TurnHooks(Declarations):
    """The turn: the faction's own steps, their actions, its pending decisions, moves a card grants, and moves or
    battles a mode spends otherwise."""

    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Automatic work when the turn reaches one of this faction's steps."""

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Whether this step waits for the player."""
        return False

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Actions of this faction's own step (verb narrows the search)."""
        return iter(())

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Apply one of this faction's step actions."""
        raise NotImplementedError(type(action).__name__)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """From public information only: could this step offer choices that depend on the hand?"""
        return False

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """Whether the player may finish this step now."""
        return True

    def interrupt(self, state: GameState, seat: int) -> None:
        """A card effect was used between actions: end any compound action in progress (Law 1.4.2)."""

    def stuck(self, state: GameState, seat: int, step: str) -> None:
        """Called when a step must go on but no action is legal (Eyrie: turmoil)."""

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What the player does in one of this faction's steps, in a few words."""
        return step.split(".", 1)[-1].replace("_", " ")

    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """Choices of a faction-specific pending decision."""
        return iter(())

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Resolve a faction-specific decision; True when it is finished."""
        return True

    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """How this seat could now spend one of its own moves or battles (kind 'move' or 'battle') in a step on an
        action a mode puts in its place in a clearing: one entry per way of paying it (None: the plain way; the
        Eyrie: the suit of a Decree card); empty when it can't now."""
        return ()

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """Pay for one move or battle (kind) in a clearing the way this faction pays for its own (one of
        `action_ways`)."""
        raise NotImplementedError(kind)

    def granted_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        """Moves a card lets this faction take (Cobbler): its warriors' moves by default."""
        raise NotImplementedError("rules.factions.base.Faction gives the default")

    def offered(self, state: GameState, seat: int, actor: int, step: str, verb: str | None) -> Iterator[Action]:
        """Actions this faction lets another seat take in that seat's own steps that wait for it (the Corvids'
        Exposure), offered after that seat's own (verb narrows the search). None by default."""
        return iter(())

    def take_offered(self, state: GameState, seat: int, actor: int, action: Action) -> bool:
        """Carry out an action this faction offered another seat; False when the action is not one of its."""
        return False

    def explain_offered(self, state: GameState, seat: int, actor: int, action: Action) -> str | None:
        """Why an action of the kind this faction offers others is refused to a seat now, or None."""
        return None

    def offers_from_hand(self, state: GameState, seat: int, actor: int, step: str) -> bool:
        """From public information only: could what this faction offers the acting seat depend on its hand? Whether
        the game stops for that seat must not tell the table what it holds."""
        return False

    def take_granted_move(self, state: GameState, seat: int, action: Action) -> None:
        """Carry out a move a card granted."""
        raise NotImplementedError("rules.factions.base.Faction gives the default")

    def payment_answers(self, state: GameState, seat: int, owed: int) -> Iterator[Action]:
        """Actions of this faction's own a seat may take while another faction's decision asks it to pay in items,
        the decision staying open: with items owed, the ways to pay one (the Vagabond exhausts an item of his
        choice); with none owed, what adds to what it can pay (the Jailor's Coerce while the Riverfolk offer their
        services). None by default."""
        return iter(())

    def take_payment_answer(self, state: GameState, seat: int, action: Action) -> int:
        """Carry out one of those actions: how many items it paid (0: none, it only added to the purse); -1 when the
        action is not one of them."""
        return -1

    def payment_reserve(self, state: GameState, seat: int) -> int:
        """From public information only: how many more items those actions could add to what the seat can pay now
        (so a decision it could not pay yet is still asked, whatever its hand holds). 0 by default."""
        return 0


class CombatantHooks(Declarations):
    """Battle: how the faction fights, takes hits and reacts to a battle's start and end."""

    def strength(self, state: GameState, seat: int, cid: int) -> int:
        """Warriors this faction fights with in a clearing, by any means (its own, others' it controls)."""
        raise NotImplementedError("rules.factions.base.Faction gives the default")
    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """How many warriors this faction may move out of a clearing."""
        return self.strength(state, seat, cid)

    def can_attack(self, state: GameState, seat: int, cid: int) -> bool:
        """Whether this faction may start a battle in a clearing."""
        return self.strength(state, seat, cid) > 0

    def max_rolled_hits(self, state: GameState, seat: int, cid: int) -> int:
        """The most rolled hits this faction can deal in a clearing."""
        return self.strength(state, seat, cid)

    def defenseless(self, state: GameState, seat: int, cid: int) -> bool:
        """Whether this faction is defenseless when attacked in a clearing."""
        return self.strength(state, seat, cid) <= 0

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """Keys that may take the next hit, with how many more hits each can take (warriors first, then the rest).

        When more than one key is offered and the hits owed are fewer than they can take, the owner chooses.
        """
        return standard_hit_options(state, self.id, cid, assigned)

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """Carry out n hits assigned to pieces under one key; returns how many pieces were removed."""
        raise NotImplementedError("rules.factions.base.Faction gives the default")
    def asks_before_roll(self, state: GameState, seat: int) -> bool:
        """Whether this faction may declare something before the roll in this game (`TableHooks.before_roll`): one
        that can't is never asked and nothing is kept for it (the Vagabond asks only as the Arbiter)."""
        return True

    def on_battle_start(self, state: GameState, seat: int, battle: BattleState) -> None:
        """React when this faction has just started a battle, before any ambush (the Vagabond's allies)."""

    def on_battle_end(self, state: GameState, seat: int, battle: BattleState) -> None:
        """React when a battle this faction fought is over."""

    def fights_for(self, state: GameState, seat: int) -> int | None:
        """The seat whose own this faction's warriors on the map count as right now, in rule and in battle, though
        they stay this faction's pieces (the Riverfolk's mercenaries, hired for a turn); None, the default: they
        count for this faction."""
        return None

    def hired_hit_options(
        self, state: GameState, seat: int, hirer: int, own: dict[str, int], lent: str, taken: int
    ) -> dict[str, int]:
        """Keys that may take the next hit dealt to a hirer fighting with this faction's warriors (`lent`, some
        left in the clearing), given the hirer's own options and the hits it has taken so far in this dealing; one
        hit is placed at a time. By default they join the hirer's warriors and it chooses; before its buildings and
        tokens."""
        warriors = {k: 1 for k, n in own.items() if n > 0 and kind_of_key(k).hit_category == WARRIOR}
        return {**warriors, lent: 1}


class PresenceHooks(Declarations):
    """Rule, movement and placement: presence beyond pieces, moving warriors, keeping others out."""

    def rule_bonus(self, state: GameState, seat: int, cid: int) -> int:
        """Presence for rule beyond pieces on the map (a robot's gears)."""
        return 0

    def warrior_bonus(self, state: GameState, seat: int, cid: int) -> int:
        """Warriors beyond its warrior pieces on the map that this faction has in a clearing, for rules that
        count warriors there (martial law, a new roost's clearing): a robot's gears."""
        return 0

    def rules_outright(self, state: GameState, seat: int, cid: int) -> bool:
        """Whether this faction rules a clearing whatever the presence (two mushrooms)."""
        return False

    def ruled_off_map(self, state: GameState, seat: int) -> int:
        """Clearings off the map this faction rules, counted where an effect counts the clearings it rules (the
        Duchy's Burrow, for Royal Claim): none by default."""
        return 0

    def move_warriors(self, state: GameState, seat: int, src: int, dst: int, n: int) -> list[tuple[str, int]]:
        """Shift n warriors (own first, then others' it controls); returns what moved, by key."""
        raise NotImplementedError("rules.factions.base.Faction gives the default")
    def blocks_placement(
        self, state: GameState, seat: int, placer: str, cid: int, category: str | None = None
    ) -> bool:
        """Whether this faction stops another faction placing a piece (of a category, or any) in a clearing."""
        return False

    def forbids(self, state: GameState, seat: int, actor: int, action: Action) -> str | None:
        """Why this faction forbids another seat an action now (the Corvids' face-up snare keeps its enemies' pieces
        in its clearing), or None: every action offered to another seat, and every one it names, is asked."""
        return None

    def placement_refusal(self, state: GameState, seat: int, cid: int) -> str:
        """Why this faction stops others placing pieces in a clearing (when `blocks_placement` says it does)."""
        return f"{self.name} lets no one else place pieces in clearing {cid}"

    def closed_clearings(self, state: GameState, seat: int) -> Mapping[int, str]:
        """The clearings no piece of anyone may be moved into because of this faction, each with the reason (the
        Scoundrel's torch of Scorched Earth): by default none."""
        return {}

    def keep_standing(self, state: GameState, seat: int) -> bool:
        """Enforce a standing condition of the faction's once the automatic work is done (the Spore's two
        mushrooms): True when it changed the table, so the work runs again. By default there is none."""
        return False

    def edit_pieces(
        self, state: GameState, seat: int, piece: str, n: int, src: Place | None, dst: Place | None
    ) -> str | None:
        """A moderator edit moved n of this faction's pieces (`piece`, a map key) from `src` to `dst` (None: its
        supply), the map already changed: keep the faction's own records of them (the Corvids' plot kinds), or say
        why the edit can't be made. By default there is nothing to keep."""
        return None

    def seize_pawn(self, state: GameState, seat: int, by: int, place: Place) -> bool:
        """Another faction would take control of this faction's pawn (The Spore's infection): do what happens
        instead. True when something did (the taker then gains what its rule gives); by default nothing can."""
        return False


class SidesHooks(Declarations):
    """Sides and victory: coalitions and shared wins."""

    def coalition_with(self, state: GameState, seat: int) -> int | None:
        """The seat this faction is in a coalition with (not enemies while it lasts), if any."""
        return None

    def wins_with(self, state: GameState, seat: int, winners: list[int]) -> bool:
        """Whether this seat also wins when these seats win (the Vagabond's coalition partner)."""
        return False

    def play_leanings(self, state: GameState, seat: int) -> Mapping[str, float]:
        """What an automated player of this faction values, as changes to `rules.autoplay.evaluate.Leanings` (its
        fields by name, in victory points a unit: what the faction's points come from); none by default."""
        return {}

    def play_worth(self, state: GameState, seat: int) -> float:
        """What an automated player of this faction counts on top of the shared `Leanings`, in victory points: the
        faction's own resources the shared evaluation cannot see (its funds, say); none by default."""
        return 0.0


class CardsHooks(Declarations):
    """Cards, crafting and items: crafting pieces and waivers, points, draws, items brought and crafted, cards
    held outside the hand (face up or face down)."""

    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """The clearing of each crafting piece on the map, one entry per piece (by default its crafting_kind)."""
        if self.crafting_kind is None:
            return []
        piece = f"{self.id}:{self.crafting_kind}"
        out: list[int] = []
        for cid, pieces in enumerate(state.clearings, start=1):
            out += [cid] * pieces.get(piece, 0)
        return out

    def crafting_suits(self, state: GameState, seat: int) -> list[str]:
        """One suit per crafting piece on the map: its clearing's."""
        return [state.suits[cid - 1] for cid in self.crafting_clearings(state, seat)]

    def craft_waivers(self, state: GameState, seat: int) -> int:
        """How many suit symbols of one card's cost this seat may now pay with a crafting piece of another suit."""
        return 0

    def item_points(self, state: GameState, seat: int, printed: int) -> int:
        """Points scored for crafting an item with this printed value."""
        return printed

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """Extra cards drawn in Evening."""
        return 0

    def takes_discard(self, state: GameState, seat: int, cid: int) -> bool:
        """A card spent or discarded by anyone is bound for the discard pile: take it instead (the Lizard Cult's Lost
        Souls pile); True when this faction took it. By default none does."""
        return False

    def box_items(self, state: GameState, seat: int) -> dict[str, int]:
        """Items this faction brings to the table beyond the shared supplies (the Vagabond's starting items)."""
        return {}

    def crafted_items(self, state: GameState, seat: int) -> list[Item]:
        """Items in this seat's Crafted Items box, the ones others may take (the Vagabond has none: his are his own)."""
        return state.seats[seat].items

    def play_area(self, state: GameState, seat: int) -> list[tuple[str, int]]:
        """Public cards of another deck lying in front of the seat, as (deck, card id): the Vagabond's quests."""
        return []

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """Cards the faction keeps outside hand and crafted area (the Eyrie's Decree, the Alliance's Supporters)."""
        return []

    def face_down(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """Held cards that lie face down (only this seat may look at them), by pile name: the state's own lists
        (the Supporters stack), so that rules.hidden can re-deal them. None by default."""
        return {}

    def face_down_tokens(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """Values of the faction's tokens lying face down for everyone, itself included (the Keepers' relics), by
        pool: the state's own lists, each holding the values its face-down tokens may show, so that rules.hidden can
        re-deal each pool among itself. None by default."""
        return {}

    def shown_cards(self, state: GameState, seat: int) -> list[int]:
        """The held cards the whole table can see (the Decree): every held card not lying face down."""
        hidden = {c for cards in self.face_down(state, seat).values() for c in cards}
        return [c for c in self.held_cards(state, seat) if c not in hidden]

    def hidden_pieces(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """Pieces whose kind only this seat may look at (the Corvids' face-down plots, on the map and in the supply),
        by place name: the state's own lists of the numbers the faction gives their kinds, so that rules.hidden
        re-deals them among those places (how many each place holds stays public). None by default."""
        return {}

    def card_pile(self, state: GameState, seat: int, name: str) -> list[int]:
        """The state's own list of one of its declared `card_piles` (it may hold markers of no card: a vizier)."""
        raise KeyError(name)

    def edit_cards(self, state: GameState, seat: int, pile: str, cid: int, added: bool) -> str | None:
        """A moderator edit put a card into one of its `card_piles` (added) or took one out, the pile already changed:
        keep the faction's own records of it (what is left to resolve this turn), or say why the edit can't be made
        (a full pile). By default there is nothing to keep."""
        return None

    def edit_items(self, state: GameState, seat: int, name: str, added: bool) -> str | None:
        """A moderator edit put an item into the seat's items (added) or took one out, the items already changed: keep
        the faction's own records of them, or say why the edit can't be made (a full track of the Hoard). By default
        there is nothing to keep."""
        return None

    def private_cards(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """Face-down cards only this seat may look at besides its hand, by pile name (the Supporters): copies."""
        return {name: list(cards) for name, cards in self.face_down(state, seat).items()}

    def hidden_choices(self, state: GameState, seat: int, step: str) -> bool:
        """From public information only: could this step offer choices that depend on cards held face down
        outside the hand (a Revolt paid with Supporters)? Whether the game stops must not reveal them."""
        return False


class WordsHooks(Declarations):
    """Words and display: why an action is refused, the plain form spelled out, the panel, threads and marks on
    the map."""

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of this faction's actions is refused now, if the faction can say."""
        return None

    def explain_first(self, state: GameState, seat: int, action: Action) -> str | None:
        """A reason that comes before the shared ones (the Spore commands only the infected in reach of its network),
        or None to let the shared reasons of moves and battles speak first."""
        return None

    def spelled_out(self, state: GameState, seat: int, action: Action) -> Action:
        """A legal action with the choices its plain form leaves to the engine written out (the supporters a plain
        revolt spends), so that a player naming those very choices means it; the action itself when it leaves none."""
        return action

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Lines of the faction board others may see."""
        return []

    def private_lines(self, state: GameState, seat: int) -> list[str]:
        """Lines only this seat may read besides its hand (where its face-down plots are and what they are), shown
        with its hand; none by default."""
        return []

    def map_links(self, state: GameState, seat: int) -> list[tuple[int, int]]:
        """Pairs of adjacent clearings the board image joins with a thread in the faction's colour (a network)."""
        return []

    def piece_notes(self, state: GameState, seat: int) -> dict[str, dict[str, str]]:
        """Short public marks drawn on single pieces of the map, by place ('5', 'fA') and piece key: a robot's gears."""
        return {}

    def shown_items(self, state: GameState, seat: int) -> list[MapItem]:
        """Items the table sees lying on the map that are no item of anyone's, each with its `note` (a Scoundrel's
        torch of Scorched Earth): the board draws them as items lying in their clearing."""
        return []

class FactionHooks(
    SetupHooks, TurnHooks, CombatantHooks, PresenceHooks, SidesHooks, CardsHooks, WordsHooks, TableHooks
):
    """A faction plug-in as the registry and the shared mechanics see it: its declarations and every hook.

    Besides the hooks below, a faction hears what every seat hears (`TableHooks`): removals by
    anyone, pieces entering a place, and battle modifiers.
    """

    @staticmethod
    def hook_names() -> tuple[str, ...]:
        """The hooks of the Faction interface (the registry notes which seats override each, for the hot paths)."""
        return _hook_names()

    def overrides(self, hook: str) -> bool:
        """Whether this plug-in, as its mode patches it, has its own version of a hook of the Faction interface."""
        raise NotImplementedError(hook)


def standard_hit_options(state: GameState, faction: str, cid: int, assigned: dict[str, int]) -> dict[str, int]:
    """Warriors fighting for a faction take hits first; then its buildings and tokens (and pieces hit as those)."""
    pieces = state.clearings[cid - 1]
    left = {p: n - assigned.get(p, 0) for p, n in pieces.items() if controller(p) == faction}
    warriors = {p: n for p, n in left.items() if n > 0 and kind_of_key(p).hit_category == WARRIOR}
    if warriors:
        return warriors
    return {p: n for p, n in left.items() if n > 0 and kind_of_key(p).hit_category in (BUILDING, TOKEN)}

@cache
def _hook_names() -> tuple[str, ...]:
    asked = {"hook_names", "overrides"}
    return tuple(
        n for n in dir(FactionHooks) if callable(getattr(FactionHooks, n)) and not n.startswith("_") and n not in asked
    )
