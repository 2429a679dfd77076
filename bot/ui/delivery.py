"""Delivery of an engine Update: the public line and pings, the board, results, and secrets by DM.

Everything here is read by the whole channel (or sent by DM outside any interaction), so it is worded in the
server's language, whatever the language of the user whose click caused it.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from typing import Any, cast

import discord

import rendering
from bot.engine import GameManager, Lobby, Update
from bot.i18n import N_, _, ngettext, speaking
from bot.ui import components
from bot.ui.errors import reply_privately
from bot.ui.gate import server_language
from bot.ui.messages import lobby_embed
from bot.ui.pictures import drawn
from bot.ui.presenters import picture_names, plain, presenter_for

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()


def only(users: list[discord.Object]) -> discord.AllowedMentions:
    """Mentions that can ping exactly these users and nobody else (no roles, no @everyone)."""
    return discord.AllowedMentions(everyone=False, users=users, roles=False, replied_user=False)


def _manager(client: discord.Client) -> GameManager:
    return cast(Any, client).manager  # type: ignore[no-any-return]


async def image_file(update: Update, view: dict[str, Any], filename: str) -> discord.File | None:
    """The view drawn as a PNG attachment (rendered off the event loop), or None without a renderer."""
    # Looked up here, so the worker draws with the renderer this process has (a test's, or the game's own).
    renderer = rendering.RENDERERS.get(update.game)
    if renderer is None:
        return None
    return await picture_file(
        renderer, update, view, filename, presenter_for(update.game).describe_picture(update, view)
    )


async def picture_file(
    draw: rendering.Renderer, update: Update, view: dict[str, Any], filename: str, description: str
) -> discord.File:
    """`draw`'s picture of the view (drawn off the event loop) as an attachment described for a screen reader."""
    png = await drawn(rendering.png_of, draw, view, list(picture_names(update)))
    return discord.File(io.BytesIO(png), filename=filename, description=plain(description))


async def channel_of(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    """A channel or thread by id, from the cache or Discord."""
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    return cast(discord.abc.Messageable, channel)


def language_of(client: discord.Client, channel: object) -> str:
    """The language of a channel's (or thread's) public messages: its server's."""
    guild_id = getattr(channel, "guild_id", None) or getattr(getattr(channel, "guild", None), "id", None)
    return server_language(client, guild_id)


async def say(client: discord.Client, channel_id: int, text: str) -> None:
    """A plain public line that pings nobody (worded by the caller in the server's language)."""
    channel = await channel_of(client, channel_id)
    await channel.send(text, allowed_mentions=NO_PINGS)


async def say_to(client: discord.Client, channel_id: int, text: str, pinged: list[discord.Object]) -> None:
    """A public line that pings exactly these users (worded by the caller in the server's language)."""
    channel = await channel_of(client, channel_id)
    await channel.send(text[:2000], allowed_mentions=only(pinged))


async def announce(interaction: discord.Interaction, update: Update, *, new_board: bool = False) -> None:
    """Deliver a committed change; if Discord fails us now, the change stands and the user is told so."""
    try:
        await deliver(interaction.client, update, new_board=new_board)
    except discord.HTTPException as error:
        log.warning(
            "delivery failed channel=%s game=%s version=%s status=%s",
            update.channel_id, update.game, update.version, error.status,
        )  # fmt: skip
        try:
            await reply_privately(
                interaction,
                _(
                    "Your move is saved, but Discord refused my message to the channel. "
                    "Use `/game status` to show the board again."
                ),
            )
        except discord.HTTPException:
            # This interaction is gone too (answered late): the move stands; nothing more can be said here.
            log.warning("could not tell user=%s that delivery failed", interaction.user.id)


async def deliver(client: discord.Client, update: Update, *, new_board: bool = False) -> None:
    """Everything the channel and each player should now see, in that order, in the server's language."""
    channel = await channel_of(client, update.channel_id)
    try:
        with speaking(language_of(client, channel)):
            await _deliver(client, channel, update, new_board=new_board)
    finally:
        _computers_may_move(client, update)


def _computers_may_move(client: discord.Client, update: Update) -> None:
    """After a change is told, a computer the game now waits for moves (after its pause): the order reads right."""
    computers = getattr(client, "computers", None)  # looked up, not imported: the driver delivers through here
    if computers is not None and update.running and any(s.computer is not None for s in update.seats):
        computers.poke(update.channel_id)


async def _deliver(
    client: discord.Client, channel: discord.abc.Messageable, update: Update, *, new_board: bool
) -> None:
    # Ping only who must act anew: not the mover (answered privately), nor those pinged before and still awaited.
    pinged = [discord.Object(uid) for uid in update.newly_awaited]
    content = "\n".join(update.lines)
    if pinged:
        mentions = " ".join(f"<@{o.id}>" for o in pinged)
        content += "\n" + ngettext("{players} — your move.", "{players} — your move.", len(pinged)).format(
            players=mentions
        )
    presenter = presenter_for(update.game)
    # A board due again (say, once per turn cycle) replaces the old one; a game's first board leaves the lobby be.
    again = update.running and presenter.fresh_board(update) and not new_board

    async def line() -> None:
        if content:
            # Only the users who must act are pinged, whatever the text contains.
            await channel.send(content[:2000], allowed_mentions=only(pinged))

    async def board() -> None:
        if new_board or again:
            await show_board(client, channel, update, new=True, replace=again)
        else:
            await edit_board(client, channel, update)

    async def results() -> None:
        for embed in presenter.result_embeds(update):
            await channel.send(embed=embed, allowed_mentions=NO_PINGS)

    async def announced() -> None:
        # Discord had its say on each part (a refusal is told to the mover): a restart must not announce it again.
        await _manager(client).settle(update.owed.public)

    # Each part is tried even when Discord refused an earlier one: a lost log line must not also lose the
    # board, the results, another player's newly dealt secrets or the end of a tournament table.
    failed: discord.HTTPException | None = None
    for part in (
        line,
        board,
        results,
        announced,
        lambda: send_secrets(client, channel, update),
        lambda: _table_ended(client, update),
    ):
        try:
            await part()
        except discord.HTTPException as error:
            log.warning(
                "delivery part failed channel=%s version=%s status=%s", update.channel_id, update.version, error.status
            )
            failed = failed or error
    if failed is not None:
        raise failed


async def _table_ended(client: discord.Client, update: Update) -> None:
    """A tournament table's game is over: its round may close now (the runner is looked up, not imported)."""
    if update.ended is None or update.tournament_id is None:
        return
    runner = getattr(client, "tournaments", None)
    if runner is not None:
        await runner.round_check(update.tournament_id)


_NEWEST: dict[int, Update] = {}
"""Per channel: the newest board still to be shown by the edit in flight."""
_EDITING: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
"""Per channel: the lock of the edit in flight; gone once no edit holds it (a plain dict kept one per channel ever)."""


async def edit_board(client: discord.Client, channel: discord.abc.Messageable, update: Update) -> None:
    """Edit the board in place, coalescing a burst: while one edit is in flight, only the newest board waits.

    In a race many moves land within a second; each would re-render and re-send the picture. Instead the edit
    in flight, when done, shows the newest state once, and the boards in between are never drawn.
    """
    key = update.channel_id
    waiting = _NEWEST.get(key)
    if waiting is None or waiting.version < update.version:
        _NEWEST[key] = update
    lock = _EDITING.setdefault(key, asyncio.Lock())
    if lock.locked():
        return  # the edit in flight picks the newest board up when it is done
    async with lock:
        while (newest := _NEWEST.pop(key, None)) is not None:
            await show_board(client, channel, newest)


async def board_message(update: Update) -> dict[str, Any]:
    """Keyword arguments for the public board: embed, buttons while it runs, and its image."""
    presenter = presenter_for(update.game)
    kwargs: dict[str, Any] = {"embed": presenter.board_embed(update)}
    if update.running:
        buttons = presenter.buttons(update)
        stamp = presenter.stamp(update)
        whole = presenter.whole_picture(update)
        kwargs["view"] = components.board_view(
            update.channel_id, buttons, stamp, presenter.hand_label, None if whole is None else whole.label
        )
    image = await image_file(update, update.public, "board.png")
    if image is not None:
        kwargs["file"] = image
    return kwargs


async def show_board(
    client: discord.Client,
    channel: discord.abc.Messageable,
    update: Update,
    *,
    new: bool = False,
    replace: bool = False,
) -> discord.Message | discord.PartialMessage:
    """Edit the game's one board message in place, or post it (and remember it) when asked or missing.

    With `replace`, the old board is deleted once the new one is posted, so the channel keeps one live board.
    """
    manager = _manager(client)
    kwargs = await board_message(update)
    image = kwargs.pop("file", None)
    old_id = await manager.board_message(update.game_id)
    message_id = None if new else old_id
    if message_id is not None:
        try:
            message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
            # A finished game's board keeps no buttons: view=None removes them.
            await message.edit(attachments=[image] if image else [], **{"view": None, **kwargs})
            return cast(discord.PartialMessage, message)
        except discord.NotFound:
            log.info("board message gone channel=%s; posting a new one", update.channel_id)
    if image is not None:
        image.reset()
        kwargs["file"] = image
    sent = await channel.send(allowed_mentions=NO_PINGS, **kwargs)
    await manager.set_board_message(update.game_id, sent.id)
    if replace and old_id is not None:
        await _delete_quietly(channel, old_id)
    return sent


async def _delete_quietly(channel: discord.abc.Messageable, message_id: int) -> None:
    """Delete one of our old messages; one already gone (or not deletable) is no reason to fail a move."""
    try:
        await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]
    except discord.HTTPException:
        log.info("old board message not deleted channel=%s message=%s", getattr(channel, "id", "?"), message_id)


async def retire(client: discord.Client, channel_id: int, message_id: int) -> None:
    """Take the buttons off an older board or lobby message that a new one replaced; a failure is only logged."""
    try:
        channel = await channel_of(client, channel_id)
        await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]
    except discord.HTTPException:
        # Its buttons then stay, and still answer sensibly: a stale click is refused, My hand still works.
        log.info("old message not retired channel=%s message=%s", channel_id, message_id)


async def refresh_lobby(
    client: discord.Client,
    channel_id: int,
    game_id: int,
    lobby: Lobby | None,
    closed_text: str = N_("The lobby is closed."),
) -> None:
    """Bring the lobby message up to date after a command changed the lobby.

    `closed_text` is English, marked with N_: it is translated here, into the server's language.
    """
    message_id = await _manager(client).board_message(game_id)
    if message_id is None:
        return
    channel = await channel_of(client, channel_id)
    message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
    try:
        with speaking(language_of(client, channel)):
            if lobby is None:
                shown: dict[str, Any] = {"content": _(closed_text), "embed": None, "view": None}
            else:
                shown = {"embed": lobby_embed(lobby), "view": components.lobby_view(channel_id, lobby.game)}
        await message.edit(**shown)
    except discord.NotFound:
        log.info("lobby message gone channel=%s", channel_id)


async def send_secrets(client: discord.Client, channel: discord.abc.Messageable, update: Update) -> None:
    """DM each owner the secrets dealt to them; remember closed DMs and say so once, without the secret.

    Outside an interaction nobody's own language is known, so the DMs speak the server's, as the board does.
    """
    manager = _manager(client)
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
        if user_id not in unreached and not await manager.dms_closed(user_id):  # closed: **My hand** shows it
            await _send_view(client, channel, update, user_id, view)
        # Sent, or its fallback said: a restart must not send it again (only a crash before this line leaves it owed).
        await manager.settle(update.owed.private.get(user_id, ()))


async def _send_view(
    client: discord.Client, channel: discord.abc.Messageable, update: Update, user_id: int, view: dict[str, Any]
) -> None:
    """DM one owner their private view; if Discord refuses, say so in the channel (without the secret)."""
    manager = _manager(client)
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
