"""Ticket to Ride: Japan, a crop's ground and cars, put together from pieces each worker keeps.

Drawing every car of a crop on a supersampled layer, then reducing and pasting that layer, was most of a seat's
picture, and a seat's crop moves whenever its tickets change. So a crop is drawn at one of a few scales
(`crop.stepped`), its top-left corner on whole pixels of the whole map drawn at that scale
(`crop.on_grid`), and then a piece drawn for one crop fits every crop at that scale, whatever the seat or
the game:
- a route's cars in one look (a sprite): drawn SS times larger on a layer of their own, reduced, kept premultiplied;
- the ground (land and sea, enlarged bilinear) in TILE × TILE squares.
A crop is its squares of ground, then its routes' sprites pasted over them in drawing order. A piece depends only on
its route, look and scale (or its square and scale), never on a seat's tickets, so nothing of one seat's view can
reach another's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image, ImageDraw
from zlib_ng import zlib_ng

from bot.games.ttr_japan.data import Route, japan
from rendering.canvas import BACKGROUND
from rendering.kept import Keeper
from rendering.ttr_japan import crop as crops
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan.crop import MAP_EDGE, SS, Crop
from rendering.ttr_japan.whole_map import claimed

Item = tuple[int, tmap.Look]
"""A route's cars drawn in a look; a crop's routes are a sequence of them, drawn in order."""
Rect = tuple[int, int, int, int]
"""Whole pixels, right and bottom excluded."""

TILE = 128
"""The ground's squares, in pixels of the crop."""
SLACK = 3
"""Supersampled pixels added round a car's box: coordinates are truncated and outlines have width."""
PACKING = 3
"""zlib-ng's level for kept pieces: half the bytes of level 1 (a third more time), and they unpack as fast."""
SPRITES_BYTES = 4 * 2**20
"""Sprites kept, packed (about 700 bytes each: mostly transparent): every route, lit and washed out, at every scale a
seat's crop takes (2.3 MB), and claims."""
TILES_BYTES = 2 * 2**20
"""Squares of ground kept, packed (about 600 bytes each): the whole map at every scale a seat's crop takes (1.3 MB)."""


@dataclass(frozen=True)
class Piece:
    """A drawing kept deflated, and where its top-left corner goes in pixels of the whole
    map at its scale."""

    at: tuple[int, int]
    mode: str
    size: tuple[int, int]
    packed: bytes

    @classmethod
    def of(cls, image: Image.Image, at: tuple[int, int]) -> Piece:
        """`image`, packed, to go at `at`."""
        return cls(at, image.mode, image.size, zlib_ng.compress(image.tobytes(), PACKING))

    def image(self) -> Image.Image:
        """The drawing, unpacked."""
        return Image.frombytes(self.mode, self.size, zlib_ng.decompress(self.packed))


def held(piece: Piece) -> int:
    """What a kept piece costs."""
    return len(piece.packed)


_sprites: Keeper[Piece] = Keeper(SPRITES_BYTES, held)
_tiles: Keeper[Piece] = Keeper(TILES_BYTES, held)


def forget() -> None:
    """Drop every piece kept."""
    _sprites.clear()
    _tiles.clear()


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
            lit = bright is None or route_id in bright
            items.append((route_id, free_look(board.routes[route_id], bullets_live, lit)))
    items += [(r, tmap.HALO_LOOK) for r in shown if r in claims and claims[r][0] == glowing]
    items += [(r, tmap.seat_look(*claims[r])) for r in shown if r in claims]
    return items


def free_look(route: Route, bullets_live: bool, lit: bool) -> tmap.Look:
    """A free route's look: in its colour, or washed out when not `lit`."""
    look = tmap.route_look(route, bullets_live)
    if lit:
        return look
    return tmap.Look(crops.faded(look.fill), bullet_mark=look.bullet_mark, outline=crops.faded(look.outline))


def sprites_ahead(scale: float, first: int, last: int) -> None:
    """Keep the sprites of free routes `first` to `last` (in the map's order) at `scale`, lit and washed out, as a
    game starts (a few ms)."""
    for route in list(japan().routes.values())[first:last]:
        for lit in (True, False):
            look = free_look(route, True, lit)
            _sprites.get((route.id, look, scale), partial(sprite, route.id, look, scale))


def ground_ahead(scale: float, row: int) -> None:
    """Keep a row of the whole map's squares of ground at `scale`, and paper a square past its edges (a few ms)."""
    for column in range(-1, squares_across(scale) + 1):
        _tiles.get((scale, column, row), partial(tile, scale, column, row))


def squares_across(scale: float) -> int:
    """How many squares of ground the whole map is across at `scale`."""
    return math.ceil(MAP_EDGE * scale / TILE)


def car_box(route_id: int, grow: float, k: float) -> Rect:
    """The supersampled pixels of the whole map drawn `k` times larger that a route's cars (grown by `grow`) can
    touch, widened to whole SS × SS blocks."""
    xs, ys = [], []
    for car in tmap.tracks()[route_id].cars:
        reach = math.hypot(car.length / 2 + grow, tmap.CAR_W / 2 + grow) * k + SLACK
        xs += [car.cx * k - reach, car.cx * k + reach]
        ys += [car.cy * k - reach, car.cy * k + reach]
    blocks = (math.floor(min(xs)) // SS, math.floor(min(ys)) // SS)
    ends = (-(-math.ceil(max(xs)) // SS), -(-math.ceil(max(ys)) // SS))
    return blocks[0] * SS, blocks[1] * SS, ends[0] * SS, ends[1] * SS


def sprite(route_id: int, look: tmap.Look, scale: float) -> Piece:
    """A route's cars in `look` at `scale`: drawn SS times larger on a transparent layer, reduced (premultiplied,
    so that it pastes through itself as its mask)."""
    k = scale * SS
    left, top, right, bottom = car_box(route_id, look.grow, k)
    layer = Image.new("RGBa", (right - left, bottom - top), (0, 0, 0, 0))
    crops.draw_cars(ImageDraw.Draw(layer), k, (left / k, top / k), route_id, look)
    return Piece.of(layer.reduce(SS), (left // SS, top // SS))


def tile(scale: float, column: int, row: int) -> Piece:
    """The ground's square (column, row) of the whole map drawn at `scale`: land and sea enlarged bilinear, paper
    past the map's edge. Enlarging square by square from the whole map reads the very pixels one enlargement would."""
    x0, y0 = column * TILE, row * TILE
    wanted = (x0 / scale, y0 / scale, (x0 + TILE) / scale, (y0 + TILE) / scale)
    inside = (max(0.0, wanted[0]), max(0.0, wanted[1]), min(MAP_EDGE, wanted[2]), min(MAP_EDGE, wanted[3]))
    square = Image.new("RGB", (TILE, TILE), BACKGROUND)
    if inside[0] < inside[2] and inside[1] < inside[3]:
        # The map's margin is paper too, so where a square reaches past the map, a part enlarged a fraction of a
        # pixel off meets paper with paper.
        left, top = round(inside[0] * scale) - x0, round(inside[1] * scale) - y0
        size = (round(inside[2] * scale) - x0 - left, round(inside[3] * scale) - y0 - top)
        if size[0] > 0 and size[1] > 0:
            square.paste(crops.land_and_sea().resize(size, Image.Resampling.BILINEAR, box=inside), (left, top))
    return Piece.of(square, (x0, y0))


def paste(image: Image.Image, piece: Piece, corner: tuple[int, int], masked: bool) -> None:
    """A kept piece pasted on a crop whose top-left corner is at `corner` (pixels of the whole map at its scale)."""
    drawing = piece.image()
    where = (piece.at[0] - corner[0], piece.at[1] - corner[1])
    image.paste(drawing, where, drawing if masked else None)


def draw_ground_and_routes(
    image: Image.Image, crop: Crop, public: dict[str, Any], glowing: int | None, bright: set[int] | None
) -> None:
    """The crop's land, sea and every route in it: claims in the seat's colour (seat `glowing`'s on a glow), free
    routes in their colour, washed out unless in `bright` (all of them when it is None)."""
    scale, corner, (width, height) = crop.scale, crop.corner, crop.size
    ground = Image.new("RGB", crop.size)
    for row in range(corner[1] // TILE, (corner[1] + height - 1) // TILE + 1):
        for column in range(corner[0] // TILE, (corner[0] + width - 1) // TILE + 1):
            paste(ground, _tiles.get((scale, column, row), partial(tile, scale, column, row)), corner, False)
    for route_id, look in route_items(crop, public, glowing, bright):
        paste(ground, _sprites.get((route_id, look, scale), partial(sprite, route_id, look, scale)), corner, True)
    image.paste(ground, (0, crop.top))
