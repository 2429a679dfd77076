"""The ranked table renderer: standings and leaderboards drawn as small, readable PNGs."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from rendering import table as renderer
from rendering.canvas import INK, Colour
from rendering.table import RankedTable, render_table, table_png
from tests.rendering import pngs

MAX_BYTES = 500_000
COLUMNS = ("#", "Player", "Pts", "Score", "Games", "Wins")
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")
TOLERANCE = 8
"""How far a channel may drift when the drawing is reduced to a palette."""


def rows(count: int, name: str | None = None, score: str | None = None) -> tuple[tuple[str, ...], ...]:
    """`count` formatted standings rows, every name or score replaced when one is given."""
    return tuple(
        (str(i + 1), name or NAMES[i % len(NAMES)], str(40 - i), score or f"{1500 - 7 * i}", "12", str(i % 6))
        for i in range(count)
    )


def standings(count: int = 8, **kwargs: object) -> RankedTable:
    """A tournament standings table of `count` rows."""
    return RankedTable("Spring Cup", "Round 4 of 5", COLUMNS, rows(count), **kwargs)  # type: ignore[arg-type]


def drawn(table: RankedTable) -> Image.Image:
    """The table through its PNG bytes, decoded and checked, as an RGB image."""
    return pngs.opened(table_png(table), MAX_BYTES).convert("RGB")


def near(a: tuple[int, ...] | float, b: Colour) -> bool:
    """Whether a pixel of an RGB image matches `b` within the palette reduction's drift."""
    return isinstance(a, tuple) and all(abs(x - y) <= TOLERANCE for x, y in zip(a, b, strict=True))


def lines_of(image: Image.Image, colour: Colour, share: float, x0: int = 0, x1: int | None = None) -> list[int]:
    """The y of every pixel line on which at least `share` of the pixels between x0 and x1 are `colour`."""
    x1 = image.width if x1 is None else x1
    found = []
    for y in range(image.height):
        counts = image.crop((x0, y, x1, y + 1)).getcolors(x1 - x0) or []
        if sum(n for n, c in counts if near(c, colour)) >= share * (x1 - x0):
            found.append(y)
    return found


def has_colour(image: Image.Image, colour: Colour, box: tuple[int, int, int, int] | None = None) -> bool:
    """Whether any pixel (inside `box`) is `colour`."""
    part = image.crop(box) if box else image
    return any(near(c, colour) for _, c in part.getcolors(part.width * part.height) or [])


def test_valid_png_of_sane_size() -> None:
    assert render_table(standings()).mode == "P"
    image = drawn(standings())
    assert renderer.MIN_WIDTH <= image.width <= 1200
    assert 8 * renderer.ROW_H < image.height <= 8 * renderer.ROW_H + 300


def test_height_grows_by_a_row_per_entry() -> None:
    one, five, twenty = (drawn(standings(n)).height for n in (1, 5, 20))
    assert five - one == 4 * renderer.ROW_H
    assert twenty - five == 15 * renderer.ROW_H


def test_width_grows_with_a_wider_column() -> None:
    narrow = drawn(RankedTable("Cup", "", COLUMNS, rows(4, score="12")))
    wide = drawn(RankedTable("Cup", "", COLUMNS, rows(4, score="12345678901234")))
    assert wide.width > narrow.width


def test_narrow_table_keeps_minimum_width() -> None:
    image = drawn(RankedTable("Cup", "", ("#", "Player"), (("1", "Al"),)))
    assert image.width == renderer.MIN_WIDTH


def test_highlighted_row_has_its_band_and_marker() -> None:
    assert not lines_of(drawn(standings()), renderer.HIGHLIGHT, 0.3)
    first = lines_of(drawn(standings(highlight=0)), renderer.HIGHLIGHT, 0.3)
    fourth = lines_of(drawn(standings(highlight=3)), renderer.HIGHLIGHT, 0.3)
    assert len(first) == len(fourth) == renderer.ROW_H
    assert fourth[0] - first[0] == 3 * renderer.ROW_H
    image = drawn(standings(highlight=3))
    gutter = (0, fourth[0], renderer.MARGIN + renderer.MARKER_W, fourth[-1])
    assert has_colour(image, INK, gutter)
    assert not has_colour(drawn(standings()), INK, gutter)


def test_struck_row_has_a_strike_line_through_its_middle() -> None:
    def strikes(table: RankedTable) -> list[int]:
        image = drawn(table)
        return lines_of(image, renderer.STRUCK, 0.9, renderer.MARGIN + renderer.MARKER_W, image.width - renderer.MARGIN)

    assert not strikes(standings())
    third, sixth = strikes(standings(struck=frozenset({2}))), strikes(standings(struck=frozenset({5})))
    assert 1 <= len(third) <= renderer.STRIKE_W + 1
    assert sixth[0] - third[0] == 3 * renderer.ROW_H
    assert len(strikes(standings(struck=frozenset({2, 5})))) == 2 * len(third)


def test_medals_for_the_first_three_places_only() -> None:
    image = drawn(standings())
    for medal in renderer.MEDALS.values():
        assert has_colour(image, medal)
    later = RankedTable("Cup", "", COLUMNS, rows(8)[3:])
    assert not any(has_colour(drawn(later), medal) for medal in renderer.MEDALS.values())
    tied = RankedTable("Cup", "", COLUMNS, (("=1", "Al", "9", "9", "1", "1"), ("=1", "Bo", "9", "9", "1", "1")))
    assert has_colour(drawn(tied), renderer.MEDALS[1])


def test_hundred_rows_stay_small() -> None:
    names = [name for group in pngs.ODD_NAMES for name in group]
    many = tuple(
        (str(i + 1), names[i % len(names)], str(500 - i), str(20_000 - 37 * i), str(i), str(i // 2)) for i in range(100)
    )
    table = RankedTable("Server leaderboard", "All time", COLUMNS, many, highlight=57, struck=frozenset({3, 99}))
    image = drawn(table)
    assert image.height > 100 * renderer.ROW_H


def test_empty_table_still_has_a_header() -> None:
    image = drawn(RankedTable("Spring Cup", "No players yet", COLUMNS, ()))
    assert len(lines_of(image, renderer.HEADER_FILL, 0.5)) >= renderer.HEADER_H // 2
    assert image.height >= renderer.HEADER_H + renderer.ROW_H


def test_long_name_is_clipped() -> None:
    forty = drawn(RankedTable("Cup", "", COLUMNS, rows(3, name="W" * 40)))
    huge = drawn(RankedTable("Cup", "", COLUMNS, rows(3, name="W" * 5000)))
    assert huge.width <= forty.width


def test_any_unicode_renders() -> None:
    rnd = random.Random(7)
    odd = [
        "東京駅の運転士さん",
        "🚂 Loco 🚂",
        "👨\u200d👩\u200d👧",
        "Zoë",
        "bad\nname\x00\ud800",
        "\u202eevil",
        "a\u0301" * 30,
    ]
    odd += ["".join(chr(rnd.randrange(0x20, 0x30000)) for _ in range(rnd.randrange(1, 40))) for _ in range(30)]
    body = tuple((str(i + 1), name, name, "1", "1", "1") for i, name in enumerate(odd))
    drawn(RankedTable(odd[0], odd[1], COLUMNS, body, highlight=2, struck=frozenset({4})))


def test_missing_letters_fall_back_to_drawable_look_alikes() -> None:
    text = renderer.clean("Zoë Müller, Łukasz Straße")
    assert text.startswith("Zo") and len(text) >= len("Zoë Müller, Łukasz Straße")
    assert all(renderer.drawable(c) for c in text)
    assert renderer.clean("two\nlines\tand\x00nul") == "two lines and nul"


@pytest.mark.parametrize(
    "body, extra",
    [
        ((("1", "Al", "3"),), {}),
        ((("1", "Al", "3", "4", "5", "6", "7"),), {}),
        ((("1", "Al", "3", "4", "5", "6"),), {"highlight": 1}),
        ((("1", "Al", "3", "4", "5", "6"),), {"struck": frozenset({-1})}),
    ],
)
def test_bad_tables_raise(body: tuple[tuple[str, ...], ...], extra: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        RankedTable("Cup", "", COLUMNS, body, **extra)  # type: ignore[arg-type]


def test_a_wide_table_cuts_names_and_headings_not_numbers_to_read_on_a_phone() -> None:
    columns = ("#", "Player", "Points", "Score (low wins)", "Games played", "Wins", "Byes")
    body = tuple((str(i + 1), "Bartholomew" * 3, "12.5", "12,345", "10", "7", "1") for i in range(4))
    table = RankedTable("Cup", "", columns, body)
    assert drawn(table).width <= renderer.MAX_WIDTH
    face = renderer.font(renderer.TEXT_SIZE)
    ws = renderer.squeezed(table, renderer.widths(table, face), face)
    assert ws[1] < face.getlength(body[0][1])
    assert all(ws[c] >= face.getlength(body[0][c]) for c in range(2, len(columns)))


def test_a_table_that_fits_a_phone_is_not_cut() -> None:
    table = standings()
    face = renderer.font(renderer.TEXT_SIZE)
    assert renderer.squeezed(table, renderer.widths(table, face), face) == renderer.widths(table, face)
