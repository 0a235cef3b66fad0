"""The Underground Duchy's words: why an action is refused, and its faction board's public lines."""

from __future__ import annotations

from rules import hand, registry
from rules.actions import Action, Battle, Build, Craft, Move, Pass, Recruit
from rules.cards import card, keys, label
from rules.factions.duchy.actions import BANK_FIELDS, Dig, Minister, Surface, Sway, cards_of
from rules.factions.duchy.board import (
    ASSEMBLY_ACTIONS,
    BIRDSONG_WARRIORS,
    BUILDINGS,
    BURROW,
    CITADEL,
    CROWN_POINTS,
    DIG_MOVES,
    ID,
    MARKET,
    MINISTERS,
    NAME,
    PER_BUILDING,
    RANKS,
    SWAY_CARDS,
    TITLES,
    TUNNEL,
    TUNNELS,
    buildings_on_map,
    burrow,
    crowns_left,
    data,
    flags,
    lord_points,
    present_suits,
    reveal_fits,
    swayed,
    tunnels,
    unswayed,
)
from rules.map_pieces import may_place, open_slots, suit, why_not_place
from rules.pieces import TOKEN
from rules.rule import rules
from rules.state import GameState
from rules.words import plural

ASSEMBLY, PARLIAMENT, SWAY, CRAFT = "duchy.assembly", "duchy.parliament", "duchy.sway", "duchy.craft"


def why_not_first(state: GameState, seat: int, action: Action) -> str | None:
    """Reasons that come before the shared ones: a move through the Burrow, a craft outside Evening."""
    if isinstance(action, Move) and BURROW in (action.src, action.dst):
        return why_not_burrow_move(state, seat, action) or why_not(state, seat, action)
    if isinstance(action, Craft) and state.turn.step != CRAFT:
        return f"the {NAME} crafts in Evening, after returning its revealed cards, with its citadels and markets"
    return None


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Duchy's actions is refused now, or None to let the shared reasons speak."""
    step = state.turn.step
    if isinstance(action, Surface):
        return f"the {NAME} surfaces in a free corner clearing (diagonally opposite a starting corner if one is free)"
    if isinstance(action, (Sway, Minister)) and action.minister not in MINISTERS:
        return f"there is no minister '{action.minister}'; ministers are: {', '.join(MINISTERS)}"
    if isinstance(action, Sway):
        return _why_not_sway(state, seat, action) if step == SWAY else "you sway a minister after Parliament"
    if isinstance(action, Minister):
        if step != PARLIAMENT:
            return "a minister's action is taken in Parliament, after the Assembly"
        return _why_not_minister(state, seat, action)
    if isinstance(action, Pass) and step == PARLIAMENT and not flags(state).get("acting"):
        return "no minister's action is under way to pass; end Parliament with 'end'"
    if isinstance(action, (Build, Dig, Recruit, Move, Battle)):
        return _why_not_act(state, seat, action, step)
    return None


def _why_not_act(state: GameState, seat: int, action: Action, step: str) -> str | None:
    """The Assembly's actions, or the one a begun minister's action allows."""
    f = flags(state)
    acting = f.get("acting")
    if step == ASSEMBLY:
        if f.get("assembly", 0) >= ASSEMBLY_ACTIONS:
            return "you have taken both Assembly actions; end the Assembly for Parliament"
        if isinstance(action, Build):
            return _why_not_build(state, seat, action, matching=True)
        if isinstance(action, Dig):
            return _why_not_dig(state, seat, action)
        if isinstance(action, Recruit):
            if state.seats[seat].supply.get("warrior", 0) <= 0:
                return "you have no warriors left in your supply to recruit"
            return "a recruit places one warrior in the Burrow: write just 'recruit'"
        return None
    if step == PARLIAMENT and acting:
        return _why_not_acting(state, seat, action, str(acting))
    if step == PARLIAMENT and isinstance(action, (Recruit, Dig)):
        return "recruiting and digging are Assembly actions; in Parliament the ministers build, move and battle"
    if step == PARLIAMENT and isinstance(action, Build):
        return "in Parliament only the Foremole builds: begin its action first (minister foremole)"
    if step == PARLIAMENT:
        return (
            "begin a minister's action first (minister NAME): the Marshal moves, the Captain battles, the Brigadier "
            "does either twice"
        )
    return f"the {NAME} builds, recruits, moves, battles and digs in its Daylight Assembly"


def _why_not_acting(state: GameState, seat: int, action: Action, acting: str) -> str | None:
    """What the begun minister's action allows."""
    brigadier = flags(state).get("brigadier")
    if acting == "foremole":
        if not isinstance(action, Build):
            return "the Foremole builds: reveal any card to place a citadel or market in a clearing you rule"
        return _why_not_build(state, seat, action, matching=False)
    if acting == "captain" and not isinstance(action, Battle):
        return "the Captain initiates a battle"
    if acting == "marshal" and not isinstance(action, Move):
        return "the Marshal takes a move"
    if acting == "brigadier":
        if isinstance(action, (Build, Dig, Recruit)):
            return "the Brigadier takes up to two moves or initiates up to two battles"
        if brigadier == "move" and isinstance(action, Battle):
            return "the Brigadier took a move, so its second action is a move too (or pass)"
        if brigadier == "battle" and isinstance(action, Move):
            return "the Brigadier initiated a battle, so its second action is a battle too (or pass)"
    if acting == "mayor":
        return "the Mayor takes the action of a swayed squire or noble: choose it (minister NAME)"
    return None


def _why_not_build(state: GameState, seat: int, action: Build, matching: bool) -> str | None:
    """A build reveals a card (matching the clearing in Assembly) to place a citadel or market where you rule."""
    if action.kind not in BUILDINGS:
        return f"the {NAME} builds citadels and markets"
    if state.seats[seat].supply.get(action.kind, 0) <= 0:
        return f"all your {action.kind}s are on the map"
    if action.card is None:
        return f"a build reveals a card: name it (build {action.kind} {action.clearing} CARD)"
    if not hand.holds(state, seat, action.card):
        return f"{keys()[action.card].name} is not in your hand"
    cid = action.clearing
    if not rules(state, seat, cid):
        return f"you don't rule clearing {cid}"
    if open_slots(state, cid) <= 0:
        return f"clearing {cid} has no open building slot"
    blocked = why_not_place(state, ID, cid)
    if blocked:
        return blocked
    if matching and not keys()[action.card].matches(suit(state, cid)):
        return f"{keys()[action.card].name} does not match {suit(state, cid)} clearing {cid}"
    return None


def _why_not_dig(state: GameState, seat: int, action: Dig) -> str | None:
    """A dig spends a card matching a clearing without a tunnel, then moves one to four warriors from the Burrow."""
    cid = action.clearing
    if cid in tunnels(state):
        return f"clearing {cid} already has a tunnel"
    if not may_place(state, ID, cid, TOKEN):
        return why_not_place(state, ID, cid, TOKEN)
    if not keys()[action.card].matches(suit(state, cid)):
        return f"{keys()[action.card].name} does not match {suit(state, cid)} clearing {cid}"
    here = burrow(state, seat)
    if action.count > min(DIG_MOVES, here):
        return f"a dig moves at most {min(DIG_MOVES, here)} warriors: the Burrow holds {plural(here, 'warrior')}"
    if action.count <= 0 and here:
        return "a dig moves at least one warrior from the Burrow (x1 to x4)"
    spare = state.seats[seat].supply.get(TUNNEL, 0) > 0
    if spare and action.tunnel:
        return "you still have a tunnel in your supply: a tunnel moves only when all three are on the map"
    if not spare and not action.tunnel:
        return "all three tunnels are on the map: name the one to move (tunnel:N)"
    if action.tunnel and action.tunnel[0] not in tunnels(state):
        return f"there is no tunnel in clearing {action.tunnel[0]}"
    return None


def _why_not_sway(state: GameState, seat: int, action: Sway) -> str | None:
    """Sway once a turn: a minister still unswayed, a crown of its rank, its number of cards, each matching its own
    clearing with a Duchy piece."""
    if flags(state).get("swayed_now"):
        return "you have already swayed a minister this turn"
    m = action.minister
    if m not in MINISTERS:
        return f"there is no minister '{m}'; ministers are: {', '.join(MINISTERS)}"
    if m in swayed(state, seat):
        return f"the {TITLES[m]} is already swayed"
    rank = MINISTERS[m]
    if crowns_left(state, seat, rank) <= 0:
        return f"you have no {rank}'s crown left on your faction board"
    cards = cards_of(action)
    need = SWAY_CARDS[rank]
    if len(cards) != need:
        return f"the {TITLES[m]} needs {plural(need, 'card')} revealed; you named {len(cards)}"
    missing = _not_held(state, seat, cards)
    if missing:
        return missing
    if not reveal_fits(cards, present_suits(state)):
        return "each revealed card needs its own clearing of its suit with a Duchy piece (birds match any)"
    return None


def _why_not_minister(state: GameState, seat: int, action: Minister) -> str | None:
    """A swayed minister's action, once a turn, one at a time."""
    f = flags(state)
    m = action.minister
    acting = f.get("acting")
    if m not in MINISTERS:
        return f"there is no minister '{m}'; ministers are: {', '.join(MINISTERS)}"
    if m not in swayed(state, seat):
        return f"the {TITLES[m]} is not swayed"
    if acting == "mayor":
        if MINISTERS[m] == "lord" or m == "mayor":
            return "the Mayor takes the action of a swayed squire or noble other than itself"
    elif acting:
        return f"finish the {TITLES[acting]}'s action first (or pass)"
    elif m in f.get("worked", []):
        return f"the {TITLES[m]} has already taken its action this turn"
    if m in ("duchess", "baron", "earl") and lord_points(state, m) <= 0:
        what = {"duchess": "all three tunnels out", "baron": "a market on the map", "earl": "a citadel on the map"}
        return f"the {TITLES[m]} scores only with {what[m]}"
    cards = cards_of(action)
    if m != "banker" and cards:
        return f"only the Banker spends cards; the {TITLES[m]} takes none"
    if m == "banker":
        if not cards:
            most = len(BANK_FIELDS)
            return f"the Banker spends cards of one suit: name them (minister banker CARD CARD…, up to {most})"
        if not any(all(keys()[k].matches(s) for k in cards) for s in ("fox", "mouse", "rabbit", "bird")):
            return "the Banker's cards must all be of one suit (birds may stand in for it)"
        return _not_held(state, seat, cards)
    return None


def _not_held(state: GameState, seat: int, cards: tuple[str, ...]) -> str | None:
    """Which named card the hand does not hold (as many times as named), if any."""
    for k in sorted(set(cards)):
        held = sum(1 for c in state.seats[seat].hand if card(c).key == k)
        if held < cards.count(k):
            return f"{keys()[k].name} is not in your hand" + (" that many times" if held else "")
    return None


def why_not_burrow_move(state: GameState, seat: int, action: Move) -> str | None:
    """12.2.2: the Burrow joins every clearing with a tunnel; only Duchy warriors go there."""
    if registry.of(state, seat).id != ID:
        return "only Duchy pieces may move into or out of the Burrow"
    other = action.dst if action.src == BURROW else action.src
    if other == BURROW:
        return "move from the Burrow to a clearing with a tunnel"
    if not isinstance(other, int) or other not in state.board.ids():
        return f"there is no clearing {other}"
    if other not in tunnels(state):
        return f"the Burrow is adjacent only to clearings with a tunnel; clearing {other} has none"
    have = burrow(state, seat) if action.src == BURROW else registry.of(state, seat).movable(state, seat, other)
    where = "the Burrow" if action.src == BURROW else f"clearing {other}"
    if action.count <= 0:
        return "move at least one warrior"
    if action.count > have:
        return f"you have only {plural(have, 'warrior')} in {where}"
    return None


def panel_lines(state: GameState, seat: int) -> list[str]:
    """The tunnels, the ministers, the crowns, the cards revealed this turn, and what is left of the turn."""
    d = data(state, seat)
    citadels, markets = buildings_on_map(state, CITADEL), buildings_on_map(state, MARKET)
    lines = [  # the Burrow is drawn as the seat's area
        f"tunnels on the map: {len(tunnels(state))} of {TUNNELS}",
        f"citadels on the map: {citadels} of {PER_BUILDING} (Birdsong: "
        f"{plural(BIRDSONG_WARRIORS[citadels], 'warrior')} to the Burrow)",
        f"markets on the map: {markets} of {PER_BUILDING} (Evening: draw {1 + markets})",
    ]
    mine = swayed(state, seat)
    lines.append("swayed: " + (", ".join(TITLES[m] for m in mine) if mine else "none"))
    lines.append("unswayed: " + ", ".join(TITLES[m] for m in unswayed(state, seat)))
    crowns = (f"{r} {crowns_left(state, seat, r)} ({CROWN_POINTS[r]} VP)" for r in RANKS)
    lines.append("crowns left: " + ", ".join(crowns))
    shown = d.get("revealed", [])
    if shown:
        lines.append("revealed: " + ", ".join(label(c) for c in shown))
    if state.turn.seat == seat and state.turn.step == ASSEMBLY:
        lines.append(f"Assembly actions left: {ASSEMBLY_ACTIONS - flags(state).get('assembly', 0)}")
    return lines
