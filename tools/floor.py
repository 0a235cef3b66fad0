"""The floor of a move on this machine (a reference pipeline, not the bot): what a move costs at the least.

A synthetic board of the reference size (1600 x 1200: a 1240 px map and a 360 px panel) drawn in palette mode on a
cached background (12 clearings with labels and building slots, 30 paths, a 14-point river, 10 forests), with 144
pieces (108 squares, circles and triangles, 36 counts) and 30 lines of panel text, encoded as PNG at level 1; then a
20 KB JSON state committed with plain sqlite3 in WAL with synchronous NORMAL (BEGIN IMMEDIATE, read the version,
update where the version is still that one, commit). `tools.bench` measures it in the same run as the bot's moves.
"""

from __future__ import annotations

import io
import json
import random
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from rules.assets import assets_dir

WIDTH, HEIGHT, MAP = 1600, 1200, 1240
CLEARINGS = 12
INK, PAPER, PANEL = (30, 30, 30), (232, 220, 190), (250, 248, 240)
PATH, RIVER, FOREST = (120, 100, 70), (90, 160, 220), (70, 120, 60)
CLEARING, WHITE, SLOT = (240, 200, 120), (255, 255, 255), (200, 190, 170)
COLOURS = [(214, 94, 0), (0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233)]


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(assets_dir() / "fonts" / "DejaVuSans.ttf"), size)


def _centres() -> list[tuple[int, int]]:
    return [(140 + (i % 4) * 320, 180 + (i // 4) * 400) for i in range(CLEARINGS)]


def _paths() -> list[tuple[int, int]]:
    """30 paths: between neighbours of the 4 x 3 grid of clearings, across its squares, and one long one."""
    grid = [(r * 4 + c, r * 4 + c + 1) for r in range(3) for c in range(3)]
    grid += [(r * 4 + c, r * 4 + c + 4) for r in range(2) for c in range(4)]
    grid += [(r * 4 + c, r * 4 + c + 5) for r in range(2) for c in range(3)]
    grid += [(r * 4 + c + 1, r * 4 + c + 4) for r in range(2) for c in range(3)]
    return [*grid, (0, 11)]


@cache
def background() -> Image.Image:
    """The cached map layer: drawn once, copied for every move."""
    image = Image.new("P", (WIDTH, HEIGHT), 0)
    inks = [PAPER, PANEL, INK, PATH, RIVER, FOREST, CLEARING, WHITE, SLOT, *COLOURS]
    image.putpalette([c for ink in inks for c in ink])  # every ink at once: drawing a move allocates no colour
    draw = ImageDraw.Draw(image)
    draw.rectangle((MAP, 0, WIDTH, HEIGHT), fill=PANEL)
    centres = _centres()
    for a, b in _paths():
        draw.line([centres[a], centres[b]], fill=PATH, width=14)
    river = [(40 + i * 85, 300 + (i % 3) * 160) for i in range(14)]
    draw.line(river, fill=RIVER, width=18)
    for i in range(10):
        x, y = 300 + (i % 5) * 200, 380 + (i // 5) * 400
        draw.polygon([(x, y - 60), (x + 70, y), (x, y + 60), (x - 70, y)], fill=FOREST)
    for n, (x, y) in enumerate(centres, start=1):
        draw.ellipse((x - 100, y - 100, x + 100, y + 100), fill=CLEARING, outline=INK, width=4)
        draw.rounded_rectangle((x - 45, y - 118, x + 45, y - 70), 12, fill=WHITE, outline=INK, width=2)
        draw.text((x, y - 94), str(n), fill=INK, font=_font(32), anchor="mm")
        for s in range(2):
            draw.rectangle((x - 56 + s * 62, y - 60, x - 6 + s * 62, y - 10), fill=SLOT, outline=INK)
    return image


def draw_move(move: int) -> Image.Image:
    """One move's board: the background copied, 144 pieces and the panel's 30 lines drawn on it."""
    image = background().copy()
    draw = ImageDraw.Draw(image)
    chooser = random.Random(move)
    for i, (x, y) in enumerate(_centres()):
        for k in range(9):
            colour = COLOURS[(i + k + move) % len(COLOURS)]
            px, py = x - 70 + (k % 5) * 32, y + 10 + (k // 5) * 36
            shape = k % 3
            if shape == 0:
                draw.rectangle((px, py, px + 26, py + 26), fill=colour, outline=INK, width=2)
            elif shape == 1:
                draw.ellipse((px, py, px + 26, py + 26), fill=colour, outline=INK, width=2)
            else:
                draw.polygon([(px + 13, py), (px + 26, py + 26), (px, py + 26)], fill=colour, outline=INK)
        for k in range(3):
            draw.text((x - 60 + k * 40, y + 84), str(chooser.randint(1, 9)), fill=INK, font=_font(20), anchor="mm")
    lines = [f"Round {move // 8 + 1}: the Marquise de Cat's Daylight"]
    lines += [f"{name}: {chooser.randint(0, 30)} VP, {chooser.randint(0, 9)} cards" for name in "ABCD"]
    lines += [f"hand and crafted {i}: {'x' * chooser.randint(8, 24)}" for i in range(11)]
    lines += [f"move {move - i}: moves {chooser.randint(1, 6)} warriors from {i % 12 + 1}" for i in range(14)]
    for i, line in enumerate(lines):
        draw.text((MAP + 14, 20 + i * 38), line, fill=INK, font=_font(18))
    return image


def encode(image: Image.Image) -> bytes:
    """PNG at compress level 1."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def state_json(move: int) -> str:
    """A 20 KB game state of made-up clearings, factions and log."""
    chooser = random.Random(move)
    state = {
        "version": move,
        "clearings": [{"id": i, "pieces": {f"f{k}": chooser.randint(0, 5) for k in range(8)}} for i in range(12)],
        "log": [f"move {i}: {'y' * 60}" for i in range(270)],
    }
    return json.dumps(state, separators=(",", ":"))


@dataclass
class FloorDb:
    """A SQLite file with one game row, written as the floor writes it."""

    connection: sqlite3.Connection

    @classmethod
    def open(cls, path: Path) -> FloorDb:
        """A fresh file in WAL, synchronous NORMAL, with one row."""
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("CREATE TABLE games (channel_id INTEGER PRIMARY KEY, version INTEGER, state TEXT)")
        connection.execute("INSERT INTO games VALUES (1, 0, '{}')")
        return cls(connection)

    def commit(self, state: str) -> None:
        """Read-modify-write the row with its version checked, in one transaction."""
        db = self.connection
        db.execute("BEGIN IMMEDIATE")
        (version,) = db.execute("SELECT version FROM games WHERE channel_id = 1").fetchone()
        update = "UPDATE games SET version = ?, state = ? WHERE channel_id = 1 AND version = ?"
        db.execute(update, (version + 1, state, version))
        db.execute("COMMIT")


def floor_ms(db: FloorDb, moves: range) -> list[float]:
    """Milliseconds of each move of the floor: draw, encode, commit."""
    times = []
    for move in moves:
        state = state_json(move)
        start = time.perf_counter()
        encode(draw_move(move))
        db.commit(state)
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure(folder: Path, moves: range) -> list[float]:
    """The floor's move times in a fresh database in a folder (after one warm-up move)."""
    with closing(FloorDb.open(folder / f"floor-{moves.start}.db").connection) as connection:
        db = FloorDb(connection)
        floor_ms(db, range(1))
        return floor_ms(db, moves)
