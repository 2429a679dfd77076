"""`python -m bot sandbox`: try Tetsudō without Discord — the real bot in a simulated server."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from bot.games import REGISTRY
from bot.games.base import Game
from bot.sandbox.script import ScriptError
from bot.settings import load_settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sandbox's command-line options."""
    parser.add_argument("--script", type=Path, help="read commands from this file instead of the terminal")
    parser.add_argument("--images", type=Path, default=Path("sandbox-images"), help="where images are saved")
    parser.add_argument("--seed", type=int, help="use this seed for every game, for repeatable sessions")
    parser.add_argument("--database", help="SQLite file to use (default: a new temporary file)")
    parser.add_argument(
        "--game", action="append", default=[], metavar="MODULE:NAME", help="also offer a game under development"
    )


def load_game(spec: str) -> Game:
    """A game object named `module:attribute` (e.g. tests.support.relay:RELAY)."""
    module_name, _, attribute = spec.partition(":")
    if not attribute:
        raise ScriptError(f"--game takes MODULE:NAME, not `{spec}`.")
    if "" not in sys.path and "." not in sys.path:
        sys.path.insert(0, "")
    game: Game = getattr(importlib.import_module(module_name), attribute)
    return game


def _terminal_lines() -> Iterator[str]:
    while True:
        try:
            yield input("tetsudo> ")
        except EOFError:
            return


def run_sandbox(args: argparse.Namespace) -> int:
    """Run a script (stopping at the first failing line) or an interactive session."""
    from bot.sandbox.world import Sandbox

    games = dict(REGISTRY)
    for spec in args.game:
        game = load_game(spec)
        games[game.name] = game
    with tempfile.TemporaryDirectory(prefix="tetsudo-sandbox-") as scratch:
        settings = replace(load_settings(), database=args.database or str(Path(scratch) / "sandbox.sqlite3"))
        seeds = (lambda: args.seed) if args.seed is not None else None
        sandbox = Sandbox(settings, games, images=args.images, seeds=seeds)
        if args.script:
            lines: list[str] | Iterator[str] = args.script.read_text(encoding="utf-8").splitlines()
        elif sys.stdin.isatty():
            lines = _terminal_lines()
        else:
            lines = sys.stdin.read().splitlines()
        return asyncio.run(sandbox.run(lines, stop_on_error=bool(args.script)))
