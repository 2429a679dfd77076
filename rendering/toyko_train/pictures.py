"""Toyko Train renderer: a seat's own compartment (and a conductor's target card), or every team's compartment."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.base import SEAT_MARK
from bot.games.toyko_train.data import COLOURS, LETTERS, ROWS
from bot.games.toyko_train.words import colour_name, gesture_name
from bot.games.toyko_train.words import team_name as team_words
from bot.i18n import _, ngettext, pgettext
from rendering import registry
from rendering.canvas import BACKGROUND, INK, Colour, check, fit, font, seat_name, to_palette
from rendering.lettered import Lettered, blank
from rendering.wrapping import words_that_fit

Box = tuple[int, int, int, int]
Point = tuple[int, int]
Draw = ImageDraw.ImageDraw


# --- layout (pixels) ---------------------------------------------------------------------------
WIDTH = 800
"""Narrower than most of our pictures: a phone shows it larger, and the nine-place compartment and its card fit."""
MARGIN = 16
GAP = 24
TITLE_SIZE = 32
HEAD_SIZE = 26
TEXT_SIZE = 24
SMALL_SIZE = 22
SMALLEST_TEXT = SMALL_SIZE
"""The smallest text drawn: 11 px once the 800-px picture is shown 400 px wide on a phone (the phone rule)."""
LINE_H = 36
OWN_CELL = 140
"""A seat's own compartment, the picture's subject: shrunk to a phone's width, letters still read at a glance."""
CARD_CELL = 72
"""The target card: smaller than the compartment it describes, so the two are never mistaken for each other."""
PANEL_CELL = 96
"""Each team's compartment in the public picture, two teams to a row."""
LEGEND_CELL = 66
"""A word's tourist: the smallest figure drawn, just large enough for its letter to reach SMALLEST_TEXT."""
LEGEND_ROW = LEGEND_CELL + 8
FRAME_PAD = 12
CARD_PAD = 14
PANEL_PAD = 14
PANELS_PER_ROW = 2
"""Two teams to a row rather than four: on a phone, four across would shrink the figures to dots."""
PANEL_W = (WIDTH - 2 * MARGIN - (PANELS_PER_ROW - 1) * GAP) // PANELS_PER_ROW
LEGEND_COLUMNS = 3
STRIP_H = 150
"""A standings tile: team, conductor, tourist, round cards, exchanges, a line each."""
CARD_PIP = (14, 20)
SUPERSAMPLE = 3
"""Places are drawn this many times larger, then shrunk: smooth heads and shoulders, drawn once and cached."""
SIGNAL_LINE = 30
SIGNAL_H = 2 * LINE_H + 8 + 2 * SIGNAL_LINE
"""The last-signal box: heading, word, and the gesture on up to two lines."""
PANEL_LINE = 28
PRIVATE_STATUS_LINES = 2
"""A seat's prompt names a player and says what to do: at phone-sized text it needs a second line."""
PANEL_H = 2 * PANEL_PAD + 3 * LINE_H + ROWS * PANEL_CELL + 2 * FRAME_PAD + 8 + 3 * PANEL_LINE
"""A team's panel: team and names, the compartment, then exchanges and the signal on two lines."""

# --- colours (every tourist colour also carries its letter) --------------------------------------
PAPER = (255, 255, 255)
MUTED = (105, 100, 92)
FLOOR = (226, 219, 203)
SEAT = (176, 160, 136)
PANEL_FILL = (236, 231, 219)
OUT_FILL = (214, 210, 202)
HIGHLIGHT = (255, 236, 170)
GOOD = (0, 120, 60)
BAD = (190, 30, 30)
SHADOW = (190, 182, 166)
PLACE_FILL = (238, 233, 221)
PLACE_EDGE = (196, 186, 166)
CARD_FILL = (235, 190, 70)
TOURISTS: dict[str, Colour] = {
    "red": (214, 40, 40),
    "orange": (245, 140, 20),
    "yellow": (250, 214, 40),
    "green": (30, 145, 70),
    "blue": (40, 95, 210),
    "purple": (140, 65, 180),
}
"""Six hues far apart; red/green and blue/purple blur for many eyes, so the letter on each figure decides."""
LIGHT = frozenset({"orange", "yellow"})
"""Tourist colours light enough for ink letters; the others carry white ones."""


# --- geometry ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seats:
    """Where a compartment's places are drawn: the top-left of place A1, the place size, rows and columns."""

    x: int
    y: int
    cell: int
    rows: int
    columns: int

    @property
    def width(self) -> int:
        return self.columns * self.cell

    @property
    def height(self) -> int:
        return self.rows * self.cell

    def box(self, place: int) -> Box:
        """A place's square; places are numbered row by row, like the game's."""
        row, col = divmod(place, self.columns)
        x0, y0 = self.x + col * self.cell, self.y + row * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def body(self, place: int) -> Point:
        """A point on the figure's body in `place`, left of its letter: where the tourist's colour surely shows."""
        x0, y0, _x1, _y1 = self.box(place)
        return x0 + round(0.3 * self.cell), y0 + round(0.78 * self.cell)


def shape(public: dict[str, Any]) -> tuple[int, int]:
    """The compartment's rows and columns, read from the view."""
    columns = int(public["columns"])
    return len(public["places"]) // columns, columns


def framed(seats: Seats) -> Box:
    """The compartment's outline around its places."""
    return (
        seats.x - FRAME_PAD,
        seats.y - FRAME_PAD,
        seats.x + seats.width + FRAME_PAD,
        seats.y + seats.height + FRAME_PAD,
    )


def top(public: dict[str, Any], status_lines: int = 1) -> int:
    """Where a picture's body begins: under the title, the status, and the last round's line once there is one."""
    return MARGIN + (3 if public["summaries"] else 2) * LINE_H + (status_lines - 1) * PANEL_LINE + 12


def private_top(view: dict[str, Any]) -> int:
    """Where a seat's own picture begins its body: its longer prompt has two lines."""
    return top(view["public"], PRIVATE_STATUS_LINES)


def own_seats(view: dict[str, Any]) -> Seats:
    """Where a private picture draws its team's compartment, under its heading."""
    rows, columns = shape(view["public"])
    return Seats(MARGIN + FRAME_PAD, private_top(view) + LINE_H + FRAME_PAD, OWN_CELL, rows, columns)


def target_seats(view: dict[str, Any]) -> Seats:
    """Where a conductor's picture draws the target card's places: right of the compartment, under the card's title."""
    rows, columns = shape(view["public"])
    own = own_seats(view)
    left = own.x + own.width + FRAME_PAD + GAP + CARD_PAD + FRAME_PAD
    return Seats(left, own.y - FRAME_PAD + CARD_PAD + LINE_H + FRAME_PAD, CARD_CELL, rows, columns)


def card_box(seats: Seats) -> Box:
    """The target card around its places: its title above them, a margin all round."""
    x0, y0, x1, y1 = framed(seats)
    return x0 - CARD_PAD, y0 - LINE_H - CARD_PAD, x1 + CARD_PAD, y1 + CARD_PAD


def panel_origin(public: dict[str, Any], team: int) -> Point:
    """The top-left of a team's panel in the public picture: two to a row, a lone last one centred."""
    teams = len(public["teams"])
    row, col = divmod(team, PANELS_PER_ROW)
    alone = teams % PANELS_PER_ROW == 1 and team == teams - 1
    x = (WIDTH - PANEL_W) // 2 if alone else MARGIN + col * (PANEL_W + GAP)
    return x, top(public) + row * (PANEL_H + GAP)


def panel_seats(public: dict[str, Any], team: int) -> Seats:
    """Where the public picture draws a team's places: centred in its panel, under the names."""
    rows, columns = shape(public)
    x, y = panel_origin(public, team)
    width = columns * PANEL_CELL
    return Seats(x + (PANEL_W - width) // 2, y + PANEL_PAD + 3 * LINE_H + FRAME_PAD, PANEL_CELL, rows, columns)


# --- small shapes ------------------------------------------------------------------------------


def tile(draw: Draw, size: int) -> None:
    """The tile a place stands on, so a corner's name or tick plainly belongs to the figure beside it."""
    inset = size // 40
    box = (inset, inset, size - inset, size - inset)
    draw.rounded_rectangle(box, radius=size // 10, fill=PLACE_FILL, outline=PLACE_EDGE, width=max(1, size // 140))


def figure(draw: Draw, box: Box, colour: str, scale: int = 1) -> None:
    """A tourist on a seat: head and shoulders in its colour, its letter on the chest so no one needs the hue.

    `scale`: how many times larger than the finished picture `box` is drawn (see rendering.canvas.font)."""
    x0, y0, x1, _y1 = box
    s = x1 - x0
    cx = (x0 + x1) / 2
    fill = TOURISTS[colour]
    edge = max(2, s // 36)
    draw.rounded_rectangle(
        (x0 + 0.12 * s, y0 + 0.34 * s, x1 - 0.12 * s, y0 + 0.97 * s), radius=0.1 * s, fill=SEAT, outline=MUTED
    )
    draw.rounded_rectangle(
        (cx - 0.31 * s, y0 + 0.47 * s, cx + 0.31 * s, y0 + 0.94 * s),
        radius=0.17 * s,
        corners=(True, True, False, False),
        fill=fill,
        outline=INK,
        width=edge,
    )
    draw.ellipse((cx - 0.16 * s, y0 + 0.1 * s, cx + 0.16 * s, y0 + 0.42 * s), fill=fill, outline=INK, width=edge)
    ink = INK if colour in LIGHT else PAPER
    # A thin stroke in the letter's own ink thickens the bundled font's strokes: easier to read on a small screen.
    draw.text(
        (cx, y0 + 0.72 * s),
        LETTERS[colour],
        fill=ink,
        font=font(round(0.34 * s), scale),
        anchor="mm",
        stroke_width=max(1, s // 70),
        stroke_fill=ink,
    )


@lru_cache(maxsize=64)
def place_sprite(colour: str, cell: int, ground: Colour) -> Image.Image:
    """A place (tile, seat, tourist) on `ground`, drawn large and shrunk once; pasting it beats redrawing it."""
    big = cell * SUPERSAMPLE
    image, draw = blank(big, big)
    draw.rectangle((0, 0, big, big), fill=ground)
    tile(draw, big)
    figure(draw, (0, 0, big, big), colour, SUPERSAMPLE)
    return image.reduce(SUPERSAMPLE)


def compartment(image: Image.Image, seats: Seats, seating: Sequence[str], labels: Sequence[str]) -> None:
    """The compartment's floor and outline, each place's tourist, and each place's name in its corner when given."""
    draw = Lettered(image)
    draw.rounded_rectangle(framed(seats), radius=FRAME_PAD, fill=FLOOR, outline=INK, width=3)
    for place, colour in enumerate(seating):
        box = seats.box(place)
        image.paste(place_sprite(str(colour), seats.cell, FLOOR), box[:2])
        if place < len(labels):
            face = font(max(SMALLEST_TEXT, seats.cell // 6))
            draw.text((box[0] + 4, box[1] + 2), str(labels[place]), fill=INK, font=face)


def ticks(draw: Draw, seats: Seats, seating: Sequence[str], target: Sequence[str]) -> None:
    """A tick in the corner of every place already holding its target colour: the conductor sees what is left."""
    size = seats.cell // 5
    for place, (now, wanted) in enumerate(zip(seating, target, strict=False)):
        if now == wanted:
            _x0, y0, x1, _y1 = seats.box(place)
            check(draw, x1 - size - 6, y0 + 6, size, GOOD)


def card_pips(draw: Draw, x: int, y: int, cards: int) -> int:
    """One small card per round card won, then the count in words; returns the x after them."""
    w, h = CARD_PIP
    for i in range(cards):
        left = x + i * (w + 3)
        draw.rectangle((left, y, left + w, y + h), fill=CARD_FILL, outline=INK, width=2)
    x += cards * (w + 3) + (6 if cards else 0)
    text = cards_words(cards)
    draw.text((x, y + h // 2), text, fill=INK, font=font(SMALL_SIZE), anchor="lm")
    return x + int(font(SMALL_SIZE).getlength(text))


def out_stamp(draw: Draw, right: int, y: int, size: int) -> None:
    """A red OUT stamp ending at x = `right`, centred on y: a team that called wrong sits out the round.

    It goes by a title, never over the compartment: the seating stays in view for the next round's start."""
    face, stamp = font(size), _("OUT")
    width, half_h = int(face.getlength(stamp)) + size, size * 2 // 3
    draw.rounded_rectangle((right - width, y - half_h, right, y + half_h), radius=6, fill=PAPER, outline=BAD, width=4)
    draw.text((right - width // 2, y), stamp, fill=BAD, font=face, anchor="mm")


def wrapped(text: str, width: int, size: int, lines: int) -> list[str]:
    """`text` broken at spaces into at most `lines` lines of `width` pixels, the last one shortened if need be."""
    face = font(size)
    found: list[str] = []
    words = text.split()
    while words and len(found) < lines:
        line = words.pop(0)
        count = words_that_fit(face, line, words, width)
        found.append(" ".join([line, *words[:count]]))
        del words[:count]
    if words:
        found[-1] = fit(f"{found[-1]} {' '.join(words)}", face, width)
    return [fit(line, face, width) for line in found]


# --- words -------------------------------------------------------------------------------------


def team_name(team: int) -> str:
    """A team's display name: teams count from 1 (in the language in use)."""
    return team_words(team)


def signal_words(signal: Sequence[str] | None) -> str:
    """A signal as the table saw it: the spoken word, then the gesture."""
    if not signal:
        return _("no signal yet this round")
    word, gesture = signal
    return f"«{word}» {gesture_name(gesture)}"


def is_out(public: dict[str, Any], team: int) -> bool:
    """Whether a team sits out the round being played (once the game is over, no round is)."""
    return bool(public["teams"][team]["out"]) and not public["finished"]


def cards_words(cards: int) -> str:
    """How many round cards a team holds: "1 card", "3 cards"."""
    return ngettext("{n} card", "{n} cards", cards).format(n=cards)


def exchanges_words(made: int) -> str:
    """How many exchanges the tourist made this round."""
    return ngettext("{n} exchange", "{n} exchanges", made).format(n=made)


def winners_words(public: dict[str, Any]) -> str:
    """The end of the game: who holds the most round cards."""
    cards = [int(t["cards"]) for t in public["teams"]]
    best = max(cards)
    leaders = [team_name(t) for t, c in enumerate(cards) if c == best]
    if len(leaders) == 1:
        return _("{team} wins with {cards}").format(team=leaders[0], cards=cards_words(best))
    return _("{teams} tie with {cards}").format(
        teams=pgettext("toyko train", " and ").join(leaders), cards=cards_words(best)
    )


def last_round_words(public: dict[str, Any]) -> str:
    """The last finished round in one line, or nothing before the first ends."""
    if not public["summaries"]:
        return ""
    summary = public["summaries"][-1]
    how = _("right call") if summary["right"] else _("the others called wrong")
    return _("Round {round} went to {team} ({how}, {seconds} s)").format(
        round=summary["round"], team=team_name(int(summary["winner"])), how=how, seconds=summary["seconds"]
    )


def named(text: str, names: Sequence[str]) -> str:
    """Game text with each seat mark ("<seat:1>") written as that player's name."""
    return SEAT_MARK.sub(lambda mark: seat_name(names, int(mark[1])), text)


def round_words(public: dict[str, Any]) -> str:
    """Which round of how many."""
    return pgettext("toyko train", "round {round} of {rounds}").format(round=public["round"], rounds=public["rounds"])


def status_words(view: dict[str, Any], names: Sequence[str]) -> str:
    """The line under the title: the viewer's prompt with names written in, or the winners once it is over."""
    if view["public"]["finished"]:
        return winners_words(view["public"])
    return named(str(view["prompt"]), names)


def draw_header(
    draw: Draw, view: dict[str, Any], names: Sequence[str], title: str, alert: bool = False, status_lines: int = 1
) -> None:
    """Title, the status on up to `status_lines` lines (in red when `alert`), and the last finished round."""
    width = WIDTH - 2 * MARGIN
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), width), fill=INK, font=font(TITLE_SIZE))
    face = font(SMALL_SIZE)
    for i, line in enumerate(wrapped(status_words(view, names), width, SMALL_SIZE, status_lines)):
        draw.text((MARGIN, MARGIN + LINE_H + 8 + i * PANEL_LINE), line, fill=BAD if alert else INK, font=face)
    last = fit(last_round_words(view["public"]), face, width)
    below = MARGIN + 2 * LINE_H + 8 + (status_lines - 1) * PANEL_LINE
    draw.text((MARGIN, below), last, fill=MUTED, font=face)


# --- the private picture -----------------------------------------------------------------------


def private_title(view: dict[str, Any]) -> str:
    """Team, round and role: "Team 2 · round 3 of 7 · you conduct"."""
    public, mine = view["public"], view["private"]
    role = _("you conduct") if mine["role"] == "conductor" else _("you are the tourist")
    doing = _("game over") if public["finished"] else f"{round_words(public)} · {role}"
    return f"{team_name(int(mine['team']))} · {doing}"


def draw_own_compartment(image: Image.Image, view: dict[str, Any]) -> None:
    """The team's compartment, large, under its heading; a conductor also sees which places are already right."""
    public, mine = view["public"], view["private"]
    record = public["teams"][int(mine["team"])]
    seats = own_seats(view)
    heading = _("Your tourists") if mine["role"] == "tourist" else _("Your tourist's compartment")
    if not public["finished"]:
        heading += f" · {exchanges_words(int(record['made']))}"
    target = mine.get("target")
    if target:
        right = sum(now == wanted for now, wanted in zip(record["seating"], target, strict=False))
        heading += " · " + _("{right} of {seats} right").format(right=right, seats=len(target))
    face = font(HEAD_SIZE)
    draw = Lettered(image)
    draw.text((MARGIN, private_top(view)), fit(heading, face, WIDTH - 2 * MARGIN), fill=INK, font=face)
    compartment(image, seats, record["seating"], public["places"])
    if target:
        ticks(draw, seats, record["seating"], target)


def draw_target_card(image: Image.Image, view: dict[str, Any]) -> None:
    """The target, drawn as a card lying beside the compartment: shadow, white face, title, small compartment."""
    draw = Lettered(image)
    seats = target_seats(view)
    box = card_box(seats)
    draw.rounded_rectangle((box[0] + 6, box[1] + 6, box[2] + 6, box[3] + 6), radius=12, fill=SHADOW)
    draw.rounded_rectangle(box, radius=12, fill=PAPER, outline=INK, width=3)
    draw.text((box[0] + CARD_PAD, box[1] + CARD_PAD - 2), _("Target"), fill=INK, font=font(HEAD_SIZE))
    compartment(image, seats, view["private"]["target"], ())


def draw_signal_box(draw: Draw, view: dict[str, Any], x: int, y: int) -> None:
    """The team's last signal as everyone saw it, beside the compartment where the tourist looks while moving."""
    signal = view["public"]["teams"][int(view["private"]["team"])]["signal"]
    width = WIDTH - MARGIN - x
    draw.text((x, y), fit(_("Last signal"), font(HEAD_SIZE), width), fill=INK, font=font(HEAD_SIZE))
    if not signal:
        draw.text(
            (x, y + LINE_H), fit(_("none yet this round"), font(SMALL_SIZE), width), fill=MUTED, font=font(SMALL_SIZE)
        )
        return
    face = font(TITLE_SIZE)
    draw.text((x, y + LINE_H), fit(f"«{signal[0]}»", face, width), fill=INK, font=face)
    for i, line in enumerate(wrapped(gesture_name(str(signal[1])), width, TEXT_SIZE, 2)):
        draw.text((x, y + 2 * LINE_H + 8 + i * SIGNAL_LINE), line, fill=INK, font=font(TEXT_SIZE))


def legend_rows(mine: dict[str, Any]) -> int:
    """How many rows the team's colour words take, three to a row."""
    return -(-len(mine["dictionary"]) // LEGEND_COLUMNS)


def dictionary_height(mine: dict[str, Any]) -> int:
    """The height of the words block: heading, the colour words, the cancel word."""
    return LINE_H + 4 + legend_rows(mine) * LEGEND_ROW + 4 + LINE_H


def draw_dictionary(image: Image.Image, view: dict[str, Any], y: int) -> None:
    """The team's secret words, three colours to a row, then the cancel word.

    The word last signalled is highlighted: the tourist's eye goes straight to its colour."""
    draw = Lettered(image)
    mine = view["private"]
    signal = view["public"]["teams"][int(mine["team"])]["signal"]
    said = signal[0] if signal else None
    draw.text((MARGIN, y), _("Your team's words (secret)"), fill=INK, font=font(HEAD_SIZE))
    y += LINE_H + 4
    column_w = (WIDTH - 2 * MARGIN) // LEGEND_COLUMNS
    face, small = font(TEXT_SIZE), font(SMALL_SIZE)
    for i, colour in enumerate(c for c in COLOURS if c in mine["dictionary"]):
        x, row_y = MARGIN + (i % LEGEND_COLUMNS) * column_w, y + (i // LEGEND_COLUMNS) * LEGEND_ROW
        word = str(mine["dictionary"][colour])
        if word == said:
            box = (x - 4, row_y - 2, x + column_w - 8, row_y + LEGEND_ROW - 4)
            # Outlined as well as filled: the said word is not picked out by colour alone.
            draw.rounded_rectangle(box, radius=8, fill=HIGHLIGHT, outline=INK, width=2)
        image.paste(place_sprite(colour, LEGEND_CELL, HIGHLIGHT if word == said else BACKGROUND), (x, row_y))
        text_x = x + LEGEND_CELL + 8
        draw.text((text_x, row_y + 2), fit(word, face, column_w - LEGEND_CELL - 20), fill=INK, font=face)
        draw.text((text_x, row_y + 32), colour_name(colour), fill=MUTED, font=small)
    y += legend_rows(mine) * LEGEND_ROW + 4
    cancel = _("Cancel the last exchange: «{word}»").format(word=mine["cancel_word"])
    draw.text((MARGIN, y), fit(cancel, face, WIDTH - 2 * MARGIN), fill=INK, font=face)


def draw_standings(draw: Draw, public: dict[str, Any], names: Sequence[str], y: int, own: int) -> None:
    """Every team in a strip of tiles: its pair, its round cards, and its exchanges this round or OUT."""
    teams = public["teams"]
    gap = 12
    tile_w = (WIDTH - 2 * MARGIN - (len(teams) - 1) * gap) // len(teams)
    draw.text((MARGIN, y), _("Standings"), fill=INK, font=font(HEAD_SIZE))
    y += LINE_H + 4
    face, small = font(TEXT_SIZE), font(SMALL_SIZE)
    for t, record in enumerate(teams):
        x = MARGIN + t * (tile_w + gap)
        out = is_out(public, t)
        fill = OUT_FILL if out else (HIGHLIGHT if t == own else PANEL_FILL)
        draw.rounded_rectangle((x, y, x + tile_w, y + STRIP_H), radius=10, fill=fill, outline=MUTED, width=2)
        head = _("{team} (you)").format(team=team_name(t)) if t == own else team_name(t)
        draw.text((x + 10, y + 8), fit(head, face, tile_w - 20), fill=INK, font=face)
        # The pair on two lines, conductor first: side by side, long names were cut to a few letters each.
        for i, seat in enumerate((record["conductor"], record["tourist"])):
            draw.text(
                (x + 10, y + 38 + i * 28), fit(seat_name(names, int(seat)), small, tile_w - 20), fill=MUTED, font=small
            )
        card_pips(draw, x + 10, y + 96, int(record["cards"]))
        if out:
            draw.text((x + 10, y + 122), fit(_("OUT this round"), small, tile_w - 20), fill=BAD, font=small)
        elif not public["finished"]:
            draw.text((x + 10, y + 122), exchanges_words(int(record["made"])), fill=INK, font=small)


def render_private(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """A seat's picture: its team's compartment, the target card for a conductor, its words, and the standings."""
    public, mine = view["public"], view["private"]
    team = int(mine["team"])
    seats = own_seats(view)
    side_x = seats.x + seats.width + FRAME_PAD + GAP
    side_y = card_box(target_seats(view))[3] + GAP if mine.get("target") else private_top(view) + LINE_H
    words_y = max(framed(seats)[3], side_y + SIGNAL_H) + GAP
    strip_y = words_y + dictionary_height(mine) + GAP
    image, draw = blank(WIDTH, strip_y + LINE_H + 4 + STRIP_H + MARGIN)
    out = is_out(public, team)
    draw_header(draw, view, names, private_title(view), alert=out, status_lines=PRIVATE_STATUS_LINES)
    if out:
        out_stamp(draw, WIDTH - MARGIN, MARGIN + TITLE_SIZE // 2 + 4, TEXT_SIZE)
    draw_own_compartment(image, view)
    if mine.get("target"):
        draw_target_card(image, view)
    draw_signal_box(draw, view, side_x, side_y)
    draw_dictionary(image, view, words_y)
    draw_standings(draw, public, names, strip_y, team)
    return image


# --- the public picture ------------------------------------------------------------------------


def public_title(public: dict[str, Any]) -> str:
    """The game, the round (or its end) and the compartment."""
    when = _("game over") if public["finished"] else round_words(public)
    if public["nine"]:
        return _("Toyko Train · {when} · 9-place compartment").format(when=when)
    return _("Toyko Train · {when} · 6-place compartment").format(when=when)


def draw_panel(image: Image.Image, public: dict[str, Any], names: Sequence[str], team: int) -> None:
    """One team as everyone sees it: names, cards, compartment, exchanges made, last signal, OUT."""
    draw = Lettered(image)
    record = public["teams"][team]
    x, y = panel_origin(public, team)
    out = is_out(public, team)
    fill = OUT_FILL if out else PANEL_FILL
    draw.rounded_rectangle((x, y, x + PANEL_W, y + PANEL_H), radius=12, fill=fill, outline=MUTED, width=2)
    inner = PANEL_W - 2 * PANEL_PAD
    left, upper = x + PANEL_PAD, y + PANEL_PAD
    head = font(HEAD_SIZE)
    draw.text((left, upper), team_name(team), fill=INK, font=head)
    card_pips(draw, left + int(head.getlength(team_name(team))) + 16, upper + 4, int(record["cards"]))
    if out:
        out_stamp(draw, x + PANEL_W - PANEL_PAD, upper + 14, SMALL_SIZE + 4)
    small = font(SMALL_SIZE)
    roles = ((_("conducts: {player}"), record["conductor"]), (_("tourist: {player}"), record["tourist"]))
    for i, (role, seat) in enumerate(roles):
        line = role.format(player=seat_name(names, int(seat)))
        draw.text((left, upper + (i + 1) * LINE_H), fit(line, small, inner), fill=INK, font=small)
    seats = panel_seats(public, team)
    compartment(image, seats, record["seating"], public["places"])
    below = framed(seats)[3] + 8
    made = _("final seating") if public["finished"] else exchanges_words(int(record["made"]))
    made = _("OUT this round · {made}").format(made=made) if out else made
    draw.text((left, below), fit(made, small, inner), fill=BAD if out else INK, font=small)
    for i, line in enumerate(wrapped(signal_words(record["signal"]), inner, SMALL_SIZE, 2)):
        draw.text((left, below + (i + 1) * PANEL_LINE), line, fill=INK if record["signal"] else MUTED, font=small)


def render_public(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """Every team's compartment, two to a row, under the round's title: no target and no words but the signals."""
    public = view["public"]
    teams = len(public["teams"])
    rows = -(-teams // PANELS_PER_ROW)
    image, draw = blank(WIDTH, top(public) + rows * (PANEL_H + GAP) - GAP + MARGIN)
    draw_header(draw, view, names, public_title(public))
    for team in range(teams):
        draw_panel(image, public, names, team)
    return image


def render_toyko_train(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's own picture for its private view, every team's compartment for the public one."""
    if view.get("private") is None:
        return to_palette(render_public(view, names))
    return to_palette(render_private(view, names))


registry.register("toyko_train", render_toyko_train)
