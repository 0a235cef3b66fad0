"""Automated seats: seated by moderators, played through the one path of every move, never reminded, resumed after
a restart, named as automated in messages and on the board."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from discord_harness import ALICE, BOB, CHANNEL, MOD, FakeClock, OfflineUser, db_url, offline_bot, saved
from qa_helpers import A, B, M, close_stores, qa_bot, qa_bot_game, qa_service  # noqa: F401

import rules
from bot import automation, messages
from bot.automation import AutomatedPlayers
from bot.console.offline import OfflineBot
from bot.deciding import Decision
from bot.service.present import board_job
from bot.settings import SettingsError, settings_from
from bot.storage.store import StaleVersion
from render.legend import legend

CH = CHANNEL
EVE = OfflineUser("eve")
EYRIE = "Eyrie Dynasties"
QUICK = 0.01  # CPU seconds per automated turn: the tests stay fast whatever search `decide` does


def quick(bot: OfflineBot) -> OfflineBot:
    """An offline bot whose automated players decide each turn within QUICK seconds of CPU."""
    bot.client.automation.turn_seconds = QUICK
    return bot


async def _automated_rows(bot: OfflineBot, seat: int) -> int:
    """How many actions of the record a seat made without a person (an automated player's)."""
    rows = await bot.service.store.record_rows(CH)
    return sum(1 for r in rows if r.seat == seat and r.user_id is None)


async def _play_people(bot: OfflineBot, players: dict[str, OfflineUser], until, seed: int = 5, most: int = 400) -> None:
    """The people's seats play random legal actions with /play until `until(state)` holds (the automated seats
    answer by themselves after each command)."""
    chooser = random.Random(seed)
    for _ in range(most):
        state = (await bot.service.table(CH)).state
        if await until(state):
            return
        seat = rules.to_act(state)
        assert seat is not None, "the game ended first"
        user = players.get(state.seats[seat].faction)
        assert user is not None, f"{state.seats[seat].faction} was left to act by an automated seat"
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(user, CH, "play", action=action.notation())
        assert not result.refused, (action.notation(), result.text)
    raise AssertionError("the moment never came")


async def test_a_moderator_creates_a_game_with_an_automated_seat_that_plays_its_own_moves(tmp_path):
    bot = quick(await qa_bot(tmp_path))
    made = await bot.slash(M, CH, "root create", seats=2, factions="marquise,eyrie", automated="eyrie")
    assert not made.refused and f"An automated player joins as **{EYRIE}** (1/2 seats)" in made.text
    assert not (await bot.slash(A, CH, "root join", faction="marquise")).refused
    started = await bot.slash(A, CH, "root start")
    assert f"{EYRIE} (automated)" in started.text
    eyrie = (await bot.service.table(CH)).by_faction("eyrie").seat

    async def enough(_state: rules.GameState) -> bool:
        return await _automated_rows(bot, eyrie) >= 6

    await _play_people(bot, {"marquise": A}, enough)
    table = await bot.service.table(CH)
    assert table.game.status == "active" and rules.to_act(table.state) != eyrie  # it never holds the game up
    record = await bot.service.record(table)
    assert rules.replay(record).digest() == table.state.digest()  # the same record as a person's moves
    exported = await bot.service.export(CH, full=True)
    assert exported["digest"] == rules.digest_as(table.state, record.rules)


async def test_only_a_moderator_seats_automated_players_at_create(tmp_path):
    bot = quick(await qa_bot(tmp_path))
    refused = await bot.slash(A, CH, "root create", seats=2, automated="eyrie")
    assert refused.refused and refused.text == messages.NOT_A_MODERATOR
    assert await bot.service.maybe_table(CH) is None
    for factions, automated, said in (
        ("marquise,eyrie,vagabond", "eyrie,marquise,vagabond", "All 2 seats"),
        ("marquise,eyrie", "nobody", "nobody"),
        ("marquise,eyrie", "lizards", "Lizard Cult is not one of this game's factions"),
    ):
        wrong = await bot.slash(M, CH, "root create", seats=2, factions=factions, automated=automated)
        assert wrong.refused and said in wrong.text and "Traceback" not in wrong.text
        assert await bot.service.maybe_table(CH) is None


async def test_a_moderator_hands_a_running_seat_to_an_automated_player_and_back(tmp_path):
    bot = quick(await qa_bot_game(tmp_path, CH))  # alice: Marquise, bob: Eyrie
    eyrie = (await bot.service.table(CH)).by_faction("eyrie").seat
    refused = await bot.slash(A, CH, "rootmod automate", faction="eyrie")
    assert refused.refused

    async def offered() -> set[str]:
        return {c["value"] for c in await bot.autocomplete(M, CH, "rootmod automate", "faction")}

    assert await offered() == {"marquise", "eyrie"}
    handed = await bot.slash(M, CH, "rootmod automate", faction="eyrie")
    assert not handed.refused and f"An automated player now plays **{EYRIE}** (replacing <@{B.id}>)" in handed.text
    assert await offered() == {"marquise"}
    again = await bot.slash(M, CH, "rootmod automate", faction="eyrie")
    assert again.refused and again.text == messages.ALREADY_AUTOMATED.format(faction=EYRIE)
    before = await saved(bot.service, CH)
    taken = await bot.slash(EVE, CH, "root join", faction="eyrie")
    assert taken.refused and taken.text == messages.AUTOMATED_SEAT.format(faction=EYRIE)
    assert await saved(bot.service, CH) == before
    assert (await bot.slash(B, CH, "play", action="pass")).refused  # bob no longer holds the seat

    async def played(_state: rules.GameState) -> bool:
        return await _automated_rows(bot, eyrie) >= 3

    await _play_people(bot, {"marquise": A}, played)
    posts = [s.content for s in bot.adapter.sent if s.kind == "channel"]
    assert any(p.startswith(f"**{EYRIE}** (automated): `") for p in posts)
    back = await bot.slash(M, CH, "rootmod replace", faction="eyrie", user=B)
    assert not back.refused and f"<@{B.id}> now plays **{EYRIE}**" in back.text
    done = await _automated_rows(bot, eyrie)

    async def bobs_turn(state: rules.GameState) -> bool:
        return rules.to_act(state) == eyrie

    await _play_people(bot, {"marquise": A}, bobs_turn)  # the seat waits for bob now: no automated move
    assert await _automated_rows(bot, eyrie) == done
    assert not (await bot.slash(B, CH, "play", action=_any(await bot.service.table(CH), eyrie))).refused


def _any(table, seat: int) -> str:
    return rules.legal_actions(table.state, seat)[0].notation()


async def _both_automated(service, round_limit: int | None = None) -> None:
    made = await service.create(
        MOD, seats=2, factions="marquise,eyrie", automated="marquise,eyrie", round_limit=round_limit
    )
    assert not made.refused, made.reply
    started = await service.start(MOD)
    assert not started.refused, started.reply


async def test_a_stale_automated_move_is_dropped_and_made_afresh(tmp_path):
    service = await qa_service(tmp_path)  # no runner: the test plays the runner's part
    await _both_automated(service)
    due = await service.automated_due(CH)
    assert due is not None
    choice = rules.legal_actions(due.state, due.seat)[0].notation()
    assert not (await service.mod_skip(MOD)).refused  # a moderator acts meanwhile
    after_skip = await saved(service, CH)
    assert await service.play_automated(due, choice) is None
    assert await saved(service, CH) == after_skip  # never applied twice, nothing saved
    fresh = await service.automated_due(CH)
    assert fresh is not None and fresh.version == due.version + 1
    outbox = await service.play_automated(fresh, rules.legal_actions(fresh.state, fresh.seat)[0].notation())
    assert outbox is not None and "(automated): `" in outbox.public
    rows = await service.store.record_rows(CH)
    assert rows[-1].user_id is None and rows[-2].user_id == MOD.user_id  # the skip is the moderator's


async def test_reminders_skip_automated_seats_until_a_person_takes_one(tmp_path):
    clock = FakeClock()
    service = await qa_service(tmp_path, clock)
    assert not (await service.create(MOD, seats=2, factions="marquise,eyrie", automated="marquise")).refused
    assert not (await service.join(ALICE, "eyrie")).refused
    assert not (await service.start(MOD)).refused
    table = await service.table(CH)
    assert table.automated(rules.to_act(table.state))  # the Marquise places her keep first
    clock.advance(100)
    assert await service.due_reminders() == []
    assert not (await service.mod_replace(MOD, "marquise", BOB.user_id, BOB.name)).refused
    clock.advance(25)
    reminded = await service.due_reminders()
    assert len(reminded) == 1 and f"<@{BOB.user_id}>" in reminded[0].public
    assert not (await service.mod_automate(MOD, "marquise")).refused  # and automated again: silent again
    clock.advance(100)
    assert await service.due_reminders() == []


async def test_a_restart_resumes_the_automated_seats_of_games_in_play(tmp_path):
    url = db_url(tmp_path)
    first = await qa_service(tmp_path)
    await _both_automated(first, round_limit=1)  # saved with an automated seat to act, and no runner to play it
    assert (await first.automated_due(CH)) is not None
    await first.store.close()
    bot = quick(await offline_bot(url))
    try:
        resumed = await bot.resume()
        posts = [s.content for s in resumed.sent if s.kind == "channel"]
        assert sum("(automated): `" in p for p in posts) >= 10
        table = await bot.service.table(CH)
        assert table.game.status == "over" and "**The game is over.**" in posts[-1]
    finally:
        await bot.service.store.close()


async def test_each_move_comes_the_delay_after_it_fell_due_and_a_turn_shares_its_cpu_budget(tmp_path, monkeypatch):
    """However long a decision takes (here 0 or 1.5 s of the clock), the move is played the same delay after it fell
    due: its timing never hints at how many choices the seat's hidden cards left it."""
    service = await qa_service(tmp_path)
    await _both_automated(service, round_limit=1)
    asked: list[tuple[tuple[int, int, int], float]] = []
    waits: list[float] = []
    clock = [0.0]
    took: list[float] = []

    def choose(
        state: rules.GameState, seat: int, turn_seconds: float, spent: float, seed: int, **_: object
    ) -> Decision:
        assert turn_seconds == 2.0
        asked.append(((state.turn.round, state.turn.seat, seat), spent))
        legal = rules.legal_actions(state, seat)
        took.append(0.0 if len(legal) == 1 else 1.5)
        clock[0] += took[-1]
        return Decision(random.Random(seed).choice(legal).notation(), 0.8, 0)

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(automation, "choose", choose)
    posted = []

    async def post(outbox):
        posted.append(outbox)

    runner = AutomatedPlayers(service, post, delay=2.5, turn_seconds=2.0, sleep=sleep, now=lambda: clock[0])
    runner.wake(CH)
    await runner.settled()
    assert (await service.table(CH)).game.status == "over"
    assert len(posted) == len(asked) == len(waits) > 10 and {0.0, 1.5} <= set(took)
    assert {t + w for t, w in zip(took, waits, strict=True)} == {2.5}
    previous, spent = None, 0.0
    for turn, told in asked:  # each decision is told what its turn's earlier decisions took
        spent = spent if turn == previous else 0.0
        assert told == pytest.approx(spent)
        previous, spent = turn, spent + 0.8
    assert any(told >= 2.0 for _t, told in asked)  # a long turn reached its cap (decide then ends it)


def test_a_decision_past_its_turns_budget_ends_the_turn():
    """Where the player, with its turn's budget left, would do something else, past the budget it ends the turn."""
    state, chooser = rules.new_game({"factions": ["marquise", "eyrie"]}, 3), random.Random(3)
    for _ in range(400):
        seat = rules.to_act(state)
        assert seat is not None
        legal = [a.notation() for a in rules.legal_actions(state, seat)]
        if "end" in legal and automation.choose(state, seat, 2.0, 0.0, 1).notation != "end":
            break
        state = rules.apply(state, rules.parse(state, chooser.choice(legal)), seat)[0]
    else:
        raise AssertionError("no step where the player would do more than end")
    assert automation.choose(state, seat, 2.0, 2.5, 1).notation == "end"


def test_the_board_names_an_automated_seat_in_its_legend():
    state = rules.new_game({"factions": ["marquise", "eyrie"]}, 3)
    view = board_job(state, [], 0, frozenset({1})).view
    assert [s.get("automated", False) for s in view["seats"]] == [False, True]
    names = legend(view)
    assert names.name("eyrie") == f"{EYRIE} (automated)" and names.name("marquise") == "Marquise de Cat"
    plain = legend(board_job(state, [], 0).view)
    assert plain.name("eyrie") == EYRIE


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ROOTBOT_AUTOMATED_DELAY", "-1"),
        ("ROOTBOT_AUTOMATED_DELAY", "601"),
        ("ROOTBOT_AUTOMATED_DELAY", "soon"),
        ("ROOTBOT_AUTOMATED_DELAY", "nan"),
        ("ROOTBOT_AUTOMATED_DELAY", "３"),
        ("ROOTBOT_AUTOMATED_TURN_SECONDS", "0"),
        ("ROOTBOT_AUTOMATED_TURN_SECONDS", "61"),
        ("ROOTBOT_AUTOMATED_TURN_SECONDS", "inf"),
    ],
)
def test_a_bad_automated_setting_is_one_clear_message(name, value):
    with pytest.raises(SettingsError) as refused:
        settings_from({name: value})
    said = str(refused.value)
    assert said.startswith(f"{name}=") and "expected" in said and "\n" not in said and "seconds" in said


def test_the_automated_settings_are_read():
    settings = settings_from({"ROOTBOT_AUTOMATED_DELAY": "0.5", "ROOTBOT_AUTOMATED_TURN_SECONDS": "1.5"})
    assert (settings.automated_delay_seconds, settings.automated_turn_seconds) == (0.5, 1.5)
    assert replace(settings_from({}), automated_delay_seconds=3.0).automated_turn_seconds == 2.0


async def test_a_move_saved_first_by_another_process_drops_the_automated_one(tmp_path, monkeypatch):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    due = await service.automated_due(CH)
    assert due is not None
    before = await saved(service, CH)

    async def lost_race(_change):
        raise StaleVersion(CH)

    monkeypatch.setattr(service.store, "save", lost_race)
    assert await service.play_automated(due, rules.legal_actions(due.state, due.seat)[0].notation()) is None
    assert await saved(service, CH) == before


async def test_a_moderator_seats_automated_players_in_a_lobby_and_in_team_lobbies(tmp_path):
    bot = quick(await qa_bot(tmp_path))
    assert not (await bot.slash(A, CH, "root create", seats=2, factions="marquise,eyrie")).refused
    seated = await bot.slash(M, CH, "rootmod automate", faction="eyrie")
    assert not seated.refused and f"An automated player joins as **{EYRIE}** (1/2 seats)" in seated.text
    taken = await bot.slash(B, CH, "root join", faction="eyrie")
    assert taken.refused and "already taken" in taken.text
    assert not (await bot.slash(A, CH, "root join", faction="marquise")).refused
    full = await bot.slash(M, CH, "rootmod automate", faction="marquise")
    assert full.refused
    started = await bot.slash(A, CH, "root start")
    assert f"Seats: {EYRIE} (automated), Marquise de Cat (alice)" in started.text
    teams = CH + 1
    factions = "marquise,eyrie,vagabond,tinker,alliance,lizards"
    made = await bot.slash(M, teams, "root create", mode="frontier", seats=6, factions=factions)
    assert not made.refused
    first = await bot.slash(M, teams, "rootmod automate", faction="tinker", team="b")
    assert "for team **B**" in first.text
    second = await bot.slash(M, teams, "rootmod automate", faction="lizards")
    assert "for team **A**" in second.text  # the first team not full
    wrong = await bot.slash(M, teams, "rootmod automate", faction="alliance", team="C")
    assert wrong.refused and "Traceback" not in wrong.text


def test_rootbot_run_with_a_bad_delay_says_so_in_one_line(monkeypatch, capsys, tmp_path):
    from bot import cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("ROOTBOT_AUTOMATED_DELAY", "later")
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "rootbot: ROOTBOT_AUTOMATED_DELAY=later is not valid: expected a number of seconds from 0 to 600."
