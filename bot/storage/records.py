"""Games' records with the rules revision they were written under (rules.revisions).

A game saved before records carried their revision (database revision 0006) is identified once, when a database
is opened for play (`rootbot run`, `console`, `migrate`): its record is replayed under each revision until one gives
back the state it was saved with. A game of an older revision keeps it for the lines written so far (the lines after
are today's) and gets a log note saying so; a finished game is identified each time it is exported.
"""

from __future__ import annotations

import json
from dataclasses import replace

import rules
from bot import messages
from bot.service.table import Refusal
from bot.storage.models import Game, LogRow
from bot.storage.store import Store
from rules.revisions import revision, unbounded, unsure


def record_of(game: Game, rows: list[LogRow]) -> rules.Record:
    """A game's record from its stored options, seed, rules revision and the record lines that still stand."""
    options = json.loads(game.options or "{}")
    actions = [r.notation or "" for r in rows]
    record = rules.Record(options, int(game.seed or 0), actions, game.rules, game.rules_until)
    return identified(record, game.state)[0] if unsure(game.rules, game.rules_until) else record


def identified(record: rules.Record, state: str | None) -> tuple[rules.Record, bool]:
    """A record without a rules revision, given the one under which it replays to the saved state (today's when
    none does, or nothing was saved yet; an older one covers the lines written so far), and whether one did."""
    tree = json.loads(state) if state else None
    found = rules.identify(record, tree=tree) if tree is not None else rules.RULES_REVISION
    number = found or rules.RULES_REVISION
    until = None if number == rules.RULES_REVISION else len(record.actions)
    return replace(record, rules=number, rules_until=until), found is not None


def upgrade_note(record: rules.Record, matched: bool) -> str | None:
    """What the log says of an identified record: how an older revision replays, or that none reproduces it."""
    if not matched:
        return messages.RECORD_UNMATCHED
    if record.rules is None or record.rules == rules.RULES_REVISION:
        return None
    rev = revision(record.rules)
    lines = messages.plural(len(record.actions), "record line")
    return messages.RECORD_UPGRADED.format(number=rev.number, note=rev.note, lines=lines)


def replayed(record: rules.Record) -> rules.GameState:
    """The record's replay, or a refusal saying that the game's record no longer replays (a game saved by an older
    version whose record no rules revision reproduces: only edits can change what was saved)."""
    try:
        return rules.replay(record)
    except rules.RulesError as err:
        raise Refusal(messages.RECORD_WONT_REPLAY.format(reason=str(err).rstrip("."))) from None


def _unsettled(number: int | None, until: int | None) -> bool:
    """Whether a game's rules revision is still to be found, or is an older one whose lines are not counted yet."""
    return unsure(number, until) or unbounded(number, until)


def _settled(bare: rules.Record, number: int | None, until: int | None, state: str | None) -> tuple[rules.Record, bool]:
    """The record with its revision found (`identified`), or its sure older revision covering the lines so far."""
    if unsure(number, until):
        return identified(bare, state)
    return replace(bare, rules=number, rules_until=len(bare.actions)), True


async def upgrade_games(store: Store, now: int) -> int:
    """Identify every game that can still change and has no rules revision yet, and count the lines of every one of
    an older revision (the lines after them are today's); how many were settled."""
    count = 0
    for channel_id in await store.games_without_rules():
        snapshot = await store.snapshot(channel_id)
        if snapshot is None or not _unsettled(snapshot.loaded.game.rules, snapshot.loaded.game.rules_until):
            continue
        game = snapshot.loaded.game
        options = json.loads(game.options or "{}")
        bare = rules.Record(options, int(game.seed or 0), [r.notation or "" for r in snapshot.record], None)
        record, matched = _settled(bare, game.rules, game.rules_until, game.state)
        note = upgrade_note(record, matched)
        row = None
        if note is not None:
            version = json.loads(game.state)["version"] if game.state else 0
            row = LogRow(kind="note", public=note, version=version, created_at=now)
        count += await store.set_rules(channel_id, record.rules, record.rules_until, row)
    return count
