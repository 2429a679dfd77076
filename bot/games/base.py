"""The game contract every Tetsudō game satisfies, and the small types it speaks in."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypeAlias, runtime_checkable

from bot.games.rng import GameRandom
from bot.i18n import _, language, pgettext, speaking

JSON: TypeAlias = Any
"""A JSON-ready value: ints, strings, bools, None, lists and string-keyed dicts."""

Arg: TypeAlias = str | int


SEAT_MARK = re.compile(r"<seat:(\d+)>")

SWITCH_ON = frozenset({"1", "true", "yes", "on", "oui", "vrai"})
SWITCH_OFF = frozenset({"0", "false", "no", "off", "non", "faux"})
"""The words an on/off option accepts, English and French alike (`option_text` shows them in the reader's language)."""


def seat_mark(seat: int) -> str:
    """A seat named inside game text ("<seat:2>"); the Discord layer writes the player's name there."""
    return f"<seat:{seat}>"


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with every seat mark replaced by that seat's player name."""

    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        return names[seat] if seat < len(names) else _("seat {n}").format(n=seat + 1)

    return SEAT_MARK.sub(name, text)


class IllegalAction(Exception):
    """A move or request the rules refuse; its message is shown to the player as is.

    A game's `apply` may give a function that words the reason instead of the reason: it is called only when the
    message is read, in the language spoken when the move was refused. Searches and the contract's tests have moves
    refused millions of times and never read why.
    """

    def __init__(self, message: str | Callable[[], str]) -> None:
        if callable(message):
            super().__init__()
            self._worded: Callable[[], str] | None = message
            self._language = language()
        else:
            super().__init__(message)
            self._worded = None

    @property
    def message(self) -> str:
        """Why the move was refused."""
        if self._worded is not None:
            worded, self._worded = self._worded, None
            with speaking(self._language):
                self.args = (worded(),)
        return str(self.args[0])

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> str | tuple[Any, ...]:
        self.args = (self.message,)  # worded before pickling: the function need not cross to another process
        return super().__reduce__()


class StaleMove(IllegalAction):
    """A move answering a step that is over (a menu of an earlier roll or card): the player needs today's moves."""


@lru_cache(maxsize=1 << 16)
def _token(verb: str, args: tuple[Arg, ...]) -> str:
    # Every view lists its seat's moves by token: the same few hundred moves, written again at each step.
    return json.dumps([verb, *args], separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Action:
    """One move: a verb and its arguments; `at` is the engine's time stamp in ms since the start."""

    verb: str
    args: tuple[Arg, ...] = ()
    at: int | None = field(default=None, compare=False)

    def bare(self) -> Action:
        """This action without its time stamp, as `legal_actions` lists it."""
        return self if self.at is None else Action(self.verb, self.args)

    def stamped(self, at_ms: int) -> Action:
        """This action stamped with the engine's clock."""
        return Action(self.verb, self.args, at_ms)

    def to_json(self) -> list[JSON]:
        """A compact JSON list: [verb, args...] (time stamps travel in the log row, not here)."""
        return [self.verb, *self.args]

    @classmethod
    def from_json(cls, data: Sequence[JSON], at: int | None = None) -> Action:
        """Parse `to_json` output; raises IllegalAction on anything malformed."""
        if not data or not isinstance(data[0], str):
            raise IllegalAction(_("That move is not one I understand."))
        args = tuple(data[1:])
        if any(isinstance(a, bool) or not isinstance(a, str | int) for a in args):
            raise IllegalAction(_("That move is not one I understand."))
        return cls(data[0], args, at)

    def token(self) -> str:
        """The action as a short string for a button custom_id or a select value."""
        return _token(self.verb, self.args)

    @classmethod
    def from_token(cls, token: str) -> Action:
        """Parse `token` output; raises IllegalAction on anything malformed."""
        return _parsed(token)


@lru_cache(maxsize=1 << 16)
def _parsed(token: str) -> Action:
    # Actions are immutable, so one parse serves every later pick of the same move (refusals are not kept).
    try:
        data = json.loads(token)
    except ValueError:
        raise IllegalAction(_("That move is not one I understand.")) from None
    if not isinstance(data, list):
        raise IllegalAction(_("That move is not one I understand."))
    return Action.from_json(data)


@dataclass(frozen=True, slots=True)
class Option:
    """One game option as the host may set it in the lobby ("key=value")."""

    name: str
    default: str | int | bool
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def _out_of_range(self) -> str:
        """The refusal of a number outside the option's bounds."""
        if self.minimum is not None and self.maximum is not None:
            return _("Option `{name}` must be between {minimum} and {maximum}.").format(
                name=self.name, minimum=self.minimum, maximum=self.maximum
            )
        if self.minimum is not None:
            return _("Option `{name}` must be at least {minimum}.").format(name=self.name, minimum=self.minimum)
        return _("Option `{name}` must be at most {maximum}.").format(name=self.name, maximum=self.maximum)

    def parse(self, raw: str) -> str | int | bool:
        """Turn the host's text into a typed value, or refuse with a reason."""
        if isinstance(self.default, bool):
            lowered = raw.strip().lower()
            if lowered in SWITCH_ON:
                return True
            if lowered in SWITCH_OFF:
                return False
            raise IllegalAction(_("Option `{name}` is on or off, not `{raw}`.").format(name=self.name, raw=raw))
        if isinstance(self.default, int):
            try:
                value = int(raw)
            except ValueError:
                raise IllegalAction(
                    _("Option `{name}` takes a whole number, not `{raw}`.").format(name=self.name, raw=raw)
                ) from None
            too_low = self.minimum is not None and value < self.minimum
            too_high = self.maximum is not None and value > self.maximum
            if too_low or too_high:
                raise IllegalAction(self._out_of_range())
            return value
        if self.choices and raw not in self.choices:
            raise IllegalAction(
                _("Option `{name}` must be one of: {choices}.").format(name=self.name, choices=", ".join(self.choices))
            )
        return raw


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Fill defaults and check every given option; unknown names are refused with a reason."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown and not by_name:
        raise IllegalAction(_("Unknown option `{option}` (this game's options: none).").format(option=unknown[0]))
    if unknown:
        known = ", ".join(by_name)
        raise IllegalAction(
            _("Unknown option `{option}` (this game's options: {known}).").format(option=unknown[0], known=known)
        )
    resolved: dict[str, Any] = {}
    for option in declared:
        # Typed values (from stored JSON or a caller) are checked too, not trusted: str() then parse.
        resolved[option.name] = option.parse(str(given.get(option.name, option.default)))
    return resolved


def option_text(options: Mapping[str, Any]) -> list[str]:
    """Options as the host types them (`key=value`, on/off for switches, in the language in use), in their order.

    `Option.parse` reads a switch's word back in every language, so a host may type what they are shown.
    """
    shown = {True: pgettext("option switch", "on"), False: pgettext("option switch", "off")}
    return [f"{k}={shown[v] if isinstance(v, bool) else v}" for k, v in options.items()]


def parse_option_text(text: str) -> dict[str, str]:
    """Parse "key=value key2=value2" as typed in the lobby; refuse anything else."""
    pairs: dict[str, str] = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise IllegalAction(_("Options are written `key=value`; `{word}` is not.").format(word=word))
        pairs[key.strip().lower()] = value.strip()
    return pairs


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: scores and ranks by seat (1 = best, ties share) and why."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str

    @classmethod
    def from_scores(cls, scores: Sequence[int], reason: str, *, lower_wins: bool = False) -> Outcome:
        """Rank seats by score with shared places for ties."""
        sign = 1 if lower_wins else -1
        ranks = tuple(1 + sum(1 for other in scores if sign * other < sign * s) for s in scores)
        return cls(tuple(scores), ranks, reason)

    def winners(self) -> tuple[int, ...]:
        """The seats ranked first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


def seat_counts(game: Game) -> tuple[int, ...]:
    """The numbers of players a game may start with: its own `seat_counts` (teams of two), else min to max."""
    counts: tuple[int, ...] | None = getattr(game, "seat_counts", None)
    return counts or tuple(range(game.min_seats, game.max_seats + 1))


def must_act(game: Game, state: State) -> frozenset[int]:
    """The seats that must act now (they are pinged): those that may act and have a default move."""
    return frozenset(seat for seat in game.to_act(state) if game.default_action(state, seat) is not None)


def seat_count_words(game: Game) -> str:
    """Those numbers as players read them: "2–8", or "4, 6 or 8"."""
    return counts_words(seat_counts(game))


def counts_words(counts: Sequence[int]) -> str:
    """Numbers of players as players read them: "2–8", or "4, 6 or 8"."""
    if tuple(counts) == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
    return _("{counts} or {last}").format(counts=", ".join(map(str, counts[:-1])), last=counts[-1])


def make_view(
    public: JSON, private: JSON | None, prompt: str, legal: Sequence[Action], label: Callable[[Action], str]
) -> dict[str, JSON]:
    """The shape of every player view: public part, the seat's own secrets, its prompt and moves.

    `label` names each move in its owner's menu; it may show that seat's secrets (e.g. "bid 7")
    because a view only ever reaches its own seat.
    """
    return {
        "public": public,
        "private": private,
        "prompt": prompt,
        "legal": [{"token": a.token(), "label": label(a)} for a in legal],
    }


State: TypeAlias = Any
"""A game's own state type: plain dataclasses inside the rules, JSON at the boundary."""


@runtime_checkable
class Game(Protocol):
    """What every game exports; the engine, Discord layer and renderers know games only through this.

    Views are dicts made by `make_view`: "public" is the same for every seat, "private" holds what
    only that seat may know (None for spectators), "legal" lists its moves. Hidden information is
    decided in `player_view` and nowhere else.

    Optional: `skip_action(state, seat) -> Action | None`, the pass a timeout's `skip` makes for a seat that must
    act, only where the rules have one and using only what that seat may see. Never a player's choice, it may be
    missing from `legal_actions`; `apply` accepts it all the same. A game without it offers no `skip`.
    Optional: `from_log(state, seat, action) -> Action`, a logged move as this version plays it (moves that changed
    shape); `no_undo() -> str`, the reason a game refuses every `/game undo` (a real-time race).
    """

    @property
    def name(self) -> str:
        """The one snake_case name used everywhere (registry key, database, commands)."""
        ...

    @property
    def title(self) -> str:
        """The name players read."""
        ...

    @property
    def min_seats(self) -> int:
        """Fewest players."""
        ...

    @property
    def max_seats(self) -> int:
        """Most players."""
        ...

    @property
    def options(self) -> tuple[Option, ...]:
        """The options a host may set, with defaults and allowed values."""
        ...

    @property
    def schema(self) -> int:
        """The version of the state's JSON shape."""
        ...

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> State:
        """A new game; refuses bad options or seat counts with IllegalAction."""
        ...

    def to_act(self, state: State) -> frozenset[int]:
        """The seats that may act now (several in simultaneous steps and races; none when over)."""
        ...

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every move `seat` may make now (drives buttons, selects and autocomplete)."""
        ...

    def apply(self, state: State, seat: int, action: Action, rng: GameRandom) -> State:
        """The state after `seat` plays `action`; raises IllegalAction for anything not legal."""
        ...

    def default_action(self, state: State, seat: int) -> Action | None:
        """What `seat` plays when its timer runs out (None when it has nothing to do)."""
        ...

    def player_view(self, state: State, seat: int | None) -> dict[str, JSON]:
        """Everything `seat` may see (None: a spectator), its prompt and its legal moves."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """None while the game runs; the final scores and ranks once it is over."""
        ...

    def standing(self, state: State) -> Outcome:
        """The scores and ranks if the game stopped now (equal to `outcome` once the game is over)."""
        ...

    def describe(self, action: Action) -> str:
        """A short public phrase for the log, without the player's name ("draws a card")."""
        ...

    def narrate(self, state: State) -> tuple[str, ...]:
        """Public sentences on what the move just applied caused ("Aiko passes; her train is open")."""
        ...

    def to_json(self, state: State) -> dict[str, JSON]:
        """The state as JSON-ready data (its `schema` number included)."""
        ...

    def from_json(self, data: Mapping[str, JSON]) -> State:
        """The state back from `to_json` output."""
        ...
