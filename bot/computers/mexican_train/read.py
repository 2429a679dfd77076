"""Mexican Train's reading of the other hands: guesses weighed by how well they explain the way each seat played.

A random deal of the unseen tiles misjudges a player who keeps its own train's line and sends its other tiles
elsewhere: such a hand holds far more of its line, and far fewer tiles for the Mexican Train, than a random one. So
the strong player reads each other seat's recent decisions from the round's public moves (the table as it was, the
tile it chose) and weighs each guessed hand by whether the normal player, holding it, would have chosen alike.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.computers.base import Budget, Seen
from bot.computers.mexican_train.plan import ROLLOUT_NODES, ranked
from bot.computers.mexican_train.sample import known_state, unseen
from bot.games.mexican_train import rules, tiles
from bot.games.mexican_train.state import CHAINED, DRAWN, MEXICAN, TOOK, MexicanState

GUESSES, RECENT, ASTRAY = 200, 4, 0.05
"""Hands guessed per other seat; how many of its latest decisions weigh them; the weight a guess keeps for each
decision it does not explain (others are not always our normal player, so no guess is ruled out)."""
SHARE = 0.25
"""At most this share of a budget in seconds goes to reading (the playouts need the rest): fewer guesses then."""
READING_SEATS = 2
"""Reading pays at a table of two, where a guess of the one other hand fixes every unseen tile. With more seats the
guesses, made for each seat apart, compete for the same tiles, and joining them measured worse than plain random
deals (one strong against three normal, 1,000 playouts: 17 of 60 games won, against 21 of 60 without reading)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision another seat made: the table before it, the hand counts, the tiles it has played since (from the
    hand it held then), and its choice (a tile and train; None when it had nothing to play and drew)."""

    table: MexicanState
    counts: list[int]
    played_since: list[int]
    chose: tuple[int, int] | None


def decisions(state: MexicanState, counts: list[int], seat: int, drawing: int | None) -> list[Decision]:
    """The seat's latest decisions (at most RECENT) since it last took tiles nobody saw, the latest first.

    Walks the round's moves back from the table now, taking each placed tile off its train's end. `drawing`: the
    seat holding a tile it just drew and has still to play (not yet in the moves)."""
    trains = [list(t) for t in state.trains]
    mexican = list(state.mexican or [])
    counts = list(counts)
    if drawing is not None:
        counts[drawing] -= 1
    played: list[int] = []  # the seat's tiles placed after the move being undone, from its hand
    found: list[Decision] = []
    for move in reversed(state.moves):
        if len(found) == RECENT:
            break
        if move.how == TOOK:
            if move.seat == seat:
                break  # before this, its hand held tiles we cannot account for
            counts[move.seat] -= move.took
            continue
        (mexican if move.train == MEXICAN else trains[move.train]).pop()
        counts[move.seat] += move.how != DRAWN  # a drawn tile was not in the hand before the draw either
        if move.seat != seat:
            continue
        if move.how == CHAINED:
            played.append(move.tile)
            continue
        table = state.successor()
        table.trains = [list(t) for t in trains]
        table.mexican = list(mexican) if mexican else None
        table.markers = list(move.markers)
        table.double_train, table.drawn, table.chain, table.knock = move.double, None, False, None
        table.turn = seat
        if move.how == DRAWN:
            found.append(Decision(table, list(counts), list(played), None))
        else:
            played.append(move.tile)
            found.append(Decision(table, list(counts), list(played), (move.tile, move.train)))
    return found


def explained(decision: Decision, hand: list[int], seat: int) -> bool:
    """Whether the normal player, holding `hand` (and the tiles it has played since), would have decided alike."""
    table = decision.table.successor()
    hands = list(table.hands)
    hands[seat] = sorted(hand + decision.played_since)
    table.hands = hands
    legal = rules.legal_actions(table, seat)
    if decision.chose is None:
        return not any(a.verb == "play" for a in legal)
    best = ranked(table, decision.counts, seat, legal, ROLLOUT_NODES)[0]
    if best.verb != "play":
        return False
    key = rules.train_key(best.args[1])
    return (tiles.CODES[str(best.args[0])], MEXICAN if key is None else key) == decision.chose


@dataclass
class Reading:
    """Weighed guesses of each other seat's hand, made once a decision; `sample` deals full states from them."""

    seen: Seen
    guesses: dict[int, tuple[list[list[int]], list[float]]]

    @classmethod
    def of(cls, seen: Seen, rng: random.Random, budget: Budget) -> Reading:
        """Guess the other hand GUESSES times from the unseen tiles and weigh the guesses by its decisions (fewer
        guesses once SHARE of the budget's seconds is spent); at a bigger table, no guesses (random deals)."""
        if seen.seats > READING_SEATS:
            return cls(seen, {})
        state, counts = known_state(seen)
        pool = unseen(state, seen.seat)
        drawing = state.turn if seen.public["drew"] else None
        read = {other: decisions(state, counts, other, drawing) for other in range(seen.seats) if other != seen.seat}
        guesses: dict[int, tuple[list[list[int]], list[float]]] = {other: ([], []) for other in read if read[other]}
        seconds = None if budget.seconds is None else budget.seconds * SHARE
        clock = Budget(playouts=GUESSES, seconds=seconds, cpu=budget.cpu).clock()
        while clock.more():
            clock.spend()
            for other, (hands, weights) in guesses.items():
                hand = _dealt(state, other, counts[other], pool, rng)
                hands.append(hand)
                weights.append(ASTRAY ** sum(not explained(d, hand, other) for d in read[other]))
        return cls(seen, guesses)

    def sample(self, seen: Seen, rng: random.Random) -> MexicanState:
        """A full state of this round: each other hand one of its guesses, chosen by weight (the tiles an earlier
        hand of this deal took made up at random), the rest of the unseen tiles the boneyard in random order."""
        state, counts = known_state(seen)
        pool = unseen(state, seen.seat)
        rng.shuffle(pool)
        hands = list(state.hands)
        for other in rng.sample(range(seen.seats), seen.seats):
            if other == seen.seat:
                continue
            if other in self.guesses:
                guessed, weights = self.guesses[other]
                left = set(pool)
                hand = [t for t in rng.choices(guessed, weights)[0] if t in left]
                rest = [t for t in pool if t not in hand]
                hand += _dealt(state, other, counts[other] - len(hand), rest, rng)
            else:
                hand = _dealt(state, other, counts[other], pool, rng)
            dealt = set(hand)
            hands[other], pool = sorted(hand), [t for t in pool if t not in dealt]
        state.hands, state.boneyard = hands, pool
        return state


def _dealt(state: MexicanState, seat: int, count: int, pool: list[int], rng: random.Random) -> list[int]:
    """`count` tiles of the pool at random; without the seat's open end while its marker is out, if it can be.

    A player whose marker is out passed for want of a tile, and would have taken it back as soon as one fitted."""
    shuffled = rng.sample(pool, len(pool))
    if not state.markers[seat]:
        return shuffled[:count]
    lacking = tiles.WITH[rules.open_end(state, seat)]
    hand = [t for t in shuffled if t not in lacking][:count]
    return hand + [t for t in shuffled if t in lacking][: count - len(hand)]
