"""The rules of issue 32 item 1 as a channel shows them: one live board, the newest, lines in the order saved."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.engine import Update
from bot.ui import delivery
from bot.ui.presenters import presenter_for
from tests.discord_layer.table import Table


def live_messages(table: Table) -> list[discord.Message]:
    """The channel's messages that carry any control (a button or a menu)."""
    return [m for m in table.game_channel.history() if any(getattr(r, "children", []) for r in m.components)]


def embed_key(embed: dict[str, Any]) -> tuple[Any, ...]:
    """What tells one step's board from another's: the description and the fields."""
    return (embed.get("description"), tuple((f.get("name"), f.get("value")) for f in embed.get("fields", [])))


def board_key(update: Update) -> tuple[Any, ...]:
    return embed_key(presenter_for(update.game).board_embed(update).to_dict())  # type: ignore[arg-type]


def board_shows(message: discord.Message, update: Update) -> bool:
    """Whether a board message shows this version's board (its text part changes with every step)."""
    return bool(message.embeds) and embed_key(message.embeds[0].to_dict()) == board_key(update)  # type: ignore[arg-type]


def in_order(said: list[str], saved: list[str]) -> bool:
    """Whether the lines said are the lines saved, in the same order (a line Discord refused may be missing)."""
    remaining = iter(saved)
    return all(any(line == other for other in remaining) for line in said)


def said_lines(table: Table, since: int) -> list[str]:
    """The channel's public lines after message `since` (pings left out), in the order they appear."""
    lines = []
    for message in table.game_channel.history():
        if message.id <= since or message.embeds or not message.content:
            continue
        lines += [line for line in message.content.split("\n") if "— your move." not in line]
    return lines


def versions_shown(table: Table, since: int, boards: dict[tuple[Any, ...], list[int]]) -> list[int]:
    """The version of every board posted or edited after request `since`, in the order Discord got them: for a
    board several versions share, the earliest one not before the last (so only a real step back shows)."""
    shown: list[int] = []
    for request in table.env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else None
        if body is None or request.method not in ("PATCH", "POST") or "/messages" not in request.path:
            continue
        for embed in body.get("embeds") or []:
            versions = boards.get(embed_key(embed))
            if versions:
                later = [v for v in versions if v >= (shown[-1] if shown else 0)]
                shown.append(min(later) if later else max(versions))
    return shown


async def wait_quiet(table: Table) -> None:
    """Until the channel's writer has sent everything (and any board it retries)."""
    writer = delivery.writer(table.bot, table.game_channel.id)
    for _ in range(500):
        await asyncio.sleep(0.02)
        if not writer.busy:
            await asyncio.sleep(0.05)
            if not writer.busy:
                return
    raise AssertionError("the channel's writer never went quiet")


async def check_channel(table: Table, first_message: int, first_request: int, saved: list[Update]) -> None:
    """The rules of issue 32 item 1, as the channel shows them now."""
    live = live_messages(table)
    if await table.running():
        newest = await table.current()
        assert len(live) == 1, f"{len(live)} messages carry live controls"
        assert board_shows(live[0], newest), "the live board shows the newest version"
    else:
        assert live == [], "a finished game's board keeps no controls"
    in_saved_order = [line for update in sorted(saved, key=lambda u: u.version) for line in update.lines]
    assert in_order(said_lines(table, first_message), in_saved_order), "lines in the order they were saved"
    boards: dict[tuple[Any, ...], list[int]] = {}
    for update in saved:
        boards.setdefault(board_key(update), []).append(update.version)
    shown = versions_shown(table, first_request, boards)
    assert shown == sorted(shown), f"a board went back in time: {shown}"
