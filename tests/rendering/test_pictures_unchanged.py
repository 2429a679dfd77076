"""Every renderer draws the picture of its reference (tests/rendering/references.py): speed-ups change nothing seen.

The comparison is of decoded pixels, not of files, so a change of PNG settings alone passes. A picture must match
its reference within the difference TOLERANCE states for its game (judged side by side at 400 px too).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from PIL import Image, ImageChops

from tests.rendering import references


class Tolerance(NamedTuple):
    """How far a picture may be from its reference: the share of its pixels more than 8 levels off in some channel,
    and the share more than 32 levels off (a flat colour changed shows in the first, a shape moved in both)."""

    over_8: float
    over_32: float


SAMPLED_PALETTE = Tolerance(0.01, 0.0005)
"""Every picture's palette is chosen from one pixel in sixteen (rendering.canvas.to_palette; it was one in four when
the references were drawn): a few shades at the edges of letters and shapes take a neighbouring palette colour,
under 1% of the pixels. Side by side at 400 px and at full size, nothing tells them apart."""

TOLERANCE: dict[str, Tolerance] = {
    "mexican_train": SAMPLED_PALETTE,
    "miyajima": SAMPLED_PALETTE,
    "next_station_tokyo": SAMPLED_PALETTE,
    "toyko_train": SAMPLED_PALETTE,
    # The board's names stand on whole pixels (so that a worker lays each out once): their edges move by up to half
    # a pixel. A seat's picture was drawn again when its crop took one of the scales crops share
    # (rendering.ttr_japan.crop.stepped): it shows up to 9% more of the map round the tickets.
    "ttr_japan": Tolerance(0.01, 0.001),
}
"""How far each game's pictures may be from their references."""


def difference(image: Image.Image, reference: Image.Image) -> tuple[float, float, int]:
    """The shares of pixels more than 8 and more than 32 levels off, and the largest difference in any channel."""
    assert image.size == reference.size
    red, green, blue = ImageChops.difference(image.convert("RGB"), reference.convert("RGB")).split()
    deepest = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # each pixel's largest channel difference
    counts, pixels = deepest.histogram(), image.width * image.height
    return sum(counts[9:]) / pixels, sum(counts[33:]) / pixels, deepest.getextrema()[1]  # type: ignore[return-value]


CASES = [pytest.param(*case, id="-".join(case[:3])) for case in references.cases()]


@pytest.mark.parametrize(("game", "moment", "view", "data", "names"), CASES)
def test_the_picture_is_the_reference(
    game: str, moment: str, view: str, data: dict[str, Any], names: list[str]
) -> None:
    reference = references.decoded(references.path(game, moment, view).read_bytes())
    over_8, over_32, deepest = difference(references.decoded(references.png(game, data, names)), reference)
    allowed = TOLERANCE[game]
    assert over_8 <= allowed.over_8 and over_32 <= allowed.over_32, (
        f"{game} {moment} {view}: {over_8:.4f} of pixels more than 8 levels off, {over_32:.4f} more than 32, "
        f"up to {deepest}"
    )
