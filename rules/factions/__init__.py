"""Faction plug-ins; importing this package registers every faction plug-in in it (a module, or a package of
several files whose `__init__` declares the faction and whose other modules are its helpers)."""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "base":
        importlib.import_module(f"{__name__}.{_module.name}")
