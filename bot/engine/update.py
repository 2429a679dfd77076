"""What the engine hands back to the Discord layer: views, log lines and who to tell."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.names import shown_name, stored_name
from bot.games.base import Outcome
from bot.storage import Owing


@dataclass(frozen=True, slots=True)
class Player:
    """A Discord user as the engine knows them: an id and a display name (stored clean of control characters)."""

    user_id: int
    name: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", stored_name(self.name))

    @property
    def shown(self) -> str:
        """The name as written into text (escaped)."""
        return shown_name(self.name)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who holds a seat, and whether they resigned or were removed (the engine then plays it by default)."""

    seat: int
    user_id: int
    name: str
    resigned: bool = False
    vacant: bool = False
    """Its player was removed by a moderator; anyone may take the seat."""
    computer: str | None = None
    """The level of the computer playing this seat; None: a person (only people get DMs, pings, ephemerals)."""

    @property
    def shown(self) -> str:
        """The player's name as written into text (escaped)."""
        return shown_name(self.name)


@dataclass(frozen=True, slots=True)
class Lobby:
    """A lobby waiting for players: who is in, the options, and whether it can start."""

    game_id: int
    channel_id: int
    game: str
    title: str
    host_id: int
    players: tuple[Player, ...]
    options: dict[str, Any]
    min_seats: int
    max_seats: int
    version: int
    seat_counts: tuple[int, ...] = ()
    """The numbers of players the game may start with (teams of two skip the odd ones); empty: min to max."""

    @property
    def can_start(self) -> bool:
        """Whether the players who joined are a number the game can start with."""
        counts = self.seat_counts or range(self.min_seats, self.max_seats + 1)
        return len(self.players) in counts


@dataclass(frozen=True, slots=True)
class Owed:
    """The outbox rows behind an Update: delivery settles each once Discord has it (or its fallback was said)."""

    public: tuple[int, ...] = ()
    """The channel's announcement (its lines and pings, the board, the results)."""
    private: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """Per user: the rows owing them their private view."""

    @classmethod
    def of(cls, ids: Mapping[int | None, int]) -> Owed:
        """From the ids one change's rows were given (recipient None: the channel)."""
        public = ids.get(None)
        return cls(() if public is None else (public,), {uid: (row,) for uid, row in ids.items() if uid is not None})


@dataclass(frozen=True, slots=True)
class Update:
    """The result of one change: enough for the Discord layer to tell everyone what they may know."""

    game_id: int
    channel_id: int
    game: str
    title: str
    version: int
    seats: tuple[SeatInfo, ...]
    public: dict[str, Any]
    lines: tuple[str, ...] = ()
    actor_id: int | None = None
    actor_view: dict[str, Any] | None = None
    dm_views: dict[int, dict[str, Any]] = field(default_factory=dict)
    to_ping: tuple[int, ...] = ()
    already_waiting: tuple[int, ...] = ()
    """Users who had to act before this change too (pinged back then): nobody needs pinging twice."""
    outcome: Outcome | None = None
    ended: str | None = None
    """Why the game ended (finished or abandoned); None while it runs."""
    tournament_id: int | None = None
    """The tournament whose table this game is, if any."""
    first_views: tuple[int, ...] = ()
    """Users this change deals their first private view of the game (its start, a seat taken): whoever gets no DMs
    is told once, in the game's channel, where that view is."""
    owed: Owed = field(default_factory=Owed)
    """The outbox rows this change wrote (none for a mere read): what its delivery settles."""

    @property
    def running(self) -> bool:
        """Whether the game goes on after this change."""
        return self.ended is None

    @property
    def newly_awaited(self) -> tuple[int, ...]:
        """Who the public line pings: those who must act anew (not the mover, nor those pinged before and awaited)."""
        if not self.running:
            return ()
        pinged_before = {self.actor_id, *self.already_waiting}
        return tuple(uid for uid in self.to_ping if uid not in pinged_before)


def owings(update: Update, *, new_board: bool = False) -> tuple[Owing, ...]:
    """What a change owes Discord: the channel's announcement, each private view it dealt (by owner only), and the
    mover's own reply: their new view, sent by DM after a restart if the bot stopped before answering them."""
    public = Owing(None, update.lines, update.newly_awaited, new_board)
    views = [Owing(user_id) for user_id in update.dm_views]
    mover = update.actor_id
    seated = any(s.user_id == mover and s.computer is None for s in update.seats)
    if mover is not None and update.actor_view is not None and seated and mover not in update.dm_views:
        views.append(Owing(mover))
    return (public, *views)
