"""Words for the engine's messages: counted nouns and possessives."""

from __future__ import annotations

ECHO_LIMIT = 80


def plural(n: int, noun: str, many: str | None = None) -> str:
    """'1 warrior', '2 warriors' (many: an irregular plural)."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def possessive(name: str) -> str:
    """'Marquise de Cat's', 'Eyrie Dynasties''."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """What a player typed, cut to a readable length for quoting it back."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
