"""A game closed early stands on the round cards won so far; partners share their team's place.

Places count seats, as `outcome` does: the two seats of a team ahead both rank before the others.
"""

from __future__ import annotations

from bot.games.base import Action, Outcome
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.optimum import best_path
from bot.games.toyko_train.state import ToykoState

CLOSED = "the game was closed early"
SEED = 5


def act(state: ToykoState, seat: int, action: Action) -> ToykoState:
    return TOYKO_TRAIN.apply(state, seat, action, GameRandom(SEED, 1))


def solve(state: ToykoState, team: int) -> ToykoState:
    """The team's tourist makes the fewest exchanges to the target."""
    compartment = state.compartment
    for a, b in best_path(compartment, tuple(state.seatings[team]), tuple(state.target)):
        first, second = sorted((a, b))
        swap = Action("swap", (compartment.name(first), compartment.name(second), state.serial(team)))
        state = act(state, state.tourist(team), swap)
    return state


def call(state: ToykoState, team: int) -> ToykoState:
    return act(state, state.conductor(team), Action("call", (state.round,)))


def test_the_team_that_won_a_round_leads_and_partners_share_their_place() -> None:
    state = TOYKO_TRAIN.setup(SEED, 6, {})
    assert TOYKO_TRAIN.standing(state) == Outcome((0,) * 6, (1,) * 6, CLOSED)
    state = call(solve(state, 1), 1)  # team 2 seats its tourists right and wins round 1
    assert state.round == 2 and state.cards == [0, 1, 0]
    assert TOYKO_TRAIN.standing(state) == Outcome((0, 0, 1, 1, 0, 0), (3, 3, 1, 1, 3, 3), CLOSED)
    state = call(call(state, 0), 2)  # round 2: teams 1 and 3 call wrong at once, team 2 is left and wins it too
    assert state.round == 3 and state.cards == [0, 2, 0]
    assert TOYKO_TRAIN.standing(state) == Outcome((0, 0, 2, 2, 0, 0), (3, 3, 1, 1, 3, 3), CLOSED)
    state = call(solve(state, 0), 0)
    assert TOYKO_TRAIN.standing(state) == Outcome((1, 1, 2, 2, 0, 0), (3, 3, 1, 1, 5, 5), CLOSED)
