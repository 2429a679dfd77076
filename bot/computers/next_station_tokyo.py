"""Computer players of Next Station Tokyo: sensible random sections, a greedy sheet-scorer, and a searcher.

Nothing is hidden in this game but the order of the cards still to flip, so `sample` rebuilds the state from the
public view exactly; the engine itself flips the unseen cards at random during a playout.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.computers.base import Budget, Player, Seen
from bot.computers.search import paired_best_move
from bot.games.base import Action
from bot.games.next_station_tokyo import rules, scoring
from bot.games.next_station_tokyo.data import COLOURS, TokyoMap, tokyo_map
from bot.games.next_station_tokyo.lines import Draw, stations_by_lines, visited
from bot.games.next_station_tokyo.state import DECK, ROUNDS, Sheet, TokyoState, card_symbol
from bot.games.next_station_tokyo.words import EFFECT_NAMES

GAME = "next_station_tokyo"
EFFECT_KEYS = {name: key for key, name in EFFECT_NAMES.items()}
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
    )


def _with(sheet: Sheet, colour: str, draw: Draw) -> Sheet:
    return {**sheet, colour: [*sheet[colour], *draw.sections]}


def outlook(sheet: Sheet, colour: str, rounds_left: int, board: TokyoMap, objectives: list[int]) -> float:
    """The sheet's score now, plus what its shape promises: a long line in many districts keeps growing its product,
    stations on one line only may still become interchanges, and the loop's untouched stations may still be met."""
    score = scoring.sheet_score(sheet, board, objectives)
    total = float(score.total(board))
    line = visited(sheet[colour])
    by_district = Counter(board.stations[s].district for s in line)
    # The line scores districts × most at the round's end either way; more stations now mean more ways to grow both.
    total += 0.6 * len(line) + 1.0 * len(by_district)
    if rounds_left:
        counts = stations_by_lines(sheet, board)
        # A station on two lines (loop included) is one line away from a 3-line interchange (+5) in a later round.
        total += 0.8 * sum(1 for n in counts.values() if n == 2) * min(rounds_left, 2) / 2
        total += 0.5 * sum(1 for n in counts.values() if n == 3)
    return total


def scored_draws(state: TokyoState, seat: int, legal: list[Action]) -> list[tuple[float, Action]]:
    """Each drawing move of `legal` with the outlook of the sheet it leaves (the moves are listed as the draws)."""
    board, colour = tokyo_map(), state.colour_of(seat)
    sheet, rounds_left = state.sheets[seat], ROUNDS - state.round
    found = rules.draws(state, seat)
    by_ends = {(d.origin, d.target): d for d in found}
    scored = []
    for action in legal:
        draw = by_ends.get((str(action.args[0]), str(action.args[1]))) if action.verb == "draw" else None
        if draw is not None:
            scored.append((outlook(_with(sheet, colour, draw), colour, rounds_left, board, state.objectives), action))
    return scored


def greedy_policy(state: TokyoState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The section whose sheet looks best right after it (ties at random); pass only when nothing fits."""
    scored = scored_draws(state, seat, legal)
    if not scored:
        return legal[-1]
    best = max(value for value, _action in scored)
    top = [action for value, action in scored if value == best]
    return top[rng.randrange(len(top))]


def quick_policy(state: TokyoState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The playouts' greedy: the section that adds most to the sheet's score now (cheaper than `outlook`)."""
    board, colour = tokyo_map(), state.colour_of(seat)
    sheet = state.sheets[seat]
    by_ends = {(d.origin, d.target): d for d in rules.draws(state, seat)}
    best, top = float("-inf"), [legal[-1]]
    for action in legal:
        draw = by_ends.get((str(action.args[0]), str(action.args[1]))) if action.verb == "draw" else None
        if draw is None:
            continue
        value = scoring.sheet_score(_with(sheet, colour, draw), board, state.objectives).total(board)
        if value > best:
            best, top = value, [action]
        elif value == best:
            top.append(action)
    return top[rng.randrange(len(top))]


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
        return paired_best_move(
            seen,
            candidates,
            lambda _seen, _rng: state.copy(),
            rng,
            budget,
            policy=quick_policy,
            value=own_score,
        )


PLAYERS: dict[str, Player] = {"easy": Sensible(), "normal": Greedy(), "strong": Searcher()}
"""By level (see `bot.computers.LEVELS`)."""
