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
from rules import items
from rules.actions import Move
from rules.cards import card, keys
from rules.factions.duchy import board as db
from rules.factions.hundreds import board as hb
from rules.factions.riverfolk import board as rf
from rules.factions.riverfolk.actions import Buy, Cost, Export, Post
from rules.factions.vagabond import board as vb
from rules.items import supply_at
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
    assert Record.from_json({**raw, "rules": 9}).rules is None  # main misnumbered 9 and 10 too (MISNUMBERED)
    assert Record.from_json({**raw, "rules": 10}).rules is None
    assert Record.from_json({**raw, "rules": 9, "rules_until": 1}).rules == 9


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
    # revision 9: 01daab9's engine
    "warlord": "740a3d70a67cde78fe5c8a39443bef5c325511f9c9af861fd2150fd4ea394ff4",
    "strike": "5b7f50cb0196d74379a6a664bf0e16490c650aac1cbb4433005273f4e8f55721",
    "cobbler": "f949bb566a160fe3641c1266cc91317bbea2387461854056938e8169aee2d3e8",
    "hoard": "03e0ef3415588718a4305ffe57a6e5790bf855ddbf81fbb48092a7a74e3f4bbd",
    "raze": "896e9190aca14f14c8ecb24cb427138b53811ef4a97c141200d3fcd5202a812d",
    "recruit": "36fe90e0543640323a25e21a9375c41666e37038dc379d254a4f083d9fa5698b",
    "mercenaries": "5c61e8bd80a6d5daddf05e743e887be5b7aff9623441e2824024c8339e986c92",
    "export": "bc40d96d66140edf1f198dbfc1c409dfc6ba64d845fc9469bec046293f45bfee",
    "post": "3aea72a46a560ba0d7c3d60f7cdfcd25cff5358f0490bc17a578d7292cc38b7a",
    "pawn": "bd7710e36940a3b927d445b90f9edf23ac7b095b1a78b43fc65397f3f0a2ad1b",
    "favor": "b44235610b2644830c5cce6c4883e4128dbbe322c86a360fcf70c0532ad91010",
    "royal claim": "190b2050c6a94c5cff5f65878f84bf45316a91ca47ed260da5dd42c6b709ec82",
    "first": "99583b0b06c4d16395c62b1c0215443bc34442995a5cd4e94f8d68cd2e97d279",
    "parliament": "ea38ae25e2f49a2e6b7cb91dbbff6657cee0bce26a7ac1ea4dabf08e0446ee17",
    # revision 11 (main numbered its records 9): 71fefe7's engine
    "ruin raze": "9988e3bb2782a2748878c7b1c5c259e3677d2e2a7496b4b9293c4e27a234af00",
    "ruin explore": "67a0c624b5ab908c1a43d81ec82d7012a81319d8a9df73db2a26074b8867df25",
    "mycelium": "cd50e29d77fefb3912ff7d003fa1365b80563f05cc2318b3065a0b69548c38d9",
    # revision 11 (main numbered its records 9): 8b3bd0b's engine, with the twelve characters
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


# --- revision 10: the Vagabond characters checked against appendix V (vb-review); their older rules, revision 11 ----

Script = Callable[[rules.GameState], list[str] | None]


def _scripted(flag: str, options: dict[str, object], script: Script, seed: int = 1, number: int = 11) -> Record:
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


def test_a_hideout_of_revision_11_was_refused_in_a_forest() -> None:
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


def test_a_coerced_card_of_revision_11_stood_in_after_the_jailor_left_its_clearing() -> None:
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


def test_a_jailor_of_revision_11_could_not_coerce_for_the_riverfolks_services() -> None:
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


def test_a_vagrant_of_revision_11_made_no_rival_battle_its_own_teammate() -> None:
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


def test_a_glide_of_revision_11_flew_out_of_a_face_up_snare() -> None:
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


def test_a_vagabond_of_revision_11_paid_for_a_service_with_his_first_face_up_items() -> None:
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


def test_the_marquise_of_revision_11_placed_pieces_in_a_snared_clearing() -> None:
    """Before revision 12 the Marquise placed wood at a sawmill (and recruited, overworked) where a Corvid face-up
    snare forbids her placing pieces (13.7.2)."""
    record = _first(
        "marquise_places_anywhere", MARQUISE_CORVIDS, 11, range(1, 9), nudge=_snare_a_sawmill(), prefer=_snaring
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


def test_the_corvids_recruit_of_revision_11_filled_the_clearings_in_number_order_when_short() -> None:
    """Before revision 12 a recruit short of warriors placed them in the lowest numbered clearings of the suit; today
    the Corvids name the clearings (1.5.4)."""
    record = _first(
        "corvids_recruit_in_order",
        MARQUISE_CORVIDS,
        11,
        range(1, 9),
        nudge=_crowd_the_corvids(),
        prefer=lambda s, actions: [a for a in actions if a.verb == "recruit"],
    )
    old = _as_the_old_engine("short recruit", record)
    assert record.actions[-1].startswith("recruit ") and old.seats[old.seat_of("corvids") or 0].supply["warrior"] == 0
    assert _last_line_today(record) is None  # today the plain recruit is ambiguous: the Corvids name the clearings


# --- revisions 9 and 11: the Hundreds', the Duchy's and the Riverfolk's readings main changed since 60bd46f ---------
# (records of revision 9 replay as 01daab9's engine played them; of revision 11, as 71fefe7's)


def _fetch(state: rules.GameState, key: str, to: str) -> str | None:
    """An edit bringing a card from the deck, the discard pile or a hand to a place (None: it lies elsewhere)."""
    places = [("deck", state.deck), ("discard", state.discard), *((f"hand:{s.faction}", s.hand) for s in state.seats)]
    return next((f"!card {key} {name} {to}" for name, pile in places if any(card(c).key == key for c in pile)), None)


def _strikes_on(kind: str) -> Prefer:
    """The Strikes on a kind of piece."""
    return lambda s, actions: [a for a in actions if a.verb == "strike" and a.notation().split()[-1] == kind]


def test_an_infected_warlord_of_revision_9_was_moved_by_the_spore() -> None:
    """Before 76ad3f8 the Spore moved the Hundreds' infected warlord in its own turn (14.2.2: only the Hundreds move
    it, in their own turn)."""
    record = _first("warlord_moved_by_others", {"factions": ["hundreds", "spore", "tinker"]}, 9, range(2, 3))
    old = _as_the_old_engine("warlord", record)
    src, dst = (int(c) for c in record.actions[-1].split()[1].split(">"))
    assert old.clearings[dst - 1].get("hundreds:warlord:spore") and not old.clearings[src - 1].get(
        "hundreds:warlord:spore"
    )
    assert _last_line_today(record) is None  # today that move is refused


def _warlord_by_the_vagabond() -> Nudge:
    """Once, in the Vagabond's Daylight with a crossbow ready: the warlord shifted into his clearing."""
    done: list[bool] = []

    def nudge(state: rules.GameState) -> list[str]:
        seat, here, warlord = rules.to_act(state), vb.clearing(state, "vagabond"), hb.warlord_at(state)
        if done or seat != state.seat_of("vagabond") or state.turn.step != "vagabond.daylight":
            return []
        ready = any(i["item"] == "crossbow" and items.is_ready(i) for i in state.seats[seat].items)
        if not ready or here is None or warlord is None or warlord == here:
            return []
        done.append(True)
        return [f"!shift {warlord}>{here} hundreds:warlord x1"]

    return nudge


def test_a_strike_of_revision_9_was_offered_on_the_warlord_and_removed_nothing() -> None:
    """Before c5ab522 the Vagabond's Strike was offered on the warlord, which only battle removes: the crossbow was
    exhausted for nothing."""
    record = _first("strike_on_warlord", {"factions": ["hundreds", "vagabond", "marquise"]}, 9, range(1, 2),
                    nudge=_warlord_by_the_vagabond(), prefer=_strikes_on("warlord"))
    old = _as_the_old_engine("strike", record)
    assert record.actions[-1] == "strike hundreds warlord" and hb.warlord_at(old) is not None
    assert any(i["item"] == "crossbow" and i["exhausted"] for i in old.seats[old.seat_of("vagabond")].items)
    assert _last_line_today(record) is None  # today no Strike is offered on it


def _cobbler_over_the_burrow() -> Nudge:
    """Once, in the Duchy's Daylight with warriors in the Burrow and a tunnel on the map: Cobbler crafted for it, and
    every Duchy warrior on the map removed (only moves out of the Burrow are left)."""
    done: list[bool] = []

    def nudge(state: rules.GameState) -> list[str]:
        duchy = state.seat_of("duchy")
        if done or duchy is None or state.turn.seat != duchy or not db.burrow(state, duchy) or not db.tunnels(state):
            return []
        edit = _fetch(state, "cobbler", "crafted:duchy")
        if edit is None:
            return []
        done.append(True)
        here = [(c, p["duchy:warrior"]) for c, p in enumerate(state.clearings, start=1) if p.get("duchy:warrior")]
        return [edit, *(f"!remove {c} duchy:warrior x{n}" for c, n in here)]

    return nudge


def test_cobbler_of_revision_9_granted_the_duchy_no_move_through_the_burrow() -> None:
    """Before 237a0c3 (and 76ad3f8 for the warlord's lead) a move Cobbler grants was a plain move of warriors: with its
    warriors only in the Burrow the Duchy was not offered Cobbler at all."""
    record = _first("granted_moves_plain", {"factions": ["duchy", "marquise"]}, 9, range(1, 2),
                    nudge=_cobbler_over_the_burrow(), prefer=lambda s, actions: [a for a in actions if a.verb == "end"])
    old, today = _as_the_old_engine("cobbler", record), _last_line_today(record)
    assert today is not None and [d["kind"] for d in today.pending] == ["cobbler"]
    assert not any(d["kind"] == "cobbler" for d in old.pending)


def _looting(_state: rules.GameState, actions: list[rules.Action]) -> list[rules.Action]:
    """Loot and plunder when asked; else a battle against the Marquise."""
    return [a for a in actions if a.verb in ("loot", "plunder")] or [
        a for a in actions if a.verb == "battle" and a.notation().endswith("marquise")
    ]


def test_command_and_prowess_of_revision_9_were_counted_as_their_step_began() -> None:
    """Before 76ad3f8 an item the Hundreds looted in the middle of the step that spends Command or Prowess added no
    action there (14.5.2-3: they count as they stand)."""
    record = _first("hoard_counted_at_start", {"factions": ["hundreds", "marquise"]}, 9, range(1, 2), prefer=_looting)
    old, today = _as_the_old_engine("hoard", record), _last_line_today(record)
    assert today is not None

    def left(s: rules.GameState) -> int:
        return sum(int(s.turn.flags.get(k, 0)) for k in ("commands", "advances"))

    assert left(today) == left(old) + 1


def test_a_raze_of_revision_9_took_the_ruins_first_item_unmarked() -> None:
    """Before 76ad3f8 a mob took the first of the two items under a ruin (two Vagabonds), unmarked, and the mob die was
    rolled as Raze ended; today the Hundreds look at both and choose."""
    options = {"factions": ["hundreds", "vagabond", "vagabond2", "spinners"]}
    record = _first("raze_takes_first", options, 9, range(1, 2))
    old, today = _as_the_old_engine("raze", record), _last_line_today(record)
    assert today is not None and today.pending[0].get("what") == "ruin"
    hundreds = old.seat_of("hundreds")
    assert old.seats[hundreds].items and not any(i.get("ruin") for i in old.seats[hundreds].items)


def test_a_recruit_of_revision_9_short_of_warriors_placed_them_in_clearing_order() -> None:
    """Before 76ad3f8 warriors too few for every stronghold were placed in clearing order (14.4.2: the Hundreds
    choose)."""
    options = {"factions": ["hundreds", "vagabond", "vagabond2", "spinners"]}
    record = _first("recruit_in_order", options, 9, range(5, 6))
    old, today = _as_the_old_engine("recruit", record), _last_line_today(record)
    assert today is not None and today.turn.flags.get("recruit") and today.turn.step == "hundreds.recruit"
    assert not old.turn.flags.get("recruit") and old.seats[old.seat_of("hundreds")].supply.get("warrior", 0) == 0


def test_the_riverfolk_of_revision_9_offered_no_mercenaries() -> None:
    """Before 4ba4cd8 the Company's offer named hand cards and riverboats only (11.2.7.3)."""
    record = _first("no_mercenaries", {"factions": ["riverfolk", "vagabond", "eyrie"]}, 9, range(1, 2))
    old, today = _as_the_old_engine("mercenaries", record), _last_line_today(record)
    assert today is not None
    assert "mercenaries" not in old.pending[0]["prompt"] and "buy mercenaries" in today.pending[0]["prompt"]


def _missing_items_exportable(state: rules.GameState) -> list[str]:
    """Whenever the Company may export a card that makes an item: that item's supply emptied (laid in clearing 1)."""
    seat = rules.to_act(state)
    if seat != state.seat_of("riverfolk") or state.turn.step != "riverfolk.daylight":
        return []
    for action in rules.legal_actions(state, seat, verb="export"):
        item = keys()[action.card].item
        if item:
            return [f"!lay {item} 1"] * supply_at(state, 1).get(item, 0)
    return []


def _exports_of_missing_items(state: rules.GameState, actions: list[rules.Action]) -> list[rules.Action]:
    made = [(a, keys()[a.card].item) for a in actions if isinstance(a, Export)]
    return [a for a, item in made if item and not supply_at(state, 1).get(item)]


def test_an_export_of_revision_9_took_a_card_whose_item_was_gone() -> None:
    """Before cef7558 the Company could export a card it could not craft, its item gone from the supply (the FAQ on
    11.5.3)."""
    record = _first("export_any_paid", {"factions": ["riverfolk", "marquise"]}, 9, range(2, 3),
                    nudge=_missing_items_exportable, prefer=_exports_of_missing_items)
    old = _as_the_old_engine("export", record)
    assert record.actions[-1].startswith("export ") and keys()[record.actions[-1].split()[1]].item
    assert old.seats[old.seat_of("riverfolk")].points or old.discard
    assert _last_line_today(record) is None  # today refused: it could not be crafted


def _posts_in_the_keep(state: rules.GameState, actions: list[rules.Action]) -> list[rules.Action]:
    keep = next((c for c, pieces in enumerate(state.clearings, start=1) if pieces.get("marquise:keep")), None)
    return [a for a in actions if isinstance(a, Post) and a.clearing == keep]


def test_a_trade_post_of_revision_9_went_into_the_keeps_clearing() -> None:
    """Before cef7558 a trade post could be established where the Company may place no token (11.5.6, 6.2.2: the
    keep)."""
    record = _first("post_where_ruled", {"factions": ["riverfolk", "marquise"]}, 9, range(1, 2),
                    prefer=_posts_in_the_keep)
    old = _as_the_old_engine("post", record)
    cid = int(record.actions[-1].split()[1])
    here = old.clearings[cid - 1]
    assert here.get("marquise:keep") and any(k.startswith("riverfolk:") for k in here)
    assert _last_line_today(record) is None


def _pawn_at_a_post(state: rules.GameState) -> list[str]:
    """In another seat's Daylight: the Vagabond's pawn shifted into a trade post clearing."""
    posts, here = rf.post_clearings(state), vb.clearing(state, "vagabond")
    if rules.to_act(state) == state.seat_of("vagabond") or not posts or here is None or here in posts:
        return []
    return [f"!shift {here}>{posts[0]} vagabond:pawn x1"]


def _trading(_state: rules.GameState, actions: list[rules.Action]) -> list[rules.Action]:
    """Trade posts established, services priced at 1 and bought whenever they may be."""
    return [a for a in actions if isinstance(a, (Buy, Post)) or (isinstance(a, Cost) and a.notation().endswith(" x1"))]


def test_the_vagabonds_pawn_of_revision_9_counted_twice_towards_his_services() -> None:
    """Before cef7558 the Vagabond's pawn in a trade post clearing added two services, not one (11.2.6.2): the offer
    stayed open after his second purchase."""
    options = {"factions": ["riverfolk", "vagabond", "marquise"]}
    record = _first("services_pawn_twice", options, 9, range(5, 6), nudge=_pawn_at_a_post, prefer=_trading)
    old, today = _as_the_old_engine("pawn", record), _last_line_today(record)
    assert record.actions[-1].startswith("buy ") and today is not None
    vagabond = old.seat_of("vagabond")
    assert any(a.verb == "buy" for a in rules.legal_actions(old, vagabond))  # a third service on offer
    assert not any(a.verb == "buy" for a in rules.legal_actions(today, vagabond))  # today two were all he may buy


def test_a_favor_of_revision_9_cost_the_duchy_a_price_of_failure_per_clearing() -> None:
    """Before a2053da a Favor removing Duchy buildings in several clearings cost a Price of Failure for each (12.2.3:
    one, the pieces being removed at once)."""
    record = _first("price_per_favor_clearing", {"factions": ["duchy", "marquise", "alliance"]}, 9, range(6, 7))
    old, today = _as_the_old_engine("favor", record), _last_line_today(record)
    assert record.actions[-1].startswith("craft favor-") and today is not None
    prices = [len([d for d in s.pending if d.get("what") == "failure"]) for s in (old, today)]
    assert prices[0] > prices[1] == 1


def _royal_claim_for_the_duchy() -> Nudge:
    """Once: Royal Claim crafted for the Duchy."""
    done: list[bool] = []

    def nudge(state: rules.GameState) -> list[str]:
        edit = None if done else _fetch(state, "royal-claim", "crafted:duchy")
        done.append(edit is not None)
        return [edit] if edit else []

    return nudge


def test_royal_claim_of_revision_9_counted_the_map_alone_for_the_duchy() -> None:
    """Before 237a0c3 (and the game option duchy_royal_claim, absent from such records) Royal Claim left out the
    Burrow the Duchy always rules (12.2.2)."""
    record = _first("royal_claim_map_only", {"factions": ["duchy", "marquise"]}, 9, range(1, 2),
                    nudge=_royal_claim_for_the_duchy(),
                    prefer=lambda s, actions: [a for a in actions if a.notation() == "use royal-claim"])
    old, today = _as_the_old_engine("royal claim", record), _last_line_today(record)
    duchy = old.seat_of("duchy")
    assert record.actions[-1] == "use royal-claim" and today is not None
    assert today.seats[duchy].points == old.seats[duchy].points + 1


def _offered_more(
    flag: str, options: dict[str, object], number: int, seed: int, stir: float = 0.0, prefer: Prefer | None = None
) -> tuple[Record, list[str]] | None:
    """A random walk under an older revision up to the first moment at which more is offered when only `flag` is taken
    as today's (a difference in what may be chosen, which no record of the revision chose): its record and what only
    today's rules offer (None when no moment does in time)."""
    chooser = random.Random(seed)
    state = rules.replay(Record(options, seed, rules=number))
    ablated = replace(state.legacy, **{flag: False})
    lines: list[str] = []
    while not state.over and len(lines) < 1500:
        seat = rules.to_act(state)
        assert seat is not None
        choices = _known_then(state, seat)
        today = {a.notation() for a in _known_then(_under(state, ablated), seat)}
        extra = sorted(today - {a.notation() for a in choices})
        if extra:
            return Record(options, seed, lines, rules=number), extra
        calm = stir and not state.pending and state.turn.phase != "setup"
        stirred = mode_of(state).playout_stir(state, chooser) if calm and chooser.random() < stir else None
        text = stirred or chooser.choice((prefer(state, choices) if prefer else None) or choices).notation()
        lines.append(text)
        played = _played(state, text)
        assert played is not None, text
        state = played
    return None


def test_the_riverfolk_of_revision_9_could_not_choose_whose_funds_go_first() -> None:
    """Before af888e6 the most plentiful owner's funds always went first: no `first` was offered (11.2.4)."""
    found = _offered_more("no_first_choice", {"factions": ["riverfolk", "marquise", "eyrie"]}, 9, 1)
    assert found is not None
    record, extra = found
    _as_the_old_engine("first", record)
    assert extra and all(a.startswith("first ") for a in extra)


def test_parliament_of_revision_9_paid_for_no_search_or_seizure_3x3() -> None:
    """Before a2053da the moves and battles of the Duchy's ministers in Parliament paid for no 3x3 search or seizure."""
    options = _teams("duchy", "marquise", "eyrie", "alliance", "vagabond", "hundreds")
    found = _offered_more("parliament_pays_no_search", options, 9, 1, stir=0.05)
    assert found is not None
    record, extra = found
    _as_the_old_engine("parliament", record)
    assert extra and all(a.split()[0] in ("search", "seize", "minister") for a in extra)


# --- revision 13: the ruins of two item sets and the Strike on mycelium ----------------------------------------------


@pytest.mark.parametrize(("name", "seed"), [("ruin raze", 7), ("ruin explore", 8)])
def test_a_ruin_of_revision_11_with_one_kind_to_take_was_taken_for_the_explorer(name: str, seed: int) -> None:
    """Before revision 13, with two item sets, the engine took a lone kind under a ruin for the one taking it (two
    alike, or one of a kind held from a ruin; here the Hundreds razing, then the Vagabond exploring): the table learned
    what lay there. Today they are asked, whatever lies there."""
    options = {"factions": ["hundreds", "vagabond", "vagabond2"]}
    record = _first("ruin_lone_choice_taken", options, 11, range(seed, seed + 1))
    old, today = _as_the_old_engine(name, record), _last_line_today(record)
    assert today is not None and today.pending[0].get("what") == "ruin" and today.pending[0].get("always_asked")
    assert not any(d.get("what") == "ruin" for d in old.pending)


def test_a_strike_of_revision_11_was_offered_on_mycelium() -> None:
    """Before revision 13 the Vagabond's Strike was offered on the Spore's mycelium, which only battle removes."""
    record = _first("strike_on_mycelium", {"factions": ["spore", "eyrie", "vagabond"]}, 11, range(4, 5),
                    prefer=_strikes_on("mycelium"))
    old = _as_the_old_engine("mycelium", record)
    assert record.actions[-1] == "strike spore mycelium"
    assert any(i["item"] == "crossbow" and i["exhausted"] for i in old.seats[old.seat_of("vagabond")].items)
    assert _last_line_today(record) is None


def test_records_main_numbered_9_are_identified_by_the_state_they_saved() -> None:
    """01daab9 numbered its records 9 and played revision 9; main from 1189e2e to c5494a7 numbered them 9 too but
    played revision 11 (the Hundreds', Duchy's and Riverfolk's finishes): each is identified by its engine's digest,
    as the newest revision that replays it alike (here 12, as nothing of the Vagabonds' or the Corvids' reviews was
    met)."""
    options = {"factions": ["hundreds", "vagabond", "vagabond2", "spinners"]}
    older = replace(_first("raze_takes_first", options, 9, range(1, 2)), rules=None)
    assert identify(older, digest=OLD_ENGINE["raze"]) == 9
    newer = replace(_first("ruin_lone_choice_taken", {"factions": ["hundreds", "vagabond", "vagabond2"]}, 11,
                           range(7, 8)), rules=None)
    assert identify(newer, digest=OLD_ENGINE["ruin raze"]) == 12


def test_a_cornered_spinners_of_revision_14_was_offered_clearings_near_the_border_as_the_edge() -> None:
    """Before revision 15 a corner faction with no corner left took clearings drawn near the border for the map edge:
    in 3x3 the Spinners, third corner faction of team A, were offered Autumn's 12, inside the Law's edge (21)."""
    options = _teams("marquise", "eyrie", "spinners", "alliance", "vagabond", "tinker")
    state, chooser = rules.replay(Record(options, 1, rules=14)), random.Random(0)
    while rules.to_act(state) != state.seat_of("spinners"):
        state = rules.apply(state, chooser.choice(rules.legal_actions(state, rules.to_act(state))))[0]
    spinners = state.seat_of("spinners")
    old = set(mode_of(state).corner_fallback(state, spinners))
    today = replace(state, legacy=None)
    law = set(mode_of(today).corner_fallback(today, spinners))
    assert 12 in old and 12 not in law and not state.board.is_edge(12)
    assert law and law <= state.board.edge and old - law
