"""Moderator edits of what lies beside the map: the factions' own card piles (declared as `CardPile`), items (the
Hoard's tracks), the Lake map's Ferry, the Mountain map's closed paths and the Keepers' face-down relics. Each edit
keeps the invariants and the faction's own records, each bad one is refused with one reason and the state left as it
was, and a record holding them replays and undoes exactly."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from rules_helpers import E, M, give, goto, new_game, new_table, set_decree

import rules
from rules import registry
from rules.cards import card, deck
from rules.edits import card_places, public_form, secret_card
from rules.factions.alliance import supporters
from rules.factions.eyrie import EyrieFlags
from rules.factions.hundreds import board as hb
from rules.factions.keepers import board as kb
from rules.factions.keepers import relics
from rules.hidden import redeal
from rules.landmarks import ferry_at
from rules.revisions import revision
from rules.state import GameState


def _edit(state: GameState, text: str) -> GameState:
    """The state after an edit, checked consistent."""
    new, _ = rules.apply_edit(state, text)
    assert not rules.problems(new), (text, rules.problems(new))
    return new


def _refused(state: GameState, text: str) -> str:
    """An edit's one refusal, the state left as it was."""
    before = state.digest()
    with pytest.raises(rules.RulesError) as caught:
        rules.apply_edit(state, text)
    assert state.digest() == before
    assert "Traceback" not in str(caught.value)
    return str(caught.value)


def _key(state: GameState, seat: int, n: int = 0) -> str:
    """The key of a card in a seat's hand."""
    return card(state.seats[seat].hand[n]).key


def _suit_key(suit: str, avoid: tuple[str, ...] = ()) -> str:
    """A card key of a suit (no dominance card)."""
    return next(c.key for c in deck() if c.suit == suit and c.type != "dominance" and c.key not in avoid)


def card_suit(key: str) -> str:
    """The suit of a card key."""
    return next(c.suit for c in deck() if c.key == key)


def _deck_cards(cards: list[int]) -> Counter[int]:
    """The cards of the shared deck in a pile (no vizier, no Faithful Retainer)."""
    return Counter(c for c in cards if 0 <= c < len(deck()))


# --- the card piles each faction declares ------------------------------------------------------------------------


@pytest.mark.parametrize("fid", [f for f in registry.playable_ids() if registry.faction(f).card_piles])
def test_a_factions_declared_piles_hold_its_held_cards_and_its_face_down_ones(fid: str) -> None:
    partner = "eyrie" if fid == "marquise" else "marquise"
    state = new_table([partner, fid])
    seat, giver = state.seat_of(fid), state.seat_of(partner)
    assert seat is not None and giver is not None
    plugin = registry.of(state, seat)
    for pile in plugin.card_piles:
        state = _edit(state, f"!card {card(state.deck[-1]).key} deck {pile.name}:{fid}")
    piles = {p.name: plugin.card_pile(state, seat, p.name) for p in plugin.card_piles}
    assert all(_deck_cards(cards) for cards in piles.values())  # each pile got its card
    held = sum((_deck_cards(cards) for cards in piles.values()), Counter())
    assert held == Counter(plugin.held_cards(state, seat))
    face_down = sum((Counter(cards) for cards in plugin.face_down(state, seat).values()), Counter())
    declared = [p.name for p in plugin.card_piles if p.face_down]
    assert face_down == sum((Counter(piles[name]) for name in declared), Counter())
    assert set(card_places(state)) >= {f"{p.name}:{fid}" for p in plugin.card_piles}


SECRETS = [
    ("!card anvil hand:marquise supporters:alliance", True),  # into a face-down pile
    ("!card anvil supporters:alliance hand:eyrie", True),
    ("!card anvil supporters discard", True),  # out of a face-down pile: never named, wherever it goes
    ("!card anvil discard supporters:alliance", True),
    ("!card anvil deck supporters:alliance", True),
    ("!card anvil hand:marquise hand:eyrie", True),
    ("!card anvil discard hand:eyrie", True),  # into a hand
    ("!card anvil hand:marquise discard", False),  # the discard pile is public
    ("!card anvil deck discard", False),
    ("!card anvil hand:marquise lost-souls:lizards", False),  # the Lost Souls lie face up
    ("!card anvil lost-souls hand:lizards", True),
    ("!card anvil hand:eyrie decree-move:eyrie", False),
    ("!card anvil hand:keepers retinue-delve", False),
    ("!card anvil hand:marquise hand:riverfolk", False),  # the Riverfolk's hand lies face up
    ("!card anvil hand:marquise crafted:marquise", False),
    ("!place 5 marquise:warrior", False),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS, ids=[t for t, _ in SECRETS])
def test_a_card_edit_is_secret_when_it_goes_into_a_hidden_place_or_out_of_a_face_down_pile(
    text: str, secret: bool
) -> None:
    assert (secret_card(text) is not None) == secret
    shown = public_form(text)
    assert shown == text.replace("anvil", "?") if secret else shown == text
    assert shown.split()[2:] == text.split()[2:]  # its places are kept


def test_a_card_put_face_down_is_named_only_to_its_faction() -> None:
    state = new_table(["marquise", "eyrie", "alliance"])
    alliance = state.seat_of("alliance")
    assert alliance is not None
    key = _key(state, M)
    new, events = rules.apply_edit(state, f"!card {key} hand:marquise supporters:alliance")
    assert card(supporters(new, alliance)[-1]).key == key
    [event] = events
    assert key not in event.public and event.public.endswith("!card ? hand:marquise supporters:alliance")
    assert set(event.private) == {M, alliance} and all(key in note for note in event.private.values())


def test_a_faction_pile_refuses_a_card_it_cannot_hold() -> None:
    state = new_table(["marquise", "eyrie", "alliance", "keepers"])
    alliance, keepers = state.seat_of("alliance"), state.seat_of("keepers")
    assert alliance is not None and keepers is not None
    while len(supporters(state, alliance)) < 5:
        state = _edit(state, f"!card {card(state.deck[-1]).key} deck supporters")
    said = _refused(state, f"!card {card(state.deck[-1]).key} deck supporters")
    assert "the Supporters stack is full: it holds 5 cards while no base is on the map" in said
    while kb.retinue_size(state, keepers) < kb.RETINUE_LIMIT:
        state = _edit(state, f"!card {card(state.deck[-1]).key} deck retinue-move")
    said = _refused(state, f"!card {_key(state, M)} hand:marquise retinue-recover")
    assert "the Retinue holds 10 cards at most" in said


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("!card {key} hand:marquise stash", "unknown place 'stash'; places are hand:marquise, crafted:marquise"),
        ("!card {key} hand:marquise revealed", "several seats have a pile called revealed: write it revealed:FACTION"),
        ("!card {key} hand:marquise supporters:lizards", "unknown place 'supporters:lizards'"),
        ("!card {key} hand discard", "write hand:FACTION"),
        ("!card {key} lost-souls discard", "is not in lost-souls"),
        ("!card {key} hand:marquise hand:marquise", "is in hand:marquise already"),
        ("!card {key} hand:marquise decree-fly:eyrie", "unknown place 'decree-fly:eyrie'"),
    ],
)
def test_a_card_edit_of_a_pile_that_cannot_be_made_says_why(text: str, reason: str) -> None:
    state = new_table(["marquise", "eyrie", "lizards", "duchy"])
    said = _refused(state, text.format(key=_key(state, M)))
    assert reason in said, said
    assert said.count("\n") == 0


def test_a_decree_card_edited_while_the_decree_is_resolved_is_owed_only_where_it_lies() -> None:
    state = new_game()
    roost = next(c for c in state.board.ids() if state.clearings[c - 1].get("eyrie:roost"))
    here = state.suits[roost - 1]  # the recruit resolves at the roost
    recruit, mouse = _suit_key(here), _suit_key("mouse" if here != "mouse" else "fox")
    rabbit, later = _suit_key("rabbit" if here != "rabbit" else "fox", (recruit,)), _suit_key(here, (recruit,))
    state = set_decree(state, recruit=[recruit], move=["vizier", rabbit], build=["vizier"])
    state = give(goto(state, E, "eyrie.resolve"), E, mouse, later)
    todo = state.turn.flags_as(EyrieFlags)["todo"]
    assert todo["recruit"] == [here] and sorted(todo["move"]) == sorted(["bird", card_suit(rabbit)])
    state = _edit(state, f"!card {rabbit} decree-move discard")
    assert state.turn.flags_as(EyrieFlags)["todo"]["move"] == ["bird"]  # no longer owed
    state = _edit(state, f"!card {mouse} hand:eyrie decree-battle")
    assert state.turn.flags_as(EyrieFlags)["todo"]["battle"] == [card_suit(mouse)]  # a column to come: owed now
    state.turn.flags_as(EyrieFlags)["todo"]["recruit"] = []  # the Recruit column resolved
    state = _edit(state, f"!card {later} hand:eyrie decree-recruit")
    assert state.turn.flags_as(EyrieFlags)["todo"]["recruit"] == []  # resolved before it came: from next Daylight


def test_a_retinue_card_edited_out_acts_no_more_this_turn_and_one_edited_into_the_column_acting_acts() -> None:
    state = new_table(["marquise", "keepers"])
    keepers = state.seat_of("keepers")
    assert keepers is not None
    fox, rabbit = _suit_key("fox"), _suit_key("rabbit")
    state = give(state, M, fox, rabbit)
    state = _edit(state, f"!card {fox} hand:marquise retinue-move")
    state = goto(state, keepers, "keepers.move")
    todo = kb.flags(state)["todo"]["move"]
    assert any(c >= 0 and card(c).key == fox for c in todo)
    state = _edit(state, f"!card {fox} retinue-move discard")
    assert not any(c >= 0 and card(c).key == fox for c in kb.flags(state)["todo"]["move"])
    state = _edit(state, f"!card {rabbit} hand:marquise retinue-move")
    assert any(c >= 0 and card(c).key == rabbit for c in kb.flags(state)["todo"]["move"])
    state = _edit(state, f"!card {rabbit} retinue-move retinue-recover")
    assert "recover" not in kb.flags(state)["todo"]  # its turn comes: the column's cards are taken then


# --- items ------------------------------------------------------------------------------------------------------


def test_items_are_edited_between_the_supply_a_seats_items_the_game_and_a_clearing() -> None:
    state = new_game()
    state = _edit(state, "!item sword supply items:marquise")
    assert [i["item"] for i in state.seats[M].items] == ["sword"]
    state = _edit(state, "!item sword items:marquise removed")
    assert "sword" in state.items_removed and not state.seats[M].items
    state = _edit(state, "!item sword removed 5")
    assert [(i["item"], i["clearing"]) for i in state.map_items] == [("sword", 5)]
    state = _edit(state, "!item sword 5 supply")
    assert not state.map_items and "sword" not in state.items_removed


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("!item banana supply items:eyrie", "no item called 'banana'; items are boots"),
        ("!item sword supply items", "write items:FACTION"),
        ("!item sword supply attic", "unknown place 'attic'; items are in supply, items:marquise"),
        ("!item sword items:eyrie supply", "there is no sword in items:eyrie"),
        ("!item sword supply supply", "the sword would stay where it is"),
        ("!item sword supply 99", "there is no clearing 99"),
        ("!item sword supply:winter items:eyrie", "write the supply of one map: supply:autumn"),
        ("!item sword supply items:eyrie x2", "'x2' is not a word this edit reads"),
    ],
)
def test_an_item_edit_that_cannot_be_made_says_why(text: str, reason: str) -> None:
    said = _refused(new_game(), text)
    assert reason in said, said


def test_the_hoard_takes_edited_items_on_their_tracks_four_at_most_and_counts_them_in_the_step_spending_them() -> None:
    state = new_table(["marquise", "hundreds", "vagabond"])
    hundreds = state.seat_of("hundreds")
    assert hundreds is not None
    state = _edit(state, "!item sword supply hoard")
    assert hb.hoard(state, hundreds, "prowess") == ["sword"]
    for name in ("hammer", "crossbow", "tea"):
        state = _edit(state, f"!item {name} supply hoard:hundreds")
    assert "the Prowess track of the Hoard is full (4 items)" in _refused(state, "!item sword supply hoard")
    assert "the Hoard has no track for the torch" in _refused(state, "!item torch items:vagabond hoard")
    state = _edit(state, "!item boots supply hoard")
    state = goto(state, hundreds, "hundreds.command")
    commands = state.turn.flags_as(hb.HundredsFlags)["commands"]
    assert commands == 2  # one item on the Command track
    state = _edit(state, "!item coins supply hoard")  # two items: Command stays 2
    assert state.turn.flags_as(hb.HundredsFlags)["commands"] == 2
    state = _edit(state, "!item sack supply hoard")  # three: Command 3, one more command now
    assert state.turn.flags_as(hb.HundredsFlags)["commands"] == 3
    state = _edit(state, "!item sack hoard supply")
    assert state.turn.flags_as(hb.HundredsFlags)["commands"] == 2


# --- the Lake map's Ferry and the Mountain map's closed paths -----------------------------------------------------


def _recorded(options: dict[str, Any], seed: int = 1) -> tuple[rules.Record, GameState]:
    """A record of a game's setup, each seat choosing its first offer, and the state it replays to."""
    record = rules.Record({**options, "first_player": 0}, seed)
    state = rules.replay(record)
    while state.turn.phase == "setup" and state.pending:
        seat = rules.to_act(state)
        assert seat is not None
        action = rules.legal_actions(state, seat)[0]
        state, _ = rules.apply(state, action)
        record.actions.append(action.notation())
    return record, state


def _edited(record: rules.Record, state: GameState, text: str) -> GameState:
    """An edit applied and written to the record, which must replay to the same state; undo takes it back."""
    before = state.digest()
    new = _edit(state, text)
    record.actions.append(text)
    assert rules.replay(record).digest() == new.digest()
    assert rules.replay(record.without_last(1)).digest() == before
    return new


def test_the_ferry_is_moved_by_an_edit_to_another_coastal_clearing_and_replays() -> None:
    record, state = _recorded({"factions": ["marquise", "eyrie"], "board": "lake"})
    start = ferry_at(state)
    assert start is not None
    coast = sorted(state.board.coastal - {start})
    state = _edited(record, state, f"!ferry {coast[0]}")
    assert ferry_at(state) == coast[0]
    inland = min(set(state.board.ids()) - state.board.coastal)
    assert f"clearing {inland} is not on the lake; the Ferry sails to coastal clearings: {start}" in _refused(
        state, f"!ferry {inland}"
    )
    assert f"the Ferry is already in clearing {coast[0]}" in _refused(state, f"!ferry {coast[0]}")
    assert "there is no clearing 0" in _refused(state, "!ferry 0")
    assert "there is no Ferry on this map (it sails on the Lake map)" in _refused(new_game(), "!ferry 3")


def test_a_closed_path_is_removed_and_put_back_by_an_edit_and_replays() -> None:
    record, state = _recorded({"factions": ["marquise", "eyrie"], "board": "mountain"})
    low, high = min(state.board.closed_paths)
    assert (low, high) not in state.board.paths
    state = _edited(record, state, f"!path {high}>{low} open")
    assert (low, high) in state.board.paths and (low, high) not in state.board.closed_paths
    assert "is removed already" in _refused(state, f"!path {low}>{high} open")
    state = _edited(record, state, f"!path {low}-{high} closed")
    assert (low, high) not in state.board.paths and not state.landmarks
    assert "is still closed" in _refused(state, f"!path {low}>{high} closed")
    fixed = next(iter(sorted(state.board.paths)))
    assert "an open path of the map, never closed" in _refused(state, f"!path {fixed[0]}>{fixed[1]} open")
    assert "'ajar' is not open or closed" in _refused(state, f"!path {low}>{high} ajar")
    assert "is not a path: write it FROM>TO" in _refused(state, f"!path {low} open")
    assert "there are no closed paths on this map" in _refused(new_game(), "!path 1>5 open")


def test_map_edits_wait_for_the_end_of_setup() -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie"], "board": "lake"}, 1)
    assert "can be edited once setup is finished" in _refused(state, "!ferry 10")


# --- the Keepers' face-down relics -----------------------------------------------------------------------------------


def _forest_with(state: GameState, kind: str) -> str:
    return next(f for f, pieces in sorted(state.forests.items()) if pieces.get(f"keepers:{kind}"))


def _turned_up(state: GameState, name: str, cid: int) -> tuple[GameState, int]:
    """A face-down relic of a kind turned up into a clearing, as a delve does: its value."""
    keepers = state.seat_of("keepers")
    assert keepers is not None
    return state, relics.turn_up(state, keepers, _forest_with(state, name), name, cid)


def test_a_face_down_relic_edited_off_the_map_and_back_keeps_its_hidden_value_never_shown() -> None:
    state = new_table(["marquise", "keepers"])
    keepers = state.seat_of("keepers")
    assert keepers is not None
    forest = _forest_with(state, "figure")
    values = list(kb.hidden_values(state, keepers)["figure"])
    new, events = rules.apply_edit(state, f"!remove f{forest} keepers:figure")
    assert kb.hidden_values(new, keepers)["figure"] == values  # set aside face down, its value with the others
    assert [e.public for e in events] == [f"Moderator edit: !remove f{forest} keepers:figure"]
    elsewhere = next(f for f in sorted(new.forests) if f != forest)
    placed = _edit(new, f"!place f{elsewhere} keepers:figure")
    assert kb.hidden_values(placed, keepers)["figure"] == values
    moved = _edit(placed, f"!shift f{elsewhere}>f{forest} keepers:figure")
    assert kb.hidden_values(moved, keepers) == kb.hidden_values(placed, keepers)


def test_a_relic_placed_face_down_with_no_value_left_for_it_gets_one_not_in_play_unseen() -> None:
    state, value = _turned_up(new_table(["marquise", "keepers"]), "jewelry", 5)
    keepers = state.seat_of("keepers")
    assert keepers is not None
    left = Counter(kb.hidden_values(state, keepers)["jewelry"])
    state = _edit(state, f"!remove 5 keepers:jewelry{value}")  # face up, back to the supply
    forest = next(iter(sorted(state.forests)))
    placed, events = rules.apply_edit(state, f"!place f{forest} keepers:jewelry")
    assert not rules.problems(placed)
    assert Counter(kb.hidden_values(placed, keepers)["jewelry"]) == left + Counter([value])  # the one not in play
    assert [e.public for e in events] == [f"Moderator edit: !place f{forest} keepers:jewelry"]
    for position in (1, 2, 3):  # its value re-dealt as the table could imagine it: the table sees the same
        assert rules.view_for(redeal(placed, position), None) == rules.view_for(placed, None)
    state.legacy = revision(10)  # an older record's edit gave it none
    old, _ = rules.apply_edit(state, f"!place f{forest} keepers:jewelry")
    assert Counter(kb.hidden_values(old, keepers)["jewelry"]) == left


def test_a_relic_edit_that_cannot_be_made_says_why() -> None:
    state = new_table(["marquise", "keepers"])
    keepers = state.seat_of("keepers")
    assert keepers is not None
    kb.hidden_values(state, keepers)["tablet"][:] = [1, 2, 3, 3]  # the order they will be turned, for this test
    said = _refused(state, f"!shift f{_forest_with(state, 'tablet')}>5 keepers:tablet")
    assert "a face-down tablet lies only in a forest; a face-up one is written with its value (tablet3)" in said
    off = _edit(state, f"!remove f{_forest_with(state, 'tablet')} keepers:tablet")
    assert "lies only in a forest" in _refused(off, "!place 5 keepers:tablet")
    said = _refused(off, "!place 5 keepers:tablet3")  # both threes face down (one of them set aside)
    assert "the box has 2 tablets worth 3, and no more of them is in the supply" in said, said
