"""Mexican Train: a seat's private hand, the playable tiles framed and marked."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.base import Action, IllegalAction
from bot.i18n import _, pgettext
from rendering.canvas import BACKGROUND, INK, blank, check, fit, font, seat_name, triangle
from rendering.mexican_train.look import (
    HAND_GAP_X,
    HAND_GAP_Y,
    HAND_HALF,
    HAND_HEADER_H,
    HAND_LABEL_H,
    MARGIN,
    MUTED,
    OPEN_COLOUR,
    PLAYABLE,
    SMALL_SIZE,
    TEXT_SIZE,
    THICK,
    TILE_DIM,
    TILE_FILL,
    TITLE_SIZE,
    WIDTH,
    TileStyle,
    domino,
    hand_count,
    tile_name,
)
from rendering.pieces import Piece, piece

CELL_W = 2 * HAND_HALF + HAND_GAP_X
CELL_H = HAND_HALF + HAND_LABEL_H + HAND_GAP_Y
LABEL_TOP = HAND_HALF + 1
"""Where a tile's mark starts below it: the domino's last row is HAND_HALF."""
LABELS = 16
"""Marks kept drawn (four kinds of mark, per language; each a few KB)."""


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
    return (WIDTH - 2 * MARGIN + HAND_GAP_X) // CELL_W


def mark_word(mark: str) -> str:
    """The word a mark writes under its tile ("" for none)."""
    if mark == "new":
        return _("+ new")
    if mark == "play":
        return pgettext("mexican tile mark", "play")
    if mark == "drawn":
        return pgettext("mexican tile mark", "drawn")
    return ""


def draw_mark(image: Image.Image, x: int, y: int, mark: str, word: str) -> None:
    """A tile's mark under it: "play" (▶ and the word), "drawn" (also ✓), "new" ("+ new"); (x, y): the tile's."""
    draw = ImageDraw.Draw(image)
    ly = y + HAND_HALF + HAND_LABEL_H // 2 + 2
    small = font(SMALL_SIZE)
    if mark in ("play", "drawn"):
        triangle(draw, x + 4, ly, 18, PLAYABLE)
        draw.text((x + 28, ly), word, fill=PLAYABLE, font=small, anchor="lm")
    if mark == "drawn":
        check(draw, x + 34 + int(small.getlength(word)), ly - 10, 20, OPEN_COLOUR)
    elif mark == "new":
        draw.text((x + 4, ly), word, fill=MUTED, font=small, anchor="lm")


@lru_cache(maxsize=LABELS)
def mark_piece(mark: str, word: str) -> Piece | None:
    """The mark drawn once, in the box under its tile; None when it reaches past that box (a long word)."""
    return piece(CELL_W, CELL_H - LABEL_TOP, BACKGROUND, lambda im, x, y: draw_mark(im, x, y - LABEL_TOP, mark, word))


def tile_style(mark: str, dim: bool) -> TileStyle:
    """A hand tile's look: a thick frame when it may be played, greyed when others may and it may not."""
    if mark in ("play", "drawn"):
        return TileStyle(outline=PLAYABLE, width=THICK)
    return TileStyle(fill=TILE_DIM if dim else TILE_FILL)


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
    rows = max(1, -(-len(hand) // cols))
    image, draw = blank(WIDTH, MARGIN + HAND_HEADER_H + rows * CELL_H + MARGIN)
    title = _("Your hand · {tiles}").format(tiles=hand_count(len(hand)))
    draw.text((MARGIN, MARGIN), title, fill=INK, font=font(TITLE_SIZE))
    draw.text((MARGIN, MARGIN + 54), hand_status(view, names, playable), fill=INK, font=font(TEXT_SIZE))
    if not hand:
        draw.text((MARGIN, MARGIN + HAND_HEADER_H), _("(no tiles)"), fill=MUTED, font=font(TEXT_SIZE))
    marks = [tile_mark(pair, private, playable) for pair in hand]
    labels = [mark_piece(mark, mark_word(mark)) for mark in marks]
    pasted = all(label is not None for label in labels)
    for i, (pair, mark, label) in enumerate(zip(hand, marks, labels, strict=True)):
        x = MARGIN + (i % cols) * CELL_W
        y = MARGIN + HAND_HEADER_H + (i // cols) * CELL_H
        domino(image, x, y, HAND_HALF, pair, tile_style(mark, bool(playable)))
        # The box under a tile is still paper (the header ends above the first row, each mark stays in its own
        # cell), so its pre-drawn mark is exact; a mark that would reach into the next cell is drawn in place.
        if pasted and label is not None:
            label.paste(image, x, y + LABEL_TOP)
        else:
            draw_mark(image, x, y, mark, mark_word(mark))
    return image
