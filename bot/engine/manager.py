"""The game manager: the one path that turns a user's input into a stored, validated state change."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any

from bot.engine.errors import GameOver, MovedOn, MoveRefused, NotModerator, Refused, StaleClick
from bot.engine.loaded import Loaded, LoadedCache
from bot.engine.lobby import LobbyDesk, fresh_seed, wall_clock_ms
from bot.engine.names import shown_name
from bot.engine.ratings import rate_results
from bot.engine.replay import new_state, replayed_text, state_text, step_random
from bot.engine.servers import ServerBook
from bot.engine.timers import TimerDefaults, arm
from bot.engine.turns import Move, move_line, play_out, resigned_last, who
from bot.engine.undoing import UndoAsked, undo_refusal
from bot.engine.update import Owed, Player, Update, owings
from bot.games.base import (
    Action,
    Game,
    IllegalAction,
    Outcome,
    StaleMove,
    must_act,
    name_seats,
    seat_count_words,
    seat_counts,
)
from bot.i18n import ENGLISH, N_, _, ngettext, pgettext, speaking
from bot.storage import MoveWrite, ResultRow, SeatRow, StaleVersion, Storage, TimerPlan, Transaction

log = logging.getLogger(__name__)

LOGGABLE_VERB = re.compile(r"[a-z_]{1,20}")
"""Verbs as games spell them; anything else in a refused move (it may be forged) is logged as "?"."""

EVERYONE_ELSE_RESIGNED = N_("everyone else resigned")
"""Why a game ends when one seat is left: stored in English with the game, said in the reader's language."""
FORMER_PLAYER = N_("a former player")
"""What storage names a seat whose player asked to be forgotten (`forget_user`); said in the reader's language."""


def seat_name(seat: SeatRow) -> str:
    """A stored seat's player name as shown: an anonymous seat (a negative id, no computer) is "a former player"."""
    return _(FORMER_PLAYER) if seat.user_id < 0 and seat.computer is None else seat.name


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One line of `/game list`: a game, its channel and who must act."""

    channel_id: int
    title: str
    status: str
    players: tuple[str, ...]
    waiting_for: tuple[str, ...]


def holds_secrets(view: dict[str, Any]) -> bool:
    """Whether a seat's view holds more than its own seat number (games where nothing is hidden hold only that)."""
    return bool(set(view.get("private") or {}) - {"seat"})


class PlayDesk(LobbyDesk):
    """Lobbies (from LobbyDesk) plus running games: start, act, undo, resign, abandon, views, log."""

    def __init__(
        self,
        storage: Storage,
        games: Mapping[str, Game],
        *,
        clock: Callable[[], int] = wall_clock_ms,
        seeds: Callable[[], int] = fresh_seed,
        cache_size: int = 2048,
        timer_defaults: TimerDefaults | None = None,
        open_threads: bool = True,
        public_language: Callable[[int | None], str | None] | None = None,
    ) -> None:
        super().__init__(storage, games, clock=clock, seeds=seeds)
        self.public_language = public_language or (lambda guild_id: None)
        """The language a server's public messages speak (None: whatever language is in use)."""
        self._cache = LoadedCache(cache_size)
        self.timer_defaults = timer_defaults or TimerDefaults()
        self.servers = ServerBook(storage, self.timer_defaults, open_threads=open_threads, clock=clock)
        """Each server's settings (its default timers, moderator role, threads, DM reminders, language)."""
        self.timers_armed: Callable[[int], None] = lambda due_ms: None
        """Told the soonest due time whenever timers are armed (the scheduler wakes up for it)."""

    def in_public(self, guild_id: int | None) -> AbstractContextManager[None]:
        """Word what everyone in the server reads (log lines, the board, others' DMs) in the server's language."""
        chosen = self.public_language(guild_id)
        return speaking(chosen) if chosen else nullcontext()

    # ------------------------------------------------------------------ start

    async def start(self, channel_id: int, user_id: int) -> Update:
        """The host starts the lobby's game: seats are fixed in join order and the game is set up."""
        async with self.locks(channel_id):
            row = await self._open_lobby_row(channel_id)
            if user_id != row.host_id:
                raise NotModerator(_("Only the host can start the game."))
            game = self.game(row.game)
            seats = await self.storage.seats(row.id)
            if len(seats) not in seat_counts(game):
                raise IllegalAction(
                    ngettext(
                        "{game} needs {counts} players; {joined} joined.",
                        "{game} needs {counts} players; {joined} joined.",
                        len(seats),
                    ).format(game=game.title, counts=seat_count_words(game), joined=len(seats))
                )
            options = json.loads(row.options)
            state = new_state(game, row.seed, len(seats), options)
            now, text = self.clock(), state_text(game, state)
            started = replace(row, status="running", state=text, version=row.version + 1, undo_floor=0, started_ms=now)
            # The seats as `renumber_seats` leaves them: 0..n-1 in join order.
            loaded = Loaded.from_rows(started, [replace(s, seat=n) for n, s in enumerate(seats)], game, 0)

            async def setup(tx: Transaction) -> None:
                # Committed with the first wait's timers: a crash between two commits left a game that never timed out.
                await tx.renumber_seats(row.id)
                await tx.start_game(row.id, text, started.version, now)

            # Starting deals every seat its secrets: each owner gets their view by DM (open games have none to send).
            views = {s.user_id: loaded.view(s.seat) for s in loaded.seats if s.computer is None}  # computers: no DMs
            dms = {user_id: view for user_id, view in views.items() if holds_secrets(view)}
            players = ", ".join(loaded.name(s.seat) for s in loaded.seats)
            with self.in_public(loaded.guild_id):
                start_line = _("{game} begins with {players}.").format(game=game.title, players=players)
            update = await self._after(
                loaded, [], lines=[start_line], actor=None, dm_views=dms, setup=setup, new_board=True
            )
            log.info("game started channel=%s game=%s seats=%d", channel_id, game.name, len(seats))
            return replace(update, first_views=tuple(dms))

    # ------------------------------------------------------------------ moves

    async def act(self, channel_id: int, user_id: int, action: Action, version: int | None = None) -> Update:
        """Steps 1–6 of the one path: lock, load, refuse stale or illegal, apply, commit, report."""
        async with self.locks(channel_id):
            loaded = await self._running(channel_id)
            seat = loaded.seat_of(user_id)
            if version is not None and version != loaded.version:
                raise StaleClick(self._refused(loaded, seat, action, "stale"))
            game, state = loaded.game, loaded.state
            if seat not in game.to_act(state):
                waiting = ", ".join(loaded.name(s) for s in sorted(game.to_act(state)))
                # The game may know better ("there's nobody to catch"); a turn reminder is the fallback.
                turn = _("It's not your turn — waiting for {waiting}.").format(waiting=waiting)
                raise self._refuse(loaded, seat, action, "turn", turn)
            if action.bare() not in game.legal_actions(state, seat):
                raise self._refuse(loaded, seat, action, "illegal")
            moves = [Move(seat, action.stamped(self.clock() - loaded.started_ms), auto=False)]
            return await self._after(loaded, moves, lines=[], actor=user_id)

    def _refuse(
        self, loaded: Loaded, seat: int, action: Action, why: str, fallback: str | None = None
    ) -> MoveRefused | StaleClick:
        """The refusal of a move, with the game's reason: stale when it answers a step that is over (an old menu)."""
        reason, said = self._refusal(loaded, seat, action, fallback)
        where = self._refused(loaded, seat, action, said or why)
        if said == "stale":
            return StaleClick(where, loaded.named(reason))  # the Discord layer sends the current menu with it
        return MoveRefused(loaded.named(reason), where)

    @staticmethod
    def _refusal(loaded: Loaded, seat: int, action: Action, fallback: str | None = None) -> tuple[str, str | None]:
        """The game's own reason for refusing a move, and `stale` (a step that is over) or `malformed` (it choked)."""
        # `apply` must refuse what `legal_actions` leaves out, with a reason the player can act on.
        fallback = fallback or _("That move isn't allowed right now.")
        try:
            loaded.game.apply(loaded.state, seat, action, step_random(loaded.seed, loaded.moves + 1))
        except StaleMove as refusal:
            return refusal.message, "stale"
        except IllegalAction as refusal:
            return refusal.message, None
        except Exception:
            # A custom_id can carry anything; a game may choke on a forged move instead of refusing it.
            return fallback, "malformed"
        return fallback, None

    @staticmethod
    def _refused(loaded: Loaded, seat: int, action: Action, why: str) -> Refused:
        """Where a move was refused; a forged verb is not copied into the log."""
        verb = action.verb if LOGGABLE_VERB.fullmatch(action.verb) else "?"
        return Refused(loaded.channel_id, loaded.game.name, loaded.moves + 1, seat, verb, why)

    async def undo(self, channel_id: int, user_id: int) -> Update:
        """Take back your own last move, never below the undo floor."""
        async with self.locks(channel_id):
            loaded = await self._running(channel_id)
            seat = loaded.seat_of(user_id)
            no_undo = getattr(loaded.game, "no_undo", None)  # a game where no move can be taken back says why
            if callable(no_undo):
                raise IllegalAction(no_undo())
            rows = await self.storage.actions(loaded.game_id)
            asked = UndoAsked(
                loaded.game, seat, rows, loaded.undo_floor, loaded.seed, len(loaded.seats), loaded.options, loaded.name
            )
            refused = undo_refusal(asked)
            if refused is not None:
                raise IllegalAction(refused)
            last, state = asked.last, asked.before
            version = loaded.version + 1
            taken_back = replace(loaded, state=state, version=version, moves=loaded.moves - 1)
            with self.in_public(loaded.guild_id):
                line = _("{player} takes back their last move.").format(player=loaded.name(seat))
            update = self._update(taken_back, [line], actor=user_id, dm_views={}, outcome=None, ended=None)
            try:
                async with self.storage.transaction() as tx:
                    await tx.delete_actions_from(loaded.game_id, last.n)
                    await tx.save_state(
                        loaded.game_id,
                        state_text(loaded.game, state),
                        loaded.version,
                        version,
                        loaded.undo_floor,
                    )
                    owed = await tx.owe(loaded.game_id, version, owings(update))
            except BaseException:
                self._cache.drop(channel_id)
                raise
            self._cache.put(taken_back)
            log.info("move taken back channel=%s game=%s step=%d seat=%d", channel_id, loaded.game.name, last.n, seat)
            return replace(update, owed=Owed.of(owed))

    async def resign(self, channel_id: int, user_id: int) -> Update:
        """Leave a running game: the seat is played by default and ranked last."""
        async with self.locks(channel_id):
            loaded = await self._running(channel_id)
            seat = loaded.seat_of(user_id)
            if loaded.seats[seat].resigned:
                raise IllegalAction(_("You have already resigned from this game."))
            seats = tuple(replace(s, resigned=True) if s.seat == seat else s for s in loaded.seats)
            loaded = replace(loaded, seats=seats)
            with self.in_public(loaded.guild_id):
                line = _("{player} resigns.").format(player=loaded.name(seat))
            log.info("resigned channel=%s game=%s step=%d seat=%d", channel_id, loaded.game.name, loaded.moves, seat)
            return await self._after(loaded, [], lines=[line], actor=user_id, resigning=(seat,))

    async def abandon(self, channel_id: int, by: Player, *, moderator: bool, line: str | None = None) -> Update | None:
        """The host or a moderator ends the game (or closes the lobby); nothing is recorded for stats.

        The channel is told who did it (README: every moderator action names the moderator), unless `line` says more.
        """
        user_id = by.user_id
        async with self.locks(channel_id):
            row = await self.storage.active_game(channel_id)
            if row is None:
                raise IllegalAction(_("There's no game here to abandon."))
            if row.tournament_id is not None and not moderator:
                raise NotModerator(_("This is a tournament table: only a moderator can abandon it."))
            if user_id != row.host_id and not moderator:
                raise NotModerator(_("Only the host or a moderator can abandon this game."))
            update = None
            if row.status != "lobby":
                loaded = Loaded.from_rows(row, await self.storage.seats(row.id), self.game(row.game), 0)
                with self.in_public(loaded.guild_id):
                    said = line or _("{player} abandoned the game.").format(player=by.shown)
                    ended = pgettext("game ended", "abandoned")
                update = self._update(loaded, [said], actor=user_id, dm_views={}, outcome=None, ended=ended)
            async with self.storage.transaction() as tx:
                await tx.end_game(row.id, "abandoned", "abandoned", self.clock())  # stored: English
                owed = {} if update is None else await tx.owe(row.id, row.version, owings(update))
            self._cache.drop(channel_id)
            log.info("game abandoned channel=%s game=%s by=%s", channel_id, row.game, user_id)
            return None if update is None else replace(update, owed=Owed.of(owed))

    # ------------------------------------------------------------------ reads

    async def current(self, channel_id: int, user_id: int | None = None) -> Update:
        """The running game as it stands, with `user_id`'s own view when they hold a seat."""
        loaded = await self._running(channel_id)
        return self._update(loaded, [], actor=user_id, dm_views={}, outcome=None, ended=None)

    async def running_game(self, game_id: int) -> Update | None:
        """A running game as last saved, with its public view only (for the shared pages: any process may read it,
        whichever shard serves its server); None for a game that is not running."""
        row = await self.storage.game(game_id)
        if row is None or row.status != "running" or row.state is None or row.game not in self.games:
            return None
        count = await self.storage.action_count(row.id)
        loaded = Loaded.from_rows(row, await self.storage.seats(row.id), self.game(row.game), count)
        return self._update(loaded, [], actor=None, dm_views={}, outcome=None, ended=None)

    async def last_played(self, channel_id: int, user_id: int | None = None) -> Update:
        """The running game, or once it has ended the channel's last game as it ended (a new game comes first)."""
        row = await self.storage.active_game(channel_id) or await self.storage.latest_game(channel_id)
        if row is None or row.status in ("lobby", "running") or row.state is None or row.started_ms is None:
            return await self.current(channel_id, user_id)  # the game here, or the reason there is none to show
        loaded = Loaded.from_rows(row, await self.storage.seats(row.id), self.game(row.game), 0)
        ended = row.end_reason or row.status
        return self._update(loaded, [], actor=user_id, dm_views={}, outcome=None, ended=ended)

    async def recent_log(self, channel_id: int, limit: int = 15) -> list[str]:
        """The last moves of the channel's game, newest last, as public lines."""
        row = await self.storage.active_game(channel_id) or await self.storage.latest_game(channel_id)
        if row is None:
            raise IllegalAction(_("No game has been played in this channel yet."))
        game = self.game(row.game)
        seats = await self.storage.seats(row.id)
        names = {s.seat: shown_name(seat_name(s)) for s in seats}
        left = {s.seat for s in seats if s.resigned}
        rows = (await self.storage.actions(row.id))[-limit:]
        in_order = [names.get(seat, "?") for seat in range(len(names))]
        return [
            name_seats(
                f"{r.n}. {who(names.get(r.seat, '?'), r.auto, r.seat in left)} "
                f"{game.describe(Action.from_json(json.loads(r.action)))}",
                in_order,
            )
            for r in rows
        ]

    async def guild_games(self, guild_id: int) -> list[GameSummary]:
        """This server's lobbies and running games, with whose move it is."""
        summaries = []
        for row in await self.storage.active_games_in_guild(guild_id):
            game = self.game(row.game)
            seats = await self.storage.seats(row.id)
            waiting: tuple[str, ...] = ()
            if row.status == "running" and row.state is not None:
                to_act = must_act(game, game.from_json(json.loads(row.state)))
                waiting = tuple(shown_name(s.name) for s in seats if s.seat in to_act)
            players = tuple(shown_name(s.name) for s in seats)
            summaries.append(GameSummary(row.channel_id, game.title, row.status, players, waiting))
        return summaries

    async def replayed_state(self, game_id: int) -> tuple[str, str]:
        """(stored state, replayed state) as text: equal unless something is wrong."""
        row = await self.storage.game(game_id)
        if row is None or row.state is None:
            raise IllegalAction(_("No such game."))
        return row.state, await replayed_text(self.storage, self.game(row.game), row)

    async def where(self, channel_id: int) -> str:
        """The channel's game and step for an error's log line ("game=? step=?" when even that fails)."""
        try:
            loaded = await self._running(channel_id)
        except Exception:  # no running game, or the database is what failed: the error line must still be written
            return "game=? step=?"
        return f"game={loaded.game.name} step={loaded.moves}"

    async def board_message(self, game_id: int) -> int | None:
        """The message showing the game's lobby or board, if one was posted."""
        row = await self.storage.game(game_id)
        return None if row is None else row.board_message_id

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the message showing the game's lobby or board."""
        await self.storage.set_board_message(game_id, message_id)

    async def dms_closed(self, user_id: int) -> bool:
        """Whether game DMs to this user failed before or were turned off."""
        return await self.storage.dms_closed(user_id)

    async def mark_dms_closed(self, user_id: int) -> None:
        """Remember that Discord refused a DM to this user, so we stop trying."""
        await self.storage.mark_dms_closed(user_id)

    # ------------------------------------------------------------------ internals

    async def _running(self, channel_id: int) -> Loaded:
        cached = self._cache.get(channel_id)
        if cached is not None:
            return cached
        return await self._load(channel_id)

    async def _load(self, channel_id: int) -> Loaded:
        row = await self.storage.active_game(channel_id)
        if row is None:
            last = await self.storage.latest_game(channel_id)
            if last is not None and last.started_ms is not None and last.game in self.games:
                # A click or command racing the end (or just late): the game it meant is over, not missing.
                abandoned = last.status == "abandoned"
                raise GameOver(self.game(last.game).title, abandoned, last.guild_id, channel_id, last.board_message_id)
            raise IllegalAction(_("There's no game running here. Open one with `/game new`."))
        if row.status != "running":
            raise IllegalAction(_("This game hasn't started yet — the host can press Start in the lobby."))
        seats = await self.storage.seats(row.id)
        loaded = Loaded.from_rows(row, seats, self.game(row.game), await self.storage.action_count(row.id))
        self._cache.put(loaded)
        return loaded

    async def _after(
        self,
        loaded: Loaded,
        moves: list[Move],
        *,
        lines: list[str],
        actor: int | None,
        dm_views: dict[int, dict[str, Any]] | None = None,
        resigning: tuple[int, ...] = (),
        vacating: bool = False,
        forced: frozenset[int] = frozenset(),
        skip: bool = False,
        setup: Callable[[Transaction], Awaitable[None]] | None = None,
        new_board: bool = False,
        rearm: bool = False,
    ) -> Update:
        """Apply the moves plus whatever resigned (or `forced`) seats must play, commit once, and report.

        `resigning` seats drop out (left `vacating` when a moderator removed their player); `setup` writes what
        must commit in the same transaction, before the moves (a start: the game's first state). What the change
        owes Discord (its announcement, `new_board` or not, and the views it dealt) is stored in that transaction.
        `rearm` starts the timers again even if the same seats still wait (a timeout's stand-in moves).
        """
        game = loaded.game
        if resigning:
            gone = {s.seat: replace(s, resigned=True, vacant=vacating) for s in loaded.seats if s.seat in resigning}
            loaded = replace(loaded, seats=tuple(gone.get(s.seat, s) for s in loaded.seats))
        actor_seat = loaded.maybe_seat_of(actor)
        with self.in_public(loaded.guild_id):  # worded as the views after the moves are, to compare with them
            secrets_before = [loaded.view(s.seat)["private"] for s in loaded.seats]
        # Who was already waiting to act (pinged then, so not again); a start has nobody waiting yet, so everyone is
        # pinged. After a timeout, whoever must act again is pinged anew: they may have missed the first ping.
        waited = loaded.must_act() if moves or resigning else frozenset()
        # What the moves cause is told to everyone: narrated in the server's language, not the mover's.
        with self.in_public(loaded.guild_id):
            step = play_out(loaded, moves, self.clock() - loaded.started_ms, forced=forced, skip=skip)
        # `ended` is said in the server's language; `kept`, the same reason in English, is what the games row stores.
        outcome, ended, kept = step.outcome, None, ""
        if outcome is not None:
            ended = loaded.named(outcome.reason)  # a game may name a seat ("<seat:1> went out")
            kept = loaded.named(self._english_reason(game, step.state))
        elif resigning and sum(1 for s in loaded.seats if s.vacant or not s.resigned) <= 1:
            # A vacant seat (its player removed by a moderator) still counts: someone may take it with /game join.
            with self.in_public(loaded.guild_id):
                walkover = self._walkover(loaded)
            outcome, ended, kept = walkover, walkover.reason, EVERYONE_ELSE_RESIGNED
        if outcome is not None:
            # Ranked once, here: the results message, the stored results, stats and ratings all read this ranking.
            outcome = resigned_last(outcome, loaded.resigned())
        new = replace(
            loaded,
            state=step.state,
            version=loaded.version + 1,
            undo_floor=step.undo_floor,
            moves=loaded.moves + len(step.moves),
        )
        with self.in_public(loaded.guild_id):  # the other players' views go to them by DM
            views = {s.seat: new.view(s.seat) for s in new.seats}
        dms = dict(dm_views or {})
        for s in new.seats:
            changed = views[s.seat]["private"] != secrets_before[s.seat]
            if s.seat != actor_seat and s.user_id not in dms and changed and s.computer is None:
                dms[s.user_id] = views[s.seat]
        with self.in_public(loaded.guild_id):
            left = new.resigned()
            lines = lines + [new.named(move_line(game, m, new.name(m.seat), m.seat in left)) for m in step.moves]
        update = self._update(new, lines, actor=actor, dm_views=dms, outcome=outcome, ended=ended)
        update = replace(update, already_waiting=tuple(s.user_id for s in new.seats if s.seat in waited))
        write = MoveWrite(
            loaded.game_id,
            tuple((m.n, m.seat, m.action.token(), m.action.at or 0, m.auto) for m in step.moves),
            state_text(game, new.state),
            loaded.version,
            new.version,
            new.undo_floor,
            None if ended else self._timer_plan(new, waited, restart=bool(rearm or forced or resigning or not moves)),
            owings(update, new_board=new_board),
        )
        try:
            if ended is None and not resigning and setup is None:
                owed = await self.storage.commit_moves(write)
            else:
                async with self.storage.transaction() as tx:
                    if setup is not None:
                        await setup(tx)
                    for seat in resigning:
                        await tx.set_resigned(loaded.game_id, seat, vacant=vacating)
                    owed = await tx.write_moves(write)
                    if ended is not None:
                        status = "abandoned" if outcome is None else "finished"
                        await tx.end_game(loaded.game_id, status, kept, self.clock())
                        if outcome is not None:
                            results = self._results(new, outcome)
                            await tx.record_results(results)
                            if new.guild_id is not None and self._rated(new):
                                names = {s.user_id: s.name for s in new.seats}
                                before = await tx.ratings_for(new.guild_id, game.name, names)
                                await tx.save_ratings(rate_results(game, new.guild_id, results, names, before))
        except StaleVersion:
            self._cache.drop(loaded.channel_id)
            raise MovedOn() from None
        except BaseException:
            self._cache.drop(loaded.channel_id)
            raise
        if write.timers is not None and write.timers.due:
            self.timers_armed(min(due for _kind, due in write.timers.due))
        if ended is None:
            self._cache.put(new)
        else:
            self._cache.drop(loaded.channel_id)
        for move in step.moves:
            # The verb only, never the arguments: they may be secret (the tickets kept, a tile from the hand). Every
            # game's public log line (`describe`) already tells everyone the verb, so it is no secret.
            log.info(
                "action accepted channel=%s game=%s step=%d seat=%d verb=%s auto=%s",
                loaded.channel_id,
                game.name,
                move.n,
                move.seat,
                move.action.verb,
                move.auto,
            )
        return replace(update, owed=Owed.of(owed))

    def _rated(self, loaded: Loaded) -> bool:
        """Whether a finished game counts for ratings: human-only games, or any if the server rates computer games."""
        return not loaded.computers() or self.servers.rate_computer_games(loaded.guild_id)

    def _timer_plan(self, new: Loaded, waited: frozenset[int], *, restart: bool) -> TimerPlan | None:
        """Arm the timers when a wait begins (someone new must act), clear them when nobody must act."""
        waiting = new.must_act() - new.resigned()
        if not waiting:
            return TimerPlan(new.version)
        if restart or waiting - waited:
            return arm(new.timers, self.servers.timers(new.guild_id), len(waiting), self.clock(), new.version)
        return None  # the same wait goes on (another seat answered a step everyone answers)

    @staticmethod
    def _english_reason(game: Game, state: Any) -> str:
        """Why a finished game ended, in English whatever the language in use: the games row keeps it so."""
        with speaking(ENGLISH):
            outcome = game.outcome(state)
        return "" if outcome is None else outcome.reason

    def _walkover(self, loaded: Loaded) -> Outcome:
        remaining = [s.seat for s in loaded.seats if not s.resigned]
        ranks = tuple(1 if s.seat in remaining else 2 for s in loaded.seats)
        return Outcome(tuple(0 for _seat in loaded.seats), ranks, _(EVERYONE_ELSE_RESIGNED))

    def _results(self, loaded: Loaded, outcome: Outcome) -> list[ResultRow]:
        now = self.clock()
        duration = max(0, (now - loaded.started_ms) // 1000)
        return [
            ResultRow(
                loaded.game_id,
                s.seat,
                s.user_id,
                loaded.game.name,
                loaded.guild_id,
                outcome.scores[s.seat],
                outcome.ranks[s.seat],
                len(loaded.seats),
                duration,
                now,
            )
            for s in loaded.seats
        ]

    def _update(
        self,
        loaded: Loaded,
        lines: list[str],
        *,
        actor: int | None,
        dm_views: dict[int, dict[str, Any]],
        outcome: Outcome | None,
        ended: str | None,
    ) -> Update:
        game = loaded.game
        actor_seat = loaded.maybe_seat_of(actor)
        actor_view = None if actor_seat is None else loaded.view(actor_seat)  # in the actor's own language
        with self.in_public(loaded.guild_id):
            public = loaded.view(None)
        to_act = loaded.must_act() if ended is None else frozenset()
        return Update(
            game_id=loaded.game_id,
            channel_id=loaded.channel_id,
            game=game.name,
            title=game.title,
            version=loaded.version,
            seats=loaded.seats,
            public=public,
            lines=tuple(lines),
            actor_id=actor,
            actor_view=actor_view,
            dm_views=dm_views,
            to_ping=tuple(s.user_id for s in loaded.seats if s.seat in to_act and s.computer is None),
            outcome=outcome,
            ended=ended,
            tournament_id=loaded.tournament_id,
        )
