"""Pre-drawn pieces: a part of a picture drawn once on its plain background, then pasted pixel for pixel.

Pasting a piece gives exactly the pixels drawing it gives, provided the piece's box is still its plain
background where it is pasted (nothing drawn there yet): the drawing then starts from the same pixels.
Each renderer states, where it pastes one, why that holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageChops

from rendering.canvas import Colour

PAD = 48
"""Room around a piece's box while it is drawn, to see whether the drawing spills out of the box."""


@dataclass(frozen=True, slots=True)
class Piece:
    """The pixels a drawing changed on its background, and where they sit in the drawing's box."""

    image: Image.Image | None
    left: int = 0
    top: int = 0

    def paste(self, image: Image.Image, x: int, y: int) -> None:
        """Put the piece in `image` with its box's top-left at (x, y)."""
        if self.image is not None:
            image.paste(self.image, (x + self.left, y + self.top))

    @property
    def size(self) -> int:
        """About how many bytes the piece holds (Pillow keeps RGB in four bytes a pixel)."""
        return 0 if self.image is None else 4 * self.image.width * self.image.height


def piece(width: int, height: int, background: Colour, paint: Callable[[Image.Image, int, int], None]) -> Piece | None:
    """What `paint(image, x, y)` draws in a width×height box at (x, y) of a `background` canvas, as a Piece.

    None when the drawing reaches outside the box: then its box alone does not hold all of it, and the
    caller draws it in place instead.
    """
    canvas = Image.new("RGB", (width + 2 * PAD, height + 2 * PAD), background)
    paint(canvas, PAD, PAD)
    changed = ImageChops.difference(canvas, Image.new("RGB", canvas.size, background)).getbbox()
    if changed is None:
        return Piece(None)
    x0, y0, x1, y1 = changed
    if x0 < PAD or y0 < PAD or x1 > PAD + width or y1 > PAD + height:
        return None
    return Piece(canvas.crop(changed), x0 - PAD, y0 - PAD)


def band(width: int, height: int, background: Colour, paint: Callable[[Image.Image, int], None]) -> Piece | None:
    """What `paint(image, y)` draws across a whole picture `width` wide, in a band `height` tall at y, as a Piece.

    Like `piece`, for drawings placed by the picture's own x: what goes past the picture's sides is lost either way.
    """
    canvas = Image.new("RGB", (width, height + 2 * PAD), background)
    paint(canvas, PAD)
    changed = ImageChops.difference(canvas, Image.new("RGB", canvas.size, background)).getbbox()
    if changed is None:
        return Piece(None)
    x0, y0, _x1, y1 = changed
    if y0 < PAD or y1 > PAD + height:
        return None
    return Piece(canvas.crop(changed), x0, y0 - PAD)
