"""How Ticket to Ride: Japan looks in Discord: the board with its market buttons, hands, ticket choices and results."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Update
from bot.games.base import Action
from bot.games.ttr_japan import colour_name, counted, japan, retold
from bot.i18n import _, ngettext, pgettext
from bot.ui import presenters
from bot.ui.messages import COLOUR, FIELD_LIMIT, SELECT_LIMIT
from bot.ui.presenters import UNSTAMPED, BoardButton, MultiChoice, Presenter, WholePicture, named, picture_names
from rendering.canvas import seat_name
from rendering.ttr_japan.board import claim_words
from rendering.ttr_japan.whole_map import render_ttr_japan, status

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
    return f"{CARD_MARKS.get(card, '')} {colour_name(card)}".strip()


def hand_words(hand: dict[str, int]) -> str:
    """A hand by colour: "🟥 red 3 · 🚂 locomotive 1"."""
    return " · ".join(f"{card_words(c)} {n}" for c, n in hand.items() if n) or _("no cards")


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
    score = _("Routes {routes} · Bullet Train bonus {bonus}").format(routes=result["routes"], bonus=bonus)
    return f"{score}\n{tickets or _('no tickets')}"


def _points(points: int) -> str:
    return ngettext("{n} point", "{n} points", points).format(n=points)


def standings_words(public: dict[str, Any], names: list[str]) -> str:
    """Every seat's score, trains left and Bullet Train track (the final scores once the game is over)."""
    rows = []
    for seat, player in enumerate(public["players"]):
        name = seat_name(names, seat)
        if public["finished"] and seat < len(public["results"]):
            rows.append(
                _("{player}: {points} in all").format(player=name, points=_points(public["results"][seat]["total"]))
            )
            continue
        rows.append(
            _("{player}: {points}, {trains} trains left, track {track}").format(
                player=name, points=_points(player["points"]), trains=player["trains"], track=player["track"]
            )
        )
    return "; ".join(rows)


def last_claims_words(public: dict[str, Any], names: list[str]) -> str:
    """The last claims, newest first: "Last claims: Bob: Kyoto – Osaka (1), Bullet Train; …" (or none yet)."""
    routes = japan().routes
    claims = [
        claim_words(seat_name(names, int(seat)), routes[int(r)].name, routes[int(r)].length, bool(bullet))
        for r, seat, bullet in reversed(public.get("last_claims", []))
        if int(r) in routes
    ]
    if not claims:
        return _("No route claimed yet.")
    return _("Last claims: {claims}.").format(claims="; ".join(claims))


def board_words(update: Update) -> str:
    """The board's picture in words: whose turn, the final round, scores, trains, face-up cards and the last claims."""
    public, names = update.public["public"], picture_names(update)
    parts = [_("Ticket to Ride: Japan board.") + " " + status(public, names) + "."]
    if public["final_turns"] is not None and not public["finished"]:
        turns = public["final_turns"]
        parts.append(ngettext("Final round: {n} turn left.", "Final round: {n} turns left.", turns).format(n=turns))
    parts.append(_("Scores: {standings}.").format(standings=standings_words(public, names)))
    market = ", ".join(colour_name(c) for c in public["market"]) or _("empty")
    parts.append(_("Face-up cards: {cards}.").format(cards=market))
    parts.append(
        _("{supply} of {total} Bullet Trains left.").format(supply=public["supply"], total=japan().bullet_trains)
    )
    parts.append(last_claims_words(public, names))
    return " ".join(parts)


def seat_words(update: Update, view: dict[str, Any]) -> str:
    """A seat's own picture in words: its hand, its tickets done or not, tickets on offer, and its score."""
    public, private, names = update.public["public"], view.get("private") or {}, picture_names(update)
    seat = int(private.get("seat", 0))
    parts = [_("Your view, {player}.").format(player=seat_name(names, seat)) + " " + status(public, names) + "."]
    hand = ", ".join(counted(c, n) for c, n in private.get("hand", {}).items() if n) or _("no cards")
    parts.append(_("Your hand: {cards}.").format(cards=hand))
    tickets = [
        (_("{ticket}: done") if t.get("done") else _("{ticket}: not yet")).format(
            ticket=f"{t['from']} – {t['to']} ({t['points']})"
        )
        for t in private.get("tickets", [])
    ]
    parts.append(_("Your tickets: {tickets}.").format(tickets="; ".join(tickets) or pgettext("ttr japan", "none yet")))
    if private.get("offer"):
        offer = "; ".join(f"{t['from']} – {t['to']} ({t['points']})" for t in private["offer"])
        least = private.get("keep_at_least", 1)
        parts.append(_("On offer: {tickets}; keep at least {least}.").format(tickets=offer, least=least))
    if public["finished"] and seat < len(public["results"]):
        score = public["results"][seat]["total"]
    else:
        score = public["players"][seat]["points"] if seat < len(public["players"]) else 0
    parts.append(_("Your score: {points}.").format(points=_points(score)))
    return " ".join(parts)


def map_words(update: Update) -> str:
    """The whole map in words: what it shows, and how many routes each player has claimed."""
    public, names = update.public["public"], picture_names(update)
    claims = public["claims"]
    counts = [
        f"{seat_name(names, seat)} {sum(1 for _r, s, _b in claims if s == seat)}"
        for seat in range(len(public["players"]))
    ]
    return " ".join(
        (
            _("The whole Ticket to Ride: Japan map, with Tokyo and Kyushu enlarged.")
            + " "
            + status(public, names)
            + ".",
            _("{claimed} of {routes} routes claimed; by player: {counts}.").format(
                claimed=len(claims), routes=len(japan().routes), counts=", ".join(counts)
            ),
            _("Each claimed route is drawn in its player's colour with their seat number on every car."),
            _("The side panel lists the face-up cards and the players."),
        )
    )


def _menu_and_left_out(moves: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The menu's moves (draws and tickets, then the cheapest way to pay for each route) and how many routes miss it."""
    others = [m for m in moves if not str(m["token"]).startswith('["claim"')]
    cheapest: dict[int, tuple[int, dict[str, Any]]] = {}
    for move in moves:
        action = Action.from_token(str(move["token"]))
        if action.verb == "claim":
            route, locomotives = int(action.args[0]), int(action.args[2])
            if route not in cheapest or locomotives < cheapest[route][0]:
                cheapest[route] = (locomotives, move)
    offered = others + [move for _locomotives, move in cheapest.values()]
    return offered[:SELECT_LIMIT], max(0, len(offered) - SELECT_LIMIT)


class JapanPresenter(Presenter):
    """The board says in words what the map shows: market, counts, whose turn, the final round."""

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """The commands are typed as they are; what they do is said in the language in use."""
        return (
            ("/ttr draw card:<1–5 | deck>", _("take a face-up card or the top of the deck (twice a turn)")),
            ("/ttr claim route:<route> [colour:<colour>] [locomotives:<n>]", _("claim a route you can pay for")),
            ("/ttr tickets", _("draw 3 destination tickets and keep at least 1")),
            ("/ttr map [region:<region>]", _("the map as it stands, or one region large enough to read on a phone")),
        )

    button_verbs = frozenset({"draw", "tickets"})

    def stamp(self, update: Update) -> int:
        """While everyone chooses their first tickets, a keep names its own tickets: a menu stays good while the
        others keep theirs (the game refuses a second keep). After that, menus carry the board's version."""
        return UNSTAMPED if update.public["public"]["phase"] == "start" else update.version

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        board = update.public["public"]
        if board["phase"] != "turns":
            return ()
        second = board["second_card"]
        found = [
            BoardButton(f"{slot} · {colour_name(card)}", "draw", slot, CARD_MARKS.get(card))
            for slot, card in enumerate(board["market"], start=1)
            if not (second and card == "locomotive")
        ]
        if board["deck"] or board["discard"]:
            found.append(BoardButton(_("Deck"), "draw", "deck", "🂠"))
        if not second and board["tickets_left"]:
            found.append(BoardButton(_("Tickets"), "tickets", None, "🎫"))
        return tuple(found)

    def whole_picture(self, update: Update) -> WholePicture:
        """The whole map, with every claim: the board's picture leaves it out to be read on a phone."""
        return WholePicture(_("Full map"), render_ttr_japan, "map.png", map_words(update))

    def describe_picture(self, update: Update, view: dict[str, Any]) -> str:
        """The board's picture (nothing secret) or a seat's own (its hand and tickets), in words."""
        return board_words(update) if view is update.public else seat_words(update, view)

    def board_embed(self, update: Update) -> discord.Embed:
        board = update.public["public"]
        names = presenters.names_of(update)
        embed = discord.Embed(title=update.title, colour=COLOUR, description="\n".join(self._situation(update)))
        market = " · ".join(f"**{n}** {card_words(c)}" for n, c in enumerate(board["market"], start=1))
        embed.add_field(name=_("Face-up cards"), value=market or _("empty"), inline=False)
        counts = _("Deck {deck} · discards {discard} · tickets {tickets} · 🚄 Bullet Trains {supply}/16").format(
            deck=board["deck"], discard=board["discard"], tickets=board["tickets_left"], supply=board["supply"]
        )
        embed.add_field(name=_("Supplies"), value=counts, inline=False)
        rows = []
        for seat, player in enumerate(board["players"]):
            turn = "▶ " if seat == board["turn"] else ""
            choosing = " · " + _("choosing tickets") if player["choosing"] else ""
            counts = _("{trains} trains · {cards} cards · {tickets} tickets · {points} pts").format(
                trains=player["trains"], cards=player["cards"], tickets=player["tickets"], points=player["points"]
            )
            rows.append(f"{turn}**{names[seat]}** — {counts} · 🚄 {player['track']}{choosing}")
        embed.add_field(name=pgettext("ttr japan", "Players"), value=_clip("\n".join(rows)), inline=False)
        if update.running:
            embed.set_footer(
                text=_("My hand: your cards and tickets · buttons: take a card · /ttr claim · /ttr tickets")
            )
        return embed

    @staticmethod
    def _situation(update: Update) -> list[str]:
        board = update.public["public"]
        names = presenters.names_of(update)
        if update.ended:
            return [pgettext("ttr japan", "**Game over** — {why}.").format(why=update.ended)]
        if board["phase"] == "start":
            return [_("Everyone: press **My hand** to choose your first tickets (keep at least 2 of 4).")]
        lines = []
        if board["final_turns"] is not None:
            lines.append(_("🏁 **Final round** — {turns} turn(s) left.").format(turns=board["final_turns"]))
        turn = names[board["turn"]]
        if board["second_card"]:
            lines.append(_("Turn: **{player}** — taking a second card (not a face-up locomotive).").format(player=turn))
        else:
            lines.append(_("Turn: **{player}** — draw two cards, claim a route, or draw tickets.").format(player=turn))
        return lines

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        private = view.get("private") or {}
        embed = discord.Embed(
            title=_("Your hand — {title}").format(title=update.title),
            colour=COLOUR,
            description=named(update, view["prompt"]),
        )
        embed.add_field(name=_("Cards"), value=_clip(hand_words(private.get("hand", {}))), inline=False)
        if private.get("new_cards"):
            embed.add_field(
                name=pgettext("ttr japan", "Just drawn"),
                value=", ".join(card_words(c) for c in private["new_cards"]),
                inline=False,
            )
        tickets = private.get("tickets", [])
        done = sum(1 for t in tickets if t.get("done"))
        listing = "\n".join(ticket_words(t) for t in tickets) or pgettext("ttr japan", "none yet")
        embed.add_field(
            name=_("Tickets ({done}/{count} done)").format(done=done, count=len(tickets)),
            value=_clip(listing),
            inline=False,
        )
        left_out = _menu_and_left_out(view.get("legal", []))[1]
        if left_out:
            embed.add_field(
                name=_("More routes"),
                value=ngettext(
                    "{n} more route you can claim doesn't fit in the menu: type `/ttr claim` and a city to find it.",
                    "{n} more routes you can claim don't fit in the menu: type `/ttr claim` and a city to find them.",
                    left_out,
                ).format(n=left_out),
                inline=False,
            )
        if private.get("offer"):
            offer = "\n".join(ticket_words(t) for t in private["offer"])
            least = private.get("keep_at_least", 1)
            embed.add_field(
                name=_("Choose — keep at least {least}").format(least=least), value=_clip(offer), inline=False
            )
        return embed

    def menu_moves(self, update: Update, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Draws and tickets, then one way to pay for each route (fewest locomotives), as many as the menu holds."""
        return _menu_and_left_out(super().menu_moves(update, view))[0]

    def multi_choice(self, update: Update, view: dict[str, Any]) -> MultiChoice | None:
        private = view.get("private") or {}
        offer = private.get("offer") or []
        if not offer:
            return None
        least = int(private.get("keep_at_least", 1))
        options = tuple((ticket_words(t), str(t["id"])) for t in offer)
        placeholder = _("Keep at least {least} of these tickets…").format(least=least)
        return MultiChoice("keep", placeholder, options, least)

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        return presenters.ranked_results(update, _breakdown, _("Ties: most completed tickets first."))

    def move_reply(self, update: Update) -> str:
        private = (update.actor_view or {}).get("private") or {}
        board = update.public["public"]
        parts = []
        if private.get("new_cards"):
            drawn = ", ".join(card_words(c) for c in private["new_cards"])
            parts.append(_("You drew {cards}.").format(cards=drawn))
        if private.get("offer"):
            parts.append(_("Choose the tickets to keep below."))
        elif board.get("second_card") and board.get("turn") == private.get("seat"):
            parts.append(_("Take your second card."))
        else:
            # The view keeps the game's log in English: the card draws (said above) are left out, the rest retold.
            events = [e for e in board.get("events", []) if not e.startswith(("from the", "a face-up"))]
            parts += [named(update, retold(e)) for e in events]
        return " ".join(parts) or pgettext("ttr japan", "Done — your move is in.")


presenters.register("ttr_japan", JapanPresenter())
