"""Stats and ratings: a finished game rates its players and feeds their stats; an abandoned one changes nothing."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameManager, Update
from bot.engine.ratings import MODEL, rate_game, rate_results
from bot.games.toyko_train import TOYKO_TRAIN
from bot.storage import RatingRow, ResultRow, Storage
from tests.engine.harness import CHANNEL, GUILD, PLAYERS, legal, random_move, start_game, uid
from tests.support.relay_game import RELAY


async def finish(manager: GameManager, rnd: random.Random, channel: int = CHANNEL) -> Update:
    """Play random legal moves until the game in `channel` ends."""
    update = await manager.current(channel)
    while update.running:
        _, _, update = await random_move(manager, rnd, channel)
    assert update.outcome is not None
    return update


async def ratings(storage: Storage, game: str = "relay") -> dict[int, RatingRow]:
    """Every stored rating of `game` on the test server, by user."""
    return {r.user_id: r for r in await storage.leaderboard(GUILD, game, limit=100)}


async def test_a_finished_game_rates_every_player_and_feeds_their_stats(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 3)
    await finish(manager, random.Random(3))
    results = await storage.results(started.game_id)
    by_user = {r.user_id: r for r in results}
    assert sorted(by_user) == [uid(0), uid(1), uid(2)]
    winner = next(r.user_id for r in results if r.rank == 1)
    last = max(results, key=lambda r: r.rank)
    assert last.rank > 1, "this seed must give the game a loser"

    rated = await ratings(storage)
    assert sorted(rated) == sorted(by_user)
    assert all(r.games == 1 and r.guild_id == GUILD and r.game == "relay" for r in rated.values())
    assert {r.user_id: r.name for r in rated.values()} == {p.user_id: p.name for p in PLAYERS[:3]}
    assert all(r.ordinal == pytest.approx(r.mu - 3 * r.sigma) for r in rated.values())
    assert rated[winner].ordinal > rated[last.user_id].ordinal
    assert rated[winner].mu > MODEL.mu > rated[last.user_id].mu
    assert await storage.rated_players(GUILD, "relay") == 3
    place = await storage.rating_place(GUILD, "relay", winner)
    assert place is not None and place[0] == 1 and place[1] == rated[winner]
    assert (await storage.leaderboard(GUILD, "relay", limit=1))[0].user_id == winner

    for user_id, result in by_user.items():
        (stats,) = await storage.user_stats(user_id)
        assert (stats.game, stats.games, stats.wins) == ("relay", 1, int(result.rank == 1))
        assert stats.mean_score == result.score
        assert stats.best_score == stats.worst_score == result.score
        assert await storage.user_stats(user_id, "relay") == [stats]
        assert await storage.user_stats(user_id, "relay_pair") == []


async def test_an_abandoned_game_records_nothing_and_changes_no_rating(manager: GameManager, storage: Storage) -> None:
    await start_game(manager, 3)
    await finish(manager, random.Random(3))
    rated = await ratings(storage)
    stats = {p.user_id: await storage.user_stats(p.user_id) for p in PLAYERS[:3]}

    abandoned = await start_game(manager, 3)
    await manager.act(CHANNEL, uid(0), (await legal(manager, uid(0)))[0])
    update = await manager.abandon(CHANNEL, PLAYERS[5], moderator=True)
    assert update is not None and update.ended == "abandoned"
    assert await storage.results(abandoned.game_id) == []
    assert await ratings(storage) == rated
    assert {p.user_id: await storage.user_stats(p.user_id) for p in PLAYERS[:3]} == stats


async def test_an_abandoned_first_game_leaves_the_players_unrated(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 3)
    await manager.abandon(CHANNEL, PLAYERS[0], moderator=True)
    assert await storage.results(started.game_id) == []
    assert await storage.rated_players(GUILD, "relay") == 0
    assert await storage.rating_place(GUILD, "relay", uid(0)) is None
    assert await storage.user_stats(uid(0)) == []


async def test_a_second_game_counts_and_moves_the_ratings(manager: GameManager, storage: Storage) -> None:
    first = await start_game(manager, 3)
    await finish(manager, random.Random(3))
    after_one = await ratings(storage)
    second = await start_game(manager, 3)
    await finish(manager, random.Random(8))
    after_two = await ratings(storage)

    assert sorted(after_two) == sorted(after_one)
    for user_id, rating in after_two.items():
        assert rating.games == 2
        assert rating.mu != pytest.approx(after_one[user_id].mu)
        assert rating.sigma < after_one[user_id].sigma  # more games, more certainty

    results = await storage.results(first.game_id) + await storage.results(second.game_id)
    for user_id in after_two:
        mine = [r for r in results if r.user_id == user_id]
        (stats,) = await storage.user_stats(user_id, "relay")
        assert stats.games == 2
        assert stats.wins == sum(r.rank == 1 for r in mine)
        assert stats.mean_score == pytest.approx(sum(r.score for r in mine) / 2)
        assert stats.best_score == max(r.score for r in mine)
        assert stats.worst_score == min(r.score for r in mine)


async def test_a_game_outside_a_server_is_recorded_but_not_rated(manager: GameManager, storage: Storage) -> None:
    lobby = await manager.open_lobby(None, CHANNEL, "relay", PLAYERS[0])
    await manager.join(CHANNEL, PLAYERS[1])
    await manager.start(CHANNEL, PLAYERS[0].user_id)
    await finish(manager, random.Random(1))
    results = await storage.results(lobby.game_id)
    assert len(results) == 2 and {r.guild_id for r in results} == {None}
    assert await storage.rated_players(GUILD, "relay") == 0
    assert [s.games for s in await storage.user_stats(uid(0))] == [1]


# ------------------------------------------------------------------ rate_results, unit-level


def result_rows(game: str, users: list[int], ranks: list[int]) -> list[ResultRow]:
    """A finished game's results: seat i held by users[i], placed ranks[i]."""
    return [
        ResultRow(1, seat, user, game, GUILD, 10 - rank, rank, len(users), 60, 1_700_000_000_000)
        for seat, (user, rank) in enumerate(zip(users, ranks, strict=True))
    ]


NAMES = {p.user_id: p.name for p in PLAYERS}


def test_toyko_train_partners_are_rated_as_one_team() -> None:
    users = [uid(s) for s in range(4)]
    # Seat 1 placed behind seat 2, but its team (seats 0+1) is ranked by its best seat: first.
    rows = result_rows("toyko_train", users, [1, 3, 2, 4])
    after = {r.user_id: r for r in rate_results(TOYKO_TRAIN, GUILD, rows, NAMES, {})}
    assert sorted(after) == sorted(users)
    assert all(r.game == "toyko_train" and r.games == 1 for r in after.values())
    start = MODEL.rating().mu
    winners, losers = (after[uid(0)], after[uid(1)]), (after[uid(2)], after[uid(3)])
    assert all(r.mu > start for r in winners) and all(r.mu < start for r in losers)
    assert winners[0].mu == pytest.approx(winners[1].mu) and winners[0].sigma == pytest.approx(winners[1].sigma)
    assert losers[0].mu == pytest.approx(losers[1].mu)
    # Exactly a two-team game: the pairs, each with the rank of its best seat.
    teams = [[(uid(0), "Aiko"), (uid(1), "Botan")], [(uid(2), "Chie"), (uid(3), "Daiki")]]
    assert sorted(after.values(), key=lambda r: r.user_id) == rate_game(GUILD, "toyko_train", teams, [1, 2], {})
    # Not the same as four players each on their own (seat 1 would then lose to seat 2).
    alone = {r.user_id: r for r in rate_results(RELAY, GUILD, rows, NAMES, {})}
    assert alone[uid(1)].mu < alone[uid(2)].mu
    assert after[uid(1)].mu > after[uid(2)].mu


def test_toyko_train_partners_with_different_ratings_move_the_same_way() -> None:
    users = [uid(s) for s in range(6)]
    before = {
        uid(0): RatingRow(GUILD, "toyko_train", uid(0), "Aiko", 30.0, 4.0, 18.0, 5),
        uid(1): RatingRow(GUILD, "toyko_train", uid(1), "Botan", 20.0, 7.0, -1.0, 1),
    }
    rows = result_rows("toyko_train", users, [1, 1, 2, 2, 3, 3])
    after = {r.user_id: r for r in rate_results(TOYKO_TRAIN, GUILD, rows, NAMES, before)}
    assert after[uid(0)].mu > 30.0 and after[uid(1)].mu > 20.0
    assert after[uid(0)].games == 6 and after[uid(1)].games == 2 and after[uid(2)].games == 1
    assert after[uid(4)].mu < MODEL.mu and after[uid(5)].mu < MODEL.mu


def test_no_rating_when_one_user_holds_every_seat() -> None:
    assert rate_results(RELAY, GUILD, result_rows("relay", [uid(0)] * 3, [1, 2, 3]), NAMES, {}) == []
    assert rate_results(TOYKO_TRAIN, GUILD, result_rows("toyko_train", [uid(0)] * 4, [1, 1, 2, 2]), NAMES, {}) == []


def test_no_rating_when_one_user_holds_two_seats_or_there_is_one_side() -> None:
    assert rate_results(RELAY, GUILD, result_rows("relay", [uid(0), uid(1), uid(0)], [1, 2, 3]), NAMES, {}) == []
    assert rate_results(RELAY, GUILD, result_rows("relay", [uid(0)], [1]), NAMES, {}) == []
    assert rate_results(TOYKO_TRAIN, GUILD, result_rows("toyko_train", [uid(0), uid(1)], [1, 1]), NAMES, {}) == []


def test_seats_sharing_first_place_end_equal() -> None:
    rows = result_rows("relay", [uid(0), uid(1), uid(2)], [1, 1, 3])
    after = {r.user_id: r for r in rate_results(RELAY, GUILD, rows, NAMES, {})}
    assert after[uid(0)].mu == pytest.approx(after[uid(1)].mu)
    assert after[uid(0)].sigma == pytest.approx(after[uid(1)].sigma)
    assert after[uid(0)].ordinal == pytest.approx(after[uid(1)].ordinal)
    assert after[uid(0)].mu > after[uid(2)].mu


def test_an_all_way_tie_moves_nobody_apart() -> None:
    rows = result_rows("relay", [uid(0), uid(1), uid(2)], [1, 1, 1])
    after = rate_results(RELAY, GUILD, rows, NAMES, {})
    assert len({round(r.mu, 9) for r in after}) == 1
