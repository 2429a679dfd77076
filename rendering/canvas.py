"""Shared drawing helpers: fonts, a blank canvas, labelled swatches, small shapes and palette reduction."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import _, pgettext

BACKGROUND = (245, 241, 232)
INK = (34, 34, 34)
FONT_SIZE = 18
PALETTE_COLOURS = 128
"""Flat drawings are reduced to this many colours: a palette PNG compresses several times faster and smaller."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Colour = tuple[int, int, int]


FONT_PACKAGE = "font_source_sans_pro"
FONT_FILE = "SourceSansPro-Regular.ttf"
"""Source Sans Pro (SIL OFL), from the font-source-sans-pro wheel: it has every Latin-1 and Latin Extended-A
letter (é, ç, ł, œ…) that Pillow's bundled font draws as a box, and needs no system fonts on a bare VPS."""

log = logging.getLogger(__name__)


class FontFile(NamedTuple):
    """The TrueType file pictures are drawn with, or None and why it could not be loaded."""

    path: str | None
    problem: str = ""


@lru_cache(maxsize=1)
def font_file() -> FontFile:
    """Locate and test-load FONT_FILE once; on failure log one warning (pictures then use Pillow's bundled font)."""
    try:
        path = str(resources.files(FONT_PACKAGE) / "files" / FONT_FILE)
        ImageFont.truetype(path, FONT_SIZE)
    except (ImportError, OSError) as error:
        problem = f"cannot load {FONT_FILE} from {FONT_PACKAGE}: {error}"
        log.warning("%s; pictures use Pillow's bundled font, which draws accented letters as boxes", problem)
        return FontFile(None, problem)
    return FontFile(path)


PHONE_WIDTH = 400
"""How wide most players see a picture: a phone shows it about 400 px wide until it is tapped."""
PHONE_TEXT = 11
"""The phone-first size rule: every text a player needs is at least this many px tall at PHONE_WIDTH."""

_text_watchers: list[Callable[[float], None]] = []


def font(size: int = FONT_SIZE, scale: int = 1) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The pictures' font at `size` pixels (see FONT_FILE), or Pillow's bundled one when that file won't load.

    `scale`: the canvas is drawn that many times larger than the picture it ends in (supersampling), so the text
    comes out `size / scale` px tall. That is the height `text_sizes` records.
    """
    for watcher in _text_watchers:
        watcher(size / scale)
    return _font(size)


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_file().path
    if path is None:
        return ImageFont.load_default(size=size)
    return RememberingFont(path, size)


TEXTS_REMEMBERED = 1024
"""How many laid-out texts a worker keeps: 1,024 of them (about 4 MB) missed 1.4% more texts than 4,096 (12 MB) over
600 pictures of every game."""


class RememberingFont(ImageFont.FreeTypeFont):
    """A FreeType font that lays out each text once: a worker draws the same names, labels and numbers every picture.

    Laying out and rasterising a text was the largest single cost of most pictures. The mask and length of a text
    depend only on the font and the arguments, so a remembered one draws the very same pixels.
    """

    def getmask2(self, text: str | bytes, *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        """The text's mask and offset, laid out once per text and arguments."""
        return _remembered(self, "getmask2", text, args, kwargs)  # type: ignore[no-any-return]

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        """The text's advance, measured once per text and arguments."""
        return _remembered(self, "getlength", text, args, kwargs)  # type: ignore[no-any-return]

    def getbbox(self, text: str | bytes | bytearray, *args: Any, **kwargs: Any) -> tuple[float, float, float, float]:
        """The text's bounding box, measured once per text and arguments."""
        return _remembered(self, "getbbox", bytes(text) if isinstance(text, bytearray) else text, args, kwargs)  # type: ignore[no-any-return]


def _remembered(
    face: RememberingFont, method: str, text: str | bytes, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Any:
    """`face.method(text, *args, **kwargs)`, from the cache when its arguments can be a key (features lists can't)."""
    key = (method, text, args, tuple(sorted(kwargs.items())))
    try:
        return _layout(face, key)
    except TypeError:  # an unhashable argument: measure it afresh
        return getattr(ImageFont.FreeTypeFont, method)(face, text, *args, **kwargs)


def forget_texts() -> None:
    """Forget every text laid out so far (benches time a picture as a worker draws it after another)."""
    _layout.cache_clear()


@lru_cache(maxsize=TEXTS_REMEMBERED)
def _layout(face: RememberingFont, key: tuple[Any, ...]) -> Any:
    method, text, args, kwargs = key
    return getattr(ImageFont.FreeTypeFont, method)(face, text, *args, **dict(kwargs))


@contextmanager
def text_sizes() -> Iterator[list[float]]:
    """Record the height, in px of the finished picture, of every font asked for while the block runs."""
    sizes: list[float] = []
    _text_watchers.append(sizes.append)
    try:
        yield sizes
    finally:
        _text_watchers.remove(sizes.append)


def smallest_text_allowed(width: int) -> float:
    """The smallest text a picture `width` px wide may draw: PHONE_TEXT px once it is shown PHONE_WIDTH wide."""
    return PHONE_TEXT * width / PHONE_WIDTH


def blank(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A paper-coloured canvas and its drawing context."""
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def labelled_box(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: tuple[int, int, int], label: str
) -> None:
    """A filled, outlined box with its label written on it, so colour is never the only cue."""
    draw.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) // 2, (y0 + y1) // 2), label, fill=INK, font=font(), anchor="mm")


def fit(text: str, face: Font, width: int) -> str:
    """`text` shortened with an ellipsis until it fits `width` pixels."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, face: Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels, between words (a word too long for a line is cut)."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(fit(word, face, width))
    return lines


def triangle(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, fill: Colour) -> None:
    """A right-pointing ▶ (the bundled font has no such glyph) with its left edge at x, centred on y."""
    draw.polygon([(x, y - size // 2), (x + size, y), (x, y + size // 2)], fill=fill, outline=INK)


def check(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, fill: Colour) -> None:
    """A tick mark drawn as two strokes, its box's top-left at (x, y)."""
    draw.line([(x, y + size // 2), (x + size // 3, y + size), (x + size, y)], fill=fill, width=4, joint="curve")


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's display name, or "Seat N" when none was given."""
    return names[seat] if seat < len(names) and names[seat] else _("Seat {n}").format(n=seat + 1)


def to_palette(image: Image.Image, colours: int = PALETTE_COLOURS) -> Image.Image:
    """The flat drawing as a palette image (no dithering), so `render_png`'s optimize pass stays fast.

    The palette is chosen on every fourth pixel of every fourth row, then each pixel takes its nearest palette
    colour. Choosing it from all 1.8 million pixels of a map took half of a Ticket to Ride render; from one pixel in
    four, it was still a third of every game's picture under a burst (bench/load.py), and one in sixteen takes 30-40%
    less for as many pixels off (tests/rendering/test_pictures_unchanged.py).
    """
    sample = image.resize((max(1, image.width // 4), max(1, image.height // 4)), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def ordinal(n: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th" (in French 1 → "1er", 2 → "2e", 21 → "21e")."""
    if n == 1:
        return pgettext("ordinal of one", "{n}st").format(n=n)  # French says only 1 differently ("1er")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    forms = {
        "st": pgettext("ordinal", "{n}st"),
        "nd": pgettext("ordinal", "{n}nd"),
        "rd": pgettext("ordinal", "{n}rd"),
        "th": pgettext("ordinal", "{n}th"),
    }
    return forms[suffix].format(n=n)
