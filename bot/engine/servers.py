"""Per-server settings over the bot's defaults, kept in memory and written through to storage."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.engine.durations import MAX_SECONDS
from bot.engine.errors import NotModerator
from bot.engine.timers import TimerDefaults
from bot.games.base import IllegalAction
from bot.i18n import LANGUAGES, _
from bot.storage import Storage
from bot.storage.servers import ServerSettings

log = logging.getLogger(__name__)


class ServerBook:
    """Every server's settings: loaded once at start (servers are few), then updated in place on each change.

    Reads are synchronous, so a moderator check or a timer plan never waits on the database.
    """

    def __init__(
        self, storage: Storage, timers: TimerDefaults, *, open_threads: bool, clock: Callable[[], int]
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.timer_defaults = timers
        self.open_threads_default = open_threads
        self._by_guild: dict[int, ServerSettings] = {}

    async def load(self) -> None:
        """Read every server's stored settings (at start, before any command runs)."""
        self._by_guild = await self.storage.all_server_settings()

    def get(self, guild_id: int | None) -> ServerSettings:
        """A server's own settings as stored (all None/defaults outside a server or when never changed)."""
        return self._by_guild.get(guild_id, ServerSettings()) if guild_id is not None else ServerSettings()

    def timers(self, guild_id: int | None) -> TimerDefaults:
        """The reminder delays for this server's games that set none themselves."""
        own = self.get(guild_id)
        return TimerDefaults(
            own.reminder_turn_s or self.timer_defaults.turn_s,
            own.reminder_simultaneous_s or self.timer_defaults.simultaneous_s,
        )

    def open_threads(self, guild_id: int | None) -> bool:
        """Whether `/game new` opens a thread in this server."""
        own = self.get(guild_id).open_threads
        return self.open_threads_default if own is None else own

    def dm_reminders(self, guild_id: int | None) -> bool:
        """Whether the bot may DM reminders for this server's games (to members who opted in)."""
        return self.get(guild_id).dm_reminders

    def rate_computer_games(self, guild_id: int | None) -> bool:
        """Whether games with computers count for this server's ratings and leaderboards (off by default)."""
        return self.get(guild_id).rate_computer_games

    def language(self, guild_id: int | None) -> str | None:
        """The server's chosen language, or None: each user's Discord locale, then the server's preferred one."""
        return self.get(guild_id).language

    def moderator_role(self, guild_id: int | None) -> int | None:
        """The id of the server's moderator role, or None: the role named in settings.toml counts instead."""
        return self.get(guild_id).moderator_role

    async def save(self, guild_id: int, settings: ServerSettings, *, moderator: bool) -> None:
        """A moderator stores the server's settings; the values are checked again here (the command only parses)."""
        if not moderator:
            raise NotModerator(_("Only a moderator can change this server's settings."))
        # The languages a server may choose are those with a catalog; None leaves it to each user's Discord locale.
        if settings.language is not None and settings.language not in LANGUAGES:
            raise IllegalAction(
                _("Choose a language among: {languages} (or automatic).").format(languages=", ".join(LANGUAGES))
            )
        for delay in (settings.reminder_turn_s, settings.reminder_simultaneous_s):
            if delay is not None and not 60 <= delay <= MAX_SECONDS:
                raise IllegalAction(_("A reminder must be between 1 minute and 30 days."))
        await self.storage.save_server_settings(guild_id, settings, self.clock())
        self._by_guild[guild_id] = settings
        log.info("server settings changed guild=%s", guild_id)
