"""The Next Station Tokyo renderer: sheet and overview images built from views of real games."""

from __future__ import annotations

import copy
import io
import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

import rendering
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.next_station_tokyo.data import COLOURS, district_words, segment, tokyo_map
from bot.games.next_station_tokyo.state import TokyoState
from bot.games.rng import GameRandom
from rendering.next_station_tokyo import geometry as nst_geometry
from rendering.next_station_tokyo import look as nst_look
from rendering.next_station_tokyo import map as nst_map
from rendering.next_station_tokyo import pictures as renderer
from rendering.next_station_tokyo import scores as nst_scores
from rendering.next_station_tokyo import text as nst_text
from tests.rendering import pngs

MAX_BYTES = 500_000
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")
EVERYTHING = {"effects": "on", "objectives": "on"}
Point = tuple[float, float]


def play_until(
    seed: int, seats: int, done: Callable[[TokyoState], bool], options: dict[str, Any] | None = None
) -> TokyoState:
    """A game of random legal moves from `seed`, stopped at the first state where `done` holds (or at its end)."""
    rnd = random.Random(seed)
    state = NEXT_STATION_TOKYO.setup(seed, seats, options or {})
    step = 0
    while not state.finished and not done(state):
        seat = rnd.choice(sorted(NEXT_STATION_TOKYO.to_act(state)))
        step += 1
        action = rnd.choice(NEXT_STATION_TOKYO.legal_actions(state, seat))
        state = NEXT_STATION_TOKYO.apply(state, seat, action, GameRandom(seed, step))
    return state


def mid_game(seats: int, options: dict[str, Any] | None = None) -> TokyoState:
    """A position in the second round or later, with a card up and someone still choosing."""
    return play_until(5, seats, lambda s: s.round >= 2 and s.card is not None and bool(s.waiting), options)


def finished(seats: int, options: dict[str, Any] | None = None) -> TokyoState:
    """A game played to its end."""
    state = play_until(3, seats, lambda s: False, options)
    assert state.finished
    return state


def png(view: dict[str, Any], names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The view rendered through the registry."""
    return pngs.png("next_station_tokyo", view, names)


def check_png(data: bytes) -> Image.Image:
    """A valid, small PNG of the renderer's width, nothing cut off at the bottom."""
    image = pngs.opened(data, MAX_BYTES)
    assert image.width == renderer.WIDTH
    assert 600 < image.height < nst_look.MAX_HEIGHT
    return image


def differ(a: bytes, b: bytes) -> bool:
    """Whether two PNGs show different pictures."""
    first, second = (Image.open(io.BytesIO(d)).convert("RGB") for d in (a, b))
    return first.size != second.size or ImageChops.difference(first, second).getbbox() is not None


def has_colour(image: Image.Image, at: Point, colour: tuple[int, int, int], reach: int = 4) -> bool:
    """Whether any pixel within `reach` of `at` is exactly `colour`."""
    x, y = round(at[0]), round(at[1])
    box = image.crop((x - reach, y - reach, x + reach + 1, y + reach + 1)).convert("RGB")
    return any(pixel == colour for pixel in box.get_flattened_data())


def midpoint(a: str, b: str, cell: int = renderer.SHEET_CELL) -> Point:
    """The pixel halfway along a section on a map of `cell` pixels per lattice unit."""
    grid, board = renderer.Grid(cell), tokyo_map()
    (x0, y0), (x1, y1) = grid.station(board, a), grid.station(board, b)
    return (x0 + x1) / 2, (y0 + y1) / 2


# --- whole pictures ----------------------------------------------------------------------------


def test_registered() -> None:
    assert rendering.has_renderer("next_station_tokyo")
    assert rendering.RENDERERS["next_station_tokyo"] is renderer.render_next_station_tokyo


def test_start_sheet_and_overview() -> None:
    state = NEXT_STATION_TOKYO.setup(1, 3, {})
    check_png(png(NEXT_STATION_TOKYO.player_view(state, 0)))
    check_png(png(NEXT_STATION_TOKYO.player_view(state, None)))


@pytest.mark.parametrize("seats", [1, 4, 8])
@pytest.mark.parametrize("options", [{}, EVERYTHING])
def test_mid_game_sheets_and_overview(seats: int, options: dict[str, Any]) -> None:
    state = mid_game(seats, options)
    assert not state.finished
    for seat in {state.waiting[0], seats - 1}:
        check_png(png(NEXT_STATION_TOKYO.player_view(state, seat)))
    overview = check_png(png(NEXT_STATION_TOKYO.player_view(state, None)))
    # Two maps a row, so their letters read on a phone: eight players make four rows.
    assert overview.height < 2200


@pytest.mark.parametrize("seats", [1, 4, 8])
def test_finished_sheets_and_overview(seats: int) -> None:
    state = finished(seats, EVERYTHING)
    view = NEXT_STATION_TOKYO.player_view(state, 0)
    assert view["public"]["finished"] and len(view["public"]["objectives"]) == 2
    check_png(png(view))
    check_png(png(NEXT_STATION_TOKYO.player_view(state, None)))


def test_the_sheet_changes_when_a_section_is_drawn() -> None:
    state = mid_game(2)
    seat = state.waiting[0]
    before = png(NEXT_STATION_TOKYO.player_view(state, seat))
    assert before == png(NEXT_STATION_TOKYO.player_view(state, seat))  # deterministic
    draw = next(a for a in NEXT_STATION_TOKYO.legal_actions(state, seat) if a.verb == "draw")
    after = NEXT_STATION_TOKYO.apply(state, seat, draw, GameRandom(5, 999))
    assert differ(png(NEXT_STATION_TOKYO.player_view(after, seat)), before)


def test_a_solo_overview_is_the_full_sheet() -> None:
    state = mid_game(1)
    solo = check_png(png(NEXT_STATION_TOKYO.player_view(state, None)))
    own = check_png(png(NEXT_STATION_TOKYO.player_view(state, 0)))
    assert abs(solo.height - own.height) < 50  # same sheet, a status line apart at most


@pytest.mark.parametrize("seats", [4, 8])
def test_the_overview_shows_every_seat(seats: int) -> None:
    view = NEXT_STATION_TOKYO.player_view(finished(seats), None)
    whole = png(view)
    for seat in range(seats):
        assert any(view["public"]["sheets"][seat].values())
        emptied = copy.deepcopy(view)
        emptied["public"]["sheets"][seat] = {colour: [] for colour in COLOURS}
        assert differ(png(emptied), whole), f"seat {seat}'s lines are not drawn"
        renamed = [*NAMES[:seats]]
        renamed[seat] = "Somebody else"
        assert differ(png(view, renamed), whole), f"seat {seat}'s name is not shown"


@pytest.mark.parametrize("names", pngs.ODD_NAMES)
def test_names_of_any_length_or_script(names: list[str]) -> None:
    state = mid_game(4, EVERYTHING)
    check_png(png(NEXT_STATION_TOKYO.player_view(state, None), names))
    check_png(png(NEXT_STATION_TOKYO.player_view(state, 0), names))
    check_png(png(NEXT_STATION_TOKYO.player_view(finished(4), 3), names))


# --- the map -----------------------------------------------------------------------------------


def test_each_line_is_drawn_in_its_colour_along_its_sections() -> None:
    sheet = finished(1).sheets[0]
    departures = set(tokyo_map().departures.values())
    drawn = renderer.map_image(sheet, renderer.SHEET_CELL)
    empty = renderer.map_image({}, renderer.SHEET_CELL)
    for colour in COLOURS:
        # Away from the departures, whose rings and letters carry the line's colour on every sheet.
        a, b = next(s for s in sheet[colour] if not departures & set(s))
        colour_rgb = renderer.LOOKS[colour].colour
        assert has_colour(drawn, midpoint(a, b), colour_rgb), f"no {colour} along {a}–{b}"
        assert not has_colour(empty, midpoint(a, b), colour_rgb)


def test_a_section_drawn_twice_shows_both_colours() -> None:
    sheet = {"blue": [("E4", "F4"), ("F4", "G3")], "orange": [("G5", "F4"), ("F4", "E4")]}
    lanes = nst_map.lanes(nst_map.as_sheet(sheet))
    assert lanes["blue", segment("E4", "F4")] == -lanes["orange", segment("E4", "F4")] != 0
    assert lanes["blue", segment("F4", "G3")] == 0
    image = renderer.map_image(sheet, renderer.SHEET_CELL)
    width = renderer.Grid(renderer.SHEET_CELL).scaled(nst_look.LINE_W)
    x, y = midpoint("E4", "F4")
    # The section runs west–east: the two lanes lie above and below its middle.
    assert has_colour(image, (x, y - 0.65 * width), renderer.LOOKS["blue"].colour, 3) or has_colour(
        image, (x, y + 0.65 * width), renderer.LOOKS["blue"].colour, 3
    )
    assert has_colour(image, (x, y - 0.65 * width), renderer.LOOKS["orange"].colour, 3) or has_colour(
        image, (x, y + 0.65 * width), renderer.LOOKS["orange"].colour, 3
    )


def stretch_drawn(image: Image.Image, cell: int, p: Point, q: Point, colour: tuple[int, int, int]) -> list[bool]:
    """Pixel by pixel along p → q, between the station symbols at its ends: whether the section is drawn there.

    Its colour is looked for on its middle and a third of a line's width to each side (a double line is white down
    its middle), and must be gone just past the line's edges: a letter's chip in the line's colour is no line."""
    width = nst_map.line_width(renderer.Grid(cell))
    clear, length = nst_look.SYMBOL_R * cell + 2, math.dist(p, q)
    nx, ny = (p[1] - q[1]) / length, (q[0] - p[0]) / length
    drawn = []
    for step in range(round(length - 2 * clear) + 1):
        x, y = nst_geometry.along(p, q, (clear + step) / length)
        spots = [(x + k * nx * width / 3, y + k * ny * width / 3) for k in (-1, 0, 1)]
        edges = [(x + k * nx * (width / 2 + 3), y + k * ny * (width / 2 + 3)) for k in (-1, 1)]
        line = any(has_colour(image, spot, colour, 0) for spot in spots)
        drawn.append(line and not all(has_colour(image, edge, colour, 0) for edge in edges))
    return drawn


def longest_gap(drawn: list[bool]) -> int:
    """The longest run of pixels where the colour is missing."""
    run = longest = 0
    for there in drawn:
        run = 0 if there else run + 1
        longest = max(longest, run)
    return longest


SHORT_BY_RINGS = [
    # Orange's middle section F5–G5 (where its letter used to go): G5 is orange's departure (ringed), F5 an
    # interchange with purple (ringed).
    {"orange": [("G3", "G5"), ("G5", "F5"), ("F5", "E5")], "purple": [("F7", "F6"), ("F6", "F5")]},
    # The Double Rail E4–F4 (blue and orange), orange's middle section: E4 is blue's departure, F4 an interchange.
    {
        "orange": [("G5", "F5"), ("F5", "F4"), ("F4", "E4"), ("E4", "D3")],
        "blue": [("E4", "F4"), ("F4", "G3")],
        "purple": [("F7", "F6"), ("F6", "F5"), ("F5", "E5")],
        "pink": [("D6", "E5"), ("E5", "F4")],
    },
]


@pytest.mark.parametrize("cell", [renderer.SHEET_CELL, renderer.TILE_CELL], ids=["sheet", "overview"])
@pytest.mark.parametrize("sheet", SHORT_BY_RINGS)
def test_a_short_section_beside_ringed_stations_stays_visible(
    sheet: dict[str, list[tuple[str, str]]], cell: int
) -> None:
    """Rings, counts and letters never hide a short section: most of its length between symbols shows its colour."""
    board, grid = tokyo_map(), renderer.Grid(cell)
    as_sheet = nst_map.as_sheet(sheet)
    lanes = nst_map.lanes(as_sheet)
    rings = nst_map.interchanges(board, as_sheet)
    assert {"F5", "G5"} <= set(rings) | set(board.departures.values())
    image = renderer.map_image(sheet, cell)
    width = nst_map.line_width(grid)
    checked = 0
    for colour, sections in sheet.items():
        for a, b in sections:
            if {a, b} not in ({"F5", "G5"}, {"E4", "F4"}):
                continue
            p, q = nst_map.section_ends(board, grid, a, b, lanes[colour, segment(a, b)], width)
            drawn = stretch_drawn(image, cell, p, q, renderer.LOOKS[colour].colour)
            # A dashed line leaves gaps of 1.3 widths; anything longer missing is a ring, count or letter over it.
            assert sum(drawn) >= len(drawn) / 2, f"{colour} {a}–{b} shows on {sum(drawn)} of {len(drawn)} px"
            assert longest_gap(drawn) <= 1.3 * width + 2, f"{colour} {a}–{b} is hidden for {longest_gap(drawn)} px"
            checked += 1
    assert checked


def test_lines_differ_without_colour() -> None:
    looks = renderer.LOOKS.values()
    assert len({look.pattern for look in looks}) == len(COLOURS)
    assert len({look.letter for look in looks}) == len(COLOURS)


def inside(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Whether a point lies strictly inside a convex polygon."""
    signs = {nst_geometry.cross(a, b, point) > 0 for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True)}
    return len(signs) == 1


def meet(p: tuple[Point, Point], q: tuple[Point, Point]) -> bool:
    """Whether two segments cross or touch (borders meet at corners computed in floating point)."""
    (a, b), (c, d) = p, q
    eps = 1e-9
    overlap = all(max(min(a[i], b[i]), min(c[i], d[i])) <= min(max(a[i], b[i]), max(c[i], d[i])) + eps for i in (0, 1))
    return (
        overlap
        and nst_geometry.cross(a, b, c) * nst_geometry.cross(a, b, d) <= eps
        and nst_geometry.cross(c, d, a) * nst_geometry.cross(c, d, b) <= eps
    )


def test_the_octagon_holds_exactly_the_inner_stations() -> None:
    board = tokyo_map()
    ring = nst_geometry.octagon()
    assert len(ring) == 8
    for s in board.stations.values():
        assert inside((s.col, s.row), ring) == (board.districts[s.district] == "inner"), s.id


def test_district_borders_separate_neighbouring_districts() -> None:
    board, ring = tokyo_map(), nst_geometry.octagon()
    walls = [*nst_geometry.district_borders(), *zip(ring, ring[1:] + ring[:1], strict=True)]
    for a, b in board.sections:
        sa, sb = board.stations[a], board.stations[b]
        guide = ((float(sa.col), float(sa.row)), (float(sb.col), float(sb.row)))
        crossed = any(meet(guide, wall) for wall in walls)
        assert crossed == (sa.district != sb.district), f"{a}–{b}"


def test_no_border_runs_through_a_station() -> None:
    board = tokyo_map()
    for p, q in nst_geometry.district_borders():
        for s in board.stations.values():
            t = max(
                0.0, min(1.0, ((s.col - p[0]) * (q[0] - p[0]) + (s.row - p[1]) * (q[1] - p[1])) / math.dist(p, q) ** 2)
            )
            closest = nst_geometry.along(p, q, t)
            assert math.dist(closest, (s.col, s.row)) > nst_look.SYMBOL_R, f"a border touches {s.id}"


def test_the_green_loop_bows_outward() -> None:
    board, grid = tokyo_map(), renderer.Grid(renderer.SHEET_CELL)
    points = [grid.station(board, s) for s in board.loop]
    centre = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    for curve in nst_geometry.loop_curves(board, grid):
        chord = ((curve[0][0] + curve[-1][0]) / 2, (curve[0][1] + curve[-1][1]) / 2)
        assert math.dist(curve[len(curve) // 2], centre) > math.dist(chord, centre) + 0.1 * grid.cell


# --- words -------------------------------------------------------------------------------------


def test_the_final_breakdown_adds_up_to_the_total() -> None:
    public = NEXT_STATION_TOKYO.player_view(finished(4, EVERYTHING), None)["public"]
    for result in public["results"]:
        lines, interchanges, bonus, misses = nst_scores.breakdown(result)
        points = [int(p) for _, _, p in result["lines"].values()]
        assert lines.endswith(f"= {sum(points)}")
        assert interchanges.endswith(f"+{result['interchange_points']}")
        assert bonus.endswith(f"+{result['bonus_points']}")
        assert misses.endswith(f"= {-3 * result['misses']}")
        objectives = 10 * sum(result["objectives"])
        total = sum(points) + result["interchange_points"] + result["bonus_points"] - 3 * result["misses"]
        assert total + objectives == result["total"]


def test_district_names_read_as_words() -> None:
    assert district_words("nw") == "north-west"
    assert district_words("s") == "south"
    assert district_words("cn") == "cn"


def test_signs_the_font_lacks_are_replaced() -> None:
    assert nst_text.plain("C7 → E5, 3×4 − 1") == "C7 » E5, 3x4 - 1"
