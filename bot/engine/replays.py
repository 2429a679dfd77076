"""Replays: an ended game step by step, rebuilt from its log by the engine's own replay (nothing new is stored).

Step 0 is the game as set up, step n the game after the n-th logged move. Once a game has ended every view may be
shown (hands, tickets, sheets and targets were all revealed or scored at the end); a running game has no replay, so
a replay never tells anything a player could still use. Rebuilt games are kept briefly (`GAMES_KEPT`), with a state
every `CHECKPOINT_EVERY` steps, so stepping back and forth replays a few moves at most.
"""

from __future__ import annotations

import functools
import json
import time
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.manager import seat_name
from bot.engine.names import shown_name
from bot.engine.replay import apply_logged, logged_action, new_state
from bot.engine.replay_marks import SHOWN, Mark, found, labelled
from bot.engine.turns import Move, move_line
from bot.engine.update import SeatInfo, Update
from bot.games.base import JSON, Game, IllegalAction, State, name_seats
from bot.i18n import _
from bot.storage import ActionRow, GameRow, Storage

GAMES_KEPT = 8
"""Ended games kept rebuilt at once: a few people stepping through a few games."""
CHECKPOINT_EVERY = 16
"""A state is kept every this many steps: a step is at most this many moves from a kept state."""
ENDED = ("finished", "abandoned")


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the game at that step as one seat (or everyone) saw it, and the move that led to it."""

    game_id: int
    game: str
    title: str
    guild_id: int | None
    channel_id: int
    step: int
    """0: as set up; n: after the n-th logged move."""
    steps: int
    """The last step (how many moves were logged)."""
    seat: int | None
    """Whose view `view` is (None: the public one)."""
    view: dict[str, JSON]
    public: dict[str, JSON]
    """Everyone's view at this step (`view` itself when `seat` is None)."""
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    mover: int | None
    """The seat whose move led to this step (None at step 0)."""
    line: str
    """The move's public line, what followed from it included ("" at step 0)."""

    def update(self) -> Update:
        """The step as the update its pictures and their descriptions are made from."""
        holders = zip(self.user_ids, self.names, strict=True)
        seats = tuple(SeatInfo(seat, uid, name) for seat, (uid, name) in enumerate(holders))
        return Update(
            game_id=self.game_id,
            channel_id=self.channel_id,
            game=self.game,
            title=self.title,
            version=self.step,
            seats=seats,
            public=self.public,
            actor_id=None if self.seat is None else self.user_ids[self.seat],
            actor_view=None if self.seat is None else self.view,
        )


@dataclass
class Rebuilt:
    """An ended game's log and the states kept along it."""

    game: Game
    row: GameRow
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    left: frozenset[int]
    actions: list[ActionRow]
    states: dict[int, State] = field(default_factory=dict)
    marks: list[Mark] | None = None
    """Where each round (or turn) began: found once, when first asked for (`Replays.marks`)."""

    def state_at(self, step: int) -> State:
        """The state after `step` moves, replayed from the nearest kept state before it."""
        start = max(n for n in self.states if n <= step)
        return [self.states[start], *self.along(start, step)][-1]

    def along(self, start: int, end: int) -> Iterator[State]:
        """The states after moves `start`+1 to `end`, replayed from the state kept at `start` (keeping some)."""
        state = self.states[start]
        for n in range(start, end):
            state = apply_logged(self.game, state, self.actions[n], self.row.seed)
            if (n + 1) % CHECKPOINT_EVERY == 0:
                self.states[n + 1] = state
            yield state

    def line(self, step: int, state: State) -> str:
        """The public line of the move that led to `step` (`state`, after it)."""
        if step == 0:
            return ""
        row = self.actions[step - 1]
        move = Move(row.seat, logged_action(row), row.auto, row.n, self.game.narrate(state))
        name = self.names[row.seat] if row.seat < len(self.names) else "?"
        return name_seats(move_line(self.game, move, name, row.seat in self.left), self.names)


class Replays:
    """Steps of ended games, rebuilt on demand and kept briefly."""

    def __init__(self, storage: Storage, games: Mapping[str, Game], kept: int = GAMES_KEPT) -> None:
        self.storage = storage
        self.games = games
        self.kept = kept
        self._rebuilt: OrderedDict[int, Rebuilt] = OrderedDict()

    async def step(self, game_id: int, step: int, seat: int | None = None) -> ReplayStep:
        """Step `step` of the ended game `game_id` (clamped to its first and last), as `seat` saw it (None: the
        public view); refused for a game that is unknown or has not ended."""
        rebuilt = await self._of(game_id)
        steps = len(rebuilt.actions)
        step = min(max(step, 0), steps)
        if seat is not None and not 0 <= seat < len(rebuilt.names):
            raise IllegalAction(_("That game had no such seat."))
        state = rebuilt.state_at(step)
        mover = rebuilt.actions[step - 1].seat if step else None
        public = rebuilt.game.player_view(state, None)
        row = rebuilt.row
        return ReplayStep(
            game_id=game_id,
            game=rebuilt.game.name,
            title=rebuilt.game.title,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            step=step,
            steps=steps,
            seat=seat,
            view=public if seat is None else rebuilt.game.player_view(state, seat),
            public=public,
            names=rebuilt.names,
            user_ids=rebuilt.user_ids,
            mover=mover,
            line=rebuilt.line(step, state),
        )

    async def choices(self, guild_id: int, channel_id: int, user_id: int, limit: int) -> list[tuple[int, str]]:
        """Ended games of a server that one may want to replay, newest first: those of this channel and the user's
        own, each with a label (its game, players and the day it ended)."""
        found = []
        for row in await self.storage.ended_games_to_replay(guild_id, channel_id, user_id, limit):
            game = self.games.get(row.game)
            if game is None:
                continue
            seats = sorted(await self.storage.seats(row.id), key=lambda s: s.seat)
            players = ", ".join(shown_name(seat_name(s)) for s in seats)
            day = time.strftime("%Y-%m-%d", time.gmtime((row.finished_ms or row.created_ms) / 1000))
            found.append((row.id, f"{game.title} · {players} · {day}"))
        return found

    async def _of(self, game_id: int) -> Rebuilt:
        """The game rebuilt, from those kept or read anew."""
        kept = self._rebuilt.get(game_id)
        if kept is not None:
            self._rebuilt.move_to_end(game_id)
            return kept
        row = await self.storage.game(game_id)
        if row is None or row.game not in self.games or row.started_ms is None:
            raise IllegalAction(_("There is no such game to replay."))
        if row.status not in ENDED:
            raise IllegalAction(_("That game is still running: its replay opens once it has ended."))
        seats = sorted(await self.storage.seats(game_id), key=lambda s: s.seat)
        game = self.games[row.game]
        options: dict[str, Any] = json.loads(row.options)
        rebuilt = Rebuilt(
            game=game,
            row=row,
            names=tuple(shown_name(seat_name(s)) for s in seats),
            user_ids=tuple(s.user_id for s in seats),
            left=frozenset(s.seat for s in seats if s.resigned),
            actions=await self.storage.actions(game_id),
            states={0: new_state(game, row.seed, len(seats), options)},
        )
        self._rebuilt[game_id] = rebuilt
        while len(self._rebuilt) > self.kept:
            self._rebuilt.popitem(last=False)
        return rebuilt

    async def marks(self, game_id: int, limit: int = SHOWN) -> list[tuple[int, str]]:
        """The steps a replay may jump to, at most `limit`, each labelled ("Round 3 · step 41", "Turn 12 · step 80")."""
        rebuilt = await self._of(game_id)
        last = len(rebuilt.actions)
        if rebuilt.marks is None:
            # The log is replayed once; its states are held only while the marks are found.
            states = [rebuilt.state_at(0), *rebuilt.along(0, last)]
            rebuilt.marks = found(functools.cache(lambda n: rebuilt.game.player_view(states[n], None)), last)
        return labelled(rebuilt.marks, last, limit)
