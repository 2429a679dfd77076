"""How Fast Train to Miyajima looks in Discord: the round message with its dice, sheets in words, and results."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Update
from bot.games.base import name_seats
from bot.games.miyajima import DICE, KINDS, colour_name, kind_name, rank_name, retold, sheet
from bot.i18n import N_, _, ngettext, pgettext
from bot.ui import presenters
from bot.ui.messages import COLOUR, clip
from bot.ui.presenters import UNSTAMPED, BoardButton, Presenter, named, picture_names
from rendering.canvas import ordinal, seat_name

MARKS = {"red": "🟥", "orange": "🟧", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}
"""A mark beside every colour name (the name is always written too)."""


def colour_words(colour: str) -> str:
    """A colour as messages write it: "🟦 blue" (in the language in use)."""
    return f"{MARKS.get(colour, '')} {colour_name(colour)}".strip()


def dice_words(rolled: list[list[Any]]) -> str:
    """This round's dice: "🟦 blue 4 · 🟥 red 2"."""
    return " · ".join(f"{colour_words(str(die))} **{value}**" for die, value in rolled) or _("none rolled yet")


def train_words(cars: list[int]) -> str:
    """A train's cars: "3 · 7 · 12" (running totals), or "—"."""
    return " · ".join(str(c) for c in cars) or "—"


def sheet_words(trains: dict[str, dict[str, list[int]]], reached: list[str]) -> str:
    """A sheet in words, one line per colour."""
    board = sheet()
    lines = []
    for colour in board.colours:  # sheet order (stored JSON sorts the keys)
        colour_trains = trains[colour]
        destination = board.colours[colour].destination
        line = _("{colour} → {destination}: fast {fast} / heavy {heavy}")
        if colour in reached:
            line = _("{colour} → {destination} ✅ reached: fast {fast} / heavy {heavy}")
        lines.append(
            line.format(
                colour=colour_words(colour),
                destination=destination,
                fast=train_words(colour_trains["fast"]),
                heavy=train_words(colour_trains["heavy"]),
            )
        )
    return "\n".join(lines)


def _breakdown(result: dict[str, Any]) -> str:
    """A player's final score by colour (adhered, or why not), and in solo the rank and the goals met."""
    lines = [
        _("{colour}: fast {fast} + heavy {heavy}").format(
            colour=colour_words(c["colour"]), fast=c["fast"], heavy=c["heavy"]
        )
        + (" ✅" if c["adhered"] else f" ({_(c['why'])})")
        for c in result["colours"]
    ]
    if "rank" in result:
        met = [_(goal) for goal, done in zip(_GOALS, result["goals"], strict=True) if done]
        lines.append(
            _("Rank: **{rank}** · goals met: {goals}").format(
                rank=rank_name(result["rank"]), goals=", ".join(met) or pgettext("miyajima goals", "none")
            )
        )
    return "\n".join(lines)


def rolled_words(rolled: list[list[Any]]) -> str:
    """The round's dice as the picture shows them: "Dice: red 4, blue 6, yellow not rolled yet"."""
    done = {str(die): value for die, value in rolled}
    dice = [f"{colour_name(str(die))} {value}" for die, value in rolled]
    dice += [_("{die} not rolled yet").format(die=colour_name(die)) for die in DICE if die not in done]
    return _("Dice: {dice}.").format(dice=", ".join(dice))


def table_status(board: dict[str, Any], names: list[str]) -> str:
    """Who is to act, as the overview picture says it."""
    if board["finished"]:
        return pgettext("miyajima", "The game is over.")
    if board["phase"] == "roll":
        return _("{player} chooses a die to roll.").format(player=seat_name(names, board["active"]))
    waiting = ", ".join(seat_name(names, s) for s in board["waiting"])
    return _("Still loading: {players}.").format(players=waiting)


def labelled(what: str, items: str) -> str:
    """ "what: items", spaced as the language in use writes a colon."""
    return pgettext("label and what it says", "{what}: {items}").format(what=what, items=items)


def destinations_words(board: dict[str, Any]) -> str:
    """How many destinations are reached, which, and how many end the game; the last round said."""
    reached = [sheet().colours[c].destination for c in board["destinations"]]
    line = _("Destinations reached: {reached} ({to_end} end the game)").format(
        reached=len(reached), to_end=board["to_end"]
    )
    line = labelled(line, ", ".join(reached)) + "." if reached else line + "."
    if board["last_round"] and not board["finished"]:
        line += " " + _("This is the last round.")
    return line


def player_words(board: dict[str, Any], names: list[str], seat: int) -> str:
    """One player on the overview: their final total and place once over, else their cars; the colours reached."""
    colours = ", ".join(colour_name(c) for c in board["reached"][seat])
    reached = _("reached {colours}").format(colours=colours) if colours else _("no destination reached")
    if board["finished"] and board["results"]:
        totals = [int(r["total"]) for r in board["results"]]
        total = totals[seat]
        progress = ngettext("{total} point, {place}", "{total} points, {place}", total).format(
            total=total, place=ordinal(1 + sum(t > total for t in totals))
        )
    else:
        cars = sum(len(train) for colour in board["sheets"][seat].values() for train in colour.values())
        progress = ngettext("{n} car", "{n} cars", cars).format(n=cars)
    return labelled(seat_name(names, seat), f"{progress}, {reached}")


def overview_picture_words(update: Update, board: dict[str, Any]) -> str:
    """The overview picture in words: round, dice, who acts, destinations, and each player's progress or total."""
    names = picture_names(update)
    parts = [
        _("{title}, round {round}.").format(title=update.title, round=board["round"]),
        rolled_words(board["rolled"]),
        table_status(board, names),
        destinations_words(board),
        "; ".join(player_words(board, names, seat) for seat in range(len(board["sheets"]))) + ".",
    ]
    return " ".join(parts)


def train_total(cars: list[int]) -> str:
    """A train as the sheet shows it: its cars and running total, or empty."""
    if not cars:
        return pgettext("miyajima train", "empty")
    return ngettext("{n} car, total {total}", "{n} cars, total {total}", len(cars)).format(n=len(cars), total=cars[-1])


def sheet_picture_words(update: Update, view: dict[str, Any]) -> str:
    """A seat's sheet picture in words: round, dice, the prompt, each colour's trains and destination, the score."""
    board, names = view["public"], picture_names(update)
    seat = int(view["private"]["seat"])
    parts = [
        _("{title}, round {round}: {player}'s sheet.").format(
            title=update.title, round=board["round"], player=seat_name(names, seat)
        ),
        rolled_words(board["rolled"]),
        name_seats(str(view["prompt"]), names),
    ]
    colours = []
    for colour, trains in sheet().colours.items():
        kinds = ", ".join(f"{kind_name(kind)} {train_total(board['sheets'][seat][colour][kind])}" for kind in KINDS)
        line = _("{colour} to {destination}: {trains}").format(
            colour=colour_name(colour), destination=trains.destination, trains=kinds
        )
        if colour in board["reached"][seat]:
            line += " " + _("(reached)")
        colours.append(line)
    said = "; ".join(colours)
    parts.append(said[:1].upper() + said[1:] + ".")
    if board["results"]:
        result = board["results"][seat]
        parts.append(pgettext("miyajima", "Final score: {total}").format(total=result["total"]) + ".")
        if "rank" in result:
            parts.append(_("Solo rank: {rank}").format(rank=rank_name(result["rank"])) + ".")
    return " ".join(parts)


class MiyajimaPresenter(Presenter):
    """The round message: this round's dice, who rolls or is still loading, and every player's progress."""

    @property
    def hand_label(self) -> str:  # type: ignore[override]
        return _("Load")

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """The commands are typed as they are; what they do is said in the language in use."""
        return (
            ("/miyajima roll die:<red|yellow|blue>", _("the active player rolls one of this round's unrolled dice")),
            ("/miyajima load option:<option>", _("load the last roll, alone or with an earlier die of this round")),
            ("/miyajima sheet [player]", pgettext("miyajima", "show a player's sheet")),
        )

    def stamp(self, update: Update) -> int:
        """While a roll is loaded every load names it, so menus stay good while others load; rolls carry the board."""
        return UNSTAMPED if update.public["public"]["phase"] == "load" else update.version

    button_verbs = frozenset({"roll"})

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        board = update.public["public"]
        if board["phase"] != "roll" or board["finished"]:
            return ()
        rolled = {die for die, _value in board["rolled"]}
        return tuple(
            BoardButton(_("Roll {die}").format(die=colour_name(die)), "roll", die, MARKS[die])
            for die in DICE
            if die not in rolled
        )

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        title = _("{title} — round {round}").format(title=update.title, round=board["round"])
        lines = [_("Dice: {dice}").format(dice=dice_words(board["rolled"]))]
        if update.ended:
            lines.append(pgettext("miyajima", "**Game over** — {why}.").format(why=update.ended))
        elif board["phase"] == "roll":
            lines.append(_("**{player}** chooses a die to roll.").format(player=names[board["active"]]))
        else:
            waiting = ", ".join(names[s] for s in board["waiting"])
            lines.append(
                _("Still loading: **{players}** — press **{load}** or use `/miyajima load`.").format(
                    players=waiting, load=self.hand_label
                )
            )
        if board["last_round"] and not update.ended:
            lines.append(_("🏁 **Last round** — the game ends when it is over."))
        lines.append(
            _("Destinations reached: {reached} (the round in which {to_end} are reached is the last)").format(
                reached=len(board["destinations"]), to_end=board["to_end"]
            )
        )
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
        rows = []
        for seat, trains in enumerate(board["sheets"]):
            cars = sum(len(t) for colour in trains.values() for t in colour.values())
            reached_here = ", ".join(colour_words(c) for c in board["reached"][seat]) or pgettext(
                "miyajima destinations", "none"
            )
            load = board["loads"][seat] if board["phase"] == "roll" or seat not in board["waiting"] else None
            row = ngettext(
                "**{player}** — {n} car · reached {reached}", "**{player}** — {n} cars · reached {reached}", cars
            ).format(player=names[seat], n=cars, reached=reached_here)
            if load and board["rolled"]:
                row += _(" · last: {load}").format(load=retold(load))
            rows.append(row)
        embed.add_field(name=pgettext("miyajima", "Players"), value=clip("\n".join(rows)), inline=False)
        if update.running:
            embed.set_footer(
                text=_("{load}: your options and your sheet · /miyajima sheet [player]").format(load=self.hand_label)
            )
        return embed

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        return self.sheet_embed(update, view, None)

    def sheet_embed(self, update: Update, view: dict[str, Any], owner: str | None) -> discord.Embed:
        """A seat's sheet: the viewer's own with their prompt, or another's with the table's; its score once over."""
        board = view["public"]
        seat = int((view.get("private") or {}).get("seat", 0))
        if owner is None:
            title, prompt = pgettext("miyajima", "Your sheet — {title}").format(title=update.title), view["prompt"]
        else:
            title = _("{player}'s sheet — {title}").format(player=owner, title=update.title)
            prompt = update.public["prompt"]
        embed = discord.Embed(title=title, colour=COLOUR, description=named(update, prompt))
        embed.add_field(name=_("Dice this round"), value=dice_words(board["rolled"]), inline=False)
        embed.add_field(
            name=_("Sheet"), value=clip(sheet_words(board["sheets"][seat], board["reached"][seat])), inline=False
        )
        if board["results"]:
            result = board["results"][seat]
            name = pgettext("miyajima", "Final score: {total}").format(total=result["total"])
            embed.add_field(name=name, value=clip(_breakdown(result)), inline=False)
        return embed

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        return presenters.ranked_results(update, _breakdown)

    def describe_picture(self, update: Update, view: dict[str, Any]) -> str:
        """The overview picture from the public view; a seat's sheet picture (sheets are public in this game)."""
        if view is update.public or view.get("private") is None:
            return overview_picture_words(update, view["public"])
        return sheet_picture_words(update, view)

    def move_reply(self, update: Update) -> str:
        board = update.public["public"]
        seat = int(((update.actor_view or {}).get("private") or {}).get("seat", -1))
        loaded = board["loads"][seat] if 0 <= seat < len(board["loads"]) else None
        events = [retold(e) for e in board.get("events", [])]
        if board["rolled"] and board["phase"] == "load" and seat in board["waiting"]:
            die, value = board["rolled"][-1]
            others = " ".join(named(update, e) for e in events[1:])  # the first says the value, said here already
            said = _("You rolled the {die} die: {value}. Now load it.").format(die=colour_name(die), value=value)
            return said + (f" {others}" if others else "")
        if loaded and seat not in board["waiting"]:
            others = " ".join(named(update, e) for e in events[1:])  # the first repeats the load
            return _("Loaded {load}.").format(load=retold(loaded)) + (f" {others}" if others else "")
        return " ".join(named(update, e) for e in events) or super().move_reply(update)


_GOALS = (N_("200 with yellow then purple best"), N_("4 destinations & 230"), N_("red-orange-yellow & 230"),
          N_("green-blue-purple & 230"), N_("beat 260"))  # fmt: skip
"""The solo goals in short (marked English): said with `_()`."""

presenters.register("miyajima", MiyajimaPresenter())
