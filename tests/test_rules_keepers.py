"""The Keepers in Iron (Law of Root 15): one test or more per paragraph on literal states, each naming its section, and
the named scenarios in notation (delving a relic from a forest, recovering a full set, a Retinue card that fails,
waystations flipped).

Tables are Marquise (seat 0), Eyrie (seat 1) and Keepers (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Forests: A (1, 2, 5, 10), B (1, 9, 10, 12), C (2, 6, 10, 11,
12), D (4, 9, 12), E (4, 7, 8, 12), F (3, 7, 11, 12), G (3, 6, 11).
"""

from __future__ import annotations

import copy

import pytest
from rules_helpers import (
    blank_table,
    card_ids,
    check,
    count,
    force_dice,
    give,
    goto,
    hand_keys,
    legal,
    new_table,
    play,
    play_events,
    public_text,
    put,
    set_hand,
    step,
)

import rules
from rules import registry
from rules.cards import card
from rules.errors import RulesError
from rules.factions.keepers import board as kb
from rules.factions.keepers import relics
from rules.hidden import hidden_places, redeal
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "keepers")
M, E, K = 0, 1, 2
KEEPER = "keepers:warrior"


# --- helpers ------------------------------------------------------------------------------------------------------


def table(factions: tuple[str, ...] = FACTIONS, board: str = "autumn") -> GameState:
    """A game past setup with an empty map, empty forests, empty hands; every relic set aside face down, the values
    of each kind to be turned 1, 2, 3, 3."""
    s = blank_table(factions, options={"board": board})
    seat = keepers_seat(s)
    for pieces in (*s.forests.values(), *s.clearings):
        for piece in [p for p in pieces if p.startswith("keepers:")]:
            family = registry.faction("keepers").pieces
            kind = piece.split(":")[1]
            box = next(k.box_family for k in family if k.kind == kind)
            s.seats[seat].supply[box] = s.seats[seat].supply.get(box, 0) + pieces.pop(piece)
    kb.info(s, seat)["hidden"] = {name: [1, 2, 3, 3] for name in kb.RELICS}
    return check(s)


def keepers_seat(s: GameState) -> int:
    seat = s.seat_of("keepers")
    assert seat is not None
    return seat


def lay(s: GameState, place: int | str, kind: str, n: int = 1) -> GameState:
    """Put relics (face down: 'figure'; face up: 'figure3') from the side into a forest or a clearing."""
    seat = keepers_seat(s)
    family = kind.rstrip("0123456789")
    assert s.seats[seat].supply.get(family, 0) >= n
    s.seats[seat].supply[family] -= n
    pieces = s.clearings[place - 1] if isinstance(place, int) else s.forests[place]
    pieces[f"keepers:{kind}"] = pieces.get(f"keepers:{kind}", 0) + n
    return s


def turned(s: GameState, name: str, *values: int) -> GameState:
    """The face-down values of a relic kind, in the order they will be turned."""
    kb.info(s, keepers_seat(s))["hidden"][name] = list(values)
    return s


def set_retinue(s: GameState, **columns: list[str]) -> GameState:
    """The Retinue exactly these columns: card keys or 'retainer' (old cards go back to the deck)."""
    seat = keepers_seat(s)
    data = kb.retinue(s, seat)
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
    return s


def refused(state: GameState, text: str) -> str:
    """The refusal of an action, checking the state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RulesError) as err:
        play(state, text)
    assert state == before
    return str(err.value)


def settle(s: GameState) -> GameState:
    """Answer every pending decision with its first choice."""
    while s.pending:
        s = play(s, legal(s)[0])
    return s


def relics_in(s: GameState, place: int | str) -> dict[str, int]:
    pieces = s.clearings[place - 1] if isinstance(place, int) else s.forests[place]
    return kb.relics_at(pieces)


# --- 15.2 faction rules, 15.3 setup ---------------------------------------------------------------------------------


def test_15_2_1_twelve_relics_of_three_kinds_valued_1_2_3_3_face_down() -> None:
    """15.2.1, 15.3.1: four relics of each kind, their values 1, 2, 3, 3 face down; one in each forest at once."""
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 5)
    seat = keepers_seat(s)
    hidden = kb.hidden_values(s, seat)
    assert {name: sorted(values) for name, values in hidden.items()} == {n: [1, 2, 3, 3] for n in kb.RELICS}
    assert all(len(relics_in(s, f)) == 1 and sum(relics_in(s, f).values()) == 1 for f in s.board.forests)
    assert all(kind in kb.RELICS for f in s.board.forests for kind in relics_in(s, f))  # face down: kind only
    assert sum(s.seats[seat].supply.get(name, 0) for name in kb.RELICS) == 12 - len(s.board.forests)
    check(s)


def test_15_2_2_three_waystations_each_two_sided() -> None:
    """15.2.2, 15.3.6: three waystations on the faction board, each a relic kind on either side (ruled: the three
    pairs of kinds)."""
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 5)
    supply = s.seats[keepers_seat(s)].supply
    families = [f for f in kb.STATION_FAMILIES if supply.get(f) == 1]
    assert families == ["figure_tablet", "tablet_jewelry", "jewelry_figure"]
    sides = {kb.STATION_KINDS[k] for k in kb.STATION_KINDS}
    assert len(sides) == 6 and all(a != b for a, b in sides)


def test_15_3_3_four_warriors_in_a_free_corner_then_four_on_the_map_edge_next_to_it() -> None:
    """15.3.3: a corner no one started in, diagonally opposite a starting corner; then a map-edge clearing next to it;
    15.3.4: the relics set aside go into forests next to no clearing with Keeper warriors, as evenly as possible."""
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 5)
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9")
    while rules.to_act(s) == E:  # the Eyrie's roost goes opposite the keep, in 3
        s = play(s, "leader despot" if "leader despot" in legal(s) else legal(s)[0])
    assert count(s, 3, "eyrie", "roost") == 1
    assert rules.to_act(s) == K and legal(s) == ["arrive 2", "arrive 4"]
    assert "free corner" in refused(s, "arrive 5")
    s = play(s, "arrive 2")
    assert sorted(legal(s)) == ["arrive 5", "arrive 6"]  # map-edge clearings next to 2 (10 is not on the edge)
    aside = sum(s.seats[K].supply.get(n, 0) for n in kb.RELICS)
    s = play(s, "arrive 6")
    assert count(s, 2, "keepers", "warrior") == 4 and count(s, 6, "keepers", "warrior") == 4
    far = [f for f, info in s.board.forests.items() if not info.clearings & {2, 6}]
    assert sorted(far) == ["B", "D", "E", "F"]
    extra = {f: sum(relics_in(s, f).values()) - 1 for f in s.board.forests}
    assert sum(extra.values()) == aside == 5 and all(extra[f] == 0 for f in extra if f not in far)
    assert sorted(extra[f] for f in far) == [1, 1, 1, 2]
    assert s.turn.phase != "setup" or s.pending[0]["seat"] != K
    check(s)


def test_15_3_5_a_faithful_retainer_in_each_retinue_column() -> None:
    """15.3.5: one Faithful Retainer (a bird, outside the shared deck) tucked in each column."""
    s = new_table(FACTIONS)
    assert kb.retinue(s, K) == {"move": [kb.RETAINER], "delve": [kb.RETAINER], "recover": [kb.RETAINER]}
    assert registry.of(s, K).held_cards(s, K) == []
    assert "Retinue Move: Faithful Retainer" in registry.of(s, K).panel(s, K)[0]


# --- 15.4 Birdsong --------------------------------------------------------------------------------------------------


def test_15_4_1_encamp_replaces_a_warrior_with_a_waystation_either_side_up_once_per_clearing() -> None:
    """15.4.1: once per clearing, a warrior becomes a waystation, the side up chosen; an open slot is needed."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    put(s, 8, "keepers", "warrior")
    put(s, 1, "keepers", "warrior")
    put(s, 1, "marquise", "sawmill")  # clearing 1's one slot is full
    s = goto(s, K, "keepers.encamp")
    assert step(s) == (K, "keepers.encamp")
    options = legal(s, "encamp")
    assert "encamp 5 figure_tablet" in options and "encamp 5 tablet_figure" in options and len(options) == 12
    assert "no open building slot" in refused(s, "encamp 1 figure_tablet")
    assert "no Keeper warrior in clearing 9" in refused(s, "encamp 9 figure_tablet")
    s = play(s, "encamp 5 tablet_figure")
    assert count(s, 5, "keepers", "warrior") == 1 and count(s, 5, "keepers", "tablet_figure") == 1
    assert s.seats[K].supply.get("figure_tablet") == 0
    assert "encamped in clearing 5 already" in refused(s, "encamp 5 jewelry_figure")
    check(s)


def test_15_4_1_with_nothing_in_any_clearing_a_waystation_and_a_warrior_go_to_the_map_edge() -> None:
    """15.4.1: with no warrior and no waystation in any clearing, both are placed in a clearing on the map edge."""
    s = table()
    s = goto(s, K, "keepers.encamp")
    sites = sorted({int(a.split()[1]) for a in legal(s, "encamp")})
    assert sites == [1, 2, 3, 4, 5, 6, 7, 8, 9]  # the map-edge loop 1-5-2-6-3-7-8-4-9 (all have an open slot)
    assert "map edge" in refused(s, "encamp 12 figure_tablet")
    s = play(s, "encamp 8 jewelry_tablet")
    assert count(s, 8, "keepers", "warrior") == 1 and count(s, 8, "keepers", "jewelry_tablet") == 1
    assert legal(s, "encamp") == []


def test_15_4_2_decamp_replaces_a_waystation_with_a_warrior_and_waystations_flipped() -> None:
    """15.4.2: once per clearing a waystation becomes a warrior; back on the board, it may go out on its other side
    (scenario: waystations flipped)."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")
    put(s, 5, "keepers", "tablet_jewelry")
    put(s, 5, "keepers", "warrior")
    put(s, 8, "keepers", "jewelry_figure")
    s = goto(s, K, "keepers.encamp")  # nowhere to encamp (no open slot where a warrior is): on to decamping
    assert step(s) == (K, "keepers.decamp")
    assert legal(s, "decamp") == ["decamp 5 figure_tablet", "decamp 5 tablet_jewelry", "decamp 8 jewelry_figure"]
    assert "no tablet_figure waystation" in refused(s, "decamp 5 tablet_figure")
    s = play(s, "decamp 5 figure_tablet")
    assert count(s, 5, "keepers", "warrior") == 2 and s.seats[K].supply["figure_tablet"] == 1
    assert "decamped in clearing 5 already" in refused(s, "decamp 5 tablet_jewelry")
    s = goto(s, K, "keepers.encamp")
    assert "figure_tablet or tablet_figure" in refused(s, "encamp 5 jewelry_figure")
    s = play(s, "encamp 5 tablet_figure")  # the same waystation, flipped: tablets now
    assert sorted(kb.stations_at(s, 5)) == ["tablet_figure", "tablet_jewelry"]
    assert relics.ruled_of_suit(s, K, 5) >= 1
    check(s)


def test_15_4_3_recruit_spends_a_card_for_two_warriors_at_a_matching_waystation() -> None:
    """15.4.3: any number of times, a card of the waystation's clearing suit (birds wild) for two warriors there."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")  # rabbit
    put(s, 1, "keepers", "tablet_jewelry")  # fox
    set_hand(s, K, "anvil", "birdy-bindle", "bake-sale")
    s = goto(s, K, "keepers.recruit")
    assert sorted(legal(s, "recruit")) == [
        "recruit anvil 1", "recruit bake-sale 5", "recruit birdy-bindle 1", "recruit birdy-bindle 5",
    ]
    assert "does not match clearing 5" in refused(s, "recruit anvil 5")
    assert "only at a waystation" in refused(s, "recruit anvil 8")
    s = play(s, "recruit bake-sale 5", "recruit birdy-bindle 5")
    assert count(s, 5, "keepers", "warrior") == 4 and hand_keys(s, K) == ["anvil"]


# --- 15.5 Daylight ----------------------------------------------------------------------------------------------------


def test_15_2_3_crafting_activates_waystations_of_any_kind() -> None:
    """15.2.3, 15.5.1: waystations are the crafting pieces, each of its clearing's suit, whatever relic it shows."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")
    put(s, 10, "keepers", "jewelry_figure")
    set_hand(s, K, "bake-sale")  # rabbit, rabbit
    s = goto(s, K, "keepers.craft")
    assert registry.of(s, K).crafting_suits(s, K) == ["rabbit", "rabbit"]
    assert "craft bake-sale" in legal(s)


def test_15_5_2_1_the_move_column_moves_from_a_clearing_of_each_cards_suit() -> None:
    """15.5.2.1: for each card of the Move column, a move from a clearing of its suit (a Faithful Retainer: any)."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)  # rabbit
    put(s, 1, "keepers", "warrior")  # fox
    set_retinue(s, move=["anvil"])  # fox
    s = goto(s, K, "keepers.move")
    assert {a.split()[1].split(">")[0] for a in legal(s, "move")} == {"1"}
    assert "clearing 5 is rabbit" in refused(s, "move 5>1 x1")
    s = play(s, "move 1>5 x1 fox")
    assert count(s, 5, "keepers", "warrior") == 3
    assert step(s) != (K, "keepers.move")  # the only card acted: on to the next column
    assert kb.retinue(s, K)["move"] == card_ids("anvil")[:1]  # the card stays in the Retinue


def test_15_2_4_devout_knights_carry_one_relic_per_warrior_moved() -> None:
    """15.2.4: moving between clearings, one relic may go along with each Keeper warrior moved."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    lay(s, 5, "figure3")
    lay(s, 5, "tablet1")
    lay(s, 5, "jewelry2")
    set_retinue(s, move=["retainer"])
    s = goto(s, K, "keepers.move")
    s = play(s, "move 5>2 x2 bird")
    assert rules.to_act(s) == K and sorted(legal(s)) == ["carry figure3", "carry jewelry2", "carry tablet1", "pass"]
    assert "no figure2 relic in clearing 5" in refused(s, "carry figure2")
    s = play(s, "carry figure3", "carry tablet1")
    assert relics_in(s, 2) == {"figure3": 1, "tablet1": 1} and relics_in(s, 5) == {"jewelry2": 1}
    assert not s.pending  # two warriors, two relics
    check(s)


def test_15_2_4_devout_knights_ignore_the_first_hit_with_a_relic_and_a_warrior() -> None:
    """15.2.4: in battle where a relic and a Keeper warrior are, the first hit the Keepers take is ignored."""
    s = table()
    put(s, 5, "keepers", "warrior", 2)
    lay(s, 5, "figure1")
    put(s, 5, "marquise", "warrior", 3)
    s = goto(s, M, "marquise.actions")
    s, events = play_events(force_dice(s, 2, 0), "battle 5 keepers")
    assert "Devout Knights" in public_text(events)
    s = settle(s)
    assert count(s, 5, "keepers", "warrior") == 1  # two hits, one ignored
    s2 = table()
    put(s2, 5, "keepers", "warrior", 2)
    put(s2, 5, "marquise", "warrior", 3)
    s2 = settle(play(force_dice(goto(s2, M, "marquise.actions"), 2, 0), "battle 5 keepers"))
    assert count(s2, 5, "keepers", "warrior") == 0  # no relic: both hits taken


def test_15_2_4_devout_knights_ignore_one_hit_of_an_ambush_only() -> None:
    """15.2.4: ambushed, the Keepers ignore one of the ambush's hits and no further hit."""
    s = table()
    put(s, 5, "keepers", "warrior", 3)
    lay(s, 5, "tablet2")
    put(s, 5, "eyrie", "warrior", 2)
    set_retinue(s, delve=["retainer"])
    set_hand(s, E, "ambush-rabbit")
    s = goto(s, K, "keepers.delve")
    s = play(force_dice(s, 3, 0), "delve 5 eyrie retainer", "ambush ambush-rabbit")
    s = settle(s)
    # the ambush's two hits: one ignored; the roll's: Eyrie deals 0 after the ambush (3, 0)
    assert count(s, 5, "keepers", "warrior") == 2


def test_15_5_2_2_battle_then_delve_must_battle_an_enemy_there() -> None:
    """15.5.2.2: in a clearing of the card's suit, a battle is owed if anyone there can be battled; delving then
    needs rule and a Keeper warrior."""
    s = table()
    put(s, 5, "keepers", "warrior", 3)
    put(s, 5, "marquise", "warrior")
    lay(s, "A", "figure")
    set_retinue(s, delve=["bake-sale"])  # rabbit
    s = goto(s, K, "keepers.delve")
    assert legal(s, "delve") == ["delve 5 marquise bake-sale"]  # no delve without the battle
    assert "no Keeper warrior in clearing 10" in refused(s, "delve 10 bake-sale")
    put(s, 5, "eyrie", "warrior")
    assert "could mean several things" in refused(s, "delve 5 bake-sale")  # which enemy to battle is asked
    s.clearings[4]["eyrie:warrior"] = 0
    del s.clearings[4]["eyrie:warrior"]
    s.seats[E].supply["warrior"] += 1
    s = play(force_dice(s, 2, 0), "delve 5 bake-sale")  # the one enemy there is battled
    s = settle_battle(s)
    assert s.pending and s.pending[0]["what"] == "delve"
    assert sorted(legal(s)) == ["pass", "relic fA figure"]


def settle_battle(s: GameState) -> GameState:
    """Answer the battle's decisions (not the delve's)."""
    while s.pending and s.pending[0].get("what") not in ("delve", "trophy", "carry"):
        s = play(s, legal(s)[0])
    return s


def test_15_5_2_2_scenario_delving_a_relic_from_a_forest() -> None:
    """15.5.2.2 step 1 (scenario: delving a relic from a forest): the relic is turned face up (its value shown to
    all) and brought into the clearing; step 2: with as many ruled clearings around the forest as its value, the
    card stays."""
    s = table()
    put(s, 1, "keepers", "warrior", 2)  # fox; forests A and B
    for cid in (2, 5, 10):
        put(s, cid, "keepers", "warrior")
    lay(s, "A", "tablet")
    turned(s, "tablet", 3, 1, 2, 3)
    set_retinue(s, delve=["retainer"])
    s = goto(s, K, "keepers.delve")
    s, events = play_events(s, "delve 1 retainer", "relic fA tablet")
    assert "turns up a tablet worth 3 in forest A" in public_text(events)
    assert relics_in(s, 1) == {"tablet3": 1} and relics_in(s, "A") == {}
    assert kb.hidden_values(s, K)["tablet"] == [1, 2, 3]
    assert kb.retinue(s, K)["delve"] == [kb.RETAINER]  # rules 1, 2, 5, 10: four around A, value 3
    check(s)


def test_15_5_2_2_scenario_a_retinue_card_that_fails() -> None:
    """15.5.2.2 step 2 (scenario: a Retinue card that fails): ruling fewer clearings around the forest than the
    relic's value, the card is discarded (a Faithful Retainer leaves the game)."""
    s = table()
    put(s, 1, "keepers", "warrior", 2)
    lay(s, "B", "jewelry")
    lay(s, "A", "figure3")  # face up already: taken as it is
    turned(s, "jewelry", 2, 1, 3, 3)
    set_retinue(s, delve=["retainer", "anvil"])
    s = goto(s, K, "keepers.delve")
    s, events = play_events(s, "delve 1 anvil", "relic fB jewelry")
    assert "fewer than the value 2" in public_text(events)
    assert card_ids("anvil")[0] in s.discard and kb.retinue(s, K)["delve"] == [kb.RETAINER]
    s = play(s, "delve 1 retainer", "relic fA figure3")  # rules only 1 around A
    assert kb.retinue(s, K)["delve"] == [] and kb.info(s, K)["retired"] == 1
    assert "Faithful Retainers gone: 1" in registry.of(s, K).panel(s, K)
    check(s)


def test_15_5_2_2_no_delve_without_rule_after_the_battle() -> None:
    """15.5.2.2: after the battle, a delve needs the Keepers to rule the clearing."""
    s = table()
    put(s, 5, "keepers", "warrior")
    put(s, 5, "marquise", "warrior", 3)
    lay(s, "A", "figure")
    set_retinue(s, delve=["retainer"])
    s = goto(s, K, "keepers.delve")
    s, events = play_events(force_dice(s, 0, 0), "delve 5 marquise retainer")
    s = settle_battle(s)
    assert not s.pending and "cannot delve in clearing 5" in public_text(events) + public_text(s.events)


def test_15_5_2_3_recover_scores_the_value_and_goes_on_while_the_rule_holds() -> None:
    """15.5.2.3: a relic of a waystation's kind is taken to the Relics spaces and scores its value; with as many ruled
    clearings of that suit as its value, another may be recovered with the same card."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")  # rabbit; shows figures
    put(s, 5, "keepers", "warrior")
    for cid in (3, 4):  # rabbit clearings ruled: 3, 4, 5
        put(s, cid, "keepers", "warrior")
    lay(s, 5, "figure3")
    lay(s, 5, "figure1")
    lay(s, 5, "tablet2")  # no tablet waystation here
    set_retinue(s, recover=["bake-sale"])
    s = goto(s, K, "keepers.recover")
    assert sorted(legal(s, "recover")) == ["recover 5 figure1 bake-sale", "recover 5 figure3 bake-sale"]
    assert "only at a tablet waystation" in refused(s, "recover 5 tablet2 bake-sale")
    s = play(s, "recover 5 figure3 bake-sale")
    assert s.seats[K].points == 3 and kb.recovered(s, K) == {"keepers:figure3": 1}
    assert legal(s, "recover") == ["recover 5 figure1 bake-sale"]  # the Recover goes on
    s = play(s, "recover 5 figure1 bake-sale")
    assert s.seats[K].points == 4 and kb.retinue(s, K)["recover"] == card_ids("bake-sale")[:1]
    check(s)


def test_15_5_2_3_scenario_recovering_a_full_set() -> None:
    """15.5.2.3 step 2 (scenario: recovering a full set): filling a Relics column with one relic of each kind
    scores two more; a relic worth more than the ruled clearings of its suit ends the Recover and costs the card."""
    s = table()
    put(s, 5, "keepers", "jewelry_figure")  # rabbit, shows jewelry
    put(s, 5, "keepers", "warrior")
    seat_area = s.seats[K].areas.setdefault(kb.RELICS_AREA, {})
    s.seats[K].supply["figure"] -= 1
    s.seats[K].supply["tablet"] -= 1
    seat_area.update({"keepers:figure2": 1, "keepers:tablet1": 1})
    lay(s, 5, "jewelry3")
    set_retinue(s, recover=["retainer"])
    s = goto(s, K, "keepers.recover")
    s, events = play_events(s, "recover 5 jewelry3 retainer")
    text = public_text(events)
    assert "scores 3 points (recovering a jewelry worth 3)" in text
    assert "scores 2 points (Relics column 1 filled" in text
    assert s.seats[K].points == 5 and kb.columns_filled(s, K) == 1
    assert "fewer than the value 3" in text and kb.info(s, K)["retired"] == 1  # one rabbit clearing ruled
    check(s)


def test_15_5_2_the_columns_act_left_to_right_and_a_card_not_used_stays() -> None:
    """15.5.2: Move, then Battle then Delve, then Move or Recover; a card may go unused (it stays)."""
    s = table()
    put(s, 5, "keepers", "warrior")
    set_retinue(s, move=["retainer"], delve=["retainer"], recover=["retainer"])
    s = goto(s, K, "keepers.move")
    assert "the Retinue acts left to right" in refused(s, "delve 5 retainer")
    s = play(s, "end")
    assert step(s)[1] in ("keepers.recover", "evening.start", "keepers.live", "keepers.gather")
    assert kb.retinue(s, K) == {c: [kb.RETAINER] for c in kb.COLUMNS}


# --- 15.6 Evening ----------------------------------------------------------------------------------------------------


def test_15_6_1_live_off_the_land() -> None:
    """15.6.1: a Keeper warrior is removed from each clearing with four or more."""
    s = table()
    put(s, 5, "keepers", "warrior", 4)
    put(s, 1, "keepers", "warrior", 3)
    put(s, 8, "keepers", "warrior", 6)
    s = goto(s, K, "keepers.live")
    assert [count(s, c, "keepers", "warrior") for c in (5, 1, 8)] == [3, 3, 5]


def test_15_6_2_gather_the_retinue_add_cards_or_shift_one() -> None:
    """15.6.2: any number of cards from the hand to any columns, or one card shifted; ten cards at most."""
    s = table()
    set_hand(s, K, "anvil", "bake-sale")
    s = goto(s, K, "keepers.gather")
    assert "shift retainer move delve" in legal(s, "shift")
    s = play(s, "retinue anvil delve")
    assert legal(s, "shift") == [] and "added cards" in refused(s, "shift retainer move delve")
    s = play(s, "retinue bake-sale recover")
    assert kb.retinue_size(s, K) == 5 and not {"anvil", "bake-sale"} & set(hand_keys(s, K))
    give(s, K, "sappers")
    s = goto(s, K, "keepers.gather")
    s = play(s, "shift anvil move")
    assert card_ids("anvil")[0] in kb.retinue(s, K)["move"]
    assert step(s)[0] != K  # one shift, and nothing more: the Evening goes on to the draw and the next turn
    assert "sappers" in hand_keys(s, K)


def test_15_6_2_the_retinue_holds_ten_cards() -> None:
    """15.6.2: no card is added to a Retinue of ten."""
    s = table()
    set_retinue(s, move=["retainer", "anvil", "sappers"], delve=["retainer", "bake-sale", "armorers"],
                recover=["retainer", "birdy-bindle", "woodland-runners", "root-tea-fox"])
    set_hand(s, K, "cobbler")
    s = goto(s, K, "keepers.gather")
    assert legal(s, "retinue") == [] and "10 cards at most" in refused(s, "retinue cobbler move")


def test_15_6_3_draw_one_plus_one_per_waystation() -> None:
    """15.6.3: one card, plus one per waystation on the map."""
    s = table()
    put(s, 5, "keepers", "figure_tablet")
    put(s, 1, "keepers", "tablet_jewelry")
    assert registry.of(s, K).draw_bonus(s, K) == 2
    s = goto(s, K, "evening.draw")
    assert len(s.seats[K].hand) == 3


# --- 15.2.5 Prized Trophies ------------------------------------------------------------------------------------------


def test_15_2_5_an_enemy_removing_a_relic_scores_two_and_places_it_in_a_forest_face_up() -> None:
    """15.2.5: the remover scores the token's point and one more, and places the relic, face up, in any forest."""
    s = table()
    lay(s, 5, "figure2")
    put(s, 5, "marquise", "warrior", 2)
    s = goto(s, M, "marquise.actions")
    s = play(force_dice(s, 2, 0), "battle 5 keepers")
    s = settle_battle(s)
    assert s.seats[M].points == 2
    assert rules.to_act(s) == M and s.pending[0]["what"] == "trophy" and len(legal(s)) == len(s.board.forests)
    s = play(s, "trophy fG")
    assert relics_in(s, "G") == {"figure2": 1} and relics_in(s, 5) == {}
    assert kb.TROPHIES_AREA not in s.seats[K].areas
    check(s)


def test_15_2_5_a_favor_removing_relics_asks_for_each_one() -> None:
    """15.2.5 with a Favor card: every relic removed is placed by the crafter, two points each."""
    s = table()
    lay(s, 1, "tablet1")
    lay(s, 12, "jewelry3")
    put(s, 1, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-foxes")
    put(s, 8, "marquise", "workshop", 2)
    s = goto(s, M, "marquise.craft")
    s = play(s, "craft favor-of-the-foxes")
    assert [d["what"] for d in s.pending] == ["trophy", "trophy"] and s.seats[M].points == 4
    s = play(s, "trophy fA", "trophy fB")
    assert relics_in(s, "A") == {"tablet1": 1} and relics_in(s, "B") == {"jewelry3": 1}


# --- hidden information ----------------------------------------------------------------------------------------------


def test_face_down_values_are_hidden_and_dealt_again_as_the_table_could_imagine() -> None:
    """15.2.1: a face-down relic's value is in no public output; the re-deal shuffles each kind's face-down values
    among themselves and leaves every face-up relic as it is."""
    s = new_table(FACTIONS)
    places = [p for p in hidden_places(s) if p.deck.startswith("keepers:")]
    assert sorted(p.deck for p in places) == ["keepers:figure", "keepers:jewelry", "keepers:tablet"]
    assert all(p.owner is None for p in places)
    again, own = redeal(s, 99), redeal(s, 99, keep=K)
    assert {n: sorted(v) for n, v in kb.hidden_values(again, K).items()} == {
        n: sorted(v) for n, v in kb.hidden_values(s, K).items()
    }
    assert kb.hidden_values(own, K) != kb.hidden_values(s, K)  # the Keepers cannot look at them either
    assert again.forests == s.forests
    assert rules.view_for(own, K) == rules.view_for(s, K) and rules.view_for(again, None) == rules.view_for(s, None)


# --- refusals --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "text", "why"),
    [
        ("keepers.gather", "encamp 5 figure_tablet", "encamp first in Birdsong"),
        ("keepers.gather", "decamp 5 figure_tablet", "decamp in Birdsong"),
        ("keepers.gather", "recruit anvil 5", "recruit in Birdsong"),
        ("keepers.gather", "delve 5 retainer", "Battle then Delve"),
        ("keepers.gather", "recover 5 figure3 retainer", "Move or Recover"),
        ("keepers.gather", "move 5>1 x1", "Move or Recover"),
        ("keepers.gather", "relic fA figure", "after choosing a clearing"),
        ("keepers.gather", "carry figure3", "right after a move"),
        ("keepers.gather", "trophy fA", "whoever removed it"),
        ("keepers.gather", "battle 5 marquise", "Battle then Delve card"),
        ("keepers.encamp", "retinue anvil move", "gathered in Evening"),
        ("keepers.encamp", "shift retainer move delve", "gathered in Evening"),
        ("keepers.encamp", "craft anvil", "craft in Daylight"),
    ],
)
def test_15_a_verb_out_of_its_moment_is_refused_with_the_state_unchanged(moment: str, text: str, why: str) -> None:
    s = table()
    put(s, 5, "keepers", "warrior")
    put(s, 8, "keepers", "warrior")
    put(s, 5, "marquise", "warrior")
    set_hand(s, K, "anvil")
    s = goto(s, K, moment)
    assert step(s) == (K, moment)
    assert why in refused(s, text)
