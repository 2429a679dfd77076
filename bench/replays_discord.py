"""What pressing ▶ on a replay costs in Discord, end to end: from the click to the edited message with its picture.

    .venv/bin/python bench/replays_discord.py [--games all|ttr_japan,...] [--clicks N] [--seed S] [--workers auto|N]

For each game, the real TetsudoBot in simcord (in process, a SQLite file) plays a whole game as
tests/discord_layer/test_replays_five.py plays it (tests/discord_layer/five_games.py: the game's own test table,
moves typed by the players, pictures off while it is played). Then carol presses Replay under the results and ▶ up
to `--clicks` times from the first step. Each click is timed as bench/latency.py times interactions (its Meter):
perf_counter from simcord emitting INTERACTION_CREATE to the interaction callback (`ack`: the deferred update) and
to the last REST call it caused (`answer`: the replay message edited, carrying the step's PNG). Pictures are drawn
as the bot draws them (`--workers`: its `picture_workers` setting, worker processes by default). The Replay press
itself (which reads the game, replays its log and finds its rounds or turns) is shown apart.
Target (issue 10, a kind that sends an image): answer p95 <= 300 ms. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python bench/replays_discord.py` from the repo

import simcord

from bench.common import percentile, run_async
from bench.latency import IMAGE_TARGET_MS, Meter, Sample
from bench.processes import spawn_as_a_module_would
from bot.client import TetsudoBot
from bot.games import REGISTRY
from bot.settings import Settings
from tests.discord_layer.five_games import SETTINGS, played_to_the_end
from tests.discord_layer.test_replays import replay_button, replay_message, results_message, shown_step, step_id

SETTLE_SECONDS = 60.0
"""As the sandbox allows: a busy machine's first Ticket to Ride map takes about a second to draw."""


async def clicked(game: str, clicks: int, seed: int, workers: str, scratch: Path) -> tuple[int, Sample, list[Sample]]:
    """`game` played to its end, then Replay and up to `clicks` ▶: (its last step, the Replay press, each ▶)."""
    database = scratch / f"{game}.sqlite3"
    settings = Settings(database=str(database), picture_workers=workers, shard_count=1)
    bot = TetsudoBot(settings, REGISTRY, seeds=lambda: seed)
    try:
        async with simcord.run(bot, settle_timeout=SETTLE_SECONDS) as env:
            table = await played_to_the_end(env, database, game)
            meter = Meter(keep_log=False)
            meter.install(env.backend)
            results = results_message(table)
            opened = await table.carol.click(results, custom_id=replay_button(results))
            last, shown = shown_step(opened)[1], replay_message(opened)
            for _ in range(min(clicks, last)):
                shown = replay_message(await table.carol.click(shown, custom_id=step_id(shown, "next")))
            return last, meter.samples[0], meter.samples[1:]
    finally:
        await bot.close()


def ms(samples: list[Sample], until: str) -> list[float]:
    """Each click's ms from its arrival to its `until` ("first": the callback, "last": its last REST call)."""
    return sorted((getattr(s, until) - s.arrived) * 1000 for s in samples if getattr(s, until) is not None)


HEADS = ("steps", "Replay", "▶ n", "ack p50", "ack p95", "ans p50", "ans p95", "ans max", "PNGs", "ok")


def row(game: str, last: int, opened: Sample, steps: list[Sample]) -> str:
    """One game's line: steps, the Replay press, ▶ ack p50/p95 and answer p50/p95/max, pictures sent, target met."""
    ack, answer = ms(steps, "first"), ms(steps, "last")
    p95 = percentile(answer, 0.95)
    pictures = sum(s.image for s in steps)
    ok = "yes" if p95 <= IMAGE_TARGET_MS and pictures == len(steps) else "NO"
    figures = (percentile(ack, 0.5), percentile(ack, 0.95), percentile(answer, 0.5), p95, answer[-1])
    cells = [str(last), f"{ms([opened], 'last')[0]:.0f}", str(len(steps)), *(f"{f:.1f}" for f in figures)]
    return f"{game:<20}" + "".join(f"{cell:>9}" for cell in [*cells, str(pictures), ok])


async def run(args: argparse.Namespace) -> None:
    games = sorted(SETTINGS) if args.games == "all" else args.games.split(",")
    print(f"Python {platform.python_version()} · picture_workers {args.workers} · seed {args.seed} · ▶ from step 0")
    print("ms from INTERACTION_CREATE: ack = the deferred update; answer = the replay message edited with its PNG")
    print("Replay: ms to the Replay press's last REST call (the game read, its log replayed, its marks found)")
    print(f"{'game':<20}" + "".join(f"{head:>9}" for head in HEADS))
    with tempfile.TemporaryDirectory(prefix="tetsudo-replays-") as scratch:
        for game in games:
            began = time.perf_counter()
            last, opened, steps = await clicked(game, args.clicks, args.seed, args.workers, Path(scratch))
            print(row(game, last, opened, steps), f"  ({time.perf_counter() - began:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="all", help=f"comma-separated, from {', '.join(sorted(SETTINGS))}")
    parser.add_argument("--clicks", type=int, default=60, help="▶ presses per game (default 60)")
    parser.add_argument("--seed", type=int, default=7, help="the game seed (default 7)")
    parser.add_argument("--workers", default="auto", help="picture_workers: auto (one per core) or N; 0 = in thread")
    args = parser.parse_args()
    spawn_as_a_module_would()
    run_async(lambda: run(args), profile=False)


if __name__ == "__main__":
    main()
