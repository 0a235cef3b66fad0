"""The maps through the real command tree: /root create map: offers every map and refuses a bad one; the Ferry and
closed paths are played with /ferry and /clear, and each refuses bad input with its reason, the game unchanged
(Law 25.3.5, 25.4.3); the example games on the Lake and Mountain maps run to their end in the console."""

from __future__ import annotations

from discord_harness import OfflineUser, db_url, offline_bot, play_until, refused_unchanged
from test_bot_console import played

import rules
from bot.service.notation import slash_name

CHANNEL = 3030
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob")}


async def _seated(bot, board: str) -> None:
    """A Marquise v Eyrie game on a map, every seat taken and started."""
    alice, bob = PLAYERS["marquise"], PLAYERS["eyrie"]
    created = await bot.slash(alice, CHANNEL, "root create", seats=2, factions="marquise,eyrie", map=board)
    assert not created.refused and f"{board} map" in created.text, created.text
    assert not (await bot.slash(alice, CHANNEL, "root join", faction="marquise")).refused
    assert not (await bot.slash(bob, CHANNEL, "root join", faction="eyrie")).refused
    assert not (await bot.slash(bob, CHANNEL, "root start")).refused


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:
    """One refusal naming its reason; the game is left as it was."""
    await refused_unchanged(bot, user, CHANNEL, slash_name(verb), expected, **options)


def _user_to_act(state: rules.GameState) -> OfflineUser:
    seat = rules.to_act(state)
    assert seat is not None
    return PLAYERS[state.seats[seat].faction]


async def test_root_create_offers_every_map_and_refuses_another(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice = PLAYERS["marquise"]
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "map", map="")
    assert [c["value"] for c in offered] == ["autumn", "winter", "lake", "mountain"]
    typed = await bot.autocomplete(alice, CHANNEL, "root create", "map", map="mount")
    assert [c["value"] for c in typed] == ["mountain"]
    moon = await bot.slash(alice, CHANNEL, "root create", seats=2, map="moon")
    assert moon.refused and "unknown map 'moon'; maps are autumn, winter, lake, mountain" in moon.text
    frontier = await bot.slash(alice, CHANNEL, "root create", mode="frontier", seats=6, map="lake")
    assert frontier.refused and "played on the Autumn and Winter maps" in frontier.text
    assert (await bot.service.store.load(CHANNEL)) is None  # nothing was made


async def test_a_map_is_read_in_any_case_as_a_faction_or_a_mode_is(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice = PLAYERS["marquise"]
    for channel, typed, board in ((CHANNEL, "Lake", "lake"), (CHANNEL + 1, " Autumn+WINTER ", "autumn+winter")):
        created = await bot.slash(alice, channel, "root create", seats=2, factions="Marquise,EYRIE", map=typed)
        assert not created.refused, created.text
        assert (await bot.service.table(channel)).lobby["board"] == board


async def test_the_ferry_is_played_and_refused_through_its_command(tmp_path):
    """25.3.5 through /ferry: a move across the lake, and refusals that say why."""
    bot = await offline_bot(db_url(tmp_path))
    await _seated(bot, "lake")
    offered = lambda a: a.verb == "ferry"  # noqa: E731
    state = await play_until(
        bot,
        CHANNEL,
        PLAYERS,
        lambda s: bool(rules.legal_actions(s, s.turn.seat, "ferry")) and not s.pending,
        5,
        offered,
    )
    user = _user_to_act(state)
    ferry = state.landmarks["ferry"]
    other = next(c for c in sorted(state.board.coastal) if c != ferry)
    away = next(c for c in state.board.ids() if c not in state.board.coastal)
    choices = await bot.autocomplete(user, CHANNEL, "ferry", "to", **{"from": str(ferry)})
    assert choices and all(int(c["value"]) in state.board.coastal for c in choices)
    await _refused(
        bot,
        user,
        "ferry",
        f"the Ferry is in clearing {ferry}, not clearing {away}",
        **{"from": away, "to": other, "count": 1},
    )
    await _refused(bot, user, "ferry", f"clearing {away} is not on the lake", **{"from": ferry, "to": away, "count": 1})
    await _refused(bot, user, "ferry", "there is no clearing 40", **{"from": ferry, "to": 40, "count": 1})
    legal = rules.legal_actions(state, rules.to_act(state) or 0, "ferry")[0]
    hand = len(state.seats[rules.to_act(state) or 0].hand)
    done = await bot.slash(user, CHANNEL, "ferry", **{"from": legal.src, "to": legal.dst, "count": legal.count})
    assert not done.refused and "The Ferry sails" in done.text, done.text
    after = (await bot.service.table(CHANNEL)).state
    assert after.landmarks["ferry"] == legal.dst and len(after.seats[state.turn.seat].hand) >= hand
    if after.turn.seat == state.turn.seat and not after.pending:  # the same turn: the Ferry has sailed once
        await _refused(
            bot, user, "ferry", "already carried a move this turn", **{"from": legal.dst, "to": ferry, "count": 1}
        )


async def test_closed_paths_are_cleared_and_refused_through_their_command(tmp_path):
    """25.4.3 through /clear: a closed path removed for a card and a point, and refusals that say why."""
    bot = await offline_bot(db_url(tmp_path))
    await _seated(bot, "mountain")
    state = await play_until(
        bot, CHANNEL, PLAYERS, lambda s: bool(rules.legal_actions(s, s.turn.seat, "clear")) and not s.pending, 5
    )
    seat = rules.to_act(state) or 0
    user = PLAYERS[state.seats[seat].faction]
    action = rules.legal_actions(state, seat, "clear")[0]
    held = rules.cards.card(state.seats[seat].hand[0]).key
    missing = next(
        k
        for k in ("anvil", "sappers", "armorers")
        if k not in {rules.cards.card(c).key for c in state.seats[seat].hand}
    )
    await _refused(bot, user, "clear", "is open: there is no closed path", **{"from": 1, "to": 8, "card": held})
    await _refused(bot, user, "clear", "no path joins clearings 1 and 2", **{"from": 1, "to": 2, "card": held})
    await _refused(bot, user, "clear", "not in your hand", **{"from": action.src, "to": action.dst, "card": missing})
    other = PLAYERS["eyrie" if state.seats[seat].faction == "marquise" else "marquise"]
    await _refused(bot, other, "clear", "not your turn", **{"from": action.src, "to": action.dst, "card": held})
    points = state.seats[seat].points
    done = await bot.slash(user, CHANNEL, "clear", **{"from": action.src, "to": action.dst, "card": action.card})
    assert not done.refused and "remove the closed path" in done.text, done.text
    after = (await bot.service.table(CHANNEL)).state
    assert after.seats[seat].points == points + 1 and (action.src, action.dst) not in after.board.closed_paths
    if after.turn.seat == seat and after.turn.phase == "daylight" and not after.pending:
        a, b = sorted(after.board.closed_paths)[0]
        card = rules.cards.card(after.seats[seat].hand[0]).key if after.seats[seat].hand else held
        await _refused(
            bot, user, "clear", "already removed a closed path this turn", **{"from": a, "to": b, "card": card}
        )


def test_the_lake_example_game_runs_to_its_end_with_the_ferry():
    code, out = played("lake-game.txt")
    assert code == 0 and " 0 refused" in out.strip().splitlines()[-1] and "The game is over" in out
    assert "/ferry " in (played_script := _script("lake-game.txt")) and "The Ferry sails from clearing" in out
    assert "draws 1 card" in out and played_script.count("/ferry ") >= 2


def test_the_mountain_example_game_runs_to_its_end_with_closed_paths_and_the_pass():
    code, out = played("mountain-game.txt")
    assert code == 0 and " 0 refused" in out.strip().splitlines()[-1] and "The game is over" in out
    assert "/clear " in _script("mountain-game.txt") and "to remove the closed path between clearings" in out
    assert "(ruling the Pass, clearing 10)" in out


def _script(name: str) -> str:
    from test_bot_console import EXAMPLES

    return (EXAMPLES / name).read_text()
