"""Message building: lobby, board, hand, results and help embeds from engine views (never state)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import discord

from bot.engine import Lobby, SeatInfo, Update
from bot.games.base import Game, counts_words, name_seats, option_text, seat_count_words
from bot.i18n import N_, _, ngettext, pgettext
from bot.ui.usage import shown_usage

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


def _field_names() -> dict[str, str]:
    """The names of the view fields the generic look shows, in the language in use (keys stay as they are)."""
    return {
        "round": pgettext("view field", "Round"),
        "rounds": pgettext("view field", "Rounds"),
        "phase": pgettext("view field", "Phase"),
        "turn": pgettext("view field", "Turn"),
        "scores": pgettext("view field", "Scores"),
        "score": pgettext("view field", "Score"),
        "played": pgettext("view field", "Played"),
        "hand": pgettext("view field", "Hand"),
        "hand_counts": pgettext("view field", "Hand counts"),
        "pool": pgettext("view field", "Pool"),
        "deck": pgettext("view field", "Deck"),
        "bid": pgettext("view field", "Bid"),
        "bid_placed": pgettext("view field", "Bid placed"),
        "last_bids": pgettext("view field", "Last bids"),
        "players": pgettext("view field", "Players"),
        "results": pgettext("view field", "Results"),
    }


def _label(key: str) -> str:
    """A view key as an embed field name: a known field in the language in use, else the key in words."""
    return _field_names().get(key) or key.replace("_", " ").capitalize()


def _add_fields(embed: discord.Embed, data: Any) -> None:
    if not isinstance(data, dict):
        return
    for key, value in list(data.items())[:MAX_FIELDS]:
        embed.add_field(name=_label(key), value=_compact(value), inline=True)


def names(seats: Sequence[SeatInfo], user_ids: Sequence[int]) -> str:
    """Display names (never mentions) of the given users, in seat order."""
    wanted = set(user_ids)
    return ", ".join(s.shown for s in seats if s.user_id in wanted)


def lobby_embed(lobby: Lobby) -> discord.Embed:
    """The lobby: who joined, the options, and what is needed to start."""
    embed = discord.Embed(title=_("{title} — lobby").format(title=lobby.title), colour=COLOUR)
    host = _(" (host)")
    players = "\n".join(
        f"{n}. {p.shown}{host if p.user_id == lobby.host_id else ''}" for n, p in enumerate(lobby.players, 1)
    )
    embed.add_field(
        name=_("Players ({count}/{most})").format(count=len(lobby.players), most=lobby.max_seats),
        value=players or "—",
        inline=False,
    )
    options = " ".join(f"`{pair}`" for pair in option_text(lobby.options)) or pgettext("options", "none")
    embed.add_field(name=_("Options"), value=options, inline=False)
    if lobby.can_start:
        ready = _("Ready: the host can press **Start**.")
    elif lobby.min_seats != lobby.max_seats:
        counts = lobby.seat_counts or range(lobby.min_seats, lobby.max_seats + 1)
        ready = _("Needs {counts} players to start.").format(counts=counts_words(counts))
    else:
        ready = ngettext("Needs {n} player to start.", "Needs {n} players to start.", lobby.min_seats).format(
            n=lobby.min_seats
        )
    embed.set_footer(text=_("Press Join to play. {ready}").format(ready=ready))
    return embed


def board_embed(update: Update) -> discord.Embed:
    """The public board: whose move it is, the players and the public part of the game."""
    view = update.public
    embed = discord.Embed(title=update.title, colour=COLOUR)
    if update.ended:
        embed.description = _("**Game over** — {why}.").format(why=update.ended)
    else:
        waiting = names(update.seats, update.to_ping)
        prompt = name_seats(str(view.get("prompt", "")), [s.shown for s in update.seats])
        embed.description = _("{prompt}\nWaiting for: **{players}**").format(
            prompt=prompt, players=waiting or pgettext("waiting for", "nobody")
        )
    resigned = _(" (resigned)")
    players = "\n".join(f"{s.seat + 1}. {s.shown}{resigned if s.resigned else ''}" for s in update.seats)
    embed.add_field(name=_("Players"), value=players, inline=False)
    _add_fields(embed, view.get("public"))
    if update.running:
        embed.set_footer(text=_("Press My hand to see your cards and play."))
    return embed


def hand_embed(title: str, view: dict[str, Any]) -> discord.Embed:
    """A seat's private view: only ever sent ephemerally or by DM to that seat's owner."""
    embed = discord.Embed(
        title=_("Your hand — {title}").format(title=title), colour=COLOUR, description=view.get("prompt", "")
    )
    _add_fields(embed, view.get("private"))
    if not view.get("legal"):
        embed.set_footer(text=_("Nothing to do right now — you'll be pinged when it's your move."))
    return embed


def results_embed(update: Update) -> discord.Embed:
    """Final scores and ranks, best first."""
    embed = discord.Embed(
        title=_("{title} — results").format(title=update.title), colour=COLOUR, description=update.ended or ""
    )
    outcome = update.outcome
    if outcome is not None:
        # The engine's final ranking (resigned seats last), the one stats and tournaments record.
        order = sorted(update.seats, key=lambda s: (outcome.ranks[s.seat], s.seat))
        embed.add_field(
            name=_("Ranking"),
            value="\n".join(f"**{outcome.ranks[s.seat]}.** {ranked_name(s)} — {outcome.scores[s.seat]}" for s in order),
            inline=False,
        )
    return embed


def ranked_name(seat: SeatInfo) -> str:
    """A player's name in a results list, marked when they resigned (which is why they rank last)."""
    return seat.shown + (_(" (resigned)") if seat.resigned else "")


def game_help(game: Game, commands: Sequence[tuple[str, str]] = ()) -> discord.Embed:
    """One game's help: players, options and the game's own commands."""
    embed = discord.Embed(title=game.title, colour=COLOUR)
    embed.add_field(name=_("Players"), value=seat_count_words(game), inline=True)
    options = "\n".join(
        _("`{name}` (default `{default}`): {help}").format(
            name=o.name, default=_default(o.name, o.default), help=_(o.help)
        )
        for o in game.options
    )
    embed.add_field(name=_("Options"), value=options or pgettext("options", "none"), inline=False)
    if commands:
        lines = (f"`{shown_usage(usage)}` — {what}" for usage, what in commands)
        embed.add_field(name=_("Commands"), value="\n".join(lines), inline=False)
    embed.set_footer(text=_("Open a lobby: /game new game:{game}").format(game=game.name))
    return embed


def _default(name: str, value: object) -> str:
    """An option's default as the host would type it (a switch's on/off in the language in use)."""
    return option_text({name: value})[0].partition("=")[2]


COMMANDS_HELP = (
    (N_("/game new game:<game> [options]"), N_("open a lobby (in its own thread when possible)")),
    (N_("/game join · /game leave · /game start"), N_("the lobby buttons, as commands")),
    (N_("/game status"), N_("show the board here")),
    (N_("/game hand"), N_("your private view and moves (only you see it)")),
    (N_("/game undo"), N_("take back your last move, when nothing was revealed since")),
    (N_("/game resign"), N_("leave a running game (your seat plays on by default)")),
    (N_("/game abandon"), N_("end the game without results (host or moderator)")),
    (N_("/game log"), N_("the recent moves")),
    (N_("/game replay [game]"), N_("step through an ended game (only you see it)")),
    (N_("/game list"), N_("this server's games and whose move it is")),
    (N_("/game help [game]"), N_("this help, or one game's")),
    (
        N_("/game timers [reminder] [timeout] [on_timeout]"),
        N_("the game's reminder and timeout (host or moderator)"),
    ),
    (N_("/game turns"), N_("every game where it's your move, with links")),
    (N_("/tetsudo notify dms:<true|false>"), N_("turn reminders by DM too")),
    (N_("/tetsudo forget-me confirm:True"), N_("delete your stats and ratings")),
    (N_("/stats [user] [game] · /leaderboard game:<game>"), N_("records and this server's ratings")),
)
"""Every player's commands for /game help: (usage, what it does), marked here and translated where shown.

A usage names the commands as Discord shows them in the reader's language, so it is translated too."""

MODERATOR_HELP = (
    (N_("/game kick · /game replace · /game skip"), N_("remove a player, hand a seat over, apply the timeout now")),
    (
        N_("/tetsudo settings"),
        N_("this server's moderator role, default reminders, reminder DMs, language and threads"),
    ),
    (N_("/tournament create · start · advance · report · end"), N_("run a Swiss or round-robin tournament here")),
    (N_("/tournament join · leave · drop · standings · export"), N_("for everyone: enter, withdraw, see and download")),
)


def general_help(games: Sequence[Game]) -> discord.Embed:
    """The command list and the games on offer."""
    embed = discord.Embed(title=_("Tetsudō — help"), colour=COLOUR)
    embed.description = "\n".join(f"`{_(usage)}` — {_(what)}" for usage, what in COMMANDS_HELP)
    moderators = "\n".join(f"`{_(usage)}` — {_(what)}" for usage, what in MODERATOR_HELP)
    embed.add_field(name=_("Moderators and tournaments"), value=moderators, inline=False)
    listed = "\n".join(
        _("`{name}` — {title} ({counts} players)").format(name=g.name, title=g.title, counts=seat_count_words(g))
        for g in games
    )
    embed.add_field(name=_("Games"), value=listed or _("No games are installed yet."), inline=False)
    return embed


def clip(text: str, limit: int = FIELD_LIMIT) -> str:
    """Text cut to fit an embed field (or another limit), with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel, or to one message in it."""
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}{tail}"
