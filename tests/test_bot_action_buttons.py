"""The Moves button (its player privately gets the likeliest moves and ending the step) and /play autocomplete that
shows every verb."""

from __future__ import annotations

import pytest
from discord_harness import FakeClock, console_channel, open_service, path_to, state_of
from qa_helpers import OPENED, A, B, M, close_stores, qa_bot, qa_bot_game  # noqa: F401

import rules
from bot import messages
from bot.console import Console, ConsoleError, OffsetClock
from bot.console.offline import OfflineBot, Sent
from bot.service.present import end_label

CH = 4242


def marquise_daylight(state: rules.GameState) -> bool:
    """The Marquise may take her Daylight actions (many moves, and build, recruit, battle, overwork…)."""
    seat = rules.to_act(state)
    return seat is not None and not state.pending and state.turn.step == "marquise.actions" and seat == 0


async def to(bot: OfflineBot, goal) -> rules.GameState:  # type: ignore[no-untyped-def]
    """Play a seeded random walk to a state where the goal holds; the message of the last move."""
    for text in path_to(await state_of(bot.service, CH), goal):
        state = await state_of(bot.service, CH)
        user = A if state.seats[rules.to_act(state) or 0].faction == "marquise" else B
        assert not (await bot.slash(user, CH, "play", action=text)).refused
    return await state_of(bot.service, CH)


def last_post(bot: OfflineBot) -> Sent:
    return [s for s in bot.adapter.sent if s.public and s.content][-1]


def played(button: dict) -> str:  # type: ignore[type-arg]
    return str(button["custom_id"]).split(":", 4)[-1]


async def open_moves(bot: OfflineBot, user, post: Sent) -> Sent:  # type: ignore[no-untyped-def]
    """Press the public Moves button as a user; the private answer with the likeliest moves."""
    (moves,) = post.buttons
    pressed = await bot.click(user, CH, post, moves["custom_id"])
    assert not pressed.refused, pressed.text
    return next(s for s in pressed.sent if s.buttons)


async def test_a_step_offers_one_public_button_whose_player_privately_gets_the_likeliest_moves(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    state = await to(bot, marquise_daylight)
    post = last_post(bot)
    (moves,) = post.buttons  # one public button, whatever the hand holds: its custom_id has channel and version only
    assert moves["label"] == "Moves (Marquise de Cat)" and moves["custom_id"] == f"rb:c:{CH}:{state.version}"

    stranger = await bot.click(B, CH, post, moves["custom_id"])  # not Bob's turn: told so, privately, nothing shown
    assert stranger.refused and stranger.text.startswith("These moves are not yours: Marquise de Cat must")
    assert not any(s.buttons for s in stranger.sent)
    private = await open_moves(bot, A, post)
    assert private.ephemeral and private.to_user in (None, A.id) and "likeliest moves" in private.content
    legal = {a.notation() for a in rules.legal_actions(state, 0)}
    buttons = private.buttons
    assert buttons and all(played(b) in legal for b in buttons)
    assert played(buttons[-1]) == "end" and buttons[-1]["label"].startswith("End")
    verbs = [played(b).split()[0] for b in buttons[:-1]]
    assert len(verbs) == len(set(verbs)) >= 2  # one likely move of each kind, not five moves
    assert all(b["label"] != played(b) and len(b["label"]) <= 80 for b in buttons if played(b) != "end")
    version = (await bot.service.table(CH)).game.version
    assert all(b["custom_id"].startswith(f"rb:a:{CH}:g{version}:") for b in buttons)

    refused = await bot.click(B, CH, private, buttons[-1]["custom_id"])  # an answer pressed by another: refused
    assert refused.refused and "not your turn" in refused.text
    ended = await bot.click(A, CH, private, buttons[-1]["custom_id"])
    assert not ended.refused and "`end`" in ended.public[0].content
    again = await bot.click(A, CH, private, buttons[0]["custom_id"])  # the game moved on
    assert again.refused and again.text == messages.STALE
    stale = await bot.click(A, CH, post, moves["custom_id"])
    assert stale.refused and stale.text == messages.STALE_BUTTON


async def test_the_moves_button_works_after_a_restart_and_its_answers_are_refused_after_an_undo(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    await to(bot, marquise_daylight)
    post = last_post(bot)
    url = bot.service.store.engine.url.render_as_string(hide_password=False)
    restarted = OfflineBot(await open_service(url, FakeClock()), bot.discord)
    OPENED.append(restarted.service)
    private = await open_moves(restarted, A, post)
    move = next(b for b in private.buttons if played(b) != "end")
    pressed = await restarted.click(A, CH, private, move["custom_id"])
    assert not pressed.refused, pressed.text
    fresh = await open_moves(restarted, A, last_post(restarted))
    assert not (await restarted.slash(M, CH, "rootmod undo", count=1, confirm=True)).refused
    stale = await restarted.click(A, CH, fresh, fresh.buttons[0]["custom_id"])
    assert stale.refused and stale.text == messages.STALE  # from before the undo: refused, nothing played


async def test_play_autocomplete_shows_every_verb_first_and_narrows_as_you_type(tmp_path):
    bot = await qa_bot_game(tmp_path, CH)
    state = await to(bot, marquise_daylight)
    legal = rules.legal_actions(state, 0)
    verbs = list(dict.fromkeys(a.verb for a in legal))
    assert len([a for a in legal if a.verb == "move"]) > 25 or len(legal) > 25  # the cap used to hide verbs
    shown = await bot.autocomplete(A, CH, "play", "action", action="")
    assert len(shown) <= 25
    firsts = [c["value"] for c in shown[: len(verbs)]]
    assert [v.split()[0] for v in firsts] == verbs  # every verb, in the engine's order, before any variant
    assert len(verbs) >= 3 and any(len([a for a in legal if a.verb == v]) > 1 for v in verbs)
    typed = await bot.autocomplete(A, CH, "play", "action", action="bui")
    assert typed and all(c["value"].startswith("build") for c in typed)
    narrowed = await bot.autocomplete(A, CH, "play", "action", action="move")
    assert narrowed and all(c["value"].startswith("move") for c in narrowed)


def test_readable_labels_for_every_kind_of_field():
    from bot.service.present import action_label
    from rules.actions import Battle, Build, Craft, Move, Recruit

    assert action_label(Build("sawmill", 5)) == "Build sawmill in 5"
    assert action_label(Move(1, 5, 2)) == "Move 1 → 5 ×2"
    assert action_label(Craft("anvil")) == "Craft Anvil (fox)"
    assert action_label(Battle(3, "eyrie")) == "Battle in 3 Eyrie Dynasties"
    assert action_label(Recruit((1, 5), "fox")) == "Recruit in 1, 5 with fox"


async def test_in_the_console_click_moves_then_a_private_move_plays_it(tmp_path):
    bot = await qa_bot(tmp_path)
    clock = OffsetClock()
    bot.service.clock = clock
    written: list[str] = []
    shell = Console(bot, clock, "game", None, write=written.append)
    for line in ("@alice /root create seats:2", "@alice /root join faction:marquise", "@bob /root join faction:eyrie"):
        assert not (await shell.run_line(line)).refused  # type: ignore[union-attr]
    for line in ("@bob /root start", "@alice click Choose (Marquise de Cat)", "@alice click keep 1"):
        assert not (await shell.run_line(line)).refused  # type: ignore[union-attr]
    while (await state_of(bot.service, console_channel("game"))).pending:  # the rest of the setup, by /play
        state = await state_of(bot.service, console_channel("game"))
        user = "alice" if state.seats[rules.to_act(state) or 0].faction == "marquise" else "bob"
        await shell.run_line(f"@{user} /play action:{rules.legal_actions(state, rules.to_act(state) or 0)[0]}")
    state = await state_of(bot.service, console_channel("game"))
    assert state.seats[state.turn.seat].faction == "marquise" and not state.pending
    end = end_label(state)  # 'End craft'
    with pytest.raises(ConsoleError):  # the step's moves are no longer public buttons
        await shell.run_line(f"@alice click {end}")
    refused = await shell.run_line("@bob click Moves (Marquise de Cat)")  # public: bob may press it, and is told
    assert refused is not None and refused.refused and "not yours" in refused.text
    opened = await shell.run_line("@alice click Moves (Marquise de Cat)")
    assert opened is not None and not opened.refused and any("[only @alice]" in w for w in written)
    with pytest.raises(ConsoleError):  # alice's moves are hers: bob sees no such button
        await shell.run_line(f"@bob click {end}")
    ended = await shell.run_line(f"@alice click {end}")
    assert ended is not None and not ended.refused and "`end`" in ended.public[0].content
