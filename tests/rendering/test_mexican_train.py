"""The Mexican Train renderer: board and hand images built from views of real games."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import rendering
from bot.games.base import Action
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from rendering.canvas import font
from rendering.mexican_train import pictures as renderer
from tests.rendering import pngs

MAX_BYTES = 500_000
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")


def play_until(
    seed: int, seats: int, done: Callable[[MexicanState], bool], options: dict[str, Any] | None = None
) -> MexicanState | None:
    """A game of random legal moves from `seed`, stopped at the first state where `done` holds."""
    rnd = random.Random(seed)
    state = MEXICAN_TRAIN.setup(seed, seats, options or {})
    step = 1
    while not done(state):
        if state.finished:
            return None
        seat = rnd.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        action = rnd.choice(MEXICAN_TRAIN.legal_actions(state, seat))
        state = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(seed, step))
        step += 1
    return state


def find(seats: int, done: Callable[[MexicanState], bool], options: dict[str, Any] | None = None) -> MexicanState:
    """The first state over seeds 0.. where `done` holds."""
    for seed in range(500):
        state = play_until(seed, seats, done, options)
        if state is not None:
            return state
    raise AssertionError("no random game reached the wanted position")


def placed(state: MexicanState) -> int:
    """Tiles on all trains."""
    return sum(map(len, state.trains)) + len(state.mexican or [])


def png(view: dict[str, Any], names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The view rendered through the registry."""
    return pngs.png("mexican_train", view, names)


def check_png(data: bytes) -> Image.Image:
    """A valid PNG of a phone-friendly width and a sane height and size."""
    image = pngs.opened(data, MAX_BYTES)
    assert 800 <= image.width <= 1000
    assert 150 <= image.height <= 1600
    return image


def board(state: MexicanState, names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The public board of `state` as PNG bytes."""
    return png(MEXICAN_TRAIN.player_view(state, None), names)


def test_the_renderer_is_registered() -> None:
    assert rendering.has_renderer("mexican_train")
    assert rendering.RENDERERS["mexican_train"] is renderer.render_mexican_train


@pytest.mark.parametrize("seats", [2, 8])
def test_board_mid_game(seats: int) -> None:
    state = find(seats, lambda s: placed(s) >= 12)
    check_png(board(state))


def test_board_with_a_started_mexican_train() -> None:
    state = find(4, lambda s: s.mexican is not None and len(s.mexican) >= 8)
    view = MEXICAN_TRAIN.player_view(state, None)
    assert view["public"]["mexican"]
    check_png(png(view))


def test_board_with_a_pending_double_gets_its_banner() -> None:
    state = find(4, lambda s: s.double_train is not None)
    view = MEXICAN_TRAIN.player_view(state, None)
    assert view["public"]["double"] is not None
    with_double = check_png(png(view))
    settled = copy.deepcopy(view)
    settled["public"]["double"] = None
    without = check_png(png(settled))
    assert with_double.height == without.height + renderer.BANNER_H


def test_board_in_rounds_mode_and_at_the_end() -> None:
    state = find(3, lambda s: s.round >= 2 and placed(s) >= 5, {"mode": "rounds"})
    check_png(board(state))
    over = find(2, lambda s: s.finished)
    assert MEXICAN_TRAIN.player_view(over, None)["public"]["turn"] is None
    check_png(board(over))
    check_png(png(MEXICAN_TRAIN.player_view(over, 0)))


def test_long_trains_keep_the_image_width() -> None:
    state = find(2, lambda s: max(len(t) for t in s.trains) > 12)
    assert check_png(board(state)).width == renderer.WIDTH


def test_hand_view() -> None:
    state = find(4, lambda s: placed(s) >= 6)
    view = MEXICAN_TRAIN.player_view(state, state.turn)
    assert view["private"] is not None
    image = check_png(png(view))
    assert image.width == renderer.WIDTH


def test_hand_with_a_drawn_tile() -> None:
    state = find(2, lambda s: s.drawn is not None)
    view = MEXICAN_TRAIN.player_view(state, state.turn)
    assert view["private"]["drawn"] is not None
    check_png(png(view))


def test_playable_tiles_come_from_the_play_moves() -> None:
    state = find(4, lambda s: any(a.verb == "play" for a in MEXICAN_TRAIN.legal_actions(s, s.turn)))
    view = MEXICAN_TRAIN.player_view(state, state.turn)
    expected = {
        str(Action.from_token(m["token"]).args[0])
        for m in view["legal"]
        if Action.from_token(m["token"]).verb == "play"
    }
    assert renderer.playable_tiles(view["legal"]) == expected
    hand = {renderer.tile_name(pair) for pair in view["private"]["hand"]}
    assert expected and expected <= hand


def test_hand_image_changes_with_the_playable_set() -> None:
    state = find(4, lambda s: any(a.verb == "play" for a in MEXICAN_TRAIN.legal_actions(s, s.turn)))
    view = MEXICAN_TRAIN.player_view(state, state.turn)
    nothing = copy.deepcopy(view)
    nothing["legal"] = [m for m in view["legal"] if Action.from_token(m["token"]).verb != "play"]
    assert png(view) == png(copy.deepcopy(view))  # deterministic
    assert png(view) != png(nothing)


def redeal_hidden(state: MexicanState, keep: int | None, seed: int) -> MexicanState:
    """A copy whose hidden tiles (hands except `keep`'s, and the boneyard) are shuffled, sizes unchanged."""
    other = state.copy()
    seats = [s for s in range(other.seats) if s != keep]
    pool = [t for s in seats for t in other.hands[s]] + other.boneyard
    random.Random(seed).shuffle(pool)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    other.boneyard = pool
    other.events = list(state.events)
    other.new_cycle, other.ended_round = state.new_cycle, state.ended_round
    return other


def test_the_board_ignores_hidden_hands() -> None:
    state = find(4, lambda s: placed(s) >= 8 and s.drawn is None and all(not n for n in s.new_tiles))
    other = redeal_hidden(state, None, seed=1)
    assert other.hands != state.hands
    assert MEXICAN_TRAIN.player_view(other, None)["public"] == MEXICAN_TRAIN.player_view(state, None)["public"]
    assert board(other) == board(state)


def test_swapping_two_hands_does_not_change_the_board() -> None:
    state = find(4, lambda s: len({len(h) for h in s.hands}) < s.seats and placed(s) >= 4)
    sizes = [len(h) for h in state.hands]
    a = next(s for s in range(state.seats) if sizes.count(sizes[s]) > 1)
    b = next(s for s in range(state.seats) if s != a and sizes[s] == sizes[a])
    swapped = state.copy()
    swapped.hands[a], swapped.hands[b] = swapped.hands[b], swapped.hands[a]
    swapped.events = list(state.events)
    swapped.new_cycle, swapped.ended_round = state.new_cycle, state.ended_round
    assert board(swapped) == board(state)


def test_a_hand_shows_only_its_own_tiles() -> None:
    state = find(4, lambda s: placed(s) >= 8 and s.drawn is None)
    seat = (state.turn + 1) % state.seats  # not to act, so its legal moves do not depend on others
    other = redeal_hidden(state, seat, seed=2)
    assert png(MEXICAN_TRAIN.player_view(other, seat)) == png(MEXICAN_TRAIN.player_view(state, seat))


@pytest.mark.parametrize("names", pngs.ODD_NAMES)
def test_names_of_any_length_or_script(names: list[str]) -> None:
    state = find(4, lambda s: placed(s) >= 6 and s.mexican is not None)
    assert check_png(board(state, names)).width == renderer.WIDTH
    check_png(png(MEXICAN_TRAIN.player_view(state, state.turn), names))


def test_fit_truncates_to_the_width() -> None:
    face = font(renderer.TEXT_SIZE)
    short = renderer.fit("W" * 200, face, 150)
    assert short.endswith("…") and face.getlength(short) <= 150
    assert renderer.fit("Al", face, 150) == "Al"


def test_seat_names_fall_back_to_seat_numbers() -> None:
    assert renderer.seat_name([], 2) == "Seat 3"
    assert renderer.seat_name(["", "Bo"], 0) == "Seat 1"
    assert renderer.seat_name(["", "Bo"], 1) == "Bo"
