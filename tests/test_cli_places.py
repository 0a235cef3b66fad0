"""Where the command line reads and writes: paths from where the user stands, one rule for the database."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest

from bot import cli

ROOT = Path(__file__).resolve().parents[1]
LOBBY = "@alice /root create seats:2 factions:marquise,eyrie\n@alice /root join faction:marquise\n"
STARTED = LOBBY + "@bob /root join faction:eyrie\n@alice /root start\n"


def test_relative_paths_resolve_where_the_user_stands(tmp_path: Path) -> None:
    """`path/to/rootbot console --script rel.txt` from another folder reads and writes in that folder."""
    (tmp_path / "relscript.txt").write_text(LOBBY)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROOTBOT_", "DISCORD_"))}
    run = subprocess.run(
        [str(ROOT / "rootbot"), "console", "--script", "relscript.txt", "--db", "mine.db", "--images", "pics"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "joins as **Marquise de Cat**" in run.stdout
    assert (tmp_path / "mine.db").is_file() and (tmp_path / "pics").is_dir()
    assert not (ROOT / "mine.db").exists() and not (ROOT / "pics").exists()


def test_every_command_says_which_database_it_opened(tmp_path: Path, monkeypatch, capsys) -> None:
    """The console uses its own file; export, migrate and backup the bot's database; each prints the one it used."""
    monkeypatch.chdir(tmp_path)
    bot_db = tmp_path / "bot" / "games.db"
    bot_db.parent.mkdir()
    monkeypatch.setenv("ROOTBOT_DATABASE_URL", f"sqlite+aiosqlite:///{bot_db}")
    monkeypatch.setattr("sys.stdin", io.StringIO(STARTED))
    assert cli.main(["console", "--images", "img"]) == 0
    assert f"database {(tmp_path / cli.DEFAULT_CONSOLE_DB).resolve()}" in capsys.readouterr().err
    assert cli.main(["migrate"]) == 0
    assert f"database {bot_db.resolve()}" in capsys.readouterr().err
    assert cli.main(["export", "--channel", "game"]) == 1  # the console's game is not in the bot's database
    err = capsys.readouterr().err
    assert f"in {bot_db.resolve()})" in err and "add --db rootbot-console.db" in err
    assert cli.main(["export", "--channel", "game", "--db", cli.DEFAULT_CONSOLE_DB]) == 0
    assert f"database {(tmp_path / cli.DEFAULT_CONSOLE_DB).resolve()}" in capsys.readouterr().err
    assert cli.main(["backup", "--out", "copy.db"]) == 0
    assert f"database {bot_db.resolve()}" in capsys.readouterr().err


def test_piped_console_input_still_gets_the_help_banner(monkeypatch, capsys, tmp_path: Path) -> None:
    """With input from a pipe the banner (buttons, autocomplete, directives) goes to stderr; stdout stays clean."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(LOBBY))
    assert cli.main(["console", "--images", "img"]) == 0
    captured = capsys.readouterr()
    assert "click LABEL" in captured.err and "from:?" in captured.err
    assert "click LABEL" not in captured.out


@pytest.mark.parametrize("where", ["here", "checkout"])
def test_env_file_is_read_from_here_else_from_the_checkout(tmp_path: Path, monkeypatch, where: str) -> None:
    """`.env` in the current folder wins; run from elsewhere, the checkout's own `.env` is read."""
    from bot import settings

    monkeypatch.chdir(tmp_path)
    checkout_env = tmp_path / "checkout.env"
    checkout_env.write_text("ROOTBOT_REMINDER_HOURS=7\n")
    monkeypatch.setattr(settings, "PROJECT_ENV", checkout_env)
    monkeypatch.delenv("ROOTBOT_REMINDER_HOURS", raising=False)
    if where == "here":
        (tmp_path / ".env").write_text("ROOTBOT_REMINDER_HOURS=5\n")
    assert settings.load_settings().reminder_hours == (5 if where == "here" else 7)
