"""Battle: ambush and foil, the roll, effects after the roll, counting and dealing hits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules import decisions, hand, registry, rng
from rules.actions import Action, Ambush, Battle, Foil, Hit, Pass, Use
from rules.cards import card, deck, keys
from rules.pieces import PAWN, WARRIOR, category_of_key, parse_key
from rules.removal import describe_removed, remove, trigger
from rules.rule import enemies, factions_in, suit, warriors
from rules.scoring import score
from rules.state import GameState

BattleState = dict[str, Any]


def defenders(state: GameState, seat: int, cid: int) -> list[str]:
    """Enemy factions a seat could battle in a clearing (it needs warriors there)."""
    me = state.seats[seat].faction
    if warriors(state, me, cid) <= 0:
        return []
    out = []
    for faction in factions_in(state, cid):
        other = state.seat_of(faction)
        if other is not None and enemies(state, seat, other):
            out.append(faction)
    return out


def battle_options(
    state: GameState, seat: int, clearings: list[int] | None = None, decree: str | None = None
) -> Iterator[Battle]:
    """Every battle a seat may start (in the given clearings)."""
    for cid in clearings if clearings is not None else state.board.ids():
        for faction in defenders(state, seat, cid):
            yield Battle(cid, faction, decree)


def start(state: GameState, seat: int, cid: int, defender: str) -> None:
    """Begin a battle; it resolves step by step as the flow advances."""
    dseat = state.seat_of(defender)
    assert dseat is not None
    state.battle = {
        "attacker": seat,
        "defender": dseat,
        "clearing": cid,
        "stage": "ambush",
        "rolled": [0, 0],
        "extra": [0, 0],
        "ignore": [False, False],
        "used": [],
        "owed": [],
        "removed": [],
        "after_deal": "",
    }
    a, d = registry.of(state, seat).name, registry.of(state, dseat).name
    state.say(f"{a} battles {d} in clearing {cid}.", None, ("battle", cid, None))


def advance(state: GameState) -> None:
    """Run the battle's next automatic stage (it may queue a decision)."""
    b = state.battle
    assert b is not None
    STAGES[b["stage"]](state, b)


def _ambush_keys(state: GameState, seat: int, cid: int) -> list[str]:
    """Ambush cards in a hand that match a clearing (bird ambushes match any)."""
    clearing_suit = suit(state, cid)
    return [k for k in hand.distinct_keys(state, seat) if _is_ambush(k) and keys()[k].matches(clearing_suit)]


def _is_ambush(key: str) -> bool:
    return keys()[key].type == "ambush"


def has_effect(state: GameState, seat: int, effect: str) -> bool:
    """Whether a seat has a crafted card with this effect in front of it."""
    return any(card(c).effect == effect for c in state.seats[seat].crafted)


def could_hold_ambush(state: GameState, seat: int, cid: int) -> bool:
    """From public information only: could this seat hold an ambush card matching the clearing?"""
    if not state.seats[seat].hand:
        return False
    public = set(state.discard) | set(state.removed)
    for i, s in enumerate(state.seats):
        public |= set(s.crafted) | set(registry.of(state, i).held_cards(state, i))
    clearing_suit = suit(state, cid)
    return any(c.type == "ambush" and c.matches(clearing_suit) and c.id not in public for c in deck())


def _stage_ambush(state: GameState, b: BattleState) -> None:
    cid, dseat, aseat = b["clearing"], b["defender"], b["attacker"]
    if has_effect(state, aseat, "scouting_party") or not could_hold_ambush(state, dseat, cid):
        b["stage"] = "roll"
        return
    b["stage"] = "ambush_wait"
    decisions.push(state, "ambush", dseat)


def _stage_ambush_hits(_state: GameState, b: BattleState) -> None:
    b["owed"] = [[b["attacker"], 2]]
    b["after_deal"] = "ambush_check"
    b["stage"] = "deal"


def _stage_ambush_check(state: GameState, b: BattleState) -> None:
    me = state.seats[b["attacker"]].faction
    if warriors(state, me, b["clearing"]) <= 0:
        state.say("The ambush leaves no attacking warriors; the battle ends.")
        b["stage"] = "finish"
    else:
        b["stage"] = "roll"


def _stage_roll(state: GameState, b: BattleState) -> None:
    state.rng, first = rng.below(state.rng, 4)
    state.rng, second = rng.below(state.rng, 4)
    state.irreversible = True
    high, low = max(first, second), min(first, second)
    aseat, dseat, cid = b["attacker"], b["defender"], b["clearing"]
    a_cap = warriors(state, state.seats[aseat].faction, cid)
    d_cap = warriors(state, state.seats[dseat].faction, cid)
    b["rolled"] = [min(high, a_cap), min(low, d_cap)]
    state.say(
        f"Dice: {first} and {second}. {registry.of(state, aseat).name} rolls {b['rolled'][0]} hit(s), "
        f"{registry.of(state, dseat).name} rolls {b['rolled'][1]}."
    )
    b["stage"] = "after_attacker"


def after_roll_effects(state: GameState, seat: int, b: BattleState) -> list[str]:
    """Card effects a side may still use after the roll."""
    attacking = seat == b["attacker"]
    out = []
    for cid in state.seats[seat].crafted:
        effect = card(cid).effect
        key = card(cid).key
        if key in out or [seat, key] in b["used"]:
            continue
        if (
            effect == "armorers"
            or (effect == "brutal_tactics" and attacking)
            or (effect == "sappers" and not attacking)
        ):
            out.append(key)
    return out


def _stage_after(side: int) -> Any:
    def run(state: GameState, b: BattleState) -> None:
        seat = b["attacker"] if side == 0 else b["defender"]
        if after_roll_effects(state, seat, b):
            b["stage"] = "after_attacker_wait" if side == 0 else "after_defender_wait"
            decisions.push(state, "battle_effect", seat)
        else:
            b["stage"] = "after_defender" if side == 0 else "count"

    return run


def _stage_count(state: GameState, b: BattleState) -> None:
    aseat, dseat, cid = b["attacker"], b["defender"], b["clearing"]
    to_defender = (0 if b["ignore"][1] else b["rolled"][0]) + b["extra"][0]
    to_defender += registry.of(state, aseat).attacker_extra_hits(state, aseat)
    if warriors(state, state.seats[dseat].faction, cid) == 0:
        to_defender += 1
        state.say(f"{registry.of(state, dseat).name} is defenseless: one extra hit.")
    to_attacker = (0 if b["ignore"][0] else b["rolled"][1]) + b["extra"][1]
    b["owed"] = [[dseat, to_defender], [aseat, to_attacker]]
    b["after_deal"] = "finish"
    b["stage"] = "deal"


def takes_hits(state: GameState, seat: int, cid: int) -> dict[str, int]:
    """Pieces of a seat's faction in a clearing that can take hits, by map key."""
    me = state.seats[seat].faction
    return {
        p: n for p, n in state.clearings[cid - 1].items() if n and parse_key(p)[2] == me and category_of_key(p) != PAWN
    }


def _stage_deal(state: GameState, b: BattleState) -> None:
    """Warriors go first, automatically, for every side that owes hits."""
    cid = b["clearing"]
    for entry in b["owed"]:
        seat, n = entry
        other = b["defender"] if seat == b["attacker"] else b["attacker"]
        for piece, have in sorted(takes_hits(state, seat, cid).items()):
            if n and category_of_key(piece) == WARRIOR:
                done = remove(state, cid, piece, min(n, have), other)
                b["removed"].append([seat, piece, done])
                n -= done
        entry[1] = n
    b["stage"] = "assign"


def _stage_assign(state: GameState, b: BattleState) -> None:
    """Remaining hits fall on buildings and tokens; the owner chooses when it matters."""
    cid = b["clearing"]
    for entry in b["owed"]:
        seat, n = entry
        if n <= 0:
            continue
        pieces = takes_hits(state, seat, cid)
        if not pieces:
            entry[1] = 0
            continue
        if len(pieces) == 1 or n >= sum(pieces.values()):
            other = b["defender"] if seat == b["attacker"] else b["attacker"]
            for piece, have in sorted(pieces.items()):
                done = remove(state, cid, piece, min(have, entry[1]), other)
                b["removed"].append([seat, piece, done])
                entry[1] -= done
            continue
        b["stage"] = "assign_wait"
        decisions.push(state, "hits", seat)
        return
    b["stage"] = "triggers"


def _stage_triggers(state: GameState, b: BattleState) -> None:
    cid = b["clearing"]
    fresh = b["removed"][b.get("reported", 0) :]
    b["reported"] = len(b["removed"])
    removed: dict[int, dict[str, int]] = {}
    for seat, piece, n in fresh:
        if n:
            removed.setdefault(seat, {})[piece] = removed.get(seat, {}).get(piece, 0) + n
    if removed:
        state.say(describe_removed(state, cid, removed), None, ("remove", cid, None))
    trigger(state, cid, removed, "battle")
    b["owed"] = []
    b["stage"] = b["after_deal"]


def _stage_finish(state: GameState, b: BattleState) -> None:
    state.battle = None
    for seat in (b["attacker"], b["defender"]):
        registry.of(state, seat).on_battle_end(state, seat, b)


STAGES = {
    "ambush": _stage_ambush,
    "ambush_hits": _stage_ambush_hits,
    "ambush_check": _stage_ambush_check,
    "roll": _stage_roll,
    "after_attacker": _stage_after(0),
    "after_defender": _stage_after(1),
    "count": _stage_count,
    "deal": _stage_deal,
    "assign": _stage_assign,
    "triggers": _stage_triggers,
    "finish": _stage_finish,
}


def removed_enemy_buildings(state: GameState, seat: int, b: BattleState) -> int:
    """Enemy buildings and tokens a seat removed in this battle."""
    return sum(
        n
        for victim, piece, n in b["removed"]
        if victim != seat and category_of_key(piece) != WARRIOR and enemies(state, seat, victim)
    )


# --- decisions -------------------------------------------------------------------


def _ambush_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    b = state.battle
    assert b is not None
    yield Pass()
    for key in _ambush_keys(state, d["seat"], b["clearing"]):
        yield Ambush(key)


def _ambush_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None
    if isinstance(action, Pass):
        b["stage"] = "roll"
        return True
    assert isinstance(action, Ambush)
    hand.spend(state, d["seat"], action.card)
    state.say(f"{registry.of(state, d['seat']).name} springs an ambush ({card_name(action.card)})!")
    if could_hold_ambush(state, b["attacker"], b["clearing"]):
        b["stage"] = "foil_wait"
        decisions.push(state, "foil", b["attacker"])
    else:
        b["stage"] = "ambush_hits"
    return True


def _foil_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    b = state.battle
    assert b is not None
    yield Pass()
    for key in _ambush_keys(state, d["seat"], b["clearing"]):
        yield Foil(key)


def _foil_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None
    if isinstance(action, Foil):
        hand.spend(state, d["seat"], action.card)
        state.say(f"{registry.of(state, d['seat']).name} foils the ambush.")
        b["stage"] = "roll"
    else:
        b["stage"] = "ambush_hits"
    return True


def _effect_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    b = state.battle
    assert b is not None
    yield Pass()
    for key in after_roll_effects(state, d["seat"], b):
        yield Use(key)


def _effect_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None
    seat = d["seat"]
    side = 0 if seat == b["attacker"] else 1
    if isinstance(action, Pass):
        b["stage"] = "after_defender" if side == 0 else "count"
        return True
    assert isinstance(action, Use)
    effect = keys()[action.card].effect
    name = registry.of(state, seat).name
    b["used"].append([seat, action.card])
    if effect == "armorers":
        _discard_crafted(state, seat, action.card)
        b["ignore"][side] = True
        state.say(f"{name} discards Armorers to ignore the rolled hits it takes.")
    elif effect == "sappers":
        _discard_crafted(state, seat, action.card)
        b["extra"][side] += 1
        state.say(f"{name} discards Sappers to deal an extra hit.")
    elif effect == "brutal_tactics":
        b["extra"][side] += 1
        state.say(f"{name} uses Brutal Tactics to deal an extra hit.")
        score(state, b["defender"], 1, "Brutal Tactics")
    b["stage"] = "after_attacker" if side == 0 else "after_defender"
    return True


def _discard_crafted(state: GameState, seat: int, key: str) -> None:
    crafted = state.seats[seat].crafted
    cid = next(c for c in crafted if card(c).key == key)
    crafted.remove(cid)
    hand.to_discard(state, cid)


def _hits_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    b = state.battle
    assert b is not None
    for piece in sorted(takes_hits(state, d["seat"], b["clearing"])):
        yield Hit(parse_key(piece)[1])


def _hits_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None and isinstance(action, Hit)
    seat = d["seat"]
    other = b["defender"] if seat == b["attacker"] else b["attacker"]
    piece = f"{state.seats[seat].faction}:{action.kind}"
    done = remove(state, b["clearing"], piece, 1, other)
    b["removed"].append([seat, piece, done])
    for entry in b["owed"]:
        if entry[0] == seat:
            entry[1] -= done
    b["stage"] = "assign"
    return True


def card_name(key: str) -> str:
    """A card's printed name."""
    return keys()[key].name


def _owed(state: GameState, d: decisions.Decision) -> int:
    b = state.battle
    return next((n for s, n in b["owed"] if s == d["seat"]), 0) if b else 0


decisions.define("ambush", _ambush_legal, _ambush_resolve, lambda s, d: "play an ambush card, or pass")
decisions.define(
    "foil",
    _foil_legal,
    _foil_resolve,
    lambda s, d: "foil the ambush with a matching ambush card, or pass",
)
decisions.define(
    "battle_effect",
    _effect_legal,
    _effect_resolve,
    lambda s, d: "use a battle effect after the roll, or pass",
)
decisions.define(
    "hits",
    _hits_legal,
    _hits_resolve,
    lambda s, d: f"choose which of your pieces takes the next hit ({_owed(s, d)} left)",
)
