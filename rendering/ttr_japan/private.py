"""Ticket to Ride: Japan, a seat's own picture, sent only to its owner: made to be read on a phone.

What the player needs, large: the part of the map round their tickets' cities (named, with the routes that join
them by the fewest cars lettered), their hand by colour with counts, and their tickets, done or not. Everything is
drawn on a canvas WIDTH px wide with no text below SMALLEST_TEXT, 11 px once a phone shows it 400 px wide.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.ttr_japan.data import JapanMap, japan
from bot.games.ttr_japan.words import colour_name
from bot.i18n import _, pgettext
from rendering import registry
from rendering.canvas import BACKGROUND, INK, font, to_palette
from rendering.ttr_japan import cars
from rendering.ttr_japan import crop as crops
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan.crop import Crop
from rendering.ttr_japan.map import LETTERS, ROUTE_COLOURS, WHITE, Box, Draw, Point, write
from rendering.ttr_japan.whole_map import ALERT, DONE, MUTED, PALETTE_COLOURS, ROW_FILL, claimed, fit, seat_name, status

# --- layout (pixels of the finished picture) ----------------------------------------------------
WIDTH = 800
SMALLEST_TEXT = crops.TAG_TEXT
"""Route tags, the names of cities on the way, card names and counts: 11 px at 400 px wide."""
TEXT = 24
TITLE = 28
CITY_TEXT = 26
"""The player's own ticket cities are named larger than the cities on the way."""
PAD = 16
MAP_H_LEAST = 500
MAP_H_MOST = 900
MAX_ZOOM = 2.0
"""A crop is never enlarged more than this, so a short ticket still shows the country round it."""
CROP_PAD = 70.0
"""Room kept round the ticket cities (whole-map pixels) for their names."""
HEADING_H = 84
CARD_W = 78
CARD_H = 96
ROW = 34


# --- where to look: cities, places and the crop -------------------------------------------------


def wanted_tickets(private: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's tickets and those on offer."""
    return [*private["tickets"], *private["offer"]]


def ticket_places(board: JapanMap, cities: Iterable[str]) -> dict[str, Point]:
    """Where each city is shown: a city drawn twice (Tokyo, Kokura) in the inset another of them is in, else on the
    main map."""
    names = [c for c in cities if c in board.cities]
    areas = {p.area for name in names for p in board.cities[name].places if len(board.cities[name].places) == 1}
    found = {}
    for name in names:
        places = board.cities[name].places
        place = next((p for p in places if p.area in areas and p.area != "main"), None)
        place = place or next((p for p in places if p.area == "main"), places[0])
        found[name] = tmap.place_px(place)
    return found


def crop_box(points: Iterable[Point]) -> Box:
    """The whole-map pixels to show: round `points`, between MAP_H_LEAST and MAP_H_MOST tall once drawn WIDTH wide;
    the whole map when there are none."""
    points = list(points)
    if not points:
        return crops.fitted(tmap.frame_box(0, 0, 1000, 1000), 1.0, 0)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    box = (min(xs) - CROP_PAD, min(ys) - CROP_PAD, max(xs) + CROP_PAD, max(ys) + CROP_PAD)
    w, h = max(box[2] - box[0], WIDTH / MAX_ZOOM), box[3] - box[1]
    aspect = min(max(w / h, WIDTH / MAP_H_MOST), WIDTH / MAP_H_LEAST)
    return crops.fitted(box, aspect, WIDTH / MAX_ZOOM)


def seat_scales() -> list[float]:
    """Every scale a seat's crop can take: from MAX_ZOOM to the widest box (the whole map with CROP_PAD round it)."""
    least = crops.stepped(WIDTH / (crops.MAP_EDGE + 2 * CROP_PAD))
    scales = [crops.stepped(MAX_ZOOM)]
    while scales[-1] > least * 1.0001:
        scales.append(crops.stepped(scales[-1] / crops.SCALE_STEP * 1.0001))
    return scales


ROUTES_A_STEP = 16
"""Routes whose sprites a worker draws ahead in one step: steps of a few ms, so that a picture asked for meanwhile
hardly waits, even on a starved CPU."""


def warm_ups() -> list[registry.WarmUp]:
    """What a worker draws ahead, step by step: the pieces of seats' crops at every scale they take."""
    routes = len(japan().routes)
    steps: list[registry.WarmUp] = []
    for scale in seat_scales():
        steps += [(cars.sprites_ahead, (scale, n, n + ROUTES_A_STEP)) for n in range(0, routes, ROUTES_A_STEP)]
        steps += [(cars.ground_ahead, (scale, row)) for row in range(-1, cars.squares_across(scale) + 1)]
    return steps


def seat_crop(points: Iterable[Point], top: int) -> Crop:
    """The crop round `points` (`crop_box`) drawn WIDTH wide, at the largest of the scales crops share that is not
    above the one it asks for: the box grows about its centre to match, so the picture keeps its size."""
    box = crop_box(points)
    wanted = WIDTH / (box[2] - box[0])
    scale = crops.stepped(wanted)
    width, height = (box[2] - box[0]) * wanted / scale, (box[3] - box[1]) * wanted / scale
    return crops.on_grid(crops.fitted(box, width / height, width), scale, top)


# --- which routes matter: the fewest cars between each open ticket's cities ----------------------


def shortest_routes(board: JapanMap, claims: dict[int, int], seat: int, a: str, b: str) -> list[int]:
    """Routes on a way from a to b with the fewest cars still to lay: own claims are free, others' are closed."""
    best: dict[str, float] = {a: 0.0}
    came: dict[str, tuple[str, int]] = {}
    queue = [(0.0, a)]
    links: dict[str, list[tuple[str, int]]] = {}
    for route in board.routes.values():
        links.setdefault(route.a, []).append((route.b, route.id))
        links.setdefault(route.b, []).append((route.a, route.id))
    while queue:
        cost, city = heapq.heappop(queue)
        if city == b:
            break
        if cost > best.get(city, math.inf):
            continue
        for other, route_id in links.get(city, ()):
            owner = claims.get(route_id)
            if owner is not None and owner != seat:
                continue
            step = 0.0 if owner == seat else float(board.routes[route_id].length)
            if cost + step < best.get(other, math.inf):
                best[other] = cost + step
                came[other] = (city, route_id)
                heapq.heappush(queue, (cost + step, other))
    path, city = [], b
    while city in came:
        city, route_id = came[city]
        path.append(route_id)
    return path if city == a else []


def needed_routes(board: JapanMap, private: dict[str, Any], claims: dict[int, int]) -> set[int]:
    """The free routes on the cheapest ways to finish the viewer's open tickets (and to join those on offer)."""
    found: set[int] = set()
    for ticket in wanted_tickets(private):
        if ticket.get("done"):
            continue
        path = shortest_routes(board, claims, private["seat"], ticket["from"], ticket["to"])
        found.update(r for r in path if r not in claims)
    return found


# --- the map ------------------------------------------------------------------------------------


def city_marks(private: dict[str, Any]) -> dict[str, str]:
    """Each ticket city's mark: "done" if a done ticket names it, else "ticket", or "offer" for offered ones only."""
    marks: dict[str, str] = {}
    for ticket in private["offer"]:
        for city in (ticket["from"], ticket["to"]):
            marks[city] = "offer"
    for ticket in private["tickets"]:
        for city in (ticket["from"], ticket["to"]):
            if marks.get(city) != "done":
                marks[city] = "done" if ticket.get("done") else "ticket"
    return marks


def draw_map(image: Image.Image, top: int, public: dict[str, Any], private: dict[str, Any]) -> int:
    """The crop round the viewer's ticket cities, with the free routes on their way lettered; returns the next y."""
    board = japan()
    marks = city_marks(private)
    focus = ticket_places(board, marks)
    crop = seat_crop(focus.values(), top)
    box = crop.box
    claims = {r: s for r, s, _b in claimed(public["claims"])}
    needed = needed_routes(board, private, claims)
    cars.draw_ground_and_routes(image, crop, public, private["seat"], needed)
    draw = ImageDraw.Draw(image)
    taken = crops.draw_tags(draw, crop, public, needed)
    crops.draw_cities(draw, crop, marks)
    on_the_way = {board.routes[r].a for r in needed} | {board.routes[r].b for r in needed}
    names = [(city, point, SMALLEST_TEXT) for city, point in crops.places_in(box, on_the_way - set(marks))]
    names += [(city, point, CITY_TEXT) for city, point in focus.items()]
    crops.draw_labels(draw, crop, names, taken)
    draw.rectangle((0, top, WIDTH - 1, top + crop.size[1] - 1), outline=tmap.FRAME, width=2)
    return top + crop.size[1]


# --- the panel ----------------------------------------------------------------------------------


def draw_heading(draw: Draw, public: dict[str, Any], private: dict[str, Any], names: Sequence[str]) -> int:
    """The viewer's swatch, name, points and trains, and where the game stands; returns the next free y."""
    seat = private["seat"]
    colour = tmap.SEAT_COLOURS[seat % len(tmap.SEAT_COLOURS)]
    draw.rounded_rectangle((PAD, 12, PAD + 38, 50), radius=6, fill=colour, outline=INK, width=2)
    write(draw, (PAD + 19, 31), str(seat + 1), TEXT, WHITE, "mm", 1)
    player = public["players"][seat]
    right = _("{points} pts · {trains} trains").format(points=player["points"], trains=player["trains"])
    face, bold = font(TEXT), font(TITLE)
    draw.text((WIDTH - PAD, 31), right, fill=INK, font=face, anchor="rm")
    room = WIDTH - 2 * PAD - 50 - face.getlength(right) - 16
    draw.text((PAD + 50, 31), fit(seat_name(names, seat), bold, room), fill=INK, font=bold, anchor="lm")
    draw.text((PAD, 64), fit(status(public, names), face, WIDTH - 2 * PAD), fill=INK, font=face, anchor="lm")
    return HEADING_H


def draw_hand(draw: Draw, y: int, hand: dict[str, int]) -> int:
    """Every card colour with its letter, count and name; returns the next free y."""
    write(draw, (PAD, y), _("Your hand"), TEXT, bold=1)
    y += TEXT + 12
    colours = [c for c in LETTERS if c != "gray"]
    gap = (WIDTH - 2 * PAD - len(colours) * CARD_W) / (len(colours) - 1)
    small = font(SMALLEST_TEXT)
    for i, colour in enumerate(colours):
        x = PAD + i * (CARD_W + gap)
        fill = ROUTE_COLOURS[colour]
        count = hand.get(colour, 0)
        draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill=fill, outline=INK, width=2)
        ink = WHITE if colour == "locomotive" else tmap.ink_on(fill)
        halo = INK if ink == WHITE else WHITE
        write(draw, (x + CARD_W / 2, y + 28), LETTERS[colour], TITLE, ink, "mm", 2, halo)
        write(draw, (x + CARD_W / 2, y + 70), str(count), TITLE + 4, ink, "mm", 2, halo)
        word = pgettext("ttr card caption", "loco") if colour == "locomotive" else colour_name(colour)
        draw.text(
            (x + CARD_W / 2, y + CARD_H + 6), fit(word, small, CARD_W + gap - 2), fill=INK, font=small, anchor="ma"
        )
    return y + CARD_H + 6 + SMALLEST_TEXT + 14


def ticket_mark(draw: Draw, x: float, y: float, state: str) -> None:
    """A ticket's mark in a 20-px box: ✓ done, ✗ failed once over, an empty box while open, a ringed ? on offer."""
    if state == "done":
        draw.line([(x, y + 10), (x + 7, y + 19), (x + 20, y + 1)], fill=DONE, width=5, joint="curve")
    elif state == "failed":
        draw.line((x + 2, y + 2, x + 18, y + 18), fill=ALERT, width=5)
        draw.line((x + 2, y + 18, x + 18, y + 2), fill=ALERT, width=5)
    elif state == "offer":
        draw.rectangle((x, y, x + 20, y + 20), outline=tmap.STRIPE, width=3)
    else:
        draw.rectangle((x + 1, y + 1, x + 19, y + 19), outline=MUTED, width=3)


def draw_tickets(draw: Draw, y: int, title: str, tickets: Sequence[dict[str, Any]], states: Sequence[str]) -> int:
    """A titled list of tickets, in two columns when long; returns the next free y."""
    if not tickets:
        return y
    write(draw, (PAD, y), title, TEXT, bold=1)
    y += TEXT + 10
    columns = 2 if len(tickets) > 6 else 1
    width = (WIDTH - 2 * PAD - (columns - 1) * 24) / columns
    face = font(SMALLEST_TEXT if columns == 2 else TEXT)
    rows = math.ceil(len(tickets) / columns)
    for n, (ticket, state) in enumerate(zip(tickets, states, strict=True)):
        x = PAD + (n // rows) * (width + 24)
        top = y + (n % rows) * ROW
        if n % rows % 2 == 0:
            draw.rectangle((x - 4, top - 2, x + width + 4, top + ROW - 4), fill=ROW_FILL)
        ticket_mark(draw, x + 2, top + 5, state)
        points = str(ticket["points"])
        draw.text((x + width, top + ROW / 2 - 3), points, fill=INK, font=face, anchor="rm")
        room = width - 40 - face.getlength(points)
        words = fit(f"{ticket['from']} – {ticket['to']}", face, room)
        draw.text((x + 32, top + ROW / 2 - 3), words, fill=INK, font=face, anchor="lm")
    return y + rows * ROW + 12


def private_picture(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's own view: heading, the map round its tickets, its hand and its tickets."""
    public, private = view["public"], view["private"]
    own, offer = private["tickets"], private["offer"]
    over = bool(public["finished"])
    rows = math.ceil(len(own) / (2 if len(own) > 6 else 1)) + math.ceil(len(offer) / (2 if len(offer) > 6 else 1))
    height = HEADING_H + MAP_H_MOST + 240 + 2 * (TEXT + 22) + rows * ROW + 20
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = draw_heading(draw, public, private, names)
    y = draw_map(image, y, public, private) + 8
    draw = ImageDraw.Draw(image)
    key = _("Discs: claims, by seat number · R3: free route on your way (colour, cars)")
    draw.text((PAD, y), fit(key, font(SMALLEST_TEXT), WIDTH - 2 * PAD), fill=INK, font=font(SMALLEST_TEXT))
    y += SMALLEST_TEXT + 16
    y = draw_hand(draw, y, private["hand"])
    done = sum(1 for t in own if t.get("done"))
    states = ["done" if t.get("done") else "failed" if over else "open" for t in own]
    title = _("Your tickets ({done}/{count} done)").format(done=done, count=len(own))
    y = draw_tickets(draw, y, title, own, states)
    least = _("On offer (squares on the map): keep at least {least}").format(least=private["keep_at_least"])
    y = draw_tickets(draw, y, least, offer, ["offer"] * len(offer))
    return to_palette(image.crop((0, 0, WIDTH, y + 4)), PALETTE_COLOURS)
