"""What one seat (or a spectator) may see: the only thing that leaves the engine for display."""

from __future__ import annotations

from itertools import islice

from rules import decisions, registry
from rules.battle import sides_view
from rules.cards import card, deck
from rules.engine import to_act, waiting_for
from rules.items import under_ruin
from rules.pieces import kinds_of
from rules.scoring import team_points
from rules.state import Decision, GameState, MapItem
from rules.view_types import BattleView, CardView, FactionLegend, SeatView, View


def view_for(state: GameState, seat: int | None) -> View:
    """A JSON-ready view: other hands as counts, no deck order, no ruin items, no seed."""
    board = state.board
    view: View = {
        "version": state.version,
        "board": board.id,
        "maps": list(board.maps),
        "round": state.turn.round,
        "rounds": int(state.options.get("round_limit") or 0) or (state.lineup or registry.lineup(state)).mode.rounds,
        "turn": {
            "seat": state.turn.seat,
            "faction": state.seats[state.turn.seat].faction,
            "phase": state.turn.phase,
            "step": state.turn.step,
        },
        "to_act": to_act(state),
        "waiting_for": waiting_for(state),
        "over": state.over,
        "winners": list(state.winners),
        "clearings": [
            {
                "id": cid,
                "suit": state.suits[cid - 1],
                "slots": board.clearing(cid).slots,
                "ruin": state.ruins[cid - 1] is not None,
                "ruin_items": len(under_ruin(state, cid)),  # how many, never which
                "pieces": dict(state.clearings[cid - 1]),
            }
            for cid in board.ids()
        ],
        "forests": {fid: dict(p) for fid, p in state.forests.items() if p},
        "seats": [_seat_view(state, i) for i in range(len(state.seats))],
        "factions": {s.faction: legend_of(s.faction) for s in state.seats},
        "order": list(state.order),
        "deck_count": len(state.deck),
        "discard": [card(c).key for c in state.discard],
        "dominance_available": [card(c).key for c in state.dominance_available],
        "item_supply": {m: dict(s) for m, s in state.item_supply.items()},
        "map_items": [i.copy() for i in state.map_items] + _shown_items(state),
        "pending": [
            {"seat": d["seat"], "kind": d["kind"], "prompt": _pending_prompt(state, d, i)}
            for i, d in enumerate(state.pending)
        ],
        "battle": _battle_view(state),
        "viewer": seat,
        "hand": sorted(card(c).key for c in state.seats[seat].hand) if seat is not None else None,
        "private_cards": _private_cards(state, seat),
    }
    lines = registry.of(state, seat).private_lines(state, seat) if seat is not None else []
    if lines:
        view["private_lines"] = lines
    teams = sorted({s.team for s in state.seats if s.team})
    if teams:
        view["team_points"] = {t: team_points(state, t) for t in teams}
    if board.landmarks or board.closed_paths or state.landmarks:
        view["landmarks"] = {
            "ferry": state.landmarks.get("ferry"),
            "tower": board.landmark("tower"),
            "closed_paths": [list(p) for p in sorted(board.closed_paths)],
        }
    return view


def _card_data(deck_id: str, cid: int) -> CardView:
    """A card of any deck as a renderer draws it without looking it up: its deck, key, name, suit, cost, text."""
    c = deck(deck_id)[cid]
    return {
        "deck": deck_id,
        "key": c.key,
        "name": c.name,
        "suit": c.suit,
        "type": c.type,
        "cost": list(c.cost),
        "text": c.text,
    }


def _pending_prompt(state: GameState, d: Decision, index: int) -> str:
    """What a pending decision asks; a later seat's setup is not described as a choice before its turn to choose
    (its choices depend on the setups before it), unless it is already down to one."""
    if index == 0 or d["kind"] != "setup":
        return decisions.prompt(state, d)
    choices = list(islice(decisions.KINDS["setup"].legal(state, d), 2))
    return decisions.prompt(state, d) if len(choices) == 1 else SETS_UP_IN_TURN


SETS_UP_IN_TURN = "sets up in turn"


def _private_cards(state: GameState, seat: int | None) -> dict[str, list[str]]:
    """The viewer's own face-down cards outside the hand (the Supporters), by pile; nobody else's."""
    if seat is None:
        return {}
    piles = registry.of(state, seat).private_cards(state, seat)
    return {name: sorted(card(c).key for c in cards) for name, cards in piles.items()}


def _shown_items(state: GameState) -> list[MapItem]:
    """Items the factions show lying on the map besides the state's own (a scorched clearing's torch)."""
    return [item for i in range(len(state.seats)) for item in registry.of(state, i).shown_items(state, i)]


def _seat_view(state: GameState, i: int) -> SeatView:
    s = state.seats[i]
    faction = registry.of(state, i)
    return {
        "seat": i,
        "faction": s.faction,
        "name": faction.name,
        "colour": faction.colour,
        "team": s.team,
        "points": s.points,
        "dominance": card(s.dominance).key if s.dominance is not None else None,
        "hand_count": len(s.hand),
        "items": [i.copy() for i in s.items],
        "crafted": [card(c).key for c in s.crafted],
        "supply": dict(s.supply),
        "areas": {k: dict(v) for k, v in s.areas.items()},
        "panel": faction.panel(state, i),
        "notes": faction.piece_notes(state, i),
        "play_area": [_card_data(deck_id, cid) for deck_id, cid in faction.play_area(state, i)],
        "links": [list(pair) for pair in faction.map_links(state, i)],
    }


def legend_of(fid: str) -> FactionLegend:
    """How a faction's pieces look: declared by the faction, drawn by any renderer without branches."""
    faction = registry.faction(fid)
    return {
        "name": faction.name,
        "colour": faction.colour,
        "pieces": {
            k.kind: {
                "category": k.category,
                "shape": k.shape,
                "label": k.label,
                "name": k.name,
                "count": k.count,
                "family": k.box_family,
                "colour": k.colour or faction.colour,
            }
            for k in kinds_of(fid)
        },
    }


_BEFORE_THE_ROLL = {"ambush", "ambush_wait", "foil_wait", "ambush_hits", "ambush_check", "roll"}


def _battle_view(state: GameState) -> BattleView | None:
    """The battle in progress, its sides' hits only once the dice are rolled."""
    b = state.battle
    if b is None:
        return None
    return {
        "attacker": b["attacker"],
        "defender": b["defender"],
        "clearing": b["clearing"],
        "stage": b["stage"],
        "sides": sides_view(b) if b["stage"] not in _BEFORE_THE_ROLL else [],
    }
