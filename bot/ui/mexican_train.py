"""How Mexican Train looks in Discord: board and hand embeds, round results, and naming trains."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.engine import Update
from bot.games.base import Arg, IllegalAction
from bot.ui import presenters
from bot.ui.messages import COLOUR, clip
from bot.ui.presenters import BoardButton, Presenter, named

OWN_TRAIN = "mine"
"""The `where` a player means by their own train, before the cog turns it into their seat."""


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile and a train it may go on, as the player reads it (label) and types it (value)."""

    tile: str
    where: Arg
    label: str
    value: str

    def arg(self, update: Update) -> Arg:
        """The `where` argument of the play action."""
        if self.where == OWN_TRAIN:
            view = update.actor_view or {}
            return int((view.get("private") or {}).get("seat", -1))
        return self.where


def _my_seat(update: Update) -> int | None:
    private = (update.actor_view or {}).get("private")
    return None if private is None else int(private["seat"])


def _placement(update: Update, tile: str, where: Arg) -> Placement:
    if where == "start":
        return Placement(tile, where, "start mexican", "start mexican")
    if where == "mexican":
        return Placement(tile, where, "mexican", "mexican")
    if where == _my_seat(update):
        return Placement(tile, where, "mine", "mine")
    name = update.seats[int(where)].name
    return Placement(tile, where, f"@{name}'s train", f"@{name}'s train")


def placements(update: Update) -> list[Placement]:
    """Every tile the caller may play now, once per train it fits."""
    return [_placement(update, str(a.args[0]), a.args[1]) for a, _ in presenters.legal_moves(update, "play")]


def train_choice(update: Update, tile: str, typed: str, fitting: list[Placement]) -> Placement:
    """The train a player typed ("mine", "mexican", "start mexican", "@Aiko's train", "Aiko", "2")."""
    text = typed.strip().lower()
    for placement in fitting:
        if text == placement.value.lower():
            return placement
    if text in ("mine", "my train", "my", "own", "your train"):
        return Placement(tile, OWN_TRAIN, "your train", "mine")
    if text in ("mexican", "mexican train", "start", "start mexican"):
        started = (update.public.get("public") or {}).get("mexican") is not None
        return _placement(update, tile, "mexican" if started and not text.startswith("start") else "start")
    wanted = text.removeprefix("@").removesuffix(" train").removesuffix("'s").removesuffix("’s").strip()
    matches = [s for s in update.seats if s.name.lower() == wanted or str(s.seat + 1) == wanted]
    if len(matches) == 1:
        return _placement(update, tile, matches[0].seat)
    if len(matches) > 1:
        raise IllegalAction(f"More than one player is called {typed.strip()} — give their seat number instead.")
    raise IllegalAction(
        f"There's no train called “{typed.strip()[:40]}”. "
        "Choose `mine`, `mexican`, `start mexican` or a player's train."
    )


def _tiles(pairs: list[list[int]]) -> str:
    return " · ".join(f"{a}-{b}" for a, b in pairs) or "—"


def _end(train: list[list[int]], engine: int) -> int:
    return train[-1][1] if train else engine


class MexicanTrainPresenter(Presenter):
    """The board says in words what the image shows: whose turn, open trains, a waiting double."""

    board_buttons = (BoardButton("Draw", "draw"),)
    stand_ins = {"draw": "pass"}  # noqa: RUF012  (rules: with the boneyard empty, unable to play, you pass)
    commands = (
        ("/mexican play tile:<tile> [train:<where>]", "play a tile on mine, mexican, start mexican or @name's train"),
        ("/mexican draw", "draw when you can't play; you pass if it doesn't fit or the boneyard is empty"),
        ("/mexican knock · /mexican catch", "last_tile=manual: announce your last tile, or catch who didn't"),
        ("/mexican done", "fast_start=on: end your first-turn chain"),
    )

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        title = update.title + (f" — round {board['round']}/{board['rounds']}" if board["rounds"] > 1 else "")
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(self._situation(update, board)))
        rows = []
        for seat, train in enumerate(board["trains"]):
            turn = "▶ " if seat == board["turn"] else ""
            marker = " · 🚩 **open**" if train["open"] else ""
            end = _end(train["tiles"], board["engine"])
            rows.append(
                f"{turn}**{names[seat]}** — {board['hands'][seat]} in hand · train {len(train['tiles'])} long, "
                f"end **{end}**{marker}"
            )
        mexican = board["mexican"]
        if mexican is None:
            rows.append(f"🚂 **Mexican Train** — not started (needs a tile with a {board['engine']})")
        else:
            end = _end(mexican, board["engine"])
            rows.append(f"🚂 **Mexican Train** — {len(mexican)} long, end **{end}** · open to all")
        embed.add_field(name="Trains", value=clip("\n".join(rows)), inline=False)
        embed.add_field(name="Boneyard", value=f"{board['boneyard']} tiles", inline=True)
        if board["rounds"] > 1:
            totals = " · ".join(f"{names[s]} {t}" for s, t in enumerate(board["totals"]))
            embed.add_field(name="Totals (lowest wins)", value=clip(totals), inline=True)
        if update.running:
            embed.set_footer(text="My hand: your tiles and moves · Draw: when you can't play · /mexican play")
        return embed

    @staticmethod
    def _situation(update: Update, board: dict[str, Any]) -> list[str]:
        names = presenters.names_of(update)
        engine = board["engine"]
        source = f" (from {names[board['engine_from']]})" if board["engine_from"] is not None else ""
        lines = [f"Engine: **{engine}-{engine}**{source}"]
        if update.ended:
            lines.append(f"**Game over** — {update.ended}.")
            return lines
        double = board["double"]
        if double is not None:
            where = "the Mexican Train" if double["train"] == "mexican" else f"{names[double['train']]}'s train"
            value = double["value"]
            lines.append(
                f"⚠️ **Double {value}-{value} on {where} must be covered** — {names[double['waiting']]} must play a "
                f"tile with a {value} on it (or draw once, then pass). No other play until it is covered."
            )
        if board["knock"] is not None:
            lines.append(
                f"✋ {names[board['knock']]} is down to one tile and hasn't knocked — anyone else may "
                "`/mexican catch` before the next player moves."
            )
        if board["chain"] is not None:
            lines.append(f"⏩ Fast start: {names[board['chain']]} may keep playing on their own train.")
        lines.append(f"Turn: **{names[board['turn']]}**")
        return lines

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        private = view.get("private") or {}
        prompt = named(update, view["prompt"])
        embed = discord.Embed(title=f"Your tiles — {update.title}", colour=COLOUR, description=prompt)
        hand = private.get("hand", [])
        embed.add_field(name=f"Hand ({len(hand)})", value=clip(_tiles(hand)), inline=False)
        if private.get("new_tiles"):
            embed.add_field(name="Just drawn", value=clip(_tiles(private["new_tiles"])), inline=False)
        moves = [named(update, str(m["label"])) for m in view.get("legal", [])]
        if moves:
            embed.add_field(name="You can", value=clip("\n".join(moves)), inline=False)
        else:
            embed.set_footer(text="Nothing to do right now — you'll be pinged when it's your move.")
        return embed

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        board = update.public["public"]
        embeds = []
        if board.get("ended_round") is not None and board["rounds_played"]:
            embeds.append(self._round_embed(update, board, board["rounds_played"][-1]))
        return embeds + super().result_embeds(update)

    @staticmethod
    def _round_embed(update: Update, board: dict[str, Any], result: dict[str, Any]) -> discord.Embed:
        names = presenters.names_of(update)
        heading = f"Round {result['round']}/{board['rounds']}" if board["rounds"] > 1 else "Round"
        went_out = result["went_out"]
        how = f"{names[went_out]} went out." if went_out is not None else "Blocked: nobody could play."
        embed = discord.Embed(title=f"{update.title} — {heading} over", colour=COLOUR, description=how)
        for seat, hand in enumerate(result["hands"]):
            total = f" · total {board['totals'][seat]}" if board["rounds"] > 1 else ""
            embed.add_field(
                name=f"{names[seat]}: {result['scores'][seat]} points{total}"[:256],
                value=clip(_tiles(hand) if hand else "out!"),
                inline=False,
            )
        embed.set_footer(text="Blanks count 25 (0-0 counts 50). Lowest score wins.")
        return embed

    def move_reply(self, update: Update) -> str:
        private = (update.actor_view or {}).get("private") or {}
        board = update.public["public"]
        parts = []
        if private.get("new_tiles"):
            parts.append(f"You drew {_tiles(private['new_tiles'])}.")
        if private.get("drawn"):
            parts.append("It fits, so you must play it now — choose below or use `/mexican play`.")
        else:
            parts += [named(update, e) for e in board.get("events", [])]
        return " ".join(parts) or "Done — your move is in."


presenters.register("mexican_train", MexicanTrainPresenter())
