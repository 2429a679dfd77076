"""Ticket to Ride: Japan, part of the map drawn large: for a seat's own picture and the `/ttr map` regions.

The whole map's routes carry 13-px letters and its cities 20-px names, too small once a phone shrinks a picture.
A crop is drawn anew at its own scale instead: land, sea and cars enlarged (with no text on them), and the words
(city names, a tag per route) drawn on top at TAG_TEXT px whatever the scale, so they read on a phone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from bot.games.ttr_japan.data import japan
from rendering.canvas import BACKGROUND, INK, font
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan.map import LETTERS, ROUTE_COLOURS, WHITE, Box, Colour, Draw, Point, write
from rendering.ttr_japan.whole_map import ALERT, DONE, claimed

MAP_EDGE = tmap.MARGIN + tmap.MAP_SIZE + tmap.MARGIN
"""The whole map's side in pixels, margins included (its panel is left out)."""
TAG_TEXT = 22
"""Route tags and city names: the smallest text of a crop (11 px at 400 px wide, on crops up to 800 px wide)."""
TAG_H = 30
SS = 2
"""Cars are drawn SS times larger and reduced, for smooth edges (3 would more than double the cost of drawing them
for little gain at this size)."""
DOT_R = 6
MARKED_R = 11
"""A marked city's dot (a ticket's end)."""
LABEL_BACK = (255, 255, 250)


@lru_cache(maxsize=1)
def land_and_sea() -> Image.Image:
    """The map's sea, land and inset frames at the whole map's scale, with no routes and no text."""
    image = Image.new("RGB", (MAP_EDGE, MAP_EDGE), BACKGROUND)
    tmap.draw_land_and_sea(image, japan())
    return image


def fitted(box: Box, aspect: float, least_width: float) -> Box:
    """`box` grown about its centre to width ÷ height = `aspect` and at least `least_width`, kept on the map."""
    x0, y0, x1, y1 = box
    w, h = max(x1 - x0, least_width), y1 - y0
    w, h = max(w, h * aspect), max(h, w / aspect)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cx = min(max(cx, w / 2), MAP_EDGE - w / 2) if w <= MAP_EDGE else MAP_EDGE / 2
    cy = min(max(cy, h / 2), MAP_EDGE - h / 2) if h <= MAP_EDGE else MAP_EDGE / 2
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def places_in(box: Box, cities: Iterable[str] | None = None) -> list[tuple[str, Point]]:
    """The city places drawn inside `box` (whole-map pixels), of `cities` only when given."""
    wanted = None if cities is None else set(cities)
    found = []
    for city in japan().cities.values():
        for place in city.places:
            x, y = tmap.place_px(place)
            if (wanted is None or city.name in wanted) and box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                found.append((city.name, (x, y)))
    return found


@dataclass(frozen=True)
class Crop:
    """A box of the whole map (in its pixels) drawn `scale` times larger, its top edge at `top` in the picture."""

    box: Box
    scale: float
    top: int = 0

    @property
    def size(self) -> tuple[int, int]:
        """The crop's size in the picture."""
        return round((self.box[2] - self.box[0]) * self.scale), round((self.box[3] - self.box[1]) * self.scale)

    def at(self, point: Point) -> Point:
        """Where a whole-map point lands in the picture."""
        return (point[0] - self.box[0]) * self.scale, self.top + (point[1] - self.box[1]) * self.scale

    def shows(self, point: Point, margin: float = 0) -> bool:
        """Whether a whole-map point falls in the crop (grown by `margin` whole-map pixels)."""
        x0, y0, x1, y1 = self.box
        return x0 - margin <= point[0] <= x1 + margin and y0 - margin <= point[1] <= y1 + margin

    @property
    def corner(self) -> tuple[int, int]:
        """The top-left corner in pixels of the whole map drawn at the crop's scale (see `on_grid`)."""
        return round(self.box[0] * self.scale), round(self.box[1] * self.scale)


SCALE_STEP = 2 ** (1 / 8)
"""A seat's crop is drawn 2 ÷ SCALE_STEP^n times as large as the whole map (n = 0, 1, …), showing up to 9% more
round its tickets than they ask: crops drawn at one scale share the pieces a worker keeps (rendering.ttr_japan.cars)."""
TOP_SCALE = 2.0


def stepped(scale: float) -> float:
    """The largest of the scales TOP_SCALE ÷ SCALE_STEP^n not above `scale` (TOP_SCALE for any larger)."""
    steps = max(0, math.ceil(math.log(TOP_SCALE / scale, SCALE_STEP) - 1e-9))
    return TOP_SCALE / SCALE_STEP**steps


def on_grid(box: Box, scale: float, top: int = 0) -> Crop:
    """A crop of `box` at `scale`, moved under a pixel so that its top-left corner falls on whole pixels of the
    whole map drawn at that scale: then everything a worker keeps at that scale fits it."""
    x0, y0 = math.floor(box[0] * scale) / scale, math.floor(box[1] * scale) / scale
    return Crop((x0, y0, x0 + box[2] - box[0], y0 + box[3] - box[1]), scale, top)


def draw_cars(draw: ImageDraw.ImageDraw, k: float, origin: Point, route_id: int, look: tmap.Look) -> None:
    """A route's cars (no text: tags name routes at a readable size), `k` times the whole map's size from `origin`
    (whole-map pixels)."""
    for car in tmap.tracks()[route_id].cars:
        shape = tmap.car_outline(car, look.grow, k, origin)
        draw.polygon(shape, fill=look.fill, outline=look.outline, width=max(1, round(look.width * k / 2)))
        if look.shinkansen:
            draw.polygon(tmap.car_outline(car, -5.5, k, origin), fill=tmap.STRIPE)
        elif look.bullet_mark:
            tmap.diamond(draw, (car.cx - origin[0]) * k, (car.cy - origin[1]) * k, 5.5 * k, k)


def faded(colour: Colour) -> Colour:
    """A route colour washed out halfway to white: a route the viewer need not look at."""
    r, g, b = colour
    return (r + 255) // 2, (g + 255) // 2, (b + 255) // 2


def route_middle(route_id: int) -> Point:
    """The middle of a route's cars, in whole-map pixels."""
    cars = tmap.tracks()[route_id].cars
    return sum(c.cx for c in cars) / len(cars), sum(c.cy for c in cars) / len(cars)


def routes_shown(crop: Crop) -> list[int]:
    """The routes with a car in the crop (or just past its edge)."""
    return [r for r, track in tmap.tracks().items() if any(crop.shows((c.cx, c.cy), 30) for c in track.cars)]


def tag_box(at: Point, text: str) -> Box:
    """The box a tag with `text` fills when centred on `at`."""
    w = max(TAG_H, font(TAG_TEXT).getlength(text) + 12)
    return at[0] - w / 2, at[1] - TAG_H / 2, at[0] + w / 2, at[1] + TAG_H / 2


def tag(draw: Draw, box: Box, text: str, fill: Colour, claim: bool) -> None:
    """A route's tag in `box`: a disc with the seat number on a claim, a square-cornered tag with colour letter and
    length on a free route."""
    if claim:
        draw.ellipse(box, fill=fill, outline=INK, width=2)
    else:
        draw.rounded_rectangle(box, radius=4, fill=fill, outline=INK, width=2)
    ink = tmap.ink_on(fill)
    write(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), text, TAG_TEXT, ink, "mm", 1 if ink == WHITE else 0)


def free_tag_text(route_id: int) -> str:
    """A free route's tag: its colour letter and its length ("R3"); a gray route, which any colour pays, "·3"."""
    route = japan().routes[route_id]
    return f"{LETTERS.get(route.colour) or '·'}{route.length}"


def tag_spot(crop: Crop, route_id: int, text: str, placed: list[Box]) -> Box | None:
    """Where a route's tag goes: on the car nearest the route's middle that covers the fewest tags placed already;
    None when the route's middle is out of the crop."""
    middle = route_middle(route_id)
    if not crop.shows(middle):
        return None
    cars = sorted(tmap.tracks()[route_id].cars, key=lambda c: abs(c.cx - middle[0]) + abs(c.cy - middle[1]))
    spots = [tag_box(crop.at(middle), text)] + [tag_box(crop.at((c.cx, c.cy)), text) for c in cars]
    near = nearby(placed, spots)
    return min(spots, key=lambda box: sum(overlap(box, other) for other in near))


def draw_tags(draw: Draw, crop: Crop, public: dict[str, Any], free: Iterable[int]) -> list[Box]:
    """Every claim in the crop tagged with its seat number, and the free routes `free` with colour and length."""
    wanted = [
        (route_id, str(owner + 1), tmap.SEAT_COLOURS[owner % len(tmap.SEAT_COLOURS)], True)
        for route_id, owner, _bullet in claimed(public["claims"])
    ]
    routes = japan().routes
    wanted += [(r, free_tag_text(r), ROUTE_COLOURS[routes[r].colour], False) for r in sorted(free)]
    placed: list[Box] = []
    for route_id, text, fill, claim in wanted:
        box = tag_spot(crop, route_id, text, placed)
        if box is not None:
            tag(draw, box, text, fill, claim)
            placed.append(box)
    return placed


def overlap(a: Box, b: Box) -> float:
    """Area two boxes share."""
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def nearby(boxes: list[Box], spots: list[Box]) -> list[Box]:
    """Those of `boxes` that may share area with one of `spots`, in order: the others add nothing to an overlap sum
    (leaving out zeros changes no sum), and testing them is most of the cost of placing names and tags."""
    x0, y0 = min(s[0] for s in spots), min(s[1] for s in spots)
    x1, y1 = max(s[2] for s in spots), max(s[3] for s in spots)
    return [b for b in boxes if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]]


def label_box(x: float, y: float, w: float, h: float, direction: tuple[int, int], gap: float) -> Box:
    """A name's box placed on `direction` of a dot at (x, y), `gap` pixels away."""
    dx, dy = direction
    left = x + gap if dx > 0 else x - gap - w if dx < 0 else x - w / 2
    top = y + gap - 4 if dy > 0 else y - gap - h + 4 if dy < 0 else y - h / 2
    return left, top, left + w, top + h


def badness(box: Box, area: Box, taken: list[Box]) -> float:
    """How bad a place for a name is: out of `area`, or over what is `taken`."""
    inside = area[0] <= box[0] and box[2] <= area[2] and area[1] <= box[1] and box[3] <= area[3]
    return (0.0 if inside else 1e6) + sum(overlap(box, other) for other in taken)


def draw_labels(draw: Draw, crop: Crop, names: list[tuple[str, Point, int]], taken: list[Box]) -> None:
    """City names (name, whole-map point, size) with a light halo, each where it covers the least of the names,
    tags and dots already placed, inside the crop; the largest are placed first."""
    width, height = crop.size
    area = (4.0, crop.top + 4.0, width - 4.0, crop.top + height - 4.0)
    dots = [crop.at(point) for _name, point in places_in(crop.box)]
    taken = [*taken, *((x - DOT_R, y - DOT_R, x + DOT_R, y + DOT_R) for x, y in dots)]
    for name, point, size in sorted(names, key=lambda n: -n[2]):
        x, y = crop.at(point)
        w, h = font(size).getlength(name) + 6, size + 6
        spots = [label_box(x, y, w, h, d, MARKED_R + 4) for d in tmap.DIRECTIONS]
        best = min(spots, key=partial(badness, area=area, taken=nearby(taken, spots)))
        taken.append(best)
        write(draw, (best[0] + 3, (best[1] + best[3]) / 2), name, size, INK, "lm", 3, LABEL_BACK)


def draw_cities(draw: Draw, crop: Crop, marks: dict[str, str]) -> None:
    """Every city in the crop as a dot; cities in `marks` big and ringed ("ticket"; twice if "done"), or squared
    ("offer"); a city drawn twice (Tokyo, Kokura) has a centre point."""
    for city in japan().cities.values():
        for place in city.places:
            point = tmap.place_px(place)
            if not crop.shows(point):
                continue
            x, y = crop.at(point)
            kind = marks.get(city.name)
            r = MARKED_R if kind else DOT_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=INK, width=3 if kind else 2)
            if len(city.places) > 1:
                draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=INK)
            if kind == "offer":
                draw.rectangle((x - r - 5, y - r - 5, x + r + 5, y + r + 5), outline=tmap.STRIPE, width=4)
            elif kind:
                draw.ellipse((x - r - 5, y - r - 5, x + r + 5, y + r + 5), outline=ALERT, width=4)
                if kind == "done":
                    draw.ellipse((x - r - 10, y - r - 10, x + r + 10, y + r + 10), outline=DONE, width=3)
