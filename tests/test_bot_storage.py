"""Storage: the schema comes from migrations, an old database file upgrades without losing games."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from dataclasses import replace

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from discord_harness import ALICE, BOB, CHANNEL, db_url, open_service, saved, started_game, state_of
from sqlalchemy import event
from sqlmodel import SQLModel

import rules
from bot.storage import models  # noqa: F401
from bot.storage.db import alembic_config, current_revision, dispose, in_transaction, make_engine, upgrade
from bot.storage.models import Deadline, LogRow
from bot.storage.store import Change, StaleVersion, Store
from tools.bench import count_handovers

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_migrations_build_exactly_the_models(database):
    engine = make_engine(database)
    await upgrade(engine)
    assert await current_revision(engine) == HEAD
    diff = await in_transaction(engine, lambda c: compare_metadata(MigrationContext.configure(c), SQLModel.metadata))
    assert diff == []
    await dispose(engine)


async def test_sqlite_runs_in_wal_with_a_busy_timeout(tmp_path):
    store = await Store.open(db_url(tmp_path))
    pragmas = ("journal_mode", "busy_timeout", "synchronous")
    mode, busy, synchronous = await store.run(lambda s: [s.execute(sa.text(f"PRAGMA {p}")).scalar() for p in pragmas])
    assert mode == "wal" and busy and busy >= 1000 and synchronous == 1  # 1: NORMAL
    await store.close()


async def test_an_old_database_file_upgrades_and_its_game_goes_on(database):
    url = database
    engine = make_engine(url)
    await upgrade(engine, "0001")  # the schema before reminders existed
    options = {"factions": ["marquise", "eyrie"], "board": "autumn", "mode": "standard", "first_player": 0}
    state = rules.new_game(options, 5)
    state, _ = rules.apply(state, rules.parse(state, "keep 1"))
    lobby = {"mode": "standard", "board": "autumn", "seats": 2, "factions": ["marquise", "eyrie"]}

    def old_rows(conn: sa.Connection) -> None:
        conn.execute(
            sa.text(
                "INSERT INTO games (channel_id, guild_id, status, version, lobby, options, seed, state, created_by,"
                " created_at, updated_at) VALUES (:c, 1, 'active', 7, :l, :o, 5, :s, :u, 0, 0)"
            ),
            {"c": CHANNEL, "l": json.dumps(lobby), "o": json.dumps(options), "s": state.dumps(), "u": ALICE.user_id},
        )
        for seat, (faction, user) in enumerate((("marquise", ALICE), ("eyrie", BOB))):
            conn.execute(
                sa.text(
                    "INSERT INTO seats (channel_id, faction, seat, user_id, user_name, joined_at)"
                    " VALUES (:c, :f, :n, :u, :name, 0)"
                ),
                {"c": CHANNEL, "f": faction, "n": seat, "u": user.user_id, "name": user.name},
            )
        conn.execute(
            sa.text(
                "INSERT INTO actions (channel_id, seq, kind, seat, user_id, notation, public, private, irreversible,"
                " version, undone, created_at) VALUES (:c, 1, 'action', 0, :u, 'keep 1', '', '{}', false, 1, false, 0)"
            ),
            {"c": CHANNEL, "u": ALICE.user_id},
        )

    await in_transaction(engine, old_rows)
    await dispose(engine)

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


async def test_a_move_is_one_transaction_of_four_statements_or_two_on_postgresql(database):
    service = await open_service(database)
    await started_game(service)
    seen: dict[str, list[str]] = {"begin": [], "sql": []}
    engine = service.store.sync_engine
    event.listen(engine, "begin", lambda _conn: seen["begin"].append("begin"))
    event.listen(engine, "before_cursor_execute", lambda *a: seen["sql"].append(a[2].split()[0].upper()))
    assert not (await service.submit(ALICE, "keep 1")).refused
    statements = [s for s in seen["sql"] if s not in ("BEGIN", "COMMIT")]  # SQLite opens with BEGIN IMMEDIATE
    assert len(seen["begin"]) == 1, seen  # the read and the write share one transaction
    if database.startswith("postgresql"):  # game+seats; game, log and deadline in one statement (its WITH parts)
        assert statements == ["SELECT", "WITH"], statements
    else:
        assert statements == ["SELECT", "UPDATE", "INSERT", "INSERT"], statements  # game+seats, game, log, deadline
    refused = await service.submit(ALICE, "keep 1")
    assert refused.refused and len(seen["begin"]) == 2  # a refusal reads in one transaction and writes nothing
    await service.store.close()


async def test_a_move_on_sqlite_runs_on_the_event_loop_when_the_file_is_free(tmp_path):
    """The read, the write and the commit run here when the write lock is free at once (aiosqlite took 17 hand-overs
    to its thread, the store's worker thread 3); only a BEGIN that would wait for another process goes to the worker."""
    url = db_url(tmp_path)
    service, other = await open_service(url), await open_service(url)
    await started_game(service)
    with count_handovers(service.store) as handovers:
        assert not (await service.submit(ALICE, "keep 1")).refused
        assert handovers() == 0
        assert (await service.submit(ALICE, "keep 1")).refused
        assert handovers() == 0
        async with other.store.unit():
            await other.store.load(CHANNEL)  # another process holds the file's write lock
            move = asyncio.ensure_future(service.submit(ALICE, "build sawmill 1"))  # never waits on the loop
            await asyncio.sleep(0.2)
            assert not move.done()
        assert not (await asyncio.wait_for(move, 10)).refused
        assert handovers() == 1  # the BEGIN, which waited on the worker thread; the rest ran here
    for store in (service.store, other.store):
        await store.close()


async def test_a_failure_after_a_write_rolls_the_whole_command_back(database):
    service = await open_service(database)
    await started_game(service)
    before = await saved(service)
    with pytest.raises(RuntimeError):
        async with service.store.unit():
            loaded = await service.store.load(CHANNEL)
            assert loaded is not None
            log = [LogRow(kind="action", notation="keep 1", version=loaded.game.version + 1)]
            await service.store.save(Change(CHANNEL, loaded.game.version, now=5, state="{}", log=log))
            raise RuntimeError("the command failed after its write")
    assert await saved(service) == before
    assert not (await service.submit(ALICE, "keep 1")).refused  # the database is free again
    await service.store.close()


async def test_a_cancelled_command_changes_nothing_and_frees_the_database(database):
    service = await open_service(database)
    await started_game(service)
    await started_game(service, channel=CHANNEL + 1)
    before = await saved(service)
    inside, save = asyncio.Event(), service.store.save

    async def slow_save(change: Change) -> None:
        inside.set()
        await asyncio.sleep(30)  # cancelled here: the game was read (and locked) and nothing written yet
        await save(change)

    service.store.save = slow_save  # type: ignore[method-assign]
    move = asyncio.ensure_future(service.submit(ALICE, "keep 1"))
    await asyncio.wait_for(inside.wait(), 10)
    move.cancel()
    with pytest.raises(asyncio.CancelledError):
        await move
    service.store.save = save  # type: ignore[method-assign]
    assert await asyncio.wait_for(saved(service), 10) == before  # no lock was left held
    other = replace(ALICE, channel_id=CHANNEL + 1)
    both = asyncio.gather(service.submit(ALICE, "keep 1"), service.submit(other, "keep 3"))
    assert [o.refused for o in await asyncio.wait_for(both, 10)] == [False, False]
    assert [r.notation for r in await service.store.record_rows(CHANNEL + 1)] == ["keep 3"]
    await service.store.close()


async def test_waiting_for_another_process_sqlite_lock_keeps_the_event_loop_running(tmp_path):
    url = db_url(tmp_path)
    holder, waiter = await open_service(url), await open_service(url)  # two processes on one file
    await started_game(holder)
    lags: list[float] = []

    async def ticker() -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - start - 0.01)

    ticking = asyncio.ensure_future(ticker())
    async with holder.store.unit():
        await holder.store.load(CHANNEL)  # BEGIN IMMEDIATE: the file's write lock is held from here
        move = asyncio.ensure_future(waiter.submit(ALICE, "keep 1"))
        await asyncio.sleep(0.5)  # the waiter's worker thread waits on the lock meanwhile
        assert not move.done()
    outbox = await asyncio.wait_for(move, 10)  # then it gets the lock and plays
    ticking.cancel()
    assert not outbox.refused, outbox.reply
    assert lags and max(lags) < 0.25, max(lags)  # the loop kept ticking while the other process held the lock
    for service in (holder, waiter):
        await service.store.close()


async def test_a_new_process_reads_a_saved_game_and_changes_its_rows(tmp_path):
    """The store makes the rows it reads without the ORM's loading: in a process that has used no model yet, the game
    it reads must still be whole, and changing its copy must work (the service sets seats and settings on it)."""
    url = db_url(tmp_path)
    service = await open_service(url)
    await started_game(service)
    await service.store.close()
    script = (
        "import asyncio, sys\n"
        "from bot.storage.store import Store\n"
        "async def main():\n"
        "    store = await Store.open(sys.argv[1])\n"
        f"    loaded = await store.load({CHANNEL})\n"
        "    loaded.seats[0].seat = 5\n"
        "    print(loaded.game.status, len(loaded.game.state or ''), len(loaded.seats), loaded.seats[0].seat)\n"
        "    await store.close()\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    status, state_chars, seats, changed = done.stdout.split()
    assert (status, int(state_chars) > 100, seats, changed) == ("active", True, "2", "5")


async def test_a_move_saved_against_an_older_version_writes_nothing(database):
    """The version check and a move's other writes go together (on PostgreSQL, one statement): a stale change leaves
    the game, its log and its deadline as they were."""
    service = await open_service(database)
    await started_game(service)
    before, deadline = await saved(service), await service.store.deadline(CHANNEL)
    loaded = await service.store.load(CHANNEL)
    assert loaded is not None and deadline is not None
    log = [LogRow(kind="action", notation="keep 1", version=99)]
    later = Deadline(**{**deadline.model_dump(), "due_at": (deadline.due_at or 0) + 3600, "version": 99})
    stale = Change(CHANNEL, loaded.game.version - 1, now=5, state="{}", log=log, deadline=later)
    with pytest.raises(StaleVersion):
        await service.store.save(stale)
    assert await saved(service) == before
    assert await service.store.deadline(CHANNEL) == deadline
    assert not (await service.submit(ALICE, "keep 1")).refused
    await service.store.close()
