"""A small seeded fuzz through the real command tree finds nothing unhandled; payloads Discord never sends are
refused where interactions are decoded (bot/discord/decoding.py), each with one message and the game unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from discord_harness import OfflineUser, db_url, offline_bot, seated_game
from fuzz import NEVER_SENT, Fuzzer, mutate

from bot import messages
from bot.console.offline import OfflineBot
from bot.discord import commands

ALICE, BOB, MOD = OfflineUser("alice"), OfflineUser("bob"), OfflineUser("mo", moderator=True)
CHANNEL = 31


async def test_a_seeded_fuzz_of_a_thousand_payloads_finds_nothing_unhandled(tmp_path: Path) -> None:
    report = await Fuzzer(seed=21, folder=tmp_path).run(1000)
    assert report.payloads >= 1000 and report.games >= 3 and report.legal > 200 and report.never_sent > 50
    assert {lineup[0] for lineup in report.lineups} == {"standard", "frontier"}
    assert report.unhandled == 0, report.text()


async def test_the_fuzzer_reports_a_handler_that_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> str:
        raise ZeroDivisionError("a deliberately broken handler")

    monkeypatch.setattr(commands, "build", broken)  # every action command's callback calls it
    report = await Fuzzer(seed=21, folder=tmp_path).run(300)
    assert report.unhandled > 0
    assert any("ZeroDivisionError" in s for s in report.failures), report.text()


async def test_the_fuzzer_reports_a_refusal_that_changed_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.service import GameService
    from bot.service.outbox import Outbox

    accept = GameService.accept

    async def accepted_but_refused(self: GameService, *args: Any, **kwargs: Any) -> Outbox:
        outbox = await accept(self, *args, **kwargs)
        outbox.refused = True  # saved, then told it was refused
        return outbox

    monkeypatch.setattr(GameService, "accept", accepted_but_refused)
    report = await Fuzzer(seed=21, folder=tmp_path).run(200)
    assert any("a refused command changed the saved game" in s for s in report.failures), report.text()


async def started(tmp_path: Path) -> OfflineBot:
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, {"marquise": ALICE, "eyrie": BOB})
    return bot


def saved(tmp_path: Path) -> Any:
    import sqlite3

    with sqlite3.connect(tmp_path / "games.db") as db:
        return db.execute("SELECT * FROM games").fetchall(), db.execute("SELECT count(*) FROM actions").fetchall()


def data_of(bot: OfflineBot, path: str, **options: Any) -> dict[str, Any]:
    return json.loads(json.dumps(bot._command_data(bot.find(path), options, None)))


def leaf(data: dict[str, Any]) -> list[dict[str, Any]]:
    while data.get("options") and data["options"][0].get("type") == 1:
        data = data["options"][0]
    return data.setdefault("options", [])


def one_refusal(result: Any) -> str:
    texts = [s.content for s in result.sent if s.content]
    assert result.refused and len(texts) == 1, texts
    assert messages.NOT_FINISHED_ERROR not in texts[0]
    return texts[0]


# Each was an unhandled error before bot/discord/decoding.py (a traceback in the log, "Something went wrong", or a crash
# out of the dispatch); the values are JSON as a client that is not Discord's could send it.
NEVER = [
    ("unknown command", "root status", {}, lambda d, o: d.update(name="rootx"), "there is no command /rootx"),
    ("unknown subcommand", "root status", {}, lambda d, o: d["options"][0].update(name="nope"), "no command"),
    ("no subcommand", "root status", {}, lambda d, o: d.update(options=[]), "needs one of its subcommands"),
    ("options not a list", "root status", {}, lambda d, o: d.update(options={"a": 1}), "not shaped"),
    ("unknown option", "root log", {}, lambda d, o: o.append({"name": "zzz", "type": 3, "value": "1"}), "no option"),
    ("repeated option", "root log", {"lines": 3}, lambda d, o: o.append(dict(o[0])), "given twice"),
    ("missing required", "root card", {"name": "ambush"}, lambda d, o: o.clear(), "is required"),
    ("wrong type", "root log", {"lines": 3}, lambda d, o: o[0].update(value="3"), "wrong kind"),
    ("bool for an integer", "root log", {"lines": 3}, lambda d, o: o[0].update(value=True), "wrong kind"),
    ("a null value", "play", {"action": "pass"}, lambda d, o: o[0].update(value=None), "wrong kind"),
    ("a null name", "play", {"action": "pass"}, lambda d, o: o[0].update(name=None), "no option"),
    ("a declared type not the option's", "play", {"action": "pass"}, lambda d, o: o[0].update(type=4), "wrong"),
    ("empty text", "play", {"action": "pass"}, lambda d, o: o[0].update(value=""), "is empty"),
    ("over-long text", "play", {"action": "pass"}, lambda d, o: o[0].update(value="9" * 6001), "wrong kind or length"),
    ("above 2^53", "root log", {"lines": 3}, lambda d, o: o[0].update(value=2**53 + 1), "lines: is too large"),
    ("out of its range", "root undo", {"count": 3}, lambda d, o: o[0].update(value=21), "must be from 1 to 20"),
    ("a huge clearing", "rootmod place", {"clearing": 1, "piece": "marquise:warrior"},
     lambda d, o: o[0].update(value=2**64), "too large"),
    ("a choice it does not offer", "root boards", {"when": "turn"}, lambda d, o: o[0].update(value="moon"), "wrong"),
    ("focused outside autocomplete", "play", {"action": "pass"}, lambda d, o: o[0].update(focused=True), "not shaped"),
    ("a context-menu type", "root status", {}, lambda d, o: d.update(type=2), "not a slash command"),
    ("a role it does not resolve", "rootmod settings", {},
     lambda d, o: o.append({"name": "role", "type": 8, "value": str(2**60)}), "wrong kind"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "options", "change", "said"), [n[1:] for n in NEVER], ids=[n[0] for n in NEVER])
async def test_a_payload_discord_never_sends_is_refused_once_and_changes_nothing(
    tmp_path: Path, path: str, options: dict[str, Any], change: Any, said: str
) -> None:
    bot = await started(tmp_path)
    data = data_of(bot, path, **options)
    change(data, leaf(data))
    before = saved(tmp_path)
    result = await bot.interact(MOD, CHANNEL, 2, data)
    assert said in one_refusal(result)
    assert saved(tmp_path) == before


async def test_autocomplete_of_an_option_that_does_not_autocomplete_answers_no_choices(tmp_path: Path) -> None:
    bot = await started(tmp_path)
    data = data_of(bot, "root log")
    leaf(data).append({"name": "lines", "type": 4, "value": "2", "focused": True})
    result = await bot.interact(ALICE, CHANNEL, 4, data)
    assert [s.kind for s in result.sent] == ["autocomplete"] and result.sent[0].choices == []


async def test_autocomplete_still_reads_other_options_as_typed_so_far(tmp_path: Path) -> None:
    bot = await started(tmp_path)
    data = data_of(bot, "move")
    typed = [{"name": "count", "type": 4, "value": "2"}, {"name": "from", "type": 3, "value": "", "focused": True}]
    leaf(data).extend(typed)
    result = await bot.interact(ALICE, CHANNEL, 4, data)
    assert [s.kind for s in result.sent] == ["autocomplete"] and not result.refused


@pytest.mark.parametrize(
    "custom_id",
    ["", "rb", "rb:c:", "rb:c:31:x", f"rb:c:31:{2**70}", f"rb:c:{2**64}:1", "rb:c:٣١:1", f"rb:a:{2**63}:g1:pass"],
)
async def test_a_button_id_of_the_wrong_shape_is_refused_once(tmp_path: Path, custom_id: str) -> None:
    bot = await started(tmp_path)
    before = saved(tmp_path)
    button = {"type": 2, "style": 1, "label": "?", "custom_id": custom_id}
    result = await bot.interact(ALICE, CHANNEL, 3, {"custom_id": custom_id, "component_type": 2}, [
        {"type": 1, "components": [button]}
    ])
    assert messages.UNKNOWN_BUTTON in one_refusal(result)
    assert saved(tmp_path) == before


def test_every_kind_of_payload_discord_never_sends_changes_the_payload() -> None:
    import random

    for how in NEVER_SENT:
        data = {"id": "1", "type": 1, "name": "play", "options": [{"name": "action", "type": 3, "value": "pass"}]}
        assert mutate(json.loads(json.dumps(data)), how, random.Random(3), {"action"}) != data, how
