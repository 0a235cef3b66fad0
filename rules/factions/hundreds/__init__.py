"""The Lord of the Hundreds (Law of Root 14, the Marauder expansion): warriors and the warlord, strongholds, mobs
and the mob die, the Hoard with its Command and Prowess tracks, the mood cards, Looters, Contempt for Trade."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import ClassVar, TypedDict, cast

from rules import battle, crafting, decisions, hand, movement, registry
from rules.actions import Action, Battle, Craft, Move, Pass, Recruit
from rules.cards import keys, label
from rules.examples import ExampleGame, Examples, RareExample
from rules.factions.base import Faction
from rules.factions.hundreds import board as hb
from rules.factions.hundreds import hoard
from rules.factions.hundreds.actions import (
    Anoint,
    Bitter,
    Contempt,
    Garrison,
    Incite,
    Jubilant,
    Lavish,
    Lead,
    Loot,
    Mob,
    Mood,
    Plunder,
    Stronghold,
    Target,
    Unhoard,
)
from rules.factions.hundreds.board import (
    ID,
    MOB,
    MOODS,
    NAME,
    STRONGHOLD,
    WARLORD,
    WARRIOR_KEY,
    HundredsData,
    HundredsFlags,
)
from rules.factions.hundreds.moods import bitter_sites
from rules.factions.hundreds.setup import garrison_sites
from rules.factions.hundreds.words import panel_lines, why_not
from rules.items import ruin_choice_asked, take_from_ruin, under_ruin
from rules.map_pieces import may_place, open_slots, place, shift, suit
from rules.pieces import ABILITY, BATTLE, BUILDING, TOKEN, WARRIOR, PieceKind, category_of_key
from rules.removal import remove_all
from rules.rng import below
from rules.rule import enemy_piece, rules
from rules.scoring import score
from rules.state import BattleState, Decision, GameState
from rules.words import plural

STEPS = {
    "birdsong": ("hundreds.raze", "hundreds.spread", "hundreds.recruit", "hundreds.anoint", "hundreds.mood",
                 "hundreds.lavish"),
    "daylight": ("hundreds.craft", "hundreds.command", "hundreds.advance", "hundreds.command_after"),
    "evening": ("hundreds.incite", "hundreds.oppress"),
}
COMMAND_STEPS = ("hundreds.command", "hundreds.command_after")


RARE = {
    "unhoard": RareExample(
        "/hundreds unhoard item:boots", "mood", "nothing asks it", "gaining an item onto a full track of the Hoard"
    ),
    "target": RareExample(
        "/hundreds target", "battle", "nothing asks it", "a battle against the Spore where the warlord is infected"
    ),
}
"""Verbs the example walks don't reach, shown refused in a game with the Hundreds."""


class HundredsChoice(Decision, total=False):
    """The Hundreds' own decisions: `what` (unhoard, contempt, loot, bitter, plunder), the track, item and points."""

    track: str
    item: str
    points: int
    defender: int
    clearing: int
    """The razed clearing whose ruin holds two items (`ruin`)."""


class HundredsBattle(TypedDict, total=False):
    """The Hundreds' keys in a battle, kept under their id: looting, Stubborn's ignored hit spent, the warlord
    targeted (TS.2.5: it takes the first hit on the defender)."""

    loot: bool
    stubborn: bool
    target: bool


def _hb(b: BattleState) -> HundredsBattle:
    """The Hundreds' keys in a battle, to read (empty when they have none)."""
    return cast(dict[str, HundredsBattle], b).get(ID, {})


def _mark(b: BattleState) -> HundredsBattle:
    """The Hundreds' keys in a battle, to write (begun empty)."""
    return cast(dict[str, HundredsBattle], b).setdefault(ID, {})


class Hundreds(Faction):
    """The Lord of the Hundreds."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("lord-of-the-hundreds", "loth", "hundred", "rats", "rat")
    colour: ClassVar[str] = "#662244"  # wine: apart from the Tinker's rust and the Duchy's mud for every eye
    setup_order: ClassVar[int] = 9
    command_group: ClassVar[str] = "hundreds"
    order: ClassVar[int | None] = 90
    reach: ClassVar[int] = 9
    playable: ClassVar[bool] = True
    crafting_kind: ClassVar[str | None] = "stronghold"
    examples: ClassVar[Examples | None] = Examples(
        "hugo",
        (
            ExampleGame(("marquise", "eyrie", ID), rare=RARE),
            ExampleGame(("marquise", "eyrie", ID), prefer=("loot", "bitter")),
        ),
        order=9,
    )
    pieces: ClassVar[tuple[PieceKind, ...]] = (
        PieceKind(ID, "warrior", WARRIOR, hb.WARRIORS, "Warrior", "circle"),
        PieceKind(
            ID, "warlord", WARRIOR, 1, "Warlord", "meeple", removed_by=(BATTLE,), moves_off_turn=False,
            placed_by_others=False,
        ),
        PieceKind(ID, "stronghold", BUILDING, hb.STRONGHOLDS, "Stronghold", "square", "Sh"),
        PieceKind(ID, "mob", TOKEN, hb.MOBS, "Mob", "shield", "X"),
    )
    steps: ClassVar[dict[str, tuple[str, ...]]] = STEPS
    item_box: ClassVar[str] = "hoard"

    # --- setup (14.3) --------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """14.3.1, 14.3.4: supplies, and the Stubborn mood card in the Mood Card slot."""
        super().setup(state, seat)
        state.seats[seat].data = HundredsData(setup="garrison", mood="stubborn")

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """14.3.2: a corner no other player started in, diagonally opposite a starting corner when one is."""
        for cid in garrison_sites(state, seat):
            yield Garrison(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Place the warlord, four warriors and a stronghold."""
        assert isinstance(action, Garrison)
        cid = action.clearing
        place(state, seat, "warlord", cid)
        place(state, seat, "warrior", cid, hb.GARRISON)
        place(state, seat, "stronghold", cid)
        state.seats[seat].data_as(HundredsData)["setup"] = "done"
        state.say(f"{NAME} garrisons clearing {cid}: the warlord, four warriors and a stronghold.", None,
                  ("place", cid, None))
        return True

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Where the garrison goes."""
        return "garrison a corner clearing with the warlord, four warriors and a stronghold (garrison N)"

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The garrison's corner: the clearing of the first stronghold placed (or the warlord's)."""
        return next((c for c in state.board.corners() if state.clearings[c - 1].get(STRONGHOLD)), None)

    # --- the turn --------------------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Automatic work: Raze, Recruit, the Daylight counters, Oppress."""
        flags = state.turn.flags_as(HundredsFlags)
        if step == "hundreds.raze":
            _settle_hoard(state, seat)
            _raze(state, seat)
        elif step == "hundreds.spread":
            if hb.mobs(state) and not _raze_takes_first(state):  # an older engine rolled it as Raze ended
                _roll_mob_die(state, seat)
            _settle_spread(state, seat)
        elif step == "hundreds.recruit":
            _recruit(state, seat)
        elif step == "hundreds.anoint":
            _anoint_forced(state, seat)
        elif step == "hundreds.command":
            grand = hb.mood(state, seat) == "grandiose"
            flags["commands"] = 0 if grand else hb.level(state, seat, "command")
        elif step == "hundreds.command_after":
            grand = hb.mood(state, seat) == "grandiose"
            flags["commands"] = hb.level(state, seat, "command") if grand else 0
        elif step == "hundreds.advance":
            flags.update({"advances": hb.level(state, seat, "prowess"), "advance": "", "relentless": False})
        elif step == "hundreds.oppress":
            _oppress(state, seat)

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Which steps wait for the player."""
        flags = state.turn.flags_as(HundredsFlags)
        if step == "hundreds.spread":
            return bool(flags.get("spread"))
        if step == "hundreds.recruit":
            return bool(flags.get("recruit"))
        if step == "hundreds.anoint":
            return not hb.warlord_on_map(state) and bool(_anoint_sites(state))
        if step == "hundreds.mood":
            return not flags.get("mood_chosen")
        if step == "hundreds.lavish":
            return hb.mood(state, seat) == "lavish" and bool(state.seats[seat].items)
        if step in COMMAND_STEPS:
            return flags.get("commands", 0) > 0
        return step in ("hundreds.craft", "hundreds.advance", "hundreds.incite")

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The actions of each of the Hundreds' steps."""
        flags = state.turn.flags_as(HundredsFlags)
        if flags.get("spread"):
            if verb in (None, "mob"):
                for cid in hb.spread_sites(state, flags["spread"]):
                    yield Mob(cid)
            return
        if step == "hundreds.recruit" and verb in (None, "recruit") and flags.get("recruit"):
            for sites in recruit_choices(state, seat):
                yield Recruit(sites)
        elif step == "hundreds.anoint" and verb in (None, "anoint") and not hb.warlord_on_map(state):
            for cid in _anoint_sites(state):
                yield Anoint(cid)
        elif step == "hundreds.mood" and verb in (None, "mood") and not flags.get("mood_chosen"):
            for name in mood_choices(state, seat):
                yield Mood(name)
        elif step == "hundreds.lavish" and verb in (None, "lavish") and hb.mood(state, seat) == "lavish":
            for name in hoard.items_held(state, seat):
                yield Lavish(name)
        elif step == "hundreds.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        elif step in COMMAND_STEPS:
            yield from _command_options(state, seat, verb)
        elif step == "hundreds.advance":
            yield from _advance_options(state, seat, verb)
        elif step == "hundreds.incite":
            yield from _incite_options(state, seat, verb)

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """A mob owed, the warlord to anoint and a mood to choose can't be left undone."""
        flags = state.turn.flags_as(HundredsFlags)
        if flags.get("spread") and hb.spread_sites(state, flags["spread"]):
            return False
        if step == "hundreds.recruit":
            return not flags.get("recruit") or not recruit_choices(state, seat)
        if step == "hundreds.anoint":
            return hb.warlord_on_map(state) or not _anoint_sites(state)
        if step == "hundreds.mood":
            return bool(flags.get("mood_chosen")) or not mood_choices(state, seat)
        return True

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Carry out one of the Hundreds' actions."""
        flags = state.turn.flags_as(HundredsFlags)
        if isinstance(action, Mob):
            _place_mob(state, seat, action.clearing, "the mob die's spread")
            flags["spread"] = ""
        elif isinstance(action, Recruit):
            _recruit_at(state, seat, action.clearings)
        elif isinstance(action, Anoint):
            _anoint(state, seat, action.clearing)
        elif isinstance(action, Mood):
            _choose_mood(state, seat, action.name)
        elif isinstance(action, Lavish):
            _lavish(state, seat, action.item)
        elif isinstance(action, Craft):
            _craft(state, seat, action)
        elif step in COMMAND_STEPS:
            _command(state, seat, action)
        elif step == "hundreds.advance":
            _advance(state, seat, action)
        elif isinstance(action, Incite):
            _incite(state, seat, action)
        elif isinstance(action, Jubilant):
            flags["jubilant"] = flags.get("jubilant", 0) - 1
            _roll_mob_die(state, seat)
            _settle_spread(state, seat)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Crafting, building strongholds and Inciting depend on the hand."""
        s = state.seats[seat]
        if step == "hundreds.craft":
            return bool(crafting.power(state, seat))
        if step in COMMAND_STEPS:
            return state.turn.flags_as(HundredsFlags).get("commands", 0) > 0 and s.supply.get("stronghold", 0) > 0
        if step == "hundreds.incite":
            return s.supply.get("mob", 0) > 0 and bool(_incite_sites(state))
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        flags = state.turn.flags_as(HundredsFlags)
        if flags.get("spread"):
            return f"the mob die shows {flags['spread']}: place a mob next to a mob (mob N)"
        if step == "hundreds.recruit":
            left = state.seats[seat].supply.get("warrior", 0)
            return f"too few warriors for every stronghold: choose the {left} that get one (recruit N,N)"
        if step == "hundreds.anoint":
            return "anoint the warlord: replace a Hundreds warrior with it (anoint N)"
        if step == "hundreds.mood":
            return "choose a new mood card (mood NAME)"
        if step == "hundreds.lavish":
            return "Lavish: remove items from the Hoard for two warriors each (lavish ITEM), or end"
        if step == "hundreds.craft":
            return "craft with strongholds, or end crafting"
        if step in COMMAND_STEPS:
            return (f"command the Hundreds ({flags.get('commands', 0)} left: move, lead, battle, "
                    "stronghold N CARD), or end")
        if step == "hundreds.advance":
            left = flags.get("advances", 0)
            extra = "; Relentless: one more move or battle" if flags.get("relentless") else ""
            return f"advance the warlord ({left} left: lead A>B xN, then battle there){extra}, or end"
        if step == "hundreds.incite":
            jub = f"; Jubilant: {flags['jubilant']} rolls left (jubilant)" if flags.get("jubilant") else ""
            return f"incite mobs (incite N CARD){jub}, or end"
        return super().prompt(state, seat, step)

    # --- combat and movement (14.2.2, 14.2.5, 14.7) -------------------------------------------------
    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """A plain move takes warriors only; the warlord goes with `lead`."""
        return state.clearings[cid - 1].get(WARRIOR_KEY, 0)

    def move_warriors(self, state: GameState, seat: int, src: int, dst: int, n: int) -> list[tuple[str, int]]:
        """A plain move shifts warriors, never the warlord."""
        shift(state, WARRIOR_KEY, src, dst, n)
        return [(WARRIOR_KEY, n)]

    def granted_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        """A move a card grants (Cobbler) is a move like any: warriors, or the warlord led with warriors (14.2.2)."""
        yield from movement.move_options(state, seat)
        cid = hb.warlord_at(state)
        if not (state.legacy is not None and state.legacy.granted_moves_plain):  # before 76ad3f8: warriors only
            yield from _lead_options(state, seat, [cid] if cid else [])

    def take_granted_move(self, state: GameState, seat: int, action: Action) -> None:
        """Carry out a move a card granted: a plain move, or the warlord's lead."""
        if isinstance(action, Lead):
            _lead(state, seat, action)
        else:
            super().take_granted_move(state, seat, action)

    def on_battle_start(self, state: GameState, seat: int, b: BattleState) -> None:
        """14.2.5 Looters and 14.7.1 Bitter, both asked before any ambush and the roll."""
        other = b["defender"]
        if registry.of(state, other).crafted_items(state, other):
            decisions.push(state, "faction", seat, faction=ID, what="loot", defender=other,
                           prompt="loot the defender (loot: you deal no rolled hits), or pass")

    def before_roll(self, state: GameState, seat: int | None, b: BattleState) -> bool:
        """14.7.1 Bitter, attacking or defending; TS.2.5: an attacker of the Spore may target the infected warlord."""
        if seat is None:
            return False
        bitter = seat in (b["attacker"], b["defender"]) and hb.mood(state, seat) == "bitter"
        if bitter and bitter_sites(state, b["clearing"]):
            decisions.push(state, "faction", seat, faction=ID, what="bitter",
                           prompt="Bitter: remove a mob near the warlord for a warrior (bitter N), or pass")
            return True
        if seized_warlord(state, b) is not None:
            decisions.push(state, "faction", b["attacker"], faction=ID, what="target",
                           prompt="target the infected warlord first, before the roll (target), or pass")
            return True
        return False

    def before_hits(self, state: GameState, seat: int | None, b: BattleState) -> bool:
        """TS.2.5: with the warlord targeted, the first hit on the defender falls on the infected warlord."""
        if _hb(b).get("target"):
            _hit_warlord_first(state, b)
        return False

    def max_rolled_hits(self, state: GameState, seat: int, cid: int) -> int:
        """14.2.5: looting, the Hundreds deal no rolled hits."""
        b = state.battle
        if b is not None and b["attacker"] == seat and _hb(b).get("loot"):
            return 0
        return self.strength(state, seat, cid)

    def extra_hits(self, state: GameState, seat: int | None, b: BattleState) -> list[tuple[int, str]]:
        """14.7.8 Wrathful: an extra hit as attacker in the warlord's clearing."""
        if seat is None or b["attacker"] != seat or hb.mood(state, seat) != "wrathful":
            return []
        return [(seat, "Wrathful")] if hb.warlord_at(state) == b["clearing"] else []

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """14.7.7 Stubborn: in battle in the warlord's clearing, the first hit owed is ignored before any is taken."""
        b = state.battle
        if b is not None and b["stage"] == "assign" and _stubborn(state, seat, b):
            for entry in b["owed"]:
                if entry[0] == seat and entry[1] > 0:
                    _mark(b)["stubborn"] = True
                    entry[1] -= 1
                    state.say(f"{NAME} is Stubborn: the first hit taken is ignored.")
                    if entry[1] <= 0:
                        return {}
                    break
        return super().hit_options(state, seat, cid, assigned)

    def on_battle_end(self, state: GameState, seat: int, b: BattleState) -> None:
        """14.2.5: a looting attacker ruling the clearing takes an item from the defender's Crafted Items box."""
        if b["attacker"] != seat or not _hb(b).get("loot"):
            return
        other = b["defender"]
        if not rules(state, seat, b["clearing"]):
            state.say(f"{NAME} does not rule clearing {b['clearing']}: the looting takes nothing.")
            return
        held = sorted({i["item"] for i in registry.of(state, other).crafted_items(state, other)})
        if len(held) == 1:
            _plunder(state, seat, other, held[0])
        elif held:
            decisions.push(state, "faction", seat, faction=ID, what="plunder", defender=other,
                           prompt="take an item from the defender's Crafted Items box (plunder ITEM)")

    # --- cards, crafting, drawing (14.2.1, 14.2.3, 14.7.6) --------------------------------------------
    def item_points(self, state: GameState, seat: int, printed: int) -> int:
        """14.2.3 Contempt for Trade: crafting scores nothing until the item's fate is chosen."""
        return 0

    def edit_items(self, state: GameState, seat: int, name: str, added: bool) -> str | None:
        """An item edited into or out of the Hoard: on its track, four at most, Command and Prowess counted anew."""
        return hoard.edited(state, seat, name, added)

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """14.7.6 Rowdy: one more card, two with three or more enemy pieces in the warlord's clearing."""
        if hb.mood(state, seat) != "rowdy":
            return 0
        cid = hb.warlord_at(state)
        return 2 if cid is not None and hb.enemy_pieces(state, seat, cid) >= 3 else 1

    # --- decisions --------------------------------------------------------------------------------
    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """Choices of the Hundreds' own decisions."""
        d = decisions.context(decision, HundredsChoice)
        seat, what = d["seat"], d["what"]
        if what == "unhoard":
            for name in hoard.overflowing(state, seat, d["track"]):
                yield Unhoard(name)
        elif what == "contempt":
            yield Contempt("take")
            yield Contempt("score")
        elif what == "loot":
            yield Loot()
            yield Pass()
        elif what == "bitter" and state.battle is not None:
            for cid in bitter_sites(state, state.battle["clearing"]):
                yield Bitter(cid)
            yield Pass()
        elif what == "target":
            yield Target()
            yield Pass()
        elif what == "plunder":
            other = d["defender"]
            for name in sorted({i["item"] for i in registry.of(state, other).crafted_items(state, other)}):
                yield Plunder(name)
        elif what == "ruin":
            takeable = ruin_takeable(state, seat, d["clearing"])
            for name in takeable:
                yield Plunder(name)
            if not takeable:  # the Hoard has each kind there from a ruin: nothing is taken
                yield Pass()

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Resolve one of the Hundreds' decisions."""
        d = decisions.context(decision, HundredsChoice)
        seat, what = d["seat"], d["what"]
        if isinstance(action, Unhoard):
            hoard.unhoard(state, seat, action.item)
        elif isinstance(action, Contempt):
            _contempt(state, seat, d, action.choice)
        elif isinstance(action, Loot):
            assert state.battle is not None
            _mark(state.battle)["loot"] = True
            state.say(f"{NAME} loots: they deal no rolled hits in this battle.")
        elif isinstance(action, Bitter):
            assert state.battle is not None
            _bitter(state, seat, action.clearing)
            return not bitter_sites(state, state.battle["clearing"])
        elif isinstance(action, Target):
            assert state.battle is not None
            _mark(state.battle)["target"] = True
            state.say(f"{registry.of(state, seat).name} targets the infected warlord first.")
        elif isinstance(action, Plunder) and what == "ruin":
            _take_ruin_item(state, seat, d["clearing"], action.item)
        elif isinstance(action, Pass) and what == "ruin":
            state.say(f"The mob in clearing {d['clearing']} takes nothing from the ruin: the Hoard has each of its "
                      "items from a ruin.")
        elif isinstance(action, Plunder):
            _plunder(state, seat, d["defender"], action.item)
        return True

    # --- words ---------------------------------------------------------------------------------
    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the Hundreds' actions is refused now."""
        return why_not(state, seat, action)

    def panel(self, state: GameState, seat: int) -> list[str]:
        """The mood, the Hoard's tracks with Command and Prowess, the warlord, mobs and strongholds."""
        return panel_lines(state, seat)


# --- setup ------------------------------------------------------------------------------------------


# --- Birdsong (14.4) --------------------------------------------------------------------------------


def _settle_hoard(state: GameState, seat: int) -> None:
    """A track over full by an item that came in without asking (3x3 contraband brought home) is settled now."""
    for track in hb.TRACKS:
        if hoard.overflowing(state, seat, track):
            decisions.push(state, "faction", seat, faction=ID, what="unhoard", track=track,
                           prompt=f"the {track.title()} track is full: remove an item of it for good (unhoard ITEM)")


def _raze(state: GameState, seat: int) -> None:
    """14.4.1: in each clearing with a mob, enemy buildings and tokens are removed and a ruin gives an item."""
    for cid in hb.mobs(state):
        plan = {
            p: n
            for p, n in state.clearings[cid - 1].items()
            if n and enemy_piece(state, seat, p) and category_of_key(p) in (BUILDING, TOKEN)
        }
        if plan:
            state.say(f"The mob in clearing {cid} razes it.")
            remove_all(state, cid, plan, seat, ABILITY)
        _raze_ruin(state, seat, cid)
    if _raze_takes_first(state) and hb.mobs(state):
        _roll_mob_die(state, seat)


def _raze_takes_first(state: GameState) -> bool:
    """Whether an older record replays, whose engine took a ruin's first item unmarked and rolled the mob die as Raze
    ended (rules.revisions: before 76ad3f8)."""
    return state.legacy is not None and state.legacy.raze_takes_first


def ruin_takeable(state: GameState, seat: int, cid: int) -> list[str]:
    """The items under a ruin a mob may take: with two item sets, none of a kind the Hoard holds from a ruin (Law,
    Playing with Two Vagabonds)."""
    found = under_ruin(state, cid)
    if not state.second_ruins:
        return found
    held = {i["item"] for i in state.seats[seat].items if i.get("ruin")}
    return sorted({i for i in found if i not in held})


def _raze_ruin(state: GameState, seat: int, cid: int) -> None:
    """14.4.1: one item from the ruin; of two, the Hundreds look at both and take one of their choice."""
    if _raze_takes_first(state):
        found = under_ruin(state, cid)
        if found:
            _take_ruin_item(state, seat, cid, found[0])
        return
    takeable = ruin_takeable(state, seat, cid)
    found = under_ruin(state, cid)
    if ruin_choice_asked(state, cid):  # with two sets, asked whatever lies there, so that asking shows nothing
        what, them = ("two items", "them") if len(found) > 1 else ("an item", "it")
        state.say(
            f"The mob in clearing {cid} finds {what} under the ruin; {NAME} looks at {them}.",
            {seat: f"Under the ruin: {' and '.join(found)}."},
        )
        decisions.push(state, "faction", seat, faction=ID, what="ruin", clearing=cid, always_asked=True,
                       prompt=f"take an item under the ruin in clearing {cid} (plunder ITEM), or pass if the Hoard "
                       "has each kind there from a ruin")
    elif takeable and len(found) > 1:  # before revision 13: a lone kind was taken for the Hundreds
        state.say(
            f"The mob in clearing {cid} finds two items under the ruin; {NAME} looks at them.",
            {seat: f"Under the ruin: {' and '.join(found)}."},
        )
        decisions.push(state, "faction", seat, faction=ID, what="ruin", clearing=cid,
                       prompt=f"take one of the items under the ruin in clearing {cid} (plunder ITEM)")
    elif takeable:
        _take_ruin_item(state, seat, cid, takeable[0])
    elif under_ruin(state, cid):
        state.say(f"The mob in clearing {cid} takes nothing from the ruin: the Hoard has each of its items from a "
                  "ruin.")


def _take_ruin_item(state: GameState, seat: int, cid: int, name: str) -> None:
    take_from_ruin(state, cid, name)
    gone = "" if under_ruin(state, cid) else " The ruin is removed."
    state.say(f"The mob in clearing {cid} takes the {name} from the ruin.{gone}")
    hoard.gain(state, seat, name, "from a ruin", ruin=not _raze_takes_first(state))


def _roll_mob_die(state: GameState, seat: int) -> None:
    """Roll the mob die: a mob is owed in a matching clearing with none, next to a mob (none when there is none)."""
    state.rng, face = below(state.rng, len(hb.MOB_DIE))
    state.irreversible = True
    shown = hb.MOB_DIE[face]
    sites = hb.spread_sites(state, shown) if state.seats[seat].supply.get("mob", 0) > 0 else []
    if not sites:
        state.say(f"The mob die shows {shown}: no mob can be placed.")
        return
    state.say(f"The mob die shows {shown}.")
    state.turn.flags_as(HundredsFlags)["spread"] = shown


def _settle_spread(state: GameState, seat: int) -> None:
    """A mob owed where only one clearing fits is placed there at once."""
    flags = state.turn.flags_as(HundredsFlags)
    shown = flags.get("spread")
    if not shown:
        return
    sites = hb.spread_sites(state, shown)
    if len(sites) <= 1:
        flags["spread"] = ""
        if sites:
            _place_mob(state, seat, sites[0], "the mob die's spread")


def _place_mob(state: GameState, seat: int, cid: int, why: str) -> None:
    place(state, seat, "mob", cid)
    state.say(f"{NAME} places a mob in clearing {cid} ({why}).", None, ("place", cid, None))


def _recruit(state: GameState, seat: int) -> None:
    """14.4.2: warriors equal to Prowess with the warlord, then one per stronghold; with too few warriors left for
    every stronghold, the Hundreds choose which get one (`recruit N,N`)."""
    cid = hb.warlord_at(state)
    placed: list[int] = []
    if cid is not None and may_place(state, ID, cid, WARRIOR):
        placed += [cid] * place(state, seat, "warrior", cid, hb.level(state, seat, "prowess"))
    spots = hb.recruit_spots(state)
    left = state.seats[seat].supply.get("warrior", 0)
    older = state.legacy is not None and state.legacy.recruit_in_order  # before 76ad3f8: in clearing order
    if spots and 0 < left < len(spots) and not older and len(recruit_choices(state, seat)) > 1:
        state.turn.flags_as(HundredsFlags)["recruit"] = True
    else:
        placed += [site for site in spots[:left] if place(state, seat, "warrior", site)]
    _say_recruited(state, placed)


def _say_recruited(state: GameState, placed: list[int]) -> None:
    if placed:
        state.say(f"{NAME} recruits {plural(len(placed), 'warrior')}.", None,
                  *[("place", c, None) for c in sorted(set(placed))])


def recruit_choices(state: GameState, seat: int) -> list[tuple[int, ...]]:
    """The strongholds that may get the warriors left when there are too few for all (Piece Limits: the most)."""
    left = state.seats[seat].supply.get("warrior", 0)
    return sorted(set(combinations(hb.recruit_spots(state), left))) if left > 0 else []


def _recruit_at(state: GameState, seat: int, sites: Iterable[int]) -> None:
    """The warriors left placed at the chosen strongholds."""
    state.turn.flags_as(HundredsFlags)["recruit"] = False
    _say_recruited(state, [site for site in sites if place(state, seat, "warrior", site)])


def _anoint_sites(state: GameState) -> list[int]:
    """14.4.3: clearings with a Hundreds warrior; when there are none, any clearing the warlord may be placed in."""
    ids = [c for c in state.board.ids() if may_place(state, ID, c, WARRIOR)]
    with_warrior = [c for c in ids if state.clearings[c - 1].get(WARRIOR_KEY)]
    return with_warrior or ids


def _anoint_forced(state: GameState, seat: int) -> None:
    """With one clearing to choose, the warlord is anointed there at once."""
    if hb.warlord_on_map(state):
        return
    sites = _anoint_sites(state)
    if len(sites) == 1:
        _anoint(state, seat, sites[0])


def _anoint(state: GameState, seat: int, cid: int) -> None:
    """The warlord replaces a warrior there (or is placed); SOM.2.4: one in a Ward is replaced, taken from it."""
    s = state.seats[seat]
    held = hb.warlord_held(state)
    if held is not None and not s.supply.get("warlord"):
        other, area = held
        pieces = state.seats[other].areas[area]
        piece = next(p for p in pieces if p.startswith(WARLORD) and pieces[p])
        pieces[piece] -= 1
        if not pieces[piece]:
            del pieces[piece]
        s.supply["warlord"] = s.supply.get("warlord", 0) + 1
        state.say(f"The warlord leaves the {area} and is replaced.")
    here = state.clearings[cid - 1]
    if here.get(WARRIOR_KEY):
        here[WARRIOR_KEY] -= 1
        if not here[WARRIOR_KEY]:
            del here[WARRIOR_KEY]
        s.supply["warrior"] += 1
        how = "replaces a warrior"
    else:
        how = "is placed"
    place(state, seat, "warlord", cid)
    state.say(f"{NAME} anoints a warlord: it {how} in clearing {cid}.", None, ("place", cid, None))


def mood_choices(state: GameState, seat: int) -> list[str]:
    """14.4.4: mood cards other than the current one showing no item in the Hoard."""
    now = hb.mood(state, seat)
    return [m for m in MOODS if m != now and not hb.forbidden(state, seat, m)]


def _choose_mood(state: GameState, seat: int, name: str) -> None:
    state.seats[seat].data_as(HundredsData)["mood"] = name
    state.turn.flags_as(HundredsFlags)["mood_chosen"] = True
    state.say(f"{NAME} is now {name.title()}.")


def _lavish(state: GameState, seat: int, name: str) -> None:
    """14.7.4: an item removed for good, two warriors in the warlord's clearing."""
    hoard.remove(state, seat, name)
    cid = hb.warlord_at(state)
    n = place(state, seat, "warrior", cid, hb.LAVISH_WARRIORS) if cid and may_place(state, ID, cid, WARRIOR) else 0
    where = f" and places {plural(n, 'warrior')} in clearing {cid}" if n else ""
    state.say(f"{NAME} is Lavish: removes the {name} from the Hoard{where}.")


# --- Daylight (14.5) -------------------------------------------------------------------------------


def _craft(state: GameState, seat: int, action: Craft) -> None:
    """Craft with strongholds; an item's fate is then chosen (14.2.3)."""
    c = keys()[action.card]
    before = len(state.seats[seat].items)
    crafting.craft(state, seat, action.card, action.using)
    if c.type == "item" and len(state.seats[seat].items) > before:
        item = state.seats[seat].items[-1]["item"]
        decisions.push(state, "faction", seat, faction=ID, what="contempt", item=item, points=c.vp,
                       prompt=f"Contempt for Trade: take the {item} into the Hoard (contempt take) "
                              f"or remove it and score {c.vp} (contempt score)")


def _contempt(state: GameState, seat: int, d: HundredsChoice, choice: str) -> None:
    item = d["item"]
    records = state.seats[seat].items
    record = next(i for i in reversed(records) if i["item"] == item)
    records.remove(record)
    if choice == "score":
        state.items_removed.append(item)
        state.say(f"{NAME} removes the {item} for good.")
        score(state, seat, d["points"], "Contempt for Trade")
    else:
        hoard.gain(state, seat, item, "crafted")


def _lead_options(state: GameState, seat: int, sources: list[int]) -> Iterator[Action]:
    """Moves of the warlord with any number of warriors from its clearing."""
    for src in sources:
        here = state.clearings[src - 1]
        if not here.get(WARLORD):
            continue
        for dst in sorted(movement.reach(state, src)):  # the Ferry too (Law 25.3.5)
            if not (rules(state, seat, src) or rules(state, seat, dst)):
                continue
            if not movement.fee_payable(state, seat, src, dst):
                continue
            for n in range(0, here.get(WARRIOR_KEY, 0) + 1):
                yield Lead(src, dst, n or None)


def _lead(state: GameState, seat: int, action: Lead) -> None:
    n = action.count or 0
    shift(state, WARLORD, action.src, action.dst, 1)
    moved = [(WARLORD, 1)]
    if n:
        shift(state, WARRIOR_KEY, action.src, action.dst, n)
        moved.append((WARRIOR_KEY, n))
    along = f" with {plural(n, 'warrior')}" if n else ""
    state.say(f"{NAME} moves the warlord{along} from {action.src} to {action.dst}.", None,
              ("move", action.src, action.dst))
    movement.arrived(state, seat, moved, action.src, action.dst)


def _stronghold_options(state: GameState, seat: int) -> Iterator[Action]:
    if state.seats[seat].supply.get("stronghold", 0) <= 0:
        return
    for cid in state.board.ids():
        if rules(state, seat, cid) and open_slots(state, cid) > 0 and may_place(state, ID, cid, BUILDING):
            for key in hand.keys_matching(state, seat, suit(state, cid)):
                yield Stronghold(cid, key)


def _command_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    if state.turn.flags_as(HundredsFlags).get("commands", 0) <= 0:
        return
    if verb in (None, "move"):
        yield from movement.move_options(state, seat)
    if verb in (None, "lead"):
        cid = hb.warlord_at(state)
        yield from _lead_options(state, seat, [cid] if cid else [])
    if verb in (None, "battle"):
        yield from battle.battle_options(state, seat)
    if verb in (None, "stronghold"):
        yield from _stronghold_options(state, seat)


def _command(state: GameState, seat: int, action: Action) -> None:
    """14.5.2: a move, a battle or a build, each one of the Command's actions."""
    state.turn.flags_as(HundredsFlags)["commands"] -= 1
    if isinstance(action, Move):
        movement.move(state, seat, action.src, action.dst, action.count)
    elif isinstance(action, Lead):
        _lead(state, seat, action)
    elif isinstance(action, Battle):
        battle.start(state, seat, action.clearing, action.defender)
    elif isinstance(action, Stronghold):
        spent = hand.spend(state, seat, action.card)
        place(state, seat, "stronghold", action.clearing)
        state.say(f"{NAME} spends {label(spent)} and builds a stronghold in clearing {action.clearing}.", None,
                  ("place", action.clearing, None))


def _advance_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    """14.5.3: move the warlord with warriors, then battle in its clearing (Relentless: once more)."""
    flags = state.turn.flags_as(HundredsFlags)
    cid = hb.warlord_at(state)
    if cid is None:
        return
    fresh = flags.get("advances", 0) > 0
    extra = bool(flags.get("relentless"))
    if verb in (None, "lead") and (fresh or extra):
        yield from _lead_options(state, seat, [cid])
    if verb in (None, "battle") and (fresh or extra or flags.get("advance") == "moved"):
        yield from battle.battle_options(state, seat, [cid])


def _advance(state: GameState, seat: int, action: Action) -> None:
    flags = state.turn.flags_as(HundredsFlags)
    if flags.get("relentless"):
        flags["relentless"] = False
        flags["advance"] = ""
    elif isinstance(action, Battle) and flags.get("advance") == "moved":
        flags["advance"] = ""
        if hb.mood(state, seat) == "relentless":
            flags["relentless"] = True
    else:
        flags["advances"] -= 1
        flags["advance"] = "moved" if isinstance(action, Lead) else ""
    if isinstance(action, Lead):
        _lead(state, seat, action)
    elif isinstance(action, Battle):
        battle.start(state, seat, action.clearing, action.defender)


# --- Evening (14.6) --------------------------------------------------------------------------------


def _incite_sites(state: GameState) -> list[int]:
    """Clearings with a Hundreds warrior (the warlord included) and no mob, where a mob may be placed."""
    return [
        c for c in state.board.ids()
        if hb.has_warrior(state, c) and not state.clearings[c - 1].get(MOB) and may_place(state, ID, c, TOKEN)
    ]


def _incite_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    flags = state.turn.flags_as(HundredsFlags)
    if verb in (None, "jubilant") and flags.get("jubilant", 0) > 0 and state.seats[seat].supply.get("mob", 0) > 0:
        yield Jubilant()
    if verb in (None, "incite") and state.seats[seat].supply.get("mob", 0) > 0:
        for cid in _incite_sites(state):
            for key in hand.keys_matching(state, seat, suit(state, cid)):
                yield Incite(cid, key)


def _incite(state: GameState, seat: int, action: Incite) -> None:
    flags = state.turn.flags_as(HundredsFlags)
    spent = hand.spend(state, seat, action.card)
    state.say(f"{NAME} spends {label(spent)} to incite a mob.")
    _place_mob(state, seat, action.clearing, "Incite")
    jubilant = hb.mood(state, seat) == "jubilant" and hb.warlord_at(state) == action.clearing
    flags["jubilant"] = hb.JUBILANT_ROLLS if jubilant else 0


def oppressed(state: GameState, seat: int) -> list[int]:
    """14.6.2: clearings the Hundreds rule with a Hundreds piece and no enemy piece."""
    return [
        c for c in state.board.ids()
        if rules(state, seat, c) and hb.own_pieces(state, c) and not hb.enemy_pieces(state, seat, c)
    ]


def _oppress(state: GameState, seat: int) -> None:
    n = len(oppressed(state, seat))
    points = hb.OPPRESS[min(n, len(hb.OPPRESS) - 1)]
    if points:
        score(state, seat, points, f"oppressing {plural(n, 'clearing')}")
    else:
        state.say(f"{NAME} oppresses no clearing.")


# --- battle (14.2.5, 14.7.1) ------------------------------------------------------------------------


def seized_warlord(state: GameState, b: BattleState) -> str | None:
    """TS.2.5: the map key of the warlord in the battle's clearing when the defender controls it (infected)."""
    defender = state.seats[b["defender"]].faction
    key = f"{WARLORD}:{defender}"
    return key if defender != ID and state.clearings[b["clearing"] - 1].get(key) else None


def _hit_warlord_first(state: GameState, b: BattleState) -> None:
    """Move one hit assigned to another of the defender's pieces onto the targeted warlord, once."""
    key = seized_warlord(state, b)
    dseat = b["defender"]
    hits = b["hit"]
    if key is None or any(who == dseat and piece == key for who, piece, _ in hits):
        _mark(b)["target"] = False
        return
    other = next((entry for entry in hits if entry[0] == dseat and entry[2] > 0), None)
    if other is None:
        return
    other[2] -= 1
    hits.append([dseat, key, 1])
    _mark(b)["target"] = False


def _stubborn(state: GameState, seat: int, b: BattleState) -> bool:
    """Whether Stubborn's ignored hit is still to come in this battle."""
    here = hb.mood(state, seat) == "stubborn" and hb.warlord_at(state) == b["clearing"]
    return here and not _hb(b).get("stubborn")


def _bitter(state: GameState, seat: int, cid: int) -> None:
    """14.7.1: a mob removed in or next to the warlord's clearing; a warrior placed in the warlord's clearing."""
    here = state.clearings[cid - 1]
    here[MOB] -= 1
    if not here[MOB]:
        del here[MOB]
    state.seats[seat].supply["mob"] += 1
    home = hb.warlord_at(state)
    n = place(state, seat, "warrior", home) if home and may_place(state, ID, home, WARRIOR) else 0
    placed = f" and places a warrior in clearing {home}" if n else ""
    state.say(f"{NAME} is Bitter: removes the mob in clearing {cid}{placed}.")


def _plunder(state: GameState, seat: int, other: int, name: str) -> None:
    """14.2.5: an item taken from the defender's Crafted Items box into the Hoard."""
    records = registry.of(state, other).crafted_items(state, other)
    record = next(i for i in records if i["item"] == name)
    records.remove(record)
    state.say(f"{NAME} loots the {name} from {registry.of(state, other).name}.")
    hoard.gain(state, seat, name, "looted")


registry.register(Hundreds())
