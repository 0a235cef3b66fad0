"""Playing: submitting an action in notation, answering decisions, and undo by the engine's policy."""

from __future__ import annotations

import json
from typing import Any

import rules
from bot import messages
from bot.service.core import ServiceCore, answers, one_at_a_time, owe_board
from bot.service.describe import describe, looked_at
from bot.service.notation import card_label, unwrapped
from bot.service.outbox import Choice, Outbox
from bot.service.present import events_text, likely_actions, marks_of, private_texts
from bot.service.table import Actor, Refusal, Table, seat_faction
from bot.service.threads import prompt_lines
from bot.storage import records
from bot.storage.models import LogRow
from bot.storage.store import Change
from rules.actions import public_text
from rules.cards import keys
from rules.edits import is_edit, public_form
from rules.engine import check_turn
from rules.revisions import revision

MAX_AUTO_PASSES = 8  # a chain of prompts passed for seats that opted in (an ambush, then Field Hospitals…)
PASS = "pass"


def playable(table: Table) -> rules.GameState:
    """The state of a game that accepts moves now, or a refusal saying why not."""
    status = table.game.status
    if status == "lobby":
        raise Refusal(messages.NOT_STARTED.format(missing=table.missing_text()))
    if status == "paused":
        raise Refusal(messages.PAUSED)
    if status != "active":
        raise Refusal(table.finished_text() or messages.NOT_ACTIVE.format(status=status))
    return table.state


def started(table: Table) -> rules.GameState:
    """The state of a game that has started and was not ended by a moderator (it may be paused or over)."""
    if table.game.status == "lobby":
        raise Refusal(messages.NOT_STARTED.format(missing=table.missing_text()))
    if table.game.status == "ended":
        raise Refusal(messages.GAME_ENDED)
    return table.state


def rewound_status(table: Table, new: rules.GameState) -> str:
    """A game's status after an undo: a paused game stays paused; an over game goes on unless still won."""
    if new.over:
        return "over"
    return "paused" if table.game.status == "paused" else "active"


def seat_for(table: Table, actor: Actor) -> int:
    """The seat number of the actor, or a refusal when they are not seated."""
    row = table.seat_of(actor.user_id)
    if row is None or row.seat is None:
        raise Refusal(table.unseated_text())
    return row.seat


def log_row(
    kind: str, seat: int | None, user_id: int | None, notation: str, state: rules.GameState, events: list[rules.Event]
) -> LogRow:
    """The log line of an accepted action or edit (kept private texts are per seat).

    Built without validation (its values are typed here), a tenth of a table model's usual construction: the line is
    only written with its values (bot.storage.store), never added to a session.
    """
    return LogRow.model_construct(
        kind=kind,
        seat=seat,
        user_id=user_id,
        notation=notation,
        public=events_text(events),
        private=json.dumps({str(k): v for k, v in private_texts(events).items()}),
        irreversible=bool(state.irreversible),
        version=state.version,
    )


class Play(ServiceCore):
    """Actions, decisions and undo."""

    @one_at_a_time
    async def submit(
        self, actor: Actor, text: str, expected_version: int | None = None, confirmed: bool = False
    ) -> Outbox:
        """Apply one action, given in notation, for the actor's seat; save it; say what happened.

        An action that would also pay from the hand without the player naming it (a bridge fee, their only card of
        the suit) is first put to them privately with a Confirm button, unless `confirmed`; nothing changes until then.
        """
        table = await self.table(actor.channel_id)
        playable(table)
        seat = seat_for(table, actor)
        if expected_version is not None and expected_version != table.game.version:
            raise Refusal(messages.STALE)  # an answer button from an earlier moment of the game
        return await self.play_at(table, actor, seat, unwrapped(text), confirmed)

    async def play_at(self, table: Table, actor: Actor, seat: int, text: str, confirmed: bool = False) -> Outbox:
        """Apply one action in notation for a seat of a game in play, save it and say what happened (the one path
        of every move: a person's command, a button, an automated player's choice)."""
        state = playable(table)
        check_turn(state, seat)
        action = rules.parse(state, text, seat)  # one of the seat's legal actions (parse reads only those)
        new, events = rules.apply_unchecked(state, seat, action)  # so not checked against them a second time
        unasked = [(owed, answer) for who, owed, answer in new.spent_unasked if who == seat]
        if unasked and not confirmed:
            return confirm_first(table, action, unasked)
        return await self.accept(table, actor, state, new, events, seat, action.notation())

    async def accept(
        self,
        table: Table,
        actor: Actor,
        old: rules.GameState,
        new: rules.GameState,
        events: list[rules.Event],
        seat: int | None,
        notation: str,
        kind: str = "action",
        header: str | None = None,
    ) -> Outbox:
        """Save an applied action or edit with its log line and a fresh deadline, and describe it.

        Seats that opted in then pass, each as its own recorded action, the prompts they can only answer with pass.
        """
        now = self.now()
        if header is None:
            shown = public_text(notation)  # a card put face down (the Supporters) is not named
            who = messages.shown_name(actor.name)
            header = messages.ACTED.format(faction=seat_faction(new, seat), user=who, notation=shown)
        texts = [header, events_text(events)]
        log = [log_row(kind, seat, actor.user_id or None, notation, new, events)]  # 0: an automated player
        for passer, after, passed in auto_passes(table, new):
            texts.append(messages.AUTO_PASSED.format(faction=seat_faction(after, passer)))
            texts.append(events_text(passed))
            row = log_row("action", passer, table.seated_user(passer), PASS, after, passed)
            log.append(row)
            new, events = after, events + passed
        deadline = self.arm(table, new, now)
        outbox = Outbox(public="\n".join(t for t in texts if t))
        outbox.deadline = deadline.due_at if deadline else None
        describe(outbox, table, old, new, events, marks_of(events))
        change = Change(
            channel_id=table.game.channel_id,
            expected=table.game.version,
            now=now,
            state=new.dumps(),
            status="over" if new.over else None,
            log=log,
            deadline=deadline,
            clear_deadline=deadline is None,
        )
        await self.store.save(owe_board(change, outbox))  # last: whatever fails before it leaves the game unchanged
        return outbox

    @one_at_a_time
    async def choices(self, actor: Actor, version: int | None = None) -> Outbox:
        """The answers the actor may give to the decision waiting for them, or their step's likeliest moves (for
        private buttons)."""
        table = await self.table(actor.channel_id)
        state = playable(table)
        seat = seat_for(table, actor)
        if version is not None and version != state.version:  # the button only opens the answers of the moment
            raise Refusal(messages.STALE_BUTTON)
        acting = rules.to_act(state)
        if acting != seat:
            refusal = messages.NOT_YOUR_DECISION if state.pending else messages.NOT_YOUR_MOVES
            raise Refusal(refusal.format(who=seat_faction(state, acting), what=rules.waiting_for(state)))
        outbox = Outbox(channel_id=actor.channel_id)
        shown = looked_at(outbox, table.game.channel_id, messages.PART_CHOICES, lambda: _choices(state, seat))
        text, answers = shown or (messages.CHOICES_NOT_SHOWN, [])
        outbox.reply = text
        if not answers:  # as text: too many for buttons (or none could be shown)
            outbox.channel_id = None
            return outbox
        outbox.choices = answers
        outbox.choices_version = table.game.version  # never repeats, unlike the state's version after an undo
        return outbox

    @one_at_a_time
    async def set_auto_pass(self, actor: Actor, on: bool | None = None) -> Outbox:
        """Opt in (or out) of passing automatically the prompts one can only answer with pass; say the trade-off."""
        table = await self.table(actor.channel_id)
        row = table.seat_of(actor.user_id)
        if row is None:
            raise Refusal(table.unseated_text())
        if on is None:
            return Outbox.private_reply(messages.AUTO_PASS_ON if row.auto_pass else messages.AUTO_PASS_OFF)
        await self.store.set_seat_preference(actor.channel_id, row.faction, auto_pass=on)
        row.auto_pass = on
        reply = messages.AUTO_PASS_ON if on else messages.AUTO_PASS_OFF
        if not on or table.game.status != "active" or row.seat is None or not lone_pass(table.state, row.seat):
            return Outbox.private_reply(reply)
        state = table.state  # a prompt waits for them that they can only pass: pass it now
        new, events = rules.apply(state, rules.parse(state, PASS, row.seat), seat=row.seat)
        header = messages.AUTO_PASSED.format(faction=seat_faction(state, row.seat))
        outbox = await self.accept(table, actor, state, new, events, row.seat, PASS, header=header)
        outbox.reply = "\n".join(t for t in (reply, outbox.reply) if t)
        return outbox

    @one_at_a_time
    async def undo(self, actor: Actor, count: int = 1) -> Outbox:
        """Take back the actor's own last actions, when the engine's undo policy allows it."""
        table = await self.table(actor.channel_id)
        state = playable(table)
        seat = seat_for(table, actor)
        reason = rules.undo_refusal(state, seat, count)
        if reason:
            raise Refusal(messages.REFUSED.format(reason=reason))
        record = await self.record(table)
        shorter = record.without_last(count)
        new = records.replayed(shorter)
        text = messages.UNDONE.format(user=messages.shown_name(actor.name), actions=messages.plural(count, "action"))
        return await self.rewind(table, actor, state, new, count, text, shorter.rules_until)

    async def record(self, table: Table) -> rules.Record:
        """The game's record: options, seed and every action that still stands."""
        return record_of(table, await self.store.record_rows(table.game.channel_id))

    async def export(self, channel_id: int, full: bool = False) -> dict[str, Any]:
        """A game's record as JSON (state and record read at once).

        A finished game's record (or, when `full`, any game's) carries the seed and the digest of the saved state
        it must replay to; a game still going on is exported without what reveals hidden information.
        """
        async with self.lock(channel_id):
            snapshot = await self.store.snapshot(channel_id)
        if snapshot is None:
            raise Refusal(messages.NO_GAME)
        table = Table(snapshot.loaded.game, snapshot.loaded.seats)
        state = table.state
        record = record_of(table, snapshot.record)
        about: dict[str, Any] = {"version": state.version, "status": table.game.status}
        if record.rules is not None and record.rules < rules.RULES_REVISION:
            about["rules_note"] = revision(record.rules).note
        if full or table.finished_text() is not None:
            return {**record.to_json(), **about, "digest": rules.digest_as(state, record.rules)}
        return redacted(record, about)

    @answers
    async def export_for(self, actor: Actor) -> Outbox:
        """Anyone's export: without the seed and what else is hidden until the game ends, the full record after."""
        record = await self.export(actor.channel_id)
        return export_outbox(actor, record)

    async def rewind(
        self,
        table: Table,
        actor: Actor,
        old: rules.GameState,
        new: rules.GameState,
        count: int,
        text: str,
        rules_until: int | None = None,
    ) -> Outbox:
        """Save a state rebuilt without the last `count` record lines, and say so (a paused game stays paused);
        `rules_until`: the lines of an older rules revision that still stand."""
        now = self.now()
        deadline = self.arm(table, new, now)
        outbox = Outbox(public=text)
        describe(outbox, table, old, new, [], [])
        note = LogRow(kind="note", user_id=actor.user_id, public=text, version=new.version)
        change = Change(
            channel_id=table.game.channel_id,
            expected=table.game.version,
            now=now,
            state=new.dumps(),
            status=rewound_status(table, new),
            undo_last=count,
            rules_until=rules_until,
            log=[note],
            deadline=deadline,
            clear_deadline=deadline is None,
        )
        await self.store.save(owe_board(change, outbox))
        return outbox


def _choices(state: rules.GameState, seat: int) -> tuple[str, list[Choice]]:
    """The words and buttons of a seat's choices: the answers to its decision, or its step's likeliest moves."""
    if state.pending:
        return prompt_lines(state, seat)
    return messages.YOUR_MOVES.format(what=rules.waiting_for(state)), likely_actions(state, seat)


def lone_pass(state: rules.GameState, seat: int) -> bool:
    """Whether the prompt waiting for a seat can only be answered with pass (it holds no card that could answer)."""
    if not state.pending or rules.to_act(state) != seat:
        return False
    legal = rules.legal_actions(state, seat)
    return len(legal) == 1 and legal[0].notation() == PASS


def auto_passes(table: Table, state: rules.GameState) -> list[tuple[int, rules.GameState, list[rules.Event]]]:
    """The passes the service makes for seats that opted in: (seat, state after, what happened) in order."""
    out: list[tuple[int, rules.GameState, list[rules.Event]]] = []
    for _ in range(MAX_AUTO_PASSES):
        seat = rules.to_act(state)
        row = table.at(seat)
        if seat is None or row is None or not row.auto_pass or row.user_id is None or not lone_pass(state, seat):
            break
        state, events = rules.apply(state, rules.parse(state, PASS, seat), seat=seat, expected_version=state.version)
        out.append((seat, state, events))
    return out


def record_of(table: Table, rows: list[LogRow]) -> rules.Record:
    """A game's record from its stored options, seed and rules revision and the record lines that still stand."""
    return records.record_of(table.game, rows)


REDACTED_NOTE = (
    "no seed, no digest, and the card of any moderator edit that put a card into a hand, the deck or a face-down pile "
    "or took one out of a face-down pile"
)


def redacted(record: rules.Record, about: dict[str, Any]) -> dict[str, Any]:
    """A game's record without what reveals hidden information: the seed (which fixes hands and deck order)."""
    actions = [_redacted_line(line) for line in record.actions]
    return {"options": record.options, "actions": actions, **about, "redacted": True, "hidden": REDACTED_NOTE}


def _redacted_line(line: str) -> str:
    """A secret moderator card edit (`rules.edits.secret_card`) keeps its places but not the card; an action keeps
    no card put face down (the Supporters)."""
    return public_form(line) if is_edit(line) else public_text(line)


def export_outbox(actor: Actor, record: dict[str, Any]) -> Outbox:
    """An export as a private JSON attachment."""
    name = f"root-{actor.channel_id}.json"
    data = json.dumps(record, indent=1).encode()
    template = messages.EXPORTED_REDACTED if record.get("redacted") else messages.EXPORTED
    text = template.format(actions=messages.plural(len(record["actions"]), "action"))
    return Outbox(reply=text, attachments={name: data})


def confirm_first(table: Table, action: rules.Action, unasked: list[tuple[str, str]]) -> Outbox:
    """A private question before an action pays from the hand unasked: what it would pay, and a Confirm button."""
    items = [messages.WOULD_PAY_ITEM.format(owed=owed, answer=public_answer(answer)) for owed, answer in unasked]
    paid = "; ".join(items)
    text = messages.CONFIRM_PAYMENT.format(notation=action.notation(), paid=paid)
    outbox = Outbox(reply=text, channel_id=table.game.channel_id)
    outbox.choices = [Choice(messages.CONFIRM_BUTTON.format(notation=action.notation()), action.notation())]
    outbox.choices_version = table.game.version
    outbox.choices_confirm = True
    return outbox


def public_answer(notation: str) -> str:
    """An answer's notation with its card in words ('pay ambush-bird' -> 'Ambush! (bird)')."""
    _, _, rest = notation.partition(" ")
    return card_label(rest) if rest in keys() else notation
