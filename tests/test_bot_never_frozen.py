"""A fault in describing or drawing a game never freezes it (issue 21): the move is saved and shown as text, the
moderators are told what failed, and the next moves go on. On the real storage, through the service and through
Discord's command tree (the console's path)."""

from __future__ import annotations

from typing import Any

import pytest
from discord_harness import ALICE, BOB, CHANNEL, OfflineUser, db_url, offline_bot, open_service, started_game, state_of

import rules
from bot import messages
from bot.discord import drawing
from bot.service import play
from rules.factions.eyrie import Eyrie

DESCRIBE_FAILED = messages.DESCRIBE_FAILED.format(parts=messages.PART_BOARD, mods="{mods}")


def broken(*_args: Any) -> Any:
    """A view or a picture that fails, as the Eyrie's panel did with None among the deposed leaders."""
    raise AttributeError("'NoneType' object has no attribute 'title'")


async def test_a_failing_view_saves_the_move_as_text_tells_the_moderators_and_the_game_goes_on(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = await open_service(database)
    await started_game(service)  # Alice (Marquise), Bob (Eyrie)
    monkeypatch.setattr(Eyrie, "panel", broken)
    outbox = await service.submit(ALICE, "keep 1")
    assert not outbox.refused, outbox.reply
    assert "keep 1" in outbox.public and messages.NOT_DESCRIBED in outbox.public
    assert outbox.board is None and outbox.seat_posts  # only the part that failed is left out
    assert outbox.notices == [DESCRIBE_FAILED]
    assert "alice" not in DESCRIBE_FAILED and "title" not in DESCRIBE_FAILED  # public words only
    assert [r.notation for r in await service.store.record_rows(CHANNEL)] == ["keep 1"]
    for line in ("build sawmill 1", "build workshop 5", "build recruiter 9"):  # every later move is saved too
        assert not (await service.submit(ALICE, line)).refused
    monkeypatch.undo()  # the fault mended: the board is back, nobody is told anything
    mended = await service.submit(BOB, "leader builder")  # the roost went opposite the keep by itself
    assert not mended.refused and mended.board is not None and mended.notices == []
    assert len(await service.store.record_rows(CHANNEL)) == 5
    record = await service.record(await service.table(CHANNEL))
    assert rules.replay(record).digest() == (await state_of(service)).digest()
    await service.store.close()


async def test_a_failing_start_description_still_starts_the_game(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = await open_service(database)
    await service.create(ALICE, seats=2)
    await service.join(ALICE, "marquise")
    await service.join(BOB, "eyrie")
    monkeypatch.setattr(Eyrie, "panel", broken)
    outbox = await service.start(ALICE)
    assert not outbox.refused and outbox.notices and messages.NOT_DESCRIBED in outbox.public
    assert (await service.table(CHANNEL)).game.status == "active"
    assert not (await service.submit(ALICE, "keep 1")).refused
    await service.store.close()


CH = 901
MARQUISE, EYRIE = OfflineUser("alice"), OfflineUser("bob")


async def test_through_discord_the_moderators_are_told_once_and_moves_go_on(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await offline_bot(db_url(tmp_path))
    await bot.slash(MARQUISE, CH, "root create", seats=2)
    await bot.slash(MARQUISE, CH, "root join", faction="marquise")
    await bot.slash(EYRIE, CH, "root join", faction="eyrie")
    await bot.slash(EYRIE, CH, "root start")
    monkeypatch.setattr(Eyrie, "panel", broken)
    first = await bot.slash(MARQUISE, CH, "play", action="keep 1")
    second = await bot.slash(MARQUISE, CH, "play", action="build sawmill 1")
    assert not first.refused and not second.refused, first.text + second.text
    assert messages.NOT_FINISHED_ERROR not in first.text + second.text
    assert "keep 1" in first.text and messages.NOT_DESCRIBED in first.text
    told = [s for s in bot.adapter.sent if s.kind == "channel" and s.content.startswith("Moderators: ")]
    assert [s.content for s in told] == [DESCRIBE_FAILED.format(mods=messages.MODERATORS)]  # once, not per move
    monkeypatch.undo()
    monkeypatch.setattr(drawing, "board_png", broken)  # now the drawing fails, the view is sound
    third = await bot.slash(MARQUISE, CH, "play", action="build workshop 5")
    fourth = await bot.slash(MARQUISE, CH, "play", action="build recruiter 9")
    assert not third.refused and not fourth.refused, third.text + fourth.text
    assert "build workshop 5" in third.text and not any(s.files for s in third.public)  # text, no picture
    told = [s for s in bot.adapter.sent if s.kind == "channel" and s.content.startswith("Moderators: ")]
    assert [s.content for s in told][1:] == [messages.NOT_DRAWN.format(mods=messages.MODERATORS)]
    monkeypatch.undo()
    fifth = await bot.slash(EYRIE, CH, "play", action="leader builder")
    assert not fifth.refused and any(s.files for s in fifth.public)  # the picture is back
    assert len(await bot.service.store.record_rows(CH)) == 5
    await bot.service.store.close()


def _told(bot: Any) -> list[str]:
    return [s.content for s in bot.adapter.sent if s.kind == "channel" and s.content.startswith("Moderators: ")]


async def _look_game(tmp_path: Any) -> tuple[Any, Any]:
    bot = await offline_bot(db_url(tmp_path))
    await bot.slash(MARQUISE, CH, "root create", seats=2)
    await bot.slash(MARQUISE, CH, "root join", faction="marquise")
    await bot.slash(EYRIE, CH, "root join", faction="eyrie")
    started = await bot.slash(EYRIE, CH, "root start")
    return bot, next(s for s in started.sent if s.buttons)


async def _unchanged(bot: Any) -> tuple[str, int]:
    table = await bot.service.table(CH)
    return table.state.digest(), table.game.version


async def test_looking_at_the_board_when_its_view_fails_answers_text_and_tells_the_moderators_once(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ = await _look_game(tmp_path)
    before = await _unchanged(bot)
    monkeypatch.setattr(Eyrie, "panel", broken)
    answers = [await bot.slash(EYRIE, CH, "root board", public=p) for p in (False, True, False)]
    for answer in answers:
        assert messages.NOT_FINISHED_ERROR not in answer.text and messages.NOT_SHOWN in answer.text, answer.text
        assert "Round 0" in answer.text and not any(s.files for s in answer.sent)
    assert any(s.public for s in answers[1].sent)  # shown to everyone as asked, as text
    assert _told(bot) == [messages.SHOW_FAILED.format(parts=messages.PART_BOARD, mods=messages.MODERATORS)]
    assert await _unchanged(bot) == before
    monkeypatch.undo()
    mended = await bot.slash(EYRIE, CH, "root board")
    assert messages.NOT_SHOWN not in mended.text and any(s.files for s in mended.sent)


async def test_the_status_and_the_choose_button_when_a_prompt_fails_answer_and_tell_the_moderators(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, choose = await _look_game(tmp_path)
    before = await _unchanged(bot)
    monkeypatch.setattr(rules, "waiting_for", broken)
    monkeypatch.setattr(play, "prompt_lines", broken)
    status = await bot.slash(EYRIE, CH, "root status")
    assert messages.NOT_FINISHED_ERROR not in status.text and messages.NOT_SHOWN in status.text, status.text
    assert "Round 0" in status.text
    pressed = [await bot.click(MARQUISE, CH, choose, b["custom_id"]) for b in choose.buttons * 2]
    for answer in pressed:
        assert answer.sent[0].content == messages.CHOICES_NOT_SHOWN, answer.text
        assert answer.sent[0].ephemeral and not any(s.buttons for s in answer.sent)
    assert _told(bot) == [
        messages.SHOW_FAILED.format(parts=part, mods=messages.MODERATORS)
        for part in (messages.PART_NEXT, messages.PART_CHOICES)
    ]
    assert await _unchanged(bot) == before
    monkeypatch.undo()
    assert not (await bot.slash(MARQUISE, CH, "play", action="keep 1")).refused  # the game goes on


async def test_looking_at_a_hand_when_its_view_fails_answers_and_tells_the_moderators_once(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ = await _look_game(tmp_path)
    before = await _unchanged(bot)
    monkeypatch.setattr(rules, "view_for", broken)
    answers = [await bot.slash(EYRIE, CH, "root hand") for _ in range(2)]
    for answer in answers:
        assert answer.sent[0].content == messages.HAND_NOT_SHOWN, answer.text
        assert not any(s.files for s in answer.sent)
    assert _told(bot) == [messages.SHOW_FAILED.format(parts=messages.PART_HAND, mods=messages.MODERATORS)]
    assert await _unchanged(bot) == before
    monkeypatch.undo()
    mended = await bot.slash(EYRIE, CH, "root hand")
    assert mended.sent[0].content != messages.HAND_NOT_SHOWN and any(s.files for s in mended.sent)
