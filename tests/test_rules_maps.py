"""The Lake and Mountain maps (Law of Root, appendix M: section 25) on literal states: the data as the Law reads it,
the Ferry (25.3), closed paths (25.4.2, 25.4.3), the Pass and its Tower (25.4.4), and the maps' setup."""

from __future__ import annotations

import pytest
from rules_helpers import (
    blank_table,
    check,
    give,
    goto,
    hand_keys,
    legal,
    play,
    play_events,
    public_text,
    put,
    to_area,
)

import rules
from rules import registry
from rules.board import MAPS, load_board
from rules.errors import IllegalActionError, RulesError

M, E = 0, 1


def _lake(*factions: str) -> rules.GameState:
    return blank_table(factions or ("marquise", "eyrie"), options={"board": "lake"})


def _mountain(*factions: str) -> rules.GameState:
    return blank_table(factions or ("marquise", "eyrie"), options={"board": "mountain"})


def _refusal(state: rules.GameState, text: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        play(state, text)
    return str(err.value)


def _links_by_paths(board: rules.board.Board, dividers: frozenset[tuple[int, int]]) -> set[tuple[str, str]]:
    """Pairs of forests one divider (a path, a closed path, a dividing river) separates."""
    found = set()
    for a, fa in board.forests.items():
        for b, fb in board.forests.items():
            shared = fa.clearings & fb.clearings
            if a < b and any(set(d) <= shared for d in dividers):
                found.add((a, b))
    return found


# --- the data (25.1, 25.2 as a check of the method; 25.3, 25.4) ---------------------------------------------


def test_forest_links_are_the_forests_one_path_separates_on_every_map():
    """Glossary 'Adjacent', 25.2 (the Winter river divides forests), 25.3.4 (the lake: coastal neighbours only),
    25.4.2 (closed paths divide forests as paths do): the links in each map's data follow from its paths."""
    autumn, winter = load_board("autumn"), load_board("winter")
    assert _links_by_paths(autumn, autumn.paths) == set(autumn.forest_links)
    assert _links_by_paths(winter, winter.paths | winter.rivers) == set(winter.forest_links)
    mountain = load_board("mountain")
    assert _links_by_paths(mountain, mountain.paths | mountain.closed_paths) == set(mountain.forest_links)
    lake = load_board("lake")
    by_paths = _links_by_paths(lake, lake.paths)
    coastal = {("L3", "L6"), ("L3", "L7"), ("L6", "L9"), ("L7", "L9")}
    assert set(lake.forest_links) == by_paths | coastal


def test_the_lake_links_each_coastal_clearing_to_every_other_as_rivers():
    """25.3.2 and 25.3.3: clearings 1, 10, 11 and 12 touch the lake; the lake is a river between each two of them."""
    lake = load_board("lake")
    assert lake.coastal == {1, 10, 11, 12}
    assert lake.rivers == {(1, 10), (1, 11), (1, 12), (10, 11), (10, 12), (11, 12)}
    assert not any(lake.adjacent(a, b) for a, b in lake.rivers)  # rivers are not paths (Law 2.3)
    assert lake.printed_rivers == frozenset()


def test_each_coastal_forest_is_adjacent_to_its_two_neighbours_and_the_lake_divides_the_others():
    """25.3.4: the four coastal forests (L3, L6, L7, L9) form a ring around the lake; across it they are apart."""
    lake = load_board("lake")
    coastal = ["L3", "L6", "L7", "L9"]
    for fid in coastal:
        assert len(set(lake.forest_neighbours(fid)) & set(coastal)) == 2, fid
    assert "L9" not in lake.forest_neighbours("L3") and "L7" not in lake.forest_neighbours("L6")


def test_closed_paths_join_no_clearings_and_removing_one_makes_it_a_path():
    """25.4.2: clearings joined by a closed path are not adjacent; 25.4.3: once removed, it is a path."""
    mountain = load_board("mountain")
    assert mountain.closed_paths == {(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)}
    assert not mountain.adjacent(5, 9) and not mountain.adjacent(11, 12)
    assert "M3" in mountain.forest_neighbours("M2")  # 5-9 divides M2 and M3
    opened = load_board("mountain", ("5-9",))
    assert opened.adjacent(5, 9) and (5, 9) not in opened.closed_paths and len(opened.closed_paths) == 5


def test_every_enclosed_area_of_the_mountain_is_a_forest():
    """25.4.5: twelve forests; every path, open or closed, borders one forest on the map's edge or two inside."""
    mountain = load_board("mountain")
    assert len(mountain.forests) == 12
    for a, b in mountain.paths | mountain.closed_paths:
        bordering = [f for f in mountain.forests.values() if {a, b} <= f.clearings]
        assert len(bordering) in (1, 2), (a, b)


def test_maps_place_their_landmarks_and_the_lake_map_is_not_joined():
    """25.3.1: the Ferry in the corner clearing on the lake; 25.4.1: the Tower on the Pass (10); variant maps
    are played alone."""
    lake, mountain = load_board("lake"), load_board("mountain")
    assert lake.landmark("ferry") == 1 and 1 in lake.corners() and 1 in lake.coastal
    assert [c for c in lake.corners() if c in lake.coastal] == [1]
    assert mountain.landmark("tower") == 10 and mountain.landmark("ferry") is None
    with pytest.raises(ValueError, match="played alone"):
        load_board("lake+autumn")
    assert set(MAPS) >= {"autumn", "winter", "lake", "mountain"}


# --- setup (appendix A, step 1; 25.3.1; 25.4.1) -------------------------------------------------------------


@pytest.mark.parametrize("board", ["lake", "mountain"])
def test_a_variant_map_deals_the_twelve_suit_markers(board):
    """Advanced Setup step 1: the suit markers, four of each suit, shuffled onto the clearings."""
    suits = [rules.new_game({"factions": ["marquise", "eyrie"], "board": board}, seed).suits for seed in (1, 2)]
    assert all(sorted(s) == sorted(["fox", "mouse", "rabbit"] * 4) for s in suits)
    assert suits[0] != suits[1]


def test_the_ferry_starts_in_its_corner_and_the_state_keeps_only_what_moves():
    """25.3.1: the Ferry in clearing 1; an Autumn game's saved state has no landmarks at all (older games unchanged)."""
    assert rules.new_game({"factions": ["marquise", "eyrie"], "board": "lake"}, 1).landmarks == {"ferry": 1}
    autumn = rules.new_game({"factions": ["marquise", "eyrie"]}, 1)
    assert "landmarks" not in autumn.to_json()
    mountain = rules.new_game({"factions": ["marquise", "eyrie"], "board": "mountain"}, 1)
    assert "landmarks" not in mountain.to_json() and mountain.board.landmark("tower") == 10


@pytest.mark.parametrize("board", ["lake", "mountain"])
@pytest.mark.parametrize("faction", [f for f in registry.playable_ids() if f not in ("marquise", "eyrie")])
def test_every_faction_sets_up_on_the_variant_maps(board, faction):
    """Corner factions find corners on each map (the Marquise keep, the Eyrie opposite, then the faction)."""
    state = rules.new_game({"factions": ["marquise", "eyrie", faction], "board": board, "first_player": 0}, 3)
    while state.turn.phase == "setup" and state.pending:
        state = play(state, legal(state)[0])
    assert state.turn.phase != "setup" and not rules.problems(state)


def test_the_3x3_mode_is_played_on_autumn_and_winter_only():
    """The 3x3 mode's home maps and bridges are Autumn's and Winter's: another map is refused (docs/rulings.md)."""
    factions = ["marquise", "eyrie", "vagabond", "tinker", "spinners", "alliance"]
    teams = dict(zip(factions, "AAABBB", strict=True))
    with pytest.raises(RulesError, match="Autumn and Winter"):
        rules.new_game({"mode": "frontier", "board": "mountain", "factions": factions, "teams": teams}, 1)
    assert rules.new_game({"mode": "frontier", "factions": factions, "teams": teams}, 1).board_id == "autumn+winter"


# --- the Ferry (25.3.5) -----------------------------------------------------------------------------------


def _marquise_at_ferry(warriors: int = 3) -> rules.GameState:
    state = _lake()
    put(state, 1, "marquise", "warrior", warriors)
    put(state, 1, "marquise", "sawmill")
    return goto(check(state), M, "marquise.actions")


def test_the_ferry_carries_a_move_to_any_other_coastal_clearing_and_the_mover_draws():
    """25.3.5: from the Ferry's clearing to another coastal clearing, paths ignored; the Ferry goes along; the
    moving player draws a card."""
    state = _marquise_at_ferry()
    assert {"ferry 1>10 x2", "ferry 1>11 x2", "ferry 1>12 x3"} <= set(legal(state, "ferry"))
    assert "move 1>10 x2" not in legal(state, "move")  # only the Ferry reaches across the lake
    before = len(state.seats[M].hand)
    after, events = play_events(state, "ferry 1>10 x2")
    assert after.landmarks["ferry"] == 10
    assert after.clearings[9]["marquise:warrior"] == 2 and after.clearings[0]["marquise:warrior"] == 1
    assert len(after.seats[M].hand) == before + 1
    assert "The Ferry sails from clearing 1 to clearing 10." in public_text(events)
    check(after)


def test_the_ferry_carries_one_move_a_turn():
    """25.3.5: once per turn, even though the Ferry now waits in the clearing the pieces moved to."""
    state = play(_marquise_at_ferry(), "ferry 1>10 x2")
    assert legal(state, "ferry") == []
    assert "already carried a move this turn" in _refusal(state, "ferry 10>11 x1")


def test_the_ferry_keeps_the_rule_to_rule_either_end():
    """25.3.5: you still must rule the origin or the destination to use the Ferry."""
    state = _lake()
    put(state, 1, "marquise", "warrior", 1)
    put(state, 1, "eyrie", "warrior", 2)
    put(state, 11, "eyrie", "warrior", 1)
    put(state, 11, "eyrie", "roost")
    put(state, 12, "marquise", "sawmill")
    state = goto(check(state), M, "marquise.actions")
    assert legal(state, "ferry") == ["ferry 1>12 x1"]  # the Marquise rules 12 (her sawmill), no other end
    assert "rule neither clearing 1 nor clearing 11" in _refusal(state, "ferry 1>11 x1")
    assert "rule neither clearing 1 nor clearing 10" in _refusal(state, "ferry 1>10 x1")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("ferry 5>11 x1", "the Ferry is in clearing 1, not clearing 5"),
        ("ferry 1>9 x1", "clearing 9 is not on the lake; the Ferry sails to coastal clearings: 10, 11, 12"),
        ("move 1>10 x1", "the Ferry can carry the move: ferry 1>10"),
    ],
)
def test_a_ferry_that_cannot_sail_is_refused_with_its_reason(text, says):
    """25.3.5: only from the Ferry's clearing, only to a coastal clearing; a plain move does not cross the lake."""
    state = _marquise_at_ferry()
    put(state, 5, "marquise", "warrior", 1)
    assert says in _refusal(check(state), text)


def test_the_ferry_is_not_on_other_maps():
    """25.3: the Ferry belongs to the Lake map."""
    state = blank_table(("marquise", "eyrie"))
    put(state, 1, "marquise", "warrior", 1)
    state = goto(check(state), M, "marquise.actions")
    assert "there is no Ferry on this map" in _refusal(state, "ferry 1>3 x1")


def test_swimmers_cross_the_lake_without_the_ferry_and_may_take_it_when_they_rule_an_end():
    """11.2.2 with 25.3.2: the lake is a river the Riverfolk swim, ignoring rule, and without drawing; the Ferry is
    the other way across, which keeps the rule to rule an end (25.3.5's note on Swimmers)."""
    state = _lake("marquise", "eyrie", "riverfolk")
    put(state, 1, "riverfolk", "warrior", 1)
    put(state, 1, "marquise", "warrior", 2)
    put(state, 10, "marquise", "warrior", 2)
    put(state, 12, "riverfolk", "warrior", 1)  # the Company rules 12, not 1, 10 or 11
    state.seats[2].supply["warrior"] -= 2
    state.seats[2].areas["funds"] = {"riverfolk:warrior": 2}  # two funds to commit (11.5)
    state = goto(check(state), 2, "riverfolk.daylight")
    swim = [a for a in legal(state) if a.startswith("move 1>")]
    assert {"move 1>10 x1", "move 1>11 x1", "move 1>12 x1"} <= set(swim)
    assert legal(state, "ferry") == ["ferry 1>12 x1"]
    hand = len(state.seats[2].hand)
    swum = play(state, "move 1>10 x1")
    assert swum.landmarks["ferry"] == 1 and len(swum.seats[2].hand) == hand
    ferried = play(state, "ferry 1>12 x1")
    assert ferried.landmarks["ferry"] == 12 and len(ferried.seats[2].hand) == hand + 1


def test_the_vagabond_ferries_his_pawn_and_draws():
    """25.3.5 with 9.2.3: the Vagabond moves regardless of rule, by the Ferry too, exhausting boots as usual."""
    state = _lake("marquise", "vagabond")
    forest = next(f for f, here in state.forests.items() if here.get("vagabond:pawn"))
    rules.map_pieces.shift(state, "vagabond:pawn", forest, 1, 1)
    put(state, 1, "marquise", "warrior", 2)
    state = goto(check(state), 1, "vagabond.daylight")
    assert legal(state, "ferry") == ["ferry 1>10 x1", "ferry 1>11 x1", "ferry 1>12 x1"]
    hand = len(state.seats[1].hand)
    after = play(state, "ferry 1>11 x1")
    assert after.clearings[10].get("vagabond:pawn") == 1 and after.landmarks["ferry"] == 11
    assert len(after.seats[1].hand) == hand + 1 and check(after)


def test_a_vagabond_leading_allied_warriors_across_the_lake_makes_both_players_draw():
    """25.3.5 and the FAQ: the Vagabond may move Allied warriors with the Ferry; each player whose pieces moved
    draws."""
    from rules.factions.vagabond import board as vb

    state = _lake("marquise", "vagabond")
    forest = next(f for f, here in state.forests.items() if here.get("vagabond:pawn"))
    rules.map_pieces.shift(state, "vagabond:pawn", forest, 1, 1)
    put(state, 1, "marquise", "warrior", 2)
    put(state, 10, "marquise", "sawmill")
    state.seats[1].data_as(vb.VagabondData)["relations"]["marquise"] = vb.ALLIED
    state = goto(check(state), 1, "vagabond.daylight")
    assert "lead 1>10 x2 marquise" in legal(state, "lead")
    hands = [len(s.hand) for s in state.seats]
    after = play(state, "lead 1>10 x2 marquise")
    assert after.landmarks["ferry"] == 10 and after.clearings[9].get("marquise:warrior") == 2
    assert [len(s.hand) for s in after.seats] == [hands[0] + 1, hands[1] + 1]
    check(after)


def test_a_crusade_reaching_a_clearing_by_river_and_by_ferry_is_offered_once():
    """25.3.5 with 10.4.1 and riverboats (11.2.7.2): the lake counts as paths for the Cult, and the Ferry reaches the
    same clearings; each Crusade is one choice, not two of the same name."""
    from rules.factions.lizards.choices import conspiracy_options

    state = _lake("marquise", "eyrie", "lizards")
    state.seats[2].data["outcast"], state.seats[2].data["hated"] = state.suits[0], False
    to_area(state, 2, "acolytes", "lizards", "warrior", 2)
    put(state, 1, "lizards", "warrior", 2)
    state = goto(check(state), 2, "lizards.conspire", rivers_as_paths=True)
    crusades = [a.notation() for a in conspiracy_options(state, 2, "crusade")]
    assert "crusade 1>11 x1" in crusades and len(crusades) == len(set(crusades))


def test_a_factions_own_kind_of_move_across_the_lake_takes_the_ferry():
    """25.3.5: any move from the Ferry's clearing may cross (the Lizard Cult's Crusade, the Tinker's, a warlord's
    lead); a plain move does only as a ferry, so a swim across the lake never takes it."""
    from rules.factions.lizards.actions import Crusade

    state = _lake()
    assert rules.movement.ferry_route(state, Crusade(1, 10, 1)) == (1, 10)
    assert rules.movement.ferry_route(state, Crusade(1, 5, 1)) is None  # a path joins 1 and 5
    assert rules.movement.ferry_route(state, rules.actions.Move(1, 10, 1)) is None
    assert rules.movement.ferry_route(state, rules.landmarks.Ferry(1, 10, 1)) == (1, 10)
    state.turn.flags["ferry_used"] = True
    assert rules.movement.ferry_route(state, Crusade(1, 10, 1)) is None


# --- closed paths (25.4.3) -----------------------------------------------------------------------------------


def _marquise_by_closed_path() -> rules.GameState:
    state = _mountain()
    put(state, 9, "marquise", "warrior", 2)
    give(state, M, "anvil", "sappers")
    return goto(check(state), M, "marquise.actions")


def test_a_closed_path_is_removed_for_a_card_and_a_point():
    """25.4.3: in Daylight, with pieces in either clearing, spend a card: the marker leaves for good, one point."""
    state = _marquise_by_closed_path()
    assert set(legal(state, "clear")) == {
        "clear 5>9 anvil",
        "clear 5>9 sappers",
        "clear 8>9 anvil",
        "clear 8>9 sappers",
    }
    points = state.seats[M].points
    after, events = play_events(state, "clear 9>5 anvil")  # named either way round
    assert after.landmarks["opened"] == ["5-9"] and after.board.adjacent(5, 9)
    assert after.seats[M].points == points + 1 and "anvil" not in hand_keys(after, M)
    assert any(rules.cards.card(c).key == "anvil" for c in after.discard)
    assert "remove the closed path between clearings 5 and 9" in public_text(events)
    assert "move 9>5 x1" in legal(after, "move")
    check(after)


def test_one_closed_path_a_turn_and_only_in_daylight():
    """25.4.3: once per turn, in the player's own Daylight."""
    state = play(_marquise_by_closed_path(), "clear 5>9 anvil")
    assert legal(state, "clear") == []
    assert "already removed a closed path this turn" in _refusal(state, "clear 8>9 sappers")
    birdsong = state.clone()
    birdsong.turn.flags, birdsong.turn.phase, birdsong.turn.step = {}, "birdsong", "birdsong.cards"  # a new turn
    assert legal(birdsong, "clear") == []
    assert "removed in your own Daylight" in _refusal(birdsong, "clear 8>9 sappers")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("clear 3>7 anvil", "you need a piece in clearing 3 or clearing 7"),
        ("clear 1>9 anvil", "the path between clearings 1 and 9 is open"),
        ("clear 1>2 anvil", "no path joins clearings 1 and 2"),
        ("clear 5>9 dominance-fox", "is not in your hand"),
    ],
)
def test_a_closed_path_that_cannot_be_removed_is_refused_with_its_reason(text, says):
    """25.4.3: pieces at an end are needed; only closed paths are removed; the card must be in hand."""
    assert says in _refusal(_marquise_by_closed_path(), text)


def test_closed_paths_are_not_on_other_maps():
    """25.4: closed paths belong to the Mountain map."""
    state = blank_table(("marquise", "eyrie"))
    put(state, 1, "marquise", "warrior", 1)
    give(state, M, "anvil")
    state = goto(check(state), M, "marquise.actions")
    assert "no closed paths on this map" in _refusal(state, "clear 1>5 anvil")


# --- the Pass and its Tower (25.4.4) -------------------------------------------------------------------------


def _evening_with_pass(marquise: int, eyrie: int) -> rules.GameState:
    state = _mountain()
    put(state, 10, "marquise", "warrior", marquise)
    put(state, 10, "eyrie", "warrior", eyrie)
    return goto(check(state), M, "evening.discard")


def test_ruling_the_pass_at_the_end_of_evening_scores_a_point():
    """25.4.4: at the end of a player's Evening, if that player rules the Pass, one point."""
    state = _evening_with_pass(2, 1)
    assert state.seats[M].points == 1
    assert state.turn.seat == E  # the turn passed on after the point


@pytest.mark.parametrize(("marquise", "eyrie"), [(1, 2), (1, 1), (0, 0)])
def test_not_ruling_the_pass_scores_nothing(marquise, eyrie):
    """25.4.4: a tie or another ruler: no point (the Eyrie win ties only in their own Evening, 7.2.2)."""
    assert _evening_with_pass(marquise, eyrie).seats[M].points == 0


# --- hidden information on the new maps ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "factions"), [("lake", ("marquise", "vagabond", "riverfolk")), ("mountain", ("eyrie", "alliance"))]
)
def test_the_maps_own_actions_tell_the_table_nothing_hidden(board, factions):
    """A Ferry's draw names the card only to its drawer; removing a closed path shows the card spent, as any spend:
    every public output stays the same when the hidden cards are dealt again (tests/test_hidden_information.py)."""
    import random

    from test_hidden_information import SAMPLE_EVERY, Tally, check_moment

    tally, chooser = Tally(), random.Random(5)
    state = rules.new_game({"factions": list(factions), "board": board}, 5)
    for n in range(150):
        seat = rules.to_act(state)
        if seat is None:
            break
        if n % SAMPLE_EVERY == 0:
            check_moment(tally, state, chooser, f"{board} v{state.version}")
        legal_now = rules.legal_actions(state, seat)
        mine = [a for a in legal_now if a.verb in ("ferry", "clear")]
        action = chooser.choice(mine if mine and chooser.random() < 0.5 else legal_now)
        state, _ = rules.engine.apply_unchecked(state, seat, action)
    assert tally.moments > 10 and not tally.leaks, tally.leaks[:5]


def test_a_removed_closed_path_joins_the_spores_network():
    """25.4.2, 25.4.3 with TS.2.4: a closed path joins no mycelium; once removed it is a path the network uses."""
    from rules.factions import spore

    state = _mountain("spore", "marquise")
    put(state, 5, "spore", "homeland")
    put(state, 5, "spore", "mycelium")
    put(state, 9, "spore", "mycelium")
    check(state)
    assert spore.network(state) == {5}
    state.landmarks["opened"] = ["5-9"]
    assert spore.network(state) == {5, 9}
