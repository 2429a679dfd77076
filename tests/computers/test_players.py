"""Every computer player of every game: legal moves only, whole games that end, and no secret ever used."""

from __future__ import annotations

import random
import time

import pytest

from bot.computers import GAMES, Budget, Seen, players
from bot.games import REGISTRY
from bot.games.base import resolve_options
from bot.games.rng import GameRandom
from tests.games.laws import SCRAMBLE

QUICK = Budget(playouts=7)
"""Playouts, not seconds: the same decision on every machine. Enough to play out every candidate (7 at most) once."""
CASES = [(game, level) for game in GAMES for level in players(game)]


def seen(game: str, state: object, seat: int, seats: int) -> Seen:
    return Seen(game, seat, seats, REGISTRY[game].player_view(state, seat))


def test_every_game_has_an_easy_player_at_least() -> None:
    assert all("easy" in players(game) for game in GAMES)


@pytest.mark.parametrize(("game_name", "level"), CASES)
def test_computers_in_every_seat_play_legal_moves_to_the_end(game_name: str, level: str) -> None:
    game = REGISTRY[game_name]
    for seats in sorted({game.min_seats, min(game.max_seats, 4)}):
        seed = 7 * seats
        state, step, pick = game.setup(seed, seats, resolve_options(game.options, {})), 0, random.Random(seed)
        while game.outcome(state) is None:
            step += 1
            assert step < 5_000, "the game did not end"
            seat = pick.choice(sorted(game.to_act(state)))  # in races and simultaneous steps, anyone may be first
            view = seen(game_name, state, seat, seats)
            move = players(game_name)[level].choose(view, random.Random(step), QUICK)
            assert move in game.legal_actions(state, seat), f"{level} chose {move} at step {step}"
            state = game.apply(state, seat, move, GameRandom(seed, step))


@pytest.mark.parametrize(("game_name", "level"), [case for case in CASES if case[0] in SCRAMBLE])
def test_a_decision_ignores_what_the_seat_cannot_see(game_name: str, level: str) -> None:
    """With every other seat's secrets scrambled, the same seed makes the same decision."""
    game, scramble, rnd = REGISTRY[game_name], SCRAMBLE[game_name], random.Random(3)
    seats = max(game.min_seats, 2)
    state, step, pick = game.setup(11, seats, resolve_options(game.options, {})), 0, random.Random(11)
    while game.outcome(state) is None and step < 60:
        step += 1
        seat = pick.choice(sorted(game.to_act(state)))
        mine = players(game_name)[level].choose(seen(game_name, state, seat, seats), random.Random(step), QUICK)
        scrambled = scramble(state, seat, rnd)
        theirs = players(game_name)[level].choose(seen(game_name, scrambled, seat, seats), random.Random(step), QUICK)
        assert mine == theirs, f"step {step}: {mine} with the real secrets, {theirs} with scrambled ones"
        state = game.apply(state, seat, mine, GameRandom(11, step))


def test_what_a_budget_leaves_is_its_seconds_less_those_spent() -> None:
    """A strong player that reads the table first hands its playouts what the reading left."""
    budget = Budget(seconds=1.0)
    left = budget.after(budget.now() - 0.4)
    assert left.seconds is not None and 0.5 < left.seconds <= 0.6
    assert budget.after(budget.now() - 5).seconds == 0.0
    assert Budget(playouts=30).after(0.0) == Budget(playouts=30)


def test_a_cpu_budget_counts_only_the_time_this_process_thinks() -> None:
    wall, cpu = Budget(seconds=0.05).clock(), Budget(seconds=0.05, cpu=True).clock()
    wall.spend()
    cpu.spend()
    time.sleep(0.1)  # waiting for a busy machine's cores costs no CPU time
    assert not wall.more() and cpu.more()
    end = time.process_time() + 0.06
    while time.process_time() < end:
        pass
    assert not cpu.more()
