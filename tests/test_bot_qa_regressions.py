"""Bugs found by the adversarial QA pass over the bot, kept as regression tests (each docstring names the bug)."""

from __future__ import annotations

import asyncio
import json
import random

from discord_harness import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MOD,
    FakeClock,
    actor_for,
    db_url,
    offline_bot,
    started_game,
    state_of,
)
from qa_helpers import OPENED, A, B, M, close_stores, qa_bot_game, qa_service  # noqa: F401
from sqlalchemy import update

import rules
from bot import messages
from bot.console import Console, OffsetClock
from bot.console.offline import stable_id
from bot.service.notation import build
from bot.service.reminders import tick
from bot.service.table import Actor
from bot.storage.models import Game
from rules.actions import parse_pattern
from rules.cards import card
from rules.rule import enemies

CH = 4343


async def _service(tmp_path, clock=None):
    return await qa_service(tmp_path, clock)


async def _bot_game(tmp_path, clock=None):
    return await qa_bot_game(tmp_path, CH, clock)


def _where(state: rules.GameState, key: str) -> str:
    """Where a card is, in the words of the !card edit."""
    for s in state.seats:
        for name, pile in (("hand", s.hand), ("crafted", s.crafted)):
            if any(card(c).key == key for c in pile):
                return f"{name}:{s.faction}"
    for name, pile in (("deck", state.deck), ("discard", state.discard)):
        if any(card(c).key == key for c in pile):
            return name
    raise AssertionError(key)


# --- 1. /build wood: and /craft using: ---------------------------------------------------------------------
async def test_build_wood_option_is_sent_to_the_engine_with_its_key(tmp_path):
    """/build kind:sawmill clearing:2 wood:11,11 is refused: bot.service.notation.build writes 'build sawmill 2 11,11'
    (the 'wood:' key of a KEYED_CLEARINGS field is dropped), and autocomplete offers the value '(11, 11)'.
    Expected: the option is accepted exactly like `/play action:build sawmill 2 wood:11,11`."""
    bot = await _bot_game(tmp_path)
    chooser = random.Random(25)
    wood = None
    for _ in range(150):
        state = await state_of(bot.service, CH)
        seat = rules.to_act(state)
        legal = rules.legal_actions(state, seat)
        wood = next((a for a in legal if a.verb == "build" and a.wood), None)
        if wood is not None:
            break
        plain = [a for a in legal if not getattr(a, "wood", ()) and not getattr(a, "using", ())] or legal
        user = A if state.seats[seat].faction == "marquise" else B
        actor = Actor(CH, user.id, user.name, None)
        assert not (await bot.service.submit(actor, chooser.choice(plain).notation())).refused
    assert wood is not None, "no Marquise build with a choice of wood came up"
    offered = await bot.autocomplete(A, CH, "build", "wood", kind=wood.kind, clearing=wood.clearing)
    text = ",".join(str(c) for c in wood.wood)
    assert text in [c["value"] for c in offered], offered
    result = await bot.slash(A, CH, "build", kind=wood.kind, clearing=wood.clearing, wood=text)
    assert not result.refused, result.text


def test_craft_using_option_keeps_its_key():
    """/craft card:royal-claim using:mouse,rabbit becomes 'craft royal-claim mouse,rabbit', which the engine's
    parser cannot place ('does not fit the action'). Expected: 'craft royal-claim using:mouse,rabbit'."""
    text = build("craft", {"card": "royal-claim", "using": "mouse,rabbit"})
    try:
        _, values = parse_pattern(text, {"marquise", "eyrie"}, {})
    except rules.RulesError as err:
        raise AssertionError(f"/craft using: makes '{text}': {err}") from None
    assert values.get("using") == ("mouse", "rabbit"), text


# --- 2. reminders after replacing a stalled player --------------------------------------------------------------
async def test_replacing_a_stalled_player_restarts_the_reminders(tmp_path):
    """After two reminders and the moderators' notice the deadline has due_at=None; /rootmod replace keeps it None
    (bot/service/core.py hand_seat only moves a due_at that is set), so the new player is never reminded.
    Expected (bot.md: 'Handing a seat to another player restarts its reminders'): the new player is reminded."""
    clock = FakeClock()
    service = await _service(tmp_path, clock)
    await started_game(service)
    for _ in range(3):  # reminder 1, reminder 2, then the moderators are told
        clock.advance(24.1)
        assert len(await service.due_reminders()) == 1
    dave = 2001
    assert not (await service.mod_replace(MOD, "marquise", dave, "dave")).refused
    clock.advance(24.1)
    sent = await service.due_reminders()
    assert [o.mentions for o in sent] == [[dave]], "the new player of a stalled seat is never reminded"


# --- 3. moderator undo un-pauses ------------------------------------------------------------------------------
async def test_moderator_undo_keeps_a_paused_game_paused(tmp_path):
    """/rootmod pause, then /rootmod undo: the game silently becomes 'active' again (Play.rewind saves
    status='active' unconditionally) and players can move. Expected: still paused until /rootmod resume."""
    service = await _service(tmp_path)
    await started_game(service)
    assert not (await service.submit(ALICE, "keep 1")).refused
    assert not (await service.mod_pause(MOD)).refused
    assert not (await service.mod_undo(MOD, 1)).refused
    assert (await service.table(CHANNEL)).game.status == "paused"
    assert (await service.submit(ALICE, "keep 2")).reply == messages.PAUSED


# --- 4. an edit during a pause runs the reminder clock -----------------------------------------------------------
async def test_an_edit_while_paused_does_not_start_the_reminder_clock(tmp_path):
    """Pause; a moderator edit (Play.accept arms a fresh deadline with due_at set even though the game is paused);
    48 h pass; resume (paused_left is None, so due_at stays in the past): the player is reminded at once.
    Expected: pause stops the clock, so no reminder is due right after resuming."""
    clock = FakeClock()
    service = await _service(tmp_path, clock)
    await started_game(service)
    assert not (await service.mod_pause(MOD)).refused
    assert not (await service.mod_edit(MOD, "!points marquise 1")).refused
    clock.advance(48)
    assert await service.due_reminders() == []
    assert not (await service.mod_resume(MOD)).refused
    clock.advance(0.1)
    assert await service.due_reminders() == [], "reminded 6 minutes after resuming"


# --- 5. edits with clearing 0 / negative numbers ------------------------------------------------------------------
async def test_edits_refuse_clearing_zero_and_bad_counts(tmp_path):
    """/rootmod place clearing:0 puts the warrior in clearing 12 (rules/edits.py indexes clearings[cid - 1], so
    0 and negatives wrap around); count:-2 places 1 ('x-2' does not match _COUNT, so the count defaults to 1);
    !shift 1>0 moves into clearing 12. Expected: each is refused and the game is unchanged."""
    bot = await _bot_game(tmp_path)
    assert not (await bot.slash(A, CH, "keep", clearing=1)).refused
    before = (await state_of(bot.service, CH)).digest()
    for options in (
        {"clearing": 0, "piece": "marquise:warrior", "count": 1},
        {"clearing": -1, "piece": "marquise:warrior", "count": 1},
        {"clearing": 5, "piece": "marquise:warrior", "count": -2},
    ):
        result = await bot.slash(M, CH, "rootmod place", **options)
        assert result.refused, f"/rootmod place {options} was accepted: {result.text}"
    result = await bot.slash(M, CH, "rootmod shift", **{"from": 1, "to": 0, "piece": "marquise:warrior", "count": 1})
    assert result.refused, result.text
    assert (await state_of(bot.service, CH)).digest() == before


# --- 6. team option in a standard game -----------------------------------------------------------------------------
async def test_a_team_in_a_standard_game_does_not_make_allies(tmp_path):
    """/root join faction:marquise team:red and /root join faction:eyrie team:red in a standard (no teams) game:
    the engine gets options['teams'], so the two factions are allies (they can't battle each other) and the
    goal silently becomes team points (90 by default) while the lobby announced 'First to 30 points wins'.
    Expected: the team option is refused (or ignored) outside team modes."""
    service = await _service(tmp_path)
    assert not (await service.create(ALICE, seats=2)).refused
    joins = [await service.join(ALICE, "marquise", team="red"), await service.join(BOB, "eyrie", team="red")]
    if any(o.refused for o in joins):  # refusing the option is one good fix
        return
    assert not (await service.start(ALICE)).refused
    state = await state_of(service)
    assert enemies(state, 0, 1), "Marquise and Eyrie are allies in a standard game"
    assert not state.options.get("teams")


# --- 7. answer buttons stay valid across an undo -----------------------------------------------------------------
async def test_an_answer_button_from_before_an_undo_is_refused_as_stale(tmp_path):
    """Buttons carry the engine state's version, which an undo rewinds and the next action reuses. Alice opens her
    choices at version 2 (after 'build sawmill 1'), undoes, plays 'build workshop 1' (version 2 again): her old
    'build recruiter 5' button is accepted. Expected (bot.md): a button from an older moment is refused as stale."""
    service = await _service(tmp_path)
    await started_game(service)
    for line in ("keep 1", "build sawmill 1"):
        assert not (await service.submit(ALICE, line)).refused
    shown = await service.choices(ALICE)
    assert "build recruiter 5" in [c.notation for c in shown.choices]
    assert not (await service.undo(ALICE, 1)).refused
    assert not (await service.submit(ALICE, "build workshop 1")).refused
    pressed = await service.submit(ALICE, "build recruiter 5", expected_version=shown.choices_version)
    assert pressed.refused, "a button shown before the undo was applied"


# --- 8. export while a move lands ---------------------------------------------------------------------------------
async def test_an_export_taken_while_a_move_lands_replays_to_its_digest(tmp_path):
    """/rootmod export is not under the channel lock and reads the state and the record in two transactions; a
    move saved in between gives a record whose actions do not replay to the exported digest.
    Expected: every export replays to the digest it carries."""
    service = await _service(tmp_path)
    await started_game(service)
    moved, exported = await asyncio.gather(service.submit(ALICE, "keep 1"), service.mod_export(MOD, full=True))
    assert not moved.refused and not exported.refused
    record = json.loads(next(iter(exported.attachments.values())))
    replayed = rules.replay(rules.Record.from_json(record))
    assert replayed.digest() == record["digest"], f"{record['actions']} at version {record['version']}"


# --- 9. console: several channels ---------------------------------------------------------------------------------
async def test_console_buttons_and_reminders_stay_in_their_own_channel(tmp_path):
    """In the console, a game starts in #a; after ':channel b', '@alice click Choose (Marquise de Cat)' and
    'click keep 2' press #a's buttons (Console.seen is not per channel), change #a's game and print it as '[#b]';
    ':wait 25h' prints #a's reminder as '[#b] Reminder 1'. Expected: #b has no such button, nothing in #a changes,
    and a reminder is shown under its own channel."""
    bot = await offline_bot(db_url(tmp_path), FakeClock())
    OPENED.append(bot.service)
    clock = OffsetClock()
    bot.service.clock = clock
    written: list[str] = []
    shell = Console(bot, clock, "a", None, write=written.append)
    for line in (
        "@alice /root create seats:2",
        "@alice /root join faction:marquise",
        "@bob /root join faction:eyrie",
        "@bob /root start",
        ":channel b",
        "@carol /root create seats:2",
    ):
        await shell.run_line(line)
    game_a = stable_id("channel", "a")
    before = (await state_of(bot.service, game_a)).digest()
    problems = []
    start = len(written)
    await shell.run_line(":wait 25h")
    if any(w.startswith("  [#b] Reminder") for w in written[start:]):
        problems.append(f"#a's reminder shown in #b: {written[start:]}")
    try:
        await shell.run_line("@alice click Choose (Marquise de Cat)")
        await shell.run_line("@alice click keep 2")
    except ValueError:
        pass  # 'alice sees no button' is the right answer in #b
    if (await state_of(bot.service, game_a)).digest() != before:
        problems.append("a click in #b moved the game in #a")
    assert not problems, problems


# --- 10. an ended lobby ---------------------------------------------------------------------------------------------
async def test_an_ended_lobby_says_it_ended(tmp_path):
    """/rootmod end on a lobby, then /root status and /root board answer 'The game has not started yet: 2 more
    player(s) must join first (/root join)', and /root join answers 'The game has already started'.
    Expected: they say the game was ended (a new one can be created)."""
    service = await _service(tmp_path)
    assert not (await service.create(ALICE, seats=2)).refused
    assert not (await service.mod_end(MOD)).refused
    for outbox in (await service.status(ALICE), await service.board(ALICE), await service.join(BOB, "eyrie")):
        text = outbox.reply
        assert "must join first" not in text and "already started" not in text, text


# --- 11. hidden information: who holds an ambush card ---------------------------------------------------------------
async def test_whether_the_defender_holds_an_ambush_card_is_not_public(tmp_path):
    """The ambush decision is only pushed when the defender holds a matching ambush card (rules/battle.py
    _stage_ambush), so the public channel message after '/battle' says 'Next: @bob, Eyrie Dynasties must play an
    ambush card, or pass' exactly when Bob holds one, and resolves the roll at once otherwise: everyone learns part
    of Bob's hand. (Same for foil, and for Field Hospitals, where docs/rulings.md states it.)
    Expected: the public messages do not depend on the defender's hand."""
    service = await _service(tmp_path)
    await started_game(service)
    chooser = random.Random(4)
    battle = None
    for _ in range(300):
        state = await state_of(service)
        seat = rules.to_act(state)
        legal = rules.legal_actions(state, seat)
        if state.seats[seat].faction == "marquise" and not state.pending:
            battle = next((a for a in legal if a.verb == "battle" and a.defender == "eyrie"), None)
            if battle is not None:
                break
        calm = [a for a in legal if a.verb != "battle"] or legal
        assert not (await service.submit(actor_for(state, seat), chooser.choice(calm).notation())).refused
    assert battle is not None
    for c in [c for c in state.seats[1].hand if card(c).type == "ambush"]:
        assert not (await service.mod_edit(MOD, f"!card {card(c).key} hand:eyrie discard")).refused
    without = await service.submit(ALICE, battle.notation())
    assert not (await service.mod_undo(MOD, 1, confirm=True)).refused
    state = await state_of(service)
    assert not (await service.mod_edit(MOD, f"!card ambush-bird {_where(state, 'ambush-bird')} hand:eyrie")).refused
    holding = await service.submit(ALICE, battle.notation())
    next_without = [ln for ln in without.public.splitlines() if ln.startswith(("Next", "Still"))]
    next_holding = [ln for ln in holding.public.splitlines() if ln.startswith(("Next", "Still"))]
    assert next_without == next_holding, f"without an ambush card: {next_without}; holding one: {next_holding}"


# --- 12. edit refusals in Python's words -----------------------------------------------------------------------------
async def test_edit_refusals_say_what_is_wrong(tmp_path):
    """Malformed edits are refused with Python internals: '!place 5 nobody:warrior' -> "could not read the edit …:
    ('nobody', 'warrior')" (a KeyError's repr), '!place 5 marquise' -> '… list index out of range'.
    Expected: a reason a moderator can act on (unknown faction or piece, missing count/clearing)."""
    service = await _service(tmp_path)
    await started_game(service)
    for edit in ("!place 5 nobody:warrior", "!place 5 marquise:dragon", "!place 5 marquise", "!points", "!card"):
        reply = (await service.mod_edit(MOD, edit)).reply
        assert "list index out of range" not in reply and "('" not in reply, reply


# --- 13. /root hand in a lobby ---------------------------------------------------------------------------------------
async def test_hand_in_a_lobby_does_not_tell_a_seated_player_to_join(tmp_path):
    """Alice joins a lobby and asks /root hand: 'You are not seated in this game. Join a free faction with /root
    join.' (Info.hand treats seat=None as unseated). Expected: the game has not started yet."""
    service = await _service(tmp_path)
    assert not (await service.create(ALICE, seats=2)).refused
    assert not (await service.join(ALICE, "marquise")).refused
    reply = (await service.hand(ALICE)).reply
    assert reply != messages.NOT_SEATED, reply


# --- 14. one broken game stops (and loses) every game's reminders -------------------------------------------------
async def test_one_unreadable_game_does_not_lose_other_games_reminders(tmp_path):
    """Reminders.due_reminders marks each deadline sent, then builds the next; if one game's state can't be read
    (here: a state row an engine upgrade no longer reads) the exception escapes the whole tick after the earlier
    games were already marked sent, so their reminders are never posted, on every tick.
    Expected: the healthy game's reminder is posted (the broken one is logged and skipped)."""
    clock = FakeClock()
    service = await _service(tmp_path, clock)
    other = 999
    alice2, bob2 = Actor(other, ALICE.user_id, "alice", GUILD), Actor(other, BOB.user_id, "bob", GUILD)
    assert not (await service.create(alice2, seats=2)).refused
    await service.join(alice2, "marquise")
    await service.join(bob2, "eyrie")
    assert not (await service.start(alice2)).refused
    clock.advance(1)
    await started_game(service)
    await service.store.run(
        lambda s: s.exec(update(Game).where(Game.channel_id == CHANNEL).values(state='{"version": 3}'))
    )
    clock.advance(30)
    posted = []

    async def post(outbox):
        posted.append(outbox.channel_id)

    await tick(service, post)
    assert posted == [other], "the healthy game's reminder was marked sent but never posted"


# --- 15. a reminder sent while a moderator command runs is sent again --------------------------------------------
async def test_a_reminder_sent_during_a_pause_is_not_sent_again(tmp_path):
    """mod_pause (also mod_resume, mod_reminders) reads the deadline, then saves its own copy of it later. If the
    reminder loop's tick (not under the channel lock) marks 'Reminder 1' sent in between, the pause writes back the
    old row (reminders_sent=0, paused_left=0): after /rootmod resume 'Reminder 1' is posted a second time.
    Here the tick is run at exactly that point. Expected: each reminder is sent once (bot.md: 'none is sent twice')."""
    clock = FakeClock()
    service = await _service(tmp_path, clock)
    await started_game(service)
    clock.advance(24.01)
    original = service.store.deadline
    sent = []

    async def read_then_tick(channel_id):
        row = await original(channel_id)
        sent.extend(o.public for o in await service.due_reminders())  # the loop's tick lands between read and save
        return row

    service.store.deadline = read_then_tick
    assert not (await service.mod_pause(MOD)).refused
    service.store.deadline = original
    assert not (await service.mod_resume(MOD)).refused
    clock.advance(0.1)
    sent.extend(o.public for o in await service.due_reminders())
    firsts = [text for text in sent if text.startswith("Reminder 1:")]
    assert len(firsts) == 1, firsts


# --- 16. an edit can leave the seat to act with nothing to do ----------------------------------------------------
async def test_an_edit_cannot_leave_the_seat_to_act_without_any_legal_action(tmp_path):
    """While the Marquise owes a Field Hospitals decision, '/rootmod remove piece:marquise:keep' is accepted; the
    decision then has no legal answer (not even pass: decision_legal yields nothing without a keep), the player can
    do nothing and '/rootmod skip' says 'There is nothing to skip'. Only an undo gets the game going again.
    Expected: such an edit is refused (or the decision can still be passed/skipped)."""
    service = await _service(tmp_path)
    await started_game(service)
    chooser = random.Random(35)
    for _ in range(100):
        state = await state_of(service)
        if state.pending and state.pending[-1].get("what") == "hospital":
            break
        seat = rules.to_act(state)
        action = chooser.choice(rules.legal_actions(state, seat))
        assert not (await service.submit(actor_for(state, seat), action.notation())).refused
    assert state.pending and state.pending[-1].get("what") == "hospital"
    keep = next(i + 1 for i, pieces in enumerate(state.clearings) if pieces.get("marquise:keep"))
    edited = await service.mod_edit(MOD, f"!remove {keep} marquise:keep x1")
    if edited.refused:
        return
    state = await state_of(service)
    assert rules.legal_actions(state, rules.to_act(state)), "the Marquise must act but has no legal action"
    skipped = await service.mod_skip(MOD)
    assert not skipped.refused, skipped.reply


# --- 17. placing the keep by an edit during setup ---------------------------------------------------------------
async def test_an_edit_placing_the_keep_during_setup_is_refused_or_respected(tmp_path):
    """Before the Marquise places her keep, '/rootmod place clearing:5 piece:marquise:keep' is accepted (a keep
    outside any corner); then '/keep clearing:1' is accepted and announces 'places the keep in clearing 1', but
    no keep is there: the keep stays in clearing 5 (the supply is empty), contradicting what everyone was told.
    Expected: the edit is refused during setup, or the setup action does what it says."""
    service = await _service(tmp_path)
    await started_game(service)
    if (await service.mod_edit(MOD, "!place 5 marquise:keep x1")).refused:
        return
    said = await service.submit(ALICE, "keep 1")
    state = await state_of(service)
    if said.refused:
        return
    assert "places the keep in clearing 1" in said.public
    assert state.clearings[0].get("marquise:keep") == 1, "the keep announced in clearing 1 is not there"


# --- 18. changing the interval of a paused game -----------------------------------------------------------------------
async def test_an_interval_set_while_paused_applies_after_resuming(tmp_path):
    """4 h into a 24 h wait a moderator pauses, sets '/rootmod reminders hours:1' and resumes: the next reminder is
    still 20 h away (mod_reminders reschedules only a running due_at; the paused time left is kept as it was), while
    the same change without the pause reminds within the hour. Expected (docstring: 'the current deadline follows
    it'): a reminder within about an hour of resuming."""
    clock = FakeClock()
    service = await _service(tmp_path, clock)
    await started_game(service)
    clock.advance(4)
    assert not (await service.mod_pause(MOD)).refused
    assert not (await service.mod_reminders(MOD, 1)).refused
    assert not (await service.mod_resume(MOD)).refused
    clock.advance(1.1)
    assert len(await service.due_reminders()) == 1, "the 1-hour interval is ignored until the old 24 h run out"
