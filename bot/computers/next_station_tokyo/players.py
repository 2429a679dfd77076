"""Computer players of Next Station Tokyo: sensible random sections, a greedy sheet-scorer, and a searcher.

Nothing is hidden in this game but the order of the cards still to flip, so `sample` rebuilds the state from the
public view exactly; the engine itself flips the unseen cards at random during a playout.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.computers.base import Budget, Player, Seen
from bot.computers.search import best_move
from bot.games.base import Action
from bot.games.next_station_tokyo import rules, scoring
from bot.games.next_station_tokyo.data import COLOURS, Sheet, tokyo_map
from bot.games.next_station_tokyo.lines import Draw, stations_by_lines, visited
from bot.games.next_station_tokyo.scoring import DISTRICT_BONUS, GREEN_MISS, INTERCHANGE_POINTS
from bot.games.next_station_tokyo.state import DECK, ROUNDS, TokyoState, card_symbol
from bot.games.next_station_tokyo.words import EFFECT_NAMES

GAME = "next_station_tokyo"
EFFECT_KEYS = {name: key for key, name in EFFECT_NAMES.items()}
OPEN_BONUS = 0.3
"""Of an outer district's bonus, what one line through it is worth while rounds are left (tuned on solo games)."""
TWO_LINES = 1.0
"""A station on two lines (loop included): one more line makes a 3-line interchange (+5)."""
THREE_LINES = 2.0
"""A station on three lines: one more makes it a 4-line interchange (+10 more)."""
SHORTLIST = 6
"""How many of the greedy's best sections the search weighs (besides passing): the rest rarely pay."""


def sample(seen: Seen, rng: random.Random) -> TokyoState:
    """The state as the view shows it: the cards still to flip are the deck less the flipped ones, in no order."""
    public: Any = seen.public
    effect = public["round_effect"]
    round_effect = (str(effect[0]), str(effect[1])) if effect else None
    flipped = [str(c) for c in public["flipped"]]
    return TokyoState(
        sheets=[{c: [(str(a), str(b)) for a, b in sheet[c]] for c in COLOURS} for sheet in public["sheets"]],
        objectives=[scoring.OBJECTIVES.index(text) for text in public["objectives"]],
        effects_on=round_effect is not None,
        round=int(public["round"]),
        remaining=sorted(set(DECK) - set(flipped)),
        flipped=flipped,
        card=public["card"],
        switch=bool(public["switch"]),
        effect=EFFECT_KEYS.get(public["effect"] or ""),
        round_effect=round_effect,
        # The effect goes with the first card of its symbol: it is used once such a card was flipped.
        effect_used=round_effect is not None and any(card_symbol(c) == round_effect[0] for c in flipped),
        waiting=[int(s) for s in public["waiting"]],
        answers=list(public["answers"]),
        express=list(public["express"]),
        finished=bool(public["finished"]),
        new_cycle=bool(public["new_cycle"]),
    )


class Gains:
    """What each section would add to one seat's sheet, worked out from facts about the sheet gathered once.

    Only the stations a section adds change the score (their line's product, interchanges, outer bonuses and loop
    misses), so a candidate costs a few look-ups rather than scoring the whole sheet again.
    """

    def __init__(self, state: TokyoState, seat: int) -> None:
        self.board = board = tokyo_map()
        self.colour = colour = state.colour_of(seat)
        self.sheet, self.objectives = state.sheets[seat], state.objectives
        self.counts = stations_by_lines(self.sheet, board)
        self.line = set(visited(self.sheet[colour]))
        self.district_of = {sid: station.district for sid, station in board.stations.items()}
        self.bonus = {d: DISTRICT_BONUS.get(kind, 0) for d, kind in board.districts.items()}
        self.loop = frozenset(board.loop)
        self.by_district = Counter(self.district_of[s] for s in self.line)
        self.districts, self.most = len(self.by_district), max(self.by_district.values(), default=0)
        self.bonused = {board.stations[s].district for s, n in self.counts.items() if n >= 2}
        self.later = (ROUNDS - state.round) / (ROUNDS - 1)
        """How much of the game is left for a promise to come true (none in the last round)."""
        self.singles = Counter(board.stations[s].district for s, n in self.counts.items() if n == 1)
        if self.objectives:
            self.met = self._met(self.sheet)

    def gain(self, draw: Draw, promise: bool) -> float:
        """The points `draw` adds to the sheet now, plus (with `promise`) what it adds to the sheet's promise."""
        counts, by_district, district_of = self.counts, self.by_district, self.district_of
        new = [s for s in (draw.origin, *draw.path) if s not in self.line]
        added: dict[str, int] = {}  # district → the line's new stations there (a section adds one or a few)
        for station in new:
            district = district_of[station]
            added[district] = added.get(district, 0) + 1
        most = max([self.most, *(by_district.get(d, 0) + n for d, n in added.items())])
        reached = self.districts + sum(1 for d in added if d not in by_district)
        found = float(reached * most - self.districts * self.most)
        bonused: set[str] = set()
        opened: dict[str, int] = {}  # district → change in its stations on one line only
        for station in new:
            lines, district = counts[station], district_of[station]
            found += INTERCHANGE_POINTS.get(lines + 1, 0) - INTERCHANGE_POINTS.get(lines, 0)
            if lines == 1 and station in self.loop:
                found -= GREEN_MISS  # the loop's station is met by a line of the sheet at last
            if lines >= 1 and district not in self.bonused and district not in bonused:
                bonused.add(district)
                found += self.bonus[district]
            if promise and self.later:
                found += self.later * (
                    TWO_LINES * ((lines == 1) - (lines == 2)) + THREE_LINES * ((lines == 2) - (lines == 3))
                )
                opened[district] = opened.get(district, 0) + (lines == 0) - (lines == 1)
        if promise and self.later and opened:
            found += OPEN_BONUS * self.later * self._waiting_change(opened, bonused)
        if self.objectives:  # rare (an option), so met objectives are counted the slow way
            sheet = {**self.sheet, self.colour: [*self.sheet[self.colour], *draw.sections]}
            found += scoring.OBJECTIVE_POINTS * (self._met(sheet) - self.met)
        return found

    def _waiting_change(self, opened: dict[str, int], bonused: set[str]) -> int:
        """How the bonus points of outer districts visited by one line, with no interchange yet, change."""
        change = 0
        for district, step in opened.items():
            if district in self.bonused or not self.bonus[district]:
                continue
            waited = self.singles.get(district, 0) > 0
            waits = district not in bonused and self.singles.get(district, 0) + step > 0
            change += self.bonus[district] * (waits - waited)
        return change

    def _met(self, sheet: Sheet) -> int:
        """How many objectives in play `sheet` meets."""
        return sum(scoring.sheet_score(sheet, self.board, self.objectives).objectives)


def scored_draws(state: TokyoState, seat: int, legal: list[Action], promise: bool = True) -> list[tuple[float, Action]]:
    """Each drawing move of `legal` with what it adds to the sheet (the moves are listed as the draws)."""
    gains = Gains(state, seat)
    by_ends = {(d.origin, d.target): d for d in rules.draws(state, seat)}
    scored = []
    for action in legal:
        draw = by_ends.get((str(action.args[0]), str(action.args[1]))) if action.verb == "draw" else None
        if draw is not None:
            scored.append((gains.gain(draw, promise), action))
    return scored


def _best(scored: list[tuple[float, Action]], legal: list[Action], rng: random.Random) -> Action:
    """The best-scored move (ties at random); passing when there is none."""
    if not scored:
        return legal[-1]
    best = max(value for value, _action in scored)
    top = [action for value, action in scored if value == best]
    return top[rng.randrange(len(top))]


def greedy_policy(state: TokyoState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The section that adds most to the sheet and its promise (ties at random); pass only when nothing fits."""
    return _best(scored_draws(state, seat, legal), legal, rng)


def quick_policy(state: TokyoState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The section that adds most to the sheet's score now."""
    return _best(scored_draws(state, seat, legal, promise=False), legal, rng)


def own_score(state: TokyoState, seat: int) -> float:
    """The seat's own total: sheets never meet, so another seat's score changes nothing a seat can do."""
    return float(scoring.sheet_score(state.sheets[seat], tokyo_map(), state.objectives).total(tokyo_map()))


class Sensible:
    """Easy: any section at random, passing only when none fits (a pass wastes a card)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        legal = seen.legal
        draws = [a for a in legal if a.verb == "draw"]
        return draws[rng.randrange(len(draws))] if draws else legal[-1]


class Greedy:
    """Normal: the section whose sheet looks best right after it (`outlook`)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        return greedy_policy(sample(seen, rng), seen.seat, seen.legal, rng)


class Searcher:
    """Strong: the greedy's shortlist and passing, each played out to the game's end on the same cards."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        legal = seen.legal
        state = sample(seen, rng)
        scored = sorted(scored_draws(state, seen.seat, legal), key=lambda pair: -pair[0])
        if not scored:
            return legal[-1]
        candidates = [action for _value, action in scored[:SHORTLIST]] + [legal[-1]]
        return best_move(
            seen,
            candidates,
            lambda _seen, _rng: state.copy(),
            rng,
            budget,
            policy=quick_policy,
            value=own_score,
            paired=True,  # solo luck (the cards flipped) dominates: compare candidates on the same flips
        )


PLAYERS: dict[str, Player] = {"easy": Sensible(), "normal": Greedy(), "strong": Searcher()}
"""By level (see `bot.computers.LEVELS`)."""
