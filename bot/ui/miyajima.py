"""How Fast Train to Miyajima looks in Discord: the round message with its dice, sheets in words, and results."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Update
from bot.games.miyajima.data import DICE, sheet
from bot.ui import presenters
from bot.ui.messages import COLOUR, clip
from bot.ui.presenters import BoardButton, Presenter, named

MARKS = {"red": "🟥", "orange": "🟧", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}
"""A mark beside every colour name (the name is always written too)."""


def colour_words(colour: str) -> str:
    """A colour as messages write it: "🟦 blue"."""
    return f"{MARKS.get(colour, '')} {colour}".strip()


def dice_words(rolled: list[list[Any]]) -> str:
    """This round's dice: "🟦 blue 4 · 🟥 red 2"."""
    return " · ".join(f"{colour_words(str(die))} **{value}**" for die, value in rolled) or "none rolled yet"


def train_words(cars: list[int]) -> str:
    """A train's cars: "3 · 7 · 12" (running totals), or "—"."""
    return " · ".join(str(c) for c in cars) or "—"


def sheet_words(trains: dict[str, dict[str, list[int]]], reached: list[str]) -> str:
    """A sheet in words, one line per colour."""
    board = sheet()
    lines = []
    for colour in board.colours:  # sheet order (stored JSON sorts the keys)
        colour_trains = trains[colour]
        flag = " ✅ reached" if colour in reached else ""
        destination = board.colours[colour].destination
        lines.append(
            f"{colour_words(colour)} → {destination}{flag}: fast {train_words(colour_trains['fast'])} / "
            f"heavy {train_words(colour_trains['heavy'])}"
        )
    return "\n".join(lines)


def _breakdown(result: dict[str, Any]) -> str:
    """A player's final score by colour (adhered, or why not), and in solo the rank and the goals met."""
    lines = [
        f"{colour_words(c['colour'])}: fast {c['fast']} + heavy {c['heavy']}"
        + (" ✅" if c["adhered"] else f" ({c['why']})")
        for c in result["colours"]
    ]
    if "rank" in result:
        met = [goal for goal, done in zip(_GOALS, result["goals"], strict=True) if done]
        lines.append(f"Rank: **{result['rank']}** · goals met: {', '.join(met) or 'none'}")
    return "\n".join(lines)


class MiyajimaPresenter(Presenter):
    """The round message: this round's dice, who rolls or is still loading, and every player's progress."""

    hand_label = "Load"
    commands = (
        ("/miyajima roll die:<red|yellow|blue>", "the active player rolls one of this round's unrolled dice"),
        ("/miyajima load option:<option>", "load the last roll, alone or with an earlier die of this round"),
        ("/miyajima sheet [player]", "show a player's sheet"),
    )

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        board = update.public["public"]
        if board["phase"] != "roll" or board["finished"]:
            return ()
        rolled = {die for die, _ in board["rolled"]}
        return tuple(BoardButton(f"Roll {die}", "roll", die, MARKS[die]) for die in DICE if die not in rolled)

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        title = f"{update.title} — round {board['round']}"
        lines = [f"Dice: {dice_words(board['rolled'])}"]
        if update.ended:
            lines.append(f"**Game over** — {update.ended}.")
        elif board["phase"] == "roll":
            lines.append(f"**{names[board['active']]}** chooses a die to roll.")
        else:
            waiting = ", ".join(names[s] for s in board["waiting"])
            lines.append(f"Still loading: **{waiting}** — press **Load** or use `/miyajima load`.")
        if board["last_round"] and not update.ended:
            lines.append("🏁 **Last round** — the game ends when it is over.")
        reached = len(board["destinations"])
        lines.append(f"Destinations reached: {reached} (the round in which {board['to_end']} are reached is the last)")
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
        rows = []
        for seat, trains in enumerate(board["sheets"]):
            cars = sum(len(t) for colour in trains.values() for t in colour.values())
            reached_here = ", ".join(colour_words(c) for c in board["reached"][seat]) or "none"
            load = board["loads"][seat] if board["phase"] == "roll" or seat not in board["waiting"] else None
            last = f" · last: {load}" if load and board["rolled"] else ""
            rows.append(f"**{names[seat]}** — {cars} cars · reached {reached_here}{last}")
        embed.add_field(name="Players", value=clip("\n".join(rows)), inline=False)
        if update.running:
            embed.set_footer(text="Load: your options and your sheet · /miyajima sheet [player]")
        return embed

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        board = view["public"]
        seat = int((view.get("private") or {}).get("seat", 0))
        embed = discord.Embed(
            title=f"Your sheet — {update.title}", colour=COLOUR, description=named(update, view["prompt"])
        )
        embed.add_field(name="Dice this round", value=dice_words(board["rolled"]), inline=False)
        embed.add_field(
            name="Sheet", value=clip(sheet_words(board["sheets"][seat], board["reached"][seat])), inline=False
        )
        return embed

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        return presenters.ranked_results(update, _breakdown)

    def move_reply(self, update: Update) -> str:
        board = update.public["public"]
        seat = int(((update.actor_view or {}).get("private") or {}).get("seat", -1))
        loaded = board["loads"][seat] if 0 <= seat < len(board["loads"]) else None
        events = board.get("events", [])
        if board["rolled"] and board["phase"] == "load" and seat in board["waiting"]:
            die, value = board["rolled"][-1]
            others = " ".join(named(update, e) for e in events[1:])  # the first says the value, said here already
            return f"You rolled the {die} die: {value}. Now load it." + (f" {others}" if others else "")
        if loaded and seat not in board["waiting"]:
            others = " ".join(named(update, e) for e in events[1:])  # the first repeats the load
            return f"Loaded {loaded}." + (f" {others}" if others else "")
        events = " ".join(named(update, e) for e in events)
        return events or "Done — your move is in."


_GOALS = ("200 with yellow then purple best", "4 destinations & 230", "red-orange-yellow & 230",
          "green-blue-purple & 230", "beat 260")  # fmt: skip

presenters.register("miyajima", MiyajimaPresenter())
