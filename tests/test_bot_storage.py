"""Storage: the schema comes from migrations, an old database file upgrades without losing games."""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from discord_harness import ALICE, BOB, CHANNEL, db_url, open_service, started_game, state_of
from sqlalchemy import event
from sqlmodel import SQLModel

import rules
from bot import models  # noqa: F401
from bot.db import alembic_config, current_revision, make_engine, upgrade

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_migrations_build_exactly_the_models(database):
    engine = make_engine(database)
    await upgrade(engine)
    assert await current_revision(engine) == HEAD
    async with engine.connect() as conn:
        diff = await conn.run_sync(lambda c: compare_metadata(MigrationContext.configure(c), SQLModel.metadata))
    assert diff == []
    await engine.dispose()


async def test_sqlite_runs_in_wal_with_a_busy_timeout(tmp_path):
    engine = make_engine(db_url(tmp_path))
    async with engine.connect() as conn:
        mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar()
        busy = (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar()
    assert mode == "wal" and busy and busy >= 1000
    await engine.dispose()


async def test_an_old_database_file_upgrades_and_its_game_goes_on(database):
    url = database
    engine = make_engine(url)
    await upgrade(engine, "0001")  # the schema before reminders existed
    options = {"factions": ["marquise", "eyrie"], "board": "autumn", "mode": "standard", "first_player": 0}
    state = rules.new_game(options, 5)
    state, _ = rules.apply(state, rules.parse(state, "keep 1"))
    lobby = {"mode": "standard", "board": "autumn", "seats": 2, "factions": ["marquise", "eyrie"]}
    async with engine.begin() as conn:
        await conn.execute(
            sa.text(
                "INSERT INTO games (channel_id, guild_id, status, version, lobby, options, seed, state, created_by,"
                " created_at, updated_at) VALUES (:c, 1, 'active', 7, :l, :o, 5, :s, :u, 0, 0)"
            ),
            {"c": CHANNEL, "l": json.dumps(lobby), "o": json.dumps(options), "s": state.dumps(), "u": ALICE.user_id},
        )
        for seat, (faction, user) in enumerate((("marquise", ALICE), ("eyrie", BOB))):
            await conn.execute(
                sa.text(
                    "INSERT INTO seats (channel_id, faction, seat, user_id, user_name, joined_at)"
                    " VALUES (:c, :f, :n, :u, :name, 0)"
                ),
                {"c": CHANNEL, "f": faction, "n": seat, "u": user.user_id, "name": user.name},
            )
        await conn.execute(
            sa.text(
                "INSERT INTO actions (channel_id, seq, kind, seat, user_id, notation, public, private, irreversible,"
                " version, undone, created_at) VALUES (:c, 1, 'action', 0, :u, 'keep 1', '', '{}', false, 1, false, 0)"
            ),
            {"c": CHANNEL, "u": ALICE.user_id},
        )
    await engine.dispose()

    service = await open_service(url)  # opening upgrades to the newest schema
    assert await current_revision(service.store.engine) == HEAD
    assert (await state_of(service)).dumps() == state.dumps()
    table = await service.table(CHANNEL)
    assert table.game.reminder_hours == 24
    outbox = await service.submit(ALICE, rules.legal_actions(state, 0)[0].notation())
    assert not outbox.refused, outbox.reply
    record = await service.record(await service.table(CHANNEL))
    assert record.actions[0] == "keep 1" and len(record.actions) == 2
    assert rules.replay(record).digest() == (await state_of(service)).digest()
    await service.store.close()


async def test_snowflakes_fit(database):
    service = await open_service(database)
    big = ALICE.__class__(2**63 - 25, 2**63 - 7, "big", 2**63 - 3)
    assert not (await service.create(big, seats=2)).refused
    assert (await service.table(big.channel_id)).game.guild_id == 2**63 - 3
    await service.store.close()


async def test_a_move_is_one_transaction_of_four_statements(database):
    service = await open_service(database)
    await started_game(service)
    seen: dict[str, list[str]] = {"begin": [], "sql": []}
    engine = service.store.engine.sync_engine
    event.listen(engine, "begin", lambda _conn: seen["begin"].append("begin"))
    event.listen(engine, "before_cursor_execute", lambda *a: seen["sql"].append(a[2].split()[0].upper()))
    assert not (await service.submit(ALICE, "keep 1")).refused
    statements = [s for s in seen["sql"] if s not in ("BEGIN", "COMMIT")]  # SQLite opens with BEGIN IMMEDIATE
    assert len(seen["begin"]) == 1, seen  # the read and the write share one transaction
    assert statements == ["SELECT", "UPDATE", "INSERT", "INSERT"], statements  # game+seats, game, log, deadline
    refused = await service.submit(ALICE, "keep 1")
    assert refused.refused and len(seen["begin"]) == 2  # a refusal reads in one transaction and writes nothing
    await service.store.close()
