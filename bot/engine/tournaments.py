"""Tournaments: entries, rounds of seated tables, results and corrections, standings and the export."""

from __future__ import annotations

import csv
import io
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from bot.engine.errors import NotModerator
from bot.engine.locks import ChannelLocks
from bot.engine.moderation import GameManager, SeatedTable
from bot.engine.names import shown_name, stored_name
from bot.engine.pairing import table_sizes
from bot.engine.standings import Standing
from bot.engine.timers import GameTimers, check_consequence
from bot.engine.tournament_plan import (
    FORMATS,
    UNFINISHED,
    Field,
    TournamentSpec,
    check_points,
    check_report,
    closed_early,
    default_rounds,
    default_table_size,
    table_results,
    usable_sizes,
)
from bot.engine.update import Player, Update
from bot.games.base import IllegalAction, resolve_options, seat_count_words
from bot.i18n import N_, _
from bot.storage import ChannelBusy, StaleVersion
from bot.storage.tournaments import SeatResult, TableRow, TournamentRow

log = logging.getLogger(__name__)

NO_TOURNAMENT = N_("There's no tournament in this channel. A moderator can open one with `/tournament create`.")
DEFAULT_NAME = N_("Tournament")
"""The name a tournament gets when the moderator gives none: stored in English, said by `tournament_name`."""


def tournament_name(tournament: TournamentRow) -> str:
    """A tournament's name as shown: the moderator's own, or the default name in the language in use."""
    return _(DEFAULT_NAME) if tournament.name == DEFAULT_NAME else tournament.name


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """A table of the current round and who sits there, in seat order."""

    round: int
    table_no: int
    players: tuple[Player, ...]
    channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class RoundNews:
    """A round opened, or the tournament finished: what the tournament channel should hear."""

    tournament: TournamentRow
    tables: tuple[PlannedTable, ...]
    byes: tuple[Player, ...]
    standings: tuple[Standing, ...]
    names: dict[int, str]
    closed: tuple[Update, ...] = ()
    """Games a moderator's close ended (advance, end, report), to be announced in their threads."""

    @property
    def finished(self) -> bool:
        """Whether this was the end of the tournament."""
        return self.tournament.status == "finished"


@dataclass(frozen=True, slots=True)
class StandingsView:
    """A tournament's standings with everyone's name."""

    tournament: TournamentRow
    lines: tuple[Standing, ...]
    names: dict[int, str]
    lower_scores_win: bool


class TournamentDesk:
    """Runs tournaments on top of the game manager; one lock per tournament keeps rounds in order."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self.storage = manager.storage
        self.locks = ChannelLocks()

    # ------------------------------------------------------------------ entries

    async def create(
        self, guild_id: int, channel_id: int, by: Player, spec: TournamentSpec, *, moderator: bool
    ) -> TournamentRow:
        """A moderator opens a tournament in this channel; players then join until it starts."""
        if not moderator:
            raise NotModerator(_("Only a moderator can create a tournament."))
        game = self.manager.game(spec.game)
        if spec.format not in FORMATS:
            raise IllegalAction(_("The format is one of: {formats}.").format(formats=", ".join(FORMATS)))
        if spec.unfinished not in UNFINISHED:
            raise IllegalAction(
                _("Unfinished tables are scored by one of: {choices}.").format(choices=", ".join(UNFINISHED))
            )
        if spec.rounds < 0:
            raise IllegalAction(_("Rounds must be 1 or more (or 0 to let me choose when the tournament starts)."))
        if spec.points is not None:
            check_points(spec.points)
        options = resolve_options(game.options, spec.options)
        size = spec.table_size or default_table_size(game)
        if size not in usable_sizes(game):
            raise IllegalAction(
                _("{game} tables seat {counts} players, not {size}.").format(
                    game=game.title, counts=seat_count_words(game), size=size
                )
            )
        timers = spec.timers
        check_consequence(game, timers.on_timeout)
        name = stored_name(spec.name, 80) if spec.name.strip() else DEFAULT_NAME
        row = TournamentRow(
            0, guild_id, channel_id, name, game.name, spec.format, spec.rounds,
            size, json.dumps(options), None if spec.points is None else json.dumps(spec.points), spec.unfinished,
            timers.remind_s, timers.timeout_s, timers.on_timeout, "open", 0, by.user_id, self.manager.clock(), None,
        )  # fmt: skip
        try:
            async with self.storage.transaction() as tx:
                tournament_id = await tx.create_tournament(row)
        except ChannelBusy:
            raise IllegalAction(
                _("This channel already has a tournament. End it first with `/tournament end`.")
            ) from None
        log.info("tournament created id=%s channel=%s game=%s by=%s", tournament_id, channel_id, game.name, by.user_id)
        return replace(row, id=tournament_id)

    async def join(self, channel_id: int, player: Player) -> tuple[TournamentRow, int]:
        """Enter the channel's open tournament; returns it and the number of players now in."""
        async with self._holding(self._live, channel_id) as tournament:
            if tournament.status != "open":
                raise IllegalAction(_("This tournament has already started, so entries are closed."))
            entrants = await self.storage.entrants(tournament.id)
            if any(e.user_id == player.user_id for e in entrants):
                raise IllegalAction(_("You're already in this tournament."))
            async with self.storage.transaction() as tx:
                await tx.add_entrant(tournament.id, player.user_id, player.name, self.manager.clock())
            return tournament, len(entrants) + 1

    async def leave(self, channel_id: int, user_id: int) -> tuple[TournamentRow, int]:
        """Withdraw from the channel's open tournament; returns it and the number of players left."""
        async with self._holding(self._live, channel_id) as tournament:
            if tournament.status != "open":
                raise IllegalAction(_("The tournament has started: ask a moderator to `/tournament drop` you."))
            entrants = await self.storage.entrants(tournament.id)
            if all(e.user_id != user_id for e in entrants):
                raise IllegalAction(_("You're not in this tournament."))
            async with self.storage.transaction() as tx:
                await tx.remove_entrant(tournament.id, user_id)
            return tournament, len(entrants) - 1

    # ------------------------------------------------------------------ rounds

    async def start(self, channel_id: int, by: Player, *, moderator: bool) -> RoundNews:
        """A moderator closes entries and seats round 1."""
        if not moderator:
            raise NotModerator(_("Only a moderator can start the tournament."))
        async with self._holding(self._live, channel_id) as tournament:
            if tournament.status != "open":
                raise IllegalAction(_("This tournament has already started."))
            game = self.manager.game(tournament.game)
            entrants = await self.storage.entrants(tournament.id)
            sizes, _byes = table_sizes(len(entrants), usable_sizes(game), tournament.table_size)
            if not sizes:
                fewest = min(usable_sizes(game))
                raise IllegalAction(
                    _("At least {fewest} players must join first ({count} so far).").format(
                        fewest=fewest, count=len(entrants)
                    )
                )
            rounds = tournament.rounds or default_rounds(tournament.format, len(entrants), tournament.table_size)
            tournament = replace(tournament, status="running", rounds=rounds)
            log.info("tournament started id=%s players=%d rounds=%d", tournament.id, len(entrants), rounds)
            return await self._next_round(tournament)

    async def round_check(self, tournament_id: int) -> RoundNews | None:
        """Close the current round if every table is done, then seat the next (or finish); None if not yet."""
        async with self.locks(tournament_id):
            tournament = await self.storage.tournament(tournament_id)
            if tournament is None or tournament.status != "running":
                return None
            tables = [t for t in await self.storage.tables(tournament_id) if t.round == tournament.round]
            reported = await self.storage.reported_tables(tournament_id)
            if not all((t.round, t.table_no) in reported or t.status in ("finished", "abandoned") for t in tables):
                return None
            # Tables closed without a result (a moderator abandoned the game) are scored now, for good.
            for table in tables:
                if (table.round, table.table_no) not in reported and table.status == "abandoned":
                    await self._report_closed(tournament, table)
            log.info("tournament round closed id=%s round=%d", tournament_id, tournament.round)
            try:
                if tournament.round >= tournament.rounds:
                    return await self._finish(tournament)
                return await self._next_round(tournament)
            except StaleVersion:  # another process closed this round first (a round closes once)
                log.info("tournament round already closed id=%s round=%d", tournament_id, tournament.round)
                return None

    async def advance(self, channel_id: int, by: Player, *, moderator: bool) -> RoundNews | None:
        """A moderator closes the round now: tables still playing are scored as they stand, or forfeited."""
        if not moderator:
            raise NotModerator(_("Only a moderator can close a round early."))
        async with self._holding(self._running, channel_id) as tournament:
            if tournament.unfinished == "score":
                line = _("{moderator} closed round {round}: scored as it stands.")
            else:
                line = _("{moderator} closed round {round}: forfeited: nobody scores.")
            line = line.format(moderator=by.shown, round=tournament.round)
            closed = await self._close_tables(tournament, by, line)
        news = await self.round_check(tournament.id)
        return None if news is None else replace(news, closed=closed)

    async def report(
        self,
        channel_id: int,
        by: Player,
        round_no: int,
        table_no: int,
        ranking: dict[int, tuple[int, int]],
        *,
        moderator: bool,
    ) -> tuple[TournamentRow, RoundNews | None, tuple[Update, ...]]:
        """A moderator sets or corrects a table's result: user → (rank, score); a table still playing stops."""
        if not moderator:
            raise NotModerator(_("Only a moderator can report a result."))
        async with self._holding(self._latest, channel_id) as tournament:
            table = next(
                (t for t in await self.storage.tables(tournament.id) if (t.round, t.table_no) == (round_no, table_no)),
                None,
            )
            if table is None:
                raise IllegalAction(
                    _("There is no table {table} in round {round}.").format(table=table_no, round=round_no)
                )
            check_report(table.seats, ranking)
            closed: tuple[Update, ...] = ()
            if table.status == "running" and table.channel_id is not None:
                line = _("{moderator} reported this table's result, so the game stops here.").format(moderator=by.shown)
                update = await self.manager.abandon(table.channel_id, by, moderator=True, line=line)
                closed = () if update is None else (update,)
            results = [SeatResult(round_no, table_no, user, rank, score) for user, (rank, score) in ranking.items()]
            async with self.storage.transaction() as tx:
                await tx.report(tournament.id, results)
            log.info("tournament report id=%s round=%d table=%d by=%s", tournament.id, round_no, table_no, by.user_id)
        news = await self.round_check(tournament.id) if round_no == tournament.round else None
        return tournament, news, closed

    async def drop(self, channel_id: int, by: Player, user_id: int, *, moderator: bool) -> TournamentRow:
        """Take a player out of the coming rounds (a moderator, or the player themself); results stay."""
        if user_id != by.user_id and not moderator:
            raise NotModerator(_("Only a moderator can drop someone else."))
        async with self._holding(self._live, channel_id) as tournament:
            entrants = {e.user_id: e for e in await self.storage.entrants(tournament.id)}
            entrant = entrants.get(user_id)
            if entrant is None:
                raise IllegalAction(_("That user isn't in this tournament."))
            if entrant.dropped:
                raise IllegalAction(_("{player} has already dropped out.").format(player=shown_name(entrant.name)))
            async with self.storage.transaction() as tx:
                if tournament.status == "open":
                    await tx.remove_entrant(tournament.id, user_id)
                else:
                    await tx.drop_entrant(tournament.id, user_id)
            log.info("tournament drop id=%s user=%s by=%s", tournament.id, user_id, by.user_id)
            return tournament

    async def end(self, channel_id: int, by: Player, *, moderator: bool) -> RoundNews:
        """A moderator ends the tournament now: tables still playing are closed as `advance` would."""
        if not moderator:
            raise NotModerator(_("Only a moderator can end the tournament."))
        async with self._holding(self._live, channel_id) as tournament:
            closed: tuple[Update, ...] = ()
            if tournament.status == "running":
                ended = _("{moderator} ended the tournament.").format(moderator=by.shown)
                closed = await self._close_tables(tournament, by, ended)
                for table in await self.storage.tables(tournament.id):
                    if table.round == tournament.round and table.status == "abandoned":
                        await self._report_closed(tournament, table)
            log.info("tournament ended id=%s by=%s", tournament.id, by.user_id)
            return replace(await self._finish(tournament), closed=closed)

    # ------------------------------------------------------------------ tables

    async def pending_tables(self, tournament_id: int) -> list[PlannedTable]:
        """The current round's tables whose game has not started yet (a restart may leave some)."""
        tournament = await self.storage.tournament(tournament_id)
        if tournament is None or tournament.status != "running":
            return []
        names = {e.user_id: e.name for e in await self.storage.entrants(tournament_id)}
        return [
            self._planned(table, names)
            for table in await self.storage.tables(tournament_id)
            if table.round == tournament.round and table.game_id is None
        ]

    async def open_table(self, tournament_id: int, table: PlannedTable, channel_id: int) -> Update | None:
        """Start a planned table's game in its thread; None if the round moved on or it started already."""
        async with self.locks(tournament_id):
            tournament = await self.storage.tournament(tournament_id)
            if tournament is None or tournament.status != "running" or tournament.round != table.round:
                return None
            current = {(t.round, t.table_no): t for t in await self.storage.tables(tournament_id)}
            if current[table.round, table.table_no].game_id is not None:
                return None
            timers = GameTimers(tournament.remind_s, tournament.timeout_s, tournament.on_timeout)
            seated = SeatedTable(
                tournament.game,
                json.loads(tournament.options),
                table.players,
                timers,
                tournament_id,
                table.round,
                table.table_no,
            )
            return await self.manager.start_seated(tournament.guild_id, channel_id, seated)

    async def round_byes(self, tournament_id: int, round_no: int) -> list[Player]:
        """Who sits round `round_no` out."""
        names = {e.user_id: e.name for e in await self.storage.entrants(tournament_id)}
        byes = await self.storage.byes(tournament_id)
        return [Player(user, names.get(user, str(user))) for r, user in byes if r == round_no]

    async def running(self) -> list[TournamentRow]:
        """Every running tournament (the Discord layer resumes them after a restart)."""
        return await self.storage.running_tournaments()

    # ------------------------------------------------------------------ reads

    async def standings(self, channel_id: int) -> StandingsView:
        """The standings of the channel's newest tournament, finished or not."""
        return await self.standings_of(await self._latest(channel_id))

    async def standings_of(self, tournament: TournamentRow) -> StandingsView:
        """A tournament's standings, finished or not."""
        field = await self._field(tournament)
        names = {e.user_id: e.name for e in await self.storage.entrants(tournament.id)}
        lower = bool(getattr(field.game, "lower_scores_win", False))
        return StandingsView(tournament, tuple(field.standings()), names, lower)

    async def export(self, channel_id: int) -> tuple[TournamentRow, dict[str, str]]:
        """Two CSV files: every seat of every table (and every bye), and the standings."""
        view = await self.standings(channel_id)
        tournament = view.tournament
        tables = {(t.round, t.table_no): t for t in await self.storage.tables(tournament.id)}
        reported = await self.storage.reported_tables(tournament.id)
        games = _csv(["round", "table", "game_id", "thread_id", "user_id", "name", "rank", "score", "source"])
        for r in await self.storage.table_results(tournament.id):
            table = tables[r.round, r.table_no]
            source = "report" if (r.round, r.table_no) in reported else "game"
            games.row([r.round, r.table_no, table.game_id, table.channel_id, r.user_id,
                       view.names.get(r.user_id, ""), r.rank, r.score, source])  # fmt: skip
        for round_no, user in await self.storage.byes(tournament.id):
            games.row([round_no, "", "", "", user, view.names.get(user, ""), "", "", "bye"])
        standings = _csv(["place", "user_id", "name", "points", "score", "games", "wins", "byes", "dropped"])
        for s in view.lines:
            standings.row([s.place, s.user_id, view.names.get(s.user_id, ""), f"{s.points:g}", s.score,
                           s.games, s.wins, s.byes, "yes" if s.dropped else "no"])  # fmt: skip
        return tournament, {"games.csv": games.text(), "standings.csv": standings.text()}

    # ------------------------------------------------------------------ inside

    @asynccontextmanager
    async def _holding(
        self, find: Callable[[int], Awaitable[TournamentRow]], channel_id: int
    ) -> AsyncIterator[TournamentRow]:
        """The channel's tournament, found again once its lock is held (another command may have changed it)."""
        first = await find(channel_id)
        async with self.locks(first.id):
            yield await find(channel_id)

    async def _live(self, channel_id: int) -> TournamentRow:
        tournament = await self.storage.live_tournament(channel_id)
        if tournament is None:
            raise IllegalAction(_(NO_TOURNAMENT))
        return tournament

    async def _running(self, channel_id: int) -> TournamentRow:
        tournament = await self._live(channel_id)
        if tournament.status != "running":
            raise IllegalAction(_("The tournament hasn't started yet: a moderator starts it with `/tournament start`."))
        return tournament

    async def _latest(self, channel_id: int) -> TournamentRow:
        tournament = await self.storage.latest_tournament(channel_id)
        if tournament is None:
            raise IllegalAction(_(NO_TOURNAMENT))
        return tournament

    async def _field(self, tournament: TournamentRow) -> Field:
        entrants = await self.storage.entrants(tournament.id)
        return Field(
            game=self.manager.game(tournament.game),
            format=tournament.format,
            table_size=tournament.table_size,
            scheme=None if tournament.points is None else tuple(json.loads(tournament.points)),
            entrants=tuple(e.user_id for e in entrants),
            dropped=frozenset(e.user_id for e in entrants if e.dropped),
            tables=tuple(await self.storage.tables(tournament.id)),
            byes=tuple(await self.storage.byes(tournament.id)),
            results=tuple(table_results(await self.storage.table_results(tournament.id))),
        )

    async def _next_round(self, tournament: TournamentRow) -> RoundNews:
        """Seat the round after `tournament.round` (the caller holds the lock), or finish if nobody can play."""
        field = await self._field(tournament)
        round_no = tournament.round + 1
        seated, resting = field.seat(round_no)
        if not seated:
            return await self._finish(tournament)
        async with self.storage.transaction() as tx:
            await tx.set_tournament_round(tournament.id, "running", round_no, tournament.rounds)
            for table_no, seats in enumerate(seated, start=1):
                await tx.add_table(tournament.id, round_no, table_no, tuple(seats))
            for user in resting:
                await tx.add_bye(tournament.id, round_no, user)
        names = {e.user_id: e.name for e in await self.storage.entrants(tournament.id)}
        tables = tuple(
            PlannedTable(round_no, n, tuple(Player(u, names[u]) for u in seats)) for n, seats in enumerate(seated, 1)
        )
        log.info("tournament round seated id=%s round=%d tables=%d byes=%d",
                 tournament.id, round_no, len(tables), len(resting))  # fmt: skip
        return RoundNews(
            replace(tournament, status="running", round=round_no),
            tables,
            tuple(Player(u, names[u]) for u in resting),
            tuple(field.standings()),
            names,
        )

    async def _finish(self, tournament: TournamentRow) -> RoundNews:
        async with self.storage.transaction() as tx:
            await tx.finish_tournament(tournament.id, self.manager.clock())
        field = await self._field(tournament)
        names = {e.user_id: e.name for e in await self.storage.entrants(tournament.id)}
        log.info("tournament finished id=%s rounds=%d", tournament.id, tournament.round)
        return RoundNews(replace(tournament, status="finished"), (), (), tuple(field.standings()), names)

    async def _close_tables(self, tournament: TournamentRow, by: Player, line: str) -> tuple[Update, ...]:
        """End the current round's running games (as abandoned) and forfeit tables never started."""
        closed = []
        for table in await self.storage.tables(tournament.id):
            if table.round != tournament.round:
                continue
            if table.status == "running" and table.channel_id is not None:
                update = await self.manager.abandon(table.channel_id, by, moderator=True, line=line)
                if update is not None:
                    closed.append(update)
            elif table.game_id is None:
                await self._report(tournament, table, [(user, len(table.seats), 0) for user in table.seats])
        return tuple(closed)

    async def _report_closed(self, tournament: TournamentRow, table: TableRow) -> None:
        """Score an abandoned table by the tournament's setting and keep that as its report."""
        assert table.game_id is not None
        row = await self.storage.game(table.game_id)
        game = self.manager.game(tournament.game)
        state = None if row is None or row.state is None else game.from_json(json.loads(row.state))
        resigned = {s.seat: s.resigned for s in await self.storage.seats(table.game_id)}
        # A seat counts for the entrant the table put there, even if a moderator gave it to someone else.
        seats = [(user, resigned.get(seat, False)) for seat, user in enumerate(table.seats)]
        await self._report(tournament, table, closed_early(game, state, seats, tournament.unfinished))

    async def _report(self, tournament: TournamentRow, table: TableRow, rows: list[tuple[int, int, int]]) -> None:
        async with self.storage.transaction() as tx:
            await tx.report(tournament.id, [SeatResult(table.round, table.table_no, u, r, s) for u, r, s in rows])

    @staticmethod
    def _planned(table: TableRow, names: dict[int, str]) -> PlannedTable:
        players = tuple(Player(user, names.get(user, str(user))) for user in table.seats)
        return PlannedTable(table.round, table.table_no, players, table.channel_id)


class _csv:
    """A CSV text built row by row."""

    def __init__(self, header: list[str]) -> None:
        self._buffer = io.StringIO()
        self._writer = csv.writer(self._buffer, lineterminator="\n")
        self._writer.writerow(header)

    def row(self, values: list[object]) -> None:
        self._writer.writerow(values)

    def text(self) -> str:
        return self._buffer.getvalue()
