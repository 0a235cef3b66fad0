"""The Vagabond: a pawn that never rules, items that are exhausted, damaged and repaired, ruins, aid, quests,
relationships with every other faction, and a coalition in games of four or more."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Literal, TypedDict, cast

from rules import battle, crafting, decisions, hand, items, landmarks, movement, registry, rng
from rules.actions import Action, Battle, Craft, Move, Pass
from rules.cards import card, deck, keys, label
from rules.dominance import ACTIVATE_AT
from rules.examples import ExampleGame, Examples, RareExample
from rules.factions.base import Faction
from rules.factions.vagabond import board as vb
from rules.factions.vagabond.actions import (
    ITEMS,
    Aid,
    Ally,
    Character,
    Claim,
    Coalition,
    Damage,
    Drop,
    Exhaust,
    Explore,
    Lead,
    Pawn,
    Quest,
    Refresh,
    Repair,
    Strike,
    register_verbs,
)
from rules.factions.vagabond.characters import SWIFT_OPTION, Ability, CharacterFlags, ability_of
from rules.factions.vagabond.words import panel_lines, why_not
from rules.hooks import CANCEL, Place, Removal, Removed
from rules.map_pieces import factions_in, place, place_name, suit
from rules.options import GameOption
from rules.pieces import ABILITY, BATTLE, PAWN, WARRIOR, PieceKind, category_of_key, key, kind_of_key, parse_key
from rules.removal import remove_all
from rules.rule import enemies, hired, rules
from rules.scoring import score
from rules.state import BattleState, Decision, GameState, MapItem
from rules.words import plural, possessive

ID = vb.ID  # the first Vagabond; SecondVagabond below is vb.ID2
SLIP, DAYLIGHT, REST, CAPACITY = "vagabond.slip", "vagabond.daylight", "vagabond.rest", "vagabond.capacity"
REFRESH = "vagabond.refresh"


class BattleTally(TypedDict, total=False):
    """What a Vagabond keeps in the battle under his faction id: the Allied faction fighting with him, and the hits
    his items and its warriors took."""

    ally: str | None
    items: int
    allies: int


def _tallies(b: BattleState) -> dict[str, BattleTally]:
    return cast(dict[str, BattleTally], b)


def _tally(b: BattleState, fid: str) -> BattleTally:
    """A Vagabond's tally in the battle, begun empty the first time he takes a hit."""
    return _tallies(b).setdefault(fid, {})


def _tally_of(b: BattleState, fid: str) -> BattleTally:
    """A Vagabond's tally in the battle, to read (empty when he has none)."""
    return _tallies(b).get(fid) or {}


ITEM_CHOICES = {c.verb: c for c in (Refresh, Damage, Drop, Exhaust, Claim, Repair)}
CHANGES: dict[str, tuple[Literal["exhausted", "damaged"], bool]] = {
    "refresh": ("exhausted", False),
    "damage": ("damaged", True),
    "repair": ("damaged", False),
}


def _item_name(name: str, state_of: str | None) -> str:
    return name + (f" ({state_of.replace('-', ', ')})" if state_of else "")


def _struck(state: GameState, cid: int, action: Strike) -> str:
    """The map key a Strike removes: the faction's own piece of that kind, else one it controls (an infected)."""
    own = key(action.faction, action.kind)
    if state.clearings[cid - 1].get(own):
        return own
    return min(
        p
        for p, n in state.clearings[cid - 1].items()
        if n and parse_key(p)[1] == action.kind and parse_key(p)[2] == action.faction
    )


class VagabondChoice(Decision, total=False):
    """A Vagabond's own decisions: `left` more items to choose (of seat `other`'s, for an aid or a claim), the ruin in
    `clearing`, or which of the `allies` fights with him."""

    left: int
    clearing: int
    other: int
    allies: list[str]


def coalition_ready(state: GameState) -> list[str]:
    """Example edits: 10 points and a dominance card from the deck for the Vagabond (what a coalition needs)."""
    dominance = next(card(c).key for c in state.deck if card(c).type == "dominance")
    return [f"!points {vb.ID} 10", f"!card {dominance} deck hand:{vb.ID}"]


ALLIED = ("aid", "exhaust", "claim", "ally", "lead", "battle")  # verbs that lead a walk to an Allied faction


class Vagabond(Faction):
    """The Vagabond, as one of the twelve characters of appendix V (his special action: `ability`)."""

    id: ClassVar[str] = vb.ID
    name: ClassVar[str] = "Vagabond"
    aliases: ClassVar[tuple[str, ...]] = ("vb", "raccoon")
    kind: ClassVar[str] = "vagabond"
    explores_ruins: ClassVar[bool] = True
    colour: ClassVar[str] = "#000000"
    setup_order: ClassVar[int] = 4
    order: ClassVar[int | None] = 70
    unhindered_steps: ClassVar[tuple[str, ...]] = (SLIP,)  # the Slip ignores what keeps pieces in (9.4.2: a snare)
    examples: ClassVar[Examples | None] = Examples(
        "dave",
        (
            ExampleGame(("marquise", "eyrie", vb.ID)),
            ExampleGame(("marquise", "eyrie", vb.ID), prefer=ALLIED),  # an Allied faction: lead, ally
            ExampleGame(("marquise", "eyrie", "alliance", vb.ID), prefer=("coalition",), edits=coalition_ready),
            ExampleGame(("marquise", "eyrie", vb.ID), prefer=("character ronin", "battle", "swift")),
            ExampleGame(("marquise", "eyrie", "alliance", vb.ID), prefer=("character arbiter", "battle", "enlist")),
        ),
        order=2,
        rare={
            "ally": RareExample(
                "/ally faction:marquise", "aid", "start of a battle",
                "a battle the Vagabond starts beside the warriors of an Allied faction",
            )
        },
    )
    reach: ClassVar[int] = 5
    moves_ignoring_rule: ClassVar[bool] = True
    explains_moves: ClassVar[bool] = True
    activates_dominance: ClassVar[bool] = False
    game_options: ClassVar[tuple[GameOption, ...]] = (SWIFT_OPTION,)
    playable: ClassVar[bool] = True
    decks: ClassVar[tuple[str, ...]] = (vb.DECK,)
    hidden_piles: ClassVar[tuple[str, ...]] = (vb.QUEST_DECK,)
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind(vb.ID, "pawn", PAWN, 1, "Vagabond", "star"),)
    steps: ClassVar[dict[str, tuple[str, ...]]] = {
        "birdsong": (REFRESH, SLIP),
        "daylight": (DAYLIGHT,),
        "evening": (REST, CAPACITY),
    }

    # --- setup -------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Relationships Indifferent with every non-Vagabond faction (9.3 step 6: another Vagabond is not on the
        chart; he was under rules revisions before 3bc3850); the quests shuffled and three face up (once for the
        table: a second Vagabond shares them)."""
        super().setup(state, seat)
        charted = state.legacy is not None and state.legacy.vagabonds_on_chart
        others = [
            s.faction
            for s in state.seats
            if registry.faction(s.faction).kind != "vagabond" or (charted and s.faction != self.id)
        ]
        state.seats[seat].data = vb.VagabondData(
            setup="character", character=None, relations=dict.fromkeys(others, vb.INDIFFERENT), coalition=None
        )
        state.piles[vb.done_pile(self.id)] = []
        if vb.OFFER in state.piles:
            return
        state.rng, quests = rng.shuffled(state.rng, list(range(len(deck(vb.DECK)))))
        state.piles[vb.OFFER] = quests[: vb.OFFERED]
        state.piles[vb.QUEST_DECK] = quests[vb.OFFERED :]

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Character first, then the pawn's forest."""
        if state.seats[seat].data_as(vb.VagabondData)["setup"] == "character":
            names = self.free_characters(state, seat)
            return f"choose a character: {', '.join(names)} (character NAME)"
        return "place the pawn in any forest (pawn fA)"

    def free_characters(self, state: GameState, seat: int) -> list[str]:
        """The characters no other Vagabond at the table has chosen."""
        taken = {
            state.seats[s].data_as(vb.VagabondData).get("character")
            for s in range(len(state.seats))
            if s != seat and isinstance(registry.of(state, s), Vagabond)
        }
        return [name for name in vb.data()["characters"] if name not in taken]

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """A character no other Vagabond has, then any forest."""
        if state.seats[seat].data_as(vb.VagabondData)["setup"] == "character":
            for name in self.free_characters(state, seat):
                yield Character(name)
            return
        for fid in sorted(state.board.forests):
            yield Pawn(fid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Take the character's starting items, then place the pawn."""
        data = state.seats[seat].data_as(vb.VagabondData)
        if isinstance(action, Character):
            data["character"] = action.name
            data["setup"] = "pawn"
            for name in vb.data()["characters"][action.name]["items"]:
                items.gain(state, seat, name)
            state.say(f"The {self.name} is the {action.name.title()}.")
            return False
        assert isinstance(action, Pawn)
        place(state, seat, "pawn", action.forest)
        data["setup"] = "done"
        state.say(f"The {self.name} starts in forest {action.forest}.", None, ("place", action.forest, None))
        return True

    def box_items(self, state: GameState, seat: int) -> dict[str, int]:
        """The chosen character's starting items come from the Vagabond's own box."""
        chosen = vb.character(state, seat)
        out: dict[str, int] = {}
        stand_ins = [i["item"] for i in state.seats[seat].items if i.get("stand_in")]  # cards, not items of the box
        for name in [*(chosen["items"] if chosen else ()), *stand_ins]:
            out[name] = out.get(name, 0) + 1
        return out

    def ability(self, state: GameState, seat: int) -> Ability:
        """His character's special action or ability (rules.factions.vagabond.characters); none before the choice."""
        return ability_of(state.seats[seat].data_as(vb.VagabondData).get("character"))

    # --- the turn ------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Refresh, rest and the item limit run by themselves, asking only when there is a choice."""
        if step == REFRESH:
            self.ability(state, seat).keep_standing(self, state, seat)  # a service a coerced card paid is over
            self._refresh(state, seat)
        elif step == REST:
            self.ability(state, seat).evening(self, state, seat)
            self._rest(state, seat)
        elif step == CAPACITY:
            self._capacity(state, seat)

    def _refresh(self, state: GameState, seat: int) -> None:
        n = vb.refresh_count(state.seats[seat].items)
        done = self.all_or_choose(state, seat, "refresh", n, f"refresh {plural(n, 'exhausted item')}: choose which")
        if done:
            state.say(f"The {self.name} refreshes {plural(done, 'item')}.")

    def all_or_choose(self, state: GameState, seat: int, what: str, n: int, prompt: str) -> int:
        """Refresh, damage or repair every item that could be chosen when there are at most n (returns how many);
        else ask the Vagabond to choose n of them."""
        candidates = self._choosable(state, seat, {"kind": "faction", "seat": seat, "what": what})
        if len(candidates) > n:
            self.ask(state, seat, what, n, prompt)
            return 0
        mark, value = CHANGES[what]
        for item in candidates:
            item[mark] = value
        return len(candidates)

    def _rest(self, state: GameState, seat: int) -> None:
        if isinstance(vb.where(state, self.id), int):
            return
        hurt = [i for i in state.seats[seat].items if i["damaged"]]
        for item in hurt:
            item["damaged"] = item["exhausted"] = False
        if hurt:
            state.say(f"The {self.name} rests in the forest and repairs {plural(len(hurt), 'item')}.")

    def _capacity(self, state: GameState, seat: int) -> None:
        mine = state.seats[seat].items
        over = len(vb.carried(mine)) - vb.item_limit(mine)
        if over > 0:
            self.ask(state, seat, "drop", over, f"remove {plural(over, 'item')} over the item limit")

    def ask(self, state: GameState, seat: int, what: str, left: int, prompt: str, **extra: Any) -> None:
        decisions.push(state, "faction", seat, faction=self.id, what=what, left=left, prompt=prompt, **extra)

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Slip and Daylight wait for the player."""
        return step in (SLIP, DAYLIGHT)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """In Daylight a card can always be given in aid or crafted, for all the table knows."""
        return step == DAYLIGHT

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """Slip, then Daylight actions."""
        if step == SLIP:
            return "slip to an adjacent clearing or forest (move fA>5), or end Birdsong"
        return (
            "take Daylight actions by exhausting items (move, battle, explore, aid, quest, strike, repair, craft, "
            "your special action) or end"
        )

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The Slip, or every Daylight action the ready items allow."""
        here = vb.where(state, self.id)
        if here is None:
            return
        if step == SLIP:
            if verb in (None, "move") and not state.turn.flags_as(vb.VagabondFlags).get("slipped"):
                for dst in self._near(state, here):
                    if self._slip_payable(state, seat, here, dst):
                        yield Move(here, dst, 1)
            return
        if step == DAYLIGHT:
            yield from self._daylight(state, seat, here, verb)

    @staticmethod
    def _slip_payable(state: GameState, seat: int, here: Place, dst: Place) -> bool:
        """Whether the Slip can pay the mode's fee (revisions before the Slip checked it let it slip unpaid)."""
        unchecked = state.legacy is not None and state.legacy.slip_fee_unchecked
        return unchecked or movement.fee_payable(state, seat, here, dst)

    def _near(self, state: GameState, here: Place) -> list[Place]:
        board = state.board
        if isinstance(here, int):
            return [*sorted(board.adjacent_to(here)), *board.forests_of(here)]
        return [*sorted(board.forests[here].clearings), *board.forest_neighbours(here)]

    def _daylight(self, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        ready = {name: items.ready(state, seat, name) for name in ITEMS}
        if verb in (None, "move", "lead"):
            yield from self._moves(state, seat, here, ready["boots"], verb)
        if verb in (None, "repair") and ready["hammer"]:
            for name, state_of in items.groups([i for i in state.seats[seat].items if i["damaged"]]):
                yield Repair(name, state_of)
        if verb in (None, "coalition"):
            yield from self._coalitions(state, seat)
        if not isinstance(here, int):
            yield from self.ability(state, seat).daylight(self, state, seat, here, verb)  # a Glide from a forest
            return
        if verb in (None, "battle") and ready["sword"]:
            yield from battle.battle_options(state, seat, [here])
        if verb in (None, "explore") and ready["torch"] and state.ruins[here - 1]:
            yield Explore()
        if verb in (None, "aid") and any(ready.values()):
            yield from self._aids(state, seat, here)
        if verb in (None, "quest"):
            yield from self._quests(state, seat, here)
        if verb in (None, "strike") and ready["crossbow"]:
            yield from self._strikes(state, seat, here)
        if verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        yield from self.ability(state, seat).daylight(self, state, seat, here, verb)

    def _moves(self, state: GameState, seat: int, here: Place, boots: int, verb: str | None) -> Iterator[Action]:
        board = state.board
        near = movement.linked(state, here) if isinstance(here, int) else board.forests[here].clearings
        ferry = landmarks.ferry_links(state, here) if isinstance(here, int) else frozenset()
        for dst in sorted(near | ferry):
            if boots < self.boots_needed(state, seat, dst) or not movement.fee_payable(state, seat, here, dst):
                continue
            if verb in (None, "move") and dst in near:
                yield Move(here, dst, 1)
            if verb in (None, "move") and dst in ferry:
                yield landmarks.Ferry(here, dst, 1)
            if verb in (None, "lead") and isinstance(here, int):
                yield from self._leads(state, seat, here, dst)

    def boots_needed(self, state: GameState, seat: int, dst: int) -> int:
        """Boots a Daylight move into a clearing exhausts: one, and one more if hostile warriors are there."""
        return 2 if vb.hostile_warriors(state, seat, dst) else 1

    def _leads(self, state: GameState, seat: int, src: int, dst: int) -> Iterator[Action]:
        for faction in self.allies(state, seat):
            other = state.seat_of(faction)
            n = state.clearings[src - 1].get(key(faction, "warrior"), 0)
            if other is not None and n and (rules(state, other, src) or rules(state, other, dst)):
                for count in range(1, n + 1):
                    yield Lead(src, dst, count, faction)

    def allies(self, state: GameState, seat: int) -> list[str]:
        """Factions the Vagabond is Allied with."""
        relations = state.seats[seat].data_as(vb.VagabondData).get("relations", {})
        return sorted(f for f, level in relations.items() if level == vb.ALLIED)

    def _aids(self, state: GameState, seat: int, here: int) -> Iterator[Action]:
        cards = hand.keys_matching(state, seat, suit(state, here))
        for faction in factions_in(state, here):
            if faction != self.id:
                for card_key in cards:
                    yield Aid(faction, card_key)

    def _quests(self, state: GameState, seat: int, here: int) -> Iterator[Action]:
        for q in vb.offered(state):
            c = vb.quest(q)
            if c.suit == suit(state, here) and self._has_ready(state, seat, c.cost):
                yield Quest(c.key, "score")
                yield Quest(c.key, "draw")

    def _has_ready(self, state: GameState, seat: int, needed: tuple[str, ...]) -> bool:
        return all(items.ready(state, seat, name) >= needed.count(name) for name in set(needed))

    def _strikes(self, state: GameState, seat: int, here: int) -> Iterator[Action]:
        for faction in factions_in(state, here):
            other = state.seat_of(faction)
            if faction == self.id or other is None or not enemies(state, seat, other):
                continue
            for kind in self._strike_kinds(state, faction, here):
                yield Strike(faction, kind)

    def _strike_kinds(self, state: GameState, faction: str, cid: int) -> list[str]:
        """Kinds a Strike may remove: the enemy's warriors there, else its other pieces there (not while it has
        warriors there that are no pieces to strike, such as a robot's gears), never a warrior a Strike can't remove
        (the Hundreds' warlord, removed only in battle: while it stands there, nothing of theirs can be struck)."""
        mine = [p for p, n in state.clearings[cid - 1].items() if n and parse_key(p)[2] == faction]
        warriors = [p for p in mine if category_of_key(p) == WARRIOR]  # others' warriors it controls too
        other = state.seat_of(faction)
        shielded = other is not None and registry.of(state, other).warrior_bonus(state, other, cid) > 0
        rest = [] if shielded else [p for p in mine if category_of_key(p) != WARRIOR and parse_key(p)[0] == faction]
        struck = [p for p in warriors if kind_of_key(p).removable(ABILITY)] if warriors else rest
        return sorted({parse_key(p)[1] for p in struck if category_of_key(p) != PAWN})

    def _coalitions(self, state: GameState, seat: int) -> Iterator[Action]:
        me = state.seats[seat]
        if me.dominance is not None or me.points < ACTIVATE_AT or len(state.seats) < vb.data()["coalition_seats"]:
            return
        if self.partnered_by(state, seat) is not None:
            return
        for card_key in hand.distinct_keys(state, seat):
            if keys()[card_key].type == "dominance":
                for other in self.coalition_targets(state, seat):
                    yield Coalition(card_key, state.seats[other].faction)

    def partnered_by(self, state: GameState, seat: int) -> int | None:
        """The seat that formed a coalition with this one (another Vagabond), if any: he forms none of his own."""
        others = (s for s in range(len(state.seats)) if s != seat)
        return next((s for s in others if registry.of(state, s).coalition_with(state, s) == seat), None)

    def coalition_targets(self, state: GameState, seat: int) -> list[int]:
        """Players the Vagabond may form a coalition with: those with fewest points, not in one, not dominant."""
        taken = {registry.of(state, s).coalition_with(state, s) for s in range(len(state.seats)) if s != seat}
        scored = [s for s in range(len(state.seats)) if s != seat and state.seats[s].dominance is None]
        if not scored:
            return []
        fewest = min(state.seats[s].points for s in scored)
        return [s for s in scored if state.seats[s].points == fewest and s not in taken]

    # --- applying actions ------------------------------------------------------------
    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Slip, or one Daylight action."""
        if step == SLIP:
            assert isinstance(action, Move)
            state.turn.flags_as(vb.VagabondFlags)["slipped"] = True
            self.go(state, seat, action.src, action.dst, "slips")
            return
        ability = self.ability(state, seat)
        if action.verb in ability.verbs:
            ability.apply(self, state, seat, action)
            return
        handler = getattr(self, f"_do_{action.verb}")
        handler(state, seat, action)

    def exhaust(self, state: GameState, seat: int, *names: str) -> None:
        """Exhaust face-up undamaged items by name (a stand-in of that name first: it is the first of his items)."""
        for name in names:
            items.exhaust(state, seat, name)

    def go(self, state: GameState, seat: int, src: Place, dst: Place, verb: str) -> None:
        """Move the pawn, saying so (the mode's fee is owed, every seat hears)."""
        state.say(f"The {self.name} {verb} from {place_name(src)} to {place_name(dst)}.", None, ("move", src, dst))
        movement.move_piece(state, seat, vb.pawn(self.id), src, dst)

    def _do_move(self, state: GameState, seat: int, action: Move) -> None:
        assert isinstance(action.dst, int)
        self.exhaust(state, seat, *["boots"] * self.boots_needed(state, seat, action.dst))
        self.go(state, seat, action.src, action.dst, "moves")

    def _do_lead(self, state: GameState, seat: int, action: Lead) -> None:
        self.exhaust(state, seat, *["boots"] * self.boots_needed(state, seat, action.dst))
        self.go(state, seat, action.src, action.dst, "moves")
        other = state.seat_of(action.ally)
        assert other is not None
        piece = key(action.ally, "warrior")
        state.say(
            f"{plural(action.count, registry.of(state, other).name + ' warrior')} move along with the {self.name}.",
            None,
            ("move", action.src, action.dst),
        )
        movement.move_piece(state, other, piece, action.src, action.dst, action.count)

    def _do_battle(self, state: GameState, seat: int, action: Battle) -> None:
        self.exhaust(state, seat, "sword")
        self.begin_battle(state, seat, action.clearing, action.defender)

    def begin_battle(self, state: GameState, seat: int, cid: int, defender: str) -> None:
        """Start a battle he attacks in, however he pays for it (a sword; the Vagrant's torch)."""
        battle.start(state, seat, cid, defender)

    def instigated(self, state: GameState, seat: int, forced: int, cid: int) -> list[str]:
        """The Vagrant forces a player into a battle it could start there (V.4): against one of its enemies."""
        return battle.defenders(state, forced, cid)

    def _do_explore(self, state: GameState, seat: int, action: Explore) -> None:
        cid = vb.clearing(state, self.id)
        assert cid is not None
        self.exhaust(state, seat, "torch")
        state.irreversible = True
        takeable = sorted(set(self._takeable(state, seat, cid)))
        if len(takeable) > 1:
            state.say(
                f"The {self.name} explores the ruin in clearing {cid} and looks at its two items.",
                {seat: f"Under the ruin: {' and '.join(items.under_ruin(state, cid))}."},
                ("place", cid, None),
            )
            self.ask(state, seat, "ruin", 1, "take one of the items under the ruin", clearing=cid)
        elif takeable:
            self._take_from_ruin(state, seat, cid, takeable[0])
        else:
            state.say(
                f"The {self.name} explores the ruin in clearing {cid} but may take nothing there: "
                "he already has each of its items from a ruin."
            )

    def _takeable(self, state: GameState, seat: int, cid: int) -> list[str]:
        """Items under the ruin he may take; with two item sets, none he already holds from a ruin (Law)."""
        found = items.under_ruin(state, cid)
        if not state.second_ruins:
            return found
        held = {i["item"] for i in state.seats[seat].items if i.get("ruin")}
        return [i for i in found if i not in held]

    def _take_from_ruin(self, state: GameState, seat: int, cid: int, name: str) -> None:
        """Take a ruin's item into the satchel (marked as a ruin item) and score the point."""
        items.take_from_ruin(state, cid, name)
        items.gain(state, seat, name)["ruin"] = True
        state.say(f"The {self.name} explores the ruin in clearing {cid} and finds {name}.", None, ("place", cid, None))
        score(state, seat, 1, "exploring a ruin")

    def _choose_ruin(self, state: GameState, seat: int, decision: VagabondChoice, action: Explore) -> None:
        assert action.item is not None
        self._take_from_ruin(state, seat, decision["clearing"], action.item)

    def _do_aid(self, state: GameState, seat: int, action: Aid) -> None:
        other = state.seat_of(action.faction)
        assert other is not None
        given = hand.take(state, seat, action.card)
        state.seats[other].hand.append(given)
        name = registry.of(state, other).name
        state.say(
            f"The {self.name} aids the {name}, giving a card.",
            {seat: f"You gave {label(given)}.", other: f"The {self.name} gave you {label(given)}."},
        )
        self.ask(state, seat, "exhaust", 1, "exhaust an item for the aid", other=other)

    def _do_quest(self, state: GameState, seat: int, action: Quest) -> None:
        qid = next(q for q in vb.offered(state) if vb.quest(q).key == action.quest)
        self.exhaust(state, seat, *vb.quest(qid).cost)
        self.complete_quest(state, seat, qid, action.reward)

    def complete_quest(self, state: GameState, seat: int, qid: int, reward: str) -> None:
        """A face-up quest whose items are paid: to his completed quests, the reward, a new quest turned up."""
        c = vb.quest(qid)
        state.piles[vb.OFFER].remove(qid)
        state.piles.setdefault(vb.done_pile(self.id), []).append(qid)
        state.say(f"The {self.name} completes the quest {c.name} ({c.suit}).")
        if reward == "score":
            n = vb.done_of(state, self.id, c.suit)
            score(state, seat, n, plural(n, c.suit + " quest"))
        else:
            hand.draw(state, seat, 2)
        if state.piles[vb.QUEST_DECK]:
            new = state.piles[vb.QUEST_DECK].pop()
            state.piles[vb.OFFER].append(new)
            state.irreversible = True
            state.say(f"A new quest: {vb.quest(new).name} ({vb.quest(new).suit}).")

    def _do_strike(self, state: GameState, seat: int, action: Strike) -> None:
        cid = vb.clearing(state, self.id)
        assert cid is not None
        self.exhaust(state, seat, "crossbow")
        state.say(f"The {self.name} strikes with a crossbow in clearing {cid}.")
        remove_all(state, cid, {_struck(state, cid, action): 1}, seat, ABILITY)

    def _do_repair(self, state: GameState, seat: int, action: Repair) -> None:
        self.exhaust(state, seat, "hammer")
        self._repair(state, seat, action)

    def _repair(self, state: GameState, seat: int, action: Repair) -> None:
        item = items.find(state.seats[seat].items, action.item, action.state)
        assert item is not None
        item["damaged"] = False
        state.say(f"The {self.name} repairs a {action.item}.")

    def _do_craft(self, state: GameState, seat: int, action: Craft) -> None:
        cost = len(keys()[action.card].cost)
        crafting.craft(state, seat, action.card, action.using)
        state.turn.flags_as(vb.VagabondFlags).pop("crafted_with", None)
        self.exhaust(state, seat, *["hammer"] * cost)

    def _do_coalition(self, state: GameState, seat: int, action: Coalition) -> None:
        other = state.seat_of(action.faction)
        assert other is not None
        cid = hand.take(state, seat, action.card)
        me = state.seats[seat]
        me.dominance = cid
        me.data_as(vb.VagabondData)["coalition"] = other
        if vb.relation(state, seat, action.faction) == vb.HOSTILE:
            me.data_as(vb.VagabondData)["relations"][action.faction] = vb.INDIFFERENT
        name = registry.of(state, other).name
        state.say(
            f"The {self.name} activates {card(cid).name} ({card(cid).suit}) to form a coalition with the {name}: "
            "he no longer scores points, and wins if they win."
        )

    # --- decisions ---------------------------------------------------------------------
    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """Which item to refresh, damage, drop, exhaust, claim or repair; whether to fight with an ally."""
        decision = decisions.context(decision, VagabondChoice)
        seat, what = decision["seat"], decision["what"]
        ability = self.ability(state, self.own_seat(state))
        if what in ability.decisions:
            yield from ability.decision_legal(self, state, decision)
            return
        if what == "ally":
            yield Pass()
            for faction in decision["allies"]:
                yield Ally(faction)
            return
        if what == "ruin":
            yield from (Explore(name) for name in sorted(set(self._takeable(state, seat, decision["clearing"]))))
            return
        if what == "claim":
            yield Pass()
        cls = ITEM_CHOICES[what]
        for name, state_of in items.groups(self._choosable(state, seat, decision)):
            yield cls(name, state_of)

    def _choosable(self, state: GameState, seat: int, decision: VagabondChoice) -> list[items.Item]:
        mine = state.seats[seat].items
        what = decision["what"]
        if what == "refresh":
            return [i for i in vb.own(mine) if i["exhausted"]]
        if what == "damage":
            return [i for i in vb.own(mine) if not i["damaged"]]
        if what == "exhaust":  # a stand-in may pay for an aid (the Jailor's Coerce)
            return [i for i in mine if items.is_ready(i)]
        if what == "drop":
            return vb.carried(mine)
        if what == "repair":
            return [i for i in mine if i["damaged"]]
        other = decision["other"]
        return list(registry.of(state, other).crafted_items(state, other))

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Carry out one choice; True when the decision is finished."""
        decision = decisions.context(decision, VagabondChoice)
        seat, what = decision["seat"], decision["what"]
        ability = self.ability(state, self.own_seat(state))
        if what in ability.decisions:
            return ability.decision_apply(self, state, decision, action)
        if isinstance(action, Ally):
            b = state.battle
            assert b is not None
            _tally(b, self.id)["ally"] = action.faction
            state.say(f"The {self.name} fights alongside the {registry.faction(action.faction).name}.")
            return True
        if isinstance(action, Pass):
            return True
        getattr(self, f"_choose_{what}")(state, seat, decision, action)
        decision["left"] -= 1
        return decision["left"] <= 0 or not any(True for _ in self.decision_legal(state, decision))

    def _choose_refresh(self, state: GameState, seat: int, decision: VagabondChoice, action: Refresh) -> None:
        item = items.find(state.seats[seat].items, action.item, action.state)
        assert item is not None
        item["exhausted"] = False
        state.say(f"The {self.name} refreshes a {action.item}.")

    def _choose_damage(self, state: GameState, seat: int, decision: VagabondChoice, action: Damage) -> None:
        self.damage(state, seat, action.item, action.state)

    def damage(self, state: GameState, seat: int, name: str, state_of: str | None) -> None:
        """Damage one undamaged item (it keeps its side)."""
        item = items.find(state.seats[seat].items, name, state_of)
        assert item is not None
        item["damaged"] = True
        state.say(f"The {self.name}'s {name} is damaged.")

    def _choose_drop(self, state: GameState, seat: int, decision: VagabondChoice, action: Drop) -> None:
        items.take_item(state, seat, action.item, action.state)
        state.items_removed.append(action.item)
        state.say(f"The {self.name} removes a {action.item} from the game (item limit).")

    def _choose_exhaust(self, state: GameState, seat: int, decision: VagabondChoice, action: Exhaust) -> None:
        items.exhaust(state, seat, action.item)
        other = decision["other"]
        state.say(f"The {self.name} exhausts a {action.item} for the aid.")
        self._aided(state, seat, other)
        if registry.of(state, other).crafted_items(state, other):
            name = registry.of(state, other).name
            self.ask(state, seat, "claim", 1, f"take an item from the {possessive(name)} crafted items, or pass",
                      other=other)

    def _choose_claim(self, state: GameState, seat: int, decision: VagabondChoice, action: Claim) -> None:
        other = decision["other"]
        items.take_item(state, other, action.item, action.state)
        items.gain(state, seat, action.item)
        name = registry.of(state, other).name
        state.say(f"The {self.name} takes a {action.item} from the {possessive(name)} crafted items.")

    def _choose_repair(self, state: GameState, seat: int, decision: VagabondChoice, action: Repair) -> None:
        self._repair(state, seat, action)

    # --- relationships ---------------------------------------------------------------
    def _aided(self, state: GameState, seat: int, other: int) -> None:
        """An aid counts toward the next space of a relationship, or scores two points with an ally."""
        faction = state.seats[other].faction
        level = vb.relation(state, seat, faction)
        rule = vb.data()["relationship"]
        if level == vb.ALLIED:
            score(state, seat, rule["allied_aid_points"], f"aiding the Allied {registry.of(state, other).name}")
            return
        needed = vb.aids_needed(level)
        if needed is None or faction not in state.seats[seat].data_as(vb.VagabondData)["relations"]:
            return
        aids = state.turn.flags_as(vb.VagabondFlags).setdefault("aids", {})
        aids[faction] = aids.get(faction, 0) + 1
        if aids[faction] < needed:
            return
        aids[faction] = 0
        state.seats[seat].data_as(vb.VagabondData)["relations"][faction] = level + 1
        name = registry.of(state, other).name
        state.say(f"The {self.name}'s relationship with the {name} improves to {vb.relation_word(level + 1)}.")
        score(state, seat, rule["points"][level], f"a better relationship with the {name}")

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Removing a warrior of a non-Hostile faction makes it Hostile; Infamy scores in battle on his turn. Hired
        mercenaries removed fighting for another player make no one Hostile (11.2.7.3.II)."""
        assert seat is not None
        if removed.by != seat or state.turn.flags_as(CharacterFlags).get("dueling"):  # a Duel makes no one Hostile
            return
        relations = state.seats[seat].data_as(vb.VagabondData).get("relations", {})
        in_battle = removed.cause == BATTLE and state.turn.seat == seat
        lent = hired(state)
        pieces = {p: n for p, n in removed.pieces.items() if p not in lent}
        for faction in sorted({parse_key(p)[2] for p in pieces}):
            if faction not in relations:
                continue
            mine = {p: n for p, n in pieces.items() if parse_key(p)[2] == faction}  # its infected too
            warriors = sum(n for p, n in mine.items() if category_of_key(p) == WARRIOR)
            spared = 0
            if warriors and relations[faction] != vb.HOSTILE:
                relations[faction] = vb.HOSTILE
                spared = 1
                state.say(f"The {self.name}'s relationship with the {registry.faction(faction).name} is now Hostile.")
            if in_battle and relations[faction] == vb.HOSTILE:
                infamy = sum(mine.values()) - spared
                if infamy > 0:
                    score(state, seat, infamy, "Infamy")

    # --- battle ------------------------------------------------------------------------
    def strength(self, state: GameState, seat: int, cid: int) -> int:
        """The pawn, and the Allied warriors treated as his own in this battle."""
        if vb.where(state, self.id) != cid:
            return 0
        return 1 + self._ally_warriors(state, cid)

    def _ally_warriors(self, state: GameState, cid: int) -> int:
        b = state.battle
        ally = _tally_of(b, self.id).get("ally") if b is not None and b["clearing"] == cid else None
        return state.clearings[cid - 1].get(key(ally, "warrior"), 0) if ally else 0

    def can_attack(self, state: GameState, seat: int, cid: int) -> bool:
        """A battle is fought where the pawn is."""
        return vb.where(state, self.id) == cid

    def max_rolled_hits(self, state: GameState, seat: int, cid: int) -> int:
        """Undamaged swords, face up or down, plus Allied warriors fighting with him."""
        return vb.undamaged(state, seat, "sword") + self._ally_warriors(state, cid)

    def defenseless(self, state: GameState, seat: int, cid: int) -> bool:
        """Without an undamaged sword."""
        return vb.undamaged(state, seat, "sword") == 0

    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """No warriors of his own to move with the shared moves."""
        return 0

    def granted_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        """A move a card grants (Cobbler): the pawn to an adjacent clearing, a boot only into Hostile warriors."""
        here = vb.where(state, self.id)
        if here is None:
            return
        board = state.board
        near = movement.linked(state, here) if isinstance(here, int) else board.forests[here].clearings
        for dst in sorted(near):
            if items.ready(state, seat, "boots") >= self.boots_needed(state, seat, dst) - 1:
                yield Move(here, dst, 1)

    def take_granted_move(self, state: GameState, seat: int, action: Action) -> None:
        """Move the pawn, exhausting a boot only to enter a clearing with Hostile warriors."""
        assert isinstance(action, Move) and isinstance(action.dst, int)
        self.exhaust(state, seat, *["boots"] * (self.boots_needed(state, seat, action.dst) - 1))
        self.go(state, seat, action.src, action.dst, "moves")

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """Each hit damages an undamaged item (on the pawn), or removes an Allied warrior fighting with him."""
        out = {vb.pawn(self.id): vb.undamaged(state, seat) - assigned.get(vb.pawn(self.id), 0)}
        b = state.battle
        ally = _tally_of(b, self.id).get("ally") if b is not None else None
        if ally:
            piece = key(ally, "warrior", self.id)
            out[piece] = self._ally_warriors(state, cid) - assigned.get(piece, 0)
        return {p: n for p, n in out.items() if n > 0}

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """Damage n items (the Vagabond chooses which), or remove Allied warriors."""
        b = state.battle
        tally = _tally(b, self.id) if b is not None else BattleTally()
        if piece == vb.pawn(self.id):
            tally["items"] = tally.get("items", 0) + n
            self.take_damage(state, seat, n, "take the hits")
            return 0
        owner = parse_key(piece)[0]
        done = remove_all(state, cid, {key(owner, "warrior"): n}, by, BATTLE)
        tally["allies"] = tally.get("allies", 0) + (done.count(key(owner, "warrior")) if done else 0)
        return 0

    def take_damage(self, state: GameState, seat: int, n: int, why: str) -> None:
        """Damage n undamaged items: all of them when no more are left, else the Vagabond chooses."""
        if self.all_or_choose(state, seat, "damage", n, f"damage {plural(n, 'item')} to {why}"):
            state.say(f"The {self.name}'s items are all damaged ({why}).")

    def seize_pawn(self, state: GameState, seat: int, by: int, place: Place) -> bool:
        """The Spore's infection (TS.2.5): one item of his choice is damaged instead; False with none undamaged."""
        if not vb.undamaged(state, seat):
            return False
        self.take_damage(state, seat, 1, "resist the infection")
        return True

    def on_battle_start(self, state: GameState, seat: int, b: BattleState) -> None:
        """Attacking, he may treat the warriors of one Allied faction there (not the defender) as his own."""
        _tallies(b)[self.id] = {"ally": None, "items": 0, "allies": 0}
        defender = state.seats[b["defender"]].faction
        here = state.clearings[b["clearing"] - 1]
        allies = [f for f in self.allies(state, seat) if f != defender and here.get(key(f, "warrior"))]
        if allies:
            self.ask(state, seat, "ally", 1, "fight with the warriors of an Allied faction, or pass", allies=allies)

    def on_battle_end(self, state: GameState, seat: int, b: BattleState) -> None:
        """More hits taken by Allied warriors than by items makes that ally Hostile."""
        tally = _tally_of(b, self.id)
        ally = tally.get("ally")
        if ally and tally.get("allies", 0) > tally.get("items", 0):
            state.seats[seat].data_as(vb.VagabondData)["relations"][ally] = vb.HOSTILE
            name = registry.faction(ally).name
            state.say(f"The {self.name}'s relationship with the {name} is now Hostile (more of their warriors fell).")

    # --- the characters' seams: what a special action changes at the table ------------------------------------
    def own_seat(self, state: GameState) -> int:
        """His seat (a decision of his may be owed by another seat: an Arbiter's defender)."""
        found = state.seat_of(self.id)
        assert found is not None
        return found

    def asks_before_roll(self, state: GameState, seat: int) -> bool:
        """Only the Arbiter ever asks anything before the roll."""
        return self.ability(state, seat).asks_before_roll

    def before_roll(self, state: GameState, seat: int | None, b: BattleState) -> bool:
        """The Arbiter's Protector: the defender may enlist him (V.5)."""
        return seat is not None and self.ability(state, seat).before_roll(self, state, seat, b)

    def added_rolled_hits(self, state: GameState, seat: int | None, b: BattleState, side: int) -> int:
        """An enlisted Arbiter's undamaged swords, for the defender (V.5)."""
        return 0 if seat is None else self.ability(state, seat).added_rolled_hits(self, state, seat, b, side)

    def after_roll_choices(self, state: GameState, seat: int | None, chooser: int, b: BattleState) -> list[Action]:
        """The Ronin's Swift Strike, in a battle he fights (V.9)."""
        if seat is None or seat != chooser:
            return []
        return self.ability(state, seat).after_roll_choices(self, state, seat, b)

    def after_roll_apply(
        self, state: GameState, seat: int | None, chooser: int, b: BattleState, action: Action
    ) -> bool:
        """Strike swiftly."""
        return seat == chooser and self.ability(state, chooser).after_roll_apply(self, state, chooser, b, action)

    def closed_clearings(self, state: GameState, seat: int) -> Mapping[int, str]:
        """The Scoundrel's scorched clearings (V.6)."""
        return self.ability(state, seat).closed(self, state, seat)

    def blocks_placement(
        self, state: GameState, seat: int, placer: str, cid: int, category: str | None = None
    ) -> bool:
        """No one places a piece in a scorched clearing (V.6)."""
        return cid in self.closed_clearings(state, seat)

    def placement_refusal(self, state: GameState, seat: int, cid: int) -> str:
        """Why: the torch burns there."""
        return self.closed_clearings(state, seat).get(cid) or super().placement_refusal(state, seat, cid)

    def payment_answers(self, state: GameState, seat: int, owed: int) -> Iterator[Action]:
        """Paying another faction in items (11.2.6.3): with items owed, exhausting one of his choice (`exhaust
        boots`); else his character's actions toward paying (the Jailor's Coerce, V.12)."""
        if owed > 0:
            for name, state_of in items.groups([i for i in state.seats[seat].items if items.is_ready(i)]):
                yield Exhaust(name, state_of)
            return
        yield from self.ability(state, seat).payment_answers(self, state, seat)

    def take_payment_answer(self, state: GameState, seat: int, action: Action) -> int:
        """Exhaust the item chosen (one paid), or carry out his character's action (none paid yet)."""
        if isinstance(action, Exhaust):
            item = items.find(state.seats[seat].items, action.item, action.state)
            assert item is not None and items.is_ready(item)
            item["exhausted"] = True
            state.say(f"The {self.name} exhausts a {action.item} to pay.")
            return 1
        ability = self.ability(state, seat)
        if action.verb not in ability.verbs:
            return -1
        ability.apply(self, state, seat, action)
        return 0

    def payment_reserve(self, state: GameState, seat: int) -> int:
        """What they might add, from public information."""
        return self.ability(state, seat).payment_reserve(self, state, seat)

    def keep_standing(self, state: GameState, seat: int) -> bool:
        """The Jailor's point, lost once the action his coerced card paid for is over (V.12)."""
        if state.turn.seat != seat or state.battle is not None or state.pending:
            return False
        return self.ability(state, seat).keep_standing(self, state, seat)

    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """The pawn is never removed; an effect removing every enemy piece in his clearing damages three items."""
        if removal.piece != vb.pawn(self.id):
            return None
        assert seat is not None
        if removal.cause != BATTLE:
            self.take_damage(state, seat, vb.data()["full_removal_damage"], "survive the removal")
        return CANCEL

    # --- everything else ----------------------------------------------------------------
    def crafting_suits(self, state: GameState, seat: int) -> list[str]:
        """One suit of his clearing per face-up undamaged hammer."""
        cid = vb.clearing(state, self.id)
        return [] if cid is None else [suit(state, cid)] * items.ready(state, seat, "hammer")

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """One more card per coin on the track."""
        return vb.draw_bonus(state.seats[seat].items)

    def play_area(self, state: GameState, seat: int) -> list[tuple[str, int]]:
        """His completed quests, face up in front of him."""
        return [(vb.DECK, q) for q in vb.done(state, self.id)]

    def crafted_items(self, state: GameState, seat: int) -> list[items.Item]:
        """None: his items are in his Satchel, tracks and Damaged box, no Crafted Items box (aid takes nothing)."""
        return []

    def coalition_with(self, state: GameState, seat: int) -> int | None:
        """The player in a coalition with the Vagabond."""
        partner: int | None = state.seats[seat].data_as(vb.VagabondData).get("coalition")
        return partner

    def wins_with(self, state: GameState, seat: int, winners: list[int]) -> bool:
        """He wins when his coalition partner wins."""
        return self.coalition_with(state, seat) in winners

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Reasons in the Vagabond's own terms."""
        return why_not(self, state, seat, action)

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Character, tracks, relationships, quests and coalition."""
        return panel_lines(self, state, seat)

    def shown_items(self, state: GameState, seat: int) -> list[MapItem]:
        """The torches a Scoundrel placed (V.6), drawn in their clearings."""
        return self.ability(state, seat).shown_items(self, state, seat)


class SecondVagabond(Vagabond):
    """A second Vagabond at the same table (the Riverfolk's two-Vagabond game; Vagabond B in the 3x3 mode)."""

    id: ClassVar[str] = vb.ID2
    name: ClassVar[str] = "Second Vagabond"
    aliases: ClassVar[tuple[str, ...]] = ("vb2", "second-vagabond")
    colour: ClassVar[str] = "#56B4E9"
    reach: ClassVar[int] = 2
    order: ClassVar[int | None] = 80
    examples: ClassVar[Examples | None] = Examples("gina")
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind(vb.ID2, "pawn", PAWN, 1, "Second Vagabond", "star"),)


for _plugin in (Vagabond(), SecondVagabond()):
    registry.register(_plugin)
    register_verbs(_plugin.id)
