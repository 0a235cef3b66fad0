"""Helpers for bot tests: a real SQLite file per test, a clock the test moves, and the offline Discord harness.

The offline adapter itself lives in bot/console/offline.py (the console uses it too); test_bot_harness.py smoke-tests
the private discord.py seams it relies on, so that an upgrade of discord.py fails loudly there first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import rules
from bot.console.offline import OfflineBot, OfflineUser, Result, stable_id
from bot.discord.commands import command_options
from bot.service import GameService
from bot.service.table import Actor
from bot.settings import Settings
from bot.storage.store import Store

START = 1_800_000_000  # a fixed "now" (2027-01-15)
CHANNEL = 4242
GUILD = 77
SEED = 11
HOUR = 3600


class FakeClock:
    """Time that only moves when a test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        """Let time pass."""
        self.now += hours * HOUR


def db_url(folder: Path, name: str = "games.db") -> str:
    """A SQLite file in the test's own folder."""
    return f"sqlite+aiosqlite:///{folder / name}"


async def open_service(url: str, clock: FakeClock | None = None, seed: int = SEED) -> GameService:
    """A service on a database file (opened and migrated), with a fixed seed for new games."""
    store = await Store.open(url)
    return GameService(store, Settings(), clock=clock or FakeClock(), seed_for=lambda _c: seed)


ALICE = Actor(CHANNEL, 1001, "alice", GUILD)
BOB = Actor(CHANNEL, 1002, "bob", GUILD)
CAROL = Actor(CHANNEL, 1003, "carol", GUILD)
MOD = Actor(CHANNEL, 1009, "mo", GUILD, moderator=True)


async def started_game(
    service: GameService, win_points: int = 30, round_limit: int | None = None, channel: int = CHANNEL
) -> None:
    """Alice (Marquise) and Bob (Eyrie) in a started game in CHANNEL (or another channel)."""
    alice, bob = replace(ALICE, channel_id=channel), replace(BOB, channel_id=channel)
    assert not (await service.create(alice, seats=2, win_points=win_points, round_limit=round_limit)).refused
    assert not (await service.join(alice, "marquise")).refused
    assert not (await service.join(bob, "eyrie")).refused
    assert not (await service.start(alice)).refused


async def state_of(service: GameService, channel: int = CHANNEL) -> rules.GameState:
    """The saved engine state of a channel's game."""
    return (await service.table(channel)).state


async def saved(service: GameService, channel: int = CHANNEL) -> tuple[str | None, int, int]:
    """What must not change when a command is refused: state JSON, row version and log length."""
    table = await service.table(channel)
    rows = await service.store.log(channel, 10_000)
    return table.game.state, table.game.version, len(rows)


def actor_for(service_state: rules.GameState, seat: int) -> Actor:
    """Alice plays seat 0's faction when it is the Marquise; the helpers seat Marquise then Eyrie."""
    return ALICE if service_state.seats[seat].faction == "marquise" else BOB


async def play_random(service: GameService, steps: int, seed: int = 3) -> list[str]:
    """Play some random legal actions through the service; the notations played."""
    chooser = random.Random(seed)
    played = []
    for _ in range(steps):
        state = await state_of(service)
        seat = rules.to_act(state)
        if seat is None:
            break
        action = chooser.choice(rules.legal_actions(state, seat))
        outbox = await service.submit(actor_for(state, seat), action.notation())
        assert not outbox.refused, outbox.reply
        played.append(action.notation())
    return played


PATHS: dict[tuple[str, str], list[str]] = {}


def path_to(
    state: rules.GameState, goal: Callable[[rules.GameState], bool], walks: int = 80, steps: int = 300
) -> list[str]:
    """Notations of a seeded random walk from a state to one where the goal holds (for states hard to set up)."""
    key = (state.digest(), goal.__qualname__)
    if key not in PATHS:  # tests that start from the same game share the walk
        PATHS[key] = _walk_to(state, goal, walks, steps)
    return list(PATHS[key])


def _walk_to(state: rules.GameState, goal: Callable[[rules.GameState], bool], walks: int, steps: int) -> list[str]:
    for walk in range(walks):
        chooser, here, played = random.Random(walk), state, []
        for _ in range(steps):
            seat = rules.to_act(here)
            if seat is None:
                break
            action = chooser.choice(rules.legal_actions(here, seat))
            here, _ = rules.apply_unchecked(here, seat, action)  # chosen from the legal ones
            played.append(action.notation())
            if goal(here):
                return played
    raise AssertionError("no random walk reached the goal")


async def offline_bot(url: str, clock: FakeClock | None = None) -> OfflineBot:
    """The real command tree over a service on a database file."""
    return OfflineBot(await open_service(url, clock))


def console_channel(name: str) -> int:
    """The channel id the console uses for a channel name."""
    return stable_id("channel", name)


__all__ = ["OfflineBot", "OfflineUser", "Result"]


def slash_options(action: rules.Action) -> dict[str, object]:
    """The options of an action's own command, by their Discord names (places as typed: 5, fA; lists joined by ',')."""
    return command_options(action, typed_places=True)


async def seated_game(bot: OfflineBot, channel: int, players: dict[str, OfflineUser]) -> None:
    """A game created by the first player, each faction joined by its player (in order), started by the last."""
    users = list(players.values())
    created = await bot.slash(users[0], channel, "root create", seats=len(users), factions=",".join(players))
    assert not created.refused, created.text
    for faction, user in players.items():
        assert not (await bot.slash(user, channel, "root join", faction=faction)).refused
    assert not (await bot.slash(users[-1], channel, "root start")).refused


async def play_action(bot: OfflineBot, user: OfflineUser, channel: int, action: rules.Action) -> Result:
    """Play an action with its own slash command (under its faction's group where it has one)."""
    from bot.service.notation import slash_name

    return await bot.slash(user, channel, slash_name(action.verb), **slash_options(action))


async def refused_unchanged(
    bot: OfflineBot, user: OfflineUser, channel: int, command: str, expected: str, **options: object
) -> None:
    """A command refused with a reply naming its reason, and the saved game left exactly as it was."""
    before = (await bot.service.table(channel)).state
    result = await bot.slash(user, channel, command, **options)
    said = result.text
    assert result.refused and expected in said and "Traceback" not in said, (command, options, said)
    after = (await bot.service.table(channel)).state
    assert after.version == before.version and after.digest() == before.digest()


async def play_until(
    bot: OfflineBot,
    channel: int,
    players: dict[str, OfflineUser],
    goal: Callable[[rules.GameState], bool],
    seed: int,
    liked: Callable[[rules.Action], bool] = lambda _action: False,
    rounds: int = 6,
) -> rules.GameState:
    """Random legal actions through the slash commands, those `liked` chosen four times in five, until goal(state);
    each must be accepted."""
    chooser = random.Random(seed)
    for _ in range(900):
        state = (await bot.service.table(channel)).state
        if goal(state):
            return state
        seat = rules.to_act(state)
        assert seat is not None and state.turn.round <= rounds, "the moment never came"
        legal = rules.legal_actions(state, seat)
        preferred = [a for a in legal if liked(a)]
        action = chooser.choice(preferred) if preferred and chooser.random() < 0.8 else chooser.choice(legal)
        result = await play_action(bot, players[state.seats[seat].faction], channel, action)
        assert not result.refused, (action.notation(), result.text)
    raise AssertionError("the moment never came")
