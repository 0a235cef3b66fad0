"""Battle: ambush and foil, the roll, effects after the roll, counting hits, assigning and resolving them.

What a side fights with and how it takes hits come from its faction (`strength`, `can_attack`,
`max_rolled_hits`, `defenseless`, `hit_options`, `resolve_hit`), and from any faction whose warriors fight for it
(`fights_for`: hired mercenaries, which add to its warriors there and share its hits, `hired_hit_options`). Every
seat and the mode may change a battle (`extra_hits`, `defender_rolls_high`, `after_roll_choices`) and step in after
hits are assigned but before they resolve (`before_hits`: a non-combatant's First Response).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules import decisions, hand, listeners, registry, rng
from rules.actions import Action, Ambush, Battle, Foil, Hit, Pass, Use
from rules.cards import card, deck, keys
from rules.hooks import Removed
from rules.map_pieces import factions_in, suit
from rules.pieces import BATTLE, BUILDING, TOKEN, WARRIOR, category_of_key, key, kind_of_key, parse_key
from rules.removal import describe_removed
from rules.rule import enemies, hired, side_of
from rules.scoring import score
from rules.state import BattleState, GameState
from rules.view_types import SideView
from rules.words import plural


def hired_here(state: GameState, seat: int, cid: int) -> dict[str, int]:
    """Warriors of other factions fighting for a seat in a clearing now (mercenaries), by map key."""
    lent = hired(state)
    if not lent:
        return {}
    here = state.clearings[cid - 1]
    return {piece: here[piece] for piece, to in lent.items() if to == seat and here.get(piece)}


def _hired_count(state: GameState, seat: int, cid: int) -> int:
    return sum(hired_here(state, seat, cid).values())


def defenders(state: GameState, seat: int, cid: int) -> list[str]:
    """Enemy factions a seat could battle in a clearing (it must be able to attack there: with its own, or with
    hired warriors, which never fight their own faction)."""
    own = registry.of(state, seat).can_attack(state, seat, cid)
    lenders = set() if own else {parse_key(p)[0] for p in hired_here(state, seat, cid)}
    if not own and not lenders:
        return []
    out = []
    for faction in factions_in(state, cid):
        other = state.seat_of(faction)
        if other is not None and enemies(state, seat, other) and (own or lenders - {faction}):
            out.append(faction)
    return out


def _seated_name(state: GameState, faction: str) -> str:
    """A seated faction's name ('Eyrie Dynasties'), else the word as typed."""
    seat = state.seat_of(faction)
    return registry.of(state, seat).name if seat is not None else faction


def _controllers(state: GameState, cid: int, owner: str) -> list[str]:
    """The factions controlling an owner's pieces in a clearing (the Spore's infected warriors)."""
    keys = [k.split(":") for k in state.clearings[cid - 1] if k.startswith(f"{owner}:")]
    return sorted({parts[2] for parts in keys if len(parts) == 3})


def why_not_battle(state: GameState, seat: int, cid: int, defender: str) -> str | None:
    """Why a seat can't battle a faction in a clearing (a teammate, no attackers, no defending pieces), or None."""
    if defender in defenders(state, seat, cid):
        return None
    other = state.seat_of(defender)
    if other is not None and not enemies(state, seat, other):
        name = registry.of(state, other).name
        if other == seat:
            return "you can't battle yourself"
        if side_of(state, seat) == side_of(state, other):
            return f"{name} is on your team: you battle only enemies"
        return f"{name} is not your enemy now (you are in a coalition)"
    if not registry.of(state, seat).can_attack(state, seat, cid):
        lenders = {parse_key(p)[0] for p in hired_here(state, seat, cid)}
        if lenders == {defender}:
            name = _seated_name(state, defender)
            return f"the {name} warriors in clearing {cid} fight for you, but never against the {name} themselves"
        return f"you have no warriors in clearing {cid} to battle with"
    name = _seated_name(state, defender)
    held = _controllers(state, cid, defender)
    if held:
        by = " and ".join(_seated_name(state, f) for f in held)
        own = " (yours)" if state.seats[seat].faction in held else ""
        return f"the {name} pieces in clearing {cid} are controlled by {by}{own}: there is none of theirs to battle"
    return f"{name} has no pieces in clearing {cid} you can battle"


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
        "ignore": [False, False],
        "used": [],
        "owed": [],
        "hit": [],
        "asked": [],
        "removed": [],
        "sources": [[], []],
        "after_deal": "",
    }
    a, d = registry.of(state, seat).name, registry.of(state, dseat).name
    state.say(f"{a} battles {d} in clearing {cid}.", None, ("battle", cid, None))
    registry.of(state, seat).on_battle_start(state, seat, state.battle)


def advance(state: GameState) -> None:
    """Run the battle's next automatic stage (it may queue a decision)."""
    b = state.battle
    assert b is not None
    STAGES[b["stage"]](state, b)


def side_seat(b: BattleState, side: int) -> int:
    """The seat on one side of a battle (0: attacker, 1: defender)."""
    return int(b["attacker"] if side == 0 else b["defender"])


def opponent(b: BattleState, seat: int) -> int:
    """The other side's seat."""
    return int(b["defender"] if seat == b["attacker"] else b["attacker"])


def _strength(state: GameState, seat: int, cid: int) -> int:
    """Warriors fighting for a seat in a clearing: its own (by its faction's count) and any it hired."""
    return registry.of(state, seat).strength(state, seat, cid) + _hired_count(state, seat, cid)


# --- ambush ----------------------------------------------------------------------


def _ambush_keys(state: GameState, seat: int, cid: int) -> list[str]:
    """Ambush cards in a hand that match a clearing (bird ambushes match any)."""
    clearing_suit = suit(state, cid)
    return [k for k in hand.distinct_keys(state, seat) if _is_ambush(k) and keys()[k].matches(clearing_suit)]


def _is_ambush(card_key: str) -> bool:
    return keys()[card_key].type == "ambush"


def has_effect(state: GameState, seat: int, effect: str) -> bool:
    """Whether a seat has a crafted card with this effect in front of it."""
    return any(card(c).effect == effect for c in state.seats[seat].crafted)


def could_hold_ambush(state: GameState, seat: int, cid: int) -> bool:
    """From public information only: could this seat hold an ambush card matching the clearing?"""
    if not state.seats[seat].hand:
        return False
    public = set(state.discard) | set(state.removed)
    for i, s in enumerate(state.seats):
        public |= set(s.crafted) | set(registry.of(state, i).shown_cards(state, i))
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
    if _strength(state, b["attacker"], b["clearing"]) <= 0:
        state.say("The ambush leaves no attacking warriors; the battle ends.")
        b["stage"] = "finish"
    else:
        b["stage"] = "roll"


# --- the roll and what comes after it ----------------------------------------------


def _declared_before_roll(state: GameState, b: BattleState) -> bool:
    """Ask each seat whose faction declares something before the roll, once (True: a decision was pushed, the roll
    waits). A table where none does asks nothing and keeps nothing."""
    overriding = registry.seats_overriding(state, "before_roll")
    seats = [s for s in overriding if registry.of(state, s).asks_before_roll(state, s)]
    if not seats:
        return False
    asked = b.setdefault("declared", [])
    for seat in seats:
        if seat in asked:
            continue
        asked.append(seat)
        if registry.of(state, seat).before_roll(state, seat, b):
            return True
    return False


def _stage_roll(state: GameState, b: BattleState) -> None:
    if _declared_before_roll(state, b):
        return
    state.rng, first = rng.below(state.rng, 4)
    state.rng, second = rng.below(state.rng, 4)
    state.irreversible = True
    high, low = max(first, second), min(first, second)
    aseat, dseat, cid = b["attacker"], b["defender"], b["clearing"]
    if any(hooks.defender_rolls_high(state, seat, b) for seat, hooks in listeners.listeners(state)):
        high, low = low, high
        b["defender_high"] = True
    a_cap = _cap(state, b, aseat, cid)
    d_cap = _cap(state, b, dseat, cid)
    b["rolled"] = [min(high, a_cap), min(low, d_cap)]
    a_name, d_name = registry.of(state, aseat).name, registry.of(state, dseat).name
    high_note = f" ({d_name} takes the higher die)" if b.get("defender_high") else ""
    state.say(
        f"Dice: {first} and {second}{high_note}. {a_name} rolls {plural_hits(b['rolled'][0])}, "
        f"{d_name} rolls {plural_hits(b['rolled'][1])}."
    )
    b["stage"] = "after_attacker"


def _cap(state: GameState, b: BattleState, side: int, cid: int) -> int:
    """The most rolled hits a side may take: its faction's cap, its hired warriors and what listeners add."""
    faction_cap = registry.of(state, side).max_rolled_hits(state, side, cid)
    return faction_cap + _hired_count(state, side, cid) + _added_cap(state, b, side)


def _added_cap(state: GameState, b: BattleState, side: int) -> int:
    """Rolled hits the listeners add to one side's cap (an enlisted Arbiter's swords)."""
    return sum(hooks.added_rolled_hits(state, seat, b, side) for seat, hooks in listeners.listeners(state))


def plural_hits(n: int) -> str:
    """'1 hit', '2 hits'."""
    return plural(n, "hit")


def after_roll_effects(state: GameState, seat: int, b: BattleState) -> list[str]:
    """Crafted card effects a side may still use after the roll."""
    attacking = seat == b["attacker"]
    out = []
    for cid in state.seats[seat].crafted:
        effect = card(cid).effect
        card_key = card(cid).key
        if card_key in out or [seat, card_key] in b["used"]:
            continue
        if (
            effect == "armorers"
            or (effect == "brutal_tactics" and attacking)
            or (effect == "sappers" and not attacking)
        ):
            out.append(card_key)
    return out


def _after_roll_listeners(state: GameState, seat: int) -> list[tuple[int | None, Any]]:
    """Who may offer a battling seat choices after the roll: its own faction, then the mode."""
    return [(s, hooks) for s, hooks in listeners.listeners(state) if s is None or s == seat]


def after_roll_options(state: GameState, seat: int, b: BattleState) -> list[Action]:
    """Everything a side may do after the roll besides passing: crafted cards, then faction and mode choices."""
    out: list[Action] = [Use(k) for k in after_roll_effects(state, seat, b)]
    for s, hooks in _after_roll_listeners(state, seat):
        out += hooks.after_roll_choices(state, s, seat, b)
    return out


def _stage_after(side: int) -> Any:
    def run(state: GameState, b: BattleState) -> None:
        seat = side_seat(b, side)
        if after_roll_options(state, seat, b):
            b["stage"] = "after_attacker_wait" if side == 0 else "after_defender_wait"
            decisions.push(state, "battle_effect", seat)
        else:
            b["stage"] = "after_defender" if side == 0 else "count"

    return run


def _stage_count(state: GameState, b: BattleState) -> None:
    aseat, dseat, cid = b["attacker"], b["defender"], b["clearing"]
    sources: list[list[str]] = [list(b["sources"][0]), list(b["sources"][1])]
    for seat, hooks in listeners.listeners(state):
        for dealer, source in hooks.extra_hits(state, seat, b):
            sources[0 if dealer == aseat else 1].append(source)
    if registry.of(state, dseat).defenseless(state, dseat, cid) and not _hired_count(state, dseat, cid):
        sources[0].append("defenseless")
        state.say(f"{registry.of(state, dseat).name} is defenseless: one extra hit.")
    b["sources"] = sources
    to_defender = (0 if b["ignore"][1] else b["rolled"][0]) + len(sources[0])
    to_attacker = (0 if b["ignore"][0] else b["rolled"][1]) + len(sources[1])
    b["owed"] = [[dseat, to_defender], [aseat, to_attacker]]
    state.say(_hits_line(state, b, to_defender, to_attacker))
    b["after_deal"] = "finish"
    b["stage"] = "deal"


def _hits_line(state: GameState, b: BattleState, to_defender: int, to_attacker: int) -> str:
    """Who deals how many hits, naming each extra hit's source."""
    parts = []
    for side, total in ((0, to_defender), (1, to_attacker)):
        seat = side_seat(b, side)
        rolled = 0 if b["ignore"][1 - side] else b["rolled"][side]
        extra = b["sources"][side]
        detail = f" ({rolled} rolled, +1 " + ", +1 ".join(extra) + ")" if extra else ""
        ignored = " (the rolled hits are ignored)" if b["ignore"][1 - side] and b["rolled"][side] else ""
        parts.append(f"{registry.of(state, seat).name} deals {plural_hits(total)}{detail}{ignored}")
    return "; ".join(parts) + "."


# --- dealing hits: assign, let listeners step in, resolve, report -------------------


def _stage_deal(_state: GameState, b: BattleState) -> None:
    b["hit"] = []
    b["asked"] = []
    b["stage"] = "assign"


def assigned_to(b: BattleState, seat: int) -> dict[str, int]:
    """Hits assigned to a seat's pieces and not yet resolved, by key."""
    out: dict[str, int] = {}
    for who, piece, n in b["hit"]:
        if who == seat:
            out[piece] = out.get(piece, 0) + n
    return out


def _assign_hit(b: BattleState, seat: int, piece: str, n: int) -> None:
    b["hit"].append([seat, piece, n])
    for entry in b["owed"]:
        if entry[0] == seat:
            entry[1] -= n


def _taken(b: BattleState, seat: int) -> int:
    """Hits a seat has taken so far in this dealing: assigned, and resolved since the last dealing's report."""
    resolved = sum(int(n) for who, _, n in b["removed"][b.get("reported", 0) :] if who == seat)
    return resolved + sum(int(n) for who, _, n in b["hit"] if who == seat)


def hit_choices(state: GameState, b: BattleState, seat: int) -> tuple[dict[str, int], bool]:
    """Keys that may take a seat's next hits, with room for each, from its faction's `hit_options`; with warriors
    fighting for it (hired) their faction splits the hits (`hired_hit_options`) and hits go one at a time (True)."""
    cid = b["clearing"]
    assigned = assigned_to(b, seat)
    options = registry.of(state, seat).hit_options(state, seat, cid, assigned)
    for piece, n in sorted(hired_here(state, seat, cid).items()):
        if n - assigned.get(piece, 0) > 0:
            lender = state.seat_of(parse_key(piece)[0])
            assert lender is not None
            split = registry.of(state, lender).hired_hit_options(state, lender, seat, options, piece, _taken(b, seat))
            return split, True
    return options, False


def _stage_assign(state: GameState, b: BattleState) -> None:
    """Assign owed hits one kind at a time (one at a time when hired warriors share them); stop to resolve before a
    choice, and let the owner choose."""
    for entry in b["owed"]:
        seat = entry[0]
        while entry[1] > 0:
            options, singly = hit_choices(state, b, seat)
            if not options or entry[1] <= 0:  # nothing left to hit, or a hit was ignored (the Hundreds' Stubborn)
                entry[1] = 0
                break
            cap = 1 if singly else entry[1]
            if len(options) == 1 or cap >= sum(options.values()):
                for piece, room in sorted(options.items()):
                    _assign_hit(b, seat, piece, min(room, cap, entry[1]))
                continue
            if b["hit"]:
                b["stage"] = "intercept"
                return
            b["stage"] = "assign_wait"
            decisions.push(state, "hits", seat)
            return
    b["stage"] = "intercept" if b["hit"] else "triggers"


def _stage_intercept(state: GameState, b: BattleState) -> None:
    """Before assigned hits resolve, each listener (seats, then the mode) may step in once."""
    for index, (seat, hooks) in enumerate(listeners.listeners(state)):
        if index in b["asked"]:
            continue
        b["asked"].append(index)
        if hooks.before_hits(state, seat, b):
            b["stage"] = "intercept_wait"
            return
    b["stage"] = "resolve"


def _held(state: GameState, piece: str) -> dict[tuple[int, str], int]:
    """Pieces under one key kept in seats' areas, by (seat, area): a removal diverted there shows as a rise."""
    return {(i, name): box[piece] for i, s in enumerate(state.seats) for name, box in s.areas.items() if box.get(piece)}


def _stage_resolve(state: GameState, b: BattleState) -> None:
    cid = b["clearing"]
    for seat, piece, n in b["hit"]:
        before = _held(state, piece)
        done = registry.of(state, seat).resolve_hit(state, seat, cid, piece, n, remover(b, seat, piece))
        rose = [area for (i, area), held in _held(state, piece).items() if held > before.get((i, area), 0)]
        b["removed"].append([seat, piece, done, rose[0]] if done and rose else [seat, piece, done])
    b["hit"] = []
    b["asked"] = []
    b["stage"] = "assign"


def _stage_triggers(state: GameState, b: BattleState) -> None:
    cid = b["clearing"]
    fresh = b["removed"][b.get("reported", 0) :]
    b["reported"] = len(b["removed"])
    removed: dict[int, dict[str, int]] = {}
    diverted: dict[int, dict[str, str]] = {}
    for seat, piece, n, *area in fresh:
        if n:
            removed.setdefault(seat, {})[piece] = removed.get(seat, {}).get(piece, 0) + n
        if area:
            diverted.setdefault(seat, {})[piece] = area[0]
    if removed:
        state.say(describe_removed(state, cid, removed), None, ("remove", cid, None))
    for seat in sorted(removed):
        for by, pieces in _by_remover(b, seat, removed[seat]).items():
            went = {p: area for p, area in diverted.get(seat, {}).items() if p in pieces}
            listeners.removed(state, Removed(cid, pieces, by, BATTLE, went))
    b["owed"] = []
    after = b["after_deal"]
    assert after, "a battle deals hits only with a stage to go on to"
    b["stage"] = after


def remover(b: BattleState, seat: int, piece: str) -> int:
    """Who removes a seat's piece hit in this battle: the other side, or for a building or token the seat the battle
    credits with them (`credit`: the Vagrant, who forced the battle)."""
    credit = b.get("credit")
    if credit is not None and kind_of_key(piece).category in (BUILDING, TOKEN):
        return credit
    return opponent(b, seat)


def _by_remover(b: BattleState, seat: int, pieces: dict[str, int]) -> dict[int, dict[str, int]]:
    """A seat's pieces removed in one go, by who removed them (one remover unless the battle credits another)."""
    out: dict[int, dict[str, int]] = {}
    for piece, n in pieces.items():
        out.setdefault(remover(b, seat, piece), {})[piece] = n
    return out


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
    "intercept": _stage_intercept,
    "intercept_wait": _stage_intercept,
    "resolve": _stage_resolve,
    "triggers": _stage_triggers,
    "finish": _stage_finish,
}


def sides_view(b: BattleState) -> list[SideView]:
    """Per side that deals hits: its seat, rolled hits, who ignores them, and each extra hit's source."""
    out: list[SideView] = []
    for side in (0, 1):
        extra: dict[str, int] = {}
        for source in b.get("sources", [[], []])[side]:
            extra[source] = extra.get(source, 0) + 1
        ignored = b["ignore"][1 - side]
        out.append(
            {
                "seat": side_seat(b, side),
                "rolled": b["rolled"][side],
                "ignored_by": "Armorers" if ignored else None,
                "extra": [{"source": name, "hits": n} for name, n in extra.items()],
            }
        )
    return out


def enemy_buildings_and_tokens_removed(state: GameState, seat: int, b: BattleState) -> int:
    """Enemy buildings and tokens a seat removed in this battle (none when the battle credits another seat)."""
    if b.get("credit", seat) != seat:
        return 0
    return sum(
        n
        for victim, piece, n, *_ in b["removed"]
        if victim != seat and category_of_key(piece) != WARRIOR and enemies(state, seat, victim)
    )


# --- decisions -------------------------------------------------------------------


def _ambush_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    b = state.battle
    assert b is not None
    yield Pass()
    for k in _ambush_keys(state, d["seat"], b["clearing"]):
        yield Ambush(k)


def _ambush_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None
    if isinstance(action, Pass):
        b["stage"] = "roll"
        return True
    assert isinstance(action, Ambush)
    hand.spend(state, d["seat"], action.card)
    state.say(
        f"{registry.of(state, d['seat']).name} springs an ambush ({card_name(action.card)})!",
        None,
        ("ambush", b["clearing"], None),
    )
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
    for k in _ambush_keys(state, d["seat"], b["clearing"]):
        yield Foil(k)


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
    yield from after_roll_options(state, d["seat"], b)


def _effect_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None
    seat = d["seat"]
    side = 0 if seat == b["attacker"] else 1
    if isinstance(action, Pass):
        b["stage"] = "after_defender" if side == 0 else "count"
        return True
    b["stage"] = "after_attacker" if side == 0 else "after_defender"
    if isinstance(action, Use) and action.card in after_roll_effects(state, seat, b):
        _use_card_effect(state, seat, side, b, action.card)
        return True
    for s, hooks in _after_roll_listeners(state, seat):
        if hooks.after_roll_apply(state, s, seat, b, action):
            return True
    raise AssertionError(f"nobody resolves {action.notation()} after the roll")


def _use_card_effect(state: GameState, seat: int, side: int, b: BattleState, card_key: str) -> None:
    effect = keys()[card_key].effect
    name = registry.of(state, seat).name
    b["used"].append([seat, card_key])
    sources = b["sources"]
    if effect == "armorers":
        _discard_crafted(state, seat, card_key)
        b["ignore"][side] = True
        state.say(f"{name} discards Armorers to ignore the rolled hits it takes.")
    elif effect == "sappers":
        _discard_crafted(state, seat, card_key)
        sources[side].append("Sappers")
        state.say(f"{name} discards Sappers to deal an extra hit.")
    elif effect == "brutal_tactics":
        sources[side].append("Brutal Tactics")
        state.say(f"{name} uses Brutal Tactics to deal an extra hit.")
        score(state, b["defender"], 1, "Brutal Tactics")


def _discard_crafted(state: GameState, seat: int, card_key: str) -> None:
    crafted = state.seats[seat].crafted
    cid = next(c for c in crafted if card(c).key == card_key)
    crafted.remove(cid)
    hand.to_discard(state, cid)


def hit_action(state: GameState, seat: int, piece: str) -> Hit:
    """The action that puts the next hit on pieces under a key (the owner named only when not the chooser)."""
    owner, kind, _ = parse_key(piece)
    return Hit(kind, None if owner == state.seats[seat].faction else owner)


def _hits_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    b = state.battle
    assert b is not None
    options, _ = hit_choices(state, b, d["seat"])
    for piece in sorted(options):
        yield hit_action(state, d["seat"], piece)


def _hits_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    b = state.battle
    assert b is not None and isinstance(action, Hit)
    seat = d["seat"]
    me = state.seats[seat].faction
    options, _ = hit_choices(state, b, seat)
    named = [p for p in sorted(options) if hit_action(state, seat, p) == action]
    piece = named[0] if named else key(action.owner or me, action.kind, me)
    _assign_hit(b, seat, piece, 1)
    b["stage"] = "assign"
    return True


def card_name(card_key: str) -> str:
    """A card's printed name."""
    return keys()[card_key].name


def _owed(state: GameState, d: decisions.Decision) -> int:
    b = state.battle
    return next((n for s, n in b["owed"] if s == d["seat"]), 0) if b else 0


def _why_not_ambush(state: GameState, _d: decisions.Decision, action: Action) -> str | None:
    """An ambush card (to ambush or to foil) must match the clearing of battle; a bird ambush matches any."""
    b = state.battle
    if b is None or not isinstance(action, (Ambush, Foil)) or action.card not in keys():
        return None
    cid, c = b["clearing"], keys()[action.card]
    clearing_suit = suit(state, cid)
    if _is_ambush(action.card) and not c.matches(clearing_suit):
        shown = f"{c.name} ({c.suit})"
        return f"{shown} does not match clearing {cid} ({clearing_suit}): an ambush must match the clearing of battle"
    return None


decisions.define(
    "ambush", _ambush_legal, _ambush_resolve, lambda s, d: "play an ambush card, or pass", explain=_why_not_ambush
)
decisions.define(
    "foil",
    _foil_legal,
    _foil_resolve,
    lambda s, d: "foil the ambush with a matching ambush card, or pass",
    explain=_why_not_ambush,
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
