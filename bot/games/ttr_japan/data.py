"""The Ticket to Ride: Japan board as data: cities, routes, tickets and constants, loaded from config and validated."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

MAP_FILE = Path(__file__).resolve().parents[3] / "config" / "games" / "ttr_japan.toml"
AREAS = ("main", "kyushu", "tokyo")
COLOURS = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
"""The train card colours, in the order hands and markets list them."""
GRAY = "gray"
"""A gray route is paid with cards of any one colour."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Place:
    """Where a city is drawn: a board area and a position in the 1000 × 1000 frame (y grows downwards)."""

    area: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class City:
    """One city (a graph node); Tokyo and Kokura are drawn in two places but are one city each."""

    name: str
    lat: float
    lon: float
    places: tuple[Place, ...]


@dataclass(frozen=True, slots=True)
class Route:
    """One track between two cities; a double route is two of these, each naming the other as `twin`."""

    id: int
    a: str
    b: str
    length: int
    colour: str
    bullet: bool
    twin: int | None
    area: str

    @property
    def name(self) -> str:
        """The route as players read it, e.g. "Kyoto – Osaka"."""
        return f"{self.a} – {self.b}"


@dataclass(frozen=True, slots=True)
class Ticket:
    """One destination ticket."""

    id: int
    a: str
    b: str
    points: int

    @property
    def name(self) -> str:
        """The ticket as players read it, e.g. "Tokyo – Hakodate"."""
        return f"{self.a} – {self.b}"


@dataclass(frozen=True, slots=True)
class Inset:
    """A framed, enlarged part of the board (Kyushu, Tokyo), as a box in the same frame as the places."""

    name: str
    title: str
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class JapanMap:
    """The whole board and the rule constants that come with it."""

    cities: dict[str, City]
    routes: dict[int, Route]
    tickets: dict[int, Ticket]
    insets: tuple[Inset, ...]
    trains_per_player: int
    bullet_trains: int
    route_points: tuple[int, ...]
    bullet_bonus: dict[int, tuple[int, ...]]
    bullet_none: int


class MapError(ValueError):
    """A map file that is malformed or inconsistent; the message says what is wrong."""


def _field(table: Mapping[str, Any], key: str, kind: type[T], where: str) -> T:
    """`table[key]`, checked to be of `kind` (ints are accepted as floats, bools never as numbers)."""
    if key not in table:
        raise MapError(f"{where}: missing `{key}`")
    value = table[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise MapError(f"{where}: `{key}` should be {kind.__name__}, not {value!r}")
    return value


def _values(table: Mapping[str, Any], where: str, **kinds: type) -> list[Any]:
    """The fields named by `kinds`, in that order, each checked to be of its kind."""
    return [_field(table, key, kind, where) for key, kind in kinds.items()]


def _tables(doc: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """The array of tables `key` of the document."""
    tables = doc.get(key)
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise MapError(f"missing or malformed [[{key}]]")
    return tables


def _ints(value: object, where: str) -> tuple[int, ...]:
    """`value` as a tuple of ints."""
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise MapError(f"{where} should be a list of integers, not {value!r}")
    return tuple(value)


def _city(t: Mapping[str, Any]) -> City:
    """One [[cities]] table."""
    name, lat, lon, raw = _values(t, f"city {t.get('name')}", name=str, lat=float, lon=float, places=list)
    if not raw or not all(isinstance(p, dict) for p in raw):
        raise MapError(f"city {name}: missing places")
    places = tuple(Place(*_values(p, f"city {name}", area=str, x=float, y=float)) for p in raw)
    areas = [p.area for p in places]
    if not set(areas) <= set(AREAS) or len(set(areas)) != len(areas):
        raise MapError(f"city {name}: places in unknown or repeated areas {areas}")
    return City(name, lat, lon, places)


def _route(t: Mapping[str, Any]) -> Route:
    """One [[routes]] table."""
    where = f"route {t.get('id')}"
    kinds = {"id": int, "a": str, "b": str, "length": int, "colour": str, "bullet": bool}
    rid, a, b, length, colour, bullet = _values(t, where, **kinds)
    twin = _field(t, "twin", int, where) if "twin" in t else None
    return Route(rid, a, b, length, colour, bullet, twin, _field(t, "area", str, where))


def _check_route(r: Route, board: JapanMap) -> None:
    """Refuse a route that does not fit the rest of the board."""
    where = f"route {r.id} ({r.name})"
    if r.colour not in (*COLOURS, GRAY):
        raise MapError(f"{where}: unknown colour {r.colour!r}")
    if r.area not in AREAS:
        raise MapError(f"{where}: unknown area {r.area!r}")
    for end in (r.a, r.b):
        if end not in board.cities:
            raise MapError(f"{where}: unknown city {end!r}")
        if r.area not in {p.area for p in board.cities[end].places}:
            raise MapError(f"{where}: {end} has no place in area {r.area!r}")
    if r.a == r.b:
        raise MapError(f"{where}: both ends are the same city")
    if not 1 <= r.length < len(board.route_points):
        raise MapError(f"{where}: length {r.length} has no route points")
    if r.bullet and r.colour != GRAY:
        raise MapError(f"{where}: a Bullet Train route must be gray, not {r.colour}")
    if r.twin is not None:
        twin = board.routes.get(r.twin)
        if twin is None or twin.twin != r.id:
            raise MapError(f"{where}: twin {r.twin} does not name route {r.id} as its twin")
        if {twin.a, twin.b} != {r.a, r.b} or twin.length != r.length or twin.area != r.area:
            raise MapError(f"{where}: twin {r.twin} has different endpoints, length or area")


def _unique(keys: list[Any], what: str) -> None:
    """Refuse duplicate ids or names."""
    if len(set(keys)) != len(keys):
        raise MapError(f"duplicate {what}: {sorted({k for k in keys if keys.count(k) > 1})}")


def parse_map(text: str) -> JapanMap:
    """Parse and validate a map file's TOML text."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MapError(f"not valid TOML: {error}") from error
    cities = [_city(t) for t in _tables(doc, "cities")]
    routes = [_route(t) for t in _tables(doc, "routes")]
    tickets = [
        Ticket(*_values(t, f"ticket {t.get('id')}", id=int, a=str, b=str, points=int)) for t in _tables(doc, "tickets")
    ]
    kinds = {"name": str, "title": str, "x0": float, "y0": float, "x1": float, "y1": float}
    insets = tuple(Inset(*_values(t, f"inset {t.get('name')}", **kinds)) for t in _tables(doc, "insets"))
    constants = doc.get("constants")
    if not isinstance(constants, dict):
        raise MapError("missing [constants]")
    bonus = _field(constants, "bullet_bonus", dict, "constants")
    bullet_bonus = {int(k): _ints(v, f"bullet_bonus[{k}]") for k, v in bonus.items() if k.isdigit()}
    if len(bullet_bonus) != len(bonus) or any(len(v) != k for k, v in bullet_bonus.items()):
        raise MapError("bullet_bonus should map each player count to one value per rank")
    _unique([c.name for c in cities], "city names")
    _unique([r.id for r in routes], "route ids")
    _unique([t.id for t in tickets], "ticket ids")
    board = JapanMap(
        cities={c.name: c for c in cities},
        routes={r.id: r for r in routes},
        tickets={t.id: t for t in tickets},
        insets=insets,
        trains_per_player=_field(constants, "trains_per_player", int, "constants"),
        bullet_trains=_field(constants, "bullet_trains", int, "constants"),
        route_points=_ints(constants.get("route_points"), "route_points"),
        bullet_bonus=bullet_bonus,
        bullet_none=_field(constants, "bullet_none", int, "constants"),
    )
    for route in routes:
        _check_route(route, board)
    for ticket in tickets:
        for end in (ticket.a, ticket.b):
            if end not in board.cities:
                raise MapError(f"ticket {ticket.id} ({ticket.name}): unknown city {end!r}")
    for inset in insets:
        if inset.name not in AREAS[1:] or inset.x0 >= inset.x1 or inset.y0 >= inset.y1:
            raise MapError(f"inset {inset.name!r}: not an inset area, or an empty box")
    if sorted(i.name for i in insets) != sorted(AREAS[1:]):
        raise MapError(f"insets should be one box each for {', '.join(AREAS[1:])}")
    return board


def load_map(path: Path = MAP_FILE) -> JapanMap:
    """Read and parse a map file; each file is read once."""
    return _load(path.resolve())


@functools.lru_cache(maxsize=4)
def _load(path: Path) -> JapanMap:
    """Read and parse the map file at an absolute path."""
    return parse_map(path.read_text(encoding="utf-8"))


@functools.cache
def japan() -> JapanMap:
    """The Ticket to Ride: Japan board of config/games/ttr_japan.toml (cached: the rules ask for it often)."""
    return load_map()
