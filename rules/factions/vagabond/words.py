"""The Vagabond in words: why an action is refused, and the lines of his faction board others may see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from rules import hand, items, movement, registry
from rules.actions import Action, Battle, Move
from rules.cards import keys
from rules.dominance import ACTIVATE_AT
from rules.factions.vagabond import board as vb
from rules.factions.vagabond.actions import (
    Aid,
    Ally,
    Character,
    Coalition,
    Explore,
    Labor,
    Lead,
    Pawn,
    Quest,
    Repair,
    Steal,
    Strike,
)
from rules.factions.vagabond.characters import Ability, Host, character_of_verb
from rules.map_pieces import factions_in, place_name, suit
from rules.state import GameState
from rules.words import plural


class Vagabond(Host, Protocol):
    """What these words ask of the Vagabond (`rules.factions.vagabond.Vagabond`, which imports them)."""

    def free_characters(self, state: GameState, seat: int) -> list[str]:
        """The characters no other Vagabond at the table has chosen."""
        ...

    def ability(self, state: GameState, seat: int) -> Ability:
        """His character's special action."""
        ...

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """His setup choices."""
        ...

    def boots_needed(self, state: GameState, seat: int, dst: int) -> int:
        """Boots a Daylight move into a clearing exhausts."""
        ...

    def allies(self, state: GameState, seat: int) -> list[str]:
        """Factions he is Allied with."""
        ...

    def partnered_by(self, state: GameState, seat: int) -> int | None:
        """The seat that formed a coalition with this one, if any."""
        ...

    def coalition_targets(self, state: GameState, seat: int) -> list[int]:
        """Players he may form a coalition with."""
        ...

    def coalition_with(self, state: GameState, seat: int) -> int | None:
        """The seat he is in a coalition with, if any."""
        ...

DAYLIGHT_VERBS = (
    "lead", "explore", "aid", "quest", "strike", "repair", "steal", "labor", "hideout", "coalition",
    "instigate", "scorch", "improvise", "glide", "con", "duel", "coerce",
)
SPECIALS = character_of_verb()  # each special action's verb: the character whose it is
NEEDS = {"explore": "torch", "steal": "torch", "labor": "torch", "hideout": "torch", "strike": "crossbow"}


def why_not(faction: Vagabond, state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Vagabond's actions is refused now."""
    if state.pending:
        front = state.pending[0]
        if front["kind"] == "setup":
            return _why_not_setup(faction, state, seat, action)
        ability = faction.ability(state, seat)
        if front.get("faction") not in (None, faction.id) and action.verb in ability.verbs:
            return ability.explain(faction, state, seat, action)  # toward another faction's payment (Coerce)
        return None
    step = state.turn.step
    if isinstance(action, Move) and step == "vagabond.slip":
        return _why_not_slip(state, seat, faction.id, action)
    if step != "vagabond.daylight" and (action.verb in DAYLIGHT_VERBS or isinstance(action, (Move, Battle))):
        return f"the {faction.name} takes that action in Daylight"
    special = SPECIALS.get(action.verb)
    if special and state.seats[seat].data_as(vb.VagabondData).get("character") != special:
        return f"only the {special.title()} can {action.verb}"
    ability = faction.ability(state, seat)
    reason = ability.explain(faction, state, seat, action) if action.verb in ability.verbs else None
    if reason is not None:
        return reason
    if isinstance(action, Ally):
        return "an Allied faction's warriors join a battle only at the start of a battle you start beside them"
    if isinstance(action, Coalition):
        return _why_not_coalition(faction, state, seat, action)
    if isinstance(action, Repair):
        return _why_not_repair(state, seat, action)
    if isinstance(action, (Move, Lead)):
        return _why_not_move(faction, state, seat, action)
    here = vb.clearing(state, faction.id)
    if here is None:
        return "the pawn is in a forest: that action needs a clearing"
    needed = NEEDS.get(action.verb, "sword" if isinstance(action, Battle) else None)
    if needed and not items.ready(state, seat, needed):
        return f"{action.verb} exhausts a {needed}, and you have no face-up undamaged {needed}"
    return _why_not_here(state, seat, here, action)


def _why_not_strike(state: GameState, here: int, action: Strike) -> str:
    """A Strike takes a warrior of the faction when it has one in the clearing, else another of its pieces there."""
    rule = f"a Strike removes an enemy warrior in clearing {here}, or another piece of an enemy with none there"
    mine = sorted({k.split(":")[1] for k in state.clearings[here - 1] if k.split(":")[0] == action.faction})
    other = state.seat_of(action.faction)
    if other is None or not mine:
        return rule
    name = registry.of(state, other).name
    if "warrior" in mine and action.kind != "warrior":
        return f"the {name} have warriors in clearing {here}: {rule}"
    if "warrior" not in mine and action.kind not in mine:
        return f"the {name} have no warrior in clearing {here}, only: {', '.join(mine)} ({rule})"
    return rule


def _why_not_setup(faction: Vagabond, state: GameState, seat: int, action: Action) -> str | None:
    if isinstance(action, Character):
        free = faction.free_characters(state, seat)
        if action.name in vb.data()["characters"]:
            return f"another Vagabond is the {action.name.title()}; the free characters are {', '.join(free)}"
        return f"the characters are {', '.join(free)}"
    if isinstance(action, Pawn):
        allowed = [a.forest for a in faction.setup_legal(state, seat) if isinstance(a, Pawn)]
        listed = ", ".join("f" + f for f in allowed)
        if action.forest not in state.board.forests:
            return f"there is no forest f{action.forest}; the pawn may start in: {listed}"
        return f"the pawn may start in one of these forests, not f{action.forest}: {listed}"
    return None


def _why_not_slip(state: GameState, seat: int, fid: str, action: Move) -> str:
    here = vb.where(state, fid)
    if state.turn.flags_as(vb.VagabondFlags).get("slipped"):
        return "you already slipped this Birdsong"
    if action.src != here:
        return f"the pawn is in {place_name(here or '?')}, not {place_name(action.src)}"
    unpaid = movement.why_fee_unpaid(state, seat, action.src, action.dst)
    return unpaid or f"{place_name(action.dst)} is not next to {place_name(action.src)}"


def _why_not_move(faction: Vagabond, state: GameState, seat: int, action: Move | Lead) -> str:
    here = vb.where(state, faction.id)
    if action.src != here:
        return f"the pawn is in {place_name(here or '?')}, not {place_name(action.src)}"
    if not isinstance(action.dst, int):
        return "only the Slip in Birdsong enters a forest; Daylight moves go to an adjacent clearing"
    near = movement.linked(state, here) if isinstance(here, int) else state.board.forests[here].clearings
    if action.dst not in near:
        return f"clearing {action.dst} is not next to {place_name(here)}"
    boots = faction.boots_needed(state, seat, action.dst)
    have = items.ready(state, seat, "boots")
    if have < boots:
        hostile = " (Hostile warriors are there)" if boots > 1 else ""
        return f"moving to clearing {action.dst} exhausts {plural(boots, 'boot')}{hostile}; you have {have} ready"
    if isinstance(action, Lead):
        if action.ally not in faction.allies(state, seat):
            return f"you are not Allied with {action.ally}"
        return f"the {action.ally} warriors can't go along: too few there, or they rule neither clearing"
    return movement.why_fee_unpaid(state, seat, action.src, action.dst) or "that move is not possible now"


def _why_not_repair(state: GameState, seat: int, action: Repair) -> str:
    if not items.ready(state, seat, "hammer"):
        return "repairing exhausts a hammer, and you have no face-up undamaged hammer"
    damaged = [items.describe(i) for i in state.seats[seat].items if i["damaged"]]
    return f"you have no damaged {action.item} like that; damaged: {', '.join(damaged) or 'none'}"


def _why_not_coalition(faction: Vagabond, state: GameState, seat: int, action: Coalition) -> str:
    if len(state.seats) < vb.data()["coalition_seats"]:
        return "a coalition needs four or more players"
    if state.seats[seat].dominance is not None:
        return "you already activated a dominance card"
    if state.seats[seat].points < ACTIVATE_AT:
        return f"activating a dominance card needs {ACTIVATE_AT} points"
    partner = faction.partnered_by(state, seat)
    if partner is not None:
        return f"you are in the {registry.of(state, partner).name}'s coalition already"
    if keys()[action.card].type != "dominance" or not hand.holds(state, seat, action.card):
        return "a coalition takes a dominance card from your hand"
    names = [state.seats[s].faction for s in faction.coalition_targets(state, seat)]
    return f"a coalition is formed with the player with fewest points: {', '.join(names) or 'nobody'}"


def _why_not_here(state: GameState, seat: int, here: int, action: Action) -> str | None:
    present = factions_in(state, here)
    if isinstance(action, Explore):
        return f"there is no ruin with an item in clearing {here}"
    if isinstance(action, (Aid, Steal)) and action.faction not in present:
        return f"{action.faction} has no pieces in clearing {here}"
    if isinstance(action, Aid):
        if not any(i for i in state.seats[seat].items if items.is_ready(i)):
            return "aid exhausts an item, and you have no face-up undamaged item"
        return f"aid gives a card matching clearing {here} ({suit(state, here)}) from your hand"
    if isinstance(action, Steal):
        return f"{action.faction} has no cards to steal"
    if isinstance(action, Labor):
        return f"Day Labor takes a {suit(state, here)} or bird card from the discard pile"
    if isinstance(action, Quest):
        return _why_not_quest(state, here, action)
    if isinstance(action, Strike):
        return _why_not_strike(state, here, action)
    return None


def _why_not_quest(state: GameState, here: int, action: Quest) -> str:
    offer = {vb.quest(q).key: vb.quest(q) for q in vb.offered(state)}
    if action.quest not in offer:
        return f"the quests face up are {', '.join(offer) or 'none'}"
    c = offer[action.quest]
    if c.suit != suit(state, here):
        return f"{c.name} needs a {c.suit} clearing"
    if action.reward not in ("score", "draw"):
        return "after a quest, score or draw"
    return f"{c.name} exhausts {' and '.join(c.cost)}, face up and undamaged"


def panel_lines(faction: Vagabond, state: GameState, seat: int) -> list[str]:
    """Character, pawn, tracks, relationships, quests, coalition."""
    s = state.seats[seat]
    chosen = vb.character(state, seat)
    lines = [_character_line(chosen) if chosen else "Character: not chosen yet"]
    here = vb.where(state, faction.id)
    lines.append(f"Pawn: {place_name(here)}" if here is not None else "Pawn: not placed yet")
    mine = s.items
    track = vb.on_track(mine)
    lines.append(
        f"Tracks: tea {track['tea']}/3 (refresh {vb.refresh_count(mine)}), coins {track['coins']}/3 "
        f"(draw {1 + vb.draw_bonus(mine)}), sacks {track['sack']}/3 (item limit {vb.item_limit(mine)})"
    )
    lines.append(f"Satchel and damaged: {len(vb.carried(mine))} of {vb.item_limit(mine)} items")
    lines.append("Relationships: " + _relations(state, seat))
    lines += [f"Quest up: {_quest(q)}" for q in vb.offered(state)] or ["Quests up: none"]
    counts = ", ".join(f"{x} {vb.done_of(state, faction.id, x)}" for x in ("fox", "mouse", "rabbit"))
    in_deck = len(state.piles.get(vb.QUEST_DECK, []))
    lines.append(f"Quests done: {len(vb.done(state, faction.id))} ({counts}); {in_deck} in deck")
    partner = faction.coalition_with(state, seat)
    if partner is not None:
        lines.append(f"Coalition with the {registry.of(state, partner).name}")
    return lines + faction.ability(state, seat).panel(faction, state, seat)


def _character_line(chosen: dict[str, str]) -> str:
    """'Character: Ranger (Hideout)'."""
    return f"Character: {chosen['name']} ({chosen['special_name']})"


def _relations(state: GameState, seat: int) -> str:
    aids = state.turn.flags_as(vb.VagabondFlags).get("aids", {}) if state.turn.seat == seat else {}
    parts = []
    for faction in sorted(state.seats[seat].data_as(vb.VagabondData).get("relations", {})):
        level = vb.relation(state, seat, faction)
        needed = vb.aids_needed(level)
        progress = f", {aids.get(faction, 0)} of {needed} aids this turn" if needed and aids.get(faction) else ""
        parts.append(f"{registry.faction(faction).name} {vb.relation_word(level)}{progress}")
    return "; ".join(parts) or "none"


def _quest(q: int) -> str:
    c = vb.quest(q)
    return f"{c.name} ({c.suit}: {', '.join(c.cost)})"
