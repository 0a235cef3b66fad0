"""Rule (Law 2.5, 7.2.2) and moving (Law 4.2), with the messages players get for refused moves."""

import pytest
from rules_helpers import E, M, blank, check, count, goto, legal, play, put

import rules
from rules.actions import Move
from rules.rule import ruled_by, ruler

# --- rule -----------------------------------------------------------------------------


def test_warriors_and_buildings_count_for_rule():
    s = blank()
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "sawmill", 1)
    put(s, 5, "eyrie", "warrior", 1)
    check(s)
    assert ruler(s, 5) == "marquise"
    put(s, 5, "eyrie", "roost", 1)
    put(s, 5, "eyrie", "warrior", 1)
    assert ruler(s, 5) == "eyrie"


def test_tokens_do_not_count_for_rule():
    s = blank()
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "wood", 3)
    put(s, 1, "marquise", "warrior", 1)
    put(s, 1, "eyrie", "warrior", 2)
    check(s)
    assert ruler(s, 1) == "eyrie"


def test_only_tokens_rules_nobody():
    s = blank()
    put(s, 5, "marquise", "wood", 2)
    check(s)
    assert ruler(s, 5) is None
    assert ruler(s, 6) is None
    assert 5 not in ruled_by(s, M)


def test_lords_of_the_forest_eyrie_win_ties_when_present():
    s = blank()
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "workshop", 1)
    put(s, 5, "eyrie", "warrior", 2)
    check(s)
    assert ruler(s, 5) == "eyrie"
    assert 5 in ruled_by(s, E)
    assert 5 not in ruled_by(s, M)


def test_lords_of_the_forest_needs_a_tie_for_the_most():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    check(s)
    assert ruler(s, 5) == "marquise"


def test_marquise_cannot_build_where_eyrie_tie():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 9, "marquise", "warrior", 1)
    goto(s, M, "marquise.actions")
    builds = legal(s, "build")
    assert not any(b.endswith(" 5") for b in builds)
    assert "build sawmill 9" in builds


# --- moving ---------------------------------------------------------------------------


def test_move_needs_rule_of_origin_or_destination():
    s = blank()
    # 5: Eyrie rule (tie); 1: Eyrie rule; 2: Marquise rule.
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 1, "eyrie", "warrior", 1)
    put(s, 2, "marquise", "warrior", 1)
    goto(s, M, "marquise.actions")
    moves = legal(s, "move")
    assert "move 5>2 x2" in moves  # rules the destination
    assert "move 2>5 x1" in moves  # rules the origin
    assert not any(m.startswith("move 5>1 ") for m in moves)
    with pytest.raises(rules.IllegalActionError, match="rule neither clearing 5 nor clearing 1"):
        rules.parse(s, "move 5>1 x1")


def test_move_any_number_of_warriors_from_one_clearing():
    s = blank()
    put(s, 9, "marquise", "warrior", 4)
    goto(s, M, "marquise.actions")
    moves = legal(s, "move")
    assert [m for m in moves if m.startswith("move 9>1 ")] == [f"move 9>1 x{n}" for n in range(1, 5)]
    s = play(s, "move 9>1 x3")
    assert count(s, 9, "marquise", "warrior") == 1
    assert count(s, 1, "marquise", "warrior") == 3


def test_moves_only_follow_paths_not_rivers():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    goto(s, M, "marquise.actions")
    destinations = {m.split()[1] for m in legal(s, "move")}
    assert destinations == {"5>1", "5>2"}
    # 5-10 is a river (not a path) on the Autumn map.
    with pytest.raises(rules.IllegalActionError, match="no path joins clearing 5 and clearing 10"):
        rules.parse(s, "move 5>10 x1")


def test_refused_moves_explain_why_and_leave_the_state_untouched():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    put(s, 2, "eyrie", "warrior", 3)
    put(s, 1, "eyrie", "warrior", 3)
    goto(s, M, "marquise.actions")
    before = s.dumps()
    cases = {
        "move 5>13 x1": "there is no clearing 13",
        "move 5>12 x1": "no path joins clearing 5 and clearing 12",
        "move 6>2 x1": "you have no warriors in clearing 6",
        "move 5>2 x3": "you have only 2 warriors in clearing 5",
    }
    for text, reason in cases.items():
        with pytest.raises(rules.RulesError, match=reason):
            rules.parse(s, text)
    # Straight to apply with an Action object too.
    with pytest.raises(rules.IllegalActionError, match="no path joins"):
        rules.apply(s, Move(5, 12, 1))
    assert s.dumps() == before


def test_not_ruling_either_end_refused_through_apply():
    s = blank()
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 1)
    put(s, 1, "eyrie", "warrior", 1)
    put(s, 2, "eyrie", "warrior", 1)
    goto(s, M, "marquise.actions")
    before = s.dumps()
    assert legal(s, "move") == []
    with pytest.raises(rules.IllegalActionError, match="rule neither"):
        rules.apply(s, Move(5, 1, 1))
    assert s.dumps() == before


def test_moving_into_the_keep_clearing_is_allowed_for_the_eyrie():
    s = blank(leader="builder")  # viziers: recruit and move
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 3)
    put(s, 5, "eyrie", "roost", 1)
    check(s)
    goto(s, E, "eyrie.resolve")
    s = play(s, "recruit 5 bird")
    assert "move 5>1 x4 bird" in legal(s, "move")
    s = play(s, "move 5>1 x4 bird")
    assert count(s, 1, "eyrie", "warrior") == 4
    assert count(s, 1, "marquise", "keep") == 1


def test_acting_out_of_turn_is_refused_and_changes_nothing():
    s = blank()
    put(s, 9, "marquise", "warrior", 1)
    put(s, 3, "eyrie", "warrior", 1)
    s = goto(s, M, "marquise.actions")
    before = s.dumps()
    with pytest.raises(rules.NotYourTurnError, match="not your turn"):
        rules.apply(s, Move(9, 1, 1), seat=E)
    assert rules.legal_actions(s, E) == []
    assert s.dumps() == before


def test_applying_returns_a_new_state_and_leaves_the_old_one():
    s = blank()
    put(s, 9, "marquise", "warrior", 2)
    s = goto(s, M, "marquise.actions")
    before = s.dumps()
    s2, events = rules.apply(s, rules.parse(s, "move 9>1 x2"))
    assert s.dumps() == before
    assert count(s2, 1, "marquise", "warrior") == 2
    assert s2.version == s.version + 1
    assert any("moves 2 warriors from 9 to 1" in e.public for e in events)
