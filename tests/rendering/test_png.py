"""rendering.png: the PNG a picture is sent as decodes to the very same picture."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from rendering.png import png_bytes


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@st.composite
def palette_pictures(draw: st.DrawFn) -> Image.Image:
    """A palette picture of any size up to 40 × 40, with 1 to 256 colours, using any of them anywhere."""
    width, height = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    colours = draw(st.integers(1, 256))
    palette = draw(st.binary(min_size=3 * colours, max_size=3 * colours))
    pixels = draw(st.binary(min_size=width * height, max_size=width * height))
    image = Image.frombytes("P", (width, height), bytes(b % colours for b in pixels))
    image.putpalette(palette, "RGB")
    return image


@given(palette_pictures())
def test_a_palette_picture_decodes_to_the_same_indices_and_colours(image: Image.Image) -> None:
    back = decoded(png_bytes(image))
    assert back.mode == "P" and back.size == image.size
    assert back.tobytes() == image.tobytes()
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_other_pictures_are_written_by_pillow_and_decode_the_same() -> None:
    """Not a palette, or a palette with a transparent colour: Pillow writes it, losing nothing either."""
    rgb = Image.linear_gradient("L").convert("RGB").resize((30, 20))
    see_through = Image.new("P", (4, 4), 1)
    see_through.putpalette(b"\x00\x00\x00\xff\x00\x00", "RGB")
    see_through.info["transparency"] = 0
    assert decoded(png_bytes(rgb)).tobytes() == rgb.tobytes()
    back = decoded(png_bytes(see_through))
    assert back.info.get("transparency") == 0 and back.tobytes() == see_through.tobytes()
