"""The Hoard (Law of Root 14.2.4): gaining items onto the Command and Prowess tracks, a full track, Lavish."""

from __future__ import annotations

from rules import decisions
from rules.factions.hundreds.board import ID, NAME, TRACK_SPACES, HundredsFlags, hoard, level, mood, track_of
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
    if rise <= 0 or state.turn.seat != seat:
        return
    flags = state.turn.flags_as(HundredsFlags)
    step = state.turn.step
    commanding = "hundreds.command_after" if mood(state, seat) == "grandiose" else "hundreds.command"
    if track == "command" and step == commanding:
        flags["commands"] = flags.get("commands", 0) + rise
    elif track == "prowess" and step == "hundreds.advance":
        flags["advances"] = flags.get("advances", 0) + rise


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
