"""The test-only setting that points `rootbot run` at a local Discord double (tools/double) instead of Discord.

`ROOTBOT_DISCORD_DOUBLE=http://127.0.0.1:PORT` sends discord.py's REST calls (`Route.BASE`) and its gateway
connection (`DiscordWebSocket.DEFAULT_GATEWAY`) to that address; every other line of the bot runs unchanged.
Production cannot be redirected by accident, because the setting is honoured only when:

- `ROOTBOT_TESTING=double` is set too: two variables, neither of which a deploy has any reason to set;
  `ROOTBOT_DISCORD_DOUBLE` alone stops the start with one line saying so;
- both come from the process environment: `.env` is never read for them (`load_settings` reads only the
  declared settings), so a copied `.env` cannot carry them;
- the address is on this machine (127.0.0.1, [::1] or localhost, plain http, a port, nothing else), so the bot
  token is never sent anywhere but the local double; any other value stops the start.

When it is honoured the bot logs a warning saying it talks to a double.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

import discord.gateway
import discord.http
import yarl

from bot import messages
from bot.settings import SettingsError

DOUBLE_VARIABLE = "ROOTBOT_DISCORD_DOUBLE"
TESTING_VARIABLE = "ROOTBOT_TESTING"
TESTING_VALUE = "double"
LOOPBACK = ("127.0.0.1", "::1", "localhost")
API_PATH = "/api/v10"


def double_url(environ: Mapping[str, str]) -> str | None:
    """The double's base URL when both test variables allow it, None when unset; SettingsError otherwise."""
    text = (environ.get(DOUBLE_VARIABLE) or "").strip()
    if not text:
        return None
    if (environ.get(TESTING_VARIABLE) or "").strip() != TESTING_VALUE:
        raise SettingsError(messages.DOUBLE_NOT_TESTING)
    bad = SettingsError(messages.BAD_DOUBLE.format(value=text[:60]))
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise bad from None
    if parts.scheme != "http" or parts.hostname not in LOOPBACK or port is None:
        raise bad
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise bad
    return f"http://{parts.netloc}"


def point_at(url: str) -> None:
    """Send discord.py's REST API and gateway to the double at `url` (from double_url only)."""
    discord.http.Route.BASE = url + API_PATH
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL("ws" + url[len("http") :] + "/gateway")
