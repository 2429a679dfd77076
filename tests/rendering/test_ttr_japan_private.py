"""Ticket to Ride: Japan, a seat's own picture: readable on a phone in busy positions, centred on the seat's tickets."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import JapanState
from rendering.canvas import PHONE_WIDTH, smallest_text_allowed, text_sizes
from rendering.ttr_japan import crop as crops
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan import private
from rendering.ttr_japan.regions import region_box

NAMES = ["Alexandrina", "Bartholomew", "Chloé-Maëlle", "Dmitri", "Evangeline"]


def ticket_hungry_playout(seed: int) -> Iterator[JapanState]:
    """A five-seat game of random moves that draws tickets often (so hands of tickets grow long), state by state."""
    rnd = random.Random(seed)
    state = TTR_JAPAN.setup(seed, 5, {})
    step = 0
    while not state.finished and step < 2_000:
        seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
        legal = TTR_JAPAN.legal_actions(state, seat)
        tickets = [a for a in legal if a.verb in ("tickets", "keep")]
        action = rnd.choice(tickets if tickets and rnd.random() < 0.4 else legal)
        step += 1
        state = TTR_JAPAN.apply(state, seat, action, GameRandom(seed, step))
        yield state


def busy_views(seed: int) -> Iterator[dict[str, Any]]:
    """Every seat's view at the start, mid-game, late in the game and at the end."""
    states = list(ticket_hungry_playout(seed))
    for at in (0, len(states) // 2, len(states) * 9 // 10, len(states) - 1):
        for seat in range(5):
            yield TTR_JAPAN.player_view(states[at], seat)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seats_own_picture_reads_on_a_phone_in_busy_games(seed: int) -> None:
    most_tickets = 0
    for view in busy_views(seed):
        with text_sizes() as sizes:
            image = private.private_picture(view, NAMES)
        assert sizes and min(sizes) >= private.SMALLEST_TEXT
        assert min(sizes) >= smallest_text_allowed(image.width), f"{min(sizes) * PHONE_WIDTH / image.width:.1f} px"
        most_tickets = max(most_tickets, len(view["private"]["tickets"]))
    assert most_tickets >= 8, "the busy positions hold long ticket lists"


def test_the_crop_is_round_the_tickets_cities() -> None:
    board = japan()
    north = private.crop_box(private.ticket_places(board, ["Hakodate", "Sendai"]).values())
    box = region_box("north")
    assert box[0] - 100 <= north[0] and north[2] <= box[2] + 100, "Hakodate – Sendai: the north only"
    assert north[2] - north[0] <= private.WIDTH / private.MAX_ZOOM * 1.5
    whole = private.crop_box(private.ticket_places(board, ["Nagasaki", "Hakodate"]).values())
    assert whole[2] - whole[0] > 900, "a ticket across Japan shows it all"


def test_a_city_drawn_twice_is_shown_where_the_other_ticket_cities_are() -> None:
    board = japan()
    [in_tokyo] = [p for p in board.cities["Tokyo"].places if p.area == "tokyo"]
    [on_main] = [p for p in board.cities["Tokyo"].places if p.area == "main"]
    assert private.ticket_places(board, ["Tokyo", "Shinjuku"])["Tokyo"] == tmap.place_px(in_tokyo)
    assert private.ticket_places(board, ["Tokyo", "Sendai"])["Tokyo"] == tmap.place_px(on_main)


def test_the_routes_on_the_way_avoid_others_claims_and_reuse_ones_own() -> None:
    board = japan()
    [kyoto_osaka, *_] = [r.id for r in board.routes.values() if {r.a, r.b} == {"Kyoto", "Osaka"}]
    twins = {r.id for r in board.routes.values() if {r.a, r.b} == {"Kyoto", "Osaka"}}
    ticket = {"from": "Kyoto", "to": "Osaka", "points": 1, "done": False}
    mine = {"seat": 0, "tickets": [ticket], "offer": []}
    assert private.needed_routes(board, mine, {}) & twins
    assert not private.needed_routes(board, mine, {kyoto_osaka: 0}), "already joined by my own claim"
    taken = {r: 1 for r in twins}
    detour = private.needed_routes(board, mine, taken)
    assert detour and not detour & twins, "another seat's claims close the way"


def test_every_claim_shown_is_tagged_with_its_seat_number(monkeypatch: pytest.MonkeyPatch) -> None:
    state = list(ticket_hungry_playout(4))[-1]
    view = TTR_JAPAN.player_view(state, 2)
    tags: list[tuple[str, bool]] = []
    drawn = crops.tag

    def noted(draw: Any, box: Any, text: str, fill: Any, claim: bool) -> None:
        tags.append((text, claim))
        drawn(draw, box, text, fill, claim)

    monkeypatch.setattr(crops, "tag", noted)
    private.private_picture(view, NAMES)
    claims = [text for text, claim in tags if claim]
    assert claims and set(claims) <= {str(seat + 1) for seat in range(5)}
    assert len(claims) <= len(view["public"]["claims"])
