"""Run a benchmark that lives in the checkout's tools/ (not installed) under a `bot.` name, or refuse in one line."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

NOT_INSTALLED = 2


def run_checkout_tool(name: str, argv: list[str] | None = None) -> int:
    """Run tools.<name>'s main, or say in one line (exit 2) that the benchmarks come only with a checkout."""
    try:
        module = importlib.import_module(f"tools.{name}")
    except ModuleNotFoundError as err:
        if err.name not in ("tools", f"tools.{name}"):
            raise
        print(
            f"bot.{name}: the benchmarks are not installed (the package ships rules, render and bot only); "
            f"run `python -m bot.{name}` from a checkout of rootbot, where tools/ is",
            file=sys.stderr,
        )
        return NOT_INSTALLED
    main: Callable[[list[str] | None], int] = module.main
    return main(argv)
