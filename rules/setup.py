"""Standard setup: board, suits, ruins, deck, starting hands, then each faction in setup order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules import decisions, flow, landmarks, registry, rng
from rules.actions import Action
from rules.assets import items_data
from rules.board import SUITS, Board, load_board
from rules.cards import deck
from rules.errors import RulesError, SetupError
from rules.items import ruin_items_for
from rules.modes import find_mode
from rules.modes.base import skips_cornered
from rules.revisions import CURRENT, revision
from rules.state import GameState, Seat, Turn

STARTING_HAND = 3
DEFAULTS: dict[str, Any] = {
    "mode": "standard",
    "board": "autumn",
    "deck": "base",
    "first_player": "random",
    "round_limit": None,
    "negative_points": False,
}


def normalise(options: dict[str, Any]) -> dict[str, Any]:
    """Options with defaults filled in and faction names resolved to ids; refuses bad options."""
    out = {**DEFAULTS, **options}
    names = out.get("factions")
    if not isinstance(names, list) or not names:
        raise RulesError("name the factions, one per seat, e.g. factions=marquise,eyrie")
    ids = []
    for name in names:
        fid = registry.find_faction(str(name))
        if fid is None:
            known = ", ".join(registry.all_ids())
            raise RulesError(f"unknown faction '{name}'; factions are {known}")
        if fid in ids:
            raise RulesError(f"{fid} is seated twice")
        ids.append(fid)
    out["factions"] = ids
    mode = find_mode(str(out["mode"]))
    out["mode"] = mode.id  # an alias is kept as the mode's id
    mode.validate(out)
    for fid in ids:
        registry.faction(fid).validate_options(out)
    try:
        load_board(mode.board_id(out))
    except ValueError as err:
        raise RulesError(str(err)) from None
    first = out["first_player"]
    if first != "random" and (not isinstance(first, int) or not 0 <= first < len(ids)):
        raise RulesError(f"first_player must be 'random' or a seat number from 0 to {len(ids) - 1}")
    return out


def new_game(options: dict[str, Any], seed: int, rules: int | None = None) -> GameState:
    """Set up a game from its options and seed; the same pair always gives the same state.

    `rules`: the setup of an older rules revision (rules.revisions), for replaying a record written under it.
    """
    rev = revision(rules)
    opts = normalise(options)
    mode = find_mode(opts["mode"])
    board = load_board(mode.board_id(opts))
    position = rng.seed_state(seed)
    suits: list[str] = []
    for map_id in board.maps:
        printed = [c.printed_suit for c in board.clearings if c.map_id == map_id]
        if all(printed):
            suits += [str(s) for s in printed]
        else:
            position, dealt = rng.shuffled(position, [s for s in SUITS for _ in range(4)])
            suits += dealt
    explorers = sum(1 for f in opts["factions"] if registry.faction(str(f)).explores_ruins)
    sets = 1 if rev.one_ruin_set else mode.ruin_sets(explorers)
    position, ruins, second_ruins = _deal_ruins(position, board, sets)
    n = len(opts["factions"])
    teams = opts.get("teams") or {}
    seats = [Seat(faction=f, team=teams.get(f)) for f in opts["factions"]]
    if opts["first_player"] == "random":
        position, first = rng.below(position, n)
    else:
        first = int(opts["first_player"])
    order = mode.turn_order(opts, first)
    removed = mode.removed_cards(opts, n)
    position, cards = rng.shuffled(position, [c.id for c in deck() if c.id not in removed])
    state = GameState(
        version=0,
        options=opts,
        board_id=board.id,
        suits=suits,
        clearings=[{} for _ in board.clearings],
        ruins=ruins,
        forests={fid: {} for fid in board.forests},
        seats=seats,
        order=order,
        deck=cards,
        discard=[],
        removed=removed,
        dominance_available=[],
        item_supply={m: dict(items_data()["supply"]) for m in board.maps},
        turn=Turn(seat=order[0]),
        rng=position,
        second_ruins=second_ruins,
        landmarks=landmarks.at_setup(board),
        legacy=None if rev.number == CURRENT else rev,
    )
    for seat in order:
        state.seats[seat].hand = [state.deck.pop() for _ in range(STARTING_HAND)]
    for seat in range(n):
        registry.of(state, seat).setup(state, seat)
    for seat in sorted(range(n), key=lambda s: (registry.of(state, s).setup_order, order.index(s))):
        decisions.push(state, "setup", seat)
    flow.advance(state)
    state.events = []
    return state


def _setup_legal(state: GameState, d: decisions.Decision) -> Iterator[Action]:
    return registry.of(state, d["seat"]).setup_legal(state, d["seat"])


def _setup_resolve(state: GameState, d: decisions.Decision, action: Action) -> bool:
    return registry.of(state, d["seat"]).setup_apply(state, d["seat"], action)


def _setup_prompt(state: GameState, d: decisions.Decision) -> str:
    return registry.of(state, d["seat"]).setup_prompt(state, d["seat"])


def _setup_empty(state: GameState, d: decisions.Decision) -> None:
    """A faction not yet set up with no setup choice left is never skipped: the choice that led here is refused."""
    faction = registry.of(state, d["seat"])
    if not faction.setup_done(state, d["seat"]) and not skips_cornered(state):  # an older engine skipped it
        who = faction.name if faction.name.startswith("The ") else f"the {faction.name}"
        raise SetupError(f"that would leave {who} nowhere to set up")


decisions.define(
    "setup",
    _setup_legal,
    _setup_resolve,
    _setup_prompt,
    auto_single=True,
    empty=_setup_empty,
    explain=decisions.seat_explains,
)


def _deal_ruins(position: int, board: Board, sets: int) -> tuple[int, list[str | None], list[str | None]]:
    """Shuffle the ruin items (one set, or two) and put `sets` of them under each ruin."""
    ruins: list[str | None] = [None] * len(board.clearings)
    second: list[str | None] = [None] * len(board.clearings) if sets > 1 else []
    ruin_ids = [c.id for c in board.clearings if c.ruin]
    position, dealt = rng.shuffled(position, ruin_items_for(len(board.maps)) * sets)
    for cid, item in zip(ruin_ids, dealt, strict=False):
        ruins[cid - 1] = item
    if second:
        for cid, item in zip(ruin_ids, dealt[len(ruin_ids) :], strict=False):
            second[cid - 1] = item
    return position, ruins, second
