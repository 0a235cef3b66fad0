"""The `rootbot` command line: run the bot, or play offline in the console."""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the rootbot console script."""
    parser = argparse.ArgumentParser(prog="rootbot", description="Root play-by-post bot")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    args = parser.parse_args(argv)
    if args.command in (None, "run") and not os.environ.get("DISCORD_TOKEN"):
        print("No DISCORD_TOKEN is set. The Discord bot is not built yet in this version.", file=sys.stderr)
        return 2
    print("The Discord bot is not built yet in this version.", file=sys.stderr)
    return 2
