"""The state itself: `successor`, the copy every move starts from, carries every field."""

from __future__ import annotations

import dataclasses

from bot.games.mexican_train.state import MexicanState
from tests.games.mexican_train.position import arrange, code, play

LOG = {"events", "new_cycle", "ended_round", "blocking_draw"}
"""What the last move caused: cleared in the successor, to be written by the next move."""


def test_successor_copies_every_field_but_the_last_moves_log() -> None:
    state = play(arrange(hands={0: ["12-5", "5-3"], 1: ["6-6"], 2: ["8-8"]}), 0, "12-5", 0)
    assert state.events  # "… has one tile left."
    new = state.successor()
    for field in dataclasses.fields(MexicanState):  # an unset slot would raise AttributeError here
        if field.name not in LOG:
            assert getattr(new, field.name) == getattr(state, field.name), field.name
    assert (new.events, new.new_cycle, new.ended_round, new.blocking_draw) == ([], False, None, None)
    assert new.hands[0] == [code("5-3")]
