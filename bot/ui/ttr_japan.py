"""How Ticket to Ride: Japan looks in Discord: the board with its market buttons, hands, ticket choices and results."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Update
from bot.games.base import Action
from bot.ui import presenters
from bot.ui.messages import COLOUR, FIELD_LIMIT, SELECT_LIMIT
from bot.ui.presenters import BoardButton, MultiChoice, Presenter, named

CARD_MARKS = {
    "pink": "🌸",
    "white": "⬜",
    "blue": "🟦",
    "yellow": "🟨",
    "orange": "🟧",
    "black": "⬛",
    "red": "🟥",
    "green": "🟩",
    "locomotive": "🚂",
}
"""A mark beside every colour name (the name is always written too: colour is never the only cue)."""


def card_words(card: str) -> str:
    """A card as the board writes it: "🟥 red"."""
    return f"{CARD_MARKS.get(card, '')} {card}".strip()


def hand_words(hand: dict[str, int]) -> str:
    """A hand by colour: "🟥 red 3 · 🚂 locomotive 1"."""
    return " · ".join(f"{card_words(c)} {n}" for c, n in hand.items() if n) or "no cards"


def ticket_words(ticket: dict[str, Any]) -> str:
    """A ticket with its state: "✅ Osaka – Tokyo (5)"."""
    mark = "" if "done" not in ticket else ("✅ " if ticket["done"] else "⬜ ")
    return f"{mark}{ticket['from']} – {ticket['to']} ({ticket['points']})"


def _clip(text: str) -> str:
    return text if len(text) <= FIELD_LIMIT else text[: FIELD_LIMIT - 1] + "…"


def _breakdown(result: dict[str, Any]) -> str:
    """A player's final score: route points, the bonus, and every ticket revealed with ✅ or ❌."""
    tickets = "\n".join(
        f"{'✅' if t['done'] else '❌'} {t['from']} – {t['to']} {'+' if t['done'] else '−'}{t['points']}"
        for t in result["tickets"]
    )
    bonus = f"{result['bonus']:+d}".replace("-", "−")
    return f"Routes {result['routes']} · Bullet Train bonus {bonus}\n{tickets or 'no tickets'}"


class JapanPresenter(Presenter):
    """The board says in words what the map shows: market, counts, whose turn, the final round."""

    commands = (
        ("/ttr draw card:<1–5 | deck>", "take a face-up card or the top of the deck (twice a turn)"),
        ("/ttr claim route:<route> [colour:<colour>] [locomotives:<n>]", "claim a route you can pay for"),
        ("/ttr tickets", "draw 3 destination tickets and keep at least 1"),
    )

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        board = update.public["public"]
        if board["phase"] != "turns":
            return ()
        second = board["second_card"]
        found = [
            BoardButton(f"{slot} · {card}", "draw", slot, CARD_MARKS.get(card))
            for slot, card in enumerate(board["market"], start=1)
            if not (second and card == "locomotive")
        ]
        if board["deck"] or board["discard"]:
            found.append(BoardButton("Deck", "draw", "deck", "🂠"))
        if not second and board["tickets_left"]:
            found.append(BoardButton("Tickets", "tickets", None, "🎫"))
        return tuple(found)

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        embed = discord.Embed(title=update.title, colour=COLOUR, description="\n".join(self._situation(update)))
        market = " · ".join(f"**{n}** {card_words(c)}" for n, c in enumerate(board["market"], start=1)) or "empty"
        embed.add_field(name="Face-up cards", value=market, inline=False)
        counts = (
            f"Deck {board['deck']} · discards {board['discard']} · tickets {board['tickets_left']} · "
            f"🚄 Bullet Trains {board['supply']}/16"
        )
        embed.add_field(name="Supplies", value=counts, inline=False)
        rows = []
        for seat, player in enumerate(board["players"]):
            turn = "▶ " if seat == board["turn"] else ""
            choosing = " · choosing tickets" if player["choosing"] else ""
            rows.append(
                f"{turn}**{names[seat]}** — {player['trains']} trains · {player['cards']} cards · "
                f"{player['tickets']} tickets · {player['points']} pts · 🚄 {player['track']}{choosing}"
            )
        embed.add_field(name="Players", value=_clip("\n".join(rows)), inline=False)
        if update.running:
            embed.set_footer(text="My hand: your cards and tickets · buttons: take a card · /ttr claim · /ttr tickets")
        return embed

    @staticmethod
    def _situation(update: Update) -> list[str]:
        board = update.public["public"]
        names = presenters.names_of(update)
        if update.ended:
            return [f"**Game over** — {update.ended}."]
        if board["phase"] == "start":
            return ["Everyone: press **My hand** to choose your first tickets (keep at least 2 of 4)."]
        lines = []
        if board["final_turns"] is not None:
            lines.append(f"🏁 **Final round** — {board['final_turns']} turn(s) left.")
        turn = names[board["turn"]]
        if board["second_card"]:
            lines.append(f"Turn: **{turn}** — taking a second card (not a face-up locomotive).")
        else:
            lines.append(f"Turn: **{turn}** — draw two cards, claim a route, or draw tickets.")
        return lines

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        private = view.get("private") or {}
        embed = discord.Embed(
            title=f"Your hand — {update.title}", colour=COLOUR, description=named(update, view["prompt"])
        )
        embed.add_field(name="Cards", value=_clip(hand_words(private.get("hand", {}))), inline=False)
        if private.get("new_cards"):
            embed.add_field(
                name="Just drawn", value=", ".join(card_words(c) for c in private["new_cards"]), inline=False
            )
        tickets = private.get("tickets", [])
        done = sum(1 for t in tickets if t.get("done"))
        listing = "\n".join(ticket_words(t) for t in tickets) or "none yet"
        embed.add_field(name=f"Tickets ({done}/{len(tickets)} done)", value=_clip(listing), inline=False)
        if private.get("offer"):
            offer = "\n".join(ticket_words(t) for t in private["offer"])
            least = private.get("keep_at_least", 1)
            embed.add_field(name=f"Choose — keep at least {least}", value=_clip(offer), inline=False)
        return embed

    def menu_moves(self, update: Update, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Draws and tickets, then one way to pay for each route (fewest locomotives), best routes first."""
        moves = super().menu_moves(update, view)
        others = [m for m in moves if not str(m["token"]).startswith('["claim"')]
        cheapest: dict[int, tuple[int, dict[str, Any]]] = {}
        for move in moves:
            action = Action.from_token(str(move["token"]))
            if action.verb == "claim":
                route, locomotives = int(action.args[0]), int(action.args[2])
                if route not in cheapest or locomotives < cheapest[route][0]:
                    cheapest[route] = (locomotives, move)
        claims = [move for _, move in cheapest.values()]
        return (others + claims)[:SELECT_LIMIT]

    def multi_choice(self, update: Update, view: dict[str, Any]) -> MultiChoice | None:
        private = view.get("private") or {}
        offer = private.get("offer") or []
        if not offer:
            return None
        least = int(private.get("keep_at_least", 1))
        options = tuple((ticket_words(t), str(t["id"])) for t in offer)
        return MultiChoice("keep", f"Keep at least {least} of these tickets…", options, least)

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        return presenters.ranked_results(update, _breakdown, "Ties: most completed tickets first.")

    def move_reply(self, update: Update) -> str:
        private = (update.actor_view or {}).get("private") or {}
        board = update.public["public"]
        parts = []
        if private.get("new_cards"):
            parts.append("You drew " + ", ".join(card_words(c) for c in private["new_cards"]) + ".")
        if private.get("offer"):
            parts.append("Choose the tickets to keep below.")
        elif board.get("second_card") and board.get("turn") == private.get("seat"):
            parts.append("Take your second card.")
        else:
            parts += [named(update, e) for e in board.get("events", []) if not e.startswith(("from the", "a face-up"))]
        return " ".join(parts) or "Done — your move is in."


presenters.register("ttr_japan", JapanPresenter())
