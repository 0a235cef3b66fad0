"""Moderator edits read every word they are given: a word they would leave unread, or a number not written with
the digits 0 to 9, is refused by name and the state is left as it was; an edit already in a record replays."""

from __future__ import annotations

import pytest
from rules_helpers import DEFAULT_BUILDINGS, OPTIONS, count, new_game

import rules
from rules.cards import card
from rules.errors import InvalidActionError

HAND_CARD = "{card}"


def _with_hand_card(text: str, state: rules.GameState) -> str:
    return text.replace(HAND_CARD, card(state.seats[0].hand[0]).key)


STRAY = [
    ("!place 5 marquise:warrior x1 banana", "banana"),
    ("!place 5 marquise:warrior banana", "banana"),
    ("!remove 1 marquise:warrior x1 x1", "x1"),
    ("!shift 1>5 marquise:warrior x1 now", "now"),
    ("!points eyrie 12 13", "13"),
    ("!points eyrie 12 x2", "x2"),
    ("!card {card} hand:marquise discard hand:eyrie", "hand:eyrie"),
    ("!lay sword 5 6", "6"),
]


@pytest.mark.parametrize(("text", "stray"), STRAY, ids=[t for t, _ in STRAY])
def test_an_edit_refuses_a_word_it_does_not_read(text: str, stray: str) -> None:
    state = new_game()
    text = _with_hand_card(text, state)
    before = state.digest()
    with pytest.raises(InvalidActionError) as refused:
        rules.apply_edit(state, text)
    assert f"'{stray}' is not a word this edit reads" in str(refused.value)
    assert state.digest() == before


NUMBERS = [
    ("!points eyrie ١٢", "'١٢' is not a number I can read"),
    ("!points eyrie 12¹", "'12¹' is not a number I can read"),
    ("!points eyrie 99999999999999999999", "too large"),
    ("!place 5 marquise:warrior x¹", "'x¹' is not a word this edit reads"),
    ("!place 5 marquise:warrior x99999999999999999999", "too large"),
    ("!place ٥ marquise:warrior", "there is no clearing ٥"),
    ("!lay sword ¹", "there is no clearing ¹"),
]


@pytest.mark.parametrize(("text", "says"), NUMBERS, ids=[t for t, _ in NUMBERS])
def test_an_edit_reads_only_the_digits_0_to_9(text: str, says: str) -> None:
    state = new_game()
    before = state.digest()
    with pytest.raises(InvalidActionError) as refused:
        rules.apply_edit(state, text)
    assert says in str(refused.value)
    assert state.digest() == before


def test_an_edit_quotes_long_words_cut() -> None:
    state = new_game()
    for text in ("!" + "w" * 4000, "!points " + "w" * 4000 + " 3", "!card " + "w" * 4000 + " discard deck"):
        with pytest.raises(InvalidActionError) as refused:
            rules.apply_edit(state, text)
        assert len(str(refused.value)) < 300, str(refused.value)[:400]


def test_an_edit_of_the_right_shape_still_applies() -> None:
    state = new_game()
    after, _ = rules.apply_edit(state, "!points eyrie 12")
    assert after.seats[1].points == 12
    placed, _ = rules.apply_edit(state, "!place 5 marquise:warrior x2")
    assert count(placed, 5, "marquise", "warrior") == count(state, 5, "marquise", "warrior") + 2


def test_an_edit_a_record_holds_replays_as_it_was_accepted() -> None:
    """A record written before edits were read strictly, with a word its edit left unread, still replays."""
    setup = ["keep 1", *(f"build {kind} {cid}" for kind, cid in DEFAULT_BUILDINGS[1]), "leader despot"]
    record = rules.Record(dict(OPTIONS), 1, [*setup, "!points eyrie 12 13", "!place 5 marquise:warrior x2 soon"])
    before = count(rules.replay(rules.Record(dict(OPTIONS), 1, setup)), 5, "marquise", "warrior")
    state = rules.replay(record)
    assert state.seats[1].points == 12 and count(state, 5, "marquise", "warrior") == before + 2
