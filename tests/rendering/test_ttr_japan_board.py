"""Ticket to Ride: Japan's board picture reads on a phone: busy public views, every text 11 px at 400 px wide."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from rendering.canvas import PHONE_WIDTH, smallest_text_allowed, text_sizes
from rendering.ttr_japan import board as ttr_japan_board
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan import pictures as ttr_japan_pictures
from tests.rendering import pngs

NAMES = ["Alexandrina", "Bartholomew", "Chloé-Maëlle", "Dmitri", "Evangeline"]
SNAPSHOTS = 8


def public_views(seed: int) -> Iterator[dict[str, Any]]:
    """Public views of a random five-player game, from the first move to the end."""
    rnd = random.Random(seed)
    state = TTR_JAPAN.setup(seed, TTR_JAPAN.max_seats, {})
    history = [state]
    while not state.finished and len(history) < 2_000:
        seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
        state = TTR_JAPAN.apply(
            state, seat, rnd.choice(TTR_JAPAN.legal_actions(state, seat)), GameRandom(seed, len(history))
        )
        history.append(state)
    for n in range(SNAPSHOTS):
        yield TTR_JAPAN.player_view(history[n * (len(history) - 1) // (SNAPSHOTS - 1)], None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_text_of_a_busy_board_reads_on_a_phone(seed: int) -> None:
    for view in public_views(seed):
        for final in (None, 2):
            view = copy.deepcopy(view)
            view["public"]["final_turns"] = final if not view["public"]["finished"] else view["public"]["final_turns"]
            with text_sizes() as sizes:
                image = ttr_japan_pictures.render(view, NAMES)
            assert image.width == ttr_japan_board.WIDTH
            assert min(sizes) >= ttr_japan_board.SMALLEST_TEXT
            assert min(sizes) >= smallest_text_allowed(image.width), f"{min(sizes) * PHONE_WIDTH / image.width:.1f} px"


def test_the_board_is_a_phone_picture_not_the_whole_map() -> None:
    view = next(v for v in public_views(4) if v["public"]["last_claims"])
    image = ttr_japan_pictures.render(view, NAMES)
    assert image.width < tmap.WIDTH and image.height < 1.75 * image.width


def test_the_last_claims_and_the_track_are_drawn() -> None:
    view = list(public_views(5))[-2]
    assert view["public"]["last_claims"]
    other = copy.deepcopy(view)
    other["public"]["last_claims"] = other["public"]["last_claims"][:-1]
    assert pngs.png("ttr_japan", view, NAMES) != pngs.png("ttr_japan", other, NAMES)
    further = copy.deepcopy(view)
    further["public"]["players"][0]["track"] += 3
    assert pngs.png("ttr_japan", view, NAMES) != pngs.png("ttr_japan", further, NAMES)


def test_a_claim_reads_in_words() -> None:
    assert ttr_japan_board.claim_words("Ann", "Kyoto - Osaka", 1, True) == "Ann: Kyoto - Osaka (1), Bullet Train"
    assert ttr_japan_board.claim_words("Ann", "Kyoto - Osaka", 1, False) == "Ann: Kyoto - Osaka (1)"
