"""Ticket to Ride: Japan, one region of the map drawn large for `/ttr map region:…`: readable on a phone.

A region is the part of the map round its cities, with every claim tagged by its seat number, every free route by
its colour letter and length, and every city named, all at SMALLEST_TEXT px on a picture at most MAX_WIDTH wide.
Only the public view is drawn: nothing here is secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.ttr_japan.data import japan
from rendering import registry
from rendering.canvas import BACKGROUND, to_palette
from rendering.ttr_japan import cars
from rendering.ttr_japan import crop as crops
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan.crop import Crop
from rendering.ttr_japan.map import Box
from rendering.ttr_japan.whole_map import PALETTE_COLOURS, claimed

REGIONS: dict[str, tuple[str, ...]] = {
    "kyushu": (),
    "west": ("Kokura", "Masuda", "Hiroshima", "Matsuyama", "Kochi", "Okayama", "Takamatsu", "Tottori", "Osaka"),
    "centre": (
        "Kyoto", "Osaka", "Tsuruga", "Kanazawa", "Nagoya", "Ise", "Hamamatsu", "Matsumoto", "Nagano", "Takasaki",
        "Odawara", "Tokyo",
    ),
    "north": (
        "Utsunomiya", "Niigata", "Fukushima", "Iwaki", "Sendai", "Shinjo", "Akita", "Morioka", "Miyako", "Aomori",
        "Hakodate",
    ),
    "tokyo": (),
}  # fmt: skip
"""Each region's cities on the main map; Kyushu and Tokyo are their insets, whole."""
SMALLEST_TEXT = crops.TAG_TEXT
MAX_WIDTH = 800
MAX_HEIGHT = 1100
MAX_ZOOM = 2.2
PAD = 60.0
"""Room round a region's cities (whole-map pixels) for their names."""


def region_box(region: str) -> Box:
    """The whole-map pixels a region shows."""
    board = japan()
    inset = next((i for i in board.insets if i.name == region), None)
    if inset is not None:
        x0, y0, x1, y1 = tmap.inset_box(inset)
        return x0 - 8, y0 - 8, x1 + 8, y1 + 8
    points = [tmap.place_of(board, city, "main") for city in REGIONS[region]]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs) - PAD, min(ys) - PAD, max(xs) + PAD, max(ys) + PAD


def region_crop(region: str) -> Crop:
    """The region's box drawn as large as fits MAX_WIDTH × MAX_HEIGHT (and no more than MAX_ZOOM)."""
    box = region_box(region)
    w, h = box[2] - box[0], box[3] - box[1]
    return crops.on_grid(box, min(MAX_ZOOM, MAX_WIDTH / w, MAX_HEIGHT / h))


def region_routes(region: str) -> list[int]:
    """The routes a region tags: those whose middle it shows."""
    crop = region_crop(region)
    return [r for r in japan().routes if crop.shows(crops.route_middle(r))]


def region_claims(public: dict[str, Any], region: str) -> list[tuple[int, int, bool]]:
    """The claims a region shows, as (route, seat, with a Bullet Train)."""
    routes = set(region_routes(region))
    return [claim for claim in claimed(public["claims"]) if claim[0] in routes]


def region_picture(view: dict[str, Any], names: Sequence[str], region: str) -> Image.Image:
    """A region of the board as it stands, every city named and every route tagged."""
    public = view["public"]
    crop = region_crop(region)
    image = Image.new("RGB", crop.size, BACKGROUND)
    cars.draw_ground_and_routes(image, crop, public, None, None)
    draw = ImageDraw.Draw(image)
    claims = {r for r, _s, _b in claimed(public["claims"])}
    taken = crops.draw_tags(draw, crop, public, [r for r in region_routes(region) if r not in claims])
    crops.draw_cities(draw, crop, {})
    shown = crops.places_in(crop.box)
    crops.draw_labels(draw, crop, [(city, point, SMALLEST_TEXT) for city, point in shown], taken)
    draw.rectangle((0, 0, crop.size[0] - 1, crop.size[1] - 1), outline=tmap.FRAME, width=2)
    return to_palette(image, PALETTE_COLOURS)


def region_png(view: dict[str, Any], names: Sequence[str], region: str) -> bytes:
    """`region_picture` as PNG bytes (drawn in a picture worker, so module-level)."""
    return registry.encoded(region_picture(view, names, region))
