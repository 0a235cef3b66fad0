"""Games saved by older versions of the bot migrate, replay, undo, export and play on under today's code.

tests/data/legacy/<commit>/ holds what each old commit wrote itself (tools/legacy/make.py, described in
tests/data/legacy/manifest.json): a console database with a game in progress, that game's `rootbot export`, and the
export of the same script played to its end.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from discord_harness import FakeClock

import rules
from bot import cli, messages
from bot.service import GameService
from bot.service.table import Actor, Table
from bot.settings import Settings
from bot.storage.db import head_revision
from bot.storage.store import Store
from rules.migrate import written
from rules.revisions import revision

LEGACY = Path(__file__).resolve().parent / "data" / "legacy"
VERSIONS = {v["name"]: v for v in json.loads((LEGACY / "manifest.json").read_text())["versions"]}
REVISION_OF = {  # the newest rules revision under which each game's record replays as it was (rules.revisions)
    ("a60aa8c", "game"): 1,
    ("9ead3fb", "game"): 2,
    ("b589521", "game"): 2,
    ("e7cbbc3", "game"): 2,
    ("6471d1b", "game"): 15,
    ("87d6567", "game"): 3,
    ("b3467d4", "game"): 3,
    ("bd0f766", "game"): 5,
    ("e99ba9a", "game"): 15,
    ("a142de1", "game"): 5,
    ("4fb3d57", "game"): 3,
    ("87439cc", "game"): 5,
    ("db2c6b0", "game"): 4,
    ("db2c6b0", "tinker"): 5,
    ("db2c6b0-readings", "game"): 4,
    ("db2c6b0-readings", "spore"): 4,
    ("db2c6b0-readings", "cornered"): 5,
    ("f4f117c", "game"): 7,
    ("f4f117c", "spore"): 7,
    ("60bd46f", "hundreds"): 8,
    ("60bd46f", "lizards"): 8,
    ("60bd46f", "duchy"): 8,
    ("60bd46f", "riverfolk"): 8,
    ("60bd46f-mixed", "three"): 8,
    ("60bd46f-mixed", "four"): 8,
    ("60bd46f-mixed", "vagabonds"): 8,
    ("60bd46f-mixed", "frontier"): 8,
}
FINISHED_REVISION_OF = {  # played on, the game met a difference of an older revision
    ("87439cc", "game"): 4,
    ("db2c6b0-readings", "cornered"): 4,
}
GAMES = [(name, game["channel"]) for name, version in VERSIONS.items() for game in version["games"]]
EXPORTS = [(name, channel, kind) for name, channel in GAMES for kind in ("export", "finished")]
MOD = 4242
PLAYED_ON = 3


def test_every_game_written_has_its_expected_rules_revision() -> None:
    assert sorted(GAMES) == sorted(REVISION_OF)


@pytest.mark.parametrize(("name", "channel", "kind"), EXPORTS)
def test_an_old_export_replays_to_the_same_state(
    name: str, channel: str, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = LEGACY / name / f"{channel}-{kind}.json"
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert messages.REPLAY_SAME in out
    number = REVISION_OF[name, channel]
    if kind == "finished":
        number = FINISHED_REVISION_OF.get((name, channel), number)
    older = number < rules.RULES_REVISION
    assert (f"recorded under rules revision {number}:" in out) == older, out


@pytest.mark.parametrize("name", list(VERSIONS))
def test_an_old_database_migrates_and_its_game_replays_undoes_exports_and_plays_on(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    shutil.copy(LEGACY / name / "games.db", db)
    saved = _saved_trees(db)
    assert cli.main(["migrate", "--db", str(db)]) == 0
    assert f"revision {head_revision()}" in capsys.readouterr().out
    for game in VERSIONS[name]["games"]:
        channel = cli.channel_id(game["channel"])
        asyncio.run(_replays_and_undoes(db, channel, saved[channel], REVISION_OF[name, game["channel"]]))
        asyncio.run(_plays_on(db, channel))
        out = tmp_path / f"{game['channel']}.json"
        assert cli.main(["export", "--db", str(db), "--channel", game["channel"], "--full", "--out", str(out)]) == 0
        capsys.readouterr()
        assert cli.main(["replay", str(out)]) == 0
        assert messages.REPLAY_SAME in capsys.readouterr().out


def test_migrating_twice_identifies_a_record_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.db"
    shutil.copy(LEGACY / "4fb3d57" / "games.db", db)
    for _ in range(2):
        assert cli.main(["migrate", "--db", str(db)]) == 0
    capsys.readouterr()
    with sqlite3.connect(db) as con:
        assert con.execute("select rules, rules_until from games").fetchall() == [(3, 34)]
        notes = con.execute("select public from actions where kind = 'note'").fetchall()
    assert len(notes) == 1 and "rules revision 3" in notes[0][0]


def _saved_trees(db: Path) -> dict[int, dict[str, object]]:
    """Each game's state as its own version wrote it."""
    with sqlite3.connect(db) as con:
        return {cid: json.loads(text) for cid, text in con.execute("select channel_id, state from games")}


async def _service(db: Path) -> GameService:
    store = await Store.open(f"sqlite+aiosqlite:///{db}")
    return GameService(store, Settings(), clock=FakeClock(), seed_for=lambda _c: 1)


def _player(table: Table, channel: int, seat: int) -> Actor:
    """The player of a seat."""
    rows = [r for r in table.seats if r.seat == seat]
    assert rows and rows[0].user_id is not None
    return Actor(channel, rows[0].user_id, rows[0].user_name)


async def _replays_and_undoes(db: Path, channel: int, saved: dict[str, object], number: int) -> None:
    """The record replays to the saved state as its version wrote it; the player's and the moderator's undo work."""
    service = await _service(db)
    try:
        table = await service.table(channel)
        record = await service.record(table)
        assert record.rules == number
        assert written(rules.replay(record).to_json(), revision(number)) == saved
        log = [row.public for row in await service.store.log(channel, 3)]
        assert any("rules revision" in line for line in log) == (number < rules.RULES_REVISION)
        seat = table.state.last_actor
        assert seat is not None
        undone = await service.undo(_player(table, channel, seat))
        assert not undone.refused, undone.reply
        after = await service.table(channel)
        assert after.state.digest() == rules.replay(record.without_last(1)).digest()
        moderator = Actor(channel, MOD, "mo", moderator=True)
        undone = await service.mod_undo(moderator, 1, confirm=True)
        assert not undone.refused, undone.reply
        after = await service.table(channel)
        assert after.state.digest() == rules.replay(record.without_last(2)).digest()
        assert after.game.rules_until == (None if number == rules.RULES_REVISION else len(record.actions) - 2)
    finally:
        await service.store.close()


async def _plays_on(db: Path, channel: int) -> None:
    """A few legal actions through the service, saved; the reloaded game is the replay of its record, and breaks no
    invariant its old engine did not (a faction that engine skipped in setup stays without its setup)."""
    service = await _service(db)
    try:
        saved = rules.problems((await service.table(channel)).state)
        assert all("has no setup done" in p for p in saved), saved
        for _ in range(PLAYED_ON):
            table = await service.table(channel)
            seat = rules.to_act(table.state)
            assert seat is not None
            action = rules.legal_actions(table.state, seat)[0]
            played = await service.submit(_player(table, channel, seat), action.notation())
            assert not played.refused, played.reply
        state = (await service.table(channel)).state
    finally:
        await service.store.close()
    service = await _service(db)
    try:
        table = await service.table(channel)
        assert table.state.digest() == state.digest()
        record = await service.record(table)
        assert rules.digest_as(rules.replay(record), record.rules) == rules.digest_as(state, record.rules)
        assert [p for p in rules.problems(state) if p not in saved] == []
    finally:
        await service.store.close()


def test_an_old_export_whose_digest_no_revision_gives_is_a_different_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = json.loads((LEGACY / "b589521" / "game-finished.json").read_text())
    path = tmp_path / "edited.json"
    path.write_text(json.dumps({**raw, "digest": "0" * 64}))
    assert cli.main(["replay", str(path)]) == 1
    assert messages.REPLAY_DIFFERENT in capsys.readouterr().out


def test_a_game_not_identified_yet_is_identified_when_exported(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    shutil.copy(LEGACY / "9ead3fb" / "games.db", db)
    assert cli.main(["migrate", "--db", str(db)]) == 0
    with sqlite3.connect(db) as con:  # as a finished game is left: only games that can still change are identified
        con.execute("update games set rules = null, rules_until = null, status = 'over'")

    async def export() -> dict[str, object]:
        service = await _service(db)
        try:
            return await service.export(cli.channel_id("game"), full=True)
        finally:
            await service.store.close()

    raw = asyncio.run(export())
    assert raw["rules"] == 2 and raw["rules_until"] == len(list(raw["actions"]))  # type: ignore[call-overload]
    assert raw["rules_note"] == revision(2).note
    state = rules.replay(rules.Record.from_json(raw))
    assert rules.digest_as(state, 2) == raw["digest"]


def test_a_game_no_revision_replays_to_is_noted_and_plays_on_from_what_was_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    shutil.copy(LEGACY / "6471d1b" / "games.db", db)
    with sqlite3.connect(db) as con:  # the saved game no longer matches its record
        tree = json.loads(con.execute("select state from games").fetchone()[0])
        tree["seats"][0]["points"] += 1
        con.execute("update games set state = ?", (json.dumps(tree),))
    assert cli.main(["migrate", "--db", str(db)]) == 0
    capsys.readouterr()
    with sqlite3.connect(db) as con:
        assert con.execute("select rules, rules_until from games").fetchall() == [(rules.RULES_REVISION, None)]
        notes = [r[0] for r in con.execute("select public from actions where kind = 'note'")]
    assert notes == [messages.RECORD_UNMATCHED]

    async def play_one() -> rules.GameState:
        service = await _service(db)
        try:
            table = await service.table(cli.channel_id("game"))
            seat = rules.to_act(table.state)
            assert seat is not None
            action = rules.legal_actions(table.state, seat)[0].notation()
            played = await service.submit(_player(table, table.game.channel_id, seat), action)
            assert not played.refused, played.reply
            return (await service.table(cli.channel_id("game"))).state
        finally:
            await service.store.close()

    assert asyncio.run(play_one()).seats[0].points >= tree["seats"][0]["points"]  # the saved point is kept


def test_undo_in_a_game_whose_record_no_longer_replays_is_refused_saying_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    shutil.copy(LEGACY / "4fb3d57" / "games.db", db)
    with sqlite3.connect(db) as con:  # a line no rules revision accepts
        con.execute("update actions set notation = 'move 12>1 x9' where seq = (select min(seq) from actions)")
    assert cli.main(["migrate", "--db", str(db)]) == 0
    capsys.readouterr()
    channel = cli.channel_id("game")

    async def undo_both() -> tuple[list[str], str, str]:
        service = await _service(db)
        try:
            table = await service.table(channel)
            seat = table.state.last_actor
            assert seat is not None
            replies = [
                (await service.undo(_player(table, channel, seat))).reply,
                (await service.mod_undo(Actor(channel, MOD, "mo", moderator=True), 1, confirm=True)).reply,
            ]
            return replies, table.game.state or "", (await service.table(channel)).game.state or ""
        finally:
            await service.store.close()

    replies, before, after = asyncio.run(undo_both())
    assert all("no longer replays under today's rules" in reply for reply in replies), replies
    assert after == before


def test_a_game_397dc9b_began_as_revision_6_is_identified_again_and_undoes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """397dc9b gave the games it began revision 6 (then today's) though its engine played as 7, as f4f117c's engine
    does: f4f117c's database with the number 397dc9b wrote is that database, its 3x3 game past a fee asked with
    several cards in hand (which revision 6 would have paid for the player). Identified again, it is given the newest
    revision its record replays under as it was: today's, as no Slip across an unpaid bridge was played in it (nor a
    Shared Field Hospitals for the Cult's acolytes)."""
    db = tmp_path / "games.db"
    shutil.copy(LEGACY / "f4f117c" / "games.db", db)
    saved = _saved_trees(db)
    with sqlite3.connect(db) as con:
        con.execute("update games set rules = 6")
    assert cli.main(["migrate", "--db", str(db)]) == 0
    capsys.readouterr()
    with sqlite3.connect(db) as con:
        today = rules.RULES_REVISION
        assert con.execute("select rules, rules_until from games").fetchall() == [(today, None), (today, None)]
    channel = cli.channel_id("game")
    asyncio.run(_replays_and_undoes(db, channel, saved[channel], rules.RULES_REVISION))


def test_an_export_397dc9b_wrote_as_revision_6_replays_as_the_same_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = json.loads((LEGACY / "f4f117c" / "game-export.json").read_text())
    assert any(line.startswith("pay ") for line in raw["actions"])  # a fee asked, which revision 6 paid unasked
    path = tmp_path / "export.json"
    path.write_text(json.dumps({**raw, "rules": 6}))
    assert cli.main(["replay", str(path)]) == 0
    assert messages.REPLAY_SAME in capsys.readouterr().out
