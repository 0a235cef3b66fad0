"""Automated seats under attack: races with moderators and new games, bad input to /rootmod automate, and what the
public sees while an automated seat decides."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading

from discord_harness import ALICE, CHANNEL, MOD, db_url, saved
from qa_helpers import A, B, M, close_stores, qa_bot, qa_bot_game, qa_service  # noqa: F401
from test_bot_team_threads import CH as TEAM_CH
from test_bot_team_threads import USERS, frontier_bot, members_of, start_frontier, team_ids

import rules
from bot import automation, deciding
from bot.automation import AutomatedPlayers
from bot.console.offline import http_error
from bot.deciding import Decision

CH = CHANNEL


async def _marquise_automated(service, board: str = "autumn") -> None:
    """A started Marquise (automated) v Eyrie (alice) game: the automated Marquise places her keep first."""
    made = await service.create(MOD, board=board, seats=2, factions="marquise,eyrie", automated="marquise")
    assert not made.refused
    assert not (await service.join(ALICE, "eyrie")).refused
    assert not (await service.start(MOD)).refused


async def test_a_game_ended_and_created_again_in_the_delay_gets_no_move_decided_for_the_old_one(tmp_path):
    service = await qa_service(tmp_path)
    await _marquise_automated(service)
    old = await service.automated_due(CH)
    assert old is not None
    choice = rules.legal_actions(old.state, old.seat)[0].notation()
    assert not (await service.mod_end(MOD)).refused
    await _marquise_automated(service, "winter")  # a new game in the channel, at the same moment of its setup
    new = await service.automated_due(CH)
    assert new is not None and new.seat == old.seat and new.version > old.version  # a channel's versions only rise
    assert new.state.digest() != old.state.digest()
    before = await saved(service, CH)
    assert await service.play_automated(old, choice) is None  # decided for a game that is gone
    assert await saved(service, CH) == before


async def test_the_runner_sleeping_through_a_new_game_decides_afresh_for_it(tmp_path, monkeypatch):
    service = await qa_service(tmp_path)
    await _marquise_automated(service)
    asleep, wake_up = asyncio.Event(), asyncio.Event()
    decided: list[str] = []

    async def sleep(_seconds: float) -> None:
        asleep.set()
        await wake_up.wait()

    def choose(state: rules.GameState, seat: int, _turn: float, _spent: float, _seed: int, **_: object) -> Decision:
        decided.append(state.digest())
        return Decision(rules.legal_actions(state, seat)[-1].notation(), 0.0, 0)

    async def post(_outbox) -> None:
        wake_up.clear()  # one move only: the next step sleeps until the test ends

    monkeypatch.setattr(automation, "choose", choose)
    runner = AutomatedPlayers(service, post, delay=60, turn_seconds=0.01, sleep=sleep)
    runner.wake(CH)
    await asyncio.wait_for(asleep.wait(), 5)
    assert not (await service.mod_end(MOD)).refused
    await _marquise_automated(service, "winter")
    fresh = (await service.table(CH)).state.digest()
    runner.wake(CH)
    wake_up.set()
    for _ in range(200):
        if await service.store.record_rows(CH):
            break
        await asyncio.sleep(0.01)
    await runner.close()
    rows = await service.store.record_rows(CH)
    assert [r.user_id for r in rows] == [None]  # one automated move in the new game
    assert decided[1] == fresh  # the ended game's decision was dropped; decided again for the new game's state


async def test_a_team_named_when_automating_a_running_seat_must_be_its_own(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)  # a standard game: no teams
    before = await saved(bot.service, CH)
    no_teams = await bot.slash(M, CH, "rootmod automate", faction="eyrie", team="A")
    assert no_teams.refused and "without teams" in no_teams.text
    assert await saved(bot.service, CH) == before
    teams = CH + 1
    factions = "marquise,eyrie,vagabond,tinker,alliance,lizards"
    robots = "marquise,eyrie,vagabond,tinker,lizards"
    made = await bot.slash(M, teams, "root create", mode="frontier", seats=6, factions=factions, automated=robots)
    assert not made.refused
    assert not (await bot.slash(A, teams, "root join", faction="alliance", team="B")).refused
    assert not (await bot.slash(A, teams, "root start")).refused
    before = await saved(bot.service, teams)
    for team, said in (("A", "team **B**"), ("C", "not 'C'")):
        wrong = await bot.slash(M, teams, "rootmod automate", faction="alliance", team=team)
        assert wrong.refused and said in wrong.text, wrong.text
        assert await saved(bot.service, teams) == before
    right = await bot.slash(M, teams, "rootmod automate", faction="alliance", team="b")
    assert not right.refused, right.text


async def _both_automated(service, round_limit: int | None = None) -> None:
    made = await service.create(
        MOD, seats=2, factions="marquise,eyrie", automated="marquise,eyrie", round_limit=round_limit
    )
    assert not made.refused, made.reply
    assert not (await service.start(MOD)).refused


async def _run(service, delay: float = 0.0) -> list:
    """Run the automated players of a service until no automated seat can act; what they posted."""
    posted: list = []

    async def post(outbox) -> None:
        posted.append(outbox)

    async def no_wait(_seconds: float) -> None:
        return None

    runner = AutomatedPlayers(service, post, delay=delay, turn_seconds=0.01, sleep=no_wait)
    runner.wake(CH)
    await runner.settled()
    return posted


async def test_an_automated_player_whose_decision_fails_still_answers_by_default(tmp_path, monkeypatch):
    service = await qa_service(tmp_path)
    await _both_automated(service, round_limit=1)

    def broken(*_args, **_kwargs):
        raise RuntimeError("the decision failed")

    monkeypatch.setattr(deciding, "decide", broken)
    posted = await _run(service)
    table = await service.table(CH)
    assert table.game.status == "over" and len(posted) > 10  # the game never stalls
    record = await service.record(table)
    assert rules.replay(record).digest() == table.state.digest()


async def test_two_processes_on_one_database_play_each_automated_move_once(tmp_path, monkeypatch):
    together = threading.Barrier(2, timeout=1)  # both processes decide every move at the same game version
    decided: list[int] = []

    def choose(state: rules.GameState, seat: int, _turn: float, _spent: float, seed: int, **_: object) -> Decision:
        with contextlib.suppress(threading.BrokenBarrierError):
            together.wait()
        decided.append(state.version)
        return Decision(random.Random(seed).choice(rules.legal_actions(state, seat)).notation(), 0.0, 0)

    monkeypatch.setattr(automation, "choose", choose)
    first = await qa_service(tmp_path)
    second = await qa_service(tmp_path)  # another process's service: its own locks, the same database file
    await _both_automated(first, round_limit=1)
    posted: list[tuple[int, str]] = []

    async def post(outbox) -> None:
        posted.append((id(outbox), outbox.public.splitlines()[0]))

    async def yield_now(_seconds: float) -> None:
        await asyncio.sleep(0)

    runners = [AutomatedPlayers(s, post, delay=0, turn_seconds=0.01, sleep=yield_now) for s in (first, second)]
    for _ in range(3):
        for runner in runners:
            runner.wake(CH)
        await asyncio.gather(*(r.settled() for r in runners))
    table = await first.table(CH)
    assert table.game.status == "over"
    rows = [r for r in await first.store.record_rows(CH) if r.kind == "action"]
    assert len(posted) == len(rows) == sum(r.moves for r in runners)  # each saved move posted once, by one process
    assert all(r.moves > 0 for r in runners), [r.moves for r in runners]  # both won some races
    assert len(decided) >= 2 * len(rows) - 1  # every move but the last was decided by both; one of each was dropped
    record = await first.record(table)
    assert rules.replay(record).digest() == table.state.digest()


def _quick(bot):
    bot.client.automation.turn_seconds = 0.01
    return bot


async def _automated_moves(service) -> int:
    return sum(1 for r in await service.store.record_rows(CH) if r.kind == "action" and r.user_id is None)


async def test_a_paused_game_holds_its_automated_seat_until_a_moderator_resumes_it(tmp_path):
    bot = _quick(await qa_bot(tmp_path))
    await _marquise_automated(bot.service)  # saved with the automated Marquise to act, no runner woken
    assert not (await bot.service.mod_pause(MOD)).refused
    before = await saved(bot.service, CH)
    restarted = await bot.resume()  # a restart while paused: nothing played
    assert [s for s in restarted.sent if s.kind == "channel"] == [] and await saved(bot.service, CH) == before
    resumed = await bot.slash(M, CH, "rootmod resume")
    assert not resumed.refused and "Marquise de Cat (automated)" in resumed.text
    assert await _automated_moves(bot.service) >= 1  # woken by the resume: it plays at once
    state = (await bot.service.table(CH)).state
    assert state.seats[rules.to_act(state)].faction == "eyrie"  # and waits for alice


async def test_five_automated_seats_of_a_3x3_game_wait_only_for_the_one_person(tmp_path):
    bot = _quick(await qa_bot(tmp_path))
    factions = "marquise,eyrie,vagabond,tinker,alliance,lizards"
    robots = "marquise,eyrie,vagabond,tinker,lizards"
    made = await bot.slash(
        M, CH, "root create", mode="frontier", seats=6, factions=factions, automated=robots, round_limit=2
    )
    assert not made.refused
    assert not (await bot.slash(A, CH, "root join", faction="alliance", team="B")).refused
    assert not (await bot.slash(A, CH, "root start")).refused
    chooser = random.Random(1)
    while (table := await bot.service.table(CH)).game.status == "active":
        seat = rules.to_act(table.state)
        assert table.state.seats[seat].faction == "alliance", rules.waiting_for(table.state)
        action = chooser.choice(rules.legal_actions(table.state, seat)).notation()
        assert not (await bot.slash(A, CH, "play", action=action)).refused
    assert table.game.status == "over" and await _automated_moves(bot.service) > 30  # ~50: choices vary with CPU
    pinged = [s.content for s in bot.adapter.sent if "<@" in s.content and s.kind == "channel"]
    assert pinged and all(f"<@{A.id}>" in p for p in pinged)  # only the person is ever mentioned
    record = await bot.service.record(table)
    assert rules.replay(record).digest() == table.state.digest()


async def test_a_seat_handed_back_while_its_automated_player_waits_its_delay_gets_no_automated_move(tmp_path):
    service = await qa_service(tmp_path)
    await _marquise_automated(service)
    asleep, wake_up = asyncio.Event(), asyncio.Event()

    async def sleep(_seconds: float) -> None:
        asleep.set()
        await wake_up.wait()

    posted: list = []

    async def post(outbox) -> None:
        posted.append(outbox)

    runner = AutomatedPlayers(service, post, delay=60, turn_seconds=0.01, sleep=sleep)
    runner.wake(CH)
    await asyncio.wait_for(asleep.wait(), 5)
    assert not (await service.mod_replace(MOD, "marquise", B.id, B.name)).refused  # bob takes the seat meanwhile
    before = await saved(service, CH)
    wake_up.set()
    await asyncio.wait_for(runner.settled(), 5)  # it stops: a person is to act now
    assert (posted, await saved(service, CH)) == ([], before)
    table = await service.table(CH)
    assert table.seated_user(rules.to_act(table.state)) == B.id and not table.automated(rules.to_act(table.state))


async def test_a_moderator_replacing_or_unseating_an_automated_player_is_told_it_was_the_automated_player(tmp_path):
    bot = _quick(await qa_bot_game(tmp_path, CH))
    assert not (await bot.slash(M, CH, "rootmod automate", faction="eyrie")).refused
    back = await bot.slash(M, CH, "rootmod replace", faction="eyrie", user=B)
    assert "(replacing the automated player)" in back.text, back.text
    assert not (await bot.slash(M, CH, "rootmod automate", faction="eyrie")).refused
    off = await bot.slash(M, CH, "rootmod unseat", faction="eyrie")
    assert "(the automated player removed by a moderator)" in off.text, off.text
    vacant = await bot.slash(M, CH, "rootmod automate", faction="eyrie")
    assert "(replacing nobody)" in vacant.text, vacant.text


async def test_bad_input_to_rootmod_automate_is_one_clear_message_and_the_game_is_unchanged(tmp_path):
    bot = _quick(await qa_bot_game(tmp_path, CH))
    before = await saved(bot.service, CH)
    for faction, said in (
        ("", "is empty"),
        ("\u200b", "No seat plays"),
        ("ＥＹＲＩＥ", "No seat plays"),
        ("eyrie\x00", "No seat plays"),
        ("x" * 500, "No seat plays"),
        ("lizards", "the seats are: marquise, eyrie"),
        ("@everyone", "No seat plays"),
    ):
        refused = await bot.slash(M, CH, "rootmod automate", faction=faction)
        assert refused.refused and said in refused.text and "Traceback" not in refused.text, (faction, refused.text)
        assert len(refused.text) < 300 and await saved(bot.service, CH) == before
    assert (await bot.slash(A, CH, "rootmod automate", faction="eyrie")).refused  # not a moderator
    elsewhere = await bot.slash(M, CH + 9, "rootmod automate", faction="eyrie")
    assert elsewhere.refused and "no game in this channel" in elsewhere.text
    assert await saved(bot.service, CH) == before
    assert not (await bot.slash(M, CH, "rootmod end")).refused
    ended = await saved(bot.service, CH)
    over = await bot.slash(M, CH, "rootmod automate", faction="marquise")
    assert over.refused and "ended" in over.text and await saved(bot.service, CH) == ended


async def test_a_player_whose_seat_is_automated_leaves_the_team_thread(tmp_path):
    bot = _quick(await frontier_bot(db_url(tmp_path)))
    await start_frontier(bot)
    dave = USERS["tinker"]
    automated = await bot.slash(M, TEAM_CH, "rootmod automate", faction="tinker")
    assert not automated.refused, automated.text
    assert members_of(bot, "B") == team_ids("B") - {dave.id}  # no longer of the team: its thread is closed to him
    assert members_of(bot, "A") == team_ids("A")


async def test_an_automated_alliance_never_names_the_card_it_puts_face_down_in_public(tmp_path, monkeypatch):
    def mobilizing(state: rules.GameState, seat: int, _turn: float, _spent: float, seed: int, **_: object) -> Decision:
        """A player that mobilizes whenever it may (whatever the search would choose), so that the test sees it."""
        legal = [a.notation() for a in rules.legal_actions(state, seat)]
        chosen = [n for n in legal if n.startswith("mobilize ")] or legal
        return Decision(random.Random(seed).choice(chosen), 0.0, 0)

    monkeypatch.setattr(automation, "choose", mobilizing)
    service = await qa_service(tmp_path)
    made = await service.create(
        MOD, seats=2, factions="alliance,marquise", automated="alliance,marquise", round_limit=3
    )
    assert not made.refused
    assert not (await service.start(MOD)).refused
    posted = await _run(service)
    rows = [r for r in await service.store.record_rows(CH) if r.kind == "action"]
    assert len(posted) == len(rows)
    secret = [  # a card mobilized onto a full stack is discarded face up: public, as the Law has it
        (row, out)
        for row, out in zip(rows, posted, strict=True)
        if row.notation.startswith("mobilize ") and "Supporters stack is full" not in out.public
    ]
    assert secret, "the Alliance never mobilized: the test saw nothing"
    for row, out in secret:
        card = row.notation.split()[1]
        first = out.public.splitlines()[0]
        assert first == "**Woodland Alliance** (automated): `mobilize ?`", first
        assert card not in out.public and card.split("-")[0] not in out.public.lower(), out.public


async def test_a_deleted_channels_automated_game_is_paused_not_played_on_unseen(tmp_path):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    tries: list[str] = []

    async def gone(outbox) -> None:
        tries.append(outbox.public)
        raise automation.ChannelGone(CH)

    async def no_wait(_seconds: float) -> None:
        return None

    runner = AutomatedPlayers(service, gone, delay=0, turn_seconds=0.01, sleep=no_wait)
    runner.wake(CH)
    await runner.settled()
    table = await service.table(CH)
    assert len(tries) == 1 and table.game.status == "paused"  # the move made stands; no more are played unseen
    assert await service.automated_due(CH) is None
    runner.wake(CH)
    await runner.settled()
    assert len(tries) == 1
    assert not (await service.mod_resume(MOD)).refused  # a moderator may go on (the channel was only hidden)
    assert await service.automated_due(CH) is not None


async def test_automated_moves_posted_to_a_deleted_channel_pause_the_game_through_the_real_client(tmp_path):
    bot = _quick(await qa_bot(tmp_path))
    made = await bot.slash(M, CH, "root create", seats=2, factions="marquise,eyrie", automated="marquise,eyrie")
    assert not made.refused

    async def deleted(_outbox, **_how: bool) -> None:
        raise http_error(404, "Unknown Channel")

    bot.client.poster.post = deleted  # type: ignore[method-assign]
    assert not (await bot.slash(M, CH, "root start")).refused
    table = await bot.service.table(CH)
    assert table.game.status == "paused" and await _automated_moves(bot.service) == 1
    assert (await bot.service.record(table)).actions  # the move made stands


async def test_a_game_with_automated_moves_exports_and_undoes_as_the_same_game_played_by_people(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    robot = _quick(await qa_bot(tmp_path / "a"))
    assert not (await robot.slash(M, CH, "root create", seats=2, factions="marquise,eyrie", automated="eyrie")).refused
    assert not (await robot.slash(A, CH, "root join", faction="marquise")).refused
    assert not (await robot.slash(A, CH, "root start")).refused
    chooser = random.Random(4)
    while await _automated_moves(robot.service) < 8:
        state = (await robot.service.table(CH)).state
        seat = rules.to_act(state)
        action = chooser.choice(rules.legal_actions(state, seat)).notation()
        assert not (await robot.slash(A, CH, "play", action=action)).refused
    automated = await robot.service.export(CH, full=True)

    people = await qa_bot(tmp_path / "b")  # the same seed and seats: bob types the automated player's moves
    for user, path, options in (
        (M, "root create", {"seats": 2, "factions": "marquise,eyrie"}),
        (B, "root join", {"faction": "eyrie"}),
        (A, "root join", {"faction": "marquise"}),
        (A, "root start", {}),
    ):
        assert not (await people.slash(user, CH, path, **options)).refused
    for action in automated["actions"]:
        state = (await people.service.table(CH)).state
        user = A if state.seats[rules.to_act(state)].faction == "marquise" else B
        assert not (await people.slash(user, CH, "play", action=action)).refused
    typed = await people.service.export(CH, full=True)
    same = ("options", "seed", "actions", "rules", "digest")
    assert {k: automated[k] for k in same} == {k: typed[k] for k in same}
    for bot in (robot, people):
        assert not (await bot.slash(M, CH, "rootmod pause")).refused
        assert not (await bot.slash(M, CH, "rootmod undo", count=3, confirm=True)).refused
    shorter = [await b.service.export(CH, full=True) for b in (robot, people)]
    assert shorter[0]["digest"] == shorter[1]["digest"] and shorter[0]["actions"] == automated["actions"][:-3]
