"""Game modes: the table's policy; importing this package registers every mode plug-in in it (a module, or a
package of several files)."""

from __future__ import annotations

import importlib
import pkgutil

from rules import registry
from rules.modes.base import Mode, mode_of
from rules.registry import mode_ids as all_ids
from rules.registry import playable_mode_ids as playable_ids
from rules.registry import register_mode as register
from rules.registry import unregister_mode as unregister


def find_mode(name: str) -> Mode:
    """The mode with this id (or one of its aliases, in any case), as the class modes extend."""
    found = registry.find_mode(name)
    assert isinstance(found, Mode), found
    return found


for _module in pkgutil.iter_modules(__path__):
    if _module.name != "base":
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["Mode", "all_ids", "find_mode", "mode_of", "playable_ids", "register", "unregister"]
