"""The engine's per-server settings: moderators only, values checked again, and a server's reminder arms its games."""

from __future__ import annotations

import pytest

from bot.engine import GameManager, NotModerator, ServerSettings, TimerDefaults
from bot.games.base import IllegalAction
from bot.storage import Storage
from tests.engine.harness import GUILD, make_manager, start_game

HOUR_MS = 3_600_000


async def test_only_a_moderator_changes_them(manager: GameManager) -> None:
    with pytest.raises(NotModerator):
        await manager.servers.save(GUILD, ServerSettings(language="fr"), moderator=False)
    assert manager.servers.get(GUILD) == ServerSettings()


@pytest.mark.parametrize(
    "bad", [ServerSettings(language="de"), ServerSettings(reminder_turn_s=30), ServerSettings(reminder_turn_s=10**9)]
)
async def test_values_a_command_could_never_send_are_refused(manager: GameManager, bad: ServerSettings) -> None:
    with pytest.raises(IllegalAction):
        await manager.servers.save(GUILD, bad, moderator=True)
    assert await manager.storage.server_settings(GUILD) == ServerSettings()


async def test_a_server_reminder_arms_its_games_and_others_keep_the_default(manager: GameManager) -> None:
    await manager.servers.save(GUILD, ServerSettings(reminder_turn_s=3600), moderator=True)
    assert manager.servers.timers(GUILD) == TimerDefaults(3600, TimerDefaults().simultaneous_s)
    assert manager.servers.timers(GUILD + 1) == TimerDefaults()
    assert manager.servers.timers(None) == TimerDefaults()
    update = await start_game(manager, 2)
    (remind,) = [t for t in await manager.storage.timers(update.game_id) if t.kind == "remind"]
    assert 0 < remind.due_ms - manager.clock() <= HOUR_MS


async def test_a_new_manager_loads_what_was_stored(manager: GameManager, storage: Storage) -> None:
    chosen = ServerSettings(moderator_role=42, dm_reminders=False, open_threads=False)
    await manager.servers.save(GUILD, chosen, moderator=True)
    again = make_manager(storage)
    assert again.servers.get(GUILD) == ServerSettings()  # nothing read before load()
    await again.servers.load()
    assert again.servers.get(GUILD) == chosen
    assert (again.servers.moderator_role(GUILD), again.servers.dm_reminders(GUILD)) == (42, False)
    assert again.servers.open_threads(GUILD) is False and again.servers.open_threads(GUILD + 1) is True
