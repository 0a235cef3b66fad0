"""PNG bytes written here, deflated by ISA-L (isal) when it is installed: about three times zlib's speed at level 1
(CPU time, posted boards).

The file is the plainest PNG: IHDR, PLTE (palette images), one IDAT of rows that each start with filter byte 0,
IEND. Its decoded pixels are the image's exactly (tests/test_render_png.py). Images this writer does not cover
(other modes, a transparent colour) and machines without isal go through Pillow's encoder, as before.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ISAL_LEVEL = 1
"""ISA-L's level 1: as fast as its level 0 on the boards and about 15 % smaller (levels go from 0 to 3)."""
COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "P": (3, 1), "RGBA": (6, 4)}
"""PNG colour type and bytes per pixel of the modes written here (8 bits per sample)."""

Deflate = Callable[[bytes, int], bytes]


def _isal_deflate() -> Deflate | None:
    """ISA-L's zlib-format compress, or None when isal is not importable (then Pillow encodes)."""
    try:
        from isal import isal_zlib
    except ImportError:  # isal is a dependency; a platform without its wheel may still lack it
        return None
    return isal_zlib.compress


FAST_DEFLATE = _isal_deflate()


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _rows(image: Image.Image, pixel_bytes: int) -> bytes:
    """The image's rows, each after filter byte 0 (None): the data IDAT deflates."""
    raw = memoryview(image.tobytes())
    stride = image.width * pixel_bytes
    return b"\x00" + b"\x00".join(raw[top : top + stride] for top in range(0, len(raw), stride))


def _covered(image: Image.Image) -> bool:
    """Whether the image is one this writer writes: a mode of COLOUR_TYPES, no transparent colour, and for a palette
    image an RGB palette (an RGBA palette's alpha would need a tRNS chunk)."""
    if image.mode not in COLOUR_TYPES or "transparency" in image.info:
        return False
    return image.mode != "P" or (image.palette is not None and image.palette.mode == "RGB")


def writes(image: Image.Image) -> bool:
    """Whether this writer can write the image (else Pillow's encoder does)."""
    return FAST_DEFLATE is not None and _covered(image)


def png(image: Image.Image, deflate: Deflate | None = None) -> bytes:
    """The image as PNG bytes: 8-bit samples, no filter, one IDAT deflated by ISA-L (or `deflate`, for tests)."""
    squeeze = deflate or FAST_DEFLATE
    if squeeze is None or not _covered(image):
        raise ValueError(f"this writer does not write a {image.mode} image (Pillow's encoder does)")
    colour_type, pixel_bytes = COLOUR_TYPES[image.mode]
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, colour_type, 0, 0, 0)
    chunks = [_chunk(b"IHDR", header)]
    if image.mode == "P":  # every index has an entry: the palette is padded to 256 colours
        palette = bytes((image.getpalette("RGB") or [])[: 256 * 3])
        chunks.append(_chunk(b"PLTE", palette + bytes(256 * 3 - len(palette))))
    chunks.append(_chunk(b"IDAT", squeeze(_rows(image, pixel_bytes), ISAL_LEVEL)))
    return SIGNATURE + b"".join(chunks) + _chunk(b"IEND", b"")
