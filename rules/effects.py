"""Effects of crafted cards used outside battle: Birdsong and Daylight cards, and start-of-phase cards."""

from __future__ import annotations

from collections.abc import Iterator

from rules import battle, decisions, dominance, hand, registry
from rules.actions import Action, Activate, Battle, Pass, Take, Use
from rules.cards import card, keys, label
from rules.map_pieces import controlled_warriors
from rules.pieces import CARD, WARRIOR, key
from rules.removal import remove_all
from rules.rule import enemy_seats, ruled_by
from rules.scoring import score
from rules.state import GameState
from rules.words import possessive


def crafted_effects(state: GameState, seat: int) -> dict[str, str]:
    """Effect id to card key for the persistent cards in front of a seat."""
    return {card(c).effect or "": card(c).key for c in state.seats[seat].crafted}


def _used(state: GameState, effect: str) -> bool:
    return effect in state.turn.flags.get("used", [])


def _mark_used(state: GameState, effect: str) -> None:
    state.turn.flags.setdefault("used", []).append(effect)


def window_actions(state: GameState, seat: int, phase: str) -> Iterator[Action]:
    """Card effects a seat may use at any point of this phase of its turn."""
    have = crafted_effects(state, seat)
    if phase == "birdsong":
        if "royal_claim" in have:
            yield Use(have["royal_claim"])
        if "stand_and_deliver" in have and not _used(state, "stand_and_deliver"):
            for other in enemy_seats(state, seat):
                if state.seats[other].hand:
                    yield Use(have["stand_and_deliver"], state.seats[other].faction)
    elif phase == "daylight":
        if "tax_collector" in have and not _used(state, "tax_collector"):
            me = state.seats[seat].faction
            for cid in state.board.ids():
                if controlled_warriors(state, me, cid):
                    yield Use(have["tax_collector"], None, cid)
        if "codebreakers" in have and not _used(state, "codebreakers"):
            for other in enemy_seats(state, seat):
                yield Use(have["codebreakers"], state.seats[other].faction)
        yield from dominance.options(state, seat)


def apply_window(state: GameState, seat: int, action: Action) -> None:
    """Resolve a card effect used in a phase window."""
    if isinstance(action, Activate):
        dominance.activate(state, seat, action.card)
        return
    if isinstance(action, Take):
        dominance.take(state, seat, action.card, action.spend)
        return
    assert isinstance(action, Use)
    effect = keys()[action.card].effect
    name = registry.of(state, seat).name
    if effect == "royal_claim":
        crafted = state.seats[seat].crafted
        cid = next(c for c in crafted if card(c).key == action.card)
        crafted.remove(cid)
        hand.to_discard(state, cid)
        ruled = len(ruled_by(state, seat)) + registry.of(state, seat).ruled_off_map(state, seat)
        state.say(f"{name} discards Royal Claim.")
        score(state, seat, ruled, f"Royal Claim, {ruled} ruled clearings")
    elif effect == "stand_and_deliver":
        _mark_used(state, "stand_and_deliver")
        other = state.seat_of(action.target or "")
        assert other is not None
        cid = hand.take_random(state, seat, other)
        other_name = registry.of(state, other).name
        state.say(
            f"{name} uses Stand and Deliver! on {other_name} and takes a random card.",
            {seat: f"You took {label(cid)}.", other: f"{name} took your {label(cid)}."},
        )
        score(state, other, 1, "Stand and Deliver!")
    elif effect == "tax_collector":
        _mark_used(state, "tax_collector")
        assert action.clearing is not None
        state.say(f"{name} uses Tax Collector in clearing {action.clearing}.")
        remove_all(state, action.clearing, {_own_warrior_first(state, seat, action.clearing): 1}, None, CARD)
        hand.draw(state, seat, 1)
    elif effect == "codebreakers":
        _mark_used(state, "codebreakers")
        other = state.seat_of(action.target or "")
        assert other is not None
        cards = ", ".join(label(c) for c in sorted(state.seats[other].hand)) or "no cards"
        state.irreversible = True
        state.say(
            f"{name} uses Codebreakers to look at {possessive(registry.of(state, other).name)} hand.",
            {seat: f"{possessive(registry.of(state, other).name)} hand: {cards}."},
        )


def _own_warrior_first(state: GameState, seat: int, cid: int) -> str:
    """The warrior Tax Collector removes: the faction's own if it has one there, else one it controls."""
    me = state.seats[seat].faction
    here = controlled_warriors(state, me, cid)
    own = key(me, WARRIOR)
    return own if own in here else sorted(here)[0]


def why_not_use(state: GameState, seat: int, action: Use, phase: str) -> str:
    """Why a card effect can't be used now."""
    c = keys().get(action.card)
    if c is None:
        return f"there is no card called '{action.card}'"
    if c.effect not in crafted_effects(state, seat):
        return f"you have not crafted {c.name}"
    if c.effect in ("armorers", "sappers", "brutal_tactics"):
        return f"{c.name} is used in battle, after the dice are rolled"
    if _used(state, c.effect or ""):
        return f"you already used {c.name} this turn"
    return f"{c.name} can't be used like that now ({phase})"


# --- start-of-phase cards ------------------------------------------------------


def start_of_phase(state: GameState, seat: int, phase: str) -> None:
    """Queue the 'at start of' card effects of a phase."""
    have = crafted_effects(state, seat)
    if phase == "birdsong" and "better_burrow_bank" in have:
        others = enemy_seats(state, seat)
        if len(others) == 1:
            _burrow_bank(state, seat, others[0])
        elif others:
            decisions.push(state, "better_burrow_bank", seat)
    if phase == "daylight" and "command_warren" in have and any(battle.battle_options(state, seat)):
        decisions.push(state, "command_warren", seat)
    if phase == "evening" and "cobbler" in have and any(registry.of(state, seat).granted_moves(state, seat)):
        decisions.push(state, "cobbler", seat)


def _burrow_bank(state: GameState, seat: int, other: int) -> None:
    state.say(f"{registry.of(state, seat).name} uses Better Burrow Bank with {registry.of(state, other).name}.")
    hand.draw(state, seat, 1)
    hand.draw(state, other, 1)


def _bank_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    have = crafted_effects(state, d["seat"])
    for other in enemy_seats(state, d["seat"]):
        yield Use(have["better_burrow_bank"], state.seats[other].faction)


def _bank_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    assert isinstance(action, Use)
    other = state.seat_of(action.target or "")
    assert other is not None
    _burrow_bank(state, d["seat"], other)
    return True


def _warren_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    yield Pass()
    yield from battle.battle_options(state, d["seat"])


def _warren_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    if isinstance(action, Battle):
        state.say(f"{registry.of(state, d['seat']).name} uses Command Warren.")
        battle.start(state, d["seat"], action.clearing, action.defender)
    return True


def _cobbler_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    yield Pass()
    yield from registry.of(state, d["seat"]).granted_moves(state, d["seat"])


def _cobbler_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    if not isinstance(action, Pass):  # a move the faction grants: warriors, or its own kind (the warlord's lead)
        state.say(f"{registry.of(state, d['seat']).name} uses Cobbler.")
        registry.of(state, d["seat"]).take_granted_move(state, d["seat"], action)
    return True


decisions.define(
    "better_burrow_bank",
    _bank_legal,
    _bank_resolve,
    lambda s, d: "choose another player to draw a card with you (Better Burrow Bank)",
    auto_single=True,
)
decisions.define(
    "command_warren",
    _warren_legal,
    _warren_resolve,
    lambda s, d: "start a battle (Command Warren), or pass",
)
decisions.define("cobbler", _cobbler_legal, _cobbler_resolve, lambda s, d: "take a move (Cobbler), or pass")
