"""The deploy guide and the examples tell the truth: the invite's permissions, and only commands that exist."""

from __future__ import annotations

import re
from pathlib import Path

from bot.cli import parser
from bot.client import PERMISSIONS, invite_url

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
