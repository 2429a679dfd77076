"""Next Station Tokyo's words on a page: paragraphs, the card now, the legend and a sheet's scores."""

from __future__ import annotations

from typing import Any

from bot.games.next_station_tokyo.words import card_name, effect_name
from bot.i18n import _
from rendering.canvas import INK, Colour, font
from rendering.next_station_tokyo.look import (
    GREEN,
    MARGIN,
    PAPER,
    PINK_CARD,
    TEXT_SIZE,
    WIDTH,
    Draw,
)
from rendering.next_station_tokyo.shapes import draw_symbol
from rendering.wrapping import wrap

# --- text, cards and legend --------------------------------------------------------------------


def plain(text: str) -> str:
    """`text` with the signs the bundled font lacks written in ones it has."""
    return text.replace("→", "»").replace("×", "x").replace("−", "-")


def places(public: dict[str, Any]) -> list[int]:
    """Each seat's place by its total (1 = first; ties share a place)."""
    totals = [int(r["total"]) for r in public["results"]]
    return [1 + sum(t > mine for t in totals) for mine in totals]


def paragraph(draw: Draw, x: int, y: int, text: str, size: int, width: int, fill: Colour = INK) -> int:
    """`text` wrapped to `width` at `size`; returns the y below it."""
    face = font(size)
    for line in wrap(text, face, width):
        draw.text((x, y), line, fill=fill, font=face)
        y += round(size * 1.3)
    return y


CARD_W, CARD_H = 36, 46


def draw_card(draw: Draw, x: int, y: int, card: str) -> None:
    """The card now, drawn small: green or pink, showing its symbol (a Joker shows a J)."""
    colour, symbol = card.split()
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=5, fill=GREEN if colour == "green" else PINK_CARD, outline=INK, width=2
    )
    middle = (x + CARD_W // 2, y + CARD_H // 2)
    if symbol in ("joker", "switch"):
        draw.text(middle, symbol[0].upper(), fill=PAPER, font=font(TEXT_SIZE), anchor="mm")
    else:
        draw_symbol(draw, symbol, *middle, 11)


def card_words(public: dict[str, Any]) -> str:
    """The card now in words, with its effect and whether a switch applies."""
    if not public["card"]:
        return _("No card up")
    words = _("Card: {card}").format(card=card_name(str(public["card"])))
    if public["effect"]:
        words += f" · {effect_name(str(public['effect']))}"
    if public["switch"]:
        words += _(" · switch: leave any station of your line")
    return words


def draw_card_row(draw: Draw, y: int, public: dict[str, Any]) -> int:
    """The card now (drawn and in words), then how many green cards of the round are out; returns the y below."""
    x = MARGIN
    if public["card"]:
        draw_card(draw, x, y, str(public["card"]))
        x += CARD_W + 12
    greens = _("green cards {greens} of {total}").format(greens=public["greens"], total=public["greens_to_end"])
    below = paragraph(draw, x, y + 4, f"{plain(card_words(public))} · {greens}", TEXT_SIZE, WIDTH - MARGIN - x)
    return max(below, y + CARD_H) + 8
