"""The slash commands through discord.py's real CommandTree: limits, autocomplete, replies, files, checks."""

from __future__ import annotations

import asyncio
import copy
import re

import pytest
from discord import app_commands
from discord_harness import FakeClock, OfflineUser, db_url, offline_bot, state_of

import rules
from bot import messages
from bot.console.offline import OfflineBot, Sent
from bot.discord import delivery
from bot.service.notation import build, edit_text, normalise
from rules.actions import CARD, FACTION

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
ALICE, BOB, EVE = OfflineUser("alice"), OfflineUser("bob"), OfflineUser("eve")
MOD = OfflineUser("mo", moderator=True)
CH = 900


async def lobby(bot: OfflineBot) -> None:
    """Alice (Marquise) and Bob (Eyrie) in a started game in CH."""
    await bot.slash(ALICE, CH, "root create", seats=2)
    await bot.slash(ALICE, CH, "root join", faction="marquise")
    await bot.slash(BOB, CH, "root join", faction="eyrie")
    await bot.slash(BOB, CH, "root start")


@pytest.fixture
async def bot(tmp_path):
    offline = await offline_bot(db_url(tmp_path), FakeClock())
    yield offline
    await offline.service.store.close()


def _check_option(option: dict, where: str) -> None:
    assert NAME.match(option["name"]), where
    assert 1 <= len(option["description"]) <= 100, where
    assert len(option.get("choices", [])) <= 25, where
    for choice in option.get("choices", []):
        assert 1 <= len(choice["name"]) <= 100
    assert len(option.get("options", [])) <= 25, where
    for sub in option.get("options", []):
        _check_option(sub, f"{where} {sub['name']}")


def test_every_command_payload_is_within_discords_limits(bot):
    payloads = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
    assert 1 <= len(payloads) <= 100
    names = [p["name"] for p in payloads]
    assert len(names) == len(set(names))
    for payload in payloads:
        _check_option(payload, payload["name"])
    by_name = {p["name"]: p for p in payloads}
    assert {"root", "rootmod", "play", "move", "battle", "keep", "roost"} <= set(by_name)
    assert int(by_name["rootmod"]["default_member_permissions"]) == 0x20  # Manage Server
    for verb in rules.actions.REGISTRY:
        assert verb in by_name, f"no command for the engine's verb '{verb}'"
    move = {o["name"] for o in by_name["move"]["options"]}
    assert move == {"from", "to", "count", "suit"}


async def test_autocomplete_follows_the_legal_actions(bot):
    await lobby(bot)
    keep = await bot.autocomplete(ALICE, CH, "keep", "clearing")
    assert [c["value"] for c in keep] == [1, 2, 3, 4]
    assert await bot.autocomplete(BOB, CH, "keep", "clearing") == []  # not Bob's decision
    for line in ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader builder"):
        state = await state_of(bot.service, CH)
        user = ALICE if rules.to_act(state) == 0 else BOB
        assert not (await bot.slash(user, CH, "play", action=line)).refused
    for _ in range(20):  # play on until the seat to act can move
        state = await state_of(bot.service, CH)
        seat = rules.to_act(state)
        user = ALICE if seat == 0 else BOB
        moves = rules.legal_actions(state, seat, verb="move")
        if moves:
            break
        await bot.slash(user, CH, "play", action=rules.legal_actions(state, seat)[-1].notation())
    assert moves
    origins = await bot.autocomplete(user, CH, "move", "from")  # places are text: a forest is 'fA'
    assert {c["value"] for c in origins} == {str(m.src) for m in moves}
    src = moves[0].src
    targets = await bot.autocomplete(user, CH, "move", "to", **{"from": str(src)})
    assert {c["value"] for c in targets} == {str(m.dst) for m in moves if m.src == src}
    dst = moves[0].dst
    counts = await bot.autocomplete(user, CH, "move", "count", **{"from": str(src), "to": str(dst)})
    assert {c["value"] for c in counts} == {m.count for m in moves if (m.src, m.dst) == (src, dst)}
    typed = await bot.autocomplete(user, CH, "play", "action", action="move")
    assert typed and all("move" in c["value"] for c in typed) and len(typed) <= 25


async def test_an_accepted_action_posts_text_board_and_next_player(bot):
    await lobby(bot)
    result = await bot.slash(ALICE, CH, "keep", clearing=1)
    assert not result.refused
    [post] = result.public
    assert "`keep 1`" in post.content and post.board
    assert "Still Marquise de Cat" in post.content and "<@" not in post.content  # same seat: no mention
    for line in ("build sawmill 1", "build workshop 5"):
        await bot.slash(ALICE, CH, "play", action=line)
    result = await bot.slash(ALICE, CH, "build", kind="recruiter", clearing=9)
    [post] = result.public
    assert f"<@{BOB.id}>" in post.content  # the seat to act changed: Bob is mentioned


async def test_refusals_are_private_and_in_the_engines_words(bot):
    await lobby(bot)
    for user, path, options, says in [
        (BOB, "keep", {"clearing": 1}, "it is not your turn"),
        (EVE, "keep", {"clearing": 1}, messages.NOT_SEATED_FULL),
        (ALICE, "keep", {"clearing": 99}, "there is no clearing 99"),
        (ALICE, "craft", {"card": "no such card"}, "not a card"),
        (ALICE, "play", {"action": "move 1>"}, "Not accepted"),
        (ALICE, "recruit", {"clearings": "a,b"}, "does not fit"),
    ]:
        before = (await bot.service.table(CH)).game.state
        result = await bot.slash(user, CH, path, **options)
        assert result.refused and not result.public
        [reply] = result.private
        assert says in reply.content and reply.to_user == user.id
        assert (await bot.service.table(CH)).game.state == before


async def test_hand_is_private_with_a_picture(bot):
    await lobby(bot)
    result = await bot.slash(ALICE, CH, "root hand")
    assert not result.public
    [reply] = result.private
    assert "Your hand" in reply.content and "hand.png" in reply.files


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("rootmod pause", {}),
        ("rootmod resume", {}),
        ("rootmod reminders", {"hours": 3.0}),
        ("rootmod skip", {}),
        ("rootmod replace", {"faction": "eyrie", "user": "eve"}),
        ("rootmod unseat", {"faction": "eyrie"}),
        ("rootmod undo", {"count": 1}),
        ("rootmod end", {}),
        ("rootmod place", {"clearing": 1, "piece": "marquise:warrior"}),
        ("rootmod remove", {"clearing": 1, "piece": "marquise:warrior"}),
        ("rootmod shift", {"from": 1, "to": 5, "piece": "marquise:warrior"}),
        ("rootmod points", {"faction": "eyrie", "points": 3}),
        ("rootmod card", {"card": "anvil", "from": "deck", "to": "discard"}),
        ("rootmod edit", {"text": "!points eyrie 3"}),
        ("rootmod settings", {"hours": 2.0}),
        ("rootmod export", {}),
    ],
)
async def test_moderator_commands_are_refused_privately_for_everyone_else(bot, path, options):
    await lobby(bot)
    before = (await bot.service.table(CH)).game
    result = await bot.slash(ALICE, CH, path, **options)
    assert result.refused and result.outbox is None  # the check stopped it before the service
    [reply] = result.sent
    assert reply.ephemeral and reply.content == messages.NOT_A_MODERATOR
    after = (await bot.service.table(CH)).game
    assert (after.state, after.version, after.status) == (before.state, before.version, before.status)


async def test_moderators_pass_by_permission_or_by_role(bot):
    await lobby(bot)
    assert not (await bot.slash(MOD, CH, "rootmod pause")).refused
    assert not (await bot.slash(MOD, CH, "rootmod settings", role="referees")).refused
    referee = OfflineUser("ref", roles=(bot_role("referees"),))
    assert not (await bot.slash(referee, CH, "rootmod resume")).refused
    result = await bot.slash(referee, CH, "rootmod points", faction="eyrie", points=4)
    assert not result.refused and result.public[0].board
    exported = await bot.slash(referee, CH, "rootmod export")
    [reply] = exported.private
    assert any(name.endswith(".json") for name in reply.files)


def bot_role(name: str) -> int:
    from bot.console.offline import stable_id

    return stable_id("role", name)


async def test_choices_transform_and_ranges_are_checked_by_the_engine(bot):
    result = await bot.slash(ALICE, CH, "root create", seats=9, map="winter")
    assert result.refused and "2 to 6" in result.private[0].content  # Range is only a hint to Discord clients
    result = await bot.slash(ALICE, CH, "root create", seats=2, map="winter")
    assert "winter map" in result.public[0].content


async def test_buttons_work_after_a_restart(tmp_path):
    url = db_url(tmp_path)
    first = await offline_bot(url)
    await lobby(first)
    await first.slash(ALICE, CH, "keep", clearing=1)
    started = [s for s in first.adapter.sent if s.buttons and s.public][-1]
    await first.service.store.close()

    second = await offline_bot(url)  # a new process: new client, buttons known only by their custom_id
    asked = await second.click(ALICE, CH, started, started.buttons[0]["custom_id"])
    [private] = asked.private
    labels = [b["label"] for b in private.buttons]
    assert labels and all(label.startswith("Build") for label in labels)
    other = await second.click(BOB, CH, started, started.buttons[0]["custom_id"])
    assert "not yours" in other.private[0].content
    answered = await second.click(ALICE, CH, private, private.buttons[0]["custom_id"])
    assert not answered.refused and answered.public and answered.public[0].board
    again = await second.click(ALICE, CH, private, private.buttons[0]["custom_id"])
    assert again.refused and "changed" in again.private[0].content  # a stale button is refused
    await second.service.store.close()


async def test_a_slow_command_is_acknowledged_within_three_seconds(bot, monkeypatch):
    await lobby(bot)
    monkeypatch.setattr(delivery, "DEFER_AFTER", 0.01)
    real = bot.service.submit

    async def slow(*args, **kwargs):
        await asyncio.sleep(0.05)
        return await real(*args, **kwargs)

    monkeypatch.setattr(bot.service, "submit", slow)
    result = await bot.slash(ALICE, CH, "keep", clearing=1)
    kinds = [(s.kind, s.ephemeral) for s in result.sent]
    assert kinds[0] == ("defer", True)  # acknowledged privately first
    assert result.public and result.public[0].board


async def test_rendering_happens_off_the_event_loop(bot, monkeypatch):
    await lobby(bot)
    threads = []
    import threading

    from bot.discord import drawing

    real = drawing.board_png

    def spy(view, marks):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(view, marks)

    monkeypatch.setattr(drawing, "board_png", spy)
    await bot.slash(ALICE, CH, "keep", clearing=2)
    assert threads == [False]


def test_long_text_is_split_for_discord():
    text = "\n".join(f"line {i} " + "x" * 50 for i in range(200))
    parts = delivery.chunks(text)
    assert len(parts) > 1 and all(0 < len(p) <= 2000 for p in parts)
    assert "\n".join(parts) == text
    assert all(len(p) <= 2000 for p in delivery.chunks("y" * 4500))


async def test_an_unexpected_failure_is_answered_and_changes_nothing(bot, monkeypatch):
    await lobby(bot)
    before = (await bot.service.table(CH)).game.state

    async def broken(*_args, **_kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(bot.service.store, "save", broken)
    result = await bot.slash(ALICE, CH, "keep", clearing=1)
    assert result.refused and result.private[0].content == messages.NOT_FINISHED_ERROR
    assert (await bot.service.table(CH)).game.state == before


async def test_a_drawing_failure_still_reports_the_move(bot, monkeypatch):
    await lobby(bot)
    from bot.discord import drawing

    def broken(_view, _marks):
        raise OSError("font missing")

    monkeypatch.setattr(drawing, "board_png", broken)
    result = await bot.slash(ALICE, CH, "keep", clearing=1)
    assert not result.refused and "`keep 1`" in result.public[0].content and not result.public[0].files


def test_groups_and_commands_are_found(bot):
    assert isinstance(bot.tree.get_command("root"), app_commands.Group)
    assert bot.find("root join").name == "join"
    with pytest.raises(KeyError):
        bot.find("root nothing")


async def test_answer_buttons_carry_the_game_rows_version_and_old_ones_are_stale(bot):
    await lobby(bot)
    prompt = [s for s in bot.adapter.sent if s.public and s.buttons][-1]
    answers = next(s for s in (await bot.click(ALICE, CH, prompt, prompt.buttons[0]["custom_id"])).sent if s.buttons)
    version = (await bot.service.table(CH)).game.version
    assert all(b["custom_id"].startswith(f"rb:a:{CH}:g{version}:") for b in answers.buttons)
    old = Sent(answers.kind, answers.content, ephemeral=True, components=copy.deepcopy(answers.components))
    for button in old.buttons:  # as buttons were made before they carried the row's version
        button["custom_id"] = button["custom_id"].replace(f":g{version}:", ":0:")
    pressed = await bot.click(ALICE, CH, old, old.buttons[0]["custom_id"])
    assert pressed.refused and pressed.private[0].content == messages.STALE_BUTTON
    assert rules.to_act(await state_of(bot.service, CH)) == 0  # nothing was played


async def test_too_many_answers_for_buttons_come_as_a_list_for_play(bot, monkeypatch):
    from bot.service import threads

    await lobby(bot)
    monkeypatch.setattr(threads, "MAX_CHOICES", 2)
    prompt = [s for s in bot.adapter.sent if s.public and s.buttons][-1]
    shown = await bot.click(ALICE, CH, prompt, prompt.buttons[0]["custom_id"])
    assert not shown.refused and not any(s.buttons for s in shown.sent)
    assert "/play" in shown.private[0].content and "`keep 4`" in shown.private[0].content


def test_names_as_autocomplete_shows_them_are_accepted_when_typed():
    assert normalise(CARD, "Travel Gear (fox)") == "travel-gear-fox"
    assert normalise(CARD, "Ambush! (bird)") == "ambush-bird"
    assert normalise(FACTION, "Eyrie Dynasties (bob)") == "eyrie"
    shown = {"kind": "sawmill", "clearing": 2, "wood": "11 (fox), 11 (fox)"}
    assert build("build", shown) == "build sawmill 2 wood:11,11"
    assert edit_text("place", clearing=3, piece="Marquise de Cat: warrior", count=2) == "!place 3 marquise:warrior x2"


async def test_an_ended_game_refuses_edits_and_a_second_end(bot):
    await lobby(bot)
    assert not (await bot.slash(MOD, CH, "rootmod end")).refused
    again = await bot.slash(MOD, CH, "rootmod end")
    assert again.refused and again.private[0].content == messages.GAME_ENDED
    edit = await bot.slash(MOD, CH, "rootmod points", faction="eyrie", points=3)
    assert edit.refused and edit.private[0].content == messages.GAME_ENDED
    assert (await bot.slash(MOD, CH, "rootmod undo")).refused
