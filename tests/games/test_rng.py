"""GameRandom: the one deterministic generator, the same draws for (seed, step) on every Python."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.rng import GameRandom

seeds = st.integers(0, 2**62)
steps = st.integers(0, 10_000)


def draws(seed: int, step: int, count: int = 8) -> list[float]:
    rng = GameRandom(seed, step)
    return [rng.random() for _ in range(count)]


def test_pinned_sequence_catches_a_change_of_generator() -> None:
    # If these change, every stored game would replay differently: do not "fix" the numbers.
    assert draws(2024, 3, 3) == [0.12711139175121478, 0.7837880124918509, 0.6893406874335692]
    rng = GameRandom(2024, 3)
    assert [rng.randint(1, 6) for _ in range(10)] == [1, 5, 5, 5, 4, 3, 1, 4, 4, 1]
    cards = list(range(10))
    GameRandom(2024, 3).shuffle(cards)
    assert cards == [8, 6, 9, 0, 2, 3, 4, 5, 7, 1]


@given(seeds, steps)
def test_same_seed_and_step_give_the_same_draws(seed: int, step: int) -> None:
    assert draws(seed, step) == draws(seed, step)


@given(seeds, steps)
def test_different_steps_and_seeds_give_different_draws(seed: int, step: int) -> None:
    assert draws(seed, step) != draws(seed, step + 1)
    assert draws(seed, step) != draws(seed + 1, step)


@given(seeds, steps, st.integers(-(10**12), 10**12), st.integers(0, 10**12))
def test_randint_stays_within_both_ends(seed: int, step: int, low: int, width: int) -> None:
    rng = GameRandom(seed, step)
    for _ in range(20):
        assert low <= rng.randint(low, low + width) <= low + width


def test_randint_reaches_both_ends_and_refuses_an_empty_range() -> None:
    rng = GameRandom(1, 1)
    assert set(Counter(rng.randint(1, 3) for _ in range(300))) == {1, 2, 3}
    assert rng.randint(5, 5) == 5
    with pytest.raises(ValueError):
        rng.randint(2, 1)


@given(seeds, steps, st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation(seed: int, step: int, items: list[int]) -> None:
    shuffled = list(items)
    GameRandom(seed, step).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


@given(st.integers(0, 2**63), st.integers(0, 10_000), st.lists(st.integers(), max_size=40))
def test_shuffle_draws_what_a_randint_per_card_would(seed: int, step: int, items: list[int]) -> None:
    """Shuffling inlines `randint`: the same order and the same count of draws as Fisher–Yates through `randint`."""
    by_randint, by_randint_items = GameRandom(seed, step), list(items)
    for i in range(len(items) - 1, 0, -1):
        j = by_randint.randint(0, i)
        by_randint_items[i], by_randint_items[j] = by_randint_items[j], by_randint_items[i]
    shuffling, shuffled = GameRandom(seed, step), list(items)
    shuffling.shuffle(shuffled)
    assert shuffled == by_randint_items and shuffling.draws == by_randint.draws
    assert shuffling.random() == by_randint.random(), "the generator goes on from the same place"


def test_choice_picks_a_member_and_refuses_an_empty_sequence() -> None:
    rng = GameRandom(9, 9)
    assert {rng.choice("abc") for _ in range(100)} == {"a", "b", "c"}
    with pytest.raises(IndexError):
        rng.choice([])


def test_irreversible_after_any_draw_or_a_reveal() -> None:
    untouched = GameRandom(1, 2)
    assert untouched.draws == 0 and not untouched.irreversible
    drawn = GameRandom(1, 2)
    drawn.shuffle([1])  # a one-item shuffle draws nothing
    assert not drawn.irreversible
    drawn.choice([1, 2])
    assert drawn.draws == 1 and drawn.irreversible
    revealed = GameRandom(1, 2)
    revealed.mark_revealed()
    assert revealed.revealed and revealed.irreversible and revealed.draws == 0
