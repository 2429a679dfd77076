"""Every renderer draws the picture of its reference (tests/rendering/references.py): speed-ups change nothing seen.

The comparison is of decoded pixels, not of files, so a change of PNG settings alone passes. A picture must match
its reference exactly unless TOLERANCE allows its game a stated difference.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from PIL import Image, ImageChops

from tests.rendering import references


class Tolerance(NamedTuple):
    """How far a picture may be from its reference: a share of its pixels, each by at most so much in a channel."""

    share: float
    depth: int


EXACT = Tolerance(0.0, 0)
TOLERANCE: dict[str, Tolerance] = {}
"""Games whose pictures may differ from their references, and by how much (say why beside each)."""


def difference(image: Image.Image, reference: Image.Image) -> Tolerance:
    """The share of pixels that differ, and the largest difference in any channel."""
    assert image.size == reference.size
    red, green, blue = ImageChops.difference(image, reference).split()
    deepest = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # each pixel's largest channel difference
    pixels = image.width * image.height
    return Tolerance((pixels - deepest.histogram()[0]) / pixels, deepest.getextrema()[1])  # type: ignore[arg-type]


CASES = [pytest.param(*case, id="-".join(case[:3])) for case in references.cases()]


@pytest.mark.parametrize(("game", "moment", "view", "data", "names"), CASES)
def test_the_picture_is_the_reference(
    game: str, moment: str, view: str, data: dict[str, Any], names: list[str]
) -> None:
    reference = references.decoded(references.path(game, moment, view).read_bytes())
    found = difference(references.decoded(references.png(game, data, names)), reference)
    allowed = TOLERANCE.get(game, EXACT)
    assert found.share <= allowed.share and found.depth <= allowed.depth, f"{game} {moment} {view}: {found}"
