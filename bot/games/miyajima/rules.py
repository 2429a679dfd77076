"""Which moves are legal, and what each does: roll a die, load cargo, the end trigger and the next round."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.miyajima import words
from bot.games.miyajima.data import DICE, KINDS, sheet
from bot.games.miyajima.state import LOAD, ROLL, MiyajimaState
from bot.games.rng import GameRandom
from bot.i18n import _, pgettext

DICE_PER_ROUND = len(DICE)


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
    board = sheet()
    last = state.rolled[-1]
    sources: list[tuple[str, tuple[tuple[str, int], ...]]] = [(last[0], (last,))]
    sources += [(board.mix(last[0], earlier[0]), (earlier, last)) for earlier in state.rolled[:-1]]
    found = []
    for colour, dice in sources:
        if colour in state.reached[seat]:
            continue  # rules: once a destination is reached, neither train of that colour takes cargo
        value = sum(v for _die, v in dice)
        found += [Cargo(colour, kind, value, dice) for kind in KINDS]
    return found


def load_action(cargo: Cargo) -> Action:
    """The move that makes a load: the resulting colour picks the dice, so colour and train are enough."""
    return Action("load", (cargo.colour, cargo.kind))


def legal_actions(state: MiyajimaState, seat: int) -> list[Action]:
    """Everything `seat` may do now."""
    if state.finished:
        return []
    if state.phase == ROLL:
        rolled = {die for die, _value in state.rolled}
        return [Action("roll", (die,)) for die in DICE if die not in rolled] if seat == state.active else []
    return [load_action(c) for c in cargoes(state, seat)]


def is_legal(state: MiyajimaState, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_actions(state, seat)`, checked without building the list."""
    if state.finished:
        return False
    if action.verb == "roll":
        die = action.args[0] if len(action.args) == 1 else None
        rolled = {d for d, _value in state.rolled}
        return state.phase == ROLL and seat == state.active and die in DICE and die not in rolled
    if action.verb == "load" and len(action.args) == 2:
        return any((c.colour, c.kind) == action.args for c in cargoes(state, seat))
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
        return _("That die has been rolled this round already: choose one of the others.")
    if action.verb == "load":
        if state.phase != LOAD:
            return _("Nothing to load yet: wait for the next roll.")
        if seat not in state.waiting:
            return _("You've already loaded this roll (or had nothing to load).")
        return _(
            "You can't load that: choose one of your options (the die alone, or with an earlier die of this round)."
        )
    return _("That move isn't part of Fast Train to Miyajima.")


def apply(state: MiyajimaState, seat: int, action: Action, rng: GameRandom) -> MiyajimaState:
    """The state after a legal move (refusals carry their reason)."""
    if not is_legal(state, seat, action):
        raise IllegalAction(refusal(state, seat, action))
    new = state.copy()
    if action.verb == "roll":
        _roll(new, str(action.args[0]), rng)
    else:
        _load(new, seat, str(action.args[0]), str(action.args[1]))
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
    train = state.own_sheet(seat)[colour][kind]
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
