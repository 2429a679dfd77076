"""Plain rows as the storage layer hands them to the engine."""

from __future__ import annotations

from dataclasses import dataclass


class StaleVersion(Exception):
    """A write expected a game version that is no longer current (someone else moved first)."""


class ChannelBusy(Exception):
    """The channel already has a lobby or a running game."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game: its lobby or running state, as stored."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_id: int
    options: str
    seed: int
    state: str | None
    version: int
    undo_floor: int
    board_message_id: int | None
    end_reason: str | None
    created_ms: int
    started_ms: int | None
    finished_ms: int | None
    remind_s: int | None = None
    """Seconds before a reminder; None = the default for the kind of step."""
    timeout_s: int | None = None
    """Seconds before the timeout's consequence; None = no timeout."""
    on_timeout: str = "auto"
    tournament_id: int | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A user's seat in a game (in the lobby, `seat` is the join order)."""

    game_id: int
    seat: int
    user_id: int
    name: str
    resigned: bool
    vacant: bool = False
    """Kicked by a moderator: played by default until someone takes the seat."""
    computer: str | None = None
    """The level of the computer playing this seat (its user id is then synthetic); None: a person."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry of a game's append-only action log."""

    game_id: int
    n: int
    seat: int
    action: str
    at_ms: int
    auto: bool


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's line in a finished game's results."""

    game_id: int
    seat: int
    user_id: int
    game: str
    guild_id: int | None
    score: int
    rank: int
    seat_count: int
    duration_s: int
    finished_ms: int


@dataclass(frozen=True, slots=True)
class TimerRow:
    """A pending reminder or timeout of a game, armed when its wait began (at `armed_version`)."""

    game_id: int
    channel_id: int
    kind: str
    due_ms: int
    armed_version: int


@dataclass(frozen=True, slots=True)
class TimerPlan:
    """What a change does to a game's timers: clear them, and arm these (kind, due) ones anew."""

    armed_version: int
    due: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One user's openskill rating in one game on one server."""

    guild_id: int
    game: str
    user_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
