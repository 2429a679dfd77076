"""Relay: a tiny test-only game with a hidden hand, random draws and a simultaneous secret bid.

Each round every seat takes one turn (play a card from hand for its points, draw a card, or pass
when it can do neither), then everyone with cards bids one card at once, in secret; the single
highest bid scores 5. After `rounds` rounds the highest score wins. Not shipped to players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import JSON, Action, IllegalAction, Option, Outcome, make_view, resolve_options, seat_mark
from bot.games.rng import GameRandom

BID_BONUS = 5
HAND_LIMIT = 6


@dataclass(slots=True)
class RelayState:
    """Everything about a game of Relay."""

    hands: list[list[int]]
    pool: list[int]
    played: list[list[int]]
    bonus: list[int]
    discards: list[int]
    rounds: int
    round: int = 1
    phase: str = "turns"
    turn: int = 0
    turns_taken: int = 0
    bids: dict[int, int] = field(default_factory=dict)
    last_bids: dict[int, int] = field(default_factory=dict)

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def finished(self) -> bool:
        return self.round > self.rounds

    def score(self, seat: int) -> int:
        return sum(self.played[seat]) + self.bonus[seat]


class RelayGame:
    """The Relay rules, written against the game contract."""

    name = "relay"
    title = "Relay (test game)"
    min_seats = 1
    max_seats = 6
    schema = 1
    options = (
        Option("rounds", 3, "rounds to play", minimum=1, maximum=6),
        Option("hand", 3, "cards dealt to each player", minimum=1, maximum=5),
    )

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> RelayState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction("Relay takes 1 to 6 players.")
        chosen = resolve_options(self.options, options)
        rng = GameRandom(seed, 0)
        pool = list(range(1, 8 * seats + 9))
        hands = []
        for _ in range(seats):
            hand = []
            for _ in range(chosen["hand"]):
                hand.append(pool.pop(rng.randint(0, len(pool) - 1)))
            hands.append(sorted(hand))
        return RelayState(
            hands=hands,
            pool=pool,
            played=[[] for _ in range(seats)],
            bonus=[0] * seats,
            discards=[],
            rounds=chosen["rounds"],
        )

    def to_act(self, state: RelayState) -> frozenset[int]:
        if state.finished:
            return frozenset()
        if state.phase == "turns":
            return frozenset({state.turn})
        return frozenset(s for s in range(state.seats) if state.hands[s] and s not in state.bids)

    def legal_actions(self, state: RelayState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        hand = state.hands[seat]
        if state.phase == "bid":
            return [Action("bid", (card,)) for card in hand]
        actions = [Action("play", (card,)) for card in hand]
        if state.pool and len(hand) < HAND_LIMIT:
            actions.append(Action("draw"))
        return actions or [Action("pass")]

    def _refusal(self, state: RelayState, seat: int) -> str:
        """Why `seat` can't make a move that isn't listed."""
        if state.finished:
            return "The game is over."
        if state.phase == "turns" and seat != state.turn:
            return f"It's not your turn — waiting for {seat_mark(state.turn)}."
        if state.phase == "bid" and seat in state.bids:
            return "You've already bid this round."
        return "That move isn't allowed now."

    def apply(self, state: RelayState, seat: int, action: Action, rng: GameRandom) -> RelayState:
        if action.bare() not in self.legal_actions(state, seat):
            raise IllegalAction(self._refusal(state, seat))
        new = self.from_json(self.to_json(state))
        if action.verb == "bid":
            card = int(action.args[0])
            new.hands[seat].remove(card)
            new.bids[seat] = card
            if not self.to_act(new):
                self._resolve_bids(new)
                rng.mark_revealed()  # every secret bid is now public: no undo past this point
            return new
        if action.verb == "play":
            card = int(action.args[0])
            new.hands[seat].remove(card)
            new.played[seat].append(card)
        elif action.verb == "draw":
            card = new.pool.pop(rng.randint(0, len(new.pool) - 1))
            new.hands[seat] = sorted([*new.hands[seat], card])
        new.turn = (new.turn + 1) % new.seats
        new.turns_taken += 1
        if new.turns_taken == new.seats:
            new.phase = "bid"
            if not self.to_act(new):
                self._resolve_bids(new)
        return new

    def _resolve_bids(self, state: RelayState) -> None:
        """Reveal the bids, pay the single highest, and start the next round."""
        if state.bids:
            best = max(state.bids.values())
            leaders = [s for s, card in state.bids.items() if card == best]
            if len(leaders) == 1:
                state.bonus[leaders[0]] += BID_BONUS
        # In seat order, not bidding order: the stored text sorts keys, so a state reloaded mid-bid (a restart,
        # a cache miss) must resolve the same as the one kept in memory, or it drifts from its replay.
        bids = dict(sorted(state.bids.items()))
        state.discards.extend(bids.values())
        state.last_bids, state.bids = bids, {}
        state.round += 1
        state.phase, state.turns_taken = "turns", 0
        state.turn = (state.round - 1) % state.seats

    def default_action(self, state: RelayState, seat: int) -> Action | None:
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        cards = [a for a in legal if a.verb in ("play", "bid")]
        if not cards:
            return legal[0]
        pick = min if state.phase == "bid" else max
        return pick(cards, key=lambda a: int(a.args[0]))

    def player_view(self, state: RelayState, seat: int | None) -> dict[str, JSON]:
        public = {
            "round": min(state.round, state.rounds),
            "rounds": state.rounds,
            "phase": state.phase,
            "turn": state.turn,
            "scores": [state.score(s) for s in range(state.seats)],
            "played": [list(p) for p in state.played],
            "hand_counts": [len(h) for h in state.hands],
            "pool": len(state.pool),
            "bid_placed": sorted(state.bids),
            "last_bids": {str(s): c for s, c in sorted(state.last_bids.items())},
        }
        private = None
        if seat is not None:
            private = {"hand": list(state.hands[seat]), "bid": state.bids.get(seat)}
        legal = [] if seat is None else self.legal_actions(state, seat)
        if state.finished:
            prompt = "The game is over."
        elif state.phase == "bid":
            prompt = "Everyone bids one card in secret."
        else:
            prompt = "Play a card, draw, or pass."
        return make_view(public, private, prompt, legal, self.label)

    def outcome(self, state: RelayState) -> Outcome | None:
        if not state.finished:
            return None
        return Outcome.from_scores([state.score(s) for s in range(state.seats)], "all rounds played")

    def standing(self, state: RelayState) -> Outcome:
        return self.outcome(state) or Outcome.from_scores([state.score(s) for s in range(state.seats)], "stopped")

    def label(self, action: Action) -> str:
        """How a move reads in its owner's own menu (a bid shows its card there, and only there)."""
        return f"bid {action.args[0]}" if action.verb == "bid" else self.describe(action)

    def describe(self, action: Action) -> str:
        if action.verb == "play":
            return f"plays {action.args[0]}"
        if action.verb == "bid":
            return "places a secret bid"
        if action.verb == "draw":
            return "draws a card"
        return "passes"

    def narrate(self, state: RelayState) -> tuple[str, ...]:
        return ()

    def to_json(self, state: RelayState) -> dict[str, JSON]:
        return {
            "schema": self.schema,
            "hands": [list(h) for h in state.hands],
            "pool": list(state.pool),
            "played": [list(p) for p in state.played],
            "bonus": list(state.bonus),
            "discards": list(state.discards),
            "rounds": state.rounds,
            "round": state.round,
            "phase": state.phase,
            "turn": state.turn,
            "turns_taken": state.turns_taken,
            "bids": {str(s): c for s, c in state.bids.items()},
            "last_bids": {str(s): c for s, c in state.last_bids.items()},
        }

    def from_json(self, data: Mapping[str, JSON]) -> RelayState:
        return RelayState(
            hands=[list(h) for h in data["hands"]],
            pool=list(data["pool"]),
            played=[list(p) for p in data["played"]],
            bonus=list(data["bonus"]),
            discards=list(data["discards"]),
            rounds=data["rounds"],
            round=data["round"],
            phase=data["phase"],
            turn=data["turn"],
            turns_taken=data["turns_taken"],
            bids={int(s): c for s, c in data["bids"].items()},
            last_bids={int(s): c for s, c in data["last_bids"].items()},
        )


RELAY = RelayGame()
