"""Computer players of Fast Train to Miyajima: sensible random loads, a greedy sheet-shaper, and a searcher.

Nothing is hidden but the dice still to roll, so `sample` rebuilds the state from the public view exactly; the
engine rolls the dice at random during a playout.
"""

from __future__ import annotations

import random
from typing import Any

from bot.computers.base import Budget, Player, Seen
from bot.computers.search import best_move
from bot.games.base import Action
from bot.games.miyajima import rules, scoring
from bot.games.miyajima.data import Sheet, sheet
from bot.games.miyajima.rules import total
from bot.games.miyajima.state import ROLL, MiyajimaState, Trains

GAME = "miyajima"
ALMOST_ADHERED = 0.6
"""What a colour whose heavy train leads in cargo but not yet behind in distance is worth, of its adhered score:
a fast load or two usually makes it adhere."""
HALF_ADHERED = 0.35
"""The same for a colour whose fast train is ahead but the heavy one not heavier (a big heavy load fixes it)."""
REACH_COST = (6.0, 30.0)
"""Reaching a first destination, then one that ends the game (solo): each destination shortens the game."""


def sample(seen: Seen, rng: random.Random) -> MiyajimaState:
    """The state as the view shows it (nothing is hidden; the dice not rolled yet are rolled by the playouts)."""
    public: Any = seen.public
    return MiyajimaState(
        sheets=[
            {c: {k: [int(v) for v in t] for k, t in trains.items()} for c, trains in s.items()}
            for s in public["sheets"]
        ],
        reached=[[str(c) for c in r] for r in public["reached"]],
        round=int(public["round"]),
        active=int(public["active"]),
        phase=str(public["phase"]),
        rolled=[(str(die), int(value)) for die, value in public["rolled"]],
        waiting=[int(s) for s in public["waiting"]],
        loads=list(public["loads"]),
        last_round=bool(public["last_round"]),
        finished=bool(public["finished"]),
    )


def colour_value(fast: list[int], heavy: list[int], colour: str, board: Sheet) -> float:
    """What one colour's trains promise: their score if they adhere, else part of it when one load may fix them."""
    distance = board.colours[colour].distance
    closer = distance["fast"][len(fast)] < distance["heavy"][len(heavy)]
    heavier = total(heavy) > total(fast)
    adhered = total(fast) + len(heavy) ** 2
    if closer and heavier:
        return float(adhered)
    cars = float(len(fast) + len(heavy))
    if heavier:
        return max(cars, ALMOST_ADHERED * adhered)
    if closer and heavy:
        return max(cars, HALF_ADHERED * adhered)
    return cars


def load_value(state: MiyajimaState, seat: int, action: Action, promised: dict[str, float]) -> float:
    """How much a load changes the seat's promise (`colour_value`), less the cost of reaching a destination.

    `promised` keeps each colour's promise before any load, for the loads weighed on the same sheet."""
    board = sheet()
    colour, kind, value = _cargo(state, seat, action)
    trains = state.sheets[seat][colour]
    fast, heavy = trains["fast"], trains["heavy"]
    grown = [*trains[kind], total(trains[kind]) + value]
    after = colour_value(grown, heavy, colour, board) if kind == "fast" else colour_value(fast, grown, colour, board)
    if colour not in promised:
        promised[colour] = colour_value(fast, heavy, colour, board)
    gain = after - promised[colour]
    if len(grown) == board.cars:
        distinct = {c for reached in state.reached for c in reached}
        ends = len(distinct | {colour}) >= board.destinations_to_end(state.seats)
        gain -= REACH_COST[1] if ends and not state.last_round else REACH_COST[0]
    return gain


def _cargo(state: MiyajimaState, seat: int, action: Action) -> tuple[str, str, int]:
    """A load's colour, train and value (the value from this round's dice that make the colour)."""
    colour, kind = str(action.args[0]), str(action.args[1])
    last_die, last_value = state.rolled[-1]
    if colour == last_die:
        return colour, kind, last_value
    earlier = next(v for die, v in state.rolled[:-1] if sheet().mix(last_die, die) == colour)
    return colour, kind, last_value + earlier


def best_load(state: MiyajimaState, seat: int, legal: list[Action], rng: random.Random) -> tuple[float, Action]:
    """The load with the best `load_value` (ties at random), with that value."""
    promised: dict[str, float] = {}
    scored = [(load_value(state, seat, action, promised), action) for action in legal]
    best = max(value for value, _action in scored)
    top = [action for value, action in scored if value == best]
    return best, top[rng.randrange(len(top))]


def roll_value(state: MiyajimaState, seat: int, die: str) -> float:
    """The mean over the die's six faces of the best load it would give the seat."""
    mean = 0.0
    promised: dict[str, float] = {}  # shared by the six faces: a roll leaves the sheet as it is
    for face in range(1, 7):
        rolled = state.copy()
        rolled.rolled.append((die, face))
        rolled.phase, rolled.waiting = "load", [seat]
        options = [rules.load_action(c, rolled.roll_number) for c in rules.cargoes(rolled, seat)]
        mean += max((load_value(rolled, seat, a, promised) for a in options), default=0.0) / 6
    return mean


def greedy_policy(state: MiyajimaState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Roll the die whose faces promise most on average; load where the promise grows most."""
    if state.phase == ROLL:
        scored = [(roll_value(state, seat, str(a.args[0])), a) for a in legal]
        best = max(value for value, _action in scored)
        top = [action for value, action in scored if value == best]
        return top[rng.randrange(len(top))]
    return best_load(state, seat, legal, rng)[1]


def quick_policy(state: MiyajimaState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The playouts' greedy: any die (weighing the faces costs 18 looks a roll), then the best load."""
    if state.phase == ROLL:
        return legal[rng.randrange(len(legal))]
    return best_load(state, seat, legal, rng)[1]


def own_score(state: MiyajimaState, seat: int) -> float:
    """The seat's own total (solo play's measure)."""
    return float(sum(s.points for s in scoring.sheet_scores(state.sheets[seat], sheet())))


class Sensible:
    """Easy: any load at random, but never one that reaches a destination while another load doesn't."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        legal = seen.legal
        if seen.public["phase"] == ROLL:
            return legal[rng.randrange(len(legal))]
        trains: Trains = seen.public["sheets"][seen.seat]
        cars = sheet().cars
        calm = [a for a in legal if len(trains[str(a.args[0])][str(a.args[1])]) < cars - 1] or legal
        return calm[rng.randrange(len(calm))]


class Greedy:
    """Normal: `greedy_policy` on the state the view shows."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        return greedy_policy(sample(seen, rng), seen.seat, seen.legal, rng)


class Searcher:
    """Strong: every move played out to the game's end with the greedy, each on the same dice."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        state = sample(seen, rng)
        return best_move(
            seen,
            seen.legal,
            lambda _seen, _rng: state.copy(),
            rng,
            budget,
            policy=quick_policy,
            value=own_score,
            paired=True,  # the dice dominate: compare candidates on the same rolls
        )


PLAYERS: dict[str, Player] = {"easy": Sensible(), "normal": Greedy(), "strong": Searcher()}
"""By level (see `bot.computers.LEVELS`)."""
