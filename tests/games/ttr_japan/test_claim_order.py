"""The public view lists the last claims in the order they were made, also after the state is stored and loaded."""

from __future__ import annotations

import json

from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import JapanState
from bot.games.ttr_japan.view import LAST_CLAIMS
from tests.rendering.test_ttr_japan import find


def stored(state: JapanState) -> JapanState:
    """The state through the stored text (keys sorted, as the games table keeps it)."""
    return TTR_JAPAN.from_json(json.loads(json.dumps(TTR_JAPAN.to_json(state), sort_keys=True)))


def test_the_last_claims_are_the_newest_in_order_after_a_reload() -> None:
    state = find(
        3, lambda s: len(s.claims) >= 8 and s.claim_order[-LAST_CLAIMS:] != sorted(s.claim_order[-LAST_CLAIMS:])
    )
    assert stored(state).claim_order == state.claim_order
    view = TTR_JAPAN.player_view(stored(state), None)["public"]
    assert [r for r, _seat, _bullet in view["last_claims"]] == state.claim_order[-LAST_CLAIMS:]
    assert all(state.claims[r] == seat for r, seat, _bullet in view["last_claims"])


def test_a_game_stored_before_the_order_was_kept_still_loads() -> None:
    state = find(2, lambda s: len(s.claims) >= 3)
    data = TTR_JAPAN.to_json(state)
    del data["claim_order"]
    loaded = TTR_JAPAN.from_json(json.loads(json.dumps(data, sort_keys=True)))
    assert loaded.claim_order == sorted(state.claims)
    assert len(TTR_JAPAN.player_view(loaded, None)["public"]["last_claims"]) == min(LAST_CLAIMS, len(state.claims))
