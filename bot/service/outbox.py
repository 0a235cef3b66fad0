"""What a service call returns: what to post in the channel, what to tell whom privately, what to draw."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from rules.state import GameState, Mark
from rules.view import view_for
from rules.view_types import View


@dataclass(frozen=True)
class BoardJob:
    """A board picture to draw: the state it shows and the marks of what just happened.

    Its spectator's view is made once (`view`), by `bot.service.present.board_job` while the move is answered, so that
    a view that fails is caught there and told to the moderators.
    """

    state: GameState
    marks: list[Mark] = field(default_factory=list)
    version: int = 0  # the game row's version it shows: an older board is never shown after a newer one
    owed: bool = False  # saved as owed with the change (games.board_owed) until it is shown
    automated: frozenset[int] = frozenset()  # the seats automated players hold, marked on the board (public)

    @cached_property
    def view(self) -> View:
        """The public board (a spectator's view: no hands), the automated players' seats marked."""
        view = view_for(self.state, None)
        for seat in view["seats"]:
            if seat["seat"] in self.automated:
                seat["automated"] = True
        return view

    def owing(self) -> BoardJob:
        """The same board, saved as owed until shown."""
        return replace(self, owed=True)


@dataclass(frozen=True)
class Choice:
    """One answer a seat may give to a pending decision (shown as a private button)."""

    label: str
    notation: str


@dataclass(frozen=True)
class Prompt:
    """A public button inviting the seat to act to see, privately, the answers to its decision or its likeliest
    moves (it carries the channel and the state's version only: nothing that depends on hidden cards)."""

    channel_id: int
    version: int
    user_id: int | None
    label: str


@dataclass(frozen=True)
class SeatThread:
    """Where a seat's private posts go: a thread or DM channel, made for one player."""

    channel: int
    user_id: int | None
    kind: str


@dataclass
class SeatPost:
    """What one seat's private thread (or DM) gets: text, maybe its own hand's picture, maybe answer buttons."""

    channel_id: int
    faction: str
    user_id: int
    text: str
    hand: View | None = None  # the view of this seat only: its own hand, never another's
    choices: list[Choice] = field(default_factory=list)
    choices_version: int | None = None
    thread_name: str = ""
    hand_png: bytes | None = None
    stored: SeatThread | None = None  # the seat's thread as saved when the post was made


@dataclass(frozen=True)
class TeamPlan:
    """A team's private thread as it should be now (its players, its welcome) and as it was stored."""

    channel_id: int
    team: str
    name: str
    welcome: str
    joined: dict[int, str]  # each player of the team: the line that greets them when they join later
    thread_id: int | None = None  # the thread made for the team, if any
    kind: str | None = None  # None: never tried; "making": asked, id not kept; "thread"; "none": not allowed
    added: frozenset[int] = frozenset()  # the players added to it so far
    welcomed: bool = False

    @property
    def members(self) -> set[int]:
        """The players who should be in the thread: the team's seated players, nobody else."""
        return set(self.joined)


@dataclass(frozen=True)
class LiveBoard:
    """The one board message of a game kept up to date: edit it (or post it anew at the bottom when asked)."""

    channel_id: int
    version: int  # the game row's: an older board never replaces a newer one
    caption: str
    repost: bool = False
    message_id: int | None = None  # the live board message as saved when this was made
    game: int = 0  # when its game was created: a channel's next game gets a live board message of its own


@dataclass
class Outbox:
    """The result of one command or one reminder tick, ready for any adapter (Discord, console)."""

    public: str = ""
    reply: str = ""
    refused: bool = False
    channel_id: int | None = None
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    seat_posts: list[SeatPost] = field(default_factory=list)
    team_threads: bool = False  # the teams' private threads are brought up to date (a start, a seat handed over)
    board: BoardJob | None = None
    live: LiveBoard | None = None  # the board goes to the live board message instead of this message
    hand: View | None = None
    prompt: Prompt | None = None
    choices: list[Choice] = field(default_factory=list)
    choices_version: int | None = None
    choices_confirm: bool = False  # the choices confirm an action already put to the player (no second question)
    deadline: int | None = None
    attachments: dict[str, bytes] = field(default_factory=dict)
    board_png: bytes | None = None
    hand_png: bytes | None = None
    nonce: str | None = None  # a channel post's idempotency key (Discord drops a repeat of it)
    notices: list[str] = field(default_factory=list)  # for the game's moderators ({mods}): what failed, public words
    automated_next: bool = False  # an automated player may be the one to act now: the adapter wakes the runner

    def tell_moderators(self, notice: str) -> None:
        """Ask the adapter to tell the game's moderators something ({mods} in the text names them), once."""
        if notice not in self.notices:
            self.notices.append(notice)

    @classmethod
    def refusal(cls, text: str) -> Outbox:
        """A private refusal; nothing changed."""
        return cls(reply=text, refused=True)

    @classmethod
    def private_reply(cls, text: str) -> Outbox:
        """A private answer that changes nothing (information, help)."""
        return cls(reply=text)
