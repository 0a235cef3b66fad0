"""The Lizard Cult in words: why an action is refused, each step's prompt, and the faction board's lines."""

from __future__ import annotations

from collections import Counter

from rules import registry
from rules.actions import Action, Battle, Build, Move, Recruit
from rules.board import SUITS
from rules.cards import keys, label
from rules.factions.lizards import board as lb
from rules.factions.lizards import choices
from rules.factions.lizards.actions import RITUALS, Convert, Crusade, Garden, Outcast, Ritual, Sanctify
from rules.factions.lizards.board import ID, NAME, LizardFlags
from rules.map_pieces import open_slots, suit, why_not_place
from rules.movement import why_not_move
from rules.pieces import BUILDING, WARRIOR
from rules.rule import rules
from rules.state import GameState
from rules.words import echo, plural

CONSPIRACIES = (Crusade, Convert, Sanctify)
__all__ = ["panel_lines", "prompt_of", "why_not"]


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Cult's actions is refused now, in the Cult's own terms."""
    if isinstance(action, (Garden, Outcast)):
        return _why_not_setup(state, seat, action)
    if isinstance(action, (Build, Recruit)):
        return f"the {NAME} build and recruit by ritual in Daylight: ritual {action.verb} N CARD"
    if isinstance(action, Move):
        return "the Cult moves only by a Crusade in Birdsong: crusade 5>6 x2 (it costs acolytes)"
    if isinstance(action, Ritual):
        return _why_not_ritual(state, seat, action)
    if isinstance(action, (*CONSPIRACIES, Battle)):
        return _why_not_conspiracy(state, seat, action)
    return None


def _why_not_setup(state: GameState, seat: int, action: Garden | Outcast) -> str:
    stage = lb.info(state, seat).get("setup")
    if isinstance(action, Outcast):
        if stage == "garden":
            return "place the starting garden first (garden N); the Outcast is chosen after it"
        if action.suit not in SUITS:
            return "the Outcast is fox, mouse or rabbit, never bird"
        return "the Outcast is chosen at setup; after that the Lost Souls pile moves it in Birdsong"
    if stage != "garden":
        return "the starting garden is already placed"
    spots = [g.clearing for g in choices.setup_options(state, seat)]
    listed = " or ".join(map(str, spots)) or "none left"
    return f"the starting garden goes in a corner clearing no one else started in ({listed}), not {action.clearing}"


def _why_not_ritual(state: GameState, seat: int, action: Ritual) -> str:
    if action.ritual not in RITUALS:
        return f"'{echo(action.ritual)}' is not a ritual; the rituals are {', '.join(RITUALS)}"
    if state.turn.step != "lizards.rituals" or state.turn.seat != seat:
        return "rituals are performed in your Daylight, one per card revealed"
    c = keys()[action.card]
    if action.ritual == "sacrifice":
        if c.suit != "bird":
            return f"Sacrifice needs a bird card revealed; {c.name} is {c.suit}"
        return "no warrior is left in your supply to sacrifice"
    if c.suit == "bird":
        return f"Hatred of Birds: {c.name} is a bird, not wild for rituals; reveal a bird only to sacrifice"
    if action.ritual == "score":
        return _why_not_score(state, c.suit)
    if action.clearing is None:
        return f"name the clearing: ritual {action.ritual} N {action.card}"
    return _why_not_place(state, seat, action, c.suit)


def _why_not_score(state: GameState, card_suit: str) -> str:
    if card_suit in state.turn.flags_as(LizardFlags).get("scored", []):
        return f"you already scored {card_suit} this turn (once per suit)"
    return f"you have no {card_suit} garden on the map to score"


def _why_not_place(state: GameState, seat: int, action: Ritual, card_suit: str) -> str:
    cid = action.clearing
    assert cid is not None
    if suit(state, cid) != card_suit:
        return f"clearing {cid} is {suit(state, cid)}, and the card revealed is {card_suit}"
    if action.ritual == "recruit":
        if state.seats[seat].supply.get("warrior", 0) <= 0:
            return "every Cult warrior is on the map or in the Acolytes box"
        return why_not_place(state, ID, cid, WARRIOR) or f"you can't place a warrior in clearing {cid}"
    if not rules(state, seat, cid):
        return f"you don't rule clearing {cid}"
    if open_slots(state, cid) <= 0:
        return f"clearing {cid} has no open building slot"
    if lb.in_supply(state, seat, card_suit) <= 0:
        return f"all five {card_suit} gardens are on the map"
    return why_not_place(state, ID, cid, BUILDING) or f"you can't place a garden in clearing {cid}"


def _malformed(state: GameState, action: Action) -> str | None:
    """A conspiracy's option that is no option at all: an unknown word after convert, a building its owner lacks."""
    if isinstance(action, Convert) and action.infected not in (None, "infected"):
        return f"'{echo(action.infected)}' is no option of convert: add 'infected' for a warrior the Spore infected"
    if isinstance(action, Sanctify):
        buildings = [k.kind for k in registry.plugin(state, action.owner).pieces if k.category == BUILDING]
        if action.kind not in buildings:
            listed = ", ".join(buildings) or "none"
            return f"'{echo(action.kind)}' is not a building of {action.owner}; its buildings are: {listed}"
    return None


def _why_not_conspiracy(state: GameState, seat: int, action: Action) -> str:
    malformed = _malformed(state, action)
    if malformed:
        return malformed
    if state.turn.step != "lizards.conspire" or state.turn.seat != seat:
        if isinstance(action, Battle):
            return "the Cult battles only by a Crusade, a conspiracy performed in Birdsong with acolytes"
        return f"{action.verb.title()} is a conspiracy, performed in Birdsong with acolytes"
    cid = action.src if isinstance(action, Crusade) else getattr(action, "clearing", None)
    name = "crusade" if isinstance(action, (Crusade, Battle)) else action.verb
    places = choices.outcast_clearings(state, seat)
    if cid not in places:
        where = ", ".join(map(str, places)) or "none"
        return f"conspiracies are performed in clearings of the Outcast ({lb.outcast(state, seat)}: {where})"
    need, have = lb.cost(state, seat, name), lb.acolytes(state, seat)
    if have < need:
        return f"{name.title()} costs {plural(need, 'acolyte')}, and the Acolytes box holds {have}"
    if isinstance(action, Crusade):
        return why_not_move(state, seat, action.src, action.dst, action.count) or "that Crusade can't be made"
    if isinstance(action, Convert):
        return _why_not_convert(state, seat, action)
    if isinstance(action, Sanctify):
        return _why_not_sanctify(state, seat, action)
    return f"you can't battle {action.defender} in clearing {action.clearing}" if isinstance(action, Battle) else ""


def _why_not_convert(state: GameState, seat: int, action: Convert) -> str:
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return "no Cult warrior is left in your supply to put in its place"
    if choices.convert_key(state, action.clearing, action.owner, action.infected) is None:
        which = "infected warrior" if action.infected else "warrior"
        return f"there is no enemy {which} of {action.owner} in clearing {action.clearing} to convert"
    return why_not_place(state, ID, action.clearing, WARRIOR) or "you can't place a warrior there"


def _why_not_sanctify(state: GameState, seat: int, action: Sanctify) -> str:
    wanted = lb.outcast(state, seat)
    key = f"{action.owner}:{action.kind}"
    if key not in choices.sanctifiable(state, seat, action.clearing):
        return f"there is no enemy {action.kind} of {action.owner} in clearing {action.clearing} to sanctify"
    if wanted is not None and lb.in_supply(state, seat, wanted) <= 0:
        return f"all five {wanted} gardens are on the map"
    return why_not_place(state, ID, action.clearing, BUILDING) or "you can't place a garden there"


def prompt_of(state: GameState, seat: int, step: str) -> str:
    """What each step asks."""
    if step == "lizards.conspire":
        follow = state.turn.flags_as(LizardFlags).get("crusade")
        then = f"; battle in clearing {follow} to finish the Crusade" if follow else ""
        have = plural(lb.acolytes(state, seat), "acolyte")
        return (
            f"perform conspiracies in {lb.outcast(state, seat)} clearings ({have}: crusade, battle, convert, "
            f"sanctify){then}, or end"
        )
    if step == "lizards.rituals":
        return (
            "reveal cards to perform rituals (ritual build|recruit N CARD, ritual score CARD, ritual sacrifice BIRD), "
            "or end"
        )
    return "craft with gardens of the Outcast, or end"


def panel_lines(state: GameState, seat: int) -> list[str]:
    """The Outcast, the acolytes, each Gardens track, the Lost Souls pile and the revealed cards."""
    out = lb.outcast(state, seat)
    side = " (Hated)" if lb.hated(state, seat) else ""
    lines = [f"Outcast: {out or 'not chosen yet'}{side}", f"Acolytes: {lb.acolytes(state, seat)}"]
    for s in SUITS:
        n = lb.uncovered(state, seat, s)
        worth = f"a Score scores {lb.score_value(state, seat, s)}" if n else "none to score"
        ahead = [at for at in lb.data()["draw_bonus_spaces"] if at > n]
        draws = f"draw bonus at {ahead[0]}" if ahead else "draw bonus uncovered"
        lines.append(f"{s.title()} gardens on the map {n}/{lb.GARDENS_PER_SUIT} ({worth}; {draws})")
    bonus = lb.draw_bonus(state, seat)
    lines.append(f"Evening draw: {1 + bonus} (1 + {plural(bonus, 'draw bonus', 'draw bonuses')} uncovered)")
    lines.append(_lost_souls_line(state, seat))
    shown = lb.revealed(state, seat)
    if shown:
        lines.append(f"Revealed: {', '.join(label(c) for c in shown)}")
    return lines



SOULS_NAMED = 8
"""The most Lost Souls the panel names one by one (beyond that it counts them by suit only)."""


def _lost_souls_line(state: GameState, seat: int) -> str:
    """The Lost Souls pile: how many of each suit (what moves the Outcast), and the cards while few."""
    souls = lb.lost_souls(state, seat)
    if not souls:
        return "Lost Souls: empty"
    counts = Counter(lb.suited(c) for c in souls)
    by_suit = ", ".join(f"{s} {counts[s]}" for s in (*SUITS, "bird") if counts[s])
    named = f": {', '.join(label(c) for c in souls)}" if len(souls) <= SOULS_NAMED else ""
    return f"Lost Souls {len(souls)} ({by_suit}){named}"
