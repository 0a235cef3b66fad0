"""Helpers for Vagabond tests: a Marquise, Eyrie and Vagabond game past setup, and literal item situations.

Seats (first_player=0): the Marquise at 0, the Eyrie at 1, the Vagabond at 2. Items move between the
Vagabond and the first map's item supply, so the item invariant (every item somewhere) keeps holding.
"""

from __future__ import annotations

from rules_helpers import check, clear_map, goto, play, set_hand

import rules
from rules.factions.vagabond import board as vb
from rules.items import make
from rules.map_pieces import pieces_at, shift
from rules.state import GameState

M, E, V = 0, 1, 2
OPTIONS = {"factions": ["marquise", "eyrie", "vagabond"], "first_player": 0}


def vb_game(seed: int = 1, character: str = "thief", forest: str = "C", **options: object) -> GameState:
    """A three-player game played through setup (keep in 1, the Eyrie opposite, the Vagabond in a forest)."""
    state = rules.new_game({**OPTIONS, **options}, seed)
    for text in ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot"):
        state = play(state, text)
    return play(state, f"character {character}", f"pawn f{forest}")


def vb_blank(seed: int = 1, character: str = "thief", where: int | str = "C", **options: object) -> GameState:
    """Past setup with an empty map (the pawn alone, at `where`), empty hands and no decision pending."""
    state = vb_game(seed, character, **options)
    clear_map(state)
    pawn_to(state, where)
    for seat in range(len(state.seats)):
        set_hand(state, seat)
    state.pending = []
    state.battle = None
    return check(state)


def pawn_to(state: GameState, where: int | str) -> GameState:
    """Put the pawn in a clearing or forest (no move, no boots)."""
    here = vb.where(state, vb.ID)
    if here is None:
        pieces_at(state, where)[vb.pawn(vb.ID)] = 1
        state.seats[V].supply["pawn"] = 0
    elif here != where:
        shift(state, vb.pawn(vb.ID), here, where, 1)
    return state


def set_items(state: GameState, *specs: str, seat: int = V) -> GameState:
    """Give a seat exactly these items: 'sword', 'sword:exhausted', 'boots:damaged', 'tea:damaged-exhausted'.

    Its old items go back to the first map's supply and the new ones come from it (counts may go to zero,
    never below: the game holds every item only once).
    """
    supply = state.item_supply[state.board.maps[0]]
    for item in state.seats[seat].items:
        supply[item["item"]] = supply.get(item["item"], 0) + 1
    state.seats[seat].items = []
    for spec in specs:
        name, _, marks = spec.partition(":")
        assert supply.get(name, 0) > 0, f"no {name} left to give"
        supply[name] -= 1
        state.seats[seat].items.append(make(name, "exhausted" in marks, "damaged" in marks))
    return state


def item_specs(state: GameState, seat: int = V) -> list[str]:
    """A seat's items as sorted specs ('sword', 'boots:exhausted', 'tea:damaged-exhausted')."""
    out = []
    for item in state.seats[seat].items:
        marks = "-".join(m for m in ("damaged", "exhausted") if item[m])
        out.append(item["item"] + (f":{marks}" if marks else ""))
    return sorted(out)


def relate(state: GameState, faction: str, level: int) -> GameState:
    """Set a relationship: -1 hostile, 0 indifferent, 1 and 2, 3 allied."""
    state.seats[V].data["relations"][faction] = level
    return state


def daylight(state: GameState, **flags: object) -> GameState:
    """Check a hand-made state, then make it the Vagabond's Daylight."""
    check(state)
    return goto(state, V, "vagabond.daylight", **flags)


def offer(state: GameState, *quest_keys: str) -> GameState:
    """Make exactly these quests face up (the others go to the quest deck)."""
    ids = {vb.quest(q).key: q for q in range(15)}
    wanted = [ids[k] for k in quest_keys]
    state.piles[vb.OFFER] = wanted
    done = {q for name, pile in state.piles.items() if name.startswith(vb.DONE) for q in pile}
    state.piles[vb.QUEST_DECK] = [q for q in range(15) if q not in wanted and q not in done]
    return state
