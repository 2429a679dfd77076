"""`/ttr map region:…` pictures: each region of a busy board reads on a phone, and together they show every route."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.data import japan
from rendering.canvas import PHONE_WIDTH, smallest_text_allowed, text_sizes
from rendering.ttr_japan import regions
from tests.rendering import pngs
from tests.rendering.test_ttr_japan_private import ticket_hungry_playout

NAMES = ["Alexandrina", "Bartholomew", "Chloé-Maëlle", "Dmitri", "Evangeline"]


@pytest.fixture(scope="module", name="late_board")
def late_board_fixture() -> dict[str, Any]:
    """The public view of a five-seat game near its end: claims everywhere."""
    states = list(ticket_hungry_playout(5))
    return TTR_JAPAN.player_view(states[len(states) * 9 // 10], None)


@pytest.mark.parametrize("region", sorted(regions.REGIONS))
def test_each_region_reads_on_a_phone(region: str, late_board: dict[str, Any]) -> None:
    with text_sizes() as sizes:
        image = regions.region_picture(late_board, NAMES, region)
    assert sizes and min(sizes) >= regions.SMALLEST_TEXT
    at_phone = min(sizes) * PHONE_WIDTH / image.width
    assert min(sizes) >= smallest_text_allowed(image.width), f"{region}: {at_phone:.1f} px at {PHONE_WIDTH} px"
    assert image.width <= regions.MAX_WIDTH and image.height <= regions.MAX_HEIGHT
    pngs.opened(regions.region_png(late_board, NAMES, region), 800_000)


def test_every_route_is_shown_in_some_region() -> None:
    shown = {route for region in regions.REGIONS for route in regions.region_routes(region)}
    assert shown == set(japan().routes)


def test_a_region_shows_its_claims(late_board: dict[str, Any]) -> None:
    region = max(regions.REGIONS, key=lambda r: len(regions.region_claims(late_board["public"], r)))
    assert regions.region_claims(late_board["public"], region)
    bare = copy.deepcopy(late_board)
    bare["public"]["claims"] = []
    assert regions.region_png(late_board, NAMES, region) != regions.region_png(bare, NAMES, region)
