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
    # revision 9: 8b3bd0b's engine
    "hideout": "0b24ba1b743ee69d87e4e97aff88a7a905d5fd5a68465a4468e03f445f3df3ea",
    "coerce": "7cc7486020e4ab00012c053ef89fe4d0e03bca5ab5267dc50712610a7d4278e0",
    "services": "c498e664863aec8d50ccf81f62960b57b8dd2a3376a2ed27e84c67ab182473bd",
    "friendly fire": "1310e6e2f4ed7daddedc5dbdcc05ee3b58e791a34cf66894dcbf87b25ff652c1",
    "glide": "b64e8147fea25e445e55efefe564b4e769f56774c30c7a1fb35cee58142019d4",
    "pays": "7e54d960012b1d1a02de9805523f2aa16ade174735dcf03244328115c6f34ab3",
    "snare": "26f602313c9943c2f4afc342715783fc8517b05f8a9eb5f5c62d7f0862b1822d",
    "short recruit": "358aca96554a9ad2c3f663cb8bb39df80e37645c894f53a979360cb6bd8c107e",
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


# --- revision 10: the Vagabond characters checked against appendix V (vb-review) ------------------------------------

Script = Callable[[rules.GameState], list[str] | None]


def _scripted(flag: str, options: dict[str, object], script: Script, seed: int = 1, number: int = 9) -> Record:
    """A walk under an older revision whose lines a script may choose (actions, legal under either rules, or
    moderator edits; else a random legal action), up to the first line that plays otherwise when only `flag` is
    taken as today's: its record."""
    chooser = random.Random(seed)
    state = rules.replay(Record(options, seed, rules=number))
    ablated = replace(state.legacy, **{flag: False})
    lines: list[str] = []
    while not state.over and len(lines) < 600:
        seat = rules.to_act(state)
        assert seat is not None
        for text in script(state) or [chooser.choice(rules.legal_actions(state, seat)).notation()]:
            lines.append(text)
            played, today = _played(state, text), _played(_under(state, ablated), text)
            if _tree(today) != _tree(played):
                return Record(options, seed, lines, rules=number)
            assert played is not None, text
            state = played
    raise AssertionError(f"the script never reached {flag}")


def _offered(state: rules.GameState, text: str) -> bool:
    seat = rules.to_act(state)
    return seat is not None and any(a.notation() == text for a in rules.legal_actions(state, seat))


def _vagabond_at(state: rules.GameState, step: str, faction: str = "vagabond") -> bool:
    """Whether a Vagabond's step waits on him with nothing pending."""
    return state.turn.step == step and not state.pending and state.seats[state.turn.seat].faction == faction


def _into_a_clearing(state: rules.GameState) -> list[str] | None:
    """The Vagabond's Slip into a clearing (the first one offered)."""
    seat = rules.to_act(state)
    assert seat is not None
    slips = [a for a in rules.legal_actions(state, seat, verb="move") if isinstance(getattr(a, "dst", None), int)]
    return [slips[0].notation()] if slips else None


def _chosen(character: str) -> Script:
    """A script that takes a character at setup, else leaves the line to the walk."""
    return lambda state: [f"character {character}"] if _offered(state, f"character {character}") else None


def test_a_hideout_of_revision_9_was_refused_in_a_forest() -> None:
    """Before revision 10 the Ranger's Hideout was offered only in a clearing (V.3 names no place)."""

    def script(state: rules.GameState) -> list[str] | None:
        if _vagabond_at(state, "vagabond.slip"):
            return ["end"]  # he stays in his starting forest
        if _vagabond_at(state, "vagabond.daylight"):
            return ["hideout"]
        return _chosen("ranger")(state)

    record = _scripted("hideout_in_clearings", {"factions": ["marquise", "eyrie", "vagabond"]}, script)
    _as_the_old_engine("hideout", replace(record, actions=record.actions[:-1]))
    assert record.actions[-1] == "hideout"
    with pytest.raises(rules.RulesError):
        rules.replay(record)
    today = _last_line_today(record)
    assert today is not None
    assert any(i["item"] == "torch" and i["exhausted"] for i in today.seats[2].items)  # taken in the forest


def _bird_to_hand(state: rules.GameState, faction: str = "vagabond") -> list[str]:
    """A moderator edit giving a Vagabond a bird card from the deck (birds match every clearing)."""
    key = next(rules.cards.card(c).key for c in reversed(state.deck) if rules.cards.card(c).suit == "bird")
    return [f"!card {key} deck hand:{faction}"]


def test_a_coerced_card_of_revision_9_stood_in_after_the_jailor_left_its_clearing() -> None:
    """Before revision 10 the stand-in stayed until used, wherever he went; today it lapses once he leaves."""

    def script(state: rules.GameState) -> list[str] | None:
        if _vagabond_at(state, "vagabond.slip"):
            return _into_a_clearing(state)
        if _vagabond_at(state, "vagabond.daylight"):
            seat = state.turn.seat
            if state.turn.flags.get("coerced"):
                moves = rules.legal_actions(state, seat, verb="move")
                return [moves[0].notation()] if moves else None
            coerces = [a.notation() for a in rules.legal_actions(state, seat, verb="coerce")]
            torches = [text for text in coerces if text.startswith("coerce torch")]
            return torches[:1] or _bird_to_hand(state)
        return _chosen("jailor")(state)

    record = _scripted("coerce_anywhere", {"factions": ["marquise", "eyrie", "vagabond"]}, script)
    assert record.actions[-1].startswith("coerce torch")  # today's engine keeps where the card was spent
    old = rules.replay(record)
    move = rules.legal_actions(old, 2, verb="move")[0].notation()
    walked = replace(record, actions=[*record.actions, move])
    old = _as_the_old_engine("coerce", walked)
    assert any(i.get("stand_in") for i in old.seats[2].items)  # still waiting to be used, in another clearing
    today = rules.replay(replace(walked, rules=CURRENT))
    assert not any(i.get("stand_in") for i in today.seats[2].items)  # lapsed once he left its clearing


def test_a_jailor_of_revision_9_could_not_coerce_for_the_riverfolks_services() -> None:
    """Before revision 10 the Company's offer took no Coerce (V.12 names the services)."""

    def script(state: rules.GameState) -> list[str] | None:
        if state.pending and state.pending[0].get("what") == "services":
            seat = rules.to_act(state)
            assert seat is not None
            if state.seats[seat].faction == "vagabond" and vb.clearing(state, "vagabond") is not None:
                hand = {rules.cards.card(c).key for c in state.seats[seat].hand}
                if "ambush-bird" in hand:
                    return ["coerce torch ambush-bird"]
            return ["pass"]
        if _vagabond_at(state, "vagabond.slip"):
            return _into_a_clearing(state)
        if _vagabond_at(state, "vagabond.daylight"):
            seat = state.turn.seat
            if not any(rules.cards.card(c).key == "ambush-bird" for c in state.seats[seat].hand):
                return ["!card ambush-bird deck hand:vagabond"] if _in_deck(state, "ambush-bird") else None
            return ["end"]
        return _chosen("jailor")(state)

    record = _scripted(
        "coerce_not_for_services", {"factions": ["marquise", "riverfolk", "vagabond"], "first_player": 0}, script
    )
    _as_the_old_engine("services", replace(record, actions=record.actions[:-1]))
    assert record.actions[-1] == "coerce torch ambush-bird"
    with pytest.raises(rules.RulesError):
        rules.replay(record)
    today = _last_line_today(record)
    assert today is not None and today.pending[0].get("what") == "services"  # the offer stays open
    assert any(i.get("stand_in") for i in today.seats[2].items)


def _in_deck(state: rules.GameState, key: str) -> bool:
    return any(rules.cards.card(c).key == key for c in state.deck)


def test_a_vagrant_of_revision_9_made_no_rival_battle_its_own_teammate() -> None:
    """Before revision 10 a 3x3 Instigate offered no friendly fire (3x3.5: an opposing ability may make allies
    battle each other)."""
    options = _teams("marquise", "eyrie", "vagabond", "tinker", "alliance", "vagabond2")

    def script(state: rules.GameState) -> list[str] | None:
        if _vagabond_at(state, "vagabond.slip"):
            return _into_a_clearing(state)
        if _vagabond_at(state, "vagabond.daylight"):
            here = vb.clearing(state, "vagabond")
            if here is None:
                return None
            if not state.clearings[here - 1].get("alliance:warrior"):
                return [f"!place {here} alliance:warrior x2", f"!place {here} tinker:gear x1"]
            return ["instigate alliance tinker"]
        return _chosen("vagrant")(state)

    record = _scripted("instigate_no_friendly_fire", options, script)
    _as_the_old_engine("friendly fire", replace(record, actions=record.actions[:-1]))
    assert record.actions[-1] == "instigate alliance tinker"
    with pytest.raises(rules.RulesError):
        rules.replay(record)
    today = _last_line_today(record)
    assert today is not None and today.battle is not None and today.battle.get("credit") == 2


def test_a_glide_of_revision_9_flew_out_of_a_face_up_snare() -> None:
    """Before revision 10 the Harrier's Glide took no heed of the Corvids' face-up snare (13.7.2)."""

    def snared(state: rules.GameState) -> list[int]:
        return [c for c in state.board.ids() if state.clearings[c - 1].get("corvids:snare")]

    def script(state: rules.GameState) -> list[str] | None:
        seat = rules.to_act(state)
        assert seat is not None
        mine = [a.notation() for a in rules.legal_actions(state, seat)]
        if state.seats[seat].faction == "corvids":
            wanted = [a for a in mine if a.endswith(" snare") and a.startswith("plot ") or a.startswith("flip ")]
            return wanted[:1] or None
        if _vagabond_at(state, "vagabond.slip"):
            return ["end"]
        if _vagabond_at(state, "vagabond.daylight") and snared(state):
            here, traps = vb.where(state, "vagabond"), snared(state)
            target = next(c for c in state.board.ids() if c not in traps) if here in traps else traps[0]
            return [f"glide {target}"] if f"glide {target}" in mine else None
        return _chosen("harrier")(state)

    record = _scripted("glide_past_snare", {"factions": ["marquise", "corvids", "vagabond"], "first_player": 0}, script)
    old = _as_the_old_engine("glide", record)
    assert record.actions[-1].startswith("glide ")
    assert _last_line_today(record) is None  # today the snare keeps him in
    assert vb.where(old, "vagabond") == int(record.actions[-1].split()[1])


def test_a_vagabond_of_revision_9_paid_for_a_service_with_his_first_face_up_items() -> None:
    """Before revision 10 the engine chose the items that paid (11.2.6.3: he exhausts items, so he chooses)."""

    def script(state: rules.GameState) -> list[str] | None:
        if state.pending and state.pending[0].get("what") == "services":
            seat = rules.to_act(state)
            assert seat is not None
            buys = [a.notation() for a in rules.legal_actions(state, seat, verb="buy")]
            return buys[:1] if state.seats[seat].faction == "vagabond" else ["pass"]
        return None

    record = _scripted(
        "vagabond_pays_first_items", {"factions": ["marquise", "riverfolk", "vagabond"], "first_player": 0}, script
    )
    old = _as_the_old_engine("pays", record)
    assert record.actions[-1].startswith("buy ")
    today = _last_line_today(record)
    assert today is not None and today.pending[0].get("owed")  # today he is asked which items pay
    assert not old.pending or not old.pending[0].get("owed")
MARQUISE_CORVIDS = {"factions": ["marquise", "corvids"], "first_player": 0}


def _snare_a_sawmill() -> Nudge:
    """Once, in the Corvids' Daylight: three Corvid warriors at a sawmill with no plot, to plot a snare there."""
    done: list[bool] = []

    def nudge(state: rules.GameState) -> list[str]:
        seat = rules.to_act(state)
        if done or seat is None or state.seats[seat].faction != "corvids" or state.turn.step != "corvids.daylight":
            return []
        mills = [c for c in state.board.ids() if state.clearings[c - 1].get("marquise:sawmill")]
        if not mills or state.seats[seat].supply.get("warrior", 0) < 3:
            return []
        done.append(True)
        return [f"!place {mills[0]} corvids:warrior x3"]

    return nudge


def _snaring(state: rules.GameState, actions: list[rules.Action]) -> list[rules.Action]:
    """The Corvids plot snares at sawmills and flip them; the Marquise recruits and overworks."""
    mills = {c for c in state.board.ids() if state.clearings[c - 1].get("marquise:sawmill")}
    return [
        a
        for a in actions
        if (a.verb == "plot" and getattr(a, "kind", "") == "snare" and getattr(a, "clearing", 0) in mills)
        or a.verb in ("flip", "recruit", "overwork")
    ]


def test_the_marquise_of_revision_9_placed_pieces_in_a_snared_clearing() -> None:
    """Before revision 10 the Marquise placed wood at a sawmill (and recruited, overworked) where a Corvid face-up
    snare forbids her placing pieces (13.7.2)."""
    record = _first(
        "marquise_places_anywhere", MARQUISE_CORVIDS, 9, range(1, 9), nudge=_snare_a_sawmill(), prefer=_snaring
    )
    old, today = _as_the_old_engine("snare", record), _last_line_today(record)
    assert today is not None

    def in_snares(s: rules.GameState) -> int:
        return sum(
            n
            for c in s.clearings
            if c.get("corvids:snare")
            for k, n in c.items()
            if k.startswith("marquise:") and k != "marquise:sawmill"
        )

    assert in_snares(old) > in_snares(today)


def _crowd_the_corvids() -> Nudge:
    """Once, in the Corvids' Daylight: all but two of their warriors in their supply put in clearing 3."""
    done: list[bool] = []

    def nudge(state: rules.GameState) -> list[str]:
        seat = rules.to_act(state)
        if done or seat is None or state.seats[seat].faction != "corvids" or state.turn.step != "corvids.daylight":
            return []
        left = state.seats[seat].supply.get("warrior", 0)
        if left <= 2:
            return []
        done.append(True)
        return [f"!place 3 corvids:warrior x{left - 2}"]

    return nudge


def test_the_corvids_recruit_of_revision_9_filled_the_clearings_in_number_order_when_short() -> None:
    """Before revision 10 a recruit short of warriors placed them in the lowest numbered clearings of the suit; today
    the Corvids name the clearings (1.5.4)."""
    record = _first(
        "corvids_recruit_in_order",
        MARQUISE_CORVIDS,
        9,
        range(1, 9),
        nudge=_crowd_the_corvids(),
        prefer=lambda s, actions: [a for a in actions if a.verb == "recruit"],
    )
    old = _as_the_old_engine("short recruit", record)
    assert record.actions[-1].startswith("recruit ") and old.seats[old.seat_of("corvids") or 0].supply["warrior"] == 0
    assert _last_line_today(record) is None  # today the plain recruit is ambiguous: the Corvids name the clearings
