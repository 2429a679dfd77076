"""One frozen Settings object: the token from the environment, everything else from settings.toml."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "config" / "settings.toml"


class SettingsError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting the bot reads; see config/settings.toml for what each one does."""

    token: str = field(default="", repr=False)  # a Settings printed in a log or a traceback never shows it
    database: str = "data/tetsudo.sqlite3"
    log_level: str = "info"
    moderator_role: str = "Tetsudo Moderator"
    open_threads: bool = True
    guild: int = 0
    log_lines: int = 15
    cache_games: int = 256
    reminder_turn: str = "12h"
    reminder_simultaneous: str = "10m"
    timer_scan_seconds: int = 3600
    reminder_dms_per_minute: int = 20
    shutdown_seconds: int = 20
    backup_folder: str = ""
    backups_kept: int = 7
    picture_workers: str = "auto"
    computer_pause: str = "1-2"
    computer_think: float = 1.0
    computer_workers: int = 1
    shards: str = ""
    """The shards this process runs ("0-3", "0,2"); empty: every shard (the settings below, or Discord's count)."""
    shard_count: int = 0
    """How many shards the bot has in all, across its processes; 0: as many as Discord recommends."""
    web_port: int = 0
    """The port of the shared pages (replays, tournaments, leaderboards); 0: no pages."""
    web_host: str = "127.0.0.1"
    public_url: str = ""
    """The address people open the pages at (behind a reverse proxy); empty: no links in Discord."""
    web_requests_per_minute: int = 600

    def __post_init__(self) -> None:
        self.shard_ids()
        self.picture_worker_count()  # a bad value is refused when the settings are read, not at the first picture
        self.computer_pause_range()
        if self.shard_count < 0:
            raise SettingsError(f"Setting `shard_count` must be 0 (Discord's count) or more, not {self.shard_count!r}.")
        if not 0 <= self.web_port <= 65535:
            raise SettingsError(
                f"Setting `web_port` must be a port (1 to 65535), or 0 for no pages, not {self.web_port!r}."
            )
        if self.public_url and not self.public_url.startswith(("http://", "https://")):
            raise SettingsError(f"Setting `public_url` must start with https:// (or http://), not {self.public_url!r}.")
        if self.web_requests_per_minute < 0:
            raise SettingsError(
                f"Setting `web_requests_per_minute` must be 0 (no limit) or more, not {self.web_requests_per_minute!r}."
            )
        if self.computer_workers < 0:
            raise SettingsError(f"Setting `computer_workers` must be 0 or more, not {self.computer_workers!r}.")
        if not 0 < float(self.computer_think) <= 60:
            raise SettingsError(
                f"Setting `computer_think` must be seconds (more than 0, at most 60), not {self.computer_think!r}."
            )

    def shard_ids(self) -> tuple[int, ...] | None:
        """The shards this process runs, in order (None: all of them)."""
        if not self.shards.strip():
            return None
        if self.shard_count < 1:
            raise SettingsError("Setting `shards` needs `shard_count`: how many shards the bot has in all.")
        try:
            ids = sorted({n for part in self.shards.split(",") for n in _shard_range(part)})
        except ValueError:
            raise SettingsError(f"Setting `shards` must be numbers and ranges (0-3,6), not {self.shards!r}.") from None
        if not ids or ids[-1] >= self.shard_count:
            raise SettingsError(f"Setting `shards` must name shards from 0 to {self.shard_count - 1}: {self.shards!r}.")
        return tuple(ids)

    def computer_pause_range(self) -> tuple[float, float]:
        """How long a computer pauses before it moves, in seconds: "1-2" is between 1 and 2, "0" never."""
        text = str(self.computer_pause).strip()
        try:
            low, _, high = text.partition("-")
            bounds = (float(low), float(high or low))
        except ValueError:
            bounds = (-1.0, -1.0)
        if not 0 <= bounds[0] <= bounds[1] <= 60:
            raise SettingsError(
                f'Setting `computer_pause` must be seconds, or a range such as "1-2" (0 to 60), not {text!r}.'
            )
        return bounds

    def picture_worker_count(self) -> int:
        """Processes that draw pictures: "auto" is one per core, 0 draws in the bot's own process (one thread)."""
        text = str(self.picture_workers).strip().lower()
        if text == "auto":
            return os.cpu_count() or 1
        if text.isdigit():
            return int(text)
        raise SettingsError(
            f'Setting `picture_workers` must be "auto" or a whole number of processes (0 or more), '
            f"not {self.picture_workers!r}."
        )

    def require_token(self) -> str:
        """The bot token, or a clear error when it is missing."""
        if not self.token.strip():
            raise SettingsError(
                "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications, "
                "copy its token, and run again with DISCORD_TOKEN=<token> in the environment. "
                "To try Tetsudō without a token, run: python -m bot sandbox"
            )
        return self.token.strip()


def _shard_range(part: str) -> range:
    """ "2" or "0-3" as the shard numbers it names."""
    low, _, high = part.strip().partition("-")
    first = int(low)
    last = int(high) if high else first
    if first < 0 or last < first:
        raise ValueError(part)
    return range(first, last + 1)


def _coerce(name: str, raw: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise SettingsError(f"Setting `{name}` must be true or false, not {raw!r}.")
    if isinstance(default, int):
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
            return int(raw.strip())
        raise SettingsError(f"Setting `{name}` must be a whole number, not {raw!r}.")
    if isinstance(default, float):
        try:
            return float(raw)
        except (TypeError, ValueError):
            raise SettingsError(f"Setting `{name}` must be a number, not {raw!r}.") from None
    return str(raw)


def load_settings(path: Path | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """Read settings.toml (or TETSUDO_SETTINGS), then TETSUDO_<KEY> and DISCORD_TOKEN overrides."""
    env = os.environ if environ is None else environ
    path = path or Path(env.get("TETSUDO_SETTINGS", DEFAULT_FILE))
    try:
        values: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"{path} is not valid TOML: {error}") from None
    known = {f.name: f.default for f in fields(Settings) if f.name != "token"}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise SettingsError(f"{path}: unknown setting `{unknown[0]}` (known: {', '.join(known)}).")
    for name in known:
        if f"TETSUDO_{name.upper()}" in env:
            values[name] = env[f"TETSUDO_{name.upper()}"]
    typed = {name: _coerce(name, values.get(name, default), default) for name, default in known.items()}
    return Settings(token=env.get("DISCORD_TOKEN", ""), **typed)
