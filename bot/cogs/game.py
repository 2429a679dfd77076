"""The /game command group: lobbies and the commands every game shares. Thin: parse, engine, deliver."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameManager
from bot.games.base import IllegalAction, parse_option_text, resolve_options
from bot.ui import components, delivery, flows
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

    async def game_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: installed games matching what was typed."""
        typed = current.lower()
        return [
            app_commands.Choice(name=game.title, value=game.name)
            for game in self.bot.games.values()
            if typed in game.name or typed in game.title.lower()
        ][:25]

    @app_commands.command(name="new", description="Open a lobby for a game (in its own thread when possible)")
    @app_commands.describe(game="Which game to play", options='Game options as key=value pairs, e.g. "rounds=3"')
    @app_commands.autocomplete(game=game_names)
    @refusals_answered
    async def new(self, interaction: discord.Interaction, game: str, options: str = "") -> None:
        chosen = self.manager.game(game)
        resolve_options(chosen.options, parse_option_text(options))
        channel = interaction.channel
        host = flows.player(interaction)
        thread = await self._open_thread(channel, f"{chosen.title} · {host.name}")
        target_id = thread.id if thread else flows.channel_id_of(interaction)
        lobby = await self.manager.open_lobby(interaction.guild_id, target_id, chosen.name, host, options)
        lobby_message = {"embed": lobby_embed(lobby), "view": components.lobby_view(target_id)}
        if thread is not None:
            await interaction.response.send_message(
                f"**{host.name}** opened a {chosen.title} lobby: {thread.mention}",
                allowed_mentions=delivery.NO_PINGS,
            )
            message = await thread.send(**lobby_message)
        else:
            await interaction.response.send_message(**lobby_message)
            message = await interaction.original_response()
        await self.manager.set_board_message(lobby.game_id, message.id)

    async def _open_thread(self, channel: object, name: str) -> discord.Thread | None:
        if not self.bot.settings.open_threads or not isinstance(channel, discord.TextChannel):
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
        if lobby is not None:
            game_id, shown = lobby.game_id, {"embed": lobby_embed(lobby), "view": components.lobby_view(channel_id)}
        else:
            update = await self.manager.current(channel_id)
            game_id, shown = update.game_id, await delivery.board_message(update)
        await interaction.response.send_message(**shown)
        # The message just posted becomes the one later moves edit.
        message = await interaction.original_response()
        await self.manager.set_board_message(game_id, message.id)

    @app_commands.command(name="hand", description="Your private view and moves (only you can see it)")
    @refusals_answered
    async def hand(self, interaction: discord.Interaction) -> None:
        await flows.show_hand(interaction, flows.channel_id_of(interaction))

    @app_commands.command(name="undo", description="Take back your last move, if nothing was revealed since")
    @refusals_answered
    async def undo(self, interaction: discord.Interaction) -> None:
        update = await self.manager.undo(flows.channel_id_of(interaction), interaction.user.id)
        await reply_privately(interaction, "Your last move was taken back.")
        await delivery.announce(interaction, update)

    @app_commands.command(name="resign", description="Leave the running game (your seat then plays by default)")
    @refusals_answered
    async def resign(self, interaction: discord.Interaction) -> None:
        update = await self.manager.current(flows.channel_id_of(interaction), interaction.user.id)
        if update.actor_view is None:
            raise IllegalAction("You're not playing in this game.")
        await reply_privately(
            interaction,
            "Resign from this game? You'll be ranked last and your seat will play by default.",
            view=components.confirm_view("resign", update.channel_id),
        )

    @app_commands.command(name="abandon", description="End this channel's game without results (host or moderator)")
    @refusals_answered
    async def abandon(self, interaction: discord.Interaction) -> None:
        channel_id = flows.channel_id_of(interaction)
        await reply_privately(
            interaction,
            "Abandon this game for everyone? Nothing will be recorded.",
            view=components.confirm_view("abandon", channel_id),
        )

    @app_commands.command(name="log", description="The recent moves of this channel's game")
    @refusals_answered
    async def log(self, interaction: discord.Interaction) -> None:
        lines = await self.manager.recent_log(flows.channel_id_of(interaction), self.bot.settings.log_lines)
        text = "\n".join(lines) or "No moves yet."
        await reply_privately(interaction, f"```\n{text[-1900:]}\n```")

    @app_commands.command(name="list", description="This server's games and whose move it is")
    @refusals_answered
    async def list(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise IllegalAction("Use this in a server.")
        summaries = await self.manager.guild_games(interaction.guild_id)
        lines = [
            f"<#{s.channel_id}> — {s.title} — "
            + (f"waiting for {', '.join(s.waiting_for)}" if s.status == "running" else "lobby open")
            + f" ({', '.join(s.players)})"
            for s in summaries
        ]
        await reply_privately(interaction, "\n".join(lines)[:2000] or "No games are running on this server.")

    @app_commands.command(name="help", description="How to play with Tetsudō, or one game's help")
    @app_commands.describe(game="A game to explain")
    @app_commands.autocomplete(game=game_names)
    @refusals_answered
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game:
            chosen = self.manager.game(game)
            embed = game_help(chosen, presenter_for(chosen.name).commands)
        else:
            embed = general_help(list(self.bot.games.values()))
        await reply_privately(interaction, "", embed=embed)
