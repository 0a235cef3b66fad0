"""Data access: the only code that opens database sessions.

A command runs in one transaction (`Store.unit`): every store call inside it shares that transaction, whose first
read locks the game's row (PostgreSQL: FOR NO KEY UPDATE; SQLite: BEGIN IMMEDIATE), so two processes on one
database take a channel's commands one at a time. Outside a unit, each call is its own short transaction.

Every store call is one synchronous function over a session, run in one go (`Store.run`). On SQLite it is one
hand-over to the store's own worker thread, where sqlite3 runs the statements (the event loop never waits on the
file or its lock); a move is three hand-overs: the read, the write, the commit. On PostgreSQL the same function runs
through the async session's `run_sync`, each statement one round trip to the server over asyncpg.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from time import perf_counter
from typing import Any, Generic, TypeVar, cast

from sqlalchemy import Executable, Table, bindparam, delete, func, insert, or_, update
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import configure_mappers, sessionmaker
from sqlmodel import Session, SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.storage.db import (
    CHECKPOINT_EVERY,
    POOL_SIZE,
    AnyEngine,
    LockedElsewhere,
    checkpoint,
    current_revision,
    dispose,
    head_revision,
    make_engine,
    upgrade,
    without_waiting,
)
from bot.storage.models import Deadline, Game, GuildSettings, LogRow, ReminderPost, SeatRow, TeamThread
from rules.revisions import CURRENT, MISNUMBERED

RECORD_KINDS = ("action", "edit")
QUEUE = 5000  # commands that may wait for a connection by default (ROOTBOT_DB_QUEUE)
log = logging.getLogger(__name__)

AdjustDeadline = Callable[[Deadline], Deadline]
T = TypeVar("T")
H = TypeVar("H")
Work = Callable[[Session], T]


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
    rules: int | None = None
    rules_until: int | None = None
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
    board_owed: int | None = None  # the new version's board is owed (drawn after the move is shown)
    board_due_at: int | None = None  # when the recovery loop draws it if it is still owed then


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


class Busy(Exception):
    """More commands wait for the database than the bot's queue holds: this one is refused and nothing changed."""


class Gate:
    """The bot's own queue in front of the database: at most `size` transactions at once (the connections), and at
    most `queue` callers waiting for one, served in order; one more is refused (Busy) instead of piling up.

    So a burst waits here, bounded, rather than inside SQLAlchemy's pool, whose wait times out (30 s) with an error.
    """

    def __init__(self, size: int, queue: int) -> None:
        self.size, self.queue = size, queue
        self._free = asyncio.Semaphore(size)
        self.waiting = 0
        self.most_waiting = 0

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one of the connections for a while (after waiting in turn for it)."""
        if self._free.locked() and self.waiting >= self.queue:
            raise Busy()
        self.waiting += 1
        self.most_waiting = max(self.most_waiting, self.waiting)
        try:
            await self._free.acquire()
        finally:
            self.waiting -= 1
        try:
            yield
        finally:
            self._free.release()


class _Database(Generic[H]):
    """How store calls reach a database: `run` does one call's work, `unit` makes calls share one transaction.

    It counts the seconds spent waiting on the database and (SQLite) the hand-overs to its worker thread.
    """

    def __init__(self, sync_engine: Engine, gate: Gate) -> None:
        self.sync_engine = sync_engine  # the engine whose events see every statement
        self.gate = gate
        self.seconds = 0.0
        self.handovers = 0
        self._shared: ContextVar[H | None] = ContextVar(f"store-unit-{id(self)}", default=None)

    def in_unit(self) -> bool:
        """Whether the current task runs inside a unit."""
        return self._shared.get() is not None

    async def run(self, work: Work[T]) -> T:
        """Do work in the current unit's transaction, or in a transaction of its own."""
        start, shared = perf_counter(), self._shared.get()
        try:
            return await (self._alone(work) if shared is None else self._within(shared, work))
        finally:
            self.seconds += perf_counter() - start

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
        """One transaction shared by the calls made inside: committed at the end, rolled back on any exception."""
        if self.in_unit():
            yield
            return
        async with self._begin() as handle:
            token = self._shared.set(handle)
            try:
                yield
            finally:
                self._shared.reset(token)

    async def _alone(self, work: Work[T]) -> T:
        raise NotImplementedError

    async def _within(self, shared: H, work: Work[T]) -> T:
        raise NotImplementedError

    def _begin(self) -> AbstractAsyncContextManager[H]:
        raise NotImplementedError

    async def dispose(self) -> None:
        """Close the connections."""
        raise NotImplementedError


class _OnWorkerThread(_Database[Session]):
    """SQLite: sqlite3 on one connection (one writer), used by one thread at a time.

    When the file's write lock is free at once, a call runs right here on the event loop's thread: a move's read, write
    and commit take well under a millisecond of sqlite3 each, less than handing them to another thread (on a busy
    machine each hand-over waits for the OS to run that thread). BEGIN IMMEDIATE is then tried without waiting; when
    another process holds the lock, the transaction is begun on the store's own worker thread instead, which waits
    for it (the busy timeout) while the event loop goes on. Once begun, nothing in the transaction waits for a lock,
    so its statements and its commit run here again. Checkpoints of the WAL run on a thread of their own.
    """

    def __init__(self, engine: Engine, gate: Gate, inline: bool = True) -> None:
        super().__init__(engine, gate)
        self._sessions = sessionmaker(engine, class_=Session, expire_on_commit=False)
        self._worker: ThreadPoolExecutor | None = None  # started at the first hand-over, let go at close
        self._inline = inline
        self._commits = 0
        self._checkpointing: asyncio.Future[None] | None = None

    async def _hop(self, work: Callable[[], T]) -> T:
        """Run work on the worker thread; calls run there one at a time, in the order they were handed over."""
        if self._worker is None:
            self._worker = ThreadPoolExecutor(1, thread_name_prefix="rootbot-sqlite")
        self.handovers += 1
        return await asyncio.get_running_loop().run_in_executor(self._worker, work)

    async def _here_or_waiting(self, work: Callable[[], T]) -> T:
        """Run work here if its BEGIN gets the write lock at once; else on the worker thread, which waits for it."""
        if self._inline:
            try:
                return without_waiting(work)
            except LockedElsewhere:
                pass
        return await self._hop(work)

    async def _alone(self, work: Work[T]) -> T:
        async with self.gate.slot():
            result = await self._here_or_waiting(partial(_transaction, self._sessions, work))
        self._committed()
        return result

    async def _within(self, shared: Session, work: Work[T]) -> T:
        shared.info["used"] = True  # set before the hand-over: even if the caller is cancelled, the unit ends it
        if not shared.info.get("begun"):
            await self._here_or_waiting(partial(_open, shared))
        if self._inline:
            return _step(shared, work)
        return await self._hop(partial(_step, shared, work))

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Session]:
        async with self.gate.slot():
            session, done = self._sessions(), False
            try:
                yield session
                done = True
            finally:
                if session.info.get("used"):  # the worker runs calls in order: this one comes after the unit's last
                    start = perf_counter()
                    if self._inline:
                        _end(session, done)
                    else:
                        await self._hop(partial(_end, session, done))
                    self.seconds += perf_counter() - start
        if done:
            self._committed()

    def _committed(self) -> None:
        """Count a commit; every CHECKPOINT_EVERY, copy the WAL into the file on a thread (never on the loop)."""
        self._commits += 1
        if not self._inline or self._commits % CHECKPOINT_EVERY or self._checkpointing is not None:
            return
        url = self.sync_engine.url
        self._checkpointing = asyncio.ensure_future(asyncio.to_thread(checkpoint, url.database or ""))
        self._checkpointing.add_done_callback(self._checkpointed)

    def _checkpointed(self, done: asyncio.Future[None]) -> None:
        self._checkpointing = None
        if not done.cancelled() and done.exception() is not None:
            log.warning("a WAL checkpoint failed: %s", done.exception())

    async def dispose(self) -> None:
        """Close the connection on the worker thread, then let the thread go (a later call starts another)."""
        if self._checkpointing is not None:
            await asyncio.wait({self._checkpointing})
        await self._hop(self.sync_engine.dispose)
        if self._worker is not None:
            self._worker.shutdown(wait=False)
            self._worker = None


class _ThroughGreenlets(_Database[AsyncSession]):
    """PostgreSQL (asyncpg): the same work through `run_sync`; each statement is a round trip to the server."""

    def __init__(self, engine: AsyncEngine, gate: Gate) -> None:
        super().__init__(engine.sync_engine, gate)
        self.engine = engine
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)

    async def _alone(self, work: Work[T]) -> T:
        async with self.gate.slot(), self._sessions() as session, session.begin():
            return await session.run_sync(_as_sqlmodel(work))

    async def _within(self, shared: AsyncSession, work: Work[T]) -> T:
        return await shared.run_sync(_as_sqlmodel(partial(_step, work=work)))

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[AsyncSession]:
        async with self.gate.slot(), self._sessions() as session:
            yield session
            start = perf_counter()
            await session.commit()
            self.seconds += perf_counter() - start

    async def dispose(self) -> None:
        """Release the connection pool."""
        await self.engine.dispose()


def _transaction(sessions: sessionmaker[Session], work: Work[T]) -> T:
    """Work in a transaction of its own, committed (on the worker thread)."""
    with sessions() as session, session.begin():
        return work(session)


def _open(session: Session) -> None:
    """Begin a unit's transaction (BEGIN IMMEDIATE: the file's write lock is taken here)."""
    session.connection()
    session.info["begun"] = True


def _step(session: Session, work: Work[T]) -> T:
    """Work inside a unit: written out; what was read stays as read, like after a commit; the next read is fresh."""
    result = work(session)
    session.flush()
    session.expunge_all()
    return result


def _end(session: Session, commit: bool) -> None:
    """Commit (or roll back) a unit's transaction and give its connection back."""
    try:
        if commit:
            session.commit()
    finally:
        session.close()


def _as_sqlmodel(work: Callable[[Session], T]) -> Callable[[OrmSession], T]:
    """The sync session `run_sync` hands over is SQLModel's own Session class."""
    return lambda session: work(cast(Session, session))


def _rules_unsure() -> Any:
    """Games whose rules revision is still to be found (as rules.revisions.unsure says), or is an older one whose
    lines are not counted yet (rules.revisions.unbounded)."""
    misnumbered = col(Game.rules).in_(MISNUMBERED) & col(Game.rules_until).is_(None)
    older = (col(Game.rules) < CURRENT) & col(Game.rules_until).is_(None)
    return or_(col(Game.rules).is_(None), misnumbered, older)


class Store:
    """Async data-access functions over one database (SQLite or PostgreSQL)."""

    def __init__(self, engine: AnyEngine, read_only: bool = False, pool: int = POOL_SIZE, queue: int = QUEUE) -> None:
        configure_mappers()  # the models' attributes are ready before the first rows are made (_built)
        self.engine = engine
        self.read_only = read_only
        self._db: _Database[Session] | _Database[AsyncSession] = (
            _ThroughGreenlets(engine, Gate(pool, queue))
            if isinstance(engine, AsyncEngine)
            else _OnWorkerThread(engine, Gate(1, queue), inline=not read_only)
        )

    @property
    def gate(self) -> Gate:
        """The bot's queue in front of the database (its size: the connections; SQLite has one)."""
        return self._db.gate

    @property
    def sync_engine(self) -> Engine:
        """The engine whose events see every statement the store runs."""
        return self._db.sync_engine

    @property
    def db_seconds(self) -> float:
        """Seconds spent waiting on the database so far (the benchmark reads it)."""
        return self._db.seconds

    @property
    def handovers(self) -> int:
        """Hand-overs to the SQLite worker thread so far (0 on PostgreSQL, whose driver is awaited per statement)."""
        return self._db.handovers

    @classmethod
    async def open(cls, url: str, pool: int = POOL_SIZE, queue: int = QUEUE) -> Store:
        """Connect and bring the schema up to date (the bot and the console start this way); `pool` PostgreSQL
        connections, `queue` commands at most waiting for one (ROOTBOT_DB_POOL, ROOTBOT_DB_QUEUE)."""
        engine = make_engine(url, pool=pool)
        try:
            await upgrade(engine)
        except BaseException:
            await dispose(engine)
            raise
        return cls(engine, pool=pool, queue=queue)

    @classmethod
    async def open_read_only(cls, url: str) -> Store:
        """Connect without writing anything (no migration, no write lock); SchemaMismatch unless at the newest."""
        engine = make_engine(url, read_only=True)
        try:
            found, wanted = await current_revision(engine), head_revision()
            if found != wanted:
                raise SchemaMismatch(found, wanted)
        except BaseException:
            await dispose(engine)
            raise
        return cls(engine, read_only=True)

    async def close(self) -> None:
        """Release the connections."""
        await self._db.dispose()

    def unit(self) -> AbstractAsyncContextManager[None]:
        """One transaction for a whole command: committed when it ends, rolled back on any exception."""
        return self._db.unit()

    async def run(self, work: Work[T]) -> T:
        """Run synchronous work on a session in one go, in the command's transaction or in one of its own."""
        return await self._db.run(work)

    def _locks_rows(self) -> bool:
        """Whether reads lock the game row: inside a command's transaction, on a database that is written."""
        return self._db.in_unit() and not self.read_only

    # --- reading ---------------------------------------------------------------
    async def load(self, channel_id: int) -> Loaded | None:
        """A game and its seats (one query), or None when the channel has no game."""
        return await self.run(partial(_load, channel_id=channel_id, lock=self._locks_rows()))

    async def snapshot(self, channel_id: int) -> Snapshot | None:
        """A game, its seats and its record in one transaction, or None when the channel has no game."""

        def work(s: Session) -> Snapshot | None:
            loaded = _load(s, channel_id)
            return None if loaded is None else Snapshot(loaded, _record_rows(s, channel_id))

        return await self.run(work)

    async def log(self, channel_id: int, limit: int) -> list[LogRow]:
        """The newest log lines that still stand, oldest first."""
        query = (
            select(LogRow)
            .where(LogRow.channel_id == channel_id, col(LogRow.undone).is_(False))
            .order_by(col(LogRow.seq).desc())
            .limit(limit)
        )
        rows = await self.run(lambda s: list(s.exec(query).all()))
        return rows[::-1]

    async def record_rows(self, channel_id: int) -> list[LogRow]:
        """Every action and moderator edit that still stands, in order: the game's record."""
        return await self.run(partial(_record_rows, channel_id=channel_id))

    async def deadline(self, channel_id: int) -> Deadline | None:
        """A game's reminder deadline."""
        return await self.run(lambda s: s.get(Deadline, channel_id))

    async def due(self, now: int) -> list[tuple[Deadline, Game]]:
        """Deadlines that are due, of games in play, oldest first."""
        query = (
            select(Deadline, Game)
            .join(Game, col(Game.channel_id) == col(Deadline.channel_id))
            .where(col(Deadline.due_at).is_not(None), col(Deadline.due_at) <= now, Game.status == "active")
            .order_by(col(Deadline.due_at))
        )
        return await self.run(lambda s: [(d, g) for d, g in s.exec(query).all()])

    async def automated_channels(self) -> list[int]:
        """The channels of games in play where an automated player holds a seat."""
        query = (
            select(Game.channel_id)
            .join(SeatRow, col(SeatRow.channel_id) == col(Game.channel_id))
            .where(Game.status == "active", col(SeatRow.automated).is_(True))
            .distinct()
        )
        return await self.run(lambda s: list(s.exec(query).all()))

    async def channels(self) -> list[int]:
        """Every channel that has a game."""
        return await self.run(lambda s: list(s.exec(select(Game.channel_id)).all()))

    async def games_without_rules(self) -> list[int]:
        """Channels of games that can still change whose record has no sure rules revision yet (saved before 0006,
        or given one its engine did not play: rules.revisions.unsure), or an older one with its lines not yet
        counted (rules.revisions.unbounded)."""
        query = select(Game.channel_id).where(
            _rules_unsure(), col(Game.state).is_not(None), col(Game.status).in_(("active", "paused"))
        )
        return await self.run(lambda s: list(s.exec(query).all()))

    async def set_rules(self, channel_id: int, rules: int | None, until: int | None, note: LogRow | None) -> int:
        """Give a game its record's rules revision, with a log note, unless another process did first (0 then)."""
        statement = (
            update(Game)
            .where(col(Game.channel_id) == channel_id, _rules_unsure())
            .values(rules=rules, rules_until=until)
        )

        def work(s: Session) -> int:
            if not s.exec(statement).rowcount:
                return 0
            if note is not None:
                _append_log(s, channel_id, [note])
            return 1

        return await self.run(work)

    async def guild(self, guild_id: int | None) -> GuildSettings | None:
        """A server's settings, if any were set."""
        if guild_id is None:
            return None
        return await self.run(lambda s: s.get(GuildSettings, guild_id))

    # --- writing ---------------------------------------------------------------
    async def create(self, game: Game, replace_finished: bool = True) -> bool:
        """Add a game; False when the channel already has one that is not finished. A game replacing a finished one
        counts its versions on from that one's, so a channel's versions (its boards' names, the optimistic lock) only
        ever rise."""

        def work(s: Session) -> bool:
            old = s.get(Game, game.channel_id)
            if old is not None:
                if not replace_finished or old.status not in ("over", "ended"):
                    return False
                game.version = max(game.version, old.version + 1)
                _delete_game(s, game.channel_id)
            s.add(game)
            return True

        return await self.run(work)

    async def add_seat(self, expected: int, row: SeatRow, now: int) -> None:
        """Claim a faction in a lobby (raises SeatTaken, StaleVersion)."""

        def work(s: Session) -> None:
            _bump(s, row.channel_id, expected, {"updated_at": now})
            s.add(row)

        try:
            await self.run(work)
        except IntegrityError:
            raise SeatTaken(row.faction) from None

    async def remove_seat(self, expected: int, channel_id: int, faction: str, now: int) -> None:
        """Give up a faction in a lobby."""

        def work(s: Session) -> None:
            _bump(s, channel_id, expected, {"updated_at": now})
            s.exec(delete(SeatRow).where(col(SeatRow.channel_id) == channel_id, col(SeatRow.faction) == faction))

        await self.run(work)

    async def set_seat_user(
        self,
        expected: int,
        channel_id: int,
        faction: str,
        user_id: int | None,
        user_name: str,
        now: int,
        adjust_deadline: AdjustDeadline | None = None,
        automated: bool = False,
    ) -> None:
        """Hand a seat to another user (or to nobody, or to an automated player), adjusting the reminder deadline in
        the same transaction."""

        def work(s: Session) -> None:
            _bump(s, channel_id, expected, {"updated_at": now})
            s.exec(
                update(SeatRow)
                .where(col(SeatRow.channel_id) == channel_id, col(SeatRow.faction) == faction)
                # auto-pass is a player's own preference: a new holder starts without it
                .values(user_id=user_id, user_name=user_name, auto_pass=False, automated=automated)
            )
            if adjust_deadline is not None:
                _adjust_deadline(s, channel_id, adjust_deadline)

        await self.run(work)

    async def set_seat_preference(self, channel_id: int, faction: str, **values: object) -> None:
        """Store a seat's own preference (auto-pass, its private thread); the game's version does not change."""
        statement = (
            update(SeatRow)
            .where(col(SeatRow.channel_id) == channel_id, col(SeatRow.faction) == faction)
            .values(**values)
        )
        await self.run(lambda s: s.exec(statement))

    async def team_threads(self, channel_id: int) -> list[TeamThread]:
        """The private threads of a game's teams made so far (a delivery detail, like a seat's thread)."""
        query = select(TeamThread).where(col(TeamThread.channel_id) == channel_id).order_by(col(TeamThread.team))
        return await self.run(lambda s: list(s.exec(query).all()))

    async def forget_refused_team_threads(self, channel_id: int) -> int:
        """Drop the record of team threads the server refused, so they are tried again; how many there were."""

        def work(s: Session) -> int:
            refused = delete(TeamThread).where(col(TeamThread.channel_id) == channel_id, col(TeamThread.kind) == "none")
            return int(s.exec(refused).rowcount or 0)

        return await self.run(work)

    async def set_team_thread(self, channel_id: int, team: str, **values: object) -> None:
        """Create or update a team's thread row; the game's version does not change."""

        def work(s: Session) -> None:
            found = select(TeamThread).where(TeamThread.channel_id == channel_id, TeamThread.team == team)
            row = s.exec(found).first()
            if row is None:
                row = TeamThread(channel_id=channel_id, team=team)
                for name, value in values.items():
                    setattr(row, name, value)
                s.add(row)
            else:
                s.exec(update(TeamThread).where(col(TeamThread.id) == row.id).values(**values))

        await self.run(work)

    async def set_board_message(self, channel_id: int, message_id: int | None) -> None:
        """Remember a game's live board message (a delivery detail: the game's version does not change)."""
        statement = update(Game).where(col(Game.channel_id) == channel_id).values(board_message_id=message_id)
        await self.run(lambda s: s.exec(statement))

    async def boards_shown(self, shown: dict[int, int]) -> None:
        """Boards of these versions (channel: version) were shown: none up to them is owed now (one transaction)."""
        params = [{"match_channel": channel, "match_version": version} for channel, version in shown.items()]
        if params:
            await self.run(lambda s: s.connection().execute(_SHOWN, params))

    async def owed_boards(self, now: int, limit: int = 50) -> list[tuple[int, int, int]]:
        """Games whose board is owed and due (channel, version owed, due time), the longest owed first."""
        query = (
            select(Game.channel_id, Game.board_owed, Game.board_due_at)
            .where(col(Game.board_owed).is_not(None), col(Game.board_due_at) <= now)
            .order_by(col(Game.board_due_at))
            .limit(limit)
        )
        return await self.run(lambda s: [(int(c), int(v or 0), int(d or 0)) for c, v, d in s.exec(query).all()])

    async def claim_board(self, channel_id: int, owed: int, due: int, until: int) -> bool:
        """Take an owed board for one attempt (compare-and-set on its due time); False if another process took it."""
        statement = (
            update(Game)
            .where(col(Game.channel_id) == channel_id, col(Game.board_owed) == owed, col(Game.board_due_at) == due)
            .values(board_due_at=until)
        )
        return await self.run(lambda s: bool(s.exec(statement).rowcount))

    async def save(self, change: Change) -> None:
        """Write a change in one transaction if the game is still at the expected version (else StaleVersion)."""
        await self.run(partial(_save, change=change))

    async def update_deadline(self, old: Deadline, new: Deadline, post: ReminderPost | None = None) -> bool:
        """Replace a deadline only if it is unchanged since read, queueing its reminder post in the same transaction.

        So a reminder is queued once (never twice), and never marked sent without being queued.
        """
        statement = (
            update(Deadline)
            .where(
                col(Deadline.channel_id) == old.channel_id,
                col(Deadline.due_at) == old.due_at,
                col(Deadline.reminders_sent) == old.reminders_sent,
                col(Deadline.version) == old.version,
            )
            .values(due_at=new.due_at, reminders_sent=new.reminders_sent, notified=new.notified)
        )

        def work(s: Session) -> bool:
            if not s.exec(statement).rowcount:
                return False
            if post is not None:
                s.add(post)
            return True

        return await self.run(work)

    # --- the reminder outbox -------------------------------------------------------
    async def posts_to_try(self, now: int, limit: int = 50) -> list[ReminderPost]:
        """Queued reminder posts whose next attempt is due and that no live process holds, oldest first."""
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
        return await self.run(lambda s: list(s.exec(query).all()))

    async def claim_post(self, post: ReminderPost, now: int, lease: int) -> bool:
        """Take a queued post for one attempt (compare-and-set on its attempt count); False if another took it."""
        statement = (
            update(ReminderPost)
            .where(col(ReminderPost.id) == post.id, col(ReminderPost.attempts) == post.attempts)
            .values(attempts=post.attempts + 1, claimed_until=now + lease)
        )
        return await self.run(lambda s: bool(s.exec(statement).rowcount))

    async def post_done(self, post_id: int) -> None:
        """A reminder was posted (or is no longer wanted): it leaves the outbox."""
        statement = delete(ReminderPost).where(col(ReminderPost.id) == post_id)
        await self.run(lambda s: s.exec(statement))

    async def post_failed(self, post_id: int, retry_at: int | None, error: str) -> None:
        """An attempt failed: try again at retry_at, or (None) give up and keep the row for the logs."""
        statement = (
            update(ReminderPost)
            .where(col(ReminderPost.id) == post_id)
            .values(
                claimed_until=None,
                next_attempt_at=retry_at if retry_at is not None else 0,
                failed=retry_at is None,
                last_error=error[:500],
            )
        )
        await self.run(lambda s: s.exec(statement))

    async def save_guild(self, settings: GuildSettings) -> None:
        """Create or replace a server's settings."""
        await self.run(lambda s: s.merge(settings))


def _save(s: Session, change: Change) -> None:
    """Every write of an accepted command, after the version check."""
    if s.get_bind().dialect.name == "postgresql" and _one_statement(change):
        _save_at_once(s, change)
        return
    _bump(s, change.channel_id, change.expected, _game_values(change))
    for faction, number in change.seat_numbers.items():
        s.exec(
            update(SeatRow)
            .where(col(SeatRow.channel_id) == change.channel_id, col(SeatRow.faction) == faction)
            .values(seat=number)
        )
    if change.undo_last:
        _mark_undone(s, change.channel_id, change.undo_last)
    if change.log:
        _append_log(s, change.channel_id, change.log)
    if change.clear_deadline:
        s.exec(delete(Deadline).where(col(Deadline.channel_id) == change.channel_id))
    if change.deadline is not None:
        _put_deadline(s, change.deadline)
    if change.adjust_deadline is not None:
        _adjust_deadline(s, change.channel_id, change.adjust_deadline)


# The statements of a move, built once (the values come as parameters: no statement is rebuilt per command).
_GAMES, _LOG, _DEADLINES, _SEATS = (
    SQLModel.metadata.tables[name] for name in ("games", "actions", "deadlines", "seats")
)
# A game with its seats, as plain rows (the ORM's loading of the same rows costs several times more): the seats'
# columns are labelled "seats.<name>" apart from the game's.
_LOAD = (
    sa_select(*_GAMES.c, *(c.label(f"seats.{c.name}") for c in _SEATS.c))
    .select_from(_GAMES.outerjoin(_SEATS, _SEATS.c.channel_id == _GAMES.c.channel_id))
    .where(_GAMES.c.channel_id == bindparam("match_channel"))
    .order_by(_SEATS.c.id)
)
# FOR NO KEY UPDATE on PostgreSQL: inserts that refer to the game (log lines, reminders) are not held up.
_LOAD_LOCKED = _LOAD.with_for_update(of=_GAMES, key_share=True)
_GAME_COLUMNS = tuple(c.name for c in _GAMES.c)
_SEAT_COLUMNS = tuple((c.name, f"seats.{c.name}") for c in _SEATS.c)
_BUMP = update(_GAMES).where(
    _GAMES.c.channel_id == bindparam("match_channel"), _GAMES.c.version == bindparam("match_version")
)
_SHOWN = (
    update(_GAMES)
    .where(_GAMES.c.channel_id == bindparam("match_channel"), _GAMES.c.board_owed <= bindparam("match_version"))
    .values(board_owed=None, board_due_at=None)
)
_NEXT_SEQ = (
    select(func.coalesce(func.max(_LOG.c.seq), 0) + 1).where(_LOG.c.channel_id == bindparam("log_channel"))
).scalar_subquery()
_ADD_LOG = insert(_LOG).values(seq=_NEXT_SEQ)


def _upsert(dialect_insert: Callable[[Table], Any]) -> Executable:
    statement = dialect_insert(_DEADLINES)
    changes = {c.name: statement.excluded[c.name] for c in _DEADLINES.c if c.name != "channel_id"}
    return cast(Executable, statement.on_conflict_do_update(index_elements=["channel_id"], set_=changes))


_PUT_DEADLINE = {"postgresql": _upsert(postgresql_insert), "sqlite": _upsert(sqlite_insert)}
# The parts of a plain move's one statement on PostgreSQL (_save_at_once): its log line, its deadline set or cleared.
_LOG_PART = (
    insert(_LOG)
    .values(
        {
            **{c.name: bindparam(f"log_{c.name}") for c in _LOG.c if c.name not in ("id", "seq", "channel_id")},
            "channel_id": bindparam("log_channel"),
            "seq": _NEXT_SEQ,
        }
    )
    .cte("logged")
)
_PG_DEADLINE = postgresql_insert(_DEADLINES).values({c.name: bindparam(f"deadline_{c.name}") for c in _DEADLINES.c})
_DEADLINE_PUT = _PG_DEADLINE.on_conflict_do_update(
    index_elements=["channel_id"],
    set_={c.name: _PG_DEADLINE.excluded[c.name] for c in _DEADLINES.c if c.name != "channel_id"},
).cte("deadline")
_DEADLINE_CLEARED = delete(_DEADLINES).where(_DEADLINES.c.channel_id == bindparam("match_channel")).cte("deadline")


def _load(s: Session, channel_id: int, lock: bool = False) -> Loaded | None:
    rows = s.connection().execute(_LOAD_LOCKED if lock else _LOAD, {"match_channel": channel_id}).mappings().all()
    if not rows:
        return None
    game = _built(Game, {name: rows[0][name] for name in _GAME_COLUMNS})
    seated = [row for row in rows if row["seats.id"] is not None]
    seats = [_built(SeatRow, {name: row[label] for name, label in _SEAT_COLUMNS}) for row in seated]
    return Loaded(game, seats)


R = TypeVar("R", bound=SQLModel)


def _built(cls: type[R], values: dict[str, Any]) -> R:
    """A table model holding a row's typed values, made as the ORM makes the rows it loads (a new instance of the
    mapped class, its values set as they are), without the ORM's loading machinery. Like the rows the store returns
    after a read, it belongs to no session: changing it writes nothing (every write is a statement of its own)."""
    row: R = cls._sa_class_manager.new_instance()  # type: ignore[attr-defined]
    row.__dict__.update(values)
    return row


def _record_rows(s: Session, channel_id: int) -> list[LogRow]:
    query = (
        select(LogRow)
        .where(
            LogRow.channel_id == channel_id,
            col(LogRow.undone).is_(False),
            col(LogRow.kind).in_(RECORD_KINDS),
        )
        .order_by(col(LogRow.seq))
    )
    return list(s.exec(query).all())


def _one_statement(change: Change) -> bool:
    """Whether a change is a plain move's (the game row, one log line, the deadline set or cleared), which PostgreSQL
    writes in one statement."""
    plain = not change.seat_numbers and not change.undo_last and change.adjust_deadline is None
    return plain and len(change.log) == 1 and (change.deadline is not None) != change.clear_deadline


def _save_at_once(s: Session, change: Change) -> None:
    """A plain move's writes in one statement, one round trip to PostgreSQL instead of three: the game row's update
    (the version check) with the log line and the deadline as data-modifying parts of the same statement. Should the
    version check fail, StaleVersion rolls the whole transaction back, the line and the deadline with it."""
    values = _game_values(change)
    bumped = (
        update(_GAMES)
        .where(_GAMES.c.channel_id == bindparam("match_channel"), _GAMES.c.version == bindparam("match_version"))
        .values({"version": bindparam("version"), **{name: bindparam(name) for name in values}})
        .returning(_GAMES.c.version)
        .cte("bumped")
    )
    deadline = change.deadline
    statement = sa_select(bumped.c.version).add_cte(_LOG_PART, _DEADLINE_PUT if deadline else _DEADLINE_CLEARED)
    params: dict[str, Any] = {
        "match_channel": change.channel_id,
        "match_version": change.expected,
        "version": change.expected + 1,
        **values,
        "log_channel": change.channel_id,
        **{f"log_{k}": v for k, v in change.log[0].model_dump(exclude={"id", "seq", "channel_id"}).items()},
    }
    if deadline is not None:
        params.update({f"deadline_{k}": v for k, v in deadline.model_dump().items()})
    if s.connection().execute(statement, params).first() is None:
        raise StaleVersion(change.channel_id)


def _adjust_deadline(s: Session, channel_id: int, adjust: AdjustDeadline) -> None:
    """Read-modify-write a deadline inside the caller's transaction (a reminder tick cannot slip in between)."""
    current = s.get(Deadline, channel_id, with_for_update=True)
    if current is not None:
        _put_deadline(s, adjust(Deadline(**current.model_dump())))


def _bump(s: Session, channel_id: int, expected: int, values: dict[str, object]) -> None:
    """The version check and the game row's new values, in one statement (StaleVersion when the row moved on)."""
    params = {"match_channel": channel_id, "match_version": expected, "version": expected + 1, **values}
    if not s.connection().execute(_BUMP, params).rowcount:
        raise StaleVersion(channel_id)


def _game_values(change: Change) -> dict[str, object]:
    values: dict[str, object] = {"updated_at": change.now}
    for name in (
        "status",
        "state",
        "options",
        "seed",
        "rules",
        "rules_until",
        "lobby",
        "reminder_hours",
        "board_posts",
        "live_board",
        "board_owed",
        "board_due_at",
    ):
        value = getattr(change, name)
        if value is not None:
            values[name] = value
    return values


def _append_log(s: Session, channel_id: int, rows: Sequence[LogRow]) -> None:
    """One INSERT per line, its sequence number computed inside it (under the write lock)."""
    connection = s.connection()
    for row in rows:
        values = row.model_dump(exclude={"id", "seq"})
        values["channel_id"] = channel_id
        connection.execute(_ADD_LOG, {"log_channel": channel_id, **values})


def _put_deadline(s: Session, deadline: Deadline) -> None:
    """Insert or replace a game's deadline in one statement (SQLite and PostgreSQL both upsert)."""
    s.connection().execute(_PUT_DEADLINE[s.get_bind().dialect.name], deadline.model_dump())


def _mark_undone(s: Session, channel_id: int, n: int) -> None:
    query = (
        select(LogRow.id)
        .where(LogRow.channel_id == channel_id, col(LogRow.undone).is_(False), col(LogRow.kind).in_(RECORD_KINDS))
        .order_by(col(LogRow.seq).desc())
        .limit(n)
    )
    ids = list(s.exec(query).all())
    s.exec(update(LogRow).where(col(LogRow.id).in_(ids)).values(undone=True))


def _delete_game(s: Session, channel_id: int) -> None:
    for table in (LogRow, SeatRow, Deadline, ReminderPost, TeamThread):
        s.exec(delete(table).where(col(table.channel_id) == channel_id))
    s.exec(delete(Game).where(col(Game.channel_id) == channel_id))
