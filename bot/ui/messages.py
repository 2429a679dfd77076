"""Message building: lobby, board, hand, results and help embeds from engine views (never state)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import discord

from bot.engine import Lobby, SeatInfo, Update
from bot.games.base import Game, name_seats, option_text, seat_count_words

COLOUR = discord.Colour.from_rgb(196, 30, 58)
FIELD_LIMIT = 1024
MAX_FIELDS = 20
SELECT_LIMIT = 25


def _compact(value: Any) -> str:
    """A view value as short text for an embed field."""
    if value is None:
        text = "—"
    elif isinstance(value, str):
        text = value
    elif isinstance(value, list) and all(not isinstance(v, list | dict) for v in value):
        text = ", ".join(str(v) for v in value) or "—"
    else:
        text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= FIELD_LIMIT else text[: FIELD_LIMIT - 1] + "…"


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _add_fields(embed: discord.Embed, data: Any) -> None:
    if not isinstance(data, dict):
        return
    for key, value in list(data.items())[:MAX_FIELDS]:
        embed.add_field(name=_label(key), value=_compact(value), inline=True)


def names(seats: Sequence[SeatInfo], user_ids: Sequence[int]) -> str:
    """Display names (never mentions) of the given users, in seat order."""
    wanted = set(user_ids)
    return ", ".join(s.name for s in seats if s.user_id in wanted)


def lobby_embed(lobby: Lobby) -> discord.Embed:
    """The lobby: who joined, the options, and what is needed to start."""
    embed = discord.Embed(title=f"{lobby.title} — lobby", colour=COLOUR)
    players = "\n".join(
        f"{n}. {p.name}{' (host)' if p.user_id == lobby.host_id else ''}" for n, p in enumerate(lobby.players, 1)
    )
    embed.add_field(name=f"Players ({len(lobby.players)}/{lobby.max_seats})", value=players or "—", inline=False)
    options = " ".join(f"`{pair}`" for pair in option_text(lobby.options)) or "none"
    embed.add_field(name="Options", value=options, inline=False)
    need = f"{lobby.min_seats}–{lobby.max_seats}" if lobby.min_seats != lobby.max_seats else str(lobby.min_seats)
    ready = "Ready: the host can press **Start**." if lobby.can_start else f"Needs {need} players to start."
    embed.set_footer(text=f"Press Join to play. {ready}")
    return embed


def board_embed(update: Update) -> discord.Embed:
    """The public board: whose move it is, the players and the public part of the game."""
    view = update.public
    embed = discord.Embed(title=update.title, colour=COLOUR)
    if update.ended:
        embed.description = f"**Game over** — {update.ended}."
    else:
        waiting = names(update.seats, update.to_ping)
        prompt = name_seats(str(view.get("prompt", "")), [s.name for s in update.seats])
        embed.description = f"{prompt}\nWaiting for: **{waiting or 'nobody'}**"
    players = "\n".join(f"{s.seat + 1}. {s.name}{' (resigned)' if s.resigned else ''}" for s in update.seats)
    embed.add_field(name="Players", value=players, inline=False)
    _add_fields(embed, view.get("public"))
    if update.running:
        embed.set_footer(text="Press My hand to see your cards and play.")
    return embed


def hand_embed(title: str, view: dict[str, Any]) -> discord.Embed:
    """A seat's private view: only ever sent ephemerally or by DM to that seat's owner."""
    embed = discord.Embed(title=f"Your hand — {title}", colour=COLOUR, description=view.get("prompt", ""))
    _add_fields(embed, view.get("private"))
    if not view.get("legal"):
        embed.set_footer(text="Nothing to do right now — you'll be pinged when it's your move.")
    return embed


def results_embed(update: Update) -> discord.Embed:
    """Final scores and ranks, best first."""
    embed = discord.Embed(title=f"{update.title} — results", colour=COLOUR, description=update.ended or "")
    if update.outcome is not None:
        order = sorted(update.seats, key=lambda s: (update.outcome.ranks[s.seat], s.seat))  # type: ignore[union-attr]
        embed.add_field(
            name="Ranking",
            value="\n".join(
                f"**{update.outcome.ranks[s.seat]}.** {s.name} — {update.outcome.scores[s.seat]}"  # type: ignore[union-attr]
                for s in order
            ),
            inline=False,
        )
    return embed


def game_help(game: Game, commands: Sequence[tuple[str, str]] = ()) -> discord.Embed:
    """One game's help: players, options and the game's own commands."""
    embed = discord.Embed(title=game.title, colour=COLOUR)
    embed.add_field(name="Players", value=seat_count_words(game), inline=True)
    options = "\n".join(f"`{o.name}` (default `{o.default}`): {o.help}" for o in game.options) or "none"
    embed.add_field(name="Options", value=options, inline=False)
    if commands:
        embed.add_field(name="Commands", value="\n".join(f"`{u}` — {w}" for u, w in commands), inline=False)
    embed.set_footer(text=f"Open a lobby: /game new game:{game.name}")
    return embed


COMMANDS_HELP = (
    ("/game new game:<game> [options]", "open a lobby (in its own thread when possible)"),
    ("/game join · /game leave · /game start", "the lobby buttons, as commands"),
    ("/game status", "show the board here"),
    ("/game hand", "your private view and moves (only you see it)"),
    ("/game undo", "take back your last move, when nothing was revealed since"),
    ("/game resign", "leave a running game (your seat plays on by default)"),
    ("/game abandon", "end the game without results (host or moderator)"),
    ("/game log", "the recent moves"),
    ("/game list", "this server's games and whose move it is"),
    ("/game help [game]", "this help, or one game's"),
    ("/game timers [reminder] [timeout] [on_timeout]", "the game's reminder and timeout (host or moderator)"),
    ("/game turns", "every game where it's your move, with links"),
    ("/tetsudo notify dms:<true|false>", "turn reminders by DM too"),
    ("/tetsudo forget-me confirm:True", "delete your stats and ratings"),
    ("/stats [user] [game] · /leaderboard game:<game>", "records and this server's ratings"),
)

MODERATOR_HELP = (
    ("/game kick · /game replace · /game skip", "remove a player, hand a seat over, apply the timeout now"),
    ("/tournament create · start · advance · report · end", "run a Swiss or round-robin tournament here"),
    ("/tournament join · leave · drop · standings · export", "for everyone: enter, withdraw, see and download"),
)


def general_help(games: Sequence[Game]) -> discord.Embed:
    """The command list and the games on offer."""
    embed = discord.Embed(title="Tetsudō — help", colour=COLOUR)
    embed.description = "\n".join(f"`{usage}` — {what}" for usage, what in COMMANDS_HELP)
    moderators = "\n".join(f"`{usage}` — {what}" for usage, what in MODERATOR_HELP)
    embed.add_field(name="Moderators and tournaments", value=moderators, inline=False)
    listed = "\n".join(f"`{g.name}` — {g.title} ({seat_count_words(g)} players)" for g in games)
    embed.add_field(name="Games", value=listed or "No games are installed yet.", inline=False)
    return embed


def clip(text: str, limit: int = FIELD_LIMIT) -> str:
    """Text cut to fit an embed field (or another limit), with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel, or to one message in it."""
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}{tail}"
