"""Two Vagabonds at one table (`vagabond` and `vagabond2`): each keeps his own pawn, character, items,
relationships and completed quests; the three face-up quests are shared."""

from __future__ import annotations

import pytest
from rules_helpers import check, clear_map, force_dice, goto, hand_keys, legal, play, play_events, public_text, set_hand
from vagabond_helpers import item_specs, offer, set_items

import rules
from rules import registry
from rules.errors import IllegalActionError
from rules.factions.vagabond import board as vb
from rules.map_pieces import shift
from rules.playout import play as playout
from rules.state import GameState

M, E, V1, V2 = 0, 1, 2, 3
FACTIONS = ["marquise", "eyrie", "vagabond", "vagabond2"]


def two_vb_setup(seed: int = 1) -> GameState:
    """A four-seat game with both Vagabonds, played until the first Vagabond chooses a character."""
    state = rules.new_game({"factions": FACTIONS, "first_player": 0}, seed)
    return play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")


def two_vb_game(seed: int = 1) -> GameState:
    """Past setup: the first Vagabond the Thief in forest C, the second the Ranger in forest E."""
    state = two_vb_setup(seed)
    return play(state, "character thief", "pawn fC", "character ranger", "pawn fE")


def two_vb_blank(where1: int | str = 5, where2: int | str = 5) -> GameState:
    """Past setup with an empty map but both pawns (at where1 and where2), empty hands, nothing pending."""
    state = two_vb_game()
    clear_map(state)
    for fid, where in ((vb.ID, where1), (vb.ID2, where2)):
        here = vb.where(state, fid)
        assert here is not None
        shift(state, vb.pawn(fid), here, where, 1)
    for seat in range(len(state.seats)):
        set_hand(state, seat)
    state.pending = []
    state.battle = None
    return check(state)


def test_the_second_vagabond_is_a_faction_of_its_own() -> None:
    second = registry.faction("vagabond2")
    assert second.name == "Second Vagabond" and second.kind == "vagabond" and second.playable
    assert registry.find_faction("vb2") == registry.find_faction("Second-Vagabond") == "vagabond2"
    others = {registry.faction(f).colour.lower() for f in registry.all_ids() if f != "vagabond2"}
    assert second.colour.lower() not in others


def test_each_vagabond_has_his_own_pawn() -> None:
    state = two_vb_game()
    assert state.forests["C"] == {"vagabond:pawn": 1} and state.forests["E"] == {"vagabond2:pawn": 1}
    assert vb.where(state, vb.ID) == "C" and vb.where(state, vb.ID2) == "E"
    assert rules.problems(state) == []


def test_characters_cannot_be_shared() -> None:
    state = play(two_vb_setup(), "character thief", "pawn fC")
    assert legal(state) == [f"character {c}" for c in vb.character_names() if c != "thief"]
    assert registry.of(state, V2).setup_prompt(state, V2).startswith("choose a character: tinker, ranger, vagrant")
    with pytest.raises(IllegalActionError, match="another Vagabond is the Thief"):
        play(state, "character thief")


def test_each_keeps_his_own_starting_items() -> None:
    state = two_vb_game()
    assert item_specs(state, V1) == ["boots", "sword", "tea", "torch"]  # the Thief
    assert item_specs(state, V2) == ["boots", "crossbow", "sword", "torch"]  # the Ranger
    assert rules.problems(state) == []  # both boxes of starting items are accounted for


def test_9_3_relationships_hold_a_marker_for_each_non_vagabond_faction_only() -> None:
    # The Law: a relationship marker for each non-Vagabond faction; the other Vagabond is not on the chart.
    state = two_vb_game()
    assert state.seats[V1].data["relations"] == {"marquise": 0, "eyrie": 0}
    assert state.seats[V2].data["relations"] == {"marquise": 0, "eyrie": 0}
    assert "Second Vagabond" not in "\n".join(registry.of(state, V1).panel(state, V1))


def test_9_2_9_aiding_the_other_vagabond_gives_the_card_but_moves_no_relationship_and_scores_nothing() -> None:
    state = two_vb_blank(where1=1, where2=1)
    set_items(state, "boots", seat=V1)
    set_hand(state, V1, "ambush-fox")
    state = goto(check(state), V1, "vagabond.daylight")
    state = play(state, "aid vagabond2 ambush-fox")  # the only item, boots, is exhausted; nothing to claim
    assert "vagabond2" not in state.seats[V1].data["relations"] and state.seats[V1].points == 0
    assert hand_keys(state, V2) == ["ambush-fox"]


def test_the_face_up_quests_are_shared_and_each_keeps_the_quests_he_completes() -> None:
    state = two_vb_game()
    assert len(vb.offered(state)) == 3 and len(state.piles[vb.QUEST_DECK]) == 12  # dealt once for the table
    state = two_vb_blank(where1=1, where2=1)  # clearing 1 is a fox clearing
    offer(state, "errand-fox", "give-a-speech-fox", "repair-a-shed")
    set_items(state, "tea", "boots", "torch", "hammer", seat=V1)
    set_items(state, "torch", "tea", seat=V2)
    state = goto(check(state), V2, "vagabond.daylight")
    assert legal(state, "quest") == ["quest give-a-speech-fox score", "quest give-a-speech-fox draw"]
    state = play(state, "quest give-a-speech-fox score")
    assert [vb.quest(q).key for q in vb.done(state, vb.ID2)] == ["give-a-speech-fox"]
    assert vb.done(state, vb.ID) == [] and state.seats[V2].points == 1
    offered = [vb.quest(q).key for q in vb.offered(state)]
    assert len(offered) == 3 and "give-a-speech-fox" not in offered
    offer(state, "errand-fox", "repair-a-shed", offered[-1])
    state = goto(check(state), V1, "vagabond.daylight")
    state = play(state, "quest errand-fox score")
    assert state.seats[V1].points == 1  # his first fox quest: the other Vagabond's does not count
    state = play(state, "quest repair-a-shed score")
    assert state.seats[V1].points == 1 + 2
    view = rules.view_for(state, V1)
    assert [c["name"] for c in view["seats"][V1]["play_area"]] == ["Errand", "Repair a Shed"]
    assert [c["name"] for c in view["seats"][V2]["play_area"]] == ["Give a Speech"]
    assert rules.problems(state) == []


def test_in_a_battle_between_them_the_hits_damage_each_one_own_items() -> None:
    state = two_vb_blank(where1=5, where2=5)
    set_items(state, "sword", "sword", "boots", seat=V1)
    set_items(state, "sword", "tea", seat=V2)
    state = goto(check(state), V1, "vagabond.daylight")
    assert legal(state, "battle") == ["battle 5 vagabond2"]
    state = play(force_dice(state, 2, 1), "battle 5 vagabond2")
    assert item_specs(state, V2) == ["sword:damaged", "tea:damaged"]  # two hits: both his items
    assert state.pending[0]["faction"] == "vagabond" and state.pending[0]["seat"] == V1
    state = play(state, "damage boots")
    assert item_specs(state, V1) == ["boots:damaged", "sword", "sword:exhausted"]
    assert rules.problems(state) == []


def test_each_vagabond_slips_his_own_pawn() -> None:
    state = two_vb_blank(where1="C", where2="E")
    state = goto(check(state), V2, "vagabond.slip")
    assert all(text.startswith("move fE>") for text in legal(state, "move"))
    with pytest.raises(IllegalActionError, match="the pawn is in forest E"):
        play(state, "move fC>5")


def test_a_short_game_with_both_vagabonds_has_no_violations() -> None:
    result = playout({"factions": FACTIONS, "round_limit": 6}, 3)
    assert result.violations == []
    assert result.state is not None and result.state.over and result.record is not None
    state, acted = rules.new_game(result.record.options, result.record.seed), [0, 0, 0, 0]
    for text in result.record.actions:  # whose actions they were
        seat = rules.to_act(state)
        assert seat is not None
        acted[seat] += 1
        state, _ = rules.apply(state, rules.parse(state, text))
    assert acted[V1] > 10 and acted[V2] > 10
    characters = {result.state.seats[s].data["character"] for s in (V1, V2)}
    assert len(characters) == 2 and None not in characters


def test_a_vagabond_in_the_other_s_coalition_forms_none_of_his_own() -> None:
    state = two_vb_blank(where1=5, where2=5)
    for seat, points in ((M, 11), (E, 11), (V1, 12), (V2, 10)):
        state.seats[seat].points = points
    set_hand(state, V1, "dominance-fox")
    state = goto(check(state), V1, "vagabond.daylight")
    assert legal(state, "coalition") == ["coalition dominance-fox vagabond2"]
    state = play(state, "coalition dominance-fox vagabond2")
    set_hand(state, V2, "dominance-rabbit")
    state.seats[V2].points = 10
    state = goto(check(state), V2, "vagabond.daylight")
    assert legal(state, "coalition") == []
    with pytest.raises(IllegalActionError, match="you are in the Vagabond's coalition already"):
        play(state, "coalition dominance-rabbit marquise")


def test_five_seats_with_both_vagabonds_play_without_violations() -> None:
    factions = ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"]
    result = playout({"factions": factions, "round_limit": 3}, 5)
    assert result.violations == []
    assert result.state is not None and result.state.over and result.state.turn.round == 3
    assert [s.faction for s in result.state.seats] == factions


# --- the Law's "Playing with Two Vagabonds": two items under each ruin ----------------------------

RUIN = 10  # an Autumn ruin


def _ruin(state: GameState, cid: int, first: str | None, second: str | None) -> GameState:
    """Put chosen items under a ruin (item counts are not kept: no invariant check after this)."""
    state.ruins[cid - 1], state.second_ruins[cid - 1] = first, second
    return state


def _explorer(first: str | None, second: str | None, *held: str) -> GameState:
    """The first Vagabond's Daylight at the ruin of clearing 10, with a torch and the items named."""
    state = two_vb_blank(where1=RUIN, where2=1)
    _ruin(state, RUIN, first, second)
    set_items(state, "torch", *held, seat=V1)
    return goto(state, V1, "vagabond.daylight")


def _ruin_items(state: GameState) -> list[str]:
    return sorted(i for i in state.ruins + state.second_ruins if i)


def test_two_vagabonds_put_both_sets_of_r_items_two_under_each_ruin() -> None:
    state = two_vb_game()
    ruined = [cid for cid in state.board.ids() if state.board.clearing(cid).ruin]
    assert all(state.ruins[c - 1] and state.second_ruins[c - 1] for c in ruined)
    assert _ruin_items(state) == sorted(["boots", "hammer", "sack", "sword"] * 2)
    assert rules.problems(state) == []


def test_one_vagabond_keeps_one_item_under_each_ruin_and_the_saved_shape() -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie", "vagabond"], "first_player": 0}, 1)
    assert state.second_ruins == [] and "second_ruins" not in state.to_json()
    assert sorted(i for i in state.ruins if i) == ["boots", "hammer", "sack", "sword"]


def test_the_second_ruin_items_survive_saving_and_loading() -> None:
    state = two_vb_game()
    again = GameState.loads(state.dumps())
    assert again.second_ruins == state.second_ruins and again == state


def test_exploring_two_items_asks_which_and_the_other_stays_hidden() -> None:
    state = _explorer("sword", "hammer")
    state, events = play_events(state, "explore")
    assert legal(state) == ["explore hammer", "explore sword"]
    assert "sword" not in public_text(events) and "hammer" not in public_text(events)
    assert any(e.private.get(V1) == "Under the ruin: sword and hammer." for e in events)
    assert not any(V2 in e.private or M in e.private for e in events)
    for seat in (M, E, V2):  # no other seat's view names them
        assert "hammer" not in str(rules.view_for(state, seat)["pending"])
    state = play(state, "explore hammer")
    assert item_specs(state, V1) == ["hammer", "torch:exhausted"] and state.seats[V1].points == 1
    assert state.ruins[RUIN - 1] == "sword" and state.second_ruins[RUIN - 1] is None  # one item left: still a ruin


def test_an_r_item_he_already_has_from_a_ruin_cannot_be_taken() -> None:
    state = _explorer("sword", "hammer")
    state.seats[V1].items.append({"item": "hammer", "exhausted": False, "damaged": False, "ruin": True})
    state = play(state, "explore")  # only the sword can be taken: no question
    assert state.pending == [] and state.seats[V1].points == 1
    assert sorted(i["item"] for i in state.seats[V1].items) == ["hammer", "sword", "torch"]
    assert state.ruins[RUIN - 1] == "hammer"


def test_an_item_of_the_same_name_not_from_a_ruin_does_not_stop_him() -> None:
    state = _explorer("sword", None, "sword")  # the character's own sword is no "R" item
    state = play(state, "explore")
    assert state.seats[V1].points == 1 and state.ruins[RUIN - 1] is None


def test_exploring_with_nothing_he_may_take_exhausts_the_torch_and_scores_nothing() -> None:
    state = _explorer("sword", "sword")
    state.seats[V1].items.append({"item": "sword", "exhausted": False, "damaged": False, "ruin": True})
    state, events = play_events(state, "explore")
    assert state.seats[V1].points == 0 and "may take nothing" in public_text(events)
    assert item_specs(state, V1) == ["sword", "torch:exhausted"]
    assert (state.ruins[RUIN - 1], state.second_ruins[RUIN - 1]) == ("sword", "sword")


def test_two_of_the_same_item_need_no_choice_and_the_last_one_removes_the_ruin() -> None:
    state = _explorer("sack", "sack")
    state = play(state, "explore")
    assert state.pending == [] and state.ruins[RUIN - 1] == "sack" and state.seats[V1].points == 1
    state.seats[V2].items.append({"item": "torch", "exhausted": False, "damaged": False})
    shift(state, vb.pawn(vb.ID2), 1, RUIN, 1)
    state = play(goto(state, V2, "vagabond.daylight"), "explore")
    assert state.ruins[RUIN - 1] is None and state.seats[V2].points == 1
    assert RUIN not in [c for c in state.board.ids() if rules.view_for(state, M)["clearings"][c - 1]["ruin"]]


def test_the_3x3_mode_keeps_one_item_under_each_of_its_eight_ruins() -> None:
    from rules.modes import find_mode

    assert find_mode("frontier").ruin_sets(2) == 1 and find_mode("standard").ruin_sets(2) == 2


def test_naming_an_item_not_under_the_ruin_or_outside_the_choice_is_refused_and_changes_nothing() -> None:
    state = play(_explorer("sword", "hammer"), "explore")
    before = state.dumps()
    for wrong in ("explore torch", "explore banana", "explore"):
        with pytest.raises(rules.RulesError):
            play(state, wrong)
        assert state.dumps() == before
    daylight = _explorer("sword", "hammer")
    with pytest.raises(rules.RulesError):  # naming the item is the answer to the question, not a Daylight action
        play(daylight, "explore sword")
