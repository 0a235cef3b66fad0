"""The Keepers in Iron (Law of Root 15) beside the fan factions and the 3x3 mode: the Spore's infection of Keeper
warriors and its overgrowth of relics (TS), the Spinners' First Response and Ward (SOM), the Old Man Tinker's drones,
robots and Old Man in the forests (OMT), the Vagabond in a forest, and the 3x3 team rules and bridges. Each reading
is in docs/rulings.md, "Keepers in Iron (Law of Root 15)".

Autumn map: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Forests: A (1, 2, 5, 10), B (1, 9, 10, 12),
C (2, 6, 10, 11, 12), D (4, 9, 12), E (4, 7, 8, 12), F (3, 7, 11, 12), G (3, 6, 11).
"""

from __future__ import annotations

from rules_helpers import check, count, emptied, force_dice, goto, legal, play, play_events, public_text, put, set_hand
from test_rules_keepers import lay, relics_in, set_retinue, settle_battle, turned
from test_rules_keepers import table as keepers_table
from test_rules_spinners_others import station, ward
from test_rules_tinker import old_man, robot
from vagabond_helpers import pawn_to

import rules
from rules.battle import start
from rules.cards import card
from rules.factions.corvids import plots
from rules.factions.keepers import board as kb
from rules.factions.tinker import board as tb
from rules.playout import play as playout
from rules.state import GameState

KEEPER = "keepers:warrior"


def seat(s: GameState, faction: str) -> int:
    found = s.seat_of(faction)
    assert found is not None
    return found


def bare(factions: tuple[str, ...]) -> GameState:
    """A game of these factions past setup: empty map, empty forests (the Tinker's pieces and the relics aside)."""
    s = keepers_table(factions)
    if "tinker" in factions:
        t = seat(s, "tinker")
        for robot_name in tb.ROBOTS:
            s.seats[t].supply[tb.FAMILY] += s.seats[t].areas.get(robot_name, {}).get(tb.GEAR, 0)
            s.seats[t].areas[robot_name] = {}
        for fid in list(s.forests):
            for piece, n in list(s.forests[fid].items()):
                if piece.startswith("tinker:"):
                    tb.to_supply(s, t, fid, piece, n)
    return check(s)


# --- the Spore (TS) ----------------------------------------------------------------------------------------------


def test_ts_2_4_infected_keeper_warriors_are_the_spores_for_every_keepers_rule() -> None:
    """TS.2.4 with 15.2.4, 15.4.1, 15.6.1: an infected Keeper warrior fights and counts for the Spore, so it neither
    keeps Devout Knights, nor is replaced by a waystation, nor lives off the land (ruling)."""
    s = bare(("marquise", "spore", "keepers"))
    k = seat(s, "keepers")
    put(s, 5, "keepers", "warrior", 4, controller="spore")
    lay(s, 5, "figure2")
    s = goto(s, k, "keepers.live")
    assert s.clearings[4].get("keepers:warrior:spore") == 4  # Live Off the Land counts Keeper warriors only
    s = goto(s, k, "keepers.encamp")
    sites = {int(a.split()[1]) for a in legal(s, "encamp")}
    assert sites == set(kb.edge_clearings(s.board_id))  # as with no warrior in any clearing
    put(s, 5, "marquise", "warrior", 2)
    s = goto(s, 0, "marquise.actions")
    s, events = play_events(force_dice(s, 2, 0), "battle 5 keepers")
    assert "Devout Knights" not in public_text(events)


def test_ts_2_3_mushrooms_overgrow_a_relic_carried_in_and_the_spore_places_it_scoring_nothing() -> None:
    """TS.2.3 with 15.2.5: a relic carried into a clearing of two mushrooms is removed at once, scoring nothing; as
    its remover, the Spore places it in a forest (ruling)."""
    s = bare(("marquise", "spore", "keepers"))
    k, sp = seat(s, "keepers"), seat(s, "spore")
    put(s, 2, "spore", "mushroom", 2)
    put(s, 5, "keepers", "warrior", 3)
    put(s, 2, "keepers", "warrior", 3)
    lay(s, 5, "jewelry1")
    set_retinue(s, move=["retainer"])
    s = goto(s, k, "keepers.move")
    s = play(s, "move 5>2 x1 bird", "carry jewelry1")
    assert relics_in(s, 2) == {} and s.seats[sp].points == 0
    assert rules.to_act(s) == sp and s.pending[0]["what"] == "trophy"
    s = play(s, "trophy fD")
    assert relics_in(s, "D") == {"jewelry1": 1}
    check(s)


# --- the Spinners of Mercy (SOM) -----------------------------------------------------------------------------------


def test_som_2_3_first_response_wards_the_keeper_warriors_hit_and_not_the_one_devout_knights_spared() -> None:
    """SOM.2.3 with 15.2.4: the hit ignored by Devout Knights is never dealt, so only the warriors hit go to the
    Ward; relics never go to the Ward (ruling): they stay, or their remover places them in a forest."""
    s = bare(("marquise", "keepers", "spinners"))
    sp = seat(s, "spinners")
    station(s)
    put(s, 5, "keepers", "warrior", 3)
    lay(s, 5, "tablet3")
    put(s, 5, "marquise", "warrior", 3)
    s = goto(s, 0, "daylight.cards")
    force_dice(check(s), 3, 0)
    start(s, 0, 5, "keepers")
    rules.flow.advance(s)
    assert rules.to_act(s) == sp and "respond 5" in legal(s)
    s = play(s, "respond 5")
    assert ward(s, sp) == {KEEPER: 2} and count(s, 5, "keepers", "warrior") == 1
    assert relics_in(s, 5) == {"tablet3": 1}
    check(s)


# --- the Old Man Tinker (OMT) --------------------------------------------------------------------------------------


def test_omt_2_4_a_robot_is_battled_before_delving_and_devout_knights_ignore_its_first_hit() -> None:
    """OMT.2.4 with 15.5.2.2: a robot with gears is an enemy that can be battled, so a Battle then Delve card must
    battle it first; its gears' hits on the Keepers meet Devout Knights like any other (ruling)."""
    s = bare(("marquise", "tinker", "keepers"))
    k = seat(s, "keepers")
    robot(s, "wolfbot", 5, 2)
    put(s, 5, "keepers", "warrior", 2)
    lay(s, 5, "figure1")
    lay(s, "A", "jewelry")
    set_retinue(s, delve=["retainer"])
    s = goto(s, k, "keepers.delve")
    assert legal(s, "delve") == ["delve 5 tinker retainer"]
    s = play(force_dice(s, 1, 1), "delve 5 tinker retainer")
    s = settle_battle(s)
    assert count(s, 5, "keepers", "warrior") == 2  # the robot's one hit ignored
    assert tb.gears_on(s, seat(s, "tinker"), "wolfbot") == 1
    assert s.pending and s.pending[0]["what"] == "delve"  # rule kept: 2 warriors against one gear


def test_omt_2_2_the_old_man_in_a_forest_takes_no_relic_and_stops_no_delve() -> None:
    """OMT.2.2 with 15.5.2.2: the Old Man moves through forests carrying gears only; a relic in his forest is delved
    as any other, and a trophy may be placed there (ruling)."""
    s = bare(("marquise", "tinker", "keepers"))
    k = seat(s, "keepers")
    old_man(s, "A")
    lay(s, "A", "tablet")
    turned(s, "tablet", 2, 1, 3, 3)
    put(s, 1, "keepers", "warrior", 2)
    put(s, 2, "keepers", "warrior")
    set_retinue(s, delve=["retainer"])
    s = goto(s, k, "keepers.delve")
    s = play(s, "delve 1 retainer", "relic fA tablet")
    assert relics_in(s, 1) == {"tablet2": 1} and s.forests["A"].get(tb.OLD_MAN) == 1
    assert kb.retinue(s, k)["delve"] == [kb.RETAINER]  # 1 and 2 ruled around A: not fewer than 2
    check(s)


def test_omt_2_3_drones_are_enemy_warriors_a_delve_must_battle() -> None:
    """OMT.2.3 with 15.5.2.2: drones are warriors, so a clearing with drones must be battled before delving."""
    s = bare(("marquise", "tinker", "keepers"))
    k = seat(s, "keepers")
    put(s, 5, "tinker", "drone")
    put(s, 5, "keepers", "warrior", 2)
    set_retinue(s, delve=["retainer"])
    s = goto(s, k, "keepers.delve")
    assert legal(s, "delve") == ["delve 5 tinker retainer"]


# --- the Vagabond in a forest ----------------------------------------------------------------------------------------


def test_9_2_the_vagabond_in_a_forest_leaves_its_relics_alone() -> None:
    """9.2 with 15.5.2.2: the Vagabond may stand in a forest with relics; he neither takes nor guards them, and they
    are delved as if he were not there (ruling)."""
    s = bare(("marquise", "vagabond", "keepers"))
    k = seat(s, "keepers")
    pawn_to(s, "B")
    lay(s, "B", "figure3")
    put(s, 1, "keepers", "warrior", 2)
    put(s, 9, "keepers", "warrior")
    set_retinue(s, delve=["retainer"])
    s = goto(s, k, "keepers.delve")
    s = play(s, "delve 1 retainer", "relic fB figure3")
    assert relics_in(s, 1) == {"figure3": 1} and s.forests["B"].get("vagabond:pawn") == 1
    assert kb.info(s, k)["retired"] == 1  # only 1 and 9 ruled around B: fewer than 3


# --- the Corvid Conspiracy (Law 13) --------------------------------------------------------------------------------


def test_13_7_1_a_bomb_removes_relics_and_the_corvids_place_them_for_two_points_each() -> None:
    """13.7.1 with 15.2.5: a bomb removes every enemy piece in its clearing, relics too; the Corvids, their remover,
    score two for each and place each one in a forest, face up."""
    s = bare(("marquise", "corvids", "keepers"))
    c = seat(s, "corvids")
    put(s, 5, "keepers", "warrior")
    lay(s, 5, "figure3")
    lay(s, 5, "tablet1")
    plots.bomb(s, c, 5)
    assert s.seats[c].points == 4 and count(s, 5, "keepers", "warrior") == 0 and relics_in(s, 5) == {}
    assert [d["what"] for d in s.pending] == ["trophy", "trophy"] and all(d["seat"] == c for d in s.pending)
    rules.flow.advance(s)
    s = play(s, "trophy fA", "trophy fB")
    assert relics_in(s, "A") == {"figure3": 1} and relics_in(s, "B") == {"tablet1": 1}
    check(s)


# --- the Lake map's Ferry (Law 25.3.5) ----------------------------------------------------------------------------


def test_25_3_5_a_move_of_the_retinue_may_take_the_ferry_and_carry_relics() -> None:
    """25.3.5 with 15.5.2.1 and 15.2.4: a Move card's move from the Ferry's clearing may sail to another coastal
    clearing; relics go along as with any move."""
    s = keepers_table(board="lake")
    k = seat(s, "keepers")
    ferry = s.landmarks["ferry"]
    put(s, ferry, "keepers", "warrior", 2)
    lay(s, ferry, "figure2")
    set_retinue(s, move=["retainer"])
    s = goto(s, k, "keepers.move")
    sails = [a for a in legal(s, "ferry") if a.startswith(f"ferry {ferry}>")]
    assert sails and all(a.endswith(" bird") for a in sails)
    there = int(sails[0].split()[1].split(">")[1])
    s = play(s, sails[0])
    s = play(s, "carry figure2")
    assert relics_in(s, there) == {"figure2": 1} and s.landmarks["ferry"] == there
    check(s)


# --- the 3x3 mode (seed 002) -----------------------------------------------------------------------------------------


def frontier(keepers_team: str = "A") -> GameState:
    """A 3x3 game past setup: Keepers, Eyrie and a Vagabond against the Marquise, the Alliance and a Vagabond."""
    options = {
        "factions": ["keepers", "eyrie", "vagabond", "marquise", "alliance", "vagabond2"],
        "mode": "frontier",
        "teams": {"keepers": keepers_team, "eyrie": "A", "vagabond": "A", "marquise": "B", "alliance": "B",
                  "vagabond2": "B"},
    }
    s = rules.new_game(options, 3)
    while s.turn.phase == "setup" and s.pending:
        s = play(s, legal(s)[0])
    return s


def test_3x3_1_twelve_relics_go_to_twelve_of_the_fifteen_forests() -> None:
    """3x3.1 with 15.3.1: more forests than relics on the joined maps; one relic each in twelve of them, at random,
    and none is left for 15.3.4 (ruling)."""
    s = frontier()
    k = seat(s, "keepers")
    lying = [sum(relics_in(s, f).values()) for f in s.board.forests]
    assert sum(lying) == 12 and max(lying) == 1
    assert sum(s.seats[k].supply.get(n, 0) for n in kb.RELICS) == 0
    check(s)


def test_3x3_5_the_delve_and_recover_checks_count_clearings_the_team_rules() -> None:
    """3x3.5 with 15.5.2.2 step 2: a clearing the team rules together counts as ruled for the discard check."""
    s = frontier()
    k = seat(s, "keepers")
    s = rules_helpers_emptied(s)
    put(s, 1, "keepers", "warrior", 2)
    for cid in (2, 5, 10):
        put(s, cid, "eyrie", "warrior")
    lay(s, "A", "figure")
    turned(s, "figure", 3, 1, 2, 3)
    set_retinue(s, delve=["retainer"])
    s = goto(s, k, "keepers.delve")
    s = play(s, "delve 1 retainer", "relic fA figure")
    assert relics_in(s, 1) == {"figure3": 1} and kb.retinue(s, k)["delve"] == [kb.RETAINER]


def rules_helpers_emptied(s: GameState) -> GameState:
    """The map, the forests' relics and the hands emptied."""
    s = emptied(s)
    k = seat(s, "keepers")
    for pieces in s.forests.values():
        for piece in [p for p in pieces if kb.is_relic_key(p)]:
            name = piece.split(":")[1].rstrip("0123456789")
            s.seats[k].supply[name] = s.seats[k].supply.get(name, 0) + pieces.pop(piece)
    kb.info(s, k)["hidden"] = {name: [1, 2, 3, 3] for name in kb.RELICS}
    return check(s)


def test_3x3_2_relics_cross_a_bridge_with_their_warriors_for_the_one_fee() -> None:
    """3x3.2 with 15.2.4: relics go along with warriors across a border bridge; the move's fee is paid once."""
    s = rules_helpers_emptied(frontier())
    k = seat(s, "keepers")
    put(s, 2, "keepers", "warrior", 2)
    lay(s, 2, "tablet2")
    set_retinue(s, move=["retainer"])
    birds = sorted({card(c).key for c in s.deck if card(c).suit == "bird"})
    set_hand(s, k, birds[0], birds[1])
    s = goto(s, k, "keepers.move")
    s = play(s, "move 2>13 x2 bird")
    while s.pending and s.pending[0].get("what") != "carry":
        s = play(s, legal(s)[0])
    s = play(s, "carry tablet2")
    assert relics_in(s, 13) == {"tablet2": 1} and count(s, 13, "keepers", "warrior") == 2
    assert len(s.seats[k].hand) == 1  # one card paid for the crossing
    check(s)


def test_3x3_the_keepers_play_a_whole_frontier_game() -> None:
    """3x3: the Keepers sit in a team and follow the mode's shared rules; a random game has no violation."""
    options = {
        "mode": "frontier",
        "factions": ["keepers", "eyrie", "vagabond", "marquise", "spinners", "vagabond2"],
        "teams": {"keepers": "A", "eyrie": "A", "vagabond": "A", "marquise": "B", "spinners": "B", "vagabond2": "B"},
    }
    out = playout(options, 3, check_every=25)
    assert out.violations == []
    assert out.state is not None and out.state.over
