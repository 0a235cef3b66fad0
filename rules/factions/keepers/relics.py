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
    is_relic_key,
    parse_relic,
    recovered_of,
    relic_kind,
    relic_words,
    relics_at,
)
from rules.hooks import Place
from rules.map_pieces import pieces_at, place_name, shift, suit
from rules.pieces import key
from rules.rule import rules
from rules.scoring import score
from rules.state import GameState
from rules.words import plural


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


# --- a moderator's edits of relics, and the face-down values checked against the box ---------------------------------


def edited(state: GameState, seat: int, piece: str, dst: Place | None) -> str | None:
    """A moderator edit moved relics (`piece`) to dst (None: the supply): a face-down relic lies only in a
    forest (or set aside in the supply, its value kept face down with the others), and one placed face down with no
    face-down value left for it gets one of its kind's values in no other place, at random; or why the edit can't be
    made."""
    parsed = parse_relic(piece.partition(":")[2]) if is_relic_key(piece) else None
    if parsed is None or (state.legacy is not None and state.legacy.relic_edits_unkept):
        return None
    name, value = parsed
    if value is not None:
        return _over_box(state, seat, name)
    if dst is not None and not (isinstance(dst, str) and dst in state.board.forests):
        return f"a face-down {name} lies only in a forest; a face-up one is written with its value ({name}3)"
    short = _face_down_in_forests(state, name) - len(hidden_values(state, seat)[name])
    return _deal_values(state, seat, name, short) if short > 0 else None


def _face_down_in_forests(state: GameState, name: str) -> int:
    """How many relics of a kind lie face down in the forests."""
    return sum(pieces.get(key(ID, name), 0) for pieces in state.forests.values())


def _deal_values(state: GameState, seat: int, name: str, n: int) -> str | None:
    """Values for n relics of a kind placed face down: each one of those in no other place, at random, shuffled in
    among the values already face down (so that nobody learns when it will be turned)."""
    pool = hidden_values(state, seat)[name]
    free = list((Counter(VALUES) - Counter(pool) - _face_up_values(state, name)).elements())
    if len(free) < n:
        return f"the box has {plural(len(VALUES), name)}: no {name} is left to place face down"
    for _ in range(n):
        state.rng, pick = rng.below(state.rng, len(free))
        state.rng, where = rng.below(state.rng, len(pool) + 1)
        pool.insert(where, free.pop(pick))
    return None


def _face_up_values(state: GameState, name: str) -> Counter[int]:
    """The values of a kind's relics lying face up anywhere: on the map, in the forests, in any seat's areas."""
    places = [*state.clearings, *state.forests.values(), *(area for s in state.seats for area in s.areas.values())]
    found: Counter[int] = Counter()
    for pieces in places:
        for kind, n in relics_at(pieces).items():
            parsed = parse_relic(kind)
            if parsed is not None and parsed[0] == name and parsed[1] is not None:
                found[parsed[1]] += n
    return found


def _over_box(state: GameState, seat: int, name: str) -> str | None:
    """Why the face-up and face-down relics of a kind are more than the box holds of a value, if they are."""
    held = _face_up_values(state, name) + Counter(hidden_values(state, seat)[name])
    over = sorted(v for v, n in held.items() if n > VALUES.count(v))
    if not over:
        return None
    return f"the box has {plural(VALUES.count(over[0]), name)} worth {over[0]}, and no more of them is in the supply"


def problems(state: GameState, seat: int) -> list[str]:
    """A face-down value for each relic face down in a forest (what a delve turns up)."""
    if state.legacy is not None and state.legacy.relic_edits_unkept:
        return []
    out = []
    for name in RELICS:
        down, kept = _face_down_in_forests(state, name), len(hidden_values(state, seat).get(name, []))
        if kept < down:
            out.append(f"keepers: {plural(down, 'face-down ' + name)} in the forests but {plural(kept, 'value')} kept")
    return out
