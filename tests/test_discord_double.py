"""The test-only redirect setting, and the Discord double answering discord.py's own HTTP client as Discord does."""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, Route, handle_message_parameters

from bot import cli
from bot.discord import redirect
from bot.settings import SettingsError, load_settings
from tools.double import load
from tools.double.gateway import Session
from tools.double.payloads import Attachment, Message
from tools.double.server import APP_ID, DiscordDouble, Interaction, Member

GOOD = {"ROOTBOT_DISCORD_DOUBLE": "http://127.0.0.1:8123", "ROOTBOT_TESTING": "double"}


def test_the_redirect_is_off_unless_set() -> None:
    assert redirect.double_url({}) is None
    assert redirect.double_url({"ROOTBOT_TESTING": "double"}) is None


def test_the_redirect_needs_the_second_test_variable() -> None:
    for testing in ("", "1", "yes", "Double"):
        with pytest.raises(SettingsError, match="ROOTBOT_TESTING=double"):
            redirect.double_url({"ROOTBOT_DISCORD_DOUBLE": "http://127.0.0.1:8123", "ROOTBOT_TESTING": testing})


@pytest.mark.parametrize(
    "url",
    [
        "https://discord.com",
        "http://discord.com:80",
        "http://10.0.0.7:8123",
        "http://127.0.0.1",  # no port
        "https://127.0.0.1:8123",
        "http://127.0.0.1:8123/api",
        "http://user:pw@127.0.0.1:8123",
        "http://127.0.0.1:99999",
        "127.0.0.1:8123",
        "http://127.0.0.1.evil.example:8123",
    ],
)
def test_the_redirect_goes_only_to_this_machine(url: str) -> None:
    with pytest.raises(SettingsError, match="ROOTBOT_DISCORD_DOUBLE="):
        redirect.double_url({**GOOD, "ROOTBOT_DISCORD_DOUBLE": url})


def test_loopback_addresses_are_taken() -> None:
    for url, base in [
        ("http://127.0.0.1:8123", "http://127.0.0.1:8123"),
        ("http://localhost:9/", "http://localhost:9"),
        ("http://[::1]:8123", "http://[::1]:8123"),
    ]:
        assert redirect.double_url({**GOOD, "ROOTBOT_DISCORD_DOUBLE": url}) == base


def test_rootbot_run_refuses_the_redirect_without_the_test_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("ROOTBOT_DISCORD_DOUBLE", "http://127.0.0.1:8123")
    monkeypatch.delenv("ROOTBOT_TESTING", raising=False)
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "test-only" in err and "Traceback" not in err
    assert Route.BASE == "https://discord.com/api/v10"


def test_a_dotenv_file_cannot_carry_the_redirect(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in GOOD:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text("".join(f"{k}={v}\n" for k, v in GOOD.items()), encoding="utf-8")
    load_settings()
    assert redirect.double_url(os.environ) is None


def test_point_at_sends_rest_and_gateway_to_the_double(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Route, "BASE", Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    redirect.point_at("http://127.0.0.1:8123")
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:8123/api/v10/users/@me"
    assert yarl.URL("ws://127.0.0.1:8123/gateway") == DiscordWebSocket.DEFAULT_GATEWAY


# --- the double, driven by discord.py's own HTTP client ------------------------------------------------
@pytest.fixture
async def http(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[DiscordDouble, HTTPClient]]:
    """A double and discord.py's HTTPClient logged in to it."""
    double = DiscordDouble()
    await double.start()
    monkeypatch.setattr(Route, "BASE", double.base_url + "/api/v10")
    client = HTTPClient(asyncio.get_running_loop())
    await client.static_login(double.token)
    try:
        yield double, client
    finally:
        await client.close()
        await double.stop()


MESSAGES = "POST /channels/{channel_id}/messages"


async def test_a_429_is_waited_out_and_retried_by_discord_py(http: tuple[DiscordDouble, HTTPClient]) -> None:
    double, client = http
    channel = double.add_channel("game")
    double.fault(MESSAGES, status=429, retry_after=0.05, times=2)
    double.fault(MESSAGES, status=429, retry_after=0.05, global_=True)
    await _send(client, channel.id, "hello")
    assert [r.status for r in double.calls(MESSAGES)] == [429, 429, 429, 200]
    assert [m.content for m in double.in_channel(channel.id)] == ["hello"]


async def test_a_429_without_via_would_be_a_cloudflare_ban_so_the_double_always_sends_it(
    http: tuple[DiscordDouble, HTTPClient],
) -> None:
    double, client = http
    channel = double.add_channel("game")
    double.fault(MESSAGES, status=429, retry_after=0.05)
    await _send(client, channel.id, "hello")  # would raise HTTPException without Via
    assert len(double.in_channel(channel.id)) == 1


async def test_a_5xx_after_the_message_was_made_is_not_posted_twice(http: tuple[DiscordDouble, HTTPClient]) -> None:
    double, client = http
    channel = double.add_channel("game")
    double.fault(MESSAGES, status=500, after_work=True)
    await _send(client, channel.id, "once", nonce="n-1")
    assert [r.status for r in double.calls(MESSAGES)] == [500, 200]
    assert [m.content for m in double.in_channel(channel.id)] == ["once"] and double.nonce_repeats == 1


async def test_history_and_a_message_are_read_with_read_message_history_only(
    http: tuple[DiscordDouble, HTTPClient],
) -> None:
    double, client = http
    channel = double.add_channel("game")
    await _send(client, channel.id, "first")
    await _send(client, channel.id, "second")
    (first, second) = double.in_channel(channel.id)
    newest = await client.logs_from(channel.id, 50)
    assert [m["content"] for m in newest] == ["second", "first"]  # newest first
    assert (await client.get_message(channel.id, first.id))["content"] == "first"
    double.deny(channel.id, "read_message_history")
    for read in (client.logs_from(channel.id, 50), client.get_message(channel.id, second.id)):
        with pytest.raises(discord.Forbidden) as refused:
            await read
        assert refused.value.code == 50013


async def test_an_upload_arrives_as_discord_receives_it(http: tuple[DiscordDouble, HTTPClient]) -> None:
    double, client = http
    channel = double.add_channel("game")
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (640).to_bytes(4, "big") + (480).to_bytes(4, "big") + b"x" * 50
    file = discord.File(io.BytesIO(png), filename="board.png")
    await _send(client, channel.id, "with a picture", files=[file])
    (message,) = double.in_channel(channel.id)
    (board,) = message.attachments
    assert (board.filename, board.data, board.sniffed, board.dimensions) == ("board.png", png, "image/png", (640, 480))


async def test_permissions_and_closed_dms_are_refused_as_discord_refuses_them(
    http: tuple[DiscordDouble, HTTPClient],
) -> None:
    double, client = http
    channel = double.add_channel("game", denied=("attach_files",))
    file = discord.File(io.BytesIO(b"data"), filename="board.png")
    with pytest.raises(discord.Forbidden) as refused:
        await _send(client, channel.id, "picture", files=[file])
    assert refused.value.code == 50013
    await _send(client, channel.id, "text only")
    bob = double.add_member(Member("bob"))
    double.closed_dms.add(bob.id)
    dm = await client.start_private_message(bob.id)
    with pytest.raises(discord.Forbidden) as closed:
        await _send(client, int(dm["id"]), "psst")
    assert closed.value.code == 50007


async def test_discord_refuses_a_late_first_answer_and_an_expired_token(http: tuple[DiscordDouble, HTTPClient]) -> None:
    double, client = http
    channel = double.add_channel("game")
    double.gateway.current = Session(id="test")  # no socket: dispatches are kept
    double.first_answer_seconds = 0.0
    late = await double.interact(2, Member("alice"), channel.id, {"name": "x", "type": 1})
    with pytest.raises(discord.NotFound) as unknown:
        await client.request(_callback(late.id, late.token), json={"type": 4, "data": {"content": "late"}})
    assert unknown.value.code == 10062 and late.failed
    double.first_answer_seconds = 3.0
    itx = await double.interact(2, Member("alice"), channel.id, {"name": "x", "type": 1})
    await client.request(_callback(itx.id, itx.token), json={"type": 5, "data": {"flags": 64}})
    double.expire(itx)
    with pytest.raises(discord.HTTPException) as expired:
        await client.request(Route("POST", f"/webhooks/{APP_ID}/{itx.token}"), json={"content": "too late"})
    assert expired.value.status == 401 and expired.value.code == 50027


async def test_the_first_follow_up_after_a_private_deferral_stays_private(
    http: tuple[DiscordDouble, HTTPClient],
) -> None:
    double, client = http
    channel = double.add_channel("game")
    double.gateway.current = Session(id="test")  # no socket: dispatches are kept
    itx = await double.interact(2, Member("alice"), channel.id, {"name": "x", "type": 1})
    await client.request(_callback(itx.id, itx.token), json={"type": 5, "data": {"flags": 64}})
    for text in ("meant for everyone", "second"):
        await client.request(Route("POST", f"/webhooks/{APP_ID}/{itx.token}"), json={"content": text})
    assert [(m.content, m.ephemeral) for m in itx.shown] == [("meant for everyone", True), ("second", False)]


async def _send(
    client: HTTPClient, channel_id: int, content: str, nonce: str | None = None, files: list[discord.File] | None = None
) -> None:
    """Post a message as TextChannel.send does."""
    with handle_message_parameters(content=content, nonce=nonce, files=files or discord.utils.MISSING) as params:
        await client.send_message(channel_id, params=params)


def _callback(interaction_id: int, token: str) -> Route:
    return Route("POST", f"/interactions/{interaction_id}/{token}/callback")


def test_the_load_figures_count_what_the_players_saw_and_when() -> None:
    def itx(n: int, reply: float | None, kind: int = 2, board: bool = False) -> Interaction:
        made = Interaction(n, f"t{n}", kind, 1, 2, {}, created=100.0, callback=4)
        made.answered_at = None if reply is None else 100.0 + reply
        shown = Message(n, 1, 2, attachments=[Attachment(n, "board.png", "image/png", b"png")] if board else [])
        made.messages.append(shown)
        return made

    measured = [itx(n, n / 100, board=n % 2 == 0) for n in range(1, 21)]
    measured += [itx(30, 9.0, kind=4), itx(31, None)]  # autocomplete is left out; one never answered
    figures = load.figures(measured, games=2, seconds=4.2)
    assert (figures.interactions, figures.boards, figures.failed) == (21, 10, 1)
    assert figures.median_ms == pytest.approx(105) and figures.p95_ms == pytest.approx(190)
    assert figures.lines()[1] == "  21 interactions in 4.2 s: 5.0 interactions/s"
