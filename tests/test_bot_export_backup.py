"""Exports hide what is hidden until the game ends, read the database without writing it; backups of a live file."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from discord_harness import ALICE, CHANNEL, MOD, FakeClock, OfflineUser, db_url, offline_bot, open_service, started_game

from bot import cli, messages
from bot.storage import db

SEEDLESS = {"seed", "digest"}


async def test_a_game_going_on_exports_without_its_seed(tmp_path):
    service = await open_service(db_url(tmp_path))
    await started_game(service)
    assert not (await service.mod_edit(MOD, "!card anvil deck hand:eyrie")).refused
    assert not (await service.mod_edit(MOD, "!card anvil hand:eyrie discard")).refused
    record = await service.export(CHANNEL)
    assert not SEEDLESS & set(record) and record["redacted"] is True
    assert record["actions"] == ["!card ? deck hand:eyrie", "!card anvil hand:eyrie discard"]  # the discard is public
    for answer in (await service.export_for(ALICE), await service.mod_export(MOD)):
        data = json.loads(next(iter(answer.attachments.values())))
        assert not SEEDLESS & set(data) and answer.public == ""
    assert not (await service.mod_end(MOD)).refused
    ended = json.loads(next(iter((await service.export_for(ALICE)).attachments.values())))
    assert isinstance(ended["seed"], int) and ended["digest"] and "redacted" not in ended
    await service.store.close()


async def test_a_moderators_full_export_of_a_game_going_on_is_announced(tmp_path):
    bot = await offline_bot(db_url(tmp_path), FakeClock())
    await started_game(bot.service)
    mod = OfflineUser("mo", moderator=True)
    result = await bot.slash(mod, CHANNEL, "rootmod export", full=True)
    public = [s for s in result.sent if s.public and not s.deferred]
    private = [s for s in result.sent if s.ephemeral and s.files]
    assert len(public) == 1 and "full record" in public[0].content and "seed" in public[0].content
    [attachment] = [data for s in private for data in s.files.values()]
    assert isinstance(json.loads(attachment)["seed"], int)
    player = await bot.slash(OfflineUser("alice"), CHANNEL, "root export")
    [mine] = [data for s in player.sent for data in s.files.values()]
    assert "seed" not in json.loads(mine) and not any(s.public for s in player.sent if not s.deferred)
    await bot.service.store.close()


def _console_game(tmp_path: Path) -> Path:
    script = tmp_path / "s.txt"
    script.write_text(
        "@alice /root create seats:2 factions:marquise,eyrie\n@alice /root join faction:marquise\n"
        "@bob /root join faction:eyrie\n@alice /root start\n"
    )
    database = tmp_path / "c.db"
    argv = ["console", "--quiet", "--script", str(script), "--db", str(database), "--images", str(tmp_path / "i")]
    assert cli.main(argv) == 0
    return database


def test_export_reads_while_another_process_holds_the_write_lock(tmp_path, monkeypatch, capsys):
    database = _console_game(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)  # a writer would give up on the lock quickly
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # the bot in the middle of a write: nobody else may write now
    try:
        assert cli.main(["export", "--db", str(database)]) == 0
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert json.loads(capsys.readouterr().out)["status"] == "active"


def test_a_failed_export_creates_no_database(tmp_path, capsys):
    missing = tmp_path / "rootbot.db"
    assert cli.main(["export", "--db", str(missing)]) != 0
    assert not missing.exists() and list(tmp_path.iterdir()) == []
    assert str(missing) in capsys.readouterr().err


def test_export_of_an_old_schema_asks_for_migrate_and_changes_nothing(tmp_path, capsys):
    database = _console_game(tmp_path)
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0002'")
    before = database.read_bytes()
    assert cli.main(["export", "--db", str(database)]) == 2
    assert "rootbot migrate" in capsys.readouterr().err
    assert database.read_bytes() == before


def test_backup_of_a_live_database_while_another_connection_writes(tmp_path, capsys):
    source = tmp_path / "live.db"
    with sqlite3.connect(source) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE moves (n INTEGER PRIMARY KEY, text TEXT)")
        conn.executemany("INSERT INTO moves (text) VALUES (?)", [("x" * 500,)] * 4000)  # a few MB: many steps
    stop = threading.Event()
    written = []

    def write() -> None:
        conn = sqlite3.connect(source, timeout=10)
        conn.execute("PRAGMA journal_mode=WAL")
        while not stop.is_set():
            with conn:
                conn.execute("INSERT INTO moves (text) VALUES ('during the backup')")
            written.append(1)
        conn.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        target = tmp_path / "copy.db"
        assert cli.main(["backup", "--db", str(source), "--out", str(target)]) == 0
    finally:
        stop.set()
        writer.join()
    assert written, "the writer wrote nothing while the backup ran"
    assert messages.BACKED_UP.split("{")[0] in capsys.readouterr().out
    with sqlite3.connect(target) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        count = copy.execute("SELECT count(*) FROM moves").fetchone()[0]
    with sqlite3.connect(source) as live:
        total = live.execute("SELECT count(*) FROM moves").fetchone()[0]
    assert 4000 <= count <= total  # a consistent moment of the live file
    assert not (tmp_path / "copy.db.partial").exists()
    assert cli.main(["backup", "--db", str(source), "--out", str(target)]) == 2  # never overwrites a backup
