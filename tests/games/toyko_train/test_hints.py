"""The conductor's hint in nine places: a signal that names its exchange alone whenever one on a shortest path can be.

Issue 32 item 4.14: the hint signalled the best path's first exchange, which in nine places the signal often fits
together with others; the tourist's timer follows only a signal that names one exchange, so a quiet team stalled.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import NINE, Compartment
from bot.games.toyko_train.optimum import best_path, fewest_exchanges
from bot.games.toyko_train.state import ToykoState
from tests.games.toyko_train.scenarios import NINE_START, act, colour_of, toyko

Seating = tuple[str, ...]
seatings = st.permutations(NINE_START).map(tuple)
pairs = st.tuples(seatings, seatings).filter(lambda pair: pair[0] != pair[1])
hints = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def meant(compartment: Compartment, seating: Seating, colour: str, kind: str) -> list[tuple[int, int]]:
    """Every exchange a signal of `colour` and `kind` may mean: of that kind, moving a tourist of that colour."""
    return [
        (a, b)
        for a, b in compartment.exchanges
        if compartment.kind_of(a, b) == kind and colour in (seating[a], seating[b]) and seating[a] != seating[b]
    ]


def swapped(seating: Seating, a: int, b: int) -> Seating:
    after = list(seating)
    after[a], after[b] = after[b], after[a]
    return tuple(after)


def nearer(seating: Seating, target: Seating, exchange: tuple[int, int]) -> bool:
    """Whether the exchange is the first of some shortest path to the target."""
    before = fewest_exchanges(NINE, seating, target)
    return fewest_exchanges(NINE, swapped(seating, *exchange), target) == before - 1


def nameable_alone(seating: Seating, target: Seating) -> bool:
    """Whether some exchange on a shortest path is the only one a signal of one of its tourists' colours may mean."""
    first = best_path(NINE, seating, target)[:1]  # the likeliest answer, and cached (the hint asks for it): tried first
    return any(  # what a signal may mean first: `nearer` searches the seatings, so only for exchanges it can name
        any(meant(NINE, seating, c, str(NINE.kind_of(a, b))) == [(a, b)]
            for c in (seating[a], seating[b]) if seating[a] != seating[b]) and nearer(seating, target, (a, b))
        for a, b in sorted(NINE.exchanges, key=lambda exchange: exchange not in first)
    )  # fmt: skip


def quiet_team(seating: Seating, target: Seating) -> ToykoState:
    """Team 1 of two in nine places, seated as given, the target as given."""
    return toyko(2, [seating, NINE_START], target, starts=[seating, NINE_START], nine=True)


@hints
@given(pairs)
def test_the_hint_names_one_exchange_on_a_shortest_path_whenever_one_can_be_named(
    pair: tuple[Seating, Seating],
) -> None:
    """Issue 32 item 4.14: whenever a signal can name an exchange on a shortest path alone, the hint is such a signal;
    and it always fits some exchange on a shortest path."""
    seating, target = pair
    state = quiet_team(seating, target)
    hint = TOYKO_TRAIN.default_action(state, 0)
    assert hint is not None and hint.verb == "signal"
    fits = meant(NINE, seating, colour_of(state, 0, str(hint.args[0])), str(hint.args[1]))
    assert any(nearer(seating, target, exchange) for exchange in fits)
    if nameable_alone(seating, target):
        assert len(fits) == 1 and nearer(seating, target, fits[0]), (hint, fits)


@hints
@given(pairs)
def test_a_team_whose_players_are_both_away_moves_on_wherever_a_signal_can_say_how(
    pair: tuple[Seating, Seating],
) -> None:
    """Issue 32 item 4.14: with both partners away, the conductor's timer signals and the tourist's timer follows, one
    exchange nearer the target, wherever an exchange on a shortest path can be named alone (it stalled before)."""
    seating, target = pair
    state = quiet_team(seating, target)
    assume(nameable_alone(seating, target))  # else no signal names such an exchange alone: nothing to follow
    signalled = act(state, 0, TOYKO_TRAIN.default_action(state, 0))  # type: ignore[arg-type]
    followed = TOYKO_TRAIN.default_action(signalled, 1)
    assert followed is not None, "the tourist's timer found no single exchange to follow"
    after = act(signalled, 1, followed)
    assert fewest_exchanges(NINE, tuple(after.seatings[0]), target) == fewest_exchanges(NINE, seating, target) - 1
