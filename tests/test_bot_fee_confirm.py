"""A move that would also pay from the hand without the player naming it (a 3x3 bridge fee paid with their only
card of the suit) is put to them first: nothing changes until they confirm."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_harness import FakeClock, db_url, open_service, path_to, saved, state_of

import rules
from bot.service import GameService
from bot.service.table import Actor
from rules import registry
from rules.modes import find_mode

CHANNEL = 77
FACTIONS = ("marquise", "eyrie", "vagabond", "tinker", "spinners", "alliance")
TEAMS = ("A", "A", "A", "B", "B", "B")


def _actor(faction: str) -> Actor:
    return Actor(CHANNEL, 5000 + FACTIONS.index(faction), faction, 1)


def _unasked_move(state: rules.GameState) -> rules.Action | None:
    """A legal action of the seat to act that would pay from its hand unasked."""
    seat = rules.to_act(state)
    if seat is None or state.pending:
        return None
    for action in rules.legal_actions(state, seat, verb="move"):
        new, _ = rules.apply(state, action, seat=seat)
        if any(who == seat for who, _, _ in new.spent_unasked):
            return action
    return None


def _fee_ahead(state: rules.GameState) -> bool:
    return _unasked_move(state) is not None


async def _frontier_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GameService:
    monkeypatch.setattr(type(find_mode("frontier")), "playable", True)
    for fid in FACTIONS:
        monkeypatch.setattr(type(registry.faction(fid)), "playable", True)
    service = await open_service(db_url(tmp_path), FakeClock(), seed=3)
    first = _actor("marquise")
    assert not (await service.create(first, mode="frontier", seats=6, factions=",".join(FACTIONS))).refused
    for faction, team in zip(FACTIONS, TEAMS, strict=True):
        assert not (await service.join(_actor(faction), faction, team)).refused
    assert not (await service.start(first)).refused
    return service


async def test_a_bridge_fee_paid_unasked_is_confirmed_first(tmp_path, monkeypatch) -> None:
    service = await _frontier_game(tmp_path, monkeypatch)
    state = await state_of(service, CHANNEL)
    for text in path_to(state, _fee_ahead, walks=40, steps=400):
        seat = rules.to_act(state)
        assert seat is not None
        outbox = await service.submit(_actor(state.seats[seat].faction), text, confirmed=True)
        assert not outbox.refused, outbox.reply
        state = await state_of(service, CHANNEL)
    action = _unasked_move(state)
    assert action is not None
    seat = rules.to_act(state)
    assert seat is not None
    mover = _actor(state.seats[seat].faction)
    hand_before = list(state.seats[seat].hand)
    before = await saved(service, CHANNEL)
    asked = await service.submit(mover, action.notation())
    assert "would also spend from your hand" in asked.reply and "Nothing has changed yet" in asked.reply
    assert asked.public == "" and asked.choices_confirm
    assert [c.notation for c in asked.choices] == [action.notation()]
    assert await saved(service, CHANNEL) == before  # nothing saved, nothing logged
    done = await service.submit(mover, action.notation(), expected_version=asked.choices_version, confirmed=True)
    assert not done.refused and "pays" in done.public
    after = await state_of(service, CHANNEL)
    assert hand_before == [hand_before[0]]  # paid unasked only from a hand of one card (more would tell the table)
    assert after.version > state.version and hand_before[0] not in after.seats[seat].hand
    await service.store.close()


async def test_a_confirm_button_of_an_earlier_moment_is_refused(tmp_path, monkeypatch) -> None:
    service = await _frontier_game(tmp_path, monkeypatch)
    state = await state_of(service, CHANNEL)
    seat = rules.to_act(state)
    assert seat is not None
    stale = (await service.table(CHANNEL)).game.version - 1
    before = await saved(service, CHANNEL)
    refused = await service.submit(_actor(state.seats[seat].faction), "pass", expected_version=stale, confirmed=True)
    assert refused.refused and await saved(service, CHANNEL) == before
    await service.store.close()
