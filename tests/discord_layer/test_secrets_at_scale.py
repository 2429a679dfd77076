"""Hidden information at scale: over many whole games of each kind, nothing public shows a secret of the moment.

After every line of each game, every public message that appeared or changed (text, embeds, buttons, attachment
names and descriptions) and the public view the board is drawn from are checked against every seat's secrets at
that moment: hands, tickets, ticket offers, words, the Toyko target, and the stored hidden state (deck and boneyard
orders). At the end the bot's log is checked against every secret the game ever held. Secrets revealed when a game
ends (its results show the tickets) are left out: the lines that end the game are not checked against the state.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.results import to_discord_message

from bot.games import REGISTRY
from bot.games.base import IllegalAction
from bot.games.ttr_japan import TTR_JAPAN
from bot.sandbox.world import Sandbox
from bot.settings import Settings
from tests.discord_layer.table import labels, menu_options, text_of
from tests.discord_layer.test_logs import (
    FAKE_TOKEN,
    bot_logs,  # noqa: F401
    claim_first,
    leaks,
    log_text,
    secrets_of,
    stored_secrets,
)
from tests.support.sandbox_script import (
    FRIENDS,
    Script,
    japan_typing,
    mexican_game,
    miyajima_game,
    tokyo_game,
    toyko_game,
    whole_game,
)

SCRIPTS: dict[str, Callable[[int], Script]] = {
    "mexican_train": lambda seed: mexican_game(seed, players=3),
    "ttr_japan": lambda seed: whole_game(TTR_JAPAN, seed, japan_typing, FRIENDS[:2], choose=claim_first),
    "miyajima": lambda seed: miyajima_game(seed, 3),
    "next_station_tokyo": lambda seed: tokyo_game(seed, 3, "objectives=on effects=on"),
    "toyko_train": toyko_game,
}
SEEDS = (11, 12)
"""Two whole games of each kind beyond test_logs.py's one: about 1.5 minutes on the 2-core machine."""


class Watched(Sandbox):
    """The sandbox, checking after each line what the channel can see against the secrets of that moment."""

    def __init__(self, game: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.shown: dict[int, str] = {}
        """Each public message's text as last checked: an edited board is checked again."""
        self.stored: dict[int, str] = {}
        """Each public message as simcord stores it, when last read: an unchanged one is not built again."""
        self.leaked: list[str] = []
        self.checked = 0
        self.ever: set[str] = set()
        """Every secret seen at any moment, for the log check at the end."""

    async def _show_new(self, user: str | None) -> None:
        await super()._show_new(user)
        needles, public = await self._secrets_now()
        self.ever |= needles
        for message in self._public_changed():
            parts = [text_of(message), *labels(message), *(label for label, _ in menu_options(message))]
            # A picture's description is public as the picture is (issue 19): it must hold no secret either.
            text = "\n".join(parts + [f"{a.filename} {a.description or ''}" for a in message.attachments])
            if self.shown.get(message.id) == text:
                continue
            self.shown[message.id] = text
            if public is not None:  # a game is running: what appeared now is checked against its secrets
                self.checked += 1
                self.leaked += [f"{n!r} in {text[:300]!r}" for n in leaks(text, needles)]
        if public is not None:
            self.leaked += [f"{n!r} in the board's public view" for n in leaks(json.dumps(public), needles)]

    def _public_changed(self) -> list[discord.Message]:
        """The public messages of every channel (as `history()` reads them) stored differently than when last read.

        Everything checked (text, embeds, buttons, menus, attachments) is built from these stored fields, so an
        unchanged message would read as before: building every message of a long game after each line cost more
        than the game itself.
        """
        assert self.env is not None
        changed = []
        for channel in self._channels():
            for stored in sorted(self.env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id):
                if not stored.visible_to(None):
                    continue
                looks = repr((stored.content, stored.embeds, stored.components, stored.attachments))
                if self.stored.get(stored.id) != looks:
                    self.stored[stored.id] = looks
                    changed.append(to_discord_message(self.env, stored))
        return changed

    async def _secrets_now(self) -> tuple[set[str], dict[str, Any] | None]:
        """Every seat's secrets now and the public view, if a game of this kind is running (else no public view)."""
        assert self.env is not None
        manager = self.env.bot.manager  # type: ignore[union-attr]
        for channel in self._channels():
            try:
                update = await manager.current(channel.id)
            except IllegalAction:
                continue
            if update.game != self.game or not update.running:
                continue
            needles: set[str] = set()
            privates = []
            for seat in update.seats:
                view = (await manager.current(channel.id, seat.user_id)).actor_view
                assert view is not None
                privates.append(view["private"])
                needles |= secrets_of(self.game, view["private"])
            row = await manager.storage.game(update.game_id)
            assert row is not None and row.state is not None
            needles |= stored_secrets(self.game, json.loads(row.state), [])
            self.ever |= needles
            for private in privates:
                needles = public_needles(self.game, private, needles, update.public)
            return needles, update.public
        return set(), None


def public_needles(game: str, private: dict[str, Any], needles: set[str], public: dict[str, Any]) -> set[str]:
    """What must never be public: in Toyko Train a conductor calls the words aloud, so only what they mean is secret.

    A team that has seated its tourists shows its target on the board, as the rules do: that target is no secret.
    """
    if game != "toyko_train":
        return needles
    target = private.get("target")
    if target and any(team["seating"] == target for team in public["public"]["teams"]):
        needles = needles - {json.dumps(target), json.dumps(target, separators=(",", ":")), str(target)}
        needles -= {" ".join(target), ", ".join(target)}
    words = {*private.get("dictionary", {}).values(), private.get("cancel_word")}
    meanings = {
        form
        for colour, word in private.get("dictionary", {}).items()
        for form in (f"{word} ({colour})", f"{word} = {colour}", f"{word}: {colour}", f"{word} → {colour}")
    }
    return (needles - words) | meanings


CASES = [(game, seed) for game in SCRIPTS for seed in SEEDS]


@pytest.mark.parametrize(("game", "seed"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
async def test_no_public_message_view_or_log_line_shows_a_secret(
    game: str,
    seed: int,
    tmp_path: Path,
    bot_logs: pytest.LogCaptureFixture,  # noqa: F811
) -> None:
    # No picture is drawn (bot_logs): no worker processes either, which would draw ahead for pictures never asked.
    database = str(tmp_path / "tetsudo.sqlite3")
    settings = Settings(token=FAKE_TOKEN, database=database, log_level="debug", picture_workers="0")
    out = io.StringIO()
    sandbox = Watched(game, settings, REGISTRY, out=out, images=tmp_path / "images", seeds=lambda: seed)
    script = SCRIPTS[game](seed)
    assert await sandbox.run(script.lines, stop_on_error=True) == 0, out.getvalue()[-3000:]
    assert "results ==" in out.getvalue(), out.getvalue()[-2000:]  # played to the end
    assert sandbox.checked > script.moves // 2, "most lines showed something new to check"
    if game in ("mexican_train", "ttr_japan", "toyko_train"):
        # The detector can fail: the owners' own DMs and ephemeral views show their secrets.
        assert sandbox.ever and leaks(out.getvalue(), sandbox.ever)
    assert sandbox.leaked == [], "\n".join(sandbox.leaked[:30])
    assert not leaks(log_text(bot_logs.records), sandbox.ever)
