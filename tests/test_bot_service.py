"""The game service on a real SQLite file: restarts, races, refusals that change nothing, hidden hands."""

from __future__ import annotations

import asyncio
import random

import pytest
from discord_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    FakeClock,
    actor_for,
    open_service,
    play_random,
    saved,
    started_game,
    state_of,
)

import rules
from bot import messages
from bot.service.table import Actor


async def test_lobby_refuses_clearly(database):
    service = await open_service(database)
    assert (await service.join(ALICE, "marquise")).reply == messages.NO_GAME
    await service.create(ALICE, seats=2)
    assert (await service.create(BOB, seats=2)).refused
    assert (await service.join(ALICE, "nobody")).refused
    await service.join(ALICE, "cats")
    assert "already" in (await service.join(ALICE, "eyrie")).reply
    assert "taken" in (await service.join(BOB, "marquise")).reply
    assert "more player" in (await service.start(ALICE)).reply
    assert (await service.start(BOB)).reply == messages.NOT_SEATED
    await service.join(BOB, "birds")
    assert (await service.join(CAROL, "marquise")).reply == messages.TABLE_FULL.format(seats=2)
    outbox = await service.start(BOB)
    assert not outbox.refused and outbox.board is not None
    assert outbox.mentions == [ALICE.user_id]  # the Marquise sets up first: her seat is asked
    assert outbox.prompt is not None and outbox.prompt.user_id == ALICE.user_id
    await service.store.close()


async def test_bad_options_are_refused_in_the_engines_words(database):
    service = await open_service(database)
    assert "seats" in (await service.create(ALICE, seats=9)).reply
    assert "unknown faction" in (await service.create(ALICE, seats=2, factions="cats,dragons")).reply
    outbox = await service.create(ALICE, seats=2, board="moon")
    assert outbox.refused and "moon" in outbox.reply
    await service.store.close()


async def test_game_survives_a_restart(database):
    url = database
    first = await open_service(url)
    await started_game(first)
    played = await play_random(first, 12)
    before = (await state_of(first)).dumps()
    await first.store.close()

    second = await open_service(url)
    assert (await state_of(second)).dumps() == before
    more = await play_random(second, 5, seed=9)
    rows = await second.store.record_rows(CHANNEL)
    assert [r.notation for r in rows] == played + more
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
    record = await second.record(await second.table(CHANNEL))
    assert rules.replay(record).digest() == (await state_of(second)).digest()
    await second.store.close()


async def test_two_commands_at_once_apply_exactly_once(database):
    service = await open_service(database)
    await started_game(service)
    first, second = await asyncio.gather(service.submit(ALICE, "keep 1"), service.submit(ALICE, "keep 1"))
    assert sorted([first.refused, second.refused]) == [False, True]
    rows = await service.store.record_rows(CHANNEL)
    assert [r.notation for r in rows] == ["keep 1"]
    await service.store.close()


async def test_two_seats_at_once_one_is_told_it_is_not_their_turn(database):
    service = await open_service(database)
    await started_game(service)
    mine, theirs = await asyncio.gather(service.submit(ALICE, "keep 1"), service.submit(BOB, "roost 3"))
    assert not mine.refused
    assert theirs.refused and "not your turn" in theirs.reply
    await service.store.close()


async def test_two_processes_on_one_file_never_double_apply(database):
    url = database
    one = await open_service(url)
    await started_game(one)
    two = await open_service(url)  # a second process: its own locks, its own connection
    results = await asyncio.gather(one.submit(ALICE, "keep 2"), two.submit(ALICE, "keep 2"))
    accepted = [r for r in results if not r.refused]
    refused = [r for r in results if r.refused]
    assert len(accepted) == 1 and len(refused) == 1
    assert refused[0].reply in (messages.STALE,) or "the keep is already placed" in refused[0].reply
    rows = await one.store.record_rows(CHANNEL)
    assert [r.notation for r in rows] == ["keep 2"]
    record = await one.record(await one.table(CHANNEL))
    assert rules.replay(record).digest() == (await state_of(one)).digest()
    await one.store.close()
    await two.store.close()


@pytest.mark.parametrize(
    ("actor", "text", "says"),
    [
        (ALICE, "keep 99", "there is no clearing 99"),
        (ALICE, "keep 11", "the keep goes in a corner clearing"),
        (ALICE, "craft nosuchcard", "not a card"),
        (ALICE, "frobnicate 3", "I don't know the action"),
        (ALICE, "keep five", "does not fit"),
        (BOB, "roost 3", "not your turn"),
        (Actor(CHANNEL, 5555, "eve"), "keep 1", messages.NOT_SEATED_FULL),
        (ALICE, "", "say what to do"),
    ],
)
async def test_bad_input_is_refused_and_changes_nothing(database, actor, text, says):
    service = await open_service(database)
    await started_game(service)
    before = await saved(service)
    outbox = await service.submit(actor, text)
    assert outbox.refused and says in outbox.reply
    assert not outbox.public and outbox.board is None
    assert await saved(service) == before
    await service.store.close()


async def test_card_not_in_hand_is_refused(database):
    service = await open_service(database)
    await started_game(service)
    await play_random(service, 4)  # through setup
    state = await state_of(service)
    seat = rules.to_act(state)
    held = {rules.cards.card(c).key for c in state.seats[seat].hand}
    missing = next(k for k, c in rules.cards.keys().items() if k not in held and c.type == "item")
    before = await saved(service)
    outbox = await service.submit(actor_for(state, seat), f"craft {missing}")
    assert outbox.refused
    assert await saved(service) == before
    await service.store.close()


async def test_a_seats_hand_never_reaches_anyone_else(database):
    service = await open_service(database)
    await started_game(service, win_points=10, round_limit=3)
    secrets: dict[int, list[str]] = {ALICE.user_id: [], BOB.user_id: []}
    public: list[str] = []
    chooser = random.Random(5)
    while True:
        state = await state_of(service)
        seat = rules.to_act(state)
        if seat is None:
            break
        actor = actor_for(state, seat)
        outbox = await service.submit(actor, chooser.choice(rules.legal_actions(state, seat)).notation())
        assert outbox.board is not None and outbox.board.view["hand"] is None
        public.append(outbox.public)
        assert not outbox.reply  # private notes go to each player's own thread
        for post in outbox.seat_posts:
            secrets[post.user_id].append(post.text)
            own = 0 if post.user_id == ALICE.user_id else 1
            assert post.hand is None or post.hand["viewer"] == own  # only the player's own hand is drawn
    assert secrets[ALICE.user_id] and secrets[BOB.user_id]  # both drew cards privately
    alice_log = (await service.log(ALICE, 50)).reply
    bob_log = (await service.log(BOB, 50)).reply
    for text in secrets[ALICE.user_id]:
        assert all(text not in p for p in public)
        assert text not in bob_log
    for text in secrets[BOB.user_id]:
        assert all(text not in p for p in public)
        assert text not in alice_log
    final = await state_of(service)
    bob_hand = (await service.hand(BOB)).reply
    for cid in final.seats[0].hand:
        name = rules.cards.card(cid).name
        if all(rules.cards.card(c).name != name for c in final.seats[1].hand):
            assert name not in bob_hand
    await service.store.close()


async def test_player_undo_follows_the_engines_policy(database):
    service = await open_service(database)
    await started_game(service)
    assert not (await service.submit(ALICE, "keep 1")).refused
    before = await saved(service)
    refused = await service.undo(BOB, 1)
    assert refused.refused and "your own actions" in refused.reply
    assert await saved(service) == before
    outbox = await service.undo(ALICE, 1)
    assert not outbox.refused and outbox.board is not None
    rows = await service.store.record_rows(CHANNEL)
    assert rows == []
    assert rules.to_act(await state_of(service)) == 0
    await service.store.close()


async def test_choices_for_a_decision_only_for_its_seat(database):
    service = await open_service(database)
    await started_game(service)
    mine = await service.choices(ALICE)
    assert [c.notation for c in mine.choices] == ["keep 1", "keep 2", "keep 3", "keep 4"]
    assert "not yours" in (await service.choices(BOB)).reply
    assert (await service.choices(ALICE, version=99)).refused
    stale = await service.submit(ALICE, "keep 1", expected_version=99)
    assert stale.refused and "changed" in stale.reply
    await service.store.close()


async def test_information_commands(database):
    service = await open_service(database)
    await started_game(service)
    await play_random(service, 6)
    assert "Your hand" in (await service.hand(ALICE)).reply
    assert (await service.hand(CAROL)).reply == messages.NOT_SEATED_FULL  # a full game: nothing to join
    board = await service.board(CAROL)
    assert board.board is not None and board.reply and not board.public
    assert (await service.board(CAROL, public=True)).public
    assert "1." in (await service.log(CAROL)).reply
    assert "Anvil" in (await service.card(CAROL, "anvil")).reply
    assert (await service.card(CAROL, "no such card")).refused
    assert "To act" in (await service.status(CAROL)).reply
    await service.store.close()


async def test_clock_is_injected(database):
    clock = FakeClock()
    service = await open_service(database, clock)
    await started_game(service)
    deadline = await service.store.deadline(CHANNEL)
    assert deadline is not None and deadline.due_at == int(clock.now) + 24 * 3600
    await service.store.close()
