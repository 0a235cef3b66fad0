"""The Lord of the Hundreds (Law of Root 14): one test or more per paragraph, each naming its section.

Tables are Marquise (seat 0), Eyrie (seat 1) and Hundreds (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10.
"""

from __future__ import annotations

import copy

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    force_dice,
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
from rules.errors import RulesError
from rules.factions.hundreds import board as hb
from rules.factions.hundreds import hoard, oppressed
from rules.items import make
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "hundreds")
M, E, H = 0, 1, 2


def table(factions: tuple[str, ...] = FACTIONS) -> GameState:
    """A game past setup with an empty map and empty hands."""
    return blank_table(factions)


def stock(state: GameState, seat: int, *names: str) -> GameState:
    """Give a seat items from the item supply (their Crafted Items box, or the Hoard)."""
    supply = next(iter(state.item_supply.values()))
    for name in names:
        supply[name] -= 1
        state.seats[seat].items.append(make(name))
    return state


def refused(state: GameState, text: str) -> str:
    """The refusal of an action, checking the state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RulesError) as err:
        play(state, text)
    assert state == before
    return str(err.value)


# --- 14.3 setup ---------------------------------------------------------------------------------------------------


def test_14_3_2_garrison_in_a_free_corner_opposite_a_starting_corner() -> None:
    """14.3.2: the warlord, four warriors and a stronghold in a corner no one started in; 14.3.4 Stubborn."""
    s = new_table(FACTIONS)
    corners = [c for c in s.board.corners() if s.clearings[c - 1].get(hb.STRONGHOLD)]
    assert len(corners) == 1
    cid = corners[0]
    assert count(s, cid, "hundreds", "warlord") == 1
    assert count(s, cid, "hundreds", "warrior") == hb.GARRISON
    assert hb.mood(s, H) == "stubborn"
    assert not s.clearings[cid - 1].get("marquise:keep")
    check(s)


# --- 14.2.4 the Hoard ---------------------------------------------------------------------------------------------


def test_14_2_4_items_go_on_their_tracks_and_set_command_and_prowess() -> None:
    """14.2.4: boots, sack and coins on Command; hammer, tea, sword and crossbow on Prowess; 1, 2, 2, 3, 4."""
    s = table()
    assert hb.level(s, H, "command") == 1 and hb.level(s, H, "prowess") == 1
    stock(s, H, "boots")
    assert hb.level(s, H, "command") == 2
    stock(s, H, "sack", "coins")
    assert hb.level(s, H, "command") == 3
    stock(s, H, "sword")
    assert hb.level(s, H, "prowess") == 2
    assert hb.hoard(s, H, "command") == ["boots", "sack", "coins"]


def test_14_2_4_1_a_full_track_removes_an_item_for_a_point() -> None:
    """14.2.4.I: gaining onto a full track, one item of it (the gained one or another) is removed; one point."""
    s = table()
    stock(s, H, "boots", "boots", "sack", "sack")
    s.item_supply[next(iter(s.item_supply))]["coins"] -= 1
    hoard.gain(s, H, "coins", "a test")
    assert s.pending and s.pending[0]["what"] == "unhoard"
    assert sorted(legal(s)) == ["unhoard boots", "unhoard coins", "unhoard sack"]
    s = play(s, "unhoard boots")
    assert hb.hoard(s, H, "command") == ["boots", "sack", "sack", "coins"]
    assert s.seats[H].points == 1
    assert "boots" in s.items_removed
    check(s)


# --- 14.4 Birdsong ------------------------------------------------------------------------------------------------


def test_14_4_1_raze_removes_enemy_buildings_and_tokens_and_takes_a_ruin_item() -> None:
    """14.4.1: a mob removes enemy buildings and tokens (scoring as usual), leaves warriors, and takes the ruin's item
    into the Hoard, removing the ruin with its last item."""
    s = table()
    assert s.ruins[10] == "sword"  # clearing 11: two slots, one under the ruin
    put(s, 11, "hundreds", "mob")
    put(s, 11, "eyrie", "roost")
    put(s, 11, "marquise", "wood")
    put(s, 11, "marquise", "warrior")
    s = goto(check(s), H, "hundreds.raze")
    assert not s.clearings[10].get("eyrie:roost") and not s.clearings[10].get("marquise:wood")
    assert s.clearings[10].get("marquise:warrior") == 1
    assert s.seats[H].points == 2
    assert hb.hoard(s, H, "prowess") == ["sword"] and s.ruins[10] is None
    check(s)


def test_14_4_1_the_mob_die_spreads_a_mob_next_to_a_mob() -> None:
    """14.4.1: after razing, the mob die's suit places a mob in a matching clearing with none, next to a mob."""
    s = table()
    put(s, 12, "hundreds", "mob")  # next to 4, 7, 9, 10, 11: one clearing of every suit
    put(s, 12, "hundreds", "warrior")
    found = None
    for position in range(40):
        trial = table()
        put(trial, 12, "hundreds", "mob")
        trial.rng = position
        trial = goto(trial, H, "hundreds.raze")
        if trial.turn.flags.get("spread"):
            found = trial
            break
    assert found is not None
    shown = found.turn.flags["spread"]
    sites = hb.spread_sites(found, shown)
    assert sites and all(found.suits[c - 1] == shown and c in found.board.adjacent_to(12) for c in sites)
    assert sorted(legal(found)) == sorted(f"mob {c}" for c in sites)
    found = play(found, f"mob {sites[0]}")
    assert found.clearings[sites[0] - 1].get(hb.MOB) == 1


def test_14_4_2_recruit_prowess_with_the_warlord_and_one_per_stronghold() -> None:
    """14.4.2: warriors equal to Prowess in the warlord's clearing, then one per stronghold."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 8, "hundreds", "stronghold", 2)
    stock(s, H, "sword")  # Prowess 2
    s = goto(s, H, "hundreds.recruit")
    assert count(s, 5, "hundreds", "warrior") == 2
    assert count(s, 8, "hundreds", "warrior") == 2


def test_14_4_3_anoint_replaces_a_warrior_with_the_warlord() -> None:
    """14.4.3: the warlord off the map replaces a Hundreds warrior (the player chooses where)."""
    s = table()
    put(s, 5, "hundreds", "warrior")
    put(s, 8, "hundreds", "warrior", 2)
    s = goto(s, H, "hundreds.anoint")
    assert step(s) == (H, "hundreds.anoint")
    assert sorted(legal(s, "anoint")) == ["anoint 5", "anoint 8"]
    assert "has none" in refused(s, "anoint 9")
    s = play(s, "anoint 8")
    assert count(s, 8, "hundreds", "warlord") == 1 and count(s, 8, "hundreds", "warrior") == 1
    check(s)


def test_14_4_3_anoint_places_the_warlord_when_no_warrior_is_on_the_map() -> None:
    """14.4.3: with no Hundreds warrior on the map, the warlord is placed in any clearing."""
    s = table()
    s = goto(s, H, "hundreds.anoint")
    assert len(legal(s, "anoint")) == 12
    s = play(s, "anoint 3")
    assert count(s, 3, "hundreds", "warlord") == 1


def test_14_4_4_choose_a_different_mood_that_shows_no_hoarded_item() -> None:
    """14.4.4: a new mood card, different from the current one and showing no item in the Hoard."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    stock(s, H, "sword")
    s = goto(s, H, "hundreds.mood")
    moods = sorted(a.split()[1] for a in legal(s, "mood"))
    assert "stubborn" not in moods and "wrathful" not in moods and "lavish" in moods
    assert "already Stubborn" in refused(s, "mood stubborn")
    assert "Hoard holds one" in refused(s, "mood wrathful")
    assert "end" not in legal(s)
    s = play(s, "mood rowdy")
    assert hb.mood(s, H) == "rowdy"


def test_14_4_4_a_lavish_warlord_with_no_other_choice_stays_lavish() -> None:
    """14.4.4: Lavish, with every other mood forbidden by the Hoard, remains Lavish."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    s.seats[H].data["mood"] = "lavish"  # type: ignore[typeddict-unknown-key]
    stock(s, H, "hammer", "tea", "boots", "sack", "coins", "crossbow", "sword")
    s = goto(s, H, "hundreds.mood")
    assert legal(s, "mood") == []
    assert hb.mood(s, H) == "lavish"


def test_14_7_4_lavish_removes_items_for_two_warriors_each() -> None:
    """14.7.4: at the end of Birdsong a Lavish warlord removes items for two warriors each in its clearing."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    s.seats[H].data["mood"] = "lavish"  # type: ignore[typeddict-unknown-key]
    stock(s, H, "boots", "sword")
    s = goto(s, H, "hundreds.lavish")
    s = play(s, "lavish boots")
    assert count(s, 5, "hundreds", "warrior") == 2
    assert [i["item"] for i in s.seats[H].items] == ["sword"]
    assert "no boots" in refused(s, "lavish boots")
    check(s)


# --- 14.5 Daylight -------------------------------------------------------------------------------------------------


def test_14_5_2_command_allows_as_many_actions_as_command() -> None:
    """14.5.2: move, battle or build, as many times as Command."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 3)
    stock(s, H, "boots")  # Command 2
    s = goto(s, H, "hundreds.command")
    assert s.turn.flags["commands"] == 2
    s = play(s, "move 5>1 x1", "move 5>2 x1")
    assert step(s)[1] != "hundreds.command"


def test_14_5_2_3_build_a_stronghold_with_a_matching_card_where_you_rule() -> None:
    """14.5.2.III: spend a card matching a clearing you rule to place a stronghold there."""
    s = table()
    put(s, 5, "hundreds", "warrior", 2)
    set_hand(s, H, "root-tea-fox", "a-visit-to-friends")
    s = goto(s, H, "hundreds.command")
    assert "does not match" in refused(s, "stronghold 5 root-tea-fox")
    assert "don't rule" in refused(s, "stronghold 3 a-visit-to-friends")
    s = play(s, "stronghold 5 a-visit-to-friends")
    assert count(s, 5, "hundreds", "stronghold") == 1
    assert hand_keys(s, H) == ["root-tea-fox"]


def test_14_5_3_advance_moves_the_warlord_then_battles_in_its_clearing() -> None:
    """14.5.3: up to Prowess times, move the warlord with warriors, then battle in its clearing."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    put(s, 1, "marquise", "warrior")
    s = goto(s, H, "hundreds.advance")
    assert s.turn.flags["advances"] == 1
    assert "not in clearing 9" in refused(s, "lead 9>1")
    s = play(s, "lead 5>1 x2")
    assert count(s, 1, "hundreds", "warlord") == 1 and count(s, 1, "hundreds", "warrior") == 2
    assert legal(s, "battle") == ["battle 1 marquise"]
    assert legal(s, "lead") == []


def test_14_7_5_relentless_moves_or_battles_once_more() -> None:
    """14.7.5: after an advance that moved and battled, one more move or battle."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 3)
    put(s, 1, "marquise", "warrior")
    s.seats[H].data["mood"] = "relentless"  # type: ignore[typeddict-unknown-key]
    s = goto(s, H, "hundreds.advance")
    s = play(s, "lead 5>1 x3")
    s = play(force_dice(s, 3, 0), "battle 1 marquise")
    while s.pending:
        s = play(s, legal(s)[0])
    assert s.turn.flags.get("relentless") is True
    assert legal(s, "lead")


def test_14_7_2_grandiose_advances_before_commanding() -> None:
    """14.7.2: Grandiose takes Advance the Warlord before Command the Hundreds."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 3)
    s.seats[H].data["mood"] = "grandiose"  # type: ignore[typeddict-unknown-key]
    s = goto(s, H, "hundreds.command")
    assert step(s) == (H, "hundreds.advance")
    s = play(s, "end")
    assert step(s) == (H, "hundreds.command_after")
    assert s.turn.flags["commands"] == 1


# --- 14.6 Evening -------------------------------------------------------------------------------------------------


def test_14_6_1_incite_a_mob_where_a_warrior_is() -> None:
    """14.6.1: spend a card to place a mob in a matching clearing with a Hundreds warrior and no mob."""
    s = table()
    put(s, 5, "hundreds", "warrior")
    put(s, 3, "hundreds", "warrior")
    set_hand(s, H, "a-visit-to-friends", "root-tea-fox", "travel-gear-fox")
    s = goto(s, H, "hundreds.incite")
    assert "has none" in refused(s, "incite 10 a-visit-to-friends")
    assert "not in your hand" in refused(s, "incite 5 bake-sale")
    assert "does not match" in refused(s, "incite 5 root-tea-fox")
    s = play(s, "incite 5 a-visit-to-friends")
    assert count(s, 5, "hundreds", "mob") == 1
    assert "already has a mob" in refused(s, "incite 5 root-tea-fox")


def test_14_7_3_jubilant_rolls_after_an_incite_with_the_warlord() -> None:
    """14.7.3: an Incite in the warlord's clearing lets a Jubilant warlord roll the mob die up to four times."""
    s = table()
    put(s, 12, "hundreds", "warlord")
    s.seats[H].data["mood"] = "jubilant"  # type: ignore[typeddict-unknown-key]
    set_hand(s, H, "root-tea-fox")
    s = goto(s, H, "hundreds.incite")
    s = play(s, "incite 12 root-tea-fox")
    assert s.turn.flags["jubilant"] == 4
    assert "jubilant" in legal(s)
    s = play(s, "jubilant")
    assert s.turn.flags["jubilant"] == 3


def test_14_6_2_oppress_scores_clearings_with_no_enemy_piece() -> None:
    """14.6.2: 1 point for one or two oppressed clearings, 2 for three or four, 3 for five, 4 for six or more."""
    s = table()
    for cid in (1, 2, 3):
        put(s, cid, "hundreds", "warrior")
    put(s, 4, "hundreds", "warrior", 2)
    put(s, 4, "eyrie", "warrior")
    assert oppressed(s, H) == [1, 2, 3]
    s = goto(s, H, "hundreds.oppress")
    assert s.seats[H].points == 2


def test_14_7_6_rowdy_draws_more() -> None:
    """14.7.6: Rowdy draws one more card, two more with three enemy pieces in the warlord's clearing."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    s.seats[H].data["mood"] = "rowdy"  # type: ignore[typeddict-unknown-key]
    faction = registry.of(s, H)
    assert faction.draw_bonus(s, H) == 1
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior")
    assert faction.draw_bonus(s, H) == 2


# --- battle: the warlord, Looters, moods ---------------------------------------------------------------------------


def test_14_2_2_the_warlord_is_not_removed_outside_battle() -> None:
    """14.2.2: a Favor card removes every enemy piece, except the warlord."""
    from rules import crafting

    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    crafting.favor(s, M, "rabbit")
    assert count(s, 5, "hundreds", "warlord") == 1 and count(s, 5, "hundreds", "warrior") == 0


def test_14_2_5_looters_take_an_item_after_a_battle_they_win() -> None:
    """14.2.5: a looting attacker deals no rolled hits and, ruling the clearing after, takes a crafted item."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 3)
    put(s, 5, "marquise", "warrior")
    stock(s, M, "boots")
    s = goto(s, H, "hundreds.command")
    s = force_dice(play(s, "battle 5 marquise"), 3, 1)
    assert s.pending and s.pending[0]["what"] == "loot"
    s = play(s, "loot")
    while s.pending:
        s = play(s, legal(s)[0])
    assert count(s, 5, "marquise", "warrior") == 1  # no rolled hits dealt
    assert "boots" in [i["item"] for i in s.seats[H].items]
    assert s.seats[M].items == []
    check(s)


def test_14_7_8_wrathful_deals_an_extra_hit_as_attacker_with_the_warlord() -> None:
    """14.7.8: an extra hit as attacker in the warlord's clearing."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "marquise", "warrior", 2)
    s.seats[H].data["mood"] = "wrathful"  # type: ignore[typeddict-unknown-key]
    s = goto(s, H, "hundreds.command")
    s = play(force_dice(s, 1, 0), "battle 5 marquise")
    while s.pending:
        s = play(s, legal(s)[0])
    assert count(s, 5, "marquise", "warrior") == 0


def test_14_7_7_stubborn_ignores_the_first_hit_in_the_warlords_clearing() -> None:
    """14.7.7: the first hit the Hundreds take in battle in the warlord's clearing is ignored."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior")
    put(s, 5, "marquise", "warrior", 3)
    s = goto(s, M, "marquise.actions")
    s = play(force_dice(s, 3, 0), "battle 5 hundreds")
    while s.pending:
        s = play(s, legal(s)[0])
    left = count(s, 5, "hundreds", "warlord") + count(s, 5, "hundreds", "warrior")
    assert left == 0  # three hits: one ignored, two remove the warrior and the warlord
    s2 = table()
    put(s2, 5, "hundreds", "warlord")
    put(s2, 5, "hundreds", "warrior", 2)
    put(s2, 5, "marquise", "warrior", 3)
    s2 = goto(s2, M, "marquise.actions")
    s2 = play(force_dice(s2, 2, 0), "battle 5 hundreds")
    while s2.pending:
        s2 = play(s2, legal(s2)[0])
    assert count(s2, 5, "hundreds", "warlord") + count(s2, 5, "hundreds", "warrior") == 2


def test_14_7_1_bitter_removes_mobs_for_warriors_before_the_roll() -> None:
    """14.7.1: in battle in the warlord's clearing, mobs there and next to it become warriors there."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "mob")
    put(s, 1, "hundreds", "mob")
    put(s, 5, "marquise", "warrior")
    s.seats[H].data["mood"] = "bitter"  # type: ignore[typeddict-unknown-key]
    s = goto(s, H, "hundreds.command")
    s = play(s, "battle 5 marquise")
    assert sorted(legal(s)) == ["bitter 1", "bitter 5", "pass"]
    s = play(s, "bitter 5")
    assert sorted(legal(s)) == ["bitter 1", "pass"]
    s = play(s, "bitter 1")
    assert count(s, 5, "hundreds", "warrior") == 2
    assert count(s, 1, "hundreds", "mob") == 0


def test_14_2_3_contempt_for_trade_take_or_score() -> None:
    """14.2.3: a crafted item is taken into the Hoard scoring nothing, or removed for its points."""
    from rules.cards import keys

    s = table()
    put(s, 5, "hundreds", "stronghold")
    item_card = next(k for k, c in keys().items() if c.type == "item" and c.cost == ("rabbit",) and c.vp)
    set_hand(s, H, item_card)
    s = goto(s, H, "hundreds.craft")
    s = play(s, f"craft {item_card}")
    assert s.pending and s.pending[0]["what"] == "contempt"
    assert s.seats[H].points == 0
    s, events = rules.apply(s, rules.parse(s, "contempt score"))
    assert "scores 1 point (Contempt for Trade)" in "\n".join(e.public for e in events)
    assert s.seats[H].items == []
    check(s)


# --- the seeds' Warlord paragraphs (TS.2.5, TS.5.1, SOM.2.4) ----------------------------------------------------------

SPORE_TABLE = ("spore", "eyrie", "hundreds")
SP = 0


def attacked(s: GameState, seat: int, cid: int, defender: str, first: int, second: int) -> GameState:
    """A battle started by a seat in a clearing, the dice forced (the higher die is the attacker's)."""
    from rules.battle import start

    force_dice(check(s), first, second)
    s = goto(s, seat, "daylight.cards")
    start(s, seat, cid, defender)
    rules.flow.advance(s)
    return s


def test_ts_2_5_an_infected_warlord_is_not_used_by_the_hundreds() -> None:
    """TS.2.5: the infected warlord stays on the map for the Spore: no Anoint, no Recruit with it, no Advance."""
    s = table(SPORE_TABLE)
    put(s, 5, "hundreds", "warlord", controller="spore")
    put(s, 5, "hundreds", "warrior")
    assert hb.warlord_at(s) is None and hb.warlord_on_map(s)
    s = goto(s, H, "hundreds.recruit")
    assert count(s, 5, "hundreds", "warrior") == 1  # no Prowess warriors: the warlord is not theirs to recruit with
    assert count(s, 5, "hundreds", "warlord") == 0  # nor is it anointed again
    assert "not under the Hundreds' command" in registry.of(s, H).panel(s, H)[3]
    s = goto(s, H, "hundreds.advance")
    assert legal(s, "lead") == [] and legal(s, "battle") == []


def test_ts_2_5_the_infected_warlord_returns_to_storage_when_removed_then_is_anointed() -> None:
    """TS.2.5: removed (by battle), the infected warlord returns to the Hundreds' supply; Anoint places it again."""
    from rules.pieces import BATTLE
    from rules.removal import take

    s = table(SPORE_TABLE)
    put(s, 5, "hundreds", "warlord", controller="spore")
    put(s, 8, "hundreds", "warrior")
    take(s, 5, "hundreds:warlord:spore", 1, E, BATTLE)
    assert s.seats[H].supply["warlord"] == 1
    s = goto(s, H, "hundreds.anoint")
    assert count(s, 8, "hundreds", "warlord") == 1  # the only clearing with a warrior: anointed there at once


def test_ts_2_5_an_attacker_may_target_the_infected_warlord_before_the_roll() -> None:
    """TS.2.5: an attacker battling the Spore states before the roll that its hit falls on the warlord first."""
    s = table(SPORE_TABLE)
    put(s, 5, "hundreds", "warlord", controller="spore")
    put(s, 5, "hundreds", "warrior", 2, controller="spore")
    put(s, 5, "eyrie", "warrior", 3)
    s = attacked(s, E, 5, "spore", 1, 0)
    assert s.pending and s.pending[0]["what"] == "target" and rules.to_act(s) == E
    assert s.battle is not None and s.battle["stage"] == "roll"  # the dice are not rolled yet
    s = play(s, "target")
    while s.pending:
        s = play(s, legal(s)[0])
    assert not s.clearings[4].get("hundreds:warlord:spore")
    assert s.clearings[4].get("hundreds:warrior:spore") == 2
    assert s.seats[H].supply["warlord"] == 1
    check(s)


def test_ts_2_5_without_a_target_the_spore_chooses_its_hits() -> None:
    """TS.2.5: an attacker who passes leaves the Spore to choose which infected takes the hit."""
    s = table(SPORE_TABLE)
    put(s, 5, "hundreds", "warlord", controller="spore")
    put(s, 5, "hundreds", "warrior", 2, controller="spore")
    put(s, 5, "eyrie", "warrior", 3)
    s = attacked(s, E, 5, "spore", 1, 0)
    s = play(s, "pass")
    assert rules.to_act(s) == SP and sorted(legal(s)) == ["hit warlord hundreds", "hit warrior hundreds"]
    s = play(s, "hit warrior hundreds")
    assert s.clearings[4].get("hundreds:warlord:spore") == 1


def test_ts_5_1_every_other_hundreds_warrior_is_infected_before_the_warlord() -> None:
    """TS.5.1: where a spore target holds the warlord, the other Hundreds warriors there are infected first."""
    from rules.factions import spore

    s = table(SPORE_TABLE)
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    assert spore.infect(s, SP, 5, "hundreds", 2) == 2
    assert s.clearings[4].get("hundreds:warlord") == 1 and s.clearings[4].get("hundreds:warrior:spore") == 2
    assert spore.infect(s, SP, 5, "hundreds", 1) == 1
    assert s.clearings[4].get("hundreds:warlord:spore") == 1
    check(s)


def test_14_2_2_the_spore_cannot_sacrifice_the_infected_warlord() -> None:
    """14.2.2 with TS.4: the warlord is removed only in battle, so the Spore's sacrifice can't take it."""
    from rules.factions import spore

    s = table(SPORE_TABLE)
    put(s, 5, "hundreds", "warlord", controller="spore")
    assert spore.sacrificeable(s, 5) == []
    put(s, 5, "hundreds", "warrior", controller="spore")
    assert spore.sacrificeable(s, 5) == ["hundreds:warrior:spore"]


def test_som_2_4_the_warlord_in_the_ward_is_replaced() -> None:
    """SOM.2.4: with the warlord a patient in the Spinners' Ward, Anoint replaces it (it leaves the Ward)."""
    from rules_helpers import to_area

    s = table(("marquise", "spinners", "hundreds"))
    sp = s.seat_of("spinners")
    assert sp is not None
    to_area(s, sp, "ward", "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    put(s, 8, "hundreds", "warrior")
    s = goto(s, H, "hundreds.anoint")
    assert step(s) == (H, "hundreds.anoint")
    s = play(s, "anoint 5")
    assert count(s, 5, "hundreds", "warlord") == 1
    assert not s.seats[sp].areas["ward"].get("hundreds:warlord")
    check(s)


@pytest.mark.parametrize(
    "text",
    ["mob 5", "jubilant", "unhoard boots", "loot", "plunder boots", "target", "bitter 5", "contempt take"],
)
def test_14_a_verb_out_of_its_moment_is_refused_with_the_state_unchanged(text: str) -> None:
    """14.4-14.6: each of the Hundreds' verbs asked at a moment that does not ask it is refused, with a reason."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior")
    set_hand(s, H, "a-visit-to-friends", "root-tea-fox")
    s = goto(s, H, "hundreds.incite")
    why = refused(s, text)
    assert why and "Traceback" not in why


def test_14_5_3_lead_refusals() -> None:
    """14.5.3: the warlord leads only from its clearing, along a path, with the warriors it has there."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    s = goto(s, H, "hundreds.advance")
    assert "no path joins" in refused(s, "lead 5>3")
    assert "only 2 warriors" in refused(s, "lead 5>1 x3")
    assert "not in clearing 1" in refused(s, "lead 1>5")


def spinners_web(s: GameState) -> int:
    """A fox infirmary in 1 joined by webs to clearing 5, where a Spinners warrior stands; the Spinners' seat."""
    sp = s.seat_of("spinners")
    assert sp is not None
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "spinners", "web")
    put(s, 5, "spinners", "web")
    put(s, 5, "spinners", "warrior", 2)
    return sp


def warlord_by_the_web(warrior_at: int) -> tuple[GameState, int]:
    """The warlord (Rowdy, so no hit is ignored) and three Marquise warriors in the web's clearing 5, a Hundreds
    warrior in `warrior_at`; the state and the Spinners' seat."""
    s = table(("marquise", "spinners", "hundreds"))
    sp = spinners_web(s)
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "hundreds", "warlord")
    put(s, warrior_at, "hundreds", "warrior")
    s.seats[H].data["mood"] = "rowdy"  # type: ignore[typeddict-unknown-key]
    return check(s), sp


def test_14_2_2_first_response_never_carries_the_warlord_outside_the_hundreds_turn() -> None:
    """14.2.2 with SOM.2.3: the warlord can't be moved outside the Hundreds' turn (as the Law keeps it from banish),
    so First Response in another's battle leaves it to be removed and carries only the other hit warriors."""
    s, sp = warlord_by_the_web(8)
    s = play(goto(force_dice(s, 3, 0), M, "marquise.actions"), "battle 5 hundreds")
    assert rules.to_act(s) != sp  # the warlord alone was hit: nothing First Response may carry
    assert not hb.warlord_on_map(s) and s.seats[H].supply["warlord"] == 1
    assert not s.seats[sp].areas.get("ward")
    s, sp = warlord_by_the_web(5)
    s = play(goto(force_dice(s, 3, 0), M, "marquise.actions"), "battle 5 hundreds")
    assert rules.to_act(s) == sp and "respond 5" in legal(s)
    s = play(s, "respond 5")
    assert s.seats[sp].areas["ward"] == {"hundreds:warrior": 1}
    assert s.seats[H].supply["warlord"] == 1  # removed by the battle's hit, not carried
    check(s)


def test_som_2_3_in_the_hundreds_turn_first_response_carries_the_warlord_and_som_2_4_anoint_replaces_it() -> None:
    """SOM.2.3: hit in the Hundreds' own battle, the warlord may go to the Ward; 14.2.2: no discharge places it;
    SOM.2.4: the Hundreds' next Anoint replaces it, taking it from the Ward."""
    s, sp = warlord_by_the_web(8)
    s = goto(s, H, "hundreds.command")
    s = play(force_dice(s, 2, 1), "battle 5 marquise")
    assert rules.to_act(s) == sp and "respond 5" in legal(s)
    s = play(s, "respond 5")
    assert s.seats[sp].areas["ward"].get("hundreds:warlord") == 1 and not hb.warlord_on_map(s)
    s = goto(s, sp, "spinners.discharge")
    assert not [a for a in legal(s) if a.startswith("discharge hundreds")]
    assert "waits in the Ward to be replaced" in refused(s, "discharge hundreds 1")
    s = goto(s, H, "hundreds.anoint")
    assert count(s, 8, "hundreds", "warlord") == 1  # anointed at once in the one clearing with a warrior
    assert not s.seats[sp].areas["ward"].get("hundreds:warlord")
    check(s)


@pytest.mark.parametrize("with_warrior", [True, False])
def test_14_2_2_triage_into_the_clearing_returns_the_warlord_to_the_supply(with_warrior: bool) -> None:
    """14.2.2 with SOM.2.6: only setup and Anoint place the warlord, so Triage (even into the clearing, game option)
    returns a warlord patient to the Hundreds' supply; a plain Hundreds warrior patient goes first, into the
    clearing."""
    from rules_helpers import to_area

    s = table(("marquise", "spinners", "hundreds"))
    s.options["spinners_triage"] = "clearing"
    sp = spinners_web(s)
    to_area(s, sp, "ward", "hundreds", "warlord")
    if with_warrior:
        to_area(s, sp, "ward", "hundreds", "warrior")
    put(s, 1, "hundreds", "warrior", 3)
    s = goto(check(s), H, "hundreds.command")
    s = play(force_dice(s, 3, 0), "battle 1 spinners")
    while s.pending:
        s = play(s, "triage hundreds" if "triage hundreds" in legal(s) else legal(s)[0])
    assert count(s, 1, "hundreds", "warlord") == 0
    ward = s.seats[sp].areas.get("ward", {})
    if with_warrior:
        assert ward.get("hundreds:warlord") == 1 and count(s, 1, "hundreds", "warrior") == 4
    else:
        assert not ward.get("hundreds:warlord") and s.seats[H].supply["warlord"] == 1
    check(s)


def test_14_2_2_the_spore_cannot_move_the_infected_warlord_but_fights_with_it() -> None:
    """14.2.2 with TS.2.5: the infected warlord is the Spore's warrior, but it can't be moved outside the Hundreds'
    turn, so the Spore moves the other infected only; it still battles with the warlord."""
    s = table(SPORE_TABLE)
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 1, "hundreds", "warlord", controller="spore")
    put(s, 1, "hundreds", "warrior", controller="spore")
    put(s, 1, "eyrie", "warrior")
    s = goto(check(s), SP, "spore.command")
    assert sorted(legal(s, "move")) == ["move 1>5 x1"]
    assert "can't be moved outside the Hundreds' turn" in refused(s, "move 1>5 x2")
    s = play(s, "move 1>5 x1")
    assert s.clearings[0].get("hundreds:warlord:spore") == 1 and s.clearings[4].get("hundreds:warrior:spore") == 1
    assert legal(s, "battle") == ["battle 1 eyrie"]
    check(s)


def test_14_2_5_looters_take_the_tinkers_crafted_item_and_hits_on_a_robot_drop_its_gears() -> None:
    """14.2.5 with OMT.2.4: the Tinker's crafted items may be looted; a robot hit drops a gear as it does for all."""
    from rules.factions.tinker import board as tb

    s = table(("marquise", "tinker", "hundreds"))
    t = s.seat_of("tinker")
    assert t is not None
    put(s, 5, "tinker", "birdbot")
    tb.set_gears(s, t, "birdbot", 1)
    s.seats[t].supply[tb.FAMILY] -= 1
    stock(s, t, "tea")
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 3)
    s = goto(s, H, "hundreds.command")
    s = play(force_dice(s, 2, 0), "battle 5 tinker")
    s = play(s, "loot")
    while s.pending:
        s = play(s, legal(s)[0])
    assert "tea" in [i["item"] for i in s.seats[H].items] and s.seats[t].items == []
    assert tb.gears_on(s, t, "birdbot") == 1  # looting: no rolled hits dealt


def test_3x3_the_hundreds_play_a_whole_frontier_game() -> None:
    """3x3: the Hundreds sit in a team and follow the mode's shared rules; a random game has no violation."""
    from rules.playout import play as playout

    options = {
        "mode": "frontier",
        "board": "autumn",
        "factions": ["hundreds", "eyrie", "vagabond", "marquise", "spinners", "vagabond2"],
        "teams": {"hundreds": "A", "eyrie": "A", "vagabond": "A", "marquise": "B", "spinners": "B", "vagabond2": "B"},
    }
    out = playout(options, 3, check_every=25)
    assert out.violations == []
    assert out.state is not None and out.state.over


def test_14_7_1_bitter_defending_is_asked_before_the_roll() -> None:
    """14.7.1: defending in the warlord's clearing, Bitter is asked once the ambush is over, before the dice."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 2, "hundreds", "mob")
    put(s, 5, "marquise", "warrior", 2)
    s.seats[H].data["mood"] = "bitter"  # type: ignore[typeddict-unknown-key]
    s = play(goto(s, M, "marquise.actions"), "battle 5 hundreds")
    assert rules.to_act(s) == H and s.battle is not None and s.battle["stage"] == "roll"
    assert sorted(legal(s)) == ["bitter 2", "pass"]
    s = play(s, "bitter 2")
    assert count(s, 2, "hundreds", "mob") == 0
    assert s.battle is None or s.battle["stage"] != "roll"


def test_3x3_an_over_full_track_from_contraband_is_settled_at_birdsong() -> None:
    """14.2.4.I with 3x3.2: an item that reached the Hoard without asking (contraband home) is settled next Birdsong."""
    s = table()
    stock(s, H, "boots", "boots", "sack", "sack", "coins")
    s = goto(s, H, "hundreds.raze")
    assert s.pending and s.pending[0]["what"] == "unhoard"
    s = play(s, "unhoard coins")
    assert len(hb.hoard(s, H, "command")) == hb.TRACK_SPACES
    check(s)


# --- Command and Prowess as they stand; the ruins of two item sets; Recruit short of warriors; a card's move ------


def rowdy_host(item: str, foe_at: int, step_name: str) -> GameState:
    """A Rowdy warlord and three warriors in 5, a Marquise warrior in `foe_at` holding a crafted item; at a step."""
    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 3)
    put(s, foe_at, "marquise", "warrior")
    stock(s, M, item)
    s.seats[H].data["mood"] = "rowdy"  # type: ignore[typeddict-unknown-key]
    return goto(s, H, step_name)


def test_14_5_2_an_item_looted_while_commanding_adds_a_command_action() -> None:
    """14.5.2: as many actions as Command, read as it stands: boots looted in a Command battle raise Command from 1
    to 2, so one more action is left."""
    s = rowdy_host("boots", 5, "hundreds.command")
    assert s.turn.flags["commands"] == 1
    s = play(force_dice(s, 3, 1), "battle 5 marquise", "loot", "hit warrior")
    assert hb.level(s, H, "command") == 2
    assert step(s) == (H, "hundreds.command") and s.turn.flags["commands"] == 1
    assert legal(s, "move")
    check(s)


def test_14_5_3_a_prowess_item_looted_while_advancing_adds_an_advance() -> None:
    """14.5.3: as many advances as Prowess, read as it stands: a sword looted in an advance's battle gives one more."""
    s = rowdy_host("sword", 1, "hundreds.advance")
    assert s.turn.flags["advances"] == 1
    s = play(s, "lead 5>1 x3")
    s = play(force_dice(s, 3, 1), "battle 1 marquise", "loot", "hit warrior")
    assert hb.level(s, H, "prowess") == 2
    assert s.turn.flags["advances"] == 1 and legal(s, "lead")
    check(s)


TWO_VAGABONDS = ("marquise", "vagabond", "vagabond2", "hundreds")
H4 = 3


def test_14_4_1_of_two_items_under_a_razed_ruin_the_hundreds_take_one_of_their_choice() -> None:
    """14.4.1 with the Law's Playing with Two Vagabonds: a mob's ruin holding two items is looked at by the Hundreds,
    who take one of their choice; the other stays under the ruin, which stays too."""
    s = table(TWO_VAGABONDS)
    assert sorted(filter(None, (s.ruins[5], s.second_ruins[5]))) == ["boots", "sack"]
    put(s, 6, "hundreds", "mob")
    s = goto(s, H4, "hundreds.raze")
    assert rules.to_act(s) == H4 and sorted(legal(s)) == ["plunder boots", "plunder sack"]
    said = [e for e in s.events if "two items under the ruin" in e.public]
    assert said and "boots" not in said[0].public and "boots" in said[0].private[H4]
    s = play(s, "plunder sack")
    held = [i for i in s.seats[H4].items if i["item"] == "sack"]
    assert held and held[0].get("ruin") is True
    assert [i for i in (s.ruins[5], s.second_ruins[5]) if i] == ["boots"]


def test_14_4_1_with_two_item_sets_a_mob_takes_no_second_ruin_item_of_a_kind() -> None:
    """14.4.1 with the Law's Playing with Two Vagabonds: no "R" item of a kind the Hoard already holds from a ruin;
    of sword and sack, with a ruin's sack held, the sword is taken."""
    s = table(TWO_VAGABONDS)
    assert sorted(filter(None, (s.ruins[11], s.second_ruins[11]))) == ["sack", "sword"]
    s.seats[H4].items.append({"item": "sack", "exhausted": False, "damaged": False, "ruin": True})
    s.ruins[5], s.second_ruins[5] = None, None  # the sack came from clearing 6's ruin
    put(s, 12, "hundreds", "mob")
    s = goto(s, H4, "hundreds.raze")
    assert [i["item"] for i in s.seats[H4].items] == ["sack", "sword"]
    assert [i for i in (s.ruins[11], s.second_ruins[11]) if i] == ["sack"]


def test_14_4_2_with_too_few_warriors_for_every_stronghold_the_hundreds_choose() -> None:
    """14.4.2 with the Law's Piece Limits: Prowess warriors go with the warlord first; the warriors left go to the
    strongholds the Hundreds choose, as many as there are."""
    from rules_helpers import set_supply

    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 1, "hundreds", "stronghold")
    put(s, 2, "hundreds", "stronghold")
    put(s, 3, "hundreds", "stronghold")
    set_supply(s, "hundreds", "warrior", 3)
    s = goto(s, H, "hundreds.recruit")
    assert count(s, 5, "hundreds", "warrior") == 1
    assert step(s) == (H, "hundreds.recruit")
    assert sorted(legal(s)) == ["recruit 1,2", "recruit 1,3", "recruit 2,3"]
    assert "end" not in legal(s)
    assert "too few of your strongholds" in refused(s, "recruit 1,5")
    s = play(s, "recruit 1,3")
    assert [count(s, c, "hundreds", "warrior") for c in (1, 2, 3)] == [1, 0, 1]
    assert s.seats[H].supply["warrior"] == 0
    check(s)


def test_14_2_2_a_move_a_card_grants_may_lead_the_warlord() -> None:
    """14.2.2: the warlord is a warrior, so Cobbler's move in the Hundreds' Evening may take it (`lead`)."""
    from rules_helpers import craft_for

    s = table()
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    craft_for(s, H, "cobbler")
    s = goto(s, H, "evening.start")
    assert "lead 5>1 x2" in legal(s) and "move 5>1 x2" in legal(s)
    s = play(s, "lead 5>1 x2")
    assert count(s, 1, "hundreds", "warlord") == 1 and count(s, 1, "hundreds", "warrior") == 2
    check(s)


# --- Raze and Oppress beside the fan factions and in the 3x3 mode ---------------------------------------------------


def test_14_4_1_raze_takes_the_spores_mushrooms_but_never_its_mycelium() -> None:
    """14.4.1 with TS.2.2: mobs remove the Spore's mushrooms (tokens, a point each) but never its mycelium, which
    only battle damages."""
    s = table(SPORE_TABLE)
    put(s, 3, "hundreds", "mob")
    put(s, 3, "spore", "mushroom")
    put(s, 3, "spore", "mycelium")
    s = goto(s, H, "hundreds.raze")
    assert count(s, 3, "spore", "mushroom") == 0 and count(s, 3, "spore", "mycelium") == 1
    assert s.seats[H].points == 1
    check(s)


def test_14_4_1_raze_spares_the_tinkers_drones_and_robots_and_14_6_2_they_stop_oppression() -> None:
    """14.4.1 with OMT.2.3-2.4: a mob removes gears (tokens) but not drones (warriors) nor robots and the Old Man
    (pawns); 14.6.2: a robot is an enemy piece, so its clearing is not oppressed."""
    from rules.factions.tinker import board as tb

    s = table(("marquise", "tinker", "hundreds"))
    t = s.seat_of("tinker")
    assert t is not None
    put(s, 3, "hundreds", "mob")
    put(s, 3, "hundreds", "warrior", 3)
    put(s, 3, "tinker", "gear", 2)
    put(s, 3, "tinker", "drone")
    put(s, 3, "tinker", "birdbot")
    tb.set_gears(s, t, "birdbot", 0)
    s.seats[t].supply[tb.FAMILY] += 2  # the robot's two setup gears are off its track
    s = goto(check(s), H, "hundreds.raze")
    assert count(s, 3, "tinker", "gear") == 0 and count(s, 3, "tinker", "drone") == 1
    assert count(s, 3, "tinker", "birdbot") == 1 and s.seats[H].points == 2
    assert 3 not in oppressed(s, H)
    check(s)


def test_3x3_raze_and_oppress_spare_teammates() -> None:
    """14.4.1 and 14.6.2 with 3x3.5: teammates are not enemies: a mob leaves a teammate's roost and razes a rival's
    sawmill; a clearing shared with a teammate's warrior is oppressed, one with a rival's is not."""
    factions = ("hundreds", "eyrie", "vagabond", "marquise", "spinners", "vagabond2")
    teams = dict(zip(factions, "AAABBB", strict=True))
    s = blank_table(factions, options={"mode": "frontier", "teams": teams})
    h = s.seat_of("hundreds")
    assert h is not None
    put(s, 2, "hundreds", "mob")
    put(s, 2, "hundreds", "warrior", 2)
    put(s, 2, "eyrie", "roost")
    put(s, 2, "marquise", "sawmill")
    put(s, 4, "hundreds", "warrior")
    put(s, 4, "eyrie", "warrior")
    put(s, 5, "hundreds", "warrior", 2)
    put(s, 5, "marquise", "warrior")
    s = goto(check(s), h, "hundreds.raze")
    assert count(s, 2, "eyrie", "roost") == 1 and count(s, 2, "marquise", "sawmill") == 0
    assert 4 in oppressed(s, h) and 5 not in oppressed(s, h) and 2 in oppressed(s, h)
    check(s)


# --- named scenarios in notation: the faction's signature moments ---------------------------------------------------


def die_showing(suit_name: str) -> int:
    """An rng position whose next roll of the mob die shows a suit."""
    from rules.rng import below

    position = 0
    while hb.MOB_DIE[below(position, len(hb.MOB_DIE))[1]] != suit_name:
        position += 1
    return position


def test_scenario_a_raze_that_spreads_a_mob_then_a_mood_change_to_wrathful() -> None:
    """14.4.1-14.4.4, 14.5.2, 14.7.8: the mob in 12 razes the Marquise's wood, the mob die shows rabbit and the
    Hundreds place a mob in 10 of the two rabbit clearings beside it; Recruit; Stubborn gives way to Wrathful, whose
    extra hit follows the warlord into battle."""
    s = table()
    put(s, 12, "hundreds", "mob")
    put(s, 12, "hundreds", "warlord")
    put(s, 12, "hundreds", "warrior", 2)
    put(s, 12, "hundreds", "stronghold")
    put(s, 12, "marquise", "wood")
    put(s, 10, "marquise", "warrior", 2)
    stock(s, H, "boots")  # Command 2
    s = goto(check(s), E, "evening.discard")
    s.rng = die_showing("rabbit")
    assert step(s) == (H, "hundreds.spread") and sorted(legal(s)) == ["mob 10", "mob 4"]
    assert not s.clearings[11].get("marquise:wood") and s.seats[H].points == 1
    assert "not clearing 9" in refused(s, "mob 9")
    s = play(s, "mob 10")
    assert count(s, 10, "hundreds", "mob") == 1 and count(s, 12, "hundreds", "warrior") == 4  # Prowess 1 + 1
    assert step(s) == (H, "hundreds.mood") and "already Stubborn" in refused(s, "mood stubborn")
    assert "Hoard holds one" in refused(s, "mood jubilant")  # the boots forbid it
    s = play(s, "mood wrathful")
    assert hb.mood(s, H) == "wrathful"
    s = play(force_dice(s, 2, 0), "lead 12>10 x3", "battle 10 marquise")
    assert count(s, 10, "marquise", "warrior") == 0  # two rolled hits and Wrathful's extra one
    check(s)


def test_scenario_an_infected_warlord_won_back_by_targeting_it() -> None:
    """TS.4.1, TS.5.1, TS.2.5, 14.2.2, 14.4.3: the Spore's Birdsong infects the warrior beside the homeland, then the
    warlord; the Spore can't move the warlord; the Hundreds can't lead or anoint it; attacking the Spore they target
    it, it returns to their supply, and their next Anoint places it again."""
    s = table(SPORE_TABLE)
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 2, "hundreds", "warlord")
    put(s, 2, "hundreds", "warrior")
    put(s, 6, "hundreds", "warrior", 4)
    stock(s, H, "boots", "sack", "coins")  # Command 3: a move, a battle, and one left so the turn waits
    s = goto(check(s), H, "evening.discard")  # on to the Spore's Birdsong: infection
    assert s.clearings[1] == {"hundreds:warlord:spore": 1, "hundreds:warrior:spore": 1}
    s = play(s, "end")  # no growth
    assert step(s) == (SP, "spore.command") and legal(s, "move") == ["move 2>5 x1"]
    assert "can't be moved outside the Hundreds' turn" in refused(s, "move 2>5 x2")
    s = goto(s, H, "birdsong.start")
    assert step(s) == (H, "hundreds.mood")  # no Anoint: the warlord is on the map
    s = play(s, "mood wrathful")
    assert step(s) == (H, "hundreds.command")
    assert "not on the map under your command" in refused(s, "lead 2>5")
    s = play(s, "move 6>2 x4", "battle 2 spore")
    assert rules.to_act(s) == H and sorted(legal(s)) == ["pass", "target"]
    s = play(force_dice(s, 1, 0), "target", "hit warrior hundreds")  # the Spore's choice gives way to the target
    assert step(s) == (H, "hundreds.command")
    assert not s.clearings[1].get("hundreds:warlord:spore") and s.clearings[1].get("hundreds:warrior:spore") == 1
    assert s.seats[H].supply["warlord"] == 1
    s = goto(s, H, "birdsong.start")
    assert count(s, 2, "hundreds", "warlord") == 1 and count(s, 2, "hundreds", "warrior") == 3
    check(s)


def test_scenario_the_warlord_carried_to_the_ward_and_replaced() -> None:
    """SOM.2.3, SOM.2.4, 14.2.2, 14.4.3: the Hundreds battle beside the Spinners' web, the warlord is hit and carried
    to the Ward; no discharge releases it; the Hundreds' next Birdsong anoints it in the clearing they choose."""
    s, sp = warlord_by_the_web(8)
    put(s, 9, "hundreds", "warrior")
    s = goto(s, H, "hundreds.command")
    s = play(force_dice(s, 2, 1), "battle 5 marquise", "respond 5")
    assert s.seats[sp].areas["ward"].get("hundreds:warlord") == 1
    assert "Warlord: in the ward of the Spinners of Mercy (Anoint replaces it, in Birdsong)" in registry.of(
        s, H
    ).panel(s, H)
    s = goto(s, sp, "spinners.discharge")
    assert "waits in the Ward to be replaced" in refused(s, "discharge hundreds 1")
    s = goto(s, H, "birdsong.start")
    assert step(s) == (H, "hundreds.anoint") and sorted(legal(s)) == ["anoint 8", "anoint 9"]
    s = play(s, "anoint 9")
    assert count(s, 9, "hundreds", "warlord") == 1 and count(s, 9, "hundreds", "warrior") == 0
    assert not s.seats[sp].areas["ward"].get("hundreds:warlord")
    check(s)


def test_14_7_7_stubborn_against_the_tinkers_robot_and_drone() -> None:
    """14.7.7 with OMT.2.3-2.4: attacked by a robot's two gears and a drone (three warriors), a Stubborn warlord's
    side ignores the first of three hits; its own two hits fall on the drone and the robot's gears, as the Tinker
    chooses, a robot's hit dropping a gear in the clearing."""
    from rules.factions.tinker import board as tb

    s = table(("marquise", "tinker", "hundreds"))
    t = s.seat_of("tinker")
    assert t is not None
    put(s, 5, "tinker", "birdbot")  # its two setup gears are on its track
    put(s, 5, "tinker", "drone")
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    assert tb.gears_on(s, t, "birdbot") == 2
    s, events = play_events(force_dice(goto(check(s), t, "tinker.actions"), 3, 2), "battle 5 hundreds")
    said = [e.public for e in events]
    assert "Old Man Tinker deals 3 hits; Lord of the Hundreds deals 2 hits." in said
    assert "Lord of the Hundreds is Stubborn: the first hit taken is ignored." in said
    s, events = play_events(s, "hit warlord", "hit birdbot", "hit drone")
    assert tb.gears_on(s, t, "birdbot") == 1 and count(s, 5, "tinker", "gear") == 1  # a gear dropped
    assert count(s, 5, "tinker", "drone") == 0
    assert "Lord of the Hundreds loses 1 warlord, 1 warrior." in public_text(events)  # 3 hits, 1 ignored: 2
    check(s)


def test_14_2_2_the_vagabonds_strike_never_takes_the_warlord_nor_what_it_stands_by() -> None:
    """14.2.2 with 9.5.6 (Strike): the warlord is removed only in battle, so a Strike can't take it; and while it
    stands there the Hundreds have a warrior there, so their other pieces can't be struck either."""
    from vagabond_helpers import daylight, pawn_to, set_items

    s = table(("marquise", "eyrie", "vagabond", "hundreds"))
    pawn_to(s, 5)
    set_items(s, "crossbow")
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "stronghold")
    assert legal(daylight(s), "strike") == []
    put(s, 5, "hundreds", "warrior")
    assert legal(daylight(s), "strike") == ["strike hundreds warrior"]


def test_14_2_2_shared_field_hospitals_never_place_the_warlord_3x3_9_1() -> None:
    """14.2.2 with 3x3.9.1: only setup and Anoint place the warlord, so the Marquise's Shared Field Hospitals offer
    the Hundreds' warriors removed beside it on her home map, never the warlord, which goes to their supply."""
    factions = ("marquise", "hundreds", "vagabond", "eyrie", "spinners", "vagabond2")
    s = blank_table(factions, options={"mode": "frontier", "teams": dict(zip(factions, "AAABBB", strict=True))})
    m, h, sp = (s.seat_of(f) for f in ("marquise", "hundreds", "spinners"))
    assert m is not None and h is not None and sp is not None
    put(s, 1, "marquise", "keep")
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior")
    put(s, 5, "spinners", "warrior", 3)
    put(s, 5, "spinners", "web")
    s.seats[h].data["mood"] = "rowdy"  # type: ignore[typeddict-unknown-key]
    set_hand(s, m, "a-visit-to-friends")  # rabbit, as clearing 5
    s = play(force_dice(goto(check(s), sp, "spinners.daylight"), 3, 0), "battle 5 hundreds")
    while rules.to_act(s) != m:
        s = play(s, legal(s)[0])
    asked = [d for d in s.pending if d.get("what") == "shared_hospital"]
    assert [(d["piece"], d["count"]) for d in asked] == [("hundreds:warrior", 1)]  # type: ignore[typeddict-item]
    s = play(s, "hospital a-visit-to-friends")
    assert count(s, 1, "hundreds", "warrior") == 1 and count(s, 1, "hundreds", "warlord") == 0
    assert s.seats[h].supply["warlord"] == 1
    check(s)
