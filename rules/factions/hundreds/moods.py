"""The mood cards in battle and movement (Law of Root 14.7): where Bitter's mobs come from, why a mood is refused."""

from __future__ import annotations

from rules.factions.hundreds import board as hb
from rules.factions.hundreds.board import MOB, MOODS
from rules.state import GameState


def bitter_sites(state: GameState, cid: int) -> list[int]:
    """14.7.1: clearings with a mob in or next to the warlord's clearing, when the battle is there."""
    home = hb.warlord_at(state)
    if home is None or home != cid:
        return []
    near = {home, *state.board.adjacent_to(home)}
    return sorted(c for c in near if state.clearings[c - 1].get(MOB))


def why_not_mood(state: GameState, seat: int, name: str) -> str | None:
    """Why a mood card can't be chosen now (14.4.4), or None."""
    if name not in MOODS:
        return f"there is no mood card called '{name}' (the moods: {', '.join(MOODS)})"
    if name == hb.mood(state, seat):
        return f"you are already {name.title()}: choose a different mood card"
    if hb.forbidden(state, seat, name):
        return f"{name.title()} shows the {MOODS[name]}, and your Hoard holds one"
    return None
