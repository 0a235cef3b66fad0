"""The console-path benchmark beside its floor pipeline: last line `bench: move X ms, floor Y ms, ratio R`.

Usage: python -m bot.bench [options], from a checkout (it runs tools.bench, which is not installed)
"""

from __future__ import annotations

from bot.checkout_tools import run_checkout_tool

if __name__ == "__main__":
    raise SystemExit(run_checkout_tool("bench"))
