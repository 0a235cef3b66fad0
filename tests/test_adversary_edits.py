"""Moderator edits through /rootmod edit with the newer factions' pieces: the Corvids' plots (face up and face down)
are edited with their bookkeeping kept and the face-down kinds never named, and an edit that can't be made gets one
clear reason with the game left as it was."""

from __future__ import annotations

from discord_harness import OfflineUser, db_url, offline_bot, play_until, seated_game

import rules
from rules.factions.corvids import board as cb

CHANNEL = 1717
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "corvids": OfflineUser("corax")}
MOD = OfflineUser("mo", moderator=True)
CORVIDS = 2
KINDS = ("bomb", "snare", "extortion", "raid")


def _plotted(state: rules.GameState) -> bool:
    return not state.pending and bool(cb.face_down_clearings(state)) and rules.to_act(state) is not None


async def _game(tmp_path):  # type: ignore[no-untyped-def]
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, PLAYERS)
    state = await play_until(bot, CHANNEL, PLAYERS, _plotted, 3, lambda a: a.verb == "plot")
    return bot, state


async def _edit(bot, text: str) -> tuple[bool, str, rules.GameState]:  # type: ignore[no-untyped-def]
    result = await bot.slash(MOD, CHANNEL, "rootmod edit", text=text)
    assert "Traceback" not in result.text
    return result.refused, result.text, (await bot.service.table(CHANNEL)).state


async def test_a_face_up_plot_is_placed_and_removed_from_the_corvids_supply_by_an_edit(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot, state = await _game(tmp_path)
    free = next(c for c in state.board.ids() if not cb.has_plot(state, c))
    kind = next(k for k in KINDS if cb.face_up_count(state, k) == 0 and k in cb.reserve_kinds(state, CORVIDS))
    left = len(cb.data(state, CORVIDS)["reserve"])
    refused, said, after = await _edit(bot, f"!place {free} corvids:{kind}")
    assert not refused, said
    assert after.clearings[free - 1].get(f"corvids:{kind}") == 1 and cb.face_up_kind(after, free) == kind
    assert len(cb.data(after, CORVIDS)["reserve"]) == left - 1 and not rules.problems(after)
    refused, said, after = await _edit(bot, f"!remove {free} corvids:{kind}")
    assert not refused, said
    assert cb.face_up_kind(after, free) is None and kind in cb.reserve_kinds(after, CORVIDS)
    assert len(cb.data(after, CORVIDS)["reserve"]) == left and not rules.problems(after)
    await bot.service.store.close()


async def test_a_face_down_plot_is_shifted_and_removed_by_an_edit_its_kind_kept_and_never_named(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot, state = await _game(tmp_path)
    src = cb.face_down_clearings(state)[0]
    kind = cb.hidden_kind(state, CORVIDS, src)
    dst = next(c for c in state.board.ids() if not cb.has_plot(state, c))
    refused, said, after = await _edit(bot, f"!shift {src}>{dst} corvids:plot")
    assert not refused, said
    assert cb.hidden_kind(after, CORVIDS, dst) == kind and cb.hidden_kind(after, CORVIDS, src) is None
    assert not rules.problems(after)
    left = len(cb.data(after, CORVIDS)["reserve"])
    result = await bot.slash(MOD, CHANNEL, "rootmod edit", text=f"!remove {dst} corvids:plot")
    assert not result.refused, result.text
    public = "\n".join(s.content for s in result.public)
    assert not any(k in public for k in KINDS), public
    after = (await bot.service.table(CHANNEL)).state
    assert len(cb.data(after, CORVIDS)["reserve"]) == left + 1 and kind in cb.reserve_kinds(after, CORVIDS)
    assert not cb.face_down_clearings(after) or dst not in cb.face_down_clearings(after)
    assert not rules.problems(after)
    await bot.service.store.close()


async def test_an_edit_of_a_plot_that_cannot_be_made_says_why_and_changes_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot, state = await _game(tmp_path)
    free = next(c for c in state.board.ids() if not cb.has_plot(state, c))
    forest = next(iter(state.board.forests))
    for text, reason in (
        (f"!place {free} corvids:plot", "secret"),
        (f"!place f{forest} corvids:bomb", "only in clearings"),
        (f"!shift {cb.face_down_clearings(state)[0]}>f{forest} corvids:plot", "only in clearings"),
    ):
        before = (await bot.service.table(CHANNEL)).state
        refused, said, after = await _edit(bot, text)
        assert refused and reason in said, (text, said)
        assert "listed" not in said, said  # the reason, not the bookkeeping
        assert after.digest() == before.digest() and after.version == before.version
    await bot.service.store.close()


async def test_an_edit_reaches_a_seats_off_board_area_by_its_name_the_duchys_burrow(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot = await offline_bot(db_url(tmp_path))
    players = {"marquise": OfflineUser("alice"), "duchy": OfflineUser("mole")}
    await seated_game(bot, CHANNEL, players)
    state = await play_until(bot, CHANNEL, players, lambda s: s.turn.round >= 1 and not s.pending, 3)
    duchy = state.seat_of("duchy")
    assert duchy is not None
    burrow = state.seats[duchy].areas["burrow"].get("duchy:warrior", 0)
    there = state.board.ids()[0]
    warriors = state.clearings[there - 1].get("duchy:warrior", 0)
    edits = ("!place burrow duchy:warrior x2", f"!shift burrow>{there} duchy:warrior", "!remove burrow duchy:warrior")
    for text in edits:
        refused, said, state = await _edit(bot, text)
        assert not refused, (text, said)
        assert not rules.problems(state)
    assert state.seats[duchy].areas["burrow"].get("duchy:warrior", 0) == burrow
    assert state.clearings[there - 1].get("duchy:warrior") == warriors + 1
    before = state
    refused, said, state = await _edit(bot, "!place cellar duchy:warrior")
    assert refused and "there is no clearing cellar" in said and "burrow" in said, said
    assert state.digest() == before.digest()
    await bot.service.store.close()
