"""Data access: the only code that opens database sessions.

A command runs in one transaction (`Store.unit`): every store call inside it shares that transaction, whose first
read locks the game's row (PostgreSQL: FOR NO KEY UPDATE; SQLite: BEGIN IMMEDIATE), so two processes on one
database take a channel's commands one at a time. Outside a unit, each call is its own short transaction.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from time import perf_counter

from sqlalchemy import delete, func, insert, or_, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import current_revision, head_revision, make_engine, upgrade
from bot.models import Deadline, Game, GuildSettings, LogRow, ReminderPost, SeatRow, TeamThread

RECORD_KINDS = ("action", "edit")

AdjustDeadline = Callable[[Deadline], Deadline]


class StaleVersion(Exception):
    """The game row changed since it was read: the change was not written."""


class SchemaMismatch(Exception):
    """A database is not at the schema this code reads (None: not a rootbot database at all)."""

    def __init__(self, found: str | None, wanted: str | None) -> None:
        super().__init__(found, wanted)
        self.found, self.wanted = found, wanted


class SeatTaken(Exception):
    """Another seat row already holds that faction."""


@dataclass
class Change:
    """Everything one accepted command changes in a game, written at once if the row is still at `expected`."""

    channel_id: int
    expected: int
    now: int
    status: str | None = None
    state: str | None = None
    options: str | None = None
    seed: int | None = None
    lobby: str | None = None
    reminder_hours: float | None = None
    board_posts: str | None = None
    live_board: bool | None = None
    log: list[LogRow] = field(default_factory=list)
    undo_last: int = 0
    seat_numbers: dict[str, int] = field(default_factory=dict)
    deadline: Deadline | None = None
    clear_deadline: bool = False
    adjust_deadline: AdjustDeadline | None = None  # applied to the deadline as read inside the write transaction


@dataclass(frozen=True)
class Loaded:
    """A game row with its seats, read in one transaction."""

    game: Game
    seats: list[SeatRow]


@dataclass(frozen=True)
class Snapshot:
    """A game, its seats and its record, read in one transaction (so the record matches the saved state)."""

    loaded: Loaded
    record: list[LogRow]


class Store:
    """Async data-access functions over one SQLAlchemy engine."""

    def __init__(self, engine: AsyncEngine, read_only: bool = False) -> None:
        self.engine = engine
        self.read_only = read_only
        self.db_seconds = 0.0  # time spent waiting on the database (the benchmark reads it)
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
        self._unit: ContextVar[AsyncSession | None] = ContextVar(f"store-unit-{id(self)}", default=None)

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect and bring the schema up to date (the bot and the console start this way)."""
        engine = make_engine(url)
        try:
            await upgrade(engine)
        except BaseException:
            await engine.dispose()
            raise
        return cls(engine)

    @classmethod
    async def open_read_only(cls, url: str) -> Store:
        """Connect without writing anything (no migration, no write lock); SchemaMismatch unless at the newest."""
        engine = make_engine(url, read_only=True)
        try:
            found, wanted = await current_revision(engine), head_revision()
            if found != wanted:
                raise SchemaMismatch(found, wanted)
        except BaseException:
            await engine.dispose()
            raise
        return cls(engine, read_only=True)

    async def close(self) -> None:
        """Release the connection pool."""
        await self.engine.dispose()

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
        """One transaction for a whole command: committed when it ends, rolled back on any exception."""
        if self._unit.get() is not None:  # already inside one
            yield
            return
        async with self._sessions() as session:
            token = self._unit.set(session)
            try:
                yield
                start = perf_counter()
                await session.commit()
                self.db_seconds += perf_counter() - start
            finally:
                self._unit.reset(token)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[AsyncSession]:
        start, shared = perf_counter(), self._unit.get()
        try:
            if shared is None:
                async with self._sessions() as session, session.begin():
                    yield session
            else:
                yield shared
                await shared.flush()
                shared.expunge_all()  # what was read stays as read, like after a commit; the next read is fresh
        finally:
            self.db_seconds += perf_counter() - start

    def _locks_rows(self) -> bool:
        """Whether reads lock the game row: inside a command's transaction, on a database that is written."""
        return self._unit.get() is not None and not self.read_only

    # --- reading ---------------------------------------------------------------
    async def load(self, channel_id: int) -> Loaded | None:
        """A game and its seats (one query), or None when the channel has no game."""
        async with self._tx() as s:
            return await _load(s, channel_id, self._locks_rows())

    async def snapshot(self, channel_id: int) -> Snapshot | None:
        """A game, its seats and its record in one transaction, or None when the channel has no game."""
        async with self._tx() as s:
            loaded = await _load(s, channel_id)
            if loaded is None:
                return None
            return Snapshot(loaded, await _record_rows(s, channel_id))

    async def log(self, channel_id: int, limit: int) -> list[LogRow]:
        """The newest log lines that still stand, oldest first."""
        async with self._tx() as s:
            query = (
                select(LogRow)
                .where(LogRow.channel_id == channel_id, col(LogRow.undone).is_(False))
                .order_by(col(LogRow.seq).desc())
                .limit(limit)
            )
            rows = list((await s.exec(query)).all())
        return rows[::-1]

    async def record_rows(self, channel_id: int) -> list[LogRow]:
        """Every action and moderator edit that still stands, in order: the game's record."""
        async with self._tx() as s:
            return await _record_rows(s, channel_id)

    async def deadline(self, channel_id: int) -> Deadline | None:
        """A game's reminder deadline."""
        async with self._tx() as s:
            return await s.get(Deadline, channel_id)

    async def due(self, now: int) -> list[tuple[Deadline, Game]]:
        """Deadlines that are due, of games in play, oldest first."""
        async with self._tx() as s:
            query = (
                select(Deadline, Game)
                .join(Game, col(Game.channel_id) == col(Deadline.channel_id))
                .where(col(Deadline.due_at).is_not(None), col(Deadline.due_at) <= now, Game.status == "active")
                .order_by(col(Deadline.due_at))
            )
            return [(d, g) for d, g in (await s.exec(query)).all()]

    async def channels(self) -> list[int]:
        """Every channel that has a game."""
        async with self._tx() as s:
            return list((await s.exec(select(Game.channel_id))).all())

    async def guild(self, guild_id: int | None) -> GuildSettings | None:
        """A server's settings, if any were set."""
        if guild_id is None:
            return None
        async with self._tx() as s:
            return await s.get(GuildSettings, guild_id)

    # --- writing ---------------------------------------------------------------
    async def create(self, game: Game, replace_finished: bool = True) -> bool:
        """Add a game; False when the channel already has one that is not finished."""
        async with self._tx() as s:
            old = await s.get(Game, game.channel_id)
            if old is not None:
                if not replace_finished or old.status not in ("over", "ended"):
                    return False
                await _delete_game(s, game.channel_id)
            s.add(game)
            return True

    async def add_seat(self, expected: int, row: SeatRow, now: int) -> None:
        """Claim a faction in a lobby (raises SeatTaken, StaleVersion)."""
        try:
            async with self._tx() as s:
                await _bump(s, row.channel_id, expected, {"updated_at": now})
                s.add(row)
        except IntegrityError:
            raise SeatTaken(row.faction) from None

    async def remove_seat(self, expected: int, channel_id: int, faction: str, now: int) -> None:
        """Give up a faction in a lobby."""
        async with self._tx() as s:
            await _bump(s, channel_id, expected, {"updated_at": now})
            await s.exec(delete(SeatRow).where(col(SeatRow.channel_id) == channel_id, col(SeatRow.faction) == faction))

    async def set_seat_user(
        self,
        expected: int,
        channel_id: int,
        faction: str,
        user_id: int | None,
        user_name: str,
        now: int,
        adjust_deadline: AdjustDeadline | None = None,
    ) -> None:
        """Hand a seat to another user (or to nobody), adjusting the reminder deadline in the same transaction."""
        async with self._tx() as s:
            await _bump(s, channel_id, expected, {"updated_at": now})
            await s.exec(
                update(SeatRow)
                .where(col(SeatRow.channel_id) == channel_id, col(SeatRow.faction) == faction)
                .values(user_id=user_id, user_name=user_name, auto_pass=False)  # a preference is the player's own
            )
            if adjust_deadline is not None:
                await _adjust_deadline(s, channel_id, adjust_deadline)

    async def set_seat_preference(self, channel_id: int, faction: str, **values: object) -> None:
        """Store a seat's own preference (auto-pass, its private thread); the game's version does not change."""
        async with self._tx() as s:
            await s.exec(
                update(SeatRow)
                .where(col(SeatRow.channel_id) == channel_id, col(SeatRow.faction) == faction)
                .values(**values)
            )

    async def team_threads(self, channel_id: int) -> list[TeamThread]:
        """The private threads of a game's teams made so far (a delivery detail, like a seat's thread)."""
        async with self._tx() as s:
            query = select(TeamThread).where(col(TeamThread.channel_id) == channel_id).order_by(col(TeamThread.team))
            return list((await s.exec(query)).all())

    async def set_team_thread(self, channel_id: int, team: str, **values: object) -> None:
        """Create or update a team's thread row; the game's version does not change."""
        async with self._tx() as s:
            row = (
                await s.exec(select(TeamThread).where(TeamThread.channel_id == channel_id, TeamThread.team == team))
            ).first()
            if row is None:
                row = TeamThread(channel_id=channel_id, team=team)
                for name, value in values.items():
                    setattr(row, name, value)
                s.add(row)
            else:
                await s.exec(update(TeamThread).where(col(TeamThread.id) == row.id).values(**values))

    async def set_board_message(self, channel_id: int, message_id: int | None) -> None:
        """Remember a game's live board message (a delivery detail: the game's version does not change)."""
        async with self._tx() as s:
            await s.exec(update(Game).where(col(Game.channel_id) == channel_id).values(board_message_id=message_id))

    async def save(self, change: Change) -> None:
        """Write a change in one transaction if the game is still at the expected version (else StaleVersion)."""
        async with self._tx() as s:
            values = _game_values(change)
            await _bump(s, change.channel_id, change.expected, values)
            for faction, number in change.seat_numbers.items():
                await s.exec(
                    update(SeatRow)
                    .where(col(SeatRow.channel_id) == change.channel_id, col(SeatRow.faction) == faction)
                    .values(seat=number)
                )
            if change.undo_last:
                await _mark_undone(s, change.channel_id, change.undo_last)
            if change.log:
                await _append_log(s, change.channel_id, change.log)
            if change.clear_deadline:
                await s.exec(delete(Deadline).where(col(Deadline.channel_id) == change.channel_id))
            if change.deadline is not None:
                await _put_deadline(s, change.deadline)
            if change.adjust_deadline is not None:
                await _adjust_deadline(s, change.channel_id, change.adjust_deadline)

    async def update_deadline(self, old: Deadline, new: Deadline, post: ReminderPost | None = None) -> bool:
        """Replace a deadline only if it is unchanged since read, queueing its reminder post in the same transaction.

        So a reminder is queued once (never twice), and never marked sent without being queued.
        """
        async with self._tx() as s:
            result = await s.exec(
                update(Deadline)
                .where(
                    col(Deadline.channel_id) == old.channel_id,
                    col(Deadline.due_at) == old.due_at,
                    col(Deadline.reminders_sent) == old.reminders_sent,
                    col(Deadline.version) == old.version,
                )
                .values(due_at=new.due_at, reminders_sent=new.reminders_sent, notified=new.notified)
            )
            if not result.rowcount:
                return False
            if post is not None:
                s.add(post)
            return True

    # --- the reminder outbox -------------------------------------------------------
    async def posts_to_try(self, now: int, limit: int = 50) -> list[ReminderPost]:
        """Queued reminder posts whose next attempt is due and that no live process holds, oldest first."""
        async with self._tx() as s:
            query = (
                select(ReminderPost)
                .where(
                    col(ReminderPost.failed).is_(False),
                    col(ReminderPost.next_attempt_at) <= now,
                    or_(col(ReminderPost.claimed_until).is_(None), col(ReminderPost.claimed_until) <= now),
                )
                .order_by(col(ReminderPost.id))
                .limit(limit)
            )
            return list((await s.exec(query)).all())

    async def claim_post(self, post: ReminderPost, now: int, lease: int) -> bool:
        """Take a queued post for one attempt (compare-and-set on its attempt count); False if another took it."""
        async with self._tx() as s:
            result = await s.exec(
                update(ReminderPost)
                .where(col(ReminderPost.id) == post.id, col(ReminderPost.attempts) == post.attempts)
                .values(attempts=post.attempts + 1, claimed_until=now + lease)
            )
            return bool(result.rowcount)

    async def post_done(self, post_id: int) -> None:
        """A reminder was posted (or is no longer wanted): it leaves the outbox."""
        async with self._tx() as s:
            await s.exec(delete(ReminderPost).where(col(ReminderPost.id) == post_id))

    async def post_failed(self, post_id: int, retry_at: int | None, error: str) -> None:
        """An attempt failed: try again at retry_at, or (None) give up and keep the row for the logs."""
        async with self._tx() as s:
            await s.exec(
                update(ReminderPost)
                .where(col(ReminderPost.id) == post_id)
                .values(
                    claimed_until=None,
                    next_attempt_at=retry_at if retry_at is not None else 0,
                    failed=retry_at is None,
                    last_error=error[:500],
                )
            )

    async def save_guild(self, settings: GuildSettings) -> None:
        """Create or replace a server's settings."""
        async with self._tx() as s:
            await s.merge(settings)


async def _load(s: AsyncSession, channel_id: int, lock: bool = False) -> Loaded | None:
    query = (
        select(Game, SeatRow)
        .outerjoin(SeatRow, col(SeatRow.channel_id) == col(Game.channel_id))
        .where(col(Game.channel_id) == channel_id)
        .order_by(col(SeatRow.id))
    )
    if lock:  # FOR NO KEY UPDATE: inserts that refer to the game (log lines, reminders) are not held up
        query = query.with_for_update(of=Game, key_share=True)
    rows = list((await s.exec(query)).all())
    if not rows:
        return None
    return Loaded(rows[0][0], [seat for _, seat in rows if seat is not None])


async def _record_rows(s: AsyncSession, channel_id: int) -> list[LogRow]:
    query = (
        select(LogRow)
        .where(
            LogRow.channel_id == channel_id,
            col(LogRow.undone).is_(False),
            col(LogRow.kind).in_(RECORD_KINDS),
        )
        .order_by(col(LogRow.seq))
    )
    return list((await s.exec(query)).all())


async def _adjust_deadline(s: AsyncSession, channel_id: int, adjust: AdjustDeadline) -> None:
    """Read-modify-write a deadline inside the caller's transaction (a reminder tick cannot slip in between)."""
    current = await s.get(Deadline, channel_id, with_for_update=True)
    if current is not None:
        await _put_deadline(s, adjust(Deadline(**current.model_dump())))


async def _bump(s: AsyncSession, channel_id: int, expected: int, values: dict[str, object]) -> None:
    result = await s.exec(
        update(Game)
        .where(col(Game.channel_id) == channel_id, col(Game.version) == expected)
        .values(version=expected + 1, **values)
    )
    if not result.rowcount:
        raise StaleVersion(channel_id)


def _game_values(change: Change) -> dict[str, object]:
    values: dict[str, object] = {"updated_at": change.now}
    for name in ("status", "state", "options", "seed", "lobby", "reminder_hours", "board_posts", "live_board"):
        value = getattr(change, name)
        if value is not None:
            values[name] = value
    return values


async def _append_log(s: AsyncSession, channel_id: int, rows: Sequence[LogRow]) -> None:
    # The next sequence number is computed inside the INSERT: one statement per line, under the write lock.
    following = (
        select(func.coalesce(func.max(LogRow.seq), 0) + 1).where(col(LogRow.channel_id) == channel_id).scalar_subquery()
    )
    for row in rows:
        values = row.model_dump(exclude={"id", "seq"})
        values["channel_id"] = channel_id
        await s.exec(insert(LogRow).values(seq=following, **values))


async def _put_deadline(s: AsyncSession, deadline: Deadline) -> None:
    """Insert or replace a game's deadline in one statement (SQLite and PostgreSQL both upsert)."""
    values = deadline.model_dump()
    dialect = s.bind.dialect.name if s.bind is not None else "sqlite"
    upsert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    statement = upsert(Deadline).values(**values)
    changes = {k: v for k, v in values.items() if k != "channel_id"}
    await s.exec(statement.on_conflict_do_update(index_elements=["channel_id"], set_=changes))


async def _mark_undone(s: AsyncSession, channel_id: int, n: int) -> None:
    query = (
        select(LogRow.id)
        .where(LogRow.channel_id == channel_id, col(LogRow.undone).is_(False), col(LogRow.kind).in_(RECORD_KINDS))
        .order_by(col(LogRow.seq).desc())
        .limit(n)
    )
    ids = list((await s.exec(query)).all())
    await s.exec(update(LogRow).where(col(LogRow.id).in_(ids)).values(undone=True))


async def _delete_game(s: AsyncSession, channel_id: int) -> None:
    for table in (LogRow, SeatRow, Deadline, ReminderPost, TeamThread):
        await s.exec(delete(table).where(col(table.channel_id) == channel_id))
    await s.exec(delete(Game).where(col(Game.channel_id) == channel_id))
