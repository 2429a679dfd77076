"""The Discord client: wiring of settings, storage, the game manager, commands and buttons."""

from __future__ import annotations

import gc
import hashlib
import json
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.backups import DailyBackups
from bot.cogs.game import GameCog
from bot.cogs.mexican_train import MexicanTrainCog
from bot.cogs.miyajima import MiyajimaCog
from bot.cogs.next_station_tokyo import NextStationTokyoCog
from bot.cogs.stats import StatsCog
from bot.cogs.tetsudo import TetsudoCog
from bot.cogs.tournament import TournamentCog
from bot.cogs.toyko_train import ToykoTrainCog
from bot.cogs.ttr_japan import TicketToRideCog
from bot.engine import GameManager, TimerDefaults
from bot.engine.claims import ShardRegistry
from bot.engine.durations import parse_duration
from bot.engine.links import Links, load_links
from bot.engine.replays import Replays
from bot.engine.tournaments import TournamentDesk
from bot.games import REGISTRY, compiled
from bot.games.base import Game, IllegalAction
from bot.i18n import _
from bot.settings import Settings, SettingsError
from bot.storage import Storage, is_postgresql, open_storage, redacted
from bot.storage.serving import serving
from bot.storage.shards import Shards
from bot.ui import delivery, page_links, pictures
from bot.ui.computers import Computers
from bot.ui.controls import DYNAMIC_ITEMS
from bot.ui.errors import TetsudoTree, reply_privately
from bot.ui.gate import Gate, server_language
from bot.ui.page_presenting import PagePresenting
from bot.ui.redelivery import Redelivery
from bot.ui.replay_controls import REPLAY_ITEMS
from bot.ui.scheduler import TimerScheduler
from bot.ui.shard_claims import ShardClaims, process_name
from bot.ui.tournament_runner import TournamentRunner
from bot.ui.toyko_train.panel import PANEL_ITEMS
from bot.ui.translator import CatalogTranslator

if TYPE_CHECKING:
    from bot.web.site import Site

log = logging.getLogger(__name__)

GAME_COGS: dict[str, type[commands.Cog]] = {
    "mexican_train": MexicanTrainCog,
    "ttr_japan": TicketToRideCog,
    "miyajima": MiyajimaCog,
    "next_station_tokyo": NextStationTokyoCog,
    "toyko_train": ToykoTrainCog,
}
"""Each game's own command group, added when the game is installed."""


def discord_clock_ms() -> int:
    """Milliseconds since the epoch, read through discord.py (so a simulated server's clock drives the timers)."""
    return int(discord.utils.utcnow().timestamp() * 1000)


def timer_defaults(settings: Settings) -> TimerDefaults:
    """The reminder delays from the settings ("off" keeps the built-in default: every wait is reminded)."""
    built_in = TimerDefaults()
    try:
        turn = parse_duration(settings.reminder_turn) or built_in.turn_s
        simultaneous = parse_duration(settings.reminder_simultaneous) or built_in.simultaneous_s
    except IllegalAction as error:
        raise SettingsError(f"reminder_turn / reminder_simultaneous: {error.message}") from None
    return TimerDefaults(turn, simultaneous)


COMPUTER_GRACE_S = 5.0
"""At shutdown, a computer move under way gets this long to finish (else it is decided again after the restart)."""


class TetsudoBot(commands.AutoShardedBot):
    """The bot: opens the database in setup_hook, registers the persistent buttons, syncs commands.

    Sharded: it runs the shards the settings name (else every shard, as many as Discord recommends); other
    processes may run the others on the same PostgreSQL database, each serving its own shards' servers."""

    manager: GameManager
    replays: Replays
    tournament_desk: TournamentDesk
    tournaments: TournamentRunner
    links: Links
    """Signs the shared pages' addresses (for link buttons, with `public_url`)."""

    def __init__(
        self,
        settings: Settings,
        games: Mapping[str, Game] | None = None,
        *,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        # Slash commands, buttons and menus only: the bot reads no messages. Without the message intents Discord does
        # not send it every message of every channel it can see (each parsed on the event loop, and cached).
        intents = discord.Intents.default()
        intents.messages = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            max_messages=None,
            tree_cls=TetsudoTree,
            help_command=None,
            # Nothing pings unless a message names its pinged users explicitly.
            allowed_mentions=discord.AllowedMentions.none(),
            shard_ids=list(shard_ids) if (shard_ids := settings.shard_ids()) is not None else None,
            shard_count=settings.shard_count or None,
        )
        self.settings = settings
        self.games: dict[str, Game] = dict(REGISTRY if games is None else games)
        self._seeds = seeds
        self.storage: Storage | None = None
        self.gate = Gate()
        self.backups = (
            DailyBackups(settings.database, settings.backup_folder, settings.backups_kept)
            if settings.backup_folder and not is_postgresql(settings.database)
            else None
        )
        self.scheduler = TimerScheduler(self, settings.timer_scan_seconds, settings.reminder_dms_per_minute)
        self.redelivery = Redelivery(self)
        self.computers = Computers(
            self, settings.computer_pause_range(), float(settings.computer_think), settings.computer_workers
        )
        self.claims = ShardClaims(self)
        self.serving = serving(settings.database)
        self.site: Site | None = None
        """The shared pages, when `web_port` is set."""
        """The bot's hold on its SQLite file for as long as it runs: `move-to` then refuses to copy it."""

    async def setup_hook(self) -> None:
        if self.serving is not None:
            self.serving.acquire()  # before anything starts: not on a file `move-to` is copying
        pictures.configure(self.settings.picture_worker_count())
        self.storage = await open_storage(self.settings.database)
        shard_ids = self.settings.shard_ids()
        if shard_ids is not None:  # the other shards' servers are other processes' to serve
            self.storage.serve(Shards(shard_ids, self.settings.shard_count))
        extra = {"seeds": self._seeds} if self._seeds else {}
        self.manager = GameManager(
            self.storage,
            self.games,
            clock=discord_clock_ms,
            cache_size=self.settings.cache_games,
            timer_defaults=timer_defaults(self.settings),
            open_threads=self.settings.open_threads,
            public_language=lambda guild_id: server_language(self, guild_id),
            **extra,
        )
        self.manager.computer_think_s = float(self.settings.computer_think)
        self.replays = Replays(self.storage, self.games)
        await self.manager.servers.load()
        await self.redelivery.note()  # before any click: what a crash left owed, delivered once connected
        self.tournament_desk = TournamentDesk(self.manager)
        self.tournaments = TournamentRunner(self, self.tournament_desk)
        self.links = await load_links(self.storage, self.settings.public_url)
        page_links.configure(self.links)
        if self.settings.web_port:
            # Imported only here: a bot without pages never loads them, nor Jinja2 (~3 MB).
            from bot.web.site import Site
            from bot.web.sources import Sources

            sources = Sources(self.manager, self.replays, self.tournament_desk, self.links, PagePresenting())
            self.site = Site(sources, self.settings.web_requests_per_minute)
            try:
                await self.site.start(self.settings.web_host, self.settings.web_port)
            except OSError as error:
                where = f"{self.settings.web_host}:{self.settings.web_port}"
                raise SettingsError(
                    f"Setting `web_port`: the pages cannot listen on {where} ({error.strerror or error}); "
                    "is another program using that port?"
                ) from None
        self.add_dynamic_items(*DYNAMIC_ITEMS, *PANEL_ITEMS, *REPLAY_ITEMS)
        await self.add_cog(GameCog(self))
        await self.add_cog(TetsudoCog(self))
        await self.add_cog(StatsCog(self))
        await self.add_cog(TournamentCog(self))
        for name in self.games:
            if name in GAME_COGS:
                await self.add_cog(GAME_COGS[name](self))  # type: ignore[call-arg]
        await self.tree.set_translator(CatalogTranslator())
        guild = discord.Object(self.settings.guild) if self.settings.guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        count = await self._sync_commands(guild)
        log.info(
            "ready: database=%s shards=%s commands=%d games=%s",
            redacted(self.settings.database),
            self.settings.shards or "all",
            count,
            ",".join(self.games),
        )
        log.info("rules engines: %s", compiled.running())  # mypyc's optional build (bot/games/compiled) or not
        self.manager.timers_armed = self.scheduler.wake_by
        self.scheduler.start()
        if self.backups is not None:
            self.backups.start()
        gc.collect()  # what setting up left behind is freed, not frozen for good
        gc.freeze()  # imports and tables never die: full collections need not walk them on every burst

    async def _sync_commands(self, guild: discord.Object | None) -> int:
        """Sync the command tree only when it differs from the last one synced (Discord limits syncs per day)."""
        assert self.storage is not None
        # The translated payload is what Discord receives, so a new translation counts as a change too.
        payload = await self.tree.translated_payload(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild else 'global'}"
        if await self.storage.meta(key) == digest:
            log.info("commands unchanged since the last sync; not syncing")
            return len(payload)
        synced = await self.tree.sync(guild=guild)
        await self.storage.set_meta(key, digest)
        log.info("commands synced %s", f"to server {guild.id}" if guild else "globally")
        return len(synced)

    async def on_ready(self) -> None:
        """Connected: deliver what a crash left owed, then carry on any tournament (tables to open, rounds to close)."""
        if is_postgresql(self.settings.database):  # several processes share only a PostgreSQL database
            assert self.storage is not None
            self.claims.start(ShardRegistry(self.storage, discord_clock_ms, process_name()))
        await self.redelivery.run()
        await self.computers.resume()  # a computer cut short by a restart decides again
        await self.tournaments.resume()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click whose custom_id none of our components claims (an old release's, or forged): say so, privately.

        discord.py drops such clicks silently, which leaves the user with "This interaction failed".
        """
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        items = (*DYNAMIC_ITEMS, *PANEL_ITEMS, *REPLAY_ITEMS)
        if any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items):
            return
        if await self.gate.admit(interaction):
            log.info("unknown component channel=%s user=%s", interaction.channel_id, interaction.user.id)
            await reply_privately(interaction, _("This button is no longer in use. Nothing was changed."))

    async def shutdown(self, grace_s: float) -> None:
        """Stop gracefully: refuse new interactions, let those in flight and a running timer scan finish, close."""
        left = await self.gate.drain(grace_s)
        if left:
            log.warning("shutdown: %d interaction(s) still running after %.0f s; closing anyway", left, grace_s)
        await self.scheduler.halt(grace_s)
        await self.computers.halt(min(grace_s, COMPUTER_GRACE_S))
        await self.close()
        log.info("shutdown complete: database closed")

    async def close(self) -> None:
        if self.site is not None:
            await self.site.stop()
        await self.claims.stop()
        self.scheduler.stop()
        self.computers.stop()
        delivery.stop_writers(self)
        if self.backups is not None:
            self.backups.stop()
        await super().close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
        if self.serving is not None:
            self.serving.release()
