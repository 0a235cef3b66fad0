"""Automated decisions in worker processes: made off the bot's process and played; a worker that dies or thinks too
long never stalls a game; the setting that sizes the pool."""

from __future__ import annotations

import asyncio
import logging
import os
import time

import pytest
from discord_harness import CHANNEL, MOD
from qa_helpers import close_stores, qa_service  # noqa: F401
from worker_faults import dies_now_and_then, thinks_forever

import rules
from bot.automation import AutomatedPlayers
from bot.deciding import Deciders
from bot.settings import SettingsError, settings_from

CH = CHANNEL


async def _both_automated(service) -> None:
    made = await service.create(MOD, seats=2, factions="marquise,eyrie", automated="marquise,eyrie", round_limit=1)
    assert not made.refused
    assert not (await service.start(MOD)).refused


async def _run(runner: AutomatedPlayers) -> None:
    runner.wake(CH)
    await runner.settled()
    runner.deciders.close()


def _runner(service, posted: list, workers: int = 1) -> AutomatedPlayers:
    async def post(outbox) -> None:
        posted.append(outbox)

    async def no_wait(_seconds: float) -> None:
        return None

    return AutomatedPlayers(service, post, delay=0, turn_seconds=0.01, sleep=no_wait, workers=workers)


async def test_a_decision_is_made_in_a_worker_process_and_played(tmp_path):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    due = await service.automated_due(CH)
    assert due is not None
    deciders = Deciders(1)
    try:
        decision = await deciders.choose(due.state, due.seat, 0.01, 0.0, 7)
        assert decision.pid != os.getpid() and decision.pid in deciders.worker_pids()
    finally:
        deciders.close()
    assert decision.notation in {a.notation() for a in rules.legal_actions(due.state, due.seat)}
    outbox = await service.play_automated(due, decision.notation)
    assert outbox is not None
    rows = await service.store.record_rows(CH)
    assert rows[-1].seat == due.seat and rows[-1].user_id is None


async def test_the_runner_plays_a_whole_game_deciding_in_a_worker(tmp_path):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    posted: list = []
    runner = _runner(service, posted)
    await _run(runner)
    table = await service.table(CH)
    assert table.game.status == "over" and len(posted) == runner.moves > 10
    assert rules.replay(await service.record(table)).digest() == table.state.digest()


async def test_a_worker_that_dies_mid_decision_never_stalls_the_game(tmp_path, caplog):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    posted: list = []
    runner = _runner(service, posted)
    runner.deciders.work = dies_now_and_then
    with caplog.at_level(logging.ERROR, logger="bot.automation"):
        await _run(runner)
    table = await service.table(CH)
    assert table.game.status == "over" and len(posted) > 10  # each death answered by the engine's default
    assert sum("could not decide" in r.getMessage() for r in caplog.records) >= 1
    assert rules.replay(await service.record(table)).digest() == table.state.digest()


async def test_a_worker_that_never_answers_is_stopped_in_time(tmp_path):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    due = await service.automated_due(CH)
    assert due is not None
    deciders = Deciders(1, work=thinks_forever, timeout=0.2)
    try:
        await deciders.start()
        [stuck] = deciders.worker_pids()
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            await deciders.choose(due.state, due.seat, 0.01, 0.0, 7)
        assert time.monotonic() - started < 3 and deciders.worker_pids() == []
        assert _gone(stuck)
    finally:
        deciders.close()


async def test_closing_the_runner_stops_a_worker_in_the_middle_of_a_decision(tmp_path):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    runner = _runner(service, [])
    runner.deciders.work = thinks_forever
    await runner.deciders.start()
    [thinking] = runner.deciders.worker_pids()
    runner.wake(CH)
    for _ in range(100):  # until the decision is under way
        await asyncio.sleep(0.02)
        if runner.deciders.busy:
            break
    await asyncio.wait_for(runner.close(), 3)
    assert _gone(thinking) and runner.moves == 0


async def test_workers_that_cannot_start_leave_the_decisions_to_a_thread(tmp_path, monkeypatch, caplog):
    service = await qa_service(tmp_path)
    await _both_automated(service)
    posted: list = []
    runner = _runner(service, posted)

    def no_processes(_self):
        raise OSError("no forkserver here")

    monkeypatch.setattr(Deciders, "_new_pool", no_processes)
    with caplog.at_level(logging.ERROR, logger="bot.deciding"):
        await _run(runner)
    table = await service.table(CH)
    assert table.game.status == "over" and runner.deciders.workers == 0
    assert [r.getMessage() for r in caplog.records if r.name == "bot.deciding"] == [
        "the decision workers could not start: automated players decide in a thread of the bot"
    ]
    assert not [r for r in caplog.records if "could not decide" in r.getMessage()]  # no default answers


def _gone(pid: int) -> bool:
    """Whether a process ends within a few seconds."""
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("value", ["-1", "65", "one", "1.5", "２"])
def test_a_bad_automated_workers_setting_is_one_clear_message(value):
    with pytest.raises(SettingsError) as refused:
        settings_from({"ROOTBOT_AUTOMATED_WORKERS": value})
    said = str(refused.value)
    assert said.startswith("ROOTBOT_AUTOMATED_WORKERS=") and "whole number" in said and "\n" not in said


def test_the_automated_workers_setting_is_read():
    assert settings_from({"ROOTBOT_AUTOMATED_WORKERS": "0"}).automated_workers == 0
    assert settings_from({"ROOTBOT_AUTOMATED_WORKERS": "3"}).automated_workers == 3
    assert settings_from({}).automated_workers == 1
