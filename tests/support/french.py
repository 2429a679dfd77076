"""Shared checks of the French game tests: the catalogs' English pieces, and every text a presenter shows."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from babel.messages.pofile import read_po

from bot.engine import SeatInfo, Update
from bot.games.base import Game

CATALOGS = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "fr"
NAMES = ("Aiko", "Bastien", "Chloé", "Daichi", "Élodie", "Fumiko")
_CODE = re.compile(r"`[^`]*`")
_FIELD = re.compile(r"\{\w+\}")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_fragments(areas: Iterable[str], titles: Iterable[str]) -> set[str]:
    """The English pieces (between `{fields}`, code left out) of every catalog entry French says otherwise."""
    kept_titles = tuple(titles)
    found: set[str] = set()
    for area in areas:
        with (CATALOGS / f"{area}.po").open("rb") as file:
            catalog = read_po(file, locale="fr")
        for message in catalog:
            if not message.id:
                continue
            sources = message.id if isinstance(message.id, tuple) else (message.id,)
            targets = message.string if isinstance(message.string, tuple) else (message.string,)
            for source in sources:
                if source in targets:
                    continue  # "Scores", "{points} pts": the same in both languages
                for piece in _FIELD.split(source):
                    piece = _CODE.sub("", piece).strip(" ·—-:;,.()!?\n")
                    if len(_WORD.findall(piece)) >= 2 and not any(piece in title for title in kept_titles):
                        found.add(piece)
    return found


def english_in(text: str, fragments: Iterable[str]) -> list[str]:
    """The catalogs' English pieces found in `text` (outside `code`: what players type stays as it is typed)."""
    words = _CODE.sub("", text)
    return [piece for piece in fragments if piece in words]


@dataclass
class Said:
    """Every text one language produced for a game, by where it came from."""

    texts: dict[str, list[str]] = field(default_factory=dict)

    def add(self, where: str, *texts: str | None) -> None:
        self.texts.setdefault(where, []).extend(t for t in texts if t)

    def all(self) -> Iterator[tuple[str, str]]:
        for where, texts in self.texts.items():
            for text in texts:
                yield where, text


def embed_texts(embed: discord.Embed) -> list[str | None]:
    """Everything an embed shows in words."""
    texts: list[str | None] = [embed.title, embed.description, embed.footer.text]
    for embed_field in embed.fields:
        texts += [embed_field.name, embed_field.value]
    return texts


def update_for(game: Game, state: Any, seat: int, names: Sequence[str] = NAMES) -> Update:
    """The update the Discord layer would get after a move, seen by `seat` (seats named from `names` in turn)."""
    outcome = game.outcome(state)
    seat_count = getattr(state, "seats", None) or 2 * state.teams  # Toyko Train counts teams of two
    seats = tuple(SeatInfo(s, 1000 + s, names[s % len(names)]) for s in range(seat_count))
    return Update(
        game_id=1,
        channel_id=1,
        game=game.name,
        title=game.title,
        version=1,
        seats=seats,
        public=game.player_view(state, None),
        actor_id=1000 + seat,
        actor_view=game.player_view(state, seat),
        outcome=outcome,
        ended=None if outcome is None else outcome.reason,
    )
