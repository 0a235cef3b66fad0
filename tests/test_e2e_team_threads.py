"""End to end: a team game's private team threads made by the real bot process over the network, kept over a restart."""

from __future__ import annotations

from tests.double_world import World, world
from tools.double.payloads import Channel, Message
from tools.double.server import BOT_ID, Member

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


async def frontier_lobby(world: World) -> None:
    """A six-seat frontier game created, joined (each with a team) and started through the gateway."""
    where, first, factions = world.game.id, MEMBERS["marquise"], ",".join(LINEUP)
    created = await world.players.run(first, where, "root create", mode="frontier", seats=6, factions=factions)
    await world.posted(created)
    for faction, (_, team) in LINEUP.items():
        await world.posted(await world.players.run(MEMBERS[faction], where, "root join", faction=faction, team=team))
    await world.posted(await world.players.run(MEMBERS["alliance"], where, "root start"))


def team_threads(world: World) -> list[Channel]:
    """The team threads of the game channel (the seat threads have one player each)."""
    return [t for t in world.double.threads_of(world.game.id) if t.name.startswith("Team ")]


def posts(world: World, thread: Channel) -> list[Message]:
    """Everything posted in a thread."""
    return world.double.in_channel(thread.id, False)


async def test_a_team_game_started_over_the_gateway_gets_one_private_thread_per_team_kept_over_a_restart(
    world: World,
) -> None:
    double = world.double
    for member in MEMBERS.values():
        double.add_member(member)
    await world.start()
    await frontier_lobby(world)

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
