"""A channel's news in one breath: each change's lines in the order saved, its results after them, the ping last."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import discord

from bot.engine import OwedRow, Update
from bot.i18n import ngettext
from bot.ui import outgoing, replay_views
from bot.ui.presenters import presenter_for

LIMIT = 2000
"""Discord's limit on a message's text."""


@dataclass(frozen=True)
class Results:
    """A game's results: their embeds, the last of them carrying **Replay**."""

    embeds: tuple[discord.Embed, ...]
    game_id: int


Piece = str | discord.Embed | Results


def news(rows: Iterable[OwedRow], updates: Mapping[int, Update], newest: Update) -> tuple[list[Piece], list[int]]:
    """What to send (texts and result embeds, in order) and whom it pings.

    `rows` are the changes' saved announcements; `updates` the changes in memory by version (their results; a change
    with no outbox row, such as a test's, is told from memory).
    """
    told = [(row.version, row.lines, row.pings) for row in rows]
    told += [(u.version, u.lines, u.newly_awaited) for u in updates.values() if not u.owed.public]
    told.sort(key=lambda entry: entry[0])
    pieces: list[Piece] = []
    pings: list[int] = []
    for version, lines, pinged in told:
        if lines:
            _add_text(pieces, "\n".join(lines))
        pings.extend(pinged)
        update = updates.get(version)
        results = presenter_for(update.game).result_embeds(update) if update is not None else []
        if update is not None and results:  # each change's results once, after its lines
            pieces.append(Results(tuple(results), update.game_id))
    # Ping only who is still awaited: the game may have moved on since the line was saved.
    awaited = set(newest.to_ping) if newest.running else set()
    pinged_now = [uid for uid in dict.fromkeys(pings) if uid in awaited]
    if pinged_now:
        mentions = " ".join(f"<@{uid}>" for uid in pinged_now)
        your_move = ngettext("{players} — your move.", "{players} — your move.", len(pinged_now))
        _add_text(pieces, your_move.format(players=mentions))
    return pieces, pinged_now


def _add_text(pieces: list[Piece], text: str) -> None:
    if pieces and isinstance(pieces[-1], str):
        pieces[-1] += "\n" + text
    else:
        pieces.append(text)


def chunks(text: str, limit: int = LIMIT) -> list[str]:
    """The text in messages of at most `limit` characters, cut between lines where it can be."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a line longer than a message: cut where it must be
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


async def send(channel: discord.abc.Messageable, pieces: list[Piece], pinged: list[int]) -> None:
    """Send the news; a text pings only the awaited users it names, whatever else it contains."""
    for piece in pieces:
        if isinstance(piece, discord.Embed):
            await channel.send(embed=piece, allowed_mentions=outgoing.NO_PINGS)
            continue
        if isinstance(piece, Results):
            for embed in piece.embeds[:-1]:
                await channel.send(embed=embed, allowed_mentions=outgoing.NO_PINGS)
            replay = replay_views.results_view(piece.game_id)
            await channel.send(embed=piece.embeds[-1], view=replay, allowed_mentions=outgoing.NO_PINGS)
            continue
        for text in chunks(piece):
            mentioned = [discord.Object(uid) for uid in pinged if f"<@{uid}>" in text]
            await channel.send(text, allowed_mentions=outgoing.only(mentioned))
