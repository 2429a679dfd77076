"""Which sections are legal, and what each move does: drawing, passing, flipping, switches, effects and round ends."""

from __future__ import annotations

from itertools import pairwise

from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.next_station_tokyo import lines, scoring, words
from bot.games.next_station_tokyo.data import SYMBOLS, segment, tokyo_map
from bot.games.next_station_tokyo.lines import Draw
from bot.games.next_station_tokyo.state import (
    DECK,
    GREEN_CARDS,
    ROUNDS,
    TokyoState,
    card_symbol,
    is_double_rail,
    is_green,
)
from bot.games.rng import GameRandom
from bot.i18n import _, pgettext

EFFECTS = ("switch", "express", "straight", "double")
EFFECT_NAMES = words.EFFECT_NAMES
SWITCH_FROM = 3
"""rules: a Railroad Switch flipped as the 1st or 2nd card of a round has no effect."""


def symbols_now(state: TokyoState) -> tuple[str, ...]:
    """The symbols a section may end at for the card now (a Joker: any)."""
    if state.card is None:
        return ()
    symbol = card_symbol(state.card)
    return SYMBOLS if symbol == "joker" else (symbol,)


def _may_reuse(state: TokyoState, seat: int) -> bool:
    """Double Rail (the pink Joker, or the effect) — never for an Express's second section."""
    card = state.card or ""
    return (is_double_rail(card) or state.effect == "double") and state.express[seat] is None


def line_ends(state: TokyoState, seat: int) -> list[str]:
    """The ends of the line `seat` draws this round (its departure before the first section)."""
    colour = state.colour_of(seat)
    return lines.ends(state.sheets[seat][colour], tokyo_map().departures[colour])


def _origins(state: TokyoState, seat: int) -> tuple[list[str], list[str]]:
    """Where a section may leave from now, and which of those are the line's ends."""
    line = state.sheets[seat][state.colour_of(seat)]
    tips = line_ends(state, seat)
    if state.express[seat] is not None:
        return [str(state.express[seat])], tips
    if (state.switch or state.effect == "switch") and line:
        return lines.visited(line), tips
    return tips, tips


def check(state: TokyoState, seat: int, origin: str, target: str) -> Draw | str:
    """The draw from `origin` to `target` if it is legal for `seat` now, or why it is not."""
    board = tokyo_map()
    for station in (origin, target):
        if station not in board.stations:
            return _("There's no station {station} on the map.").format(station=station[:8])
    origins, tips = _origins(state, seat)
    colour = state.colour_of(seat)
    if origin not in origins:
        if state.express[seat] is not None:
            return _("Your Express section leaves {station}, the end you just drew.").format(station=origins[0])
        if len(origins) > len(tips):
            return _("Your {colour} line is continued from any station of your line.").format(
                colour=words.colour_name(colour)
            )
        return _("Your {colour} line is continued from an end of your line: {stations}.").format(
            colour=words.colour_name(colour), stations=", ".join(origins)
        )
    path = _path(state, origin, target)
    if path is None:
        return _("{origin} → {target} isn't along a guide: sections run straight to the nearest station.").format(
            origin=origin, target=target
        )
    symbols = symbols_now(state)
    if board.stations[target].symbol not in symbols:
        return _("The card shows a {symbol}; {station} is a {other}.").format(
            symbol=words.symbol_name(symbols[0]),
            station=target,
            other=words.symbol_name(board.stations[target].symbol),
        )
    on_line = set(lines.visited(state.sheets[seat][colour]))
    drawn = lines.drawn(state.sheets[seat], board)
    reused: str | None = None
    for a, b in pairwise((origin, *path)):
        if b in on_line or b == origin:
            return _("Your {colour} line already visits {station}: a line never visits a station twice.").format(
                colour=words.colour_name(colour), station=b
            )
        colours = drawn.get(segment(a, b))
        if colours is not None:
            why = _why_not_reuse(state, seat, colours, reused is not None)
            if why:
                return _("{origin} → {target} is already drawn ({colours} line): {why}").format(
                    origin=a, target=b, colours=", ".join(map(words.colour_name, colours)), why=why
                )
            reused = colours[0]
        crossed = lines.blocker((a, b), drawn, board, reused is not None)
        if crossed is not None:
            (x, y), by = crossed
            return _(
                "{origin} → {target} would cross the {colours} line ({start}–{end}); lines may only meet at stations."
            ).format(
                origin=a,
                target=b,
                colours=pgettext("next station tokyo", " and ").join(map(words.colour_name, by)),
                start=x,
                end=y,
            )
    return Draw(origin, path, reused, origin not in tips)


def _why_not_reuse(state: TokyoState, seat: int, colours: list[str], reused_already: bool) -> str:
    """Why a section already drawn can't be drawn again now ('' when Double Rail allows it).

    A section of the seat's own line never gets here: drawing it again would revisit a station, refused first.
    """
    if not _may_reuse(state, seat):
        return _("a section is drawn only once, except with Double Rail Track.")
    if len(colours) > 1 or reused_already:
        return _("Double Rail Track lets a section be drawn a second time, never a third.")
    return ""


def _ray(state: TokyoState, origin: str, first: str) -> tuple[str, ...]:
    """The stations a section from `origin` towards `first` may run to: one, or under Straight On up to the symbol."""
    board = tokyo_map()
    path, previous = [first], origin
    while state.effect == "straight" and board.stations[path[-1]].symbol not in symbols_now(state):
        after = lines.beyond(board, previous, path[-1])
        if after is None:
            break
        previous = path[-1]
        path.append(after)
    return tuple(path)


def _path(state: TokyoState, origin: str, target: str) -> tuple[str, ...] | None:
    """The stations from `origin` to `target` along one guide (passing stations only under Straight On)."""
    board = tokyo_map()
    if board.is_guide(origin, target):
        return (target,)
    return next((ray for first in board.guides[origin] if (ray := _ray(state, origin, first))[-1] == target), None)


def draws(state: TokyoState, seat: int) -> list[Draw]:
    """Every section `seat` may draw now."""
    if state.finished or seat not in state.waiting or state.card is None:
        return []
    board = tokyo_map()
    origins, _tips = _origins(state, seat)
    found = []
    for origin in origins:
        for target in _targets(state, origin):
            draw = check(state, seat, origin, target)
            if isinstance(draw, Draw):
                found.append(draw)
    return sorted(found, key=lambda d: (d.origin, board.stations[d.target].col, board.stations[d.target].row))


def _targets(state: TokyoState, origin: str) -> list[str]:
    """Stations a section from `origin` could end at, before the other rules are checked."""
    board = tokyo_map()
    symbols = symbols_now(state)
    rays = (_ray(state, origin, first) for first in board.guides[origin])
    return [ray[-1] for ray in rays if board.stations[ray[-1]].symbol in symbols]


def draw_action(draw: Draw, card_number: int) -> Action:
    """The move that draws a section: its first and last station, and the card it answers."""
    return Action("draw", (draw.origin, draw.target, card_number))


def pass_action(card_number: int) -> Action:
    """The move that lets a card go by (it names the card, so a doubled click can't pass the next one too)."""
    return Action("pass", (card_number,))


def legal_actions(state: TokyoState, seat: int) -> list[Action]:
    """Everything `seat` may do now: its sections, then passing."""
    if state.finished or seat not in state.waiting:
        return []
    number = state.card_number
    return [*(draw_action(d, number) for d in draws(state, seat)), pass_action(number)]


def refusal(state: TokyoState, seat: int, action: Action) -> str:
    """Why `action` isn't allowed for `seat` now."""
    if state.finished:
        return pgettext("next station tokyo", "The game is over.")
    if not _well_formed(action):
        return _("That move isn't part of Next Station Tokyo: draw a section or pass.")
    if action.args[-1] != state.card_number:
        return _("That answer was for an earlier card; card {number} of this round is up now.").format(
            number=len(state.flipped)
        )
    if seat not in state.waiting:
        return _("You've already answered this card — wait for the next flip.")
    reason = check(state, seat, str(action.args[0]), str(action.args[1])) if action.verb == "draw" else None
    return reason if isinstance(reason, str) else _("That move can't be made now.")


def _well_formed(action: Action) -> bool:
    """A pass naming a card, or a draw naming two stations and a card."""
    *stations, card = action.args or ("",)
    shape = {"pass": 0, "draw": 2}.get(action.verb)
    return shape == len(stations) and isinstance(card, int) and all(isinstance(s, str) for s in stations)


def apply(state: TokyoState, seat: int, action: Action, rng: GameRandom) -> TokyoState:
    """The state after a legal move (refusals carry their reason)."""
    stale = not _well_formed(action) or action.args[-1] != state.card_number
    if state.finished or seat not in state.waiting or stale:
        raise IllegalAction(refusal(state, seat, action))
    draw = check(state, seat, str(action.args[0]), str(action.args[1])) if action.verb == "draw" else None
    if isinstance(draw, str):
        raise IllegalAction(draw)
    new = state.copy()
    if draw is not None:
        _draw(new, seat, draw)
    else:
        _pass(new, seat)
    if not new.waiting:
        _after_card(new, rng)
    return new


def draw_words(draw: Draw) -> str:
    """A draw in the state's English: "C7 → E5", "from D4 (switch) → D6", "C7 → E5 (double rail on orange)".

    `words.draw_phrase` says the same in the language in use (menus), `words.answer_words` reads it back.
    """
    via = f" via {', '.join(draw.path[:-1])}" if len(draw.path) > 1 else ""
    start = f"from {draw.origin} (switch)" if draw.from_anywhere else draw.origin
    reuse = f" (double rail on {draw.reuses})" if draw.reuses else ""
    return f"{start} → {draw.target}{via}{reuse}"


def _draw(state: TokyoState, seat: int, draw: Draw) -> None:
    colour = state.colour_of(seat)
    state.own_line(seat, colour).extend(draw.sections)
    words = draw_words(draw)
    following = state.express[seat] is not None
    state.answers[seat] = f"{state.answers[seat]}, then {words}" if following else words
    state.express[seat] = None
    if state.effect == "express" and not following:
        state.express[seat] = draw.target  # Express: a second section from the new end, if one fits
        if draws(state, seat):
            return
        state.express[seat] = None
    state.waiting.remove(seat)


def _pass(state: TokyoState, seat: int) -> None:
    if state.express[seat] is None:
        state.answers[seat] = words.PASSED
    state.express[seat] = None
    state.waiting.remove(seat)


def _after_card(state: TokyoState, rng: GameRandom) -> None:
    """Everyone answered: end the round at its fifth green card, else flip the next."""
    card = state.card
    state.card, state.switch, state.effect = None, False, None
    if card is not None and is_green(card) and sum(map(is_green, state.flipped)) == GREEN_CARDS:
        _end_round(state, rng)
    else:
        flip(state, rng)


def flip(state: TokyoState, rng: GameRandom) -> None:
    """Flip cards until one leaves someone a section to draw (or the round ends)."""
    state.new_cycle = True
    switch = False
    while not state.finished:
        card = rng.choice(sorted(state.remaining))
        state.remaining.remove(card)
        state.flipped.append(card)
        if card == "pink switch":
            switch = len(state.flipped) >= SWITCH_FROM
            state.events.append(words.say(words.SWITCH_ON if switch else words.SWITCH_OFF))
            continue
        _show(state, card, switch)
        switch = False
        if state.waiting:
            return
        _after_card(state, rng)
        return


def _show(state: TokyoState, card: str, switch: bool) -> None:
    """Put `card` up for everyone, with its effect; seats with nothing to draw pass at once."""
    state.card, state.switch, state.effect = card, switch, None
    symbol = card_symbol(card)
    if state.round_effect and not state.effect_used and symbol == state.round_effect[0]:
        state.effect, state.effect_used = state.round_effect[1], True
    state.waiting = list(range(state.seats))
    state.answers = [None] * state.seats
    state.express = [None] * state.seats
    greens = sum(map(is_green, state.flipped))
    up = {"number": len(state.flipped), "card": card_words(card), "greens": greens, "total": GREEN_CARDS}
    if state.effect:
        state.events.append(words.say(words.CARD_UP_EFFECT, effect=EFFECT_NAMES[state.effect], **up))
    else:
        state.events.append(words.say(words.CARD_UP, **up))
    stuck = [s for s in range(state.seats) if len(legal_actions(state, s)) == 1]
    for seat in stuck:
        state.waiting.remove(seat)
        state.answers[seat] = words.NO_SECTION
    if stuck and state.seats > 1:
        state.events.append(words.say(words.NO_SECTION_FOR, names=", ".join(seat_mark(s) for s in stuck)))


def card_words(card: str) -> str:
    """A card in the state's English: "green circle", "pink Joker + Double Rail Track" (`words.card_name` says it)."""
    return words.english_card(card)


def _end_round(state: TokyoState, rng: GameRandom) -> None:
    """Score each player's line of this round, then start the next round or end the game."""
    board = tokyo_map()
    parts = []
    for seat in range(state.seats):
        colour = state.colour_of(seat)
        score = scoring.line_score(state.sheets[seat][colour], board)
        parts.append(f"{seat_mark(seat)} {colour} {score.districts}×{score.most} = {score.points}")
    state.events.append(words.say(words.ROUND_OVER, round=state.round, lines="; ".join(parts)))
    state.waiting, state.answers, state.express = [], [None] * state.seats, [None] * state.seats
    if state.round == ROUNDS:
        state.finished = True
        state.events.append(words.say(words.GAME_OVER))
        return
    state.round += 1
    start_round(state, rng)


def start_round(state: TokyoState, rng: GameRandom) -> None:
    """A fresh deck, this round's effect (option) and the first flip."""
    state.remaining, state.flipped, state.effect_used = list(DECK), [], False
    if state.effects_on:
        state.round_effect = (rng.choice(SYMBOLS), rng.choice(EFFECTS))
        symbol, effect = state.round_effect
        state.events.append(
            words.say(words.ROUND_EFFECT, round=state.round, symbol=symbol, effect=EFFECT_NAMES[effect])
        )
    flip(state, rng)
