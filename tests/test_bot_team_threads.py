"""A team game's private team threads: one per team, only its players in it, made once, never a hand in it."""

from __future__ import annotations

import logging

from discord_harness import FakeClock, OfflineUser, db_url, open_service, state_of
from qa_helpers import OPENED, M, close_stores, qa_bot, qa_bot_game  # noqa: F401
from test_bot_frontier import PLAYERS

import rules
from bot import messages
from bot.console.offline import BOT_ID, FakeDiscord, OfflineBot, Sent
from rules.cards import card

CH = 5151
THREADS = "POST /channels/{channel_id}/threads"
USERS = {faction: OfflineUser(name) for faction, (name, _) in PLAYERS.items()}
TEAM = {faction: team.upper() for faction, (_, team) in PLAYERS.items()}


async def frontier_bot(url: str, discord_api: FakeDiscord | None = None) -> OfflineBot:
    """An offline bot on a database, closed after the test."""
    bot = OfflineBot(await open_service(url, FakeClock()), discord_api)
    OPENED.append(bot.service)
    return bot


async def start_frontier(bot: OfflineBot) -> None:
    """A six-seat frontier game in two teams, created, joined and started through the command tree."""
    factions = ",".join(PLAYERS)
    created = await bot.slash(USERS["marquise"], CH, "root create", mode="frontier", seats=6, factions=factions)
    assert not created.refused, created.text
    for faction, (_, team) in PLAYERS.items():
        joined = await bot.slash(USERS[faction], CH, "root join", faction=faction, team=team)
        assert not joined.refused, joined.text
    started = await bot.slash(USERS["alliance"], CH, "root start")
    assert not started.refused, started.text


def team_threads(bot: OfflineBot) -> dict[str, int]:
    """The team threads Discord holds: team: thread id."""
    names = {messages.TEAM_THREAD_NAME.format(team=t): t for t in ("A", "B")}
    return {names[t.name]: i for i, t in bot.discord.threads.items() if t.name in names}


def members_of(bot: OfflineBot, team: str) -> set[int]:
    """The players (not the bot) in a team's thread."""
    return bot.discord.threads[team_threads(bot)[team]].members - {BOT_ID}


def posts_in(sent: list[Sent], thread_id: int) -> list[Sent]:
    """Messages posted in one thread."""
    return [s for s in sent if s.kind == "thread" and s.thread_id == thread_id]


def team_ids(team: str) -> set[int]:
    """The user ids of a team's players at the start."""
    return {USERS[f].id for f in PLAYERS if TEAM[f] == team}


async def test_each_team_gets_one_private_thread_with_its_players_and_a_welcome_but_no_hand(tmp_path):
    bot = await frontier_bot(db_url(tmp_path))
    await start_frontier(bot)
    threads = team_threads(bot)
    assert set(threads) == {"A", "B"}
    state = await state_of(bot.service, CH)
    every_card = {card(c).name for seat in state.seats for c in seat.hand}
    for team, thread_id in threads.items():
        thread = bot.discord.threads[thread_id]
        assert thread.kind == 12 and thread.parent_id == CH  # a private thread of the game's channel
        assert thread.members - {BOT_ID} == team_ids(team)  # that team's players, nobody of the other team
        [welcome] = posts_in(bot.adapter.sent, thread_id)  # one welcome, nothing else
        assert f"team **{team}**" in welcome.content
        assert all(f"<@{user}>" in welcome.content for user in team_ids(team))
        assert not any(f"<@{user}>" in welcome.content for user in team_ids("B" if team == "A" else "A"))
        assert not welcome.files and not any(name in welcome.content for name in every_card)  # never a hand
    stored = await bot.service.store.team_threads(CH)
    assert {(r.team, r.thread_id, r.kind, r.welcomed) for r in stored} == {
        ("A", threads["A"], "thread", True),
        ("B", threads["B"], "thread", True),
    }
    seat_threads = [t for i, t in bot.discord.threads.items() if i not in threads.values()]
    assert len(seat_threads) == 6 and all(len(t.members - {BOT_ID}) == 1 for t in seat_threads)  # hands stay there
    start = len(bot.adapter.sent)
    for _ in range(8):  # setup choices and moves: their private notes and hands go to the seats' own threads only
        state = await state_of(bot.service, CH)
        seat = rules.to_act(state)
        assert seat is not None
        action = rules.legal_actions(state, seat)[0]
        played = await bot.slash(USERS[state.seats[seat].faction], CH, "play", action=action.notation())
        assert not played.refused, played.text
    assert [s for s in bot.adapter.sent[start:] if s.kind == "thread" and s.thread_id not in threads.values()]
    assert not [s for s in bot.adapter.sent[start:] if s.thread_id in threads.values()]


async def test_a_restart_finds_the_team_threads_again_and_makes_no_second(database):
    bot = await frontier_bot(database)
    await start_frontier(bot)
    before = dict(team_threads(bot))
    restarted = await frontier_bot(database, bot.discord)  # a new process: same database, same Discord
    status = await restarted.slash(USERS["marquise"], CH, "root status")  # its first command looks at the threads
    assert f"<#{before['A']}>" in status.text  # /root status names the player's own team thread
    assert f"<#{before['B']}>" not in status.text
    assert team_threads(restarted) == before and len(restarted.discord.threads) == 8
    assert not [s for s in restarted.adapter.sent if s.kind == "thread"]  # no welcome posted again
    zoe = OfflineUser("zoe")
    replaced = await restarted.slash(M, CH, "rootmod replace", faction="eyrie", user=zoe)
    assert not replaced.refused, replaced.text
    assert team_threads(restarted) == before  # the new player joins the thread made before the restart
    assert members_of(restarted, "A") == team_ids("A") - {USERS["eyrie"].id} | {zoe.id}


async def test_a_crash_between_discord_making_the_thread_and_keeping_its_id_makes_no_second_thread(tmp_path):
    bot = await frontier_bot(db_url(tmp_path))
    keep = bot.service.remember_team_thread

    async def crash_on_the_id(channel_id: int, team: str, **values: object) -> None:
        if "thread_id" in values:
            raise RuntimeError("the process died here")  # Discord made the thread; its id was never written
        await keep(channel_id, team, **values)

    bot.service.remember_team_thread = crash_on_the_id  # type: ignore[method-assign]
    await start_frontier(bot)
    made = [i for i, t in bot.discord.threads.items() if t.name.startswith("Team ")]
    assert len(made) == 1 and not posts_in(bot.adapter.sent, made[0])  # made, nobody in it, never welcomed
    restarted = await frontier_bot(db_url(tmp_path), bot.discord)
    await restarted.slash(USERS["marquise"], CH, "root status")  # the new process finishes what was left
    assert len([t for t in bot.discord.threads.values() if t.name.startswith("Team ")]) == 2
    assert team_threads(restarted)["A"] == made[0]  # the thread Discord made before the crash, found again
    assert members_of(restarted, "A") == team_ids("A") and members_of(restarted, "B") == team_ids("B")
    assert all(len(posts_in(restarted.adapter.sent, t)) == 1 for t in team_threads(restarted).values())


async def test_a_replaced_player_joins_the_team_thread_and_the_old_one_leaves_it(database):
    bot = await frontier_bot(database)
    await start_frontier(bot)
    zoe, dave = OfflineUser("zoe"), USERS["tinker"]
    start = len(bot.adapter.sent)
    replaced = await bot.slash(M, CH, "rootmod replace", faction="tinker", user=zoe)
    assert not replaced.refused, replaced.text
    assert members_of(bot, "B") == team_ids("B") - {dave.id} | {zoe.id}  # Dave is out, Zoe is in
    assert members_of(bot, "A") == team_ids("A")  # the other team's thread is untouched
    [joined] = posts_in(bot.adapter.sent[start:], team_threads(bot)["B"])
    assert joined.content == messages.TEAM_THREAD_JOINED.format(user=f"<@{zoe.id}>", faction="Old Man Tinker", team="B")
    assert not posts_in(bot.adapter.sent[start:], team_threads(bot)["A"])
    unseated = await bot.slash(M, CH, "rootmod unseat", faction="tinker")
    assert not unseated.refused, unseated.text
    assert members_of(bot, "B") == team_ids("B") - {dave.id}  # a seat left free: its player leaves the thread
    taken = await bot.slash(dave, CH, "root join", faction="tinker")  # the vacated seat taken again
    assert not taken.refused, taken.text
    assert members_of(bot, "B") == team_ids("B")
    assert len(team_threads(bot)) == 2


async def test_without_private_threads_the_moderators_are_told_once_and_the_game_goes_on(database, caplog):
    bot = await frontier_bot(database)
    bot.discord.refuse[THREADS] = 403
    with caplog.at_level(logging.INFO):
        await start_frontier(bot)
        state = await state_of(bot.service, CH)
        seat = rules.to_act(state)
        assert seat is not None
        action = rules.legal_actions(state, seat)[0]
        played = await bot.slash(USERS[state.seats[seat].faction], CH, "play", action=action.notation())
        assert not played.refused, played.text
        await bot.slash(M, CH, "rootmod replace", faction="tinker", user=OfflineUser("zoe"))
        restarted = await frontier_bot(database, bot.discord)
        await restarted.slash(USERS["marquise"], CH, "root status")
    sent = bot.adapter.sent + restarted.adapter.sent  # before and after the restart
    notices = [s for s in sent if "get no private thread here" in s.content]
    assert len(notices) == 1  # said once, through a start, a move, a new player and a restart
    [notice] = notices
    assert notice.kind == "channel" and notice.channel_id == CH and notice.content.startswith("Moderators: ")
    assert "Team A and Team B get no private thread here" in notice.content
    assert not bot.discord.threads  # no thread at all, and nothing posted twice
    assert {r.kind for r in await bot.service.store.team_threads(CH)} == {"none"}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]  # no traceback
    assert {s.to_user for s in bot.adapter.sent if s.kind == "dm"} >= {u.id for u in USERS.values()}  # hands by DM
    status = await restarted.slash(USERS["marquise"], CH, "root status")
    assert messages.STATUS_NO_TEAM_THREAD.strip() in status.text


async def test_a_team_thread_discord_could_not_make_for_the_moment_is_made_with_the_next_command(tmp_path):
    bot = await frontier_bot(db_url(tmp_path))
    bot.discord.refuse[THREADS] = 500  # Discord has trouble: not a refusal
    await start_frontier(bot)
    assert not bot.discord.threads and not [s for s in bot.adapter.sent if "no private thread" in s.content]
    del bot.discord.refuse[THREADS]
    await bot.slash(USERS["vagabond"], CH, "root status")
    assert set(team_threads(bot)) == {"A", "B"} and members_of(bot, "A") == team_ids("A")
    welcomes = [s for s in bot.adapter.sent if s.kind == "thread" and "This private thread is team" in s.content]
    assert len(welcomes) == 2


async def test_a_deleted_team_thread_is_made_again_for_the_next_player(tmp_path):
    bot = await frontier_bot(db_url(tmp_path))
    await start_frontier(bot)
    old = team_threads(bot)["A"]
    bot.discord.gone.add(old)
    zoe = OfflineUser("zoe")
    await bot.slash(M, CH, "rootmod replace", faction="marquise", user=zoe)
    new = team_threads(bot)
    assert set(new) == {"A", "B"} and len(bot.discord.threads) == 10  # 6 seat threads + 1 new seat thread + 3
    made = next(i for i, t in bot.discord.threads.items() if i != old and t.name == bot.discord.threads[old].name)
    assert bot.discord.threads[made].members - {BOT_ID} == team_ids("A") - {USERS["marquise"].id} | {zoe.id}
    assert [r.thread_id for r in await bot.service.store.team_threads(CH) if r.team == "A"] == [made]


async def test_a_player_discord_does_not_know_is_left_out_and_no_second_thread_is_made(tmp_path):
    bot = await frontier_bot(db_url(tmp_path))
    carol = USERS["vagabond"]
    bot.discord.strangers.add(carol.id)  # she left the server: adding her is refused with 404, the thread is fine
    await start_frontier(bot)
    assert set(team_threads(bot)) == {"A", "B"}
    assert len([t for t in bot.discord.threads.values() if t.name.startswith("Team ")]) == 2
    assert members_of(bot, "A") == team_ids("A") - {carol.id}
    assert len(posts_in(bot.adapter.sent, team_threads(bot)["A"])) == 1  # the rest of the team is welcomed


async def test_a_game_without_teams_makes_no_team_thread(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    assert len(bot.discord.threads) == 2  # the two players' own threads
    assert all(len(t.members - {BOT_ID}) == 1 for t in bot.discord.threads.values())
    assert await bot.service.store.team_threads(CH) == []
    status = await bot.slash(OfflineUser("alice"), CH, "root status")
    assert "team" not in status.text.lower()


async def test_a_moderator_has_the_refused_team_threads_made_once_the_permission_is_given(database):
    bot = await frontier_bot(database)
    bot.discord.refuse[THREADS] = 403
    await start_frontier(bot)
    assert not bot.discord.threads and {r.kind for r in await bot.service.store.team_threads(CH)} == {"none"}
    player = await bot.slash(USERS["marquise"], CH, "rootmod threads")
    assert player.refused and not bot.discord.threads  # moderators only
    del bot.discord.refuse[THREADS]  # the server now lets the bot make private threads
    retried = await bot.slash(M, CH, "rootmod threads")
    assert not retried.refused and "tries again to make the team threads the server refused (A, B)" in retried.text
    made = team_threads(bot)
    assert set(made) == {"A", "B"} and members_of(bot, "A") == team_ids("A") and members_of(bot, "B") == team_ids("B")
    assert all(len(posts_in(bot.adapter.sent, made[t])) == 1 for t in ("A", "B"))  # one welcome each
    again = await bot.slash(M, CH, "rootmod threads")
    assert not again.refused and again.text == messages.TEAM_THREADS_FINE and team_threads(bot) == made


async def test_threads_in_a_game_without_teams_is_refused_with_the_reason(tmp_path):
    bot = await frontier_bot(db_url(tmp_path))
    alice, bob = OfflineUser("alice"), OfflineUser("bob")
    await bot.slash(alice, CH, "root create", seats=2, factions="marquise,eyrie")
    await bot.slash(alice, CH, "root join", faction="marquise")
    await bot.slash(bob, CH, "root join", faction="eyrie")
    await bot.slash(bob, CH, "root start")
    refused = await bot.slash(M, CH, "rootmod threads")
    assert refused.refused and messages.NO_TEAM_GAME in refused.text
