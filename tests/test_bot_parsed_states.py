"""The service's parsed states: a game read again costs a copy, never shows an older state, and stays bounded."""

from __future__ import annotations

import rules
from bot.service.table import ParsedStates


def saved_text(seed: int) -> str:
    """The saved text of a freshly set-up two-seat game."""
    return rules.new_game({"factions": ["marquise", "eyrie"]}, seed).dumps()


def test_a_text_read_again_gives_a_copy_of_its_own() -> None:
    parsed, text = ParsedStates(), saved_text(1)
    first = parsed.parse(7, text)
    first.deck.clear()  # a reader changing its copy changes nobody else's
    second = parsed.parse(7, text)
    assert second.dumps() == text and second is not first
    assert rules.GameState.loads(text) == second


def test_a_changed_text_is_parsed_again() -> None:
    parsed = ParsedStates()
    parsed.parse(7, saved_text(1))
    newer = saved_text(2)
    assert parsed.parse(7, newer).dumps() == newer


def test_the_channels_read_longest_ago_go_first_past_the_budget() -> None:
    text = saved_text(1)
    parsed = ParsedStates(budget=2 * len(text))
    for channel in (1, 2, 3):
        parsed.parse(channel, text)
    parsed.parse(2, text)  # read again: now the newest
    parsed.parse(4, text)
    assert len(parsed) == 2
    assert parsed.kept() == [2, 4]
