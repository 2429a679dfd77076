"""Ticket to Ride: Japan, a crop's ground and cars: drawn once per crop, then redrawn only in boxes round changes.

Drawing every car of a crop supersampled, then reducing and pasting that layer, was most of a seat's picture. Each
crop instead keeps a picture of its ground and cars as last drawn (`Base`), and the next picture of that crop for
the same viewer redraws only the boxes round the cars that differ: claims made since, routes lit or washed out.

Exact, pixel for pixel: a pixel of the supersampled layer is the colour of the last car drawn over it (cars are
opaque and overwrite), so only the pixels under a changed car can differ. A box is redrawn from transparent with
every car that reaches it, in the layer's order and in the layer's own coordinates (only the layer's far edge is
nearer, which clips nothing inside the box); reducing and pasting work per pixel and per SS × SS block, so the box
comes out as it would in the whole layer.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image
from zlib_ng import zlib_ng

from bot.games.ttr_japan.data import japan
from rendering import ttr_japan_crop as crops
from rendering import ttr_japan_map as tmap
from rendering.outlined import OutlinedDraw
from rendering.ttr_japan import claimed
from rendering.ttr_japan_crop import SS, Crop

Item = tuple[int, tmap.Look]
"""A route's cars drawn in a look; a layer is a sequence of them, drawn in order."""
Rect = tuple[int, int, int, int]
"""Whole pixels, right and bottom excluded."""

BAND = 32
"""Pictures are kept deflated in bands of this many rows (zlib-ng's fastest level: a third of zlib's time), a ground
unpacked only where a box is redrawn."""
BASES_BYTES = 6 * 2**20
"""Crops kept (packed: their picture about 130 KB, their ground about 60 KB), about 30: every seat of the games whose
pictures a worker draws (`bot.ui.pictures` sends a game's to the same worker). The least recently drawn go first; a
miss draws the crop whole (two thirds more than a hit, bench/pictures.py)."""
SLACK = 3
"""Supersampled pixels added round a car's box: coordinates are truncated and outlines have width."""


def route_items(crop: Crop, public: dict[str, Any], glowing: int | None, bright: set[int] | None) -> list[Item]:
    """Every route in the crop in drawing order: free ones in their colour (washed out unless in `bright`, all of
    them when it is None), then glows under seat `glowing`'s claims, then the claims in their seat's colour."""
    board = japan()
    claims = {r: (s, b) for r, s, b in claimed(public["claims"])}
    bullets_live = public["supply"] > 0
    shown = crops.routes_shown(crop)
    items: list[Item] = []
    for route_id in shown:
        if route_id not in claims:
            look = tmap.route_look(board.routes[route_id], bullets_live)
            if bright is not None and route_id not in bright:
                look = tmap.Look(
                    crops.faded(look.fill), bullet_mark=look.bullet_mark, outline=crops.faded(look.outline)
                )
            items.append((route_id, look))
    items += [(r, tmap.HALO_LOOK) for r in shown if r in claims and claims[r][0] == glowing]
    items += [(r, tmap.seat_look(*claims[r])) for r in shown if r in claims]
    return items


def packed(picture: Image.Image) -> tuple[bytes, ...]:
    """The picture's rows, compressed band by band."""
    rows = picture.width * 3
    raw = picture.tobytes()
    return tuple(zlib_ng.compress(raw[y * rows : (y + BAND) * rows], 1) for y in range(0, picture.height, BAND))


def unpacked(bands: Sequence[bytes], size: tuple[int, int]) -> Image.Image:
    """A picture from its packed bands."""
    return Image.frombytes("RGB", size, b"".join(zlib_ng.decompress(band) for band in bands))


@dataclass
class Base:
    """A crop's ground and cars as last drawn for the public state (`drawn`), and where each car reaches. Both
    pictures are kept packed (a crop's picture is ~1.8 MB raw, ~110 KB packed), so a worker keeps a crop for every
    seat of its games rather than three or four."""

    crop: Crop
    picture: tuple[bytes, ...]
    ground: tuple[bytes, ...]
    drawn: tuple[Item, ...]
    reach: dict[tuple[int, float], Rect] = field(default_factory=dict)

    @property
    def bytes(self) -> int:
        """What it holds, roughly."""
        return sum(len(band) for band in self.picture) + sum(len(band) for band in self.ground)

    def under(self, rect: Rect) -> Image.Image:
        """The ground in `rect` (picture pixels), unpacked from its bands."""
        first, last = rect[1] // BAND, (rect[3] - 1) // BAND
        raw = b"".join(zlib_ng.decompress(band) for band in self.ground[first : last + 1])
        rows = Image.frombytes("RGB", (self.crop.size[0], len(raw) // (self.crop.size[0] * 3)), raw)
        top = first * BAND
        return rows.crop((rect[0], rect[1] - top, rect[2], rect[3] - top))

    def repacked(self, picture: Image.Image, rects: Iterable[Rect]) -> None:
        """Keep `picture` as this crop's, packing again only the bands that `rects` (picture pixels) reach."""
        bands = list(self.picture)
        for band in {b for r in rects for b in range(r[1] // BAND, (r[3] - 1) // BAND + 1)}:
            top = band * BAND
            raw = picture.crop((0, top, picture.width, min(picture.height, top + BAND))).tobytes()
            bands[band] = zlib_ng.compress(raw, 1)
        self.picture = tuple(bands)

    def box(self, item: Item) -> Rect:
        """The supersampled pixels a route's cars can touch, widened to whole SS × SS blocks."""
        route_id, look = item
        key = (route_id, look.grow)
        if key not in self.reach:
            self.reach[key] = car_box(self.crop, route_id, look.grow)
        return self.reach[key]


def car_box(crop: Crop, route_id: int, grow: float) -> Rect:
    """The supersampled pixels a route's cars (grown by `grow`) can touch, in whole blocks inside the layer."""
    k, (x0, y0) = crop.scale * SS, crop.box[:2]
    xs, ys = [], []
    for car in tmap.tracks()[route_id].cars:
        reach = math.hypot(car.length / 2 + grow, tmap.CAR_W / 2 + grow) * k + SLACK
        xs += [(car.cx - x0) * k - reach, (car.cx - x0) * k + reach]
        ys += [(car.cy - y0) * k - reach, (car.cy - y0) * k + reach]
    width, height = crop.size
    left, top = max(0, math.floor(min(xs)) // SS * SS), max(0, math.floor(min(ys)) // SS * SS)
    right, bottom = (
        min(width * SS, -(-math.ceil(max(xs)) // SS) * SS),
        min(height * SS, -(-math.ceil(max(ys)) // SS) * SS),
    )
    return left, top, max(left, right), max(top, bottom)


def meets(a: Rect, b: Rect) -> bool:
    """Whether two boxes share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def redraw(
    base: Base,
    items: Sequence[Item],
    rects: Iterable[Rect],
    under: Callable[[Rect], Image.Image],
    paste: Callable[[Image.Image, Rect], None],
) -> None:
    """Each box (supersampled pixels) drawn afresh: its ground, then every car of `items` reaching it, in order."""
    rects = [r for r in rects if r[0] < r[2] and r[1] < r[3]]
    if not rects:
        return
    # Uninitialised: each box is cleared before it is drawn, and nothing outside a box is read. Premultiplied
    # ("RGBa"): every pixel is opaque or (0, 0, 0, 0), so it holds what an RGBA layer would, and `reduce` need not
    # convert the whole supersampled layer to premultiplied first (an RGBA layer's reduce does).
    scratch = Image.new("RGBa", (max(r[2] for r in rects), max(r[3] for r in rects)), None)
    pen = OutlinedDraw(scratch)
    for rect in rects:
        scratch.paste((0, 0, 0, 0), rect)
        whole = rect == (0, 0, *scratch.size)
        for item in items:
            if whole or meets(base.box(item), rect):
                crops.draw_cars(pen, base.crop, *item)
        cars = (scratch if whole else scratch.crop(rect)).reduce(SS)
        box = (rect[0] // SS, rect[1] // SS, rect[2] // SS, rect[3] // SS)
        ground = under(box)
        ground.paste(cars, (0, 0), cars)  # premultiplied, as a "RGBa" mask pastes it: no conversion to RGBA
        paste(ground, box)


def changes(base: Base, before: Sequence[Item], after: Sequence[Item]) -> list[Rect]:
    """The boxes round every car drawn in one list and not the other."""
    return [base.box(item) for item in set(before) ^ set(after)]


_bases: OrderedDict[tuple[Any, ...], Base] = OrderedDict()
_grounds: OrderedDict[tuple[Any, ...], tuple[bytes, ...]] = OrderedDict()
GROUNDS_BYTES = 4 * 2**20
"""Grounds kept packed (about 50 KB each, so about 80): a ground depends only on its crop's box, never on a seat, so
a crop not kept (each seat's tickets light their own) starts from its packed ground instead of enlarging the map
again, which was a third of such a picture."""


def forget() -> None:
    """Drop every crop and ground kept."""
    _bases.clear()
    _grounds.clear()


def ground_of(crop: Crop) -> tuple[Image.Image, tuple[bytes, ...]]:
    """The crop's ground and its packed bands: unpacked when kept, else enlarged from the map and kept."""
    key = (crop.box, crop.size)
    bands = _grounds.pop(key, None)
    if bands is None:
        ground = crops.ground(crop)
        bands = packed(ground)
    else:
        ground = unpacked(bands, crop.size)
    _grounds[key] = bands
    while sum(len(b) for kept in _grounds.values() for b in kept) > GROUNDS_BYTES and len(_grounds) > 1:
        _grounds.popitem(last=False)
    return ground, bands


def draw_ground_and_routes(
    image: Image.Image,
    crop: Crop,
    public: dict[str, Any],
    glowing: int | None,
    bright: set[int] | None,
    lit_by: Hashable = None,
) -> None:
    """The crop's land, sea and every route in it: claims in the seat's colour (seat `glowing`'s on a glow), free
    routes in their colour, washed out unless in `bright` (all of them when it is None).

    `lit_by` is everything hidden that `bright` was worked out from (the viewer's tickets): the crop's kept picture
    is only ever reused for a picture with the same, so nothing of one seat's view reaches another's.
    """
    items = route_items(crop, public, glowing, bright)
    key = (crop.box, crop.scale, glowing, bright is None, lit_by)
    base = _bases.pop(key, None)
    if base is None:
        picture, bands = ground_of(crop)
        base = Base(crop, (), bands, ())
        everything = (0, 0, crop.size[0] * SS, crop.size[1] * SS)
        redraw(base, items, [everything], lambda _box: picture, lambda _part, _box: None)  # straight onto the ground
        base.picture = packed(picture)
    else:
        picture = unpacked(base.picture, crop.size)
        boxes: list[Rect] = []

        def paste(part: Image.Image, box: Rect) -> None:
            picture.paste(part, box[:2])
            boxes.append(box)

        redraw(base, items, changes(base, base.drawn, items), base.under, paste)
        base.repacked(picture, boxes)
    base.drawn = tuple(items)
    _bases[key] = base
    while sum(b.bytes for b in _bases.values()) > BASES_BYTES and len(_bases) > 1:
        _bases.popitem(last=False)
    image.paste(picture, (0, crop.top))
