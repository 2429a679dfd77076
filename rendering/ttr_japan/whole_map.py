"""Ticket to Ride: Japan renderer: the map with every claim, and a panel of cards, players and (privately) the hand."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.words import colour_name
from bot.i18n import _, language, ngettext, pgettext
from rendering.canvas import BACKGROUND, INK, font, to_palette
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan.map import LETTERS, ROUTE_COLOURS, WHITE, Box, Colour, Draw, Font, write

# --- layout (pixels) ---------------------------------------------------------------------------
PAD = 14
LEFT = tmap.PANEL_X + PAD
RIGHT = tmap.WIDTH - tmap.MARGIN - PAD
BOTTOM = tmap.HEIGHT - tmap.MARGIN - 6
TITLE_SIZE = 28
TEXT_SIZE = 22
SMALL_SIZE = 19
CARD_W = 74
CARD_H = 96
CARD_GAP = 8
HAND_CARD_W = 41
HAND_CARD_H = 64
PLAYER_H = 66
SWATCH = 34
LINE = 27
BANNER_H = 40
RING_R = tmap.CITY_R + 6
LEGEND_CAR = 32
PALETTE_COLOURS = 192
"""The image is reduced to this many colours: the PNG gets several times smaller and faster to write."""

# --- colours -----------------------------------------------------------------------------------
MUTED = (100, 96, 90)
ROW_FILL = (234, 229, 216)
TURN_FILL = (255, 236, 170)
LABEL_BACK = (255, 255, 250)
"""The halo round city names."""
ALERT = (200, 40, 20)
DONE = (0, 125, 60)
RAINBOW = ((215, 35, 35), (242, 135, 30), (248, 210, 40), (40, 160, 75), (45, 110, 215), (125, 60, 190))
"""A locomotive card's stripes (it also carries an L)."""


def fit(text: str, face: Font, width: float) -> str:
    """`text` shortened with an ellipsis until it fits `width` pixels."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's display name, or "Seat N" when none was given."""
    return names[seat] if seat < len(names) and names[seat] else _("Seat {number}").format(number=seat + 1)


def seat_colour(seat: int) -> Colour:
    """The colour a seat's claims and swatch are drawn in."""
    return tmap.SEAT_COLOURS[seat % len(tmap.SEAT_COLOURS)]


def swatch(draw: Draw, x: float, y: float, seat: int, size: int = SWATCH) -> None:
    """A seat's shape in its colour with its number on it, in a `size` square at (x, y)."""
    tmap.seat_shape(draw, seat, x + size / 2, y + size / 2, size / 2 - 1)
    ink = tmap.ink_on(seat_colour(seat))
    write(draw, (x + size / 2, y + size / 2), str(seat + 1), size * 2 // 3, ink, "mm", 1 if ink == WHITE else 0)


def card(draw: Draw, box: Box, colour: str, caption: str, sizes: tuple[int, int]) -> None:
    """A train card: its colour, a big letter and a caption (colour name or count); locomotives striped."""
    x0, y0, x1, y1 = box
    fill = ROUTE_COLOURS.get(colour, ROUTE_COLOURS["gray"])
    draw.rounded_rectangle(box, radius=7, fill=fill, outline=INK, width=2)
    loco = colour == "locomotive"
    if loco:
        band = (y1 - y0 - 8) / len(RAINBOW)
        for i, stripe in enumerate(RAINBOW):
            draw.rectangle((x0 + 5, y0 + 4 + i * band, x1 - 5, y0 + 4 + (i + 1) * band), fill=stripe)
    ink = WHITE if loco else tmap.ink_on(fill)
    halo = INK if ink == WHITE else WHITE
    cx, caption = (x0 + x1) / 2, fit(caption, font(sizes[1]), x1 - x0 - 4)
    write(draw, (cx, y0 + (y1 - y0) * 0.4), LETTERS.get(colour, "?"), sizes[0], ink, "mm", 2, halo)
    write(draw, (cx, y1 - sizes[1] * 0.7), caption, sizes[1], ink, "mm", 2 if loco else 0)


# --- the static layer --------------------------------------------------------------------------


def legend_car(draw: Draw, x: float, y: float, look: tmap.Look) -> None:
    """A horizontal sample car for the legend, its left end at x."""
    tmap.draw_cars(draw, (tmap.Car(x + LEGEND_CAR / 2, y, 1.0, 0.0, LEGEND_CAR),), look, (0.0, 0.0), 1)


def draw_legend(draw: Draw, box: Box) -> None:
    """How to read the map, in the corner the Tokyo inset leaves free."""
    draw.rounded_rectangle(box, radius=10, fill=(250, 248, 242), outline=tmap.FRAME, width=2)
    x, y = box[0] + PAD, box[1] + PAD
    face = font(SMALL_SIZE)
    write(draw, (x, y), _("How to read the map"), TEXT_SIZE, bold=1)
    y += 40
    for i, colour in enumerate(("red", "orange", "yellow", "green", "blue", "pink", "black", "white", "gray")):
        cx, cy = x + (i % 3) * 112, y + (i // 3) * 28
        fill = ROUTE_COLOURS[colour]
        legend_car(draw, cx, cy, tmap.Look(fill, LETTERS[colour], tmap.ink_on(fill)))
        draw.text(
            (cx + LEGEND_CAR + 8, cy),
            fit(colour_name(colour), face, 112 - LEGEND_CAR - 10),
            fill=INK,
            font=face,
            anchor="lm",
        )
    y += 3 * 28 + 4
    rows = (
        (tmap.Look(ROUTE_COLOURS["gray"], bullet_mark=True), _("Bullet Train route (gray)")),
        (tmap.seat_look(0, False), _("claimed: seat colour + number")),
        (tmap.seat_look(0, True), _("claimed with a Bullet Train")),
    )
    for look, words in rows:
        legend_car(draw, x, y, look)
        draw.text((x + LEGEND_CAR + 14, y), words, fill=INK, font=face, anchor="lm")
        y += 30
    draw_city(draw, x + 16, y, True)
    draw.text((x + LEGEND_CAR + 14, y), _("same city in two places"), fill=INK, font=face, anchor="lm")
    y += 32
    ring(draw, x + 16, y, "ticket")
    draw.text((x + LEGEND_CAR + 14, y), _("your ticket city; 2 rings: done"), fill=INK, font=face, anchor="lm")


def static_layer(bullets_live: bool) -> Image.Image:
    """What only changes when the Bullet Train supply runs out (or the language): seas, insets, legend, routes."""
    return _static_layer(bullets_live, language())


@lru_cache(maxsize=4)
def _static_layer(bullets_live: bool, words_in: str) -> Image.Image:
    """The static layer for one supply state, its legend in the language `words_in` (in use when called)."""
    board = japan()
    image = Image.new("RGB", (tmap.WIDTH, tmap.HEIGHT), BACKGROUND)
    tmap.draw_land_and_sea(image, board)
    draw = ImageDraw.Draw(image)
    for inset in board.insets:
        box = tmap.inset_box(inset)
        write(draw, (box[0] + 10, box[1] + 8), inset.title.upper(), TEXT_SIZE, tmap.FRAME, bold=1, halo=tmap.FRAME)
    draw_legend(draw, tmap.frame_box(*tmap.LEGEND_FRAME))
    for route in board.routes.values():
        tmap.paste(image, tmap.draw_route(route.id, tmap.route_look(route, bullets_live)))
    return image


def draw_city(draw: Draw, x: float, y: float, twice: bool) -> None:
    """A city dot; a city drawn in two places (Tokyo, Kokura) gets a centre point in both."""
    draw.ellipse((x - tmap.CITY_R, y - tmap.CITY_R, x + tmap.CITY_R, y + tmap.CITY_R), fill=WHITE, outline=INK, width=3)
    if twice:
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=INK)


def draw_label(draw: Draw, label: tmap.Label, twice: bool) -> None:
    """A city name with a light halo so it reads over tracks and sea; underlined for a city drawn twice."""
    face = font(tmap.LABEL_SIZE)
    lines, (x, top, _, _) = label
    for i, line in enumerate(lines):
        y = top + (i + 0.5) * tmap.LINE_H
        write(draw, (x, y), line, tmap.LABEL_SIZE, INK, "lm", tmap.LABEL_HALO, LABEL_BACK)
        if twice and i == len(lines) - 1:
            draw.line((x, y + 10, x + face.getlength(line), y + 10), fill=INK, width=2)


@lru_cache(maxsize=1)
def city_layer() -> tmap.Sprite:
    """The city dots and names on a transparent layer, pasted over the claims so no claim hides a name."""
    board = japan()
    layer = Image.new("RGBA", (tmap.WIDTH, tmap.HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    twice = {c.name for c in board.cities.values() if len(c.places) > 1}
    for city in board.cities.values():
        for place in city.places:
            draw_city(draw, *tmap.place_px(place), city.name in twice)
    for (name, _area), label in tmap.labels().items():
        draw_label(draw, label, name in twice)
    box = layer.getbbox() or (0, 0, 1, 1)
    return layer.crop(box), (box[0], box[1])


# --- per view: claims and the viewer's own network ---------------------------------------------


def claimed(claims: Sequence[Sequence[Any]]) -> list[tuple[int, int, bool]]:
    """The view's claims as (route, seat, with a Bullet Train), skipping routes this map does not have."""
    routes = japan().routes
    return [(int(r), int(s), bool(b)) for r, s, b in claims if int(r) in routes]


def ring(draw: Draw, x: float, y: float, kind: str) -> None:
    """A mark round a city: "ticket" (red ring), "done" (plus a green outer ring) or "offer" (a square)."""
    r = RING_R
    if kind == "offer":
        draw.rectangle((x - r, y - r, x + r, y + r), outline=tmap.STRIPE, width=3)
        return
    draw.ellipse((x - r, y - r, x + r, y + r), outline=ALERT, width=4)
    if kind == "done":
        draw.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), outline=DONE, width=3)


def draw_rings(image: Image.Image, private: dict[str, Any]) -> None:
    """The viewer's ticket cities ringed wherever they are drawn, and those of tickets on offer squared."""
    draw = ImageDraw.Draw(image)
    cities = japan().cities
    marks = [(t, "offer") for t in private["offer"]] + [
        (t, "done" if t.get("done") else "ticket") for t in private["tickets"]
    ]
    for ticket, kind in marks:
        for name in (ticket["from"], ticket["to"]):
            for place in cities[name].places if name in cities else ():
                ring(draw, *tmap.place_px(place), kind)


def draw_map(image: Image.Image, public: dict[str, Any], private: dict[str, Any] | None) -> None:
    """Claims over the static routes; privately, the viewer's network glows beneath and its ticket cities ringed."""
    claims = claimed(public["claims"])
    if private is not None:
        for route_id, seat, _ in claims:
            if seat == private["seat"]:
                tmap.paste(image, tmap.route_sprite(route_id, tmap.HALO_LOOK))
    for route_id, seat, bullet in claims:
        tmap.paste(image, tmap.route_sprite(route_id, tmap.seat_look(seat, bullet)))
    if private is not None:
        draw_rings(image, private)
    tmap.paste(image, city_layer())


# --- the panel ---------------------------------------------------------------------------------


def triangle(draw: Draw, x: float, y: float, size: float) -> None:
    """A right-pointing ▶ (the bundled font has none) with its left edge at x, centred on y."""
    draw.polygon([(x, y - size / 2), (x + size, y), (x, y + size / 2)], fill=ALERT, outline=INK)


def tick(draw: Draw, x: float, y: float, done: bool, over: bool) -> None:
    """A ticket's mark in a 16-pixel box at (x, y): ✓ done (green); not yet, an empty box; ✗ failed once it is over."""
    if done:
        draw.line([(x, y + 8), (x + 6, y + 15), (x + 16, y + 1)], fill=DONE, width=4, joint="curve")
    elif over:
        draw.line((x + 2, y + 2, x + 14, y + 14), fill=ALERT, width=4)
        draw.line((x + 2, y + 14, x + 14, y + 2), fill=ALERT, width=4)
    else:
        draw.rectangle((x + 1, y + 1, x + 15, y + 15), outline=MUTED, width=2)  # still open: nothing has failed yet


def status(public: dict[str, Any], names: Sequence[str]) -> str:
    """Where the game stands, in words."""
    if public["finished"]:
        why = str(public["reason"])  # kept in English by the state
        if why:
            return _("Game over: {why}").format(why=_(why))
        return pgettext("ttr japan", "Game over")
    if public["phase"] == "start" or public["turn"] is None:
        return _("Everyone is choosing tickets")
    player = seat_name(names, public["turn"])
    if public["second_card"]:
        return _("Turn: {player} (2nd card)").format(player=player)
    return pgettext("ttr japan", "Turn: {player}").format(player=player)


def draw_heading(draw: Draw, y: float, public: dict[str, Any], names: Sequence[str]) -> float:
    """Title, status line and the final-round banner; returns the next free y."""
    write(draw, (LEFT, y), "Ticket to Ride: Japan", TITLE_SIZE, bold=1)
    y += 44
    face = font(TEXT_SIZE)
    x = LEFT
    if public["turn"] is not None and not public["finished"]:
        triangle(draw, x, y + 13, 18)
        x += 26
    draw.text((x, y), fit(status(public, names), face, RIGHT - x), fill=INK, font=face)
    y += 36
    if public["final_turns"] is not None and not public["finished"]:
        draw.rectangle((LEFT, y, RIGHT, y + BANNER_H), fill=(255, 228, 220), outline=ALERT, width=4)
        for sx in range(LEFT + 4, LEFT + 34, 10):
            draw.line((sx, y + 4, sx + 10, y + BANNER_H - 4), fill=ALERT, width=3)
        turns = public["final_turns"]
        words = ngettext("FINAL ROUND · {n} turn left", "FINAL ROUND · {n} turns left", turns).format(n=turns)
        draw.text((LEFT + 44, y + BANNER_H / 2), fit(words, face, RIGHT - LEFT - 50), fill=INK, font=face, anchor="lm")
        y += BANNER_H + 10
    return y


def draw_market(draw: Draw, y: float, public: dict[str, Any]) -> float:
    """The face-up cards, the deck, discard and ticket counts, and the Bullet Train supply."""
    small = font(SMALL_SIZE)
    draw.text((LEFT, y), _("Face-up cards"), fill=MUTED, font=small)
    y += 26
    for i, colour in enumerate(public["market"]):
        cx = LEFT + i * (CARD_W + CARD_GAP)
        caption = pgettext("ttr card caption", "loco") if colour == "locomotive" else colour_name(colour)
        card(draw, (cx, y, cx + CARD_W, y + CARD_H), colour, caption, (34, 16))
    y += CARD_H + 10
    counts = _("Deck {deck} · Discards {discard} · Tickets {tickets}").format(
        deck=public["deck"], discard=public["discard"], tickets=public["tickets_left"]
    )
    draw.text((LEFT, y), fit(counts, small, RIGHT - LEFT), fill=INK, font=small)
    y += 30
    supply, total = public["supply"], japan().bullet_trains
    draw.text(
        (LEFT, y),
        fit(_("Bullet Trains {supply} / {total}").format(supply=supply, total=total), small, 175),
        fill=INK,
        font=small,
    )
    px = LEFT + 180
    step = min(14.0, (RIGHT - px) / max(1, total))
    for k in range(total):
        box = (px + k * step, y + 3, px + k * step + step - 3, y + 19)
        left = k < supply
        draw.rounded_rectangle(box, radius=3, fill=WHITE if left else ROW_FILL, outline=INK if left else MUTED)
        if left:
            draw.line((box[0] + 2, y + 11, box[2] - 2, y + 11), fill=tmap.STRIPE, width=3)
    return y + 34


def player_lines(public: dict[str, Any], seat: int) -> tuple[str, str]:
    """A seat's score (right of its name) and its counts line; the final reckoning once the game is over."""
    if public["finished"] and seat < len(public["results"]):
        r = public["results"][seat]
        balance = sum(t["points"] if t["done"] else -t["points"] for t in r["tickets"])
        done = f"{sum(1 for t in r['tickets'] if t['done'])}/{len(r['tickets'])}"
        score = _("routes {routes} · tickets {balance} ({done}) · bonus {bonus}").format(
            routes=r["routes"], balance=f"{balance:+d}", done=done, bonus=f"{r['bonus']:+d}"
        )
        return pgettext("ttr japan", "{points} pts").format(points=r["total"]), score
    p = public["players"][seat]
    parts = _("{trains} trains · {cards} cards · {tickets} tickets · track {track}").format(
        trains=p["trains"], cards=p["cards"], tickets=p["tickets"], track=p["track"]
    )
    return pgettext("ttr japan", "{points} pts").format(points=p["points"]), parts


def draw_players(draw: Draw, y: float, public: dict[str, Any], names: Sequence[str], me: int | None) -> float:
    """One row per seat: swatch and number, name, points and counts (or the final score); ▶ marks the turn."""
    small, face, bold = font(SMALL_SIZE - 1), font(TEXT_SIZE), font(TEXT_SIZE + 2)
    totals = [r["total"] for r in public["results"]] if public["finished"] else []
    for seat in range(len(public["players"])):
        turn = public["turn"] == seat and not public["finished"]
        won = seat < len(totals) and totals[seat] == max(totals)
        fill = TURN_FILL if turn or won else ROW_FILL
        draw.rounded_rectangle((LEFT, y, RIGHT, y + PLAYER_H - 6), radius=8, fill=fill, outline=MUTED)
        if turn:
            triangle(draw, LEFT + 6, y + 22, 16)
        swatch(draw, LEFT + 26, y + 8, seat)
        score, counts = player_lines(public, seat)
        x = LEFT + 26 + SWATCH + 10
        draw.text((RIGHT - 10, y + 20), score, fill=INK, font=bold, anchor="rm", stroke_width=1, stroke_fill=INK)
        tag = _("WINNER") if won else _("choosing") if public["players"][seat]["choosing"] else ""
        tag = tag or (_("(you)") if seat == me else "")
        room = RIGHT - 18 - bold.getlength(score) - x - (small.getlength(tag) + 12 if tag else 0)
        name = fit(seat_name(names, seat), face, room)
        draw.text((x, y + 20), name, fill=INK, font=face, anchor="lm")
        if tag:
            write(draw, (x + face.getlength(name) + 10, y + 21), tag, SMALL_SIZE - 1, ALERT if won else MUTED, "lm")
        draw.text((x, y + 45), fit(counts, small, RIGHT - x - 8), fill=MUTED, font=small, anchor="lm")
        y += PLAYER_H
    return y + 4


def draw_tickets(
    draw: Draw, y: float, title: str, tickets: Sequence[dict[str, Any]], owned: bool, over: bool = False
) -> float:
    """A titled ticket list (the viewer's own marked as `tick` says, ? for those on offer), cut short with "+N more"."""
    face, small = font(TEXT_SIZE), font(SMALL_SIZE)
    if not tickets or y + 2 * LINE > BOTTOM:
        return y
    draw.text((LEFT, y), title, fill=INK, font=face, stroke_width=1, stroke_fill=INK)
    y += LINE + 4
    for n, ticket in enumerate(tickets):
        if y + 2 * LINE > BOTTOM and n < len(tickets) - 1:
            draw.text((LEFT, y), _("+ {count} more").format(count=len(tickets) - n), fill=MUTED, font=small)
            return y + LINE
        if owned:
            tick(draw, LEFT + 2, y + 4, bool(ticket.get("done")), over)
        else:
            draw.text((LEFT + 4, y), "?", fill=MUTED, font=small)
        points = str(ticket["points"])
        room = RIGHT - LEFT - 40 - small.getlength(points)
        draw.text((LEFT + 28, y), fit(f"{ticket['from']} - {ticket['to']}", small, room), fill=INK, font=small)
        draw.text((RIGHT, y), points, fill=INK, font=small, anchor="ra")
        y += LINE
    return y + 8


def draw_private(draw: Draw, y: float, private: dict[str, Any], over: bool) -> float:
    """The viewer's hand by colour, its tickets and any tickets on offer; returns the next free y."""
    swatch(draw, LEFT, y, private["seat"], 26)
    write(draw, (LEFT + 34, y + 13), _("Your hand"), TEXT_SIZE, align="lm", bold=1)
    y += 34
    colours = [c for c in LETTERS if c != "gray"]
    gap = (RIGHT - LEFT - len(colours) * HAND_CARD_W) / (len(colours) - 1)
    for i, colour in enumerate(colours):
        cx = LEFT + i * (HAND_CARD_W + gap)
        card(draw, (cx, y, cx + HAND_CARD_W, y + HAND_CARD_H), colour, str(private["hand"].get(colour, 0)), (20, 20))
    y = draw_tickets(draw, y + HAND_CARD_H + 12, _("Your tickets"), private["tickets"], True, over)
    least = _("On offer (squares): keep {least}+").format(least=private["keep_at_least"])
    return draw_tickets(draw, y, least, private["offer"], False)


def draw_reference(draw: Draw, top: float, seats: int) -> None:
    """Route points by length and the Bullet Train bonus by rank, at the panel's foot when there is room."""
    board = japan()
    small = font(SMALL_SIZE - 1)
    points = "  ".join(f"{n}={p}" for n, p in enumerate(board.route_points) if n)
    lines = [_("Route points: {points}").format(points=points)]
    ranks = board.bullet_bonus.get(seats)
    if ranks:
        lines.append(_("Bullet Train bonus ({players} players), by track rank:").format(players=seats))
        places = [f"{k}. {v:+d}" for k, v in enumerate(ranks, start=1)]
        lines.append("  ".join([*places, _("never {bonus}").format(bonus=f"{board.bullet_none:+d}")]))
    y = BOTTOM - len(lines) * LINE
    if y < top:
        return
    draw.line((LEFT, y - 8, RIGHT, y - 8), fill=MUTED)
    for line in lines:
        draw.text((LEFT, y), fit(line, small, RIGHT - LEFT), fill=MUTED, font=small)
        y += LINE


def render_ttr_japan(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The map with every claim and the side panel; a seat's own view adds its network, tickets and hand."""
    public, private = view["public"], view.get("private")
    image = static_layer(public["supply"] > 0).copy()
    draw_map(image, public, private)
    draw = ImageDraw.Draw(image)
    y = draw_heading(draw, tmap.MARGIN + 4, public, names)
    y = draw_market(draw, y, public)
    y = draw_players(draw, y, public, names, None if private is None else private["seat"])
    if private is not None:
        y = draw_private(draw, y + 8, private, bool(public["finished"]))
    draw_reference(draw, y + 12, len(public["players"]))
    return to_palette(image, PALETTE_COLOURS)
