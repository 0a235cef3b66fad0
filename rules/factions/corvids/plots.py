"""What the Corvids' plots do (Law 13.4.2, 13.5.2, 13.5.4, 13.7) and Exposure (13.2.4): placing, flipping, swapping,
removing, guessing. Every public word here is a function of what the table sees; the kinds of face-down plots go
only into the Corvids' private text."""

from __future__ import annotations

from rules import hand, registry
from rules.cards import label
from rules.factions.corvids.board import (
    FACE_DOWN,
    FACE_UP_KEYS,
    ID,
    KINDS,
    NAME,
    PLOT_KEY,
    WARRIOR_KEY,
    data,
    face_up_count,
    face_up_kind,
    flags,
    kind_of,
    mint,
    take_hidden,
)
from rules.hooks import Place, Removed
from rules.map_pieces import may_place, place, suit
from rules.pieces import ABILITY, WARRIOR, parse_key
from rules.removal import remove_all, take, trigger
from rules.rule import enemies, enemy_piece
from rules.scoring import score
from rules.state import GameState
from rules.words import plural

BOMB, SNARE, EXTORTION, RAID = KINDS
SNARE_KEY = f"{ID}:{SNARE}"


def a(kind: str) -> str:
    """A plot's kind with its article ('an extortion')."""
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


# --- placing (13.5.2) --------------------------------------------------------------------------------------------


def plot_cost(state: GameState) -> int:
    """Warriors the next plot removes: one, plus one per plot placed this turn."""
    return 1 + flags(state).get("plotted", 0)


def place_plot(state: GameState, seat: int, cid: int, kind: str) -> None:
    """Remove the warriors, then place a plot of this kind face down (the table sees a plot, never its kind)."""
    need = plot_cost(state)
    n, _ = take(state, cid, WARRIOR_KEY, need, seat, ABILITY)
    trigger(state, Removed(cid, {WARRIOR_KEY: n}, seat, ABILITY, {}))
    d = data(state, seat)
    reserve = d.setdefault("reserve", [])
    token = next(t for t in reserve if kind_of(t) == kind)
    reserve.remove(token)
    place(state, seat, FACE_DOWN, cid)
    d.setdefault("hidden", []).append(token)
    d.setdefault("hidden_at", []).append(cid)
    flags(state)["plotted"] = flags(state).get("plotted", 0) + 1
    state.say(
        f"The {NAME} remove {plural(n, 'warrior')} from clearing {cid} and place a plot there, face down.",
        {seat: f"Your plot in clearing {cid} is {a(kind)}."},
        ("place", cid, None),
    )


# --- flipping (13.4.2) ---------------------------------------------------------------------------------------------


def flip(state: GameState, seat: int, cid: int) -> None:
    """Turn the plot face up, score a point per face-up plot on the map, then its effect (a bomb, an extortion)."""
    token = take_hidden(state, seat, cid)
    assert token is not None
    kind = kind_of(token)
    here = state.clearings[cid - 1]
    here[PLOT_KEY] -= 1
    if not here[PLOT_KEY]:
        del here[PLOT_KEY]
    here[f"{ID}:{kind}"] = here.get(f"{ID}:{kind}", 0) + 1
    state.irreversible = True  # the table has seen what the plot is
    state.say(f"The {NAME} flip the plot in clearing {cid}: {a(kind)}.", None, ("place", cid, None))
    score(state, seat, face_up_count(state), "face-up plots")
    if kind == BOMB:
        bomb(state, seat, cid)
    elif kind == EXTORTION:
        extort(state, seat, cid)


def bomb(state: GameState, seat: int, cid: int) -> None:
    """13.7.1: every enemy piece in the clearing is removed, then the bomb itself; then every seat hears."""
    plan = {piece: n for piece, n in state.clearings[cid - 1].items() if n and enemy_piece(state, seat, piece)}
    done = [remove_all(state, cid, plan, seat, ABILITY, react=False) if plan else None]
    done.append(remove_all(state, cid, {f"{ID}:{BOMB}": 1}, seat, ABILITY, react=False))
    for what in done:
        if what is not None:
            trigger(state, what)


def extort(state: GameState, seat: int, cid: int) -> None:
    """13.7.3: a random card from each enemy with faction pieces in the clearing (with a card to take)."""
    for other in pieces_of_enemies(state, seat, cid):
        if not state.seats[other].hand:
            continue
        taken = hand.take_random(state, seat, other)
        them = registry.of(state, other).name
        state.say(
            f"Extortion: the {NAME} take a random card from {them}.",
            {seat: f"You take {label(taken)} from {them}.", other: f"The {NAME} take your {label(taken)}."},
        )


def pieces_of_enemies(state: GameState, seat: int, cid: int) -> list[int]:
    """Enemy seats owning or commanding a piece in a clearing, in seat order."""
    present = set()
    for piece, n in state.clearings[cid - 1].items():
        owner, _, controller = parse_key(piece)
        if n:
            present |= {owner, controller}
    out = []
    for other, s in enumerate(state.seats):
        if s.faction in present and enemies(state, seat, other):
            out.append(other)
    return out


# --- swapping (13.5.4) -----------------------------------------------------------------------------------------------


def trick(state: GameState, seat: int, a: int, b: int) -> None:
    """Swap two plots, both face up or both face down (a swap is no move and no placement: a snare does not stop it)."""
    d = data(state, seat)
    at = d.get("hidden_at", [])
    if a in at and b in at:
        i, j = at.index(a), at.index(b)
        d["hidden"][i], d["hidden"][j] = d["hidden"][j], d["hidden"][i]
        marks = (("place", a, None), ("place", b, None))
        state.say(f"The {NAME} swap the face-down plots of clearings {a} and {b}.", None, *marks)
        return
    ka, kb = face_up_kind(state, a), face_up_kind(state, b)
    assert ka is not None and kb is not None
    for cid, old, new in ((a, ka, kb), (b, kb, ka)):
        here = state.clearings[cid - 1]
        del here[f"{ID}:{old}"]
        here[f"{ID}:{new}"] = 1
    marks = (("place", a, None), ("place", b, None))
    state.say(f"The {NAME} swap the {ka} of clearing {a} and the {kb} of clearing {b}.", None, *marks)


# --- removal and the raid (13.7.4) ------------------------------------------------------------------------------------


def returned(state: GameState, seat: int, removed: Removed) -> None:
    """Plots removed from the map go back to the supply face down: a face-down one is shown to the table as it
    leaves (its number changes: the table knows it now); a raid places a warrior in each adjacent clearing."""
    d = data(state, seat)
    place_ = removed.place
    for piece, n in removed.owned_by(ID).items():
        kind = FACE_UP_KEYS.get(piece)
        if piece == PLOT_KEY:
            token = take_hidden(state, seat, place_) if isinstance(place_, int) else None
            if token is None:
                continue  # an Exposure took it off the list already (no raid)
            kind = kind_of(token)
            state.irreversible = True
            state.say(f"The plot removed from clearing {place_} was {a(kind)}.")
        if kind is None:
            continue
        d.setdefault("reserve", []).extend(mint(state, seat, kind) for _ in range(n))
        if kind == RAID and isinstance(place_, int):
            raid(state, seat, place_)


def raid(state: GameState, seat: int, cid: int) -> None:
    """A warrior in each clearing adjacent to the raid's, where one may be placed, as far as the supply goes."""
    placed = []
    for near in sorted(state.board.adjacent_to(cid)):
        if may_place(state, ID, near, WARRIOR) and place(state, seat, "warrior", near):
            placed.append(near)
    if placed:
        marks = tuple(("place", c, None) for c in placed)
        state.say(f"The raid places a {NAME} warrior in {', '.join(map(str, placed))}.", None, *marks)


# --- Exposure (13.2.4) ------------------------------------------------------------------------------------------------


def expose(state: GameState, seat: int, guesser: int, cid: int, guess: str, key: str) -> None:
    """The guesser shows a matching card and names a kind: right, they remove the plot (a point, no raid); wrong,
    the Corvids say no and take the card. Either way the table learns something of the plot."""
    d = data(state, seat)
    at = d.get("hidden_at", [])
    i = at.index(cid)
    kind = kind_of(d["hidden"][i])
    them = registry.of(state, guesser).name
    registry.of(state, guesser).interrupt(state, guesser)  # an ability between actions ends a compound one (1.4.2)
    state.irreversible = True  # the table learns something of the plot, the Corvids maybe a card
    if kind == guess:
        take_hidden(state, seat, cid)
        d.setdefault("reserve", []).append(mint(state, seat, kind))
        state.say(f"{them} guesses {a(guess)} in clearing {cid}: right, and exposes it.", None, ("remove", cid, None))
        take(state, cid, PLOT_KEY, 1, guesser, ABILITY)
        trigger(state, Removed(cid, {PLOT_KEY: 1}, guesser, ABILITY, {}))
        return
    d["hidden"][i] = mint(state, seat, kind)
    shown = hand.take(state, guesser, key)
    state.seats[seat].hand.append(shown)
    state.say(
        f"{them} guesses {a(guess)} in clearing {cid}: the {NAME} say no, and take the card shown.",
        {seat: f"{them} gives you {label(shown)}.", guesser: f"You give the {NAME} {label(shown)}."},
    )


def matching_clearing(state: GameState, cid: int, key_suit: str) -> bool:
    """Whether a card of this suit matches a clearing (birds match any)."""
    return key_suit == "bird" or suit(state, cid) == key_suit


# --- moderator edits -------------------------------------------------------------------------------------------------


def edited(state: GameState, seat: int, piece: str, n: int, src: Place | None, dst: Place | None) -> str | None:
    """Keep the plots' records after an edit moved n plots from `src` to `dst` (None: the supply), or say why not:
    a face-down plot keeps its number when shifted and goes back to the supply unseen; a face-up one is taken from
    the supply as its kind, or goes back to it; none is placed face down (which kind is the Corvids' secret), nor
    anywhere but a clearing."""
    if piece != PLOT_KEY and piece not in FACE_UP_KEYS:
        return None
    if isinstance(src, str) or isinstance(dst, str):
        return "plots lie only in clearings"
    d = data(state, seat)
    reserve = d.setdefault("reserve", [])
    if piece == PLOT_KEY:
        if src is None:
            return (
                "what a face-down plot is stays the Corvids' secret, so an edit can't place one: place a face-up "
                "plot (corvids:bomb, corvids:snare…), or let the Corvids plot"
            )
        at = d.setdefault("hidden_at", [])
        for _ in range(min(n, at.count(src))):  # more on the map than listed: the invariants say so
            if dst is None:
                token = take_hidden(state, seat, src)
                assert token is not None  # listed there
                reserve.append(token)
            else:
                at[at.index(src)] = dst
        return None
    kind = FACE_UP_KEYS[piece]
    if src is None:
        for _ in range(n):
            token = next((t for t in reserve if kind_of(t) == kind), None)
            if token is None:
                return f"the {NAME} have no {kind} plot left in their supply"
            reserve.remove(token)
    if dst is None:
        reserve.extend(mint(state, seat, kind) for _ in range(n))
    return None
