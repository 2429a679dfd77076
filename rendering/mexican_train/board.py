"""Mexican Train: the public board (hub, pending double, one row per train), from pre-drawn parts where exact."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import _, pgettext
from rendering.canvas import BACKGROUND, INK, blank, fit, font, seat_name, triangle
from rendering.mexican_train.look import (
    ALERT,
    BANNER_H,
    END_FILL,
    END_W,
    GUTTER,
    HALF,
    HEADER_H,
    MARGIN,
    MORE_W,
    MUTED,
    NAME_W,
    OPEN_COLOUR,
    ROW_FILL,
    ROW_GAP,
    ROW_H,
    SMALL_SIZE,
    TEXT_SIZE,
    THICK,
    TILE_GAP,
    TITLE_SIZE,
    TURN_FILL,
    WIDTH,
    Colour,
    TileStyle,
    domino,
    flag,
    hand_count,
)
from rendering.pieces import Piece, piece

HUBS = 16
"""Hubs kept drawn (one per engine double and language; ~85 KB each)."""
FRAMES = 8
"""Row backgrounds kept drawn (the seat to play or not, a pending double or not; ~250 KB each)."""
END_TAGS = 64
"""Open-end tags kept drawn (a number, pending or not, on either row fill; ~10 KB each)."""
LABEL_X = MARGIN + GUTTER
TILES_X = LABEL_X + NAME_W
"""Where a row's tiles start: the name column ends just before."""


def header_text(public: dict[str, Any]) -> str:
    """The title line: game, and the round in rounds mode."""
    title = "Mexican Train"  # the game's title, as the rest of the bot names it
    if public["mode"] == "rounds":
        return _("{title} · Round {round}/{rounds}").format(title=title, round=public["round"], rounds=public["rounds"])
    return title


def draw_header(image: Image.Image, public: dict[str, Any], names: Sequence[str]) -> None:
    """Title, whose turn it is, the boneyard count and the hub with its engine double."""
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), header_text(public), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + 58
    face = font(TEXT_SIZE)
    turn = public["turn"]
    if turn is None:
        over = pgettext("mexican train", "Game over")
        draw.text((MARGIN, y), over, fill=INK, font=face)
        x = MARGIN + int(face.getlength(over)) + 30
    else:
        triangle(draw, MARGIN, y + 16, 22, ALERT)
        text = fit(pgettext("mexican train", "Turn: {player}").format(player=seat_name(names, turn)), face, 300)
        draw.text((MARGIN + 32, y), text, fill=INK, font=face)
        x = MARGIN + 32 + int(face.getlength(text)) + 30
    boneyard = _("Boneyard: {count}").format(count=public["boneyard"])
    draw.text((x, y), boneyard, fill=INK, font=face)
    hub = hub_piece(public["engine"], _("ENGINE"))
    # The pre-drawn hub is exact while its box is still paper: the texts to its left end before it.
    ends = max(MARGIN + font(TITLE_SIZE).getlength(header_text(public)), x + face.getlength(boneyard))
    if hub is not None and ends < HUB_X0 - 4:
        hub.paste(image, HUB_X0, MARGIN)
    else:
        draw_hub(image, HUB_X0, MARGIN, public["engine"], _("ENGINE"))


HUB_X0 = WIDTH - MARGIN - 2 * HALF - 150
HUB_H = HEADER_H - 24


def draw_hub(image: Image.Image, x0: int, y0: int, engine: int, word: str) -> None:
    """The hub (station) holding the engine double, its box's top-left at (x0, y0)."""
    draw = ImageDraw.Draw(image)
    x1 = x0 + WIDTH - MARGIN - HUB_X0
    draw.rounded_rectangle((x0, y0, x1, y0 + HUB_H), radius=14, fill=ROW_FILL, outline=INK, width=3)
    engine_word = fit(word, font(SMALL_SIZE), x1 - 2 * HALF - 18 - x0 - 20)
    draw.text((x0 + 14, y0 + 44), engine_word, fill=INK, font=font(SMALL_SIZE), anchor="lm")
    domino(image, x1 - 2 * HALF - 18, y0 + 21, HALF, (engine, engine), TileStyle(width=3))


@lru_cache(maxsize=HUBS)
def hub_piece(engine: int, word: str) -> Piece | None:
    """The hub drawn once per engine double and word."""
    return piece(WIDTH - MARGIN - HUB_X0 + 1, HUB_H + 1, BACKGROUND, lambda im, x, y: draw_hub(im, x, y, engine, word))


def banner(image: Image.Image, y: int, double: dict[str, Any], names: Sequence[str]) -> None:
    """The pending-double badge: thick outline, striped edge and the words, so colour is not the cue."""
    draw = ImageDraw.Draw(image)
    box = (MARGIN, y, WIDTH - MARGIN, y + BANNER_H - 10)
    banner_box = banner_piece()
    if banner_box is None:
        banner_frame(draw, MARGIN, y)
    else:  # exact: the banner's box is paper until it is drawn (the header ends above it)
        banner_box.paste(image, MARGIN, y)
    value, train = double["value"], double["train"]
    if train == "mexican":
        text = _("DOUBLE {value}-{value} - cover it on the Mexican Train").format(value=value)
    else:
        text = _("DOUBLE {value}-{value} - cover it on {player}'s train").format(
            value=value, player=seat_name(names, int(train))
        )
    face = font(TEXT_SIZE)
    draw.text(
        (box[0] + 54, (box[1] + box[3]) // 2), fit(text, face, box[2] - box[0] - 70), fill=INK, font=face, anchor="lm"
    )


def banner_frame(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """The pending-double badge's box: a thick red frame with stripes on its left."""
    box = (x, y, x + WIDTH - 2 * MARGIN, y + BANNER_H - 10)
    draw.rectangle(box, fill=(255, 228, 220), outline=ALERT, width=THICK)
    for sx in range(box[0] + THICK, box[0] + 40, 10):
        draw.line((sx, box[1] + THICK, sx + 10, box[3] - THICK), fill=ALERT, width=3)


@lru_cache(maxsize=1)
def banner_piece() -> Piece | None:
    """The badge's box drawn once."""
    return piece(
        WIDTH - 2 * MARGIN + 1, BANNER_H - 9, BACKGROUND, lambda im, x, y: banner_frame(ImageDraw.Draw(im), x, y)
    )


def visible(count: int) -> tuple[int, bool]:
    """How many of a train's last tiles fit in a row, and whether a "+N" label goes before them."""
    room = WIDTH - 2 * MARGIN - GUTTER - NAME_W - END_W - 12
    step = 2 * HALF + TILE_GAP
    if count * step <= room:
        return count, False
    return (room - MORE_W) // step, True


def draw_train(image: Image.Image, y: int, tiles: list[list[int]], pending: bool, fill: Colour) -> None:
    """A train's last tiles left to right, a "+N" label for the rest, and the open end's tag."""
    draw = ImageDraw.Draw(image)
    x = TILES_X
    shown, more = visible(len(tiles))
    ty = y + (ROW_H - HALF) // 2
    if more:
        label = f"+{len(tiles) - shown}"
        draw.text((x + MORE_W // 2 - 4, y + ROW_H // 2), label, fill=MUTED, font=font(TEXT_SIZE), anchor="mm")
        x += MORE_W
    last = len(tiles) - 1
    for i, pair in enumerate(tiles[len(tiles) - shown :], start=len(tiles) - shown):
        style = TileStyle(lit_half=1 if i == last else None)
        if i == last and pending:
            style = TileStyle(outline=ALERT, width=THICK, lit_half=1)
        domino(image, x, ty, HALF, pair, style)
        x += 2 * HALF + TILE_GAP
    tag = end_piece(tiles[-1][1], pending, fill)
    if tag is None:
        end_tag(draw, x, y + ROW_H // 2, tiles[-1][1], pending)
    else:  # exact: right of the last tile the row is still its plain fill, inside the frame
        tag.paste(image, x, y + THICK)


def end_tag(draw: ImageDraw.ImageDraw, x: int, cy: int, end: int, pending: bool) -> None:
    """An arrow-shaped tag naming the number a tile must show to join this train."""
    h = HALF // 2
    points = [(x, cy - h), (x + END_W - 22, cy - h), (x + END_W - 4, cy), (x + END_W - 22, cy + h), (x, cy + h)]
    draw.polygon(points, fill=END_FILL, outline=ALERT if pending else INK, width=4 if pending else 2)
    label = f"{end}!" if pending else str(end)
    draw.text((x + (END_W - 12) // 2, cy), label, fill=INK, font=font(TEXT_SIZE), anchor="mm")


@lru_cache(maxsize=END_TAGS)
def end_piece(end: int, pending: bool, fill: Colour) -> Piece | None:
    """An open end's tag drawn once on a row's fill, in the row's box inside its thickest frame."""
    return piece(
        END_W + 4,
        ROW_H - 2 * THICK,
        fill,
        lambda im, x, y: end_tag(ImageDraw.Draw(im), x, y - THICK + ROW_H // 2, end, pending),
    )


def row_label(
    draw: ImageDraw.ImageDraw, x: int, y: int, title: str, detail: str, is_open: bool, points: str = ""
) -> None:
    """The name column from (x, y): owner (and points), then the hand count and the OPEN marker (flag and word)."""
    small = font(SMALL_SIZE)
    room = NAME_W - 8
    if points:
        draw.text((x + room, y + 10), points, fill=MUTED, font=small, anchor="ra")
        room -= int(small.getlength(points)) + 10
    draw.text((x, y + 8), fit(title, font(TEXT_SIZE), room), fill=INK, font=font(TEXT_SIZE))
    draw.text((x, y + 44), detail, fill=MUTED, font=small)
    if is_open:
        fx = x + int(small.getlength(detail)) + 14
        flag(draw, fx, y + 46, 24)
        draw.text((fx + 26, y + 44), _("OPEN"), fill=OPEN_COLOUR, font=small)


def row_frame(draw: ImageDraw.ImageDraw, x: int, y: int, is_turn: bool, pending: bool) -> None:
    """The row's background from (x, y); the seat to play gets a ▶ in the gutter, a pending double a thick frame."""
    box = (x, y, x + WIDTH - 2 * MARGIN, y + ROW_H)
    outline, width = (ALERT, THICK) if pending else (MUTED, 1)
    draw.rounded_rectangle(box, radius=10, fill=TURN_FILL if is_turn else ROW_FILL, outline=outline, width=width)
    if is_turn:
        triangle(draw, x + 8, y + ROW_H // 2, 20, ALERT)


@lru_cache(maxsize=FRAMES)
def frame_piece(is_turn: bool, pending: bool) -> Piece | None:
    """A row's background drawn once."""
    return piece(
        WIDTH - 2 * MARGIN + 1,
        ROW_H + 1,
        BACKGROUND,
        lambda im, x, y: row_frame(ImageDraw.Draw(im), x, y, is_turn, pending),
    )


def draw_frame(image: Image.Image, y: int, is_turn: bool, pending: bool) -> Colour:
    """The row's background, pasted (exact: rows are drawn on paper, apart); its fill is returned."""
    frame = frame_piece(is_turn, pending)
    if frame is None:
        row_frame(ImageDraw.Draw(image), MARGIN, y, is_turn, pending)
    else:
        frame.paste(image, MARGIN, y)
    return TURN_FILL if is_turn else ROW_FILL


def draw_seat_row(image: Image.Image, y: int, seat: int, public: dict[str, Any], names: Sequence[str]) -> None:
    """One personal train: owner, hand count, marker, tiles and open end."""
    train = public["trains"][seat]
    pending = public["double"] is not None and public["double"]["train"] == seat
    fill = draw_frame(image, y, public["turn"] == seat, pending)
    points = (
        pgettext("mexican train", "{points} pts").format(points=public["totals"][seat])
        if public["mode"] == "rounds"
        else ""
    )
    title, detail = seat_name(names, seat), hand_count(public["hands"][seat])
    row_label(ImageDraw.Draw(image), LABEL_X, y, title, detail, bool(train["open"]), points)
    draw_row_tiles(image, y, train["tiles"], public["engine"], pending, _("no tiles yet"), fill)


def draw_row_tiles(
    image: Image.Image, y: int, tiles: list[list[int]] | None, engine: int, pending: bool, empty: str, fill: Colour
) -> None:
    """A train's tiles, or the words saying it is empty and which number starts it."""
    if tiles:
        draw_train(image, y, tiles, pending, fill)
        return
    ImageDraw.Draw(image).text(
        (TILES_X, y + ROW_H // 2),
        _("{empty} · starts with a {engine}").format(empty=empty, engine=engine),
        fill=MUTED,
        font=font(SMALL_SIZE),
        anchor="lm",
    )


def draw_mexican_row(image: Image.Image, y: int, public: dict[str, Any]) -> None:
    """The Mexican Train: always open, or not started yet."""
    pending = public["double"] is not None and public["double"]["train"] == "mexican"
    fill = draw_frame(image, y, False, pending)
    started = public["mexican"] is not None
    row_label(ImageDraw.Draw(image), LABEL_X, y, _("Mexican Train"), _("for all") if started else "", started)
    draw_row_tiles(image, y, public["mexican"], public["engine"], pending, _("not started"), fill)


def render_board(public: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The public board: header and hub, the pending double, one row per train."""
    seats = len(public["trains"])
    double = public["double"]
    top = MARGIN + HEADER_H + (BANNER_H if double else 0)
    height = top + (seats + 1) * (ROW_H + ROW_GAP) + MARGIN
    image, _draw = blank(WIDTH, height)
    draw_header(image, public, names)
    if double:
        banner(image, MARGIN + HEADER_H, double, names)
    for seat in range(seats):
        draw_seat_row(image, top + seat * (ROW_H + ROW_GAP), seat, public, names)
    draw_mexican_row(image, top + seats * (ROW_H + ROW_GAP), public)
    return image
