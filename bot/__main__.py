"""`python -m bot` runs the bot; `python -m bot sandbox` runs the Discord-free playground."""

from __future__ import annotations

import argparse
import sys

from bot.logs import configure_logging
from bot.settings import SettingsError, load_settings


def run_bot(shards: str | None = None, shard_count: int | None = None) -> int:
    """Connect to Discord with DISCORD_TOKEN and serve until stopped (these shards of that many, when given)."""
    import asyncio
    import os

    import discord

    from bot.client import TetsudoBot
    from bot.lifecycle import serve

    environ = dict(os.environ)  # the command line's shards win over the settings file and TETSUDO_SHARDS
    if shards is not None:
        environ["TETSUDO_SHARDS"] = shards
    if shard_count is not None:
        environ["TETSUDO_SHARD_COUNT"] = str(shard_count)
    settings = load_settings(environ=environ)
    token = settings.require_token()
    configure_logging(settings.log_level)
    try:
        asyncio.run(serve(TetsudoBot(settings), token, settings.shutdown_seconds))
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN. Copy it again from the developer portal.",
            file=sys.stderr,
        )
        return 1
    return 0


def run_backup(path: str) -> int:
    """Copy the live database to `path` (safe while the bot runs) and say what was written."""
    import sqlite3

    from bot.storage.backup import backup_database

    settings = load_settings()
    try:
        report = backup_database(settings.database, path)
    except (OSError, sqlite3.Error) as error:
        print(f"tetsudo: backup failed: {error}", file=sys.stderr)
        return 1
    games = f"{report.games} game" + ("" if report.games == 1 else "s")
    print(f"Backed up {settings.database} to {report.path}: {games}, {report.size / 1e6:.2f} MB, integrity ok.")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen mode."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tetsudō, the train-games Discord bot.")
    parser.add_argument("--shards", help='the shards this process runs, e.g. "0-3" (with --shard-count)')
    parser.add_argument("--shard-count", type=int, help="how many shards the bot has in all, across its processes")
    sub = parser.add_subparsers(dest="mode")
    sub.add_parser("run", help="run the bot (the default)")
    sandbox = sub.add_parser("sandbox", help="play in a simulated server, without Discord or a token")
    backup = sub.add_parser("backup", help="copy the database to PATH (safe while the bot runs)")
    backup.add_argument("path", help="where to write the copy (its folder is created)")
    doctor = sub.add_parser("doctor", help="check the settings, token, database, fonts and server permissions")
    doctor.add_argument("--offline", action="store_true", help="skip connecting to Discord")
    from bot.sandbox import add_arguments

    add_arguments(sandbox)
    args = parser.parse_args(argv)
    try:
        if args.mode == "doctor":
            from bot.doctor import run_doctor

            return run_doctor(offline=args.offline)
        if args.mode == "backup":
            return run_backup(args.path)
        if args.mode == "sandbox":
            from bot.sandbox import run_sandbox

            return run_sandbox(args)
        return run_bot(args.shards, args.shard_count)
    except SettingsError as error:
        print(f"tetsudo: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
