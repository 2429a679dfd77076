"""`python -m bot.games.compiled build|clean|status`: compile the rules engines with mypyc, remove, or say which."""

from __future__ import annotations

import argparse
import sys

from bot.games.compiled.build import OPT_LEVELS, build, clean, status


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the command; its exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.games.compiled", description="Compile the rules engines with mypyc (optional speed-up)."
    )
    parser.add_argument("command", choices=("build", "clean", "status"))
    parser.add_argument("--verbose", action="store_true", help="show mypyc's and the compiler's output")
    parser.add_argument(
        "--opt-level",
        choices=OPT_LEVELS,
        default="3",
        help="the C compiler's optimisation: 3 runs fastest (default); 0 builds in half the time, for testing",
    )
    args = parser.parse_args(argv)
    if args.command == "build":
        return build(args.verbose, args.opt_level)
    if args.command == "clean":
        return clean()
    return status()


if __name__ == "__main__":
    sys.exit(main())
