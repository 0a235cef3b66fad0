"""The Keepers in Iron (Law of Root 15, the Marauder expansion): warriors, two-sided waystations, relics of three kinds
lying face down in the forests, the Retinue's three columns with the Faithful Retainers, Devout Knights and Prized
Trophies. The board and relic helpers are in board.py and relics.py, the verbs in actions.py, the words in words.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import ClassVar, TypedDict, cast

from rules import battle, crafting, decisions, hand, movement, registry
from rules.actions import Action, Craft, Move, Pass, Recruit
from rules.cards import card, label
from rules.examples import ExampleGame, Examples
from rules.faction_hooks import CardPile
from rules.factions.base import Faction
from rules.factions.keepers import board as kb
from rules.factions.keepers import relics
from rules.factions.keepers.actions import (
    RETAINER_WORD,
    Arrive,
    Carry,
    Decamp,
    Delve,
    Encamp,
    Recover,
    Relic,
    Retinue,
    Shift,
    Trophy,
    uses_retainer,
)
from rules.factions.keepers.board import (
    COLUMN_NAMES,
    COLUMNS,
    CROWDED,
    FACE_UP,
    ID,
    INITIAL,
    NAME,
    RECRUITED,
    RELIC_POINTS,
    RELICS,
    RETAINER,
    RETINUE_LIMIT,
    START_WARRIORS,
    STATION_FAMILIES,
    STATION_KINDS,
    TROPHIES_AREA,
    VALUES,
    WARRIOR_KEY,
    WARRIORS,
    KeepersData,
    flags,
    info,
    is_relic_key,
    relic_kind,
    relic_words,
    relics_at,
    retinue,
)
from rules.factions.keepers.words import panel_lines, prompt_of, why_first, why_not
from rules.hooks import Place, Removal, Removed
from rules.map_pieces import may_place, open_slots, suit
from rules.modes.base import may_set_up, starting_corners
from rules.pieces import ABILITY, BUILDING, TOKEN, WARRIOR, PieceKind, key
from rules.removal import remove_all
from rules.rule import enemies, rules
from rules.state import BattleState, Decision, GameState
from rules.words import plural

STEPS = {
    "birdsong": ("keepers.encamp", "keepers.decamp", "keepers.recruit"),
    "daylight": ("keepers.craft", "keepers.move", "keepers.delve", "keepers.recover"),
    "evening": ("keepers.live", "keepers.gather"),
}
COLUMN_STEPS = {"keepers.move": "move", "keepers.delve": "delve", "keepers.recover": "recover"}
HIDDEN_TONE = "#5A4630"
"""Face-down relics are drawn in dark umber: their backs all look alike."""
RELIC_TONE = "#B08D57"
"""Face-up relics are drawn in bronze, told apart from the Keeper warriors beside them for every eye."""


class KeepersChoice(Decision, total=False):
    """The Keepers' own decisions: `what` is delve (the relic a delve takes), carry (relics going along with a move:
    from, to, how many more may go) or trophy (where a removed relic goes, asked of its remover: its map key)."""

    piece: str
    src: int
    dst: int
    left: int


class KeepersBattle(TypedDict, total=False):
    """The Keepers' keys in a battle, kept under their id: Devout Knights' ignored hit spent."""

    devout: bool


def _kb(b: BattleState) -> KeepersBattle:
    """The Keepers' keys in a battle, to read (empty when they have none)."""
    return cast(dict[str, KeepersBattle], b).get(ID, {})


def _mark(b: BattleState) -> KeepersBattle:
    """The Keepers' keys in a battle, to write (begun empty)."""
    return cast(dict[str, KeepersBattle], b).setdefault(ID, {})


def _pieces() -> tuple[PieceKind, ...]:
    """Warriors, the six sides of the three waystations, and the relics face down and face up."""
    stations = tuple(
        PieceKind(
            ID,
            kind,
            BUILDING,
            1,
            f"Waystation, {shown} ({back} behind)",
            "square",
            f"{INITIAL[shown]}/{INITIAL[back].lower()}",
            family=kb.family_of(kind),
        )
        for kind, (shown, back) in STATION_KINDS.items()
    )
    down = tuple(
        PieceKind(ID, name, TOKEN, len(VALUES), f"{name.title()} (face down)", "pentagon", f"{INITIAL[name]}?",
                  points=RELIC_POINTS, colour=HIDDEN_TONE)
        for name in RELICS
    )
    up = tuple(
        PieceKind(ID, relic_kind(name, v), TOKEN, VALUES.count(v), f"{name.title()} worth {v}", "pentagon",
                  f"{INITIAL[name]}{v}", family=name, points=RELIC_POINTS, colour=RELIC_TONE)
        for name in RELICS
        for v in sorted(set(VALUES))
    )
    return (PieceKind(ID, "warrior", WARRIOR, WARRIORS, "Warrior", "circle"), *stations, *down, *up)


def card_suit(cid: int) -> str:
    """The suit of a Retinue card (a Faithful Retainer is a bird)."""
    return "bird" if cid == RETAINER else card(cid).suit


def card_name(cid: int) -> str:
    """A Retinue card in words."""
    return "a Faithful Retainer" if cid == RETAINER else label(cid)


def fits(card_suit_: str, clearing_suit: str) -> bool:
    """Whether a Retinue card of one suit acts in a clearing of another (birds anywhere)."""
    return card_suit_ in ("bird", clearing_suit)


def named(cid: int) -> tuple[str | None, str | None]:
    """How an action names a Retinue card: (card key, None), or (None, 'retainer')."""
    return (None, RETAINER_WORD) if cid == RETAINER else (card(cid).key, None)


def named_card(cards: list[int], action: Action) -> int | None:
    """The card of a list an action names (its key, or a Faithful Retainer), if there."""
    if uses_retainer(action):
        return RETAINER if RETAINER in cards else None
    wanted = getattr(action, "card", None)
    return next((c for c in cards if c != RETAINER and card(c).key == wanted), None)


def distinct(cards: list[int]) -> list[int]:
    """One card per way of naming it (a key, or a Faithful Retainer)."""
    out: dict[tuple[str | None, str | None], int] = {}
    for c in cards:
        out.setdefault(named(c), c)
    return list(out.values())


class Keepers(Faction):
    """The Keepers in Iron."""

    id: ClassVar[str] = ID
    name: ClassVar[str] = NAME
    aliases: ClassVar[tuple[str, ...]] = ("keepers_in_iron", "keepers-in-iron", "badgers", "badger", "kii")
    colour: ClassVar[str] = "#606870"  # iron grey: apart from every faction's and suit's colour for every eye
    setup_order: ClassVar[int] = 10
    order: ClassVar[int | None] = 140
    command_group: ClassVar[str] = ID
    reach: ClassVar[int] = 8
    playable: ClassVar[bool] = True
    examples: ClassVar[Examples | None] = Examples(
        "iris",
        (
            ExampleGame(("marquise", "eyrie", ID), prefer=("delve", "relic", "recover", "carry", "encamp")),
            ExampleGame(("marquise", "eyrie", ID), prefer=("shift", "decamp", "recruit", "relic", "trophy")),
        ),
        order=15,
    )
    pieces: ClassVar[tuple[PieceKind, ...]] = _pieces()
    steps: ClassVar[dict[str, tuple[str, ...]]] = STEPS
    card_piles: ClassVar[tuple[CardPile, ...]] = tuple(
        CardPile(f"retinue-{column}", f"Retinue ({COLUMN_NAMES[column]})") for column in COLUMNS
    )

    # --- setup (15.3) ---------------------------------------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """15.3.1-15.3.2, 15.3.5-15.3.6: relics dealt face down into the forests, warriors and waystations in the
        supply, a Faithful Retainer in each Retinue column."""
        s = state.seats[seat]
        s.supply = {"warrior": WARRIORS, **dict.fromkeys(STATION_FAMILIES, 1)}
        s.data = KeepersData(
            setup="corner", corner=None, hidden={}, retinue={c: [RETAINER] for c in COLUMNS}, retired=0
        )
        relics.deal(state, seat)

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """15.3.3: a free corner (opposite a starting corner when one is), then a map-edge clearing next to it."""
        data = info(state, seat)
        if data.get("setup") == "corner":
            for cid in corner_sites(state, seat):
                yield Arrive(cid)
        elif data.get("setup") == "edge":
            for cid in edge_sites(state, seat, int(data.get("corner") or 0)):
                yield Arrive(cid)

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Four warriors in each of the two clearings, then the relics set aside go into far forests (15.3.4)."""
        assert isinstance(action, Arrive)
        data = info(state, seat)
        _place_warriors(state, seat, action.clearing, START_WARRIORS)
        state.say(f"{NAME} places four warriors in clearing {action.clearing}.", None, ("place", action.clearing, None))
        if data.get("setup") == "corner":
            data["corner"] = action.clearing
            data["setup"] = "edge"
            return False
        forests = relics.place_remaining(state, seat)
        if forests:
            state.say(f"The relics set aside go face down into forests {', '.join(forests)}.")
        data["setup"] = "done"
        return True

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """Which clearing comes next."""
        if info(state, seat).get("setup") == "edge":
            return "place four more warriors in a map-edge clearing next to the first (arrive N)"
        return "place four warriors in a free corner clearing (arrive N)"

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The corner of the first four warriors."""
        corner = info(state, seat).get("corner")
        return int(corner) if corner else None

    # --- the turn ---------------------------------------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Fresh flags for each step; Live Off the Land."""
        f = flags(state)
        if step == "keepers.encamp":
            f["encamped"], f["decamped"] = [], []
        elif step in COLUMN_STEPS:
            column = COLUMN_STEPS[step]
            f.setdefault("todo", {})[column] = list(retinue(state, seat)[column])
            f["delving"], f["recovering"] = [], []
        elif step == "keepers.live":
            f["recovering"] = []
            live_off_the_land(state, seat)
        elif step == "keepers.gather":
            f["gathered"] = ""

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Steps wait when something can be done in them (the hand's part is hand_choices')."""
        if step == "keepers.encamp":
            return next(encamp_options(state, seat), None) is not None
        if step == "keepers.decamp":
            return next(decamp_options(state, seat), None) is not None
        if step in COLUMN_STEPS:
            return bool(flags(state).get("todo", {}).get(COLUMN_STEPS[step])) or bool(_continuing(state))
        return step in ("keepers.recruit", "keepers.craft", "keepers.gather")

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The actions of each of the Keepers' steps."""
        if step == "keepers.encamp" and verb in (None, "encamp"):
            yield from encamp_options(state, seat)
        elif step == "keepers.decamp" and verb in (None, "decamp"):
            yield from decamp_options(state, seat)
        elif step == "keepers.recruit" and verb in (None, "recruit"):
            yield from recruit_options(state, seat)
        elif step == "keepers.craft" and verb in (None, "craft"):
            yield from crafting.craft_options(state, seat)
        elif step == "keepers.move":
            yield from move_options(state, seat, "move", verb)
        elif step == "keepers.delve" and verb in (None, "delve"):
            yield from delve_options(state, seat)
        elif step == "keepers.recover":
            if verb in (None, "recover"):
                yield from recover_options(state)
            yield from move_options(state, seat, "recover", verb)
        elif step == "keepers.gather":
            yield from gather_options(state, seat, verb)

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Carry out one of the Keepers' actions."""
        if not isinstance(action, Recover):
            flags(state)["recovering"] = []
        if isinstance(action, Encamp):
            _encamp(state, seat, action)
        elif isinstance(action, Decamp):
            _decamp(state, seat, action)
        elif isinstance(action, Recruit):
            _recruit(state, seat, action)
        elif isinstance(action, Craft):
            crafting.craft(state, seat, action.card, action.using)
        elif isinstance(action, Move):
            _use_suit(state, COLUMN_STEPS[step], str(action.suit))
            _move(state, seat, action)
        elif isinstance(action, Delve):
            _delve(state, seat, action)
        elif isinstance(action, Recover):
            _recover(state, seat, action)
        elif isinstance(action, Retinue):
            _add_to_retinue(state, seat, action)
        elif isinstance(action, Shift):
            _shift(state, seat, action)

    def interrupt(self, state: GameState, seat: int) -> None:
        """A card effect used between two recoveries ends the Recover under way (Law 1.4.2)."""
        flags(state)["recovering"] = []

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """Recruiting, crafting and gathering the Retinue depend on the hand."""
        s = state.seats[seat]
        if step == "keepers.recruit":
            return s.supply.get("warrior", 0) > 0 and bool(kb.station_clearings(state))
        if step == "keepers.craft":
            return bool(crafting.power(state, seat))
        if step == "keepers.gather":
            return flags(state).get("gathered") != "shift" and kb.retinue_size(state, seat) < RETINUE_LIMIT
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What each step asks."""
        return prompt_of(state, step) or super().prompt(state, seat, step)

    # --- moves, battles, the draw (15.2.4, 15.6.3) --------------------------------------------------------------
    def take_granted_move(self, state: GameState, seat: int, action: Action) -> None:
        """A move a card grants may carry relics too (Devout Knights)."""
        _move(state, seat, action)

    def hit_options(self, state: GameState, seat: int, cid: int, assigned: dict[str, int]) -> dict[str, int]:
        """15.2.4 Devout Knights: with a relic and a Keeper warrior in the clearing of battle, the first hit the Keepers
        take in it is ignored (one of an ambush's, if ambushed)."""
        b = state.battle
        if b is not None and b["stage"] == "assign" and _devout(state, b):
            for entry in b["owed"]:
                if entry[0] == seat and entry[1] > 0:
                    _mark(b)["devout"] = True
                    entry[1] -= 1
                    state.say(f"Devout Knights: {NAME} ignores the first hit it takes.")
                    if entry[1] <= 0:
                        return {}
                    break
        return super().hit_options(state, seat, cid, assigned)

    def on_battle_end(self, state: GameState, seat: int, b: BattleState) -> None:
        """15.5.2.2: after the battle of a Battle then Delve card, the delve."""
        delving = flags(state).get("delving") if state.turn.seat == seat else None
        if b["attacker"] == seat and delving and delving[0] == b["clearing"]:
            offer_delve(state, seat)

    def crafting_clearings(self, state: GameState, seat: int) -> list[int]:
        """15.2.3: waystations of any kind are the crafting pieces."""
        return kb.station_clearings(state)

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """15.6.3: a card more per waystation on the map (their uncovered draw bonuses)."""
        return len(kb.station_clearings(state))

    def play_leanings(self, state: GameState, seat: int) -> Mapping[str, float]:
        """Each card in the Retinue is an action every turn: worth more than a card in hand."""
        return {"held": 1.0}

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """Cards of the shared deck in the Retinue, face up (the Faithful Retainers are not of the shared deck)."""
        return [c for cards in retinue(state, seat).values() for c in cards if c != RETAINER]

    def face_down_tokens(self, state: GameState, seat: int) -> dict[str, list[int]]:
        """The values of each relic kind's face-down relics: nobody sees them (rules.hidden re-deals them)."""
        return dict(kb.hidden_values(state, seat))

    def card_pile(self, state: GameState, seat: int, name: str) -> list[int]:
        """A column of the Retinue (its Faithful Retainer too)."""
        column = name.removeprefix("retinue-")
        if column not in COLUMNS or column == name:
            raise KeyError(name)
        return retinue(state, seat)[column]

    def edit_cards(self, state: GameState, seat: int, pile: str, cid: int, added: bool) -> str | None:
        """15.6.2: the Retinue holds ten cards at most. A card an edit takes out of a column no longer acts this turn;
        one it puts into the column acting now acts too (a later column takes its cards when it begins)."""
        if added and kb.retinue_size(state, seat) > RETINUE_LIMIT:
            return f"the Retinue holds {RETINUE_LIMIT} cards at most, the Faithful Retainers included"
        column = pile.removeprefix("retinue-")
        todo = flags(state).get("todo", {}).get(column) if state.turn.seat == seat else None
        if todo is None:
            return None
        if not added and cid in todo:
            todo.remove(cid)
        elif added and COLUMN_STEPS.get(state.turn.step) == column:
            todo.append(cid)
        return None

    def edit_pieces(
        self, state: GameState, seat: int, piece: str, n: int, src: Place | None, dst: Place | None
    ) -> str | None:
        """Relics edited: a face-down one only in a forest, its hidden value dealt or taken back unseen."""
        return relics.edited(state, seat, piece, dst)

    def problems(self, state: GameState, seat: int) -> list[str]:
        """A face-down value for each face-down relic in a forest."""
        return relics.problems(state, seat)

    # --- Prized Trophies (15.2.5) ------------------------------------------------------------------------------------
    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """A relic an enemy removed (or no one: the player taking the turn then places it) waits off the map, face up,
        to be placed in a forest; one a non-enemy removed (a Vagabond in a coalition, FAQ on 15.2.5) triggers no Prized
        Trophies and goes back to the supply like any removed token."""
        if seat is None or not is_relic_key(removal.piece):
            return None
        if removal.by is not None and not enemies(state, removal.by, seat):
            return None
        return TROPHIES_AREA

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """15.2.5: an enemy that removed a relic places it in any forest face up (the player taking the turn, when no
        one did); it scored for it (the token's point and the extra one) as it was removed."""
        if seat is None:
            return
        chooser = removed.by if removed.by is not None else state.turn.seat
        for piece, n in sorted(removed.pieces.items()):
            if is_relic_key(piece) and removed.diverted.get(piece) == TROPHIES_AREA:
                for _ in range(n):
                    decisions.push(
                        state, "faction", chooser, faction=ID, what="trophy", piece=piece,
                        prompt=f"place the removed relic ({relic_words(piece.split(':', 1)[1])}) in a forest, "
                               "face up (trophy fA)",
                    )

    # --- decisions ------------------------------------------------------------------------------------------------
    def decision_legal(self, state: GameState, decision: Decision) -> Iterator[Action]:
        """A relic to delve (or pass), or the forest a removed relic goes to."""
        d = decisions.context(decision, KeepersChoice)
        if d.get("what") == "delve":
            delving = flags(state).get("delving") or [0]
            for forest, kind in relics.delve_choices(state, delving[0]):
                yield Relic(forest, kind)
            yield Pass()
        elif d.get("what") == "carry":
            for kind in sorted(relics_at(state.clearings[d["src"] - 1])):
                yield Carry(kind)
            yield Pass()
        elif d.get("what") == "trophy":
            for forest in sorted(state.board.forests):
                yield Trophy(forest)

    def decision_apply(self, state: GameState, decision: Decision, action: Action) -> bool:
        """Delve the relic, or place the trophy."""
        d = decisions.context(decision, KeepersChoice)
        seat = state.seat_of(ID)
        assert seat is not None
        if isinstance(action, Relic):
            _delve_relic(state, seat, action)
        elif isinstance(action, Carry):
            relics.carry(state, [action.relic], d["src"], d["dst"])
            d["left"] -= 1
            return d["left"] <= 0 or not relics_at(state.clearings[d["src"] - 1])
        elif isinstance(action, Pass) and d.get("what") == "delve":
            state.say(f"{NAME} does not delve.")
            flags(state)["delving"] = []
        elif isinstance(action, Trophy):
            area = state.seats[seat].areas.get(TROPHIES_AREA, {})
            if area.get(d["piece"]):
                relics.place_trophy(state, d["piece"], area, action.forest, d["seat"])
            if not area:
                state.seats[seat].areas.pop(TROPHIES_AREA, None)
        return True

    # --- 3x3 search and seizure --------------------------------------------------------------------------------------
    def action_ways(self, state: GameState, seat: int, step: str, kind: str, cid: int) -> tuple[str | None, ...]:
        """A move is paid with a card of the Move or the Move or Recover column, a battle with one of the Battle then
        Delve column, whose suit fits the clearing."""
        column = COLUMN_STEPS.get(step)
        if column is None or (kind == "move") != (column in ("move", "recover")):
            return ()
        todo = flags(state).get("todo", {}).get(column, [])
        return tuple(sorted({card_suit(c) for c in todo if fits(card_suit(c), suit(state, cid))}))

    def spend_action(self, state: GameState, seat: int, step: str, kind: str, cid: int, way: str | None) -> None:
        """The card of that suit is used."""
        flags(state)["recovering"] = []
        _use_suit(state, COLUMN_STEPS[step], str(way))

    # --- words --------------------------------------------------------------------------------------------------
    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the Keepers' actions is refused now."""
        if isinstance(action, Arrive):
            return _why_not_arrive(state, seat)
        return why_not(state, seat, action)

    def explain_first(self, state: GameState, seat: int, action: Action) -> str | None:
        """A move, battle or craft out of its step, said before the shared reasons."""
        return why_first(state, action)

    def panel(self, state: GameState, seat: int) -> list[str]:
        """The Retinue, the Relics spaces, the waystations, the relics face down."""
        return panel_lines(state, seat)


# --- setup -----------------------------------------------------------------------------------------------------------


def corner_sites(state: GameState, seat: int) -> list[int]:
    """15.3.3: corners no other player started in; those diagonally opposite a starting corner when there are."""
    taken = set()
    for other in range(len(state.seats)):
        if other != seat:
            corner = registry.of(state, other).starting_corner(state, other)
            if corner is not None:
                taken.add(corner)
    found = starting_corners(state, seat, lambda c: c not in taken and may_place(state, ID, c, WARRIOR))
    opposite = [c for c in found if any(state.board.opposite(t) == c for t in taken)]
    return opposite or found


def edge_sites(state: GameState, seat: int, corner: int) -> list[int]:
    """15.3.3: map-edge clearings next to the first one (any next to it, when none on the edge may take them)."""
    near = [c for c in sorted(state.board.adjacent_to(corner)) if may_place(state, ID, c, WARRIOR)]
    edge = [c for c in near if kb.on_map_edge(state, c) and may_set_up(state, seat, c)]
    return edge or near


def _why_not_arrive(state: GameState, seat: int) -> str:
    """Where the Keepers' warriors may arrive now, or that their setup is over."""
    stage = info(state, seat).get("setup")
    if stage == "corner":
        sites = ", ".join(map(str, corner_sites(state, seat)))
        return f"the Keepers arrive in a free corner (opposite a starting corner when one is free): {sites}"
    if stage == "edge":
        sites = ", ".join(map(str, edge_sites(state, seat, int(info(state, seat).get("corner") or 0))))
        return f"the next four warriors arrive in a map-edge clearing next to the first: {sites}"
    return "the Keepers' warriors arrived at setup; it is over"


def _place_warriors(state: GameState, seat: int, cid: int, n: int) -> int:
    """Place up to n warriors from the supply."""
    supply = state.seats[seat].supply
    n = min(n, supply.get("warrior", 0))
    if n > 0:
        supply["warrior"] -= n
        here = state.clearings[cid - 1]
        here[WARRIOR_KEY] = here.get(WARRIOR_KEY, 0) + n
    return n


# --- Birdsong (15.4) -------------------------------------------------------------------------------------------------


def _on_map(state: GameState) -> bool:
    """Whether the Keepers have a warrior or a waystation in any clearing."""
    return any(here.get(WARRIOR_KEY) or any(k in kb.STATION_KEYS for k in here) for here in state.clearings)


def encamp_options(state: GameState, seat: int) -> Iterator[Encamp]:
    """15.4.1: once per clearing, a Keeper warrior replaced by a waystation either side up; with no warrior and no
    waystation in any clearing, a waystation and a warrior placed in a map-edge clearing instead."""
    families = kb.stations_in_supply(state, seat)
    if not families:
        return
    done = flags(state).get("encamped", [])
    camped = _on_map(state)
    for cid in state.board.ids():
        if cid in done or open_slots(state, cid) <= 0 or not may_place(state, ID, cid, BUILDING):
            continue
        if camped and not state.clearings[cid - 1].get(WARRIOR_KEY):
            continue
        if not camped and not kb.on_map_edge(state, cid):
            continue
        for family in families:
            for side in kb.sides_of(family):
                yield Encamp(cid, side)


def _encamp(state: GameState, seat: int, action: Encamp) -> None:
    s, cid = state.seats[seat], action.clearing
    here = state.clearings[cid - 1]
    if here.get(WARRIOR_KEY):
        here[WARRIOR_KEY] -= 1
        if not here[WARRIOR_KEY]:
            del here[WARRIOR_KEY]
        s.supply["warrior"] += 1
        how = "replaces a warrior with"
    else:
        _place_warriors(state, seat, cid, 1)
        how = "places a warrior and"
    s.supply[kb.family_of(action.waystation)] -= 1
    piece = key(ID, action.waystation)
    here[piece] = here.get(piece, 0) + 1
    flags(state).setdefault("encamped", []).append(cid)
    state.say(f"{NAME} encamps: it {how} {kb.station_words(action.waystation)} in clearing {cid}.", None,
              ("place", cid, None))


def decamp_options(state: GameState, seat: int) -> Iterator[Decamp]:
    """15.4.2: once per clearing, a waystation replaced by a Keeper warrior."""
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return
    done = flags(state).get("decamped", [])
    for cid in state.board.ids():
        if cid in done or not may_place(state, ID, cid, WARRIOR):
            continue
        for side in sorted(set(kb.stations_at(state, cid))):
            yield Decamp(cid, side)


def _decamp(state: GameState, seat: int, action: Decamp) -> None:
    s, cid = state.seats[seat], action.clearing
    here, piece = state.clearings[cid - 1], key(ID, action.waystation)
    here[piece] -= 1
    if not here[piece]:
        del here[piece]
    family = kb.family_of(action.waystation)
    s.supply[family] = s.supply.get(family, 0) + 1
    _place_warriors(state, seat, cid, 1)
    flags(state).setdefault("decamped", []).append(cid)
    state.say(f"{NAME} decamps: a warrior replaces {kb.station_words(action.waystation)} in clearing {cid}.", None,
              ("place", cid, None))


def recruit_options(state: GameState, seat: int) -> Iterator[Recruit]:
    """15.4.3: any number of times, a card spent for two warriors at a waystation of its suit."""
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return
    for cid in sorted(set(kb.station_clearings(state))):
        if may_place(state, ID, cid, WARRIOR):
            for card_key in hand.keys_matching(state, seat, suit(state, cid)):
                yield Recruit((cid,), None, card_key)


def _recruit(state: GameState, seat: int, action: Recruit) -> None:
    assert action.card is not None
    cid = action.clearings[0]
    spent = hand.spend(state, seat, action.card)
    n = _place_warriors(state, seat, cid, RECRUITED)
    state.say(f"{NAME} spends {label(spent)} to recruit {plural(n, 'warrior')} at the waystation in clearing {cid}.",
              None, ("place", cid, None))


# --- Daylight: the Retinue (15.5.2) ----------------------------------------------------------------------------------


def _use_suit(state: GameState, column: str, used: str) -> None:
    """A card of this suit in the column acts (the first added, of several of the suit)."""
    todo = flags(state)["todo"][column]
    todo.remove(next(c for c in todo if card_suit(c) == used))


def _suits_left(state: GameState, column: str) -> list[str]:
    """The suits of the column's cards still to act."""
    return sorted({card_suit(c) for c in flags(state).get("todo", {}).get(column, [])})


def move_options(state: GameState, seat: int, column: str, verb: str | None) -> Iterator[Action]:
    """15.5.2.1 (and the move of 15.5.2.3): a move from a clearing matching a card of the column."""
    if verb not in (None, "move"):
        return
    suits = _suits_left(state, column)
    if not suits:
        return
    sources = [c for c in state.board.ids() if any(fits(s, suit(state, c)) for s in suits)]
    for mv in movement.move_options(state, seat, sources):
        if isinstance(mv, Move) and isinstance(mv.src, int):
            for s in suits:
                if fits(s, suit(state, mv.src)):
                    yield dataclasses.replace(mv, suit=s)  # a move by the Ferry stays one (Law 25.3.5)


def _move(state: GameState, seat: int, action: Action) -> None:
    """A move of warriors; relics in the clearing left may go along (15.2.4), asked at once."""
    assert isinstance(action, Move) and isinstance(action.src, int) and isinstance(action.dst, int)
    movement.move(state, seat, action.src, action.dst, action.count)
    if relics_at(state.clearings[action.src - 1]):
        decisions.push_next(
            state, "faction", seat, faction=ID, what="carry", src=action.src, dst=action.dst, left=action.count,
            prompt=f"Devout Knights: carry relics from {action.src} to {action.dst}, one per warrior moved "
                   "(carry RELIC), or pass",
        )


def delve_options(state: GameState, seat: int) -> Iterator[Delve]:
    """15.5.2.2: a clearing matching the card: a battle there against each enemy that can be battled (it must be, if
    any can: with Keeper warriors, or with hired mercenaries alone), or, with none, a delve when one can be made."""
    todo = flags(state).get("todo", {}).get("delve", [])
    for cid_card in distinct(todo):
        key_, word = named(cid_card)
        for cid in state.board.ids():
            if not fits(card_suit(cid_card), suit(state, cid)):
                continue
            foes = battle.defenders(state, seat, cid)
            for foe in foes:
                yield Delve(cid, foe, key_, word)
            if not foes and can_delve(state, seat, cid):
                yield Delve(cid, None, key_, word)


def can_delve(state: GameState, seat: int, cid: int) -> bool:
    """A delve is possible: the Keepers rule the clearing, have a warrior in it and a relic lies next to it."""
    here = state.clearings[cid - 1].get(WARRIOR_KEY)
    return bool(here) and rules(state, seat, cid) and bool(relics.delve_choices(state, cid))


def _delve(state: GameState, seat: int, action: Delve) -> None:
    todo = flags(state)["todo"]["delve"]
    used = named_card(todo, action)
    assert used is not None
    todo.remove(used)
    flags(state)["delving"] = [action.clearing, used]
    state.say(f"{NAME} acts with {card_name(used)} (Battle then Delve) in clearing {action.clearing}.")
    if action.defender is not None:
        battle.start(state, seat, action.clearing, action.defender)
    else:
        offer_delve(state, seat)


def offer_delve(state: GameState, seat: int) -> None:
    """After the battle (or with none), the delve is offered when it can be made."""
    delving = flags(state).get("delving") or []
    if not delving:
        return
    cid = delving[0]
    if can_delve(state, seat, cid):
        decisions.push(state, "faction", seat, faction=ID, what="delve",
                       prompt=f"delve: turn up a relic from a forest next to clearing {cid} (relic fA figure), or pass")
        return
    state.say(f"{NAME} cannot delve in clearing {cid}: it must rule it and keep a warrior there, a relic next to it.")
    flags(state)["delving"] = []


def _delve_relic(state: GameState, seat: int, action: Relic) -> None:
    """15.5.2.2 steps 1 and 2: the relic turned up and brought in; the card discarded when the Keepers rule fewer
    clearings around that forest than its value."""
    cid, used = flags(state)["delving"]
    value = relics.turn_up(state, seat, action.forest, action.relic, cid)
    ruled = relics.ruled_around(state, seat, action.forest)
    if ruled < value:
        around = plural(ruled, "clearing")
        state.say(f"{NAME} rules {around} around forest {action.forest}, fewer than the value {value}.")
        lose_card(state, seat, "delve", used)
    flags(state)["delving"] = []


def lose_card(state: GameState, seat: int, column: str, used: int) -> None:
    """A Retinue card discarded (a Faithful Retainer leaves the game instead)."""
    cards = retinue(state, seat)[column]
    if used in cards:
        cards.remove(used)
    if used == RETAINER:
        info(state, seat)["retired"] = int(info(state, seat).get("retired", 0)) + 1
        state.say(f"A Faithful Retainer leaves the {COLUMN_NAMES[column]} column and the game.")
    else:
        hand.to_discard(state, used)
        state.say(f"{NAME} discards {label(used)} from the {COLUMN_NAMES[column]} column.")


def recoverable(state: GameState, cid: int) -> list[str]:
    """15.5.2.3: face-up relics in a clearing of a kind a waystation there shows."""
    shown = {STATION_KINDS[s][0] for s in kb.stations_at(state, cid)}
    return [k for k in sorted(relics_at(state.clearings[cid - 1])) if k in FACE_UP and k.rstrip("0123456789") in shown]


def _continuing(state: GameState) -> list[Recover]:
    """The Recover under way: more relics from its clearing with its card."""
    rec = flags(state).get("recovering") or []
    if not rec:
        return []
    cid, used = rec
    key_, word = named(used)
    return [Recover(cid, kind, key_, word) for kind in recoverable(state, cid)]


def recover_options(state: GameState) -> Iterator[Recover]:
    """15.5.2.3: a relic recovered from a clearing matching a card of the column; the Recover under way goes on."""
    going = _continuing(state)
    yield from going
    todo = flags(state).get("todo", {}).get("recover", [])
    for cid_card in distinct(todo):
        key_, word = named(cid_card)
        for cid in state.board.ids():
            if fits(card_suit(cid_card), suit(state, cid)):
                for kind in recoverable(state, cid):
                    option = Recover(cid, kind, key_, word)
                    if option not in going:
                        yield option


def _recover(state: GameState, seat: int, action: Recover) -> None:
    f = flags(state)
    rec = f.get("recovering") or []
    if rec and rec[0] == action.clearing and named(rec[1]) == (action.card, action.retainer):
        used = rec[1]
    else:
        todo = f["todo"]["recover"]
        found = named_card(todo, action)
        assert found is not None
        todo.remove(found)
        used = found
        state.say(f"{NAME} acts with {card_name(used)} (Move or Recover) in clearing {action.clearing}.")
    value = relics.take_home(state, seat, action.clearing, action.relic)
    ruled = relics.ruled_of_suit(state, seat, action.clearing)
    if ruled < value:
        ruled_words = plural(ruled, f"{suit(state, action.clearing)} clearing")
        state.say(f"{NAME} rules {ruled_words}, fewer than the value {value}.")
        lose_card(state, seat, "recover", used)
        f["recovering"] = []
    else:
        f["recovering"] = [action.clearing, used]


# --- Evening (15.6) --------------------------------------------------------------------------------------------------


def live_off_the_land(state: GameState, seat: int) -> None:
    """15.6.1: a Keeper warrior removed from each clearing with four or more."""
    crowded = [cid for cid in state.board.ids() if state.clearings[cid - 1].get(WARRIOR_KEY, 0) >= CROWDED]
    if crowded:
        state.say(f"Live Off the Land: {NAME} removes a warrior from each clearing with four or more.")
    for cid in crowded:
        remove_all(state, cid, {WARRIOR_KEY: 1}, seat, ABILITY)


def gather_options(state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
    """15.6.2: cards from the hand added to any columns (ten cards at most), or one card shifted to another column."""
    gathered = flags(state).get("gathered", "")
    if verb in (None, "retinue") and gathered != "shift" and kb.retinue_size(state, seat) < RETINUE_LIMIT:
        for card_key in hand.distinct_keys(state, seat):
            for column in COLUMNS:
                yield Retinue(card_key, column)
    if verb in (None, "shift") and not gathered:
        columns = retinue(state, seat)
        for source in COLUMNS:
            for c in distinct(columns[source]):
                key_, word = named(c)
                elsewhere = sum(1 for other in COLUMNS if any(named(x) == (key_, word) for x in columns[other]))
                for column in COLUMNS:
                    if column != source:
                        yield Shift(column, key_, word, source if elsewhere > 1 else None)


def _add_to_retinue(state: GameState, seat: int, action: Retinue) -> None:
    cid = hand.take(state, seat, action.card)
    retinue(state, seat)[action.column].append(cid)
    flags(state)["gathered"] = "add"
    state.say(f"{NAME} adds {label(cid)} to the {COLUMN_NAMES[action.column]} column of the Retinue.")


def _shift(state: GameState, seat: int, action: Shift) -> None:
    columns = retinue(state, seat)
    source = action.source or next(c for c in COLUMNS if named_card(columns[c], action) is not None)
    moved = named_card(columns[source], action)
    assert moved is not None
    columns[source].remove(moved)
    columns[action.column].append(moved)
    flags(state)["gathered"] = "shift"
    state.say(f"{NAME} shifts {card_name(moved)} from the {COLUMN_NAMES[source]} column to the "
              f"{COLUMN_NAMES[action.column]} column.")


# --- battle (15.2.4) -------------------------------------------------------------------------------------------------


def _devout(state: GameState, b: BattleState) -> bool:
    """Whether Devout Knights' ignored hit is still to come: a relic and a Keeper warrior in the clearing of battle."""
    here = state.clearings[b["clearing"] - 1]
    return not _kb(b).get("devout") and bool(here.get(WARRIOR_KEY)) and bool(relics_at(here))

registry.register(Keepers())
