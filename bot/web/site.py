"""The pages' web server: aiohttp in the bot's own process, read-only, every answer with strict headers.

GET and HEAD only, no cookies, no forms, a Content-Security-Policy that allows nothing from elsewhere and no inline
script or style, and a per-address request limit. No address is ever logged: each one carries a token.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import web

from bot.web.limits import RequestLimit, client_address
from bot.web.pages import Answer, Handler, Pages, etag_of
from bot.web.sources import Sources

log = logging.getLogger(__name__)

SIGNED = r"{signed:\d{1,20}-[A-Za-z0-9_-]{1,32}}"
"""An id and its token: anything else matches no route (a plain 404)."""
STEP = r"{step:\d{1,6}}"
VIEW = r"{view:p|\d{1,2}}"

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # an address's token never leaves in a Referer
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
STATIC = {"site.css": "text/css", "keys.js": "text/javascript"}


class Site:
    """The pages, served on one address and port while the bot runs."""

    def __init__(self, sources: Sources, requests_per_minute: int) -> None:
        self.pages = Pages(sources)
        self.limit = RequestLimit(requests_per_minute)
        self.runner: web.AppRunner | None = None
        self.static = {
            name: Answer(resources.files("bot.web").joinpath("static", name).read_bytes(), kind, "public, max-age=3600")
            for name, kind in STATIC.items()
        }

    def app(self) -> web.Application:
        """The routes, behind the guard."""
        app = web.Application(middlewares=[self.guard], client_max_size=1024)
        pages = self.pages
        app.router.add_get(f"/g/{SIGNED}", pages.game)
        app.router.add_get(f"/g/{SIGNED}/live", self.answered(pages.live))
        app.router.add_get(f"/g/{SIGNED}/live.png", self.answered(pages.live_picture))
        app.router.add_get(f"/g/{SIGNED}/{STEP}/{VIEW}", self.answered(pages.step))
        app.router.add_get(f"/g/{SIGNED}/{STEP}/{VIEW}.png", self.answered(pages.step_picture))
        app.router.add_get(f"/t/{SIGNED}", self.answered(pages.tournament))
        app.router.add_get(f"/l/{SIGNED}", self.answered(pages.leaderboard))
        app.router.add_get("/static/{name:site\\.css|keys\\.js}", self.answered(self.static_file))
        app.router.add_get("/robots.txt", self.answered(self.robots))
        return app

    async def start(self, host: str, port: int) -> int:
        """Serve on `host`:`port` (0: any free port); the port served on."""
        self.runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port)
        await site.start()
        bound = int(self.runner.addresses[0][1])
        log.info("pages: serving on %s port %d", host, bound)
        return bound

    async def stop(self) -> None:
        """Stop serving (answers under way are finished first, briefly)."""
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    @web.middleware
    async def guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Refuse what the pages never take (methods other than GET and HEAD, a flood), answer failures plainly,
        and put the strict headers on every answer."""
        response: web.StreamResponse
        if request.method not in ("GET", "HEAD"):
            response = web.Response(status=405, text="Method not allowed", headers={"Allow": "GET, HEAD"})
        elif not self.limit.allows(client_address(request.remote, request.headers.get("X-Forwarded-For"))):
            retry = str(self.limit.retry_after())
            response = web.Response(status=429, text="Too many requests", headers={"Retry-After": retry})
        else:
            try:
                response = await handler(request)
            except web.HTTPException as refusal:
                response = plain(refusal)
            except Exception:
                log.exception("pages: an answer failed")  # never the address: it carries a token
                response = web.Response(status=500, text="Something went wrong", content_type="text/plain")
        response.headers.update(HEADERS)
        return response

    @staticmethod
    def answered(make: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        """A handler whose answer is sent with its caching headers, or 304 when the browser holds it already."""

        async def handler(request: web.Request) -> web.StreamResponse:
            answer = await make(request)
            etag = etag_of(answer.body)
            headers = {"ETag": etag, "Cache-Control": answer.cache}
            if etag in request.headers.get("If-None-Match", ""):
                return web.Response(status=304, headers=headers)
            return web.Response(body=answer.body, content_type=answer.content_type, headers=headers)

        return handler

    async def static_file(self, request: web.Request) -> Answer:
        """The stylesheet or the keyboard script."""
        return self.static[request.match_info["name"]]

    async def robots(self, request: web.Request) -> Answer:
        """No search engine lists the pages: they are shared by link only."""
        return Answer(b"User-agent: *\nDisallow: /\n", "text/plain", "public, max-age=86400")


def plain(refusal: web.HTTPException) -> web.Response:
    """A refusal or redirect as a short plain answer (a redirect keeps its Location)."""
    if refusal.status >= 400:
        return web.Response(status=refusal.status, text=refusal.reason, content_type="text/plain")
    return web.Response(status=refusal.status, headers={"Location": refusal.headers["Location"]})
