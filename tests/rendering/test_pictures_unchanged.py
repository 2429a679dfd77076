"""Every renderer draws the picture of its reference (tests/rendering/references.py): speed-ups change nothing seen.

The comparison is of decoded pixels, not of files, so a change of PNG settings alone passes. A picture must match
its reference exactly unless TOLERANCE allows its game a stated difference (judged side by side at 400 px too).
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


TOLERANCE: dict[str, Tolerance] = {
    # A seat's crop of the map is enlarged bilinear (Lanczos cost a quarter of the picture) and its names stand on
    # whole pixels (so that a worker lays each out once): the sea's grain moves a level or two, and names' edges by
    # up to half a pixel. Side by side at 400 px and at full size, nothing tells them apart.
    "ttr_japan": Tolerance(0.015, 0.005),
}
"""Games whose pictures may differ from their references, and by how much; every other game's are exact."""


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
    allowed = TOLERANCE.get(game)
    if allowed is None:
        assert deepest == 0, f"{game} {moment} {view}: {over_8:.4f} of pixels more than 8 levels off, up to {deepest}"
    else:
        assert over_8 <= allowed.over_8 and over_32 <= allowed.over_32, f"{game} {moment} {view}: {over_8}, {over_32}"
