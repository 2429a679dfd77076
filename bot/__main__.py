"""`python -m bot` runs the bot; `python -m bot sandbox` runs the Discord-free playground."""

from __future__ import annotations

import argparse
import sys

from bot.logs import configure_logging
from bot.settings import SettingsError, load_settings


def run_bot() -> int:
    """Connect to Discord with DISCORD_TOKEN and serve until stopped."""
    import discord

    from bot.client import TetsudoBot

    settings = load_settings()
    token = settings.require_token()
    configure_logging(settings.log_level)
    try:
        TetsudoBot(settings).run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN. Copy it again from the developer portal.",
            file=sys.stderr,
        )
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen mode."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tetsudō, the train-games Discord bot.")
    sub = parser.add_subparsers(dest="mode")
    sub.add_parser("run", help="run the bot (the default)")
    sandbox = sub.add_parser("sandbox", help="play in a simulated server, without Discord or a token")
    from bot.sandbox import add_arguments

    add_arguments(sandbox)
    args = parser.parse_args(argv)
    try:
        if args.mode == "sandbox":
            from bot.sandbox import run_sandbox

            return run_sandbox(args)
        return run_bot()
    except SettingsError as error:
        print(f"tetsudo: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
