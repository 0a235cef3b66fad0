"""The Keepers in Iron checked against the Law of Root, section 15, by an outside referee: each test names the
paragraph it reads (and the base rule it leans on) and drives the engine only through its public API (parse, apply,
legal_actions, explain) on literal states.

Autumn map: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Forests: A (1, 2, 5, 10), B (1, 9, 10, 12),
C (2, 6, 10, 11, 12), D (4, 9, 12), E (4, 7, 8, 12), F (3, 7, 11, 12), G (3, 6, 11). Map edge (Law 21, the loop of
paths round the map): 1-5-2-6-3-7-8-4-9-1; 10, 11 and 12 are inside it.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    blank_table,
    card_ids,
    check,
    count,
    emptied,
    force_dice,
    goto,
    hand_keys,
    legal,
    play,
    play_events,
    public_text,
    put,
    refused,
    set_hand,
    set_supply,
    step,
)

import rules
from rules.cards import card
from rules.factions.keepers import board as kb
from rules.state import GameState

M, E, K = 0, 1, 2
FACTIONS = ("marquise", "eyrie", "keepers")


# --- literal states ------------------------------------------------------------------------------------------------


def table(factions: tuple[str, ...] = FACTIONS, board: str = "autumn") -> GameState:
    """Past setup, the map and the forests empty, hands empty; each relic kind's face-down values to turn 1, 2, 3, 3."""
    s = blank_table(factions, options={"board": board})
    seat = s.seat_of("keepers")
    assert seat is not None
    supply = s.seats[seat].supply
    for pieces in s.forests.values():
        for piece in [p for p in pieces if p.startswith("keepers:")]:
            supply[piece.split(":")[1]] = supply.get(piece.split(":")[1], 0) + pieces.pop(piece)
    kb.info(s, seat)["hidden"] = {name: [1, 2, 3, 3] for name in kb.RELICS}
    return check(s)


def in_forest(s: GameState, forest: str, relic: str) -> GameState:
    """A relic from the Keepers' supply into a forest: face down ('figure') or face up ('figure3')."""
    family = relic.rstrip("0123456789")
    seat = s.seat_of("keepers")
    assert seat is not None and s.seats[seat].supply.get(family, 0) > 0
    s.seats[seat].supply[family] -= 1
    s.forests[forest][f"keepers:{relic}"] = s.forests[forest].get(f"keepers:{relic}", 0) + 1
    return s


def values_next(s: GameState, kind: str, *values: int) -> GameState:
    """The order in which a kind's face-down relics will show their values when turned."""
    kb.info(s, K)["hidden"][kind] = list(values)
    return s


def retinue(s: GameState, **columns: list[str]) -> GameState:
    """The Retinue made exactly these columns: card keys or 'retainer' (old cards back to the deck)."""
    data = kb.retinue(s, K)
    for column in kb.COLUMNS:
        s.deck[:0] = [c for c in data[column] if c != kb.RETAINER]
        data[column] = []
        for name in columns.get(column, []):
            if name == "retainer":
                data[column].append(kb.RETAINER)
            else:
                cid = next(c for c in s.deck if card(c).key == name)
                s.deck.remove(cid)
                data[column].append(cid)
    return check(s)


def relics_at(s: GameState, place: int | str) -> dict[str, int]:
    """The relics in a clearing or a forest, by piece kind."""
    pieces = s.clearings[place - 1] if isinstance(place, int) else s.forests[place]
    return kb.relics_at(pieces)


def answer(s: GameState, *stop: str) -> GameState:
    """Answer pending decisions with their first choice until one of the named kinds (or none) is pending."""
    while s.pending and s.pending[0].get("what") not in stop:
        s = play(s, legal(s)[0])
    return s


def setup_game(factions: tuple[str, ...], seed: int = 3, board: str = "autumn", keep: int = 1) -> GameState:
    """A new game played up to the Keepers' first setup choice (the keep in `keep`, the Eyrie's first choices)."""
    s = rules.new_game({"factions": list(factions), "first_player": 0, "board": board}, seed)
    while s.turn.phase == "setup" and s.pending and s.seats[s.pending[0]["seat"]].faction != "keepers":
        options = legal(s)
        wanted = [f"keep {keep}", "leader despot"]
        if any(o.startswith("build") for o in options):
            wanted = options[:1]
        s = play(s, next((w for w in wanted if w in options), options[0]))
    return s


# --- 15.2.1, 15.3.1-15.3.6 setup ------------------------------------------------------------------------------------


def test_15_3_1_a_face_down_relic_in_each_forest_and_12_relics_valued_1_2_3_3() -> None:
    """15.2.1, 15.3.1: twelve relics, four of each kind valued 1, 2, 3, 3; one face down in each forest at once."""
    s = setup_game(FACTIONS)
    assert rules.to_act(s) == K and legal(s)[0].startswith("arrive")
    assert all(sum(relics_at(s, f).values()) == 1 for f in s.board.forests)
    assert all(set(relics_at(s, f)) <= set(kb.RELICS) for f in s.board.forests)  # the kind shows, not the value
    seat = s.seats[K]
    face_down = {name: seat.supply.get(name, 0) + sum(relics_at(s, f).get(name, 0) for f in s.board.forests)
                 for name in kb.RELICS}
    assert face_down == dict.fromkeys(kb.RELICS, 4)
    assert {name: sorted(v) for name, v in kb.hidden_values(s, K).items()} == {n: [1, 2, 3, 3] for n in kb.RELICS}


def test_15_3_3_the_corner_is_diagonally_opposite_a_starting_corner_when_possible() -> None:
    """15.3.3: a corner no other player started in, diagonally opposite a starting corner if possible (alone with
    the Marquise, that corner is the only choice and is taken for the Keepers)."""
    for keep, corner in ((1, 3), (2, 4), (3, 1), (4, 2)):
        s = setup_game(("marquise", "keepers"), keep=keep)
        assert count(s, corner, "keepers", "warrior") == 4
        assert all(count(s, c, "keepers", "warrior") == 0 for c in s.board.corners() if c != corner)
    s = setup_game(FACTIONS, keep=1)  # the roost goes to 3: 2 and 4 are opposite no starting corner, both free
    assert count(s, 3, "eyrie", "roost") == 1
    assert sorted(legal(s)) == ["arrive 2", "arrive 4"]
    assert "free corner" in refused(s, "arrive 3")


@pytest.mark.parametrize(
    ("board", "keep", "corner", "edge"),
    [("autumn", 1, 3, [6, 7]), ("autumn", 2, 4, [8, 9]), ("winter", 1, 3, [7, 8]), ("winter", 2, 4, [9, 10])],
)
def test_15_3_3_then_four_warriors_in_a_map_edge_clearing_next_to_the_corner(
    board: str, keep: int, corner: int, edge: list[int]
) -> None:
    """15.3.3 with 21 (map edge: the loop of clearings and paths round the map): Autumn's 7 and Winter's 8 lie on it,
    between the corner 3 and the other bottom clearing; the inner clearing next to the corner does not."""
    s = setup_game(("marquise", "keepers"), board=board, keep=keep)
    assert count(s, corner, "keepers", "warrior") == 4  # the one corner opposite the keep
    assert rules.to_act(s) == 1, "the Keepers choose among the map-edge clearings next to the corner"
    assert sorted(legal(s), key=lambda a: int(a.split()[1])) == [f"arrive {c}" for c in edge]
    inner = next(c for c in sorted(s.board.adjacent_to(corner)) if c not in edge)
    assert "map-edge clearing next to the first" in refused(s, f"arrive {inner}")
    s = play(s, f"arrive {edge[-1]}")
    assert count(s, corner, "keepers", "warrior") == 4 and count(s, edge[-1], "keepers", "warrior") == 4
    assert s.seats[1].supply["warrior"] == 15 - 8  # 15.3.2


def test_15_3_4_the_remaining_relics_go_evenly_to_forests_next_to_no_keeper_warriors() -> None:
    """15.3.4: the five relics left (seven forests on Autumn) go face down, as evenly as possible, among the forests
    not adjacent to a clearing with Keeper warriors; a different seed deals them differently (randomly)."""
    spreads = set()
    for seed in (3, 4, 5, 6):
        s = setup_game(("marquise", "keepers"), seed=seed, keep=2)  # the Keepers' corner: 4
        s = play(s, "arrive 9")  # Keeper warriors in 4 and 9: forests B, D, E touch them
        far = ["A", "C", "F", "G"]
        assert all(sum(relics_at(s, f).values()) == 1 for f in s.board.forests if f not in far)
        extra = sorted(sum(relics_at(s, f).values()) - 1 for f in far)
        assert extra == [1, 1, 1, 2]  # five relics among four forests: as even as it goes
        assert all(set(relics_at(s, f)) <= set(kb.RELICS) for f in s.board.forests)  # all face down
        assert sum(s.seats[1].supply.get(n, 0) for n in kb.RELICS) == 0
        spreads.add(tuple(sorted((f, tuple(sorted(relics_at(s, f).items()))) for f in far)))
        check(s)
    assert len(spreads) > 1


def test_15_3_5_and_6_faithful_retainers_tucked_and_waystations_on_the_board() -> None:
    """15.3.5: one Faithful Retainer in each Retinue column; 15.3.6: the three waystations start off the map."""
    s = setup_game(("marquise", "keepers"), keep=2)
    s = play(s, "arrive 9")
    assert kb.retinue(s, 1) == {column: [kb.RETAINER] for column in kb.COLUMNS}
    assert kb.stations_in_supply(s, 1) == list(kb.STATION_FAMILIES) and kb.station_clearings(s) == []


def test_15_2_2_each_waystation_shows_a_relic_kind_on_each_side() -> None:
    """15.2.2: three waystations, each with one kind on its front and another on its back; either side may be put
    up when encamping (15.4.1), and the other side then lies hidden behind it."""
    sides = dict(kb.STATION_KINDS.values())
    assert len(kb.STATION_FAMILIES) == 3 and len(kb.STATION_KINDS) == 6
    assert all(shown != back for shown, back in kb.STATION_KINDS.values()) and set(sides) == set(kb.RELICS)
    s = table()
    put(s, 5, "keepers", "warrior")
    s = goto(s, K, "keepers.encamp")
    family = kb.STATION_FAMILIES[0]
    both = kb.sides_of(family)
    assert {f"encamp 5 {side}" for side in both} <= set(legal(s, "encamp"))


# --- 15.4 Birdsong --------------------------------------------------------------------------------------------------


def test_15_4_1_encamp_once_per_clearing_needs_a_warrior_there_and_an_open_slot() -> None:
    """15.4.1: replace a Keeper warrior with a waystation, once per clearing; 2.2.3: a building needs an open slot;
    21 (replace): both steps must be possible."""
    s = table()
    put(s, 11, "keepers", "warrior", 2)  # three slots, one ruin: two open
    put(s, 2, "keepers", "warrior")
    put(s, 3, "keepers", "warrior")
    put(s, 3, "marquise", "sawmill")  # its one slot taken
    s = goto(s, K, "keepers.encamp")
    assert {a.split()[1] for a in legal(s, "encamp")} == {"2", "11"}
    assert "no open building slot" in refused(s, "encamp 3 figure_tablet")
    assert "no Keeper warrior in clearing 7" in refused(s, "encamp 7 figure_tablet")
    s = play(s, "encamp 11 jewelry_figure")
    assert count(s, 11, "keepers", "warrior") == 1 and count(s, 11, "keepers", "jewelry_figure") == 1
    assert "already" in refused(s, "encamp 11 figure_tablet")  # a warrior and a slot left, but once per clearing


def test_15_4_1_with_no_pieces_in_any_clearing_encamp_on_any_map_edge_clearing() -> None:
    """15.4.1: with no Keeper warrior or waystation in any clearing, a waystation and a warrior go to any clearing on
    the map edge (Autumn: 1-9, 7 included), either side up; not inside the loop."""
    s = goto(table(), K, "keepers.encamp")
    sites = sorted({int(a.split()[1]) for a in legal(s, "encamp")})
    assert sites == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    for inner in (10, 11, 12):
        assert "map edge" in refused(s, f"encamp {inner} figure_tablet")
    s = play(s, "encamp 7 tablet_figure")
    assert count(s, 7, "keepers", "warrior") == 1 and count(s, 7, "keepers", "tablet_figure") == 1
    assert legal(s, "encamp") == []


def test_15_4_1_a_waystation_alone_on_the_map_is_not_the_no_pieces_case() -> None:
    """15.4.1: the map-edge placement is only for a Keepers with neither warriors nor waystations in clearings."""
    s = table()
    put(s, 10, "keepers", "figure_tablet")
    s = goto(s, K, "keepers.encamp")
    assert legal(s, "encamp") == []


def test_15_4_2_decamp_once_per_clearing_and_birdsong_order() -> None:
    """15.4.2: replace a waystation with a Keeper warrior, once per clearing; Birdsong's steps go encamp, decamp,
    recruit (15.4), so no encamping after decamping."""
    s = table()
    put(s, 11, "keepers", "figure_tablet")
    put(s, 11, "keepers", "tablet_jewelry")
    put(s, 2, "keepers", "jewelry_figure")
    put(s, 2, "keepers", "warrior")
    s = goto(s, K, "keepers.decamp")
    s = play(s, "decamp 11 figure_tablet")
    assert count(s, 11, "keepers", "warrior") == 1 and kb.stations_at(s, 11) == ["tablet_jewelry"]
    assert "already" in refused(s, "decamp 11 tablet_jewelry")
    assert "first in Birdsong" in refused(s, "encamp 2 figure_tablet")


def test_15_4_3_recruit_two_warriors_per_card_at_a_matching_waystation() -> None:
    """15.4.3: any number of times, a card spent for two warriors at a waystation in a clearing of its suit; birds are
    wild (2.1.1); pieces are limited by the box (1.5.4: the most possible)."""
    s = table()
    put(s, 5, "keepers", "jewelry_figure")  # rabbit
    put(s, 8, "keepers", "figure_tablet")  # fox
    set_hand(s, K, "bake-sale", "armorers", "anvil", "sword")
    s = goto(s, K, "keepers.recruit")
    assert "does not match" in refused(s, "recruit sword 5")
    s = play(s, "recruit bake-sale 5", "recruit armorers 5")
    assert count(s, 5, "keepers", "warrior") == 4 and hand_keys(s, K) == ["anvil", "sword"]
    set_supply(s, "keepers", "warrior", 1)
    s = play(s, "recruit anvil 8")
    assert count(s, 8, "keepers", "warrior") == 1 and hand_keys(s, K) == ["sword"]
    check(s)


# --- 15.2.3, 15.5.1 crafting ----------------------------------------------------------------------------------------


def test_15_2_3_crafting_in_daylight_with_waystations_of_any_kind_each_once() -> None:
    """15.2.3 and 4.1.1: waystations of any kind, each of its clearing's suit, each once per turn; crafting is the
    first step of Daylight (15.5), not in Birdsong, nor once the Retinue acts."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")  # rabbit
    put(s, 10, "keepers", "tablet_jewelry")  # rabbit
    put(s, 5, "keepers", "warrior")
    set_hand(s, K, "bake-sale", "a-visit-to-friends")
    retinue(s, move=["retainer"])
    birdsong = goto(s, K, "keepers.recruit")
    assert "Daylight" in refused(birdsong, "craft bake-sale")
    s = goto(s, K, "keepers.craft")
    s = play(s, "craft bake-sale")  # rabbit, rabbit: both waystations; coins, 3 points
    assert "bake-sale" not in hand_keys(s, K) and s.seats[K].points == 3
    assert "craft a-visit-to-friends" not in legal(s)  # each waystation once per turn
    s = goto(s, K, "keepers.craft")
    s = play(s, "end")
    assert step(s) == (K, "keepers.move")
    assert "Daylight, before acting with the Retinue" in refused(s, "craft a-visit-to-friends")


# --- 15.5.2 the Retinue -----------------------------------------------------------------------------------------------


def test_15_5_2_1_move_from_a_matching_clearing_each_card_once_and_optional() -> None:
    """15.5.2 and 15.5.2.1: each card of the Move column may take a move from a clearing of its suit (a bird: any);
    a card not used stays in the Retinue."""
    s = table()
    put(s, 5, "keepers", "warrior", 3)  # rabbit
    put(s, 1, "keepers", "warrior")  # fox
    retinue(s, move=["anvil", "retainer"])
    s = goto(s, K, "keepers.move")
    s = play(s, "move 1>5 x1 fox")
    assert "no fox card" in refused(s, "move 5>1 x1 fox")
    s = play(s, "move 5>2 x2 bird")
    assert count(s, 2, "keepers", "warrior") == 2
    assert step(s) != (K, "keepers.move")
    assert len(kb.retinue(s, K)["move"]) == 2  # acting costs no card


def test_15_2_4_one_relic_per_warrior_moved_goes_along() -> None:
    """15.2.4: moving between clearings, the Keepers may move one relic with each Keeper warrior they move."""
    s = table()
    put(s, 5, "keepers", "warrior", 3)
    for relic in ("figure3", "tablet1", "jewelry2"):
        put(s, 5, "keepers", relic)
    retinue(s, move=["retainer"])
    s = goto(s, K, "keepers.move")
    s = play(s, "move 5>2 x1 bird")
    assert sorted(legal(s)) == ["carry figure3", "carry jewelry2", "carry tablet1", "pass"]
    s = play(s, "carry tablet1")
    assert relics_at(s, 2) == {"tablet1": 1} and not s.pending  # one warrior: one relic
    assert relics_at(s, 5) == {"figure3": 1, "jewelry2": 1}


def test_15_2_4_relics_may_stay_behind() -> None:
    """15.2.4: carrying is a "may": the warriors move without their relics."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    put(s, 5, "keepers", "figure3")
    retinue(s, move=["retainer"])
    s = play(goto(s, K, "keepers.move"), "move 5>2 x2 bird", "pass")
    assert relics_at(s, 5) == {"figure3": 1} and count(s, 2, "keepers", "warrior") == 2


def test_15_5_2_2_must_battle_an_enemy_building_or_token_before_delving() -> None:
    """15.5.2.2: any enemy piece that can be battled (a lone wood token too) must be battled first; the defenseless
    defender takes an extra hit (4.3.5.2); then the delve."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    put(s, 5, "marquise", "wood")
    in_forest(s, "A", "figure")
    retinue(s, delve=["retainer"])
    s = goto(s, K, "keepers.delve")
    assert legal(s, "delve") == ["delve 5 marquise retainer"]  # no delve without the battle
    s = answer(play(force_dice(s, 0, 0), "delve 5 retainer"), "delve")  # the one enemy there is battled
    assert count(s, 5, "marquise", "wood") == 0 and s.seats[K].points == 1
    assert sorted(legal(s)) == ["pass", "relic fA figure"]


def test_15_5_2_2_delve_without_battle_when_no_enemy_and_only_with_rule_and_a_warrior() -> None:
    """15.5.2.2: with no enemy to battle the delve needs no battle; it needs rule and a Keeper warrior in the
    clearing; FAQ 15.5.2.2: ruling is not needed to battle."""
    s = table()
    put(s, 5, "keepers", "warrior")
    put(s, 10, "keepers", "warrior")
    put(s, 10, "marquise", "warrior")  # a tie: no rule
    put(s, 5, "marquise", "warrior", 3)
    in_forest(s, "A", "tablet")
    retinue(s, delve=["retainer", "bake-sale"])
    s = goto(s, K, "keepers.delve")
    assert "delve 5 marquise retainer" in legal(s, "delve")  # battle without ruling
    assert "delve 10 marquise retainer" in legal(s, "delve")
    s2 = table()
    put(s2, 5, "keepers", "figure_tablet")  # rules 5 with a waystation, but no warrior there
    in_forest(s2, "A", "tablet")
    retinue(s2, delve=["retainer"])
    s2 = goto(s2, K, "keepers.delve")
    assert step(s2) != (K, "keepers.delve")  # nothing the column could do: on to the next


def test_15_5_2_2_step_1_flip_a_relic_of_an_adjacent_forest_into_the_clearing() -> None:
    """15.5.2.2 step 1: a relic in a forest adjacent to the clearing (face down: turned up) comes into the clearing;
    a relic in a forest not touching the clearing cannot be delved."""
    s = table()
    put(s, 5, "keepers", "warrior")
    in_forest(s, "A", "jewelry")
    in_forest(s, "B", "figure")  # B does not touch 5
    values_next(s, "jewelry", 2, 1, 3, 3)
    retinue(s, delve=["retainer"])
    s = play(goto(s, K, "keepers.delve"), "delve 5 retainer")
    assert sorted(legal(s)) == ["pass", "relic fA jewelry"]
    assert "not next to clearing 5" in refused(s, "relic fB figure")
    s, events = play_events(s, "relic fA jewelry")
    assert "jewelry worth 2" in public_text(events)
    assert relics_at(s, 5) == {"jewelry2": 1} and relics_at(s, "A") == {}


def test_15_5_2_2_step_2_discard_when_fewer_clearings_ruled_round_the_forest_than_the_value() -> None:
    """15.5.2.2 step 2: count the ruled clearings adjacent to the forest delved from; fewer than the value: discard the
    card used; as many: keep it."""
    s = table()
    put(s, 10, "keepers", "warrior")  # rabbit; forest A touches 1, 2, 5, 10
    put(s, 5, "keepers", "warrior")
    in_forest(s, "A", "figure")
    in_forest(s, "A", "tablet")
    values_next(s, "figure", 2, 3, 3, 1)
    values_next(s, "tablet", 3, 3, 2, 1)
    retinue(s, delve=["bake-sale", "a-visit-to-friends"])
    s = goto(s, K, "keepers.delve")
    s = play(s, "delve 10 bake-sale", "relic fA figure")  # rules 5 and 10 round A: 2, value 2: kept
    assert kb.retinue(s, K)["delve"] == card_ids("bake-sale")[:1] + card_ids("a-visit-to-friends")[:1]
    s = play(s, "delve 10 a-visit-to-friends", "relic fA tablet")  # value 3: discarded
    assert kb.retinue(s, K)["delve"] == card_ids("bake-sale")[:1]
    assert card_ids("a-visit-to-friends")[0] in s.discard
    check(s)


def test_15_5_2_3_recover_a_relic_of_the_waystations_face_up_kind() -> None:
    """15.5.2.3 step 1: a relic of the kind a waystation there shows (the side up, not its back); a move from the
    clearing is the card's other choice."""
    s = table()
    put(s, 5, "keepers", "tablet_figure")  # shows tablets, figures behind
    put(s, 5, "keepers", "warrior")
    put(s, 5, "keepers", "figure3")
    put(s, 5, "keepers", "tablet2")
    retinue(s, recover=["bake-sale"])
    s = goto(s, K, "keepers.recover")
    assert legal(s, "recover") == ["recover 5 tablet2 bake-sale"]
    assert "only at a figure waystation" in refused(s, "recover 5 figure3 bake-sale")
    assert any(a.startswith("move 5>") for a in legal(s, "move"))
    s = play(s, "recover 5 tablet2 bake-sale")
    assert s.seats[K].points == 2 and relics_at(s, 5) == {"figure3": 1}


def test_15_5_2_3_a_filled_relics_column_scores_two_and_the_next_column_too() -> None:
    """15.5.2.3 steps 1-2: each relic goes to its kind's leftmost empty space and scores its value; filling a column
    (one relic of each kind) scores 2 more, the second column likewise."""
    s = table()
    for cid in (3, 4):  # rabbit clearings ruled: 3, 4, 5, 10
        put(s, cid, "keepers", "warrior")
    put(s, 5, "keepers", "warrior")
    put(s, 10, "keepers", "warrior")
    put(s, 5, "keepers", "figure_tablet")
    put(s, 5, "keepers", "tablet_jewelry")
    put(s, 10, "keepers", "jewelry_figure")
    for relic in ("figure1", "figure2", "tablet3", "tablet1"):
        put(s, 5, "keepers", relic)
    put(s, 10, "keepers", "jewelry3")
    put(s, 10, "keepers", "jewelry1")
    retinue(s, recover=["retainer", "bake-sale"])
    s = goto(s, K, "keepers.recover")
    s = play(s, "recover 5 figure1 retainer", "recover 5 figure2 retainer", "recover 5 tablet3 retainer",
             "recover 5 tablet1 retainer")
    assert s.seats[K].points == 7  # no column full: no jewelry yet
    s, events = play_events(s, "recover 10 jewelry3 bake-sale")
    assert s.seats[K].points == 7 + 3 + 2 and "column 1 filled" in public_text(events)
    s, events = play_events(s, "recover 10 jewelry1 bake-sale")
    assert s.seats[K].points == 12 + 1 + 2 and "column 2 filled" in public_text(events)
    check(s)


def test_15_5_2_3_step_3_the_check_counts_ruled_clearings_of_the_suit() -> None:
    """15.5.2.3 step 3: fewer ruled clearings of the recovering clearing's suit than the value: the Recover ends and
    the card is discarded; otherwise another relic may be taken, or the Recover ended."""
    s = table()
    put(s, 5, "keepers", "warrior")
    put(s, 3, "keepers", "warrior")  # rabbit ruled: 3, 5
    put(s, 5, "keepers", "figure_tablet")
    for relic in ("figure2", "figure3", "figure1"):
        put(s, 5, "keepers", relic)
    retinue(s, recover=["bake-sale", "retainer"])
    s = goto(s, K, "keepers.recover")
    s = play(s, "recover 5 figure2 bake-sale")  # 2 ruled, value 2: may go on
    assert "recover 5 figure3 bake-sale" in legal(s, "recover")
    s = play(s, "recover 5 figure3 bake-sale")  # value 3: ends, discarded
    assert card_ids("bake-sale")[0] in s.discard and kb.retinue(s, K)["recover"] == [kb.RETAINER]
    assert "recover 5 figure1 bake-sale" not in legal(s, "recover")
    assert s.seats[K].points == 5


def test_15_5_2_the_columns_go_left_to_right_and_none_comes_back() -> None:
    """15.5.2: the leftmost column first; once past a column its cards do not act again this turn."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    in_forest(s, "A", "figure")
    retinue(s, move=["retainer"], delve=["retainer"], recover=["retainer"])
    s = goto(s, K, "keepers.move")
    assert "left to right" in refused(s, "delve 5 retainer")
    s = play(s, "end")
    assert step(s) == (K, "keepers.delve")
    s = play(s, "end")
    assert step(s) == (K, "keepers.recover")  # the warriors may still move with its card
    assert "left to right" in refused(s, "delve 5 retainer")
    assert kb.retinue(s, K) == {column: [kb.RETAINER] for column in kb.COLUMNS}  # cards not used stay


# --- 15.2.4 Devout Knights in battle, 15.2.5 Prized Trophies -------------------------------------------------------


def test_15_2_4_defending_the_first_hit_is_ignored_with_a_relic_and_a_warrior() -> None:
    """15.2.4: as defender with a relic and a Keeper warrior there, the first hit is ignored."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    put(s, 5, "keepers", "tablet1")
    put(s, 5, "marquise", "warrior", 3)
    s = answer(play(force_dice(goto(s, M, "marquise.actions"), 3, 1), "battle 5 keepers"))
    assert count(s, 5, "keepers", "warrior") == 0 and count(s, 5, "keepers", "tablet1") == 1  # 3 hits, one ignored


def test_15_2_4_no_ignored_hit_without_a_keeper_warrior_and_prized_trophies() -> None:
    """15.2.4: a relic with no Keeper warrior earns no ignored hit; 4.3.5.2: defenseless, an extra hit; 15.2.5: the
    enemy removing the relic scores 2 in total and places it face up in any forest, however far."""
    s = table()
    put(s, 5, "keepers", "figure2")
    put(s, 5, "keepers", "figure_tablet")
    put(s, 5, "marquise", "warrior")
    s = play(force_dice(goto(s, M, "marquise.actions"), 1, 0), "battle 5 keepers")
    s = answer(s, "trophy")  # 1 rolled + 1 extra: both pieces go
    assert count(s, 5, "keepers", "figure_tablet") == 0 and relics_at(s, 5) == {}
    assert s.seats[M].points == 1 + 2
    assert rules.to_act(s) == M and sorted(legal(s)) == [f"trophy f{f}" for f in sorted(s.board.forests)]
    s = play(s, "trophy fG")  # G touches none of 5's clearings
    assert relics_at(s, "G") == {"figure2": 1}  # face up: its value shows
    assert s.seats[M].points == 3
    check(s)


def test_15_2_4_attacking_the_first_hit_is_ignored_and_only_the_first() -> None:
    """15.2.4: attacking with a Battle then Delve card, with a relic and a Keeper warrior there: the first hit taken is
    ignored, the second is not."""
    s = table()
    put(s, 5, "keepers", "warrior", 3)
    put(s, 5, "keepers", "jewelry3")
    put(s, 5, "eyrie", "warrior", 3)
    retinue(s, delve=["retainer"])
    s = goto(s, K, "keepers.delve")
    s = answer(play(force_dice(s, 3, 2), "delve 5 eyrie retainer"), "delve")
    assert count(s, 5, "keepers", "warrior") == 2  # two hits taken, one ignored
    assert count(s, 5, "eyrie", "warrior") == 0


def test_15_2_4_ambushed_one_ambush_hit_ignored_then_no_more() -> None:
    """15.2.4: ambushed, ignore one of the ambush's hits and no further hit (the roll's hits all land)."""
    s = table()
    put(s, 5, "keepers", "warrior", 4)
    put(s, 5, "keepers", "jewelry3")
    put(s, 5, "eyrie", "warrior", 2)
    retinue(s, delve=["retainer"])
    set_hand(s, E, "ambush-rabbit")
    s = goto(s, K, "keepers.delve")
    s = play(force_dice(s, 2, 1), "delve 5 eyrie retainer", "ambush ambush-rabbit")
    s = answer(s, "delve")
    # ambush: 2 hits, 1 ignored; roll (2, 1): the Eyrie deals 1, not ignored
    assert count(s, 5, "keepers", "warrior") == 2


def test_15_2_4_a_foiled_ambush_leaves_the_first_rolled_hit_to_ignore() -> None:
    """15.2.4 with 4.3.1.1: a foiled ambush deals no hit, so the first hit the Keepers take is the roll's."""
    s = table()
    put(s, 5, "keepers", "warrior", 3)
    put(s, 5, "keepers", "jewelry3")
    put(s, 5, "eyrie", "warrior", 2)
    retinue(s, delve=["retainer"])
    set_hand(s, E, "ambush-rabbit")
    set_hand(s, K, "ambush-bird")
    s = goto(s, K, "keepers.delve")
    s = play(force_dice(s, 2, 1), "delve 5 eyrie retainer", "ambush ambush-rabbit")
    assert any(a.startswith("foil") or "ambush-bird" in a for a in legal(s))
    foil = next(a for a in legal(s) if "ambush-bird" in a)
    s = answer(play(s, foil), "delve")
    assert count(s, 5, "keepers", "warrior") == 3  # the one rolled hit ignored


# --- 15.6 Evening ---------------------------------------------------------------------------------------------------


def test_15_6_1_live_off_the_land_removes_one_from_each_clearing_of_four_or_more() -> None:
    """15.6.1: one Keeper warrior from each clearing with four or more; no one scores (3.2.1 needs an enemy)."""
    s = table()
    put(s, 5, "keepers", "warrior", 4)
    put(s, 8, "keepers", "warrior", 6)
    put(s, 2, "keepers", "warrior", 3)
    s = goto(s, K, "keepers.live")
    assert (count(s, 5, "keepers", "warrior"), count(s, 8, "keepers", "warrior")) == (3, 5)
    assert count(s, 2, "keepers", "warrior") == 3 and all(seat.points == 0 for seat in s.seats)


def test_15_6_2_add_any_number_or_shift_one_at_most_ten() -> None:
    """15.6.2: any number of hand cards to any columns, or one Retinue card shifted; never more than ten cards."""
    s = table()
    set_hand(s, K, "anvil", "sword", "bake-sale")
    s = goto(s, K, "keepers.gather")
    s = play(s, "retinue anvil move", "retinue sword recover")
    assert "added cards" in refused(s, "shift retainer delve")
    s = goto(s, K, "keepers.gather")
    s = play(s, "shift anvil delve")
    assert step(s) != (K, "keepers.gather")  # one shift and nothing else: the Evening goes on
    assert card_ids("anvil")[0] in kb.retinue(s, K)["delve"]
    s = table()
    retinue(s, move=["retainer", "anvil", "sword"], delve=["retainer", "bake-sale", "cobbler"],
            recover=["retainer", "investments", "codebreakers"])
    set_hand(s, K, "crossbow-bird", "favor-of-the-mice")
    s = goto(s, K, "keepers.gather")
    s = play(s, "retinue crossbow-bird move")  # the tenth card: none more may be added, the Evening goes on
    assert kb.retinue_size(s, K) == 10 and "favor-of-the-mice" in hand_keys(s, K)
    assert step(s) != (K, "keepers.gather")


def test_15_6_3_draw_one_plus_one_per_waystation_then_discard_to_five() -> None:
    """15.6.3: draw 1 and 1 more per waystation on the map; then down to five cards."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")
    put(s, 8, "keepers", "tablet_jewelry")
    set_hand(s, K, "anvil", "sword", "bake-sale", "cobbler")
    s = play(goto(s, K, "keepers.gather"), "end")
    assert len(s.seats[K].hand) == 7
    assert s.pending and s.pending[0]["kind"] == "discard"
    while s.pending and s.pending[0]["kind"] == "discard":
        s = play(s, legal(s)[0])
    assert len(s.seats[K].hand) == 5


# --- hidden values ----------------------------------------------------------------------------------------------------


def test_15_2_1_a_face_down_value_shows_in_no_legal_action_nor_refusal() -> None:
    """15.2.1: a face-down relic shows only its kind: the delve's choices and every refusal read the same whatever
    value it hides."""
    seen = []
    for values in ((3, 1, 2, 3), (1, 3, 3, 2)):
        s = table()
        put(s, 5, "keepers", "warrior")
        in_forest(s, "A", "figure")
        values_next(s, "figure", *values)
        retinue(s, delve=["retainer"])
        s = play(goto(s, K, "keepers.delve"), "delve 5 retainer")
        reasons = [refused(s, f"relic fA figure{v}") for v in (1, 2, 3)]
        reasons.append(refused(s, "carry figure3"))
        reasons.append(refused(s, "recover 5 figure3 retainer"))
        seen.append((legal(s), reasons))
    assert seen[0] == seen[1]



def test_15_2_5_a_defender_removing_the_attackers_relic_places_it_in_the_keepers_turn() -> None:
    """15.2.5: a defender removing the attacking Keepers' relic (their warriors gone first, 4.3.6) scores 2 and places
    it at once, in the Keepers' turn; no delve follows without a Keeper warrior (15.5.2.2)."""
    s = table()
    put(s, 5, "keepers", "warrior")
    put(s, 5, "keepers", "tablet2")
    put(s, 5, "marquise", "warrior", 3)
    in_forest(s, "A", "figure")
    retinue(s, delve=["retainer"])
    s = goto(s, K, "keepers.delve")
    s = play(force_dice(s, 3, 3), "delve 5 marquise retainer")
    s = answer(s, "trophy")  # the Marquise's 3 hits: one ignored, the warrior, then the relic
    assert count(s, 5, "keepers", "warrior") == 0 and relics_at(s, 5) == {}
    assert rules.to_act(s) == M and s.seats[M].points == 2
    s = play(s, "trophy fB")
    assert relics_at(s, "B") == {"tablet2": 1}
    assert rules.to_act(s) == K and not (s.pending and s.pending[0].get("what") == "delve")
    check(s)


def _vagrant_with_keepers_in_coalition() -> GameState:
    """Marquise, Eyrie, the Vagrant and the Keepers past setup, map emptied; the Vagabond in a coalition with the
    Keepers (9.2.8), his pawn in clearing 5 with a torch."""
    s = rules.new_game({"factions": ["marquise", "eyrie", "vagabond", "keepers"], "first_player": 0}, 1)
    wanted = ["keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot",
              "character vagrant"]
    while s.turn.phase == "setup" and s.pending:
        options = legal(s)
        s = play(s, next((w for w in wanted if w in options), options[0]))
    s = emptied(s)
    for pieces in s.forests.values():
        for piece in [p for p in pieces if p.startswith(("keepers:", "vagabond:"))]:
            owner, kind = piece.split(":")[:2]
            seat = s.seat_of(owner)
            assert seat is not None
            s.seats[seat].supply[kind] = s.seats[seat].supply.get(kind, 0) + pieces.pop(piece)
    v, k = s.seat_of("vagabond"), s.seat_of("keepers")
    assert v is not None and k is not None
    s.seats[v].supply["pawn"] -= 1
    s.clearings[4]["vagabond:pawn"] = 1
    s.seats[v].data["coalition"] = k
    return check(s)


def test_faq_15_2_5_no_prized_trophies_for_a_vagrant_in_a_coalition_with_the_keepers() -> None:
    """FAQ on 15.2.5: the Vagrant's Instigate removing a relic while in a coalition with the Keepers does not trigger
    Prized Trophies (he is no enemy): nobody scores and nobody places it in a forest; removed (21), it goes back to
    the Keepers' supply."""
    s = _vagrant_with_keepers_in_coalition()
    v, k = s.seat_of("vagabond"), s.seat_of("keepers")
    assert v is not None and k is not None
    torch = next(i for i in s.seats[v].items if i["item"] == "torch")
    assert not torch.get("exhausted")
    put(s, 5, "keepers", "figure3")
    put(s, 5, "marquise", "warrior", 2)
    s = goto(force_dice(s, 3, 0), v, "vagabond.daylight")
    s = play(s, "instigate marquise keepers")
    s = answer(s)
    assert relics_at(s, 5) == {} and all(relics_at(s, f) == {} for f in s.board.forests)
    assert not s.seats[k].areas.get(kb.TROPHIES_AREA)
    assert s.seats[k].supply.get("figure", 0) == 4  # back in the supply, face down again
    assert s.seats[v].points == 0 and s.seats[M].points == 0
    check(s)


def test_15_2_1_no_view_nor_board_image_shows_a_face_down_value() -> None:
    """15.2.1: face-down relics look alike to everyone, the Keepers included: every seat's view, the spectator's and
    the board image are the same whatever values the face-down relics hide, at the moment of choosing one to delve."""
    from render import render_board
    from rules.view import view_for

    outputs = []
    for values in ((3, 1, 2, 3), (1, 2, 3, 3)):
        s = table()
        put(s, 5, "keepers", "warrior")
        put(s, 5, "keepers", "tablet2")  # a face-up relic beside them
        in_forest(s, "A", "figure")
        in_forest(s, "A", "figure")
        values_next(s, "figure", *values)
        retinue(s, delve=["retainer"])
        s = play(goto(s, K, "keepers.delve"), "delve 5 retainer")
        views = [view_for(s, seat) for seat in (None, M, E, K)]
        legend = views[0]["factions"]["keepers"]["pieces"]
        assert views[0]["forests"]["A"] == {"keepers:figure": 2}  # both alike, face down
        assert legend["figure"]["label"] == "F?" and legend["tablet2"]["label"] == "T2"
        outputs.append((views, render_board(views[0]), legal(s)))
    assert outputs[0] == outputs[1]


async def test_15_2_1_the_slash_commands_tell_nothing_of_a_face_down_value(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """15.2.1 through the slash commands: at a delve with a face-down relic next to the clearing, autocomplete offers
    it by its kind alone, and naming it with any value is refused with the same words whatever value it hides; the
    other players' autocomplete offers nothing; the reveal comes only when it is turned up."""
    from discord_harness import OfflineUser, db_url, offline_bot, play_until, seated_game

    channel = 1515
    players = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "keepers": OfflineUser("iris")}
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, channel, players)

    def face_down_delve(state: GameState) -> bool:
        return bool(state.pending) and state.pending[0].get("what") == "delve" and any(
            a.split()[-1] in kb.RELICS for a in legal(state))

    state = await play_until(bot, channel, players, face_down_delve, seed=5,
                             liked=lambda a: a.verb in ("delve", "encamp", "recruit"), rounds=10)
    iris = players["keepers"]
    choice = next(a for a in legal(state) if a.split()[-1] in kb.RELICS)
    forest, kind = choice.split()[1][1:], choice.split()[2]
    offered = await bot.autocomplete(iris, channel, "keepers relic", "relic", forest=forest, relic="")
    values = {str(c["value"]) for c in offered}
    assert kind in values and values <= set(relics_at(state, forest))  # face down: the kind; face up: its value
    hidden_next = kb.hidden_values(state, K)[kind][0]
    said = []
    for value in (1, 2, 3):
        result = await bot.slash(iris, channel, "keepers relic", forest=forest, relic=f"{kind}{value}")
        assert result.refused and "Traceback" not in result.text
        said.append(result.text.replace(f"{kind}{value}", f"{kind}?"))
    assert said[0] == said[1] == said[2], said
    assert str(hidden_next) not in "".join(said).replace(forest, "")
    for other in ("alice", "bob"):
        assert await bot.autocomplete(players["marquise" if other == "alice" else "eyrie"], channel, "keepers relic",
                                      "relic", forest=forest, relic="") == []
    assert (await bot.service.table(channel)).state.digest() == state.digest()
    turned = await bot.slash(iris, channel, "keepers relic", forest=forest, relic=kind)
    assert not turned.refused and f"{kind} worth {hidden_next}" in turned.text
    await bot.service.store.close()


def test_15_2_5_a_revolt_removing_relics_scores_two_each_and_the_alliance_places_them() -> None:
    """15.2.5 with 8.4.1: a revolt removes every enemy piece in its clearing; each relic scores its remover 2 in all
    and is placed by the Alliance, face up, in any forest; a waystation scores 1 (3.2.1)."""
    from rules.factions.alliance import supporters

    s = table(("marquise", "alliance", "keepers"))
    a = 1
    stack = supporters(s, a)
    for key in ("anvil", "foxfolk-steel"):  # two fox supporters for the revolt in 8 (fox)
        cid = next(c for c in s.deck if card(c).key == key)
        s.deck.remove(cid)
        stack.append(cid)
    put(s, 8, "alliance", "sympathy")
    put(s, 8, "keepers", "warrior")
    put(s, 8, "keepers", "figure3")
    put(s, 8, "keepers", "jewelry1")
    put(s, 8, "keepers", "figure_tablet")
    s = goto(check(s), a, "alliance.revolt")
    s = play(s, "revolt 8")
    assert s.seats[a].points == 1 + 2 + 2 and relics_at(s, 8) == {}
    placed = []
    while s.pending and s.pending[0].get("what") == "trophy":
        assert rules.to_act(s) == a
        forest = "G" if not placed else "D"
        s = play(s, f"trophy f{forest}")
        placed.append(forest)
    assert len(placed) == 2
    assert {**relics_at(s, "G"), **relics_at(s, "D")} == {"figure3": 1, "jewelry1": 1}
    check(s)


def test_15_5_2_2_with_mercenaries_alone_the_keepers_may_battle_but_not_delve() -> None:
    """15.5.2.2 with 11.2.7.3 and 4.3: hired Riverfolk warriors are the Keepers' own for battle, so a Battle then Delve
    card may battle where only they stand (and then must, an enemy being there); no delve follows without a Keeper
    warrior."""
    s = table(("eyrie", "riverfolk", "keepers"))
    put(s, 5, "riverfolk", "warrior", 2)
    put(s, 5, "eyrie", "warrior")
    in_forest(s, "A", "figure")
    retinue(s, delve=["retainer"])
    s = goto(s, K, "keepers.delve", hired=True)
    assert legal(s, "delve") == ["delve 5 eyrie retainer"]
    s = answer(play(force_dice(s, 2, 0), "delve 5 eyrie retainer"), "delve")
    assert count(s, 5, "eyrie", "warrior") == 0
    assert not (s.pending and s.pending[0].get("what") == "delve")
