"""Ticket to Ride: Japan's seat colours stay clearly apart from every route colour, also for colour-blind players.

Each pair is compared as seen with normal vision and with each of the three dichromacies (protanopia, deuteranopia,
tritanopia, simulated after Machado et al. 2009), by CIEDE2000. MIN_DIFFERENCE is 15: about six just-noticeable
differences (2.3), above the 10 at which two colours read as different at a glance, and close to the most that five
seat colours can keep from nine route colours that already fill the hue circle (a search of the sRGB cube at
steps of 17 finds no colour farther than 20.7 from all of them under all four visions).
"""

from __future__ import annotations

import itertools

import pytest

from bot.games.ttr_japan import TTR_JAPAN
from rendering.ttr_japan import map as tmap
from tests.rendering.colour_vision import VISIONS, ciede2000, difference

MIN_DIFFERENCE = 15.0
ROUTE_COLOURS = {name: colour for name, colour in tmap.ROUTE_COLOURS.items() if name != "locomotive"}
"""The colours routes are drawn in (locomotive is a card's, striped on the map's legend only)."""


def test_ciede2000_matches_the_published_test_data() -> None:
    """Pairs from Sharma, Wu and Dalal (2005), table 1."""
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert ciede2000((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == pytest.approx(0.9082, abs=1e-4)


def test_the_simulation_confuses_what_dichromats_confuse() -> None:
    """The routes' own red and green nearly merge for a deuteranope, as they should, and not for normal vision."""
    red, green = tmap.ROUTE_COLOURS["red"], tmap.ROUTE_COLOURS["green"]
    assert difference(red, green, "normal") > 50
    assert difference(red, green, "deuteranopia") < 20


@pytest.mark.parametrize("vision", VISIONS)
def test_every_seat_colour_stands_apart_from_every_route_colour(vision: str) -> None:
    seats = tmap.SEAT_COLOURS[: TTR_JAPAN.max_seats]
    assert len(seats) == TTR_JAPAN.max_seats
    close = [
        f"seat {n + 1} {seat} vs {name} {route}: {difference(seat, route, vision):.1f}"
        for n, seat in enumerate(seats)
        for name, route in ROUTE_COLOURS.items()
        if difference(seat, route, vision) < MIN_DIFFERENCE
    ]
    assert not close, f"{vision}: " + "; ".join(close)


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_colours_stand_apart_from_each_other(vision: str) -> None:
    seats = tmap.SEAT_COLOURS[: TTR_JAPAN.max_seats]
    for (a, one), (b, other) in itertools.combinations(enumerate(seats), 2):
        assert difference(one, other, vision) >= MIN_DIFFERENCE, (vision, a + 1, b + 1)


def test_every_seat_has_its_own_shape() -> None:
    assert len(set(tmap.SEAT_SHAPES[: TTR_JAPAN.max_seats])) == TTR_JAPAN.max_seats
