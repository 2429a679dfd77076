"""The game contract (DESIGN §2, §7), checked on random playouts of every registered game plus Relay.

A game whose options change the shape of play (Mexican Train's `mode`) runs once per variant, each
under its own test id. A test process makes each game's EXAMPLES random playouts once, and every law is checked on
all of them: a law finds a rule bug as often on playouts another law also reads, and making them again for each law
was a fifth of the laws' time. They are new on every run; a failure names its playout, and `remade` makes it again.
"""

from __future__ import annotations

import functools
import gc
import json
import os
import random
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.replay import replay
from bot.games import REGISTRY
from bot.games.base import Action, Game, IllegalAction, Option, Outcome, State, seat_counts
from bot.games.mexican_train import MEXICAN_TRAIN, deal
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.storage import ActionRow
from tests.games.laws import CONSERVATION, OPEN_INFORMATION, SCRAMBLE
from tests.support.relay_game import RELAY
from tests.support.snapshot import json_text


@dataclass(frozen=True)
class Variant:
    """A game with some choice options pinned to one value, and maybe a later starting point.

    Everything else is the game's own. `start(state, seed)` edits the fresh state in place, the same
    way every time, so setup stays deterministic and replays still agree.
    """

    game: Game
    label: str
    pinned: Mapping[str, str]
    start: Callable[[State, int], None] | None = None
    leads: Callable[[State, int], bool] | None = None
    """Seats that can end a step (a race's conductors): playouts list them first, so the smallest example ends."""

    def __getattr__(self, attr: str) -> Any:
        found = getattr(self.game, attr)
        object.__setattr__(self, attr, found)  # kept: a playout asks millions of times, and the game never changes
        return found

    @property
    def options(self) -> tuple[Option, ...]:
        """The game's options, the pinned ones allowing their one value only."""
        return tuple(
            Option(o.name, self.pinned[o.name], o.help, (self.pinned[o.name],)) if o.name in self.pinned else o
            for o in self.game.options
        )

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> State:
        state = self.game.setup(seed, seats, options)
        if self.start is not None:
            self.start(state, seed)
        return state


def mexican_last_two_rounds(state: State, seed: int) -> None:
    """Deal round 12 of 13 at once: a whole match is ~1,500 random moves, too long for every example.

    The last two rounds still cover a round's end, the next deal, cumulative totals and the match end;
    tests/games/test_mexican_train.py plays whole 13-round matches.
    """
    deal.deal_rounds(state, state.rounds - 1, GameRandom(seed, 0))


def toyko_from_round_three(state: State, seed: int) -> None:
    """Start at round 3 of 7: a whole random race is ~550 moves of up to 8 seats, too long for every example.

    Rounds 3 to 7 still cover a round's end, the role swap after round 3, a start from the last target and the end;
    tests/games/toyko_train plays all seven rounds.
    """
    state.round = 3


def toyko_conducts(state: State, seat: int) -> bool:
    """Only a conductor can call, so only conductors end a round."""
    return bool(state.conductor(seat // 2) == seat)


VARIANTS: dict[str, list[Variant]] = {
    "mexican_train": [
        Variant(MEXICAN_TRAIN, "mexican_train-single", {"mode": "single"}),
        Variant(MEXICAN_TRAIN, "mexican_train-rounds", {"mode": "rounds"}, mexican_last_two_rounds),
    ],
    "toyko_train": [
        Variant(TOYKO_TRAIN, "toyko_train-rounds-3-to-7", {}, toyko_from_round_three, toyko_conducts),
    ],
}
"""Games whose options change the shape of play run once per variant (seat counts and other options stay random)."""


def contract_games(games: list[Game]) -> list[Game]:
    """Each game once by name, replaced by its variants when it has some."""
    found: list[Game] = []
    for game in {g.name: g for g in games}.values():
        found += VARIANTS.get(game.name, [game])
    return found


def label(game: Game) -> str:
    """The game's test id: its variant's label, or its name."""
    return game.label if isinstance(game, Variant) else game.name


GAMES: list[Game] = contract_games([*REGISTRY.values(), RELAY])
per_game = pytest.mark.parametrize("game", GAMES, ids=[label(g) for g in GAMES])
EXAMPLES = int(os.environ.get("TETSUDO_CONTRACT_EXAMPLES", "20"))
"""Random playouts per law and game, new on every run: the 20 here hunt for rare rule bugs (30 took the suite 39 s
more CPU; `TETSUDO_CONTRACT_EXAMPLES=200` hunts longer). The compiled engines' test (test_compiled_engines.py) asks for
fewer: it looks for a compiled module that plays differently from its source, which the replay corpus and a few
playouts of every law show."""
FEW = 6
"""Playouts for the laws that search at every step (default moves, standings): the first FEW of the game's."""

DEFAULT_SAMPLE = 40
"""States per playout on which the default-move law is checked."""

MAX_STEPS = 5_000
"""A random playout that has not finished after this many moves counts as never finishing."""


def option_value(option: Option, rnd: random.Random) -> Any:
    """Any value the host could set for `option`."""
    if isinstance(option.default, bool):
        return rnd.random() < 0.5
    if isinstance(option.default, int):
        low = option.minimum if option.minimum is not None else option.default
        high = option.maximum if option.maximum is not None else option.default
        return rnd.randint(low, high)
    if option.choices:
        return rnd.choice(option.choices)
    return option.default


@dataclass
class Playout:
    """One random game: its setup arguments, every state (states[0] after setup) and every move."""

    game: Game
    draw: int
    """Where every random choice of the playout comes from: `remade(game, draw)` makes it again."""
    seed: int
    seats: int
    options: dict[str, Any]
    states: list[State] = field(default_factory=list)
    moves: list[tuple[int, Action]] = field(default_factory=list)

    def chooser(self, law: str) -> random.Random:
        """A law's own random choices on this playout (which states, which moves), the same when it is remade."""
        return random.Random(f"{self.draw} {law}")

    @contextmanager
    def named(self) -> Iterator[None]:
        """A law's failure on this playout says which playout it was, and how to make it again."""
        try:
            yield
        except (Exception, pytest.fail.Exception) as failed:
            failed.add_note(
                f"on the playout remade({label(self.game)!r}, {self.draw}): {self.seats} seats, {self.options}"
            )
            raise

    def rows(self, upto: int | None = None) -> list[ActionRow]:
        """The moves as the engine logs them (move n uses RNG step n, as in bot/engine)."""
        moves = self.moves[:upto]
        return [ActionRow(1, n, seat, a.token(), a.at or 0, False) for n, (seat, a) in enumerate(moves, start=1)]


def game_labelled(name: str) -> Game:
    """The contract's game (or variant) with this test id."""
    return next(g for g in GAMES if label(g) == name)


def remade(name: str, draw: int) -> Playout:
    """The playout a failure named: the game's (by its test id) from that draw."""
    return random_playout(game_labelled(name), draw)


def random_playout(game: Game, draw: int) -> Playout:
    """Set up with a random seed, seat count and options, then play random legal moves to the end.

    Every choice comes from one Random seeded by `draw`, so the draw alone makes the same playout again.
    """
    rnd = random.Random(draw)
    seed = rnd.randrange(2**62)
    seats = rnd.choice(seat_counts(game))
    options = {o.name: option_value(o, rnd) for o in game.options}
    play = Playout(game, draw, seed, seats, options, [game.setup(seed, seats, options)])
    state = play.states[0]
    for n in range(1, MAX_STEPS + 1):
        if game.outcome(state) is not None:
            break
        # Seats that must act come first, so that always taking the first choice still ends the game; in a race
        # everyone has a timer move, and the variant names who can end a round (the conductors).
        leads = getattr(game, "leads", None)
        to_act = sorted(game.to_act(state))
        if len(to_act) > 1:  # one seat needs no order (nor the default moves that make it)
            to_act.sort(key=lambda s: (not leads(state, s) if leads else game.default_action(state, s) is None, s))
        assert to_act, f"{game.name}: nobody may act, yet the game is not over"
        seat = rnd.choice(to_act)
        legal = game.legal_actions(state, seat)
        assert legal, f"{game.name}: seat {seat} must act but has no legal action"
        action = rnd.choice(legal).stamped(1_000 * n)
        state = game.apply(state, seat, action, GameRandom(seed, n))
        play.states.append(state)
        play.moves.append((seat, action))
    return play


@functools.cache
def run_playouts(name: str) -> tuple[Playout, ...]:
    """The game's EXAMPLES playouts in this test process (by its test id), made when a law first asks."""
    draws = random.SystemRandom()
    made = tuple(random_playout(game_labelled(name), draws.randrange(2**64)) for _ in range(EXAMPLES))
    # Kept to the end of the run: the collector need not walk their million objects again and again.
    gc.freeze()
    return made


Law = Callable[[Game, Playout], None]


def on_playouts(count: int = EXAMPLES) -> Callable[[Law], Callable[[Game], None]]:
    """A law checked on each of the first `count` playouts of the game, a failure naming its playout."""

    def checked(law: Law) -> Callable[[Game], None]:
        def test(game: Game) -> None:
            for play in run_playouts(label(game))[:count]:
                with play.named():
                    law(game, play)

        # Not functools.wraps: pytest would follow it to the law's arguments and look for a `play` fixture.
        test.__name__, test.__doc__ = law.__name__, law.__doc__
        return test

    return checked


def dumped(game: Game, state: State) -> str:
    """The state's JSON text: what the laws compare before and after (the views law checks the JSON itself)."""
    return json_text(game.to_json(state))


@per_game
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_setup_is_deterministic_and_ignores_global_random(game: Game, data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 2**62))
    seats = data.draw(st.sampled_from(seat_counts(game)))
    rnd = data.draw(st.randoms())
    options = {o.name: option_value(o, rnd) for o in game.options}
    random.seed(1)
    first = game.to_json(game.setup(seed, seats, options))
    random.seed(2)
    second = game.to_json(game.setup(seed, seats, options))
    assert first == second
    assert first["schema"] == game.schema


@per_game
def test_setup_refuses_bad_seat_counts_and_unknown_options(game: Game) -> None:
    unplayable = [n for n in range(game.min_seats - 1, game.max_seats + 2) if n not in seat_counts(game)]
    for seats in unplayable:
        with pytest.raises(IllegalAction):
            game.setup(7, seats, {})
    with pytest.raises(IllegalAction):
        game.setup(7, game.min_seats, {"no_such_option": "1"})


@per_game
@on_playouts()
def test_random_playouts_finish_within_bound(game: Game, play: Playout) -> None:
    outcome = game.outcome(play.states[-1])
    assert outcome is not None, f"{game.name} did not finish within {MAX_STEPS} moves"
    assert len(outcome.scores) == len(outcome.ranks) == play.seats
    assert all(1 <= rank <= play.seats for rank in outcome.ranks)
    assert outcome.winners() and outcome.reason


@per_game
@on_playouts()
def test_json_round_trip_at_every_step(game: Game, play: Playout) -> None:
    for state in play.states:
        data_out = game.to_json(state)
        back = game.from_json(json.loads(json.dumps(data_out)))
        assert game.to_json(back) == data_out
        assert game.to_act(back) == game.to_act(state)
        for seat in range(play.seats):
            assert game.legal_actions(back, seat) == game.legal_actions(state, seat)


@per_game
@on_playouts()
def test_apply_leaves_its_input_state_untouched(game: Game, play: Playout) -> None:
    replayed = play.game.setup(play.seed, play.seats, play.options)
    for n, (seat, action) in enumerate(play.moves, start=1):
        before = dumped(game, replayed)
        after = game.apply(replayed, seat, action, GameRandom(play.seed, n))
        assert dumped(game, replayed) == before, f"apply mutated its input at move {n}"
        replayed = after


@per_game
@on_playouts()
def test_no_dead_ends(game: Game, play: Playout) -> None:
    for state in play.states:
        to_act = game.to_act(state)
        if game.outcome(state) is not None:
            assert to_act == frozenset()
            assert all(game.legal_actions(state, s) == [] for s in range(play.seats))
            continue
        assert to_act, "the game is running but nobody may act"
        assert to_act <= set(range(play.seats))
        defaults = [game.default_action(state, seat) for seat in range(play.seats)]  # once each: some search
        # A seat that merely may act (to catch someone out) has no default; some seat always has one.
        assert any(defaults[seat] is not None for seat in to_act), "nobody must act"
        for seat in range(play.seats):
            legal = game.legal_actions(state, seat)
            default = defaults[seat]
            if seat in to_act:
                assert legal, f"seat {seat} may act but has no legal action"
                assert default is None or default.bare() in legal
            else:
                assert legal == [] and default is None


def unlisted_candidates(seat: int, legal_by_seat: list[list[Action]]) -> list[Action]:
    """Moves `seat` may not make now: made-up verbs, other seats' moves, legal moves with bad args."""
    legal = legal_by_seat[seat]
    candidates = [Action("no_such_verb"), Action("no_such_verb", (1, "x"))]
    for other, theirs in enumerate(legal_by_seat):
        if other != seat:
            candidates += theirs[:5]
    for action in legal[:5]:
        candidates += [
            Action(action.verb, (*action.args, 1)),
            Action(action.verb, (*action.args, "x")),
            Action(action.verb, tuple(-999_999 if isinstance(a, int) else "zz-no" for a in action.args)),
        ]
        if action.args:
            candidates.append(Action(action.verb, action.args[:-1]))
        else:
            candidates.append(Action(action.verb, (0,)))
    listed = set(legal)
    # Each distinct move once: other seats often share moves (two tourists' points), and asking twice proves nothing.
    return [c for c in dict.fromkeys(candidates) if c not in listed]


@per_game
@on_playouts()
def test_unlisted_actions_are_refused_and_change_nothing(game: Game, play: Playout) -> None:
    for n, state in enumerate(play.states, start=1):
        before = dumped(game, state)
        legal_by_seat = [game.legal_actions(state, seat) for seat in range(play.seats)]  # once per state, not per pair
        for seat in range(play.seats):
            for action in unlisted_candidates(seat, legal_by_seat):
                try:  # pytest.raises, without its cost (this loop runs a million times)
                    game.apply(state, seat, action, GameRandom(play.seed, n))
                except IllegalAction:
                    continue
                pytest.fail(f"seat {seat} may not {action} at step {n}, yet it was applied")
        assert dumped(game, state) == before


@per_game
@on_playouts()
def test_every_listed_action_is_accepted(game: Game, play: Playout) -> None:
    """What `legal_actions` lists, `apply` accepts (issue 20: a faster check beside the list must agree with it).

    Every fourth state of a playout, up to 12 of each acting seat's moves picked at random (all, when fewer).
    """
    pick = play.chooser("picks")
    for n, state in list(enumerate(play.states, start=1))[::4]:
        for seat in sorted(game.to_act(state)) if game.outcome(state) is None else ():
            legal = game.legal_actions(state, seat)
            for action in pick.sample(legal, min(12, len(legal))):
                try:
                    game.apply(state, seat, action.stamped(1_000 * n), GameRandom(play.seed, n))
                except IllegalAction as refused:
                    pytest.fail(f"seat {seat} was offered {action} at step {n}, then refused: {refused}")


@per_game
@on_playouts()
def test_replay_of_the_log_equals_the_state(game: Game, play: Playout) -> None:
    cut = play.chooser("cut").randint(0, len(play.moves))
    for upto in (cut, len(play.moves)):
        rebuilt = replay(game, play.seed, play.seats, play.options, play.rows(upto))
        assert dumped(game, rebuilt) == dumped(game, play.states[upto])


@per_game
@on_playouts()
def test_nothing_is_created_or_lost(game: Game, play: Playout) -> None:
    law = CONSERVATION.get(game.name)
    if law is None:
        pytest.fail(f"add a conservation law for {game.name} in tests/games/laws.py")
    components = law(play.states[0])
    assert components, "the conservation law counts nothing"
    for n, state in enumerate(play.states):
        assert law(state) == components, f"components changed after move {n}"


@per_game
@on_playouts()
def test_scrambling_what_a_seat_cannot_know_leaves_its_view_unchanged(game: Game, play: Playout) -> None:
    if game.name in OPEN_INFORMATION:  # nothing to scramble: nothing may be private beyond the seat's number
        for state in play.states:
            assert all(game.player_view(state, s)["private"] == {"seat": s} for s in range(play.seats))
        return
    scramble = SCRAMBLE.get(game.name)
    if scramble is None:
        pytest.fail(f"add a hidden-information scramble for {game.name} in tests/games/laws.py")
    rnd = play.chooser("scramble")
    changed = False
    for state in play.states:
        for seat in [None, *range(play.seats)]:
            scrambled = scramble(state, seat, rnd)
            if not changed:  # once one scramble changed something, the others need not be compared
                changed = dumped(game, scrambled) != dumped(game, state)
            assert game.player_view(scrambled, seat) == game.player_view(state, seat), f"seat {seat}"
    assert changed, f"the scramble for {game.name} never changed anything"


@per_game
@on_playouts(FEW)
def test_a_default_action_uses_nothing_its_seat_cannot_see(game: Game, play: Playout) -> None:
    """A timer move is the seat's own: scrambling what the seat may not see never changes it."""
    if game.name in OPEN_INFORMATION:
        return  # nothing is hidden, so nothing can leak into a default move
    scramble = SCRAMBLE[game.name]
    rnd = play.chooser("scramble")
    # A sample of the states keeps the law fast; each playout draws its own.
    for state in rnd.sample(play.states, min(DEFAULT_SAMPLE, len(play.states))):
        for seat in sorted(game.to_act(state)):
            default = game.default_action(state, seat)
            for _ in range(2):
                assert game.default_action(scramble(state, seat, rnd), seat) == default, f"seat {seat}"


@per_game
@on_playouts()
def test_views_share_one_public_part_and_spectators_get_no_secrets(game: Game, play: Playout) -> None:
    for state in play.states:
        public = game.player_view(state, None)
        assert public["private"] is None and public["legal"] == []
        views = [game.player_view(state, seat) for seat in range(play.seats)]
        for seat, view in enumerate(views):
            assert view["public"] == public["public"]
            assert [a["token"] for a in view["legal"]] == [a.token() for a in game.legal_actions(state, seat)]
        # Every view is JSON; the public part, equal in all, is written once.
        json.dumps([public, *({**view, "public": None} for view in views)])


@per_game
@on_playouts()
def test_every_legal_action_has_a_one_line_description(game: Game, play: Playout) -> None:
    offered = [a for state in play.states for seat in game.to_act(state) for a in game.legal_actions(state, seat)]
    for action in dict.fromkeys(offered):  # a description reads the move alone: each distinct move once
        text = game.describe(action)
        assert isinstance(text, str) and text.strip() and "\n" not in text
        assert Action.from_token(action.token()) == action


SHIPPED: list[Game] = [g for g in GAMES if g.name in REGISTRY]
"""The games players get (Relay, the test-only game in tests/support, has no `standing`)."""
per_shipped_game = pytest.mark.parametrize("game", SHIPPED, ids=[label(g) for g in SHIPPED])


def ranked_as(outcome: Outcome, lower_wins: bool) -> bool:
    """Whether every better score (lower when `lower_wins`) has a better place; equal scores may be tie-broken."""
    sign = 1 if lower_wins else -1
    pairs = [(a, b) for a in range(len(outcome.scores)) for b in range(len(outcome.scores))]
    return all(
        outcome.ranks[a] < outcome.ranks[b] for a, b in pairs if sign * outcome.scores[a] < sign * outcome.scores[b]
    )


@per_shipped_game
@on_playouts(FEW)
def test_standing_ranks_the_scores_so_far_and_is_the_outcome_once_over(game: Game, play: Playout) -> None:
    # lower_wins: whichever way the game ranks its final scores, it ranks every standing that way
    final = game.outcome(play.states[-1])
    assert final is not None
    directions = {d for d in (False, True) if ranked_as(final, d)}
    for n, state in enumerate(play.states):
        standing = game.standing(state)
        assert isinstance(standing, Outcome) and standing.reason, f"after move {n}"
        assert len(standing.scores) == len(standing.ranks) == play.seats, f"after move {n}"
        assert all(1 <= rank <= play.seats for rank in standing.ranks), f"after move {n}"
        outcome = game.outcome(state)
        if outcome is not None:
            assert (standing.scores, standing.ranks) == (outcome.scores, outcome.ranks), f"after move {n}"
            continue
        ranked = {d: Outcome.from_scores(standing.scores, standing.reason, lower_wins=d).ranks for d in directions}
        directions = {d for d, ranks in ranked.items() if ranks == standing.ranks}
        assert directions, (
            f"after move {n}: ranks {standing.ranks} don't follow scores {standing.scores} as the end does"
        )
