"""Smoke test of the private discord.py seams the offline harness uses (fails loudly on a discord.py upgrade)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.webhook.async_ import async_context
from discord_harness import OfflineUser, db_url, offline_bot


def test_the_pinned_discord_py():
    assert discord.version_info[:2] == (2, 7)
    assert hasattr(app_commands.CommandTree, "_call")
    assert async_context.get() is not None


async def test_a_command_an_autocomplete_and_a_button_go_through_the_real_tree(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob = OfflineUser("alice"), OfflineUser("bob")
    result = await bot.slash(alice, 1, "root create", seats=2, factions="marquise,eyrie")
    assert result.outbox is not None and [s.kind for s in result.sent] == ["reply"]
    assert result.sent[0].public
    choices = await bot.autocomplete(alice, 1, "root join", "faction", faction="")
    assert {c["value"] for c in choices} == {"marquise", "eyrie"}
    await bot.slash(alice, 1, "root join", faction="marquise")
    await bot.slash(bob, 1, "root join", faction="eyrie")
    started = await bot.slash(bob, 1, "root start")
    # the start is answered at once as text, then a private thread per seat; the board is added to the answer once drawn
    assert [s.kind for s in started.sent] == ["reply", "thread", "thread"]
    [post] = started.public
    assert post.board.startswith(b"\x89PNG")
    [button] = post.buttons
    pressed = await bot.click(alice, 1, post, button["custom_id"])
    assert pressed.private and pressed.private[0].buttons
    await bot.service.store.close()
