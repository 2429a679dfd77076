"""Where every interaction enters the bot: refused while it shuts down, tracked while in flight, given its language.

Slash commands pass through the command tree's `interaction_check`, but buttons and menus never do, so
both call `admit` here: one place decides whether an interaction is taken and which language it speaks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict

import discord

from bot.i18n import ENGLISH, _, speak, supported

log = logging.getLogger(__name__)

ANSWERS_FIRST_MOST_S = 0.5
"""The longest an acknowledged interaction's work waits for the others taken in to be acknowledged (a handler that
answers late, or never, delays the rest by no more than this)."""


class Gate:
    """Counts the interactions being handled, and shuts the door on new ones when the bot stops.

    It also puts acknowledgements first: Discord drops an interaction not acknowledged within 3 s, and on a busy bot
    an acknowledged one's work (the engine, the pictures, the replies) would otherwise run between the others'
    acknowledgements. So that work waits (`after_others_acknowledged`) until every interaction taken in is answered,
    and so do the boards, lines and DMs that earlier moves owe to those taken in since (`acknowledgements_first`).
    """

    def __init__(self) -> None:
        self.closing = False
        self._in_flight: set[asyncio.Task[object]] = set()
        self._unanswered: dict[discord.Interaction, int] = {}
        """Interactions taken in and not answered yet, with the number each was taken in as."""
        self.admitted = 0
        """How many interactions have been taken in so far."""
        self._all_answered = asyncio.Event()
        self._all_answered.set()
        self._an_answer = asyncio.Event()
        """Set (and replaced) each time one is answered."""

    @property
    def in_flight(self) -> int:
        """How many interactions are being handled right now."""
        return len(self._in_flight)

    async def admit(self, interaction: discord.Interaction) -> bool:
        """Take the interaction (remembering its task until it ends) or refuse it because the bot is stopping."""
        spoken = language_for(interaction)
        speak(spoken)
        remember_language(interaction.user.id, spoken)
        if self.closing:
            await _refuse_while_closing(interaction)
            return False
        task = asyncio.current_task()
        if task is not None:
            self._in_flight.add(task)
            task.add_done_callback(self._in_flight.discard)
            self.admitted += 1
            self._unanswered[interaction] = self.admitted
            self._all_answered.clear()
            task.add_done_callback(lambda _task: self._answered(interaction))
        return True

    async def after_others_acknowledged(self, interaction: discord.Interaction) -> None:
        """Wait, once `interaction` is acknowledged, until every other one taken in is too (at most
        ANSWERS_FIRST_MOST_S): when many arrive at once, all are acknowledged before any one's work goes on."""
        self._answered(interaction)
        for other in [i for i in self._unanswered if i.response.is_done()]:  # answered without saying so
            self._answered(other)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._all_answered.wait(), ANSWERS_FIRST_MOST_S)

    async def acknowledgements_first(self, since: int) -> None:
        """Wait until every interaction taken in after the first `since` is acknowledged (at most
        ANSWERS_FIRST_MOST_S): what an earlier move owes others (its board, lines and DMs) goes out between bursts of
        clicks, not between their acknowledgements. Those taken in before are not waited for: one of them may be the
        very command that waits for this delivery before it answers."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ANSWERS_FIRST_MOST_S
        while self._waiting_since(since):
            left = deadline - loop.time()
            if left <= 0:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._an_answer.wait(), left)

    def _waiting_since(self, since: int) -> bool:
        """Whether an interaction taken in after the first `since` is still unanswered (newest first: those taken in
        are kept in the order of their numbers, so the scan stops at the first one taken in before)."""
        for interaction, n in reversed(self._unanswered.items()):
            if n <= since:
                return False
            if not interaction.response.is_done():
                return True
        return False

    def _answered(self, interaction: discord.Interaction) -> None:
        """`interaction` needs no more waiting for (answered, or its handling over)."""
        if self._unanswered.pop(interaction, None) is None:
            return
        self._an_answer.set()
        self._an_answer = asyncio.Event()
        if not self._unanswered:
            self._all_answered.set()

    async def drain(self, timeout: float) -> int:
        """Refuse new interactions and wait up to `timeout` seconds for those in flight; how many were left."""
        self.closing = True
        waiting = self._in_flight - {asyncio.current_task()}
        if waiting:
            log.info("shutdown: waiting for %d interaction(s) in flight", len(waiting))
            await asyncio.wait(waiting, timeout=timeout)
        return len(self._in_flight - {asyncio.current_task()})


LANGUAGES_KEPT = 10_000
_languages: OrderedDict[int, str] = OrderedDict()
"""The language each user last spoke with the bot (the most recent LANGUAGES_KEPT users)."""


def remember_language(user_id: int, spoken: str) -> None:
    """Note the language `user_id` speaks, for what is made for them before they ask (`last_language`)."""
    _languages.pop(user_id, None)
    _languages[user_id] = spoken
    if len(_languages) > LANGUAGES_KEPT:
        _languages.popitem(last=False)


def last_language(user_id: int) -> str | None:
    """The language `user_id` last spoke with the bot, if they have since it started."""
    return _languages.get(user_id)


def language_for(interaction: discord.Interaction) -> str:
    """The user's Discord language when we speak it, else the server's, else English."""
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
    return supported(interaction.locale.value) or server_language(
        interaction.client, interaction.guild_id, guild_locale
    )


def server_language(client: discord.Client, guild_id: int | None, guild_locale: str | None = None) -> str:
    """The language of a server's public messages: its moderators' choice, else its Discord language, else English."""
    manager = getattr(client, "manager", None)
    chosen = manager.servers.language(guild_id) if manager is not None and guild_id else None
    if chosen is None and guild_locale is None and guild_id:
        guild = client.get_guild(guild_id)
        guild_locale = guild.preferred_locale.value if guild is not None else None
    return chosen or supported(guild_locale) or ENGLISH


async def _refuse_while_closing(interaction: discord.Interaction) -> None:
    """Tell the user to try again soon (an autocomplete can only be answered with no suggestions)."""
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        elif not interaction.response.is_done():
            await interaction.response.send_message(
                _("Tetsudō is restarting. Nothing was changed; try again in a minute."), ephemeral=True
            )
    except discord.HTTPException:
        log.info("could not answer an interaction refused during shutdown")


class Admitted:
    """Mixed into every button and menu so it passes through the same gate as slash commands."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        gate: Gate = interaction.client.gate  # type: ignore[attr-defined]
        if not await gate.admit(interaction):
            return False
        # Every control is posted in its game's channel, so one clicked elsewhere is forged or foreign.
        channel_id = getattr(self, "channel_id", None)
        if channel_id is not None and channel_id != interaction.channel_id:
            await interaction.response.send_message(
                _("That control belongs to another channel's game. Nothing was changed."), ephemeral=True
            )
            return False
        return True
