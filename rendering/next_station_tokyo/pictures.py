"""Next Station Tokyo renderer: a seat's sheet (the map with its four lines and scores), or every sheet in small."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image

from bot.games.next_station_tokyo.state import ROUNDS
from bot.games.next_station_tokyo.words import answer_words, colour_name
from bot.i18n import _, ngettext, pgettext
from rendering import registry
from rendering.canvas import INK, fit, font, ordinal, seat_name, to_palette
from rendering.lettered import blank
from rendering.next_station_tokyo.geometry import Grid
from rendering.next_station_tokyo.legend import legend_items, legend_strip, line_items
from rendering.next_station_tokyo.look import (
    LINE_H,
    LOOKS,
    MARGIN,
    MUTED,
    ROW_FILL,
    SHEET_CELL,
    SMALL_SIZE,
    SMALLEST_TEXT,
    TEXT_SIZE,
    TILE_GAP,
    TILE_HEAD,
    TITLE_SIZE,
    TURN_FILL,
    UNSEEN,
    WIDTH,
    Draw,
)
from rendering.next_station_tokyo.map import map_image
from rendering.next_station_tokyo.scores import BOXES_H, draw_scores, draw_totals

# `x as x`: re-exported, as tests of the translations read the pictures' words from this module.
from rendering.next_station_tokyo.scores import breakdown as breakdown
from rendering.next_station_tokyo.scores import summary as summary
from rendering.next_station_tokyo.shapes import tag
from rendering.next_station_tokyo.text import card_words as card_words
from rendering.next_station_tokyo.text import (
    draw_card_row,
    paragraph,
    places,
    plain,
)


def own_status(view: dict[str, Any], seat: int) -> str:
    """What this seat is asked, or what it did with the card now while others choose."""
    public = view["public"]
    if seat in public["waiting"]:
        return plain(str(view["prompt"]))
    answer = public["answers"][seat] if seat < len(public["answers"]) else None
    yours = _("You: {answer}. ").format(answer=answer_words(answer)) if answer else ""
    return plain(yours) + _("{n} still choosing.").format(n=len(public["waiting"]))


def draw_sheet_header(draw: Draw, public: dict[str, Any], seat: int, names: Sequence[str], status: str) -> int:
    """Name and round, this round's colour, the card now and `status`; at the end the total; returns the y below."""
    name = seat_name(names, seat)
    if public["finished"]:
        title = _("{player} · final sheet").format(player=name)
    else:
        title = _("{player} · Round {round} of {rounds}").format(player=name, round=public["round"], rounds=ROUNDS)
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), WIDTH - 2 * MARGIN), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + LINE_H + 6
    if public["finished"]:
        rank = _("{place} of {seats}").format(place=ordinal(places(public)[seat]), seats=len(public["sheets"]))
        words = _("Game over · total {total} · {rank}").format(total=public["results"][seat]["total"], rank=rank)
        draw.text((MARGIN, y + 14), words, fill=INK, font=font(TEXT_SIZE), anchor="lm")
        return y + LINE_H
    colour = public["colours"][seat]
    tag(draw, MARGIN + 16, y + 14, LOOKS[colour], SMALL_SIZE)
    words = fit(_("draws the {colour} line this round").format(colour=colour_name(colour)), font(TEXT_SIZE), WIDTH - 60)
    draw.text((MARGIN + 40, y + 14), words, fill=INK, font=font(TEXT_SIZE), anchor="lm")
    y = draw_card_row(draw, y + LINE_H, public)
    return paragraph(draw, MARGIN, y, status, SMALL_SIZE, WIDTH - 2 * MARGIN, MUTED) + 8


def render_sheet(public: dict[str, Any], seat: int, names: Sequence[str], status: str) -> Image.Image:
    """One seat's sheet, large: header, the map with its lines, the legend and the scores."""
    board, legend = map_image(public["sheets"][seat], SHEET_CELL), legend_strip(legend_items())
    head, totals = draw_sheet_header(UNSEEN, public, seat, names, status), draw_totals(UNSEEN, 0, public, seat)
    image, draw = blank(WIDTH, head + board.height + 8 + legend.height + BOXES_H + totals + MARGIN)
    y = draw_sheet_header(draw, public, seat, names, status)
    # Centre the frame, not the frame and its coordinates.
    image.paste(board, ((WIDTH - board.width - Grid(SHEET_CELL).label) // 2, y))
    image.paste(legend, (0, y + board.height + 8))
    draw_scores(image, y + board.height + 8 + legend.height, public, seat)
    return image


# --- the overview ------------------------------------------------------------------------------


TILES_PER_ROW = 2
"""Maps per row in the overview: with three, a map's line letters would cover it on a phone."""


def overview_status(public: dict[str, Any], names: Sequence[str]) -> str:
    """Who is still choosing or, at the end, who won, in words."""
    if public["finished"]:
        first = [seat_name(names, s) for s, place in enumerate(places(public)) if place == 1]
        best = max(int(r["total"]) for r in public["results"])
        return ngettext(
            "Winner: {players} with {best} points", "Winners: {players} with {best} points", len(first)
        ).format(players=", ".join(first), best=best)
    waiting = public["waiting"]
    text = (
        _("Still choosing: {players}").format(players=", ".join(seat_name(names, s) for s in waiting))
        if waiting
        else ""
    )
    if font(TEXT_SIZE).getlength(text) <= 2 * (WIDTH - 2 * MARGIN):  # two lines at most
        return text
    return _("{waiting} of {seats} players still choosing").format(waiting=len(waiting), seats=len(public["sheets"]))


def draw_tile_head(
    draw: Draw, x: int, y: int, width: int, seat: int, public: dict[str, Any], names: Sequence[str]
) -> None:
    """A seat's label over its map: name, then this round's colour and its total (its place at the end)."""
    choosing = seat in public["waiting"] and not public["finished"]
    fill = TURN_FILL if choosing else ROW_FILL
    draw.rounded_rectangle((x, y, x + width, y + TILE_HEAD - 4), radius=6, fill=fill, outline=MUTED)
    face, middle = font(SMALL_SIZE), y + TILE_HEAD // 2 - 2
    score = pgettext("next station tokyo", "{total} pts").format(total=public["results"][seat]["total"])
    if public["finished"]:
        score += f" · {ordinal(places(public)[seat])}"
    right = x + width - 8 - round(face.getlength(score))
    draw.text((right, middle), score, fill=INK, font=face, anchor="lm")
    if not public["finished"]:
        right -= 38
        tag(draw, right + 16, middle, LOOKS[public["colours"][seat]], SMALLEST_TEXT)
    name = fit(seat_name(names, seat), face, right - x - 16)
    draw.text((x + 8, middle), name, fill=INK, font=face, anchor="lm")


TILE_W = (WIDTH - 2 * MARGIN - (TILES_PER_ROW - 1) * TILE_GAP) // TILES_PER_ROW
TILE_CELL = max(c for c in range(1, TILE_W) if Grid(c).size[0] <= TILE_W)
"""Lattice spacing of the overview's maps: the largest that fits a tile."""


def tile_height() -> int:
    """A row of the overview's maps: their labels, the maps and the gap below."""
    return TILE_HEAD + Grid(TILE_CELL).size[1] + TILE_GAP


def draw_tiles(image: Image.Image, draw: Draw, y: int, public: dict[str, Any], names: Sequence[str]) -> int:
    """Every seat's map in a grid under its label; returns the y below."""
    seats = len(public["sheets"])
    per_row, tile_w, cell = TILES_PER_ROW, TILE_W, TILE_CELL
    for seat in range(seats):
        row, col = divmod(seat, per_row)
        x, top = MARGIN + col * (tile_w + TILE_GAP), y + row * tile_height()
        board = map_image(public["sheets"][seat], cell)
        draw_tile_head(draw, x, top, board.width, seat, public, names)
        image.paste(board, (x, top + TILE_HEAD))
    return y + math.ceil(seats / per_row) * tile_height()


def draw_overview_header(draw: Draw, public: dict[str, Any], names: Sequence[str]) -> int:
    """The game and round, the card now and who is still choosing; returns the y below."""
    if public["finished"]:
        title = _("Next Station Tokyo · final sheets")
    else:
        title = _("Next Station Tokyo · Round {round} of {rounds}").format(round=public["round"], rounds=ROUNDS)
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), WIDTH - 2 * MARGIN), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + LINE_H + 6
    if not public["finished"]:
        y = draw_card_row(draw, y, public)
    return paragraph(draw, MARGIN, y, overview_status(public, names), TEXT_SIZE, WIDTH - 2 * MARGIN) + 10


def draw_shared_objectives(draw: Draw, y: int, public: dict[str, Any]) -> int:
    """The shared objectives in one paragraph, when the game has them; returns the y below."""
    if not public["objectives"]:
        return y
    text = _("Objectives (+10 each): {objectives}").format(objectives="; ".join(map(_, public["objectives"])))
    return paragraph(draw, MARGIN, y, text, SMALL_SIZE, WIDTH - 2 * MARGIN) + 4


def render_overview(public: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """Every seat's map in small for the channel, under the round, the card now and who is still choosing."""
    if len(public["sheets"]) == 1:
        return render_sheet(public, 0, names, overview_status(public, names))
    # Only the lines' key: the marks are explained on each player's own sheet, at a size that reads.
    legend = legend_strip(line_items())
    tiles = math.ceil(len(public["sheets"]) / TILES_PER_ROW) * tile_height()
    head, foot = draw_overview_header(UNSEEN, public, names), draw_shared_objectives(UNSEEN, 0, public)
    image, draw = blank(WIDTH, head + tiles + legend.height + foot + MARGIN)
    y = draw_tiles(image, draw, draw_overview_header(draw, public, names), public, names)
    image.paste(legend, (0, y))
    draw_shared_objectives(draw, y + legend.height, public)
    return image


def render_next_station_tokyo(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's own sheet for its view; every sheet in small for the public one."""
    private = view.get("private")
    if private is None:
        return to_palette(render_overview(view["public"], names))
    seat = int(private["seat"])
    return to_palette(render_sheet(view["public"], seat, names, own_status(view, seat)))


registry.register("next_station_tokyo", render_next_station_tokyo)
