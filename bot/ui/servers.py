"""`/tetsudo settings`: reading a server's settings from the options, and showing them."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.engine import ServerBook, ServerSettings
from bot.engine.durations import duration_words, parse_duration
from bot.games.base import IllegalAction
from bot.i18n import LANGUAGES, _, pgettext

AUTOMATIC = "auto"
"""The language choice that clears the server's language: each member's own Discord language counts."""


def reminder_seconds(text: str) -> int | None:
    """A server's default reminder delay; "default" goes back to the bot's (None)."""
    if text.strip().lower() == "default":
        return None
    seconds = parse_duration(text)
    if seconds is None:
        raise IllegalAction(_("Every wait gets a reminder: give a delay like `12h`, or `default` for the bot's own."))
    return seconds


def changed(
    current: ServerSettings,
    *,
    reset: bool,
    moderator_role: discord.Role | None,
    reminder_turn: str | None,
    reminder_simultaneous: str | None,
    dm_reminders: bool | None,
    language: str | None,
    open_threads: bool | None,
    rate_computer_games: bool | None = None,
) -> ServerSettings:
    """The settings after this command: every option checked before anything is stored (a typo changes nothing)."""
    new = ServerSettings() if reset else current
    if moderator_role is not None:
        if moderator_role.is_default():
            raise IllegalAction(_("@everyone can't be the moderator role: choose a role only moderators hold."))
        new = replace(new, moderator_role=moderator_role.id)
    if reminder_turn is not None:
        new = replace(new, reminder_turn_s=reminder_seconds(reminder_turn))
    if reminder_simultaneous is not None:
        new = replace(new, reminder_simultaneous_s=reminder_seconds(reminder_simultaneous))
    if dm_reminders is not None:
        new = replace(new, dm_reminders=dm_reminders)
    if language is not None:
        new = replace(new, language=None if language == AUTOMATIC else language)
    if open_threads is not None:
        new = replace(new, open_threads=open_threads)
    if rate_computer_games is not None:
        new = replace(new, rate_computer_games=rate_computer_games)
    return new


def settings_text(guild: discord.Guild, book: ServerBook, default_role: str) -> str:
    """Each effective setting, marked as this server's own or the bot's default (in the reader's language)."""
    own = book.get(guild.id)

    def source(value: object) -> str:
        return _("**this server**") if value is not None else pgettext("setting source", "default")

    role = guild.get_role(own.moderator_role) if own.moderator_role is not None else None
    if own.moderator_role is None:
        role_text = _("the role named “{role}”").format(role=default_role)
    else:
        role_text = role.mention if role is not None else _("a role that no longer exists")
    timers = book.timers(guild.id)
    language = LANGUAGES.get(own.language or "") or _("automatic (each member's Discord language)")
    dms = pgettext("reminder DMs", "allowed") if own.dm_reminders else pgettext("reminder DMs", "off")
    threads = pgettext("threads", "yes") if book.open_threads(guild.id) else pgettext("threads", "no")
    lines = [
        _("**Tetsudō settings for {server}**").format(server=guild.name),
        _("Moderator role: {role}, and anyone with Manage Server ({source})").format(
            role=role_text, source=source(own.moderator_role)
        ),
        _("Reminder on a turn: {delay} ({source})").format(
            delay=duration_words(timers.turn_s), source=source(own.reminder_turn_s)
        ),
        _("Reminder on a step everyone answers: {delay} ({source})").format(
            delay=duration_words(timers.simultaneous_s), source=source(own.reminder_simultaneous_s)
        ),
        _("Reminder DMs to members who asked for them: {dms} ({source})").format(
            dms=dms, source=source(None if own.dm_reminders else False)
        ),
        _("Language: {language} ({source})").format(language=language, source=source(own.language)),
        _("`/game new` opens a thread: {threads} ({source})").format(threads=threads, source=source(own.open_threads)),
        _("Games with computer players count for ratings: {rated} ({source})").format(
            rated=pgettext("rated", "yes") if own.rate_computer_games else pgettext("rated", "no"),
            source=source(True if own.rate_computer_games else None),
        ),
        _("A game's own `/game timers` come before these reminder delays."),
    ]
    return "\n".join(lines)
