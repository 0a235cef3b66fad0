"""The twelve Vagabond characters of appendix V as abilities: what each special action offers, how it resolves, why
it is refused, and what it changes at the table (a battle, a move, a placement).

A character is data (`assets/vagabond.json`: its name, starting items, and `special`, the name of its ability here)
and an `Ability`. The Vagabond asks the ability of his character at each seam (`Vagabond.ability`); nothing in the
shared code, nor any method of the Vagabond, branches on the character.

What the abilities keep: the Scoundrel's scorched clearings in the Vagabond's data (`scorched`), the once-a-turn
abilities in his turn flags, the Arbiter's enlistment and the Ronin's Swift Strike in his battle tally (keyed by his
faction id, as the Allied faction he fights with), the Jailor's card in a stand-in item (`Item.stand_in`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Protocol, TypedDict, cast

from rules import battle, flow, hand, items, listeners, movement, registry, rng
from rules.actions import Action, Move, Pass
from rules.cards import card, keys, label
from rules.factions.vagabond import board as vb
from rules.factions.vagabond.actions import (
    ITEMS,
    REWARDS,
    Coerce,
    Con,
    Duel,
    Enlist,
    Glide,
    Hideout,
    Improvise,
    Instigate,
    Labor,
    Scorch,
    Steal,
    Swift,
)
from rules.hooks import Entered, Place
from rules.map_pieces import factions_in, place_name, shift, suit
from rules.options import GameOption
from rules.pieces import ABILITY, WARRIOR, category_of_key, kind_of_key, parse_key
from rules.removal import remove_all
from rules.rule import enemies
from rules.scoring import score
from rules.state import BattleState, Decision, GameState, MapItem
from rules.words import echo, plural


class Host(Protocol):
    """What an ability asks of the Vagabond it belongs to (`rules.factions.vagabond.Vagabond`, which imports this)."""

    @property
    def id(self) -> str:
        """His faction id."""
        ...

    @property
    def name(self) -> str:
        """His name."""
        ...

    def exhaust(self, state: GameState, seat: int, *names: str) -> None:
        """Exhaust face-up undamaged items by name."""
        ...

    def ask(self, state: GameState, seat: int, what: str, left: int, prompt: str, **extra: Any) -> None:
        """Push one of his own decisions."""
        ...

    def all_or_choose(self, state: GameState, seat: int, what: str, n: int, prompt: str) -> int:
        """Refresh, damage or repair n items, asking which when there is a choice."""
        ...

    def damage(self, state: GameState, seat: int, name: str, state_of: str | None) -> None:
        """Damage one undamaged item."""
        ...

    def begin_battle(self, state: GameState, seat: int, cid: int, defender: str) -> None:
        """Start a battle he attacks in (a mode's golden rules may add to it)."""
        ...

    def complete_quest(self, state: GameState, seat: int, qid: int, reward: str) -> None:
        """Complete a face-up quest whose items are exhausted: take the reward, turn up a new one."""
        ...

    def instigated(self, state: GameState, seat: int, forced: int, cid: int) -> list[str]:
        """The factions he may force a player to battle in a clearing (a mode may add its own: 3x3 friendly fire)."""
        ...


class Tally(TypedDict, total=False):
    """A Vagabond's keys in a battle's tally (beside the Allied faction's): enlisted as the Arbiter, Swift Strike."""

    enlisted: bool
    swift: bool


class CharacterFlags(vb.VagabondFlags, total=False):
    """His turn: the once-a-turn special actions taken (Improvise, Con, Coerce), a Duel's removal under way."""

    improvised: bool
    conned: bool
    coerced: bool
    coerced_at: int
    dueling: bool


def _flags(state: GameState) -> CharacterFlags:
    return state.turn.flags_as(CharacterFlags)


def _tally(b: BattleState, fid: str) -> Tally:
    """His keys in the battle (begun empty)."""
    return cast(dict[str, Tally], b).setdefault(fid, {})


def _ready(state: GameState, seat: int) -> Counter[str]:
    """His face-up undamaged items by name."""
    return Counter(i["item"] for i in state.seats[seat].items if items.is_ready(i))


def _quests_here(state: GameState, here: int) -> list[int]:
    """Face-up quests matching his clearing."""
    return [q for q in vb.offered(state) if vb.quest(q).suit == suit(state, here)]


def _offered(state: GameState, key: str) -> int | None:
    """The face-up quest of a key, if any."""
    return next((q for q in vb.offered(state) if vb.quest(q).key == key), None)


def _enough(ready: Counter[str], needed: Counter[str]) -> bool:
    return all(ready[name] >= n for name, n in needed.items())


class Ability:
    """A character's special action or ability; every default adds nothing."""

    verbs: ClassVar[tuple[str, ...]] = ()
    """The verbs it adds (the Vagabond's refusal names the character for anyone else typing them)."""
    decisions: ClassVar[tuple[str, ...]] = ()
    """The kinds (`what`) of his faction decisions it answers."""
    asks_before_roll: ClassVar[bool] = False
    """Whether it may push a decision before a battle's roll (`before_roll`)."""

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """The special actions open in Daylight (in a forest too)."""
        return iter(())

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Carry out one of its Daylight actions."""
        raise AssertionError(f"{action.verb} is no action of this character")

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of its verbs is refused now (None: the Vagabond's own words decide)."""
        return None

    def payment_answers(self, host: Host, state: GameState, seat: int) -> Iterator[Action]:
        """Its actions open while another faction asks him to pay in items (answered with `apply`)."""
        return iter(())

    def payment_reserve(self, host: Host, state: GameState, seat: int) -> int:
        """From public information: how many more items those actions could pay with."""
        return 0

    def before_roll(self, host: Host, state: GameState, seat: int, b: BattleState) -> bool:
        """Push a decision owed before the roll (True when pushed)."""
        return False

    def decision_legal(self, host: Host, state: GameState, d: Decision) -> Iterator[Action]:
        """Choices of one of its decisions."""
        return iter(())

    def decision_apply(self, host: Host, state: GameState, d: Decision, action: Action) -> bool:
        """Resolve one of its decisions (True: finished)."""
        return True

    def added_rolled_hits(self, host: Host, state: GameState, seat: int, b: BattleState, side: int) -> int:
        """Rolled hits it adds to a side's cap."""
        return 0

    def after_roll_choices(self, host: Host, state: GameState, seat: int, b: BattleState) -> list[Action]:
        """Its choices after the roll of a battle he fights."""
        return []

    def after_roll_apply(self, host: Host, state: GameState, seat: int, b: BattleState, action: Action) -> bool:
        """Resolve one of its after-roll choices (True when it was one)."""
        return False

    def closed(self, host: Host, state: GameState, seat: int) -> Mapping[int, str]:
        """The clearings no piece may enter (or be placed in) because of it, with the reason."""
        return {}

    def keep_standing(self, host: Host, state: GameState, seat: int) -> bool:
        """Settle what an action left owing once it is over (True when something changed)."""
        return False

    def evening(self, host: Host, state: GameState, seat: int) -> None:
        """Tidy up when his Daylight is over."""

    def panel(self, host: Host, state: GameState, seat: int) -> list[str]:
        """Lines of his board others may see."""
        return []

    def shown_items(self, host: Host, state: GameState, seat: int) -> list[MapItem]:
        """Items of his the board draws lying on the map."""
        return []


# --- V.1 to V.3: the Thief, the Tinker, the Ranger ---------------------------------------------------------------


class Thief(Ability):
    """V.1 Steal: a torch takes a random card from a player with pieces in his clearing."""

    verbs = ("steal",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """A player there holding a card."""
        if not isinstance(here, int) or verb not in (None, "steal") or not items.ready(state, seat, "torch"):
            return
        for faction in factions_in(state, here):
            other = state.seat_of(faction)
            if faction != host.id and other is not None and state.seats[other].hand:
                yield Steal(faction)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the torch; take the card."""
        assert isinstance(action, Steal)
        other = state.seat_of(action.faction)
        assert other is not None
        host.exhaust(state, seat, "torch")
        taken = hand.take_random(state, seat, other)
        name = registry.of(state, other).name
        state.say(
            f"The Thief steals a random card from the {name}.",
            {seat: f"You stole {label(taken)}.", other: f"The Thief stole your {label(taken)}."},
        )


class Tinker(Ability):
    """V.2 Day Labor: a torch takes a card matching his clearing (or a bird) from the discard pile."""

    verbs = ("labor",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Each matching card in the discard pile."""
        if not isinstance(here, int) or verb not in (None, "labor") or not items.ready(state, seat, "torch"):
            return
        for card_key in sorted({card(c).key for c in state.discard if card(c).matches(suit(state, here))}):
            yield Labor(card_key)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the torch; take the card."""
        assert isinstance(action, Labor)
        host.exhaust(state, seat, "torch")
        taken = next(c for c in state.discard if card(c).key == action.card)
        state.discard.remove(taken)
        state.seats[seat].hand.append(taken)
        state.say(f"Day Labor: the Tinker takes {label(taken)} from the discard pile.")


class Ranger(Ability):
    """V.3 Hideout: a torch repairs three items, then Daylight ends."""

    verbs = ("hideout",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """In a clearing or a forest: the entry names no place (before revision 10, only in a clearing)."""
        in_clearings = state.legacy is not None and state.legacy.hideout_in_clearings
        if in_clearings and not isinstance(here, int):
            return
        if verb in (None, "hideout") and items.ready(state, seat, "torch"):
            yield Hideout()

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the torch, repair, go to Evening."""
        host.exhaust(state, seat, "torch")
        state.say("The Ranger goes to the Hideout.")
        repaired = host.all_or_choose(state, seat, "repair", 3, "repair three items in the Hideout")
        if repaired:
            state.say(f"The Ranger repairs {plural(repaired, 'item')}.")
        state.say("Daylight ends in the Hideout.")
        flow.goto(state, "evening.start")


# --- V.4 to V.6: the Riverfolk's Vagrant, Arbiter and Scoundrel --------------------------------------------------


class Vagrant(Ability):
    """V.4 Instigate: a torch forces a player (even him) to battle another player in his clearing; the buildings and
    tokens that battle removes count as removed by him (points, Infamy)."""

    verbs = ("instigate",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Every battle a player there could start there."""
        if not isinstance(here, int) or verb not in (None, "instigate") or not items.ready(state, seat, "torch"):
            return
        for attacker in factions_in(state, here):
            forced = state.seat_of(attacker)
            if forced is not None:
                for defender in host.instigated(state, seat, forced, here):
                    yield Instigate(attacker, defender)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the torch and start the battle, the forced player attacking; he is credited with its removals."""
        assert isinstance(action, Instigate)
        here = vb.clearing(state, host.id)
        forced = state.seat_of(action.attacker)
        assert here is not None and forced is not None
        host.exhaust(state, seat, "torch")
        if forced == seat:
            state.say(f"Instigate: the {host.name} picks the fight himself.")
            host.begin_battle(state, seat, here, action.defender)
            return
        them, whom = registry.of(state, forced).name, _seated_name(state, action.defender)
        state.say(f"Instigate: the {host.name} forces the {them} to battle the {whom} in clearing {here}.")
        battle.start(state, forced, here, action.defender)
        assert state.battle is not None
        state.battle["credit"] = seat

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """No torch, no clearing, or a battle the named player could not start there."""
        assert isinstance(action, Instigate)
        here = vb.clearing(state, host.id)
        if here is None:
            return "Instigate forces a battle in your clearing, and your pawn is in a forest"
        if not items.ready(state, seat, "torch"):
            return "Instigate exhausts a torch, and you have no face-up undamaged torch"
        forced = state.seat_of(action.attacker)
        if forced is None:
            return f"the {action.attacker} are not at this table"
        them, other = registry.of(state, forced).name, state.seat_of(action.defender)
        if not registry.of(state, forced).can_attack(state, forced, here):
            return f"the {them} have nothing in clearing {here} to battle with"
        if other is None:
            return f"the {action.defender} are not at this table"
        whom = registry.of(state, other).name
        if other == forced:
            return f"the {them} can't battle themselves"
        if not enemies(state, forced, other):
            return f"the {them} and the {whom} are not enemies now: a battle is fought against an enemy"
        return f"the {whom} have no pieces in clearing {here} the {them} could battle"


def _seated_name(state: GameState, faction: str) -> str:
    """A seated faction's name, else the word as given."""
    other = state.seat_of(faction)
    return registry.of(state, other).name if other is not None else faction


def _tally_read(b: BattleState | None, fid: str) -> Tally:
    """A Vagabond's keys in a battle, to read (empty when he has none; nothing is written)."""
    return cast(dict[str, Tally], b).get(fid) or {} if b is not None else {}


class Arbiter(Ability):
    """V.5 Protector: a defender in a battle in his clearing may enlist him before the roll (not against him, not
    himself): he scores a point and his undamaged swords add to the defender's rolled hits."""

    verbs = ("enlist",)
    decisions = ("enlist",)
    asks_before_roll = True

    def before_roll(self, host: Host, state: GameState, seat: int, b: BattleState) -> bool:
        """Ask the defender, when he stands in the clearing of battle and fights on neither side."""
        if seat in (b["attacker"], b["defender"]) or vb.where(state, host.id) != b["clearing"]:
            return False
        swords = vb.undamaged(state, seat, "sword")
        host.ask(
            state, b["defender"], "enlist", 1,
            f"enlist the {host.name}, the Arbiter (enlist): he scores a point and adds "
            f"{plural(swords, 'undamaged sword')} to your rolled hits; or pass",
        )
        return True

    def decision_legal(self, host: Host, state: GameState, d: Decision) -> Iterator[Action]:
        """Enlist him or not."""
        yield Pass()
        yield Enlist()

    def decision_apply(self, host: Host, state: GameState, d: Decision, action: Action) -> bool:
        """Enlisted: he scores a point; his swords count at the roll."""
        b = state.battle
        me = state.seat_of(host.id)
        assert b is not None and me is not None
        if isinstance(action, Enlist):
            _tally(b, host.id)["enlisted"] = True
            who = registry.of(state, d["seat"]).name
            swords = vb.undamaged(state, me, "sword")
            state.say(f"The {who} enlist the Arbiter: {plural(swords, 'undamaged sword')} add to their rolled hits.")
            score(state, me, 1, "Protector")
        return True

    def added_rolled_hits(self, host: Host, state: GameState, seat: int, b: BattleState, side: int) -> int:
        """His undamaged swords, for the defender who enlisted him."""
        if side != b["defender"] or not _tally_read(b, host.id).get("enlisted"):
            return 0
        return vb.undamaged(state, seat, "sword")

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """Enlisting is the defender's choice, asked before the roll."""
        return (
            "the Arbiter does not enlist himself: a defender in a battle in his clearing (not against him) may enlist "
            "him before the roll, and is asked then"
        )


class Scoundrel(Ability):
    """V.6 Scorched Earth: a torch placed in his clearing removes every enemy piece there; from then on no piece may
    be placed in it or moved into it (he stays; once out, not even he comes back)."""

    verbs = ("scorch",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """In a clearing not scorched yet, with a torch to place."""
        if not isinstance(here, int) or verb not in (None, "scorch") or not items.ready(state, seat, "torch"):
            return
        if here not in _scorched(state, seat):
            yield Scorch()

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """The torch leaves his board for the clearing; every enemy piece there is removed at once."""
        here = vb.clearing(state, host.id)
        assert here is not None
        items.take_item(state, seat, "torch")
        state.items_removed.append("torch")  # it lies in the clearing for the rest of the game, no one's item
        state.seats[seat].data_as(ScoundrelData).setdefault("scorched", []).append(here)
        state.say(
            f"Scorched Earth: the {host.name} places a torch in clearing {here}; no piece may be placed in it or "
            "moved into it now.",
            None,
            ("place", here, None),
        )
        plan: dict[str, int] = {}
        for piece, n in state.clearings[here - 1].items():
            other = state.seat_of(parse_key(piece)[2])
            if n and other is not None and other != seat and enemies(state, seat, other):
                plan[piece] = n
        if plan:
            remove_all(state, here, plan, seat, ABILITY)

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """A clearing, a torch, and not twice in one clearing."""
        here = vb.clearing(state, host.id)
        if here is None:
            return "Scorched Earth places a torch in your clearing, and your pawn is in a forest"
        if not items.ready(state, seat, "torch"):
            return "Scorched Earth exhausts and places a torch, and you have no face-up undamaged torch"
        return f"clearing {here} is scorched already"

    def closed(self, host: Host, state: GameState, seat: int) -> Mapping[int, str]:
        """A scorched clearing is closed to every piece."""
        return {
            cid: f"the Scoundrel's torch burns in clearing {cid} (Scorched Earth): no piece may be placed in it or "
            "moved into it"
            for cid in _scorched(state, seat)
        }

    def panel(self, host: Host, state: GameState, seat: int) -> list[str]:
        """Where his torches burn."""
        burnt = _scorched(state, seat)
        if not burnt:
            return []
        return ["Scorched Earth: a torch in clearing " + ", ".join(map(str, burnt)) + " (closed to every piece)"]

    def shown_items(self, host: Host, state: GameState, seat: int) -> list[MapItem]:
        """Each placed torch, drawn in its clearing."""
        return [
            {"item": "torch", "clearing": cid, "carrier": None, "by": seat, "note": "Scorched Earth"}
            for cid in _scorched(state, seat)
        ]


class ScoundrelData(vb.VagabondData, total=False):
    """The clearings where the Scoundrel placed a torch."""

    scorched: list[int]


def _scorched(state: GameState, seat: int) -> list[int]:
    return state.seats[seat].data_as(ScoundrelData).get("scorched", [])


# --- V.7 to V.9: the Vagabond Pack's Adventurer, Harrier and Ronin ----------------------------------------------


class Adventurer(Ability):
    """V.7 Improvise: once a turn, a quest is completed with one face-up item standing for another kind of item;
    that item is exhausted and damaged."""

    verbs = ("improvise",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Each face-up quest here, each item that may stand in and each of the quest's items it stands for."""
        if not isinstance(here, int) or verb not in (None, "improvise") or _flags(state).get("improvised"):
            return
        ready = _ready(state, seat)
        for q in _quests_here(state, here):
            quest = vb.quest(q)
            for stand_in in sorted(ready):
                for meant in sorted(set(quest.cost) - {stand_in}):
                    if _enough(ready, _improvised_needs(quest.cost, stand_in, meant)):
                        for reward in REWARDS:
                            yield Improvise(quest.key, reward, stand_in, meant)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the quest's other item and the stand-in, damage the stand-in, complete the quest."""
        assert isinstance(action, Improvise)
        qid = _offered(state, action.quest)
        assert qid is not None
        _flags(state)["improvised"] = True
        rest = list(vb.quest(qid).cost)
        rest.remove(action.stands_for)
        host.exhaust(state, seat, *rest, action.item)
        state.say(f"Improvise: the {host.name}'s {action.item} stands for a {action.stands_for}, and is damaged.")
        host.damage(state, seat, action.item, "exhausted")
        host.complete_quest(state, seat, qid, action.reward)

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """Once a turn; a face-up quest of his clearing; one of its items stood for by another, face up."""
        assert isinstance(action, Improvise)
        bad = _bad_words(action.reward, action.item, action.stands_for)
        if bad:
            return bad
        if _flags(state).get("improvised"):
            return "Improvise is once a turn, and you improvised this turn"
        reason = _why_not_quest(state, host, action.quest)
        if reason:
            return reason
        qid = _offered(state, action.quest)
        assert qid is not None
        quest = vb.quest(qid)
        if action.stands_for not in quest.cost:
            return f"{quest.name} asks for {' and '.join(quest.cost)}: the improvised item stands for one of them"
        if action.item == action.stands_for:
            return "an improvised item stands for another kind of item"
        needs = _improvised_needs(quest.cost, action.item, action.stands_for)
        return f"Improvise here exhausts {_listed(needs)}, face up and undamaged"


def _improvised_needs(cost: tuple[str, ...], stand_in: str, meant: str) -> Counter[str]:
    """The face-up items an improvised quest exhausts: the quest's other item and the stand-in."""
    rest = list(cost)
    rest.remove(meant)
    return Counter([*rest, stand_in])


def _bad_words(reward: str | None = None, *names: str) -> str | None:
    """Why a reward or an item named is no word of theirs (a malformed option), or None."""
    if reward is not None and reward not in REWARDS:
        return f"'{echo(reward)}' is no reward: after a quest, score or draw"
    for name in names:
        if name not in ITEMS:
            return f"'{echo(name)}' is not an item; the items are {', '.join(ITEMS)}"
    return None


def _listed(needs: Counter[str]) -> str:
    return " and ".join(plural(n, name) if n > 1 else name for name, n in sorted(needs.items()))


def _why_not_quest(state: GameState, host: Host, key: str) -> str | None:
    """Why a face-up quest can't be taken up here (a forest, not face up, another suit), or None."""
    here = vb.clearing(state, host.id)
    if here is None:
        return "a quest is completed in a clearing, and your pawn is in a forest"
    qid = _offered(state, key)
    if qid is None:
        return "the quests face up are " + (", ".join(vb.quest(q).key for q in vb.offered(state)) or "none")
    quest = vb.quest(qid)
    if quest.suit != suit(state, here):
        return f"{quest.name} needs a {quest.suit} clearing, and clearing {here} is {suit(state, here)}"
    return None


class Harrier(Ability):
    """V.8 Glide: a torch flies the pawn alone to any clearing of the map (even Hostile, from a forest too), with no
    boots, no path and no adjacency."""

    verbs = ("glide",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Every other clearing not closed to him, unless something keeps his pawn where it is."""
        if verb not in (None, "glide") or not items.ready(state, seat, "torch"):
            return
        for cid in state.board.ids():
            if cid != here and not movement.closed(state, cid) and not _held(state, seat, here, cid):
                yield Glide(cid)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the torch; the pawn flies (no path, so no fee); every seat hears it entered."""
        assert isinstance(action, Glide)
        here = vb.where(state, host.id)
        assert here is not None
        host.exhaust(state, seat, "torch")
        pawn = vb.pawn(host.id)
        state.say(
            f"Glide: the {host.name} flies from {place_name(here)} to clearing {action.clearing}.",
            None,
            ("move", here, action.clearing),
        )
        shift(state, pawn, here, action.clearing, 1)
        listeners.entered(state, Entered(pawn, 1, here, action.clearing, seat))

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """A torch, a clearing of the map, not his own, not closed."""
        assert isinstance(action, Glide)
        if action.clearing not in state.board.ids():
            return f"there is no clearing {action.clearing}"
        if not items.ready(state, seat, "torch"):
            return "Glide exhausts a torch, and you have no face-up undamaged torch"
        here = vb.where(state, host.id)
        if here == action.clearing:
            return f"your pawn is in clearing {action.clearing} already"
        assert here is not None
        return _held(state, seat, here, action.clearing) or movement.why_closed(state, action.clearing)


def _held(state: GameState, seat: int, here: Place, dst: int) -> str | None:
    """Why something keeps his pawn from moving out of its place (the Corvids' face-up snare, 13.7.2: a Glide is a
    move, and unlike the Slip it does not ignore such effects), or None (always None before revision 10)."""
    if state.legacy is not None and state.legacy.glide_past_snare:
        return None
    return flow.forbidden(state, seat, Move(here, dst, 1))


SWIFT_OPTION = GameOption(
    "ronin_swift_strike",
    ("once", "each-sword"),
    "how often the Ronin's Swift Strike may be struck in one battle: once, or again for each face-up sword",
    "V.9.2",
)


class Ronin(Ability):
    """V.9 Swift Strike: in a battle he fights, after the roll, a sword exhausted deals an extra hit (once a battle,
    or once per face-up sword under the `ronin_swift_strike` option)."""

    verbs = ("swift",)

    def after_roll_choices(self, host: Host, state: GameState, seat: int, b: BattleState) -> list[Action]:
        """Offered to him once a battle (or while he has a face-up sword), with a face-up undamaged sword."""
        once = state.options.get(SWIFT_OPTION.name, SWIFT_OPTION.default) == "once"
        if seat not in (b["attacker"], b["defender"]) or (once and _tally_read(b, host.id).get("swift")):
            return []
        return [Swift()] if items.ready(state, seat, "sword") else []

    def after_roll_apply(self, host: Host, state: GameState, seat: int, b: BattleState, action: Action) -> bool:
        """Exhaust the sword; the extra hit counts with its source named."""
        if not isinstance(action, Swift):
            return False
        host.exhaust(state, seat, "sword")
        _tally(b, host.id)["swift"] = True
        b["sources"][0 if seat == b["attacker"] else 1].append("Swift Strike")
        state.say(f"Swift Strike: the {host.name} exhausts a sword to deal an extra hit.")
        return True

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """Only in his battle, after the roll."""
        return "Swift Strike is struck in a battle you fight, after the roll (you are asked then), with a face-up sword"


# --- V.10 to V.12: the Homeland's Cheat, Gladiator and Jailor -----------------------------------------------------


class Cheat(Ability):
    """V.10 Con: once a turn, a face-up quest of his clearing is completed by exhausting any two items; the reward
    as usual and a new quest, then the completed quest is shuffled back into the quest deck."""

    verbs = ("con",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Each quest here, each reward, each pair of face-up items."""
        if not isinstance(here, int) or verb not in (None, "con") or _flags(state).get("conned"):
            return
        ready = _ready(state, seat)
        names = sorted(ready)
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i:] if a != b or ready[a] >= 2]
        for q in _quests_here(state, here):
            for reward in REWARDS:
                for first, second in pairs:
                    yield Con(vb.quest(q).key, reward, first, second)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust the two items, complete the quest, then shuffle it into the quest deck."""
        assert isinstance(action, Con)
        qid = _offered(state, action.quest)
        assert qid is not None
        _flags(state)["conned"] = True
        host.exhaust(state, seat, action.item, action.second)
        state.say(f"Con: the {host.name} passes off {action.item} and {action.second} for the quest's items.")
        host.complete_quest(state, seat, qid, action.reward)
        state.piles[vb.done_pile(host.id)].remove(qid)
        state.rng, state.piles[vb.QUEST_DECK] = rng.shuffled(state.rng, [*state.piles[vb.QUEST_DECK], qid])
        state.irreversible = True
        state.say(f"{vb.quest(qid).name} is shuffled back into the quest deck.")

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """Once a turn; a face-up quest of his clearing; two face-up items."""
        assert isinstance(action, Con)
        bad = _bad_words(action.reward, action.item, action.second)
        if bad:
            return bad
        if _flags(state).get("conned"):
            return "the Con is once a turn, and you conned this turn"
        reason = _why_not_quest(state, host, action.quest)
        if reason:
            return reason
        return f"the Con exhausts {_listed(Counter([action.item, action.second]))}, face up and undamaged"


class Gladiator(Ability):
    """V.11 Duel: an item exhausted and damaged removes an enemy warrior in his clearing, and he draws a card; the
    warrior's faction does not become Hostile."""

    verbs = ("duel",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Each enemy with a warrior here that an ability can remove, each face-up item."""
        if not isinstance(here, int) or verb not in (None, "duel"):
            return
        ready = sorted(_ready(state, seat))
        for faction in sorted(_duel_targets(state, seat, here)):
            for name in ready:
                yield Duel(faction, name)

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Exhaust and damage the item, remove the warrior (no Hostility), draw a card."""
        assert isinstance(action, Duel)
        here = vb.clearing(state, host.id)
        assert here is not None
        host.exhaust(state, seat, action.item)
        state.say(f"Duel: the {host.name} fights a {_seated_name(state, action.faction)} warrior in clearing {here}.")
        host.damage(state, seat, action.item, "exhausted")
        flags = _flags(state)
        flags["dueling"] = True
        remove_all(state, here, {_duel_targets(state, seat, here)[action.faction]: 1}, seat, ABILITY)
        flags.pop("dueling", None)
        hand.draw(state, seat, 1)

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """A clearing, an enemy warrior there, a face-up item."""
        assert isinstance(action, Duel)
        bad = _bad_words(None, action.item)
        if bad:
            return bad
        here = vb.clearing(state, host.id)
        if here is None:
            return "a Duel is fought in your clearing, and your pawn is in a forest"
        if action.faction not in _duel_targets(state, seat, here):
            return f"the {_seated_name(state, action.faction)} have no warrior in clearing {here} you may duel"
        return f"a Duel exhausts and damages one of your items: you have no face-up undamaged {action.item}"


def _duel_targets(state: GameState, seat: int, here: int) -> dict[str, str]:
    """Enemy factions with a warrior an ability can remove in a clearing, and the key of the one a Duel removes (its
    own warriors first, then others' it controls: an infected warrior counts as the Spore's)."""
    out: dict[str, str] = {}
    for piece in sorted(state.clearings[here - 1]):
        owner, _, controller = parse_key(piece)
        other = state.seat_of(controller)
        if other is None or other == seat or not enemies(state, seat, other):
            continue
        if category_of_key(piece) != WARRIOR or not state.clearings[here - 1][piece]:
            continue
        if not kind_of_key(piece).removable(ABILITY):
            continue
        if controller not in out or owner == controller:
            out[controller] = piece
    return out


class Jailor(Ability):
    """V.12 Coerce: once a turn, a card matching his clearing is spent to count as exhausting any item; after the
    action that uses it, he loses a point."""

    verbs = ("coerce",)

    def daylight(self, host: Host, state: GameState, seat: int, here: Place, verb: str | None) -> Iterator[Action]:
        """Each matching card in his hand, as each item."""
        if not isinstance(here, int) or verb not in (None, "coerce") or _flags(state).get("coerced"):
            return
        for card_key in hand.keys_matching(state, seat, suit(state, here)):
            for name in ITEMS:
                yield Coerce(item=name, card=card_key)

    def payment_answers(self, host: Host, state: GameState, seat: int) -> Iterator[Action]:
        """On his own turn (the entry: it may interrupt actions on his turn), as in Daylight: the card pays one item
        of a purchase of the Riverfolk's services, which the entry names."""
        here = vb.where(state, host.id)
        if state.turn.seat == seat and here is not None:
            yield from self.daylight(host, state, seat, here, "coerce")

    def payment_reserve(self, host: Host, state: GameState, seat: int) -> int:
        """One item, when he might hold a card for it: his turn, a clearing, a card in hand, not coerced yet."""
        here = vb.clearing(state, host.id)
        might = state.turn.seat == seat and here is not None and bool(state.seats[seat].hand)
        return 1 if might and not _flags(state).get("coerced") else 0

    def apply(self, host: Host, state: GameState, seat: int, action: Action) -> None:
        """Spend the card; a stand-in item, face up, is the first of its name his next actions exhaust."""
        assert isinstance(action, Coerce)
        _flags(state)["coerced"] = True
        here = vb.clearing(state, host.id)
        if here is not None and not _coerce_anywhere(state):
            _flags(state)["coerced_at"] = here
        spent = hand.spend(state, seat, action.card)
        stand_in = items.make(action.item)
        stand_in["stand_in"] = True
        state.seats[seat].items.insert(0, stand_in)
        state.say(
            f"Coerce: the {host.name} spends {label(spent)} to count as a {action.item}; "
            "he loses a point after the action that uses it."
        )

    def keep_standing(self, host: Host, state: GameState, seat: int) -> bool:
        """Once the action that exhausted the stand-in is over: it goes, and he loses a point. Unused, it lapses
        when he has left the clearing its card matched (it pays only for an action there)."""
        used = [i for i in state.seats[seat].items if i.get("stand_in") and i["exhausted"]]
        for item in used:
            state.seats[seat].items.remove(item)
            score(state, seat, -1, f"Coerce: the card spent as a {item['item']}")
        at = _flags(state).get("coerced_at")
        if at is None or vb.where(state, host.id) == at:
            return bool(used)
        lapsed = [i for i in state.seats[seat].items if i.get("stand_in")]
        for item in lapsed:
            state.seats[seat].items.remove(item)
            state.say(f"The card the {host.name} spent as a {item['item']} lapses: it matched clearing {at}.")
        return bool(used or lapsed)

    def evening(self, host: Host, state: GameState, seat: int) -> None:
        """A stand-in still unused when Daylight ends goes, and costs nothing (no action used it)."""
        self.keep_standing(host, state, seat)
        left = [i for i in state.seats[seat].items if i.get("stand_in")]
        for item in left:
            state.seats[seat].items.remove(item)
            state.say(f"The card the {host.name} spent as a {item['item']} went unused.")

    def explain(self, host: Host, state: GameState, seat: int, action: Action) -> str | None:
        """Once a turn, a clearing, a matching card."""
        assert isinstance(action, Coerce)
        bad = _bad_words(None, action.item)
        if bad:
            return bad
        if _flags(state).get("coerced"):
            return "Coerce is once a turn, and you coerced this turn"
        here = vb.clearing(state, host.id)
        if here is None:
            return "Coerce spends a card matching your clearing, and your pawn is in a forest"
        if action.card not in keys():
            return None
        if not hand.holds(state, seat, action.card):
            return f"{keys()[action.card].name} is not in your hand"
        if action.card not in hand.keys_matching(state, seat, suit(state, here)):
            return f"Coerce spends a card matching clearing {here} ({suit(state, here)}) or a bird"
        return (
            "Coerce counts as exhausting an item for one of your actions: in your Daylight, or to pay the Riverfolk's "
            "services when they are offered to you"
        )

    def panel(self, host: Host, state: GameState, seat: int) -> list[str]:
        """A stand-in waiting to be used."""
        return [f"Coerce: a spent card counts as a {i['item']} until used" for i in state.seats[seat].items
                if i.get("stand_in")]


def _coerce_anywhere(state: GameState) -> bool:
    """Whether a coerced card stands in wherever he goes (before revision 10)."""
    return state.legacy is not None and state.legacy.coerce_anywhere


ABILITIES: dict[str, Ability] = {
    "steal": Thief(),
    "labor": Tinker(),
    "hideout": Ranger(),
    "instigate": Vagrant(),
    "protector": Arbiter(),
    "scorch": Scoundrel(),
    "improvise": Adventurer(),
    "glide": Harrier(),
    "swift": Ronin(),
    "con": Cheat(),
    "duel": Gladiator(),
    "coerce": Jailor(),
}
"""Each character's ability, by the `special` its data names."""

NO_ABILITY = Ability()
"""Before a character is chosen."""


BY_CHARACTER: dict[str | None, Ability] = {
    name: ABILITIES[entry["special"]] for name, entry in vb.data()["characters"].items()
}
"""Each character's ability, by the character's id (hot paths ask it at every move: a Scoundrel's closed clearings)."""


def ability_of(character: str | None) -> Ability:
    """The ability of a character, by its id (none before the choice)."""
    return BY_CHARACTER.get(character, NO_ABILITY)


def character_of_verb() -> dict[str, str]:
    """Each special action's verb and the character (by id) whose it is."""
    out = {}
    for name, entry in vb.data()["characters"].items():
        for verb in ABILITIES[entry["special"]].verbs:
            out[verb] = name
    return out
