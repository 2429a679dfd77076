"""What each command and button does, shared by slash commands and components (one flow each)."""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from typing import Any, Protocol, cast

import discord
from discord import app_commands

from bot.computers import LEVELS
from bot.engine import GameManager, Player, StaleClick, Update
from bot.engine.computers import level_word
from bot.engine.names import shown_name, stored_name
from bot.engine.replays import Replays
from bot.games.base import Action, Game, IllegalAction, option_text
from bot.i18n import N_, _, speaking
from bot.settings import Settings
from bot.ui import components, delivery
from bot.ui.errors import handle_error, log_refusal, reply_privately
from bot.ui.gate import Admitted, Gate, server_language
from bot.ui.messages import lobby_embed
from bot.ui.presenters import UNSTAMPED, presenter_for, public_sheet

log = logging.getLogger(__name__)


class Services(Protocol):
    """What the flows need from the bot object."""

    manager: GameManager
    replays: Replays
    settings: Settings
    games: dict[str, Game]
    gate: Gate


def services(interaction: discord.Interaction) -> Services:
    """The running bot's manager and settings."""
    return cast(Services, interaction.client)


async def game_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the installed games whose name or title contains what was typed."""
    typed = current.lower()
    return [
        app_commands.Choice(name=game.title, value=game.name)
        for game in services(interaction).games.values()
        if typed in game.name or typed in game.title.lower()
    ][:25]


async def computer_levels(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the computer levels, named in the reader's language."""
    typed = current.lower()
    entries = ((level, level_word(level)) for level in LEVELS)
    return [app_commands.Choice(name=word, value=level) for level, word in entries if typed in word.lower()]


async def say(interaction: discord.Interaction, text: str) -> None:
    """Answer in public with a line that pings nobody (worded `in_public`: everyone reads it)."""
    await interaction.response.send_message(text, allowed_mentions=delivery.NO_PINGS)


def public_language(interaction: discord.Interaction) -> str:
    """The language of what this interaction shows everyone: the server's, whatever the user's own."""
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
    return server_language(interaction.client, interaction.guild_id, guild_locale)


def in_public(interaction: discord.Interaction) -> AbstractContextManager[None]:
    """Inside it, text is worded in the server's language: for messages everyone in the channel reads."""
    return speaking(public_language(interaction))


def user_name(user: discord.abc.User) -> str:
    """A Discord user's display name as written into text: clean of control characters, escaped."""
    return shown_name(stored_name(user.display_name))


def own_view(update: Update) -> dict[str, Any]:
    """The caller's own view of the game, or the one refusal every seatless caller gets."""
    if update.actor_view is None:
        raise IllegalAction(_("You're not playing in this game."))
    return update.actor_view


def player(interaction: discord.Interaction) -> Player:
    """The user behind an interaction, as the engine knows them."""
    return Player(interaction.user.id, interaction.user.display_name)


def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Server permission, or the moderator role: the server's own choice, else the one named in the settings."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    role_id = services(interaction).manager.servers.moderator_role(member.guild.id)
    if role_id is not None:
        return any(r.id == role_id for r in member.roles)
    role = services(interaction).settings.moderator_role
    return any(r.name == role for r in member.roles)


async def hand_message(update: Update, picked: str | None = None) -> dict[str, Any]:
    """Keyword arguments for a private view message: embed, move menu (or the game's panel) and image (owner only).

    `picked` is what the player has picked so far on a game's panel (a word, a seat), shown as picked.
    """
    view = own_view(update)
    presenter = presenter_for(update.game)
    panel = presenter.panel(update, view, picked)
    if panel is None:
        menu = presenter.menu_moves(update, view)
        panel = components.hand_view(
            update.channel_id, presenter.stamp(update), menu, presenter.multi_choice(update, view)
        )
    kwargs: dict[str, Any] = {"embed": presenter.hand_embed(update, view), "view": panel}
    image = await delivery.image_file(update, view, "hand.png")
    if image is not None:
        kwargs["file"] = image
    return kwargs


UNKNOWN_CONTROL = N_(
    "That control isn't one I know, or it is out of date: `/game status` shows the board as it is now."
)


def on_own_private_view(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is the clicker's own ephemeral one (only its owner can see it, so click it)."""
    return interaction.message is not None and interaction.message.flags.ephemeral


async def acknowledge_privately(interaction: discord.Interaction) -> None:
    """Answer Discord at once, before any picture is drawn: the reply to come is private.

    On the clicker's own ephemeral message the answer will replace it (a deferred update); anywhere else it is a
    private "thinking…" that the reply fills. Never a public defer: its "thinking…" would show on the channel.
    """
    if interaction.response.is_done():
        return
    if on_own_private_view(interaction):
        await deferred(interaction)
    else:
        await deferred(interaction, ephemeral=True, thinking=True)


async def acknowledge_publicly(interaction: discord.Interaction) -> None:
    """Answer Discord at once with a public "thinking…", once nothing is left to refuse (a refusal is private)."""
    if not interaction.response.is_done():
        await deferred(interaction, thinking=True)


async def deferred(interaction: discord.Interaction, **how: bool) -> None:
    """Acknowledge with a defer (`how`: ephemeral, thinking); the work that follows waits for the others in flight to
    be acknowledged too (see `Gate.after_others_acknowledged`)."""
    await interaction.response.defer(**how)
    await services(interaction).gate.after_others_acknowledged(interaction)


async def post_public(interaction: discord.Interaction, kwargs: dict[str, Any]) -> discord.Message:
    """The public answer: into the acknowledged "thinking…" if there is one, else as the response itself."""
    if interaction.response.is_done():
        return await interaction.followup.send(wait=True, **_without_none(kwargs))
    await interaction.response.send_message(**kwargs)
    return await interaction.original_response()


async def show_private(interaction: discord.Interaction, kwargs: dict[str, Any]) -> None:
    """The clicker's private view, once acknowledged: in place on their own ephemeral message, else anew.

    A control forged onto a public message (the board) must never have that message rewritten with a hand.
    """
    await acknowledge_privately(interaction)
    image = kwargs.pop("file", None)
    if on_own_private_view(interaction):
        await interaction.edit_original_response(attachments=[image] if image else [], **kwargs)
        return
    shown = _without_none(kwargs)
    if image is not None:
        shown["file"] = image
    await interaction.followup.send(ephemeral=True, **shown)


async def show_hand(interaction: discord.Interaction, channel_id: int) -> None:
    """Send the clicker's private view ephemerally (a refusal if they hold no seat)."""
    await acknowledge_privately(interaction)
    update = await services(interaction).manager.current(channel_id, interaction.user.id)
    await show_private(interaction, await hand_message(update))


async def show_whole_picture(interaction: discord.Interaction, channel_id: int) -> None:
    """The board's bigger picture (Ticket to Ride's whole map), privately, for anyone in the board's channel.

    The board is public, so no seat is needed; a game without such a picture refuses the (forged) click.
    """
    await acknowledge_privately(interaction)  # a button forged with another channel's id never gets here (gate)
    update = await services(interaction).manager.current(channel_id)
    whole = presenter_for(update.game).whole_picture(update)
    if whole is None:
        raise IllegalAction(_(UNKNOWN_CONTROL))
    image = await delivery.picture_file(whole.draw, update, update.public, whole.filename, whole.description)
    await interaction.followup.send(ephemeral=True, file=image)


async def play_token(interaction: discord.Interaction, channel_id: int, version: int, token: str) -> None:
    """A move chosen from a menu: through the engine, then the private and public replies."""
    await acknowledge_privately(interaction)
    manager = services(interaction).manager
    try:
        stamped = await engine_version(manager, channel_id, version)
        update = await manager.act(channel_id, interaction.user.id, Action.from_token(token), stamped)
    except StaleClick as stale:
        await refuse_with_fresh_view(interaction, channel_id, stale)
        return
    await show_in_place(interaction, update)


async def play_choice(
    interaction: discord.Interaction, channel_id: int, version: int, verb: str, values: list[str]
) -> None:
    """The picks of a pick-several menu (tickets to keep): one move, if the menu on offer holds every pick."""
    await acknowledge_privately(interaction)
    update = await services(interaction).manager.current(channel_id, interaction.user.id)
    view = own_view(update)
    presenter = presenter_for(update.game)
    if version == presenter.stamp(update):
        # Clicked on the menu of the board as it is: the menu it must have been holds the picks (or it is forged).
        choice = presenter.multi_choice(update, view)
        if choice is None or choice.verb != verb:
            raise IllegalAction(_(UNKNOWN_CONTROL))
        offered = {value for _label, value in choice.options}
        if not values or not set(values) <= offered:
            raise IllegalAction(_("That menu never offered this choice: pick from the menu as it is shown."))
    # Digits are numbers (ticket ids); sorted by kind first, so mixed picks never compare a number with a word.
    picks = sorted((int(v) if v.isdigit() else v for v in values), key=lambda a: (isinstance(a, str), a))
    await play_token(interaction, channel_id, version, Action(verb, tuple(picks)).token())


async def press_board_button(
    interaction: discord.Interaction, channel_id: int, action: Action, version: int | None = None
) -> None:
    """A board button: refused as unknown unless the game has such a button, else played like a command."""
    current = await services(interaction).manager.current(channel_id)
    if not presenter_for(current.game).knows_button(current, action.verb):
        raise IllegalAction(_(UNKNOWN_CONTROL))
    await play_action(interaction, channel_id, action, version)


async def play_on_panel(interaction: discord.Interaction, channel_id: int, action: Action) -> None:
    """A move from a game's panel: the panel redrawn in place, or any refusal with the panel as it is now."""
    await acknowledge_privately(interaction)
    manager = services(interaction).manager
    try:
        update = await manager.act(channel_id, interaction.user.id, action)
    except IllegalAction as refusal:
        await refuse_with_fresh_view(interaction, channel_id, refusal)
        return
    await show_in_place(interaction, update)


async def pick_on_panel(interaction: discord.Interaction, channel_id: int, picked: str | None) -> None:
    """Redraw the clicker's panel with something picked (a word, a seat); nothing is played yet."""
    await acknowledge_privately(interaction)
    update = await services(interaction).manager.current(channel_id, interaction.user.id)
    kwargs = await hand_message(update, picked)
    kwargs["content"] = None  # a line the message carried (a move's reply) no longer describes the redrawn panel
    await show_private(interaction, kwargs)


async def refuse_with_fresh_view(interaction: discord.Interaction, channel_id: int, refusal: IllegalAction) -> None:
    """The reason, privately, with the clicker's view and moves as they are now."""
    log_refusal(interaction, refusal)
    await acknowledge_privately(interaction)
    current = await services(interaction).manager.current(channel_id, interaction.user.id)
    kwargs = await hand_message(current)
    await interaction.followup.send(refusal.message, ephemeral=True, **_without_none(kwargs))


async def show_in_place(interaction: discord.Interaction, update: Update) -> None:
    """After a move from a private message: the channel's news queued in its place, the mover's new view in place."""
    # Queued first: the channel is told in the order moves were saved, whatever the mover's picture costs. Then the
    # mover sees their new hand in place of the old menu, under what the move did (the old first line would be stale).
    queued = delivery.queue(interaction.client, update)
    try:
        kwargs = await hand_message(update)
        kwargs["content"] = presenter_for(update.game).move_reply(update)
        await show_private(interaction, kwargs)
        await delivery.reply_given(interaction.client, update)
    except discord.HTTPException as error:
        # Answered too late (or refused): the move stands all the same, so the channel must still hear of it.
        private_reply_failed(update, error)
    await delivery.announced(interaction, update, queued)


async def play_action(
    interaction: discord.Interaction, channel_id: int, action: Action, version: int | None = None
) -> None:
    """A move from a slash command or a board button: through the engine, a private reply, then the channel.

    The reply is deferred privately first: it may carry the mover's tiles and an image.
    """
    await deferred(interaction, ephemeral=True, thinking=True)
    manager = services(interaction).manager
    action = await _stand_in(manager, channel_id, interaction.user.id, action)
    update = await manager.act(
        channel_id, interaction.user.id, action, await engine_version(manager, channel_id, version)
    )
    queued = delivery.queue(interaction.client, update)  # its place among the channel's news is fixed now
    kwargs: dict[str, Any] = {}
    if update.actor_view is not None and presenter_for(update.game).reply_with_view(update):
        kwargs = _without_none(await hand_message(update))  # more to do, or a new deal: the hand and its menu
    try:
        await interaction.followup.send(presenter_for(update.game).move_reply(update), ephemeral=True, **kwargs)
        await delivery.reply_given(interaction.client, update)
    except discord.HTTPException as error:
        private_reply_failed(update, error)  # the move stands: the channel must still hear of it
    await delivery.announced(interaction, update, queued)


async def reply_and_announce(interaction: discord.Interaction, update: Update, text: str) -> None:
    """A command's private answer, given once its change is queued (so it can't race the next command's news)."""
    queued = delivery.queue(interaction.client, update)
    await reply_privately(interaction, text)
    await delivery.reply_given(interaction.client, update)
    await delivery.announced(interaction, update, queued)


def private_reply_failed(update: Update, error: discord.HTTPException) -> None:
    """Log a committed move's private reply that Discord refused (the public announcement still follows)."""
    log.warning(
        "private reply failed channel=%s game=%s version=%s status=%s code=%s",
        update.channel_id, update.game, update.version, error.status, error.code,
    )  # fmt: skip


async def engine_version(manager: GameManager, channel_id: int, version: int | None) -> int | None:
    """The version the engine checks a click against: none for an unstamped one, if this game's are (else stale)."""
    if version != UNSTAMPED:
        return version
    current = await manager.current(channel_id)
    if presenter_for(current.game).stamp(current) != UNSTAMPED:
        raise StaleClick()  # a forged or foreign unstamped click on a game whose clicks carry their board
    return None


async def _stand_in(manager: GameManager, channel_id: int, user_id: int, action: Action) -> Action:
    """The move a button or command stands for now: its stand-in when only that is open (Draw → pass)."""
    if action.args:
        return action
    current = await manager.current(channel_id, user_id)
    stand_in = presenter_for(current.game).stand_ins.get(action.verb)
    if stand_in is None or current.actor_view is None:
        return action
    legal = {str(move["token"]) for move in current.actor_view.get("legal", [])}
    if action.token() not in legal and Action(stand_in).token() in legal:
        return Action(stand_in)
    return action


def _without_none(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}


async def lobby_button(interaction: discord.Interaction, verb: str, channel_id: int) -> None:
    """Join, Leave, Start or Options on the lobby message."""
    manager = services(interaction).manager
    shown_lobby = await manager.lobby(channel_id)
    if shown_lobby is not None and interaction.message is not None:
        current = await manager.board_message(shown_lobby.game_id)
        if current is not None and current != interaction.message.id:
            # A lobby message `/game status` replaced but could not retire: retire it now, change nothing.
            await delivery.retire(interaction.client, channel_id, interaction.message.id)
            raise IllegalAction(_("This lobby message is out of date: use the newest one (`/game status` shows it)."))
    if verb == "options":
        lobby = await manager.lobby(channel_id)
        if lobby is None:
            raise IllegalAction(_("This lobby is closed."))
        if lobby.host_id != interaction.user.id:
            raise IllegalAction(_("Only the host can change the options."))
        current = " ".join(option_text(lobby.options))
        await interaction.response.send_modal(OptionsModal(channel_id, current))
        return
    if verb == "start":
        await start(interaction, channel_id)
        return
    if verb == "join":
        lobby = await manager.join(channel_id, player(interaction))
    else:
        left = await manager.leave(channel_id, interaction.user.id)
        if left is None:
            with in_public(interaction):
                closed = _("Everyone left; the lobby is closed.")
            await interaction.response.edit_message(content=closed, embed=None, view=None)
            return
        lobby = left
    with in_public(interaction):
        shown = {"embed": lobby_embed(lobby), "view": components.lobby_view(channel_id, lobby.game)}
    await interaction.response.edit_message(**shown)


async def add_computer(interaction: discord.Interaction, channel_id: int, level: str) -> None:
    """The lobby's **Add computer** menu: the host seats a computer at the chosen level (or removes the last one)."""
    manager = services(interaction).manager
    if level == components.REMOVE:
        lobby = await manager.remove_computer(channel_id, interaction.user.id)
    else:
        lobby = await manager.add_computer(channel_id, interaction.user.id, level)
    with in_public(interaction):
        shown = {"embed": lobby_embed(lobby), "view": components.lobby_view(channel_id, lobby.game)}
    await interaction.response.edit_message(**shown)


async def lobby_command(interaction: discord.Interaction, verb: str) -> None:
    """`/game join` and `/game leave`: the same as the buttons, then the lobby message is refreshed."""
    manager = services(interaction).manager
    channel_id = channel_id_of(interaction)
    before = await manager.lobby(channel_id)
    if verb == "join" and before is None and await manager.storage.active_game(channel_id) is not None:
        # A running game: join means taking the seat a moderator freed.
        update = await manager.take_seat(channel_id, player(interaction))
        hand = presenter_for(update.game).hand_label
        taken = _("You take a seat in {title}. Press **{hand}** to play.").format(title=update.title, hand=hand)
        await reply_and_announce(interaction, update, taken)
        return
    if verb == "join":
        lobby = await manager.join(channel_id, player(interaction))
        text = _("You joined {title}.").format(title=lobby.title)
    else:
        left = await manager.leave(channel_id, interaction.user.id)
        lobby, text = left, _("You left the lobby.") if left else _("You left; the lobby is closed.")
    await reply_privately(interaction, text)
    if before is not None:
        await delivery.refresh_lobby(interaction.client, channel_id, before.game_id, lobby)


async def start(interaction: discord.Interaction, channel_id: int) -> None:
    """The host starts the game: the lobby message says so, the board appears, secrets go by DM."""
    manager = services(interaction).manager
    on_lobby = interaction.message is not None and interaction.type == discord.InteractionType.component
    # Answered before the deal: a deferred update of the lobby shows nothing, and a refusal still comes privately.
    await (deferred(interaction) if on_lobby else acknowledge_privately(interaction))
    update = await manager.start(channel_id, interaction.user.id)
    if on_lobby:
        with in_public(interaction):
            started = _("The game has started.")
        await interaction.edit_original_response(content=started, embed=None, view=None)
    else:
        await reply_privately(interaction, _("The game has started."))
        await delivery.refresh_lobby(interaction.client, channel_id, update.game_id, None, N_("The game has started."))
    await delivery.announce(interaction, update, new_board=True)


async def confirmed(interaction: discord.Interaction, what: str, channel_id: int) -> None:
    """Resign or abandon, after the confirmation click."""
    manager = services(interaction).manager
    if what == "resign":
        update: Update | None = await manager.resign(channel_id, interaction.user.id)
    else:
        update = await manager.abandon(channel_id, player(interaction), moderator=is_moderator(interaction))
    if on_own_private_view(interaction):
        await interaction.response.edit_message(content=_("Done."), view=None)
    else:
        await interaction.response.send_message(_("Done."), ephemeral=True)  # never written over a public message
    if update is None:
        with in_public(interaction):
            closed = _("{player} closed the lobby.").format(player=user_name(interaction.user))
        await delivery.say(interaction.client, channel_id, closed)
    else:
        await delivery.announce(interaction, update)


async def game_here(interaction: discord.Interaction, game: str) -> Update:
    """This channel's running game with the caller's own view: refuses another game, and anyone without a seat.

    Every game command starts here, so the seat is checked before any game-specific parsing of what was typed.
    """
    update = await services(interaction).manager.current(channel_id_of(interaction), interaction.user.id)
    _check_game(interaction, update, game)
    own_view(update)
    return update


def _check_game(interaction: discord.Interaction, update: Update, game: str) -> None:
    """Refuse when the channel's game is another one."""
    if update.game != game:
        wanted = services(interaction).games[game].title if game in services(interaction).games else game
        raise IllegalAction(
            _("This channel's game is {title}, not {wanted}.").format(title=update.title, wanted=wanted)
        )


async def game_for_autocomplete(interaction: discord.Interaction, game: str) -> Update | None:
    """The caller's view of this channel's game for autocomplete, or None (autocomplete offers nothing then)."""
    try:
        return await game_here(interaction, game)
    except IllegalAction:
        return None


async def show_sheet(interaction: discord.Interaction, game: str, owner: discord.abc.User) -> None:
    """A player's sheet, sent privately to anyone in the channel (sheets are public in these games), even once over."""
    await acknowledge_privately(interaction)
    update = await services(interaction).manager.last_played(channel_id_of(interaction), interaction.user.id)
    _check_game(interaction, update, game)
    if owner.id == interaction.user.id:
        view = update.actor_view
        if view is None:
            raise IllegalAction(
                _("You're not playing in this game, so you have no sheet: name a player to see theirs.")
            )
        theirs = None
    else:
        seat = next((s.seat for s in update.seats if s.user_id == owner.id), None)
        if seat is None:
            raise IllegalAction(_("{player} isn't playing in this game.").format(player=user_name(owner)))
        view, theirs = public_sheet(update, seat), user_name(owner)
    kwargs: dict[str, Any] = {"embed": presenter_for(game).sheet_embed(update, view, theirs)}
    image = await delivery.image_file(update, view, "sheet.png")
    if image is not None:
        kwargs["file"] = image
    await interaction.followup.send(ephemeral=True, **kwargs)


def channel_id_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise IllegalAction(_("Use this in a server channel."))
    return interaction.channel_id


class OptionsModal(Admitted, discord.ui.Modal):
    """The host types options as `key=value` pairs (the form is worded in the host's language)."""

    def __init__(self, channel_id: int, current: str) -> None:
        super().__init__(title=_("Game options"), timeout=900)
        self.channel_id = channel_id
        self.text: discord.ui.TextInput[OptionsModal] = discord.ui.TextInput(
            label=_("Options (key=value, separated by spaces)"), default=current, required=False, max_length=400
        )
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        manager = services(interaction).manager
        lobby = await manager.configure(self.channel_id, interaction.user.id, self.text.value)
        with in_public(interaction):
            shown = {"embed": lobby_embed(lobby), "view": components.lobby_view(self.channel_id, lobby.game)}
        await interaction.response.edit_message(**shown)

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await handle_error(interaction, error)
