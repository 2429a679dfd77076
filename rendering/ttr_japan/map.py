"""Ticket to Ride: Japan map drawing: where places and cars go, route sprites, city labels, land and sea."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from bot.games.ttr_japan.data import Inset, JapanMap, Place, Route, japan
from rendering.canvas import BACKGROUND, INK, font

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Draw = ImageDraw.ImageDraw
Colour = tuple[int, int, int]
Point = tuple[float, float]
Box = tuple[float, float, float, float]
Sprite = tuple[Image.Image, tuple[int, int]]
"""A drawn patch and the pixel where its top-left corner goes."""

# --- layout (pixels unless said otherwise) -----------------------------------------------------
MARGIN = 12
MAP_SIZE = 1120
"""The data's 1000 × 1000 map frame is drawn MAP_SIZE pixels square, MARGIN from the top-left."""
SCALE = MAP_SIZE / 1000
PANEL_W = 440
PANEL_X = MARGIN + MAP_SIZE + MARGIN
WIDTH = PANEL_X + PANEL_W + MARGIN
HEIGHT = MARGIN + MAP_SIZE + MARGIN
SS = 3
"""Sprites are drawn SS times larger and reduced, which smooths the edges of rotated cars."""
CAR_W = 15
CAR_GAP = 3
CAR_MAX = 40
CAR_RADIUS = 4
CITY_R = 8
END_CLEAR = CITY_R + 3
"""Cars stop this far from a city's centre."""
PARALLEL = CAR_W + 5
"""Distance between the centre lines of tracks between the same two places."""
CLAIM_GROW = 1.5
"""Claimed cars are this much bigger all round, so the unclaimed car beneath never peeks out."""
HALO_GROW = 6.0
SPRITE_CACHE = 384
"""Claimed-route sprites kept (about 50 KB each, most of it transparent corners): 114 routes × 5 seats would
be 30 MB, so the least recently used go; a miss costs about 1.5 ms."""
LETTER_SIZE = 13
DIGIT_SIZE = 14
MARKER_R = 10
LABEL_SIZE = 20
LINE_H = LABEL_SIZE + 2
LABEL_GAP = CITY_R + 9
"""A city name starts this far from its dot, leaving room for a ticket ring."""
LABEL_HALO = 3
LABEL_SPACE = 8
"""Room kept between two names on one line, so they do not read as one ("Ise" "Hamamatsu")."""
TITLE_BAND = 38
"""Height kept free at the top of an inset for its title."""
SHOWN_AT: dict[str, Box] = {"kyushu": (20.0, 20.0, 345.0, 540.0), "tokyo": (352.0, 12.0, 722.0, 385.0)}
"""Where the insets are drawn (map frame units). Tokyo's data box is too small for its 31 routes to read, so it
is enlarged into the open sea north of central Honshu; Kyushu gives up a little width to make room."""
FITTED = ("tokyo",)
"""Insets whose places are scaled to fill their box (the others keep the map frame's scale)."""
INSET_PAD = (48, 22)
"""Room left round a fitted inset's places for their names (sideways, up and down)."""
LEGEND_FRAME: Box = (655.0, 736.0, 992.0, 994.0)
"""The legend takes the corner the Tokyo inset leaves free (map frame units)."""
LAND_RADIUS = 38
LAND_SHRINK = 4
"""The land mask is drawn this many times smaller, then blurred and enlarged."""
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""Where a city name may sit round its dot, most natural first."""

# --- colours (always paired with a letter, digit or shape) -------------------------------------
SEA = (207, 226, 238)
INSET_SEA = (218, 233, 243)
FRAME = (70, 90, 110)
CAR_OUTLINE = (50, 50, 50)
WHITE = (255, 255, 255)
STRIPE = (30, 90, 200)
HALO = (255, 200, 0)
ROUTE_COLOURS: dict[str, Colour] = {
    "pink": (243, 146, 196),
    "white": (252, 252, 252),
    "blue": (45, 110, 215),
    "yellow": (248, 210, 40),
    "orange": (242, 135, 30),
    "black": (40, 40, 40),
    "red": (215, 35, 35),
    "green": (40, 160, 75),
    "gray": (178, 178, 178),
    "locomotive": (150, 150, 150),
}
LETTERS = {**dict(zip(ROUTE_COLOURS, "PWBYOKRG-L", strict=True)), "gray": ""}
"""A letter per colour on every car and card (K for black); gray routes stay blank, as any colour pays."""
SEAT_COLOURS: tuple[Colour, ...] = ((85, 0, 102), (204, 255, 187), (119, 0, 0), (0, 0, 221), (136, 102, 119))
"""Plum, mint, maroon, ultramarine, mauve: at least 15 CIEDE2000 from every route colour and from each other, also
as seen with protanopia, deuteranopia and tritanopia (tests/rendering/test_ttr_japan_colours.py), and always drawn
with the seat number and the seat's shape."""
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
"""A shape per seat, drawn round its number wherever its colour marks it: colour is never the only cue."""


def write(
    draw: Draw, at: Point, text: str, size: int, ink: Colour = INK, align: str = "la", bold: int = 0, halo: Colour = INK
) -> None:
    """Text in the bundled font at `align` (a Pillow anchor); `bold` is a stroke width, in `halo`."""
    # On a whole pixel: Pillow lays a text out again for every fraction of a pixel it starts at, so a name placed
    # anywhere on a crop would never be found among the texts a worker remembers (rendering.canvas.RememberingFont).
    at = (round(at[0]), round(at[1]))
    draw.text(at, text, fill=ink, font=font(size), anchor=align, stroke_width=bold, stroke_fill=halo)


def ink_on(fill: Colour) -> Colour:
    """Dark or white lettering, whichever reads better on `fill`."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else WHITE


def frame_box(x0: float, y0: float, x1: float, y1: float) -> Box:
    """A map-frame box in image pixels."""
    return MARGIN + x0 * SCALE, MARGIN + y0 * SCALE, MARGIN + x1 * SCALE, MARGIN + y1 * SCALE


def inset_box(inset: Inset) -> Box:
    """Where an inset is drawn, in image pixels."""
    return frame_box(*SHOWN_AT.get(inset.name, (inset.x0, inset.y0, inset.x1, inset.y1)))


@lru_cache(maxsize=1)
def transforms() -> dict[str, tuple[float, float, float]]:
    """Per area, the pixel origin and scale of its places; a fitted inset's places fill its box."""
    board = japan()
    found = {area: (float(MARGIN), float(MARGIN), SCALE) for area in ("main", *(i.name for i in board.insets))}
    for inset in board.insets:
        if inset.name in FITTED:
            xs = [p.x for c in board.cities.values() for p in c.places if p.area == inset.name]
            ys = [p.y for c in board.cities.values() for p in c.places if p.area == inset.name]
            x0, y0, x1, y1 = inset_box(inset)
            w, h = x1 - x0 - 2 * INSET_PAD[0], y1 - y0 - TITLE_BAND - 2 * INSET_PAD[1]
            s = min(w / (max(xs) - min(xs)), h / (max(ys) - min(ys)))
            ox = x0 + INSET_PAD[0] + (w - s * (max(xs) - min(xs))) / 2 - s * min(xs)
            oy = y0 + TITLE_BAND + INSET_PAD[1] + (h - s * (max(ys) - min(ys))) / 2 - s * min(ys)
            found[inset.name] = (ox, oy, s)
    return found


def place_px(place: Place) -> Point:
    """Where a city place is drawn, in pixels."""
    ox, oy, s = transforms()[place.area]
    return ox + place.x * s, oy + place.y * s


def place_of(board: JapanMap, city: str, area: str) -> Point:
    """Where `city` is drawn in `area`, in pixels."""
    return place_px(next(p for p in board.cities[city].places if p.area == area))


def area_dots(board: JapanMap, area: str) -> list[Point]:
    """Every city place drawn in `area`."""
    return [place_px(p) for c in board.cities.values() for p in c.places if p.area == area]


# --- route geometry ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Car:
    """One space of a route: centre, unit direction along the route, length."""

    cx: float
    cy: float
    ux: float
    uy: float
    length: float


@dataclass(frozen=True)
class Track:
    """A route as drawn: its cars and the ends of its (shifted) centre line."""

    cars: tuple[Car, ...]
    start: Point
    end: Point


def offsets(board: JapanMap) -> dict[int, float]:
    """Sideways shift of each route: tracks between the same two places (twins or not) sit side by side."""
    groups: dict[tuple[str, frozenset[str]], list[int]] = {}
    for route in board.routes.values():
        groups.setdefault((route.area, frozenset((route.a, route.b))), []).append(route.id)
    return {rid: (k - (len(ids) - 1) / 2) * PARALLEL for ids in groups.values() for k, rid in enumerate(sorted(ids))}


@lru_cache(maxsize=1)
def tracks() -> dict[int, Track]:
    """Every route's cars, evenly spread along the line between its two places."""
    board = japan()
    shift = offsets(board)
    found = {}
    for route in board.routes.values():
        (ax, ay), (bx, by) = place_of(board, route.a, route.area), place_of(board, route.b, route.area)
        dist = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / dist, (by - ay) / dist
        nx, ny = -uy * shift[route.id], ux * shift[route.id]
        ax, ay, bx, by = ax + nx, ay + ny, bx + nx, by + ny
        clear = END_CLEAR
        slot = (dist - 2 * clear) / route.length
        length = max(6.0, min(CAR_MAX, slot - CAR_GAP))
        at = [clear + slot * (i + 0.5) for i in range(route.length)]
        cars = tuple(Car(ax + ux * t, ay + uy * t, ux, uy, length) for t in at)
        found[route.id] = Track(cars, (ax + ux * clear, ay + uy * clear), (bx - ux * clear, by - uy * clear))
    return found


def car_outline(car: Car, grow: float, scale: float, origin: Point) -> list[Point]:
    """The rounded-rectangle outline of a car (`grow` pixels bigger all round), scaled into a sprite."""
    return [((x - origin[0]) * scale, (y - origin[1]) * scale) for x, y in car_corners(car, grow)]


@lru_cache(maxsize=4096)
def car_corners(car: Car, grow: float) -> tuple[Point, ...]:
    """A car's rounded-rectangle outline in whole-map pixels: worked out once, as every picture draws every car."""
    half_l, half_w = car.length / 2 + grow, CAR_W / 2 + grow
    r = max(0.0, min(CAR_RADIUS + grow, half_l, half_w))
    points = []
    for sx, sy, start in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        for step in range(4):
            a = math.radians(start + step * 30)
            lx, ly = sx * (half_l - r) + r * math.cos(a), sy * (half_w - r) + r * math.sin(a)
            points.append((car.cx + lx * car.ux - ly * car.uy, car.cy + lx * car.uy + ly * car.ux))
    return tuple(points)


# --- sprites -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """How a route's cars are drawn: fill, letter or seat digit, marks and outline."""

    fill: Colour
    text: str = ""
    text_ink: Colour = INK
    bullet_mark: bool = False
    """An unclaimed Bullet Train route while the supply lasts: a white ◆ on each car."""
    shinkansen: bool = False
    """Claimed with a Bullet Train: white cars with a blue stripe and one seat marker (`text`, `text_ink`)."""
    outline: Colour = CAR_OUTLINE
    width: int = 1
    grow: float = 0.0


def route_look(route: Route, bullets_live: bool) -> Look:
    """An unclaimed route: its colour and letter, or the Bullet Train marks."""
    fill = ROUTE_COLOURS[route.colour]
    if route.bullet and bullets_live:
        return Look(fill, bullet_mark=True)
    return Look(fill, LETTERS[route.colour], ink_on(fill))


def seat_look(seat: int, bullet: bool) -> Look:
    """A claimed route: the seat's colour and number on every car, or Shinkansen white with the seat's marker."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    if bullet:
        return Look(WHITE, str(seat + 1), colour, shinkansen=True, outline=INK, width=2, grow=CLAIM_GROW)
    return Look(colour, str(seat + 1), ink_on(colour), outline=INK, width=2, grow=CLAIM_GROW)


HALO_LOOK = Look(HALO, outline=HALO, grow=HALO_GROW)
"""The glow under a seat's own routes in its private view."""


def diamond(draw: Draw, cx: float, cy: float, size: float, scale: float) -> None:
    """A white ◆ with a dark edge (the bundled font has none) centred on (cx, cy)."""
    points = [(cx, cy - size), (cx + size * 0.8, cy), (cx, cy + size), (cx - size * 0.8, cy)]
    draw.polygon(points, fill=WHITE, outline=INK, width=max(1, int(scale)))


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[Point]:
    """The corners of a seat's shape (not the circle) of radius `r` round (cx, cy)."""
    corners = {"square": (4, 45.0), "triangle": (3, -90.0), "diamond": (4, 0.0), "hexagon": (6, 0.0)}[shape]
    grow = {"square": 1.3, "triangle": 1.35}.get(shape, 1.12)  # the same apparent size as the circle
    return [
        (
            cx + r * grow * math.cos(math.radians(corners[1] + k * 360 / corners[0])),
            cy
            + r * grow * math.sin(math.radians(corners[1] + k * 360 / corners[0]))
            + (r * 0.2 if corners[0] == 3 else 0),
        )
        for k in range(corners[0])
    ]


def seat_shape(draw: Draw, seat: int, cx: float, cy: float, r: float, width: int = 2) -> None:
    """A seat's shape in its colour, outlined, centred on (cx, cy) (its number goes on top)."""
    fill, shape = SEAT_COLOURS[seat % len(SEAT_COLOURS)], SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=width)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=fill, outline=INK, width=width)


def marker(draw: Draw, cx: float, cy: float, seat: int, scale: float = 1) -> None:
    """A seat marker: the seat's shape in its colour with the seat number."""
    seat_shape(draw, seat, cx, cy, MARKER_R * scale, max(1, int(scale * 1.5)))
    ink = ink_on(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    write(draw, (cx, cy), str(seat + 1), int(DIGIT_SIZE * scale), ink, "mm", int(scale) if ink == WHITE else 0)


def draw_cars(draw: Draw, cars: tuple[Car, ...], look: Look, origin: Point, scale: float) -> None:
    """Cars in `look`, at `scale` from `origin` (sprites and the legend share this)."""
    size = int((LETTER_SIZE if look.text.isalpha() else DIGIT_SIZE) * scale)
    for car in cars:
        shape = car_outline(car, look.grow, scale, origin)
        draw.polygon(shape, fill=look.fill, outline=look.outline, width=int(look.width * scale))
        cx, cy = (car.cx - origin[0]) * scale, (car.cy - origin[1]) * scale
        if look.shinkansen:
            draw.polygon(car_outline(car, -5.5, scale, origin), fill=STRIPE)
        elif look.bullet_mark:
            diamond(draw, cx, cy, 5.5 * scale, scale)
        elif look.text:
            write(draw, (cx, cy), look.text, size, look.text_ink, "mm", int(scale) if look.text_ink == WHITE else 0)
    if look.shinkansen:
        mx, my = sum(c.cx for c in cars) / len(cars), sum(c.cy for c in cars) / len(cars)
        marker(draw, (mx - origin[0]) * scale, (my - origin[1]) * scale, int(look.text) - 1, scale)


def draw_route(route_id: int, look: Look) -> Sprite:
    """A route's cars drawn in `look`, as a smoothed RGBA patch."""
    cars = tracks()[route_id].cars
    pad = max(c.length for c in cars) / 2 + CAR_W + look.grow + 4
    x0, y0 = int(min(c.cx for c in cars) - pad), int(min(c.cy for c in cars) - pad)
    x1, y1 = int(max(c.cx for c in cars) + pad) + 1, int(max(c.cy for c in cars) + pad) + 1
    image = Image.new("RGBA", ((x1 - x0) * SS, (y1 - y0) * SS), (*look.outline, 0))
    draw_cars(ImageDraw.Draw(image), cars, look, (x0, y0), SS)
    return image.reduce(SS), (x0, y0)


@lru_cache(maxsize=SPRITE_CACHE)
def route_sprite(route_id: int, look: Look) -> Sprite:
    """A claimed route (or a seat's glow) drawn once and kept: drawing one takes about 1.5 ms."""
    return draw_route(route_id, look)


def paste(image: Image.Image, sprite: Sprite) -> None:
    """A sprite pasted onto `image` through its own transparency."""
    patch, where = sprite
    image.paste(patch, where, patch)


# --- city labels -------------------------------------------------------------------------------

Label = tuple[tuple[str, ...], Box]
"""A city name as drawn: its lines and the pixel box they fill."""


@dataclass(frozen=True)
class Area:
    """What a label in one area must stay inside, keep out of, and avoid covering."""

    box: Box
    keep_out: tuple[Box, ...]
    track_points: tuple[Point, ...]
    dots: tuple[Point, ...]


def candidates(name: str, px: float, py: float) -> list[tuple[float, Label]]:
    """Where a city's name may go round its dot, each with a small cost for being a less natural place."""
    head, _, tail = name.partition("-")
    splits: list[tuple[float, tuple[str, ...]]] = [(0.0, (name,))] + ([(6.0, (head + "-", tail))] if tail else [])
    found = []
    for extra, lines in splits:
        w, h = max(font(LABEL_SIZE).getlength(line) for line in lines), len(lines) * LINE_H
        for far, d in ((0.0, LABEL_GAP), (8.0, LABEL_GAP * 1.8)):
            for i, (dx, dy) in enumerate(DIRECTIONS):
                k = d * 0.7 if dx and dy else d
                x = px + dx * k - (w if dx < 0 else w / 2 if dx == 0 else 0)
                y = py + dy * (k - 4) - (h if dy < 0 else h / 2 if dy == 0 else 0)
                found.append((extra + far + i * 0.5, (lines, (x, y, x + w, y + h))))
    return found


def overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def gap_to(box: Box, point: Point) -> float:
    """Distance from a point to a box (0 inside)."""
    return math.hypot(max(box[0] - point[0], 0.0, point[0] - box[2]), max(box[1] - point[1], 0.0, point[1] - box[3]))


def within(box: Box, points: tuple[Point, ...], pad: float) -> int:
    """How many of `points` fall in `box` grown by `pad`."""
    return sum(1 for x, y in points if box[0] - pad < x < box[2] + pad and box[1] - pad < y < box[3] + pad)


def cost(box: Box, own: Point, area: Area, placed: list[Box]) -> float:
    """How bad a label's place is: off its area, over another label, a dot or a track, or nearer another dot."""
    inside = area.box[0] <= box[0] and area.box[1] <= box[1] and box[2] <= area.box[2] and box[3] <= area.box[3]
    score = 0.0 if inside else 10_000.0
    apart = [(x0 - LABEL_SPACE, y0, x1 + LABEL_SPACE, y1) for x0, y0, x1, y1 in placed]  # no two names run together
    score += 50 * sum(overlap(box, k) for k in area.keep_out) + 2 * sum(overlap(box, other) for other in apart)
    near = gap_to(box, own) + 6
    score += 150 * sum(1 for dot in area.dots if dot != own and gap_to(box, dot) < near)
    return score + 300 * within(box, area.dots, CITY_R + 3) + 20 * within(box, area.track_points, CAR_W / 2 + 2)


def areas(board: JapanMap) -> dict[str, Area]:
    """The main map and the insets, with what labels there must avoid."""
    insets = {i.name: inset_box(i) for i in board.insets}
    found = {}
    for name in ("main", *insets):
        x0, y0, x1, y1 = insets.get(name, frame_box(0, 0, 1000, 1000))
        box = (x0 + 4, y0 + (TITLE_BAND if name in insets else 4), x1 - 4, y1 - 4)
        keep_out = () if name in insets else (*insets.values(), frame_box(*LEGEND_FRAME))
        points: list[Point] = []
        for route in board.routes.values():
            if route.area == name:
                (ax, ay), (bx, by) = tracks()[route.id].start, tracks()[route.id].end
                steps = max(1, int(math.hypot(bx - ax, by - ay) / 5))
                points += [(ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps) for k in range(steps + 1)]
        found[name] = Area(box, keep_out, tuple(points), tuple(area_dots(board, name)))
    return found


@lru_cache(maxsize=1)
def labels() -> dict[tuple[str, str], Label]:
    """Every city place's name, placed greedily (crowded places first), then improved twice over."""
    board = japan()
    regions = areas(board)
    places = [(c.name, p.area, place_px(p)) for c in board.cities.values() for p in c.places]
    places.sort(key=lambda k: -sum(1 for d in regions[k[1]].dots if math.dist(d, k[2]) < 90))
    chosen: dict[tuple[str, str], Label] = {}
    for _ in range(3):
        for name, area, (px, py) in places:
            others = [label[1] for key, label in chosen.items() if key != (name, area)]
            options = candidates(name, px, py)
            chosen[(name, area)] = min(options, key=lambda o: o[0] + cost(o[1][1], (px, py), regions[area], others))[1]
    return chosen


# --- land, sea and cities ----------------------------------------------------------------------


def land(size: tuple[int, int], origin: Point, segments: list[tuple[Point, Point]], dots: list[Point]) -> Image.Image:
    """A soft island mask hugging the routes and cities (the data has no coastline; this suggests one)."""
    q, r = LAND_SHRINK, LAND_RADIUS / LAND_SHRINK
    mask = Image.new("L", (size[0] // q + 1, size[1] // q + 1), 0)
    draw = ImageDraw.Draw(mask)
    for (ax, ay), (bx, by) in segments:
        line = ((ax - origin[0]) / q, (ay - origin[1]) / q, (bx - origin[0]) / q, (by - origin[1]) / q)
        draw.line(line, fill=255, width=int(r * 1.6))
    for x, y in dots:
        cx, cy = (x - origin[0]) / q, (y - origin[1]) / q
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(r / 2)).resize(size, Image.Resampling.BILINEAR)
    return mask.point(lambda v: 255 if v > 110 else 0)


def draw_area(image: Image.Image, board: JapanMap, name: str, box: Box, sea: Colour) -> None:
    """An area's sea and land, clipped to its box."""
    x0, y0, x1, y1 = (int(v) for v in box)
    size = (x1 - x0, y1 - y0)
    routes = [r for r in board.routes.values() if r.area == name]
    segments = [(place_of(board, r.a, name), place_of(board, r.b, name)) for r in routes]
    patch = Image.new("RGB", size, sea)
    patch.paste(BACKGROUND, (0, 0, *size), land(size, (x0, y0), segments, area_dots(board, name)))
    image.paste(patch, (x0, y0))


def draw_land_and_sea(image: Image.Image, board: JapanMap) -> None:
    """The main map's and each inset's sea, land and frame: what every map picture draws first."""
    draw = ImageDraw.Draw(image)
    whole = frame_box(0, 0, 1000, 1000)
    draw_area(image, board, "main", whole, SEA)
    draw.rectangle(whole, outline=FRAME, width=2)
    for inset in board.insets:
        box = inset_box(inset)
        draw_area(image, board, inset.name, box, INSET_SEA)
        draw.rectangle(box, outline=FRAME, width=4)
