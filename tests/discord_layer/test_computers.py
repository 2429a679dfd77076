"""Issue 21 in a simulated server: computers take seats, move by themselves, survive a restart, and keep secrets."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import TetsudoBot
from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.storage.records import ActionRow
from bot.ui import delivery, outgoing
from tests.discord_layer import conftest
from tests.discord_layer.table import Table, response_text, text_of
from tests.support.computer_channels import open_computer_channels
from tests.support.relay import RELAY

GAME = "mexican_train"


def make_bot(database: Path, pause: str = "0") -> TetsudoBot:
    """A bot with Mexican Train whose computers move at once (or after `pause` seconds), thinking briefly."""
    games = {GAME: MEXICAN_TRAIN, "relay": RELAY}
    return conftest.make_bot(database, games, computer_pause=pause, computer_think=0.05)


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return make_bot(database)


async def open_with_computers(table: Table, computers: int = 1, level: str = "easy") -> Any:
    result = await table.alice.slash(table.channel, "game new", game=GAME, computers=computers, level=level)
    if table.channel.threads:
        table.game_channel = table.channel.threads[-1]
    return result


async def settled(table: Table) -> Update | None:
    """The game once every computer the game waits for has moved (None once it ended)."""
    await table.bot.computers.idle()
    if not await table.running():
        return None
    return await table.current()


async def act(table: Table, user_id: int, action: Action) -> None:
    """A person's move through the manager, delivered as the bot delivers it (which wakes the computers)."""
    await delivery.deliver(table.bot, await table.bot.manager.act(table.game_channel.id, user_id, action))


async def stored_actions(table: Table) -> list[ActionRow]:
    """The action log of the game channel's game, as stored."""
    storage = table.bot.storage
    assert storage is not None
    row = await storage.latest_game(table.game_channel.id)
    assert row is not None
    return await storage.actions(row.id)


async def toyko_with_three_computers(table: Table, database: Path, level: str) -> None:
    """A bot with Toyko Train, a second's pause for its computers, and a started game: alice and three computers."""
    from bot.games.toyko_train import TOYKO_TRAIN

    bot = conftest.make_bot(database, {"toyko_train": TOYKO_TRAIN}, computer_pause="1", computer_think=0.05)
    await table.env.restart_bot(bot)
    await table.alice.slash(table.channel, "game new", game="toyko_train", computers=3, level=level)
    table.game_channel = table.channel.threads[-1]
    await table.alice.click(table.lobby_message(), label="Start")


async def play_alice_to_the_end(table: Table, moves: int = 400) -> None:
    for _move in range(moves):
        update = await settled(table)
        if update is None:
            return
        assert table.alice.id in update.to_ping, "the game waits only for alice once the computers moved"
        await table.play(table.alice)
    raise AssertionError("the game did not end")


async def test_the_slash_option_seats_named_computers(table: Table) -> None:
    await open_with_computers(table, computers=2, level="easy")
    lobby = text_of(table.lobby_message())
    assert "🤖 Tetsu · easy" in lobby and "🤖 Hikari · easy" in lobby


async def test_a_mixed_game_plays_to_the_end_and_computers_keep_their_secrets(table: Table) -> None:
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    await play_alice_to_the_end(table)
    assert "🤖 Tetsu · easy" in "\n".join(text_of(m) for m in table.public_messages())
    # Nobody is ever sent the computer's hand: no DM, no ephemeral, and no public line carries it.
    assert not any(m.author is not None and m.author.id < 0 for m in table.public_messages())
    row = await table.bot.storage.latest_game(table.game_channel.id)  # type: ignore[union-attr]
    assert row is not None and row.status == "finished"
    seats = await table.bot.storage.seats(row.id)  # type: ignore[union-attr]
    assert [s.computer for s in seats] == [None, "easy"] and seats[1].user_id < 0
    assert not await table.bot.storage.dms_closed(seats[1].user_id)  # type: ignore[union-attr]  # never DMed


async def test_a_restart_while_a_computer_thinks_loses_nothing(table: Table, database: Path) -> None:
    await table.env.restart_bot(make_bot(database, pause="30"))  # its computers wait long: the restart cuts in
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    waiting_for_computer = None
    for _move in range(50):
        update = await table.current()
        if table.alice.id not in update.to_ping:
            waiting_for_computer = update
            break
        await table.play(table.alice)
    assert waiting_for_computer is not None, "the computer gets a turn"
    old = table.bot
    await table.env.restart_bot(make_bot(database))
    old.computers.stop()  # the old process is gone: its computer never moves
    await table.bot.computers.idle()
    after = await table.current()
    assert after.version > waiting_for_computer.version, "after the restart the computer moved"
    await play_alice_to_the_end(table)


async def test_the_lobby_menu_adds_a_computer_for_the_host_only(table: Table) -> None:
    await table.alice.slash(table.channel, "game new", game=GAME)
    table.game_channel = table.channel.threads[-1]
    refused = await table.bob.select(table.lobby_message(), ["easy"])
    assert refused.ephemeral and "Only the host" in response_text(refused)
    await table.alice.select(table.lobby_message(), ["easy"])
    assert "🤖 Tetsu · easy" in text_of(table.lobby_message())


async def test_a_full_table_and_an_unknown_level_are_refused(table: Table) -> None:
    unknown = await open_with_computers(table, computers=1, level="grandmaster")
    assert unknown.ephemeral and "grandmaster" in response_text(unknown)
    assert not table.channel.threads, "nothing was opened"
    full = await open_with_computers(table, computers=8, level="easy")
    assert full.ephemeral and "at most 8" in response_text(full)
    await open_with_computers(table, computers=7, level="easy")
    refused = await table.alice.select(table.lobby_message(), ["easy"])
    assert refused.ephemeral and "full" in response_text(refused)


def moderator(table: Table) -> Any:
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[mods])


async def started_with_bob(table: Table, **timers: str) -> Update:
    await table.alice.slash(table.channel, "game new", game=GAME)
    table.game_channel = table.channel.threads[-1]
    if timers:
        await table.alice.slash(table.game_channel, "game timers", **timers)
    await table.bob.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")
    return await table.current()


async def test_a_timeout_lets_a_computer_play_the_absent_players_turn(table: Table) -> None:
    before = await started_with_bob(table, reminder="30m", timeout="1h", on_timeout="computer")
    await table.env.advance_time(3600 + 60)
    said = [m.content for m in table.game_channel.history() if "Time is up" in (m.content or "")]
    assert len(said) == 1 and "a computer plays for" in said[0]
    after = await table.current()
    assert after.version > before.version
    row = await table.bot.storage.active_game(table.game_channel.id)  # type: ignore[union-attr]
    assert row is not None and row.on_timeout == "computer"
    actions = await table.bot.storage.actions(row.id)  # type: ignore[union-attr]
    assert actions and actions[-1].auto  # played for the absent player, so marked as such in the log


async def test_a_moderator_seats_a_computer_and_a_person_takes_its_seat_back(table: Table) -> None:
    await started_with_bob(table)
    mod = moderator(table)
    done = await mod.slash(table.game_channel, "game replace", old=table.bob, computer="easy")
    assert done.ephemeral and "🤖 Tetsu · easy" in response_text(done)
    await table.bot.computers.idle()
    update = await table.current()
    assert [s.computer for s in update.seats] == [None, "easy"]
    assert update.to_ping == (table.alice.id,), "the computer moved by itself; only alice is waited for"
    taken = await mod.slash(table.game_channel, "game replace", seat=2, new=table.carol)
    assert taken.ephemeral and "carol now holds seat 2" in response_text(taken)
    update = await table.current()
    assert [(s.user_id, s.computer) for s in update.seats][1] == (table.carol.id, None)


async def test_bad_replacements_are_refused_with_a_reason(table: Table) -> None:
    await started_with_bob(table)
    mod = moderator(table)
    unknown = await mod.slash(table.game_channel, "game replace", old=table.bob, computer="grandmaster")
    assert unknown.ephemeral and "grandmaster" in response_text(unknown)
    both = await mod.slash(table.game_channel, "game replace", old=table.bob, new=table.carol, computer="easy")
    assert both.ephemeral and "either" in response_text(both)
    plain = await table.alice.slash(table.game_channel, "game replace", old=table.bob, computer="easy")
    assert plain.ephemeral and "Only a moderator" in response_text(plain)


async def test_games_with_computers_are_recorded_but_not_rated(table: Table) -> None:
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    await play_alice_to_the_end(table)
    storage = table.bot.storage
    assert storage is not None
    assert await storage.user_stats(table.alice.id), "the game is recorded"
    assert await storage.rated_players(table.guild.id, GAME) == 0, "but nobody is rated"


@pytest.mark.parametrize("level", ["easy", "normal"])
async def test_in_a_race_computers_are_asked_again_as_the_race_changes(
    table: Table, database: Path, level: str
) -> None:
    await toyko_with_three_computers(table, database, level)
    # alice (a conductor) never moves; the computers, a second apart, answer each other's moves: the other team's
    # conductor signals, its tourist swaps in answer, and so on (a computer never moves twice in a row).
    for _second in range(10):
        await table.env.advance_time(2)
    actions = await stored_actions(table)
    assert len(actions) > 3, "the computers played"
    assert all(a.seat != 0 for a in actions), "nobody played for alice"
    assert all(a.seat != b.seat for a, b in itertools.pairwise(actions)), "nobody moves twice in a row"
    assert {a.seat for a in actions} == {2, 3}, "alice's tourist has nothing to answer; the other team plays"
    table.bot.computers.stop()


async def test_in_a_race_a_computer_never_moves_while_it_waits_for_its_partner(table: Table, database: Path) -> None:
    from bot.computers import Seen

    await toyko_with_three_computers(table, database, "normal")
    # alice (a conductor) signals again and again, so the race keeps changing while the other team's conductor
    # waits for its tourist: it must not be asked then (it would only nod), nor a tourist with nothing to answer.
    for _second in range(12):
        update = await table.current(table.alice)
        assert update.actor_view is not None
        signals = [a for a in Seen("toyko_train", 0, 4, update.actor_view).legal if a.verb == "signal"]
        if signals:
            await table.bot.manager.act(table.game_channel.id, table.alice.id, signals[_second % len(signals)])
        await table.env.advance_time(1)
    actions = await stored_actions(table)
    by_computers = [json.loads(a.action)[0] for a in actions if a.seat != 0]
    assert "swap" in by_computers and "signal" in by_computers, "the computers played"
    assert not {"nod", "point"} & set(by_computers), "no computer made an empty gesture while it waited"
    table.bot.computers.stop()


async def test_a_computer_is_sent_nothing_and_no_private_view_goes_public(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent_to: list[int] = []
    send_view = outgoing._send_view

    async def recording(client: Any, channel: Any, update: Update, user_id: int, view: dict[str, Any]) -> None:
        sent_to.append(user_id)
        await send_view(client, channel, update, user_id, view)

    monkeypatch.setattr(outgoing, "_send_view", recording)
    await open_with_computers(table, computers=1, level="easy")
    await table.bob.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")
    for _move in range(6):
        update = await settled(table)
        if update is None:
            break
        await table.play(table.actor_for(update.to_ping[0]))
    assert sent_to and all(user_id > 0 for user_id in sent_to), "only people are sent their private views"
    update = await table.current()
    computer = next(s for s in update.seats if s.computer is not None)
    assert computer.user_id not in update.to_ping, "a computer is never pinged"
    # Nothing public reads like a private view (those go by DM, to people only).
    assert not any("Your private view" in text_of(m) for m in table.public_messages())


async def test_a_server_may_rate_games_with_computers(table: Table) -> None:
    mod = moderator(table)
    await mod.slash(table.channel, "tetsudo settings", rate_computer_games=True)
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    await play_alice_to_the_end(table)
    assert table.bot.storage is not None
    assert await table.bot.storage.rated_players(table.guild.id, GAME) == 2, "alice and the computer are rated"
    board = await table.alice.slash(table.channel, "leaderboard", game=GAME)
    assert board.response is not None and "Tetsu · easy" in str(board.response.message.attachments[0].description)


async def test_a_computer_decides_in_a_worker_process(table: Table, database: Path) -> None:
    games = {GAME: MEXICAN_TRAIN}
    bot = conftest.make_bot(database, games, computer_pause="0", computer_think=0.05, computer_workers=1)
    await table.env.restart_bot(bot)
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    for _move in range(4):
        update = await settled(table)
        assert update is not None and update.to_ping == (table.alice.id,)
        await table.play(table.alice)
    assert table.bot.storage is not None
    row = await table.bot.storage.active_game(table.game_channel.id)
    assert row is not None
    seats = {a.seat for a in await table.bot.storage.actions(row.id) if not a.auto}
    assert seats == {0, 1}, "both alice and the computer moved"


async def test_a_computer_never_hosts_and_never_keeps_a_lobby_open(table: Table) -> None:
    await open_with_computers(table, computers=1, level="easy")
    await table.bob.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Leave")
    lobby = await table.bot.manager.lobby(table.game_channel.id)
    assert lobby is not None and lobby.host_id == table.bob.id, "bob hosts, not the computer seated before him"
    await table.bob.click(table.lobby_message(), label="Leave")
    assert await table.bot.manager.lobby(table.game_channel.id) is None, "the computer alone does not keep it open"


async def test_on_a_french_server_a_computer_is_named_in_french(table: Table) -> None:
    mod = moderator(table)
    await mod.slash(table.channel, "tetsudo settings", language="fr")
    await open_with_computers(table, computers=1, level="easy")
    lobby = table.game_channel.history()[-1]
    assert "🤖 Tetsu · facile" in text_of(lobby)


async def test_the_host_removes_the_last_computer_from_the_lobby(table: Table) -> None:
    await open_with_computers(table, computers=2, level="easy")
    await table.alice.select(table.lobby_message(), ["remove"])
    lobby = text_of(table.lobby_message())
    assert "🤖 Tetsu · easy" in lobby and "Hikari" not in lobby
    await table.alice.select(table.lobby_message(), ["remove"])
    none_left = await table.alice.select(table.lobby_message(), ["remove"])
    assert none_left.ephemeral and "no computer" in response_text(none_left)


async def test_two_last_seats_asked_for_at_once_seat_one_computer(table: Table) -> None:
    """Two "Add computer" picks for the last seat race through the engine (asyncio.gather): one seats, one is full."""
    await open_with_computers(table, computers=6, level="easy")
    channel_id, manager = table.game_channel.id, table.bot.manager
    sent = await asyncio.gather(
        *(manager.add_computer(channel_id, table.alice.id, "easy") for _ in range(2)), return_exceptions=True
    )
    refused = [r for r in sent if isinstance(r, IllegalAction)]
    assert len(refused) == 1 and "full" in refused[0].message, sent
    (seated,) = [r for r in sent if not isinstance(r, BaseException)]
    assert len(seated.players) == 8, "seven computers and alice: the table of eight, not nine"


async def test_a_forged_menu_value_seats_nobody(table: Table) -> None:
    """A modified client may send a level the menu never offered: refused with a reason, the lobby unchanged."""
    await table.alice.slash(table.channel, "game new", game=GAME)
    table.game_channel = table.channel.threads[-1]
    with pytest.raises(IllegalAction, match="grandmaster"):
        await table.bot.manager.add_computer(table.game_channel.id, table.alice.id, "grandmaster")
    seated = await table.bot.manager.add_computer(table.game_channel.id, table.alice.id, "easy")
    assert len(seated.players) == 2, "the forged pick seated nobody: the next real one takes the second seat"


async def test_people_are_answered_while_ten_computers_think_in_other_channels(table: Table, database: Path) -> None:
    from bot.games.ttr_japan import TTR_JAPAN

    games = {GAME: MEXICAN_TRAIN, "ttr_japan": TTR_JAPAN}
    # Decisions of a whole second each, made one at a time in a worker process, as the bot's defaults have it.
    bot = conftest.make_bot(database, games, computer_pause="0", computer_think=1.0, computer_workers=1)
    await table.env.restart_bot(bot)
    await open_computer_channels(bot, table.guild, table.carol, 10, "ttr_japan", "strong")
    thinking_when_answered: list[int] = []

    class Watched(list):  # type: ignore[type-arg]
        def append(self, entry: Any) -> None:
            if entry.method == "POST" and entry.path.endswith("/callback"):
                thinking_when_answered.append(bot.computers.thinking)
            super().append(entry)

    table.env.backend.http_requests = Watched(table.env.backend.http_requests)
    await table.alice.slash(table.channel, "game new", game=GAME)
    table.game_channel = table.channel.threads[-1]
    await table.bob.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")
    for _move in range(4):
        await table.play(table.actor_for((await table.current()).to_ping[0]))
    assert len(thinking_when_answered) >= 7
    # Every person's interaction was answered while computers were thinking: none waited for their decisions.
    assert min(thinking_when_answered) >= 1, thinking_when_answered
    bot.computers.stop()


async def test_a_computer_catches_a_player_who_forgot_to_knock_even_out_of_turn(table: Table) -> None:
    from bot.computers import Seen
    from bot.games.mexican_train import rules

    await table.alice.slash(table.channel, "game new", game=GAME, options="last_tile=manual")
    table.game_channel = table.channel.threads[-1]
    await table.bob.click(table.lobby_message(), label="Join")
    await table.bot.manager.add_computer(table.game_channel.id, table.alice.id, "easy")  # seat 2, after bob
    await table.alice.click(table.lobby_message(), label="Start")
    people = (table.alice, table.bob)
    for _move in range(300):
        update = await settled(table)
        assert update is not None, "the round ended before alice was down to two tiles"
        seat = int(update.public["public"]["turn"])
        actor = people[seat]
        view = (await table.current(actor)).actor_view
        assert view is not None
        legal = Seen(GAME, seat, 3, view).legal
        forgetful = [a for a in legal if a.verb == "play" and len(a.args) == 2]
        if actor is table.alice and len(view["private"]["hand"]) == 2 and forgetful:
            await act(table, actor.id, forgetful[0])  # down to one tile, without knocking
            break
        careful = [a for a in legal if a.verb == "play" and rules.knocks(a)]
        await act(table, actor.id, (careful or legal)[0])
    else:
        raise AssertionError("alice never got down to two tiles")
    # bob, whose turn it is, does nothing: the computer in seat 2 catches alice all the same.
    await settled(table)
    last = (await stored_actions(table))[-1]
    assert (last.seat, json.loads(last.action)) == (2, ["catch"])
    assert "catches a player who didn't knock" in "\n".join(text_of(m) for m in table.public_messages())
