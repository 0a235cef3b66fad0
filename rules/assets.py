"""Reads the component data in assets/ (maps, deck, items), once per process."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any


def assets_dir() -> Path:
    """Where the component data lives (ROOTBOT_ASSETS overrides the repository folder)."""
    override = os.environ.get("ROOTBOT_ASSETS")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent.parent / "assets"


@cache
def load_json(relative: str) -> Any:
    """Parse one JSON file under assets/."""
    with open(assets_dir() / relative, encoding="utf-8") as handle:
        return json.load(handle)


def map_data(map_id: str) -> dict[str, Any]:
    """The data of one printed map (autumn, winter)."""
    data: dict[str, Any] = load_json(f"maps/{map_id}.json")
    return data


def deck_data(deck_id: str = "base") -> list[dict[str, Any]]:
    """The card entries of a deck, each with its copy count."""
    cards: list[dict[str, Any]] = load_json(f"cards/{deck_id}.json")["cards"]
    return cards


def items_data() -> dict[str, Any]:
    """Item supply, ruin items and Vagabond start items."""
    data: dict[str, Any] = load_json("items.json")
    return data
