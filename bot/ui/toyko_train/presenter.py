"""How Toyko Train looks in Discord: the table message, private panels, and the standings at the end."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Update
from bot.games.toyko_train import KINDS, colour_name, gesture_name, kind_label, team_name, words_file
from bot.i18n import _, ngettext, pgettext
from bot.ui import presenters
from bot.ui.messages import COLOUR, clip, ranked_name
from bot.ui.presenters import UNSTAMPED, Presenter, named, picture_names
from bot.ui.toyko_train import description
from bot.ui.toyko_train.panel import COLOUR_MARKS, conductor_panel, tourist_grid


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
    return _("{conductor} conducts, {tourist} seats the tourists").format(
        conductor=names[team["conductor"]], tourist=names[team["tourist"]]
    )


def signal_words(team: dict[str, Any]) -> str:
    """The team's last signal as the table saw it: «Sumigokochi!» swings both arms together."""
    if not team["signal"]:
        return _("no signal yet")
    word, gesture = team["signal"]
    return f"«{word}!» {gesture_name(gesture)}"  # the word is the team's code: never translated


def gesture_legend(scheme: str) -> str:
    """Each exchange kind with its gesture in the game's scheme, a line each: "Great vertical: blinks"."""
    gestures = words_file().schemes[scheme]
    return "\n".join(
        _("{exchange}: {gesture}").format(exchange=kind_label(kind), gesture=gesture_name(gestures[kind]))
        for kind in KINDS
    )


class ToykoPresenter(Presenter):
    """The table message: every team's compartment and last signal; the panels are private."""

    @property
    def hand_label(self) -> str:  # type: ignore[override]
        return _("My panel")

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """The commands are typed as they are; what they do is said in the language in use."""
        return (
            ("/toyko signal word:<word> kind:<great|small|horizontal>", _("conductor: say a word with a gesture")),
            ("/toyko cancel", _("conductor: undo your tourist's last exchange")),
            ("/toyko nod · /toyko shake", _("conductor: approve or disapprove")),
            ("/toyko call", _("conductor: «Toyko Train!» — your tourists are seated right")),
            ("/toyko swap a:<seat> b:<seat>", _("tourist: exchange two tourists")),
            ("/toyko point seat:<seat>", _("tourist: point at a seat")),
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
        title = _("{title} — round {round} of {rounds}").format(
            title=update.title, round=board["round"], rounds=board["rounds"]
        )
        lines = [
            _("Conductors: **{panel}** (or `/toyko`) to signal. Tourists: **{panel}** to exchange seats.").format(
                panel=self.hand_label
            )
        ]
        if update.ended:
            lines = [pgettext("toyko train", "**Game over** — {why}.").format(why=update.ended)]
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
        for number, team in enumerate(board["teams"]):
            cards = ngettext("{n} card", "{n} cards", team["cards"]).format(n=team["cards"])
            made = ngettext("{n} exchange", "{n} exchanges", team["made"]).format(n=team["made"])
            out = _(" — **out of this round**") if team["out"] else ""
            value = (
                f"{team_members(update, team)} · {made}{out}\n"
                + _("Last signal: {signal}").format(signal=signal_words(team))
                + f"\n```\n{grid_words(team['seating'], board['columns'])}\n```"
            )
            embed.add_field(
                name=pgettext("toyko train", "{team} — {cards}").format(team=team_name(number), cards=cards),
                value=clip(value),
                inline=True,
            )
        return embed

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        board, mine = view["public"], view.get("private") or {}
        team = board["teams"][int(mine.get("team", 0))]
        role = _("you conduct") if mine.get("role") == "conductor" else _("you seat the tourists")
        embed = discord.Embed(
            title=_("{team}, {role} — {title}").format(
                team=team_name(int(mine.get("team", 0))), role=role, title=update.title
            ),
            colour=COLOUR,
            description=named(update, str(view.get("prompt", ""))),
        )
        if "target" in mine:
            embed.add_field(
                name=_("Target (only conductors see it)"),
                value=f"```\n{grid_words(mine['target'], board['columns'])}\n```",
            )
        embed.add_field(name=_("Your tourists now"), value=f"```\n{grid_words(team['seating'], board['columns'])}\n```")
        words = "\n".join(
            f"**{word}** — {COLOUR_MARKS[colour]} {colour_name(colour)}"
            for colour, word in mine.get("dictionary", {}).items()
        )
        cancel = _("Cancel: **{word}**").format(word=mine.get("cancel_word", ""))
        embed.add_field(name=_("Your team's words (secret)"), value=f"{words}\n{cancel}", inline=False)
        embed.add_field(name=_("Your conductor's last signal"), value=signal_words(team), inline=False)
        embed.add_field(name=_("What the gestures mean"), value=gesture_legend(str(board["scheme"])), inline=False)
        return embed

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        if not update.ended or update.outcome is None:
            return []
        board = update.public["public"]
        embed = discord.Embed(
            title=pgettext("toyko train", "{title} — results").format(title=update.title),
            colour=COLOUR,
            description=update.ended,
        )
        cards = [team["cards"] for team in board["teams"]]
        # A team places as its better-placed partner in the engine's final ranking (resigned seats last), as ratings do.
        best = [min(update.outcome.ranks[2 * t : 2 * t + 2]) for t in range(len(cards))]
        for team in sorted(range(len(cards)), key=lambda t: (best[t], t)):
            rank = 1 + sum(1 for other in best if other < best[team])  # among teams, not seats
            pair = " & ".join(ranked_name(update.seats[s]) for s in (2 * team, 2 * team + 1))
            won = ngettext("{n} card", "{n} cards", cards[team]).format(n=cards[team])
            embed.add_field(name=f"{rank}. {team_name(team)} — {won}", value=pair, inline=False)
        rounds = [
            _("Round {round}: {team} ({how}, {seconds} s) · {records}").format(
                round=s["round"],
                team=team_name(int(s["winner"])),
                how=_("right call") if s["right"] else _("the other called wrong"),
                seconds=s["seconds"],
                records=", ".join(
                    _("T{team} {made}/{best} in {seconds} s").format(
                        team=t + 1, made=r["made"], best=r["optimum"], seconds=r.get("seconds", s["seconds"])
                    )
                    for t, r in enumerate(s["teams"])
                ),
            )
            for s in board["summaries"]
        ]
        embed.add_field(
            name=_("Rounds (exchanges made / fewest possible)"), value=clip("\n".join(rounds)), inline=False
        )
        return [embed]

    def describe_picture(self, update: Update, view: dict[str, Any]) -> str:
        """What the picture shows, in words: the board's every team (no secret), a seat's own its words and target."""
        return description.describe(view, picture_names(update))

    def move_reply(self, update: Update) -> str:
        """The move's own log line, as the table saw it."""
        return update.lines[-1] if update.lines else pgettext("toyko train", "Done.")


presenters.register("toyko_train", ToykoPresenter())
