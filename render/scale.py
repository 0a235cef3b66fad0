"""Drawing a board in its own (design) coordinates at a smaller size: the posted board is drawn at POSTED of it.

Encoding a PNG takes time in proportion to its pixels, and Discord's preview shrinks the board to about 550 x 400
px whatever its size, so the bot posts the board drawn at 3/4 of the design size: the same picture in the preview
(tests/test_render_preview.py and tests/test_render_readability.py check it at this scale), about 45 % fewer pixels
to encode and upload, and still larger than the preview when opened. Every coordinate, width and radius goes
through `Scaled`; text is drawn from stamps of the font at the scaled size (render.text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

POSTED = 0.75  # the posted board, as a share of the design size (1.0: the design size itself)

Coords = Sequence[Any]


class Scaled(ImageDraw.ImageDraw):
    """An ImageDraw that takes design coordinates and draws them `scale` times smaller (or larger).

    Widths are scaled too, never below one pixel. The drawing itself is done by a plain ImageDraw of the same
    image, so Pillow's own shapes made of other shapes are not scaled twice. `bitmap` keeps pixel coordinates: text
    stamps are placed by render.text, already at the scale.
    """

    def __init__(self, image: Image.Image, scale: float) -> None:
        super().__init__(image)
        self.scale = scale
        self._plain = ImageDraw.ImageDraw(image)

    def xy(self, xy: Coords) -> list[Any]:
        """Coordinates (points, or flat numbers such as a box) at the scale."""
        s = self.scale
        if xy and isinstance(xy[0], tuple | list):
            return [(x * s, y * s) for x, y in xy]
        return [v * s for v in xy]

    def width(self, width: float) -> int:
        """A line width at the scale (0 stays 0: no line; anything else at least a pixel)."""
        return max(1, round(width * self.scale)) if width else 0

    def line(self, xy: Coords, fill: Any = None, width: int = 1, joint: str | None = None) -> None:
        """A line through points."""
        self._plain.line(self.xy(xy), fill, self.width(width), joint)

    def polygon(self, xy: Coords, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """A polygon."""
        self._plain.polygon(self.xy(xy), fill, outline, self.width(width))

    def ellipse(self, xy: Coords, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """An ellipse in a box."""
        self._plain.ellipse(self.xy(xy), fill, outline, self.width(width))

    def rectangle(self, xy: Coords, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """A rectangle."""
        self._plain.rectangle(self.xy(xy), fill, outline, self.width(width))

    def rounded_rectangle(
        self,
        xy: Coords,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        """A rectangle with rounded corners."""
        box, r = self.xy(xy), radius * self.scale
        self._plain.rounded_rectangle(box, r, fill, outline, self.width(width), corners=corners)

    def arc(self, xy: Coords, start: float, end: float, fill: Any = None, width: int = 1) -> None:
        """An arc of the ellipse in a box."""
        self._plain.arc(self.xy(xy), start, end, fill, self.width(width))


def scaled_box(box: tuple[int, int, int, int], scale: float) -> tuple[int, int, int, int]:
    """A pixel box of the design at the scale (rounded outwards)."""
    left, top, right, bottom = box
    return int(left * scale), int(top * scale), -int(-right * scale), -int(-bottom * scale)
