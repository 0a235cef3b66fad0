"""docs/commands.md is generated from the command tree and stays current; its examples use real options."""

from __future__ import annotations

import re
from pathlib import Path

from discord_harness import db_url, offline_bot

from bot.console import parse_command
from bot.docgen import document

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_commands_md_is_current():
    current = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert current == document(), "regenerate it: python -m bot.docgen > docs/commands.md"


async def test_every_command_is_documented_with_an_example_that_parses(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    examples = re.findall(r"^Example: `(.+)`$", text, flags=re.M)
    documented = {parse_command(bot, e)[0] for e in examples}
    for command in bot.tree.walk_commands():
        if not hasattr(command, "commands"):
            assert command.qualified_name in documented
    await bot.service.store.close()


def test_bot_md_exists_and_names_the_console():
    text = (DOCS / "bot.md").read_text(encoding="utf-8")
    assert "rootbot console" in text and "rootbot export" in text and "python -m bot.bench" in text
