"""The offline console, export and replay: the same commands as Discord, on the same kind of database."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path

import pytest
from discord_harness import FakeClock, console_channel, db_url, offline_bot, state_of

import rules
from bot import cli
from bot.console import Console, ConsoleError, OffsetClock, parse_command
from bot.settings import VARIABLES, load_settings

EXAMPLES = Path(__file__).resolve().parents[1] / "assets" / "examples"


def run_console(tmp_path: Path, script: Path, *extra: str) -> int:
    return cli.main(
        ["console", "--script", str(script), "--db", str(tmp_path / "c.db"), "--images", str(tmp_path / "img"), *extra]
    )


_PLAYED: dict[str, tuple[int, str]] = {}


def played(name: str) -> tuple[int, str]:
    """An example game of assets/examples run in the console once per test session: its exit code and output (its
    database and pictures in a folder of its own, removed after), for every test that reads that game."""
    if name not in _PLAYED:
        with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(io.StringIO()) as out:
            code = run_console(Path(folder), EXAMPLES / name)
        _PLAYED[name] = (code, out.getvalue())
    return _PLAYED[name]


def test_the_example_game_runs_to_the_end_with_nothing_refused(tmp_path, capsys):
    script = EXAMPLES / "short-game.txt"
    assert run_console(tmp_path, script) == 0
    out = capsys.readouterr().out
    summary = out.strip().splitlines()[-1]
    assert " 0 refused" in summary and "0 unreadable" in summary
    assert "The game is over" in out
    assert "[only @" in out  # private replies are marked with who sees them
    lines = [ln for ln in script.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    moves = [ln for ln in lines if " /root " not in ln and not ln.endswith("click Choose (Marquise de Cat)")]
    boards = sorted((tmp_path / "img").glob("*-game-board-v*.png"))
    # one picture per accepted move, plus the start of the game and the board asked for at the end
    assert len(boards) == len(moves) + 2
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in boards)


@pytest.mark.parametrize("name", ["lobby-and-moderation.txt", "mistakes.txt"])
def test_the_other_examples_run(tmp_path, capsys, name):
    assert run_console(tmp_path, EXAMPLES / name, "--mods", "mo") == 0
    assert "unreadable" in capsys.readouterr().out


def test_the_moderation_example_names_its_own_moderators(tmp_path, capsys):
    """The script's ':mods mo' line does what --mods mo did: its moderator commands are not refused for rank."""
    assert run_console(tmp_path, EXAMPLES / "lobby-and-moderation.txt") == 0
    out = capsys.readouterr().out
    assert "> @mo /rootmod end" in out and "Only moderators" not in out
    assert out.strip().splitlines()[-1].endswith("0 refused, 15 pictures, 0 unreadable lines")
    with_flag = tmp_path / "flag"
    with_flag.mkdir()
    assert run_console(with_flag, EXAMPLES / "lobby-and-moderation.txt", "--mods", "mo") == 0
    assert capsys.readouterr().out.replace(str(with_flag), str(tmp_path)) == out


def test_export_then_replay_reaches_the_same_state(tmp_path, capsys):
    assert run_console(tmp_path, EXAMPLES / "short-game.txt") == 0
    out = tmp_path / "record.json"
    assert cli.main(["export", "--db", str(tmp_path / "c.db"), "--channel", "game", "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert {"options", "seed", "actions", "digest"} <= set(record)
    assert cli.main(["replay", str(out)]) == 0
    assert "the same state" in capsys.readouterr().out
    record["actions"] = record["actions"][:-1]
    out.write_text(json.dumps(record))
    assert cli.main(["replay", str(out)]) == 1
    assert cli.main(["export", "--db", str(tmp_path / "c.db"), "--channel", "nowhere"]) == 1


def test_two_games_live_in_one_database(tmp_path, capsys):
    script = tmp_path / "two.txt"
    script.write_text(
        "@alice /root create seats:2\n:channel other\n@bob /root create seats:2 map:winter\n"
        "@bob /root status\n:channel game\n@alice /root status\n"
    )
    assert run_console(tmp_path, script) == 0
    out = capsys.readouterr().out
    assert "Lobby: standard, winter map" in out and "Lobby: standard, autumn map" in out
    assert "0 refused" in out


async def test_console_lines_are_checked(tmp_path):
    bot = await offline_bot(db_url(tmp_path), FakeClock())
    written: list[str] = []
    shell = Console(bot, OffsetClock(), "game", None, write=written.append)
    for bad in ("hello", "@alice hello", "@alice /nothing", "@alice /root", "@alice /root join nope:1", ":wait soon"):
        with pytest.raises(ConsoleError):
            await shell.run_line(bad)
    assert await shell.run_line("# a comment") is None
    assert parse_command(bot, "/play action:move 1>5 x2") == ("play", {"action": "move 1>5 x2"})
    path, options = parse_command(bot, '/root create seats:3 factions:"marquise, eyrie"')
    assert path == "root create" and options == {"seats": "3", "factions": "marquise, eyrie"}
    await shell.run_line("@alice /root create seats:2")
    await shell.run_line("@alice /root join faction:?")
    assert any("Marquise de Cat = marquise" in w for w in written)
    await bot.service.store.close()


async def test_moderators_by_flag_and_reminders_by_waiting(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    clock = OffsetClock()
    bot.service.clock = clock
    written: list[str] = []
    shell = Console(bot, clock, "game", None, mods={"mo"}, write=written.append)
    for line in (
        "@alice /root create seats:2",
        "@alice /root join faction:marquise",
        "@bob /root join faction:eyrie",
        "@bob /root start",
        "@eve /rootmod pause",
        "@eve! /rootmod pause",
        "@mo /rootmod resume",
        ":wait 25h",
    ):
        await shell.run_line(line)
    text = "\n".join(written)
    assert "[only @eve] Only moderators" in text
    assert "A moderator paused the game" in text
    assert "Reminder 1: @alice" in text
    assert shell.totals.refused == 1
    state = await state_of(bot.service, console_channel("game"))
    assert rules.to_act(state) == 0
    await bot.service.store.close()


def test_run_without_a_token_says_so_and_points_to_the_console(monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "rootbot console" in err


def test_env_example_lists_every_setting():
    text = (Path(__file__).resolve().parents[1] / ".env.example").read_text()
    assert len(VARIABLES) >= 11
    for variable in VARIABLES:  # every setting bot/settings.py declares
        assert f"\n{variable.name}=" in text


def test_settings_come_from_env_file_and_environment(tmp_path, monkeypatch):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("ROOTBOT_", "DISCORD_"))}
    monkeypatch.setattr(os, "environ", environment)  # .env loading writes here, not to the real environment
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=abc\nROOTBOT_REMINDER_HOURS=12\nROOTBOT_DEV_GUILD=42\n")
    environment["ROOTBOT_REMINDER_HOURS"] = "6"
    settings = load_settings(env)
    assert settings.token == "abc" and settings.reminder_hours == 6 and settings.dev_guild == 42


def test_no_command_and_no_token_starts_the_console(monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    lines = "@alice /root create seats:2 factions:marquise,eyrie\n@alice /root join faction:cats\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert cli.main([]) == 0
    captured = capsys.readouterr()
    assert "offline console" in captured.err
    assert "joins as **Marquise de Cat**" in captured.out
    assert (tmp_path / "rootbot-console.db").exists()


def _whole_game(name: str) -> tuple[str, str, list[str]]:
    """Run an example game: its console output, the script, and the output split into one block per recipient."""
    code, out = played(name)
    assert code == 0
    assert " 0 refused" in out.strip().splitlines()[-1] and "The game is over" in out
    return out, (EXAMPLES / name).read_text(), out.split("\n  [")


def test_the_alliance_example_game_runs_to_the_end_and_keeps_the_supporters_private():
    _, text, blocks = _whole_game("alliance-game.txt")
    assert "/revolt " in text and "outrage" in text and "/spread " in text  # the Alliance's own commands
    supporters = [b for b in blocks if "Your Supporters" in b]
    assert supporters and all(b.startswith("thread of @carol]") or b.startswith("only @carol]") for b in supporters)


def test_the_vagabond_example_game_runs_to_the_end_and_keeps_the_aid_and_stolen_cards_private():
    out, text, blocks = _whole_game("vagabond-game.txt")
    assert "/pawn " in text and "aid" in text and "/exhaust " in text  # the Vagabond's own commands
    assert "`aid marquise ?`" in out  # the channel sees that a card was given, not which
    given = [b for b in blocks if "The Vagabond gave you" in b or "You gave" in b]
    assert given and all(b.startswith(("thread of @alice]", "thread of @carol]")) for b in given)
    stolen = [b for b in blocks if "stole" in b]  # Steal: the card named only to the thief and the robbed player
    assert {b.split("]")[0] for b in stolen} == {"thread of @alice", "thread of @carol"}
    assert "The Thief steals a random card from the Marquise de Cat." in out


def test_the_spinners_example_game_runs_to_the_end_with_patients_in_the_ward():
    out, text, _ = _whole_game("spinners-game.txt")
    assert "/respond " in text and "discharge" in text and "/establish " in text  # the Spinners' own commands
    assert "First Response: the Spinners of Mercy give up a warrior and a web" in out
    assert "discharge a Marquise de Cat warrior from the Ward" in out
    assert "Spinners of Mercy (carol) wins!" in out


def test_the_tinker_example_game_runs_to_the_end_with_the_tinkers_own_commands():
    out, text, blocks = _whole_game("tinker-game.txt")
    for verb in ("/materialize ", "/bustle ", "/crusade ", "/tinker ", "/overproduce ", "/restructure ", "/salvage "):
        assert verb in text, verb
    assert "The Old Man bustles from forest" in out and "rolls the breakage dice" in out and "produces" in out
    hands = [b for b in blocks if "Your hand (" in b]
    assert hands and all(b.startswith(("thread of @", "only @")) for b in hands)


@pytest.mark.parametrize("typed", ["٢", "２", "²", "9" * 5000, str(2**53 + 1)])
def test_the_console_reads_a_whole_number_option_as_discords_client_does(tmp_path, capsys, typed):
    """Only the digits 0 to 9, within Discord's range: anything else is an unreadable line, and no game is made."""
    script = tmp_path / "numbers.txt"
    script.write_text(f"@alice /root create seats:{typed}\n@alice /root status\n")
    assert run_console(tmp_path, script) == 1
    out = capsys.readouterr().out
    assert "seats takes a whole number" in out and "1 unreadable line" in out and "Traceback" not in out
    assert "There is no game in this channel" in out


def test_a_script_and_an_export_saved_with_a_byte_order_mark_are_read(tmp_path, capsys):
    """Editors on Windows may start a UTF-8 file with a byte-order mark: it is not part of the first line."""
    script = tmp_path / "bom.txt"
    script.write_bytes("\ufeff@alice /root create seats:2\r\n@alice /root status\r\n".encode())
    assert run_console(tmp_path, script) == 0
    out = capsys.readouterr().out
    assert "New game of Root" in out and "0 refused" in out and "0 unreadable lines" in out
    record, played = tmp_path / "record.json", tmp_path / "played"
    played.mkdir()
    assert run_console(played, EXAMPLES / "short-game.txt") == 0
    assert cli.main(["export", "--db", str(played / "c.db"), "--channel", "game", "--out", str(record)]) == 0
    record.write_bytes("\ufeff".encode() + record.read_bytes())
    assert cli.main(["replay", str(record)]) == 0
    assert "the same state" in capsys.readouterr().out


async def test_piped_input_starting_with_a_byte_order_mark_reads_its_first_line(tmp_path):
    bot = await offline_bot(db_url(tmp_path), FakeClock())
    written: list[str] = []
    shell = Console(bot, OffsetClock(), "game", None, write=written.append)
    totals = await shell.run_lines(["\ufeff@alice /root create seats:2", "@alice /root status"])
    assert totals.commands == 2 and not totals.errors
    assert any("New game of Root" in w for w in written)
    await bot.service.store.close()


@pytest.mark.parametrize("wait", ["99999999999999999999h", "999999999999999999", "8785h", "527041m"])
async def test_a_wait_past_a_year_is_refused_and_the_clock_keeps_working(tmp_path, caplog, wait):
    """A wait of 10^20 hours once moved the console's clock past what the database stores: every later tick and
    move failed with a traceback."""
    bot = await offline_bot(db_url(tmp_path))
    clock = OffsetClock()
    bot.service.clock = clock
    written: list[str] = []
    shell = Console(bot, clock, "game", None, write=written.append)
    for line in ("@alice /root create seats:2", "@alice /root join faction:marquise"):
        await shell.run_line(line)
    with pytest.raises(ConsoleError, match="at most a year"):
        await shell.run_line(f":wait {wait}")
    assert clock.offset == 0
    await shell.run_line(":wait 8784h")  # a leap year, the longest wait
    joined = await shell.run_line("@bob /root join faction:eyrie")
    assert joined is not None and not joined.refused, written[-3:]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    await bot.service.store.close()


def test_a_console_game_in_a_channel_named_with_digits_is_exported_by_that_name(tmp_path):
    """`console --channel 7` plays in the channel named '7'; `export --channel 7` read Discord's channel 7 only and
    found no game."""
    script = tmp_path / "start.txt"
    script.write_text(
        "@alice /root create seats:2\n@alice /root join faction:marquise\n@bob /root join faction:eyrie\n"
        "@bob /root start\n"
    )
    assert run_console(tmp_path, script, "--channel", "7") == 0
    out = tmp_path / "record.json"
    assert cli.main(["export", "--db", str(tmp_path / "c.db"), "--channel", "7", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["status"] == "active"
    assert cli.main(["export", "--db", str(tmp_path / "c.db"), "--channel", "8"]) == 1  # no game there either way
