"""What goes out to Discord for a game: its board message and pictures, DMs of secrets, and the lookups they need.

Everything here is read by the whole channel (or sent by DM outside any interaction), so it is worded in the
server's language, whatever the language of the user whose click caused it. The order in which a channel is told
is the channel writer's (bot/ui/channel_writer.py); this module only builds and sends the parts.
"""

from __future__ import annotations

import io
import logging
from typing import Any, cast

import discord

import rendering
from bot.engine import GameManager, Update
from bot.i18n import _, ngettext, speaking
from bot.ui import components, page_links, picture_cache
from bot.ui.gate import last_language, server_language
from bot.ui.presenters import picture_names, plain, presenter_for

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()


def only(users: list[discord.Object]) -> discord.AllowedMentions:
    """Mentions that can ping exactly these users and nobody else (no roles, no @everyone)."""
    return discord.AllowedMentions(everyone=False, users=users, roles=False, replied_user=False)


def manager_of(client: discord.Client) -> GameManager:
    """The running bot's game manager."""
    return cast(Any, client).manager  # type: ignore[no-any-return]


async def image_file(
    update: Update, view: dict[str, Any], filename: str, *, board: bool = False
) -> discord.File | None:
    """The view drawn as a PNG attachment (rendered off the event loop; a `board` after pictures somebody waits for),
    or None without a renderer."""
    # Looked up here, so the worker draws with the renderer this process has (a test's, or the game's own).
    renderer = rendering.RENDERERS.get(update.game)
    if renderer is None:
        return None
    description = presenter_for(update.game).describe_picture(update, view)
    return await picture_file(renderer, update, view, filename, description, board=board)


async def picture_file(
    draw: rendering.Renderer,
    update: Update,
    view: dict[str, Any],
    filename: str,
    description: str,
    *,
    board: bool = False,
) -> discord.File:
    """`draw`'s picture of the view (drawn off the event loop, once, by its game's worker) as an attachment described
    for a screen reader."""
    names = list(picture_names(update))
    png = await picture_cache.png(rendering.png_of, draw, view, names, near=update.channel_id, board=board)
    return discord.File(io.BytesIO(png), filename=filename, description=plain(description))


async def channel_of(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    """A channel or thread by id, from the cache or Discord."""
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    return cast(discord.abc.Messageable, channel)


def language_of(client: discord.Client, channel: object) -> str:
    """The language of a channel's (or thread's) public messages: its server's."""
    guild_id = getattr(channel, "guild_id", None) or getattr(getattr(channel, "guild", None), "id", None)
    return server_language(client, guild_id)


def language_of_channel(client: discord.Client, channel_id: int) -> str:
    """The language of a channel's public messages, by id (the server's; the default if it isn't cached)."""
    return language_of(client, client.get_channel(channel_id))


async def foresee_hands(client: discord.Client, manager: GameManager, update: Update) -> None:
    """Have the picture of each newly awaited player's own view drawn now, after every other picture, so that their
    **My hand** finds it drawn (in their language, as they last spoke, else the server's). Nothing is sent: the
    picture is kept by what it shows (`picture_cache`), so it is only ever served for that very view. Those awaited
    already are left alone: while others play the same round, their view may change again before they look."""
    renderer = rendering.RENDERERS.get(update.game)
    if renderer is None or not update.running:
        return
    for user_id in update.newly_awaited:
        own = await manager.current(update.channel_id, user_id)
        if own.actor_view is None or own.version != update.version:
            continue  # no seat, or the game has moved on meanwhile
        spoken = last_language(user_id) or language_of_channel(client, update.channel_id)
        with speaking(spoken):
            picture_cache.foresee(rendering.png_of, renderer, own.actor_view, picture_names(own), near=own.channel_id)


async def board_message(update: Update) -> dict[str, Any]:
    """Keyword arguments for the public board: embed, buttons while it runs, and its image."""
    presenter = presenter_for(update.game)
    kwargs: dict[str, Any] = {"embed": presenter.board_embed(update)}
    if update.running:
        buttons = presenter.buttons(update)
        stamp = presenter.stamp(update)
        whole = presenter.whole_picture(update)
        view = components.board_view(
            update.channel_id, buttons, stamp, presenter.hand_label, None if whole is None else whole.label
        )
        kwargs["view"] = page_links.add_link(view, page_links.links().game(update.game_id))
    image = await image_file(update, update.public, "board.png", board=True)
    if image is not None:
        kwargs["file"] = image
    return kwargs


async def take_down(client: discord.Client, channel_id: int, message_id: int, *, delete: bool = True) -> None:
    """Make sure an old board carries no live controls: deleted, or its buttons removed (each the other's fallback).

    Raises when Discord refused both: the caller must not post a second live board then.
    """
    channel = await channel_of(client, channel_id)
    message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]

    async def strip() -> None:
        await message.edit(view=None)

    first, second = (message.delete, strip) if delete else (strip, message.delete)
    try:
        await first()
        return
    except discord.HTTPException as error:
        # Refused, or "not found" (gone, or Discord is wrong and it is still there): the other way makes sure.
        log.info(
            "old board channel=%s message=%s: status=%s, trying the other way", channel_id, message_id, error.status
        )
    try:
        await second()
    except discord.NotFound:
        return  # gone


async def retire(client: discord.Client, channel_id: int, message_id: int) -> None:
    """Take the buttons off an older lobby message that a new one replaced; a failure is only logged."""
    try:
        channel = await channel_of(client, channel_id)
        await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]
    except discord.HTTPException:
        # Its buttons then stay, and still answer sensibly: a stale click is refused, My hand still works.
        log.info("old message not retired channel=%s message=%s", channel_id, message_id)


async def send_secrets(
    client: discord.Client, channel: discord.abc.Messageable, update: Update, *, skip: frozenset[int] = frozenset()
) -> None:
    """DM each owner the secrets dealt to them; remember closed DMs and say so once, without the secret.

    Owners in `skip` get a newer view in the same breath: theirs here is settled, not sent. Outside an interaction
    nobody's own language is known, so the DMs speak the server's, as the board does.
    """
    manager = manager_of(client)
    names = {s.user_id: s.shown for s in update.seats}
    hand = presenter_for(update.game).hand_label
    unreached = [user_id for user_id in update.first_views if await manager.dms_closed(user_id)]
    if unreached:
        # DMs closed (or turned off) before this game: each game says once where its private views are.
        players = ", ".join(f"**{names.get(user_id) or _('a player')}**" for user_id in unreached)
        await channel.send(
            ngettext(
                "{players} gets no direct messages from me: their private view is always behind **{hand}**.",
                "{players} get no direct messages from me: their private views are always behind **{hand}**.",
                len(unreached),
            ).format(players=players, hand=hand),
            allowed_mentions=NO_PINGS,
        )
    for user_id, view in update.dm_views.items():
        closed = user_id in unreached or await manager.dms_closed(user_id)
        if user_id not in skip and not closed:  # closed: **My hand** shows it
            await _send_view(client, channel, update, user_id, view)
        # Sent, or its fallback said: a restart must not send it again (only a crash before this line leaves it owed).
        await manager.settle(update.owed.private.get(user_id, ()))


async def _send_view(
    client: discord.Client, channel: discord.abc.Messageable, update: Update, user_id: int, view: dict[str, Any]
) -> None:
    """DM one owner their private view; if Discord refuses, say so in the channel (without the secret)."""
    manager = manager_of(client)
    names = {s.user_id: s.shown for s in update.seats}
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        kwargs: dict[str, Any] = {"embed": presenter_for(update.game).hand_embed(update, view)}
        image = await image_file(update, view, "hand.png")
        if image is not None:
            kwargs["file"] = image
        link = getattr(channel, "jump_url", "")
        await user.send(
            _("Your private view in {title} {link}").format(title=update.title, link=link).strip(), **kwargs
        )
    except discord.Forbidden:
        log.info("dm refused user=%s channel=%s; not retrying", user_id, update.channel_id)
        await manager.mark_dms_closed(user_id)
        notice = _(
            "I can't send **{player}** direct messages (they're closed), so I won't try again. "
            "Press **{hand}** on the board to see your private view."
        ).format(player=names.get(user_id) or _("a player"), hand=presenter_for(update.game).hand_label)
        await channel.send(notice, allowed_mentions=NO_PINGS)
    except discord.HTTPException as error:
        # DMs are open but Discord failed us this once: say so (without the secret), the view is a click away.
        log.warning("dm failed user=%s channel=%s status=%s", user_id, update.channel_id, error.status)
        notice = _(
            "I couldn't send **{player}** their private view just now. Press **{hand}** on the board to see it."
        ).format(player=names.get(user_id) or _("a player"), hand=presenter_for(update.game).hand_label)
        await channel.send(notice, allowed_mentions=NO_PINGS)
