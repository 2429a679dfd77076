"""The black-box burst bench (bench/load.py --burst N --mix) still runs: a tiny one answers every click."""

from __future__ import annotations

from bench.remote.figures import Meter
from bench.remote.run import errors, measure


async def test_a_tiny_remote_burst_answers_every_click_without_error() -> None:
    figures = await measure(games=3, waves=1, seed=0)
    meter = figures["meter"]
    assert isinstance(meter, Meter)
    assert meter.of("hand") and meter.of("pick")
    assert all(i.acked and i.answered for i in meter.interactions.values())
    assert errors(figures) == dict.fromkeys(errors(figures), 0)
    assert figures["moves"]
