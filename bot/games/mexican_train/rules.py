"""Which moves are legal, why others are refused, and what each move does to the state."""

from __future__ import annotations

import itertools
from typing import Final, TypeVar

from bot.games.base import Action, Arg, IllegalAction, seat_mark
from bot.games.mexican_train import deal, tiles, words
from bot.games.mexican_train.state import CHAINED, CHOSEN, DRAWN, MEXICAN, TOOK, MexicanState, Move, RoundResult
from bot.games.mexican_train.words import say
from bot.games.rng import GameRandom
from bot.i18n import _, pgettext

T = TypeVar("T")

START: Final = "start"
"""The `where` of a play that starts the Mexican Train."""
PENALTY_DRAW = 2
"""rules/mexican_train.txt: a player caught not announcing their last tile draws two."""
KNOCKING: Final = "knock"
"""The third argument of a play that announces the last tile as it is played (last_tile=manual)."""

DRAW, PASS, KNOCK, CATCH, DONE = Action("draw"), Action("pass"), Action("knock"), Action("catch"), Action("done")
SKIP = Action("skip")
"""A timeout's `skip`: never a player's choice (`legal_actions` never lists it), applied only by the engine."""


def where_arg(key: int, state: MexicanState) -> Arg:
    """How a play names its train: a seat number, "mexican", or "start" for the first Mexican tile."""
    if key != MEXICAN:
        return key
    return "mexican" if state.mexican is not None else START


def train_key(where: Arg) -> int | None:
    """The train a play's `where` names, or None when it names nothing."""
    if where in ("mexican", START):
        return MEXICAN
    return where if isinstance(where, int) else None


def open_end(state: MexicanState, key: int) -> int:
    """The number a tile must show to join a train (the engine's for an empty one)."""
    train = state.mexican if key == MEXICAN else state.trains[key]
    return train[-1] % tiles.BASE if train else state.engine  # an oriented tile's low digit is its open end


def places(state: MexicanState, seat: int) -> tuple[int, ...]:
    """The trains `seat` may play on now, before looking at tiles."""
    if state.double_train is not None:
        return (state.double_train,)  # a double blocks all other play until it is satisfied
    if state.chain:
        return (seat,)  # fast start: the chain stays on the player's own train
    # Your own train, every other train with a marker, and the Mexican Train, which is always open (starting it
    # takes a tile matching the engine): looked up, as this runs several times a move.
    return _OPEN[tuple(state.markers)][seat]


_OPEN: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = {
    markers: tuple(
        (seat, *[key for key, marked in enumerate(markers) if marked and key != seat], MEXICAN)
        for seat in range(len(markers))
    )
    for seats in range(2, 9)
    for markers in itertools.product((False, True), repeat=seats)
}
"""`_OPEN[markers][seat]`: the trains open to `seat` under these markers (no double to cover, no fast start)."""


_WHERES: tuple[Arg, ...] = (*range(8), "mexican", START)
_PLACEMENTS: dict[Arg, dict[int, Action]] = {
    where: {t: Action("play", (tiles.name(t), where)) for t in tiles.ALL_TILES} for where in _WHERES
}
"""Every play there can be, made once: listing moves then only picks them (actions are immutable)."""
_KNOCKING: dict[Action, Action] = {
    a: Action("play", (*a.args, KNOCKING)) for by in _PLACEMENTS.values() for a in by.values()
}
"""Each play's knocking form."""
_KNOWN: dict[int, tuple[int, int, bool, bool]] = {
    id(action): (
        tiles.CODES[str(action.args[0])],
        MEXICAN if where in ("mexican", START) else int(where),
        where == START,
        knocking,
    )
    for where, made in _PLACEMENTS.items()
    for plain in made.values()
    for action, knocking in ((plain, False), (_KNOCKING[plain], True))
}
"""(tile, train, starts the Mexican Train, knocks) of each made play, by its id: the actions `legal_actions` lists are
these very objects (alive as long as the module), so `apply` reads a listed play without parsing its arguments."""


_PASSES = tuple(say(words.PASSES, seat=seat_mark(seat)) for seat in range(8))
_LAST_TILE = tuple(say(words.LAST_TILE, seat=seat_mark(seat)) for seat in range(8))
_FITS, _NO_FIT = say(words.FITS), say(words.NO_FIT)
"""The log sentences of every turn, made once (`say` with keywords costs more than a tuple index)."""


def plays(state: MexicanState, seat: int) -> list[Action]:
    """Every tile placement `seat` may make now; with last_tile=manual, a play leaving one tile may also knock."""
    drawn = state.drawn
    candidates = state.hands[seat] if drawn is None else [drawn]
    found: list[Action] = []
    # Hot (before nearly every move): plain loops, as comprehensions are function calls on Python 3.11.
    for key in places(state, seat):
        if key == MEXICAN:
            train = state.mexican
            made = _PLACEMENTS["mexican" if train is not None else START]
        else:
            train = state.trains[key]
            made = _PLACEMENTS[key]
        fitting = tiles.WITH[train[-1] % tiles.BASE if train else state.engine]  # open_end, inlined
        for code in candidates:
            if code in fitting:
                found.append(made[code])
    if found and state.manual_knock and len(state.hands[seat]) == 2:
        # The rules have you knock as you place your second-to-last tile: offered first, so it is never crowded out.
        found = [_KNOCKING[a] for a in found] + found
    return found


def _can_place(state: MexicanState, seat: int) -> bool:
    """Whether `plays` would list anything, stopping at the first fit."""
    candidates = [state.drawn] if state.drawn is not None else state.hands[seat]
    for key in places(state, seat):  # hot: a loop, as any() over a generator costs more
        train = state.mexican if key == MEXICAN else state.trains[key]
        if not tiles.WITH[train[-1] % tiles.BASE if train else state.engine].isdisjoint(candidates):  # open_end
            return True
    return False


def _typed_play(args: tuple[Arg, ...]) -> tuple[int, int, bool, bool] | None:
    """(tile, train, starts, knocks) of play arguments `plays` could list, else None (what `_KNOWN` holds)."""
    if len(args) == 3:
        if args[2] != KNOCKING:
            return None
    elif len(args) != 2:
        return None
    name, where = args[0], args[1]
    code = tiles.CODES.get(name) if isinstance(name, str) else None  # only the canonical name is listed
    if code is None:
        return None
    if where == "mexican" or where == START:
        return code, MEXICAN, where == START, len(args) == 3
    if isinstance(where, int) and 0 <= where < 8:
        return code, where, False, len(args) == 3
    return None


def _placement(state: MexicanState, seat: int, action: Action) -> tuple[int, int, int, bool] | None:
    """(tile, train, its open end, knocks) of a play `plays` lists, else None; checked directly."""
    if seat != state.turn or state.finished:
        return None
    known = _KNOWN.get(id(action))  # a listed action (nearly always), else typed arguments
    code, key, starts, knocking = known if known is not None else _typed_play(action.args) or _NOT_A_PLAY
    if key == _NOWHERE:
        return None
    if knocking and not (state.manual_knock and len(state.hands[seat]) == 2):
        return None
    if code != state.drawn if state.drawn is not None else code not in state.hands[seat]:
        return None
    if key == MEXICAN:
        train = state.mexican
        if (train is None) != starts:
            return None
    elif key < len(state.hands):
        train = state.trains[key]
    else:
        return None
    if state.double_train is not None:
        if key != state.double_train:
            return None
    elif state.chain:
        if key != seat:
            return None
    elif key != seat and key != MEXICAN and not state.markers[key]:
        return None
    end = train[-1] % tiles.BASE if train else state.engine  # open_end, inlined
    return (code, key, end, knocking) if code in tiles.WITH[end] else None


_NOWHERE = -2
_NOT_A_PLAY = (0, _NOWHERE, False, False)
"""What `_placement` reads for arguments that name no play."""


def allowed(state: MexicanState, seat: int, action: Action) -> bool:
    """Whether `legal_actions(state, seat)` lists `action`, found without listing them all."""
    if state.finished:
        return False
    verb, args = action.verb, action.args
    if verb == "play":
        return _placement(state, seat, action) is not None
    if args:
        return False
    if verb == "knock" or verb == "catch":
        offender = catchable(state)
        return offender is not None and (seat == offender) == (verb == "knock")
    if seat != state.turn:
        return False
    chaining = state.chain and state.double_train is None
    if verb == "done":
        return chaining
    if chaining or _can_place(state, seat):
        return False
    can_draw = state.drawn is None and bool(state.boneyard)
    return can_draw if verb == "draw" else verb == "pass" and not can_draw


def knocks(action: Action) -> bool:
    """Whether a play announces the last tile as it is played."""
    return action.verb == "play" and action.args[2:] == (KNOCKING,)


def catchable(state: MexicanState) -> int | None:
    """Manual last tile: the seat that played down to one tile without knocking, while it still holds just one."""
    if state.knock is None or len(state.hands[state.knock]) != 1:
        return None  # a draw since then (say, for its own double) took it off its last tile
    return state.knock


def turn_actions(state: MexicanState, seat: int) -> list[Action]:
    """The moves of the player whose turn it is: play if you can, else draw once, else pass."""
    found = plays(state, seat)
    if state.chain and state.double_train is None:
        return [*found, DONE]
    if found:
        return found
    if state.drawn is None and state.boneyard:
        return [DRAW]
    return [PASS]


def window_actions(state: MexicanState, seat: int) -> list[Action]:
    """Manual last tile: the offender may knock; anyone else may catch them."""
    offender = catchable(state)
    if offender is None:
        return []
    return [KNOCK] if seat == offender else [CATCH]


def legal_actions(state: MexicanState, seat: int) -> list[Action]:
    """Everything `seat` may do now."""
    if state.finished:
        return []
    if state.knock is None:  # no knock, no window: the turn's moves alone (nearly every call)
        return turn_actions(state, seat) if seat == state.turn else []
    found = window_actions(state, seat)
    if seat == state.turn:
        return turn_actions(state, seat) + found if found else turn_actions(state, seat)
    return found


def refusal(state: MexicanState, seat: int, action: Action) -> str:
    """Why `action` is not allowed for `seat` now (only called for moves that are not legal)."""
    if state.finished:
        return pgettext("mexican train", "The game is over.")
    if action.verb == "knock":
        return _("Only a player who just played down to their last tile can knock, before the next player acts.")
    if action.verb == "catch":
        return _("There's nobody to catch: no one is sitting on an unannounced last tile.")
    if seat != state.turn:
        return pgettext("mexican train", "It's not your turn — waiting for {seat}.").format(seat=seat_mark(state.turn))
    if action.verb == "play":
        return _play_refusal(state, seat, action)
    if state.chain and state.double_train is None and action.verb in ("draw", "pass"):
        return _("Nothing more of yours fits your own train: end your fast start with `/mexican done`.")
    if action.verb == "done" and not state.chain:
        return _("`done` ends a fast start, after you have played on your own train on your first turn.")
    legal = turn_actions(state, seat)
    if any(a.verb == "play" for a in legal):
        return _("You have a tile you can play, so you must play it.")
    if action.verb == "draw":
        return _("You've already drawn this turn.") if state.drawn is not None else _("The boneyard is empty — pass.")
    if action.verb == "pass" and DRAW in legal:
        return _("You can't pass yet: draw a tile first (`/mexican draw`).")
    if action.verb == "done":
        value = open_end(state, seat)
        return _("Cover the double {value}-{value} on your train before you say `done`.").format(value=value)
    return _("That move isn't part of Mexican Train.")


def _play_refusal(state: MexicanState, seat: int, action: Action) -> str:
    if (
        len(action.args) not in (2, 3)
        or not isinstance(action.args[0], str)
        or action.args[2:] not in ((), (KNOCKING,))
    ):
        return _("Name a tile and a train, e.g. `/mexican play tile:12-5 train:mine`.")
    code = tiles.parse(action.args[0])
    if code is None:
        return _("`{typed}` isn't a domino — write it like `12-5`.").format(typed=action.args[0])
    if code not in state.hands[seat]:
        return _("You don't have {tile} in your hand.").format(tile=tiles.name(code))
    if state.drawn is not None and code != state.drawn:
        return _("You drew {tile} and it fits, so you must play that tile.").format(tile=tiles.name(state.drawn))
    key = train_key(action.args[1])
    if key is None or not (key == MEXICAN or 0 <= key < state.seats):
        return _("There's no such train.")
    if state.double_train is not None and key != state.double_train:
        value = open_end(state, state.double_train)
        return _("The double {value}-{value} must be covered first: play a tile with a {value} on it.").format(
            value=value
        )
    if state.chain and key != seat:
        return _("During your fast start you can only play on your own train (or `/mexican done`).")
    if key == MEXICAN and action.args[1] == START and state.mexican is not None:
        return _("The Mexican Train has already started — there's only one. Play on it with `train:mexican`.")
    if key == MEXICAN and action.args[1] != START and state.mexican is None:
        return _("The Mexican Train hasn't started: start it with a tile that has a {engine}.").format(
            engine=state.engine
        )
    if key not in (seat, MEXICAN) and not state.markers[key]:
        return _("{seat}'s train is closed — you can play there only while it has a marker.").format(
            seat=seat_mark(key)
        )
    end = open_end(state, key)
    if not tiles.fits(code, end):
        if key == seat:
            refused = _("{tile} doesn't fit your train: its open end is {end}.")
        elif key == MEXICAN:
            refused = _("{tile} doesn't fit the Mexican Train: its open end is {end}.")
        else:
            refused = _("{tile} doesn't fit {seat}'s train: its open end is {end}.")
        return refused.format(tile=tiles.name(code), seat=seat_mark(key), end=end)
    if knocks(action) and not state.manual_knock:
        return _("There's no knocking in this game (last_tile=auto): I announce a last tile myself.")
    if knocks(action):
        return _("Knock with the play that leaves you one tile: after this one you'd hold {count}.").format(
            count=len(state.hands[seat]) - 1
        )
    return _("That move isn't allowed right now.")


# --------------------------------------------------------------------------- applying moves


def skip_action(state: MexicanState, seat: int) -> Action | None:
    """The move a timeout's `skip` makes for the player whose turn it is: a fast start ends, else SKIP."""
    if state.finished or seat != state.turn:
        return None
    return DONE if state.chain and state.double_train is None else SKIP


def apply(state: MexicanState, seat: int, action: Action, rng: GameRandom) -> MexicanState:
    """The state after a legal move, or a timeout's skip (refusals carry their reason)."""
    verb = action.verb
    if verb == "play":  # most moves: checked and applied without the other verbs' tests
        placement = _placement(state, seat, action)
        if placement is None:
            raise IllegalAction(lambda: refusal(state, seat, action))
        new = state.successor()
        if new.new_tiles[seat]:
            new.new_tiles = _replaced(new.new_tiles, seat, [])
        if new.knock is not None:
            if new.knock != seat:
                new.knock = None  # the next player acted: the chance to catch is gone
            _play(new, seat, placement, rng)
            if new.knock is not None:
                new.knock = catchable(new)  # the "one tile left" state ends with the one tile
        else:
            _play(new, seat, placement, rng)
        return new
    skipping = verb == "skip" and not action.args and skip_action(state, seat) == SKIP
    if not skipping and not allowed(state, seat, action):
        raise IllegalAction(lambda: refusal(state, seat, action))
    new = state.successor()
    if verb == "catch":
        _catch(new, rng)
        return new
    if new.new_tiles[seat]:
        new.new_tiles = _replaced(new.new_tiles, seat, [])
    if verb == "knock":
        new.knock = None
        new.events.append(_LAST_TILE[seat])
        return new
    if new.knock is not None and new.knock != seat:
        new.knock = None  # the next player acted: the chance to catch is gone
    if verb == "draw":
        _draw(new, seat, rng)
    elif verb == "pass":
        _pass(new, seat, rng)
    elif skipping:
        _skip(new, seat, rng)
    else:  # done
        _end_turn(new)
    if new.knock is not None:
        new.knock = catchable(new)  # the "one tile left" state ends with the one tile
    return new


def _replaced(items: list[T], index: int, value: T) -> list[T]:
    """A copy of `items` with one item replaced: states share their lists, so the rules never change one in place."""
    changed = list(items)
    changed[index] = value
    return changed


def _play(state: MexicanState, seat: int, placement: tuple[int, int, int, bool], rng: GameRandom) -> None:
    code, key, end, knocked = placement
    how = DRAWN if state.drawn == code else CHAINED if state.chain else CHOSEN
    state.moves = [*state.moves, Move(seat, how, code, key, tuple(state.markers), state.double_train)]
    placed = end * tiles.BASE + code // tiles.BASE + code % tiles.BASE - end  # oriented: joins `end`, leaves the other
    hand = state.hands[seat][:]  # copies by slicing, here and below: cheaper than list() on every move
    hand.remove(code)
    hands = state.hands[:]  # `_replaced`, inlined: every play changes a hand
    hands[seat] = hand
    state.hands = hands
    state.drawn = None
    if key == MEXICAN:
        mexican = state.mexican
        state.mexican = [placed] if mexican is None else [*mexican, placed]
    else:
        trains = state.trains[:]
        trains[key] = [*trains[key], placed]
        state.trains = trains
        if key == seat and state.markers[seat]:
            state.markers = _replaced(state.markers, seat, False)  # playing on your own train takes your marker back
    if len(hand) < 2:
        if not hand:
            _end_round(state, went_out=seat, rng=rng)  # going out ends the round at once, even on a double
            return
        if state.manual_knock and not knocked:
            state.knock = seat
        else:
            state.events.append(_LAST_TILE[seat])
    satisfying = state.double_train == key
    if satisfying:
        state.double_train = None
    if code in tiles.DOUBLES:
        state.double_train = key  # the same player must now play a second tile on it
        if state.fast_start and state.fresh[seat] and key == seat:
            state.chain = True
        return
    if state.fast_start and state.fresh[seat] and key == seat and (state.chain or not satisfying):
        state.chain = True  # fast start: keep playing on your own train, or say done
        return
    _end_turn(state)


def _take_from_boneyard(state: MexicanState, seat: int, rng: GameRandom) -> int:
    """The top tile of the boneyard, into the seat's hand."""
    code = state.boneyard[-1]
    state.boneyard = state.boneyard[:-1]
    rng.mark_revealed()  # the drawer now knows a face-down tile: no undo past this
    hands, new_tiles = list(state.hands), list(state.new_tiles)  # `_replaced` twice, inlined: every draw comes here
    hands[seat] = sorted([*hands[seat], code])
    new_tiles[seat] = [code]
    state.hands, state.new_tiles = hands, new_tiles
    return code


def _fits_somewhere(state: MexicanState, seat: int, code: int) -> bool:
    """Whether the tile joins a train `seat` may play on now."""
    for key in places(state, seat):  # a loop, as in `_can_place`
        train = state.mexican if key == MEXICAN else state.trains[key]
        if code in tiles.WITH[train[-1] % tiles.BASE if train else state.engine]:  # open_end, inlined
            return True
    return False


def _draw(state: MexicanState, seat: int, rng: GameRandom) -> None:
    code = _take_from_boneyard(state, seat, rng)
    if _fits_somewhere(state, seat, code):
        state.drawn = code
        state.events.append(_FITS)
        return
    state.events.append(_NO_FIT)
    _took(state, seat, 1)
    _pass(state, seat, rng)
    if state.ended_round is not None:
        state.blocking_draw = (seat, code)  # the next deal (or the end) leaves no "just drawn" to tell it by


def _skip(state: MexicanState, seat: int, rng: GameRandom) -> None:
    """A skipped turn: draw once if this turn has not drawn yet, then pass, opening the train, whatever fits."""
    if state.drawn is None and state.boneyard:
        _take_from_boneyard(state, seat, rng)
        _took(state, seat, 1)
    elif state.drawn is not None:
        _took(state, seat, 1)  # drawn, never shown: it stays hidden in the hand
    _pass(state, seat, rng)


def _took(state: MexicanState, seat: int, count: int) -> None:
    """The table saw the seat take `count` tiles it cannot see."""
    state.moves = [*state.moves, Move(seat, TOOK, -1, 0, (), None, count)]


def _pass(state: MexicanState, seat: int, rng: GameRandom) -> None:
    if not state.markers[seat]:
        state.markers = _replaced(state.markers, seat, True)
    state.events.append(_PASSES[seat])
    _end_turn(state)
    if not state.boneyard and not _anyone_can_play(state):
        _end_round(state, went_out=None, rng=rng)


def _anyone_can_play(state: MexicanState) -> bool:
    """Whether some hand fits some train, were every train open (a blocked round is when none does)."""
    if state.double_train is not None:
        ends = {open_end(state, state.double_train)}
    else:
        ends = {open_end(state, key) for key in range(state.seats)} | {open_end(state, MEXICAN)}
    return any(not tiles.WITH[end].isdisjoint(hand) for hand in state.hands for end in ends)


def _catch(state: MexicanState, rng: GameRandom) -> None:
    offender = state.knock
    assert offender is not None
    state.knock = None
    count = min(PENALTY_DRAW, len(state.boneyard))
    drawn = state.boneyard[: -count - 1 : -1] if count else []  # off the top, one by one
    state.boneyard = state.boneyard[: len(state.boneyard) - count]
    if drawn:
        rng.mark_revealed()
    state.hands = _replaced(state.hands, offender, sorted(state.hands[offender] + drawn))
    state.new_tiles = _replaced(state.new_tiles, offender, state.new_tiles[offender] + drawn)
    if drawn:
        _took(state, offender, len(drawn))
    state.events.append(say(words.CAUGHT, seat=seat_mark(offender), n=len(drawn)))


def _end_turn(state: MexicanState) -> None:
    turn = state.turn
    if state.fresh[turn]:
        state.fresh = _replaced(state.fresh, turn, False)
    state.chain = False
    state.drawn = None
    turn += 1
    if turn == len(state.hands):
        turn = 0
    state.turn = turn
    state.new_cycle = turn == state.leader


def hand_scores(state: MexicanState) -> list[int]:
    """Each seat's penalty points for the tiles in its hand now (what it would score were the round to end)."""
    return [sum(map(tiles.SCORES.__getitem__, hand)) for hand in state.hands]


def _end_round(state: MexicanState, went_out: int | None, rng: GameRandom) -> None:
    scores = hand_scores(state)
    result = RoundResult(state.round, state.engine, [list(h) for h in state.hands], scores, went_out)
    state.history = [*state.history, result]
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    state.ended_round = state.round
    if went_out is None:
        state.events.append(say(words.BLOCKED, round=state.round))
    else:
        state.events.append(say(words.WENT_OUT, seat=seat_mark(went_out), round=state.round))
    if state.round >= state.rounds:
        state.finished = True
        state.knock = None
        return
    deal.deal_rounds(state, state.round + 1, rng)
    state.events.append(say(words.NEXT_ROUND, round=state.round, engine=state.engine))
