"""The board's own PNG writer (render/png.py): Pillow decodes exactly the image's pixels; Pillow encodes the rest."""

from __future__ import annotations

import io
import random
import zlib
from functools import cache

import pytest
from PIL import Image

from render import png
from render.board import compose
from render.encode import encode
from render.hand import compose_hand
from render.samples import frontier_views, joined_view, standard_view
from render.scale import POSTED

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def same_pixels(data: bytes, image: Image.Image) -> bool:
    """Whether the PNG decodes to the image: same mode, size, bytes, and for a palette image the same colours."""
    decoded = Image.open(io.BytesIO(data))
    same = decoded.mode == image.mode and decoded.size == image.size and decoded.tobytes() == image.tobytes()
    if image.mode == "P":
        same = same and decoded.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    return same


def noise(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    """A busy picture of the mode (every byte random: a palette image uses all 256 indices)."""
    bands = {"L": 1, "P": 1, "RGB": 3, "RGBA": 4}[mode]
    image = Image.frombytes(mode, size, random.Random(seed).randbytes(size[0] * size[1] * bands))
    if mode == "P":
        image.putpalette(random.Random(seed + 1).randbytes(256 * 3))
    return image


@cache
def boards() -> tuple[Image.Image, ...]:
    """The boards the bot posts: a standard game's, a joined 3x3 one's and a frontier game's."""
    view, marks = standard_view()
    (frontier,) = frontier_views(1)
    return compose(view, marks, POSTED), compose(*joined_view(2), POSTED), compose(*frontier, POSTED)


@pytest.mark.parametrize("index", range(3))
def test_the_writer_decodes_to_the_boards_pixels(index: int) -> None:
    image = boards()[index]
    assert image.mode == "P" and png.writes(image)
    data = encode(image)
    assert data.startswith(PNG_SIGNATURE) and same_pixels(data, image)
    assert data == png.png(image)  # encode went through the writer, not Pillow's encoder


@pytest.mark.parametrize("mode", ["L", "P", "RGB", "RGBA"])
def test_the_writer_decodes_to_every_mode_it_writes(mode: str) -> None:
    for size in [(1, 1), (3, 7), (257, 13)]:
        image = noise(mode, size, seed=size[0])
        assert same_pixels(png.png(image), image), (mode, size)
        assert same_pixels(png.png(image, zlib.compress), image)  # the chunks are right whatever deflates them


def test_a_palette_shorter_than_its_indices_still_decodes_to_its_colours() -> None:
    image = Image.new("P", (4, 1))
    image.putpalette([10, 20, 30, 40, 50, 60])  # two colours; index 3 has none in Pillow's palette
    image.putdata([0, 1, 1, 0])
    assert same_pixels(png.png(image), image)


def test_the_hand_picture_is_written_by_the_writer() -> None:
    image = compose_hand(standard_view(0)[0])
    assert image.mode == "RGB" and png.writes(image)
    data = encode(image)
    assert data == png.png(image) and same_pixels(data, image)


def test_without_isal_pillow_encodes_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    image = boards()[0]
    fast = encode(image)
    monkeypatch.setattr(png, "FAST_DEFLATE", None)
    assert not png.writes(image)
    slow = encode(image)
    assert slow != fast and same_pixels(slow, image) and same_pixels(fast, image)


def test_images_the_writer_does_not_cover_go_to_pillow() -> None:
    transparent = noise("P", (5, 5), seed=1)
    transparent.info["transparency"] = 0
    see_through = Image.new("P", (4, 4), 1)
    see_through.putpalette([10, 20, 30, 0, 40, 50, 60, 128], "RGBA")  # alpha in the palette itself
    for image in (transparent, see_through, Image.new("LA", (5, 5), (30, 200)), Image.new("1", (9, 2), 1)):
        assert not png.writes(image)
        with pytest.raises(ValueError, match="does not write"):
            png.png(image)
        data = encode(image)
        decoded = Image.open(io.BytesIO(data))
        assert data.startswith(PNG_SIGNATURE) and decoded.mode == image.mode and decoded.tobytes() == image.tobytes()
        assert decoded.convert("RGBA").tobytes() == image.convert("RGBA").tobytes()


def test_isal_the_dependency_is_installed_and_used() -> None:
    assert png.FAST_DEFLATE is not None
    image = noise("L", (64, 64), seed=5)
    assert png.png(image) != png.png(image, lambda data, level: zlib.compress(data, level))
    Image.open(io.BytesIO(png.png(image))).verify()
