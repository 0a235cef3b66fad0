"""A game with the Vagabond through the real command tree: created, started and played for several turns."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot

import rules

PLAYERS = {"marquise": "alice", "eyrie": "bob", "vagabond": "carol"}


async def test_a_game_with_the_vagabond_is_created_started_and_played(tmp_path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    users = {faction: OfflineUser(name) for faction, name in PLAYERS.items()}
    created = await bot.slash(users["marquise"], 1, "root create", seats=3, factions="marquise,eyrie,vagabond")
    assert created.outbox is not None and not created.outbox.refused
    for faction, user in users.items():
        joined = await bot.slash(user, 1, "root join", faction=faction)
        assert joined.outbox is not None and not joined.outbox.refused, joined.outbox.reply
    started = await bot.slash(users["vagabond"], 1, "root start")
    assert started.outbox is not None and not started.outbox.refused
    chooser = random.Random(4)
    vagabond_turns: set[int] = set()
    posts: list[str] = []
    while len(vagabond_turns) < 4:
        state = (await bot.service.table(1)).state
        seat = rules.to_act(state)
        assert seat is not None
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(users[faction], 1, "play", action=action.notation())
        assert result.outbox is not None and not result.outbox.refused, (action.notation(), result.outbox.reply)
        posts += [s.content for s in result.public]
        if faction == "vagabond" and state.turn.seat == seat:
            vagabond_turns.add(state.turn.round)
    state = (await bot.service.table(1)).state
    assert rules.problems(state) == []
    assert any("The Vagabond" in post for post in posts)
    board = await bot.slash(users["vagabond"], 1, "root board")
    assert any(s.files.get("board.png", b"").startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()
