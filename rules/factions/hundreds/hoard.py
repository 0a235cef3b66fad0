"""The Hoard (Law of Root 14.2.4): gaining items onto the Command and Prowess tracks, a full track, Lavish."""

from __future__ import annotations

from typing import Literal

from rules import decisions
from rules.factions.hundreds.board import (
    ID,
    LEVELS,
    NAME,
    TRACK_SPACES,
    TRACKS,
    HundredsFlags,
    hoard,
    level,
    mood,
    track_of,
)
from rules.items import make
from rules.scoring import score
from rules.state import GameState, Item
from rules.words import plural


def gain(state: GameState, seat: int, name: str, why: str, ruin: bool = False) -> None:
    """14.2.4.I: an item gained goes on its track; with the track full, one item of it is removed for a point.
    `ruin`: taken from a ruin (marked, as the Vagabond's are, for the two-Vagabond rule)."""
    track = track_of(name)
    if track is None:
        state.items_removed.append(name)
        state.say(f"{NAME} can't hoard the {name}: it is removed from the game.")
        return
    before = level(state, seat, track)
    item = make(name)
    if ruin:
        item["ruin"] = True
    state.seats[seat].items.append(item)
    state.say(f"{NAME} puts the {name} ({why}) on the {track.title()} track of the Hoard.")
    _count_the_rise(state, seat, track, level(state, seat, track) - before)
    if len(hoard(state, seat, track)) > TRACK_SPACES:
        decisions.push(
            state,
            "faction",
            seat,
            faction=ID,
            what="unhoard",
            track=track,
            prompt=f"the {track.title()} track is full: remove an item of it for good (unhoard ITEM), scoring 1",
        )


def _count_the_rise(state: GameState, seat: int, track: str, rise: int) -> None:
    """14.5.2, 14.5.3: Command and Prowess count as they stand, so an item gained in the middle of the step that
    counts them (a looting battle) adds its rise to the actions left there."""
    if state.legacy is not None and state.legacy.hoard_counted_at_start:  # before 76ad3f8
        return
    counting = _counting(state, seat, track)
    if rise > 0 and counting is not None:
        flags = state.turn.flags_as(HundredsFlags)
        flags[counting] = flags.get(counting, 0) + rise


def _counting(state: GameState, seat: int, track: str) -> Literal["commands", "advances"] | None:
    """The actions left that a track counts (its flag), while the seat is in the step that spends them."""
    if state.turn.seat != seat:
        return None
    step = state.turn.step
    commanding = "hundreds.command_after" if mood(state, seat) == "grandiose" else "hundreds.command"
    if track == "command" and step == commanding:
        return "commands"
    if track == "prowess" and step == "hundreds.advance":
        return "advances"
    return None


def overflowing(state: GameState, seat: int, track: str) -> list[str]:
    """The distinct items of a track that is over full (none when it fits)."""
    held = hoard(state, seat, track)
    return sorted(set(held)) if len(held) > TRACK_SPACES else []


def remove(state: GameState, seat: int, name: str) -> Item:
    """Take one item of a name out of the Hoard and out of the game."""
    item = next(i for i in state.seats[seat].items if i["item"] == name)
    state.seats[seat].items.remove(item)
    state.items_removed.append(name)
    return item


def unhoard(state: GameState, seat: int, name: str) -> None:
    """A full track: the chosen item leaves the game and the Hundreds score one point."""
    remove(state, seat, name)
    state.say(f"{NAME} removes the {name} from the Hoard for good.")
    score(state, seat, 1, "a full Hoard track")


def items_held(state: GameState, seat: int) -> list[str]:
    """The distinct items in the Hoard."""
    return sorted({i["item"] for i in state.seats[seat].items})


def describe(state: GameState, seat: int, track: str) -> str:
    """A track in words: its items, left to right, and its empty spaces."""
    held = hoard(state, seat, track)
    empty = max(0, TRACK_SPACES - len(held))
    parts = [*held, *(["·"] * empty)]
    return f"{', '.join(parts)} ({plural(len(held), 'item')})"


def edited(state: GameState, seat: int, name: str, added: bool) -> str | None:
    """A moderator edit put an item into the Hoard (added) or took one out: it goes on its track, which holds four
    at most (14.2.4), and Command or Prowess counted in the step that spends them follows the track as it stands
    (14.5.2, 14.5.3); or why the edit can't be made."""
    track = track_of(name)
    if track is None:
        tracks = "; ".join(f"{t.title()}: {', '.join(names)}" for t, names in TRACKS.items())
        return f"the Hoard has no track for the {name} ({tracks})"
    held = len(hoard(state, seat, track))
    if added and held > TRACK_SPACES:
        return f"the {track.title()} track of the Hoard is full ({TRACK_SPACES} items): take one off it first"
    before = LEVELS[min(held - 1 if added else held + 1, TRACK_SPACES)]
    change = level(state, seat, track) - before
    if change > 0:
        _count_the_rise(state, seat, track, change)
    elif change < 0:
        _count_the_fall(state, seat, track, -change)
    return None


def _count_the_fall(state: GameState, seat: int, track: str, fall: int) -> None:
    """An item taken off a track in the step that counts it: as many fewer actions are left there (none below zero)."""
    counting = _counting(state, seat, track)
    if counting is not None:
        flags = state.turn.flags_as(HundredsFlags)
        flags[counting] = max(0, flags.get(counting, 0) - fall)
