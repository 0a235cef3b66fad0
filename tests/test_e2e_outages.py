"""End to end: Discord misbehaving. Reminders through a 429 storm, 5xx answers and a dropped connection are
posted exactly once; a channel where the bot may not post pictures; a gateway drop and resume; a killed bot."""

from __future__ import annotations

import time

import rules
from tests.double_world import ALICE, BOB, MO, World, public, world
from tools.double.autoplay import AutoPlayer
from tools.double.gateway import IDENTIFY, RESUME
from tools.double.payloads import Message

__all__ = ["world"]

MESSAGES = "POST /channels/{channel_id}/messages"
OUTBOX_SECONDS = 60  # the bot looks every 5 s; generous for a loaded machine


def reminders(world: World, channel_id: int) -> list[Message]:
    """The bot's own posts in a channel (not answers to interactions): here, its reminders."""
    return [m for m in world.double.in_channel(channel_id) if m.interaction_id is None]


def outbox(world: World) -> list[tuple[int, int, str | None]]:
    """The reminders still queued: channel, attempts, last error."""
    return [
        (int(c), int(a), e)
        for c, a, e in world.bot.query("SELECT channel_id, attempts, last_error FROM reminder_posts")
    ]


async def test_reminders_through_a_429_storm_5xx_and_a_dropped_connection_are_posted_exactly_once(
    world: World,
) -> None:
    double = world.double
    channels = [world.game, double.add_channel("second"), double.add_channel("third")]
    first, second, third = (c.id for c in channels)
    await world.start()
    for channel in channels:
        await world.lobby(channel=channel)
    double.fault(MESSAGES, status=500, after_work=True, channel_id=first)  # created, then "failed": retried
    double.fault(MESSAGES, status=429, retry_after=0.3, times=3, channel_id=second)  # the route's bucket
    double.fault(MESSAGES, status=429, retry_after=0.5, global_=True, channel_id=third)  # the global limit
    double.fault(MESSAGES, drop=True, after_work=True, channel_id=third)  # created, then the connection dies

    world.bot.write("UPDATE deadlines SET due_at = ?", int(time.time()) - 1)  # a day passes for every game
    await double.until(lambda: all(reminders(world, c.id) for c in channels), OUTBOX_SECONDS, "a reminder in each")

    def settled() -> list[tuple[int, int, str | None]]:  # only failed attempts left (none in flight)
        rows = outbox(world)
        return rows if rows and all(error for _, _, error in rows) else []

    failed = await double.until(settled, OUTBOX_SECONDS, "the dropped post to wait in the outbox")
    assert [(c, a) for c, a, _ in failed] == [(third, 1)] and failed[0][2]
    world.bot.write("UPDATE reminder_posts SET next_attempt_at = ?", int(time.time()) - 1)  # its retry falls due
    await double.until(lambda: not outbox(world), OUTBOX_SECONDS, "the outbox to empty")

    for channel in channels:
        posted = reminders(world, channel.id)
        assert len(posted) == 1, [m.content for m in posted]
        assert f"<@{ALICE.id}>" in posted[0].content and posted[0].mentions == [ALICE.id]
    assert [r.status for r in double.calls(MESSAGES, second)] == [429, 429, 429, 200]
    assert [r.status for r in double.calls(MESSAGES, first)] == [500, 200]
    assert [r.status for r in double.calls(MESSAGES, third)] == [429, -1, 200]
    assert double.nonce_repeats == 2  # the retries after a post that went through were recognised, not posted
    sent = world.bot.query("SELECT reminders_sent FROM deadlines")
    assert sorted(s for (s,) in sent) == [1, 1, 1]


async def test_a_channel_where_the_bot_may_not_post_pictures_tells_the_moderators_and_keeps_the_game(
    world: World,
) -> None:
    double, players, game = world.double, world.players, world.game
    referees = double.add_role("referees")
    await world.start()
    assert public((await players.run(MO, game.id, "rootmod settings", role=referees)).shown) == []
    await world.lobby()
    assert (await players.run(ALICE, game.id, "root boards", live=True)).answered
    auto = AutoPlayer(double, world.bot, game.id, seed=4)
    for _ in range(3):
        assert await auto.turn()
    double.deny(game.id, "attach_files")  # a moderator takes Attach Files from the bot, mid-game
    for _ in range(6):
        assert await auto.turn()

    def notices() -> list[Message]:
        return [m for m in reminders(world, game.id) if "Attach Files" in m.content]

    def live() -> list[Message]:
        return [m for m in reminders(world, game.id) if m not in notices()]

    def late() -> list[Message]:  # thread posts after the moderators were told
        told = notices()[0].created
        return [m for t in double.threads_of(game.id) for m in double.in_channel(t.id, False) if m.created > told]

    await double.until(notices, 60, "the moderators to be told")
    await double.until(lambda: live() and not live()[-1].attachments, 60, "the live board without its picture")
    await double.until(late, 60, "a thread post after the notice")
    assert len(notices()) == 1 and notices()[0].mention_roles == [referees]
    assert f"<@&{referees}>" in notices()[0].content
    assert len(live()) == 1  # the one live board, edited in place
    moves = [s for s in auto.steps if s.accepted]
    asked = await players.run(BOB, game.id, "root board")  # an interaction's answer may carry a picture anyway
    assert asked.shown and asked.shown[-1].board is not None
    threads = double.threads_of(game.id)
    assert len(threads) == 2  # no thread made again because a picture was refused
    assert not any(m.attachments for m in late())
    refused = [r for r in double.requests if r.status == 403]
    assert len(refused) <= 2  # the first refused upload (live board or thread) teaches the bot; no more tries
    status, _version, lines = world.saved()
    assert status == "active" and lines == len([s for s in moves if s.path != "root start"])
    assert await world.replays()


async def test_a_gateway_drop_mid_game_is_resumed_and_the_move_sent_meanwhile_is_answered(world: World) -> None:
    double, gateway = world.double, world.double.gateway
    await world.start()
    await world.lobby()
    auto = AutoPlayer(double, world.bot, world.game.id, seed=6)
    for _ in range(3):
        assert await auto.turn()
    session = gateway.current
    assert session is not None
    seen, identified = session.seq, len(gateway.received(IDENTIFY))
    await gateway.drop()  # the connection dies without a close frame
    assert await auto.turn()  # sent while the bot is away: Discord keeps it for the session
    resumed = gateway.received(RESUME)
    assert len(resumed) == 1 and resumed[0].data["session_id"] == session.id and resumed[0].data["seq"] == seen
    assert len(gateway.received(IDENTIFY)) == identified and gateway.current is session
    back = gateway.sent("RESUMED")[0]  # the replay of what was missed comes before RESUMED, on the new socket
    replayed = [f for f in gateway.sent("INTERACTION_CREATE") if seen < (f.seq or 0) < (back.seq or 0)]
    assert len(replayed) == 1 and replayed[0].connection == back.connection != gateway.frames[0].connection

    await gateway.drop(resumable=False)  # a session Discord will not resume: the bot identifies afresh
    await double.until(lambda: len(gateway.received(IDENTIFY)) == identified + 1, 60, "a new IDENTIFY")
    await double.until(lambda: gateway.connected and gateway.current is not session, 60, "a new session")
    for _ in range(3):
        assert await auto.turn()
    assert not double.failed_interactions()
    assert await world.replays()


async def test_the_bot_killed_and_restarted_keeps_the_game_and_its_buttons_work(world: World) -> None:
    double, game = world.double, world.game
    await world.start()
    await world.lobby()
    auto = AutoPlayer(double, world.bot, game.id, seed=2)
    while True:  # play until the newest move offers the public Moves button of an ordinary step
        assert await auto.turn()
        newest = auto.newest_public()
        _status, state, _seats = auto.saved()
        if newest is not None and state is not None and not state.pending and newest.buttons:
            break
    before = world.saved()
    await world.bot.kill()  # SIGKILL: no goodbye
    await double.until(lambda: not double.gateway.connected, 60, "the socket to close")
    await world.bot.start()  # a new process on the same database
    assert len(double.gateway.received(IDENTIFY)) == 2 and double.synced == ["guild", "guild"]

    _status, state, seats = auto.saved()
    seat = rules.to_act(state) if state else None
    assert seat is not None
    member = auto.members[seats[seat]]
    (moves,) = (b["custom_id"] for b in newest.buttons)
    assert moves.startswith("rb:c:")
    opened = await world.players.press(member, newest, moves)  # made by the process that was killed
    private = next(m for m in opened.shown if m.buttons)
    answer = next(b["custom_id"] for b in private.buttons if b["custom_id"].startswith("rb:a:"))
    pressed = await world.players.press(member, private, answer)
    await double.until(lambda: public(pressed.shown), 60, "the move's public post")  # after "Done." if slow
    status, version, lines = world.saved()
    assert status == "active" and version > before[1] and lines == before[2] + 1
    for _ in range(3):
        assert await auto.turn()
    assert len(double.threads_of(game.id)) == 2  # the new process posts in the threads the old one made
    assert not double.failed_interactions()
    assert await world.replays()


async def test_a_board_shown_just_before_the_bot_was_killed_is_not_posted_again_and_one_never_shown_is_posted_once(
    world: World,
) -> None:
    double, game = world.double, world.game
    await world.start()
    await world.lobby()
    auto = AutoPlayer(double, world.bot, game.id, seed=3)
    for _ in range(2):
        assert await auto.turn()  # each move's board drawn and attached to its answer
    newest = auto.newest_public()
    assert newest is not None and newest.board is not None
    version = await killed_owing(world)  # in the second after the board was shown: its mark was not written yet
    before = len(double.in_channel(game.id))
    await world.bot.start()
    await double.until(lambda: not owing(world), 60, "the board to be found")
    assert double.calls("GET /channels/{channel_id}/messages", game.id)  # the channel was looked at
    assert len(double.in_channel(game.id)) == before  # nothing posted again
    boards = [m for m in double.in_channel(game.id) if m.board is not None]
    assert [m for m in boards if m.board and m.board.filename == f"board-v{version}.png"] == [newest]

    await killed_owing(world)  # now before the board was attached: Discord shows the move's text alone
    newest.attachments = []
    double.fault(MESSAGES, status=500, after_work=True, channel_id=game.id)  # the late post taken, then "failed"
    posts, repeats = len(double.calls(MESSAGES, game.id)), double.nonce_repeats
    await world.bot.start()
    await double.until(lambda: not owing(world), 60, "the late board")
    late = [m for m in double.in_channel(game.id) if m.content.startswith("The board, drawn late")]
    assert len(late) == 1 and late[0].board is not None and late[0].board.filename == f"board-v{version}.png"
    assert [r.status for r in double.calls(MESSAGES, game.id)[posts:]] == [500, 200]
    assert double.nonce_repeats == repeats + 1  # discord.py's retry carried the same nonce: dropped, not posted

    assert await auto.turn()  # the late post's own window: Discord takes it, the answer is lost (the connection cut)
    newest = auto.newest_public()
    assert newest is not None
    version = await killed_owing(world)
    newest.attachments = []
    double.fault(MESSAGES, drop=True, after_work=True, channel_id=game.id)
    posts = len(double.calls(MESSAGES, game.id))
    await world.bot.start()
    await double.until(lambda: double.calls(MESSAGES, game.id)[posts:], 60, "the late post")
    world.bot.write("UPDATE games SET board_due_at = ?", int(time.time()) - 1)  # still owed: its grace passes
    await double.until(lambda: not owing(world), 60, "the late board to be found")
    late = [m for m in double.in_channel(game.id) if m.board and m.board.filename == f"board-v{version}.png"]
    assert len(late) == 1 and late[0].content.startswith("The board, drawn late")
    assert [r.status for r in double.calls(MESSAGES, game.id)[posts:]] == [-1]  # found, not posted again
    assert await world.replays()


async def killed_owing(world: World) -> int:
    """SIGKILL the bot while its game's newest board is owed and due (the version owed)."""
    await world.bot.kill()
    version = world.saved()[1]
    world.bot.write("UPDATE games SET board_owed = ?, board_due_at = ?", version, int(time.time()) - 1)
    return version


def owing(world: World) -> bool:
    """Whether the game still owes a board."""
    return bool(world.bot.query("SELECT board_owed FROM games")[0][0])
