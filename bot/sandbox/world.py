"""A simulated server (simcord) running the real bot, driven line by line by the sandbox language."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

import discord
import simcord
from simcord.results import to_discord_message

from bot.client import TetsudoBot
from bot.games.base import Game
from bot.sandbox.printer import Printer
from bot.sandbox.script import HELP, Line, ScriptError, parse_line
from bot.settings import Settings

GUILD_NAME = "Sandbox"
FIRST_CHANNEL = "games"
SETTLE_SECONDS = 60.0
"""How long a line may keep the bot busy. simcord's 5 s default failed lines on a busy machine: the first
Ticket to Ride map takes about a second of CPU to draw, and a tournament round starts three at once."""


class Sandbox:
    """The real bot in a simulated Discord with pretend users; prints what each of them sees."""

    def __init__(
        self,
        settings: Settings,
        games: Mapping[str, Game],
        *,
        out: TextIO | None = None,
        images: Path = Path("sandbox-images"),
        seeds: Callable[[], int] | None = None,
    ) -> None:
        # One simulated process runs every shard of a one-shard bot (a simulated Discord recommends none).
        self.settings = replace(settings, shards="", shard_count=1)
        self.games = dict(games)
        self.seeds = seeds
        self.printer = Printer(out or sys.stdout, images)
        self.env: simcord.Env | None = None
        self.users: dict[str, simcord.MemberActor] = {}
        self.channel: simcord.ChannelHandle | None = None
        self.last_results: dict[str, simcord.InteractionResult] = {}
        self._known: set[int] = set()
        """Channels and threads already seen: a thread not among them was opened by the last line."""
        self._requests_read = 0
        self._looks: dict[int, tuple[object, ...]] = {}
        """How each message read by `_changed` looked, by id: unchanged ones are not built again."""
        """How many of the bot's REST calls `_show_new` has looked at."""

    def _new_bot(self) -> TetsudoBot:
        bot = TetsudoBot(self.settings, self.games, seeds=self.seeds)
        self._bots.append(bot)
        return bot

    async def run(self, lines: Iterable[str], *, stop_on_error: bool) -> int:
        """Carry out every line; returns 0, or 1 if a line failed and `stop_on_error` is set."""
        self._bots: list[TetsudoBot] = []
        try:
            return await self._run(lines, stop_on_error=stop_on_error)
        finally:
            # simcord detaches a bot without closing it; close each so its database thread ends.
            for bot in self._bots:
                await bot.close()

    async def _run(self, lines: Iterable[str], *, stop_on_error: bool) -> int:
        async with simcord.run(self._new_bot(), check_errors=False, settle_timeout=SETTLE_SECONDS) as env:
            self.env = env
            guild = env.create_guild(GUILD_NAME)
            self.moderators = guild.create_role(self.settings.moderator_role, permissions=discord.Permissions.none())
            self.guild = guild
            self.channel = guild.create_text_channel(FIRST_CHANNEL)
            self.printer.note(f"server '{GUILD_NAME}', channel #{FIRST_CHANNEL}; type `help` for commands")
            for raw in lines:
                try:
                    line = parse_line(raw)
                    if line is None:
                        continue
                    print(f"> {raw.strip()}", file=self.printer.out)
                    if line.verb == "quit":
                        break
                    await self._do(line)
                    await self._show_new(line.user)
                except (ScriptError, simcord.SetupError, simcord.OptionError) as error:
                    self.printer.note(f"sandbox: {error}".splitlines()[0])
                    if stop_on_error:
                        return 1
        return 0

    async def _do(self, line: Line) -> None:
        assert self.env is not None and self.channel is not None
        if line.verb == "help":
            print(HELP, file=self.printer.out)
        elif line.verb == "restart":
            await self.env.restart_bot(self._new_bot())
            self.printer.note("the bot restarted (same database)")
        elif line.verb == "in":
            self.channel = self._find_channel(line.text)
            self.printer.note(f"now in #{self.channel.name}")
        elif line.verb == "moderator":
            actor = self._user(line.text)
            self.guild.remove_member(actor)
            self.users[line.text.lower()] = self.guild.add_member(actor.user, roles=[self.moderators])
            self.printer.note(f"{line.text} is now a moderator")
        elif line.verb == "dms_closed":
            dm = self._user(line.text).user.dm_channel
            self.env.inject_error(
                "POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                message="Cannot send messages to this user", times=None,
            )  # fmt: skip
            self.printer.note(f"{line.text} now has DMs closed")
        else:
            await self._act(line)

    async def _act(self, line: Line) -> None:
        assert self.channel is not None
        actor = self._user(line.user)
        if line.verb == "slash":
            result = await actor.slash(self.channel, " ".join(line.path), **self._typed(line))
        elif line.verb == "click":
            result = await actor.click(self._newest(actor, button=line.text), label=self._label(actor, line.text))
        elif line.verb == "choose":
            message, values = self._menu_choice(actor, line.text)
            result = await actor.select(message, values)
        else:
            shown = self.last_results.get(line.user)
            if shown is None or shown.modal is None:
                raise ScriptError(f"No form is open for {line.user}.")
            field_id = _first_text_input(shown.modal)
            result = await actor.submit_modal(shown, {field_id: line.text})
        self.last_results[line.user] = result
        for response in [result.response, *result.followups]:
            if response is not None:
                where = f"only {line.user} sees" if response.ephemeral else self._where(response.channel_id)
                await self.printer.show(response.message, where)

    def _typed(self, line: Line) -> dict[str, Any]:
        """Slash option values typed as the command declares them."""
        bot = self.env.bot if self.env else None
        command: Any = bot.tree.get_command(line.path[0]) if isinstance(bot, discord.Client) else None  # type: ignore[attr-defined]
        for word in line.path[1:]:
            command = command.get_command(word) if command is not None else None
        typed: dict[str, Any] = {}
        for name, value in line.options.items():
            param = command.get_parameter(name) if command is not None else None
            kind = getattr(param, "type", None)
            if kind == discord.AppCommandOptionType.integer:
                typed[name] = int(value)
            elif kind == discord.AppCommandOptionType.boolean:
                typed[name] = value.lower() in ("true", "yes", "1", "on")
            else:
                typed[name] = value
        return typed

    def _user(self, name: str) -> simcord.MemberActor:
        key = name.lower()
        if key not in self.users:
            assert self.env is not None
            self.users[key] = self.guild.add_member(self.env.create_user(key))
            self.printer.note(f"{key} joined the server")
        return self.users[key]

    def _find_channel(self, name: str) -> simcord.ChannelHandle:
        for channel in self._channels():
            if channel.name and channel.name.lower().startswith(name.lower()):
                return channel
        raise ScriptError(f"No channel or thread called `{name}`.")

    def _channels(self) -> list[simcord.ChannelHandle]:
        channels = [c for c in self.guild.channels.values() if not c.is_thread]
        return channels + [t for c in channels for t in c.threads]

    def _visible(self, actor: simcord.MemberActor, *, labelled: str | None = None) -> Iterator[discord.Message]:
        """What `actor` sees here, newest first, each message built only when reached (a search stops early).

        With `labelled`, only messages whose stored components carry that label (in any case) are built: a board
        sits above every move since, and building each of them for every click made a long game crawl.
        """
        assert self.env is not None and self.channel is not None
        stored = self.env.backend.messages.get(self.channel.id, {}).values()
        for message in sorted(stored, key=lambda m: m.id, reverse=True):
            if message.visible_to(actor.id) and (labelled is None or _carries(message.components, labelled.lower())):
                yield to_discord_message(self.env, message)

    def _label(self, actor: simcord.MemberActor, wanted: str) -> str:
        for message in self._visible(actor, labelled=wanted):
            for label in _button_labels(message):
                if label.lower() == wanted.lower():
                    return label
        raise ScriptError(f"{actor.name} sees no button labelled `{wanted}` here.")

    def _newest(self, actor: simcord.MemberActor, *, button: str) -> discord.Message:
        for message in self._visible(actor, labelled=button):
            if any(label.lower() == button.lower() for label in _button_labels(message)):
                return message
        raise ScriptError(f"{actor.name} sees no button labelled `{button}` here.")

    def _menu_choice(self, actor: simcord.MemberActor, wanted: str) -> tuple[discord.Message, list[str]]:
        """The newest menu and the values picked: one option, or several separated by commas ("1, 3")."""
        for message in self._visible(actor):
            for menu in _menus(message):
                picks = [wanted] if _pick(menu, wanted) is not None else [p.strip() for p in wanted.split(",")]
                values = [_pick(menu, pick) for pick in picks]
                missing = [pick for pick, value in zip(picks, values, strict=True) if value is None]
                if missing:
                    raise ScriptError(f"The newest menu has no option `{missing[0]}`.")
                return message, [str(v) for v in values]
        raise ScriptError(f"{actor.name} sees no menu here.")

    def _where(self, channel_id: int) -> str:
        for channel in self._channels():
            if channel.id == channel_id:
                return f"#{channel.name}"
        return f"channel {channel_id}"

    async def _show_new(self, user: str | None) -> None:
        """Print every message that appeared or changed anywhere, marked by who can see it.

        Only `user` (who typed the line) can have received new ephemeral messages, and only here: reading
        every user's view of every channel after each line made long sessions (a tournament) crawl. For the
        same reason only the channels the bot wrote to since the last line are read again.
        """
        touched = self._written_to()
        for channel in self._channels():
            if channel.id in touched:
                for message in self._changed(channel.id):
                    await self.printer.show(message, f"#{channel.name}")
        actor = self.users.get((user or "").lower())
        if actor is not None and self.channel is not None and self.channel.id in touched:
            for message in self._changed(self.channel.id, actor.id):
                if message.flags.ephemeral:
                    await self.printer.show(message, f"only {user} sees")
        for name, actor in self.users.items():
            dm = actor.user.dm_channel
            if dm.id in touched:
                for message in self._changed(dm.id):
                    await self.printer.show(message, f"DM → {name}")
        # Follow a game into the one thread this line opened; several at once (a tournament round) are only
        # named, and `in <thread>` picks one. An `in` the script typed is never undone here.
        opened = [c for c in self._channels() if c.is_thread and c.id not in self._known]
        self._known.update(c.id for c in self._channels())
        if len(opened) == 1:
            self.channel = opened[0]
            self.printer.note(f"now in thread #{opened[0].name}")
        elif opened:
            self.printer.note(f"new threads: {', '.join('#' + str(t.name) for t in opened)}")

    def _changed(self, channel_id: int, viewer_id: int | None = None) -> list[discord.Message]:
        """The channel's messages (those `viewer_id` may see) that are new or changed since last read here.

        Read from simcord's store and only then built into discord.py messages: building every message of a
        long game's thread after each line cost more than the game itself.
        """
        assert self.env is not None
        changed = []
        for stored in sorted(self.env.backend.messages.get(channel_id, {}).values(), key=lambda m: m.id):
            if not stored.visible_to(viewer_id):
                continue
            # The parts themselves, not a copy: simcord replaces them on an edit, so an unedited message compares by
            # identity at once, and an edit by value (an edit that changes nothing prints nothing).
            looks = (stored.content, stored.embeds, stored.components, stored.attachments, stored.flags)
            if self._looks.get(stored.id) != looks:
                self._looks[stored.id] = looks
                changed.append(to_discord_message(self.env, stored))
        return changed

    def _written_to(self) -> set[int]:
        """Ids of the channels the bot posted or edited in (or opened a thread from) since the last call.

        Read from the bot's REST calls. An interaction's answers name no channel: they go to the channel the
        line acted in, the only one where users click and type.
        """
        assert self.env is not None and self.channel is not None
        requests = self.env.http_requests
        start = self._requests_read if self._requests_read <= len(requests) else 0  # in case a restart began anew
        new, self._requests_read = requests[start:], len(requests)
        touched: set[int] = set()
        for request in new:
            parts = request.path.strip("/").split("/")
            if parts[0] == "channels" and len(parts) >= 2 and parts[1].isdigit():
                touched.add(int(parts[1]))
            elif parts[0] in ("interactions", "webhooks"):
                touched.add(self.channel.id)
        return touched


def _carries(data: Any, label: str) -> bool:
    """Whether raw component data holds, at any depth, an item whose label is `label` (lower case) in any case."""
    if isinstance(data, list):
        return any(_carries(item, label) for item in data)
    if not isinstance(data, dict):
        return False
    own = data.get("label")
    return (isinstance(own, str) and own.lower() == label) or any(
        _carries(value, label) for value in data.values() if isinstance(value, list | dict)
    )


def _button_labels(message: discord.Message) -> list[str]:
    return [
        item.label
        for row in message.components
        for item in getattr(row, "children", [])
        if isinstance(item, discord.Button) and item.label and not item.disabled
    ]


def _menus(message: discord.Message) -> list[discord.SelectMenu]:
    return [
        item
        for row in message.components
        for item in getattr(row, "children", [])
        if isinstance(item, discord.SelectMenu)
    ]


def _pick(menu: discord.SelectMenu, wanted: str) -> str | None:
    """The value of the menu option numbered or labelled `wanted`, if there is one."""
    for n, option in enumerate(menu.options, 1):
        if wanted == str(n) or option.label.lower() == wanted.lower():
            return option.value
    return None


def _first_text_input(modal: dict[str, Any]) -> str:
    for row in modal.get("components", []):
        for item in row.get("components", [row]):
            if item.get("custom_id"):
                return str(item["custom_id"])
    raise ScriptError("That form has no text field.")
