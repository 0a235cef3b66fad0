"""End to end: a whole game played through the real bot process and discord.py's network stack, against the double.

Every command and button press goes out as an INTERACTION_CREATE on the gateway and every answer comes back
over HTTP (multipart uploads for the boards). The same steps are then played through the offline harness
(bot/console/offline.py) with the same seed: every message, picture and button must be the same, so what the in-process
tests prove holds over the real network stack.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path
from typing import Any

from PIL import Image

from bot.console.offline import OfflineBot, OfflineUser, Result, Sent
from bot.discord import drawing
from bot.discord.delivery import DONE
from bot.service import GameService
from bot.settings import Settings
from bot.storage.store import Store
from tests.double_world import World, shown, shown_offline, world
from tools.double.autoplay import AutoPlayer, Step

__all__ = ["world"]

MAX_UPLOAD = 10 * 1024 * 1024


async def offline_replay(steps: list[Step], channel_id: int, seed: int, folder: Path) -> list[Result]:
    """The same steps through the offline harness, with the seed the bot chose."""
    store = await Store.open(f"sqlite+aiosqlite:///{folder / 'offline.db'}")
    bot = OfflineBot(GameService(store, Settings(), seed_for=lambda _channel: seed))
    results = []
    try:
        for step in steps:
            user = OfflineUser(step.member.name)
            if step.custom_id:
                assert step.pressed_on is not None
                pressed = Sent("reply", step.pressed_on.content, step.pressed_on.ephemeral)
                pressed.components = step.pressed_on.components
                results.append(await bot.click(user, channel_id, pressed, step.custom_id))
            else:
                results.append(await bot.slash(user, channel_id, step.path, **step.options))
    finally:
        await store.close()
    return results


def answers(result: Result) -> list[Sent]:
    """What the offline harness answered to the interaction itself (not thread posts)."""
    return [s for s in result.sent if s.kind == "reply" and not s.deferred]


async def test_a_whole_game_through_the_gateway_shows_what_the_offline_harness_shows(world: World) -> None:
    double, game = world.double, world.game
    await world.start()
    auto = AutoPlayer(double, world.bot, game.id, seed=5)
    await auto.lobby(("marquise", "eyrie"), win_points=10, round_limit=2)
    played = await auto.play()
    assert auto.saved()[0] == "over" and played > 10

    seed = int(world.bot.query("SELECT seed FROM games WHERE channel_id = ?", game.id)[0][0])
    offline = await offline_replay(auto.steps, game.id, seed, world.folder)
    assert not any(r.refused for r in offline)
    pairs = list(zip(auto.steps, offline, strict=True))

    def complete() -> bool:  # follow-ups and thread posts may still be on their way
        return all(s.interaction is not None and len(s.interaction.shown) >= len(answers(r)) for s, r in pairs)

    await double.until(complete, 60, "every answer the offline harness gave")
    for step, result in pairs:
        assert step.interaction is not None
        seen = [shown(m) for m in step.interaction.shown]
        assert in_order(seen) == in_order([shown_offline(s) for s in answers(result)]), step.path

    # a private thread's post is seen by its player only, however it is flagged: compare text, files and buttons
    offline_threads = Counter(_without_flag(shown_offline(s)) for r in offline for s in r.sent if s.kind == "thread")

    def threads() -> Counter[tuple[object, ...]]:
        posts = [m for t in double.threads_of(game.id) for m in double.in_channel(t.id, False)]
        return Counter(_without_flag(shown(m)) for m in posts)

    await double.until(lambda: sum(threads().values()) >= sum(offline_threads.values()), 60, "every thread post")
    assert threads() == offline_threads
    assert len(double.threads_of(game.id)) == 2
    assert all(t.type == 12 and not t.invitable and len(t.members) == 2 for t in double.threads_of(game.id))

    assert not double.failed_interactions()
    assert not double.unknown_routes()
    assert await world.replays()
    boards_as_discord_receives_them(auto.steps)


def in_order(seen: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Public answers first, without the private note that comes first when the bot was slow and deferred privately.

    On a loaded machine a move may take longer than the bot's deferral threshold: it then defers privately (it
    cannot know yet whether the answer will be public), says "Done." to the player and posts the move after.
    """
    note = (DONE, True, (), ())
    return sorted((s for s in seen if s != note), key=lambda s: bool(s[1]))


def _without_flag(seen: tuple[object, ...]) -> tuple[object, ...]:
    return seen[:1] + seen[2:]


def boards_as_discord_receives_them(steps: list[Step]) -> None:
    """Every accepted move's public answer carries one board named by its game version (later moves, later
    versions), a whole PNG under Discord's upload limit."""
    moves = [s for s in steps if s.accepted and s.path not in ("root create", "root join")]
    assert len(moves) > 10
    versions: list[int] = []
    for step in moves:
        assert step.interaction is not None
        public = step.public
        assert public is not None, step.path
        [version] = [drawing.board_version(a.filename) for a in public.attachments]
        assert version is not None and version > max(versions, default=0), (step.path, version, versions)
        versions.append(version)
        board = public.attachments[0]
        assert board.sniffed == "image/png" and 0 < board.size < MAX_UPLOAD
        with Image.open(io.BytesIO(board.data)) as image:
            assert image.format == "PNG" and image.size == board.dimensions
            image.verify()
