"""Next Station Tokyo's small shapes: station symbols, line tags, dotted guides, patterned sections, badges."""

from __future__ import annotations

import math

from rendering.canvas import INK, Colour, font
from rendering.next_station_tokyo.geometry import along, around, pieces
from rendering.next_station_tokyo.look import PAPER, Draw, LineLook, Point


def symbol_outline(symbol: str, x: float, y: float, r: float) -> list[Point]:
    """A square, triangle or pentagon centred on (x, y), sized to look as big as a circle of radius r."""
    if symbol == "square":
        return [
            (x - 0.85 * r, y - 0.85 * r),
            (x + 0.85 * r, y - 0.85 * r),
            (x + 0.85 * r, y + 0.85 * r),
            (x - 0.85 * r, y + 0.85 * r),
        ]
    sides, size, drop = (3, 1.3 * r, 0.2 * r) if symbol == "triangle" else (5, 1.08 * r, 0.05 * r)
    return [
        (x + size * math.sin(2 * math.pi * k / sides), y + drop - size * math.cos(2 * math.pi * k / sides))
        for k in range(sides)
    ]


def draw_symbol(draw: Draw, symbol: str, x: float, y: float, r: float, fill: Colour = PAPER) -> None:
    """A station symbol drawn as a shape (the bundled font has none of them), outlined in ink."""
    width = max(2, round(r / 8))
    if symbol == "circle":
        draw.ellipse(around(x, y, r), fill=fill, outline=INK, width=width)
    else:
        draw.polygon(symbol_outline(symbol, x, y, r), fill=fill, outline=INK, width=width)


def tag(draw: Draw, x: float, y: float, look: LineLook, size: int) -> None:
    """A line's letter on a chip of its colour, centred on (x, y)."""
    half = size * 0.62
    draw.rounded_rectangle((x - half, y - half, x + half, y + half), radius=size // 4, fill=look.colour, outline=INK)
    draw.text((x, y), look.letter, fill=look.ink, font=font(size), anchor="mm")


def dotted(draw: Draw, p: Point, q: Point, step: float, dot: float, fill: Colour) -> None:
    """A dotted line: a small dot every `step` pixels."""
    count = max(1, int(math.dist(p, q) // step))
    for i in range(count + 1):
        x, y = along(p, q, i / count)
        draw.ellipse(around(x, y, dot), fill=fill)


def draw_section(draw: Draw, p: Point, q: Point, look: LineLook, width: int) -> None:
    """One section of a line in its colour's own pattern, so no two lines look alike even without colour."""
    if look.pattern == "dashed":
        for a, b in pieces(p, q, 2.2 * width, 1.3 * width, centred=True):
            draw.line([a, b], fill=look.colour, width=width)
        return
    if look.pattern == "double":
        draw.line([p, q], fill=look.colour, width=width + 2)
        draw.line([p, q], fill=PAPER, width=max(1, (width + 2) // 3))
        return
    draw.line([p, q], fill=look.colour, width=width)
    if look.pattern == "sleepers":
        length = math.dist(p, q) or 1.0
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        half = 1.1 * width
        for i in range(1, int(length // (1.6 * width))):
            x, y = along(p, q, i * 1.6 * width / length)
            draw.line(
                [(x - uy * half, y + ux * half), (x + uy * half, y - ux * half)],
                fill=look.colour,
                width=max(2, width // 3),
            )


def badge(draw: Draw, x: float, y: float, text: str, size: int) -> None:
    """A small ink disc with white text: an interchange's number of lines."""
    draw.ellipse(around(x, y, 0.6 * size), fill=INK)
    draw.text((x, y), text, fill=PAPER, font=font(size), anchor="mm")
