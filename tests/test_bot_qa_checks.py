"""QA: things that were attacked and held; the bugs that pass found are kept in test_bot_qa_regressions.py."""

from __future__ import annotations

import argparse
import json
import random
import sqlite3

from discord_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    MOD,
    FakeClock,
    OfflineUser,
    actor_for,
    db_url,
    open_service,
    started_game,
    state_of,
)
from qa_helpers import OPENED, A, B, M, close_stores, qa_bot, qa_bot_game  # noqa: F401

import rules
from bot import cli, messages
from bot.cli import seeded
from bot.console import Console, OffsetClock
from bot.console.offline import Sent, stable_id
from bot.service import GameService
from bot.service.present import action_label
from bot.service.table import Actor, faction_name
from bot.settings import Settings
from bot.storage.store import Store
from rules.cards import card

E = OfflineUser("eve")
CH = 5151


async def _bot(tmp_path, clock=None):
    return await qa_bot(tmp_path, clock)


async def _bot_game(tmp_path, clock=None):
    return await qa_bot_game(tmp_path, CH, clock)


def _within_discord_limits(sent: Sent) -> list[str]:
    """What Discord would reject in one message the bot sent."""
    wrong = []
    if len(sent.content) > 2000:
        wrong.append(f"{len(sent.content)} characters")
    if len(sent.components) > 5:
        wrong.append(f"{len(sent.components)} rows of components")
    for row in sent.components:
        if len(row.get("components", [])) > 5:
            wrong.append("more than 5 buttons in a row")
    ids = [b["custom_id"] for b in sent.buttons]
    if len(ids) != len(set(ids)):
        wrong.append("two buttons with one custom_id")
    for button in sent.buttons:
        if len(button["custom_id"]) > 100 or not 1 <= len(button.get("label", "")) <= 80:
            wrong.append(f"button {button}")
    if len(sent.choices) > 25 or any(len(c["name"]) > 100 for c in sent.choices):
        wrong.append("autocomplete choices")
    return wrong


# --- a whole game through the console ----------------------------------------------------------------------------
PLAYERS = {"marquise": "alice", "eyrie": "bob"}


def _line(user: str, action: rules.Action, n: int) -> str:
    from tools.scriptgen import command_line

    if n % 3 == 2 or getattr(action, "wood", ()) or getattr(action, "using", ()):
        return f"@{user} /play action:{action.notation()}"
    return command_line(user, action)


async def test_a_full_30_point_game_through_the_console_finishes_and_replays(tmp_path):
    """A random 30-point game with no round limit, decisions answered with the buttons where possible: it ends,
    nothing is refused, every message fits Discord, private notes stay private, and export + replay agree."""
    store = await Store.open(db_url(tmp_path, "full.db"))
    clock = OffsetClock()
    service = GameService(store, Settings(), clock=clock, seed_for=lambda cid: seeded(cid, None))
    OPENED.append(service)
    written: list[str] = []
    from bot.console.offline import OfflineBot

    bot = OfflineBot(service)
    shell = Console(bot, clock, "game", None, write=written.append)
    channel = stable_id("channel", "game")
    for line in (
        "@alice /root create seats:2 factions:marquise,eyrie",
        "@alice /root join faction:marquise",
        "@bob /root join faction:eyrie",
        "@bob /root start",
    ):
        assert not (await shell.run_line(line)).refused
    chooser = random.Random(3)
    for n in range(800):
        state = (await service.table(channel)).state
        seat = rules.to_act(state)
        if seat is None:
            break
        user = PLAYERS[state.seats[seat].faction]
        legal = rules.legal_actions(state, seat)
        action = chooser.choice(legal)
        if n % 25 == 0:  # autocomplete on the way: never more than Discord's 25
            await shell.run_line(f"@{user} /play action:?")
            await shell.run_line(f"@{user} /root log lines:50")
            await shell.run_line(f"@{user} /root hand")
        if state.pending and len(legal) <= 20 and n % 2 == 0:
            chosen = await shell.run_line(f"@{user} click Choose ({faction_name(state.seats[seat].faction)})")
            assert chosen is not None and not chosen.refused, chosen and chosen.text
            played = [b["custom_id"].split(":", 4)[-1] for s in chosen.sent for b in s.buttons]
            assert sorted(played) == sorted(a.notation() for a in legal)
            labels = [b["label"] for s in chosen.sent for b in s.buttons]
            assert sorted(labels) == sorted(action_label(a) for a in legal)  # in words, not notation
            line = f"@{user} click {action.notation()}"
        else:
            line = _line(user, action, n)
        result = await shell.run_line(line)
        assert result is not None and not result.refused, f"{line}: {result and result.text}"
    state = (await service.table(channel)).state
    assert state.over and max(s.points for s in state.seats) >= 30 or state.seats[state.winners[0]].dominance
    assert shell.totals.refused == 0 and not shell.totals.errors

    ids = {"alice": stable_id("user", "alice"), "bob": stable_id("user", "bob")}
    public = "\n".join(s.content for s in bot.adapter.sent if s.public)
    for sent in bot.adapter.sent:
        assert not _within_discord_limits(sent), (_within_discord_limits(sent), sent.content[:200])
        if sent.content.startswith("Only you see this") or sent.kind == "dm":
            assert sent.ephemeral and sent.to_user in ids.values()
            body = sent.content.removeprefix("Only you see this: ")
            assert body not in public
    assert "You drew" not in public and "'s hand:" not in public

    out = tmp_path / "full.json"
    await store.close()
    OPENED.remove(service)
    arguments = argparse.Namespace(db=str(tmp_path / "full.db"), channel="game", out=str(out), full=False)
    exported = await cli.export(arguments)
    assert exported == 0
    assert cli.replay(out) == 0
    record = json.loads(out.read_text())
    assert record["status"] == "over" and len(record["actions"]) == state.version


# --- refusals change nothing --------------------------------------------------------------------------------------
def _snapshot(path) -> dict:
    con = sqlite3.connect(path)
    try:
        tables = [t for (t,) in con.execute("select name from sqlite_master where type='table'")]
        return {t: con.execute(f"select * from {t}").fetchall() for t in tables if t != "alembic_version"}
    finally:
        con.close()


REFUSED_IN_A_LOBBY = [
    (A, "root join", {"faction": "eyrie"}),
    (B, "root join", {"faction": "marquise"}),
    (B, "root join", {"faction": "dragons"}),
    (A, "root start", {}),
    (E, "root start", {}),
    (E, "root leave", {}),
    (A, "root undo", {}),
    (A, "play", {"action": "keep 1"}),
    (A, "keep", {"clearing": 1}),
    (A, "root create", {"seats": 2}),
    (M, "rootmod pause", {}),
    (M, "rootmod skip", {}),
    (M, "rootmod undo", {}),
    (M, "rootmod export", {}),
    (M, "rootmod edit", {"text": "!points eyrie 1"}),
    (M, "rootmod unseat", {"faction": "eyrie"}),
    (M, "rootmod replace", {"faction": "eyrie", "user": "dave"}),
]
REFUSED_IN_PLAY = [
    (B, "play", {"action": "leader builder"}),
    (E, "keep", {"clearing": 1}),
    (A, "keep", {"clearing": 13}),
    (A, "keep", {"clearing": 0}),
    (A, "keep", {"clearing": 99999999999}),
    (A, "play", {"action": "   "}),
    (A, "play", {"action": "!points marquise 10"}),
    (A, "play", {"action": "keep 1 keep 2"}),
    (A, "play", {"action": "keep"}),
    (A, "play", {"action": "move 1>"}),
    (A, "craft", {"card": "anvil"}),
    (A, "craft", {"card": "nonsense"}),
    (A, "move", {"from": 1, "to": 5, "count": -3}),
    (A, "recruit", {"clearings": "a,b"}),
    (A, "battle", {"clearing": 1, "defender": "dragons"}),
    (A, "root join", {"faction": "eyrie"}),
    (A, "root leave", {}),
    (A, "root start", {}),
    (A, "root create", {"seats": 2}),
    (A, "root undo", {"count": 5}),
    (B, "root undo", {}),
    (E, "root hand", {}),
    (M, "rootmod resume", {}),
    (M, "rootmod undo", {"count": 50}),
    (M, "rootmod replace", {"faction": "eyrie", "user": "alice"}),
    (M, "rootmod replace", {"faction": "dragons", "user": "dave"}),
    (M, "rootmod edit", {"text": "!"}),
    (M, "rootmod edit", {"text": "!frobnicate"}),
    (M, "rootmod points", {"faction": "eyrie", "points": -1}),
    (M, "rootmod points", {"faction": "eyrie", "points": 30}),
    (M, "rootmod card", {"card": "anvil", "from": "hand:nobody", "to": "discard"}),
    (M, "rootmod shift", {"from": 1, "to": 1, "piece": "marquise:warrior", "count": 1}),
    (A, "rootmod skip", {}),
    (A, "rootmod export", {}),
    (A, "rootmod settings", {"hours": 1.0}),
]
REFUSED_WHEN_PAUSED = [
    (A, "keep", {"clearing": 1}),
    (A, "root undo", {}),
    (M, "rootmod pause", {}),
    (M, "rootmod skip", {}),
]
REFUSED_WHEN_ENDED = [
    (A, "keep", {"clearing": 1}),
    (A, "root undo", {}),
    (M, "rootmod pause", {}),
    (M, "rootmod resume", {}),
    (M, "rootmod skip", {}),
]


async def test_refusals_leave_every_table_byte_identical(tmp_path):
    bot = await _bot(tmp_path)
    path = tmp_path / "games.db"

    async def all_refused(cases):
        for user, command, options in cases:
            before = _snapshot(path)
            result = await bot.slash(user, CH, command, **options)
            assert result.refused, (command, options, result.text)
            assert not result.public, (command, options, result.text)
            assert _snapshot(path) == before, (command, options)

    await all_refused([(A, "root join", {"faction": "marquise"}), (A, "root status", {}), (M, "rootmod skip", {})])
    await bot.slash(A, CH, "root create", seats=2)
    await bot.slash(A, CH, "root join", faction="marquise")
    await all_refused(REFUSED_IN_A_LOBBY)
    await bot.slash(B, CH, "root join", faction="eyrie")
    await bot.slash(B, CH, "root start")
    await all_refused(REFUSED_IN_PLAY)
    # stale buttons: the public Choose button and a private answer of version 0, pressed after the game moved on
    start_message = next(s for s in bot.adapter.sent if s.public and s.buttons)
    choose_id = start_message.buttons[0]["custom_id"]
    answers = next(s for s in (await bot.click(A, CH, start_message, choose_id)).sent if s.buttons)
    assert not (await bot.slash(A, CH, "keep", clearing=1)).refused
    await all_refused([])
    before = _snapshot(path)
    stale = await bot.click(A, CH, start_message, choose_id)
    assert stale.refused and messages.STALE_BUTTON in stale.text
    keep_2 = next(b["custom_id"] for b in answers.buttons if b["label"] == "Keep in 2")
    stale = await bot.click(A, CH, answers, keep_2)
    assert stale.refused and not stale.public
    assert _snapshot(path) == before
    assert not (await bot.slash(M, CH, "rootmod pause")).refused
    await all_refused(REFUSED_WHEN_PAUSED)
    assert not (await bot.slash(M, CH, "rootmod resume")).refused
    assert not (await bot.slash(M, CH, "rootmod end")).refused
    await all_refused(REFUSED_WHEN_ENDED)


# --- private texts -----------------------------------------------------------------------------------------------
def _where(state: rules.GameState, key: str) -> str:
    for s in state.seats:
        for name, pile in (("hand", s.hand), ("crafted", s.crafted)):
            if any(card(c).key == key for c in pile):
                return f"{name}:{s.faction}"
    for name, pile in (("deck", state.deck), ("discard", state.discard)):
        if any(card(c).key == key for c in pile):
            return name
    raise AssertionError(key)


async def test_stand_and_deliver_and_codebreakers_tell_only_the_right_players(tmp_path):
    bot = await _bot_game(tmp_path)
    for key in ("stand-and-deliver", "codebreakers"):
        state = await state_of(bot.service, CH)
        edit = await bot.slash(M, CH, "rootmod card", card=key, **{"from": _where(state, key), "to": "crafted:eyrie"})
        assert not edit.refused, edit.text
    chooser = random.Random(1)
    seen = set()
    for _ in range(120):
        state = await state_of(bot.service, CH)
        seat = rules.to_act(state)
        legal = rules.legal_actions(state, seat)
        uses = [a for a in legal if a.verb == "use" and a.card in ("stand-and-deliver", "codebreakers")]
        action = uses[0] if uses else chooser.choice([a for a in legal if a.verb != "use"] or legal)
        user = A if state.seats[seat].faction == "marquise" else B
        hand_before = sorted(card(c).key for c in state.seats[0].hand)
        result = await bot.slash(user, CH, "play", action=action.notation())
        assert not result.refused, result.text
        if not uses:
            continue
        seen.add(action.card)
        public = "\n".join(s.content for s in result.public)
        private = [s for s in result.sent if s.kind == "thread"]  # each player's own private thread
        if action.card == "codebreakers":
            [note] = [s for s in private if "Marquise de Cat's hand" in s.content]
            assert note.to_user == B.id
            for key in hand_before:
                assert rules.cards.keys()[key].name not in public
        else:
            took = next(s for s in private if "You took" in s.content)
            told = next(s for s in private if "took your" in s.content)
            assert took.to_user == B.id
            assert told.to_user == A.id
            name = took.content.split("You took ")[1].split(" (")[0]
            assert name not in public
        log_a = (await bot.slash(A, CH, "root log", lines=3)).text
        log_e = (await bot.slash(E, CH, "root log", lines=3)).text
        assert "only you see" not in log_e
        if action.card == "codebreakers":
            assert "Marquise de Cat's hand:" not in log_a
        if seen == {"stand-and-deliver", "codebreakers"}:
            break
    assert seen == {"stand-and-deliver", "codebreakers"}


# --- seats changing hands -------------------------------------------------------------------------------------------
async def test_a_replaced_player_can_no_longer_act_and_the_new_one_is_reminded(tmp_path):
    clock = FakeClock()
    bot = await _bot_game(tmp_path, clock)
    start_prompt = next(s for s in bot.adapter.sent if s.public and s.buttons)  # the game start's Choose button
    chosen = await bot.click(A, CH, start_prompt, f"rb:c:{CH}:0")
    answers = next(s for s in chosen.sent if s.buttons)
    dave = OfflineUser("dave")
    assert not (await bot.slash(M, CH, "rootmod replace", faction="marquise", user="dave")).refused
    pressed = await bot.click(A, CH, answers, answers.buttons[0]["custom_id"])
    assert pressed.refused and messages.NOT_SEATED_FULL in pressed.text
    assert (await bot.slash(A, CH, "keep", clearing=1)).refused
    assert (await bot.slash(A, CH, "root hand")).refused
    clock.advance(24.1)
    [reminder] = await bot.service.due_reminders()
    assert reminder.mentions == [dave.id]
    mine = await bot.click(dave, CH, start_prompt, f"rb:c:{CH}:0")
    assert not mine.refused
    again = next(s for s in mine.sent if s.buttons)
    assert not (await bot.click(dave, CH, again, again.buttons[0]["custom_id"])).refused


async def test_unseating_the_player_who_owes_a_decision_and_someone_taking_the_seat(tmp_path):
    bot = await _bot_game(tmp_path)
    for line in ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9"):
        assert not (await bot.slash(A, CH, "play", action=line)).refused
    state = await state_of(bot.service, CH)
    assert rules.to_act(state) == 1  # the Eyrie choose a leader
    unseated = await bot.slash(M, CH, "rootmod unseat", faction="eyrie")
    assert not unseated.refused
    assert (await bot.slash(B, CH, "leader", name="builder")).refused
    status = (await bot.slash(A, CH, "root status")).text
    assert "nobody" in status
    carol = OfflineUser("carol")
    assert not (await bot.slash(carol, CH, "root join", faction="eyrie")).refused
    assert not (await bot.slash(carol, CH, "leader", name="builder")).refused


# --- moderator skip on every kind of decision ------------------------------------------------------------------------
async def test_skip_answers_every_kind_of_decision_it_meets(tmp_path):
    service = await open_service(db_url(tmp_path), FakeClock())
    OPENED.append(service)
    await started_game(service)
    chooser = random.Random(35)
    skipped = set()
    for _ in range(400):
        state = await state_of(service)
        seat = rules.to_act(state)
        if seat is None:
            break
        if state.pending:
            kind = f"{state.pending[-1]['kind']}:{state.pending[-1].get('what', '')}"
            if kind not in skipped:
                skipped.add(kind)
                outbox = await service.mod_skip(MOD)
                assert not outbox.refused, (kind, outbox.reply)
                assert messages.MOD_SKIPPED.split("**")[0] in outbox.public
                continue
        action = chooser.choice(rules.legal_actions(state, seat))
        assert not (await service.submit(actor_for(state, seat), action.notation())).refused
    assert {"setup:", "faction:leader", "faction:hospital", "discard:"} <= skipped, skipped


# --- several games in one database --------------------------------------------------------------------------------
async def test_two_games_in_one_database_do_not_touch_each_other(tmp_path):
    clock = FakeClock()
    service = await open_service(db_url(tmp_path), clock)
    OPENED.append(service)
    other = 777
    a2, b2, m2 = (Actor(other, x.user_id, x.name, GUILD, x.moderator) for x in (ALICE, BOB, MOD))
    await started_game(service)
    assert not (await service.create(b2, seats=2)).refused
    assert not (await service.join(b2, "marquise")).refused  # Bob is Marquise there, Eyrie here
    assert not (await service.join(Actor(other, CAROL.user_id, "carol", GUILD), "eyrie")).refused
    assert not (await service.start(b2)).refused
    here = (await state_of(service)).digest()
    for outbox in (
        await service.submit(b2, "keep 3"),
        await service.mod_pause(m2),
        await service.mod_resume(m2),
        await service.mod_edit(m2, "!points marquise 2"),
        await service.mod_undo(m2, 1),
        await service.mod_reminders(m2, 2),
    ):
        assert not outbox.refused, outbox.reply
    assert (await state_of(service)).digest() == here
    assert (await service.table(CHANNEL)).game.reminder_hours == 24
    assert (await service.submit(ALICE, "keep 3")).refused is False  # the same corner is free here
    assert (await service.submit(a2, "build sawmill 3")).refused  # Alice has no seat in the other game
    clock.advance(2.1)
    sent = await service.due_reminders()
    assert [o.channel_id for o in sent] == [other]
    clock.advance(24)
    assert {o.channel_id for o in await service.due_reminders()} >= {CHANNEL}
