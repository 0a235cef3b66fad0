"""The database tables (SQLModel): games, seats, team threads, the action log, deadlines and per-server settings."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, ForeignKey, Integer, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

# A Discord snowflake: INTEGER in SQLite (a rowid alias holds 64 bits), BIGINT elsewhere.
Snowflake = BigInteger().with_variant(Integer(), "sqlite")

GAME_STATUSES = ("lobby", "active", "paused", "over", "ended")


def _channel_fk() -> Column:  # type: ignore[type-arg]
    return Column(Snowflake, ForeignKey("games.channel_id", ondelete="CASCADE"), nullable=False, index=True)


class Game(SQLModel, table=True):
    """One game per channel: its lobby settings, then the engine options, seed and saved state."""

    __tablename__ = "games"

    channel_id: int = Field(sa_column=Column(Snowflake, primary_key=True, autoincrement=False))
    guild_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    status: str = "lobby"
    version: int = 0
    lobby: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    options: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    seed: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    state: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    rules: int | None = None  # the rules revision of the record (rules.revisions); None: saved before 0006
    rules_until: int | None = None  # record lines written under an older `rules`; those after are today's
    reminder_hours: float = 24.0
    board_posts: str = "move"  # when the board is posted: after every move, at the end of each turn, on request
    live_board: bool = False  # one board message kept up to date (edited) instead of new pictures
    board_message_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    board_owed: int | None = None  # the game version whose board is saved but not yet shown (drawn after the move)
    board_due_at: int | None = None  # when a board still owed is drawn by the recovery loop (any process)
    created_by: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    created_at: int = 0
    updated_at: int = 0


class SeatRow(SQLModel, table=True):
    """A faction claimed at a game: its seat number once started, and the Discord user playing it."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("channel_id", "faction"),)

    id: int | None = Field(default=None, primary_key=True)
    channel_id: int = Field(sa_column=_channel_fk())
    faction: str
    seat: int | None = None
    user_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    user_name: str = ""
    team: str | None = None
    joined_at: int = 0
    auto_pass: bool = False  # pass for this seat when a prompt can only be answered with pass
    automated: bool = False  # an automated player holds the seat (user_id is None then)
    thread_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))  # private thread or DM
    thread_user_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))  # who it is for
    thread_kind: str | None = None  # "thread" or "dm"


class TeamThread(SQLModel, table=True):
    """A team's private thread in a team game: made once, kept so that a restart finds it again."""

    __tablename__ = "team_threads"
    __table_args__ = (UniqueConstraint("channel_id", "team"),)

    id: int | None = Field(default=None, primary_key=True)
    channel_id: int = Field(sa_column=_channel_fk())
    team: str
    thread_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    kind: str = "thread"  # "thread"; "making": asked of Discord, not kept yet; "none": not allowed (told once)
    members: str = "[]"  # the players added to it (user ids, JSON)
    welcomed: bool = False  # its welcome was posted


class LogRow(SQLModel, table=True):
    """One line of a game's log: an action or moderator edit (the record), or a moderator note."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("channel_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    channel_id: int = Field(default=0, sa_column=_channel_fk())
    seq: int = 0
    kind: str = "action"
    seat: int | None = None
    user_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    notation: str | None = None
    public: str = Field(default="", sa_column=Column(Text, nullable=False))
    private: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    irreversible: bool = False
    version: int = 0
    undone: bool = False
    created_at: int = 0


class Deadline(SQLModel, table=True):
    """When the seat holding the action is next reminded (epoch seconds), and how often it already was."""

    __tablename__ = "deadlines"

    channel_id: int = Field(
        sa_column=Column(Snowflake, ForeignKey("games.channel_id", ondelete="CASCADE"), primary_key=True)
    )
    seat: int
    user_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    since: int = 0
    due_at: int | None = None
    paused_left: int | None = None
    reminders_sent: int = 0
    notified: bool = False
    version: int = 0


class GuildSettings(SQLModel, table=True):
    """Per-server settings: the moderator role and defaults for new games."""

    __tablename__ = "guild_settings"

    guild_id: int = Field(sa_column=Column(Snowflake, primary_key=True, autoincrement=False))
    moderator_role_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    reminder_hours: float | None = None
    reminders_before_notice: int | None = None
    vacated_seats: str | None = None  # who may /root join a seat left free in a running game: anyone, moderators

    def moderator_role(self) -> int | None:
        """The moderator role; none when it is @everyone (its id is the server's), saved before that was refused."""
        role = self.moderator_role_id
        return None if role == self.guild_id else role


class ReminderPost(SQLModel, table=True):
    """A reminder waiting to be posted (the outbox): it is deleted only once its post succeeded."""

    __tablename__ = "reminder_posts"

    id: int | None = Field(default=None, primary_key=True)
    channel_id: int = Field(sa_column=_channel_fk())
    nonce: str  # the same on every attempt, so Discord drops a repeat of a post that did go through
    public: str = Field(default="", sa_column=Column(Text, nullable=False))
    mentions: str = "[]"
    mention_roles: str = "[]"
    seat: int = 0
    user_id: int | None = Field(default=None, sa_column=Column(Snowflake, nullable=True))
    since: int = 0
    version: int = 0  # the deadline it reminds of (a reminder of a deadline that moved on is dropped)
    created_at: int = 0
    attempts: int = 0
    next_attempt_at: int = 0
    claimed_until: int | None = None  # set while one process posts it; left set if that process died
    failed: bool = False  # given up after too many attempts (kept for the logs)
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
