"""The solo games' `sample`: the state it rebuilds from a seat's view shows that seat exactly the same view."""

from __future__ import annotations

import random

import pytest

from bot.computers import Seen
from bot.computers.miyajima import players as miyajima_computers
from bot.computers.next_station_tokyo import players as tokyo_computers
from bot.games import REGISTRY
from bot.games.base import resolve_options
from bot.games.rng import GameRandom

SAMPLES = {"miyajima": miyajima_computers.sample, "next_station_tokyo": tokyo_computers.sample}
OPTIONS = {"miyajima": [{}], "next_station_tokyo": [{}, {"objectives": True, "effects": True}]}


@pytest.mark.parametrize(
    ("game_name", "options"), [(game, options) for game, choices in OPTIONS.items() for options in choices]
)
def test_sample_rebuilds_what_the_seat_sees(game_name: str, options: dict[str, bool]) -> None:
    game, sample = REGISTRY[game_name], SAMPLES[game_name]
    for seats in (1, 3):
        state, pick, step = game.setup(5, seats, resolve_options(game.options, options)), random.Random(5), 0
        while game.outcome(state) is None:
            step += 1
            seat = pick.choice(sorted(game.to_act(state)))
            view = game.player_view(state, seat)
            rebuilt = game.player_view(sample(Seen(game_name, seat, seats, view), pick), seat)
            assert {**rebuilt["public"], "events": []} == {**view["public"], "events": []}, f"step {step}"
            assert rebuilt["legal"] == view["legal"], f"step {step}"
            state = game.apply(state, seat, pick.choice(game.legal_actions(state, seat)), GameRandom(5, step))
