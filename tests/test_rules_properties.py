"""Rule properties checked on every transition of many seeded random games.

rules/invariants.py already checks what holds in every single state (piece counts, 54 cards, slots,
items). This file checks what the *rules* say about each step of play: for every (before, action,
after) triple of many random games it compares the engine with a small independent model of the Law
of Root (rule numbers are those of the Law digest; docs/rulings.md settles what the Law leaves open).

Properties (each violation names the game, the action index and the rule):

* legality (4.2, 6.5, 7.4, 7.5, 4.1, 4.3): in the Marquise's Daylight actions, the Eyrie's Decree and
  resolution, crafting, ambush and Field Hospitals decisions, the legal list is exactly what an
  independent model of the rules allows (every affordable build, every move, every battle...);
  nothing is offered to a seat that is not to act; no action is listed twice;
* moves (4.2): the mover ruled origin or destination, a path joins them, exactly `count` warriors
  moved and nothing else on the map changed;
* placement (6.2.2, 2.2, 7.5.2): no other faction places a piece in the keep's clearing; at most one
  roost per clearing; builds, recruits, wood, new roosts and Field Hospitals place what they say;
* battle (4.3): rolled hits equal the die capped by warriors; the defenseless hit only with no
  defending warriors; ambush deals two hits; hits remove warriors before buildings and tokens and
  exactly as many pieces as they can; the remover scores 1 per enemy building/token (3.2.1), Brutal
  Tactics and the Despot add theirs;
* scoring (3.1, 3.2, 6.5.4, 7.2.3, 7.6, 7.7): points change exactly by the announced amounts and never
  fall below 0; build points and roost points follow the tracks; Disdain for Trade; Turmoil's
  humiliation; the game ends exactly when a seat reaches 30, with the right winner;
* cards (2.1, 6.6, 7.6, 9): Evening draws 1 + bonuses; the hand is at most 5 when the turn ends; the
  deck is refilled whenever it is empty; the discard pile is public;
* turn (1.4): each turn runs Birdsong -> Daylight -> Evening through the faction's steps in order,
  seats alternate in turn order, the round rises once per cycle;
* hidden information (1.2): private texts name only cards their reader may know; public texts never
  name a drawn or stolen card; views show a seat only its own hand;
* determinism: every legal action's notation parses back to it; replaying a game's notations gives
  the same state digest.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

import rules
from rules import battle as battle_module
from rules import faction_hooks, flow, registry
from rules import movement as movement_module
from rules.actions import (
    Action,
    Activate,
    Ambush,
    Battle,
    Build,
    Craft,
    Discard,
    End,
    Foil,
    Hit,
    Move,
    Pass,
    Recruit,
    Take,
    Use,
)
from rules.cards import card, deck, label
from rules.factions import eyrie as eyrie_module
from rules.factions import marquise as marquise_module
from rules.factions.eyrie import Decree
from rules.factions.marquise import Hire, Hospital, Overwork
from rules.record import Record, replay
from rules.rng import below
from rules.state import GameState

# --- the rules as printed (the model this file checks the engine against) ------------------------

WIN_POINTS = 30  # 3.1
HAND_LIMIT = 5  # 6.6, 7.6.2
BUILDING_KINDS = {"sawmill", "workshop", "recruiter", "roost"}
TOKEN_KINDS = {"wood", "keep"}
MARQUISE_TRACKS = ("sawmill", "workshop", "recruiter")
MARQUISE_COST = (0, 1, 2, 3, 3, 4)  # rulings: tracks
MARQUISE_POINTS = {
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}
ROOST_POINTS = (0, 1, 2, 3, 4, 4, 5)
BOX = {
    "marquise": {"warrior": 25, "wood": 8, "sawmill": 6, "workshop": 6, "recruiter": 6},
    "eyrie": {"warrior": 20, "roost": 7},
}
COLUMNS = ("recruit", "move", "battle", "build")
LEADER_VIZIERS = {
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}
NAMES = {"marquise": "Marquise de Cat", "eyrie": "Eyrie Dynasties"}
TURN_STEPS = {
    "marquise": (
        ("birdsong", "birdsong.start"),
        ("birdsong", "marquise.wood"),
        ("birdsong", "birdsong.cards"),
        ("daylight", "daylight.start"),
        ("daylight", "marquise.craft"),
        ("daylight", "marquise.actions"),
        ("daylight", "daylight.cards"),
        ("evening", "evening.start"),
        ("evening", "evening.draw"),
        ("evening", "evening.discard"),
        ("evening", "turn.end"),
    ),
    "eyrie": (
        ("birdsong", "birdsong.start"),
        ("birdsong", "eyrie.emergency"),
        ("birdsong", "eyrie.decree"),
        ("birdsong", "eyrie.new_roost"),
        ("birdsong", "birdsong.cards"),
        ("daylight", "daylight.start"),
        ("daylight", "eyrie.craft"),
        ("daylight", "eyrie.resolve"),
        ("daylight", "daylight.cards"),
        ("evening", "evening.start"),
        ("evening", "eyrie.score"),
        ("evening", "evening.draw"),
        ("evening", "evening.discard"),
        ("evening", "turn.end"),
    ),
}
SCORE_EVENT = re.compile(r"^(Marquise de Cat|Eyrie Dynasties) (scores|loses) (\d+) points? \((.+)\)\.$")
LABELS = {label(c.id) for c in deck()}


def item_names(s: GameState, seat: int) -> list[str]:
    return [i["item"] for i in s.seats[seat].items]


def kind_of(piece: str) -> str:
    return piece.split(":")[1]


def owner_of(piece: str) -> str:
    return piece.split(":")[0]


def count(s: GameState, faction: str, kind: str, cid: int) -> int:
    return s.clearings[cid - 1].get(f"{faction}:{kind}", 0)


def warriors(s: GameState, faction: str, cid: int) -> int:
    return count(s, faction, "warrior", cid)


def on_map(s: GameState, faction: str, kind: str) -> int:
    return sum(c.get(f"{faction}:{kind}", 0) for c in s.clearings)


def supply(s: GameState, faction: str, kind: str) -> int:
    """What is left in the box: the box count minus what is on the map (no other areas in these games)."""
    return BOX[faction][kind] - on_map(s, faction, kind)


def ids(s: GameState) -> range:
    return range(1, len(s.clearings) + 1)


def joined(s: GameState, a: int, b: int) -> bool:
    """A path (4.2) joins two clearings: read from the printed paths, not the engine's neighbour table."""
    pair = (min(a, b), max(a, b))
    return pair in s.board.paths or pair in s.board.bridges


def neighbours(s: GameState, cid: int) -> list[int]:
    return [n for n in ids(s) if n != cid and joined(s, cid, n)]


def suit_of(s: GameState, cid: int) -> str:
    return s.suits[cid - 1]


def presence(s: GameState, cid: int) -> Counter[str]:
    """Warriors plus buildings per faction (2.5: tokens and pawns do not count)."""
    out: Counter[str] = Counter()
    for piece, n in s.clearings[cid - 1].items():
        if kind_of(piece) == "warrior" or kind_of(piece) in BUILDING_KINDS:
            out[owner_of(piece)] += n
    return out


def ruler(s: GameState, cid: int) -> str | None:
    """2.5 rule, with 7.2.2 Lords of the Forest."""
    p = +presence(s, cid)
    if not p:
        return None
    best = max(p.values())
    leaders = [f for f, n in p.items() if n == best]
    if len(leaders) == 1:
        return leaders[0]
    return "eyrie" if "eyrie" in leaders else None


def ruled(s: GameState, faction: str) -> set[int]:
    return {cid for cid in ids(s) if ruler(s, cid) == faction}


def keep_clearing(s: GameState) -> int | None:
    return next((cid for cid in ids(s) if count(s, "marquise", "keep", cid)), None)


def buildings(s: GameState, cid: int) -> int:
    return sum(n for p, n in s.clearings[cid - 1].items() if kind_of(p) in BUILDING_KINDS)


def free_slots(s: GameState, cid: int) -> int:
    return s.board.clearing(cid).slots - buildings(s, cid) - (1 if s.ruins[cid - 1] is not None else 0)


def may_place(s: GameState, faction: str, cid: int) -> bool:
    """6.2.2: only the Marquise places pieces in the keep's clearing."""
    return faction == "marquise" or keep_clearing(s) != cid


def matching_keys(s: GameState, seat: int, suit: str) -> set[str]:
    """Cards that may be spent as a suit (2.1.1 birds are wild)."""
    return {card(c).key for c in s.seats[seat].hand if card(c).suit in (suit, "bird")}


def fits(decree_suit: str, clearing_suit: str) -> bool:
    return decree_suit == "bird" or decree_suit == clearing_suit


def factions_present(s: GameState, cid: int) -> set[str]:
    return {owner_of(p) for p, n in s.clearings[cid - 1].items() if n}


def hand_keys(s: GameState, seat: int) -> set[str]:
    return {card(c).key for c in s.seats[seat].hand}


def connected_ruled(s: GameState, cid: int, mine: set[int]) -> set[int]:
    """6.5.4: the clearing and every clearing joined to it through clearings you rule."""
    seen, todo = {cid}, [cid]
    while todo:
        c = todo.pop()
        for n in neighbours(s, c):
            if n in mine and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


# --- instrumentation: what happened inside one apply (battle stages, step entries, Turmoil) ------


@dataclass
class Probe:
    """Records checks made at moments an apply passes through without stopping."""

    log: list[tuple[str, Any]] = field(default_factory=list)


PROBE = Probe()


def _snap(s: GameState, cid: int) -> dict[str, int]:
    return dict(s.clearings[cid - 1])


@contextmanager
def instrumented() -> Iterator[Probe]:
    """Wrap battle stages, step entry and the Eyrie's Turmoil so their moments can be checked."""
    stages = dict(battle_module.STAGES)
    original_enter = flow.enter
    eyrie = registry.faction("eyrie")

    def wrap_stage(name: str, fn: Callable[[GameState, Any], None]) -> Callable[[GameState, Any], None]:
        def run(s: GameState, b: Any) -> None:
            pre = {
                "pieces": _snap(s, b["clearing"]),
                "points": [x.points for x in s.seats],
                "rng": s.rng,
                "b": rules.state.copy_json(b),
                "leaders": [x.data.get("leader") for x in s.seats],
            }
            fn(s, b)
            post = {
                "pieces": _snap(s, b["clearing"]),
                "points": [x.points for x in s.seats],
                "b": rules.state.copy_json(b),
                "over": s.over,
                "pending": [d["kind"] for d in s.pending],
            }
            PROBE.log.append(("stage", (name, pre, post)))

        return run

    def enter(s: GameState, seat: int, step: str) -> None:
        pre = s.clone()
        original_enter(s, seat, step)
        PROBE.log.append(("enter", (seat, step, pre, s.clone())))

    def turmoil(s: GameState, seat: int) -> None:
        pre = s.clone()
        type(eyrie).turmoil(eyrie, s, seat)
        PROBE.log.append(("turmoil", (seat, pre, s.clone())))

    def stuck(s: GameState, seat: int, step: str) -> None:
        PROBE.log.append(("stuck", (seat, step, s.clone())))
        type(eyrie).stuck(eyrie, s, seat, step)

    for name, fn in stages.items():
        battle_module.STAGES[name] = wrap_stage(name, fn)
    flow.enter = enter  # type: ignore[assignment]
    eyrie.turmoil = turmoil  # type: ignore[method-assign]
    eyrie.stuck = stuck  # type: ignore[method-assign]
    try:
        yield PROBE
    finally:
        battle_module.STAGES.update(stages)
        flow.enter = original_enter  # type: ignore[assignment]
        del eyrie.turmoil
        del eyrie.stuck
        PROBE.log.clear()


# --- choosers --------------------------------------------------------------------------------------

VERB_WEIGHTS = {
    "battle": 8,
    "build": 6,
    "craft": 8,
    "ambush": 6,
    "foil": 6,
    "use": 4,
    "hospital": 5,
    "recruit": 5,
    "overwork": 3,
    "hire": 2,
    "move": 3,
    "decree": 3,
    "hit": 3,
    "end": 1,
    "pass": 1,
}


def uniform(rng: random.Random, options: list[Action]) -> Action:
    return rng.choice(options)


def biased(rng: random.Random, options: list[Action]) -> Action:
    """Pick a verb first (battles, builds, crafts and card plays weigh more), then an action of it."""
    by_verb: dict[str, list[Action]] = {}
    for a in options:
        by_verb.setdefault(a.verb, []).append(a)
    verbs = sorted(by_verb)
    verb = rng.choices(verbs, [VERB_WEIGHTS.get(v, 3) for v in verbs])[0]
    return rng.choice(by_verb[verb])


TIMID_WEIGHTS = {"move": 6, "pass": 6, "end": 4, "recruit": 3, "decree": 3, "hit": 3, "discard": 3, "hospital": 3}


def timid(rng: random.Random, options: list[Action]) -> Action:
    """Avoid scoring (builds, battles, crafts weigh little): long games that run the deck and supplies out."""
    by_verb: dict[str, list[Action]] = {}
    for a in options:
        by_verb.setdefault(a.verb, []).append(a)
    verbs = sorted(by_verb)
    verb = rng.choices(verbs, [TIMID_WEIGHTS.get(v, 0.3) for v in verbs])[0]
    return rng.choice(by_verb[verb])


CHOOSERS = {"uniform": uniform, "biased": biased, "timid": timid}


# --- the checker ------------------------------------------------------------------------------------


@dataclass
class Game:
    """One seeded game: options, seed, chooser (dominance: the set-aside dominance cards are shuffled back in)."""

    factions: tuple[str, str]
    board: str
    first_player: int
    seed: int
    chooser: str
    dominance: bool = False
    extra: tuple[tuple[str, Any], ...] = ()
    loaded: bool = False

    @property
    def options(self) -> dict[str, Any]:
        return {
            "factions": list(self.factions),
            "board": self.board,
            "first_player": self.first_player,
            "round_limit": 60,
            **dict(self.extra),
        }

    def __str__(self) -> str:
        text = f"{','.join(self.factions)}/{self.board}/first={self.first_player}/seed={self.seed}/{self.chooser}"
        text += "/dominance" if self.dominance else ""
        return text + ("/loaded" if self.loaded else "") + "".join(f"/{k}={v}" for k, v in self.extra)


@dataclass
class Tracker:
    """What the model remembers across transitions of one turn (independently of the engine's flags)."""

    turn_key: tuple[int, int] = (-1, -1)
    actions: int = 0
    march: int = 0
    recruited: bool = False
    marquise_init: bool = False
    used: set[str] = field(default_factory=set)
    decreed: list[str] = field(default_factory=list)
    todo: dict[str, list[str]] | None = None
    crafted_with: Counter[str] = field(default_factory=Counter)
    battle_uses: list[tuple[int, str]] = field(default_factory=list)
    battle_removed: list[tuple[str, int]] = field(default_factory=list)
    deposed: list[str] = field(default_factory=list)
    steps: list[tuple[int, str, int]] = field(default_factory=list)
    deal_pre: Any = None


class Checker:
    """Checks one game's transitions; violations collect as strings."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.violations: list[str] = []
        self.t = Tracker()
        self.index = 0
        self.action: Action | None = None
        self.transitions = 0
        self.parse_all = True
        self.hidden_every = 1
        self.events: list[rules.Event] = []
        self.factions: list[str] = []
        self.dominant = [False, False]

    # -- reporting --
    def fail(self, rule: str, text: str) -> None:
        where = f"{self.game} action #{self.index}"
        if self.action is not None:
            where += f" '{self.action.notation()}'"
        self.violations.append(f"[{rule}] {where}: {text}")

    # -- states ----------------------------------------------------------------------------------
    def check_state(self, s: GameState, options: list[Action], seat: int) -> None:
        """Properties of a state waiting for `seat`, with its legal list."""
        texts = [a.notation() for a in options]
        if len(set(options)) != len(options):
            dup = [t for t, n in Counter(texts).items() if n > 1]
            self.fail("engine", f"legal list repeats {dup[:3]}")
        for other in range(len(s.seats)):
            if other != seat and rules.legal_actions(s, other):
                self.fail("1.4", f"seat {other} is offered actions while seat {seat} must act")
        if self.parse_all:
            self.check_verb_filter(s, seat, options)
            for a in options:
                try:
                    back = rules.parse(s, a.notation())
                except rules.RulesError as err:
                    self.fail("notation", f"'{a.notation()}' does not parse: {err}")
                    continue
                if back != a:
                    self.fail("notation", f"'{a.notation()}' parses to {back!r}, not {a!r}")
        for cid in ids(s):
            if count(s, "eyrie", "roost", cid) > 1:
                self.fail("7.5.2", f"clearing {cid} holds {count(s, 'eyrie', 'roost', cid)} roosts")
        if not s.deck and s.discard:
            self.fail("2.1", "the deck is empty but the discard pile was not shuffled into a new deck")
        for i, x in enumerate(s.seats):
            if x.points < 0 and not s.options.get("negative_points"):
                self.fail("points", f"seat {i} has {x.points} points")
        if s.pending:
            self.check_decision(s, options)
        elif s.battle is None:
            self.check_step(s, options)

    def check_decision(self, s: GameState, options: list[Action]) -> None:
        d = s.pending[0]
        seat = d["seat"]
        got = set(options)
        if d["kind"] == "ambush":
            b = s.battle
            assert b is not None
            want: set[Action] = {Pass()} | {
                Ambush(k)
                for k in hand_keys(s, seat)
                if k.startswith("ambush-") and fits(card_suit(k), suit_of(s, b["clearing"]))
            }
            if seat != b["defender"]:
                self.fail("4.3.1", "the ambush is offered to the attacker")
            if any(card(c).effect == "scouting_party" for c in s.seats[b["attacker"]].crafted):
                self.fail("Scouting Party", "an ambush is offered against an attacker with Scouting Party")
            self.same("4.3.1 ambush", got, want)
        elif d["kind"] == "foil":
            b = s.battle
            assert b is not None
            want = {Pass()} | {
                Foil(k)
                for k in hand_keys(s, seat)
                if k.startswith("ambush-") and fits(card_suit(k), suit_of(s, b["clearing"]))
            }
            if seat != b["attacker"]:
                self.fail("4.3.1.1", "the foil is offered to the defender")
            self.same("4.3.1.1 foil", got, want)
        elif d["kind"] == "battle_effect":
            b = s.battle
            assert b is not None
            attacking = seat == b["attacker"]
            allowed = {"armorers", "brutal_tactics"} if attacking else {"armorers", "sappers"}
            mine = {card(c).key for c in s.seats[seat].crafted if card(c).effect in allowed}
            used = {k for who, k in self.t.battle_uses if who == seat}
            want = {Pass()} | {Use(k) for k in mine - used}
            self.same("4.3.4 after-roll effects", got, want)
        elif d["kind"] == "hits":
            b = s.battle
            assert b is not None
            me = s.seats[seat].faction
            left = warriors(s, me, b["clearing"])
            if left:
                self.fail("4.3.6", f"a building/token must take a hit while {left} warriors of seat {seat} remain")
            others = {p: n for p, n in s.clearings[b["clearing"] - 1].items() if owner_of(p) == me}
            owed = sum(n for who, n in b["owed"] if who == seat)
            if len(others) < 2 or owed >= sum(others.values()) or owed <= 0:
                self.fail("4.3.6", f"asked to choose a hit for {owed} hits on {others}, where nothing is to choose")
            self.same("4.3.6 hits", got, {Hit(kind_of(p)) for p in others})
        elif d["kind"] == "discard":
            if len(s.seats[seat].hand) <= HAND_LIMIT:
                self.fail("9 hand limit", f"asked to discard with {len(s.seats[seat].hand)} cards")
            self.same("9 discard", got, {Discard(k) for k in hand_keys(s, seat)})
        elif d["kind"] == "faction" and d.get("what") == "hospital":
            keep = keep_clearing(s)
            if keep is None:
                self.fail("6.2.3", "Field Hospitals offered with the keep off the map")
            want = {Pass()} | {Hospital(k) for k in matching_keys(s, seat, suit_of(s, d["clearing"]))}
            self.same("6.2.3 Field Hospitals", got, want)
        elif d["kind"] == "command_warren":
            self.same("Command Warren", got, {Pass()} | expected_battles(s, seat))
        elif d["kind"] == "cobbler":
            self.same("Cobbler", got, {Pass()} | expected_moves(s, seat))
        elif d["kind"] == "better_burrow_bank":
            self.fail("Better Burrow Bank", "a choice of player is asked with only one other player")
        elif d["kind"] == "faction" and d.get("what") == "wood":
            mills = {c for c in ids(s) if count(s, "marquise", "sawmill", c)}
            if {a.clearing for a in options} - mills or supply(s, "marquise", "wood") <= 0:  # type: ignore[attr-defined]
                self.fail(
                    "6.4", f"wood choices {sorted(a.notation() for a in options)} with sawmills in {sorted(mills)}"
                )
        elif d["kind"] == "faction" and d.get("what") == "leader":
            left = [x for x in LEADER_VIZIERS if x not in self.t.deposed]
            self.same("7.7.3 depose", {a.notation() for a in options}, {f"leader {x}" for x in left})
        elif d["kind"] == "faction" and d.get("what") == "roost":
            want_spots = new_roost_spots(s)
            self.same("7.4.3 a new roost", {a.notation() for a in options}, {f"roost {c}" for c in want_spots})

    def same(self, rule: str, got: set[Any], want: set[Any]) -> None:
        if got != want:
            extra = sorted(str(x) for x in got - want)[:6]
            missing = sorted(str(x) for x in want - got)[:6]
            self.fail(rule, f"legal list differs: offered but not allowed {extra}; allowed but not offered {missing}")

    def check_step(self, s: GameState, options: list[Action]) -> None:
        seat, step = s.turn.seat, s.turn.step
        faction = s.seats[seat].faction
        own = [a for a in options if a.verb not in ("use", "activate", "take")]
        window = {a for a in options if a.verb in ("use", "activate", "take")}
        self.check_window(s, seat, window)
        if step == "marquise.actions":
            self.check_marquise_actions(s, seat, set(own))
        elif step in ("marquise.craft", "eyrie.craft"):
            self.check_craft(s, seat, set(own))
        elif step == "eyrie.decree":
            self.check_decree(s, seat, set(own))
        elif step == "eyrie.resolve":
            self.check_resolve(s, seat, set(own))
        elif step in ("birdsong.cards", "daylight.cards"):
            if set(own) != {End()}:
                self.fail("flow", f"{step} offers {sorted(a.notation() for a in own)}")
        else:
            self.fail("flow", f"{faction} waits at step {step}, which is not interactive")

    def check_window(self, s: GameState, seat: int, got: set[Action]) -> None:
        """Birdsong and Daylight card effects (rulings: phase card effects)."""
        self.same(f"card effects in {s.turn.phase}", got, window_model(s, seat, self.t.used))

    def check_marquise_actions(self, s: GameState, seat: int, got: set[Action]) -> None:
        t = self.t
        flags = s.turn.flags
        if (flags.get("actions"), flags.get("march"), flags.get("recruited")) != (t.actions, t.march, t.recruited):
            self.fail(
                "6.5",
                f"the engine counts actions={flags.get('actions')} march={flags.get('march')} "
                f"recruited={flags.get('recruited')}, the model {t.actions}/{t.march}/{t.recruited}",
            )
        want: set[Action] = {End()}
        if t.actions > 0 or t.march > 0:
            want |= set(expected_moves(s, seat))
        want |= {Hire(k) for k in matching_keys(s, seat, "bird")}
        builds_got = {(a.kind, a.clearing) for a in got if isinstance(a, Build)}
        others = {a for a in got if not isinstance(a, (Build, Recruit))}
        if t.actions > 0:
            want |= set(expected_battles(s, seat))
            for key in hand_keys(s, seat):
                for cid in ids(s):
                    if (
                        count(s, "marquise", "sawmill", cid)
                        and supply(s, "marquise", "wood") > 0
                        and key in matching_keys(s, seat, suit_of(s, cid))
                    ):
                        want.add(Overwork(cid, key))
            self.same("6.5.4 build (kind, clearing)", builds_got, expected_builds(s))
            self.check_build_wood(s, [a for a in got if isinstance(a, Build)])
            recruits = [a for a in got if isinstance(a, Recruit)]
            recruiters = [c for c in ids(s) for _ in range(count(s, "marquise", "recruiter", c))]
            can = not t.recruited and recruiters and supply(s, "marquise", "warrior") > 0
            if bool(recruits) != bool(can):
                self.fail("6.5.3 recruit", f"recruit offered={bool(recruits)}, allowed={bool(can)}")
            for r in recruits:
                if r.clearings and (
                    len(r.clearings) != supply(s, "marquise", "warrior") or Counter(r.clearings) - Counter(recruiters)
                ):
                    self.fail("6.5.3 recruit", f"'{r.notation()}' is not a choice of recruiters for the supply")
        else:
            if builds_got or any(isinstance(a, Recruit) for a in got):
                self.fail("6.5", "a build or recruit is offered with no actions left")
        self.same("6.5 Marquise Daylight actions", others, want)

    def check_build_wood(self, s: GameState, builds: list[Build]) -> None:
        mine = ruled(s, "marquise")
        seen = Counter((a.kind, a.clearing) for a in builds if not a.wood)
        for key, n in seen.items():
            if n != 1:
                self.fail("6.5.4", f"build {key} is offered {n} times without a wood choice")
        for a in builds:
            if not a.wood:
                continue
            cost = MARQUISE_COST[on_map(s, "marquise", a.kind)]
            comp = connected_ruled(s, a.clearing, mine)
            need = Counter(a.wood)
            if len(a.wood) != cost or any(
                c not in comp or n > count(s, "marquise", "wood", c) for c, n in need.items()
            ):
                self.fail(
                    "6.5.4", f"'{a.notation()}' pays with wood it can't use (cost {cost}, reachable {sorted(comp)})"
                )

    def check_craft(self, s: GameState, seat: int, got: set[Action]) -> None:
        want = {End()} | {Craft(k) for k in craftable(s, seat, self.t.crafted_with)}
        plain = {a for a in got if not (isinstance(a, Craft) and a.using)}
        self.same("4.1 crafting", plain, want)
        pieces = crafting_pieces(s, seat) - self.t.crafted_with
        for a in got:
            if isinstance(a, Craft) and a.using:
                cost = card_cost(a.card)
                named = Counter(x for x in cost if x != "any")
                if len(a.using) != cost.count("any") or (named + Counter(a.using)) - pieces:
                    self.fail("4.1.1", f"'{a.notation()}' pays with pieces it does not have")

    def check_decree(self, s: GameState, seat: int, got: set[Action]) -> None:
        t = self.t
        want: set[Action] = set()
        if t.decreed or not s.seats[seat].hand:
            want.add(End())
        if len(t.decreed) < 2:
            for k in hand_keys(s, seat):
                if card_suit(k) == "bird" and "bird" in t.decreed:
                    continue
                want |= {Decree(k, col) for col in COLUMNS}
        self.same("7.4.2 add to the Decree", got, want)

    def check_resolve(self, s: GameState, seat: int, got: set[Action]) -> None:
        t = self.t
        if t.todo is None:
            self.fail("7.5.2", "resolving the Decree before it was read")
            return
        engine_todo = {c: sorted(v) for c, v in s.turn.flags.get("todo", {}).items() if v}
        mine = {c: sorted(v) for c, v in t.todo.items() if v}
        if engine_todo != mine:
            self.fail("7.5.2", f"the engine's cards to resolve {engine_todo} differ from the Decree's {mine}")
        want = expected_resolve(s, seat, t.todo)
        if not any(t.todo.values()):
            want.add(End())
        elif not want:
            self.fail("7.7 turmoil", "the Eyrie wait at a Decree card they cannot resolve")
        self.same("7.5.2 resolve the Decree", got, want)

    # -- transitions -----------------------------------------------------------------------------
    def before_apply(self, s: GameState, seat: int, action: Action) -> None:
        """Update the turn model for the action about to be taken."""
        t = self.t
        if s.pending:
            d = s.pending[0]
            if d["kind"] == "battle_effect" and isinstance(action, Use):
                t.battle_uses.append((seat, action.card))
            return
        step = s.turn.step
        if action.verb in ("use", "activate", "take"):
            if isinstance(action, Use):
                t.used.add(card_effect(action.card))
            if step == "marquise.actions":
                t.march = 0  # rulings 6.5.2: any other action ends the march; effects too (1.4.2)
            return
        if step == "marquise.actions":
            if isinstance(action, Move):
                if t.march:
                    t.march -= 1
                else:
                    t.actions -= 1
                    t.march = 1
            elif action.verb == "hire":
                t.actions += 1
                t.march = 0
            elif not isinstance(action, End):
                t.actions -= 1
                t.march = 0
                if isinstance(action, Recruit):
                    t.recruited = True
        elif step == "eyrie.decree" and action.verb == "decree":
            t.decreed.append(card_suit(action.card))  # type: ignore[attr-defined]
        elif step == "eyrie.resolve" and not isinstance(action, End) and t.todo is not None:
            col = action.verb
            sfx = getattr(action, "suit", None)
            if col in t.todo and sfx in t.todo[col]:
                t.todo[col].remove(sfx)
        elif isinstance(action, Craft):
            cost = card_cost(action.card)
            pieces = crafting_pieces(s, seat) - t.crafted_with
            t.crafted_with += pay(cost, pieces, action.using)

    def new_turn(self, s: GameState) -> None:
        key = (s.turn.round, s.turn.seat)
        if key != self.t.turn_key:
            keep = self.t
            self.t = Tracker(turn_key=key, deposed=keep.deposed, steps=keep.steps)

    def check_transition(self, b: GameState, seat: int, a: Action, s: GameState, events: list[rules.Event]) -> None:
        self.transitions += 1
        self.events = events
        self.dominant = [x.dominance is not None for x in b.seats]
        log = list(PROBE.log)
        PROBE.log.clear()
        self.check_points(b, s, events)
        self.check_hidden(b, seat, a, s, events)
        self.check_undo_floor(s, events)
        self.check_decree_kept(b, a, s, events)
        self.check_victory(s)
        for k, (what, data) in enumerate(log):
            if what == "enter" and k + 1 < len(log) and log[k + 1][0] == "enter":
                self.check_passed(*data)
            if what == "stage":
                self.check_stage(*data)
            elif what == "enter":
                self.check_enter(*data)
            elif what == "turmoil":
                self.check_turmoil(*data)
            elif what == "stuck":
                st_seat, step, snap = data
                todo = self.t.todo if self.t.todo is not None else decree_todo(snap, st_seat)
                if step == "eyrie.resolve" and expected_resolve(snap, st_seat, todo):
                    self.fail("7.7 turmoil", "the Eyrie fell into Turmoil with a Decree card they could resolve")
        new_turn = any(e.public.startswith("Round ") for e in events)
        if not b.pending and b.battle is None:
            self.check_own_action(b, seat, a, s, events, new_turn)
        elif b.pending:
            self.check_decision_result(b, seat, a, s, new_turn)
        self.check_keep(b, a, s)
        if s.over:
            return
        self.new_turn(s)
        if s.turn.step == "eyrie.resolve" and self.t.todo is None:
            self.t.todo = decree_todo(s, s.turn.seat)
        if s.turn.step == "marquise.actions" and not self.t.marquise_init:
            self.t.marquise_init = True
            self.t.actions, self.t.march, self.t.recruited = 3, 0, False

    def check_points(self, b: GameState, s: GameState, events: list[rules.Event]) -> None:
        """3.2: points change by exactly the announced amounts."""
        change = [0] * len(s.seats)
        for e in events:
            m = SCORE_EVENT.match(e.public)
            if m:
                seat = next(i for i, x in enumerate(s.seats) if NAMES[x.faction] == m[1])
                change[seat] += int(m[3]) * (1 if m[2] == "scores" else -1)
        for i in range(len(s.seats)):
            if s.seats[i].points - b.seats[i].points != change[i]:
                self.fail(
                    "3.2",
                    f"seat {i} points went {b.seats[i].points} -> {s.seats[i].points}, announced {change[i]:+d}",
                )

    def check_undo_floor(self, s: GameState, events: list[rules.Event]) -> None:
        """Undo never reaches back past a card draw, a die roll, a shuffle or anything shown to one seat."""
        revealing = [e.public for e in events if e.private or e.public.startswith("Dice:") or "shuffled" in e.public]
        if revealing and not s.over and s.undo_floor != s.version:
            self.fail(
                "undo", f"after {revealing[0]!r} undo may still go back to version {s.undo_floor} (now {s.version})"
            )

    def check_decree_kept(self, b: GameState, a: Action, s: GameState, events: list[rules.Event]) -> None:
        """7.4.2 / 7.7: Decree cards stay until Turmoil purges them; only 'decree' adds one."""
        eyrie = b.seat_of("eyrie")
        if eyrie is None or b.turn.phase == "setup":
            return
        before = b.seats[eyrie].data["decree"]
        after = s.seats[eyrie].data["decree"]
        if any(e.public == "Turmoil!" for e in events):
            return
        for col in COLUMNS:
            want = list(before[col])
            if isinstance(a, Decree) and a.column == col and not b.pending:
                want = want + [c for c in after[col] if c not in before[col]][:1]
            if [c for c in after[col] if c != -1] != [c for c in want if c != -1]:
                self.fail("7.4.2", f"Decree {col} changed from {before[col]} to {after[col]}")

    def check_verb_filter(self, s: GameState, seat: int, options: list[Action]) -> None:
        """legal_actions(verb=...) lists exactly the legal actions of that verb (apply relies on it)."""
        for verb in sorted({a.verb for a in options}):
            filtered = rules.legal_actions(s, seat, verb=verb)
            if filtered != [a for a in options if a.verb == verb]:
                self.fail("engine", f"legal_actions(verb={verb!r}) differs from the full list")

    def check_victory(self, s: GameState) -> None:
        """3.1: the game ends the moment a seat reaches 30; 3.1.1 ties go clockwise from the current player."""
        target = int(s.options.get("win_points", WIN_POINTS))
        reached = [i for i, x in enumerate(s.seats) if x.dominance is None and x.points >= target]
        if reached and not s.over:
            self.fail("3.1", f"seats {reached} have 30 points but the game goes on")
        if s.over and reached:
            order = s.order[s.order.index(s.turn.seat) :] + s.order[: s.order.index(s.turn.seat)]
            first = next(i for i in order if i in reached)
            if s.winners != [first]:
                self.fail("3.1.1", f"winners {s.winners}, expected [{first}]")
        dominant = any(s.seats[w].dominance is not None for w in s.winners)
        if s.over and not reached and s.turn.round < 60 and not dominant:  # round 60 ends by the round limit
            self.fail("3.1", f"the game ended with winners {s.winners} and nobody at 30")

    def check_hidden(self, b: GameState, seat: int, a: Action, s: GameState, events: list[rules.Event]) -> None:
        """1.2: private texts only name cards their reader may know; public texts never name drawn cards."""
        known: dict[int, set[str]] = {}
        for i in range(len(s.seats)):
            known[i] = {label(c) for c in b.seats[i].hand + s.seats[i].hand}
        if isinstance(a, Use) and card_effect(a.card) == "codebreakers" and a.target:
            other = s.seat_of(a.target)
            assert other is not None
            known[seat] |= {label(c) for c in b.seats[other].hand}
        public_known = {label(c) for c in s.discard + b.discard + b.dominance_available}
        for field_name in ("card", "spend"):  # a card named by the action itself is shown to the table
            key = getattr(a, field_name, None)
            if key:
                public_known |= {label(c.id) for c in deck() if c.key == key}
        for x in s.seats:
            public_known |= {label(c) for c in x.crafted}
        for x in b.seats + s.seats:
            for col in COLUMNS:
                public_known |= {label(c) for c in x.data.get("decree", {}).get(col, []) if c >= 0}
        secret: set[str] = set()
        before_hands = [set(x.hand) for x in b.seats]
        for i, x in enumerate(s.seats):
            for c in x.hand:
                if c not in before_hands[i]:
                    secret.add(label(c))
        secret -= public_known
        for e in events:
            for reader, text in e.private.items():
                if not 0 <= reader < len(s.seats):
                    self.fail("1.2", f"private text for a seat not at the table: {reader}")
                    continue
                named = {lab for lab in LABELS if lab in text}
                if named - known[reader]:
                    self.fail("1.2", f"seat {reader} is told about {sorted(named - known[reader])}: {text!r}")
            leaked = {lab for lab in secret if lab in e.public}
            if leaked:
                self.fail("1.2", f"public text names a card just taken into a hand {sorted(leaked)}: {e.public!r}")

    def check_keep(self, b: GameState, a: Action, s: GameState) -> None:
        """6.2.2: only the Marquise places pieces in the keep's clearing (others may move in)."""
        keep = keep_clearing(b)
        if keep is None or keep_clearing(s) != keep:
            return
        moved_in = a.count if isinstance(a, Move) and a.dst == keep else 0
        for piece, n in s.clearings[keep - 1].items():
            if owner_of(piece) == "marquise":
                continue
            gained = n - b.clearings[keep - 1].get(piece, 0)
            allowed = moved_in if kind_of(piece) == "warrior" else 0
            if gained > allowed:
                self.fail("6.2.2", f"{gained} {piece} appeared in the keep's clearing {keep} ({a.notation()})")

    def check_own_action(
        self, b: GameState, seat: int, a: Action, s: GameState, events: list[rules.Event], new_turn: bool
    ) -> None:
        me = b.seats[seat].faction
        if isinstance(a, Move):
            self.check_move(b, seat, a, s, new_turn)
        elif isinstance(a, Build) and me == "marquise":
            placed = on_map(b, "marquise", a.kind)
            cost = MARQUISE_COST[placed]
            if count(s, "marquise", a.kind, a.clearing) != count(b, "marquise", a.kind, a.clearing) + 1:
                self.fail("6.5.4", f"building {a.kind} did not place it in {a.clearing}")
            used = on_map(b, "marquise", "wood") - on_map(s, "marquise", "wood")
            if used != cost:
                self.fail("6.5.4", f"a {a.kind} costing {cost} wood took {used}")
            comp = connected_ruled(b, a.clearing, ruled(b, "marquise"))
            for c in ids(b):
                if count(s, "marquise", "wood", c) < count(b, "marquise", "wood", c) and c not in comp:
                    self.fail("6.5.4", f"wood was taken from clearing {c}, not connected through ruled clearings")
            if a.wood:
                for c, n in Counter(a.wood).items():
                    if count(b, "marquise", "wood", c) - count(s, "marquise", "wood", c) != n:
                        self.fail("6.5.4", f"named wood from {c} x{n} was not the wood taken")
            self.expect_score(events, "marquise", f"building a {a.kind}", MARQUISE_POINTS[a.kind][placed], b, seat)
        elif isinstance(a, Build) and me == "eyrie":
            if count(s, "eyrie", "roost", a.clearing) != 1 or count(b, "eyrie", "roost", a.clearing) != 0:
                self.fail("7.5.2 build", f"roost count in {a.clearing} went wrong")
        elif isinstance(a, Recruit) and me == "marquise":
            spots = (
                Counter(a.clearings)
                if a.clearings
                else Counter(c for c in ids(b) for _ in range(count(b, "marquise", "recruiter", c)))
            )
            for c in ids(b):
                got = warriors(s, "marquise", c) - warriors(b, "marquise", c)
                if got != spots.get(c, 0):
                    self.fail("6.5.3", f"recruit put {got} warriors in {c}, expected {spots.get(c, 0)}")
        elif isinstance(a, Recruit) and me == "eyrie":
            cid = a.clearings[0]
            want = 2 if b.seats[seat].data.get("leader") == "charismatic" else 1
            want = min(want, supply(b, "eyrie", "warrior"))
            got = warriors(s, "eyrie", cid) - warriors(b, "eyrie", cid)
            if got != want and not new_turn:
                self.fail("7.5.2 recruit", f"recruited {got} warriors in {cid}, expected {want}")
            if not count(b, "eyrie", "roost", cid) or not fits(a.suit or "", suit_of(b, cid)):
                self.fail("7.5.2 recruit", f"recruit in {cid} without a matching roost")
        elif isinstance(a, Craft):
            self.check_craft_result(b, seat, a, s, events)
        elif isinstance(a, Decree):
            gone = [c for c in b.seats[seat].hand if c not in s.seats[seat].hand]
            purged = any(e.public == "Turmoil!" for e in events)
            tucked = gone and (gone[0] in s.seats[seat].data["decree"][a.column] or purged)
            if len(gone) != 1 or card(gone[0]).key != a.card or not tucked:
                self.fail("7.4.2", f"'{a.notation()}' did not tuck the card into {a.column}")
        elif a.verb == "overwork":
            cid = a.clearing  # type: ignore[attr-defined]
            if count(s, "marquise", "wood", cid) != count(b, "marquise", "wood", cid) + 1:
                self.fail("6.5.5 overwork", f"no wood placed in {cid}")
        elif isinstance(a, Use):
            self.check_use(b, seat, a, s, events)
        elif isinstance(a, Activate):
            if s.seats[seat].dominance is None or card(s.seats[seat].dominance).key != a.card:
                self.fail("3.3.1", f"activating {a.card} did not put it in play")
        elif isinstance(a, Take):
            got = [c for c in s.seats[seat].hand if c not in b.seats[seat].hand and card(c).key == a.card]
            if len(got) != 1 or got[0] in s.dominance_available:
                self.fail("3.3.4", f"taking {a.card} gave {[label(c) for c in got]}")

    def expect_score(self, events: list[rules.Event], faction: str, why: str, n: int, b: GameState, seat: int) -> None:
        if b.seats[seat].dominance is not None:
            return
        got = 0
        for e in events:
            m = SCORE_EVENT.match(e.public)
            if m and m[1] == NAMES[faction] and m[4] == why:
                got += int(m[3]) * (1 if m[2] == "scores" else -1)
        if got != n:
            self.fail("scoring", f"'{why}' scored {got}, the track says {n}")

    def check_move(self, b: GameState, seat: int, a: Move, s: GameState, new_turn: bool) -> None:
        """4.2: rule origin or destination, a path, exactly count warriors, nothing else."""
        me = b.seats[seat].faction
        if not joined(b, a.src, a.dst):
            self.fail("4.2", f"no path joins {a.src} and {a.dst}")
        if ruler(b, a.src) != me and ruler(b, a.dst) != me:
            self.fail("4.2.1", f"{me} moved from {a.src} to {a.dst} ruling neither")
        if not 1 <= a.count <= warriors(b, me, a.src):
            self.fail("4.2", f"moved {a.count} of {warriors(b, me, a.src)} warriors")
        if new_turn:
            return
        for cid in ids(b):
            want = dict(b.clearings[cid - 1])
            piece = f"{me}:warrior"
            if cid == a.src:
                want[piece] = want.get(piece, 0) - a.count
            if cid == a.dst:
                want[piece] = want.get(piece, 0) + a.count
            want = {k: v for k, v in want.items() if v}
            if want != s.clearings[cid - 1]:
                self.fail("4.2", f"after the move clearing {cid} holds {s.clearings[cid - 1]}, expected {want}")

    def check_craft_result(self, b: GameState, seat: int, a: Craft, s: GameState, events: list[rules.Event]) -> None:
        c = next(card(x) for x in b.seats[seat].hand if card(x).key == a.card)
        me = b.seats[seat].faction
        if c.type == "item":
            if item_names(s, seat).count(c.item) != item_names(b, seat).count(c.item) + 1:
                self.fail("4.1.2", f"crafting {c.name} did not give a {c.item}")
            vp = c.vp if me == "marquise" or b.seats[seat].data.get("leader") == "builder" else 1
            self.expect_score(events, me, f"crafting {c.name}", vp, b, seat)
        elif c.type == "favor":
            removed_tokens = 0
            for cid in ids(b):
                if suit_of(b, cid) != c.suit:
                    continue
                for piece, n in b.clearings[cid - 1].items():
                    if owner_of(piece) != me:
                        if s.clearings[cid - 1].get(piece, 0) and not (
                            owner_of(piece) == "marquise" and kind_of(piece) == "warrior"
                        ):
                            self.fail("Favor", f"{piece} survives a Favor in clearing {cid}")
                        if kind_of(piece) in BUILDING_KINDS or kind_of(piece) in TOKEN_KINDS:
                            removed_tokens += n
            if b.seats[seat].dominance is None:
                got = sum(
                    int(m[3])
                    for e in events
                    if (m := SCORE_EVENT.match(e.public)) and m[1] == NAMES[me] and m[4].startswith("removing")
                )
                if got != removed_tokens:
                    self.fail("3.2.1 Favor", f"the crafter scored {got} for removing {removed_tokens} buildings/tokens")

    def check_use(self, b: GameState, seat: int, a: Use, s: GameState, events: list[rules.Event]) -> None:
        effect = card_effect(a.card)
        other = 1 - seat
        if effect == "royal_claim":
            n = len(ruled(b, b.seats[seat].faction))
            self.expect_score(events, b.seats[seat].faction, f"Royal Claim, {n} ruled clearings", n, b, seat)
        elif effect == "stand_and_deliver":
            taken = [c for c in b.seats[other].hand if c not in s.seats[other].hand]
            if len(taken) != 1 or taken[0] not in s.seats[seat].hand:
                self.fail("Stand and Deliver!", f"took {[label(c) for c in taken]}")
            self.expect_score(events, b.seats[other].faction, "Stand and Deliver!", 1, b, other)
        elif effect == "tax_collector":
            me = b.seats[seat].faction
            lost = warriors(b, me, a.clearing or 0) - warriors(s, me, a.clearing or 0)
            returned = me == "marquise" and keep_clearing(b) == a.clearing
            if lost != 1 and not (returned and lost == 0):
                self.fail("Tax Collector", f"removed {lost} warriors from {a.clearing}")
            drew = len(s.seats[seat].hand) - len(b.seats[seat].hand)
            if s.turn.step == b.turn.step and drew != (1 if b.deck or b.discard else 0):
                self.fail("Tax Collector", f"drew {drew} cards")
        elif effect == "codebreakers":
            changed = s.clearings != b.clearings or [x.hand for x in s.seats] != [x.hand for x in b.seats]
            if changed and s.turn.step == b.turn.step:
                self.fail("Codebreakers", "looking at a hand changed the game")

    def check_decision_result(self, b: GameState, seat: int, a: Action, s: GameState, new_turn: bool) -> None:
        d = b.pending[0]
        if d["kind"] == "faction" and d.get("what") == "hospital" and a.verb == "hospital":
            keep = keep_clearing(b)
            assert keep is not None
            want = min(d["count"], supply(b, "marquise", "warrior"))
            got = warriors(s, "marquise", keep) - warriors(b, "marquise", keep)
            in_battle = b.battle is not None and b.battle["clearing"] == keep
            if got != want and not new_turn and not in_battle:
                self.fail("6.2.3", f"Field Hospitals returned {got} warriors to the keep, expected {want}")
        elif d["kind"] == "cobbler" and isinstance(a, Move):
            self.check_move(b, seat, a, s, new_turn)
        elif d["kind"] == "foil" and isinstance(a, Foil):
            gone = [c for c in b.seats[seat].hand if c not in s.seats[seat].hand]
            if len(gone) != 1 or gone[0] not in s.discard + s.deck:
                self.fail("4.3.1.1", "the foiling ambush card was not discarded")
        elif d["kind"] == "battle_effect" and isinstance(a, Use):
            effect = card_effect(a.card)
            if effect in ("armorers", "sappers") and any(card(c).key == a.card for c in s.seats[seat].crafted):
                self.fail("4.3.4", f"{a.card} stays in front of seat {seat} after use")
            if effect == "brutal_tactics":
                other = 1 - seat
                got = sum(
                    int(m[3])
                    for e in self.events
                    if (m := SCORE_EVENT.match(e.public))
                    and m[4] == "Brutal Tactics"
                    and m[1] == NAMES[b.seats[other].faction]
                )
                if got != (1 if b.seats[other].dominance is None else 0):
                    self.fail("Brutal Tactics", f"the defender scored {got} for Brutal Tactics")
        elif d["kind"] == "discard" and isinstance(a, Discard):
            gone = [c for c in b.seats[seat].hand if c not in s.seats[seat].hand]
            reshuffled = any("shuffled" in e.public for e in self.events)
            where = s.discard + s.deck + s.dominance_available
            if not reshuffled and (len(gone) != 1 or card(gone[0]).key != a.card or gone[0] not in where):
                self.fail("9 discard", f"discarding {a.card} moved {[label(c) for c in gone]}")
        elif d["kind"] == "faction" and d.get("what") == "leader":
            name = a.notation().split()[1]
            decree = s.seats[seat].data["decree"]
            viziers = {col for col in COLUMNS if decree[col][:1] == [-1]}
            if viziers != set(LEADER_VIZIERS[name]) or sum(x == -1 for col in COLUMNS for x in decree[col]) != 2:
                self.fail("7.7.3", f"the {name}'s viziers are not tucked in {LEADER_VIZIERS[name]}: {decree}")
            if s.seats[seat].data.get("leader") != name:
                self.fail("7.7.3", f"chose {name}, leader is {s.seats[seat].data.get('leader')}")

    # -- moments inside an apply -----------------------------------------------------------------
    def check_stage(self, name: str, pre: dict[str, Any], post: dict[str, Any]) -> None:
        b = pre["b"]
        aseat, dseat = b["attacker"], b["defender"]
        af = self.seat_faction(aseat)
        df = self.seat_faction(dseat)
        if name == "ambush":
            self.t.battle_uses = []
            self.t.battle_removed = []
        elif name == "roll":
            p = pre["rng"]
            p, x = below(p, 4)
            p, y = below(p, 4)
            aw = pre["pieces"].get(f"{af}:warrior", 0)
            dw = pre["pieces"].get(f"{df}:warrior", 0)
            want = [min(max(x, y), aw), min(min(x, y), dw)]
            if post["b"]["rolled"] != want:
                self.fail(
                    "4.3.3", f"dice {x},{y} with {aw} v {dw} warriors rolled {post['b']['rolled']}, expected {want}"
                )
        elif name == "ambush_hits":
            if post["b"]["owed"] != [[aseat, 2]]:
                self.fail("4.3.1.2", f"the ambush owes {post['b']['owed']}, expected two hits to the attacker")
        elif name == "ambush_check":
            left = pre["pieces"].get(f"{af}:warrior", 0)
            if (post["b"]["stage"] == "finish") != (left == 0):
                self.fail(
                    "4.3.1.2", f"after the ambush {left} attacking warriors remain, battle goes to {post['b']['stage']}"
                )
        elif name == "count":
            uses = self.t.battle_uses
            rolled = b["rolled"]
            dw = pre["pieces"].get(f"{df}:warrior", 0)
            armor_d = any(w == dseat and card_effect(k) == "armorers" for w, k in uses)
            armor_a = any(w == aseat and card_effect(k) == "armorers" for w, k in uses)
            brutal = sum(w == aseat and card_effect(k) == "brutal_tactics" for w, k in uses)
            sappers = sum(w == dseat and card_effect(k) == "sappers" for w, k in uses)
            commander = 1 if af == "eyrie" and pre["leaders"][aseat] == "commander" else 0
            to_d = (0 if armor_d else rolled[0]) + brutal + commander + (1 if dw == 0 else 0)
            to_a = (0 if armor_a else rolled[1]) + sappers
            owed = dict(post["b"]["owed"])
            if owed.get(dseat) != to_d or owed.get(aseat) != to_a:
                self.fail(
                    "4.3.5",
                    f"hits counted {post['b']['owed']}, expected defender {to_d} attacker {to_a} "
                    f"(rolled {rolled}, defending warriors {dw}, effects {uses})",
                )
        elif name == "deal":
            self.t.deal_pre = (pre["pieces"], [list(x) for x in b["owed"]], pre["points"])
        elif name == "triggers":
            deal = self.t.deal_pre
            if deal is None:
                self.fail("4.3.6", "hits dealt without a deal stage")
                return
            before, owed, points = deal
            after = pre["pieces"]
            self.t.deal_pre = None
            gained = [0, 0]
            for victim, hits in owed:
                f = self.seat_faction(victim)
                w = before.get(f"{f}:warrior", 0)
                other = {p: n for p, n in before.items() if owner_of(p) == f and kind_of(p) != "warrior"}
                lost_w = w - after.get(f"{f}:warrior", 0)
                lost_o = sum(n - after.get(p, 0) for p, n in other.items())
                want_w = min(hits, w)
                want_o = min(hits - want_w, sum(other.values()))
                if (lost_w, lost_o) != (want_w, want_o):
                    self.fail(
                        "4.3.6",
                        f"{f} took {hits} hits with {w} warriors and {sum(other.values())} buildings/tokens "
                        f"but lost {lost_w} warriors and {lost_o} others",
                    )
                gained[1 - victim] += lost_o
                self.t.battle_removed.append((f, lost_o))
            for i in range(2):
                if pre["points"][i] - points[i] != gained[i] and not post["over"] and not self.dominant[i]:
                    self.fail(
                        "3.2.1",
                        f"seat {i} scored {pre['points'][i] - points[i]} for removing "
                        f"{gained[i]} enemy buildings/tokens",
                    )
        elif name == "finish":
            for seat in (aseat, dseat):
                if self.seat_faction(seat) != "eyrie":
                    continue
                leader = pre["leaders"][seat]
                removed = sum(n for f, n in self.t.battle_removed if f != "eyrie")
                want = 1 if leader == "despot" and removed and not self.dominant[seat] else 0
                if post["points"][seat] - pre["points"][seat] != want and not post["over"]:
                    self.fail(
                        "7.8.4 Despot",
                        f"the Eyrie ({leader}) scored {post['points'][seat] - pre['points'][seat]} "
                        "at the end of a battle "
                        f"removing {removed} enemy buildings/tokens",
                    )

    def seat_faction(self, seat: int) -> str:
        return self.factions[seat]

    def check_enter(self, seat: int, step: str, pre: GameState, post: GameState) -> None:
        t = self.t
        me = pre.seats[seat].faction
        t.steps.append((seat, step, pre.turn.round))
        if step == "evening.draw":
            bonus = 0
            if me == "marquise":
                r = on_map(pre, "marquise", "recruiter")
                bonus = (r >= 3) + (r >= 5)
            else:
                r = on_map(pre, "eyrie", "roost")
                bonus = (r >= 3) + (r >= 6)
            want = min(1 + bonus, len(pre.deck) + len(pre.discard))
            got = len(post.seats[seat].hand) - len(pre.seats[seat].hand)
            if got != want:
                self.fail("6.6/7.6.2", f"{me} drew {got} cards in Evening, expected {want} (bonus {bonus})")
        elif step == "turn.end":
            if len(pre.seats[seat].hand) > HAND_LIMIT:
                self.fail("9 hand limit", f"{me} ends the turn with {len(pre.seats[seat].hand)} cards")
        elif step == "marquise.wood":
            mills = [c for c in ids(pre) for _ in range(count(pre, "marquise", "sawmill", c))]
            if supply(pre, "marquise", "wood") >= len(mills):
                for c in ids(pre):
                    got = count(post, "marquise", "wood", c) - count(pre, "marquise", "wood", c)
                    if got != mills.count(c):
                        self.fail("6.4", f"Birdsong put {got} wood in {c} with {mills.count(c)} sawmills")
        elif step == "eyrie.score":
            roosts = on_map(pre, "eyrie", "roost")
            want = ROOST_POINTS[roosts - 1] if roosts else 0
            got = post.seats[seat].points - pre.seats[seat].points
            if pre.seats[seat].dominance is None and got != want:
                self.fail("7.6.1", f"the Eyrie scored {got} with {roosts} roosts, the track says {want}")
        elif step == "eyrie.new_roost":
            if not on_map(pre, "eyrie", "roost"):
                spots = new_roost_spots(pre)
                placed = [c for c in ids(pre) if count(post, "eyrie", "roost", c)]
                if len(spots) == 1 and placed != spots:
                    self.fail("7.4.3", f"the new roost went to {placed}, the only spot is {spots}")
                if not spots and placed:
                    self.fail("7.4.3", f"a new roost was placed in {placed} with no legal spot")
            elif any(count(post, "eyrie", "roost", c) != count(pre, "eyrie", "roost", c) for c in ids(pre)):
                self.fail("7.4.3", "a new roost was placed while roosts were on the map")
        if step == "birdsong.start" and pre.seats[seat].dominance is not None and not pre.over:
            dom = card(pre.seats[seat].dominance).suit
            me = pre.seats[seat].faction
            if dom == "bird":
                won = any(ruler(pre, a) == me and ruler(pre, b) == me for a, b in pre.board.opposite_corners)
            else:
                won = sum(1 for c in ids(pre) if suit_of(pre, c) == dom and ruler(pre, c) == me) >= 3
            if won != (post.over and post.winners == [seat]):
                self.fail("3.3.1", f"{me} with {dom} dominance: wins={won}, the engine ends={post.over} {post.winners}")
        if step == "birdsong.start" and any(card(c).effect == "better_burrow_bank" for c in pre.seats[seat].crafted):
            for i in range(len(pre.seats)):
                got = len(post.seats[i].hand) - len(pre.seats[i].hand)
                if got != 1 and (pre.deck or pre.discard) and not post.over:
                    self.fail("Better Burrow Bank", f"seat {i} drew {got} at the start of Birdsong")
        elif step == "eyrie.emergency":
            got = len(post.seats[seat].hand) - len(pre.seats[seat].hand)
            want = 1 if not pre.seats[seat].hand and (pre.deck or pre.discard) else 0
            if got != want:
                self.fail("7.4.1", f"Emergency Orders drew {got} with a hand of {len(pre.seats[seat].hand)}")

    def check_passed(self, seat: int, step: str, pre: GameState, post: GameState) -> None:
        """Rulings 'steps with nothing to do': a step the flow passes through had no choice but 'end'."""
        del pre
        same_turn = (post.turn.round, post.turn.seat) == self.t.turn_key
        used = self.t.used if same_turn else set()
        crafted_with = self.t.crafted_with if same_turn else Counter()
        want: set[Any] = set()
        if step in ("birdsong.cards", "daylight.cards"):
            want = window_model(post, seat, used)
        elif step in ("marquise.craft", "eyrie.craft"):
            want = craftable(post, seat, crafted_with)
        elif step == "eyrie.decree":
            want = hand_keys(post, seat)
        elif step == "marquise.actions":
            want = expected_moves(post, seat) | expected_battles(post, seat) | {("b", k) for k in expected_builds(post)}
        if post.pending or post.over:
            return
        if want:
            self.fail("flow", f"the turn passed through {step} although {sorted(map(str, want))[:4]} could be done")

    def check_turmoil(self, seat: int, pre: GameState, post: GameState) -> None:
        data = pre.seats[seat].data
        birds = sum(1 for col in COLUMNS for c in data["decree"][col] if c == -1 or card(c).suit == "bird")
        floor = birds if pre.options.get("negative_points") else min(birds, pre.seats[seat].points)
        want = floor if pre.seats[seat].dominance is None else 0
        lost = pre.seats[seat].points - post.seats[seat].points
        if lost != want:
            self.fail(
                "7.7.1 humiliate", f"lost {lost} points with {birds} birds in the Decree (had {pre.seats[seat].points})"
            )
        purged = [c for col in COLUMNS for c in data["decree"][col] if c >= 0]
        for c in purged:
            if c not in post.discard and c not in post.deck and c not in post.dominance_available:
                self.fail("7.7.2 purge", f"{label(c)} was not discarded")
        if any(post.seats[seat].data["decree"][col] for col in COLUMNS):
            self.fail("7.7.2 purge", f"the Decree still holds {post.seats[seat].data['decree']}")
        if post.turn.step != "evening.start":
            self.fail("7.7.4 rest", f"after Turmoil the turn is at {post.turn.step}")
        self.t.deposed.append(data["leader"])
        if len(self.t.deposed) == len(LEADER_VIZIERS):
            self.t.deposed = []
        self.t.todo = {c: [] for c in COLUMNS}

    # -- whole-game checks --------------------------------------------------------------------------
    def check_setup(self, s: GameState) -> None:
        keep = keep_clearing(s)
        if keep is None:
            self.fail("6.3", "no keep after setup")
            return
        far = s.board.opposite(keep)
        for cid in ids(s):
            want = 0 if cid == far else 1
            if cid == far:
                want = 6
                if warriors(s, "eyrie", cid) != 6 or count(s, "eyrie", "roost", cid) != 1:
                    self.fail("7.3", f"the Eyrie did not set up in the corner {far} opposite the keep")
            elif warriors(s, "marquise", cid) != want:
                self.fail("6.3", f"garrison: clearing {cid} holds {warriors(s, 'marquise', cid)} Marquise warriors")
        for kind in MARQUISE_TRACKS:
            where = [c for c in ids(s) if count(s, "marquise", kind, c)]
            if len(where) != 1 or (where[0] != keep and not joined(s, where[0], keep)):
                self.fail("6.3.4", f"starting {kind} in {where}, keep in {keep}")
        printed = [c.printed_suit for c in s.board.clearings]
        if all(printed) and s.suits != printed:
            self.fail("5.1", f"clearing suits {s.suits} are not the printed {printed}")
        if Counter(s.suits) != Counter({"fox": 4, "mouse": 4, "rabbit": 4}):
            self.fail("5.1 winter", f"clearing suits {Counter(s.suits)} are not four of each")
        for i, x in enumerate(s.seats):
            if len(x.hand) != 3:
                self.fail("5.1.3", f"seat {i} starts with {len(x.hand)} cards")

    def check_steps(self, s: GameState) -> None:
        """1.4.1: each turn goes through its faction's steps in order; seats alternate; rounds count cycles."""
        turns: list[list[tuple[int, str, int]]] = []
        for entry in self.t.steps:
            if entry[1] == "birdsong.start" or not turns:
                turns.append([])
            turns[-1].append(entry)
        prev_seat: int | None = None
        prev_round = 0
        for k, turn in enumerate(turns):
            seat, _, rnd = turn[0]
            faction = s.seats[seat].faction
            names = [step for _, step in TURN_STEPS[faction]]
            got = [step for w, step, _ in turn if w == seat]
            if any(w != seat for w, _, _ in turn):
                self.fail("1.4", f"turn {k}: steps of another seat entered: {turn}")
            last = k == len(turns) - 1
            expected = names if not last else names[: len(got)]
            if got != expected:
                # Turmoil rests: Daylight ends at once and Evening begins (7.7.4).
                rest = (
                    names[: names.index("eyrie.resolve") + 1] + names[names.index("evening.start") :]
                    if faction == "eyrie"
                    else []
                )
                if not (faction == "eyrie" and got == (rest if not last else rest[: len(got)])):
                    self.fail("1.4.1", f"turn {k} ({faction}) entered steps {got}")
            if prev_seat is not None:
                want_seat = s.order[(s.order.index(prev_seat) + 1) % len(s.order)]
                if seat != want_seat:
                    self.fail("1.4.1", f"turn {k} is seat {seat}'s, expected seat {want_seat}")
            want_round = prev_round + (1 if seat == s.order[0] else 0)
            if rnd != want_round and k > 0:
                self.fail("1.4", f"turn {k} is in round {rnd}, expected {want_round}")
            prev_seat, prev_round = seat, rnd


# --- independent expectations --------------------------------------------------------------------


def window_model(s: GameState, seat: int, used: set[str]) -> set[Action]:
    """Card effects usable now in this phase of the seat's turn (and dominance, 3.3.1 / 3.3.4, in Daylight)."""
    have = {card(c).effect: card(c).key for c in s.seats[seat].crafted}
    want: set[Action] = set()
    other = 1 - seat
    if s.turn.phase == "birdsong":
        if "royal_claim" in have:
            want.add(Use(have["royal_claim"]))
        if "stand_and_deliver" in have and "stand_and_deliver" not in used and s.seats[other].hand:
            want.add(Use(have["stand_and_deliver"], s.seats[other].faction))
    elif s.turn.phase == "daylight":
        me = s.seats[seat].faction
        if "tax_collector" in have and "tax_collector" not in used:
            want |= {Use(have["tax_collector"], None, c) for c in ids(s) if warriors(s, me, c)}
        if "codebreakers" in have and "codebreakers" not in used:
            want.add(Use(have["codebreakers"], s.seats[other].faction))
        x = s.seats[seat]
        if x.dominance is None and x.points >= 10:
            want |= {Activate(k) for k in hand_keys(s, seat) if k.startswith("dominance-")}
        for k in {card(c).key for c in s.dominance_available}:
            want |= {Take(k, spend) for spend in matching_keys(s, seat, card_suit(k))}
    return want


def decree_todo(s: GameState, seat: int) -> dict[str, list[str]]:
    """The suits of the Decree's cards, column by column (viziers are birds)."""
    data = s.seats[seat].data["decree"]
    return {c: [("bird" if x == -1 else card(x).suit) for x in data[c]] for c in COLUMNS}


def card_suit(key: str) -> str:
    return next(c.suit for c in deck() if c.key == key)


def card_effect(key: str) -> str:
    return next(c.effect or "" for c in deck() if c.key == key)


def card_cost(key: str) -> tuple[str, ...]:
    return next(c.cost for c in deck() if c.key == key)


def crafting_pieces(s: GameState, seat: int) -> Counter[str]:
    kind = "workshop" if s.seats[seat].faction == "marquise" else "roost"
    return Counter(
        {
            suit: n
            for suit in ("fox", "mouse", "rabbit")
            if (n := sum(count(s, s.seats[seat].faction, kind, c) for c in ids(s) if suit_of(s, c) == suit))
        }
    )


def payable(cost: tuple[str, ...], pieces: Counter[str]) -> bool:
    """4.1.1: named suits from their own pieces, '?' from any piece left."""
    named = Counter(x for x in cost if x != "any")
    if named - pieces:
        return False
    return sum((pieces - named).values()) >= cost.count("any")


def pay(cost: tuple[str, ...], pieces: Counter[str], using: tuple[str, ...]) -> Counter[str]:
    """The pieces a craft activates (rulings 4.1.1: 'any' by `using`, else the most plentiful suits left)."""
    named = Counter(x for x in cost if x != "any")
    if using:
        return named + Counter(using)
    left = pieces - named
    plan = Counter(named)
    for _ in range(cost.count("any")):
        best = max(sorted(s for s in left if left[s] > 0), key=lambda s: left[s])
        left[best] -= 1
        plan[best] += 1
    return plan


def craftable(s: GameState, seat: int, used: Counter[str]) -> set[str]:
    pieces = crafting_pieces(s, seat) - used
    out = set()
    crafted = {card(c).key for c in s.seats[seat].crafted}
    for key in hand_keys(s, seat):
        c = next(x for x in deck() if x.key == key)
        if c.type not in ("item", "persistent", "favor"):
            continue
        if c.type == "persistent" and key in crafted:
            continue
        if c.type == "item" and s.item_supply[s.board.maps[0]].get(c.item or "", 0) <= 0:
            continue
        if payable(c.cost, pieces):
            out.add(key)
    return out


def expected_moves(s: GameState, seat: int, sources: list[int] | None = None, decree: str | None = None) -> set[Move]:
    me = s.seats[seat].faction
    out = set()
    for src in sources if sources is not None else ids(s):
        have = warriors(s, me, src)
        for dst in neighbours(s, src):
            if ruler(s, src) == me or ruler(s, dst) == me:
                out |= {Move(src, dst, n, decree) for n in range(1, have + 1)}
    return out


def expected_battles(
    s: GameState, seat: int, clearings: list[int] | None = None, decree: str | None = None
) -> set[Battle]:
    me = s.seats[seat].faction
    out = set()
    for cid in clearings if clearings is not None else ids(s):
        if warriors(s, me, cid):
            for other in factions_present(s, cid) - {me}:
                out.add(Battle(cid, other, decree))
    return out


def expected_builds(s: GameState) -> set[tuple[str, int]]:
    """6.5.4: a ruled clearing with an open slot, and wood enough joined to it through ruled clearings."""
    mine = ruled(s, "marquise")
    out = set()
    for kind in MARQUISE_TRACKS:
        placed = on_map(s, "marquise", kind)
        if placed >= 6:
            continue
        cost = MARQUISE_COST[placed]
        for cid in mine:
            if free_slots(s, cid) <= 0 or not may_place(s, "marquise", cid):
                continue
            wood = sum(count(s, "marquise", "wood", c) for c in connected_ruled(s, cid, mine))
            if wood >= cost:
                out.add((kind, cid))
    return out


def expected_resolve(s: GameState, seat: int, todo: dict[str, list[str]]) -> set[Action]:
    """7.5.2: the leftmost column with cards left, any of its cards' suits."""
    col = next((c for c in COLUMNS if todo.get(c)), None)
    out: set[Action] = set()
    if col is None:
        return out
    for sfx in set(todo[col]):
        where = [c for c in ids(s) if fits(sfx, suit_of(s, c))]
        if col == "recruit":
            if supply(s, "eyrie", "warrior") > 0:
                out |= {Recruit((c,), sfx) for c in where if count(s, "eyrie", "roost", c) and may_place(s, "eyrie", c)}
        elif col == "move":
            out |= expected_moves(s, seat, where, sfx)
        elif col == "battle":
            out |= expected_battles(s, seat, where, sfx)
        elif col == "build" and supply(s, "eyrie", "roost") > 0:
            out |= {
                Build("roost", c, sfx)
                for c in where
                if ruler(s, c) == "eyrie"
                and not count(s, "eyrie", "roost", c)
                and free_slots(s, c) > 0
                and may_place(s, "eyrie", c)
            }
    return out


def new_roost_spots(s: GameState) -> list[int]:
    """7.4.3: a clearing with the fewest warriors where a roost and warriors can be placed."""
    ok = [c for c in ids(s) if free_slots(s, c) > 0 and may_place(s, "eyrie", c)]
    if not ok:
        return []
    n = {c: sum(v for p, v in s.clearings[c - 1].items() if kind_of(p) == "warrior") for c in ok}
    fewest = min(n.values())
    return [c for c in ok if n[c] == fewest]


# --- running games ---------------------------------------------------------------------------------


@dataclass
class Result:
    violations: list[str]
    transitions: int
    state: GameState
    record: Record


def run_game(game: Game, parse_all: bool = True, check_replay: bool = True) -> Result:
    """Play one seeded game with its chooser, checking every state and transition."""
    rng = random.Random(game.seed * 7919 + len(game.chooser))
    choose = CHOOSERS[game.chooser]
    checker = Checker(game)
    checker.parse_all = parse_all
    rng2 = random.Random(game.seed)
    with instrumented():
        s = rules.new_game(game.options, game.seed)
        if game.dominance:
            for c in s.removed:
                s.deck.insert(rng.randrange(len(s.deck) + 1), c)
            s.removed = []
            check_replay = False
        checker.factions = [x.faction for x in s.seats]
        record = Record(dict(game.options), game.seed)
        PROBE.log.clear()
        setup_done = False
        while not s.over and checker.index < 6000:
            seat = rules.to_act(s)
            assert seat is not None
            if not setup_done and s.turn.phase != "setup":
                setup_done = True
                checker.check_setup(s)
                if game.loaded:
                    s = load_persistent_cards(s, rng)
                    check_replay = False
            if s.turn.phase != "setup":
                checker.new_turn(s)
            options = rules.legal_actions(s, seat)
            if not options:
                checker.fail("flow", f"no legal action for seat {seat} at {s.turn.step}")
                break
            if s.turn.phase != "setup":
                checker.check_state(s, options, seat)
            action = choose(rng, options)
            checker.action = action
            checker.before_apply(s, seat, action)
            digest = s.digest() if checker.index % 25 == 0 else None
            after, events = rules.apply(s, action)
            if digest is not None:
                if s.digest() != digest:
                    checker.fail("purity", "apply changed the state it was given")
                saved = list(PROBE.log)
                again = GameState.loads(s.dumps())
                if (
                    rules.legal_actions(again, seat) != options
                    or rules.apply(again, action)[0].digest() != after.digest()
                ):
                    checker.fail("determinism", "the state reloaded from JSON plays differently")
                PROBE.log[:] = saved
            if s.turn.phase != "setup" and checker.hidden_every and checker.index % checker.hidden_every == 0:
                saved = list(PROBE.log)
                check_hand_independence(checker, s, action, after, rng2)
                PROBE.log[:] = saved
            if s.turn.phase != "setup" or after.turn.phase != "setup":
                checker.check_transition(s, seat, action, after, events)
            else:
                PROBE.log.clear()
            record.actions.append(action.notation())
            checker.index += 1
            s = after
        checker.action = None
        checker.check_steps(s)
        if check_replay and replay(record).digest() != s.digest():
            checker.fail("determinism", "replaying the notations gives a different state")
        for seat in range(len(s.seats)):
            view = rules.view_for(s, seat)
            if view["hand"] != sorted(card(c).key for c in s.seats[seat].hand):
                checker.fail("1.2 views", f"seat {seat}'s view shows another hand")
            if view["discard"] != [card(c).key for c in s.discard]:
                checker.fail("1.2 views", "the discard pile is not public")
    return Result(checker.violations, checker.transitions, s, record)


def load_persistent_cards(s: GameState, rng: random.Random) -> GameState:
    """A variant start: each seat already has 3 to 6 random persistent cards crafted (from the deck)."""
    s = s.clone()
    for seat in s.seats:
        have: set[str] = set()
        for c in rng.sample(s.deck, len(s.deck)):
            if card(c).type == "persistent" and card(c).key not in have and len(have) < rng.randint(3, 6):
                have.add(card(c).key)
                s.deck.remove(c)
                seat.crafted.append(c)
    return s


def redeal(s: GameState, rng: random.Random) -> GameState:
    """The same public situation with every hidden hand dealt again (sizes kept) from the unseen cards."""
    x = s.clone()
    pool = list(x.deck) + [c for seat in x.seats for c in seat.hand]
    rng.shuffle(pool)
    for seat in x.seats:
        n = len(seat.hand)
        seat.hand, pool = pool[:n], pool[n:]
    x.deck = pool
    return x


def stop_point(s: GameState) -> tuple[Any, ...]:
    """Where the game waits: who, at which step, for which decisions."""
    pending = tuple((d["kind"], d.get("what"), d["seat"]) for d in s.pending)
    return (s.over, rules.to_act(s), s.turn.seat, s.turn.step, pending, s.battle["stage"] if s.battle else None)


def check_hand_independence(checker: Checker, b: GameState, a: Action, after: GameState, rng: random.Random) -> None:
    """Rulings 1.2: whether the game stops for a player never depends on cards only that player can see."""
    if getattr(a, "card", None) is not None or getattr(a, "spend", None) is not None or b.over:
        return
    if any(d["kind"] == "codebreakers" for d in b.pending):
        return
    other = redeal(b, rng)
    try:
        again, _ = rules.apply(other, a)
    except rules.RulesError as err:
        checker.fail("1.2 hidden hands", f"'{a.notation()}' is legal or not depending on hidden hands: {err}")
        return
    if stop_point(again) != stop_point(after):
        hands = [[label(c) for c in x.hand] for x in b.seats]
        other_hands = [[label(c) for c in x.hand] for x in other.seats]
        checker.fail(
            "1.2 hidden hands",
            f"the game stops at {stop_point(after)} with hands {hands} but at {stop_point(again)} with {other_hands}",
        )


def games(n: int, start: int = 1) -> list[Game]:
    """n games spread over boards, seatings, first players and choosers."""
    out = []
    for i in range(n):
        seed = start + i
        out.append(
            Game(
                factions=("marquise", "eyrie") if i % 2 == 0 else ("eyrie", "marquise"),
                board="autumn" if (i // 2) % 2 == 0 else "winter",
                first_player=(i // 4) % 2,
                seed=seed,
                chooser=("biased", "uniform", "timid")[(i // 8) % 3],
                dominance=i % 3 == 2,
                extra=(("negative_points", True),) if i % 5 == 3 else (("win_points", 20),) if i % 7 == 5 else (),
                loaded=i % 4 == 1,
            )
        )
    return out


# --- tests -------------------------------------------------------------------------------------------

GAMES = games(44)


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_rule_properties_hold_on_every_transition(game: Game) -> None:
    result = run_game(game, parse_all=game.seed % 4 == 1)
    assert result.transitions > 50
    assert result.violations == [], "\n".join(result.violations[:20])


# --- the checks can fail: planted engine faults are caught ------------------------------------------------------------

PLANTED = [Game(("marquise", "eyrie"), "autumn", 0, seed, "biased") for seed in (1, 5)]


def _violations(*found: str) -> set[str]:
    rules_hit = set()
    for game in PLANTED:
        for v in run_game(game, parse_all=False, check_replay=False).violations:
            rules_hit.add(v.split("]")[0].lstrip("["))
    return rules_hit & set(found)


def test_a_wrong_roost_track_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(eyrie_module, "ROOST_POINTS", (1, 1, 2, 3, 4, 4, 5))
    assert _violations("7.6.1")


def test_a_wrong_building_cost_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(marquise_module, "COST", (0, 1, 1, 3, 3, 4))
    assert _violations("6.5.4", "6.5.4 build (kind, clearing)")


def test_moves_ignoring_rule_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def anywhere(s: GameState, seat: int, sources: Any = None, decree: str | None = None) -> Iterator[Move]:
        me = s.seats[seat].faction
        for src in sources if sources is not None else ids(s):
            for dst in sorted(s.board.adjacent_to(src)):
                for n in range(1, warriors(s, me, src) + 1):
                    yield Move(src, dst, n, decree)

    monkeypatch.setattr(movement_module, "move_options", anywhere)
    assert _violations("4.2.1", "6.5 Marquise Daylight actions")


def test_buildings_hit_before_warriors_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def buildings_first(s: GameState, faction: str, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        pieces = {p: n - assigned.get(p, 0) for p, n in s.clearings[cid - 1].items() if owner_of(p) == faction}
        pieces = {p: n for p, n in pieces.items() if n > 0}
        return {k: v for k, v in pieces.items() if kind_of(k) != "warrior"} or pieces

    monkeypatch.setattr(faction_hooks, "standard_hit_options", buildings_first)
    assert _violations("4.3.6")


def main(argv: list[str]) -> int:
    """Explore: python tests/test_rules_properties.py N [START] prints violations grouped by rule."""
    n = int(argv[0]) if argv else 50
    start = int(argv[1]) if len(argv) > 1 else 1
    total = 0
    found: dict[str, list[str]] = {}
    for game in games(n, start):
        result = run_game(game, parse_all=False, check_replay=False)
        total += result.transitions
        for v in result.violations:
            found.setdefault(v.split("]")[0] + "]", []).append(v)
    print(f"{n} games, {total} transitions")
    for rule, vs in sorted(found.items()):
        print(f"{rule}: {len(vs)}")
        for v in vs[:4]:
            print("   ", v[:400])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
