"""A running game held in memory between moves, and the small cache that keeps it."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.engine.names import shown_name
from bot.engine.timers import GameTimers
from bot.engine.update import SeatInfo
from bot.games.base import Game, IllegalAction, State, must_act, name_seats
from bot.i18n import _, language
from bot.storage import GameRow, SeatRow


@dataclass(slots=True)
class Loaded:
    """Everything the one path needs about a running game; replaced, never mutated, after a commit."""

    game_id: int
    guild_id: int | None
    channel_id: int
    game: Game
    host_id: int
    seed: int
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    state: State
    version: int
    undo_floor: int
    moves: int
    started_ms: int
    timers: GameTimers = field(default_factory=GameTimers)
    tournament_id: int | None = None
    _views: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict, init=False, repr=False)
    """What each seat (None: the public) sees, by language: worked out once for this version, kept with it."""
    _must_act: frozenset[int] | None = field(default=None, init=False, repr=False)

    @classmethod
    def from_rows(cls, row: GameRow, seats: list[SeatRow], game: Game, moves: int) -> Loaded:
        """Build from stored rows (the state row is a cache of the replay)."""
        assert row.state is not None and row.started_ms is not None
        return cls(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=game,
            host_id=row.host_id,
            seed=row.seed,
            options=json.loads(row.options),
            seats=tuple(SeatInfo(s.seat, s.user_id, s.name, s.resigned, s.vacant, s.computer) for s in seats),
            state=game.from_json(json.loads(row.state)),
            version=row.version,
            undo_floor=row.undo_floor,
            moves=moves,
            started_ms=row.started_ms,
            timers=GameTimers(row.remind_s, row.timeout_s, row.on_timeout),
            tournament_id=row.tournament_id,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` sees (None: anyone), worded in the current language; shared, so never to be changed."""
        key = (seat, language())
        found = self._views.get(key)
        if found is None:
            found = self._views[key] = self.game.player_view(self.state, seat)
        return found

    def must_act(self) -> frozenset[int]:
        """The seats that must act now (see `bot.games.base.must_act`), worked out once for this version."""
        if self._must_act is None:
            self._must_act = must_act(self.game, self.state)
        return self._must_act

    def seat_of(self, user_id: int) -> int:
        """The seat a user holds; refuses users who are not playing."""
        for info in self.seats:
            if info.user_id == user_id:
                return info.seat
        raise IllegalAction(_("You're not playing in this game."))

    def maybe_seat_of(self, user_id: int | None) -> int | None:
        """The seat a user holds, or None for spectators."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def name(self, seat: int) -> str:
        """A seat's player's name as written into text (escaped)."""
        return shown_name(self.seats[seat].name)

    def named(self, text: str) -> str:
        """Game text with its seat marks replaced by the players' names."""
        return name_seats(text, [shown_name(s.name) for s in self.seats])

    def computers(self) -> frozenset[int]:
        """Seats a computer plays."""
        return frozenset(s.seat for s in self.seats if s.computer is not None)

    def resigned(self) -> frozenset[int]:
        """Seats the engine plays by default."""
        return frozenset(s.seat for s in self.seats if s.resigned)


class LoadedCache:
    """The most recently used running games, so a move costs no read of the state row."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[int, Loaded] = OrderedDict()

    def get(self, channel_id: int) -> Loaded | None:
        """The cached game of a channel, if any."""
        loaded = self._items.get(channel_id)
        if loaded is not None:
            self._items.move_to_end(channel_id)
        return loaded

    def put(self, loaded: Loaded) -> None:
        """Remember a game after a commit."""
        self._items[loaded.channel_id] = loaded
        self._items.move_to_end(loaded.channel_id)
        while len(self._items) > self._size:
            self._items.popitem(last=False)

    def drop(self, channel_id: int) -> None:
        """Forget a game (it ended, or a write failed and the stored copy is the truth)."""
        self._items.pop(channel_id, None)
