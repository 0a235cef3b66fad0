"""The Corvid Conspiracy's words: the public panel, the Corvids' own lines on their plots, prompts and refusals.

The panel and every refusal an enemy may read are functions of what the table sees; only `private_lines` and the
Corvids' own refusals of their own actions name the kinds of their face-down plots."""

from __future__ import annotations

from collections import Counter

from rules.actions import Action, Craft, Recruit
from rules.cards import keys
from rules.factions.corvids.actions import Expose, Flip, Plot, Scatter, Trick
from rules.factions.corvids.board import (
    ACTING,
    CRAFT,
    DAYLIGHT,
    DAYLIGHT_ACTIONS,
    EXERT,
    FACE_DOWN,
    FLIP,
    ID,
    KINDS,
    NAME,
    PLOT_KEY,
    RECRUIT,
    SUITS,
    data,
    face_down_clearings,
    face_up_kind,
    flags,
    has_plot,
    kind_of,
    present,
    reserve_kinds,
    warriors_at,
)
from rules.factions.corvids.plots import matching_clearing, plot_cost
from rules.map_pieces import count, suit, why_not_place
from rules.pieces import TOKEN, WARRIOR
from rules.state import GameState
from rules.words import plural

KIND_WORDS = "bomb, snare, extortion or raid"


def panel_lines(state: GameState, seat: int) -> list[str]:
    """What the table sees of the Corvids: plots in the supply (how many, never which), face-up plots, the turn."""
    supply = state.seats[seat].supply.get(FACE_DOWN, 0)
    down = face_down_clearings(state)
    lines = [f"Plots in supply: {supply} (face down)"]
    if down:
        lines.append("Face-down plots: " + ", ".join(map(str, down)))
    up = [(cid, face_up_kind(state, cid)) for cid in state.board.ids()]
    shown = [f"{kind} {cid}" for cid, kind in up if kind]
    if shown:
        lines.append("Face-up plots: " + ", ".join(shown))
    if state.turn.seat == seat and state.turn.step in (DAYLIGHT, EXERT):
        f = flags(state)
        lines.append(f"Actions used: {f.get('corvid_actions', 0)} of {DAYLIGHT_ACTIONS}")
        lines.append(f"Next plot removes {plural(plot_cost(state), 'warrior')}")
    if state.turn.seat == seat and flags(state).get("exerted"):
        lines.append("Exerted: no draw this Evening")
    return lines


def private_lines(state: GameState, seat: int) -> list[str]:
    """The Corvids' own knowledge: what each face-down plot is, and what is left in the supply."""
    d = data(state, seat)
    placed = sorted(zip(d.get("hidden_at", []), d.get("hidden", []), strict=True))
    mine = ", ".join(f"{kind_of(t)} in {cid}" for cid, t in placed) or "none"
    left = Counter(kind_of(t) for t in d.get("reserve", []))
    supply = ", ".join(f"{k} x{left[k]}" for k in KINDS if left[k]) or "none"
    return [f"Your face-down plots: {mine}", f"Your plot supply: {supply}"]


def prompt_of(state: GameState, step: str) -> str:
    """What each step asks."""
    if step == CRAFT:
        return "craft with your plots (craft CARD), or end"
    if step == FLIP:
        return "flip face-down plots where you have warriors (flip N), or end Birdsong's flips"
    if step == RECRUIT:
        return (
            "recruit: spend a card for a warrior in each matching clearing (recruit CARD [suit]; short of warriors, "
            "name the clearings: recruit CARD 3,5), or end"
        )
    if step == DAYLIGHT:
        left = DAYLIGHT_ACTIONS - flags(state).get("corvid_actions", 0)
        return f"move, battle, plot or trick ({plural(left, 'action')} left), or end Daylight"
    if step == EXERT:
        return "exert: take one more Daylight action and draw no card this Evening, or end"
    return step


def setup_prompt(state: GameState, seat: int) -> str:
    """Which suits are still to scatter in."""
    left = [s for s in SUITS if s not in data(state, seat).get("scattered", [])]
    return f"scatter a warrior in a clearing of each suit (scatter N): {', '.join(left)} left"


# --- refusals ------------------------------------------------------------------------------------------------------


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Corvids' own actions is refused now, in the Law's terms."""
    step = state.turn.step
    if isinstance(action, Scatter):
        return why_not_scatter(state, seat, action)
    if state.turn.seat != seat:
        return None
    if isinstance(action, Flip):
        return when_flips(step) or why_not_flip(state, action.clearing)
    if isinstance(action, Craft) and step != CRAFT:
        return "you craft in Birdsong, before flipping plots"
    if isinstance(action, Recruit):
        return why_not_recruit(state, seat, action)
    if isinstance(action, (Plot, Trick)) and step not in ACTING:
        return "you plot and trick in Daylight (or once more by exerting in Evening)"
    if step in ACTING and used_up(state):
        return "you have used your Daylight actions" if step == DAYLIGHT else "you have exerted already this Evening"
    if isinstance(action, Plot):
        return why_not_plot(state, seat, action)
    if isinstance(action, Trick):
        return why_not_trick(state, action.clearings)
    return None


def used_up(state: GameState) -> bool:
    """Whether the acting step has no action left (three in Daylight, one when exerting)."""
    f = flags(state)
    if state.turn.step == EXERT:
        return bool(f.get("exerted"))
    return f.get("corvid_actions", 0) >= DAYLIGHT_ACTIONS


def why_not_scatter(state: GameState, seat: int, action: Scatter) -> str | None:
    """13.3.2: one warrior in a clearing of each suit."""
    if data(state, seat).get("setup", "done") == "done":
        return "your warriors are scattered already"
    s = suit(state, action.clearing)
    if s in data(state, seat).get("scattered", []):
        return f"you have scattered in a {s} clearing already; one of each suit"
    return why_not_place(state, ID, action.clearing, WARRIOR) or "your setup may not place a warrior there"


def when_flips(step: str) -> str | None:
    """13.4.2: flips are Birdsong's second step, after crafting and before recruiting."""
    if step == FLIP:
        return None
    if step == CRAFT:
        return "you flip plots after crafting: end crafting first"
    return "you flip plots in Birdsong, after crafting and before recruiting: this turn's flips are over"


def why_not_flip(state: GameState, cid: int) -> str | None:
    """13.4.2: a face-down plot, and Corvid warriors in its clearing."""
    if not state.clearings[cid - 1].get(PLOT_KEY):
        return f"there is no face-down plot in clearing {cid}"
    if warriors_at(state, cid) <= 0:
        return f"you flip a plot only where you have warriors, and you have none in clearing {cid}"
    return None


def why_not_recruit(state: GameState, seat: int, action: Recruit) -> str | None:
    """13.4.3: once per turn in Birdsong, a card for a warrior in each matching clearing."""
    if state.turn.step != RECRUIT:
        return "you recruit in Birdsong, after flipping plots"
    if flags(state).get("recruited"):
        return "you recruit once per turn"
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return "you have no warriors left in your supply"
    if action.card is None:
        return "name the card you spend (recruit CARD, and a suit for a bird)"
    c = keys().get(action.card)
    if c is not None and c.suit == "bird" and action.suit not in SUITS:
        return "a bird card recruits in the clearings of one suit you name: recruit CARD fox|mouse|rabbit"
    if c is not None and c.suit != "bird" and action.suit not in (None, c.suit):
        return f"{c.name} recruits in {c.suit} clearings"
    if c is not None and action.clearings:
        return why_not_recruit_in(state, seat, action.suit or c.suit, action.clearings)
    return None


def why_not_recruit_in(state: GameState, seat: int, wanted: str, named: tuple[int, ...]) -> str | None:
    """1.5.4: the clearings named for a recruit short of warriors, as many as the warriors left, of the suit."""
    spots = [c for c in state.board.ids() if suit(state, c) == wanted and not why_not_place(state, ID, c, WARRIOR)]
    left = state.seats[seat].supply.get("warrior", 0)
    if left >= len(spots):
        return f"you have warriors for every {wanted} clearing: name the card only (recruit CARD)"
    for cid in named:
        if cid not in state.board.ids():
            return f"there is no clearing {cid} on this map"
        if suit(state, cid) != wanted:
            return f"clearing {cid} is {suit(state, cid)}, not {wanted}"
        blocked = why_not_place(state, ID, cid, WARRIOR)
        if blocked:
            return blocked
    if len(set(named)) != left or len(named) != left:
        where = ", ".join(map(str, spots))
        return f"you have {plural(left, 'warrior')} left: name {left} different {wanted} clearings of {where}"
    return None


def why_not_plot(state: GameState, seat: int, action: Plot) -> str | None:
    """13.5.2, 13.2.2.2: a plot from the supply, in a clearing with no plot, paid in warriors there."""
    cid = action.clearing
    if action.kind not in KINDS:
        return f"a plot is a {KIND_WORDS}"
    if state.seats[seat].supply.get(FACE_DOWN, 0) <= 0:
        return "you have no plot token left in your supply"
    if action.kind not in reserve_kinds(state, seat):
        return f"you have no {action.kind} left in your supply"  # read by the Corvids only
    if has_plot(state, cid):
        return f"clearing {cid} already holds a plot token (one to a clearing)"
    need, have = plot_cost(state), count(state, ID, "warrior", cid)
    if have < need:
        return (
            f"a plot now removes {plural(need, 'warrior')} of yours (one, plus one per plot placed this turn), and "
            f"you have {have} in clearing {cid}"
        )
    return why_not_place(state, ID, cid, TOKEN)


def why_not_trick(state: GameState, cids: tuple[int, ...]) -> str | None:
    """13.5.4: two plots, both face up or both face down."""
    if len(set(cids)) != 2:
        return "name two different clearings whose plots swap (trick 3,7)"
    down = set(face_down_clearings(state))
    for cid in cids:
        if cid not in state.board.ids():
            return f"there is no clearing {cid} on this map"
        if not has_plot(state, cid):
            return f"clearing {cid} holds no plot"
    if (cids[0] in down) != (cids[1] in down):
        return "a trick swaps two face-up plots or two face-down plots, not one of each"
    a, b = (face_up_kind(state, c) for c in cids)
    if a is not None and a == b:
        return f"both are face-up {a}s: swapping them changes nothing"
    return None


def why_not_expose(state: GameState, seat: int, guesser: int, action: Expose, enemy: bool) -> str | None:
    """13.2.4: on the guesser's own turn, a face-down plot where they have pieces, a card matching its clearing.
    Nothing here depends on what the plot is."""
    cid = action.clearing
    if guesser == seat:
        return "the Corvids know their own plots: Exposure is for their enemies"
    if not enemy:
        return f"the {NAME} are not your enemy: you cannot expose their plots"
    if state.turn.seat != guesser or state.pending:
        return "you may expose a plot only on your own turn, between your actions"
    if action.kind not in KINDS:
        return f"guess a {KIND_WORDS}"
    if not state.clearings[cid - 1].get(PLOT_KEY):
        return f"there is no face-down plot in clearing {cid}"
    if not present(state, state.seats[guesser].faction, cid):
        return f"you expose a plot only where you have pieces, and you have none in clearing {cid}"
    c = keys().get(action.card)
    if c is not None and not matching_clearing(state, cid, c.suit):
        return f"{c.name} does not match clearing {cid} ({suit(state, cid)}): show a {suit(state, cid)} or bird card"
    return None
