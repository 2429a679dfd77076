"""Ticket to Ride: Japan, the board's picture, sent with every move: made to be read on a phone.

It leaves the map out (the whole map is one tap away, `render_ttr_japan`) and says the rest large: standings,
face-up cards, the Bullet Train track and the last claims. Drawn WIDTH px wide with no text under SMALLEST_TEXT,
so at 400 px wide every text is at least 11 px tall (tests/rendering/test_phone_size.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.words import colour_name
from bot.i18n import _, ngettext, pgettext
from rendering.canvas import BACKGROUND, INK, font, to_palette
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan.map import WHITE, Draw, write
from rendering.ttr_japan.stamps import stamp
from rendering.ttr_japan.whole_map import (
    ALERT,
    MUTED,
    ROW_FILL,
    TURN_FILL,
    card,
    fit,
    player_lines,
    seat_name,
    status,
    triangle,
)

WIDTH = 800
PAD = 24
RIGHT = WIDTH - PAD
SMALLEST_TEXT = 22
"""11 px once the picture is shown 400 px wide."""
TITLE_SIZE = 32
NAME_SIZE = 28
TEXT_SIZE = 24
SCORE_SIZE = 30
ROW_H = 80
MARKER_R = 22
CARD_H = 124
CARD_GAP = 12
LANE_H = 40
LINE = 40
MOST_HEIGHT = 1600
"""The canvas is this tall, then cut below what was drawn."""
PALETTE_COLOURS = 96


def stamped_marker(image: Image.Image, seat: int, cx: float, cy: float, r: float, paper: tmap.Colour) -> None:
    """`seat_marker` on plain `paper`, drawn once per worker and place."""
    box = (cx - 1.4 * r, cy - 1.4 * r, cx + 1.4 * r, cy + 1.4 * r)  # a shape reaches 1.35 r (with its outline)
    stamp(image, box, ("marker", seat, r), partial(seat_marker, seat=seat, cx=cx, cy=cy, r=r), paper)


def seat_marker(draw: Draw, seat: int, cx: float, cy: float, r: float = MARKER_R) -> None:
    """A seat's shape, in its colour, with its number: the same marker as on the map."""
    tmap.seat_shape(draw, seat, cx, cy, r)
    ink = tmap.ink_on(tmap.SEAT_COLOURS[seat % len(tmap.SEAT_COLOURS)])
    write(draw, (cx, cy + 1), str(seat + 1), max(SMALLEST_TEXT, int(r * 1.15)), ink, "mm", 1 if ink == WHITE else 0)


def draw_heading(draw: Draw, y: float, public: dict[str, Any], names: Sequence[str]) -> float:
    """Title, whose turn it is, and the final round's banner; returns the next free y."""
    write(draw, (PAD, y), "Ticket to Ride: Japan", TITLE_SIZE, bold=1)
    y += 48
    x = PAD
    if public["turn"] is not None and not public["finished"]:
        triangle(draw, x, y + 16, 22)
        x += 32
    write(draw, (x, y), fit(status(public, names), font(NAME_SIZE), RIGHT - x), NAME_SIZE)
    y += 44
    if public["final_turns"] is not None and not public["finished"]:
        height = 48
        draw.rectangle((PAD, y, RIGHT, y + height), fill=(255, 228, 220), outline=ALERT, width=4)
        for sx in range(PAD + 6, PAD + 46, 12):
            draw.line((sx, y + 6, sx + 12, y + height - 6), fill=ALERT, width=4)
        turns = public["final_turns"]
        words = ngettext("FINAL ROUND · {n} turn left", "FINAL ROUND · {n} turns left", turns).format(n=turns)
        write(draw, (PAD + 58, y + height / 2), fit(words, font(TEXT_SIZE), RIGHT - PAD - 66), TEXT_SIZE, align="lm")
        y += height + 12
    return y


def counts_line(public: dict[str, Any], seat: int) -> str:
    """What a seat holds, in words (the final reckoning once the game is over)."""
    if public["finished"] and seat < len(public["results"]):
        return player_lines(public, seat)[1]
    p = public["players"][seat]
    return _("{trains} trains · {cards} cards · {tickets} tickets").format(
        trains=p["trains"], cards=p["cards"], tickets=p["tickets"]
    )


def draw_standings(image: Image.Image, draw: Draw, y: float, public: dict[str, Any], names: Sequence[str]) -> float:
    """One row per seat: ▶ for the turn, marker, name, score and what it holds."""
    totals = [r["total"] for r in public["results"]] if public["finished"] else []
    name_face, score_face = font(NAME_SIZE), font(SCORE_SIZE)
    for seat in range(len(public["players"])):
        turn = public["turn"] == seat and not public["finished"]
        won = seat < len(totals) and totals[seat] == max(totals)
        fill = TURN_FILL if turn or won else ROW_FILL
        draw.rounded_rectangle((PAD, y, RIGHT, y + ROW_H - 8), radius=10, fill=fill, outline=MUTED)
        if turn:
            triangle(draw, PAD + 6, y + 26, 18)
        stamped_marker(image, seat, PAD + 52, y + (ROW_H - 8) / 2, MARKER_R, fill)
        score = player_lines(public, seat)[0]
        write(draw, (RIGHT - 12, y + 22), score, SCORE_SIZE, align="rm", bold=1)
        x = PAD + 86
        tag = _("WINNER") if won else _("choosing") if public["players"][seat]["choosing"] else ""
        room = RIGHT - 24 - score_face.getlength(score) - x - (font(TEXT_SIZE).getlength(tag) + 12 if tag else 0)
        name = fit(seat_name(names, seat), name_face, room)
        write(draw, (x, y + 22), name, NAME_SIZE, align="lm")
        if tag:
            write(draw, (x + name_face.getlength(name) + 12, y + 24), tag, TEXT_SIZE, ALERT if won else MUTED, "lm")
        write(
            draw,
            (x, y + 52),
            fit(counts_line(public, seat), font(SMALLEST_TEXT), RIGHT - 12 - x),
            SMALLEST_TEXT,
            MUTED,
            "lm",
        )
        y += ROW_H
    return y + 4


def draw_market(image: Image.Image, draw: Draw, y: float, public: dict[str, Any]) -> float:
    """The face-up cards, each with its letter and colour name (stamped: the same cards come back in the same slots),
    and the deck, discard and ticket counts."""
    write(draw, (PAD, y), _("Face-up cards"), TEXT_SIZE, bold=1)
    y += 38
    slots = max(5, len(public["market"]))
    width = (RIGHT - PAD - (slots - 1) * CARD_GAP) / slots
    for i, colour in enumerate(public["market"]):
        x = PAD + i * (width + CARD_GAP)
        caption = pgettext("ttr card caption", "loco") if colour == "locomotive" else colour_name(colour)
        box = (x, y, x + width, y + CARD_H)
        stamp(
            image,
            box,
            ("card", colour, caption),
            partial(card, box=box, colour=colour, caption=caption, sizes=(48, SMALLEST_TEXT)),
        )
    if not public["market"]:
        write(draw, (PAD, y + CARD_H / 2), _("empty"), TEXT_SIZE, MUTED, "lm")
    y += CARD_H + 12
    counts = _("Deck {deck} · Discards {discard} · Tickets {tickets}").format(
        deck=public["deck"], discard=public["discard"], tickets=public["tickets_left"]
    )
    write(draw, (PAD, y), fit(counts, font(TEXT_SIZE), RIGHT - PAD), TEXT_SIZE)
    return y + LINE + 4


def draw_track(draw: Draw, y: float, public: dict[str, Any]) -> float:
    """The Bullet Train track: a lane per seat, its marker as far along as its track, and the supply left."""
    supply, total = public["supply"], japan().bullet_trains
    write(draw, (PAD, y), _("Bullet Train track"), TEXT_SIZE, bold=1)
    left = _("{supply} / {total} Bullet Trains left").format(supply=supply, total=total)
    write(draw, (RIGHT, y), fit(left, font(SMALLEST_TEXT), RIGHT - PAD - 240), SMALLEST_TEXT, MUTED, "ra")
    y += 40
    tracks = [int(p["track"]) for p in public["players"]]
    top = max(10, *tracks)
    start, end = PAD + 20, RIGHT - 56
    for seat, track in enumerate(tracks):
        mid = y + LANE_H / 2
        draw.line((start, mid, end, mid), fill=MUTED, width=2)
        x = start + (end - start) * track / top
        if track:
            draw.rounded_rectangle((start, mid - 5, x, mid + 5), radius=4, fill=tmap.STRIPE)
        seat_marker(draw, seat, x, mid, 16)
        write(draw, (RIGHT, mid), str(track), TEXT_SIZE, INK, "rm", bold=1)
        y += LANE_H
    return y + 12


def draw_last_claims(image: Image.Image, draw: Draw, y: float, public: dict[str, Any], names: Sequence[str]) -> float:
    """The last routes claimed, newest first, in words: who, which route, its length, with a Bullet Train or not."""
    write(draw, (PAD, y), _("Last claims"), TEXT_SIZE, bold=1)
    y += 40
    routes = japan().routes
    claims = [c for c in reversed(public.get("last_claims", [])) if int(c[0]) in routes]
    if not claims:
        write(draw, (PAD, y), _("No route claimed yet."), TEXT_SIZE, MUTED)
        return y + LINE
    face = font(TEXT_SIZE)
    for route_id, seat, bullet in claims:
        route = routes[int(route_id)]
        stamped_marker(image, int(seat), PAD + 16, y + LINE / 2 - 2, 16, BACKGROUND)
        words = claim_words(seat_name(names, int(seat)), route.name, route.length, bool(bullet))
        write(draw, (PAD + 42, y + LINE / 2 - 2), fit(words, face, RIGHT - PAD - 42), TEXT_SIZE, align="lm")
        y += LINE
    return y


def claim_words(player: str, route: str, length: int, bullet: bool) -> str:
    """A claim in words: "Alice: Kyoto – Osaka (3), Bullet Train"."""
    if bullet:
        return _("{player}: {route} ({length}), Bullet Train").format(player=player, route=route, length=length)
    return _("{player}: {route} ({length})").format(player=player, route=route, length=length)


def board_picture(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The public board for a phone: standings, face-up cards, the Bullet Train track and the last claims."""
    public = view["public"]
    image = Image.new("RGB", (WIDTH, MOST_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = draw_heading(draw, PAD, public, names)
    y = draw_standings(image, draw, y, public, names)
    y = draw_market(image, draw, y + 8, public)
    y = draw_track(draw, y + 4, public)
    y = draw_last_claims(image, draw, y + 4, public, names)
    return to_palette(image.crop((0, 0, WIDTH, min(MOST_HEIGHT, int(y) + PAD))), PALETTE_COLOURS)
