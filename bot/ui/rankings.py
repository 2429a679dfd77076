"""How stats, leaderboards and standings are shown: an embed for a player's record, ranked-table pictures."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import discord

from bot.engine import GameStats, RatingRow
from bot.engine.computers import MARK
from bot.engine.ratings import shown
from bot.engine.tournaments import StandingsView
from bot.i18n import _, ngettext, pgettext
from bot.ui.messages import COLOUR
from bot.ui.pictures import drawn
from bot.ui.presenters import plain
from rendering.table import RankedTable, table_png

PAGE = 10
"""Leaderboard lines per page."""


def stats_embed(
    name: str, stats: Sequence[GameStats], titles: Mapping[str, str], lower_wins: set[str]
) -> discord.Embed:
    """A player's record: totals, favourite game, then a line per game."""
    embed = discord.Embed(title=_("{player} — stats").format(player=name), colour=COLOUR)
    games = sum(s.games for s in stats)
    if not games:
        embed.description = _("No finished games yet.")
        return embed
    wins = sum(s.wins for s in stats)
    favourite = titles.get(stats[0].game, stats[0].game)
    embed.description = " · ".join(
        (
            ngettext("**{n}** game", "**{n}** games", games).format(n=games),
            ngettext("**{n}** win", "**{n}** wins", wins).format(n=wins),
            _("win rate **{rate}**").format(rate=f"{wins / games:.0%}"),
            _("favourite: **{game}**").format(game=favourite),
        )
    )
    for s in stats[:25]:
        best = s.worst_score if s.game in lower_wins else s.best_score
        line = (
            ngettext("{n} game", "{n} games", s.games).format(n=s.games),
            ngettext("{n} win ({rate})", "{n} wins ({rate})", s.wins).format(n=s.wins, rate=f"{s.wins / s.games:.0%}"),
            _("mean {mean}").format(mean=f"{s.mean_score:.1f}"),
            _("best {score}").format(score=best),
        )
        embed.add_field(name=titles.get(s.game, s.game), value=" · ".join(line), inline=False)
    return embed


def leaderboard_table(
    title: str, page_rows: Sequence[RatingRow], first_place: int, total: int, mine: tuple[int, RatingRow] | None
) -> RankedTable:
    """One page of a leaderboard, with the viewer's own line added (highlighted) when it is on another page."""
    rows = [_line(first_place + i, r) for i, r in enumerate(page_rows)]
    highlight = None
    if mine is not None:
        place, rating = mine
        if first_place <= place < first_place + len(page_rows):
            highlight = place - first_place
        else:
            rows.append(_line(place, rating))
            highlight = len(rows) - 1
    pages = max(1, -(-total // PAGE))
    page = (first_place - 1) // PAGE + 1
    subtitle = " · ".join(
        (
            ngettext("{n} rated player", "{n} rated players", total).format(n=total),
            _("page {page} of {pages}").format(page=page, pages=pages),
            _("rating = μ − 3σ (openskill)"),
        )
    )
    columns = ("#", pgettext("column", "Player"), pgettext("column", "Rating"), pgettext("column", "Games"))
    return RankedTable(title, subtitle, columns, tuple(rows), highlight)


def _line(place: int, rating: RatingRow) -> tuple[str, ...]:
    # A computer (rated where the server allows it) is drawn "Tetsu · strong": the pictures' font has no robot.
    return (str(place), rating.name.removeprefix(MARK), shown(rating), str(rating.games))


async def table_file(table: RankedTable, filename: str) -> discord.File:
    """A ranked table drawn off the event loop, as an attachment."""
    png = await drawn(table_png, table)
    return discord.File(io.BytesIO(png), filename=filename, description=describe_table(table))


def describe_table(table: RankedTable) -> str:
    """A ranked table in words, for a screen reader: its title, then each row as "heading: value" pairs."""
    struck = _(" (dropped)")
    rows = []
    for n, row in enumerate(table.rows):
        pairs = zip(table.columns, row, strict=False)
        cells = (cell if heading == "#" else f"{heading} {cell}" for heading, cell in pairs)
        rows.append(", ".join(cells) + (struck if n in table.struck else ""))
    return plain(". ".join([table.title, table.subtitle, *rows]))


def standings_table(view: StandingsView) -> RankedTable:
    """A tournament's standings: place, player, points, total score, games, wins; dropped players struck out."""
    t = view.tournament
    if t.status == "running":
        status = _("round {round} of {rounds}").format(round=t.round, rounds=t.rounds)
    else:
        status = {"open": _("open for entries"), "finished": pgettext("standings", "final")}[t.status]
    rows = tuple(
        (
            str(s.place),
            view.names.get(s.user_id, str(s.user_id)),
            f"{s.points:g}",
            str(s.score),
            str(s.games),
            str(s.wins),
            str(s.byes),
        )
        for s in view.lines
    )
    struck = frozenset(i for i, s in enumerate(view.lines) if s.dropped)
    score = pgettext("column", "Score (low wins)") if view.lower_scores_win else pgettext("column", "Score")
    subtitle = " · ".join((format_name(t.format), status, _("points, then score, then head-to-head")))
    columns = (
        "#",
        pgettext("column", "Player"),
        pgettext("column", "Points"),
        score,
        pgettext("column", "Games"),
        pgettext("column", "Wins"),
        pgettext("column", "Byes"),
    )
    return RankedTable(_("{name} — standings").format(name=t.name), subtitle, columns, rows, None, struck)


def format_name(format: str) -> str:
    """A tournament format as players read it ("round robin"), in the language in use."""
    names = {
        "swiss": pgettext("tournament format", "swiss"),
        "round_robin": pgettext("tournament format", "round robin"),
    }
    return names.get(format, format.replace("_", " "))
