"""Two processes on one database (a SQLite file, or PostgreSQL) apply each command once and lose none to a kill -9;
on PostgreSQL they share the reminders, and export reads only."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sqlalchemy as sa
from discord_harness import CHANNEL, FakeClock, open_service, started_game
from sqlalchemy.exc import DBAPIError

import rules
from bot import messages
from bot.cli import main as cli
from bot.service.reminders import tick
from bot.storage.store import Store
from tools.pgtemp import free_port

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}

# One bot process: plays the channel's game, each move pinned to the version it read (so a move decided on a
# game another process changed meanwhile is refused, never applied to a game it was not meant for).
PLAYER = textwrap.dedent(
    """
    import asyncio, json, random, sys
    from dataclasses import replace
    from discord_harness import actor_for, open_service
    import rules

    url, channel, seed, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])

    async def main():
        service = await open_service(url)
        chooser = random.Random(seed)
        warm = await service.table(channel)  # the first read and the engine's first legal moves cost the most:
        rules.legal_actions(warm.state, rules.to_act(warm.state))  # pay them before the start, not during the race
        print("ready", flush=True)
        sys.stdin.readline()  # both processes start playing at once
        for _ in range(moves):
            table = await service.table(channel)
            state = table.state
            seat = rules.to_act(state)
            if seat is None:
                break
            text = chooser.choice(rules.legal_actions(state, seat)).notation()
            actor = replace(actor_for(state, seat), channel_id=channel)
            out = await service.submit(actor, text, expected_version=table.game.version)
            if not out.refused:
                print(json.dumps([table.game.version, text]), flush=True)
            await asyncio.sleep(chooser.random() * 0.02)  # moves arrive at odd moments, as players send them
        await service.store.close()

    asyncio.run(main())
    """
)


async def test_two_processes_on_one_database_apply_every_acknowledged_move_once(database):
    service = await open_service(database)
    await started_game(service)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", PLAYER, database, str(CHANNEL), str(seed), "20"],
            env=ENV,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for seed in (1, 2)
    ]
    for run in runs:
        assert run.stdout is not None and run.stdout.readline() == b"ready\n", run.communicate()[1].decode()
    for run in runs:
        assert run.stdin is not None
        run.stdin.write(b"go\n")
        run.stdin.flush()
    acknowledged = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err.decode()
        acknowledged.append([tuple(json.loads(line)) for line in out.decode().splitlines()])
    assert all(acknowledged), acknowledged  # both processes had moves accepted: they really interleaved
    rows = await service.store.record_rows(CHANNEL)
    by_version = sorted(pair for run in acknowledged for pair in run)
    assert [v for v, _ in by_version] == sorted({v for v, _ in by_version})  # no version accepted twice
    assert [n for _, n in by_version] == [r.notation for r in rows]  # every acknowledged move, in order, once
    record = await service.record(await service.table(CHANNEL))
    assert rules.replay(record).digest() == (await service.table(CHANNEL)).state.digest()
    await service.store.close()


async def test_two_processes_ticking_post_each_reminder_once(pg_database):
    clock = FakeClock()
    service = await open_service(pg_database, clock)
    channels = [CHANNEL + i for i in range(6)]
    for channel in channels:
        await started_game(service, channel=channel)
    clock.advance(25)
    other = await open_service(pg_database, clock)  # a second process: its own pool of connections
    posted: list[tuple[int | None, str | None]] = []

    async def post(outbox):
        await asyncio.sleep(0.01)  # a post takes a moment: the other process's tick runs meanwhile
        posted.append((outbox.channel_id, outbox.nonce))

    counts = await asyncio.gather(*(tick(s, post) for s in (service, other, service, other)))
    assert sum(counts) == len(channels)
    assert sorted(c for c, _ in posted) == channels
    assert len({n for _, n in posted}) == len(channels)
    await service.store.close()
    await other.store.close()


async def test_a_read_only_store_cannot_write_on_postgresql(pg_database):
    service = await open_service(pg_database)
    await started_game(service)
    await service.store.close()
    reader = await Store.open_read_only(pg_database)
    assert (await reader.load(CHANNEL)) is not None
    with pytest.raises(DBAPIError, match="read-only"):
        await reader.run(lambda s: s.execute(sa.text("DELETE FROM games")))
    await reader.close()


def test_console_export_and_replay_on_postgresql(pg_database, tmp_path, capsys):
    script = ROOT / "assets" / "examples" / "short-game.txt"
    argv = ["console", "--quiet", "--script", str(script), "--db", pg_database, "--images", str(tmp_path / "i")]
    assert cli(argv) == 0
    out = tmp_path / "game.json"
    assert cli(["export", "--db", pg_database, "--full", "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["actions"] and not record.get("redacted")
    assert cli(["replay", str(out)]) == 0
    assert messages.REPLAY_SAME in capsys.readouterr().out


def test_an_unreachable_server_is_one_line_without_the_password(capsys):
    free = free_port()
    assert cli(["export", "--db", f"postgresql+asyncpg://bot:sekret@127.0.0.1:{free}/games"]) != 0
    said = capsys.readouterr().err
    assert "127.0.0.1" in said and "sekret" not in said and "Traceback" not in said
    assert len(said.strip().splitlines()) == 1


def _player(url: str, channel: int, seed: int, moves: int) -> subprocess.Popen[bytes]:
    run = subprocess.Popen(
        [sys.executable, "-c", PLAYER, url, str(channel), str(seed), str(moves)],
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdout is not None and run.stdout.readline() == b"ready\n", run.communicate()[1].decode()
    return run


async def test_kill_9_of_one_of_two_processes_mid_burst_loses_no_acknowledged_move(database):
    service = await open_service(database)
    channels = (CHANNEL, CHANNEL + 1)
    for channel in channels:
        await started_game(service, channel=channel)
    killed, survivor = _player(database, channels[0], 1, 60), _player(database, channels[1], 2, 12)
    for run in (killed, survivor):
        assert run.stdin is not None
        run.stdin.write(b"go\n")
        run.stdin.flush()
    assert killed.stdout is not None
    acknowledged = [tuple(json.loads(killed.stdout.readline())) for _ in range(4)]
    os.kill(killed.pid, signal.SIGKILL)  # mid-burst: it was deciding or saving its next move
    out, _ = killed.communicate(timeout=60)
    acknowledged += [tuple(json.loads(line)) for line in out.decode().splitlines() if line.startswith("[")]
    assert killed.returncode == -signal.SIGKILL
    out, err = survivor.communicate(timeout=300)
    assert survivor.returncode == 0, err.decode()
    other = [tuple(json.loads(line)) for line in out.splitlines()]
    for channel, acked in ((channels[0], acknowledged), (channels[1], other)):
        rows = await service.store.record_rows(channel)
        saved = [r.notation for r in rows]
        assert saved[: len(acked)] == [text for _, text in acked]  # every acknowledged move is kept, in order
        assert len(saved) <= len(acked) + 1  # at most the one move whose answer the kill cut off
        table = await service.table(channel)
        assert rules.replay(await service.record(table)).digest() == table.state.digest()
    await service.store.close()


def test_missing_server_programs_fail_loudly_naming_the_package(monkeypatch):
    from tools import pgtemp

    monkeypatch.setattr(pgtemp.shutil, "which", lambda _name: None)
    monkeypatch.setattr(pgtemp.glob, "glob", lambda _pattern: [])
    with pytest.raises(pgtemp.PostgresUnavailable, match="install Debian's `postgresql` package"):
        pgtemp.TempPostgres.start()
