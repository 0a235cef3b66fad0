"""Image to bytes under a size limit: PNG first, then smaller PNGs, then JPEG.

The board is a palette PNG deflated fast (render/png.py: ISA-L, or Pillow's encoder at compress_level 1 without
it), a hundred times under Discord's 10 MiB.
Should an image ever be over the limit, the fallback is, in order: the same pixels at
compress_level 9; the image downscaled (3/4, 1/2, 1/3, 1/4) as a palette PNG; JPEG at those
scales and falling quality (only better than PNG for busy, photo-like pictures). When nothing
fits, ValueError names the limit, and the caller sends text instead.
"""

from __future__ import annotations

import io

from PIL import Image

from render import png

DISCORD_LIMIT = 10 * 1024 * 1024
SCALES = (1.0, 0.75, 0.5, 0.35, 0.25)
JPEG_QUALITIES = (85, 70, 50)


def _png(image: Image.Image, level: int) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=level)
    return out.getvalue()


def _jpeg(image: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality)
    return out.getvalue()


def _scaled(image: Image.Image, scale: float) -> Image.Image:
    rgb = image.convert("RGB")
    if scale == 1.0:
        return rgb
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return rgb.resize(size, Image.Resampling.BOX)


# The fallback ladder after the first PNG: (format, scale, compress level or JPEG quality).
LADDER = [("png", s, 9) for s in SCALES] + [("jpeg", s, q) for s in SCALES for q in JPEG_QUALITIES]


def encode(image: Image.Image, max_bytes: int = DISCORD_LIMIT) -> bytes:
    """PNG bytes of the image, or the documented fallback (smaller PNG, then JPEG) to stay within max_bytes."""
    data = png.png(image) if png.writes(image) else _png(image, 1)
    if len(data) <= max_bytes:
        return data
    for kind, scale, setting in LADDER:
        if kind == "png":
            small = image if scale == 1.0 else _scaled(image, scale).quantize(256, dither=Image.Dither.NONE)
            data = _png(small, setting)
        else:
            data = _jpeg(_scaled(image, scale), setting)
        if len(data) <= max_bytes:
            return data
    raise ValueError(f"image cannot be encoded within {max_bytes} bytes")
