"""Which sections are legal, and what each move does: drawing, passing, flipping, switches, effects and round ends."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial

from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.next_station_tokyo import lines, scoring, words
from bot.games.next_station_tokyo.data import SYMBOLS, tokyo_map
from bot.games.next_station_tokyo.lines import Draw, LineFacts
from bot.games.next_station_tokyo.state import (
    DECK,
    GREEN_CARDS,
    ROUNDS,
    TokyoState,
    card_symbol,
    greens,
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


def line_facts(state: TokyoState, seat: int) -> LineFacts:
    """What checking a section needs about `seat`'s sheet and the line it draws now, worked out once per sheet."""
    sheet, colour = state.sheets[seat], state.colour_of(seat)
    known = state.facts.get(seat)
    if known is None or known.sheet is not sheet:
        known = state.facts[seat] = LineFacts.of(sheet, colour, tokyo_map())
    elif known.colour != colour:
        known = state.facts[seat] = known.recoloured(colour, tokyo_map())
    return known


def line_ends(state: TokyoState, seat: int) -> list[str]:
    """The ends of the line `seat` draws this round (its departure before the first section)."""
    return list(line_facts(state, seat).ends)


def _origins(state: TokyoState, seat: int, facts: LineFacts) -> tuple[Collection[str], Collection[str]]:
    """Where a section may leave from now, and which of those are the line's ends."""
    tips = facts.ends
    if state.express[seat] is not None:
        return (str(state.express[seat]),), tips
    if (state.switch or state.effect == "switch") and facts.visited:
        return facts.visited, tips
    return tips, tips


Reason = Callable[[], str]
"""Why a move is refused, put into words only when someone reads it (listing moves rejects many unread)."""


def check(state: TokyoState, seat: int, origin: str, target: str) -> Draw | str:
    """The draw from `origin` to `target` if it is legal for `seat` now, or why it is not."""
    found = _check(state, seat, origin, target)
    return found if isinstance(found, Draw) else found()


def _check(state: TokyoState, seat: int, origin: str, target: str) -> Draw | Reason:
    """The draw from `origin` to `target` if it is legal for `seat` now, or a `Reason` it is not."""
    board = tokyo_map()
    for station in (origin, target):
        if station not in board.stations:
            return partial(_no_station, station)
    facts = line_facts(state, seat)
    origins, tips = _origins(state, seat, facts)
    if origin not in origins:
        return partial(_not_an_origin, state, seat, origins, tips)
    path = _path(state, origin, target)
    if path is None:
        return partial(_off_guide, origin, target)
    symbols = symbols_now(state)
    if board.stations[target].symbol not in symbols:
        return partial(_wrong_symbol, symbols, target)
    return _judge(state, seat, facts, origin, path, origin not in tips)


def _judge(
    state: TokyoState, seat: int, facts: LineFacts, origin: str, path: tuple[str, ...], from_anywhere: bool
) -> Draw | Reason:
    """The draw along `path` if it visits no station twice, crosses no line and reuses a section only as allowed."""
    conflicts = tokyo_map().conflicts
    drawn, occupied, on_line = facts.drawn, facts.occupied, facts.visited
    reused: str | None = None
    a = origin
    for b in path:
        if b in on_line or b == origin:
            return partial(_revisits, facts.colour, b)
        section = (a, b) if a <= b else (b, a)
        colours = drawn.get(section)
        if colours is None:
            blocked = not conflicts[section].isdisjoint(occupied)
        elif reused is None and len(colours) == 1 and _may_reuse(state, seat):
            reused = colours[0]
            blocked = len(conflicts[section] & occupied) > 1  # the reused section itself aside
        else:
            return partial(_drawn_already, state, seat, a, b, colours, reused is not None)
        if blocked:
            return partial(_crossing, drawn, a, b, reused is not None)
        a = b
    return Draw(origin, path, reused, from_anywhere)


def _no_station(station: str) -> str:
    return _("There's no station {station} on the map.").format(station=station[:8])


def _not_an_origin(state: TokyoState, seat: int, origins: Collection[str], tips: Collection[str]) -> str:
    colour = state.colour_of(seat)
    if state.express[seat] is not None:
        return _("Your Express section leaves {station}, the end you just drew.").format(station=state.express[seat])
    if len(origins) > len(tips):
        return _("Your {colour} line is continued from any station of your line.").format(
            colour=words.colour_name(colour)
        )
    # Sorted: `origins` may be a set, whose order would change from one run to the next.
    return _("Your {colour} line is continued from an end of your line: {stations}.").format(
        colour=words.colour_name(colour), stations=", ".join(sorted(origins))
    )


def _off_guide(origin: str, target: str) -> str:
    return _("{origin} → {target} isn't along a guide: sections run straight to the nearest station.").format(
        origin=origin, target=target
    )


def _wrong_symbol(symbols: tuple[str, ...], target: str) -> str:
    return _("The card shows a {symbol}; {station} is a {other}.").format(
        symbol=words.symbol_name(symbols[0]),
        station=target,
        other=words.symbol_name(tokyo_map().stations[target].symbol),
    )


def _revisits(colour: str, station: str) -> str:
    return _("Your {colour} line already visits {station}: a line never visits a station twice.").format(
        colour=words.colour_name(colour), station=station
    )


def _drawn_already(state: TokyoState, seat: int, a: str, b: str, colours: list[str], reused_already: bool) -> str:
    return _("{origin} → {target} is already drawn ({colours} line): {why}").format(
        origin=a,
        target=b,
        colours=", ".join(map(words.colour_name, colours)),
        why=_why_not_reuse(state, seat, colours, reused_already),
    )


def _crossing(drawn: dict[tuple[str, str], list[str]], a: str, b: str, reused: bool) -> str:
    crossed = lines.blocker((a, b), drawn, tokyo_map(), reused)
    assert crossed is not None, "only asked for a section that crosses a line"
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
    return list(_listing(state, seat)[0])


def _listing(state: TokyoState, seat: int) -> tuple[list[Draw], list[Action]]:
    """`seat`'s draws and moves, listed once per sheet and card (`_show` lists them, then the player asks)."""
    sheet, now = state.sheets[seat], _listed_for(state, seat)
    known = state.listed.get(seat)
    if known is not None and known[0] is sheet and known[1] == now:
        return known[2], known[3]
    found = _find_draws(state, seat)
    number = state.card_number
    actions = [Action("draw", (d.origin, d.path[-1], number)) for d in found]  # `draw_action` of each
    actions.append(pass_action(number))
    state.listed[seat] = (sheet, now, found, actions)
    return found, actions


def _listed_for(state: TokyoState, seat: int) -> tuple[object, ...]:
    """All else a seat's moves depend on, besides its sheet."""
    return (state.round, state.card, state.card_number, state.switch, state.effect, state.express[seat])


def _listed(state: TokyoState, seat: int) -> list[Draw] | None:
    """`seat`'s draws as already listed for its sheet and the card now, if they were."""
    known = state.listed.get(seat)
    if known is None or known[0] is not state.sheets[seat] or known[1] != _listed_for(state, seat):
        return None
    return known[2]


def _accepted(state: TokyoState, seat: int, origin: str, target: str) -> Draw | str:
    """`check`, answered from the draws listed for this card when they were (as the player picked from them)."""
    known = _listed(state, seat)
    if known is not None:
        for draw in known:
            if draw.origin == origin and draw.path[-1] == target:
                return draw
    return check(state, seat, origin, target)


def _find_draws(state: TokyoState, seat: int) -> list[Draw]:
    """Every section `seat` may draw now, worked out: each guide from each origin, `_judge`d."""
    board = tokyo_map()
    facts = line_facts(state, seat)
    origins, tips = _origins(state, seat, facts)
    symbols = symbols_now(state)
    on_line, occupied = facts.visited, facts.occupied
    found: list[Draw] = []
    for origin in sorted(origins):
        from_anywhere = origin not in tips
        if state.effect == "straight":
            for first in board.guides[origin]:
                path = _ray(state, origin, first)
                if board.symbol_of[path[-1]] in symbols:
                    _keep(found, _judge(state, seat, facts, origin, path, from_anywhere))
            continue
        # `_judge` of one new section, inlined as most candidates are that (reuses go to `_judge`); only the guides
        # to a station of the card's symbol are tried.
        steps = board.steps[origin] if len(symbols) > 1 else board.steps_to[origin][symbols[0]]
        for first, section, crossing in steps:
            if first in on_line:
                continue
            if section not in occupied:
                if crossing.isdisjoint(occupied):
                    found.append(Draw(origin, (first,), None, from_anywhere))
                continue
            _keep(found, _judge(state, seat, facts, origin, (first,), from_anywhere))
    if state.effect == "straight":  # single sections come in order already (see `steps`), rays may not
        place = board.place
        found.sort(key=lambda d: (d.origin, place[d.path[-1]]))
    return found


def _keep(found: list[Draw], judged: Draw | Reason) -> None:
    """Add a judged section to `found` if it is a draw."""
    if isinstance(judged, Draw):
        found.append(judged)


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
    if state.card is None:
        return [pass_action(state.card_number)]
    return list(_listing(state, seat)[1])


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


_SHAPES = {"pass": 0, "draw": 2}
"""How many stations each verb names before its card."""


def _well_formed(action: Action) -> bool:
    """A pass naming a card, or a draw naming two stations and a card."""
    *stations, card = action.args or ("",)
    shape = _SHAPES.get(action.verb)
    return shape == len(stations) and isinstance(card, int) and all(isinstance(s, str) for s in stations)


def apply(state: TokyoState, seat: int, action: Action, rng: GameRandom) -> TokyoState:
    """The state after a legal move (refusals carry their reason)."""
    stale = not _well_formed(action) or action.args[-1] != state.card_number
    if state.finished or seat not in state.waiting or stale:
        raise IllegalAction(lambda: refusal(state, seat, action))
    draw = _accepted(state, seat, str(action.args[0]), str(action.args[1])) if action.verb == "draw" else None
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
    facts = line_facts(state, seat)
    sections = draw.sections
    state.own_line(seat, facts.colour).extend(sections)
    state.facts[seat] = facts.grown(state.sheets[seat], sections)
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
    if card is not None and is_green(card) and greens(state.flipped) == GREEN_CARDS:
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
    seats = state.seats
    state.waiting, state.answers, state.express = list(range(seats)), [None] * seats, [None] * seats
    up = {"number": len(state.flipped), "card": card_words(card), "greens": greens(state.flipped), "total": GREEN_CARDS}
    if state.effect:
        state.events.append(words.say(words.CARD_UP_EFFECT, effect=EFFECT_NAMES[state.effect], **up))
    else:
        state.events.append(words.say(words.CARD_UP, **up))
    stuck = [s for s in range(seats) if not _listing(state, s)[0]]  # kept on the state for the player
    for seat in stuck:
        state.waiting.remove(seat)
        state.answers[seat] = words.NO_SECTION
    if stuck and seats > 1:
        state.events.append(words.say(words.NO_SECTION_FOR, names=", ".join(seat_mark(s) for s in stuck)))


def card_words(card: str) -> str:
    """A card in the state's English: "green circle", "pink Joker + Double Rail Track" (`words.card_name` says it)."""
    return words.ENGLISH_CARDS.get(card) or words.english_card(card)


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
