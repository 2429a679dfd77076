"""The engine's refusals and shared words come out in French inside `speaking("fr")`, and in English without it;
what the engine stores (end reasons, anonymous seats) stays English and is only said in French when shown."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import pytest

from bot.engine import GameManager, GameTimers
from bot.engine.durations import duration_words, parse_duration
from bot.engine.manager import EVERYONE_ELSE_RESIGNED
from bot.engine.moderation import timer_words
from bot.games.base import Action, Game, IllegalAction, Option, Outcome, name_seats, option_text, seat_count_words
from bot.games.rng import GameRandom
from bot.i18n import _, speaking
from bot.storage import Storage
from rendering.canvas import ordinal, seat_name
from tests.engine.harness import CHANNEL, GAMES, GUILD, PLAYERS, counting_clock, legal, random_move, start_game, uid
from tests.support.relay_game import RelayGame, RelayState


class SilentRelay(RelayGame):
    """Relay that chokes on a move it does not list instead of refusing it: the engine's own words are shown."""

    name = "relay_silent"

    def apply(self, state: RelayState, seat: int, action: Action, rng: GameRandom) -> RelayState:
        if action.bare() not in self.legal_actions(state, seat):
            raise ValueError("not a move this game lists")
        return super().apply(state, seat, action, rng)


class WordedRelay(RelayGame):
    """Relay whose end reason is worded in the language in use, as the real games word theirs."""

    name = "relay_worded"

    def outcome(self, state: RelayState) -> Outcome | None:
        ended = super().outcome(state)
        return None if ended is None else Outcome(ended.scores, ended.ranks, _(EVERYONE_ELSE_RESIGNED))


@pytest.fixture
def manager(storage: Storage) -> GameManager:
    seeds = itertools.count(4242)
    games = {**GAMES, "relay_silent": SilentRelay(), "relay_worded": WordedRelay()}
    return GameManager(storage, games, clock=counting_clock(), seeds=lambda: next(seeds))


async def refusal(manager: GameManager, user_id: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        await manager.act(CHANNEL, user_id, action)
    return refused.value.message


async def test_a_wrong_turn_is_refused_in_the_players_language(manager: GameManager) -> None:
    await start_game(manager, 2, "rounds=1", game="relay_silent")
    move = (await legal(manager, uid(0)))[0]
    with speaking("fr"):
        assert await refusal(manager, uid(1), move) == f"Ce n'est pas ton tour — on attend {PLAYERS[0].name}."
    assert await refusal(manager, uid(1), move) == f"It's not your turn — waiting for {PLAYERS[0].name}."


async def test_lobby_refusals_are_in_the_players_language(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[0])
    with speaking("fr"), pytest.raises(IllegalAction) as twice:
        await manager.join(CHANNEL, PLAYERS[0])
    assert twice.value.message == "Tu es déjà dans cette partie."
    with pytest.raises(IllegalAction) as busy:
        await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[1])
    assert busy.value.message.startswith("This channel already has a game.")
    with speaking("fr"), pytest.raises(IllegalAction) as unknown:
        await manager.configure(CHANNEL, uid(0), "colour=blue")
    assert unknown.value.message == "Option inconnue `colour` (options de ce jeu : rounds, hand)."


def test_durations_are_read_and_written_in_french() -> None:
    with speaking("fr"), pytest.raises(IllegalAction) as refused:
        parse_duration("soon")
    assert refused.value.message == "`soon` n'est pas une durée : écris-la comme `12h`, `10m`, `1j6h` ou `off`."
    with pytest.raises(IllegalAction) as english:
        parse_duration("soon")
    assert english.value.message.startswith("`soon` isn't a duration")
    with speaking("fr"):
        shown = duration_words(86_400 + 6 * 3_600)
        assert shown == "1j 6h" and parse_duration(shown) == 86_400 + 6 * 3_600
        assert duration_words(None) == "désactivé" and parse_duration("désactivé") is None
        assert timer_words(GameTimers(None, 2 * 86_400, "forfeit")) == "rappel par défaut · délai 2j, puis forfait"
    assert duration_words(86_400 + 6 * 3_600) == "1d 6h" and duration_words(None) == "off"
    assert timer_words(GameTimers(None, 2 * 86_400, "forfeit")) == "reminder default · timeout 2d, then forfeit"


@dataclass(frozen=True)
class EvenTables:
    """Just enough of a game for its seat counts: four, six or eight players."""

    min_seats: int = 4
    max_seats: int = 8
    seat_counts: tuple[int, ...] = (4, 6, 8)


def test_shared_game_words_are_in_french() -> None:
    even: Game = EvenTables()  # type: ignore[assignment]
    switch = Option("fast", False, "a switch")
    with speaking("fr"):
        assert option_text({"rounds": 2, "fast": True}) == ["rounds=2", "fast=oui"]
        assert switch.parse("non") is False  # what French hosts are shown, they may type back
        assert seat_count_words(even) == "4, 6 ou 8"
        assert name_seats("<seat:0> et <seat:2>", ["Aiko"]) == "Aiko et place 3"
        assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"] and seat_name([], 1) == "Place 2"
        with pytest.raises(IllegalAction) as refused:
            switch.parse("maybe")
        assert refused.value.message == "L'option `fast` vaut `oui` ou `non`, pas `maybe`."
    assert option_text({"rounds": 2, "fast": True}) == ["rounds=2", "fast=on"]
    assert seat_count_words(even) == "4, 6 or 8" and name_seats("<seat:2>", []) == "seat 3"
    assert [ordinal(n) for n in (1, 2, 21)] == ["1st", "2nd", "21st"] and seat_name([], 1) == "Seat 2"


async def test_end_reasons_are_said_in_french_but_stored_in_english(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2, "rounds=1")
    with speaking("fr"):
        update = await manager.resign(CHANNEL, uid(1))
    assert update.ended == "tous les autres se sont retirés"
    assert update.lines[0] == f"{PLAYERS[1].name} se retire."
    row = await storage.game(started.game_id)
    assert row is not None and row.end_reason == "everyone else resigned"


async def test_a_games_own_end_reason_is_stored_in_english(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2, "rounds=1", game="relay_worded")
    rnd = random.Random(7)
    with speaking("fr"):
        update = started
        while update.running:
            _user, _move, update = await random_move(manager, rnd)
    assert update.ended == "tous les autres se sont retirés"
    row = await storage.game(started.game_id)
    assert row is not None and row.status == "finished" and row.end_reason == "everyone else resigned"


async def test_a_forgotten_player_is_named_in_the_readers_language(manager: GameManager) -> None:
    await start_game(manager, 2, "rounds=1")
    await manager.act(CHANNEL, uid(0), (await legal(manager, uid(0)))[0])
    await manager.abandon(CHANNEL, PLAYERS[0], moderator=False)
    await manager.forget(uid(0))
    with speaking("fr"):
        assert (await manager.recent_log(CHANNEL))[0].startswith("1. un ancien joueur ")
    assert (await manager.recent_log(CHANNEL))[0].startswith("1. a former player ")


class CountedRelay(RelayGame):
    """Relay whose views hold a worded line and count how often they are worked out."""

    name = "relay_counted"
    views = 0

    def player_view(self, state: RelayState, seat: int | None) -> dict[str, object]:
        CountedRelay.views += 1
        return {**super().player_view(state, seat), "note": _(EVERYONE_ELSE_RESIGNED)}


async def test_a_view_is_worked_out_once_per_move_and_language(storage: Storage) -> None:
    """Showing a hand again costs no view; another language gets its own words; a move makes them anew.

    The server speaks English, so the board's view stays English for the French reader: only their hand is new.
    """
    games = {"relay_counted": CountedRelay()}
    manager = GameManager(storage, games, clock=counting_clock(), public_language=lambda guild_id: "en")
    await start_game(manager, 2, game="relay_counted")
    before = CountedRelay.views
    english = (await manager.current(CHANNEL, uid(0))).actor_view
    assert (await manager.current(CHANNEL, uid(0))).actor_view is english
    assert CountedRelay.views == before, "the start worked out every seat's view already"
    with speaking("fr"):
        french = (await manager.current(CHANNEL, uid(0))).actor_view
        assert (await manager.current(CHANNEL, uid(0))).actor_view is french
    with speaking("fr"):
        in_french = _(EVERYONE_ELSE_RESIGNED)
    assert english is not None and french is not None and in_french != EVERYONE_ELSE_RESIGNED
    assert (english["note"], french["note"]) == (EVERYONE_ELSE_RESIGNED, in_french)
    assert CountedRelay.views == before + 1
    await random_move(manager, random.Random(1), CHANNEL)
    moved = (await manager.current(CHANNEL, uid(0))).actor_view
    assert moved is not english and CountedRelay.views > before + 1
