"""Digests of the PNGs of every sample view, to show a change to the view or the renderer draws the same pixels.

Usage: .venv/bin/python tools/render_digests.py [--write FILE | --check FILE]

It draws the bench's views (render/samples.py: standard, joined 3x3 and a real six-seat 3x3 game), the sample
views for each seat and a spectator with their hands, and views of seeded random games of every playable faction,
every seat's and a spectator's, and prints one line per PNG: its name and the SHA-256 of its decoded pixels (its
size and RGBA values: the same pixels written in other bytes, by render/png.py or by Pillow, digest alike). With
--write the lines go to FILE; with --check they are compared with FILE's and every difference is listed (exit status 1).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

import rules
from render import render_board, render_hand
from render.samples import frontier_views, joined_view, standard_view, standard_views
from rules import registry
from rules.state import Mark

EVERY = 40
"""How many actions of a seeded game pass between the points at which its views are drawn."""
BATTLES = 3
"""How many battles in progress of a seeded game are drawn besides."""
GAME_ACTIONS = 1200


def _game_views(factions: list[str], seed: int) -> Iterator[tuple[str, bytes]]:
    """Board and hand PNGs of one seeded random game at a few points, for every seat and a spectator."""
    state = rules.new_game({"factions": factions}, seed)
    pick = random.Random(seed)
    marks: list[Mark] = []
    battles = 0
    for n in range(GAME_ACTIONS):
        battles += state.battle is not None and n % EVERY != 0
        if n % EVERY == 0 or (state.battle is not None and battles <= BATTLES):
            for seat in [None, *range(len(state.seats))]:
                view = rules.view_for(state, seat)
                yield f"{'+'.join(factions)} at {n} seat {seat} board", render_board(view, marks)
                if seat is not None:
                    yield f"{'+'.join(factions)} at {n} seat {seat} hand", render_hand(view)
        actor = rules.to_act(state)
        if actor is None:
            return
        state, events = rules.apply(state, pick.choice(rules.legal_actions(state, actor)), seat=actor)
        marks = [m for e in events for m in e.marks]


def pictures() -> Iterator[tuple[str, bytes]]:
    """Every sample picture, by name."""
    for i, (view, marks) in enumerate(standard_views(40)):
        yield f"standard {i}", render_board(view, marks)
    for seed in range(20):
        yield f"3x3 {seed}", render_board(*joined_view(seed))
    for i, (view, marks) in enumerate(frontier_views(40)):
        yield f"3x3 game {i}", render_board(view, marks)
    for seat in (None, 0, 1):
        view, marks = standard_view(seat)
        yield f"sample seat {seat} board", render_board(view, marks)
        if seat is not None:
            yield f"sample seat {seat} hand", render_hand(view)
    others = [f for f in registry.playable_ids() if f not in ("marquise", "eyrie")]
    for i, fid in enumerate(others):
        yield from _game_views(["marquise", "eyrie", fid], 100 + i)
    yield from _game_views(registry.playable_ids()[:6], 7)


def pixels_digest(data: bytes) -> str:
    """SHA-256 of what the picture shows: its size and its pixels as RGBA, whatever bytes encode them."""
    with Image.open(io.BytesIO(data)) as image:
        shown = image.convert("RGBA")
    return hashlib.sha256(f"{shown.width}x{shown.height}".encode() + shown.tobytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Print, write or check the digests."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--write", type=Path, help="write the digests to this file")
    where.add_argument("--check", type=Path, help="compare the digests with this file's")
    args = parser.parse_args(argv)
    if args.write and args.write.is_dir():  # checked before the pictures are drawn, which takes a while
        parser.error(f"--write: {args.write} is a folder")
    if args.write and not args.write.parent.is_dir():
        parser.error(f"--write: there is no folder {args.write.parent}")
    saved: list[str] = []
    if args.check:
        try:
            saved = args.check.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
            print(f"can't read {args.check}: {reason}", file=sys.stderr)
            return 2
    lines = [f"{pixels_digest(data)}  {name}" for name, data in pictures()]
    if args.write:
        try:
            args.write.write_text("\n".join(lines) + "\n")
        except OSError as error:
            print(f"can't write {args.write}: {error.strerror}", file=sys.stderr)
            return 2
    if not args.check:
        print("\n".join(lines))
        return 0
    differ = sorted(set(saved) ^ set(lines))
    for line in differ:
        print(("only before: " if line in saved else "only now:    ") + line)
    print(f"{len(lines)} pictures, {len(differ)} lines differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
