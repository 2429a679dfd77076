"""Skill ratings with openskill's Plackett–Luce model: many players, shared places, and teams."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from bot.games.base import Game
from bot.storage import RatingRow, ResultRow

MODEL = PlackettLuce()


def rate_game(
    guild_id: int,
    game: str,
    teams: Sequence[Sequence[tuple[int, str]]],
    ranks: Sequence[int],
    before: Mapping[int, RatingRow],
) -> list[RatingRow]:
    """New ratings after one game: `teams` of (user id, name) with each team's rank (1 = best, ties share).

    A user seen for the first time starts from the model's default rating.
    """
    rated = [
        [
            MODEL.rating(mu=before[uid].mu, sigma=before[uid].sigma, name=str(uid))
            if uid in before
            else MODEL.rating(name=str(uid))
            for uid, _ in team
        ]
        for team in teams
    ]
    after = MODEL.rate(rated, ranks=list(ranks))
    rows = []
    for team, new_team in zip(teams, after, strict=True):
        for (uid, name), rating in zip(team, new_team, strict=True):
            played = before[uid].games if uid in before else 0
            rows.append(RatingRow(guild_id, game, uid, name, rating.mu, rating.sigma, rating.ordinal(), played + 1))
    return rows


def shown(rating: RatingRow) -> str:
    """A rating as players read it: the cautious estimate (μ − 3σ), one decimal."""
    return f"{rating.ordinal:.1f}"


def seat_teams(game: Game, seats: int) -> list[list[int]]:
    """The seats grouped by team: the game's own `teams(seats)` (Toyko Train's pairs), else one seat a team."""
    teams = getattr(game, "teams", None)
    if callable(teams):
        return [list(team) for team in teams(seats)]
    return [[seat] for seat in range(seats)]


def rate_results(
    game: Game, guild_id: int, results: Sequence[ResultRow], names: Mapping[int, str], before: Mapping[int, RatingRow]
) -> list[RatingRow]:
    """New ratings from a finished game's results (each team ranked by its best-placed seat); none if unrateable."""
    by_seat = {r.seat: r for r in results}
    teams = seat_teams(game, len(results))
    users = [[(by_seat[s].user_id, names[by_seat[s].user_id]) for s in team] for team in teams]
    ranks = [min(by_seat[s].rank for s in team) for team in teams]
    everyone = [uid for team in users for uid, _ in team]
    if len(teams) < 2 or len(set(everyone)) < len(everyone):
        return []  # one side only, or one user holding several seats: there is no contest to learn from
    return rate_game(guild_id, game.name, users, ranks, before)
