"""The black-box burst bench (bench/load.py --burst N --mix) still runs: a tiny one answers every click."""

from __future__ import annotations

from bench.remote.run import measure


async def test_a_tiny_remote_burst_answers_every_click_without_error() -> None:
    run = await measure(games=3, waves=1, seed=0)
    assert run.meter.of("hand") and run.meter.of("pick")
    assert {i.kind for i in run.meter.of("hand", "pick")} <= {kind for kind, _players in run.tables} - {""}
    assert all(i.acked and i.answered for i in run.meter.interactions.values())
    assert run.errors() == dict.fromkeys(run.errors(), 0)
    assert run.moves
