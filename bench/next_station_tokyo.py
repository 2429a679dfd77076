"""Next Station Tokyo benchmark: solo bots' scores, random games through the rules engine, sheet/overview renders.

(a) Solo scores over 200 seeds (no options) of two bots written here: `random` draws a uniformly random legal
    section and passes only when nothing else is legal; `greedy` draws the legal section that leaves its sheet's
    total highest right after drawing it (scoring.sheet_score), ties broken by a seeded random.Random.
(b) Full random 4-player games, engine only: every move is a random legal move, passes included
    (common.random_game: a seeded random.Random picks the seat among `to_act` and the move).
(c) Rendering the end of a 4-player game (the fullest sheets, scores shown): render_png of one
    seat's sheet (private view) and of the overview (public view), p50/p95 and PNG size.

    python bench/next_station_tokyo.py [--games N] [--renders N] [--seed S] [--profile]

Targets: >= 20 games/s; render p95 <= 150 ms; PNG <= 500 KB; greedy solo mean roughly 90–140, random clearly below.
Not a test: it asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bot.games.base import Action
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO, rules, scoring
from bot.games.next_station_tokyo.data import tokyo_map
from bot.games.next_station_tokyo.lines import Draw
from bot.games.next_station_tokyo.state import TokyoState
from bot.games.rng import GameRandom

SEATS = 4
SOLO_SEEDS = 200
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri")

Bot = Callable[[TokyoState, random.Random], Action]
"""A solo bot: the state (seat 0 to answer) and its own seeded RNG in, a legal move out."""


def sections_on_offer(state: TokyoState) -> list[tuple[Action, Draw]]:
    """Seat 0's legal draw moves, each with the section it draws."""
    found = []
    for action in NEXT_STATION_TOKYO.legal_actions(state, 0):
        draw = rules.check(state, 0, str(action.args[0]), str(action.args[1])) if action.verb == "draw" else None
        if isinstance(draw, Draw):
            found.append((action, draw))
    return found


def passing(state: TokyoState) -> Action:
    """Seat 0's pass."""
    return next(a for a in NEXT_STATION_TOKYO.legal_actions(state, 0) if a.verb == "pass")


def random_bot(state: TokyoState, rnd: random.Random) -> Action:
    """Any legal section, uniformly; pass only when none is legal."""
    offer = sections_on_offer(state)
    return rnd.choice(offer)[0] if offer else passing(state)


def greedy_bot(state: TokyoState, rnd: random.Random) -> Action:
    """The legal section after which the sheet's total is highest (ties: at random); pass only when none is legal."""
    board, colour = tokyo_map(), state.colour_of(0)
    scored = []
    for action, draw in sections_on_offer(state):
        sheet = {**state.sheets[0], colour: [*state.sheets[0][colour], *draw.sections]}
        scored.append((scoring.sheet_score(sheet, board, state.objectives).total(board), action))
    if not scored:
        return passing(state)
    best = max(total for total, _ in scored)
    return rnd.choice([action for total, action in scored if total == best])


def solo_score(bot: Bot, seed: int) -> int:
    """The final score of one solo game (no options) played by `bot`."""
    rnd = random.Random(seed)
    state = NEXT_STATION_TOKYO.setup(seed, 1, {})
    step = 0
    while not state.finished:
        step += 1
        state = NEXT_STATION_TOKYO.apply(state, 0, bot(state, rnd), GameRandom(seed, step))
    outcome = NEXT_STATION_TOKYO.outcome(state)
    assert outcome is not None
    return outcome.scores[0]


def solo_bench(seed: int) -> None:
    """Print mean, min and max solo scores of each bot over SOLO_SEEDS seeds."""
    print(f"(a) solo bots: {SOLO_SEEDS} solo games each (seeds {seed}–{seed + SOLO_SEEDS - 1}), no options")
    print(f"    {'bot':<8} {'mean':>6} {'min':>5} {'max':>5} {'games/s':>8}")
    for name, bot in (("random", random_bot), ("greedy", greedy_bot)):
        began = time.perf_counter()
        scores = [solo_score(bot, seed + n) for n in range(SOLO_SEEDS)]
        rate = SOLO_SEEDS / (time.perf_counter() - began)
        print(f"    {name:<8} {statistics.mean(scores):>6.1f} {min(scores):>5} {max(scores):>5} {rate:>8.0f}")


def engine_bench(games: int, seed: int) -> None:
    """Print the solo bots' scores, then games/s and moves/s over `games` random 4-player games."""
    solo_bench(seed)
    print()
    common.games_per_second(NEXT_STATION_TOKYO, games, seed, SEATS, "(b) engine")


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of a finished seat's sheet and of the overview."""
    from rendering.next_station_tokyo.pictures import render_next_station_tokyo  # importing it registers the renderer

    state, _ = common.random_game(NEXT_STATION_TOKYO, seed, SEATS)
    sections = sum(len(line) for sheet in state.sheets for line in sheet.values())
    print(f"\n(c) render: end of a {SEATS}-player game, round {state.round}, {sections} sections drawn")
    common.render_table_head(renders, 8)
    for label, seat in (("sheet", 0), ("overview", None)):
        view = NEXT_STATION_TOKYO.player_view(state, seat)
        common.render_row(render_next_station_tokyo, label, view, NAMES, renders, 8)


if __name__ == "__main__":
    common.main(
        __doc__,
        engine_bench,
        render_bench,
        (100, 30),
        ">= 20 games/s; render p95 <= 150 ms; PNG <= 500 KB; greedy solo mean roughly 90–140, random clearly below.",
    )
