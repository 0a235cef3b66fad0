"""An adversary at the table of the Corvid Conspiracy, through the real slash commands: the same game with a different
plot face down in clearing 5 (or a different plot placed there) must look the same to everyone but the Corvids in
every public output (posts, buttons and their custom ids, files, autocomplete, refusals, /root board and status)
until the Law reveals it (a flip, a right or wrong Exposure, a removal). Law 13.2.2.1, 13.2.4, 13.5.2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord_harness import OfflineUser, db_url, offline_bot, play_action, seated_game
from rules_helpers import check, emptied, goto, lift, put, set_hand, set_supply

import rules
from bot.console.offline import OfflineBot, Result
from bot.service.notation import slash_name
from bot.storage.store import Change

CHANNEL = 1313
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "corvids": OfflineUser("corax")}
ALICE, BOB, CORAX = PLAYERS.values()
M, E, C = 0, 1, 2
KINDS = ("bomb", "snare", "extortion", "raid")


async def _bot(tmp_path: Path, name: str) -> tuple[OfflineBot, rules.GameState]:
    """A bot with the three seats played past setup (the first choice each time), and the state then."""
    bot = await offline_bot(db_url(tmp_path, f"{name}.db"))
    await seated_game(bot, CHANNEL, PLAYERS)
    for _ in range(20):
        state = (await bot.service.table(CHANNEL)).state
        if state.turn.phase != "setup":
            return bot, state
        seat = rules.to_act(state)
        assert seat is not None
        result = await play_action(bot, list(PLAYERS.values())[seat], CHANNEL, rules.legal_actions(state, seat)[0])
        assert not result.refused, result.text
    raise AssertionError("setup never ended")


async def _jump(bot: OfflineBot, state: rules.GameState) -> None:
    """Make a prepared state the game's saved one."""
    table = await bot.service.table(CHANNEL)
    state.version = table.state.version
    await bot.service.store.save(Change(CHANNEL, table.game.version, 0, state=state.dumps()))


def _planted(base: rules.GameState, kind: str) -> rules.GameState:
    """An empty map but a face-down plot of a kind in clearing 5 (placed by the Corvids' own plot action), a Marquise
    warrior beside it and one in 1; the Marquise's hand a rabbit and a fox card; her Daylight."""
    s = emptied(rules.GameState.loads(base.dumps()))
    put(s, 5, "corvids", "warrior", 2)
    s = rules.apply(s, rules.parse(goto(check(s), C, "corvids.daylight"), f"plot 5 {kind}"))[0]
    lift(s, 5, "corvids", "warrior")
    put(s, 5, "marquise", "warrior")
    put(s, 1, "marquise", "warrior")
    set_hand(s, M, "bake-sale", "anvil")
    set_hand(s, C, "sword")
    return goto(check(s), M, "marquise.actions")


def _seen(result: Result) -> list[Any]:
    """What everyone in the channel saw of an interaction: texts, files, buttons (labels and custom ids)."""
    return [(s.kind, s.content, sorted(s.files.items()), s.buttons) for s in result.public]


async def _outputs_to_others(bot: OfflineBot) -> list[Any]:
    """Every output the Marquise's and the Eyrie's players can get now that must not depend on the plot."""
    out: list[Any] = []
    for user in (ALICE, BOB):
        for field in ("clearing", "kind", "card"):
            out.append(await bot.autocomplete(user, CHANNEL, slash_name("expose"), field))
        for field in ("clearing", "kind"):
            out.append(await bot.autocomplete(user, CHANNEL, slash_name("plot"), field, clearing=5))
        for text in ("root board", "root status", "root hand"):
            result = await bot.slash(user, CHANNEL, text)
            out.append([(s.kind, s.content, sorted(s.files.items()), s.buttons) for s in result.sent])
        for kind in KINDS:  # refused for every kind alike: a fox card in rabbit clearing 5, or out of turn
            result = await bot.slash(user, CHANNEL, slash_name("expose"), clearing=5, kind=kind, card="anvil")
            assert result.refused
            out.append(result.text.replace(kind, "KIND"))
            result = await bot.slash(user, CHANNEL, slash_name("plot"), clearing=5, kind=kind)
            assert result.refused
            out.append(result.text.replace(kind, "KIND"))
    return out


async def test_13_2_2_1_what_a_face_down_plot_is_changes_nothing_anyone_else_sees(tmp_path):
    seen = []
    for kind in KINDS:
        bot, base = await _bot(tmp_path, kind)
        await _jump(bot, _planted(base, kind))
        outputs = await _outputs_to_others(bot)
        moved = await bot.slash(ALICE, CHANNEL, slash_name("move"), **{"from": 5, "to": 1, "count": 1})
        assert not moved.refused, moved.text
        outputs.append(_seen(moved))
        outputs.extend(await _outputs_to_others(bot))
        seen.append(outputs)
        await bot.service.store.close()
    assert all(outputs == seen[0] for outputs in seen[1:])


async def test_13_5_2_the_kind_placed_is_told_to_the_corvids_alone(tmp_path):
    seen = []
    for kind in KINDS:
        bot, base = await _bot(tmp_path, kind)
        s = emptied(rules.GameState.loads(base.dumps()))
        put(s, 5, "corvids", "warrior", 3)
        await _jump(bot, goto(check(s), C, "corvids.daylight"))
        result = await bot.slash(CORAX, CHANNEL, slash_name("plot"), clearing=5, kind=kind)
        assert not result.refused, result.text
        public = _seen(result)
        assert not any(k in str(public) for k in KINDS), public
        own = [x.content for x in result.sent if not x.public]
        assert any(f"in clearing 5 is a{'n' if kind[0] == 'e' else ''} {kind}" in t for t in own), own
        seen.append((public, await _outputs_to_others(bot)))
        await bot.service.store.close()
    assert all(s == seen[0] for s in seen[1:])


async def test_13_2_4_a_wrong_guess_tells_the_table_the_guess_and_the_answer_never_the_card(tmp_path):
    bot, base = await _bot(tmp_path, "guess")
    await _jump(bot, _planted(base, "raid"))
    result = await bot.slash(ALICE, CHANNEL, slash_name("expose"), clearing=5, kind="bomb", card="bake-sale")
    assert not result.refused, result.text
    public = "\n".join(s.content for s in result.public)
    assert "bomb" in public and "say no" in public
    assert "Bake Sale" not in str(_seen(result)) and "bake-sale" not in str(_seen(result))
    hand = await bot.slash(CORAX, CHANNEL, "root hand")
    assert "Bake Sale" in hand.text and all(not s.public for s in hand.sent)
    state = (await bot.service.table(CHANNEL)).state
    assert rules.view_for(state, C)["private_lines"][0] == "Your face-down plots: raid in 5"
    await bot.service.store.close()


async def test_13_4_3_1_5_4_short_of_warriors_the_corvids_name_the_clearings_of_their_recruit(tmp_path):
    bot, base = await _bot(tmp_path, "recruit")
    s = emptied(rules.GameState.loads(base.dumps()))
    set_supply(s, "corvids", "warrior", 2)
    set_hand(s, C, "anvil")  # fox: 1, 6, 8, 12 on Autumn
    await _jump(bot, goto(check(s), C, "corvids.recruit"))
    before = (await bot.service.table(CHANNEL)).state
    for clearings, reason in (("3,8", "clearing 3 is rabbit"), ("8", "name 2 different fox clearings")):
        result = await bot.slash(CORAX, CHANNEL, slash_name("recruit"), card="anvil", clearings=clearings)
        assert result.refused and reason in result.text and "Traceback" not in result.text, result.text
    after = (await bot.service.table(CHANNEL)).state
    assert after.digest() == before.digest()
    result = await bot.slash(CORAX, CHANNEL, slash_name("recruit"), card="anvil", clearings="8,12")
    assert not result.refused, result.text
    state = (await bot.service.table(CHANNEL)).state
    assert [state.clearings[c - 1].get("corvids:warrior", 0) for c in (1, 6, 8, 12)] == [0, 0, 1, 1]
    await bot.service.store.close()
