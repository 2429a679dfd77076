"""Lobbies: opening a game in a channel, joining, leaving, options, and the start."""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping

from bot.engine.errors import NotModerator
from bot.engine.locks import ChannelLocks
from bot.engine.update import Lobby, Player
from bot.games.base import Game, IllegalAction, parse_option_text, resolve_options, seat_counts
from bot.i18n import _
from bot.storage import ChannelBusy, GameRow, Storage

log = logging.getLogger(__name__)


def wall_clock_ms() -> int:
    """Milliseconds since the epoch."""
    return int(time.time() * 1000)


def fresh_seed() -> int:
    """A new game's seed (stored, so the game replays exactly)."""
    return secrets.randbits(62)


class LobbyDesk:
    """The lobby half of the game manager; `GameManager` adds the running games."""

    def __init__(
        self,
        storage: Storage,
        games: Mapping[str, Game],
        *,
        clock: Callable[[], int] = wall_clock_ms,
        seeds: Callable[[], int] = fresh_seed,
    ) -> None:
        self.storage = storage
        self.games = dict(games)
        self.clock = clock
        self.seeds = seeds
        self.locks = ChannelLocks()

    def game(self, name: str) -> Game:
        """A game by its snake_case name; refuses unknown names (autocomplete is only a suggestion)."""
        game = self.games.get(name)
        if game is None and not self.games:
            raise IllegalAction(_("There is no game called `{name}` (available: none yet).").format(name=name))
        if game is None:
            known = ", ".join(sorted(self.games))
            raise IllegalAction(
                _("There is no game called `{name}` (available: {known}).").format(name=name, known=known)
            )
        return game

    async def open_lobby(
        self, guild_id: int | None, channel_id: int, game_name: str, host: Player, options_text: str = ""
    ) -> Lobby:
        """Open a lobby in a channel with its host seated; one active game per channel."""
        game = self.game(game_name)
        options = resolve_options(game.options, parse_option_text(options_text))
        async with self.locks(channel_id):
            try:
                async with self.storage.transaction() as tx:
                    game_id = await tx.create_game(
                        guild_id,
                        channel_id,
                        game.name,
                        host.user_id,
                        json.dumps(options),
                        self.seeds(),
                        self.clock(),
                    )
                    await tx.add_seat(game_id, host.user_id, host.name)
            except ChannelBusy:
                raise IllegalAction(
                    _("This channel already has a game. Finish it, or ask the host to `/game abandon` it.")
                ) from None
            log.info("lobby opened channel=%s game=%s", channel_id, game.name)
            return await self._lobby_of(channel_id)

    async def lobby(self, channel_id: int) -> Lobby | None:
        """The channel's open lobby, if any."""
        row = await self.storage.active_game(channel_id)
        if row is None or row.status != "lobby":
            return None
        return await self._lobby_from(row)

    async def join(self, channel_id: int, player: Player) -> Lobby:
        """Take the next free seat."""
        async with self.locks(channel_id):
            row = await self._open_lobby_row(channel_id)
            lobby = await self._lobby_from(row)
            if any(p.user_id == player.user_id for p in lobby.players):
                raise IllegalAction(_("You're already in this game."))
            if len(lobby.players) >= lobby.max_seats:
                raise IllegalAction(_("This game is full ({seats} players).").format(seats=lobby.max_seats))
            async with self.storage.transaction() as tx:
                await tx.add_seat(row.id, player.user_id, player.name)
                await tx.bump_version(row.id, row.version + 1)
            log.info("lobby joined channel=%s game=%s seats=%d", channel_id, row.game, len(lobby.players) + 1)
            return await self._lobby_of(channel_id)

    async def leave(self, channel_id: int, user_id: int) -> Lobby | None:
        """Give up a seat; the next player becomes host, and an empty lobby closes (None)."""
        async with self.locks(channel_id):
            row = await self._open_lobby_row(channel_id)
            lobby = await self._lobby_from(row)
            remaining = [p for p in lobby.players if p.user_id != user_id]
            if len(remaining) == len(lobby.players):
                raise IllegalAction(_("You're not in this game."))
            if all(p.user_id < 0 for p in remaining):
                remaining = []  # computers alone never play: the lobby closes (a computer's id is negative)
            async with self.storage.transaction() as tx:
                await tx.remove_seat(row.id, user_id)
                if not remaining:
                    # Stored, never shown: the end reason stays English whatever language the leaver speaks.
                    await tx.end_game(row.id, "abandoned", "everyone left the lobby", self.clock())
                else:
                    if user_id == row.host_id:  # the next person hosts (computers never host)
                        await tx.set_host(row.id, next(p.user_id for p in remaining if p.user_id >= 0))
                    await tx.bump_version(row.id, row.version + 1)
            log.info("lobby left channel=%s game=%s seats=%d", channel_id, row.game, len(remaining))
            return await self._lobby_of(channel_id) if remaining else None

    async def configure(self, channel_id: int, user_id: int, options_text: str) -> Lobby:
        """The host sets options ("key=value …"); unknown or bad values are refused."""
        async with self.locks(channel_id):
            row = await self._open_lobby_row(channel_id)
            if user_id != row.host_id:
                raise NotModerator(_("Only the host can change the options."))
            game = self.game(row.game)
            current = json.loads(row.options)
            current.update(parse_option_text(options_text))
            options = resolve_options(game.options, current)
            async with self.storage.transaction() as tx:
                await tx.set_options(row.id, json.dumps(options), row.version + 1)
            return await self._lobby_of(channel_id)

    async def _open_lobby_row(self, channel_id: int) -> GameRow:
        row = await self.storage.active_game(channel_id)
        if row is None:
            raise IllegalAction(_("There's no game here. Open one with `/game new`."))
        if row.status != "lobby":
            raise IllegalAction(_("This game has already started."))
        return row

    async def _lobby_of(self, channel_id: int) -> Lobby:
        return await self._lobby_from(await self._open_lobby_row(channel_id))

    async def _lobby_from(self, row: GameRow) -> Lobby:
        game = self.game(row.game)
        seats = await self.storage.seats(row.id)
        return Lobby(
            game_id=row.id,
            channel_id=row.channel_id,
            game=game.name,
            title=game.title,
            host_id=row.host_id,
            players=tuple(Player(s.user_id, s.name) for s in seats),
            options=json.loads(row.options),
            min_seats=game.min_seats,
            max_seats=game.max_seats,
            version=row.version,
            seat_counts=seat_counts(game),
        )
