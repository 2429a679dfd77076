"""rendering.outlined: outlined polygons drawn through one kept mask are Pillow's own, pixel for pixel."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from rendering.outlined import OutlinedDraw

SIZE = (60, 40)
points = st.tuples(st.floats(-10, 70, allow_nan=False), st.floats(-10, 50, allow_nan=False))
colours = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
polygons = st.tuples(st.lists(points, min_size=3, max_size=8), colours, colours, st.integers(1, 6))


@given(st.lists(polygons, min_size=1, max_size=12), st.sampled_from(["RGB", "RGBa", "RGBA"]))
def test_many_outlined_polygons_are_drawn_as_pillow_draws_them(
    shapes: list[tuple[list[tuple[float, float]], tuple[int, int, int], tuple[int, int, int], int]], mode: str
) -> None:
    """Overlapping, reaching past the edge, any width: the layer is the one Pillow's ImageDraw makes."""
    theirs, ours = Image.new(mode, SIZE), Image.new(mode, SIZE)
    pillow, outlined = ImageDraw.Draw(theirs), OutlinedDraw(ours)
    for xy, fill, outline, width in shapes:
        pillow.polygon(xy, fill=fill, outline=outline, width=width)
        outlined.polygon(xy, fill=fill, outline=outline, width=width)
    assert ours.tobytes() == theirs.tobytes()
