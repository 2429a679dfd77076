"""Addresses of the shared pages, each signed: an HMAC of what it shows, so nobody can guess or list another's.

The secret is made once, by the first bot process that needs it, and kept in the database (`meta`), so every shard
process signs and checks alike and addresses keep working after a restart. An address is `<what>-<token>`: a game's
id, a tournament's id, or a server's id, followed by its token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from bot.storage import Storage

SECRET_KEY = "web_secret"
TOKEN_BYTES = 12
"""96 bits: far beyond guessing, short enough for a link."""


@dataclass(frozen=True, slots=True)
class Links:
    """Signs and checks the pages' addresses; knows the public address they are opened at (if any)."""

    secret: bytes = field(repr=False)
    public_url: str = ""

    def token(self, kind: str, ident: int) -> str:
        """The token of one page: `kind` ("game", "tournament", "server") and the id it shows."""
        digest = hmac.new(self.secret, f"{kind}:{ident}".encode(), hashlib.sha256).digest()[:TOKEN_BYTES]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def signed(self, kind: str, ident: int) -> str:
        """The path part naming one page: its id and token."""
        return f"{ident}-{self.token(kind, ident)}"

    def opened(self, kind: str, signed: str) -> int | None:
        """The id a path part names, when its token is right (None for anything else)."""
        ident, _, token = signed.partition("-")
        if not ident.isascii() or not ident.isdigit() or len(ident) > 20:
            return None
        if not hmac.compare_digest(token.encode(), self.token(kind, int(ident)).encode()):
            return None
        return int(ident)

    def game(self, game_id: int) -> str | None:
        """The public address of a game's page (None without `public_url`)."""
        return self._at(f"g/{self.signed('game', game_id)}")

    def tournament(self, tournament_id: int) -> str | None:
        """The public address of a tournament's page."""
        return self._at(f"t/{self.signed('tournament', tournament_id)}")

    def leaderboard(self, guild_id: int, game: str | None = None) -> str | None:
        """The public address of a server's leaderboards (at one game's, when given)."""
        return self._at(f"l/{self.signed('server', guild_id)}" + (f"#{game}" if game else ""))

    def _at(self, path: str) -> str | None:
        return f"{self.public_url.rstrip('/')}/{path}" if self.public_url else None


async def load_links(storage: Storage, public_url: str) -> Links:
    """The installation's links: its secret read from the database, made and stored on first use."""
    stored = await storage.meta_once(SECRET_KEY, secrets.token_hex(32))
    return Links(bytes.fromhex(stored), public_url)
