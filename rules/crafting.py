"""Crafting: activate crafting pieces matching the card's cost; items, persistent and one-shot effects."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations_with_replacement

from rules import hand, registry
from rules.actions import Craft
from rules.cards import card, keys
from rules.hooks import Removed
from rules.map_pieces import suit
from rules.modes.base import mode_of
from rules.pieces import CARD
from rules.removal import remove_all, trigger
from rules.rule import enemy_piece
from rules.scoring import score
from rules.state import GameState

CRAFTABLE_TYPES = ("item", "persistent", "favor")


def activated(state: GameState, seat: int) -> Counter[str]:
    """Suits of the seat's crafting pieces already activated this turn."""
    used = state.turn.flags.get("crafted_with", {}) if state.turn.seat == seat else {}
    return Counter(used)


def power(state: GameState, seat: int) -> Counter[str]:
    """Suits of crafting pieces not yet activated this turn."""
    total = Counter(registry.of(state, seat).crafting_suits(state, seat))
    total.subtract(activated(state, seat))
    return +total


def waivers(state: GameState, seat: int) -> int:
    """Suit symbols of one cost the seat may pay with pieces of another suit now (Master Craftsman: one)."""
    return registry.of(state, seat).craft_waivers(state, seat)


def _most(left: Counter[str]) -> str | None:
    """The most plentiful suit left (the first in order among equals), or None when none is."""
    return max((s for s in sorted(left) if left[s] > 0), key=lambda s: left[s], default=None)


def _named(cost: tuple[str, ...], available: Counter[str], waive: int = 0) -> Counter[str] | None:
    """What the named suits of a cost take (up to `waive` of them paid by the most plentiful other pieces),
    or None if they can't be paid."""
    named = Counter(s for s in cost if s != "any")
    plan = Counter({s: min(n, available[s]) for s, n in named.items()})
    short = sum(named.values()) - sum(plan.values())
    if short > waive:
        return None
    left = available - plan
    for _ in range(short):
        best = _most(left)
        if best is None:
            return None
        left[best] -= 1
        plan[best] += 1
    return +plan


def any_plans(cost: tuple[str, ...], available: Counter[str], waive: int = 0) -> list[tuple[str, ...]]:
    """Every distinct choice of suits for the 'any' part of a cost, once the named suits are paid."""
    named = _named(cost, available, waive)
    if named is None:
        return []
    left = available - named
    wanted = cost.count("any")
    return [
        combo
        for combo in combinations_with_replacement(sorted(s for s in left if left[s] > 0), wanted)
        if all(combo.count(s) <= left[s] for s in set(combo))
    ]


def pay_plan(
    cost: tuple[str, ...], available: Counter[str], using: tuple[str, ...] = (), waive: int = 0
) -> Counter[str] | None:
    """Which suits pay a cost: 'any' paid by `using`, else by the most plentiful suits left; None if unpayable.
    Up to `waive` named symbols may be paid by pieces of another suit."""
    named = _named(cost, available, waive)
    if named is None:
        return None
    if using:
        plan = named + Counter(using)
        ok = len(using) == cost.count("any") and all(available[s] >= n for s, n in plan.items())
        return plan if ok else None
    left = available - named
    plan = Counter(named)
    for _ in range(cost.count("any")):
        best = _most(left)
        if best is None:
            return None
        left[best] -= 1
        plan[best] += 1
    return plan


def default_using(cost: tuple[str, ...], available: Counter[str], waive: int = 0) -> tuple[str, ...]:
    """The suits the default plan spends on 'any' costs."""
    plan, named = pay_plan(cost, available, waive=waive), _named(cost, available, waive)
    if plan is None or named is None:
        return ()
    return tuple(sorted((plan - named).elements()))


def item_supply(state: GameState, seat: int, plan: Counter[str]) -> dict[str, int]:
    """The item supply a craft paid with these suits takes from: the mode chooses the map (one supply per map)."""
    return state.item_supply[mode_of(state).craft_supply(state, seat, plan)]


def why_not_craft(state: GameState, seat: int, key: str, using: tuple[str, ...] = ()) -> str | None:
    """The reason a card can't be crafted now, or None when it can."""
    c = keys().get(key)
    if c is None:
        return f"there is no card called '{key}'"
    if not hand.holds(state, seat, key):
        return f"{c.name} is not in your hand"
    if c.type not in CRAFTABLE_TYPES:
        return f"{c.name} can't be crafted"
    if c.type == "persistent" and any(card(x).key == key for x in state.seats[seat].crafted):
        return f"you already have {c.name} in front of you"
    plan = pay_plan(c.cost, power(state, seat), using, waivers(state, seat))
    if c.type == "item" and item_supply(state, seat, plan or Counter()).get(c.item or "", 0) <= 0:
        return f"no {c.item} is left in the item supply"
    if plan is None:
        need = ", ".join(c.cost)
        paid = f" with {', '.join(using)}" if using else ""
        return f"your unused crafting pieces can't pay {need}{paid}"
    return None


def craftable(state: GameState, seat: int) -> list[str]:
    """Distinct card keys in hand that can be crafted now."""
    return [k for k in hand.distinct_keys(state, seat) if why_not_craft(state, seat, k) is None]


def craft_options(state: GameState, seat: int) -> Iterator[Craft]:
    """Every way to craft: the plain form, plus each other choice of suits for 'any' costs."""
    available, waive = power(state, seat), waivers(state, seat)
    for key in craftable(state, seat):
        yield Craft(key)
        cost = keys()[key].cost
        if "any" in cost:
            default = default_using(cost, available, waive)
            for plan in any_plans(cost, available, waive):
                if plan != default:
                    yield Craft(key, plan)


def spelled_out(state: GameState, seat: int, action: Craft) -> Craft:
    """A plain craft with the suits its default plan spends on 'any' costs written out."""
    cost = keys()[action.card].cost
    return Craft(action.card, default_using(cost, power(state, seat), waivers(state, seat)))


def craft(state: GameState, seat: int, key: str, using: tuple[str, ...] = ()) -> None:
    """Craft a card: activate pieces, then gain its item, effect or one-shot result."""
    c = keys()[key]
    plan = pay_plan(c.cost, power(state, seat), using, waivers(state, seat))
    assert plan is not None
    mode = mode_of(state)
    supply = mode.craft_supply(state, seat, plan)
    used = state.turn.flags.setdefault("crafted_with", {})
    for s, n in plan.items():
        used[s] = used.get(s, 0) + n
    cid = hand.take(state, seat, key)
    faction = registry.of(state, seat)
    if c.type == "item":
        assert c.item is not None
        state.item_supply[supply][c.item] -= 1
        hand.to_discard(state, cid)
        state.say(f"{faction.name} crafts {c.name}, taking a {c.item}.")
        points = faction.item_points(state, seat, c.vp)
        if mode.take_crafted_item(state, seat, c.item, supply, points, plan):
            score(state, seat, points, f"crafting {c.name}")
    elif c.type == "persistent":
        state.seats[seat].crafted.append(cid)
        state.say(f"{faction.name} crafts {c.name}.")
    else:
        hand.to_discard(state, cid)
        state.say(f"{faction.name} crafts {c.name}.")
        favor(state, seat, c.suit)


def favor(state: GameState, seat: int, favor_suit: str) -> None:
    """Remove every enemy piece in clearings of a suit at once; then every seat reacts (Field Hospitals)."""
    removals: list[Removed] = []
    for cid in state.board.ids():
        if suit(state, cid) != favor_suit:
            continue
        plan = {}
        for piece, n in state.clearings[cid - 1].items():
            if enemy_piece(state, seat, piece):
                plan[piece] = n
        done = remove_all(state, cid, plan, seat, CARD, react=False) if plan else None
        if done is not None:
            removals.append(done)
    for i, what in enumerate(removals):  # heard one place at a time, each knowing the places heard before it
        trigger(state, replace(what, earlier=tuple(removals[:i])))
