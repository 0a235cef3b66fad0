"""The registry lists factions in the places they declare, one faction to a place, whatever the import order."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from rules import registry
from rules.factions.base import Faction

ROOT = Path(__file__).resolve().parents[1]
REVERSED_DISCOVERY = """
import json, pkgutil
found = pkgutil.iter_modules
pkgutil.iter_modules = lambda *args, **kwargs: sorted(found(*args, **kwargs), key=lambda m: m.name, reverse=True)
import rules.factions.vagabond, rules.factions.tinker, rules.factions.spore
from rules import registry
print(json.dumps([registry.all_ids(), registry.playable_ids()]))
"""


def _throwaway(fid: str, place: int | None) -> Faction:
    class Throwaway(Faction):
        id: ClassVar[str] = fid
        name: ClassVar[str] = fid.title()
        order: ClassVar[int | None] = place

    return Throwaway()


@pytest.fixture
def forget() -> Iterator[list[str]]:
    ids: list[str] = []
    yield ids
    for fid in ids:
        registry.unregister(fid)


def test_the_factions_come_in_the_places_they_declare() -> None:
    places = [registry.faction(fid).order for fid in registry.all_ids()]
    assert None not in places and places == sorted(places)
    assert len(set(places)) == len(places)


def test_another_import_order_lists_the_factions_in_the_same_order() -> None:
    out = subprocess.run(
        [sys.executable, "-c", REVERSED_DISCOVERY], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == [registry.all_ids(), registry.playable_ids()]


def test_two_factions_may_not_claim_one_place() -> None:
    first = registry.all_ids()[0]
    with pytest.raises(ValueError, match=f"'{first}' already has the place {registry.faction(first).order}"):
        registry.register(_throwaway("claimant", registry.faction(first).order))
    assert "claimant" not in registry.all_ids()


def test_a_faction_without_a_place_comes_after_those_with_one_by_id(forget: list[str]) -> None:
    before = registry.all_ids()
    forget += ["zz-late", "aa-late", "mid"]
    registry.register(_throwaway("zz-late", None))
    registry.register(_throwaway("aa-late", None))
    registry.register(_throwaway("mid", 35))
    ids = registry.all_ids()
    assert ids[-2:] == ["aa-late", "zz-late"]
    assert ids[:-2] == sorted([*before, "mid"], key=lambda f: registry.faction(f).order or 0)
