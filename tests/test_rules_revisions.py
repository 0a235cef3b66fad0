"""Records of older rules revisions (rules.revisions) replay with that revision's differences, and only those."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import rules
from rules.migrate import written
from rules.record import Record, identify
from rules.revisions import CURRENT, revision

LEGACY = Path(__file__).resolve().parent / "data" / "legacy"
TWO_VAGABONDS = {"factions": ["vagabond", "vagabond2", "marquise"], "first_player": 0}


def _export(name: str, file: str = "game-finished.json") -> tuple[Record, str]:
    raw = json.loads((LEGACY / name / file).read_text())
    return Record.from_json(raw), str(raw["digest"])


def test_two_vagabonds_of_revision_3_share_one_set_of_ruin_items() -> None:
    old = rules.replay(Record(TWO_VAGABONDS, 7, rules=3))
    today = rules.replay(Record(TWO_VAGABONDS, 7))
    assert old.second_ruins == [] and any(today.second_ruins)
    assert old.seats[0].hand != today.seats[0].hand  # dealing both sets moves the shuffle on: another deal


def test_two_vagabonds_of_revision_4_have_each_other_on_the_relationship_chart() -> None:
    old = rules.replay(Record(TWO_VAGABONDS, 7, rules=4))
    today = rules.replay(Record(TWO_VAGABONDS, 7))
    assert old.seats[0].data["relations"] == {"vagabond2": 0, "marquise": 0}
    assert today.seats[0].data["relations"] == {"marquise": 0}
    assert old.second_ruins == today.second_ruins and any(today.second_ruins)


def test_a_record_of_the_first_flow_replays_only_with_its_idle_steps_passed() -> None:
    record, digest = _export("a60aa8c")
    assert record.rules is None
    with pytest.raises(rules.RulesError):
        rules.replay(replace(record, rules=CURRENT))
    state = rules.replay(replace(record, rules=1))
    assert state.over and rules.digest_as(state, 1) == digest


def test_an_export_without_a_revision_is_identified_by_its_digest() -> None:
    record, digest = _export("9ead3fb")
    assert identify(record, digest=digest) == 2
    assert identify(record, digest="0" * 64) is None


def test_a_saved_tree_is_identified_by_the_revision_that_wrote_it() -> None:
    record, _ = _export("87d6567", "game-export.json")
    state = rules.replay(replace(record, rules=3))
    assert identify(record, tree=written(state.to_json(), revision(3))) == 3
    assert identify(record, tree=state.to_json()) == CURRENT  # the Vagabond's ruin item is marked: today's tree


def test_lines_after_rules_until_are_replayed_under_todays_rules() -> None:
    record, _ = _export("a60aa8c", "game-export.json")
    old = replace(record, rules=1)
    state, lines = rules.replay(old), list(old.actions)
    while not _lone_end(state):  # play on today until a step whose only choice is to end it
        seat = rules.to_act(state)
        assert seat is not None and len(lines) < len(old.actions) + 60
        action = rules.legal_actions(state, seat)[0]
        lines.append(action.notation())
        state, _ = rules.apply(state, action)
    seat = rules.to_act(state)
    assert seat is not None
    end = rules.legal_actions(state, seat)[0]
    lines.append(end.notation())
    state, _ = rules.apply(state, end)
    mixed = replace(old, actions=lines, rules_until=len(old.actions))
    assert rules.replay(mixed).digest() == state.digest()
    try:  # read as all of the first flow, the step that end answers was already passed
        misread: str | None = rules.replay(replace(mixed, rules_until=None)).digest()
    except rules.RulesError:
        misread = None
    assert misread != state.digest()


def test_a_record_keeps_its_revision_through_json_and_undo() -> None:
    record = Record({"factions": ["marquise", "eyrie"]}, 3, ["a", "b", "c"], rules=2, rules_until=3)
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record
    assert record.without_last(2) == replace(record, actions=["a"], rules_until=1)
    assert "rules" not in replace(record, rules=None, rules_until=None).to_json()


@pytest.mark.parametrize("bad", [0, CURRENT + 1, "2", True])
def test_a_rules_revision_this_engine_does_not_know_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="rules"):
        Record.from_json({"options": {}, "seed": 1, "actions": [], "rules": bad})


def _lone_end(state: rules.GameState) -> bool:
    seat = rules.to_act(state)
    options = rules.legal_actions(state, seat) if seat is not None and not state.over else []
    return len(options) == 1 and options[0].verb == "end"


FRONTIER = {
    "factions": ["marquise", "eyrie", "vagabond", "tinker", "spinners", "alliance"],
    "mode": "frontier",
    "teams": {"marquise": "A", "eyrie": "A", "vagabond": "A", "tinker": "B", "spinners": "B", "alliance": "B"},
}


def _lone_card_paid(seed: int) -> Record | None:
    """A revision-6 record whose last line was a move whose bridge fee took the one fitting card of several."""
    import random

    state, lines, chooser = rules.replay(Record(FRONTIER, seed, rules=6)), [], random.Random(seed)
    for _ in range(1500):
        seat = rules.to_act(state)
        if seat is None:
            return None
        action = chooser.choice(rules.legal_actions(state, seat))
        held = len(state.seats[seat].hand)
        state, _ = rules.apply_unchecked(state, seat, action)
        lines.append(action.notation())
        if held > 1 and any(who == seat for who, _, _ in state.spent_unasked):
            return Record(FRONTIER, seed, lines, rules=6)
    return None


def test_a_fee_of_revision_6_took_the_lone_fitting_card_for_the_player_and_still_replays_so() -> None:
    """Before 2141e2f a bridge fee with one fitting card among several in hand was paid unasked."""
    record = next(r for r in map(_lone_card_paid, range(1, 40)) if r is not None)
    old = rules.replay(record)
    assert not old.pending or old.pending[0]["kind"] != "move_fee"  # paid already, as that engine did
    today = rules.replay(replace(record, rules=CURRENT))
    assert today.pending and today.pending[0]["kind"] == "move_fee"  # today the player is asked
