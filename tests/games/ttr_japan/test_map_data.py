"""The Ticket to Ride: Japan map file: counts, twins, places, the transcribed tables, and refusals."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import pytest

from bot.games.ttr_japan.data import AREAS, COLOURS, GRAY, MAP_FILE, JapanMap, MapError, japan, load_map, parse_map

ROUTES = """
1 Akita Aomori 3 red - - main
2 Akita Morioka 2 gray BT - main
3 Akita Niigata 5 orange - - main
4 Akita Shinjo 2 blue - - main
5 Aomori Hakodate 3 white - - main
6 Aomori Hakodate 2 gray BT - main
7 Aomori Miyako 5 yellow - - main
8 Aomori Morioka 4 gray BT - main
9 Asakusa Kita-Senju 1 orange - 10 tokyo
10 Asakusa Kita-Senju 1 black - 9 tokyo
11 Asakusa Monzen-Nakacho 3 blue - - tokyo
12 Asakusa Suitengumae 2 yellow - 13 tokyo
13 Asakusa Suitengumae 2 green - 12 tokyo
14 Fukushima Iwaki 2 green - - main
15 Fukushima Niigata 3 red - - main
16 Fukushima Sendai 1 gray BT - main
17 Fukushima Shinjo 3 gray BT - main
18 Fukushima Utsunomiya 3 gray BT - main
19 Ginza Monzen-Nakacho 3 yellow - - tokyo
20 Ginza Suitengumae 2 blue - - tokyo
21 Ginza Tokyo 1 gray - - tokyo
22 Hakata Kokura 1 gray BT - kyushu
23 Hakata Kumamoto 2 gray BT - kyushu
24 Hakata Nagasaki 2 white - 25 kyushu
25 Hakata Nagasaki 2 orange - 24 kyushu
26 Hamamatsu Nagoya 3 gray BT - main
27 Hamamatsu Odawara 3 gray BT - main
28 Hiroshima Kokura 4 gray BT - main
29 Hiroshima Masuda 1 red - 30 main
30 Hiroshima Masuda 1 white - 29 main
31 Hiroshima Matsuyama 1 pink - 32 main
32 Hiroshima Matsuyama 1 black - 31 main
33 Hiroshima Okayama 3 gray BT - main
34 Ikebukuro Shinjuku 3 orange - 35 tokyo
35 Ikebukuro Shinjuku 3 green - 34 tokyo
36 Ikebukuro Ueno 3 yellow - 37 tokyo
37 Ikebukuro Ueno 3 black - 36 tokyo
38 Ikebukuro Yotsuya 2 red - - tokyo
39 Ise Kyoto 2 orange - - main
40 Ise Nagoya 2 white - - main
41 Ise Osaka 3 yellow - - main
42 Iwaki Narita 3 white - - main
43 Iwaki Sendai 3 blue - - main
44 Kagoshima-Chuo Kumamoto 3 gray BT - kyushu
45 Kagoshima-Chuo Miyazaki 2 yellow - - kyushu
46 Kanazawa Nagano 4 gray BT - main
47 Kanazawa Nagoya 4 orange - - main
48 Kanazawa Tsuruga 3 white - - main
49 Kita-Senju Ueno 2 white - 50 tokyo
50 Kita-Senju Ueno 2 red - 49 tokyo
51 Kochi Matsuyama 2 green - - main
52 Kochi Takamatsu 2 orange - - main
53 Kokura Masuda 3 green - 54 main
54 Kokura Masuda 3 yellow - 53 main
55 Kokura Matsuyama 4 gray - - main
56 Kokura Oita 2 pink - 57 kyushu
57 Kokura Oita 2 orange - 56 kyushu
58 Kumamoto Miyazaki 3 pink - - kyushu
59 Kumamoto Nagasaki 1 green - 60 kyushu
60 Kumamoto Nagasaki 1 black - 59 kyushu
61 Kumamoto Oita 2 red - 62 kyushu
62 Kumamoto Oita 2 blue - 61 kyushu
63 Kyoto Nagoya 2 gray BT - main
64 Kyoto Osaka 1 gray BT - main
65 Kyoto Tottori 4 green - - main
66 Kyoto Tsuruga 1 black - - main
67 Masuda Tottori 6 black - - main
68 Matsumoto Nagano 1 yellow - - main
69 Matsumoto Nagoya 3 red - 70 main
70 Matsumoto Nagoya 3 blue - 69 main
71 Matsumoto Odawara 4 green - - main
72 Matsumoto Tokyo 4 black - - main
73 Matsuyama Takamatsu 3 blue - - main
74 Miyako Morioka 1 black - - main
75 Miyako Sendai 5 pink - - main
76 Miyazaki Oita 4 white - - kyushu
77 Monzen-Nakacho Suitengumae 2 red - 78 tokyo
78 Monzen-Nakacho Suitengumae 2 pink - 77 tokyo
79 Morioka Sendai 4 gray BT - main
80 Morioka Shinjo 3 green - - main
81 Nagano Niigata 4 pink - - main
82 Nagano Takasaki 2 gray BT - main
83 Nagoya Tsuruga 2 pink - - main
84 Narita Tokyo 1 pink - 85 main
85 Narita Tokyo 1 orange - 84 main
86 Narita Utsunomiya 2 yellow - - main
87 Niigata Shinjo 3 black - - main
88 Niigata Takasaki 4 gray BT - main
89 Odawara Tokyo 1 gray BT - main
90 Okayama Osaka 3 gray BT - main
91 Okayama Takamatsu 1 red - 92 main
92 Okayama Takamatsu 1 yellow - 91 main
93 Okayama Tottori 2 white - - main
94 Osaka Takamatsu 3 pink - - main
95 Osaka Tottori 3 red - - main
96 Sendai Shinjo 2 white - - main
97 Shibuya Shinjuku 2 black - 98 tokyo
98 Shibuya Shinjuku 2 blue - 97 tokyo
99 Shibuya Tokyo 3 orange - 100 tokyo
100 Shibuya Tokyo 3 red - 99 tokyo
101 Shibuya Yotsuya 2 green - - tokyo
102 Shinjuku Yotsuya 2 pink - 103 tokyo
103 Shinjuku Yotsuya 2 white - 102 tokyo
104 Suitengumae Tokyo 2 white - 105 tokyo
105 Suitengumae Tokyo 2 black - 104 tokyo
106 Suitengumae Ueno 2 orange - - tokyo
107 Takasaki Tokyo 2 gray BT - main
108 Takasaki Utsunomiya 2 blue - - main
109 Tokyo Ueno 2 green - 110 tokyo
110 Tokyo Ueno 2 pink - 109 tokyo
111 Tokyo Utsunomiya 2 gray BT - main
112 Tokyo Yotsuya 1 blue - 113 tokyo
113 Tokyo Yotsuya 1 yellow - 112 tokyo
114 Tottori Tsuruga 4 blue - - main
"""
"""Transcribed from the BGA Japan map: id, city A, city B, length, colour, BT (bullet) or -, twin or -, area."""

TICKETS = """
1 Tokyo Hakodate 8
2 Osaka Tokyo 5
3 Tokyo Sendai 3
4 Tottori Tokyo 9
5 Kagoshima-Chuo Tokyo 13
6 Tokyo Shinjuku 4
7 Tokyo Asakusa 6
8 Ise Tokyo 6
9 Hakata Tokyo 10
10 Hiroshima Osaka 3
11 Kagoshima-Chuo Osaka 8
12 Osaka Nagano 3
13 Osaka Fukushima 7
14 Osaka Akita 9
15 Osaka Shibuya 13
16 Miyazaki Kyoto 12
17 Masuda Kyoto 5
18 Kochi Kyoto 6
19 Kyoto Narita 6
20 Kyoto Niigata 5
21 Kyoto Aomori 9
22 Kyoto Ikebukuro 12
23 Nagoya Shinjuku 10
24 Matsuyama Nagoya 6
25 Nagasaki Nagoya 10
26 Nagoya Iwaki 8
27 Nagoya Shinjo 7
28 Tottori Nagoya 4
29 Hakata Oita 3
30 Hakata Kochi 8
31 Hakata Ise 14
32 Hakata Miyako 19
33 Hakata Kanazawa 8
34 Ginza Kita-Senju 7
35 Yotsuya Monzen-Nakacho 7
36 Shinjuku Asakusa 10
37 Kagoshima-Chuo Kokura 3
38 Nagasaki Miyazaki 5
39 Nagasaki Niigata 16
40 Kumamoto Takamatsu 7
41 Okayama Matsumoto 6
42 Odawara Narita 1
43 Takasaki Morioka 5
44 Hamamatsu Utsunomiya 3
45 Hiroshima Hakodate 14
46 Kokura Tsuruga 8
47 Sendai Aomori 4
48 Masuda Sendai 16
49 Matsumoto Fukushima 5
50 Akita Miyako 2
51 Shibuya Ueno 7
52 Nagano Suitengumae 6
53 Ikebukuro Suitengumae 7
54 Shinjuku Ikebukuro 4
"""
"""Transcribed from the BGA Japan map: id, from, to, points."""

FRAME = 1000.0
MIN_GAP = 20.0
"""No two places in one area closer than this, so dots and labels stay legible."""


@pytest.fixture(scope="module")
def board() -> JapanMap:
    return japan()


def twin_pairs(board: JapanMap) -> set[tuple[int, int]]:
    return {(min(r.id, r.twin), max(r.id, r.twin)) for r in board.routes.values() if r.twin is not None}


def test_the_board_has_48_cities_114_routes_23_bullet_routes_and_54_tickets(board: JapanMap) -> None:
    assert len(board.cities) == 48
    assert len(board.routes) == 114
    assert sum(r.bullet for r in board.routes.values()) == 23
    assert len(board.tickets) == 54
    assert sorted(board.routes) == list(range(1, 115))
    assert sorted(board.tickets) == list(range(1, 55))


def test_there_are_22_double_routes_and_277_spaces_of_track(board: JapanMap) -> None:
    assert len(twin_pairs(board)) == 22
    assert sum(r.length for r in board.routes.values()) == 277
    assert sum(r.length for r in board.routes.values() if r.bullet) == 59
    assert len({frozenset((r.a, r.b)) for r in board.routes.values()}) == 91


def test_route_lengths_and_colours_are_distributed_as_printed(board: JapanMap) -> None:
    assert Counter(r.length for r in board.routes.values()) == {1: 22, 2: 43, 3: 32, 4: 13, 5: 3, 6: 1}
    expected = dict.fromkeys(("red", "orange", "yellow", "green", "blue", "pink", "black"), 11)
    assert Counter(r.colour for r in board.routes.values()) == {**expected, "white": 12, GRAY: 25}
    assert set(COLOURS) | {GRAY} == {r.colour for r in board.routes.values()}


def test_ticket_values_sum_to_402(board: JapanMap) -> None:
    assert sum(t.points for t in board.tickets.values()) == 402
    assert {t.points for t in board.tickets.values()} <= set(range(1, 20))


def test_bullet_routes_are_gray(board: JapanMap) -> None:
    assert all(r.colour == GRAY for r in board.routes.values() if r.bullet)


def test_twins_are_mutual_with_same_ends_and_length_and_different_colours(board: JapanMap) -> None:
    for route in board.routes.values():
        if route.twin is None:
            continue
        twin = board.routes[route.twin]
        assert twin.twin == route.id, route.name
        assert {twin.a, twin.b} == {route.a, route.b}, route.name
        assert twin.length == route.length and twin.area == route.area, route.name
        assert twin.colour != route.colour, route.name


def test_aomori_hakodate_tracks_differ_in_length_and_are_not_twins(board: JapanMap) -> None:
    white, bullet = board.routes[5], board.routes[6]
    assert (white.name, white.length, white.colour, white.bullet) == ("Aomori – Hakodate", 3, "white", False)
    assert (bullet.name, bullet.length, bullet.colour, bullet.bullet) == ("Aomori – Hakodate", 2, GRAY, True)
    assert white.twin is None and bullet.twin is None


def test_every_route_and_ticket_names_known_cities(board: JapanMap) -> None:
    for item in (*board.routes.values(), *board.tickets.values()):
        assert item.a in board.cities and item.b in board.cities, item.name
        assert item.a != item.b


def test_tokyo_and_kokura_are_drawn_twice_and_every_other_city_once(board: JapanMap) -> None:
    assert [p.area for p in board.cities["Tokyo"].places] == ["main", "tokyo"]
    assert [p.area for p in board.cities["Kokura"].places] == ["main", "kyushu"]
    for name, city in board.cities.items():
        if name not in ("Tokyo", "Kokura"):
            assert len(city.places) == 1, name


def test_each_route_is_drawn_where_both_its_cities_are(board: JapanMap) -> None:
    for route in board.routes.values():
        for end in (route.a, route.b):
            assert route.area in {p.area for p in board.cities[end].places}, route.name


def test_insets_hold_kyushu_and_the_tokyo_subway() -> None:
    board = japan()
    by_area = {area: {n for n, c in board.cities.items() if area in {p.area for p in c.places}} for area in AREAS}
    kyushu = {"Hakata", "Kagoshima-Chuo", "Kumamoto", "Miyazaki", "Nagasaki", "Oita", "Kokura"}
    tokyo = {"Asakusa", "Ginza", "Ikebukuro", "Kita-Senju", "Monzen-Nakacho", "Shibuya", "Shinjuku"}
    tokyo |= {"Suitengumae", "Ueno", "Yotsuya", "Tokyo"}
    assert by_area["kyushu"] == kyushu
    assert by_area["tokyo"] == tokyo
    assert len(by_area["main"]) == 48 - len(kyushu | tokyo) + 2


def test_all_cities_form_one_connected_network(board: JapanMap) -> None:
    neighbours: dict[str, set[str]] = {name: set() for name in board.cities}
    for route in board.routes.values():
        neighbours[route.a].add(route.b)
        neighbours[route.b].add(route.a)
    seen, todo = {"Tokyo"}, ["Tokyo"]
    while todo:
        for other in neighbours[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    assert seen == set(board.cities)


def test_routes_match_the_transcribed_table(board: JapanMap) -> None:
    rows = [line.split() for line in ROUTES.strip().splitlines()]
    assert len(rows) == len(board.routes)
    for rid, a, b, length, colour, bt, twin, area in rows:
        route = board.routes[int(rid)]
        expected = (a, b, int(length), colour, bt == "BT", None if twin == "-" else int(twin), area)
        assert (route.a, route.b, route.length, route.colour, route.bullet, route.twin, route.area) == expected, rid


def test_tickets_match_the_transcribed_table(board: JapanMap) -> None:
    rows = [line.split() for line in TICKETS.strip().splitlines()]
    assert len(rows) == len(board.tickets)
    for tid, a, b, points in rows:
        ticket = board.tickets[int(tid)]
        assert (ticket.a, ticket.b, ticket.points) == (a, b, int(points)), tid


def test_rule_constants(board: JapanMap) -> None:
    assert (board.trains_per_player, board.bullet_trains, board.bullet_none) == (20, 16, -20)
    assert board.route_points == (0, 1, 2, 4, 7, 10, 15)
    assert board.bullet_bonus == {
        2: (10, -10),
        3: (15, 5, -10),
        4: (20, 10, 0, -10),
        5: (25, 15, 5, -5, -10),
    }


def test_places_lie_inside_the_frame_and_their_insets(board: JapanMap) -> None:
    insets = {inset.name: inset for inset in board.insets}
    assert sorted(insets) == ["kyushu", "tokyo"]
    for a, b in itertools.combinations(insets.values(), 2):
        assert a.x1 < b.x0 or b.x1 < a.x0 or a.y1 < b.y0 or b.y1 < a.y0, "insets overlap"
    for name, city in board.cities.items():
        for place in city.places:
            assert 0 <= place.x <= FRAME and 0 <= place.y <= FRAME, name
            inside = {i.name for i in insets.values() if i.x0 < place.x < i.x1 and i.y0 < place.y < i.y1}
            assert inside == ({place.area} if place.area in insets else set()), (name, place)


def test_no_two_places_in_one_area_are_crowded_together(board: JapanMap) -> None:
    places = [(name, p) for name, city in board.cities.items() for p in city.places]
    for (a, p), (b, q) in itertools.combinations(places, 2):
        if p.area == q.area:
            assert math.dist((p.x, p.y), (q.x, q.y)) >= MIN_GAP, (a, b, p.area)


def test_latitudes_and_longitudes_are_in_japan(board: JapanMap) -> None:
    for name, city in board.cities.items():
        assert 31 < city.lat < 42 and 129 < city.lon < 142, name


def test_names_use_an_en_dash(board: JapanMap) -> None:
    assert board.routes[64].name == "Kyoto – Osaka"
    assert board.tickets[1].name == "Tokyo – Hakodate"


def test_the_default_map_is_loaded_once() -> None:
    assert load_map() is load_map(MAP_FILE) is japan()


def edited(old: str, new: str) -> str:
    """The real map file's text with the first occurrence of `old` replaced by `new`."""
    text = MAP_FILE.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


def test_the_real_file_parses() -> None:
    assert parse_map(MAP_FILE.read_text(encoding="utf-8")) == japan()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('id = 1\na = "Akita"\nb = "Aomori"', 'id = 1\na = "Akita"\nb = "Atlantis"', "unknown city 'Atlantis'"),
        ("twin = 9\n", "", "twin 10 does not name route 9"),
        ("id = 114\n", "id = 113\n", "duplicate route ids: [113]"),
        ('colour = "red"', 'colour = "purple"', "unknown colour 'purple'"),
        ('length = 2\ncolour = "gray"\nbullet = true', 'length = 2\ncolour = "blue"\nbullet = true', "must be gray"),
        ('area = "kyushu", x', 'area = "okinawa", x', "unknown or repeated areas"),
        ('a = "Tokyo"\nb = "Hakodate"', 'a = "Tokyo"\nb = "Sapporo"', "ticket 1 (Tokyo – Sapporo): unknown city"),
        ('[[insets]]\nname = "tokyo"', '[[insets]]\nname = "osaka"', "inset 'osaka'"),
        ("trains_per_player = 20", "trains_per_player = 20.5", "`trains_per_player` should be int"),
    ],
)
def test_parse_map_refuses_an_inconsistent_file(old: str, new: str, message: str) -> None:
    with pytest.raises(MapError, match=re.escape(message)):
        parse_map(edited(old, new))


def test_parse_map_refuses_a_twin_of_another_length() -> None:
    text = edited(
        'id = 10\na = "Asakusa"\nb = "Kita-Senju"\nlength = 1', 'id = 10\na = "Asakusa"\nb = "Kita-Senju"\nlength = 2'
    )
    with pytest.raises(MapError, match=r"route 9 .*: twin 10 has different endpoints, length or area"):
        parse_map(text)


def test_parse_map_refuses_text_that_is_not_toml() -> None:
    with pytest.raises(MapError, match="not valid TOML"):
        parse_map("[[cities]\n")
