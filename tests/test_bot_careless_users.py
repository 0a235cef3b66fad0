"""A careless user and a careless moderator: odd but ordinary sequences of commands, each answered sensibly."""

from __future__ import annotations

from qa_helpers import A, M, close_stores, qa_bot  # noqa: F401

CH = 4242


async def test_a_lobby_status_names_an_automated_seat_as_automated(tmp_path):
    bot = await qa_bot(tmp_path)
    made = await bot.slash(M, CH, "root create", seats=3, factions="corvids,keepers,lizards", automated="keepers")
    assert not made.refused, made.text
    assert not (await bot.slash(A, CH, "root join", faction="corvids")).refused
    status = await bot.slash(A, CH, "root status")
    assert "Keepers in Iron (automated)" in status.text, status.text
    assert "()" not in status.text
