"""The /tournament command group: moderators run Swiss or round-robin tournaments; tables play in threads."""

from __future__ import annotations

import io
import re
from typing import Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameTimers, Update
from bot.engine.durations import duration_words, parse_duration
from bot.engine.moderation import consequence_name
from bot.engine.names import shown_name
from bot.engine.tournament_plan import TournamentSpec, parse_points
from bot.engine.tournaments import TournamentDesk
from bot.games.base import IllegalAction, parse_option_text, seat_count_words
from bot.i18n import _, ngettext
from bot.ui import delivery, flows, page_links, timeouts
from bot.ui.errors import refusals_answered, reply_privately
from bot.ui.rankings import format_name, standings_table, table_file
from bot.ui.tournament_runner import TournamentRunner

REPORT_ENTRY = re.compile(r"<@!?(\d+)>\s+(\d+)(?:\s+(-?\d+))?")
"""One seat of a report: a mention, the rank, then optionally the score."""


class TournamentServices(flows.Services, Protocol):
    """The bot, with its tournament desk and runner."""

    tournament_desk: TournamentDesk
    tournaments: TournamentRunner


def choices(*values: str) -> list[app_commands.Choice[str]]:
    """Fixed choices shown as they are typed."""
    return [app_commands.Choice(name=value, value=value) for value in values]


def parse_report(text: str) -> dict[int, tuple[int, int]]:
    """ "@Aiko 1 120 @Botan 2 90" → user → (rank, score); a missing score counts 0."""
    entries = REPORT_ENTRY.findall(text)
    if not entries or REPORT_ENTRY.sub("", text).strip(" ,;"):
        raise IllegalAction(
            _("Write the result as `@player rank score` for each player, e.g. `@Aiko 1 120 @Botan 2 90`.")
        )
    ranking: dict[int, tuple[int, int]] = {}
    for user, rank, score in entries:
        if int(user) in ranking:
            raise IllegalAction(_("Each player appears once in a report."))
        ranking[int(user)] = (int(rank), int(score or 0))
    return ranking


@app_commands.guild_only()
class TournamentCog(commands.GroupCog, group_name="tournament", group_description="Run a tournament in this channel"):
    """Tournament commands; the runner does the threads and the rounds."""

    def __init__(self, bot: TournamentServices) -> None:
        self.bot = bot
        super().__init__()

    @property
    def desk(self) -> TournamentDesk:
        return self.bot.tournament_desk

    @app_commands.command(name="create", description="Open a tournament in this channel (moderators)")
    @app_commands.describe(
        name="The tournament's name",
        game="Which game",
        format="swiss: tables by standing; round_robin: everyone meets everyone",
        rounds="How many rounds (0: I choose when it starts)",
        table_size="Players per table (default: 4 where the game allows it)",
        options='Game options as key=value pairs, e.g. "mode=rounds"',
        points='Tournament points for 1st, 2nd, 3rd…, e.g. "3,1,0" (default: N − rank at a table of N)',
        unfinished="How a table still playing scores when a moderator closes the round",
        reminder="Reminder delay in the games, e.g. 12h (default: the bot's)",
        timeout="Turn timeout in the games, e.g. 2d (default: none)",
        on_timeout="What the timeout does",
    )
    @app_commands.choices(
        format=choices("swiss", "round_robin"),
        unfinished=choices("score", "forfeit"),
    )
    @app_commands.autocomplete(game=flows.game_names, on_timeout=timeouts.for_the_chosen_game)
    @refusals_answered
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        game: str,
        format: str = "swiss",
        rounds: app_commands.Range[int, 0, 30] = 0,
        table_size: app_commands.Range[int, 2, 8] | None = None,
        options: str = "",
        points: str | None = None,
        unfinished: str = "score",
        reminder: str | None = None,
        timeout: str | None = None,
        on_timeout: str = "auto",
    ) -> None:
        if not isinstance(interaction.channel, discord.TextChannel):
            raise IllegalAction(_("Create a tournament in a text channel: each table gets its own thread there."))
        chosen = self.bot.manager.game(game)
        spec = TournamentSpec(
            name=name,
            game=chosen.name,
            format=format,
            rounds=rounds,
            table_size=table_size,
            options=parse_option_text(options),
            points=parse_points(points),
            unfinished=unfinished,
            timers=GameTimers(
                None if reminder is None else parse_duration(reminder),
                None if timeout is None else parse_duration(timeout),
                on_timeout,
            ),
        )
        assert interaction.guild_id is not None
        row = await self.desk.create(
            interaction.guild_id, interaction.channel.id, flows.player(interaction), spec,
            moderator=flows.is_moderator(interaction),
        )  # fmt: skip
        with flows.in_public(interaction):
            if row.rounds:
                rounds_text = ngettext("{n} round", "{n} rounds", row.rounds).format(n=row.rounds)
            else:
                rounds_text = _("rounds chosen at the start")
            if row.timeout_s:
                timers = _("timeout {delay}, then {consequence}").format(
                    delay=duration_words(row.timeout_s), consequence=consequence_name(row.on_timeout)
                )
            else:
                timers = _("no timeout")
            text = _(
                "🏆 **{name}** — {title} ({counts} players), {format}, {rounds}, tables of {size}, {timers}.\n"
                "Enter with `/tournament join`; a moderator starts it with `/tournament start`."
            ).format(
                name=shown_name(row.name),
                title=chosen.title,
                counts=seat_count_words(chosen),
                format=format_name(row.format),
                rounds=rounds_text,
                size=row.table_size,
                timers=timers,
            )
        await flows.say(interaction, text)

    @app_commands.command(name="join", description="Enter this channel's tournament")
    @refusals_answered
    async def join(self, interaction: discord.Interaction) -> None:
        tournament, count = await self.desk.join(flows.channel_id_of(interaction), flows.player(interaction))
        with flows.in_public(interaction):
            text = ngettext(
                "**{player}** joined **{name}** ({n} player).", "**{player}** joined **{name}** ({n} players).", count
            ).format(player=flows.user_name(interaction.user), name=shown_name(tournament.name), n=count)
        await flows.say(interaction, text)

    @app_commands.command(name="leave", description="Withdraw from this channel's tournament before it starts")
    @refusals_answered
    async def leave(self, interaction: discord.Interaction) -> None:
        tournament, count = await self.desk.leave(flows.channel_id_of(interaction), interaction.user.id)
        with flows.in_public(interaction):
            text = ngettext(
                "**{player}** left **{name}** ({n} player).", "**{player}** left **{name}** ({n} players).", count
            ).format(player=flows.user_name(interaction.user), name=shown_name(tournament.name), n=count)
        await flows.say(interaction, text)

    @app_commands.command(name="start", description="Close entries and seat round 1 (moderators)")
    @refusals_answered
    async def start(self, interaction: discord.Interaction) -> None:
        news = await self.desk.start(
            flows.channel_id_of(interaction), flows.player(interaction), moderator=flows.is_moderator(interaction)
        )
        rounds = news.tournament.rounds
        with flows.in_public(interaction):
            text = ngettext(
                "**{name}** begins: {n} round. Opening the tables…",
                "**{name}** begins: {n} rounds. Opening the tables…",
                rounds,
            ).format(name=shown_name(news.tournament.name), n=rounds)
        await flows.say(interaction, text)
        await self.bot.tournaments.announce(news)

    @app_commands.command(name="advance", description="Close the current round now (moderators)")
    @refusals_answered
    async def advance(self, interaction: discord.Interaction) -> None:
        news = await self.desk.advance(
            flows.channel_id_of(interaction), flows.player(interaction), moderator=flows.is_moderator(interaction)
        )
        with flows.in_public(interaction):
            text = _("**{player}** closed the round.").format(player=flows.user_name(interaction.user))
            if news is not None and news.finished:
                text += " " + _("It is over.")
            elif news is not None:
                text += " " + _("Round {round} is next.").format(round=news.tournament.round)
        await flows.say(interaction, text)
        if news is not None:
            await self._announce_closed(news.closed)
            await self.bot.tournaments.announce(news)

    @app_commands.command(name="report", description="Set or correct a table's result (moderators)")
    @app_commands.describe(
        round="The round", table="The table number", result="`@player rank score` for each player of the table"
    )
    @refusals_answered
    async def report(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, 100],
        table: app_commands.Range[int, 1, 1000],
        result: str,
    ) -> None:
        ranking = parse_report(result)
        tournament, news, closed = await self.desk.report(
            flows.channel_id_of(interaction), flows.player(interaction), round, table, ranking,
            moderator=flows.is_moderator(interaction),
        )  # fmt: skip
        with flows.in_public(interaction):
            text = _("**{player}** set the result of round {round}, table {table} of **{name}**: {result}").format(
                player=flows.user_name(interaction.user),
                round=round,
                table=table,
                name=shown_name(tournament.name),
                result=result,
            )
        await flows.say(interaction, text)
        await self._announce_closed(closed)
        if news is not None:
            await self.bot.tournaments.announce(news)

    @app_commands.command(name="standings", description="This channel's tournament standings, as a picture")
    @refusals_answered
    async def standings(self, interaction: discord.Interaction) -> None:
        view = await self.desk.standings(flows.channel_id_of(interaction))
        await flows.acknowledge_publicly(interaction)  # the picture is drawn next
        with flows.in_public(interaction):  # the picture is posted for everyone
            file = await table_file(standings_table(view), "standings.png")
            page = page_links.link_view(page_links.links().tournament(view.tournament.id))
        await flows.post_public(interaction, {"file": file, **page})

    @app_commands.command(name="drop", description="Take a player out of the coming rounds (yourself, or moderators)")
    @app_commands.describe(user="Who drops out (you by default)")
    @refusals_answered
    async def drop(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        tournament = await self.desk.drop(
            flows.channel_id_of(interaction), flows.player(interaction), who.id,
            moderator=flows.is_moderator(interaction),
        )  # fmt: skip
        with flows.in_public(interaction):
            text = _("**{player}** dropped out of **{name}**; their results so far still count.").format(
                player=flows.user_name(who), name=shown_name(tournament.name)
            )
        await flows.say(interaction, text)

    @app_commands.command(name="end", description="End the tournament now (moderators)")
    @refusals_answered
    async def end(self, interaction: discord.Interaction) -> None:
        news = await self.desk.end(
            flows.channel_id_of(interaction), flows.player(interaction), moderator=flows.is_moderator(interaction)
        )
        with flows.in_public(interaction):
            text = _("**{player}** ended **{name}**.").format(
                player=flows.user_name(interaction.user), name=shown_name(news.tournament.name)
            )
        await flows.say(interaction, text)
        await self._announce_closed(news.closed)
        await self.bot.tournaments.announce(news)

    @app_commands.command(name="export", description="The tournament's games and standings as CSV files")
    @refusals_answered
    async def export(self, interaction: discord.Interaction) -> None:
        tournament, files = await self.desk.export(flows.channel_id_of(interaction))
        attachments = [discord.File(io.BytesIO(text.encode()), filename=name) for name, text in files.items()]
        await reply_privately(
            interaction,
            _("**{name}** — every table and the standings.").format(name=shown_name(tournament.name)),
            files=attachments,
        )

    async def _announce_closed(self, closed: tuple[Update, ...]) -> None:
        """Tell each table a moderator stopped that its game is over."""
        for update in closed:
            await delivery.deliver(self.bot.tournaments.client, update)
