"""Computer seats: their names and ids, adding one to a lobby, and what a computer is handed to decide its move.

A computer is a seat like any other, played through the same path as a person's move (`act`): only its user id is
synthetic (negative, so it never collides with a Discord id nor with a forgotten player's −1 … −seats) and its
level is stored with the seat. It decides from its own seat's view, never the state (`bot.computers`).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterable
from dataclasses import dataclass

from bot.computers import LEVELS, Budget, Seen, choose, decision_random, players
from bot.computers import waiting as nothing_to_do
from bot.engine.errors import NotModerator
from bot.engine.loaded import Loaded
from bot.engine.outbox import OutboxDesk
from bot.engine.replay import step_random
from bot.engine.turns import Move
from bot.engine.update import Lobby
from bot.games.base import Action, IllegalAction
from bot.i18n import ENGLISH, _, pgettext, speaking

log = logging.getLogger(__name__)

NAMES = ("Tetsu", "Hikari", "Kodama", "Nozomi", "Sakura", "Mizuho", "Tsubame", "Komachi", "Hayabusa", "Asama")
"""Computers are named after trains (shinkansen services), the first one free at the table first."""
RACES = frozenset({"toyko_train"})
"""Games where seats act whenever they like: a computer is asked when the game waits on it and it has something to
do (`bot.computers.waiting`: a tourist once there is a signal to answer, a conductor once its tourist answered), but
never twice in a row: it answers what others do."""
MARK = "🤖 "
"""What a computer's name begins with in text (pictures leave it out: their font has no such glyph)."""
FIRST_ID = 1000
"""Computer ids are −(FIRST_ID + 100 × level + name): the same computer has the same id in every game."""


def level_word(level: str) -> str:
    """A level as a word in the language in use."""
    words = {
        "easy": pgettext("computer level", "easy"),
        "normal": pgettext("computer level", "normal"),
        "strong": pgettext("computer level", "strong"),
    }
    return words.get(level, level)


def computer_id(name: int, level: str) -> int:
    """The synthetic user id of the computer called NAMES[name] at `level`."""
    return -(FIRST_ID + 100 * LEVELS.index(level) + name)


def computer_name(name: int, level: str) -> str:
    """ "🤖 Tetsu · strong": how a computer's seat reads everywhere (worded in the language in use)."""
    return f"{MARK}{NAMES[name]} · {level_word(level)}"


def free_name(taken_ids: Iterable[int]) -> int:
    """The first computer name nobody at the table has."""
    taken = {(-user_id - FIRST_ID) % 100 for user_id in taken_ids if user_id <= -FIRST_ID}
    return next(n for n in range(len(NAMES)) if n not in taken)


def known_levels(game: str) -> list[str]:
    """The levels this game's computers play, weakest first; refuses a game without computers."""
    try:
        return [lvl for lvl in LEVELS if lvl in players(game)]
    except IllegalAction:
        raise IllegalAction(_("This game has no computer players.")) from None


def check_level(game: str, level: str) -> str:
    """The level asked for (none: `normal`, or the strongest below it); refuses one this game doesn't play."""
    known = known_levels(game)
    if not level:
        return "normal" if "normal" in known else known[-1]
    if level not in known:
        raise IllegalAction(
            _("There is no computer level `{level}` (choose {levels}).").format(
                level=level, levels=", ".join(f"`{lvl}`" for lvl in known)
            )
        )
    return level


@dataclass(frozen=True, slots=True)
class ComputerTurn:
    """A computer seat the game waits for, and everything it may know to decide (its own view only)."""

    channel_id: int
    version: int
    seat: int
    user_id: int
    level: str
    seen: Seen
    rng: random.Random


def seen_by(loaded: Loaded, seat: int) -> Seen:
    """What a computer in `seat` may know: that seat's own view (worded in English, so the server's language never
    changes a decision) and the game's options."""
    with speaking(ENGLISH):
        view = loaded.view(seat)
    return Seen(loaded.game.name, seat, len(loaded.seats), view, loaded.options)


class ComputerDesk(OutboxDesk):
    """Computer seats: added in the lobby, asked for their move when the game waits for them."""

    computer_think_s: float = 1.0
    """How long a computer may think about one move (the `computer_think` setting)."""

    async def stand_in_moves(self, loaded: Loaded, waiting: frozenset[int]) -> list[Move] | None:
        """A timeout's `computer`: a computer's move for each absent seat waited for (None: fall back to defaults)."""
        level = check_level(loaded.game.name, "")  # `normal`, or the best below it while a game has no normal yet
        asked = [
            (seat, seen_by(loaded, seat), decision_random(loaded.seed, loaded.moves + 1, seat))
            for seat in sorted(waiting)
        ]
        budget = Budget(seconds=self.computer_think_s)

        def decide_all() -> list[Action]:
            return [choose(seen, level, rng, budget) for _seat, seen, rng in asked]

        actions = await asyncio.to_thread(decide_all)  # the channel stays locked; the event loop does not wait
        at = self.clock() - loaded.started_ms
        moves = [
            Move(seat, action.stamped(at), auto=True)
            for (seat, _seen, _rng), action in zip(asked, actions, strict=True)
        ]
        # Decided side by side from the same state: each must still be legal after the ones before it.
        state, n = loaded.state, loaded.moves
        for move in moves:
            if move.seat not in loaded.game.to_act(state):
                return None
            if move.action.bare() not in loaded.game.legal_actions(state, move.seat):
                return None
            n += 1
            state = loaded.game.apply(state, move.seat, move.action, step_random(loaded.seed, n))
        return moves

    async def add_computer(self, channel_id: int, user_id: int, level: str) -> Lobby:
        """The host seats a computer at `level` in the next free seat."""
        async with self.locks(channel_id):
            row = await self._open_lobby_row(channel_id)
            if user_id != row.host_id:
                raise NotModerator(_("Only the host can add a computer."))
            level = check_level(row.game, level)
            lobby = await self._lobby_from(row)
            if len(lobby.players) >= lobby.max_seats:
                raise IllegalAction(_("This game is full ({seats} players).").format(seats=lobby.max_seats))
            name = free_name(p.user_id for p in lobby.players)
            with self.in_public(row.guild_id):
                shown = computer_name(name, level)
            async with self.storage.transaction() as tx:
                await tx.add_seat(row.id, computer_id(name, level), shown, level)
                await tx.bump_version(row.id, row.version + 1)
            log.info("computer added channel=%s game=%s level=%s", channel_id, row.game, level)
            return await self._lobby_of(channel_id)

    async def remove_computer(self, channel_id: int, user_id: int) -> Lobby:
        """The host takes the last computer seated out of the lobby."""
        async with self.locks(channel_id):
            row = await self._open_lobby_row(channel_id)
            if user_id != row.host_id:
                raise NotModerator(_("Only the host can remove a computer."))
            lobby = await self._lobby_from(row)
            computers = [p for p in lobby.players if p.user_id <= -FIRST_ID]
            if not computers:
                raise IllegalAction(_("There is no computer in this lobby."))
            async with self.storage.transaction() as tx:
                await tx.remove_seat(row.id, computers[-1].user_id)
                await tx.bump_version(row.id, row.version + 1)
            log.info("computer removed channel=%s game=%s", channel_id, row.game)
            return await self._lobby_of(channel_id)

    async def computer_turn(self, channel_id: int, just_moved: tuple[int, int] | None = None) -> ComputerTurn | None:
        """A computer seat that may act now and has something to do (taking turns among several), or None.

        `just_moved` is (version, seat) of a computer's last move: in a race (RACES) that seat is asked again only
        once the game moved on from that version (someone else acted)."""
        try:
            loaded = await self._running(channel_id)
        except IllegalAction:
            return None  # the game ended or was abandoned
        if loaded.game.outcome(loaded.state) is not None:
            return None
        race = loaded.game.name in RACES
        # Whenever its seat may act, not only when the game waits for it (a catch in Mexican Train has no default
        # move, so nobody must), unless it has nothing to do there.
        due = sorted(loaded.game.to_act(loaded.state) & loaded.computers() - loaded.resigned())
        if race and just_moved is not None and just_moved[0] == loaded.version:
            due = [seat for seat in due if seat != just_moved[1]]
        seen = {seat: seen_by(loaded, seat) for seat in due}
        ready = [seat for seat in due if not nothing_to_do(seen[seat])]
        if not ready:
            return None
        seat = ready[loaded.moves % len(ready)]  # in a race, computers take turns asking
        info = loaded.seats[seat]
        assert info.computer is not None
        rng = decision_random(loaded.seed, loaded.moves + 1, seat)
        return ComputerTurn(channel_id, loaded.version, seat, info.user_id, info.computer, seen[seat], rng)

    async def computer_channels(self) -> list[int]:
        """Channels whose running game has a computer seat (asked again after a restart)."""
        return await self.storage.channels_with_computers()
