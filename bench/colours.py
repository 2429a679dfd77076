"""Ticket to Ride: Japan's seat colours against its route colours, as people with each colour vision see them.

For each seat colour, the smallest CIEDE2000 difference from any route colour (and which one), under normal vision
and simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, tests/rendering/colour_vision.py).
tests/rendering/test_ttr_japan_colours.py holds every one of them to at least 15.

    python bench/colours.py

Not a test: it asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rendering.ttr_japan import map as tmap
from tests.rendering.colour_vision import VISIONS, difference


def main() -> None:
    routes = {name: colour for name, colour in tmap.ROUTE_COLOURS.items() if name != "locomotive"}
    print("seat colour        " + "".join(f"{vision:>22}" for vision in VISIONS))
    for n, seat in enumerate(tmap.SEAT_COLOURS, start=1):
        cells = []
        for vision in VISIONS:
            name, delta = min(((r, difference(seat, c, vision)) for r, c in routes.items()), key=lambda x: x[1])
            cells.append(f"{delta:>8.1f} ({name})".rjust(22))
        print(f"{n} {seat!s:<16}" + "".join(cells))


if __name__ == "__main__":
    main()
