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
