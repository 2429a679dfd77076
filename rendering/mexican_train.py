"""Mexican Train renderer: the public board (hub, trains, pending double) or a seat's private hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

import rendering
from bot.games.base import Action, IllegalAction
from bot.i18n import _, ngettext, pgettext
from rendering.canvas import INK, blank, check, fit, font, seat_name, to_palette, triangle

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Colour = tuple[int, int, int]

# --- layout (pixels) ---------------------------------------------------------------------------
WIDTH = 800
"""Narrow enough that a phone (about 400 px wide) shows it at half size: 22 px text reads as 11 px."""
SMALLEST_TEXT = 23
"""The smallest text drawn: two-digit numerals on board tiles (see tile_image)."""
MARGIN = 16
TITLE_SIZE = 34
TEXT_SIZE = 28
SMALL_SIZE = 24
NUMERAL_SIZE = 28
HEADER_H = 112
BANNER_H = 64
ROW_H = 80
ROW_GAP = 6
GUTTER = 30
NAME_W = 220
HALF = 42
"""A board domino is two HALF×HALF squares side by side."""
TILE_GAP = 6
MORE_W = 66
END_W = 60
HAND_HALF = 58
HAND_GAP_X = 18
HAND_LABEL_H = 36
HAND_GAP_Y = 16
HAND_HEADER_H = 104
THICK = 6
"""Outline width of whatever needs attention (a pending double, a playable tile)."""
TILE_CACHE = 600
"""Drawn dominoes kept for reuse (a few per tile, style and size; ~20 KB each)."""
PALETTE_COLOURS = 128
"""The image is reduced to this many colours: a palette PNG compresses several times faster and smaller."""

# --- colours (always paired with a word, numeral or shape) -------------------------------------
TILE_FILL = (255, 253, 240)
TILE_DIM = (214, 211, 200)
ROW_FILL = (232, 227, 214)
TURN_FILL = (255, 236, 170)
MUTED = (105, 100, 92)
OPEN_COLOUR = (0, 120, 60)
ALERT = (200, 40, 20)
PLAYABLE = (0, 90, 200)
END_FILL = (255, 214, 90)
NUMERAL_COLOURS: tuple[Colour, ...] = (
    (90, 90, 90),
    (20, 90, 180),
    (0, 115, 55),
    (185, 30, 30),
    (120, 70, 0),
    (115, 40, 150),
    (0, 105, 115),
    (25, 25, 25),
    (190, 85, 0),
    (55, 55, 150),
    (150, 20, 95),
    (75, 100, 20),
    (140, 45, 45),
)
"""Numeral ink per number, as on coloured-pip sets; the numeral itself carries the meaning."""


@dataclass(frozen=True)
class TileStyle:
    """How one domino is drawn: fill, outline width and colour, and which half (if any) is lit."""

    fill: Colour = TILE_FILL
    outline: Colour = INK
    width: int = 2
    lit_half: int | None = None


# --- shared drawing ----------------------------------------------------------------------------


@lru_cache(maxsize=TILE_CACHE)
def tile_image(pair: tuple[int, int], half: int, style: TileStyle) -> Image.Image:
    """A horizontal domino with a numeral on each half (blank halves read "0"), transparent corners."""
    image = Image.new("RGBA", (2 * half + 1, half + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, 2 * half, half), radius=half // 6, fill=style.fill, outline=style.outline, width=style.width
    )
    if style.lit_half is not None:
        hx, inset = style.lit_half * half, style.width + 1
        draw.rectangle((hx + inset, inset, hx + half - inset, half - inset), fill=END_FILL)
    draw.line((half, 6, half, half - 6), fill=INK, width=2)
    size = NUMERAL_SIZE * half // HALF
    for i, value in enumerate(pair):
        face = font(size if value < 10 else size * 5 // 6)
        colour = NUMERAL_COLOURS[value % len(NUMERAL_COLOURS)]
        centre = (half * i + half // 2, half // 2)
        draw.text(centre, str(value), fill=colour, font=face, anchor="mm", stroke_width=1, stroke_fill=colour)
    return image


def domino(image: Image.Image, x: int, y: int, half: int, pair: Sequence[int], style: TileStyle) -> None:
    """A domino pasted at (x, y), drawn once per look and reused."""
    tile = tile_image((pair[0], pair[1]), half, style)
    image.paste(tile, (x, y), tile)


def flag(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """A marker flag (pole and pennant) standing on (x, y + size)."""
    draw.line((x + 2, y, x + 2, y + size), fill=INK, width=3)
    draw.polygon([(x + 4, y), (x + 4 + size * 3 // 4, y + size // 4), (x + 4, y + size // 2)], fill=OPEN_COLOUR)


def tile_name(pair: Sequence[int]) -> str:
    """The tile as its rules name "hi-lo"."""
    return f"{max(pair)}-{min(pair)}"


# --- the board ---------------------------------------------------------------------------------


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
    draw.text((x, y), _("Boneyard: {count}").format(count=public["boneyard"]), fill=INK, font=face)
    draw_hub(image, public["engine"])


def draw_hub(image: Image.Image, engine: int) -> None:
    """The hub (station) holding the engine double, top right."""
    draw = ImageDraw.Draw(image)
    x1, y0 = WIDTH - MARGIN, MARGIN
    x0 = x1 - 2 * HALF - 150
    draw.rounded_rectangle((x0, y0, x1, y0 + HEADER_H - 24), radius=14, fill=ROW_FILL, outline=INK, width=3)
    engine_word = fit(_("ENGINE"), font(SMALL_SIZE), x1 - 2 * HALF - 18 - x0 - 20)
    draw.text((x0 + 14, y0 + 44), engine_word, fill=INK, font=font(SMALL_SIZE), anchor="lm")
    domino(image, x1 - 2 * HALF - 18, y0 + 21, HALF, (engine, engine), TileStyle(width=3))


def banner(draw: ImageDraw.ImageDraw, y: int, double: dict[str, Any], names: Sequence[str]) -> None:
    """The pending-double badge: thick outline, striped edge and the words, so colour is not the cue."""
    box = (MARGIN, y, WIDTH - MARGIN, y + BANNER_H - 10)
    draw.rectangle(box, fill=(255, 228, 220), outline=ALERT, width=THICK)
    for sx in range(box[0] + THICK, box[0] + 40, 10):
        draw.line((sx, box[1] + THICK, sx + 10, box[3] - THICK), fill=ALERT, width=3)
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


def visible(count: int) -> tuple[int, bool]:
    """How many of a train's last tiles fit in a row, and whether a "+N" label goes before them."""
    room = WIDTH - 2 * MARGIN - GUTTER - NAME_W - END_W - 12
    step = 2 * HALF + TILE_GAP
    if count * step <= room:
        return count, False
    return (room - MORE_W) // step, True


def draw_train(image: Image.Image, y: int, tiles: list[list[int]], end: int, pending: bool) -> None:
    """A train's last tiles left to right, a "+N" label for the rest, and the open end's tag."""
    draw = ImageDraw.Draw(image)
    x = MARGIN + GUTTER + NAME_W
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
    end_tag(draw, x, y + ROW_H // 2, end, pending)


def end_tag(draw: ImageDraw.ImageDraw, x: int, cy: int, end: int, pending: bool) -> None:
    """An arrow-shaped tag naming the number a tile must show to join this train."""
    h = HALF // 2
    points = [(x, cy - h), (x + END_W - 22, cy - h), (x + END_W - 4, cy), (x + END_W - 22, cy + h), (x, cy + h)]
    draw.polygon(points, fill=END_FILL, outline=ALERT if pending else INK, width=4 if pending else 2)
    label = f"{end}!" if pending else str(end)
    draw.text((x + (END_W - 12) // 2, cy), label, fill=INK, font=font(TEXT_SIZE), anchor="mm")


def row_label(draw: ImageDraw.ImageDraw, y: int, title: str, detail: str, is_open: bool, points: str = "") -> None:
    """The name column: owner (and points), then the hand count and the OPEN marker (flag and word)."""
    x = MARGIN + GUTTER
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


def row_frame(draw: ImageDraw.ImageDraw, y: int, is_turn: bool, pending: bool) -> None:
    """The row's background; the seat to play gets a ▶ in the gutter, a pending double a thick frame."""
    box = (MARGIN, y, WIDTH - MARGIN, y + ROW_H)
    outline, width = (ALERT, THICK) if pending else (MUTED, 1)
    draw.rounded_rectangle(box, radius=10, fill=TURN_FILL if is_turn else ROW_FILL, outline=outline, width=width)
    if is_turn:
        triangle(draw, MARGIN + 8, y + ROW_H // 2, 20, ALERT)


def hand_count(count: int) -> str:
    """A hand's size in words: "1 tile", "7 tiles"."""
    return ngettext("{n} tile", "{n} tiles", count).format(n=count)


def draw_seat_row(image: Image.Image, y: int, seat: int, public: dict[str, Any], names: Sequence[str]) -> None:
    """One personal train: owner, hand count, marker, tiles and open end."""
    draw = ImageDraw.Draw(image)
    train = public["trains"][seat]
    pending = public["double"] is not None and public["double"]["train"] == seat
    row_frame(draw, y, public["turn"] == seat, pending)
    points = (
        pgettext("mexican train", "{points} pts").format(points=public["totals"][seat])
        if public["mode"] == "rounds"
        else ""
    )
    row_label(draw, y, seat_name(names, seat), hand_count(public["hands"][seat]), bool(train["open"]), points)
    draw_row_tiles(image, y, train["tiles"], public["engine"], pending, _("no tiles yet"))


def draw_row_tiles(
    image: Image.Image, y: int, tiles: list[list[int]] | None, engine: int, pending: bool, empty: str
) -> None:
    """A train's tiles, or the words saying it is empty and which number starts it."""
    if tiles:
        draw_train(image, y, tiles, tiles[-1][1], pending)
        return
    x = MARGIN + GUTTER + NAME_W
    ImageDraw.Draw(image).text(
        (x, y + ROW_H // 2),
        _("{empty} · starts with a {engine}").format(empty=empty, engine=engine),
        fill=MUTED,
        font=font(SMALL_SIZE),
        anchor="lm",
    )


def draw_mexican_row(image: Image.Image, y: int, public: dict[str, Any]) -> None:
    """The Mexican Train: always open, or not started yet."""
    draw = ImageDraw.Draw(image)
    pending = public["double"] is not None and public["double"]["train"] == "mexican"
    row_frame(draw, y, False, pending)
    started = public["mexican"] is not None
    row_label(draw, y, _("Mexican Train"), _("for all") if started else "", started)
    draw_row_tiles(image, y, public["mexican"], public["engine"], pending, _("not started"))


def render_board(public: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The public board: header and hub, the pending double, one row per train."""
    seats = len(public["trains"])
    double = public["double"]
    top = MARGIN + HEADER_H + (BANNER_H if double else 0)
    height = top + (seats + 1) * (ROW_H + ROW_GAP) + MARGIN
    image, draw = blank(WIDTH, height)
    draw_header(image, public, names)
    if double:
        banner(draw, MARGIN + HEADER_H, double, names)
    for seat in range(seats):
        draw_seat_row(image, top + seat * (ROW_H + ROW_GAP), seat, public, names)
    draw_mexican_row(image, top + seats * (ROW_H + ROW_GAP), public)
    return image


# --- the private hand --------------------------------------------------------------------------


def playable_tiles(legal: Sequence[dict[str, Any]]) -> set[str]:
    """The tiles ("hi-lo") named by the view's play moves."""
    found = set()
    for move in legal:
        try:
            action = Action.from_token(str(move["token"]))
        except IllegalAction:
            continue
        if action.verb == "play" and action.args:
            found.add(str(action.args[0]))
    return found


def hand_status(view: dict[str, Any], names: Sequence[str], playable: set[str]) -> str:
    """One line under the title: what the viewer can do with this hand now."""
    public, private = view["public"], view["private"]
    if public["turn"] is None:
        return pgettext("mexican train", "The game is over.")
    if public["turn"] != private["seat"]:
        waiting = _("Waiting: {player} is playing").format(player=seat_name(names, public["turn"]))
        return fit(waiting, font(TEXT_SIZE), WIDTH - 2 * MARGIN)
    if private["drawn"] is not None:
        return _("You drew {tile}: it fits, play it").format(tile=tile_name(private["drawn"]))
    if public["double"] is not None:
        value = public["double"]["value"]
        return (
            _("Cover the double {value}-{value}").format(value=value) if playable else _("Can't cover the double: draw")
        )
    return _("Your turn: play a marked tile") if playable else _("No tile fits: draw")


def hand_columns() -> int:
    """How many hand tiles fit across the image."""
    return (WIDTH - 2 * MARGIN + HAND_GAP_X) // (2 * HAND_HALF + HAND_GAP_X)


def hand_tile(image: Image.Image, x: int, y: int, pair: Sequence[int], mark: str, dim: bool) -> None:
    """One hand tile with its mark: "play" (thick frame, ▶), "drawn" (also ✓), "new"; `dim` greys it."""
    draw = ImageDraw.Draw(image)
    lit = mark in ("play", "drawn")
    style = TileStyle(outline=PLAYABLE, width=THICK) if lit else TileStyle(fill=TILE_DIM if dim else TILE_FILL)
    domino(image, x, y, HAND_HALF, pair, style)
    ly = y + HAND_HALF + HAND_LABEL_H // 2 + 2
    small = font(SMALL_SIZE)
    word = {"play": pgettext("mexican tile mark", "play"), "drawn": pgettext("mexican tile mark", "drawn")}.get(
        mark, mark
    )
    if lit:
        triangle(draw, x + 4, ly, 18, PLAYABLE)
        draw.text((x + 28, ly), word, fill=PLAYABLE, font=small, anchor="lm")
    if mark == "drawn":
        check(draw, x + 34 + int(small.getlength(word)), ly - 10, 20, OPEN_COLOUR)
    elif mark == "new":
        draw.text((x + 4, ly), _("+ new"), fill=MUTED, font=small, anchor="lm")


def tile_mark(pair: Sequence[int], private: dict[str, Any], playable: set[str]) -> str:
    """Which mark a hand tile gets."""
    name = tile_name(pair)
    drawn = private["drawn"]
    if drawn is not None and tile_name(drawn) == name:
        return "drawn"
    if name in playable:
        return "play"
    return "new" if any(tile_name(t) == name for t in private["new_tiles"]) else ""


def render_hand(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The viewer's own tiles, the playable ones framed and marked ▶, the drawn one ticked."""
    private = view["private"]
    hand = private["hand"]
    playable = playable_tiles(view["legal"])
    cols = hand_columns()
    cell_w, cell_h = 2 * HAND_HALF + HAND_GAP_X, HAND_HALF + HAND_LABEL_H + HAND_GAP_Y
    rows = max(1, -(-len(hand) // cols))
    image, draw = blank(WIDTH, MARGIN + HAND_HEADER_H + rows * cell_h + MARGIN)
    title = _("Your hand · {tiles}").format(tiles=hand_count(len(hand)))
    draw.text((MARGIN, MARGIN), title, fill=INK, font=font(TITLE_SIZE))
    draw.text((MARGIN, MARGIN + 54), hand_status(view, names, playable), fill=INK, font=font(TEXT_SIZE))
    if not hand:
        draw.text((MARGIN, MARGIN + HAND_HEADER_H), _("(no tiles)"), fill=MUTED, font=font(TEXT_SIZE))
    for i, pair in enumerate(hand):
        x = MARGIN + (i % cols) * cell_w
        y = MARGIN + HAND_HEADER_H + (i // cols) * cell_h
        hand_tile(image, x, y, pair, tile_mark(pair, private, playable), bool(playable))
    return image


def render_mexican_train(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The board for a public view, the hand for a seat's own view."""
    if view.get("private") is None:
        return to_palette(render_board(view["public"], names))
    return to_palette(render_hand(view, names))


rendering.register("mexican_train", render_mexican_train)
