"""Rule: sides and enemies, presence in a clearing, and who rules it.

Presence is every piece that counts for rule (warriors and buildings by default) under its
controller, plus what factions add (a robot's gears); a faction may rule a clearing outright
(two mushrooms). In team games, sides add up their allies' presence. A faction's warriors may count for another
seat as its own for a while (`fights_for`: the Riverfolk's mercenaries): for rule, in battle, and as no enemy pieces
of that seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules import registry
from rules.pieces import controller, own_warrior_keys, rule_controller
from rules.state import GameState


def side_of(state: GameState, seat: int) -> str:
    """The side a seat plays for: its team in team games, else its own faction."""
    s = state.seats[seat]
    return f"team:{s.team}" if s.team else s.faction


def side_of_faction(state: GameState, faction: str) -> str:
    """The side a faction plays for."""
    return registry.lineup(state).sides.get(faction, faction)


def enemies(state: GameState, a: int, b: int) -> bool:
    """Whether two seats are enemies (not the same seat, not teammates, not in a coalition)."""
    if a == b or side_of(state, a) == side_of(state, b):
        return False
    table = state.lineup or registry.lineup(state)
    for seat in table.overriding["coalition_with"]:
        if seat in (a, b) and table.plugins[seat].coalition_with(state, seat) in (a, b):
            return False
    return True


def enemy_seats(state: GameState, seat: int) -> list[int]:
    """Every seat that is an enemy of this one."""
    return [i for i in range(len(state.seats)) if enemies(state, seat, i)]


NONE_HIRED: Mapping[str, int] = MappingProxyType({})


def hired(state: GameState) -> Mapping[str, int]:
    """Warriors counting as another seat's own right now (mercenaries), by map key: the seat they count for."""
    table = state.lineup or registry.lineup(state)
    lenders = table.overriding.get("fights_for")
    if not lenders:
        return NONE_HIRED
    out: dict[str, int] = {}
    for seat in lenders:
        to = table.plugins[seat].fights_for(state, seat)
        if to is not None:
            for piece in own_warrior_keys(state.seats[seat].faction):
                out[piece] = to
    return out or NONE_HIRED


def hired_out(state: GameState, seat: int, cid: int) -> int:
    """A seat's warriors in a clearing that count as another seat's own right now (its mercenaries, hired)."""
    faction = state.seats[seat].faction
    here = state.clearings[cid - 1]
    return sum(here.get(p, 0) for p, to in hired(state).items() if to != seat and controller(p) == faction)


def counts_for(state: GameState, piece: str) -> int | None:
    """The seat a piece on the map counts for now: whoever hired it, else its controller's seat."""
    to = hired(state).get(piece)
    return to if to is not None else state.seat_of(controller(piece))


def enemy_piece(state: GameState, seat: int, piece: str) -> bool:
    """Whether a piece on the map is an enemy piece to a seat (hired warriors are their hirer's, no enemy of it)."""
    other = counts_for(state, piece)
    return other is not None and enemies(state, seat, other)


def presence(state: GameState, cid: int) -> dict[str, int]:
    """Pieces counting for rule per controlling faction in a clearing (warriors, buildings, and added presence)."""
    counts: dict[str, int] = {}
    lent = hired(state)
    for piece, n in state.clearings[cid - 1].items():
        faction = rule_controller(piece)
        if n and faction is not None:
            if piece in lent:
                faction = state.seats[lent[piece]].faction
            counts[faction] = counts.get(faction, 0) + n
    for seat in registry.lineup(state).rule_bonus:
        extra = registry.of(state, seat).rule_bonus(state, seat, cid)
        if extra:
            faction = state.seats[seat].faction
            counts[faction] = counts.get(faction, 0) + extra
    return counts


def ruler(state: GameState, cid: int) -> str | None:
    """The side ruling a clearing: an outright ruler, else the most presence; a tie rules nobody (but see Lords)."""
    return _ruler(state, cid, hired(state))


def _ruler(state: GameState, cid: int, lent: Mapping[str, int]) -> str | None:
    """The side ruling a clearing, the warriors hired now given (`hired`, worked out once for many clearings)."""
    table = state.lineup or registry.lineup(state)
    for seat in table.outright:
        if table.plugins[seat].rules_outright(state, seat, cid):
            return side_of(state, seat)
    sides = table.sides
    by_side: dict[str, int] = {}
    for piece, n in state.clearings[cid - 1].items():
        faction = rule_controller(piece)
        if n and faction is not None:
            side = side_of(state, lent[piece]) if piece in lent else sides.get(faction, faction)
            by_side[side] = by_side.get(side, 0) + n
    for seat in table.rule_bonus:
        extra = table.plugins[seat].rule_bonus(state, seat, cid)
        if extra:
            side = side_of(state, seat)
            by_side[side] = by_side.get(side, 0) + extra
    if not by_side:
        return None
    best = max(by_side.values())
    if best <= 0:
        return None
    leaders = [side for side, n in by_side.items() if n == best]
    if len(leaders) == 1:
        return leaders[0]
    if table.tie_winners:
        here = presence(state, cid)
        for seat in table.tie_winners:
            side = side_of(state, seat)
            if here.get(state.seats[seat].faction) and side in leaders:
                return side
    return None


def rules(state: GameState, seat: int, cid: int) -> bool:
    """Whether a seat's side rules a clearing."""
    return ruler(state, cid) == side_of(state, seat)


def ruled_by(state: GameState, seat: int) -> list[int]:
    """Every clearing a seat's side rules."""
    side, lent = side_of(state, seat), hired(state)
    return [cid for cid in state.board.ids() if _ruler(state, cid, lent) == side]
