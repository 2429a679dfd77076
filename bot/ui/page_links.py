"""Link buttons to the shared pages, on the messages they mirror, when the bot knows where people open them.

`public_url` set (and so a reachable address): results, the board `/game status` posts, `/tournament standings` and
`/leaderboard` each carry a button that opens their page in a browser. Without it, no button at all.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord import ui

from bot.engine.links import Links
from bot.i18n import _

_links = Links(b"")
"""The installation's links, set by the wiring once the secret is read (`configure`); no public_url until then."""


def configure(links: Links) -> None:
    """Use these links from now on."""
    global _links
    _links = links


def links() -> Links:
    """The installation's links."""
    return _links


def add_link(view: ui.View, url: str | None) -> ui.View:
    """`view` with a button opening `url` (nothing without an address, or when the view has no room left)."""
    if url is not None:
        # A board full of moves keeps its moves: a view with no room left refuses the button (ValueError).
        with contextlib.suppress(ValueError):
            view.add_item(ui.Button(label=_("Open the page"), emoji="🌐", style=discord.ButtonStyle.link, url=url))
    return view


def link_view(url: str | None) -> dict[str, Any]:
    """A message's keyword arguments holding only the page's button (none without an address)."""
    if url is None:
        return {}
    view = ui.View(timeout=None)
    view.stop()  # a link needs no handler: discord.py need not keep the view
    return {"view": add_link(view, url)}
