"""The deploy guide and the examples tell the truth: the invite's permissions, and only commands that exist."""

from __future__ import annotations

import re
from pathlib import Path

from bot.cli import parser
from bot.discord.client import PERMISSIONS, invite_url

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = (ROOT / "docs" / "deploy.md").read_text()


def test_the_invite_url_and_permission_table_match_what_the_bot_asks_for():
    assert f"permissions={PERMISSIONS.value}" in DEPLOY
    assert invite_url(42).replace("client_id=42", "client_id=APP_ID") in DEPLOY
    table = re.findall(r"^\| [A-Z][^|]+ \| (\d+) \| [^|]+ \|$", DEPLOY, flags=re.M)
    assert sum(int(value) for value in table) == PERMISSIONS.value
    assert all(PERMISSIONS.value & int(value) == int(value) for value in table)


def test_docs_name_only_commands_that_exist():
    commands = set(parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    for name in (".env.example", "README.md", "docs/deploy.md", "docs/bot.md"):
        text = (ROOT / name).read_text()
        named = set(re.findall(r"(?:`|\./|^)rootbot ([a-z]+)\b", text, flags=re.M))
        assert named, name
        assert named <= commands, f"{name} names rootbot {named - commands}"
    assert {"run", "console", "export", "replay", "migrate", "backup"} <= commands


def test_docs_never_append_a_key_that_env_example_already_has():
    """Appending `KEY=…` to a `.env` copied from `.env.example` would leave two copies of the key."""
    keys = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), flags=re.M))
    for name in ("README.md", "docs/deploy.md", "docs/bot.md"):
        appended = re.findall(r"echo ['\"]?([A-Z_]+)=[^\n]*>>\s*\S*\.env\b", (ROOT / name).read_text())
        assert not set(appended) & keys, f"{name} appends {set(appended) & keys} to .env"


def test_the_image_build_can_run_the_suite_it_runs():
    """The Dockerfile runs the README's test command, after installing the PostgreSQL programs its tests start."""
    steps = [line for line in (ROOT / "Dockerfile").read_text().splitlines() if line.strip().startswith(("RUN", "&&"))]
    text = "\n".join(steps)
    assert "./test" in text, "the image runs the README's test command"
    assert text.index("install") < text.index("./test") and "postgresql" in text.split("./test")[0]
