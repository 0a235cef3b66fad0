"""The Marquise de Cat's golden rules in the Frontier Alliance Mode (3x3.9.1): `FrontierMarquise`.

This module imports the Marquise's own, so the mode imports it on first use (`rules.modes.frontier.golden`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules import decisions, hand, registry
from rules.actions import Build, Pass
from rules.factions.marquise import (
    COST,
    Hospital,
    Keep,
    Marquise,
    default_wood,
    keep_clearing,
    wood_reachable,
    wood_sources,
)
from rules.map_pieces import on_map, shift, suit, unplace
from rules.modes.frontier import table
from rules.pieces import BATTLE, WARRIOR, category_of_key, kind_of, kind_of_key, parse_key
from rules.state import Decision
from rules.words import plural

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.hooks import Removed
    from rules.state import GameState


def _hospital_after_diversion(state: GameState) -> bool:
    """Whether an older record replays, whose engine offered Shared Field Hospitals for allied warriors that went to
    an area of their owner instead of the supply, such as the Cult's acolytes (rules.revisions: revision 8)."""
    return state.legacy is not None and bool(state.legacy.hospital_after_diversion)


def wood_paid(state: GameState, seat: int, action: Build) -> tuple[int, ...]:
    """The clearings a build's wood comes from (the named ones, else the Marquise's default)."""
    if action.wood:
        return tuple(action.wood)
    placed = on_map(state, "marquise", action.kind)
    return default_wood(wood_sources(state, seat, action.clearing), COST[placed]) if placed < len(COST) else ()


def wood_bridges(state: GameState, seat: int, action: Build) -> list[tuple[int, int]]:
    """Bridges the build's wood crosses, as (far end, near end): none when all of it lies on the build's map."""
    home = state.board.map_of(action.clearing)
    if all(state.board.map_of(c) == home for c in wood_paid(state, seat, action)):
        return []
    reach = set(wood_reachable(state, seat, action.clearing))
    out = []
    for a, b in sorted(state.board.bridges):
        near, far = (a, b) if state.board.map_of(a) == home else (b, a)
        if a in reach and b in reach:
            out.append((far, near))
    return out


def wood_fee(state: GameState, seat: int, action: Build) -> tuple[int, int] | None:
    """The bridge whose fee pays for a build's wood: the first whose near end's suit the Marquise can pay."""
    for far, near in wood_bridges(state, seat, action):
        fee = table.fee_suit(state, seat, far, near)
        if fee is None or hand.keys_matching(state, seat, fee):
            return far, near
    return None


class SharedHospital(Decision, total=False):
    """Shared Field Hospitals: `count` warriors `piece` of an ally removed in `clearing`."""

    clearing: int
    piece: str
    count: int


class FrontierMarquise(Marquise):
    """The Marquise in the 3x3 game: setup on her home map only; wood crossing a border bridge pays the bridge's fee;
    Shared Field Hospitals."""

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """The keep, and a warrior in each of the eleven other clearings of its map (3x3.9.1): the standard
        garrison's warrior in the keep's clearing stands in the opposite corner instead (a keep in an edge clearing,
        with no opposite corner, sends it back to the supply)."""
        done: bool = super().setup_apply(state, seat, action)
        if not isinstance(action, Keep):
            return done
        far = state.board.opposite(action.clearing)
        if far is not None:
            shift(state, "marquise:warrior", action.clearing, far, 1)
        else:
            unplace(state, seat, "warrior", action.clearing)
        return done

    def _build_options(self, state: GameState, seat: int) -> Iterator[Build]:
        """Builds as usual, less those whose wood crosses a bridge the Marquise can't pay for (3x3.9.1)."""
        for action in super()._build_options(state, seat):
            if not wood_bridges(state, seat, action) or wood_fee(state, seat, action) is not None:
                yield action

    def _build(self, state: GameState, seat: int, kind: str, cid: int, wood: tuple[int, ...] = ()) -> None:
        """Build; wood brought across a bridge owes the bridge's fee, asked as a move fee."""
        crossing = wood_fee(state, seat, Build(kind, cid, None, wood))
        super()._build(state, seat, kind, cid, wood)
        if crossing is not None:
            far, near = crossing
            fee = table.fee_suit(state, seat, far, near)
            if fee is not None:
                state.say(f"The Marquise de Cat's wood crosses the bridge into clearing {near}.")
                decisions.push(state, "move_fee", seat, suit=fee, src=far, dst=near)

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """A build refused only for the wood's bridge fee says so."""
        crossing = wood_bridges(state, seat, action) if isinstance(action, Build) and not state.pending else []
        if crossing and isinstance(action, Build) and wood_fee(state, seat, action) is None:
            near = crossing[0][1]
            return f"the wood crosses the bridge into clearing {near}, which costs a {state.suits[near - 1]} card"
        reason: str | None = super().explain(state, seat, action)
        return reason

    # --- Shared Field Hospitals (3x3.9.1) -------------------------------------------------------------
    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Her own Field Hospitals; allies' warriors removed in battle on her home map may go to the keep."""
        super().on_removed(state, seat, removed)
        assert seat is not None
        cid = removed.place
        if removed.cause != BATTLE or not isinstance(cid, int) or not table.on_home_map(state, seat, cid):
            return
        if keep_clearing(state) is None or not state.seats[seat].hand:
            return
        allied = {state.seats[a].faction for a in table.allies(state, seat)}
        for piece, n in sorted(removed.pieces.items()):
            owner, kind, controller = parse_key(piece)
            if piece in removed.diverted and not _hospital_after_diversion(state):
                continue  # they never reached the supply (the Cult's Revenge, First Response): nothing to send
            placed = kind_of_key(piece).placed_by_others  # never the Hundreds' warlord (14.2.2)
            if n and owner in allied and controller == owner and category_of_key(piece) == WARRIOR and placed:
                decisions.push(
                    state,
                    "faction",
                    seat,
                    faction="marquise",
                    what="shared_hospital",
                    clearing=cid,
                    piece=piece,
                    count=n,
                    prompt=(
                        f"use Shared Field Hospitals: spend a {suit(state, cid)} card to send "
                        f"{plural(n, 'allied warrior')} to the keep, or pass"
                    ),
                )

    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """A card matching the clearing, or pass, for an ally's warriors; her own decisions as usual."""
        decision = decisions.context(decision, SharedHospital)
        if decision["what"] != "shared_hospital":
            yield from super().decision_legal(state, decision)
            return
        if keep_clearing(state) is None:
            return
        yield Pass()
        for key in hand.keys_matching(state, decision["seat"], suit(state, decision["clearing"])):
            yield Hospital(key)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Spend the card; the ally's warriors come back from its supply into the keep's clearing."""
        decision = decisions.context(decision, SharedHospital)
        if decision["what"] != "shared_hospital" or not isinstance(action, Hospital):
            done: bool = super().decision_apply(state, decision, action)
            return done
        hand.spend(state, decision["seat"], action.card)
        keep = keep_clearing(state)
        assert keep is not None
        owner, kind, _ = parse_key(decision["piece"])
        ally = state.seat_of(owner)
        assert ally is not None
        family = kind_of(owner, kind).box_family
        supply = state.seats[ally].supply
        n = min(int(decision["count"]), supply.get(family, 0))
        supply[family] = supply.get(family, 0) - n
        here = state.clearings[keep - 1]
        here[decision["piece"]] = here.get(decision["piece"], 0) + n
        name = registry.of(state, ally).name
        state.say(
            f"Shared Field Hospitals: {plural(n, 'warrior')} of the {name} go to the keep in clearing {keep}.",
            None,
            ("place", keep, None),
        )
        return True
