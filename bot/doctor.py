"""`python -m bot doctor`: checks settings, token, database, fonts and each server's permissions, saying what to fix."""

from __future__ import annotations

import asyncio
import base64
import binascii
import os
import re
import sqlite3
import sys
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TextIO

import asyncpg
import discord

from bot.engine.claims import LIVE_MS
from bot.engine.durations import parse_duration
from bot.games.base import IllegalAction
from bot.settings import DEFAULT_FILE, Settings, SettingsError, load_settings
from bot.storage import Unavailable, is_postgresql, redacted
from bot.storage.postgresql import MIGRATIONS as PG_MIGRATIONS
from bot.storage.postgresql import inspect
from bot.storage.shards import clashes
from bot.storage.sqlite import MIGRATIONS
from bot.ui.permissions import NEEDED, invite_url, missing_permissions

Level = Literal["ok", "note", "warning", "problem"]
LABELS: dict[Level, str] = {"ok": "ok", "note": "note", "warning": "WARNING", "problem": "PROBLEM"}
LOG_LEVELS = ("debug", "info", "warning", "error")
MINIMUMS = {"log_lines": 1, "cache_games": 0, "timer_scan_seconds": 1, "reminder_dms_per_minute": 0, "guild": 0}
"""The smallest value each number setting may take (a 0 scan interval would spin; 0 log lines shows nothing)."""
DURATIONS = ("reminder_turn", "reminder_simultaneous")
TOKEN_PART = re.compile(r"[A-Za-z0-9_-]+")
CONNECT_TIMEOUT = 30.0
RESTORE = "stop the bot and put a copy made by `python -m bot backup` (or a .before-migration-NNNN file) in its place"


@dataclass(frozen=True, slots=True)
class Finding:
    """One line of the report: how bad, which check, what was found, and what to do about it."""

    level: Level
    check: str
    message: str
    fix: str = ""

    def line(self) -> str:
        """The finding as the one line the report prints."""
        text = f"{LABELS[self.level]:<8}{self.check}: {self.message.rstrip('.')}"
        return f"{text} — fix: {self.fix}" if self.fix else text


def settings_source(environ: Mapping[str, str]) -> Path:
    """The settings file load_settings reads (TETSUDO_SETTINGS or config/settings.toml)."""
    return Path(environ.get("TETSUDO_SETTINGS", DEFAULT_FILE))


def wrong_values(settings: Settings) -> Iterator[tuple[str, str]]:
    """(setting, what is wrong) for each value that loads but that the bot would misread or refuse."""
    if settings.log_level.lower() not in LOG_LEVELS:
        yield "log_level", f"log_level is {settings.log_level!r}; it must be one of {', '.join(LOG_LEVELS)}"
    for name in DURATIONS:
        try:
            parse_duration(getattr(settings, name))
        except IllegalAction as error:
            yield name, f"{name}: {error.message}"
    for name, minimum in MINIMUMS.items():
        value = getattr(settings, name)
        if value < minimum:
            yield name, f"{name} is {value}; it must be at least {minimum}"


def check_settings(settings: Settings, source: Path) -> Iterator[Finding]:
    """Every loaded value is one the bot can use."""
    wrong = list(wrong_values(settings))
    for name, message in wrong:
        yield Finding("problem", "settings", message, f"set `{name}` in {source} (or TETSUDO_{name.upper()})")
    if not wrong:
        yield Finding("ok", "settings", f"{source} loaded; every value is valid")


def token_flaw(token: str) -> str | None:
    """Why `token` cannot be a Discord bot token, or None; the reason never quotes the token."""
    if token.lower().startswith("bot "):
        return "it starts with `Bot `; set the token alone"
    if any(quote in token for quote in "\"'"):
        return "it contains quotes; remove them"
    parts = token.split(".")
    if len(parts) != 3:
        return f"it has {len(parts)} dot-separated part(s); a bot token has 3 (is it the client secret or public key?)"
    if not all(TOKEN_PART.fullmatch(part) for part in parts):
        return "it contains characters a bot token never has"
    try:
        user_id = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        user_id = ""
    if not user_id.isdigit():
        return "its first part does not encode the bot's user id"
    return None


def check_token(token: str) -> Iterator[Finding]:
    """DISCORD_TOKEN is set and shaped like a bot token (never printed, not even in part)."""
    portal = "https://discord.com/developers/applications → your app → Bot → Reset Token"
    if not token:
        fix = f"copy the token from {portal} into DISCORD_TOKEN (or try the bot without one: python -m bot sandbox)"
        yield Finding("problem", "token", "DISCORD_TOKEN is not set", fix)
        return
    flaw = token_flaw(token)
    if flaw:
        yield Finding("problem", "token", f"DISCORD_TOKEN is not a bot token: {flaw}", f"copy it again from {portal}")
    else:
        yield Finding("ok", "token", "DISCORD_TOKEN is set and shaped like a bot token")


def existing_folder(path: Path) -> Path:
    """`path` or its nearest ancestor that exists (the bot creates the missing folders on first start)."""
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that can neither create nor change the database, nor leave files beside it."""
    # Read-only WAL access creates -wal and -shm files when they are missing; made by another user (sudo), they
    # would lock the bot out. With no -wal file everything is in the main file, so it is read as immutable.
    wal = path.with_name(path.name + "-wal")
    mode = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    return sqlite3.connect(f"{path.absolute().as_uri()}?{mode}", uri=True)


def migration_numbers() -> list[int]:
    """The numbers of the migrations this version ships, in order (numbered as SqliteStorage._migrate reads them)."""
    return sorted(int(script.name.split("_", 1)[0]) for script in MIGRATIONS.glob("*.sql"))


def check_database(database: str) -> Iterator[Finding]:
    """The database file passes SQLite's integrity check, and which migrations the next start will apply."""
    if is_postgresql(database):
        yield from check_postgresql(database)
        return
    path = Path(database)
    folder = existing_folder(path.parent)
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        yield Finding(
            "problem",
            "database",
            f"{path.absolute() if path.exists() else folder} is not writable by this user",
            "give the user that runs the bot ownership of it (e.g. sudo chown -R tetsudo:tetsudo data)",
        )
    if not path.exists():
        yield Finding("ok", "database", f"no database yet at {path.absolute()}; it is created on first start")
        return
    try:
        with closing(open_read_only(path)) as db:
            integrity = [str(row[0]) for row in db.execute("PRAGMA integrity_check")]
            applied = int(db.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.OperationalError as error:
        yield Finding("problem", "database", f"{path} cannot be opened: {error}", "check its owner and permissions")
        return
    except sqlite3.DatabaseError as error:
        yield Finding("problem", "database", f"{path} is damaged or not a SQLite database: {error}", RESTORE)
        return
    if integrity != ["ok"]:
        more = f" (and {len(integrity) - 1} more)" if len(integrity) > 1 else ""
        yield Finding("problem", "database", f"{path} fails SQLite's integrity check: {integrity[0]}{more}", RESTORE)
    yield schema_finding(path, applied, migration_numbers())


def check_postgresql(url: str) -> Iterator[Finding]:
    """The server answers, which migrations the next start applies, and no two live processes claim one shard."""
    shown = redacted(url)
    since = int(time.time() * 1000) - LIVE_MS
    try:  # in a thread of its own: the doctor may be asked from inside a running event loop
        with ThreadPoolExecutor(1) as thread:
            seen = thread.submit(asyncio.run, inspect(url, since)).result()
    except (Unavailable, OSError, asyncpg.PostgresError) as error:
        yield Finding(
            "problem",
            "database",
            f"cannot reach {shown}: {error}",
            "check the URL (user, host, database name), that PostgreSQL runs and accepts this user (pg_hba.conf)",
        )
        return
    yield Finding("ok", "database", f"PostgreSQL {seen.server} answers at {shown}")
    shipped = sorted(int(script.name.split("_", 1)[0]) for script in PG_MIGRATIONS.glob("*.sql"))
    if seen.schema == 0:
        yield Finding("ok", "database", f"{shown} has no tables yet; they are made on first start")
    else:
        yield schema_finding(shown, seen.schema, shipped, backed_up=False)
    clashing = clashes(seen.claims)
    for clash in clashing:
        yield Finding("problem", "shards", clash, "give each process its own shards (--shards) and one --shard-count")
    if seen.claims and not clashing:
        processes = sorted({claim.process for claim in seen.claims})
        count = seen.claims[0].shard_count
        running = plural(len(processes), "bot process")
        message = f"{len(seen.claims)} of {count} shards claimed by {running} alive, none twice"
        yield Finding("ok", "shards", message.replace("processs", "processes"))


def schema_finding(path: Path | str, applied: int, shipped: list[int], *, backed_up: bool = True) -> Finding:
    """How the database's schema compares with the migrations this version ships."""
    latest = shipped[-1] if shipped else 0
    if applied > latest:
        return Finding(
            "warning",
            "database",
            f"{path}: schema {applied} is newer than this version of Tetsudō knows ({latest})",
            "update Tetsudō (git pull), or put the .before-migration copy back",
        )
    pending = [number for number in shipped if number > applied]
    if not pending:
        return Finding("ok", "database", f"{path}, integrity ok, schema up to date ({applied})")
    count = plural(len(pending), "migration")
    backup = " (a backup is taken first)" if applied and backed_up else ""
    return Finding("note", "database", f"{path}, integrity ok; {count} will run on next start{backup}")


def check_fonts() -> Iterator[Finding]:
    """Pillow can load the font file the renderers draw with (rendering/canvas.py), and which file that is."""
    import PIL
    from PIL import ImageFont, features

    from rendering.canvas import font, font_file

    reinstall = "run .venv/bin/pip install --force-reinstall pillow (its wheels include FreeType)"
    try:
        face = font()
    except (ImportError, OSError, TypeError) as error:
        yield Finding("problem", "fonts", f"Pillow {PIL.__version__} cannot load the bundled font: {error}", reinstall)
        return
    if not isinstance(face, ImageFont.FreeTypeFont):
        message = "Pillow has no FreeType; images fall back to its small bitmap font"
        yield Finding("warning", "fonts", message, f"{reinstall}, or install libfreetype6-dev and rebuild Pillow")
        return
    used = font_file()
    if used.path is None:
        message = f"{used.problem}; pictures use Pillow's bundled font, so accented letters (é, ç, à) won't draw"
        yield Finding("warning", "fonts", message, "run .venv/bin/pip install -e . (it installs font-source-sans-pro)")
        return
    freetype = features.version("freetype2")
    yield Finding("ok", "fonts", f"Pillow {PIL.__version__} with FreeType {freetype} draws with {used.path}")


def offline_findings(environ: Mapping[str, str]) -> list[Finding]:
    """Every check that needs no connection to Discord."""
    source = settings_source(environ)
    findings: list[Finding] = []
    try:
        settings: Settings | None = load_settings(environ=environ)
    except SettingsError as error:
        settings = None
        message = str(error).rstrip(".")
        findings.append(Finding("problem", "settings", message, f"correct it in {source} or its TETSUDO_* variable"))
    if settings is not None:
        findings += check_settings(settings, source)
    findings += check_token(environ.get("DISCORD_TOKEN", "").strip())
    if settings is not None:
        findings += check_database(settings.database)
    else:
        findings.append(Finding("note", "database", "not checked: the settings did not load"))
    findings += check_fonts()
    return findings


def check_servers(client: discord.Client, sync_guild: int = 0) -> Iterator[Finding]:
    """For each server of a connected client, whether the bot holds every permission it needs."""
    application_id = client.application_id or (client.user.id if client.user else 0)
    url = invite_url(application_id)
    guilds = sorted(client.guilds, key=lambda guild: guild.name.lower())
    if not guilds:
        yield Finding("warning", "servers", "the bot is in no server yet", f"invite it with {url}")
    if sync_guild and client.get_guild(sync_guild) is None:
        # The bot syncs its commands to that server at start, and Discord refuses it when the bot is not there.
        message = f"`guild` is {sync_guild}, a server the bot is not in"
        yield Finding("problem", "servers", message, f"invite the bot there with {url}, or set guild = 0")
    for guild in guilds:
        me = guild.me
        missing = missing_permissions(me.guild_permissions) if me else list(NEEDED.values())
        where = f"{guild.name} (id {guild.id})"
        if not missing:
            yield Finding("ok", "servers", f"{where}: every permission the bot needs")
            continue
        role = guild.self_role or (me.top_role if me and not me.top_role.is_default() else None)
        grant = f"the {role.name} role" if role else "a role of the bot"
        fix = f"in Server Settings → Roles, give {grant} these permissions, or re-invite the bot with {url}"
        yield Finding("problem", "servers", f"{where}: missing {', '.join(missing)}", fix)


async def connected_findings(token: str, sync_guild: int = 0, timeout: float = CONNECT_TIMEOUT) -> list[Finding]:
    """Log in with the token, wait for the server list, and check each server's permissions."""
    client = discord.Client(intents=discord.Intents.default())
    async with client:
        try:
            await asyncio.wait_for(client.login(token), timeout)
        except discord.LoginFailure:
            copy_it = "copy it again from the developer portal (Bot → Reset Token)"
            return [Finding("problem", "discord", "Discord refused DISCORD_TOKEN", copy_it)]
        except Exception as error:
            # A finding, not a traceback; only the error's type, as its text may carry request details.
            reason = f"could not reach Discord ({type(error).__name__})"
            return [Finding("problem", "discord", reason, "check the network, then run again")]
        connecting = asyncio.create_task(client.connect(reconnect=False))
        ready = asyncio.create_task(client.wait_until_ready())
        try:
            await asyncio.wait({connecting, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():
                failed = connecting.done() and connecting.exception()
                reason = f"the connection failed ({type(failed).__name__})" if failed else "no answer from Discord"
                return [Finding("problem", "discord", reason, "check the network, then run again")]
            return [Finding("ok", "discord", f"logged in as {client.user}"), *check_servers(client, sync_guild)]
        finally:
            ready.cancel()
            await client.close()
            with suppress(Exception, asyncio.CancelledError):
                await connecting


def commands_guild(environ: Mapping[str, str]) -> int:
    """The server the commands are synced to (0: globally, or when the settings do not load)."""
    try:
        return load_settings(environ=environ).guild
    except SettingsError:
        return 0


def plural(count: int, noun: str) -> str:
    """ "1 problem", "2 problems"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def run_doctor(offline: bool = False, environ: Mapping[str, str] | None = None, out: TextIO | None = None) -> int:
    """Print one line per finding and a summary; 1 when anything is a problem, else 0."""
    env = os.environ if environ is None else environ
    out = out or sys.stdout
    findings = offline_findings(env)
    token = env.get("DISCORD_TOKEN", "").strip()
    if offline:
        findings.append(Finding("note", "servers", "not checked (--offline)"))
    elif not token or token_flaw(token):
        findings.append(Finding("note", "servers", "not checked: no usable DISCORD_TOKEN"))
    else:
        findings += asyncio.run(connected_findings(token, commands_guild(env)))
    for finding in findings:
        print(finding.line(), file=out)
    problems = sum(finding.level == "problem" for finding in findings)
    warnings = sum(finding.level == "warning" for finding in findings)
    if problems or warnings:
        print(f"{plural(problems, 'problem')}, {plural(warnings, 'warning')}.", file=out)
    else:
        print("Everything looks right.", file=out)
    return 1 if problems else 0
