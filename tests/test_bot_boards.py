"""Board posting: after every move (default), at the end of each turn, or on request; optionally one live board."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_harness import FakeClock, OfflineUser, open_service, state_of
from qa_helpers import OPENED, A, B, M, close_stores, qa_bot, qa_bot_game  # noqa: F401

import rules
from bot import messages
from bot.cli import seeded
from bot.console import Console, OffsetClock
from bot.console.offline import OfflineBot, Sent
from bot.discord import drawing
from bot.service.table import Actor

CH = 4242
EXAMPLE = Path(__file__).resolve().parents[1] / "assets" / "examples" / "short-game.txt"


def boards(sent: list[Sent]) -> list[Sent]:
    """Board pictures posted as new channel messages."""
    return [s for s in sent if s.public and s.board]


def edits(sent: list[Sent]) -> list[Sent]:
    """Edits of the live board message."""
    return [s for s in sent if s.kind == "edit" and s.board]


async def play_moves(bot: OfflineBot, count: int) -> list[rules.GameState]:
    """Play the first legal action (preferring not to end) `count` times; the states after each."""
    states = []
    for _ in range(count):
        state = await state_of(bot.service, CH)
        seat = rules.to_act(state)
        assert seat is not None
        user = A if state.seats[seat].faction == "marquise" else B
        options = rules.legal_actions(state, seat)
        action = next((a for a in options if a.verb != "end"), options[0])
        assert not (await bot.slash(user, CH, "play", action=action.notation())).refused
        states.append(await state_of(bot.service, CH))
    return states


async def test_by_default_every_move_posts_a_board(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    start = len(bot.adapter.sent)
    await play_moves(bot, 6)
    assert len(boards(bot.adapter.sent[start:])) == 6


async def test_at_the_end_of_each_turn_only_a_turn_change_posts_a_board(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    result = await bot.slash(A, CH, "root boards", when="turn")
    assert not result.refused and "at the end of each turn" in result.public[0].content
    before = await state_of(bot.service, CH)
    start = len(bot.adapter.sent)
    states = await play_moves(bot, 30)
    turns = 0
    for old, new in zip([before, *states], states, strict=False):
        turns += (old.turn.seat, old.turn.round) != (new.turn.seat, new.turn.round) or new.over
    assert 0 < turns < 30
    assert len(boards(bot.adapter.sent[start:])) == turns


async def test_on_request_no_board_comes_until_asked(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    assert not (await bot.slash(M, CH, "root boards", when="request")).refused  # a moderator may, too
    start = len(bot.adapter.sent)
    await play_moves(bot, 8)
    assert boards(bot.adapter.sent[start:]) == []
    shown = await bot.slash(B, CH, "root board", public=True)
    assert len(boards(shown.sent)) == 1


async def test_only_the_creator_or_a_moderator_changes_it_and_nonsense_is_refused(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    before = (await bot.service.table(CH)).game.version
    refused = await bot.slash(B, CH, "root boards", when="request")
    assert refused.refused and refused.text == messages.NOT_HOST
    bad = await bot.service.set_boards(_actor(A), "sometimes", None)
    assert bad.refused and "not 'sometimes'" in bad.reply
    assert (await bot.service.table(CH)).game.version == before
    shown = await bot.slash(B, CH, "root boards")  # anyone may look
    assert not shown.refused and "after every move" in shown.text


def _actor(user: OfflineUser) -> Actor:
    return Actor(CH, user.id, user.name)


async def test_a_live_board_is_one_message_edited_in_place_and_kept_over_a_restart(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    turned_on = await bot.slash(A, CH, "root boards", live=True)
    [live] = boards(turned_on.sent)
    assert live.kind == "channel" and live.message_id is not None
    start = len(bot.adapter.sent)
    await play_moves(bot, 5)
    later = bot.adapter.sent[start:]
    assert boards(later) == []  # no new picture: the one live message is edited
    assert [e.message_id for e in edits(later)] == [live.message_id] * 5
    assert all(not s.board for s in later if s.public)
    assert (await bot.service.table(CH)).game.board_message_id == live.message_id

    url = bot.service.store.engine.url.render_as_string(hide_password=False)
    restarted = OfflineBot(await open_service(url, FakeClock()), bot.discord)  # Discord kept its messages
    OPENED.append(restarted.service)
    start = len(restarted.adapter.sent)
    await play_moves(restarted, 2)
    assert boards(restarted.adapter.sent[start:]) == []
    assert [e.message_id for e in edits(restarted.adapter.sent[start:])] == [live.message_id] * 2


async def test_a_failed_edit_posts_the_live_board_anew_and_loses_nothing(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    [live] = boards((await bot.slash(A, CH, "root boards", live=True)).sent)
    bot.discord.gone.add(live.message_id)  # someone deleted the live board message
    version = (await bot.service.table(CH)).game.version
    result = await bot.slash(A, CH, "keep", clearing=1)
    assert not result.refused
    assert "`keep 1`" in result.public[0].content  # the move is posted and saved
    assert (await bot.service.table(CH)).game.version == version + 1
    [fresh] = boards(result.sent)
    assert fresh.message_id != live.message_id
    assert (await bot.service.table(CH)).game.board_message_id == fresh.message_id
    again = await bot.slash(A, CH, "play", action="build sawmill 1")
    assert [e.message_id for e in edits(again.sent)] == [fresh.message_id]


async def test_asking_for_the_board_moves_the_live_board_to_the_bottom(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    [live] = boards((await bot.slash(A, CH, "root boards", live=True)).sent)
    result = await bot.slash(B, CH, "root board", public=True)
    [moved] = boards(result.sent)
    assert moved.message_id != live.message_id and live.message_id in bot.discord.gone  # the old one is deleted
    assert result.private[0].content == messages.LIVE_BOARD_MOVED
    assert (await bot.service.table(CH)).game.board_message_id == moved.message_id


@pytest.mark.parametrize(("when", "live", "most"), [("turn", False, 12), ("request", False, 1), ("move", True, 2)])
async def test_the_short_game_floods_the_channel_far_less(tmp_path, monkeypatch, when, live, most):
    for name in ("board_png", "hand_png"):  # what is counted is pictures posted, not their pixels
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    lines = [ln for ln in EXAMPLE.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    bot = await qa_bot(tmp_path)
    bot.service.seed_for = lambda channel: seeded(channel, None)  # as the console plays the script
    shell = Console(bot, OffsetClock(), "game", None, write=lambda _: None)
    for line in lines:
        await shell.run_line(line)
        if "/root create" in line:
            await shell.run_line(f"@alice /root boards when:{when} live:{live}")
    assert shell.totals.refused == 0
    assert len(boards(bot.adapter.sent)) <= most
