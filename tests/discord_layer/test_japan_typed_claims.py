"""/ttr claim typed by hand (city names, a track's colour) and the My hand menu when it can't hold every route."""

from __future__ import annotations

import pytest

from bot.engine import Update
from bot.engine.update import SeatInfo
from bot.games.ttr_japan import TTR_JAPAN
from bot.ui.messages import SELECT_LIMIT
from bot.ui.presenters import presenter_for
from tests.discord_layer.japan_table import (
    JapanTable,
    japan_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import response_text, text_of
from tests.games.ttr_japan.position import route, set_hand, started

AOMORI_BULLET = route("Aomori", "Hakodate", "gray")


async def claim_typed(japan: JapanTable, **options: str) -> tuple[str, Update]:
    """alice, on her first turn, types a claim: the answer, and the game after it."""
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    answer = await japan.ttr(japan.alice, "claim", **options)
    assert answer.ephemeral
    return response_text(answer), await japan.current()


@pytest.mark.usefixtures("text_only")
async def test_typed_route_names_with_hyphenated_cities_are_recognised(japan: JapanTable) -> None:
    said, after = await claim_typed(japan, route="Kita-Senju to Ueno")
    assert "There's no route called" not in said
    kita_senju = {route("Kita-Senju", "Ueno", "red").id, route("Kita-Senju", "Ueno", "white").id}
    claimed = {r for r, _seat, _bullet in after.public["public"]["claims"]}
    assert claimed & kita_senju or "You need 2 " in said, said


@pytest.mark.usefixtures("text_only")
async def test_a_colour_named_for_a_route_with_two_tracks_picks_the_track_it_pays(japan: JapanTable) -> None:
    said, after = await claim_typed(japan, route="Aomori - Hakodate", colour="red")
    assert "not red" not in said, "red pays the gray Bullet Train track, not the white one"
    claims = after.public["public"]["claims"]
    assert [AOMORI_BULLET.id, 0, True] in claims or "You need 2 red cards" in said, said


@pytest.mark.usefixtures("text_only")
async def test_the_gray_bullet_train_track_is_reached_by_typed_city_names(japan: JapanTable) -> None:
    said, after = await claim_typed(japan, route="Aomori - Hakodate gray")
    assert "There's no route called" not in said
    claims = after.public["public"]["claims"]
    assert [AOMORI_BULLET.id, 0, True] in claims or "You need 2 " in said, said


def test_the_hand_says_how_many_claimable_routes_the_menu_leaves_out() -> None:
    rich = {"red": 4, "white": 4, "blue": 4, "green": 4, "black": 4, "orange": 4, "pink": 4, "yellow": 4}
    state = set_hand(started(), 0, {**rich, "locomotive": 4})
    view = TTR_JAPAN.player_view(state, 0)
    update = Update(1, 2, "ttr_japan", "Ticket to Ride: Japan", 3, (SeatInfo(0, 10, "alice"),), view, actor_view=view)
    presenter = presenter_for("ttr_japan")
    routes = {t["token"].split(",")[1] for t in view["legal"] if t["token"].startswith('["claim"')}
    others = sum(1 for t in view["legal"] if not t["token"].startswith('["claim"'))
    left_out = others + len(routes) - SELECT_LIMIT
    assert left_out > 1 and len(presenter.menu_moves(update, view)) == SELECT_LIMIT
    shown = text_of(_Embedded(presenter.hand_embed(update, view)))
    assert f"{left_out} more routes you can claim don't fit in the menu: type `/ttr claim` and a city" in shown


class _Embedded:
    """A message-shaped holder for one embed, for `text_of`."""

    def __init__(self, embed: object) -> None:
        self.content = ""
        self.embeds = [embed]
