"""How Toyko Train looks in Discord: the table message, private panels, and the standings at the end."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Update
from bot.ui import presenters
from bot.ui.messages import COLOUR, clip
from bot.ui.presenters import UNSTAMPED, Presenter, named
from bot.ui.toyko_panel import COLOUR_MARKS, conductor_panel, tourist_grid


def grid_words(seating: list[str], columns: int) -> str:
    """A compartment in text, a row a line: "1 🟥R 🟦B" (the letter says the colour without colour vision)."""
    letters = "ABC"[:columns]
    lines = ["   " + "  ".join(f" {c} " for c in letters)]
    for row in range(len(seating) // columns):
        cells = seating[row * columns : (row + 1) * columns]
        lines.append(f"{row + 1}  " + "  ".join(f"{COLOUR_MARKS[c]}{c[0].upper()}" for c in cells))
    return "\n".join(lines)


def team_members(update: Update, team: dict[str, Any]) -> str:
    """ "alice conducts, bob seats the tourists"."""
    names = presenters.names_of(update)
    return f"{names[team['conductor']]} conducts, {names[team['tourist']]} seats the tourists"


def signal_words(team: dict[str, Any]) -> str:
    """The team's last signal as the table saw it: «Sumigokochi!» swings both arms together."""
    if not team["signal"]:
        return "no signal yet"
    word, gesture = team["signal"]
    return f"«{word}!» {gesture}"


class ToykoPresenter(Presenter):
    """The table message: every team's compartment and last signal; the panels are private."""

    hand_label = "My panel"
    commands = (
        ("/toyko signal word:<word> kind:<great|small|horizontal>", "conductor: say a word with a gesture"),
        ("/toyko cancel", "conductor: undo your tourist's last exchange"),
        ("/toyko nod · /toyko shake", "conductor: approve or disapprove"),
        ("/toyko call", "conductor: «Toyko Train!» — your tourists are seated right"),
        ("/toyko swap a:<seat> b:<seat>", "tourist: exchange two tourists"),
        ("/toyko point seat:<seat>", "tourist: point at a seat"),
    )

    def stamp(self, update: Update) -> int:
        """A race: other teams move all the time, so clicks carry their round or seating number, not the board's."""
        return UNSTAMPED

    def panel(self, update: Update, view: dict[str, Any], picked: str | None) -> discord.ui.View | None:
        mine = view.get("private") or {}
        if not view.get("legal") or "team" not in mine:
            return None
        if mine.get("role") == "conductor":
            return conductor_panel(update.channel_id, view, picked)
        return tourist_grid(update.channel_id, view, picked)

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        title = f"{update.title} — round {board['round']} of {board['rounds']}"
        lines = ["Conductors: **My panel** (or `/toyko`) to signal. Tourists: **My panel** to exchange seats."]
        if update.ended:
            lines = [f"**Game over** — {update.ended}."]
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
        for number, team in enumerate(board["teams"], start=1):
            out = " — **out of this round**" if team["out"] else ""
            cards = f"{team['cards']} card{'s' if team['cards'] != 1 else ''}"
            value = (
                f"{team_members(update, team)} · {team['made']} exchanges{out}\n"
                f"Last signal: {signal_words(team)}\n```\n{grid_words(team['seating'], board['columns'])}\n```"
            )
            embed.add_field(name=f"Team {number} — {cards}", value=clip(value), inline=True)
        return embed

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        board, mine = view["public"], view.get("private") or {}
        team = board["teams"][int(mine.get("team", 0))]
        role = "you conduct" if mine.get("role") == "conductor" else "you seat the tourists"
        embed = discord.Embed(
            title=f"Team {int(mine.get('team', 0)) + 1}, {role} — {update.title}",
            colour=COLOUR,
            description=named(update, str(view.get("prompt", ""))),
        )
        if "target" in mine:
            embed.add_field(
                name="Target (only conductors see it)",
                value=f"```\n{grid_words(mine['target'], board['columns'])}\n```",
            )
        embed.add_field(name="Your tourists now", value=f"```\n{grid_words(team['seating'], board['columns'])}\n```")
        words = "\n".join(
            f"**{word}** — {COLOUR_MARKS[colour]} {colour}" for colour, word in mine.get("dictionary", {}).items()
        )
        embed.add_field(
            name="Your team's words (secret)", value=f"{words}\nCancel: **{mine.get('cancel_word', '')}**", inline=False
        )
        embed.add_field(name="Your conductor's last signal", value=signal_words(team), inline=False)
        return embed

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        if not update.ended or update.outcome is None:
            return []
        board = update.public["public"]
        names = presenters.names_of(update)
        embed = discord.Embed(title=f"{update.title} — results", colour=COLOUR, description=update.ended)
        cards = [team["cards"] for team in board["teams"]]
        for team in sorted(range(len(cards)), key=lambda t: -cards[t]):
            rank = 1 + sum(1 for other in cards if other > cards[team])  # among teams, not seats
            pair = f"{names[2 * team]} & {names[2 * team + 1]}"
            embed.add_field(
                name=f"{rank}. Team {team + 1} — {board['teams'][team]['cards']} cards", value=pair, inline=False
            )
        rounds = [
            f"Round {s['round']}: Team {s['winner'] + 1} ({'right call' if s['right'] else 'the other called wrong'}, "
            f"{s['seconds']} s) · "
            + ", ".join(f"T{t + 1} {r['made']}/{r['optimum']}" for t, r in enumerate(s["teams"]))
            for s in board["summaries"]
        ]
        embed.add_field(name="Rounds (exchanges made / fewest possible)", value=clip("\n".join(rounds)), inline=False)
        return [embed]

    def move_reply(self, update: Update) -> str:
        """The move's own log line, as the table saw it."""
        return update.lines[-1] if update.lines else "Done."


presenters.register("toyko_train", ToykoPresenter())
