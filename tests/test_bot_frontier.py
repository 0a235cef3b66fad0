"""The Frontier Alliance Mode through the real command tree: a six-seat lobby with teams, started and played."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from discord_harness import OfflineUser, db_url, offline_bot
from test_bot_console import played

import rules
from bot.service.present import points_text
from rules import registry
from rules.modes import find_mode

PLAYERS = {
    "marquise": ("alice", "A"),
    "eyrie": ("bob", "a"),
    "vagabond": ("carol", "A"),
    "tinker": ("dave", "B"),
    "spinners": ("erin", "B"),
    "alliance": ("fred", "b"),
}


@pytest.fixture(autouse=True)
def _playable(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The mode and the fan factions are still being built: lobbies offer them in these tests only."""
    monkeypatch.setattr(type(find_mode("frontier")), "playable", True)
    for fid in ("tinker", "spinners"):
        monkeypatch.setattr(type(registry.faction(fid)), "playable", True)
    yield


async def test_a_frontier_game_is_created_with_teams_started_and_played_for_a_round(tmp_path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    users = {faction: OfflineUser(name) for faction, (name, _) in PLAYERS.items()}
    factions = ",".join(PLAYERS)
    created = await bot.slash(users["marquise"], 1, "root create", mode="frontier", seats=6, factions=factions)
    assert created.outbox is not None and not created.outbox.refused, created.outbox.reply
    assert "The first team to 90 points wins, or the most points after round 6." in created.outbox.public
    for faction, (_, team) in PLAYERS.items():
        joined = await bot.slash(users[faction], 1, "root join", faction=faction, team=team)
        assert joined.outbox is not None and not joined.outbox.refused, joined.outbox.reply
    started = await bot.slash(users["alliance"], 1, "root start")
    assert started.outbox is not None and not started.outbox.refused, started.outbox.reply
    state = (await bot.service.table(1)).state
    assert [s.team for s in state.seats] == ["A", "A", "A", "B", "B", "B"]
    chooser = random.Random(5)
    while state.turn.round < 2:
        seat = rules.to_act(state)
        assert seat is not None
        action = chooser.choice(rules.legal_actions(state, seat))
        result = await bot.slash(users[state.seats[seat].faction], 1, "play", action=action.notation())
        assert result.outbox is not None and not result.outbox.refused, (action.notation(), result.outbox.reply)
        state = (await bot.service.table(1)).state
    assert rules.problems(state) == []
    board = await bot.slash(users["vagabond"], 1, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    exported = await bot.slash(users["tinker"], 1, "root export")
    [record] = [json.loads(data) for s in exported.sent for data in s.files.values()]
    assert "seed" not in record and len(record["actions"]) == state.version
    before = state.version
    undone = await bot.slash(OfflineUser("mo", moderator=True), 1, "rootmod undo", count=3, confirm=True)
    assert undone.outbox is not None and not undone.outbox.refused, undone.outbox.reply
    state = (await bot.service.table(1)).state
    assert rules.problems(state) == [] and len(state.seats) == 6 and state.version < before
    await bot.service.store.close()


async def test_a_frontier_lobby_refuses_a_wrong_seat_count_and_a_team_that_is_not_a_or_b(tmp_path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    alice = OfflineUser("alice")
    refused = await bot.slash(alice, 1, "root create", mode="frontier", seats=4)
    assert refused.outbox is not None and refused.outbox.refused
    assert "a frontier game has exactly 6 seats, not 4" in refused.outbox.reply
    created = await bot.slash(alice, 1, "root create", mode="frontier", seats=6, factions=",".join(PLAYERS))
    assert created.outbox is not None and not created.outbox.refused
    wrong = await bot.slash(alice, 1, "root join", faction="marquise", team="red")
    assert wrong.outbox is not None and wrong.outbox.refused
    assert "teams in a frontier game are A and B, not 'red'" in wrong.outbox.reply
    await bot.service.store.close()


async def test_a_fourth_player_for_one_team_and_a_player_without_a_team_are_refused_at_join(tmp_path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    users = {faction: OfflineUser(name) for faction, (name, _) in PLAYERS.items()}
    await bot.slash(users["marquise"], 1, "root create", mode="frontier", seats=6, factions=",".join(PLAYERS))
    replies = []
    for faction in PLAYERS:
        team = "A" if faction != "alliance" else "B"
        result = await bot.slash(users[faction], 1, "root join", faction=faction, team=team)
        assert result.outbox is not None
        replies.append((faction, result.outbox.refused, result.outbox.reply))
    refused = [(f, reply) for f, was_refused, reply in replies if was_refused]
    assert [f for f, _ in refused] == [f for f in PLAYERS if f != "alliance"][3:]
    assert all("team A already has its 3 players; join the other team" in reply for _, reply in refused)
    late = [f for f in PLAYERS if f != "alliance"][3]
    no_team = await bot.slash(users[late], 1, "root join", faction=late)
    assert no_team.outbox is not None and no_team.outbox.refused
    assert "join with the team option too (team:A or team:B)" in no_team.outbox.reply
    table = await bot.service.table(1)
    assert table.game.status == "lobby" and len(table.seats) == 4
    await bot.service.store.close()


def test_the_six_player_frontier_example_runs_to_the_end_in_the_console() -> None:
    """assets/examples/frontier-game.txt: six rounds, decided after the last one.

    Made by tools.scriptgen (see its usage); a change to the rules that changes the game's choices means making it
    again.
    """
    code, out = played("frontier-game.txt")
    assert code == 0
    summary = out.strip().splitlines()[-1]
    assert " 0 refused" in summary and "0 unreadable" in summary
    assert "The game is over" in out
    assert "win the game: the last round is over: team B has more points (9 to 5)!" in out


async def test_the_lobby_and_the_status_name_the_joined_maps_and_each_player_s_team(tmp_path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    users = {faction: OfflineUser(name) for faction, (name, _) in PLAYERS.items()}
    created = await bot.slash(users["marquise"], 1, "root create", mode="frontier", seats=6, factions=",".join(PLAYERS))
    assert created.outbox is not None and "frontier, autumn and winter maps joined by bridges, 6 seats" in (
        created.outbox.public
    )
    assert "Join with `/root join faction:… team:…`" in created.outbox.public
    joined = await bot.slash(users["marquise"], 1, "root join", faction="marquise", team="a")
    assert joined.outbox is not None and "as **Marquise de Cat** for team **A** (1/6 seats)" in joined.outbox.public
    lobby = await bot.slash(users["marquise"], 1, "root status")
    assert lobby.outbox is not None and "Seated: Marquise de Cat (alice, team A)." in lobby.outbox.reply
    for faction, (_, team) in list(PLAYERS.items())[1:]:
        await bot.slash(users[faction], 1, "root join", faction=faction, team=team)
    started = await bot.slash(users["alliance"], 1, "root start")
    assert started.outbox is not None and "Old Man Tinker (dave, team B)" in started.outbox.public
    status = await bot.slash(users["tinker"], 1, "root status")
    assert status.outbox is not None and "Eyrie Dynasties (bob, team A, 0 points)" in status.outbox.reply
    assert "\nTeams: team A 0 points, team B 0 points." in status.outbox.reply
    await bot.service.store.close()


def test_points_in_a_team_game_give_each_team_s_total_first() -> None:
    options = {"mode": "frontier", "factions": list(PLAYERS), "teams": {f: t.upper() for f, (_, t) in PLAYERS.items()}}
    state = rules.new_game(options, 1)
    for seat, points in enumerate((10, 5, 1, 7, 0, 2)):
        state.seats[seat].points = points
    assert points_text(state).startswith("team A 16, team B 9 (Marquise de Cat 10, Eyrie Dynasties 5,")
    plain = rules.new_game({"factions": ["marquise", "eyrie"]}, 1)
    assert points_text(plain) == "Marquise de Cat 0, Eyrie Dynasties 0"


async def test_the_mode_can_be_typed_3x3_and_its_autocomplete_names_it(tmp_path) -> None:
    from bot.discord.commands import mode_choices

    assert find_mode("3x3") is find_mode("FRONTIER") is find_mode("frontier")
    assert mode_choices("3x3") == [("frontier", "Root 3x3, Frontier Alliance (frontier)")]
    assert [m for m, _ in mode_choices("stand")] == ["standard"]
    bot = await offline_bot(db_url(tmp_path))
    alice = OfflineUser("alice")
    created = await bot.slash(alice, 1, "root create", mode="3x3", seats=6, factions=",".join(PLAYERS))
    assert created.outbox is not None and not created.outbox.refused, created.outbox.reply
    assert "in this channel: frontier, autumn and winter maps" in created.outbox.public
    assert json.loads((await bot.service.table(1)).game.lobby or "{}")["mode"] == "frontier"
    await bot.service.store.close()


async def test_the_team_option_suggests_each_team_with_its_players_so_far(tmp_path) -> None:
    from bot.service.table import Actor

    bot = await offline_bot(db_url(tmp_path))
    users = {faction: OfflineUser(name) for faction, (name, _) in PLAYERS.items()}
    await bot.slash(users["marquise"], 1, "root create", mode="frontier", seats=6, factions=",".join(PLAYERS))
    await bot.slash(users["marquise"], 1, "root join", faction="marquise", team="A")
    actor = Actor(channel_id=1, user_id=users["eyrie"].id, name="bob", guild_id=None)
    shown = {s.value: s.name for s in await bot.service.suggest_teams(actor, "")}
    assert shown == {"A": "Team A (1/3: alice)", "B": "Team B (0/3: nobody)"}
    assert [s.value for s in await bot.service.suggest_teams(actor, "b")] == ["B"]
    await bot.slash(users["marquise"], 2, "root create", seats=2, factions="marquise,eyrie")
    other = Actor(channel_id=2, user_id=users["eyrie"].id, name="bob", guild_id=None)
    assert await bot.service.suggest_teams(other, "") == []  # no teams in a standard game
    await bot.service.store.close()
