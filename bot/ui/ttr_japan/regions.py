"""`/ttr map [region:…]`: the board as it stands, whole or one region large, shown only to whoever asks."""

from __future__ import annotations

import io

import discord

from bot.engine import Update
from bot.games.base import IllegalAction
from bot.games.ttr_japan import TTR_JAPAN, japan
from bot.i18n import _, ngettext, pgettext
from bot.ui import flows, picture_cache
from bot.ui.presenters import picture_names, plain
from rendering import png_of
from rendering.canvas import seat_name
from rendering.ttr_japan.regions import REGIONS, region_claims, region_png, region_routes
from rendering.ttr_japan.whole_map import claimed, render_ttr_japan


def region_name(region: str) -> str:
    """A region as a sentence names it: "the north"."""
    names = {
        "kyushu": pgettext("ttr region", "Kyushu"),
        "west": pgettext("ttr region", "the west"),
        "centre": pgettext("ttr region", "the centre"),
        "north": pgettext("ttr region", "the north"),
        "tokyo": pgettext("ttr region", "Tokyo"),
    }
    return names[region]


def claims_by_player(update: Update, claims: list[tuple[int, int, bool]]) -> list[str]:
    """Per player who has any, in seat order: "alice (seat 1): Kyoto – Osaka, Nagoya – Kyoto (bullet train)"."""
    routes = japan().routes
    names = picture_names(update)
    found = []
    for seat in sorted({s for _r, s, _b in claims}):
        theirs = [routes[r].name + (" (" + _("bullet train") + ")" if b else "") for r, s, b in claims if s == seat]
        who = _("{player} (seat {number})").format(player=seat_name(names, seat), number=seat + 1)
        found.append(f"{who}: {', '.join(theirs)}")
    return found


def map_heading(update: Update, region: str | None) -> str:
    """What the map shows, in one sentence: the whole map or a region, and how many of its routes are claimed."""
    public = update.public["public"]
    if region is None:
        return _("{title}, the whole map: {claimed} of {total} routes claimed.").format(
            title=update.title, claimed=len(claimed(public["claims"])), total=len(japan().routes)
        )
    return _("{title}, map of {region}: {claimed} of {total} routes claimed.").format(
        title=update.title,
        region=region_name(region),
        claimed=len(region_claims(public, region)),
        total=len(region_routes(region)),
    )


def map_description(update: Update, region: str | None) -> str:
    """What the map picture shows, in words: the claims in the region (or how many each player has on the map)."""
    public = update.public["public"]
    if region is None:
        claims = claimed(public["claims"])
        names = picture_names(update)
        counts = [
            ngettext("{player}: {n} route", "{player}: {n} routes", n).format(player=seat_name(names, s), n=n)
            for s in range(len(public["players"]))
            if (n := sum(1 for _r, seat, _b in claims if seat == s))
        ]
        tail = _("Name a region to see it large enough to read on a phone.")
        return " ".join([map_heading(update, None), "; ".join(counts), tail])
    tail = _("Claims are tagged with the seat number, free routes with their colour letter and length.")
    return " ".join(
        [map_heading(update, region), "; ".join(claims_by_player(update, region_claims(public, region))), tail]
    )


async def show_map(interaction: discord.Interaction, region: str | None) -> None:
    """The map of this channel's running game (whole, or one region drawn large), privately, to anyone here."""
    await flows.acknowledge_privately(interaction)
    channel_id = flows.channel_id_of(interaction)
    update = await flows.services(interaction).manager.current(channel_id, interaction.user.id)
    if update.game != TTR_JAPAN.name:
        raise IllegalAction(
            _("No Ticket to Ride: Japan game is running here: this channel's game is {title}.").format(
                title=update.title
            )
        )
    if region is not None and region not in REGIONS:
        raise IllegalAction(_("There's no such region: choose one from the list."))
    names = picture_names(update)
    if region is None:
        png = await picture_cache.png(png_of, render_ttr_japan, update.public, names, near=update.channel_id)
    else:
        png = await picture_cache.png(region_png, update.public, names, region, near=update.channel_id)
    description = plain(map_description(update, region))
    picture = discord.File(io.BytesIO(png), filename=f"map-{region or 'japan'}.png", description=description)
    await interaction.followup.send(map_heading(update, region), file=picture, ephemeral=True)
