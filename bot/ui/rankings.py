"""How stats, leaderboards and standings are shown: an embed for a player's record, ranked-table pictures."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence

import discord

from bot.engine import GameStats, RatingRow
from bot.engine.ratings import shown
from bot.engine.tournaments import StandingsView
from bot.ui.messages import COLOUR
from rendering.table import RankedTable, table_png

PAGE = 10
"""Leaderboard lines per page."""


def noun(count: int, word: str) -> str:
    """ "game" or "games", as the count needs."""
    return word if count == 1 else word + "s"


def stats_embed(
    name: str, stats: Sequence[GameStats], titles: Mapping[str, str], lower_wins: set[str]
) -> discord.Embed:
    """A player's record: totals, favourite game, then a line per game."""
    embed = discord.Embed(title=f"{name} — stats", colour=COLOUR)
    games = sum(s.games for s in stats)
    if not games:
        embed.description = "No finished games yet."
        return embed
    wins = sum(s.wins for s in stats)
    favourite = titles.get(stats[0].game, stats[0].game)
    embed.description = (
        f"**{games}** {noun(games, 'game')} · **{wins}** {noun(wins, 'win')} · win rate **{wins / games:.0%}** · "
        f"favourite: **{favourite}**"
    )
    for s in stats[:25]:
        best = s.worst_score if s.game in lower_wins else s.best_score
        embed.add_field(
            name=titles.get(s.game, s.game),
            value=f"{s.games} {noun(s.games, 'game')} · {s.wins} {noun(s.wins, 'win')} ({s.wins / s.games:.0%}) · "
            f"mean {s.mean_score:.1f} · best {best}",
            inline=False,
        )
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
    subtitle = f"{total} rated players · page {page} of {pages} · rating = μ − 3σ (openskill)"
    return RankedTable(title, subtitle, ("#", "Player", "Rating", "Games"), tuple(rows), highlight)


def _line(place: int, rating: RatingRow) -> tuple[str, ...]:
    return (str(place), rating.name, shown(rating), str(rating.games))


async def table_file(table: RankedTable, filename: str) -> discord.File:
    """A ranked table drawn off the event loop, as an attachment."""
    png = await asyncio.to_thread(table_png, table)
    return discord.File(io.BytesIO(png), filename=filename)


def standings_table(view: StandingsView) -> RankedTable:
    """A tournament's standings: place, player, points, total score, games, wins; dropped players struck out."""
    t = view.tournament
    status = {"open": "open for entries", "running": f"round {t.round} of {t.rounds}", "finished": "final"}[t.status]
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
    score = "Score (low wins)" if view.lower_scores_win else "Score"
    subtitle = f"{t.format.replace('_', ' ')} · {status} · points, then score, then head-to-head"
    columns = ("#", "Player", "Points", score, "Games", "Wins", "Byes")
    return RankedTable(f"{t.name} — standings", subtitle, columns, rows, None, struck)
