"""Games with the Vagabond through the real command tree: created, started and played for several turns."""

from __future__ import annotations

import random
from typing import Any

from discord_harness import OfflineUser, db_url, offline_bot

import rules


async def play_until(tmp_path, players: dict[str, str], watched: tuple[str, ...], turns: int) -> tuple[Any, list[str]]:
    """Create, join (each faction by the name given) and start a game, then play random legal actions until each
    watched faction has played `turns` turns; the bot and the public posts."""
    bot = await offline_bot(db_url(tmp_path))
    users = {name: OfflineUser(user) for name, user in players.items()}
    first = next(iter(users.values()))
    created = await bot.slash(first, 1, "root create", seats=len(players), factions=",".join(players))
    assert created.outbox is not None and not created.outbox.refused, created.outbox.reply
    for name, user in users.items():
        joined = await bot.slash(user, 1, "root join", faction=name)
        assert joined.outbox is not None and not joined.outbox.refused, joined.outbox.reply
    started = await bot.slash(first, 1, "root start")
    assert started.outbox is not None and not started.outbox.refused
    state = (await bot.service.table(1)).state
    by_faction = {state.seats[s].faction: users[name] for s, name in enumerate(players)}
    chooser = random.Random(4)
    played: dict[str, set[int]] = {f: set() for f in watched}
    posts: list[str] = []
    while any(len(rounds) < turns for rounds in played.values()):
        state = (await bot.service.table(1)).state
        seat = rules.to_act(state)
        assert seat is not None
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(by_faction[faction], 1, "play", action=action.notation())
        assert result.outbox is not None and not result.outbox.refused, (action.notation(), result.outbox.reply)
        posts += [s.content for s in result.public]
        if faction in played and state.turn.seat == seat:
            played[faction].add(state.turn.round)
    state = (await bot.service.table(1)).state
    assert rules.problems(state) == []
    return bot, posts


async def test_a_game_with_the_vagabond_is_created_started_and_played(tmp_path) -> None:
    players = {"marquise": "alice", "eyrie": "bob", "vagabond": "carol"}
    bot, posts = await play_until(tmp_path, players, ("vagabond",), 4)
    assert any("The Vagabond" in post for post in posts)
    board = await bot.slash(OfflineUser("carol"), 1, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


async def test_a_game_with_two_vagabonds_named_by_their_aliases(tmp_path) -> None:
    players = {"marquise": "alice", "eyrie": "bob", "vb": "carol", "vb2": "dave"}
    bot, posts = await play_until(tmp_path, players, ("vagabond", "vagabond2"), 2)
    state = (await bot.service.table(1)).state
    assert sorted(s.faction for s in state.seats) == ["eyrie", "marquise", "vagabond", "vagabond2"]
    assert any("The Second Vagabond" in post for post in posts)
    board = await bot.slash(OfflineUser("dave"), 1, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()
