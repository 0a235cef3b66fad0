"""Moderator commands in the service: skip, seats, undo by replay, edits in the record, end."""

from __future__ import annotations

import json

from discord_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    MOD,
    open_service,
    play_random,
    saved,
    started_game,
    state_of,
)

import rules
from bot import messages


async def test_everything_is_refused_for_non_moderators(database):
    service = await open_service(database)
    await started_game(service)
    before = await saved(service)
    calls = [
        service.mod_pause(ALICE),
        service.mod_skip(ALICE),
        service.mod_replace(ALICE, "eyrie", CAROL.user_id, CAROL.name),
        service.mod_unseat(ALICE, "eyrie"),
        service.mod_undo(ALICE, 1, True),
        service.mod_end(ALICE),
        service.mod_edit(ALICE, "!points eyrie 5"),
        service.mod_reminders(ALICE, 3),
        service.mod_settings(ALICE, role_id=5),
        service.mod_export(ALICE),
    ]
    for call in calls:
        outbox = await call
        assert outbox.refused and outbox.reply == messages.NOT_A_MODERATOR and not outbox.public
    assert await saved(service) == before
    await service.store.close()


async def test_skip_answers_with_the_engines_default(database):
    service = await open_service(database)
    await started_game(service)
    state = await state_of(service)
    expected = rules.default_action(state)
    outbox = await service.mod_skip(MOD)
    assert not outbox.refused and expected is not None and f"`{expected.notation()}`" in outbox.public
    rows = await service.store.record_rows(CHANNEL)
    assert [r.notation for r in rows] == [expected.notation()] and rows[0].user_id == MOD.user_id
    await service.store.close()


async def test_replace_and_unseat_a_player(database):
    service = await open_service(database)
    await started_game(service)
    outbox = await service.mod_replace(MOD, "marquise", CAROL.user_id, CAROL.name)
    assert not outbox.refused and outbox.mentions == [CAROL.user_id]
    assert (await service.submit(ALICE, "keep 1")).reply == messages.NOT_SEATED_FULL
    assert not (await service.submit(CAROL, "keep 1")).refused
    assert (await service.mod_replace(MOD, "eyrie", CAROL.user_id, CAROL.name)).refused  # already seated
    assert not (await service.mod_unseat(MOD, "eyrie")).refused
    table = await service.table(CHANNEL)
    assert table.by_faction("eyrie").user_id is None
    assert not (await service.join(ALICE, "eyrie")).refused  # a free seat of a started game can be taken
    assert (await service.table(CHANNEL)).by_faction("eyrie").user_id == ALICE.user_id
    await service.store.close()


async def test_undo_by_replay_refuses_across_hidden_information_unless_confirmed(database):
    service = await open_service(database)
    await started_game(service)
    played = await play_random(service, 40, seed=4)
    rows = await service.store.record_rows(CHANNEL)
    crossing = next(i for i in range(1, len(rows) + 1) if any(r.irreversible for r in rows[-i:]))
    before = await saved(service)
    refused = await service.mod_undo(MOD, crossing)
    assert refused.refused and "confirm" in refused.reply
    assert await saved(service) == before
    outbox = await service.mod_undo(MOD, crossing, confirm=True)
    assert not outbox.refused
    state = await state_of(service)
    expected = rules.replay(rules.Record(state.options, 11, played[:-crossing]))
    assert state.digest() == expected.digest()
    record = await service.record(await service.table(CHANNEL))
    assert record.actions == played[:-crossing]
    assert (await service.mod_undo(MOD, 10_000, True)).refused
    await service.store.close()


async def test_edits_are_written_to_the_record_and_replay_exactly(database):
    service = await open_service(database)
    await started_game(service)
    await play_random(service, 10)
    outbox = await service.mod_edit(MOD, "points eyrie 7")
    assert not outbox.refused and outbox.board is not None
    assert (await state_of(service)).seats[1].points == 7
    bad = await service.mod_edit(MOD, "!place 5 marquise:warrior x99")
    assert bad.refused
    await play_random(service, 3, seed=8)
    exported = await service.export(CHANNEL, full=True)
    assert "!points eyrie 7" in exported["actions"]
    replayed = rules.replay(rules.Record.from_json(json.loads(json.dumps(exported))))
    assert replayed.digest() == exported["digest"] == (await state_of(service)).digest()
    await service.store.close()


async def test_end_and_status(database):
    service = await open_service(database)
    await started_game(service)
    assert not (await service.mod_end(MOD)).refused
    assert "ended" in (await service.status(BOB)).reply
    assert "ended" in (await service.submit(ALICE, "keep 1")).reply
    assert await service.store.deadline(CHANNEL) is None
    assert not (await service.create(ALICE, seats=2)).refused  # a finished channel can host a new game
    await service.store.close()


async def test_moderator_role_from_settings(database):
    service = await open_service(database)
    assert await service.is_moderator(ALICE.guild_id, [], manage_guild=True)
    assert not await service.is_moderator(ALICE.guild_id, [42], manage_guild=False)
    await service.mod_settings(MOD, role_id=42)
    assert await service.is_moderator(ALICE.guild_id, [42], manage_guild=False)
    assert not await service.is_moderator(ALICE.guild_id + 1, [42], manage_guild=False)
    await service.store.close()
