"""Computer players of Toyko Train: a conductor guides from the target and its team's words, a tourist follows them.

Each role reads only its own view: the conductor its private target and dictionary, the tourist its dictionary and
the conductor's public signal (word and gesture). Neither keeps memory between moves: the public view says whether
the tourist has moved since the signal (`signalled_at` against `serial`) and which exchange a cancel would undo.
When a seat has nothing to do until its partner moves (`waiting`), it still returns a harmless move (a nod, a
point) because the contract wants one; the Discord layer should rather not ask it then.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.computers.base import Budget, Player, Seen
from bot.games.base import Action
from bot.games.toyko_train.data import NINE, SIX, Compartment, words_file
from bot.games.toyko_train.optimum import fewest_exchanges
from bot.games.toyko_train.state import SERIALS_PER_ROUND

Exchange = tuple[int, int]
Planner = Callable[["Table"], dict[Exchange, float]]
"""The exchanges a conductor would signal next, each rated by how far it leaves the target (lower is better)."""


@dataclass(frozen=True)
class Table:
    """What one seat knows of its team's compartment, read from its view."""

    seen: Seen
    compartment: Compartment
    seating: tuple[str, ...]
    team: dict[str, Any]

    @classmethod
    def of(cls, seen: Seen) -> Table:
        public = seen.public
        team = public["teams"][seen.private["team"]]
        return cls(seen, NINE if public["nine"] else SIX, tuple(team["seating"]), team)

    @property
    def target(self) -> tuple[str, ...]:
        return tuple(self.seen.private["target"])

    @property
    def fresh(self) -> bool:
        """Whether the team's signal was given at this very seating (the tourist hasn't acted on it yet)."""
        return self.team["signal"] is not None and self.team["signalled_at"] == self.team["serial"]

    @property
    def last(self) -> Exchange | None:
        """The exchange a cancel would undo, if any."""
        last = self.team["last"]
        return None if last is None else (self.compartment.places[last[0]], self.compartment.places[last[1]])

    @property
    def cancels(self) -> int:
        """The cancels this round, worked out from public counts (a serial grows by one for every swap and cancel)."""
        made, serial = int(self.team["made"]), int(self.team["serial"])
        standing = 2 * made - (serial - int(self.seen.public["round"]) * SERIALS_PER_ROUND)
        return made - standing

    def reading(self, colour: str, kind: str) -> Exchange | None:
        """The exchange a tourist makes of signal (colour, kind): the only one it may mean, or when it may mean
        several, the next in the compartment's order after each cancel (so a wrong guess cancelled is not made
        again, and a conductor who knows the rule can name an exchange that is read right)."""
        options = fitting(self.compartment, self.seating, colour, kind)
        return options[self.cancels % len(options)] if options else None

    def move(self, verb: str) -> Action:
        """This seat's legal move of that verb (its arguments are the round and serial the engine wants)."""
        return next(a for a in self.seen.legal if a.verb == verb)


def swapped(seating: tuple[str, ...], exchange: Exchange) -> tuple[str, ...]:
    """The seating after an exchange."""
    a, b = exchange
    after = list(seating)
    after[a], after[b] = after[b], after[a]
    return tuple(after)


def fitting(compartment: Compartment, seating: tuple[str, ...], colour: str, kind: str) -> list[Exchange]:
    """Every exchange a signal (colour, kind) may mean on this seating."""
    return [
        (a, b)
        for a, b in compartment.exchanges
        if compartment.kind_of(a, b) == kind and colour in (seating[a], seating[b]) and seating[a] != seating[b]
    ]


def useful(table: Table) -> list[Exchange]:
    """The exchanges that change the seating (twins swapped change nothing)."""
    return [(a, b) for a, b in table.compartment.exchanges if table.seating[a] != table.seating[b]]


# --- how far a seating is from the target ---------------------------------------------------------------------


def distance(table: Table, seating: tuple[str, ...]) -> int:
    """The fewest exchanges to the target (the existing breadth-first search, cached)."""
    return fewest_exchanges(table.compartment, seating, table.target)


def estimate(table: Table, seating: tuple[str, ...]) -> tuple[int, int]:
    """A quick greedy measure, lower is nearer: each misplaced tourist's steps to its nearest free right seat, and
    how many are misplaced."""
    compartment, target = table.compartment, table.target
    wrong = [p for p in range(compartment.size) if seating[p] != target[p]]
    steps = sum(min(_steps(compartment, p, q) for q in wrong if target[q] == seating[p]) for p in wrong)
    return steps, len(wrong)


def _steps(compartment: Compartment, a: int, b: int) -> int:
    """Exchanges a lone tourist needs from seat a to seat b (columns across, and one vertical step at most)."""
    (ra, ca), (rb, cb) = divmod(a, compartment.columns), divmod(b, compartment.columns)
    return abs(ca - cb) + (ra != rb)


# --- conductor ------------------------------------------------------------------------------------------------


def optimal(table: Table) -> dict[Exchange, float]:
    """Strong: the exchanges on a shortest path to the target (the optimum search).

    Only those: a step aside to a seating whose signals read more clearly looks cheaper at times, but the next
    seating may say the same of stepping back, for ever; misreadings end (each cancel moves the tourist's reading on).
    """
    now = distance(table, table.seating)
    after = {e: distance(table, swapped(table.seating, e)) for e in useful(table)}
    return {e: d for e, d in after.items() if d < now}


LOST = 2
"""A greedy conductor is lost once the round's exchanges reach this many per seat."""


def greedy(table: Table) -> dict[Exchange, float]:
    """Normal: each exchange by the quick measure, looking one more exchange ahead (a step is worth about 2).

    A greedy plan can go round in circles (in nine places it does): once the round has taken twice as many exchanges
    as there are seats, it asks the optimum search instead."""
    if lost(table):
        return optimal(table)

    def ahead(e: Exchange) -> float:
        after = swapped(table.seating, e)
        if after == table.target:
            return 0.0
        steps, wrong = min(estimate(table, swapped(after, f)) for f in table.compartment.exchanges if f != e)
        return 1 + steps / 2 + wrong / 100

    return {e: ahead(e) for e in useful(table)}


def lost(table: Table) -> bool:
    """Whether the round has taken so many exchanges that a greedy plan may be going round in circles."""
    return int(table.team["made"]) >= LOST * table.compartment.size


def rough(table: Table, seating: tuple[str, ...]) -> Any:
    """Normal's measure, to judge the tourist's last exchange by the same yardstick as its plan."""
    return distance(table, seating) if lost(table) else estimate(table, seating)


def sensible(table: Table) -> dict[Exchange, float]:
    """Easy: the exchanges on a shortest path, and (rated worse) any other that seats a tourist right."""
    target, best = table.target, optimal(table)
    seats = [e for e in useful(table) if any(swapped(table.seating, e)[p] == target[p] != table.seating[p] for p in e)]
    return {**dict.fromkeys(seats, 1.0), **dict.fromkeys(best, 0.0)}


Measure = Callable[[Table, tuple[str, ...]], Any]


@dataclass(frozen=True)
class Conductor:
    """Calls when the seating is right, waits while its signal is fresh, cancels an exchange it didn't mean that led
    away, else signals the exchange that its plan rates best, counting each misreading the signal invites as one
    more exchange."""

    plan: Planner
    measure: Measure | None = None
    """How far a seating is, to judge the tourist's last exchange; None: never cancel."""
    wanders: float = 0.0
    """How often it signals any exchange of its plan rather than the best, picked at random (and then picks at
    random among the best too); else the first best, so that it knows later what it meant."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        table = Table.of(seen)
        if table.seating == table.target:
            return table.move("call")
        if table.fresh:
            return table.move("nod")  # waiting for the tourist (see `waiting`)
        if self.measure is not None and table.last is not None and self._astray(table, table.last, self.measure):
            return table.move("cancel")
        if not self.wanders:
            return self._best(table)[0][1]
        if rng.random() < self.wanders:
            planned = sorted(self.plan(table))
            return self._signal(table, planned[rng.randrange(len(planned))])[1]
        best = self._best(table)
        return best[rng.randrange(len(best))][1]

    def _best(self, table: Table) -> list[tuple[Exchange, Action]]:
        """The best rated signals, each with the exchange it means, in the compartment's order."""
        rated = []
        for exchange, value in self.plan(table).items():
            (misreadings, meanings), action = self._signal(table, exchange)
            # On a par, the exchange that gets nearer: stepping aside and back costs as much as a misreading, and
            # never ends, while misreadings end (each cancel moves the tourist on to the next reading).
            rated.append(((value + misreadings, value, meanings), exchange, action))
        least = min(r[0] for r in rated)
        return [(exchange, action) for rating, exchange, action in rated if rating == least]

    def _astray(self, table: Table, last: Exchange, measure: Measure) -> bool:
        """Whether the tourist's last exchange is not what this conductor meant and brought the seating no nearer:
        undoing it is then best (free: a cancel counts no exchange, and the tourist reads the next signal anew). It
        never cancels what it meant, or a plan that must sometimes step away would go back and forth."""
        back = swapped(table.seating, last)
        before = Table(table.seen, table.compartment, back, table.team)  # a swap leaves the cancels as they were
        return self._best(before)[0][0] != last and measure(table, back) <= measure(table, table.seating)

    def _signal(self, table: Table, exchange: Exchange) -> tuple[tuple[int, int], Action]:
        """The signal for `exchange`, and how it reads: the misreadings before the tourist makes it, then how many
        exchanges it may mean (a person doesn't know the computers' rule for doubtful signals: one meaning is best).
        It names whichever of the two tourists reads better; in six places one of them always means just this one."""
        kind = table.compartment.kind_of(*exchange)
        assert kind is not None

        def reads(colour: str) -> tuple[int, int]:
            options = fitting(table.compartment, table.seating, colour, kind)
            return (options.index(exchange) - table.cancels) % len(options), len(options)

        colour = min(sorted({table.seating[p] for p in exchange}), key=reads)
        return reads(colour), Action("signal", (table.seen.private["dictionary"][colour], kind))


# --- tourist --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tourist:
    """Makes the exchange its conductor's fresh signal names (a guess among them when it names several); a
    careless tourist (easy) sometimes misreads the kind."""

    slips: float = 0.0

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        table = Table.of(seen)
        signal = readable(table)
        if signal is None:
            return next(a for a in seen.legal if a.verb == "point")  # waiting for a signal (see `waiting`)
        colour, kind = signal
        if rng.random() < self.slips:
            kind = rng.choice(sorted(set(words_file().schemes[seen.public["scheme"]])))
        a, b = table.reading(colour, kind) or table.reading(*signal) or (0, 0)
        names = table.compartment.names
        return Action("swap", (names[a], names[b], table.team["serial"]))


def read(table: Table) -> tuple[str, str] | None:
    """The team's latest signal as (colour, kind), through the team's words; None before the first."""
    if table.team["signal"] is None:
        return None
    word, gesture = table.team["signal"]
    colours = {w: c for c, w in table.seen.private["dictionary"].items()}
    kinds = {g: k for k, g in words_file().schemes[table.seen.public["scheme"]].items()}
    return (colours[word], kinds[gesture]) if word in colours and gesture in kinds else None


def readable(table: Table) -> tuple[str, str] | None:
    """The fresh signal as (colour, kind), when it names some exchange; else None."""
    signal = read(table) if table.fresh else None
    return signal if signal is not None and fitting(table.compartment, table.seating, *signal) else None


# --- seats and levels -----------------------------------------------------------------------------------------


def waiting(seen: Seen) -> bool:
    """Whether this seat has nothing useful to do until its partner moves (its move would be a nod or a point).

    A conductor waits while its signal is fresh (unless the seating is right: then it calls); a tourist waits until
    a fresh signal names an exchange. The Discord layer should not ask a waiting computer: ask again after the
    partner's next move.
    """
    if not seen.legal:
        return True
    table = Table.of(seen)
    if seen.private["role"] == "conductor":
        return table.fresh and table.seating != table.target
    return readable(table) is None


@dataclass(frozen=True)
class Role:
    """A seat's player this round: the conductor's or the tourist's, by the role its view names."""

    conductor: Player
    tourist: Player

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        player = self.conductor if seen.private["role"] == "conductor" else self.tourist
        return player.choose(seen, rng, budget)


PLAYERS: dict[str, Player] = {
    "easy": Role(Conductor(sensible, distance, wanders=0.5), Tourist(slips=0.15)),
    "normal": Role(Conductor(greedy, rough), Tourist()),
    "strong": Role(Conductor(optimal, distance), Tourist()),
}
"""By level (see `bot.computers.LEVELS`)."""
