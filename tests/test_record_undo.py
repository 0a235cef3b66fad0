"""Records replay to the identical state; undo is limited to the actor's own reversible actions."""

import pytest

import rules
from rules.record import Record, replay, undo, undo_refusal


def play(record: Record, *texts: str) -> rules.GameState:
    """Apply actions by text, appending them to the record."""
    s = replay(record)
    for text in texts:
        s, _ = rules.apply(s, rules.parse(s, text))
        record.actions.append(text)
    return s


def opening() -> Record:
    return Record({"factions": ["marquise", "eyrie"], "first_player": 0}, 3)


SETUP = ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 10", "leader despot")


def to_marquise_actions(record: Record) -> rules.GameState:
    """Play setup, then end steps until the Marquise's Daylight actions."""
    s = play(record, *SETUP)
    while s.turn.step != "marquise.actions":
        s = play(record, "end")
    return s


def test_replay_gives_the_identical_state() -> None:
    record = opening()
    s = play(record, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 10", "leader despot")
    again = replay(Record.from_json(record.to_json()))
    assert again.dumps() == s.dumps()
    assert again.digest() == s.digest()


def test_undo_own_moves_within_the_turn() -> None:
    record = opening()
    s = to_marquise_actions(record)
    before_move = s.dumps()
    s = play(record, "move 1>5 x1")
    assert undo_refusal(s, 0) is None
    record2, back = undo(record, s, 0)
    assert back.dumps() == before_move
    assert record2.actions == record.actions[:-1]


def test_undo_is_refused_across_a_die_roll() -> None:
    record = opening()
    to_marquise_actions(record)
    record.actions.append("!place 3 marquise:warrior x1")  # a cat by the roost, so there is a battle to fight
    s = play(record, "battle 3 eyrie")
    battle_at = s.version
    while rules.to_act(s) != 0 or s.battle is not None or s.pending:
        action = rules.default_action(s)
        assert action is not None
        s = play(record, action.notation())
    assert s.turn.step == "marquise.actions"
    assert s.undo_floor >= battle_at  # the roll (and the Eyrie's answer to the ambush question) came after
    back_to_battle = s.version - battle_at + 1
    assert "die roll" in (undo_refusal(s, 0, back_to_battle) or "")
    with pytest.raises(rules.UndoRefusedError):
        undo(record, s, 0, back_to_battle)


def test_undo_is_refused_for_another_seat_and_across_a_draw() -> None:
    record = opening()
    s = to_marquise_actions(record)
    assert "own actions during your own turn" in (undo_refusal(s, 1) or "")
    # Ending the Marquise's turn draws a card: nothing before it may be undone.
    s = play(record, "end")
    assert s.turn.seat == 1
    assert undo_refusal(s, 0) is not None
    assert "nothing to undo: you have taken no action" in (undo_refusal(s, 1) or "")  # the Eyrie has not acted yet


def test_moderator_edits_replay_exactly() -> None:
    record = opening()
    play(record, *SETUP)
    record.actions += ["!place 6 marquise:warrior x2", "!points eyrie 4"]
    s = replay(record)
    assert s.clearings[5]["marquise:warrior"] == 3
    assert s.seats[1].points == 4
    assert replay(record).digest() == s.digest()


def test_edit_that_breaks_the_game_is_refused_and_changes_nothing() -> None:
    s = replay(opening())
    before = s.dumps()
    with pytest.raises(rules.RulesError):
        rules.apply_edit(s, "!place 5 eyrie:roost x7")
    with pytest.raises(rules.RulesError):
        rules.apply_edit(s, "!teleport 5")
    with pytest.raises(rules.RulesError):
        rules.apply_edit(s, "!card anvil discard deck")
    assert s.dumps() == before
