"""Toyko Train's laws for the contract suite: what is conserved, and how to scramble what a seat can't know."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.toyko_train.data import words_file
from bot.games.toyko_train.state import ToykoState, team_of


def toyko_components(state: ToykoState) -> Counter[tuple[str, int]]:
    """Each team's tourists (one per seat of the compartment) and its seven words: none created or lost."""
    found: Counter[tuple[str, int]] = Counter()
    for team, seating in enumerate(state.seatings):
        found[("tourists", team)] += len(seating)
        found[("words", team)] += len(set(state.words[team]))
    return found


def toyko_scramble(state: ToykoState, seat: int | None, rnd: random.Random) -> ToykoState:
    """A new target unless `seat` conducts; other teams' words dealt anew from the words nobody holds."""
    new = state.copy()  # shares only the words, which the scramble replaces rather than changes
    new.events = list(state.events)  # a copy starts the next move's log; a view shows this move's
    own = None if seat is None else team_of(seat)
    conducting = seat is not None and new.conductor(own or 0) == seat
    if not conducting and not new.finished:
        tourists = list(new.target)
        rnd.shuffle(tourists)
        while tourists in new.starts:  # a target is never a start: keep the state one the game could reach
            rnd.shuffle(tourists)
        new.target = tourists
    taken = {w for team, words in enumerate(new.words) if team == own for w in words}
    free = [w for w in (*words_file().words, words_file().cancel_word) if w not in taken]
    rnd.shuffle(free)
    new.words = [words if team == own else [free.pop() for _ in words] for team, words in enumerate(new.words)]
    return new
