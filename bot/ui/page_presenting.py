"""What the shared pages show as Discord shows it: pictures with their descriptions, and the standings table.

Given to the pages by the wiring (bot/client.py): the pages never import the Discord layer, nor it them.
"""

from __future__ import annotations

from typing import Any

import rendering
from bot.engine import Update
from bot.engine.tournaments import StandingsView
from bot.ui import mexican_train, miyajima, next_station_tokyo, picture_cache, toyko_train, ttr_japan
from bot.ui.presenters import picture_names, plain, presenter_for
from bot.ui.rankings import standings_table
from rendering.table import RankedTable

GAMES_PRESENTED = (mexican_train, miyajima, next_station_tokyo, toyko_train, ttr_japan)
"""Each registers its game's presenter when imported (in the bot, its cog does it first)."""


class PagePresenting:
    """Pictures drawn by the bot's picture workers (and kept like any other), described as their attachments are."""

    async def picture(self, update: Update, view: dict[str, Any]) -> bytes:
        """The view's picture, drawn once per content (a page's picture after those somebody waits for in Discord)."""
        renderer = rendering.RENDERERS[update.game]
        names = list(picture_names(update))
        return await picture_cache.png(rendering.png_of, renderer, view, names, near=update.channel_id, board=True)

    def describe(self, update: Update, view: dict[str, Any]) -> str:
        """The view's picture in words, as its attachment's description."""
        return plain(presenter_for(update.game).describe_picture(update, view))

    def standings(self, view: StandingsView) -> RankedTable:
        """The standings as `/tournament standings` draws them."""
        return standings_table(view)
