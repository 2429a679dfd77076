"""Engine test harness: named players, a started Relay game, snapshots of what is stored, random moves."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import GameManager, Player, Update
from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.rng import GameRandom
from bot.storage import ActionRow, Storage
from tests.support.relay_game import RELAY, RelayGame, RelayState

GUILD = 1
CHANNEL = 500
# Names without digits, so a card value in a log line can only come from the game.
PLAYERS = tuple(Player(101 + i, name) for i, name in enumerate(["Aiko", "Botan", "Chie", "Daiki", "Emi", "Fumiko"]))
STRANGER = Player(999, "Goro")


class PairRelay(RelayGame):
    """Relay that needs two players, to exercise the lobby's minimum."""

    name = "relay_pair"
    min_seats = 2


class DoublesRelay(RelayGame):
    """Relay where playing an even card keeps the turn (as a double does in Mexican Train), so a
    game of several seats has moves that change nobody's turn and can be taken back."""

    name = "relay_doubles"

    def apply(self, state: RelayState, seat: int, action: Action, rng: GameRandom) -> RelayState:
        new = super().apply(state, seat, action, rng)
        if action.verb == "play" and int(action.args[0]) % 2 == 0 and new.round == state.round:
            new.phase, new.turn, new.turns_taken = "turns", state.turn, state.turns_taken
        return new


class CheeringRelay(RelayGame):
    """Relay where, during the turns, every other seat MAY cheer the player to act (never must):
    seats that may act without having to, the game's own refusal reasons, and narration naming seats."""

    name = "relay_cheers"

    def to_act(self, state: RelayState) -> frozenset[int]:
        if state.finished or state.phase != "turns":
            return super().to_act(state)
        return frozenset(range(state.seats))

    def legal_actions(self, state: RelayState, seat: int) -> list[Action]:
        if state.finished or state.phase != "turns" or seat == state.turn:
            return super().legal_actions(state, seat)
        return [Action("cheer")]

    def default_action(self, state: RelayState, seat: int) -> Action | None:
        if not state.finished and state.phase == "turns" and seat != state.turn:
            return None  # cheering is never forced on anyone
        return super().default_action(state, seat)

    def apply(self, state: RelayState, seat: int, action: Action, rng: GameRandom) -> RelayState:
        if action.verb == "cheer" and action.bare() in self.legal_actions(state, seat):
            return self.from_json(self.to_json(state))
        if action.bare() not in self.legal_actions(state, seat):
            raise IllegalAction(f"Only {seat_mark(state.turn)} may do that now.")
        return super().apply(state, seat, action, rng)

    def narrate(self, state: RelayState) -> tuple[str, ...]:
        return () if state.finished or state.phase != "turns" else (f"Over to {seat_mark(state.turn)}.",)

    def describe(self, action: Action) -> str:
        return "cheers." if action.verb == "cheer" else super().describe(action)


GAMES = {"relay": RELAY, "relay_pair": PairRelay(), "relay_doubles": DoublesRelay(), "relay_cheers": CheeringRelay()}


def counting_clock(start: int = 1_700_000_000_000, tick: int = 250) -> Callable[[], int]:
    """A clock that moves `tick` ms every time it is read (tests never wait on wall time)."""
    ticks = itertools.count(start, tick)
    return lambda: next(ticks)


def make_manager(storage: Storage, cache_size: int = 2048) -> GameManager:
    """A manager with the test games, a counting clock and predictable seeds."""
    seeds = itertools.count(4242)
    return GameManager(storage, GAMES, clock=counting_clock(), seeds=lambda: next(seeds), cache_size=cache_size)


async def start_game(
    manager: GameManager, players: int, options: str = "", channel: int = CHANNEL, game: str = "relay"
) -> Update:
    """Open a lobby with PLAYERS[0] as host, seat the next players in order, and start."""
    await manager.open_lobby(GUILD, channel, game, PLAYERS[0], options)
    for player in PLAYERS[1:players]:
        await manager.join(channel, player)
    return await manager.start(channel, PLAYERS[0].user_id)


def uid(seat: int) -> int:
    """The user id holding `seat` in a game started by `start_game`."""
    return PLAYERS[seat].user_id


@dataclass(frozen=True)
class Snapshot:
    """Everything stored about a running game."""

    status: str
    state: str | None
    version: int
    undo_floor: int
    actions: tuple[ActionRow, ...]


async def snapshot(storage: Storage, game_id: int) -> Snapshot:
    row = await storage.game(game_id)
    assert row is not None
    actions = tuple(await storage.actions(game_id))
    return Snapshot(row.status, row.state, row.version, row.undo_floor, actions)


async def stored_state(storage: Storage, game_id: int) -> RelayState:
    row = await storage.game(game_id)
    assert row is not None and row.state is not None
    return RELAY.from_json(json.loads(row.state))


async def legal(manager: GameManager, user_id: int, channel: int = CHANNEL) -> list[Action]:
    """The moves `user_id` is offered right now, read from their own view as the UI would."""
    view = (await manager.current(channel, user_id)).actor_view
    assert view is not None
    return [Action.from_token(item["token"]) for item in view["legal"]]


async def random_move(manager: GameManager, rnd: random.Random, channel: int = CHANNEL) -> tuple[int, Action, Update]:
    """One random legal move by one of the users the game waits for."""
    current = await manager.current(channel)
    user_id = rnd.choice(sorted(current.to_ping))
    action = rnd.choice(await legal(manager, user_id, channel))
    return user_id, action, await manager.act(channel, user_id, action, current.version)


async def assert_stored_equals_replay(manager: GameManager, game_id: int) -> None:
    stored, replayed = await manager.replayed_state(game_id)
    assert stored == replayed
