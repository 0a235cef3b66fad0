"""Each engine seam driven by a throwaway faction or mode from tests/seam_factions.py (no shared module edited)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any, ClassVar

import pytest
import seam_factions as sf
from rules_helpers import clear_map, force_dice, give, goto, marquise_actions, put, set_hand

import rules
import rules.factions
import rules.modes
from rules import actions, registry
from rules.actions import Action, Move, register, register_for
from rules.crafting import favor
from rules.factions.base import Faction
from rules.map_pieces import may_place
from rules.modes import Mode, find_mode
from rules.modes import all_ids as all_mode_ids
from rules.pieces import BUILDING, WARRIOR
from rules.rule import ruler
from rules.state import GameState

M = 0  # the Marquise sits first in every game here


@pytest.fixture(autouse=True)
def _seam_factions() -> Iterator[None]:
    sf.register_all()
    yield
    sf.unregister_all()


def started(factions: list[str], **options: Any) -> GameState:
    """A game with the Marquise first, played through setup (the Marquise's keep in corner 1 when it may)."""
    state = rules.new_game({"factions": factions, "first_player": 0, **options}, 1)
    while state.turn.phase == "setup":
        seat = rules.to_act(state)
        assert seat is not None
        choices = rules.legal_actions(state, seat)
        keep = [a for a in choices if a.notation() == "keep 1"]
        state, _ = rules.apply(state, (keep or choices)[0])
    assert rules.problems(state) == []
    return state


def cleared(state: GameState) -> GameState:
    """The map emptied of Marquise pieces (other factions' pieces stay where their setup put them), hands empty."""
    for seat in range(len(state.seats)):
        set_hand(state, seat)
    for cid in state.board.ids():
        for piece in [p for p in state.clearings[cid - 1] if p.startswith("marquise:")]:
            n = state.clearings[cid - 1].pop(piece)
            kind = piece.split(":")[1]
            state.seats[M].supply[kind] = state.seats[M].supply.get(kind, 0) + n
    return state


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state, _ = rules.apply(state, rules.parse(state, text))
        assert rules.problems(state) == [], text
    return state


def notations(state: GameState, verb: str | None = None) -> list[str]:
    seat = rules.to_act(state)
    assert seat is not None
    return [a.notation() for a in rules.legal_actions(state, seat, verb)]


# --- strength from a track (Robots) ---------------------------------------------------------------


def robots_game() -> GameState:
    state = cleared(started(["marquise", "test-robots"]))
    assert state.clearings[5] == {"test-robots:bot": 1}
    assert state.seats[1].areas["track"] == {"test-robots:gear": 2}
    return state


def test_a_track_gives_strength_for_rule() -> None:
    state = robots_game()
    put(state, 6, "marquise", "warrior", 1)
    assert ruler(state, 6) == "test-robots"  # two gears on the track against one warrior
    put(state, 6, "marquise", "warrior", 2)
    assert ruler(state, 6) == "marquise"


def test_hits_on_a_track_drop_gears_into_the_clearing_and_remove_nothing() -> None:
    state = robots_game()
    put(state, 6, "marquise", "warrior", 3)
    state = marquise_actions(state)
    force_dice(state, 2, 2)
    state = play(state, "battle 6 test-robots")
    assert state.seats[1].areas["track"].get("test-robots:gear", 0) == 0
    assert state.clearings[5] == {"test-robots:bot": 1, "test-robots:gear": 2, "marquise:warrior": 1}
    assert state.seats[M].points == 0  # nothing was removed
    # Now the robots have no strength there: defenseless, and the dropped gears are tokens worth a point each.
    force_dice(state, 3, 3)
    state = play(state, "battle 6 test-robots")
    assert state.clearings[5] == {"test-robots:bot": 1, "marquise:warrior": 1}
    assert state.seats[M].points == 2


def test_a_track_caps_rolled_hits_and_moves_with_its_pawn() -> None:
    state = robots_game()
    put(state, 6, "marquise", "warrior", 3)
    state = goto(state, 1, sf.ACT)
    assert notations(state, "move") == []  # the Marquise rules clearing 6 (3 warriors against 2 gears)
    force_dice(state, 3, 0)
    state = play(state, "battle 6 marquise")
    assert state.clearings[5]["marquise:warrior"] == 1  # the robots rolled 3, capped at their two gears
    assert "move 6>2 x1" in notations(state, "move")
    state = play(state, "move 6>2 x1")
    assert state.clearings[1] == {"test-robots:bot": 1}
    assert state.seats[1].areas["track"] == {"test-robots:gear": 2}  # the gears went along


def test_a_defender_may_take_the_higher_die() -> None:
    state = robots_game()
    put(state, 6, "marquise", "warrior", 3)
    state = marquise_actions(state)
    force_dice(state, 3, 0)
    state, events = rules.apply(state, rules.parse(state, "battle 6 test-robots"))
    assert "takes the higher die" in "\n".join(e.public for e in events)
    assert state.clearings[5]["marquise:warrior"] == 1  # the robots rolled 3, capped at two gears
    assert state.seats[1].areas["track"] == {"test-robots:gear": 2}  # the Marquise rolled 0


# --- removals diverted to an off-board area (Medics) -----------------------------------------------


def medics_game() -> GameState:
    state = cleared(started(["marquise", "eyrie", "test-medics"]))
    clear_map(state)
    return state


def battle_beside_a_tent() -> GameState:
    """The Marquise (3 warriors) attacks the Eyrie (2) in clearing 5, where the Medics have a tent."""
    state = medics_game()
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "eyrie", "warrior", 2)
    put(state, 5, "test-medics", "tent")
    state = marquise_actions(state)
    force_dice(state, 2, 1)
    return play(state, "battle 5 eyrie")


def test_a_non_combatant_rescues_warriors_hit_in_someone_elses_battle() -> None:
    state = battle_beside_a_tent()
    assert rules.to_act(state) == 2 and notations(state) == ["pass", "rescue 5"]
    state = play(state, "rescue 5")
    ward = state.seats[2].areas["ward"]
    assert ward == {"eyrie:warrior": 2, "marquise:warrior": 1}
    assert state.clearings[4] == {"marquise:warrior": 2, "test-medics:tent": 1}
    assert state.seats[1].supply["warrior"] == 20 - 2  # the rescued never went back to the box


def test_a_non_combatant_may_let_the_hits_resolve() -> None:
    state = play(battle_beside_a_tent(), "pass")
    assert "ward" not in state.seats[2].areas
    assert state.clearings[4] == {"marquise:warrior": 2, "test-medics:tent": 1}


def test_a_card_removal_is_diverted_into_an_area_and_every_seat_hears_it() -> None:
    state = medics_game()
    heard: list[Any] = []
    eyrie = registry.faction("eyrie")
    original = type(eyrie).on_removed

    def listen(self: Any, st: GameState, seat: int | None, removed: Any) -> None:
        heard.append(removed)
        original(self, st, seat, removed)

    type(eyrie).on_removed = listen  # type: ignore[method-assign]
    try:
        fox = [cid for cid in state.board.ids() if state.suits[cid - 1] == "fox"]
        put(state, fox[0], "eyrie", "warrior", 2)
        put(state, fox[0], "test-medics", "tent")
        put(state, fox[1], "eyrie", "warrior", 1)
        favor(state, M, "fox")
    finally:
        type(eyrie).on_removed = original  # type: ignore[method-assign]
    assert state.seats[2].areas["ward"] == {"eyrie:warrior": 2}
    assert state.clearings[fox[0] - 1] == {}  # the tent went too: the Medics are the Marquise's enemies
    assert state.seats[1].supply["warrior"] == 20 - 2  # one back to the box, two in the ward
    diverted = [r for r in heard if r.diverted]
    assert diverted and diverted[0].diverted == {"eyrie:warrior": "ward"} and diverted[0].by == M
    assert rules.problems(state) == []


def test_entering_a_clearing_is_heard_and_the_mover_answers() -> None:
    state = medics_game()
    near = min(state.board.adjacent_to(1))
    put(state, 1, "marquise", "warrior", 2)
    put(state, near, "test-medics", "tent")
    set_hand(state, M, "anvil", "sword")
    state = marquise_actions(state)
    state = play(state, f"move 1>{near} x1")
    assert rules.to_act(state) == M and notations(state) == ["toll anvil", "toll sword"]
    state = play(state, "toll anvil")  # a verb of the Medics', used by the Marquise owing it
    assert [rules.cards.card(c).key for c in state.seats[2].hand] == ["anvil"]
    state = play(state, f"move 1>{near} x1")  # one card left: the only choice is made for her
    assert [rules.cards.card(c).key for c in state.seats[2].hand] == ["anvil", "sword"]


def test_a_faction_may_split_hits_freely_between_kinds() -> None:
    state = medics_game()
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "test-medics", "warrior", 1)
    put(state, 5, "test-medics", "tent", 1)
    state = marquise_actions(state)
    force_dice(state, 1, 0)
    state = play(state, "battle 5 test-medics")
    assert rules.to_act(state) == 2 and notations(state) == ["hit tent", "hit warrior"]
    state = play(state, "hit tent")
    assert state.clearings[4] == {"marquise:warrior": 3, "test-medics:warrior": 1}


# --- an outright ruler (Moss) --------------------------------------------------------------------


def test_an_outright_ruler_rules_and_blocks_buildings_but_not_warriors() -> None:
    state = cleared(started(["marquise", "test-moss"]))
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "test-moss", "moss", 1)
    assert ruler(state, 5) == "marquise"
    assert may_place(state, "marquise", 5, BUILDING)
    put(state, 5, "test-moss", "moss", 1)
    assert ruler(state, 5) == "test-moss"
    assert not may_place(state, "marquise", 5, BUILDING)
    assert may_place(state, "marquise", 5, WARRIOR)


# --- a pawn between clearings and forests (Wanderer) ---------------------------------------------


def test_a_pawn_moves_between_forests_and_clearings() -> None:
    state = cleared(started(["marquise", "test-wanderer"]))
    assert state.forests["A"] == {"test-wanderer:pawn": 1}
    state = goto(state, 1, sf.ACT)
    moves = notations(state, "move")
    assert "move fA>1 x1" in moves and "move fA>fB x1" in moves
    state = play(state, "move fa>1")  # forests are written f + their id, in any case
    assert state.clearings[0] == {"test-wanderer:pawn": 1} and state.forests["A"] == {}
    assert rules.parse(state, "move 1>fA") == Move(1, "A", 1)
    state = play(state, "move 1>fA")
    view = rules.view_for(state, None)
    assert view["forests"] == {"A": {"test-wanderer:pawn": 1}}


def test_a_pawn_in_a_forest_is_drawn_from_its_declaration() -> None:
    from render import render_board

    state = cleared(started(["marquise", "test-wanderer"]))
    png = render_board(rules.view_for(state, None), [])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_second_deck_is_counted_by_the_invariants() -> None:
    state = started(["marquise", "test-wanderer"])
    assert sorted(state.piles["test-quests:offer"] + state.piles["test-quests:deck"]) == [0, 1, 2, 3]
    state.piles["test-quests:offer"].append(state.piles["test-quests:deck"][0])
    assert any("test-quests card" in p and "2 places" in p for p in rules.problems(state))
    state.piles["test-quests:deck"].pop(0)
    state.piles["test-quests:offer"].pop()
    assert any("test-quests cards missing" in p for p in rules.problems(state))


def test_items_a_faction_brings_and_items_on_the_map_are_counted() -> None:
    state = started(["marquise", "test-wanderer"])
    assert state.seats[1].items == [{"item": "torch", "exhausted": False, "damaged": False}]
    state.seats[1].items[0]["damaged"] = True
    assert rules.problems(state) == []
    state.seats[1].items.clear()
    assert any(p.startswith("items:") for p in rules.problems(state))
    rules.items.lay(state, "torch", 5, carrier="marquise:warrior")
    assert rules.problems(state) == []
    assert rules.view_for(state, None)["map_items"] == [
        {"item": "torch", "clearing": 5, "carrier": "marquise:warrior", "by": None}
    ]


# --- a team mode: alternating order, home regions, team win, round end with tie-breaks, golden rules ------


TEAMS = {"marquise": "A", "test-wanderer": "A", "test-robots": "B", "test-medics": "B"}


def alliances(order: list[str], **options: Any) -> GameState:
    return started(order, mode="test-alliances", teams={f: TEAMS[f] for f in order}, **options)


def test_turns_alternate_between_teams() -> None:
    state = alliances(["marquise", "test-wanderer", "test-robots", "test-medics"])
    assert state.order == [0, 2, 1, 3]
    state = alliances(["marquise", "test-robots", "test-wanderer", "test-medics"])
    assert state.order == [0, 1, 2, 3]


def test_a_team_sets_up_on_its_home_map() -> None:
    state = rules.new_game(
        {
            "factions": ["marquise", "test-robots"],
            "mode": "test-alliances",
            "teams": {"marquise": "A", "test-robots": "B"},
            "board": "autumn+winter",
            "first_player": 0,
        },
        1,
    )
    keeps = notations(state)
    assert keeps and all(int(k.split()[1]) <= 12 for k in keeps)
    standard = rules.new_game({"factions": ["marquise", "test-robots"], "board": "autumn+winter"}, 1)
    assert any(int(a.notation().split()[1]) > 12 for a in rules.legal_actions(standard, 0))


def test_a_mode_plays_a_faction_under_a_golden_rule_declared_as_its_subclass() -> None:
    state = alliances(["marquise", "test-robots"])
    assert registry.of(state, M).draw_bonus(state, M) == registry.faction("marquise").draw_bonus(state, M) + 1
    assert type(registry.of(state, M)) is sf.AlliancesMarquise
    plain = started(["marquise", "test-robots"])
    assert registry.of(plain, M) is registry.faction("marquise")


def test_a_golden_rule_must_be_a_kind_of_the_faction_it_changes() -> None:
    class Mixed(Mode):
        id: ClassVar[str] = "test-mixed"
        patches: ClassVar[dict[str, Any]] = {"marquise": sf.AlliancesRobots}

    with pytest.raises(TypeError, match="not a kind of Marquise"):
        Mixed().patch(registry.faction("marquise"))


def test_a_mode_offers_every_faction_an_action_of_its_own() -> None:
    state = alliances(["marquise", "test-robots"], board="autumn+winter")
    clear_map(state)
    put(state, 3, "marquise", "warrior")
    put(state, 15, "marquise", "warrior")
    state = marquise_actions(state)
    assert notations(state, "rally") == ["rally 3"]  # clearing 15 lies on the second map
    assert "rally 3" in notations(state)
    assert rules.explain(state, M, sf.Rally(15)) == "rallies are held on the first map only"
    assert rules.explain(state, M, sf.Rally(4)) == "you have no warriors in clearing 4 to rally"
    points = state.seats[M].points
    state = play(state, "rally 3")
    assert state.seats[M].points == points + 1
    assert notations(state, "rally") == []
    assert rules.explain(state, M, sf.Rally(3)) == "you have already rallied this turn"
    put(state, 6, "test-robots", "bot")
    put(state, 6, "test-robots", "gear")
    robots = goto(state, 1, sf.ACT)
    assert rules.explain(robots, 1, sf.Rally(6)) == "you have no warriors in clearing 6 to rally"


def test_the_standard_game_asks_no_mode_for_actions() -> None:
    state = started(["marquise", "test-robots"])
    assert not registry.lineup(state).mode_actions
    assert registry.lineup(alliances(["marquise", "test-robots"])).mode_actions
    state = marquise_actions(cleared(state))
    with pytest.raises(rules.InvalidActionError):
        rules.parse(state, "rally 1")


def test_a_mode_patches_a_factions_turn_steps() -> None:
    state = alliances(["marquise", "test-robots"])
    assert ("birdsong", "test.salute") in rules.flow.turn_steps(state, 1)
    assert ("birdsong", "test.salute") not in rules.flow.turn_steps(started(["marquise", "test-robots"]), 1)
    state = goto(state, 1, "birdsong.start")
    assert state.seats[1].points == 1


def test_an_attacker_names_which_enemy_of_a_team_it_battles_and_never_an_ally() -> None:
    state = alliances(["marquise", "test-wanderer", "test-robots", "test-medics"])
    clear_map(state)
    put(state, 6, "marquise", "warrior", 2)
    put(state, 6, "test-robots", "bot")
    put(state, 6, "test-medics", "warrior")
    rules.movement.move_piece(state, 1, "test-wanderer:pawn", "A", 6)
    state = marquise_actions(state)
    assert notations(state, "battle") == ["battle 6 test-robots", "battle 6 test-medics"]


def test_a_mode_offers_a_battling_seat_a_reroll_after_the_roll() -> None:
    state = alliances(["marquise", "test-robots"])
    clear_map(state)
    for seat in (0, 1):
        set_hand(state, seat)
    put(state, 6, "test-robots", "bot")
    put(state, 6, "marquise", "warrior", 3)
    state = goto(state, 1, sf.ACT)
    force_dice(state, 0, 0)
    state = play(state, "battle 6 marquise")
    assert rules.to_act(state) == 1 and notations(state) == ["pass", "reroll"]
    state.rng = next(p for p in range(1000) if rules.rng.below(p, 4)[1] == 2)  # the reroll comes up 2
    state = play(state, "reroll")
    assert state.battle is None
    assert state.clearings[5]["marquise:warrior"] == 1  # rolled 0, rerolled 2: two hits


def test_a_team_reaching_the_target_wins_at_once() -> None:
    state = alliances(["marquise", "test-wanderer", "test-robots", "test-medics"], win_points=5)
    state = marquise_actions(state)
    state.seats[M].points = 3
    state.seats[1].points = 1
    assert not state.over
    state.seats[1].points = 2
    rules.flow.advance(state)
    assert state.over and state.winners == [0, 1]


def test_after_the_last_round_tie_breaks_decide() -> None:
    state = alliances(["marquise", "test-robots"], round_limit=1)
    mode = find_mode("test-alliances")
    clear_map(state)
    put(state, 1, "marquise", "warrior", 1)
    put(state, 2, "marquise", "warrior", 1)
    state.seats[1].points = state.seats[M].points = 4
    mode.end_of_round(state, 1)
    assert state.over and state.winners == [M]  # level on points; team A rules more clearings


def test_the_flow_ends_a_team_game_after_its_last_round() -> None:
    state = alliances(["marquise", "test-wanderer", "test-robots", "test-medics"], round_limit=1)
    pick = Random(3)
    for _ in range(2000):
        if state.over:
            break
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = rules.apply(state, pick.choice(rules.legal_actions(state, seat)))
        assert rules.problems(state) == []
    assert state.over and state.turn.round == 1


# --- a move fee paid as a decision (Tolls) --------------------------------------------------------


def tolls_game(**options: Any) -> GameState:
    state = cleared(started(["marquise", "test-robots"], mode="test-tolls", **options))
    put(state, 2, "marquise", "warrior", 2)  # clearing 2 is joined to 13 by a border bridge
    return state


def test_crossing_a_bridge_needs_a_card_matching_the_destination() -> None:
    state = tolls_game()
    suit = state.suits[12]
    set_hand(state, M)
    state = marquise_actions(state)
    assert "move 2>13 x1" not in notations(state, "move")
    with pytest.raises(rules.IllegalActionError, match=f"costs a {suit} card"):
        rules.apply(state, Move(2, 13, 1))
    assert "move 2>5 x1" in notations(state, "move") or "move 2>6 x1" in notations(state, "move")


def test_the_bridge_fee_is_a_decision_and_goes_where_the_mode_says() -> None:
    state = tolls_game(toll_to="test-robots")
    keys = ("anvil", "arms-trader", "bake-sale", "ambush-bird")
    matching = [k for k in keys if _suit(k) in (state.suits[12], "bird")]
    set_hand(state, M, *matching[:2])
    state = marquise_actions(state)
    state = play(state, "move 2>13 x1")
    assert state.clearings[12] == {"marquise:warrior": 1}
    if len({*matching[:2]}) > 1:
        assert rules.to_act(state) == M and all(n.startswith("pay ") for n in notations(state))
        state = play(state, notations(state)[0])
    assert len(state.seats[M].hand) == 1 and len(state.seats[1].hand) == 1  # the fee went to the Robots


def _suit(card_key: str) -> str:
    return rules.cards.keys()[card_key].suit


# --- registry hygiene --------------------------------------------------------------------------------


def test_a_verb_is_registered_once() -> None:
    @dataclass(frozen=True, slots=True)
    class Twin(Action):
        verb: ClassVar[str] = "move"

    with pytest.raises(ValueError, match="already registered"):
        register(Twin)
    with pytest.raises(ValueError, match="already registered"):
        register_for("test-robots")(Twin)


def test_two_factions_may_each_have_their_own_verb_of_the_same_word() -> None:
    @dataclass(frozen=True, slots=True)
    class RepairA(Action):
        verb: ClassVar[str] = "mend"

    @dataclass(frozen=True, slots=True)
    class RepairB(Action):
        verb: ClassVar[str] = "mend"

    register_for("test-robots")(RepairA)
    register_for("test-wanderer")(RepairB)
    try:
        assert actions.action_class("mend", ("test-robots",)) is RepairA
        assert actions.action_class("mend", ("test-wanderer",)) is RepairB
        assert actions.action_class("mend", ("marquise",)) is None
    finally:
        del actions.SCOPED[("test-robots", "mend")]
        del actions.SCOPED[("test-wanderer", "mend")]


def test_an_alias_names_one_faction() -> None:
    class Impostor(sf.Moss):
        id = "test-impostor"
        aliases = ("cats",)

    with pytest.raises(ValueError, match="already names"):
        registry.register(Impostor())
    assert registry.find_faction("cats") == "marquise"


def _declared(package: ModuleType, base: type) -> dict[str, set[str]]:
    """Each module or package the folder holds (base.py aside), with the ids of the plug-ins it declares itself."""
    out: dict[str, set[str]] = {}
    for found in pkgutil.iter_modules(package.__path__):
        if found.name == "base":
            continue
        module = importlib.import_module(f"{package.__name__}.{found.name}")
        classes = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, base)]
        out[found.name] = {c.id for c in classes if c.__module__ == module.__name__}
    return out


def test_every_faction_module_or_package_is_a_discovered_plug_in() -> None:
    """rules/factions/ holds plug-ins only: each module or package declares a registered faction (helpers live
    inside a plug-in's package, as rules/factions/vagabond/board.py does)."""
    declared = _declared(rules.factions, Faction)
    assert {"vagabond", "tinker", "marquise"} <= set(declared)
    for name, ids in declared.items():
        assert ids and ids <= set(registry.all_ids()), name
    ours = {f for f in registry.all_ids() if type(registry.faction(f)).__module__.startswith("rules.factions.")}
    assert ours == set().union(*declared.values())


def test_every_mode_module_or_package_is_a_discovered_plug_in() -> None:
    declared = _declared(rules.modes, Mode)
    assert {"frontier", "standard"} <= set(declared)
    for name, ids in declared.items():
        assert ids and ids <= set(all_mode_ids()), name
    ours = {m for m in all_mode_ids() if type(find_mode(m)).__module__.startswith("rules.modes.")}
    assert ours == set().union(*declared.values())


def classes_built(source: str) -> list[int]:
    """Lines of a module's source that build a class with type(name, bases, namespace)."""
    calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    return [n.lineno for n in calls if n.func.id == "type" and len(n.args) == 3]


def test_no_class_in_rules_is_built_with_type() -> None:
    """A golden rule is a declared subclass of its faction, and a mode's rules for every faction are its own
    actions: nothing in rules/ assembles a class at run time."""
    assert classes_built("import x\nKind = type('Kind', (object,), {})\nsame = type(x) is int\n") == [2]
    root = Path(rules.__file__).parent
    built = {str(p.relative_to(root)): classes_built(p.read_text(encoding="utf-8")) for p in root.rglob("*.py")}
    assert {path: lines for path, lines in built.items() if lines} == {}


def test_words_for_pieces_come_from_their_declarations() -> None:
    assert "bot" in actions.words_of(actions.Hit) and "tent" in actions.words_of(actions.Hit)
    buildings = {"sawmill", "workshop", "recruiter", "roost", "fox-base", "rabbit-base", "mouse-base", "factory"}
    buildings |= {"fox-infirmary", "mouse-infirmary", "rabbit-infirmary"}
    buildings |= {"fox-garden", "mouse-garden", "rabbit-garden", "stronghold"}
    buildings |= {"citadel", "market"}
    buildings |= {"figure_tablet", "tablet_figure", "tablet_jewelry", "jewelry_tablet"}
    buildings |= {"jewelry_figure", "figure_jewelry"}
    assert set(actions.words_of(actions.Build)) == buildings


def test_a_piece_kind_declares_its_points_and_immunity() -> None:
    from rules.pieces import ABILITY, BATTLE, PAWN, TOKEN, PieceKind

    web = PieceKind("x", "web", TOKEN, 1, "Web", points=0)
    mycelium = PieceKind("x", "mycelium", TOKEN, 1, "Mycelium", removed_by=(BATTLE,))
    old_man = PieceKind("x", "old-man", PAWN, 1, "Old Man", points=1, hit_as=TOKEN)
    assert (web.removal_points, mycelium.removal_points, old_man.removal_points) == (0, 1, 1)
    assert mycelium.removable(BATTLE) and not mycelium.removable(ABILITY)
    assert old_man.hit_category == TOKEN and PieceKind("x", "pawn", PAWN, 1, "P").hit_category is None


def test_give_helper_still_works_with_three_seats() -> None:
    state = medics_game()
    give(state, 2, "anvil")
    assert rules.problems(state) == []


# --- a state saved before the seams is upgraded ------------------------------------------------------


def test_a_schema_1_state_is_upgraded_items_and_battle_included() -> None:
    state = started(["marquise", "test-robots"])
    state.seats[M].items = [rules.items.make("hammer")]
    state.item_supply["autumn"]["hammer"] -= 1
    state.battle = {
        "attacker": M, "defender": 1, "clearing": 6, "stage": "after_defender_wait", "rolled": [1, 0],
        "sources": [["Brutal Tactics"], []], "ignore": [False, False], "hit": [], "asked": [],
        "used": [[M, "brutal-tactics"]], "owed": [], "removed": [], "after_deal": "",
    }  # fmt: skip
    current = state.to_json()
    old = rules.state.copy_json(current)
    for key in ("map_items", "items_removed", "piles", "schema"):
        del old[key]
    old["seats"][M]["items"] = ["hammer"]
    old["battle"]["extra"] = [1, 0]
    for key in ("sources", "hit", "asked"):
        del old["battle"][key]
    assert GameState.from_json(old).to_json() == current
    newer = {**current, "schema": 99}
    with pytest.raises(ValueError, match="newer engine"):
        GameState.from_json(newer)
