"""End to end: a team game's private team threads made by the real bot process over the network, kept over a restart.

The Frontier Alliance Mode is not offered in lobbies yet, so its six-seat lobby is written with the service before the
bot process starts (the test process offers the mode); `/root start` and everything after go through the double.
"""

from __future__ import annotations

import pytest

from bot.double.payloads import Channel, Message
from bot.double.server import BOT_ID, GUILD_ID, Member
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store
from bot.table import Actor
from rules import registry
from rules.modes import find_mode
from tests.double_world import World, public, world

__all__ = ["world"]

LINEUP = {
    "marquise": ("alice", "A"),
    "eyrie": ("bob", "A"),
    "vagabond": ("carol", "A"),
    "tinker": ("dave", "B"),
    "spinners": ("erin", "B"),
    "alliance": ("fred", "B"),
}
MEMBERS = {faction: Member(name) for faction, (name, _) in LINEUP.items()}


async def frontier_lobby(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full frontier lobby in the game channel, written to the bot's database before the bot starts."""
    monkeypatch.setattr(type(find_mode("frontier")), "playable", True)
    for fid in ("tinker", "spinners"):
        monkeypatch.setattr(type(registry.faction(fid)), "playable", True)
    store = await Store.open(f"sqlite+aiosqlite:///{world.bot.db}")
    service = GameService(store, Settings())
    try:
        first = Actor(world.game.id, MEMBERS["marquise"].id, "alice", GUILD_ID)
        created = await service.create(first, mode="frontier", seats=6, factions=",".join(LINEUP))
        assert not created.refused, created.reply
        for faction, (name, team) in LINEUP.items():
            actor = Actor(world.game.id, MEMBERS[faction].id, name, GUILD_ID)
            joined = await service.join(actor, faction, team)
            assert not joined.refused, joined.reply
    finally:
        await store.close()


def team_threads(world: World) -> list[Channel]:
    """The team threads of the game channel (the seat threads have one player each)."""
    return [t for t in world.double.threads_of(world.game.id) if t.name.startswith("Team ")]


def posts(world: World, thread: Channel) -> list[Message]:
    """Everything posted in a thread."""
    return world.double.in_channel(thread.id, False)


async def test_a_team_game_started_over_the_gateway_gets_one_private_thread_per_team_kept_over_a_restart(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    double = world.double
    for member in MEMBERS.values():
        double.add_member(member)
    await frontier_lobby(world, monkeypatch)
    await world.start()
    started = await world.players.run(MEMBERS["alliance"], world.game.id, "root start")
    await double.until(lambda: public(started.shown), 60, "the start's public post")

    def welcomed() -> list[Channel]:
        threads = team_threads(world)
        return threads if len(threads) == 2 and all(posts(world, t) for t in threads) else []

    threads = await double.until(welcomed, 60, "both team threads with their welcome")
    for thread in threads:
        team = thread.name.split()[1].rstrip(",")
        players = {MEMBERS[f].id for f, (_, t) in LINEUP.items() if t == team}
        assert thread.type == 12 and not thread.invitable and thread.members == players | {BOT_ID}
        [welcome] = posts(world, thread)
        assert f"team **{team}**" in welcome.content and not welcome.attachments  # no hand picture, ever
    assert len(double.threads_of(world.game.id)) == 8  # and each player's own thread

    await world.bot.stop()
    await world.bot.start()  # a new process on the same database
    status = await world.players.run(MEMBERS["tinker"], world.game.id, "root status")
    [team_b] = [t for t in threads if t.name.startswith("Team B")]
    assert any(f"<#{team_b.id}>" in m.content for m in status.shown)  # the new process finds the same thread
    assert team_threads(world) == threads and all(len(posts(world, t)) == 1 for t in threads)  # none made or said again
    assert not double.failed_interactions()
