"""Relics: dealt face down into the forests at setup (15.3.1, 15.3.4), delved (15.5.2.2), carried (15.2.4), recovered
(15.5.2.3) and placed in a forest by whoever removes one (15.2.5)."""

from __future__ import annotations

from collections import Counter

from rules import registry, rng
from rules.factions.keepers.board import (
    ID,
    RELICS,
    RELICS_AREA,
    SET_POINTS,
    VALUES,
    hidden_values,
    parse_relic,
    recovered_of,
    relic_kind,
    relic_words,
    relics_at,
)
from rules.map_pieces import pieces_at, place_name, shift, suit
from rules.pieces import key
from rules.rule import rules
from rules.scoring import score
from rules.state import GameState


def deal(state: GameState, seat: int) -> None:
    """15.3.1: the twelve relics shuffled face down, one in each forest (in random forests when there are more
    forests than relics: the 3x3 board); the rest wait on the side (the supply) for 15.3.4."""
    position, kinds = rng.shuffled(state.rng, [name for name in RELICS for _ in VALUES])
    position, forests = rng.shuffled(position, sorted(state.board.forests))
    hidden = hidden_values(state, seat)
    for name in RELICS:
        position, hidden[name] = rng.shuffled(position, list(VALUES))
    state.rng = position
    supply = state.seats[seat].supply
    for name in RELICS:
        supply[name] = 0
    for forest, name in zip(forests, kinds, strict=False):
        pieces = state.forests[forest]
        pieces[key(ID, name)] = pieces.get(key(ID, name), 0) + 1
    for name in kinds[len(forests) :]:
        supply[name] += 1


def place_remaining(state: GameState, seat: int) -> list[str]:
    """15.3.4: the relics set aside go, as evenly as possible and at random, into the forests next to no clearing with
    Keeper warriors (every forest when each is next to one); the forests that got one."""
    supply = state.seats[seat].supply
    aside = [name for name in RELICS for _ in range(supply.get(name, 0))]
    if not aside:
        return []
    camped = {c for c in state.board.ids() if state.clearings[c - 1].get(key(ID, "warrior"))}
    far = sorted(f for f, info in state.board.forests.items() if not info.clearings & camped)
    position, kinds = rng.shuffled(state.rng, aside)
    position, forests = rng.shuffled(position, far or sorted(state.board.forests))
    state.rng = position
    got = []
    for i, name in enumerate(kinds):
        forest = forests[i % len(forests)]
        supply[name] -= 1
        pieces = state.forests[forest]
        pieces[key(ID, name)] = pieces.get(key(ID, name), 0) + 1
        got.append(forest)
    return sorted(set(got))


def delve_choices(state: GameState, cid: int) -> list[tuple[str, str]]:
    """(forest, relic kind) of every relic lying in a forest next to a clearing."""
    return [
        (forest, kind)
        for forest in sorted(state.board.forests_of(cid))
        for kind in sorted(relics_at(state.forests[forest]))
    ]


def turn_up(state: GameState, seat: int, forest: str, kind: str, cid: int) -> int:
    """15.5.2.2 step 1: a relic in a forest turned face up (its value is the next of its kind's face-down values) and
    moved into the clearing; returns its value."""
    parsed = parse_relic(kind)
    assert parsed is not None, kind
    name, value = parsed
    if value is None:
        pool = hidden_values(state, seat)[name]
        value = pool.pop(0) if pool else min(VALUES)
        state.irreversible = True  # a value nobody had seen is shown
    pieces = state.forests[forest]
    pieces[key(ID, kind)] -= 1
    if not pieces[key(ID, kind)]:
        del pieces[key(ID, kind)]
    here = state.clearings[cid - 1]
    up = key(ID, relic_kind(name, value))
    here[up] = here.get(up, 0) + 1
    how = "turns up" if parsed[1] is None else "takes"
    state.say(
        f"Keepers in Iron delves: {how} {relic_words(relic_kind(name, value))} in forest {forest} "
        f"and brings it into clearing {cid}.",
        None,
        ("place", cid, None),
    )
    return value


def ruled_around(state: GameState, seat: int, forest: str) -> int:
    """15.5.2.2 step 2: clearings next to a forest that the Keepers (their side) rule."""
    return sum(1 for c in state.board.forests[forest].clearings if rules(state, seat, c))


def ruled_of_suit(state: GameState, seat: int, cid: int) -> int:
    """15.5.2.3 step 3: clearings of a clearing's suit that the Keepers (their side) rule."""
    wanted = suit(state, cid)
    return sum(1 for c in state.board.ids() if suit(state, c) == wanted and rules(state, seat, c))


def take_home(state: GameState, seat: int, cid: int, kind: str) -> int:
    """15.5.2.3 steps 1 and 2: a relic moved from a clearing to its kind's leftmost empty Relics space, its value
    scored, and two points more for a Relics column it fills; returns its value."""
    parsed = parse_relic(kind)
    assert parsed is not None and parsed[1] is not None, kind
    name, value = parsed[0], int(parsed[1])
    here = state.clearings[cid - 1]
    piece = key(ID, kind)
    here[piece] -= 1
    if not here[piece]:
        del here[piece]
    spaces = state.seats[seat].areas.setdefault(RELICS_AREA, {})
    spaces[piece] = spaces.get(piece, 0) + 1
    state.say(f"Keepers in Iron recovers {relic_words(kind)} from clearing {cid}.", None, ("remove", cid, None))
    score(state, seat, value, f"recovering {relic_words(kind)}")
    filled = recovered_of(state, seat, name)
    if all(recovered_of(state, seat, other) >= filled for other in RELICS):
        score(state, seat, SET_POINTS, f"Relics column {filled} filled: one relic of each kind")
    return value


def carry(state: GameState, relics: list[str], src: int, dst: int) -> None:
    """15.2.4 Devout Knights: relics go along with the warriors that moved."""
    for kind, n in sorted(Counter(relics).items()):
        shift(state, key(ID, kind), src, dst, n)
    words = ", ".join(relic_words(k) for k in sorted(relics))
    state.say(f"Keepers in Iron carries {words} from clearing {src} to clearing {dst}.", None, ("move", src, dst))


def place_trophy(state: GameState, piece: str, area: dict[str, int], forest: str, by: int) -> None:
    """15.2.5: a removed relic placed face up in a forest by the seat that removed it."""
    area[piece] -= 1
    if not area[piece]:
        del area[piece]
    pieces = pieces_at(state, forest)
    pieces[piece] = pieces.get(piece, 0) + 1
    who = registry.of(state, by).name
    state.say(f"{who} places {relic_words(piece.split(':', 1)[1])} in {place_name(forest)}, face up.")
