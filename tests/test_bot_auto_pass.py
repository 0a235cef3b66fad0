"""Auto-pass: a seat that opted in has the prompts it can only answer with pass passed for it, as recorded actions."""

from __future__ import annotations

from dataclasses import replace

from discord_harness import BOB, CHANNEL, MOD, actor_for, path_to, started_game, state_of
from qa_helpers import A, close_stores, qa_bot_game, qa_service  # noqa: F401

import rules
from bot import messages
from bot.service.play import lone_pass
from bot.storage.store import Change


def ambush_waits(state: rules.GameState) -> bool:
    """A battle's defender is asked for an ambush it cannot play (no matching ambush card in hand)."""
    return bool(state.pending) and state.pending[0]["kind"] == "ambush" and lone_pass(state, rules.to_act(state) or 0)


async def play(service, notations: list[str]) -> None:
    for text in notations:
        state = await state_of(service)
        outbox = await service.submit(actor_for(state, rules.to_act(state) or 0), text)
        assert not outbox.refused, outbox.reply
    return None


async def test_an_opted_in_defender_passes_an_ambush_it_cannot_play_as_a_recorded_action(tmp_path):
    service = await qa_service(tmp_path)
    await started_game(service)
    path = path_to(await state_of(service), ambush_waits)
    expected = rules.GameState.loads((await state_of(service)).dumps())
    for text in path:
        expected, _ = rules.apply(expected, rules.parse(expected, text))
    defender = rules.to_act(expected)
    assert defender is not None
    user = actor_for(expected, defender)
    assert not (await service.set_auto_pass(user, True)).refused
    await play(service, path[:-1])
    state = await state_of(service)
    outbox = await service.submit(actor_for(state, rules.to_act(state) or 0), path[-1])
    assert not outbox.refused, outbox.reply
    assert messages.AUTO_PASSED.format(faction=rules.registry.of(expected, defender).name) in outbox.public
    passed, _ = rules.apply(expected, rules.parse(expected, "pass"), seat=defender)
    saved_state = await state_of(service)
    assert saved_state.digest() == passed.digest()  # exactly as if the defender had typed pass
    rows = await service.store.record_rows(CHANNEL)
    assert (rows[-1].notation, rows[-1].seat, rows[-1].user_id) == ("pass", defender, user.user_id)
    record = await service.record(await service.table(CHANNEL))
    assert rules.replay(record).digest() == saved_state.digest()
    exported = await service.export(CHANNEL, full=True)
    assert rules.replay(rules.Record.from_json(exported)).digest() == exported["digest"]


async def jump(service, notations: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Make the saved state the one those moves lead to, quickly (these tests look only at what follows)."""
    table = await service.table(CHANNEL)
    state = table.state
    for text in notations:
        state, _ = rules.apply(state, rules.parse(state, text))
    await service.store.save(Change(CHANNEL, table.game.version, 0, state=state.dumps()))


async def test_without_opting_in_the_prompt_waits_even_if_only_pass_is_possible(tmp_path):
    service = await qa_service(tmp_path)
    await started_game(service)
    path = path_to(await state_of(service), ambush_waits)
    await jump(service, path[:-1])
    await play(service, path[-1:])
    assert ambush_waits(await state_of(service))  # the engine never answers a lone pass by itself


async def test_opting_in_while_the_prompt_waits_passes_it_now_and_states_the_trade_off(tmp_path):
    service = await qa_service(tmp_path)
    await started_game(service)
    await jump(service, path_to(await state_of(service), ambush_waits))
    state = await state_of(service)
    defender = rules.to_act(state) or 0
    outbox = await service.set_auto_pass(actor_for(state, defender), True)
    assert not outbox.refused
    assert "the table learns you held no card" in outbox.reply
    assert "passes automatically" in outbox.public
    assert not ambush_waits(await state_of(service))
    assert (await service.store.record_rows(CHANNEL))[-1].notation == "pass"


async def test_auto_pass_is_set_per_seat_through_the_command_and_dropped_when_the_seat_changes_hands(tmp_path):
    bot = await qa_bot_game(tmp_path, CHANNEL)
    result = await bot.slash(A, CHANNEL, "root autopass", on=True)
    assert not result.refused and not result.public
    assert "the table learns you held no card" in result.text
    shown = await bot.slash(A, CHANNEL, "root autopass")
    assert "Auto-pass is on" in shown.text
    table = await bot.service.table(CHANNEL)
    assert [s.auto_pass for s in table.seats] == [True, False]  # Alice's seat only
    moderator = replace(MOD, channel_id=CHANNEL)
    assert not (await bot.service.mod_replace(moderator, "marquise", 1003, "carol")).refused
    table = await bot.service.table(CHANNEL)
    assert [s.auto_pass for s in table.seats] == [False, False]  # the new player did not opt in


async def test_auto_pass_needs_a_seat(tmp_path):
    service = await qa_service(tmp_path)
    await started_game(service)
    outsider = replace(BOB, user_id=4040, name="eve")
    assert (await service.set_auto_pass(outsider, True)).reply == messages.NOT_SEATED_FULL
