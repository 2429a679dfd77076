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
    from bot.storage.serving import DatabaseInUse

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
    except DatabaseInUse as error:
        print(f"tetsudo: {error}", file=sys.stderr)
        return 1
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

    from bot.storage import is_postgresql
    from bot.storage.backup import backup_database

    settings = load_settings()
    if is_postgresql(settings.database):
        return run_pg_dump(settings.database, path)
    try:
        report = backup_database(settings.database, path)
    except (OSError, sqlite3.Error) as error:
        print(f"tetsudo: backup failed: {error}", file=sys.stderr)
        return 1
    games = f"{report.games} game" + ("" if report.games == 1 else "s")
    print(f"Backed up {settings.database} to {report.path}: {games}, {report.size / 1e6:.2f} MB, integrity ok.")
    return 0


def run_pg_dump(url: str, path: str) -> int:
    """Back a PostgreSQL database up with pg_dump, or say how to when it is not installed."""
    from bot.storage.backup import dump_postgresql
    from bot.storage.where import redacted

    shown = redacted(url)
    try:
        written = dump_postgresql(url, path)
    except FileNotFoundError:
        print(
            "tetsudo: pg_dump is not installed here (Debian: `apt-get install postgresql-client`). "
            f"Back the database up with: pg_dump --format=custom --file={path} {shown}",
            file=sys.stderr,
        )
        return 1
    except (OSError, RuntimeError) as error:
        print(f"tetsudo: backup failed: {error}", file=sys.stderr)
        return 1
    print(
        f"Backed up {shown} to {written} with pg_dump ({written.stat().st_size / 1e6:.2f} MB). To restore, stop "
        f"the bot and run: pg_restore --clean --if-exists --dbname={shown} {written}"
    )
    return 0


def run_move_to(target: str) -> int:
    """Copy the configured SQLite database into the empty PostgreSQL database `target`, then check the copy."""
    import asyncio
    import sqlite3

    import asyncpg

    from bot.games import REGISTRY
    from bot.moving import move_database, report
    from bot.storage import Unavailable
    from bot.storage.move import CannotMove

    settings = load_settings()
    configure_logging(settings.log_level)
    try:
        moved = asyncio.run(move_database(settings.database, target, REGISTRY))
    except (CannotMove, Unavailable, asyncpg.PostgresError, sqlite3.Error, OSError) as error:
        print(f"tetsudo: move-to: {error}", file=sys.stderr)
        return 1
    print(report(settings.database, target, moved))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen mode."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tetsudō, the train-games Discord bot.")
    parser.add_argument("--shards", help='the shards this process runs, e.g. "0-3" (with --shard-count)')
    parser.add_argument("--shard-count", type=int, help="how many shards the bot has in all, across its processes")
    sub = parser.add_subparsers(dest="mode")
    sub.add_parser("run", help="run the bot (the default)")
    sandbox = sub.add_parser("sandbox", help="play in a simulated server, without Discord or a token")
    backup = sub.add_parser(
        "backup", help="copy the database to PATH (safe while the bot runs; pg_dump's format on PostgreSQL)"
    )
    backup.add_argument("path", help="where to write the copy (its folder is created)")
    move_to = sub.add_parser(
        "move-to",
        help="copy the SQLite database into an empty PostgreSQL database and check it; stop the bot first",
        description="Copy every game, move, timer, result, rating, tournament and setting of the SQLite database "
        "(the `database` setting) into an EMPTY PostgreSQL database, then check that every running and finished game "
        "replays there to its copied state. Stop the bot first: moves made during the copy would not be in it. "
        "Nothing is written to PostgreSQL unless every check passes.",
    )
    move_to.add_argument("url", help="the PostgreSQL database to fill: postgresql://user@host/dbname")
    doctor = sub.add_parser("doctor", help="check the settings, token, database, fonts and server permissions")
    doctor.add_argument("--offline", action="store_true", help="skip connecting to Discord")
    from bot.sandbox import add_arguments

    add_arguments(sandbox)
    args = parser.parse_args(argv)
    try:
        if args.mode == "doctor":
            from bot.doctor import run_doctor

            return run_doctor(offline=args.offline)
        if args.mode == "move-to":
            return run_move_to(args.url)
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
