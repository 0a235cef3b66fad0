"""End to end: automated seats in the real bot process against the Discord double: their moves are posted in the
channel after the delay, and a bot killed mid-game resumes them when it starts again."""

from __future__ import annotations

from tests.double_world import MO, World, world

__all__ = ["world"]

AUTOMATED = "(automated): `"


def automated_posts(world: World) -> list[str]:
    """The automated players' moves posted in the game channel so far."""
    return [m.content for m in world.double.in_channel(world.game.id) if AUTOMATED in m.content]


async def test_automated_seats_play_in_the_real_bot_and_resume_after_a_kill(world: World) -> None:
    double, game = world.double, world.game
    world.bot.settings.update(ROOTBOT_AUTOMATED_DELAY="0.3", ROOTBOT_AUTOMATED_TURN_SECONDS="0.05")
    await world.start()
    create = {"seats": 2, "factions": "marquise,eyrie", "automated": "marquise,eyrie", "round_limit": 2}
    await world.posted(await world.players.run(MO, game.id, "root create", **create))
    await world.posted(await world.players.run(MO, game.id, "root boards", when="request"))
    await world.posted(await world.players.run(MO, game.id, "root start"))
    await double.until(lambda: len(automated_posts(world)) >= 4, 60, "automated moves")
    await world.bot.kill()  # SIGKILL in the middle of the automated game
    await double.until(lambda: not double.gateway.connected, 60, "the socket to close")
    status, version, _lines = world.saved()
    assert status == "active"
    await world.start()  # a new process on the same database: it resumes the automated seats
    await double.until(lambda: world.saved()[0] == "over", 120, "the automated game to end")
    posts = automated_posts(world)
    assert world.saved()[1] > version and len(posts) > 4
    assert any("**The game is over.**" in m.content for m in double.in_channel(game.id))
    assert await world.replays()  # no move applied twice: the record replays to the saved state
    assert not double.failed_interactions()
