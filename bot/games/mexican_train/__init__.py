"""Mexican Train (double-twelve dominoes, 2–8 players): the game object the registry holds.

Where RULINGS.md and rules/mexican_train.txt are silent, we chose:
- A round is blocked as soon as the boneyard is empty and no hand has a tile that fits any train end,
  even were every train open: from then on only passes could follow, so the scores are final.
- Another player's empty train, once its owner's marker is on it, may be started by anyone with a
  tile matching the engine, like any open train.
- Fast start: the chain is on your own train only; it begins with your first tile there on your
  first turn of the round; a double in it must be covered before you may say `done`. A player whose
  first turn must cover someone else's double covers it and ends their turn.
- A player who drew and must cover their own double may draw again for it (the rules text asks for a
  draw after placing the double).
- The timer's default move plays the legal tile worth the most penalty points (blanks count 25),
  so an absent player sheds what would cost them most (knocking with it, under last_tile=manual); else draw;
  else pass.
- A timeout's `skip` is the rules' turn without a play: draw once (if the boneyard has a tile and this turn
  has not drawn), then pass with your train open, even if a tile would fit; mid fast start, it ends the start.
- Last tile, manual: you knock with the play that leaves you one tile (the rules' moment). A player who played
  it without knocking may still knock late, until someone catches them or the next player acts; the chance
  to catch ends too as soon as they hold more than one tile again (a draw for their own double).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import JSON, Action, IllegalAction, Option, Outcome, resolve_options, seat_mark
from bot.games.mexican_train import deal, rules, tiles, view
from bot.games.mexican_train.rules import KNOCKING
from bot.games.mexican_train.state import SCHEMA, MexicanState
from bot.games.mexican_train.typed import typed_tile
from bot.games.mexican_train.words import retold
from bot.games.rng import GameRandom
from bot.i18n import N_, _, pgettext

_ALONE = tuple(frozenset({seat}) for seat in range(8))
"""`to_act` of each seat's turn, made once."""


class MexicanTrain:
    """The Mexican Train rules, written against the game contract."""

    name = "mexican_train"
    title = "Mexican Train"
    min_seats = 2
    max_seats = 8
    schema = SCHEMA
    lower_scores_win = True  # pip totals: tournament tiebreaks favour the lower sum
    options = (
        Option(
            "mode", "single", N_("`single`: one hand; `rounds`: 13 hands, engine 12-12 to 0-0"), ("single", "rounds")
        ),
        Option(
            "fast_start", False, N_("on your first turn of a round, play as many tiles on your own train as you like")
        ),
        Option(
            "last_tile", "auto", N_("`auto`: I announce a last tile; `manual`: knock or be caught"), ("auto", "manual")
        ),
    )

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> MexicanState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(_("Mexican Train takes 2 to 8 players."))
        chosen = resolve_options(self.options, options)
        rounds = deal.ROUNDS_MATCH if chosen["mode"] == "rounds" else 1
        state = MexicanState(
            mode=chosen["mode"],
            fast_start=chosen["fast_start"],
            manual_knock=chosen["last_tile"] == "manual",
            rounds=rounds,
            round=1,
            engine=tiles.HIGH,
            engine_from=None,
            leader=0,
            hands=[[] for _seat in range(seats)],
            boneyard=[],
            trains=[],
            markers=[],
            mexican=None,
            turn=0,
            totals=[0] * seats,
        )
        rng = GameRandom(seed, 0)
        if rounds > 1:
            deal.deal_rounds(state, 1, rng)
        else:
            deal.deal_single(state, rng)
        return state

    def to_act(self, state: MexicanState) -> frozenset[int]:
        if state.knock is None:  # no catch window (nearly always): just the turn, without the call
            return frozenset() if state.finished else _ALONE[state.turn]
        if state.finished:
            return frozenset()
        if rules.catchable(state) is not None:
            return frozenset(range(state.seats))  # the offender may knock, anyone else may catch
        return _ALONE[state.turn]

    # The rules' own functions, not wrappers: each is called on every move, and a wrapper's call costs.
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def default_action(self, state: MexicanState, seat: int) -> Action | None:
        if state.finished or seat != state.turn:
            return None  # knocking and catching are never forced on anyone
        legal = rules.turn_actions(state, seat)
        placements = [a for a in legal if a.verb == "play"]
        if placements:
            # Shed the costliest tile; an absent player knocks with it rather than be caught.
            return max(placements, key=lambda a: (tiles.score(tiles.parse(str(a.args[0])) or 0), rules.knocks(a)))
        return legal[0]

    def skip_action(self, state: MexicanState, seat: int) -> Action | None:
        """A timeout's `skip`: draw once and pass, opening your train (README: the game's skip)."""
        return rules.skip_action(state, seat)

    def player_view(self, state: MexicanState, seat: int | None) -> dict[str, JSON]:
        return view.player_view(state, seat)

    def outcome(self, state: MexicanState) -> Outcome | None:
        if not state.finished:
            return None
        last = state.history[-1]
        if state.mode == "rounds":
            reason = _("all {rounds} rounds played").format(rounds=state.rounds)
        elif last.went_out is not None:
            reason = _("{seat} went out").format(seat=seat_mark(last.went_out))
        else:
            reason = _("the round was blocked")
        return Outcome.from_scores(state.totals, reason, lower_wins=True)

    def standing(self, state: MexicanState) -> Outcome:
        """Finished rounds' totals plus the pips (blanks 25) left in each hand in the round being played."""
        over = self.outcome(state)
        if over is not None:
            return over
        scores = [t + s for t, s in zip(state.totals, rules.hand_scores(state), strict=True)]
        return Outcome.from_scores(scores, pgettext("mexican train", "the game was closed early"), lower_wins=True)

    def describe(self, action: Action) -> str:
        return view.describe(action)

    def narrate(self, state: MexicanState) -> tuple[str, ...]:
        return tuple(retold(event) for event in state.events)

    def to_json(self, state: MexicanState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> MexicanState:
        return MexicanState.from_json(data)


MEXICAN_TRAIN = MexicanTrain()

__all__ = [
    "KNOCKING",
    "MEXICAN_TRAIN",
    "retold",
    "typed_tile",
]
"""The Discord layer's only door into this game (tests/test_architecture.py): the game object and its view helpers."""
