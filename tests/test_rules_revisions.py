"""Records of older rules revisions (rules.revisions) replay with that revision's differences, and only those."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.actions import Move
from rules.factions.vagabond import board as vb
from rules.migrate import written
from rules.modes import mode_of
from rules.modes.frontier import table
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


def test_a_record_of_revision_6_with_no_older_lines_counted_is_identified_like_one_without_a_revision() -> None:
    """397dc9b wrote revision 6 for the games it began though its engine played as 7; every record of revision 6
    written since counts its older lines (rules_until)."""
    raw = {"options": {"factions": ["marquise", "eyrie"]}, "seed": 3, "actions": ["a"], "rules": 6}
    assert Record.from_json(raw).rules is None
    assert Record.from_json({**raw, "rules_until": 1}).rules == 6
    assert Record.from_json({**raw, "rules": 5}).rules == 5


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


# --- the readings main changed since db2c6b0: each flag, on a record that reaches it ---------------------------------

Nudge = Callable[[rules.GameState], list[str]]
Prefer = Callable[[rules.GameState, list[rules.Action]], list[rules.Action]]


LATER_CHARACTERS = {f"character {c}" for c in vb.character_names()[3:]}
"""The characters the older engines did not have (they knew the Thief, the Tinker and the Ranger): a walk leaves them
out, so its records are the ones those engines replayed for OLD_ENGINE."""


def _known_then(state: rules.GameState, seat: int) -> list[rules.Action]:
    """The legal actions an older engine offered too (no character it did not have)."""
    return [a for a in rules.legal_actions(state, seat) if a.notation() not in LATER_CHARACTERS]


def _reached(
    flag: str,
    options: dict[str, object],
    number: int,
    seed: int,
    stir: float = 0.0,
    nudge: Nudge | None = None,
    prefer: Prefer | None = None,
) -> Record | None:
    """A random walk under an older revision, up to the first line that plays otherwise when only `flag` is taken as
    today's: its record (None when no line does in time)."""
    chooser = random.Random(seed)
    state = rules.replay(Record(options, seed, rules=number))
    ablated = replace(state.legacy, **{flag: False})
    lines: list[str] = []
    while not state.over and len(lines) < 1500:
        edits = nudge(state) if nudge is not None and not state.pending and state.turn.phase == "daylight" else []
        if not edits and stir and not state.pending and state.turn.phase != "setup" and chooser.random() < stir:
            edits = [e for e in [mode_of(state).playout_stir(state, chooser)] if e]
        seat = rules.to_act(state)
        assert seat is not None
        choices = _known_then(state, seat)
        for text in edits or [chooser.choice((prefer(state, choices) if prefer else None) or choices).notation()]:
            lines.append(text)
            played = _played(state, text)
            assert played is not None, text
            if _tree(_played(_under(state, ablated), text)) != played.to_json():
                return Record(options, seed, lines, rules=number)
            state = played
    return None


def _under(state: rules.GameState, legacy: Any) -> rules.GameState:
    """A copy of the state played on under other rules (a Revision, or None for today's)."""
    copy = state.clone()
    copy.legacy = legacy
    return copy


def _played(state: rules.GameState, text: str) -> rules.GameState | None:
    """The state after a record line (None: refused)."""
    try:
        if rules.is_edit(text):
            return rules.apply_edit(state, text)[0]
        return rules.apply(state, rules.parse(state, text))[0]
    except rules.RulesError:
        return None


def _tree(state: rules.GameState | None) -> dict[str, Any] | None:
    return None if state is None else state.to_json()


def _last_line_today(record: Record) -> rules.GameState | None:
    """The record replayed under its revision but for its last line, played under today's rules (None: refused)."""
    try:
        return rules.replay(replace(record, rules_until=len(record.actions) - 1))
    except rules.RulesError:
        return None


def _first(flag: str, options: dict[str, object], number: int, seeds: range, **walk: Any) -> Record:
    """The first of the seeds whose walk reaches the flag's difference."""
    found = next((r for seed in seeds if (r := _reached(flag, options, number, seed, **walk)) is not None), None)
    assert found is not None, f"no walk reached {flag}"
    return found


OLD_ENGINE = {  # revision 4: 383602a's engine
    "contraband": "6c5bd99c272f50b7623050c815833f1a6fbb86eeb44fd12071d37abe635abb8f",
    "isolation": "3c2e82635c0cec22b9241ec3c4c6d957bed8876aa2b4d0f36d369230ddaf5c43",
    "wings": "a3cd2c55bd8f58893a256f4e3c2ef3a514f60cd231d3967cb1fb7679ed6d54c3",
    "bridge": "0512a725d950d77a6b5f71e675f33b4d48695fa9e868666cb84e501c1e619495",
    "overgrowth": "541402ce4e67a18b800762d3049349188349144a3fe78e34917ab8766fd4d8b2",
    "first response": "7fd435735bc25bc4df57a10fe9f4c85e4790d984b7e7b2cc250d38520357b988",
    # revision 5: 1baa1fb's engine
    "cornered": "c05f18a263c4f8f0a59f1841249b14f2cabe085827f5987a507a00da9d603207",
    "turmoil": "4149226332b2e21491b4dbfbe9fcac8903390d3e31a49d102f82eead3cbe91fa",
    # revision 7: 464b547's engine
    "slip": "f8a7a7e7ed13127ef3dbdea223b18dfbe8b5d543e7ec54c308a3fd492690f471",
    # revision 8: 516d1cf's engine
    "revenge": "9d2b0c441693d1fbf1ca1ae54fec57e407938d7d30482375f28ef8834caf638c",
}
"""The digest the engine of the revision's own commit gives each record the tests below build (its state as that
engine saved it): `tools/legacy/differ.py COMMIT REVISION --records FILE` replays records with it."""


def _as_the_old_engine(name: str, record: Record) -> rules.GameState:
    """The record's replay under its revision, checked against the old engine's digest of it."""
    state = rules.replay(record)
    assert rules.digest_as(state, record.rules) == OLD_ENGINE[name], name
    return state


def _teams(*factions: str) -> dict[str, object]:
    """A 3x3 game: the first three factions are team A, the others team B."""
    return {"factions": list(factions), "mode": "frontier", "teams": dict(zip(factions, "AAABBB", strict=True))}


def test_a_craft_of_revision_4_was_contraband_only_with_every_crafting_piece_on_the_rival_map() -> None:
    """Before 1fb5f82 the item was laid in the first clearing of the rival map with a crafting piece."""
    record = _first("contraband_when_all_abroad", FRONTIER, 4, range(2, 9), stir=0.02)
    assert record.actions[-1].startswith("craft ")
    old, today = _as_the_old_engine("contraband", record), _last_line_today(record)
    assert today is not None
    assert [i["clearing"] for i in old.map_items] != [i["clearing"] for i in today.map_items]


def test_imperial_isolation_of_revision_4_needed_a_way_on_the_rival_map() -> None:
    """Before 53a3304 a Decree card with no way of resolving it anywhere threw the Eyrie into Turmoil."""
    record = _first("isolation_needs_a_way", FRONTIER, 4, range(2, 9))
    old, today = _as_the_old_engine("isolation", record), _last_line_today(record)
    assert today is not None
    eyrie = old.seat_of("eyrie")
    assert len(old.seats[eyrie].data["deposed"]) == len(today.seats[eyrie].data["deposed"]) + 1  # Turmoil then
    assert any(a.verb == "skip" for a in rules.legal_actions(today, eyrie))  # today the card may be set aside


def test_wings_of_the_alliance_of_revision_4_freed_a_move_into_a_roost_too() -> None:
    """Before b49c36b an ally's move into a roost clearing out of one the enemy rules owed the Eyrie a card."""
    record = _first("wings_into_roost", FRONTIER, 4, range(5, 10), stir=0.02)
    old, today = _as_the_old_engine("wings", record), _last_line_today(record)
    assert old.turn.flags.get("wings")
    assert today is None or not today.turn.flags.get("wings")  # today such a move owes nothing (or is not allowed)


def _crossings(state: rules.GameState, actions: list[rules.Action]) -> list[Move]:
    return [a for a in actions if isinstance(a, Move) and table.crosses_bridge(state, a.src, a.dst)]


def _guarded_bridge() -> Nudge:
    """Once, before a move across a bridge: five warriors of a rival at its far end, six of the mover's at its near
    end (so the mover's team rules the far end once it arrives)."""
    done: list[bool] = []

    def nudge(state: rules.GameState) -> list[str]:
        seat = rules.to_act(state)
        assert seat is not None
        moves = _crossings(state, rules.legal_actions(state, seat))
        team = table.rival(table.team_of(state, seat))
        rivals = [r for r in table.members(state, team) if state.seats[r].supply.get("warrior", 0) >= 5]
        if done or not moves or not rivals or state.seats[seat].supply.get("warrior", 0) < 6:
            return []
        done.append(True)
        rival, mover = state.seats[rivals[0]].faction, state.seats[seat].faction
        return [f"!place {moves[0].dst} {rival}:warrior x5", f"!place {moves[0].src} {mover}:warrior x6"]

    return nudge


def test_a_bridge_fee_of_revision_4_went_to_rival_guards_who_did_not_rule_the_entrance() -> None:
    """Before 86ac103 five rival warriors at the entrance kept the fee even where the mover's team ruled it."""
    record = _first(
        "bridge_fee_unruled", FRONTIER, 4, range(3, 9), nudge=_guarded_bridge(),
        prefer=lambda s, actions: sorted(_crossings(s, actions), key=lambda a: -a.count)[:1],
    )
    old, today = _as_the_old_engine("bridge", record), _last_line_today(record)
    assert record.actions[-1].startswith("pay ") and today is not None  # the fee asked, then paid
    guard = old.seat_of(next(a for a in record.actions if a.startswith("!place")).split()[2].split(":")[0])
    assert len(old.seats[guard].hand) == len(today.seats[guard].hand) + 1  # the card went to the guard
    assert len(today.discard) == len(old.discard) + 1  # today it is discarded


def test_two_mushrooms_of_revision_4_overgrew_only_at_a_growth() -> None:
    """Before 9155c06 (and its option spore_overgrowth) gears dropped where two mushrooms grow stayed there."""
    options = {"factions": ["spore", "spinners", "tinker", "marquise"]}
    record = _first("overgrowth_at_growth", options, 4, range(1, 9))
    old, today = _as_the_old_engine("overgrowth", record), _last_line_today(record)
    assert today is not None
    assert sum(c.get("tinker:gear", 0) for c in old.clearings) > sum(c.get("tinker:gear", 0) for c in today.clearings)


def test_first_response_of_revision_4_answered_only_the_spinners_and_their_allies() -> None:
    """Before 6a9efc9 a Vagabond's Strike on another faction's warrior was not answered by First Response."""
    record = _first("first_response_to_allies", {"factions": ["spinners", "vagabond", "alliance"]}, 4, range(129, 130))
    old, today = _as_the_old_engine("first response", record), _last_line_today(record)
    assert record.actions[-1].startswith("strike ")
    assert today is not None and not old.pending
    assert today.pending[0]["what"] == "respond_removal"  # today the Spinners decide first


def test_a_setup_of_revision_5_skipped_a_faction_with_no_corner_left() -> None:
    """Before a3f33da three corner factions of one side left the last of them out of the game's setup."""
    record = _first("setup_skips_cornered", _teams("marquise", "eyrie", "spinners", "alliance", "vagabond", "tinker"),
                    5, range(1, 9))
    old, today = _as_the_old_engine("cornered", record), _last_line_today(record)
    assert today is not None
    assert old.turn.phase != "setup" and not old.pending  # skipped: the game began
    assert today.pending[0]["kind"] == "setup"  # today it sets up in an edge clearing


def test_an_eyrie_skipped_in_a_setup_of_revision_5_deposed_no_leader_in_turmoil() -> None:
    """Before a3f33da an Eyrie left out of setup had no leader, and its Turmoil put that nothing among the deposed."""
    options = _teams("spore", "marquise", "eyrie", "alliance", "vagabond", "tinker")
    state, chooser, lines = rules.replay(Record(options, 2, rules=5)), random.Random(2), []
    eyrie = state.seat_of("eyrie")
    while None not in state.seats[eyrie].data["deposed"]:
        seat = rules.to_act(state)
        assert seat is not None and len(lines) < 400
        lines.append(chooser.choice(_known_then(state, seat)).notation())
        state = rules.apply(state, rules.parse(state, lines[-1]))[0]
    record = Record(options, 2, lines, rules=5)
    assert rules.replay(record).seats[eyrie].data["deposed"][0] is None
    _as_the_old_engine("turmoil", record)
    try:  # today that Eyrie sets up, so the record does not reach such a Turmoil
        today: rules.GameState | None = rules.replay(replace(record, rules=CURRENT))
    except rules.RulesError:
        today = None
    assert today is None or None not in today.seats[eyrie].data["deposed"]


def _bridge_slips(state: rules.GameState, actions: list[rules.Action]) -> list[rules.Action]:
    """The Slips that cross a 3x3 bridge (a fee owed), so that a walk meets one the Vagabond has no card for."""
    if state.turn.step != "vagabond.slip":
        return []
    seat = rules.to_act(state)
    assert seat is not None
    fee = mode_of(state).move_fee
    return [a for a in actions if isinstance(a, Move) and fee(state, seat, a.src, a.dst) is not None]


def test_a_slip_of_revision_7_crossed_a_bridge_whose_fee_the_vagabond_could_not_pay() -> None:
    """Before b052b0f the Slip was offered across a bridge with no card of its suit in hand, and the fee dropped."""
    record = _first("slip_fee_unchecked", FRONTIER, 7, range(5, 6), prefer=_bridge_slips)
    old = _as_the_old_engine("slip", record)
    assert record.actions[-1].startswith("move ")
    assert not any(d["kind"] == "move_fee" for d in old.pending)  # crossed, nothing paid
    assert _last_line_today(record) is None  # today that Slip is refused: no card for the fee


def test_shared_field_hospitals_of_revision_8_answered_for_cult_warriors_gone_to_the_acolytes_box() -> None:
    """Before revision 9 the Marquise's ally's warriors removed defending went to the Cult's Acolytes box (Revenge)
    and Shared Field Hospitals still sent as many others from the Cult's supply to the keep."""
    options = _teams("marquise", "lizards", "vagabond", "eyrie", "alliance", "vagabond2")
    record = _first("hospital_after_diversion", options, 8, range(2, 3))
    old, today = _as_the_old_engine("revenge", record), _last_line_today(record)
    assert today is not None
    assert any(d.get("what") == "shared_hospital" for d in old.pending)
    assert not any(d.get("what") == "shared_hospital" for d in today.pending)  # Revenge took them: none to send
    cult = today.seat_of("lizards")
    assert today.seats[cult].areas["acolytes"] == old.seats[cult].areas["acolytes"]
