"""How Next Station Tokyo looks in Discord: the card message with Draw and Pass, sheets in words, and results."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.engine import Update
from bot.games.next_station_tokyo import (
    answer_words,
    card_name,
    colour_name,
    district_name,
    effect_name,
    symbol_name,
)
from bot.i18n import _, ngettext, pgettext
from bot.ui import presenters
from bot.ui.messages import COLOUR, SELECT_LIMIT, clip
from bot.ui.presenters import UNSTAMPED, BoardButton, Presenter, named, picture_names
from rendering.canvas import ordinal, seat_name

MARKS = {"blue": "🟦", "orange": "🟧", "purple": "🟪", "pink": "🩷", "green": "🟩"}
"""A mark beside every line colour (the name is always written too)."""
SYMBOL_MARKS = {"circle": "●", "square": "■", "triangle": "▲", "pentagon": "⬟", "joker": "★"}
CARD_MARKS = {"green": "🟩", "pink": "🩷"}


def colour_words(colour: str) -> str:
    """A line colour as messages write it: "🟦 blue" (in the language in use)."""
    return f"{MARKS.get(colour, '')} {colour_name(colour)}".strip()


def card_words(public: dict[str, Any]) -> str:
    """The card up: "🩷 pink ▲ triangle — Express!", or what happens instead."""
    card = public.get("card")
    if not card:
        return _("no card up")
    background, symbol = str(card).split()
    words = f"{CARD_MARKS[background]} **{card_name(str(card))}** {SYMBOL_MARKS.get(symbol, '')}".rstrip()
    if public.get("effect"):
        words += _(" — effect: **{effect}**").format(effect=effect_name(str(public["effect"])))
    if public.get("switch"):
        words += _(" — after a **{switch}**: sections may leave any station of your line").format(
            switch=effect_name("switch")
        )
    return words


def line_words(sections: list[list[str]]) -> str:
    """A line as the stations it runs through: "D3–E4–F4", then any branch: "D3–E4–F4, E4–E5"."""
    left = [tuple(section) for section in sections]
    runs = []
    while left:
        degree = Counter(station for section in left for station in section)
        run = [next((s for section in left for s in section if degree[s] == 1), left[0][0])]
        while step := next((section for section in left if run[-1] in section), None):
            left.remove(step)
            run.append(step[1] if step[0] == run[-1] else step[0])
        runs.append("–".join(run))
    return ", ".join(runs) or "—"


def _breakdown(result: dict[str, Any], objectives: list[str]) -> str:
    """A player's score part by part: lines, interchanges, outer districts, green misses, objectives."""
    drawn = {c: score for c, score in result["lines"].items() if score[0]}
    interchanges = (
        ", ".join(_("{n}× {size} lines").format(n=n, size=size) for size, n in result["interchanges"].items())
        + f" → {result['interchange_points']}"
        if result["interchanges"]
        else pgettext("nst interchanges", "none")
    )
    districts = ", ".join(map(district_name, result["bonus_districts"])) or pgettext("nst districts", "none")
    parts = [
        " · ".join(f"{colour_words(c)} {d}×{m} = {p}" for c, (d, m, p) in drawn.items()) or _("No line drawn yet"),
        _("Interchanges: {interchanges}").format(interchanges=interchanges),
        _("Outer districts with an interchange: {districts} → {points}").format(
            districts=districts, points=result["bonus_points"]
        ),
        _("Green-loop misses: {misses} → {points}").format(misses=result["misses"], points=-3 * result["misses"]),
    ]
    if objectives:
        met = [_(goal) for goal, done in zip(objectives, result["objectives"], strict=True) if done]
        parts.append(
            _("Objectives met: {objectives} → {points}").format(
                objectives=", ".join(met) or pgettext("nst objectives", "none"), points=10 * len(met)
            )
        )
    return "\n".join(parts)


def card_said(board: dict[str, Any]) -> str:
    """The card up and the round's green cards, for a screen reader: "Card: pink pentagon, effect Express"."""
    if board["card"]:
        words = _("Card up: {card}").format(card=card_name(str(board["card"])))
        if board.get("effect"):
            words += _(", effect {effect}").format(effect=effect_name(str(board["effect"])))
        if board.get("switch"):
            words += _(", after a switch: sections may leave any station of your line")
    else:
        words = _("No card up yet: the next one is turned over when everyone is ready")
    return words + _("; green cards {greens} of {total}.").format(greens=board["greens"], total=board["greens_to_end"])


def places(board: dict[str, Any]) -> list[int]:
    """Each seat's place by its total (1 = first; ties share a place), as the pictures show it."""
    totals = [int(r["total"]) for r in board["results"]]
    return [1 + sum(t > mine for t in totals) for mine in totals]


def seat_doing(board: dict[str, Any], seat: int) -> str:
    """What a seat is at this round, as the board says it: still choosing, its answer, or a dash."""
    answer = board["answers"][seat] if seat < len(board["answers"]) else None
    return _("choosing…") if seat in board["waiting"] else (answer_words(answer) if answer else "—")


def overview_said(update: Update, board: dict[str, Any]) -> str:
    """The board's picture in words: the round, the card, who must still play, and every player's score."""
    names = picture_names(update)
    seats = range(len(board["sheets"]))
    if board["finished"]:
        parts = [_("{title}, final sheets.").format(title=update.title)]
        for seat, place in sorted(zip(seats, places(board), strict=True), key=lambda sp: sp[1]):
            total = board["results"][seat]["total"]
            said = ngettext("{place}: {player}, {n} point.", "{place}: {player}, {n} points.", abs(total))
            parts.append(said.format(place=ordinal(place), player=seat_name(names, seat), n=total))
        return " ".join(parts)
    parts = [_("{title}, round {round} of 4.").format(title=update.title, round=board["round"]), card_said(board)]
    if board["waiting"]:
        waiting = ", ".join(seat_name(names, s) for s in board["waiting"])
        parts.append(_("Still to draw or pass: {players}.").format(players=waiting))
    for seat in seats:
        doing, total = seat_doing(board, seat), board["results"][seat]["total"]
        parts.append(
            ngettext(
                "{player}: {colour} line, {doing}, {n} point so far.",
                "{player}: {colour} line, {doing}, {n} points so far.",
                abs(total),  # a score may be negative: -3 is "points" too
            ).format(player=seat_name(names, seat), colour=colour_name(board["colours"][seat]), doing=doing, n=total)
        )
    return " ".join(parts)


def sheet_said(update: Update, board: dict[str, Any], seat: int) -> str:
    """A seat's sheet in words: its round and line, the card, each line's stations and points, and its total."""
    player = seat_name(picture_names(update), seat)
    result = board["results"][seat]
    if board["finished"]:
        parts = [_("{player}'s final sheet, {title}.").format(player=player, title=update.title)]
    else:
        parts = [
            _("{player}'s sheet, {title}, round {round} of 4: draws the {colour} line from {ends}.").format(
                player=player,
                title=update.title,
                round=board["round"],
                colour=colour_name(board["colours"][seat]),
                ends=", ".join(board["ends"][seat]),
            ),
            card_said(board),
        ]
    for colour, sections in board["sheets"][seat].items():
        if sections:
            districts, most, points = result["lines"][colour]
            parts.append(
                _("The {colour} line runs {stations}: {districts} districts x {most} = {points}.").format(
                    colour=colour_name(colour),
                    stations=line_words(sections),
                    districts=districts,
                    most=most,
                    points=points,
                )
            )
    if not any(board["sheets"][seat].values()):
        parts.append(_("No line drawn yet") + ".")
    total = _("Total: {total}") if board["finished"] else _("Total so far: {total}")
    lines = sum(int(points) for _districts, _most, points in result["lines"].values())
    parts.append(
        total.format(total=result["total"])
        + _(
            " (lines {lines:+d}, interchanges {interchanges:+d}, outer districts {districts:+d},"
            " green-loop misses {misses:+d}, objectives {objectives:+d})."
        ).format(
            lines=lines,
            interchanges=result["interchange_points"],
            districts=result["bonus_points"],
            misses=-3 * result["misses"],
            objectives=10 * sum(map(bool, result["objectives"])),
        )
    )
    return " ".join(parts)


class TokyoPresenter(Presenter):
    """The card message: the card up, the round's progress, and each player's answer and score so far."""

    @property
    def hand_label(self) -> str:  # type: ignore[override]
        return pgettext("next station tokyo", "Draw")

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """The commands are typed as they are; what they do is said in the language in use."""
        return (
            ("/nst draw to:<station> [from:<station>]", _("draw a section of this round's line to a station")),
            ("/nst pass", _("draw nothing for the card up")),
            ("/nst sheet [player]", pgettext("next station tokyo", "show a player's sheet")),
        )

    button_verbs = frozenset({"pass"})

    def stamp(self, update: Update) -> int:
        """Every move names the card it answers, so menus stay good while the others answer the same card."""
        return UNSTAMPED

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        board = update.public["public"]
        if board["finished"] or not board["card"]:
            return ()
        return (BoardButton(_("Pass"), "pass", board["card_number"]),)

    def menu_moves(self, update: Update, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Sections first, Pass last; past the menu's 25, /nst draw reaches the rest."""
        moves = super().menu_moves(update, view)
        return moves if len(moves) <= SELECT_LIMIT else [*moves[: SELECT_LIMIT - 1], moves[-1]]

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        lines = [_("Card: {card}").format(card=card_words(board))] if board["card"] else []
        lines.append(
            _("Green cards: {greens} of {total} (the round ends after the fifth)").format(
                greens=board["greens"], total=board["greens_to_end"]
            )
        )
        if board["round_effect"]:
            symbol, effect = board["round_effect"]
            lines.append(
                _("This round's effect: the first {symbol} card brings **{effect}**.").format(
                    symbol=symbol_name(symbol), effect=effect_name(effect)
                )
            )
        if update.ended:
            lines.append(pgettext("next station tokyo", "**Game over** — {why}.").format(why=update.ended))
        elif board["waiting"]:
            waiting = ", ".join(names[s] for s in board["waiting"])
            lines.append(
                _("Still choosing: **{players}** — press **{draw}** or **{pass_}**, or use `/nst draw`.").format(
                    players=waiting, draw=self.hand_label, pass_=_("Pass")
                )
            )
        embed = discord.Embed(
            title=_("{title} — round {round} of 4").format(title=update.title, round=board["round"]),
            colour=COLOUR,
            description="\n".join(lines),
        )
        rows = []
        for seat, name in enumerate(names):
            colour = board["colours"][seat]
            doing, total = seat_doing(board, seat), board["results"][seat]["total"]
            rows.append(
                ngettext(
                    "**{player}** — {colour} · {doing} · {n} point so far",
                    "**{player}** — {colour} · {doing} · {n} points so far",
                    total,
                ).format(player=name, colour=colour_words(colour), doing=doing, n=total)
            )
        embed.add_field(name=pgettext("next station tokyo", "Players"), value=clip("\n".join(rows)), inline=False)
        if board["objectives"]:
            objectives = "\n".join(_(objective) for objective in board["objectives"])
            embed.add_field(name=_("Objectives (+10 each)"), value=objectives, inline=False)
        if update.running:
            embed.set_footer(
                text=_("{draw}: your legal sections · /nst sheet [player] · every sheet is public").format(
                    draw=self.hand_label
                )
            )
        return embed

    def describe_picture(self, update: Update, view: dict[str, Any]) -> str:
        """Every sheet in small for the board's picture (a solo game's is its sheet); a seat's own sheet for its own."""
        board = view["public"]
        if view is not update.public and view.get("private"):
            return sheet_said(update, board, int(view["private"]["seat"]))
        return sheet_said(update, board, 0) if len(board["sheets"]) == 1 else overview_said(update, board)

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        return self.sheet_embed(update, view, None)

    def sheet_embed(self, update: Update, view: dict[str, Any], owner: str | None) -> discord.Embed:
        """A seat's sheet: the viewer's own with their prompt, or another's with the table's; final score once over."""
        board = view["public"]
        seat = int((view.get("private") or {}).get("seat", 0))
        if owner is None:
            title = pgettext("next station tokyo", "Your sheet — {title}").format(title=update.title)
            prompt, lines = view["prompt"], _("Your lines")
        else:
            title = _("{player}'s sheet — {title}").format(player=owner, title=update.title)
            prompt, lines = update.public["prompt"], _("{player}'s lines").format(player=owner)
        embed = discord.Embed(title=title, colour=COLOUR, description=named(update, prompt))
        if board["card"]:
            embed.add_field(name=_("Card"), value=card_words(board), inline=False)
        colour = board["colours"][seat]
        ends = ", ".join(board["ends"][seat])
        embed.add_field(
            name=_("This round"),
            value=_("{colour} line, ends: {ends}").format(colour=colour_words(colour), ends=ends),
            inline=False,
        )
        drawn = "\n".join(f"{colour_words(c)}: {line_words(s)}" for c, s in board["sheets"][seat].items() if s)
        embed.add_field(name=lines, value=clip(drawn or pgettext("next station tokyo", "none yet")), inline=False)
        result = board["results"][seat]
        score = _("Score so far: {total}") if update.running else pgettext("next station tokyo", "Final score: {total}")
        embed.add_field(
            name=score.format(total=result["total"]),
            value=clip(_breakdown(result, board["objectives"])),
            inline=False,
        )
        sections = sum(1 for move in view.get("legal", []) if '"draw"' in str(move["token"]))
        if sections >= SELECT_LIMIT and owner is None:
            embed.set_footer(
                text=_("{n} sections possible: the menu shows 24, /nst draw reaches them all.").format(n=sections)
            )
        return embed

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        objectives = list(update.public["public"]["objectives"])
        return presenters.ranked_results(update, lambda result: _breakdown(result, objectives))

    def move_reply(self, update: Update) -> str:
        board = update.public["public"]
        seat = int(((update.actor_view or {}).get("private") or {}).get("seat", -1))
        events = board.get("events", [])
        if 0 <= seat < len(board["express"]) and board["express"][seat]:
            end = board["express"][seat]
            return _("Drawn: {answer}. **{express}**: draw a second section from {station}, or pass.").format(
                answer=answer_words(board["answers"][seat]), express=effect_name("express"), station=end
            )
        answer = board["answers"][seat] if 0 <= seat < len(board["answers"]) else None
        if answer and not events:
            return _("Your answer: {answer}.").format(answer=answer_words(answer))
        # Everyone has answered and the next card is up (its answers are new): the log line tells it all.
        return update.lines[-1] if update.lines else _("Done — your answer is in.")


presenters.register("next_station_tokyo", TokyoPresenter())
