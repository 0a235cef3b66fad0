"""A server may keep the seats left free in running games for its moderators to give out."""

from __future__ import annotations

from discord_harness import OfflineUser, saved
from qa_helpers import A, B, M, close_stores, qa_bot_game  # noqa: F401

from bot import messages

CH = 4242
EVE = OfflineUser("eve")


async def test_by_default_anyone_takes_a_vacated_seat(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    assert not (await bot.slash(M, CH, "rootmod unseat", faction="eyrie")).refused
    joined = await bot.slash(EVE, CH, "root join", faction="eyrie")
    assert not joined.refused and "takes over" in joined.public[0].content


async def test_a_server_may_keep_vacated_seats_for_moderators(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    shown = await bot.slash(M, CH, "rootmod settings", seats="moderators")
    assert not shown.refused and "moderators only" in shown.text
    assert not (await bot.slash(M, CH, "rootmod unseat", faction="eyrie")).refused
    before = await saved(bot.service, CH)
    refused = await bot.slash(EVE, CH, "root join", faction="eyrie")
    assert refused.refused and refused.text == messages.VACATED_FOR_MODERATORS
    assert await saved(bot.service, CH) == before
    taken = await bot.slash(M, CH, "root join", faction="eyrie")  # a moderator may take it (or replace someone in)
    assert not taken.refused
    other = 5151  # a lobby is not a running game: anyone joins
    assert not (await bot.slash(A, other, "root create", seats=2)).refused
    assert not (await bot.slash(EVE, other, "root join", faction="eyrie")).refused


async def test_a_bad_vacated_seat_setting_is_refused(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    from bot.service.table import Actor

    outbox = await bot.service.mod_settings(Actor(CH, M.id, "mo", moderator=True), vacated_seats="whoever")
    assert outbox.refused and "not 'whoever'" in outbox.reply
