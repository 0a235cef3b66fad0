"""Lobbies offer only factions and modes that can be played; one still being built is refused with a reason."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pytest
from discord_harness import ALICE, db_url, open_service

from rules import modes, registry
from rules.factions.base import Faction
from rules.pieces import WARRIOR, PieceKind


class _Unfinished(Faction):
    id: ClassVar[str] = "test-unfinished"
    name: ClassVar[str] = "Unfinished Folk"
    playable: ClassVar[bool] = False
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind("test-unfinished", "warrior", WARRIOR, 5, "Warrior"),)


class _UnfinishedMode(modes.Mode):
    id: ClassVar[str] = "test-unfinished-mode"
    playable: ClassVar[bool] = False


@pytest.fixture(autouse=True)
def _unfinished() -> Iterator[None]:
    registry.register(_Unfinished())
    modes.register(_UnfinishedMode())
    yield
    registry.unregister(_Unfinished.id)
    modes.unregister(_UnfinishedMode.id)


async def test_a_faction_being_built_is_not_offered_and_is_refused(tmp_path):
    service = await open_service(db_url(tmp_path))
    assert all(s.value != "test-unfinished" for s in service.suggest_factions(""))
    refused = await service.create(ALICE, seats=2, factions="marquise,test-unfinished")
    assert refused.refused and "can't be played yet" in refused.reply and "Unfinished Folk" in refused.reply
    outbox = await service.create(ALICE, seats=2)
    assert not outbox.refused and "Unfinished" not in outbox.public
    await service.store.close()


async def test_a_mode_being_built_is_not_offered_and_is_refused(tmp_path):
    from bot.discord.commands import known_modes

    service = await open_service(db_url(tmp_path))
    assert "test-unfinished-mode" not in known_modes() and "standard" in known_modes()
    refused = await service.create(ALICE, seats=2, mode="test-unfinished-mode")
    assert refused.refused and "can't be played yet" in refused.reply
    await service.store.close()
