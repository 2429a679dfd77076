"""The Discord client: wiring of settings, storage, the game manager, commands and buttons."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import discord
from discord.ext import commands

from bot.cogs.game import GameCog
from bot.cogs.mexican_train import MexicanTrainCog
from bot.cogs.miyajima import MiyajimaCog
from bot.cogs.next_station_tokyo import NextStationTokyoCog
from bot.cogs.toyko_train import ToykoTrainCog
from bot.cogs.ttr_japan import TicketToRideCog
from bot.engine import GameManager
from bot.games import REGISTRY
from bot.games.base import Game
from bot.settings import Settings
from bot.storage import SqliteStorage
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.errors import TetsudoTree
from bot.ui.toyko_panel import PANEL_ITEMS

log = logging.getLogger(__name__)

GAME_COGS: dict[str, type[commands.Cog]] = {
    "mexican_train": MexicanTrainCog,
    "ttr_japan": TicketToRideCog,
    "miyajima": MiyajimaCog,
    "next_station_tokyo": NextStationTokyoCog,
    "toyko_train": ToykoTrainCog,
}
"""Each game's own command group, added when the game is installed."""


class TetsudoBot(commands.Bot):
    """The bot: opens the database in setup_hook, registers the persistent buttons, syncs commands."""

    manager: GameManager

    def __init__(
        self,
        settings: Settings,
        games: Mapping[str, Game] | None = None,
        *,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=TetsudoTree,
            help_command=None,
            # Nothing pings unless a message names its pinged users explicitly.
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.games: dict[str, Game] = dict(REGISTRY if games is None else games)
        self._seeds = seeds
        self.storage: SqliteStorage | None = None

    async def setup_hook(self) -> None:
        self.storage = await SqliteStorage.open(self.settings.database)
        extra = {"seeds": self._seeds} if self._seeds else {}
        self.manager = GameManager(self.storage, self.games, cache_size=self.settings.cache_games, **extra)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *PANEL_ITEMS)
        await self.add_cog(GameCog(self))
        for name in self.games:
            if name in GAME_COGS:
                await self.add_cog(GAME_COGS[name](self))  # type: ignore[call-arg]
        guild = discord.Object(self.settings.guild) if self.settings.guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info(
            "ready: database=%s commands=%d games=%s",
            self.settings.database,
            len(synced),
            ",".join(self.games),
        )

    async def close(self) -> None:
        await super().close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
