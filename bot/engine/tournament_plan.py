"""Tournament arithmetic without storage: settings, defaults, each round's seating, tables closed early."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.pairing import round_robin_round, round_robin_rounds, swiss_round, table_sizes
from bot.engine.standings import Standing, TableResult, standings, table_points
from bot.engine.timers import GameTimers
from bot.engine.turns import resigned_last
from bot.games.base import Game, IllegalAction, seat_counts
from bot.i18n import _
from bot.storage.tournaments import SeatResult, TableRow

FORMATS = ("swiss", "round_robin")
UNFINISHED = ("score", "forfeit")
"""How `/tournament advance` scores a table still playing: as it stands, or everyone last with 0."""
MAX_POINTS = 1000
"""The most tournament points one place may be worth: enough for any scheme, small enough to add up exactly."""
MAX_PLACES = 8
"""Points name at most this many places: the largest table."""
WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """What a moderator asks for in `/tournament create` (rounds 0 = decided at the start)."""

    name: str
    game: str
    format: str
    rounds: int
    table_size: int | None
    options: dict[str, Any]
    points: tuple[int, ...] | None
    unfinished: str
    timers: GameTimers


def usable_sizes(game: Game) -> list[int]:
    """The table sizes a tournament of this game may use: its seat counts of two or more."""
    return [size for size in seat_counts(game) if size >= 2]


def default_table_size(game: Game) -> int:
    """Four where the game allows it (the usual table), else the largest size below four, else the smallest."""
    sizes = usable_sizes(game)
    if not sizes:
        raise IllegalAction(
            _("{game} is not played against others, so it can't run as a tournament.").format(game=game.title)
        )
    below = [size for size in sizes if size <= 4]
    return max(below) if below else min(sizes)


def default_rounds(format: str, players: int, table_size: int) -> int:
    """Round robin: until everyone has met; Swiss: about log(players) rounds, base the table size."""
    if format == "round_robin":
        return max(1, round_robin_rounds(players, table_size))
    if players <= table_size:
        return 2 if table_size > 2 else 1
    extra = 0 if table_size == 2 else 1  # a bigger table ranks more people per game but says less about each pair
    return max(1, math.ceil(math.log(players, table_size)) + extra)


def parse_points(text: str | None) -> tuple[int, ...] | None:
    """ "3,1,0" → points for 1st, 2nd, 3rd… (None keeps the default, N − rank)."""
    if text is None or not text.strip():
        return None
    words = [word for word in text.replace(" ", ",").split(",") if word]
    for word in words:
        if not WHOLE_NUMBER.fullmatch(word):
            raise IllegalAction(_points_refusal(word))
    points = tuple(int(word) for word in words)
    check_points(points)
    return points


def check_points(points: Sequence[int]) -> None:
    """Tournament points are whole numbers from 0 to MAX_POINTS, one per place of the largest table at most."""
    if not points or len(points) > MAX_PLACES:
        raise IllegalAction(
            _("Give points for 1st, 2nd, 3rd… — {places} places at most, like `3,1,0`.").format(places=MAX_PLACES)
        )
    for value in points:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
            raise IllegalAction(_points_refusal(str(value)))


def _points_refusal(word: str) -> str:
    """Why a place's points are refused (the typed word is clipped: it may be anything)."""
    shown = word if len(word) <= 12 else word[:11] + "…"
    return _("Points are whole numbers from 0 to {most}, like `3,1,0`; `{word}` is not one.").format(
        most=MAX_POINTS, word=shown.replace("`", "'")
    )


def bye_points(scheme: Sequence[float] | None, table_size: int) -> float:
    """A bye is worth an average finish at a full table: sitting out neither helps nor hurts much."""
    return sum(table_points(rank, table_size, scheme) for rank in range(1, table_size + 1)) / table_size


def table_results(rows: Sequence[SeatResult]) -> list[TableResult]:
    """Seat results grouped into one result per table."""
    ranks: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    scores: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for row in rows:
        ranks[row.round, row.table_no][row.user_id] = row.rank
        scores[row.round, row.table_no][row.user_id] = row.score
    return [TableResult(key[0], key[1], ranks[key], scores[key]) for key in sorted(ranks)]


@dataclass(frozen=True, slots=True)
class Field:
    """Everything a round's seating depends on."""

    game: Game
    format: str
    table_size: int
    scheme: tuple[float, ...] | None
    entrants: tuple[int, ...]  # in the order they joined
    dropped: frozenset[int]
    tables: tuple[TableRow, ...]
    byes: tuple[tuple[int, int], ...]
    results: tuple[TableResult, ...]

    def standings(self) -> list[Standing]:
        """The standings from every result so far."""
        return standings(
            self.entrants,
            self.results,
            self.byes,
            scheme=self.scheme,
            bye_points=bye_points(self.scheme, self.table_size),
            lower_scores_win=bool(getattr(self.game, "lower_scores_win", False)),
            dropped=self.dropped,
        )

    def active(self) -> list[int]:
        """Players still in, in the order they joined."""
        return [user for user in self.entrants if user not in self.dropped]

    def met(self) -> dict[int, set[int]]:
        """Who has sat at a table with whom."""
        met: dict[int, set[int]] = defaultdict(set)
        for table in self.tables:
            for user in table.seats:
                met[user].update(other for other in table.seats if other != user)
        return met

    def seat(self, round_no: int) -> tuple[list[list[int]], list[int]]:
        """The tables and byes of round `round_no` (1-based); no tables when too few players are left."""
        players = self.active()
        sizes, resting = table_sizes(len(players), usable_sizes(self.game), self.table_size)
        if not sizes:
            return [], players
        had_bye = {user for _round, user in self.byes}
        if self.format == "round_robin":
            return round_robin_round(players, round_no - 1, sizes, resting, self.met(), had_bye)
        ranked = [line.user_id for line in self.standings() if line.user_id in set(players)]
        return swiss_round(ranked, self.met(), sizes, resting, had_bye)


def closed_early(game: Game, state: Any, seats: Sequence[tuple[int, bool]], how: str) -> list[tuple[int, int, int]]:
    """(user, rank, score) for a table stopped before its end: as it stands, or everyone last with 0 (forfeit).

    `seats` holds each seat's (user id, resigned); resigned seats rank after those who played on.
    """
    if how == "forfeit" or state is None:
        return [(user, len(seats), 0) for user, _gone in seats]
    resigned = frozenset(seat for seat, (_user, gone) in enumerate(seats) if gone)
    outcome = resigned_last(game.standing(state), resigned)
    return [(user, outcome.ranks[seat], outcome.scores[seat]) for seat, (user, _gone) in enumerate(seats)]


def check_report(seats: Collection[int], ranking: dict[int, tuple[int, int]]) -> None:
    """A moderator's report must rank exactly the table's players, with ranks from 1 to the table size."""
    if set(ranking) != set(seats):
        raise IllegalAction(_("Report every player of that table, and nobody else: `@player rank score` for each."))
    if any(not 1 <= rank <= len(seats) for rank, _score in ranking.values()):
        raise IllegalAction(_("Ranks go from 1 to {seats} at that table.").format(seats=len(seats)))
