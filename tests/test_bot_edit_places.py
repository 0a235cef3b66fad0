"""Moderator edits through /rootmod of the factions' own piles, items, the Ferry and closed paths. A card edited into
or out of a face-down pile (the Alliance's Supporters) is never named in public: two tables alike but for which card
the moderator moved see the same channel posts, board, log, redacted export and view (the re-deal idea of
test_hidden_information.py), while the moderator and the seats that may look at the card are told which. Every bad
edit gets one reason and leaves the saved game as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from discord_harness import OfflineUser, db_url, offline_bot, play_until, refused_unchanged, seated_game
from test_hidden_information import channel_outputs

import rules
from bot.console.offline import OfflineBot, Result, Sent
from rules.cards import card, keys
from rules.factions.alliance import supporters

CHANNEL = 2727
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "alliance": OfflineUser("carol")}
MOD, EVE = OfflineUser("mo", moderator=True), OfflineUser("eve")


def _set_up(state: rules.GameState) -> bool:
    return state.turn.phase != "setup" and not state.pending


async def _table(folder: Path) -> OfflineBot:
    """A Marquise, Eyrie and Alliance game past setup, the same in every folder."""
    folder.mkdir()
    bot = await offline_bot(db_url(folder))
    await seated_game(bot, CHANNEL, PLAYERS)
    await play_until(bot, CHANNEL, PLAYERS, _set_up, 5)
    return bot


async def _state(bot: OfflineBot) -> rules.GameState:
    return (await bot.service.table(CHANNEL)).state


def _thread_posts(sent: list[Sent], user: OfflineUser) -> list[str]:
    return [s.content for s in sent if s.kind == "thread" and s.to_user == user.id]


async def _public(bot: OfflineBot, result: Result, outsiders: list[OfflineUser]) -> dict[str, Any]:
    """Everything an edit lets anyone but the seats it concerns see: the channel's posts and pictures, the log and the
    export of the unfinished game, the engine's public outputs, and the posts to the players it does not concern."""
    state = await _state(bot)
    export = await bot.service.export(CHANNEL)
    return {
        "posts": [(s.content, sorted(s.files), [s.files[f] for f in sorted(s.files)]) for s in result.public],
        "log": (await bot.slash(EVE, CHANNEL, "root log", lines=6)).text,
        "export": export["actions"][-1],
        "engine": channel_outputs(state),
        **{f"posts to {u.name}": _thread_posts(result.sent, u) for u in outsiders},
    }


async def _both(
    one: OfflineBot, two: OfflineBot, cards: tuple[str, str], src: str, dst: str, outsiders: list[OfflineUser]
) -> tuple[Result, Result]:
    """The same edit of two different cards on two tables alike: what the table sees is the same."""
    results = []
    for bot, key in zip((one, two), cards, strict=True):
        result = await bot.slash(MOD, CHANNEL, "rootmod card", card=key, **{"from": src, "to": dst})
        assert not result.refused, result.text
        results.append(result)
    first, second = await _public(one, results[0], outsiders), await _public(two, results[1], outsiders)
    for name, seen in first.items():
        assert seen == second[name], (src, dst, name)
    for key, result in zip(cards, results, strict=True):
        named = keys()[key].name
        assert all(named not in s.content and key not in s.content for s in result.public)
        assert named in result.outbox.reply if result.outbox else False  # the moderator's own answer names it
    return results[0], results[1]


def _two_keys(cards: list[int]) -> tuple[str, str]:
    found = list(dict.fromkeys(card(c).key for c in cards))
    assert len(found) >= 2, found
    return found[0], found[1]


async def test_a_card_edited_into_or_out_of_the_supporters_is_never_named_in_public(tmp_path: Path) -> None:
    one, two = await _table(tmp_path / "one"), await _table(tmp_path / "two")
    state = await _state(one)
    assert state.digest() == (await _state(two)).digest()
    alliance = state.seat_of("alliance")
    assert alliance is not None
    marquise, eyrie, carol = PLAYERS["marquise"], PLAYERS["eyrie"], PLAYERS["alliance"]
    cards = _two_keys(state.seats[0].hand)
    first, _ = await _both(one, two, cards, "hand:marquise", "supporters:alliance", [eyrie])
    assert any(keys()[cards[0]].name in text for text in _thread_posts(first.sent, carol))  # the Alliance may look
    assert any(keys()[cards[0]].name in text for text in _thread_posts(first.sent, marquise))  # it left her hand
    await _both(one, two, cards, "supporters", "deck", [marquise, eyrie])
    held = _two_keys(supporters(await _state(one), alliance))
    await _both(one, two, held, "supporters:alliance", "hand:eyrie", [marquise])
    deck = await _state(one)
    await _both(one, two, _two_keys(deck.deck[-6:]), "deck", "supporters:alliance", [marquise, eyrie])
    for bot in (one, two):
        after = await _state(bot)
        record = await bot.service.record(await bot.service.table(CHANNEL))
        assert rules.replay(record).digest() == after.digest() and not rules.problems(after)
        await bot.service.store.close()


async def test_a_card_edited_out_of_the_supporters_to_the_discard_pile_is_not_named_in_words(tmp_path: Path) -> None:
    bot = await _table(tmp_path / "one")
    state = await _state(bot)
    alliance = state.seat_of("alliance")
    assert alliance is not None
    key = card(supporters(state, alliance)[0]).key
    result = await bot.slash(MOD, CHANNEL, "rootmod card", card=key, **{"from": "supporters:alliance", "to": "discard"})
    assert not result.refused, result.text
    [post] = [s.content for s in result.public if s.content]
    assert "a card moves from Woodland Alliance's Supporters to the discard pile" in post and key not in post
    assert key not in (await bot.slash(EVE, CHANNEL, "root log", lines=3)).text
    assert (await bot.service.export(CHANNEL))["actions"][-1] == "!card ? supporters:alliance discard"
    await bot.service.store.close()


async def test_the_card_places_offered_include_the_seated_factions_own_piles(tmp_path: Path) -> None:
    bot = await _table(tmp_path / "one")
    offered = [c["value"] for c in await bot.autocomplete(MOD, CHANNEL, "rootmod card", "from", **{"from": ""})]
    assert "supporters:alliance" in offered and "decree-move:eyrie" in offered and "hand:marquise" in offered
    places = [c["value"] for c in await bot.autocomplete(MOD, CHANNEL, "rootmod item", "to", to="")]
    assert places[:2] == ["supply", "items:marquise"] and "removed" in places
    assert not await bot.autocomplete(EVE, CHANNEL, "rootmod card", "from", **{"from": ""})
    await bot.service.store.close()


async def test_edits_of_piles_items_the_ferry_and_paths_refused_say_why_and_change_nothing(tmp_path: Path) -> None:
    bot = await _table(tmp_path / "one")
    state = await _state(bot)
    alliance = state.seat_of("alliance")
    assert alliance is not None
    held = {card(c).key for c in supporters(state, alliance)}
    key = next(card(c).key for c in state.seats[0].hand if card(c).key not in held)
    cases: list[tuple[str, str, dict[str, object]]] = [
        ("rootmod card", "unknown place 'stash'", {"card": key, "from": "hand:marquise", "to": "stash"}),
        ("rootmod card", "is not in supporters", {"card": key, "from": "supporters", "to": "discard"}),
        ("rootmod item", "unknown place 'hoard'", {"item": "sword", "from": "supply", "to": "hoard"}),
        ("rootmod item", "no item called 'banana'", {"item": "banana", "from": "supply", "to": "items:eyrie"}),
        ("rootmod item", "there is no sword in items:eyrie", {"item": "sword", "from": "items:eyrie", "to": "supply"}),
        ("rootmod ferry", "there is no Ferry on this map", {"clearing": 3}),
        ("rootmod ferry", "must be from 1", {"clearing": 0}),
        ("rootmod path", "there are no closed paths on this map", {"from": 1, "to": 5, "open": True}),
        ("rootmod edit", "'x2' is not a word this edit reads", {"text": "!ferry 3 x2"}),
        ("rootmod edit", "unknown edit 'sail'", {"text": "!sail 3"}),
    ]
    for command, reason, options in cases:
        await refused_unchanged(bot, MOD, CHANNEL, command, reason, **options)
    await refused_unchanged(bot, PLAYERS["eyrie"], CHANNEL, "rootmod ferry", "moderator", clearing=3)
    await bot.service.store.close()


async def test_an_item_edit_through_the_command_is_recorded_undone_and_replayed(tmp_path: Path) -> None:
    bot = await _table(tmp_path / "one")
    before = await _state(bot)
    result = await bot.slash(MOD, CHANNEL, "rootmod item", item="Sword", **{"from": "supply", "to": "items:Eyrie"})
    assert not result.refused, result.text
    assert "Moderator edit: !item sword supply items:eyrie" in result.public[0].content
    after = await _state(bot)
    eyrie = after.seat_of("eyrie")
    assert eyrie is not None and [i["item"] for i in after.seats[eyrie].items] == ["sword"]
    record = await bot.service.record(await bot.service.table(CHANNEL))
    assert record.actions[-1] == "!item sword supply items:eyrie" and rules.replay(record).digest() == after.digest()
    assert not (await bot.slash(MOD, CHANNEL, "rootmod undo", count=1, confirm=True)).refused
    assert (await _state(bot)).digest() == before.digest()
    await bot.service.store.close()


async def test_the_ferry_and_a_closed_path_are_edited_through_their_commands(tmp_path: Path) -> None:
    bot = await offline_bot(db_url(tmp_path))
    players = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob")}
    for channel, board in ((CHANNEL, "lake"), (CHANNEL + 1, "mountain")):
        created = await bot.slash(players["marquise"], channel, "root create", seats=2, factions="marquise,eyrie",
                                  map=board)
        assert not created.refused, created.text
        for faction, user in players.items():
            assert not (await bot.slash(user, channel, "root join", faction=faction)).refused
        assert not (await bot.slash(players["eyrie"], channel, "root start")).refused
        await play_until(bot, channel, players, _set_up, 5)
    lake = (await bot.service.table(CHANNEL)).state
    where = lake.landmarks["ferry"]
    coast = min(lake.board.coastal - {where})
    result = await bot.slash(MOD, CHANNEL, "rootmod ferry", clearing=coast)
    assert not result.refused and f"The Ferry is moved from clearing {where} to clearing {coast}" in result.text
    inland = min(set(lake.board.ids()) - lake.board.coastal)
    await refused_unchanged(bot, MOD, CHANNEL, "rootmod ferry", "is not on the lake", clearing=inland)
    mountain = (await bot.service.table(CHANNEL + 1)).state
    low, high = min(mountain.board.closed_paths)
    result = await bot.slash(MOD, CHANNEL + 1, "rootmod path", **{"from": high, "to": low, "open": True})
    assert not result.refused and f"between clearings {low} and {high} is removed" in result.text
    opened = (await bot.service.table(CHANNEL + 1)).state
    assert (low, high) in opened.board.paths
    await refused_unchanged(bot, MOD, CHANNEL + 1, "rootmod path", "removed already", **{"from": low, "to": high,
                                                                                         "open": True})
    record = await bot.service.record(await bot.service.table(CHANNEL + 1))
    assert record.actions[-1] == f"!path {high}>{low} open" and rules.replay(record).digest() == opened.digest()
    export = await bot.service.export(CHANNEL)
    assert json.dumps(export["actions"][-1]) == json.dumps(f"!ferry {coast}")
    await bot.service.store.close()
