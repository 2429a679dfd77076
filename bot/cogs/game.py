"""The /game command group: lobbies and the commands every game shares. Thin: parse, engine, deliver."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameManager, GameTimers, Player
from bot.engine.computers import check_level
from bot.engine.durations import parse_duration
from bot.engine.moderation import timer_words
from bot.games.base import IllegalAction, parse_option_text, resolve_options
from bot.i18n import _, ngettext
from bot.ui import components, delivery, flows, messages, replays, timeouts
from bot.ui.errors import refusals_answered, reply_privately
from bot.ui.messages import game_help, general_help, lobby_embed
from bot.ui.presenters import presenter_for

THREAD_ARCHIVE_MINUTES = 10080
"""A week: play-by-message games go quiet for days."""


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="Play train games in this channel"):
    """Lobby and shared game commands."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    @property
    def manager(self) -> GameManager:
        return self.bot.manager

    @app_commands.command(name="new", description="Open a lobby for a game (in its own thread when possible)")
    @app_commands.describe(
        game="Which game to play",
        options='Game options as key=value pairs, e.g. "rounds=3"',
        computers="How many computer players to seat at once",
        level="How well those computers play",
    )
    @app_commands.autocomplete(game=flows.game_names, level=flows.computer_levels)
    @refusals_answered
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str = "",
        computers: app_commands.Range[int, 0, 12] = 0,
        level: str = "",
    ) -> None:
        chosen = self.manager.game(game)
        resolve_options(chosen.options, parse_option_text(options))
        if computers:
            level = check_level(chosen.name, level)  # refused before the lobby opens: nothing is left half done
            if computers >= chosen.max_seats:
                raise IllegalAction(
                    _("{game} seats at most {seats} players, you included.").format(
                        game=chosen.title, seats=chosen.max_seats
                    )
                )
        channel = interaction.channel
        host = flows.player(interaction)
        thread = await self._open_thread(channel, f"{chosen.title} · {host.name}")
        target_id = thread.id if thread else flows.channel_id_of(interaction)
        lobby = await self.manager.open_lobby(interaction.guild_id, target_id, chosen.name, host, options)
        for _seat in range(computers):
            lobby = await self.manager.add_computer(target_id, host.user_id, level)
        # The lobby, and the line pointing to its thread, are for everyone: the server's language.
        with flows.in_public(interaction):
            lobby_message = {"embed": lobby_embed(lobby), "view": components.lobby_view(target_id, lobby.game)}
            opened = _("**{host}** opened a {title} lobby: {thread}")
        if thread is not None:
            await interaction.response.send_message(
                opened.format(host=host.name, title=chosen.title, thread=thread.mention),
                allowed_mentions=delivery.NO_PINGS,
            )
            message = await thread.send(**lobby_message)
        else:
            await interaction.response.send_message(**lobby_message)
            message = await interaction.original_response()
        await self.manager.set_board_message(lobby.game_id, message.id)

    async def _open_thread(self, channel: object, name: str) -> discord.Thread | None:
        if not isinstance(channel, discord.TextChannel) or not self.manager.servers.open_threads(channel.guild.id):
            return None
        try:
            return await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException:
            # No permission to create threads here: the game runs in the channel itself.
            return None

    @app_commands.command(name="join", description="Join the lobby in this channel")
    @refusals_answered
    async def join(self, interaction: discord.Interaction) -> None:
        await flows.lobby_command(interaction, "join")

    @app_commands.command(name="leave", description="Leave the lobby in this channel")
    @refusals_answered
    async def leave(self, interaction: discord.Interaction) -> None:
        await flows.lobby_command(interaction, "leave")

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    @refusals_answered
    async def start(self, interaction: discord.Interaction) -> None:
        await flows.start(interaction, flows.channel_id_of(interaction))

    @app_commands.command(name="status", description="Show the lobby or the board of this channel's game")
    @refusals_answered
    async def status(self, interaction: discord.Interaction) -> None:
        channel_id = flows.channel_id_of(interaction)
        lobby = await self.manager.lobby(channel_id)
        # The board is posted for everyone: it speaks the server's language.
        if lobby is None:
            update = await self.manager.current(channel_id)
            await flows.acknowledge_publicly(interaction)  # nothing left to refuse; the board is drawn next
            # In the channel's turn, the newest board: the old one loses its buttons first, this one takes them.
            await delivery.repost(interaction.client, update, lambda shown: flows.post_public(interaction, shown))
            return
        with flows.in_public(interaction):
            shown = {"embed": lobby_embed(lobby), "view": components.lobby_view(channel_id, lobby.game)}
        replaced = await self.manager.board_message(lobby.game_id)
        message = await flows.post_public(interaction, shown)
        # The message just posted becomes the one later changes edit; the one it replaces keeps no buttons.
        await self.manager.set_board_message(lobby.game_id, message.id)
        if replaced is not None and replaced != message.id:
            await delivery.retire(interaction.client, channel_id, replaced)

    @app_commands.command(name="hand", description="Your private view and moves (only you can see it)")
    @refusals_answered
    async def hand(self, interaction: discord.Interaction) -> None:
        await flows.show_hand(interaction, flows.channel_id_of(interaction))

    @app_commands.command(name="undo", description="Take back your last move, if nothing was revealed since")
    @refusals_answered
    async def undo(self, interaction: discord.Interaction) -> None:
        update = await self.manager.undo(flows.channel_id_of(interaction), interaction.user.id)
        await flows.reply_and_announce(interaction, update, _("Your last move was taken back."))

    @app_commands.command(name="resign", description="Leave the running game (your seat then plays by default)")
    @refusals_answered
    async def resign(self, interaction: discord.Interaction) -> None:
        update = await self.manager.current(flows.channel_id_of(interaction), interaction.user.id)
        flows.own_view(update)
        await reply_privately(
            interaction,
            _("Resign from this game? You'll be ranked last and your seat will play by default."),
            view=components.confirm_view("resign", update.channel_id),
        )

    @app_commands.command(name="abandon", description="End this channel's game without results (host or moderator)")
    @refusals_answered
    async def abandon(self, interaction: discord.Interaction) -> None:
        channel_id = flows.channel_id_of(interaction)
        await reply_privately(
            interaction,
            _("Abandon this game for everyone? Nothing will be recorded."),
            view=components.confirm_view("abandon", channel_id),
        )

    @app_commands.command(name="replay", description="Step through an ended game, privately")
    @app_commands.describe(game="An ended game (by default the newest of this channel)")
    @app_commands.autocomplete(game=replays.replay_choices)
    @refusals_answered
    async def replay(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await replays.open_replay(interaction, game)

    @app_commands.command(name="log", description="The recent moves of this channel's game")
    @refusals_answered
    async def log(self, interaction: discord.Interaction) -> None:
        lines = await self.manager.recent_log(flows.channel_id_of(interaction), self.bot.settings.log_lines)
        text = "\n".join(lines) or _("No moves yet.")
        await reply_privately(interaction, f"```\n{text[-1900:]}\n```")

    @app_commands.command(name="list", description="This server's games and whose move it is")
    @refusals_answered
    async def list(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise IllegalAction(_("Use this in a server."))
        summaries = await self.manager.guild_games(interaction.guild_id)
        lines = [
            _("<#{channel}> — {title} — {status} ({players})").format(
                channel=s.channel_id,
                title=s.title,
                status=_("waiting for {players}").format(players=", ".join(s.waiting_for))
                if s.status == "running"
                else _("lobby open"),
                players=", ".join(s.players),
            )
            for s in summaries
        ]
        await reply_privately(interaction, "\n".join(lines)[:2000] or _("No games are running on this server."))

    @app_commands.command(name="timers", description="Set this game's reminder and timeout (host or moderator)")
    @app_commands.describe(
        reminder='Ping whoever must move after this long, e.g. "12h" or "10m" ("default" for 12h / 10m)',
        timeout='After this long, apply the consequence, e.g. "2d" ("off" for none)',
        on_timeout="What a timeout does to the players still waited for",
    )
    @app_commands.autocomplete(on_timeout=timeouts.for_this_game)
    @refusals_answered
    async def timers(
        self,
        interaction: discord.Interaction,
        reminder: str | None = None,
        timeout: str | None = None,
        on_timeout: str | None = None,
    ) -> None:
        channel_id = flows.channel_id_of(interaction)
        current = await self.manager.game_timers(channel_id)
        if reminder is None and timeout is None and on_timeout is None:
            await reply_privately(interaction, _("This game's timers: {timers}.").format(timers=timer_words(current)))
            return
        chosen = GameTimers(
            current.remind_s if reminder is None else _reminder_seconds(reminder),
            current.timeout_s if timeout is None else parse_duration(timeout),
            on_timeout or current.on_timeout,
        )
        moderator = flows.is_moderator(interaction)
        await self.manager.set_timers(channel_id, interaction.user.id, chosen, moderator=moderator)
        with flows.in_public(interaction):
            said = _("**{player}** set the timers: {timers}.").format(
                player=flows.user_name(interaction.user), timers=timer_words(chosen)
            )
        await interaction.response.send_message(said, allowed_mentions=delivery.NO_PINGS)

    @app_commands.command(name="turns", description="Every game, on every server, where it's your move")
    @refusals_answered
    async def turns(self, interaction: discord.Interaction) -> None:
        waiting = await self.manager.turns_of(interaction.user.id)
        shared = [w for w in waiting if w.guild_id is None or self.bot.get_guild(w.guild_id) is not None]
        lines = [f"**{w.title}** — {messages.jump_url(w.guild_id, w.channel_id, w.board_message_id)}" for w in shared]
        text = "\n".join(lines) or _("It's not your move in any game. Enjoy the view from the window.")
        heading = ngettext("Your move in {n} game:", "Your move in {n} games:", len(shared)).format(n=len(shared))
        await reply_privately(interaction, messages.clip(f"{heading}\n{text}", 2000))

    @app_commands.command(name="kick", description="Remove a player; their seat plays by default (moderators)")
    @app_commands.describe(user="The player to remove")
    @refusals_answered
    async def kick(self, interaction: discord.Interaction, user: discord.Member) -> None:
        moderator = flows.is_moderator(interaction)
        channel_id = flows.channel_id_of(interaction)
        update = await self.manager.kick(channel_id, flows.player(interaction), user.id, moderator=moderator)
        await flows.reply_and_announce(
            interaction, update, _("{player} was removed.").format(player=flows.user_name(user))
        )

    @app_commands.command(name="replace", description="Give a player's seat to someone else (moderators)")
    @app_commands.describe(
        old="The player leaving the seat",
        new="The player taking it",
        computer="Give the seat to a computer at this level instead",
        seat="The seat's number instead of its player (a computer's seat, say)",
    )
    @app_commands.autocomplete(computer=flows.computer_levels)
    @refusals_answered
    async def replace(
        self,
        interaction: discord.Interaction,
        old: discord.User | None = None,
        new: discord.Member | None = None,
        computer: str | None = None,
        seat: int | None = None,
    ) -> None:
        if (old is None) == (seat is None):
            raise IllegalAction(_("Name either the player leaving (`old`) or their seat's number (`seat`)."))
        if (new is None) == (computer is None):
            raise IllegalAction(_("Name either the player taking the seat (`new`) or a `computer` level."))
        if new is not None and new.bot:
            raise IllegalAction(_("A bot can't take a seat."))
        channel_id = flows.channel_id_of(interaction)
        old_id = old.id if old is not None else await self.manager.seat_holder(channel_id, seat or 0)
        before = {s.user_id for s in (await self.manager.current(channel_id)).seats}
        update = await self.manager.replace_player(
            channel_id,
            old_id,
            None if new is None else Player(new.id, new.display_name),
            flows.player(interaction),
            moderator=flows.is_moderator(interaction),
            computer=computer or "",
        )
        if new is not None:
            taker = flows.user_name(new)
        else:
            taker = next(s.shown for s in update.seats if s.computer is not None and s.user_id not in before)
        if old is not None:
            said = _("{new} now holds {old}'s seat.").format(new=taker, old=flows.user_name(old))
        else:
            said = _("{new} now holds seat {seat}.").format(new=taker, seat=seat)
        await flows.reply_and_announce(interaction, update, said)

    @app_commands.command(name="skip", description="Apply the timeout to whoever the game waits for (moderators)")
    @refusals_answered
    async def skip(self, interaction: discord.Interaction) -> None:
        update = await self.manager.skip(
            flows.channel_id_of(interaction), flows.player(interaction), moderator=flows.is_moderator(interaction)
        )
        await flows.reply_and_announce(interaction, update, _("Done."))

    @app_commands.command(name="help", description="How to play with Tetsudō, or one game's help")
    @app_commands.describe(game="A game to explain")
    @app_commands.autocomplete(game=flows.game_names)
    @refusals_answered
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game:
            chosen = self.manager.game(game)
            embed = game_help(chosen, presenter_for(chosen.name).commands)
        else:
            embed = general_help(list(self.bot.games.values()))
        await reply_privately(interaction, "", embed=embed)


def _reminder_seconds(text: str) -> int | None:
    """A reminder delay; "default" (or "off") leaves the bot's default for each kind of step."""
    return None if text.strip().lower() == "default" else parse_duration(text)
