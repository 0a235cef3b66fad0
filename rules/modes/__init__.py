"""Game modes: the table's policy; importing this package registers every mode module in it."""

from __future__ import annotations

import importlib
import pkgutil

from rules.modes.base import Mode, all_ids, find_mode, mode_of, playable_ids, register, unregister

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "base":
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["Mode", "all_ids", "find_mode", "mode_of", "playable_ids", "register", "unregister"]
