"""The load benchmark: moves in many games at once (--burst), on SQLite or PostgreSQL, in one process or more.

Usage: python -m bot.loadbench [options], from a checkout (it runs tools.loadbench, which is not installed)
"""

from __future__ import annotations

from bot.checkout_tools import run_checkout_tool

if __name__ == "__main__":
    raise SystemExit(run_checkout_tool("loadbench"))
