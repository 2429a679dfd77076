"""The full game manager: running games plus timers, moderator tools and the turn list."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from typing import Any

from bot.engine.computers import ComputerDesk, check_level, computer_id, computer_name, free_name
from bot.engine.durations import duration_words
from bot.engine.errors import MovedOn, NotModerator
from bot.engine.loaded import Loaded
from bot.engine.manager import holds_secrets
from bot.engine.replay import new_state, state_text
from bot.engine.timers import GameTimers, Reminder, arm, check_consequence, consequences
from bot.engine.update import Owed, Player, SeatInfo, Update, owings
from bot.games.base import IllegalAction, must_act, resolve_options, seat_counts
from bot.i18n import _, ngettext, pgettext
from bot.storage import TimerRow

log = logging.getLogger(__name__)


def timeout_line(consequence: str, why: str, players: list[str]) -> str:
    """The public line of a timeout: "⏰ Time is up: Aiko plays their default move." """
    count, names = len(players), ", ".join(players)
    if consequence == "forfeit":
        form = ngettext(
            "⏰ {why}: {players} drops out of the game.", "⏰ {why}: {players} drop out of the game.", count
        )
    elif consequence == "skip":
        form = ngettext("⏰ {why}: {players} skips their turn.", "⏰ {why}: {players} skip their turn.", count)
    elif consequence == "computer":
        form = ngettext("⏰ {why}: a computer plays for {players}.", "⏰ {why}: a computer plays for {players}.", count)
    else:
        form = ngettext(
            "⏰ {why}: {players} plays their default move.", "⏰ {why}: {players} play their default move.", count
        )
    return form.format(why=why, players=names)


def consequence_name(consequence: str) -> str:
    """A timeout's consequence (`auto`, `skip`, `forfeit`, as stored and typed) as a word in the language in use."""
    names = {
        "auto": pgettext("timeout consequence", "auto"),
        "skip": pgettext("timeout consequence", "skip"),
        "forfeit": pgettext("timeout consequence", "forfeit"),
        "computer": pgettext("timeout consequence", "computer"),
    }
    return names.get(consequence, consequence)


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """A game to start with its players seated in order: a tournament's table."""

    game: str
    options: dict[str, Any]
    players: tuple[Player, ...]
    timers: GameTimers
    tournament_id: int
    round: int
    table_no: int


@dataclass(frozen=True, slots=True)
class TurnWaiting:
    """A game where a user must act: for `/game turns`."""

    guild_id: int | None
    channel_id: int
    title: str
    board_message_id: int | None
    since_ms: int | None


class GameManager(ComputerDesk):
    """Everything the Discord layer asks of the engine."""

    # ------------------------------------------------------------------ timers

    async def set_timers(self, channel_id: int, user_id: int, timers: GameTimers, *, moderator: bool) -> GameTimers:
        """The host (or a moderator) sets the game's reminder delay, timeout and its consequence."""
        async with self.locks(channel_id):
            row = await self.storage.active_game(channel_id)
            if row is None:
                raise IllegalAction(_("There's no game here. Open one with `/game new`."))
            if user_id != row.host_id and not moderator:
                raise NotModerator(_("Only the host or a moderator can set the timers."))
            game = self.game(row.game)
            check_consequence(game, timers.on_timeout)
            async with self.storage.transaction() as tx:
                await tx.set_timers(row.id, timers.remind_s, timers.timeout_s, timers.on_timeout)
            if row.status == "running":
                loaded = replace(await self._load(channel_id), timers=timers)
                waiting = loaded.must_act() - loaded.resigned()
                plan = arm(timers, self.servers.timers(row.guild_id), len(waiting), self.clock(), loaded.version)
                await self.storage.plan_timers(row.id, plan)
                if plan.due:
                    self.timers_armed(min(due for _kind, due in plan.due))
            return timers

    async def timeout_choices(self, channel_id: int) -> tuple[str, ...]:
        """What a timeout may do in the channel's game (lobby or running): `skip` only where its rules pass."""
        row = await self.storage.active_game(channel_id)
        return consequences(self.game(row.game)) if row is not None else ()

    async def game_timers(self, channel_id: int) -> GameTimers:
        """The channel's game's timer settings."""
        row = await self.storage.active_game(channel_id)
        if row is None:
            raise IllegalAction(_("There's no game here. Open one with `/game new`."))
        return GameTimers(row.remind_s, row.timeout_s, row.on_timeout)

    async def due_timers(self, limit: int = 200) -> list[TimerRow]:
        """Timers due now, soonest first."""
        return await self.storage.due_timers(self.clock(), limit)

    async def fire(self, timer: TimerRow) -> Reminder | Update | None:
        """Fire a due timer once: a reminder to send, a timeout's Update, or None if the wait is over."""
        async with self.locks(timer.channel_id):
            row = await self.storage.active_game(timer.channel_id)
            armed = {t.kind: t for t in await self.storage.timers(timer.game_id)}
            if armed.get(timer.kind) != timer:
                return None  # a move re-armed it (or ended the wait) first: the late timer does nothing
            if row is None or row.id != timer.game_id or row.status != "running":
                await self.storage.claim_timer(timer)
                return None
            try:
                loaded = await self._running(timer.channel_id)
            except IllegalAction:  # another process ended the game since the row above was read: the wait is over
                await self.storage.claim_timer(timer)
                return None
            waiting = loaded.must_act() - loaded.resigned()
            if timer.kind == "remind":
                if not await self.storage.claim_timer(timer):
                    return None
                users = tuple(s.user_id for s in loaded.seats if s.seat in waiting and s.computer is None)
                log.info("reminder channel=%s game=%s seats=%d", timer.channel_id, loaded.game.name, len(users))
                return Reminder(
                    loaded.game_id, loaded.channel_id, loaded.guild_id, loaded.game.title, users, row.board_message_id
                )
            log.info(
                "timeout channel=%s game=%s step=%d consequence=%s",
                timer.channel_id,
                loaded.game.name,
                loaded.moves,
                row.on_timeout,
            )
            try:
                return await self._time_out(loaded, waiting, _("Time is up"))
            except MovedOn:  # another process moved the game (or fired this timeout) first: the wait is over
                log.info("timeout overtaken channel=%s game=%s", timer.channel_id, loaded.game.name)
                return None

    async def skip(self, channel_id: int, by: Player, *, moderator: bool) -> Update:
        """A moderator applies the timeout's consequence now to everyone the game waits for."""
        if not moderator:
            raise NotModerator(_("Only a moderator can skip a turn."))
        async with self.locks(channel_id):
            loaded = await self._running(channel_id)
            waiting = loaded.must_act() - loaded.resigned()
            if not waiting:
                raise IllegalAction(_("Nobody has to move right now, so there is nothing to skip."))
            log.info("skip channel=%s game=%s step=%d by=%s", channel_id, loaded.game.name, loaded.moves, by.user_id)
            with self.in_public(loaded.guild_id):
                why = _("{player} skips the wait").format(player=by.shown)
            return await self._time_out(loaded, waiting, why, actor=by.user_id)

    async def _time_out(self, loaded: Loaded, waiting: frozenset[int], why: str, actor: int | None = None) -> Update:
        consequence = loaded.timers.on_timeout
        with self.in_public(loaded.guild_id):
            line = timeout_line(consequence, why, [loaded.name(s) for s in sorted(waiting)])
        if consequence == "forfeit":
            return await self._after(loaded, [], lines=[line], actor=actor, resigning=tuple(sorted(waiting)))
        if consequence == "computer":
            moves = await self.stand_in_moves(loaded, waiting)
            if moves is not None:
                return await self._after(loaded, moves, lines=[line], actor=actor, rearm=True)
        return await self._after(loaded, [], lines=[line], actor=actor, forced=waiting, skip=consequence == "skip")

    # ------------------------------------------------------------------ moderators

    async def kick(self, channel_id: int, by: Player, user_id: int, *, moderator: bool) -> Update:
        """Remove a player: their seat plays by default until someone takes it."""
        if not moderator:
            raise NotModerator(_("Only a moderator can remove a player."))
        async with self.locks(channel_id):
            loaded = await self._running(channel_id)
            seat = loaded.maybe_seat_of(user_id)
            if seat is None or loaded.seats[seat].vacant:
                raise IllegalAction(_("That user isn't playing in this game."))
            with self.in_public(loaded.guild_id):
                line = _(
                    "{moderator} removed {player} from the game. Their seat plays by default "
                    "until someone takes it with `/game join`."
                ).format(moderator=by.shown, player=loaded.name(seat))
            log.info(
                "kick channel=%s game=%s step=%d seat=%d by=%s",
                channel_id,
                loaded.game.name,
                loaded.moves,
                seat,
                by.user_id,
            )
            return await self._after(loaded, [], lines=[line], actor=by.user_id, resigning=(seat,), vacating=True)

    async def replace_player(
        self, channel_id: int, old_id: int, new: Player | None, by: Player, *, moderator: bool, computer: str = ""
    ) -> Update:
        """Give a seat to someone else (a moderator's `/game replace`, or anyone taking a vacant seat).

        With no `new` player, a computer at level `computer` takes the seat (moderators only)."""
        async with self.locks(channel_id):
            loaded = await self._running(channel_id)
            seat = loaded.maybe_seat_of(old_id)
            if seat is None:
                raise IllegalAction(_("That user isn't playing in this game."))
            if not moderator and not loaded.seats[seat].vacant:
                raise NotModerator(_("Only a moderator can replace a player."))
            level = None
            if new is None:
                level = check_level(loaded.game.name, computer)
                name = free_name(s.user_id for s in loaded.seats)
                with self.in_public(loaded.guild_id):
                    new = Player(computer_id(name, level), computer_name(name, level))
            if loaded.maybe_seat_of(new.user_id) is not None:
                raise IllegalAction(_("{player} already holds a seat in this game.").format(player=new.shown))
            old_name = loaded.name(seat)
            given = SeatInfo(seat, new.user_id, new.name, computer=level)  # playing again: neither resigned nor vacant
            loaded = replace(loaded, seats=tuple(given if s.seat == seat else s for s in loaded.seats))
            with self.in_public(loaded.guild_id):
                if by.user_id == new.user_id:
                    line = _("{player} takes {old}'s seat.").format(player=new.shown, old=old_name)
                else:
                    line = _("{moderator} gives {old}'s seat to {player}.").format(
                        moderator=by.shown, old=old_name, player=new.shown
                    )
            view = loaded.view(seat)
            dms = {} if level else {new.user_id: view}  # a computer is sent nothing
            update = self._update(loaded, [line], actor=by.user_id, dm_views=dms, outcome=None, ended=None)
            async with self.storage.transaction() as tx:
                await tx.set_seat_user(loaded.game_id, seat, new.user_id, new.name, level)
                owed = await tx.owe(loaded.game_id, loaded.version, owings(update))
            self._cache.drop(channel_id)
            log.info(
                "seat replaced channel=%s game=%s step=%d seat=%d by=%s",
                channel_id,
                loaded.game.name,
                loaded.moves,
                seat,
                by.user_id,
            )
            first = (new.user_id,) if holds_secrets(view) and not level else ()
            return replace(update, owed=Owed.of(owed), first_views=first)

    async def seat_holder(self, channel_id: int, seat_number: int) -> int:
        """Who holds a seat, numbered from 1 as the board shows it (a person's id, or a computer's)."""
        loaded = await self._running(channel_id)
        if not 1 <= seat_number <= len(loaded.seats):
            raise IllegalAction(_("Choose a seat from 1 to {seats}.").format(seats=len(loaded.seats)))
        return loaded.seats[seat_number - 1].user_id

    async def take_seat(self, channel_id: int, player: Player) -> Update:
        """Anyone not playing takes the first vacant seat of the running game."""
        loaded = await self._running(channel_id)
        vacant = next((s for s in loaded.seats if s.vacant), None)
        if vacant is None:
            raise IllegalAction(_("This game has already started, and no seat is free."))
        return await self.replace_player(channel_id, vacant.user_id, player, player, moderator=False)

    # ------------------------------------------------------------------ seated games (tournaments)

    async def start_seated(self, guild_id: int, channel_id: int, table: SeatedTable) -> Update:
        """Start a game with its seats already assigned (a tournament table), linked to the table atomically."""
        game = self.game(table.game)
        options = resolve_options(game.options, table.options)
        if len(table.players) not in seat_counts(game):
            raise IllegalAction(
                _("{game} can't be played by {count}.").format(game=game.title, count=len(table.players))
            )
        async with self.locks(channel_id):
            seed = self.seeds()
            state = new_state(game, seed, len(table.players), options)
            now = self.clock()
            async with self.storage.transaction() as tx:
                host = table.players[0]
                game_id = await tx.create_game(
                    guild_id, channel_id, game.name, host.user_id, json.dumps(options), seed, now
                )
                for player in table.players:
                    await tx.add_seat(game_id, player.user_id, player.name)
                timers = table.timers
                await tx.set_timers(game_id, timers.remind_s, timers.timeout_s, timers.on_timeout)
                await tx.set_tournament(game_id, table.tournament_id)
                await tx.link_table(table.tournament_id, table.round, table.table_no, game_id)
                await tx.start_game(game_id, state_text(game, state), 1, now)
            loaded = await self._load(channel_id)
            views = {s.user_id: loaded.view(s.seat) for s in loaded.seats}
            dms = {user_id: view for user_id, view in views.items() if holds_secrets(view)}
            players = ", ".join(p.shown for p in table.players)
            with self.in_public(loaded.guild_id):
                line = _("{game} begins with {players}.").format(game=game.title, players=players)
            log.info("seated game started channel=%s game=%s seats=%d", channel_id, game.name, len(table.players))
            update = await self._after(loaded, [], lines=[line], actor=None, dm_views=dms, new_board=True)
            return replace(update, first_views=tuple(dms))

    # ------------------------------------------------------------------ privacy

    async def forget(self, user_id: int) -> int:
        """Remove a user's stats, ratings and preferences (their past seats stay, anonymous); not mid-game."""
        if await self.storage.running_games_of(user_id):
            raise IllegalAction(_("You're still playing: finish or `/game resign` your running games first."))
        async with self.storage.transaction() as tx:
            forgotten = await tx.forget_user(user_id)
        log.info("user forgotten games=%d", forgotten)  # no user id: the point is to forget it
        return forgotten

    # ------------------------------------------------------------------ turns

    async def turns_of(self, user_id: int) -> list[TurnWaiting]:
        """Every running game where this user must act now."""
        waiting = []
        for row in await self.storage.running_games_of(user_id):
            game = self.game(row.game)
            seats = await self.storage.seats(row.id)
            seat = next((s.seat for s in seats if s.user_id == user_id and not s.resigned), None)
            if seat is None or row.state is None:
                continue
            if seat in must_act(game, game.from_json(json.loads(row.state))):
                timers = {t.kind: t for t in await self.storage.timers(row.id)}
                remind = timers.get("remind")
                waiting.append(
                    TurnWaiting(
                        row.guild_id,
                        row.channel_id,
                        game.title,
                        row.board_message_id,
                        None if remind is None else remind.due_ms,
                    )
                )
        return waiting


def timer_words(timers: GameTimers) -> str:
    """ "reminder 12h · timeout 2d, then auto" for a lobby or a reply."""
    remind = pgettext("reminder", "default") if timers.remind_s is None else duration_words(timers.remind_s)
    timeout, consequence = duration_words(timers.timeout_s), consequence_name(timers.on_timeout)
    if timers.timeout_s is None:
        # The consequence is kept even with no timeout: say it, or choosing one would look ignored.
        return _("reminder {remind} · timeout {timeout}, then {consequence} once a timeout is set").format(
            remind=remind, timeout=timeout, consequence=consequence
        )
    return _("reminder {remind} · timeout {timeout}, then {consequence}").format(
        remind=remind, timeout=timeout, consequence=consequence
    )
