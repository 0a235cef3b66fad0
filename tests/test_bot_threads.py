"""Private player threads: each seated player's hand, draws and prompts in a thread only they (and the bot) are in."""

from __future__ import annotations

from discord_harness import FakeClock, OfflineUser, open_service, state_of
from qa_helpers import OPENED, A, B, M, close_stores, qa_bot, qa_bot_game, start_game  # noqa: F401

import rules
from bot import messages
from bot.console.offline import BOT_ID, OfflineBot, Sent
from bot.discord import drawing

CH = 4242
THREADS = "POST /channels/{channel_id}/threads"
DMS = "POST /users/@me/channels"


def posts(sent: list[Sent], user: OfflineUser | None = None) -> list[Sent]:
    """Messages posted in private threads (of one player)."""
    return [s for s in sent if s.kind == "thread" and (user is None or s.to_user == user.id)]


def user_of(state: rules.GameState) -> OfflineUser:
    seat = rules.to_act(state)
    assert seat is not None
    return A if state.seats[seat].faction == "marquise" else B


async def play_until(bot: OfflineBot, done, limit: int = 80) -> None:  # type: ignore[no-untyped-def]
    """Play the first legal action that is not a 'use' until the condition holds."""
    for _ in range(limit):
        state = await state_of(bot.service, CH)
        if done(state):
            return
        seat = rules.to_act(state)
        assert seat is not None
        legal = rules.legal_actions(state, seat)
        action = next((a for a in legal if a.verb not in ("use", "end")), legal[0])
        result = await bot.slash(user_of(state), CH, "play", action=action.notation())
        assert not result.refused, result.text
    raise AssertionError("never got there")


async def test_each_seat_gets_a_private_thread_with_its_own_hand_at_the_start(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    state = await state_of(bot.service, CH)
    for user, seat in ((A, 0), (B, 1)):
        [first] = posts(bot.adapter.sent, user)
        thread = bot.discord.threads[first.thread_id or 0]
        assert thread.kind == 12 and thread.parent_id == CH  # a private thread of the game's channel
        assert thread.members == {BOT_ID, user.id}  # only that player and the bot
        assert "this private thread is yours" in first.content
        assert first.files[drawing.HAND_FILE] == drawing.hand_png(rules.view_for(state, seat))
        mine = {rules.cards.card(c).name for c in state.seats[seat].hand}
        theirs = {rules.cards.card(c).name for c in state.seats[1 - seat].hand} - mine
        assert all(name in first.content for name in mine)
        assert not any(name in first.content for name in theirs)
    table = await bot.service.table(CH)
    assert all(s.thread_kind == "thread" and s.thread_user_id == s.user_id for s in table.seats)


async def test_draws_go_to_the_thread_with_the_new_hand_instead_of_a_vanishing_reply(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    start = len(bot.adapter.sent)
    await play_until(bot, lambda s: s.turn.round >= 1 and s.turn.seat == 1)  # the first Marquise turn has ended
    later = bot.adapter.sent[start:]
    drew = [s for s in posts(later, A) if "You drew" in s.content]
    assert drew and drawing.HAND_FILE in drew[-1].files
    assert not [s for s in later if s.kind == "dm" or "Only you see this" in s.content]
    threads = {s.thread_id for s in posts(bot.adapter.sent, A)}
    assert len(threads) == 1  # always the same thread


async def test_a_prompt_comes_to_the_thread_and_its_button_plays_in_the_game_channel(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    [prompt] = [s for s in posts(bot.adapter.sent, A) if s.buttons]
    keep = next(b for b in prompt.buttons if b["label"] == "Keep in 1")
    pressed = await bot.click(A, prompt.thread_id or 0, prompt, keep["custom_id"])
    assert not pressed.refused
    [public] = pressed.public
    assert public.kind == "channel" and public.channel_id == CH and "`keep 1`" in public.content
    assert not [s for s in pressed.sent if s.kind == "thread" and "`keep 1`" in s.content]
    assert (await state_of(bot.service, CH)).clearings[0].get("marquise:keep") == 1
    again = await bot.click(A, prompt.thread_id or 0, prompt, keep["custom_id"])
    assert again.refused  # the game moved on: a stale button is refused


async def test_after_a_restart_the_same_thread_is_used(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    [first] = posts(bot.adapter.sent, A)
    url = bot.service.store.engine.url.render_as_string(hide_password=False)
    restarted = OfflineBot(await open_service(url, FakeClock()), bot.discord)
    OPENED.append(restarted.service)
    result = await restarted.slash(A, CH, "keep", clearing=1)
    [later] = posts(result.sent, A)
    assert later.thread_id == first.thread_id
    assert len(bot.discord.threads) == 2


async def test_without_permission_for_threads_a_dm_is_used_and_kept(tmp_path):
    bot = await qa_bot(tmp_path)
    bot.discord.refuse[THREADS] = 403
    await start_game(bot, CH)
    dms = [s for s in bot.adapter.sent if s.kind == "dm"]
    assert {s.to_user for s in dms} == {A.id, B.id}
    assert any(drawing.HAND_FILE in s.files for s in dms if s.to_user == A.id)
    table = await bot.service.table(CH)
    assert {s.thread_kind for s in table.seats} == {"dm"}
    result = await bot.slash(A, CH, "keep", clearing=1)
    [prompt] = [s for s in result.sent if s.kind == "dm"]
    assert prompt.to_user == A.id and prompt.channel_id == table.seats[0].thread_id


async def test_a_deleted_thread_is_made_again(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    [first] = posts(bot.adapter.sent, A)
    bot.discord.gone.add(first.thread_id or 0)
    result = await bot.slash(A, CH, "keep", clearing=1)
    [later] = posts(result.sent, A)
    assert later.thread_id != first.thread_id
    assert bot.discord.threads[later.thread_id or 0].members == {BOT_ID, A.id}
    assert (await bot.service.table(CH)).seats[0].thread_id == later.thread_id


async def test_a_new_player_gets_a_new_thread_and_the_old_one_leaves_the_old(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    [old] = posts(bot.adapter.sent, A)
    carol = OfflineUser("carol")
    replaced = await bot.slash(M, CH, "rootmod replace", faction="marquise", user=carol)
    assert not replaced.refused
    [welcome] = posts(replaced.sent, carol)
    assert welcome.thread_id != old.thread_id and "this private thread is yours" in welcome.content
    assert bot.discord.threads[welcome.thread_id or 0].members == {BOT_ID, carol.id}
    assert bot.discord.threads[old.thread_id or 0].members == {BOT_ID}  # Alice is out of the old thread
    assert not posts(replaced.sent, A)


async def test_a_player_nothing_reaches_is_told_privately_where_they_acted(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    bot.discord.refuse[THREADS] = 403
    bot.discord.refuse[DMS] = 403
    for thread in list(bot.discord.threads):
        bot.discord.gone.add(thread)
    result = await bot.slash(A, CH, "keep", clearing=1)
    assert not result.refused and result.public
    told = [s for s in result.private if s.kind == "reply"]
    assert told and told[-1].content.startswith(messages.THREAD_NOT_DELIVERED.split("{")[0])


async def test_a_moderators_card_move_between_hands_names_the_card_only_to_those_hands(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    state = await state_of(bot.service, CH)
    key = rules.cards.card(state.seats[0].hand[0]).key
    name = rules.cards.keys()[key].name
    moved = await bot.slash(M, CH, "rootmod card", card=key, **{"from": "hand:marquise", "to": "hand:eyrie"})
    assert not moved.refused, moved.text
    [public] = moved.public
    assert "a card moves from Marquise de Cat's hand to Eyrie Dynasties' hand" in public.content
    assert name not in public.content and key not in public.content
    for user in (A, B):
        assert any(name in s.content and "only the players whose" in s.content for s in posts(moved.sent, user))
    eve = OfflineUser("eve")
    for reader in (eve, A):
        log = (await bot.slash(reader, CH, "root log", lines=5)).text
        assert key not in log
    assert name not in (await bot.slash(eve, CH, "root log", lines=5)).text
    assert name in (await bot.slash(B, CH, "root log", lines=5)).text  # Bob may know: it is in his hand
    record = await bot.service.record(await bot.service.table(CH))
    assert record.actions[-1] == f"!card {key} hand:marquise hand:eyrie"  # the record stays exact
    assert rules.replay(record).digest() == (await state_of(bot.service, CH)).digest()


async def test_a_card_moved_to_a_public_place_is_still_named(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    state = await state_of(bot.service, CH)
    key = rules.cards.card(state.seats[0].hand[0]).key
    moved = await bot.slash(M, CH, "rootmod card", card=key, **{"from": "hand:marquise", "to": "discard"})
    assert key in moved.public[0].content  # the discard pile is public: nothing to hide
