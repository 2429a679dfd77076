"""The pages themselves: a game (each step of a finished one, the board of a running one), a tournament, a leaderboard.

Every address names what it shows and carries its token (`bot.engine.links`): anything else is a plain 404, whether
the thing exists or not. Links between pages are relative, so the pages work behind a reverse proxy at any path.
A running game shows its public board only; a seat's view is shown only once the game has ended.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import jinja2
from aiohttp import web

from bot.engine.computers import MARK
from bot.engine.names import unescaped
from bot.engine.ratings import shown
from bot.engine.replays import ENDED, ReplayStep
from bot.engine.tournaments import tournament_name
from bot.games.base import IllegalAction
from bot.i18n import ENGLISH, _, language, ngettext, pgettext, speak
from bot.storage import GameRow
from bot.web.shelf import Shelf
from bot.web.sources import Sources

LIVE_REFRESH_S = 30
"""A running game's page reloads itself this often."""
LEADERBOARD_ROWS = 100
"""Players shown per game on a server's leaderboard page."""
ENDED_KEPT = 10_000
"""Ended games remembered with their server: an ended game never runs again and its row is never deleted, so its
steps are answered without reading the database (a read per page was the largest cost left; the token is still
checked every time)."""
MARKS_SHOWN = 40
"""Rounds (or turns) listed under a replay to jump to: spread over the game, its first and last included."""

FINISHED = "public, max-age=3600"
"""A finished game's page: the same for good, but a player may still ask to be forgotten."""
FOR_GOOD = "public, max-age=31536000, immutable"
"""A finished game's picture: its address names game, step, view and language, and what it shows never changes."""
FRESH = "no-cache"
"""What is still changing (a running game, standings, ratings): checked again on every visit."""

templates = jinja2.Environment(
    loader=jinja2.PackageLoader("bot.web", "templates"),
    autoescape=True,  # every name and line is escaped: a player called <script> is shown as such
    undefined=jinja2.StrictUndefined,
)


@dataclass(frozen=True)
class Answer:
    """A page's or picture's bytes with what a browser needs to keep them."""

    body: bytes
    content_type: str
    cache: str


def not_found() -> web.HTTPNotFound:
    """The one answer to an address that shows nothing: unknown, mistyped or forged alike."""
    return web.HTTPNotFound(text="Not found", content_type="text/plain")


class Pages:
    """Answers each address from the engine, the database and the bot's presenting."""

    def __init__(self, sources: Sources) -> None:
        self.sources = sources
        self.storage = sources.manager.storage
        self.shelf = Shelf()
        self.ended: OrderedDict[int, int | None] = OrderedDict()
        """Ended games' servers, by game, most recently asked for last (at most ENDED_KEPT)."""

    # ------------------------------------------------------------------ addresses

    def opened(self, request: web.Request, kind: str) -> int:
        """The id the address names, when its token is right; else a 404."""
        ident = self.sources.links.opened(kind, request.match_info["signed"])
        if ident is None:
            raise not_found()
        return ident

    async def ended_or_running(self, game_id: int) -> GameRow:
        """A started game's row (a lobby, a game never started or an unknown one is a 404)."""
        row = await self.storage.game(game_id)
        if row is None or row.started_ms is None or row.status not in (*ENDED, "running"):
            raise not_found()
        self.speak_for(row.guild_id)
        return row

    def speak_for(self, guild_id: int | None) -> None:
        """Word this answer in the server's language, as its public messages in Discord are."""
        speak(self.sources.manager.public_language(guild_id) or ENGLISH)

    # ------------------------------------------------------------------ games

    async def game(self, request: web.Request) -> web.StreamResponse:
        """/g/<game>: a finished game's last step, or a running game's board."""
        row = await self.ended_or_running(self.opened(request, "game"))
        signed = request.match_info["signed"]
        if row.status == "running":
            raise web.HTTPFound(f"{signed}/live")
        last = (await self.sources.replays.step(row.id, 1 << 30)).step
        raise web.HTTPFound(f"{signed}/{last}/p")

    async def step(self, request: web.Request) -> Answer:
        """/g/<game>/<step>/<view>: one step of a finished game as everyone (p) or one seat saw it."""
        named = await self.step_named(request)

        async def page() -> bytes:
            return await self._step_page(await self.replay_step(*named))

        return Answer(await self.shelf.get(("page", *named, language()), page), "text/html", FINISHED)

    async def step_picture(self, request: web.Request) -> Answer:
        """/g/<game>/<step>/<view>.png: that step's picture."""
        named = await self.step_named(request)

        async def picture() -> bytes:
            shown = await self.replay_step(*named)
            return await self.sources.presenting.picture(shown.update(), shown.view)

        return Answer(await self.shelf.get(("picture", *named, language()), picture), "image/png", FOR_GOOD)

    async def step_named(self, request: web.Request) -> tuple[int, int, int | None]:
        """The ended game, step and seat an address names (a running game's steps redirect to its board).

        Only the game is checked here: the step and seat are checked as the step is rebuilt, and only a step rebuilt
        is kept, so one already kept is answered without replaying the game up to it (most of a page's cost)."""
        game_id = self.opened(request, "game")
        if game_id in self.ended:
            self.ended.move_to_end(game_id)
            self.speak_for(self.ended[game_id])
        else:
            row = await self.ended_or_running(game_id)
            if row.status == "running":
                raise web.HTTPFound("../live")
            self.ended[game_id] = row.guild_id
            if len(self.ended) > ENDED_KEPT:
                self.ended.popitem(last=False)
        view = request.match_info["view"]
        return game_id, int(request.match_info["step"]), None if view == "p" else int(view)

    async def replay_step(self, game_id: int, step: int, seat: int | None) -> ReplayStep:
        """That step rebuilt (a step beyond the last, or a seat the game never had, is a 404)."""
        try:
            shown = await self.sources.replays.step(game_id, step, seat)
        except IllegalAction:
            raise not_found() from None  # no such seat
        if shown.step != step:
            raise not_found()
        return shown

    async def _step_page(self, shown: ReplayStep) -> bytes:
        """A finished game's step as HTML: where it is, the move, the picture, the steps and views to go to."""
        view = "p" if shown.seat is None else str(shown.seat)
        last = shown.steps

        def step_link(rel: str, text: str, step: int) -> dict[str, str | None]:
            return {"rel": rel, "text": text, "href": None if step == shown.step else f"../{step}/{view}"}

        moves = [
            step_link("first", "⏮ " + pgettext("replay", "First"), 0),
            step_link("prev", "◀ " + pgettext("replay", "Back"), max(shown.step - 1, 0)),
            step_link("next", pgettext("replay", "Next") + " ▶", min(shown.step + 1, last)),
            step_link("last", pgettext("replay", "Last") + " ⏭", last),
        ]
        everyone = _("Everyone")
        views = [{"text": everyone, "href": "p", "current": shown.seat is None}]
        names = [unescaped(name) for name in shown.names]
        views += [{"text": name, "href": str(n), "current": shown.seat == n} for n, name in enumerate(names)]
        marks = [
            {"text": label, "href": f"../{n}/{view}", "current": n == shown.step}
            for n, label in await self.sources.replays.marks(shown.game_id, MARKS_SHOWN)
        ]
        return self.render(
            "replay.html",
            root="../../../../",
            page_title=_("{title} — replay").format(title=shown.title),
            where=_("Step {step} of {steps}").format(step=shown.step, steps=last),
            seen_as_label=_("Seen as"),
            seen_as=everyone if shown.seat is None else names[shown.seat],
            line=unescaped(shown.line) or _("The game as it was set up."),
            picture=f"{view}.png",
            alt=self.sources.presenting.describe(shown.update(), shown.view),
            moves=moves,
            views=views,
            marks=marks,
            words={
                "steps": _("Steps"),
                "arrows": _("The arrow keys step back and forth; Home and End go to the first and last step."),
            },
        )

    async def live(self, request: web.Request) -> Answer:
        """/g/<game>/live: a running game's public board, refreshing itself (a finished game's goes to its end)."""
        row = await self.ended_or_running(self.opened(request, "game"))
        update = await self.sources.manager.running_game(row.id)
        if update is None:
            raise web.HTTPFound("../" + request.match_info["signed"])
        body = self.render(
            "live.html",
            root="../../",
            refresh=LIVE_REFRESH_S,
            page_title=update.title,
            where=_("Step {step}").format(step=update.version),
            picture="live.png",
            alt=self.sources.presenting.describe(update, update.public),
            note=_("This game is still being played: this page shows its board as everyone sees it, and refreshes "
                   "itself every {seconds} seconds. Every step can be seen once it has ended.").format(
                seconds=LIVE_REFRESH_S
            ),
        )  # fmt: skip
        return Answer(body, "text/html", FRESH)

    async def live_picture(self, request: web.Request) -> Answer:
        """/g/<game>/live.png: a running game's public board as it stands."""
        row = await self.ended_or_running(self.opened(request, "game"))
        update = await self.sources.manager.running_game(row.id)
        if update is None:
            raise not_found()
        return Answer(await self.sources.presenting.picture(update, update.public), "image/png", FRESH)

    # ------------------------------------------------------------------ tournaments and leaderboards

    async def tournament(self, request: web.Request) -> Answer:
        """/t/<tournament>: the standings, then each round's tables with their results and games."""
        tournament = await self.storage.tournament(self.opened(request, "tournament"))
        if tournament is None:
            raise not_found()
        self.speak_for(tournament.guild_id)
        standings = self.sources.presenting.standings(await self.sources.desk.standings_of(tournament))
        names = {e.user_id: e.name for e in await self.storage.entrants(tournament.id)}
        results = {(r.round, r.table_no, r.user_id): r for r in await self.storage.table_results(tournament.id)}
        byes = await self.storage.byes(tournament.id)
        rounds: dict[int, list[dict[str, Any]]] = {}
        for table in await self.storage.tables(tournament.id):
            game = None if table.game_id is None else "../g/" + self.sources.links.signed("game", table.game_id)
            for seat, user in enumerate(table.seats):
                result = results.get((table.round, table.table_no, user))
                rounds.setdefault(table.round, []).append(
                    cells(
                        (str(table.table_no), game if seat == 0 else None),
                        names.get(user, str(user)),
                        "" if result is None else str(result.rank),
                        "" if result is None else str(result.score),
                    )
                )
        for round_no, user in byes:
            rounds.setdefault(round_no, []).append(cells("—", names.get(user, str(user)), _("Bye"), ""))
        columns = columns_of(
            pgettext("column", "Table"), pgettext("column", "Player"), ("#", True), (pgettext("column", "Score"), True)
        )
        struck = standings.struck
        standings_rows = [
            {"cells": [{"text": cell, "href": None} for cell in row], "struck": n in struck}
            for n, row in enumerate(standings.rows)
        ]
        sections = [
            {
                "heading": _("Standings"),
                "subtitle": standings.subtitle,
                "anchor": "standings",
                "tables": [{"caption": "", "columns": columns_of(*standings.columns), "rows": standings_rows}],
            }
        ]
        sections += [
            {
                "heading": _("Round {round}").format(round=n),
                "subtitle": "",
                "anchor": f"round-{n}",
                "tables": [{"caption": "", "columns": columns, "rows": rounds[n]}],
            }
            for n in sorted(rounds)
        ]
        title = _("{name} — standings").format(name=tournament_name(tournament))
        body = self.render("tables.html", root="../", page_title=title, sections=sections, empty="")
        return Answer(body, "text/html", FRESH)

    async def leaderboard(self, request: web.Request) -> Answer:
        """/l/<server>: each game's best-rated players on that server, with their games and wins."""
        guild_id = self.opened(request, "server")
        self.speak_for(guild_id)
        columns = columns_of(
            ("#", True),
            pgettext("column", "Player"),
            (pgettext("column", "Rating"), True),
            (pgettext("column", "Games"), True),
            (pgettext("column", "Wins"), True),
        )
        sections = []
        for name, game in self.sources.manager.games.items():
            ratings = await self.storage.leaderboard(guild_id, name, LEADERBOARD_ROWS)
            if not ratings:
                continue
            wins = await self.storage.server_wins(guild_id, name)
            rows = [
                cells(str(n), r.name.removeprefix(MARK), shown(r), str(r.games), str(wins.get(r.user_id, 0)))
                for n, r in enumerate(ratings, start=1)
            ]
            total = await self.storage.rated_players(guild_id, name)
            sections.append(
                {
                    "heading": game.title,
                    "subtitle": " · ".join(
                        (
                            ngettext("{n} rated player", "{n} rated players", total).format(n=total),
                            _("rating = μ − 3σ (openskill)"),
                        )
                    ),
                    "anchor": name,
                    "tables": [{"caption": "", "columns": columns, "rows": rows}],
                }
            )
        body = self.render(
            "tables.html",
            root="../",
            page_title=_("Leaderboards"),
            sections=sections,
            empty=_("Nobody has finished a rated game on this server yet."),
        )
        return Answer(body, "text/html", FRESH)

    # ------------------------------------------------------------------ shared

    def render(self, template: str, **values: Any) -> bytes:
        """A template filled in, in the language in use."""
        return templates.get_template(template).render(lang=language(), **values).encode()


def cells(*values: str | tuple[str, str | None]) -> dict[str, Any]:
    """A table row: each cell a text, or a text and the address it links to."""
    found = [(v, None) if isinstance(v, str) else v for v in values]
    return {"cells": [{"text": text, "href": href} for text, href in found], "struck": False}


def columns_of(*headings: str | tuple[str, bool]) -> list[dict[str, Any]]:
    """Column headings, each a text or a text and whether the column holds numbers (set right)."""
    found = [(h, h in ("#",)) if isinstance(h, str) else h for h in headings]
    return [{"text": text, "number": number} for text, number in found]


def etag_of(body: bytes) -> str:
    """An entity tag naming exactly these bytes."""
    return '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'


Handler = Callable[[web.Request], Awaitable[Answer]]
