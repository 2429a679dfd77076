"""Runs tournaments in Discord: a thread per table, each round announced, the next round when a game ends.

All of it is public (threads, seatings, standings, the tables' games), so it speaks the server's language.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from typing import cast

import discord

from bot.engine import TournamentRow
from bot.engine.locks import ChannelLocks
from bot.engine.names import shown_name
from bot.engine.tournaments import PlannedTable, RoundNews, TournamentDesk
from bot.i18n import _, speaking
from bot.ui import delivery
from bot.ui.gate import server_language
from bot.ui.rankings import standings_table, table_file

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 10080
"""A week, as for any game: tournament tables play by message too."""


class TournamentRunner:
    """Opens tables as threads of the tournament's channel and moves rounds on; one opener per tournament."""

    def __init__(self, client: discord.Client, desk: TournamentDesk) -> None:
        self.client = client
        self.desk = desk
        self._opening = ChannelLocks()
        """One table opener at a time per tournament (by id)."""

    def _speaking(self, tournament: TournamentRow) -> AbstractContextManager[None]:
        """The language of the tournament's server, for everything posted about it."""
        return speaking(server_language(self.client, tournament.guild_id))

    async def announce(self, news: RoundNews) -> None:
        """Tell the tournament's channel about a new round (opening its tables) or the final standings."""
        with self._speaking(news.tournament):
            await self._announce(news)

    async def _announce(self, news: RoundNews) -> None:
        channel = await delivery.channel_of(self.client, news.tournament.channel_id)
        if news.finished:
            view = await self.desk.standings(news.tournament.channel_id)
            file = await table_file(standings_table(view), "standings.png")
            winners = [shown_name(news.names.get(s.user_id, "?")) for s in news.standings if s.place == 1]
            text = _("🏁 **{name}** is over. Congratulations, **{winners}**!").format(
                name=shown_name(news.tournament.name), winners=" & ".join(winners) or "—"
            )
            await channel.send(text, file=file, allowed_mentions=delivery.NO_PINGS)
            return
        await self.open_tables(news.tournament)

    async def open_tables(self, tournament: TournamentRow) -> None:
        """Start every table of the current round that has no game yet, then post the round's seating."""
        with self._speaking(tournament):
            await self._open_tables(tournament)

    async def _open_tables(self, tournament: TournamentRow) -> None:
        async with self._opening(tournament.id):
            pending = await self.desk.pending_tables(tournament.id)
            if not pending:
                return
            channel = await delivery.channel_of(self.client, tournament.channel_id)
            opened: list[tuple[PlannedTable, discord.Thread]] = []
            for table in pending:
                thread = await self._thread(
                    channel,
                    _("{name} · round {round} · table {table}").format(
                        name=shown_name(tournament.name), round=table.round, table=table.table_no
                    ),
                )
                update = await self.desk.open_table(tournament.id, table, thread.id)
                if update is None:
                    continue  # the round moved on meanwhile (a moderator closed it)
                await delivery.deliver(self.client, update, new_board=True)
                opened.append((table, thread))
            if opened:
                await self._post_seating(channel, tournament, opened)

    async def round_check(self, tournament_id: int) -> None:
        """After a table's game ended: close the round if it was the last table playing."""
        news = await self.desk.round_check(tournament_id)
        if news is not None:
            await self.announce(news)

    async def resume(self) -> None:
        """After a restart: open tables a crash left unopened, and close rounds whose last game ended meanwhile."""
        for tournament in await self.desk.running():
            try:
                await self.open_tables(tournament)
                await self.round_check(tournament.id)
            except discord.HTTPException as error:
                log.warning("tournament resume failed id=%s status=%s", tournament.id, error.status)

    async def _thread(self, channel: discord.abc.Messageable, name: str) -> discord.Thread:
        text_channel = cast(discord.TextChannel, channel)
        return await text_channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )

    async def _post_seating(
        self,
        channel: discord.abc.Messageable,
        tournament: TournamentRow,
        opened: list[tuple[PlannedTable, discord.Thread]],
    ) -> None:
        round_no = opened[0][0].round
        lines = [
            _("🚉 **{name}** — round {round} of {rounds}").format(
                name=shown_name(tournament.name), round=round_no, rounds=tournament.rounds
            )
        ]
        pinged: list[discord.Object] = []
        for table, thread in opened:
            lines.append(
                _("Table {table}: {players} → {thread}").format(
                    table=table.table_no,
                    players=" ".join(f"<@{p.user_id}>" for p in table.players),
                    thread=thread.mention,
                )
            )
            pinged.extend(discord.Object(p.user_id) for p in table.players)
        byes = await self.desk.round_byes(tournament.id, round_no)
        if byes:
            lines.append(_("Sitting this round out: {players}.").format(players=", ".join(p.shown for p in byes)))
        await channel.send("\n".join(lines)[:2000], allowed_mentions=delivery.only(pinged))
