"""Which moves are legal, and what each does: roll a die, load cargo, the end trigger and the next round."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.games.base import Action, IllegalAction, StaleMove, seat_mark
from bot.games.miyajima import words
from bot.games.miyajima.data import DICE, KINDS, sheet
from bot.games.miyajima.state import DICE_PER_ROUND, LOAD, ROLL, MiyajimaState
from bot.games.rng import GameRandom
from bot.i18n import _, pgettext


@dataclass(frozen=True, slots=True)
class Cargo:
    """A load a seat may make: the colour's train, the value, and the dice it comes from."""

    colour: str
    kind: str
    value: int
    dice: tuple[tuple[str, int], ...]


def total(train: list[int]) -> int:
    """The cargo a train carries: the running total in its last filled car."""
    return train[-1] if train else 0


def cargoes(state: MiyajimaState, seat: int) -> list[Cargo]:
    """Every load `seat` may make from the last roll: the die alone, or with one earlier die of this round."""
    if state.phase != LOAD or seat not in state.waiting:
        return []
    reached = state.reached[seat]
    # rules: once a destination is reached, neither train of that colour takes cargo
    return [cargo for cargo in _roll_cargoes(tuple(state.rolled)) if cargo.colour not in reached]


@functools.lru_cache(maxsize=2048)
def _roll_cargoes(rolled: tuple[tuple[str, int], ...]) -> tuple[Cargo, ...]:
    """Every load the last of these dice makes, for any seat: the die alone, or with one earlier die."""
    # Worked out once per round's dice: every seat's moves, view and load ask for them again and again.
    board = sheet()
    last = rolled[-1]
    sources: list[tuple[str, tuple[tuple[str, int], ...]]] = [(last[0], (last,))]
    sources += [(board.mix(last[0], earlier[0]), (earlier, last)) for earlier in rolled[:-1]]
    found: list[Cargo] = []
    for colour, dice in sources:
        value = sum(v for _die, v in dice)
        found += [Cargo(colour, kind, value, dice) for kind in KINDS]
    return tuple(found)


def load_action(cargo: Cargo, roll_number: int) -> Action:
    """The move that makes a load: the colour picks the dice, and it names the roll, so it stays good while others load.

    (A menu made for one roll can't load the next one, and a doubled click can't load twice.)
    """
    return Action("load", (cargo.colour, cargo.kind, roll_number))


def from_log(state: MiyajimaState, action: Action) -> Action:
    """A logged move as this version plays it: loads logged before they named their roll answered the roll then."""
    if action.verb == "load" and len(action.args) == 2:
        return Action("load", (*action.args, state.roll_number), action.at)
    return action


def legal_actions(state: MiyajimaState, seat: int) -> list[Action]:
    """Everything `seat` may do now."""
    if state.finished:
        return []
    if state.phase == ROLL:
        rolled = {die for die, _value in state.rolled}
        return [Action("roll", (die,)) for die in DICE if die not in rolled] if seat == state.active else []
    number = state.roll_number
    return [load_action(c, number) for c in cargoes(state, seat)]


def is_legal(state: MiyajimaState, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_actions(state, seat)`, checked without building the list."""
    if state.finished:
        return False
    if action.verb == "roll":
        die = action.args[0] if len(action.args) == 1 else None
        rolled = {d for d, _value in state.rolled}
        return state.phase == ROLL and seat == state.active and die in DICE and die not in rolled
    if action.verb == "load" and len(action.args) == 3:
        colour, kind, number = action.args
        return number == state.roll_number and any((c.colour, c.kind) == (colour, kind) for c in cargoes(state, seat))
    return False


def refusal(state: MiyajimaState, seat: int, action: Action) -> str:
    """Why `action` is not allowed for `seat` now (only called for moves that are not legal)."""
    if state.finished:
        return pgettext("miyajima", "The game is over.")
    if action.verb == "roll":
        if state.phase != ROLL:
            return _("Everyone is still loading the last roll.")
        if seat != state.active:
            return _("Only the active player rolls this round — {player}.").format(player=seat_mark(state.active))
        if len(action.args) != 1:
            return _("That move isn't part of Fast Train to Miyajima.")
        if action.args[0] not in DICE:
            return unknown_die(str(action.args[0]))
        return _("That die has been rolled this round already: choose one of the others.")
    if action.verb == "load":
        return _load_refusal(state, seat, action.args)
    return _("That move isn't part of Fast Train to Miyajima.")


def unknown_die(typed: str) -> str:
    """The refusal of a die that isn't one (an empty name included)."""
    dice = {die: words.colour_name(die) for die in DICE}
    if not typed.strip():
        return _("Name the die to roll: {red}, {yellow} or {blue}.").format(**dice)
    return _("There's no {die} die — roll {red}, {yellow} or {blue}.").format(die=typed.strip()[:20], **dice)


def _load_refusal(state: MiyajimaState, seat: int, args: tuple[str | int, ...]) -> str:
    """Why a load is refused: the roll it names, the seat, the train, the colour (reached, or not from this roll)."""
    if len(args) == 2 and all(isinstance(a, str) for a in args):
        return _("That menu is from before loads named their roll: pick again from your options now.")
    if len(args) != 3 or not isinstance(args[2], int) or not all(isinstance(a, str) for a in args[:2]):
        return _("That move isn't part of Fast Train to Miyajima.")
    colour, kind, number = str(args[0]), str(args[1]), int(args[2])
    if _over(state, number):
        return _("That load was for an earlier roll, which is over.") + " " + _now(state)
    if number > state.roll_number or state.phase != LOAD:
        return _("Nothing to load yet: wait for the next roll.")
    if seat not in state.waiting:
        return _("You've already loaded this roll (or had nothing to load).")
    board = sheet()
    if kind not in KINDS:
        return _("Load the fast or the heavy train.")
    if colour not in board.colours:
        return _("There's no {colour} on the sheet.").format(colour=colour[:20])
    if colour in state.reached[seat]:
        return _("You've reached {destination}: neither {colour} train takes cargo any more.").format(
            destination=board.colours[colour].destination, colour=words.colour_name(colour)
        )
    die, value = state.rolled[-1]
    made = [c.colour for c in cargoes(state, seat) if c.kind == kind]
    return _("The {die} {value} can't make {colour}: it loads {options}.").format(
        die=words.colour_name(die),
        value=value,
        colour=words.colour_name(colour),
        options=pgettext("miyajima", " or ").join(words.colour_name(c) for c in made),
    )


def _over(state: MiyajimaState, number: int) -> bool:
    """Whether the roll with this number has been loaded by everyone already."""
    return number < state.roll_number or (number == state.roll_number and state.phase != LOAD)


def from_an_old_menu(state: MiyajimaState, action: Action) -> bool:
    """Whether `action` is a load of a roll that is over, or from a menu of before loads named their roll."""
    args = action.args
    if action.verb != "load" or state.finished:
        return False
    if len(args) == 2 and all(isinstance(a, str) for a in args):
        return True
    return len(args) == 3 and isinstance(args[2], int) and _over(state, args[2])


def _now(state: MiyajimaState) -> str:
    """What is up now, for a refused load of a roll that is over."""
    if state.phase == LOAD:
        die, value = state.rolled[-1]
        return _("The {die} {value} is up now.").format(die=words.colour_name(die), value=value)
    return _("Wait for the next roll.")


def apply(state: MiyajimaState, seat: int, action: Action, rng: GameRandom) -> MiyajimaState:
    """The state after a legal move (refusals carry their reason)."""
    if not is_legal(state, seat, action):
        # A stale menu's pick is told apart, so the player is handed the menu of now with the reason.
        raise (StaleMove if from_an_old_menu(state, action) else IllegalAction)(refusal(state, seat, action))
    new = state.copy()
    if action.verb == "roll":
        _roll(new, str(action.args[0]), rng)
    else:
        _load(new, seat, str(action.args[0]), str(action.args[1]))  # the roll it names is checked: the last
    return new


def _roll(state: MiyajimaState, die: str, rng: GameRandom) -> None:
    value = rng.randint(1, 6)
    state.rolled.append((die, value))
    state.events.append(words.say(words.ROLLED, value=value))
    state.phase = LOAD
    state.loads = [None] * state.seats
    state.waiting = list(range(state.seats))
    state.waiting = [s for s in range(state.seats) if cargoes(state, s)]  # rules: nothing to load, nothing to do
    skipped = [s for s in range(state.seats) if s not in state.waiting]
    if skipped:
        names = ", ".join(seat_mark(s) for s in skipped)
        state.events.append(words.say(words.NOTHING_TO_LOAD, names=names))
    _after_loading(state)


def _load(state: MiyajimaState, seat: int, colour: str, kind: str) -> None:
    cargo = next(c for c in cargoes(state, seat) if (c.colour, c.kind) == (colour, kind))
    train = state.own_train(seat, colour, kind)
    train.append(total(train) + cargo.value)
    state.waiting.remove(seat)
    if len(cargo.dice) > 1:
        dice = " + ".join(f"{die} {value}" for die, value in cargo.dice)
        state.loads[seat] = words.say(
            words.LOAD_MIXED, colour=colour, value=cargo.value, dice=dice, kind=kind, total=total(train)
        )
        state.events.append(words.say(words.LOADED_MIXED, value=cargo.value, dice=dice, total=total(train)))
    else:
        state.loads[seat] = words.say(words.LOAD, colour=colour, value=cargo.value, kind=kind, total=total(train))
        state.events.append(words.say(words.LOADED, value=cargo.value, total=total(train)))
    if len(train) == sheet().cars:
        _reach(state, seat, colour)
    _after_loading(state)


def _reach(state: MiyajimaState, seat: int, colour: str) -> None:
    board = sheet()
    state.reached[seat].append(colour)
    destination = board.colours[colour].destination
    state.events.append(words.say(words.REACHED, seat=seat_mark(seat), destination=destination, colour=colour))
    distinct = {c for reached in state.reached for c in reached}
    if not state.last_round and len(distinct) >= board.destinations_to_end(state.seats):
        state.last_round = True
        state.events.append(words.say(words.LAST_ROUND, count=len(distinct)))


def _after_loading(state: MiyajimaState) -> None:
    """Once nobody is left loading: the next roll, or the next round, or the end of the game."""
    if state.waiting:
        return
    state.phase = ROLL
    if len(state.rolled) < DICE_PER_ROUND:
        return
    if state.last_round:
        state.finished = True  # rules: the round is finished, then the game ends
        state.events.append(words.say(words.GAME_ENDS))
        return
    state.round += 1
    state.active = (state.active + 1) % state.seats
    state.rolled = []
