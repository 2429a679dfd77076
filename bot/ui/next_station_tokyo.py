"""How Next Station Tokyo looks in Discord: the card message with Draw and Pass, sheets in words, and results."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.engine import Update
from bot.games.next_station_tokyo.data import district_words
from bot.games.next_station_tokyo.rules import EFFECT_NAMES
from bot.ui import presenters
from bot.ui.messages import COLOUR, SELECT_LIMIT, clip
from bot.ui.presenters import UNSTAMPED, BoardButton, Presenter, named

MARKS = {"blue": "🟦", "orange": "🟧", "purple": "🟪", "pink": "🩷", "green": "🟩"}
"""A mark beside every line colour (the name is always written too)."""
SYMBOL_MARKS = {"circle": "●", "square": "■", "triangle": "▲", "pentagon": "⬟", "joker": "★"}
CARD_MARKS = {"green": "🟩", "pink": "🩷"}


def colour_words(colour: str) -> str:
    """A line colour as messages write it: "🟦 blue"."""
    return f"{MARKS.get(colour, '')} {colour}".strip()


def card_words(public: dict[str, Any]) -> str:
    """The card up: "🩷 pink ▲ triangle — Express!", or what happens instead."""
    card = public.get("card")
    if not card:
        return "no card up"
    background, symbol = str(card).split()
    words = f"{CARD_MARKS[background]} **{public['card_words']}** {SYMBOL_MARKS.get(symbol, '')}".rstrip()
    if public.get("effect"):
        words += f" — effect: **{public['effect']}**"
    if public.get("switch"):
        words += " — after a **Railroad Switch**: sections may leave any station of your line"
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
    parts = [
        " · ".join(f"{colour_words(c)} {d}×{m} = {p}" for c, (d, m, p) in drawn.items()) or "No line drawn yet",
        "Interchanges: "
        + (
            ", ".join(f"{n}× {size} lines" for size, n in result["interchanges"].items())
            + f" → {result['interchange_points']}"
            if result["interchanges"]
            else "none"
        ),
        f"Outer districts with an interchange: {', '.join(map(district_words, result['bonus_districts'])) or 'none'}"
        f" → {result['bonus_points']}",
        f"Green-loop misses: {result['misses']} → {-3 * result['misses']}",
    ]
    if objectives:
        met = [goal for goal, done in zip(objectives, result["objectives"], strict=True) if done]
        parts.append(f"Objectives met: {', '.join(met) or 'none'} → {10 * len(met)}")
    return "\n".join(parts)


class TokyoPresenter(Presenter):
    """The card message: the card up, the round's progress, and each player's answer and score so far."""

    hand_label = "Draw"
    commands = (
        ("/nst draw to:<station> [from:<station>]", "draw a section of this round's line to a station"),
        ("/nst pass", "draw nothing for the card up"),
        ("/nst sheet [player]", "show a player's sheet"),
    )

    def stamp(self, update: Update) -> int:
        """Every move names the card it answers, so menus stay good while the others answer the same card."""
        return UNSTAMPED

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        board = update.public["public"]
        if board["finished"] or not board["card"]:
            return ()
        return (BoardButton("Pass", "pass", board["card_number"]),)

    def menu_moves(self, update: Update, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Sections first, Pass last; past the menu's 25, /nst draw reaches the rest."""
        moves = super().menu_moves(update, view)
        return moves if len(moves) <= SELECT_LIMIT else [*moves[: SELECT_LIMIT - 1], moves[-1]]

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        lines = [f"Card: {card_words(board)}"] if board["card"] else []
        lines.append(f"Green cards: {board['greens']} of {board['greens_to_end']} (the round ends after the fifth)")
        if board["round_effect"]:
            symbol, effect = board["round_effect"]
            lines.append(f"This round's effect: the first {symbol} card brings **{EFFECT_NAMES[effect]}**.")
        if update.ended:
            lines.append(f"**Game over** — {update.ended}.")
        elif board["waiting"]:
            waiting = ", ".join(names[s] for s in board["waiting"])
            lines.append(f"Still choosing: **{waiting}** — press **Draw** or **Pass**, or use `/nst draw`.")
        embed = discord.Embed(
            title=f"{update.title} — round {board['round']} of 4", colour=COLOUR, description="\n".join(lines)
        )
        rows = []
        for seat, name in enumerate(names):
            colour = board["colours"][seat]
            answer = board["answers"][seat] if seat < len(board["answers"]) else None
            doing = "choosing…" if seat in board["waiting"] else (answer or "—")
            total = board["results"][seat]["total"]
            rows.append(f"**{name}** — {colour_words(colour)} · {doing} · {total} points so far")
        embed.add_field(name="Players", value=clip("\n".join(rows)), inline=False)
        if board["objectives"]:
            embed.add_field(name="Objectives (+10 each)", value="\n".join(board["objectives"]), inline=False)
        if update.running:
            embed.set_footer(text="Draw: your legal sections · /nst sheet [player] · every sheet is public")
        return embed

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        board = view["public"]
        seat = int((view.get("private") or {}).get("seat", 0))
        embed = discord.Embed(
            title=f"Your sheet — {update.title}", colour=COLOUR, description=named(update, view["prompt"])
        )
        if board["card"]:
            embed.add_field(name="Card", value=card_words(board), inline=False)
        colour = board["colours"][seat]
        ends = ", ".join(board["ends"][seat])
        embed.add_field(name="This round", value=f"{colour_words(colour)} line, ends: {ends}", inline=False)
        drawn = "\n".join(f"{colour_words(c)}: {line_words(s)}" for c, s in board["sheets"][seat].items() if s)
        embed.add_field(name="Your lines", value=clip(drawn or "none yet"), inline=False)
        result = board["results"][seat]
        embed.add_field(
            name=f"Score so far: {result['total']}",
            value=clip(_breakdown(result, board["objectives"])),
            inline=False,
        )
        sections = sum(1 for move in view.get("legal", []) if '"draw"' in str(move["token"]))
        if sections >= SELECT_LIMIT:
            embed.set_footer(text=f"{sections} sections possible: the menu shows 24, /nst draw reaches them all.")
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
            return f"Drawn: {board['answers'][seat]}. **Express**: draw a second section from {end}, or pass."
        answer = board["answers"][seat] if 0 <= seat < len(board["answers"]) else None
        if answer and not events:
            return f"Your answer: {answer}."
        # Everyone has answered and the next card is up (its answers are new): the log line tells it all.
        return update.lines[-1] if update.lines else "Done — your answer is in."


presenters.register("next_station_tokyo", TokyoPresenter())
