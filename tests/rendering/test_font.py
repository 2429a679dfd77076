"""The pictures' font draws French and other Latin letters, where Pillow's bundled font draws a box."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import ImageFont

from rendering import canvas
from rendering.canvas import FONT_SIZE, Font, font, font_file
from rendering.table import clean

UNASSIGNED = "\ue000"
"""A private-use code point no font here has: it draws the font's missing-glyph box."""
LATIN_1 = [chr(c) for c in range(0xC0, 0x100) if chr(c).isalpha()]
LATIN_EXTENDED_A = [chr(c) for c in range(0x100, 0x17F)]
"""U+0100–U+017E: every Latin Extended-A letter but U+017F ſ (long s, archaic), which Source Sans Pro lacks."""


def bitmap(face: Font, text: str) -> tuple[tuple[int, int], bytes]:
    """The size and pixels `face` draws for `text`."""
    mask = face.getmask(text)
    return mask.size, bytes(mask)


def draws(face: Font, char: str) -> bool:
    """Whether `face` has a glyph for `char`: it draws something other than its missing-glyph box."""
    return bitmap(face, char) != bitmap(face, UNASSIGNED)


def test_accented_letters_draw_as_themselves() -> None:
    face = font()
    for accented, plain in [("é", "e"), ("ç", "c"), ("à", "a"), ("è", "e"), ("É", "E"), ("œ", "o"), ("ł", "l")]:
        assert draws(face, accented), accented
        assert bitmap(face, accented) != bitmap(face, plain), f"{accented} draws like {plain}"


def test_every_latin_1_and_latin_extended_a_letter_draws() -> None:
    face = font()
    missing = [c for c in LATIN_1 + LATIN_EXTENDED_A if not draws(face, c)]
    assert not missing, "".join(missing)


def test_the_check_catches_pillows_bundled_font() -> None:
    """Pillow's bundled font (Aileron, ASCII only) fails the same check, so the tests above can fail."""
    bundled = ImageFont.load_default(size=FONT_SIZE)
    assert draws(bundled, "e")
    for char in "éçàÉ":
        assert not draws(bundled, char), char


def test_the_font_is_source_sans_pro_loaded_once_per_size() -> None:
    path = font_file().path
    assert path is not None and Path(path).name == "SourceSansPro-Regular.ttf", font_file()
    face = font(24)
    assert isinstance(face, ImageFont.FreeTypeFont) and face.path == path and face.size == 24
    assert font(24) is face
    assert canvas._font.cache_info().maxsize is not None, "the per-size cache must stay bounded"


def test_names_keep_their_accents_in_tables() -> None:
    assert clean("Chloé, José, François, Łukasz") == "Chloé, José, François, Łukasz"


@pytest.fixture
def missing_font_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """rendering.canvas looks for its font in a package that is not installed (caches cleared either side)."""
    monkeypatch.setattr(canvas, "FONT_PACKAGE", "no_such_font_package")
    canvas._font.cache_clear()
    font_file.cache_clear()
    yield
    canvas._font.cache_clear()
    font_file.cache_clear()


@pytest.mark.usefixtures("missing_font_package")
def test_without_the_font_file_pictures_fall_back_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="rendering.canvas"):
        faces = [font(size) for size in (18, 24, 18, 30)]
    assert all(isinstance(face, ImageFont.FreeTypeFont) for face in faces)
    assert bitmap(faces[0], "e") == bitmap(ImageFont.load_default(size=18), "e")
    assert not draws(faces[0], "é")
    [record] = caplog.records
    assert "no_such_font_package" in record.getMessage() and "accented" in record.getMessage()
    assert font_file().path is None and "no_such_font_package" in font_file().problem
