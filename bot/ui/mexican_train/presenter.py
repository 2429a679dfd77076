"""How Mexican Train looks in Discord: board and hand embeds, round results, and naming trains."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.engine import Update
from bot.games.base import Arg, IllegalAction, name_seats
from bot.games.mexican_train import retold
from bot.i18n import _, ngettext, pgettext
from bot.ui import presenters
from bot.ui.messages import COLOUR, clip
from bot.ui.presenters import BoardButton, Presenter, named, picture_names
from rendering.canvas import seat_name
from rendering.mexican_train.pictures import playable_tiles, tile_name

OWN_TRAIN = "mine"
"""The `where` a player means by their own train, before the cog turns it into their seat."""


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile and a train it may go on, as the player reads it (label, in the language in use) and types it (value)."""

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
        return Placement(tile, where, pgettext("mexican train", "start mexican"), "start mexican")
    if where == "mexican":
        return Placement(tile, where, pgettext("mexican train", "mexican"), "mexican")
    if where == _my_seat(update):
        return Placement(tile, where, pgettext("mexican train", "mine"), "mine")
    name = update.seats[int(where)].name
    return Placement(tile, where, _("@{name}'s train").format(name=name), f"@{name}'s train")


def placements(update: Update) -> list[Placement]:
    """Every tile the caller may play now, once per train it fits."""
    moves = presenters.legal_moves(update, "play")
    # A knocking play is the same placement said aloud: the cog adds the knock when asked (`knock:True`).
    return [_placement(update, str(a.args[0]), a.args[1]) for a, _ in moves if len(a.args) == 2]


def train_choice(update: Update, tile: str, typed: str, fitting: list[Placement]) -> Placement:
    """The train a player typed ("mine", "mexican", "start mexican", "@Aiko's train", "Aiko", "2")."""
    text = typed.strip().lower()
    for placement in fitting:
        if text in (placement.value.lower(), placement.label.lower()):
            return placement
    if text in ("mine", "my train", "my", "own", "your train", pgettext("mexican train", "mine").lower()):
        return Placement(tile, OWN_TRAIN, _("your train"), "mine")
    if text == pgettext("mexican train", "start mexican").lower():
        text = "start mexican"
    if text in ("mexican", "mexican train", "start", "start mexican", pgettext("mexican train", "mexican").lower()):
        started = (update.public.get("public") or {}).get("mexican") is not None
        return _placement(update, tile, "mexican" if started and not text.startswith("start") else "start")
    wanted = text.removeprefix("@").removesuffix(" train").removesuffix("'s").removesuffix("’s").strip()
    matches = [s for s in update.seats if s.name.lower() == wanted or str(s.seat + 1) == wanted]
    if len(matches) == 1:
        return _placement(update, tile, matches[0].seat)
    if len(matches) > 1:
        raise IllegalAction(
            _("More than one player is called {name} — give their seat number instead.").format(name=typed.strip())
        )
    raise IllegalAction(
        _("There's no train called “{typed}”. Choose `mine`, `mexican`, `start mexican` or a player's train.").format(
            typed=typed.strip()[:40]
        )
    )


def _tiles(pairs: list[list[int]]) -> str:
    return " · ".join(f"{a}-{b}" for a, b in pairs) or "—"


def _end(train: list[list[int]], engine: int) -> int:
    return train[-1][1] if train else engine


def picture_heading(update: Update, board: dict[str, Any]) -> str:
    """The game and, in rounds mode, the round: "Mexican Train, round 3 of 13"."""
    if board["mode"] != "rounds":
        return update.title
    return _("{title}, round {round} of {rounds}").format(
        title=update.title, round=board["round"], rounds=board["rounds"]
    )


def waiting_double(board: dict[str, Any], names: list[str]) -> str:
    """The double that must be covered before any other play, in words, or "" when none waits."""
    double = board["double"]
    if double is None:
        return ""
    if double["train"] == "mexican":
        where = _("the Mexican Train")
    else:
        where = _("{player}'s train").format(player=seat_name(names, int(double["train"])))
    return _("A {value}-{value} double waits on {where}: {player} must cover it.").format(
        value=double["value"], where=where, player=seat_name(names, int(double["waiting"]))
    )


def open_trains(board: dict[str, Any], names: list[str]) -> str:
    """Which trains anyone may play on: the marked personal trains and the Mexican Train once started."""
    trains = [
        _("{player}'s train").format(player=seat_name(names, seat))
        for seat, train in enumerate(board["trains"])
        if train["open"]
    ]
    if board["mexican"] is not None:
        trains.append(_("the Mexican Train"))
    if not trains:
        return _("No train is open to all yet.")
    return _("Open to all: {trains}.").format(trains=", ".join(trains))


def train_rows(board: dict[str, Any], names: list[str]) -> list[str]:
    """Each player's standing and train, then the Mexican Train: "Aiko: 4 tiles in hand, 12 points, train ends 7"."""
    rows = []
    for seat, train in enumerate(board["trains"]):
        row = ngettext("{player}: {n} tile in hand", "{player}: {n} tiles in hand", board["hands"][seat]).format(
            player=seat_name(names, seat), n=board["hands"][seat]
        )
        if board["mode"] == "rounds":
            row += ", " + ngettext("{n} point", "{n} points", board["totals"][seat]).format(n=board["totals"][seat])
        row += ", " + _("train ends {end}").format(end=_end(train["tiles"], board["engine"]))
        rows.append(row)
    if board["mexican"] is None:
        rows.append(_("Mexican Train: not started"))
    else:
        rows.append(_("Mexican Train: ends {end}").format(end=_end(board["mexican"], board["engine"])))
    return rows


def board_picture_words(update: Update, board: dict[str, Any]) -> str:
    """The board's picture in words: round, who plays, a waiting double, open trains, standings and boneyard."""
    names = picture_names(update)
    parts = [picture_heading(update, board) + "."]
    if board["turn"] is None:
        parts.append(pgettext("mexican train", "The game is over."))
    else:
        parts.append(_("{player} to play.").format(player=seat_name(names, board["turn"])))
    parts += [waiting_double(board, names), open_trains(board, names)]
    parts.append("; ".join(train_rows(board, names)) + ".")
    parts.append(_("Boneyard: {count}").format(count=board["boneyard"]) + ".")
    if board["mode"] == "rounds":
        parts.append(_("Lowest total wins."))
    return " ".join(part for part in parts if part)


def hand_picture_words(update: Update, view: dict[str, Any]) -> str:
    """A seat's hand picture in words: what they wait for, their tiles, which fit now, the one they must play."""
    board, private = view["public"], view["private"]
    hand = private["hand"]
    parts = [picture_heading(update, board) + ".", name_seats(str(view["prompt"]), picture_names(update))]
    tiles = ", ".join(tile_name(pair) for pair in hand) or _("none")
    parts.append(
        ngettext("Your hand, {n} tile: {tiles}.", "Your hand, {n} tiles: {tiles}.", len(hand)).format(
            n=len(hand), tiles=tiles
        )
    )
    playable = [tile_name(pair) for pair in hand if tile_name(pair) in playable_tiles(view["legal"])]
    if playable:
        parts.append(_("Playable now: {tiles}.").format(tiles=", ".join(playable)))
    elif board["turn"] == private["seat"]:
        parts.append(_("None of your tiles fits now."))
    if private["new_tiles"]:
        new = ", ".join(tile_name(pair) for pair in private["new_tiles"])
        parts.append(_("Just drawn: {tiles}.").format(tiles=new))
    return " ".join(parts)


class MexicanTrainPresenter(Presenter):
    """The board says in words what the image shows: whose turn, open trains, a waiting double."""

    stand_ins = {"draw": "pass"}  # noqa: RUF012  (rules: with the boneyard empty, unable to play, you pass)

    @property
    def board_buttons(self) -> tuple[BoardButton, ...]:  # type: ignore[override]
        """Draw, labelled in the language in use."""
        return (BoardButton(pgettext("mexican train", "Draw"), "draw"),)

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """The commands are typed as they are; what they do is said in the language in use."""
        return (
            (
                "/mexican play tile:<tile> [train:<where>]",
                _("play a tile on mine, mexican, start mexican or @name's train"),
            ),
            ("/mexican draw", _("draw when you can't play; you pass if it doesn't fit or the boneyard is empty")),
            (
                "/mexican play … knock:True · /mexican catch",
                _("last_tile=manual: knock as you play your second-to-last tile, or catch who didn't"),
            ),
            ("/mexican done", _("fast_start=on: end your first-turn chain")),
        )

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        title = update.title
        if board["rounds"] > 1:
            title += " — " + _("round {round}/{rounds}").format(round=board["round"], rounds=board["rounds"])
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(self._situation(update, board)))
        rows = []
        for seat, train in enumerate(board["trains"]):
            turn = "▶ " if seat == board["turn"] else ""
            marker = " · 🚩 **" + _("open") + "**" if train["open"] else ""
            end = _end(train["tiles"], board["engine"])
            row = _("{hand} in hand · train {length} long, end **{end}**").format(
                hand=board["hands"][seat], length=len(train["tiles"]), end=end
            )
            rows.append(f"{turn}**{names[seat]}** — {row}{marker}")
        mexican = board["mexican"]
        if mexican is None:
            rows.append(
                _("🚂 **Mexican Train** — not started (needs a tile with a {engine})").format(engine=board["engine"])
            )
        else:
            end = _end(mexican, board["engine"])
            rows.append(
                _("🚂 **Mexican Train** — {length} long, end **{end}** · open to all").format(
                    length=len(mexican), end=end
                )
            )
        embed.add_field(name=_("Trains"), value=clip("\n".join(rows)), inline=False)
        embed.add_field(name=_("Boneyard"), value=_("{count} tiles").format(count=board["boneyard"]), inline=True)
        if board["rounds"] > 1:
            totals = " · ".join(f"{names[s]} {t}" for s, t in enumerate(board["totals"]))
            embed.add_field(name=_("Totals (lowest wins)"), value=clip(totals), inline=True)
        if update.running:
            embed.set_footer(text=_("My hand: your tiles and moves · Draw: when you can't play · /mexican play"))
        return embed

    @staticmethod
    def _situation(update: Update, board: dict[str, Any]) -> list[str]:
        names = presenters.names_of(update)
        engine = board["engine"]
        if board["engine_from"] is not None:
            lines = [
                _("Engine: **{engine}-{engine}** (from {player})").format(
                    engine=engine, player=names[board["engine_from"]]
                )
            ]
        else:
            lines = [_("Engine: **{engine}-{engine}**").format(engine=engine)]
        if update.ended:
            lines.append(pgettext("mexican train", "**Game over** — {why}.").format(why=update.ended))
            return lines
        double = board["double"]
        if double is not None:
            if double["train"] == "mexican":
                where = _("the Mexican Train")
            else:
                where = _("{player}'s train").format(player=names[double["train"]])
            lines.append(
                _(
                    "⚠️ **Double {value}-{value} on {where} must be covered** — {player} must play a tile with a "
                    "{value} on it (or draw once, then pass). No other play until it is covered."
                ).format(value=double["value"], where=where, player=names[double["waiting"]])
            )
        if board["knock"] is not None:
            lines.append(
                _(
                    "✋ {player} is down to one tile and hasn't knocked — anyone else may `/mexican catch` before the "
                    "next player moves."
                ).format(player=names[board["knock"]])
            )
        if board["chain"] is not None:
            lines.append(
                _("⏩ Fast start: {player} may keep playing on their own train.").format(player=names[board["chain"]])
            )
        lines.append(_("Turn: **{player}**").format(player=names[board["turn"]]))
        return lines

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        private = view.get("private") or {}
        prompt = named(update, view["prompt"])
        embed = discord.Embed(
            title=_("Your tiles — {title}").format(title=update.title), colour=COLOUR, description=prompt
        )
        hand = private.get("hand", [])
        embed.add_field(name=_("Hand ({count})").format(count=len(hand)), value=clip(_tiles(hand)), inline=False)
        if private.get("new_tiles"):
            embed.add_field(
                name=pgettext("mexican train", "Just drawn"), value=clip(_tiles(private["new_tiles"])), inline=False
            )
        elif private.get("blocking_draw"):
            embed.add_field(
                name=_("Your last draw, which blocked the round"),
                value=_tiles([private["blocking_draw"]]),
                inline=False,
            )
        moves = [named(update, str(m["label"])) for m in view.get("legal", [])]
        if moves:
            embed.add_field(name=_("You can"), value=clip("\n".join(moves)), inline=False)
        else:
            embed.set_footer(text=_("Nothing to do right now — you'll be pinged when it's your move."))
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
        if board["rounds"] > 1:
            heading = _("Round {round}/{rounds} over").format(round=result["round"], rounds=board["rounds"])
        else:
            heading = _("Round over")
        went_out = result["went_out"]
        if went_out is not None:
            how = _("{player} went out.").format(player=names[went_out])
        else:
            how = _("Blocked: nobody could play.")
        embed = discord.Embed(title=f"{update.title} — {heading}", colour=COLOUR, description=how)
        for seat, hand in enumerate(result["hands"]):
            score = _("{player}: {points} points").format(player=names[seat], points=result["scores"][seat])
            if board["rounds"] > 1:
                score += " · " + _("total {total}").format(total=board["totals"][seat])
            embed.add_field(name=score[:256], value=clip(_tiles(hand) if hand else _("out!")), inline=False)
        embed.set_footer(text=_("Blanks count 25 (0-0 counts 50). Lowest score wins."))
        return embed

    def describe_picture(self, update: Update, view: dict[str, Any]) -> str:
        """The board picture from the public view only; a seat's hand picture with that seat's tiles."""
        if view is update.public or view.get("private") is None:
            return board_picture_words(update, view["public"])
        return hand_picture_words(update, view)

    def reply_with_view(self, update: Update) -> bool:
        """Also when the move ended a round and dealt the next: the mover's new hand comes with the reply."""
        board = update.public["public"]
        return super().reply_with_view(update) or (board["ended_round"] is not None and not board["finished"])

    def move_reply(self, update: Update) -> str:
        private = (update.actor_view or {}).get("private") or {}
        board = update.public["public"]
        parts = []
        drawn = private.get("new_tiles") or ([private["blocking_draw"]] if private.get("blocking_draw") else [])
        if drawn:
            parts.append(_("You drew {tiles}.").format(tiles=_tiles(drawn)))
        if private.get("drawn"):
            parts.append(_("It fits, so you must play it now — choose below or use `/mexican play`."))
        else:
            parts += [named(update, retold(e)) for e in board.get("events", [])]  # the view keeps them in English
        return " ".join(parts) or pgettext("mexican train", "Done — your move is in.")


presenters.register("mexican_train", MexicanTrainPresenter())
