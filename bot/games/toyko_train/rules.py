"""Which moves are legal, and what each does: signals, exchanges, cancels, calls, round ends and the role swap."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.rng import GameRandom
from bot.games.toyko_train import words
from bot.games.toyko_train.data import COLOURS, KINDS, Compartment, words_file
from bot.games.toyko_train.optimum import Seating, best_path, fewest_exchanges
from bot.games.toyko_train.state import ROUNDS, SERIALS_PER_ROUND, SWAP_AFTER, ToykoState, conducts, team_of
from bot.i18n import _, pgettext

CONDUCTOR_VERBS = ("signal", "cancel", "nod", "shake", "call")
TOURIST_VERBS = ("swap", "point")
DOUBLED = 3
"""Variant `nine`: three of the six colours travel twice."""


def team_name(team: int) -> str:
    """A team as the state's English log names it ("Team 1"); `words.team_name` says it in the language in use."""
    return words.english_team(team)


def deal_words(teams: int, rng: GameRandom) -> list[list[str]]:
    """Each team's six colour words and cancel word, no word shared; team 1's cancel word is the file's own."""
    file = words_file()
    pool = list(file.words)
    rng.shuffle(pool)
    dealt = []
    for team in range(teams):
        colour_words, pool = pool[: len(COLOURS)], pool[len(COLOURS) :]
        cancel = file.cancel_word if team == 0 else pool.pop()
        dealt.append([*colour_words, cancel])
    return dealt


def _shuffled(tourists: list[str], rng: GameRandom, unlike: list[str] | None = None) -> list[str]:
    """A random seating of `tourists`, never equal to `unlike`."""
    while True:
        seating = list(tourists)
        rng.shuffle(seating)
        if seating != unlike:
            return seating


def new_seatings(state: ToykoState, rng: GameRandom, previous: list[str] | None) -> None:
    """This round's target and each team's start (RULINGS: the last target, or in `nine` a fresh random seating)."""
    if state.nine:
        doubled = list(COLOURS)
        rng.shuffle(doubled)
        tourists = sorted([*COLOURS, *doubled[:DOUBLED]])
        state.target = _shuffled(tourists, rng)
        state.starts = [_shuffled(tourists, rng, state.target) for _team in range(state.teams)]
    else:
        start = previous if previous is not None else _shuffled(list(COLOURS), rng)
        state.target = _shuffled(list(COLOURS), rng, start)
        state.starts = [list(start) for _team in range(state.teams)]
    state.seatings = [list(s) for s in state.starts]
    state.exchanges = [[] for _team in range(state.teams)]
    state.made = [0] * state.teams
    state.out = [False] * state.teams
    state.signals = [None] * state.teams
    state.signalled_at = [-1] * state.teams
    state.moved_ms = [state.began_ms] * state.teams


def is_conductor(state: ToykoState, seat: int) -> bool:
    return conducts(seat, state.round)  # asked millions of times a playout: one call, not a team's and a method's


def legal_actions(state: ToykoState, seat: int) -> list[Action]:
    """Everything `seat` may do now (nothing once its team is out of the round)."""
    team = team_of(seat)
    if state.finished or team >= state.teams or state.out[team]:
        return []
    if is_conductor(state, seat):
        # A call names its round, a cancel its round and the seating it undoes: a doubled click can't act twice.
        moves = [Action("call", (state.round,)), Action("nod"), Action("shake")]
        if state.exchanges[team]:
            moves.append(Action("cancel", (state.round, state.serial(team))))
        moves += _signals(tuple(state.words[team][: len(COLOURS)]))
        return moves
    return list(_tourist_moves(state.compartment, state.serial(team)))


# The lists below are made once and shared (an Action is frozen); each caller still gets a list of its own.
@functools.lru_cache(maxsize=256)
def _signals(words: tuple[str, ...]) -> tuple[Action, ...]:
    """A conductor's signals: each colour word with each exchange kind."""
    return tuple(Action("signal", (word, kind)) for word in words for kind in KINDS)


@functools.lru_cache(maxsize=256)
def _tourist_moves(compartment: Compartment, serial: int) -> tuple[Action, ...]:
    """A tourist's moves on seating number `serial`: every exchange, then a point at every place."""
    names = compartment.names
    swaps = [Action("swap", (names[a], names[b], serial)) for a, b in compartment.exchanges]
    return (*swaps, *(Action("point", (name,)) for name in names))


def is_legal(state: ToykoState, seat: int, action: Action) -> bool:
    """Whether `action` is among `legal_actions(state, seat)`, answered without listing them all."""
    team = team_of(seat)
    if state.finished or team >= state.teams or state.out[team]:
        return False
    args = action.args
    if is_conductor(state, seat):
        if action.verb == "signal":
            return len(args) == 2 and args[0] in state.words[team][: len(COLOURS)] and args[1] in KINDS
        if action.verb == "cancel":
            return args == (state.round, state.serial(team)) and bool(state.exchanges[team])
        if action.verb == "call":
            return args == (state.round,)
        return not args and action.verb in ("nod", "shake")
    compartment = state.compartment
    if action.verb == "swap":
        return len(args) == 3 and args[2] == state.serial(team) and args[:2] in _exchange_names(compartment)
    return action.verb == "point" and len(args) == 1 and isinstance(args[0], str) and args[0] in compartment.places


@functools.cache
def _exchange_names(compartment: Compartment) -> frozenset[tuple[str, str]]:
    """Every legal exchange by its places' names, as a swap names them."""
    return frozenset((compartment.name(a), compartment.name(b)) for a, b in compartment.exchanges)


def refusal(state: ToykoState, seat: int, action: Action) -> str:
    """Why `action` isn't allowed for `seat` now."""
    team = team_of(seat)
    if state.finished:
        return pgettext("toyko train", "The game is over.")
    if team >= state.teams:
        return pgettext("toyko train", "You're not in this game.")
    if state.out[team]:
        return _("{team} called wrong and is out of this round: wait for the next one.").format(
            team=words.team_name(team)
        )
    meant_for = _round_meant(action)
    # Before the role: roles swap after round 3, so a click left over from then would be refused for the wrong reason.
    if meant_for is not None and meant_for != state.round:
        return _("That was meant for round {then}; round {now} is on now.").format(then=meant_for, now=state.round)
    conductor, verb, args = is_conductor(state, seat), action.verb, action.args
    if verb in TOURIST_VERBS and conductor:
        return _("You're the conductor this round: signal, and let your tourist move.")
    if verb in CONDUCTOR_VERBS and not conductor:
        return _("Only your conductor signals, cancels and calls; you exchange tourists and point.")
    if verb == "cancel" and len(args) == 2 and args[1] != state.serial(team):
        return _("Your tourists have moved since that Cancel was shown (a cancel undoes one exchange): nothing undone.")
    if verb == "swap" and len(args) == 3 and args[2] != state.serial(team):
        return _("Your seats have changed since that grid was shown — here they are as they are now.")
    if verb == "swap":
        return _swap_refusal(state.compartment, action)
    if verb == "signal":
        return _("Signal one of your own colour words with great, small or horizontal.")
    if verb == "cancel":
        return _("There's no exchange of your tourist to cancel this round.")
    if verb == "point":
        return _("Point at one of the compartment's seats, like B2.")
    return _("That move isn't part of Toyko Train.")


def _round_meant(action: Action) -> int | None:
    """The round a click was made in, when it says: a call's or cancel's round, an exchange's seating number."""
    args = action.args
    if action.verb in ("call", "cancel") and args and isinstance(args[0], int):
        return args[0]
    if action.verb == "swap" and len(args) == 3 and isinstance(args[2], int):
        return args[2] // SERIALS_PER_ROUND
    return None


def _swap_refusal(compartment: Compartment, action: Action) -> str:
    names, places = [str(a) for a in action.args[:2]], compartment.places
    if len(names) != 2 or names[0].upper() not in places or names[1].upper() not in places:
        return _("Exchange two seats of the compartment: {places}.").format(places=", ".join(places))
    a, b = places[names[0].upper()], places[names[1].upper()]
    if a == b:
        return _("Exchange two different seats.")
    if compartment.kind_of(a, b) is not None:
        first, second = sorted((a, b))
        return _("Name the seats as the compartment lists them: {first}, then {second}.").format(
            first=compartment.name(first), second=compartment.name(second)
        )
    return _(
        "{first} and {second} can't be exchanged: only a great vertical (rows 1 and 3 of a column), "
        "a small vertical (next rows of a column) or a horizontal (next seats of a row)."
    ).format(first=names[0], second=names[1])


def apply(state: ToykoState, seat: int, action: Action, rng: GameRandom) -> ToykoState:
    """The state after a legal move (refusals carry their reason)."""
    if not is_legal(state, seat, action):
        raise IllegalAction(lambda: refusal(state, seat, action))
    new = state.copy()
    team = team_of(seat)
    at = action.at if action.at is not None else new.began_ms
    new.moved_ms[team] = max(new.moved_ms[team], at)
    if action.verb == "signal":
        word, kind = str(action.args[0]), str(action.args[1])
        new.signals[team] = (word, kind)
        new.signalled_at[team] = new.serial(team)
        gesture = words_file().schemes[new.scheme][kind]
        new.events.append(words.say(words.GESTURE, gesture=gesture))  # follows "<name> signals «word!»" in the log
    elif action.verb == "swap":
        a, b = (new.compartment.places[str(n)] for n in action.args[:2])
        _exchange(new, team, a, b)
        new.exchanges[team].append((a, b))
        new.made[team] += 1
    elif action.verb == "cancel":
        a, b = new.exchanges[team].pop()
        _exchange(new, team, a, b)
        cancel_word = new.words[team][-1]
        first, second = new.compartment.name(a), new.compartment.name(b)
        new.events.append(
            words.say(words.CANCELLED, team=team_name(team), word=cancel_word, first=first, second=second)
        )
    elif action.verb == "call":
        _call(new, team, seat, at, rng)
    return new


def _exchange(state: ToykoState, team: int, a: int, b: int) -> None:
    seating = state.seatings[team]
    seating[a], seating[b] = seating[b], seating[a]


def _call(state: ToykoState, team: int, seat: int, at: int, rng: GameRandom) -> None:
    """rules: a right call wins the round card; a wrong one puts the team out, and a lone team left wins it."""
    if state.seatings[team] == state.target:
        state.events.append(words.say(words.RIGHT_CALL, team=team_name(team), round=state.round))
        _end_round(state, team, seat, True, at, rng)
        return
    state.out[team] = True
    state.events.append(words.say(words.WRONG_CALL, team=team_name(team), round=state.round))
    left = [t for t in range(state.teams) if not state.out[t]]
    if len(left) == 1:
        state.events.append(words.say(words.NOTICED, team=team_name(left[0]), round=state.round))
        _end_round(state, left[0], seat, False, at, rng)


def _end_round(state: ToykoState, winner: int, caller: int, right: bool, at: int, rng: GameRandom) -> None:
    """The round card, the round's summary, then the next round (or the end after the 7th)."""
    state.cards[winner] += 1
    elapsed = max(0, at - state.began_ms)
    # Worked out only now, off the moves' path: a cold search of the 3×3 space can take tens of milliseconds.
    optimum = [fewest_exchanges(state.compartment, tuple(s), tuple(state.target)) for s in state.starts]
    summary = {
        "round": state.round,
        "winner": winner,
        "caller": caller,
        "right": right,
        "seconds": round(elapsed / 1000, 1),
        "target": list(state.target),
        "teams": [
            {
                "made": state.made[t],
                "standing": len(state.exchanges[t]),
                "optimum": optimum[t],
                # A team's time: until its last move of the round (the winner's, its call).
                "seconds": round(max(0, state.moved_ms[t] - state.began_ms) / 1000, 1),
            }
            for t in range(state.teams)
        ],
    }
    state.summaries.append(summary)
    parts = [f"{team_name(t)} {state.made[t]} exchanges (best possible {optimum[t]})" for t in range(state.teams)]
    state.events.append(
        words.say(words.ROUND_TOOK, round=state.round, seconds=summary["seconds"], records="; ".join(parts))
    )
    if state.round == ROUNDS:
        state.finished = True
        state.events.append(words.say(words.GAME_ENDS))
        return
    state.round += 1
    state.began_ms = at
    new_seatings(state, rng, state.target)
    if state.round == SWAP_AFTER + 1:
        conductors = ", ".join(seat_mark(state.conductor(t)) for t in range(state.teams))
        state.events.append(words.say(words.ROLES_SWAP, conductors=conductors))
    state.events.append(words.say(words.ROUND_BEGINS, round=state.round))


def seat_cards(state: ToykoState) -> list[int]:
    """Round cards by seat: each player counts their team's cards."""
    return [state.cards[team_of(seat)] for seat in range(2 * state.teams)]


def named_exchange(compartment: Compartment, seating: Sequence[str], colour: str, kind: str) -> tuple[int, int] | None:
    """The one exchange of `kind` that moves a `colour` tourist of `seating`, or None when there are none or several."""
    found = [
        (a, b)
        for a, b in compartment.exchanges
        if compartment.kind_of(a, b) == kind and colour in (seating[a], seating[b]) and seating[a] != seating[b]
    ]
    return found[0] if len(found) == 1 else None


def hint(state: ToykoState, team: int) -> Action:
    """The conductor's timer move: the call when the seating is right, else the signal of an exchange on a shortest
    path, one the signal names alone whenever there is such an exchange (what the tourist's timer follows)."""
    seating = state.seatings[team]
    if seating == state.target:
        return Action("call", (state.round,))
    colour, kind = _hint_signal(state.compartment, tuple(seating), tuple(state.target))
    return Action("signal", (_word(state, team, colour), kind))


@functools.lru_cache(maxsize=4096)
def _hint_signal(compartment: Compartment, seating: Seating, target: Seating) -> tuple[str, str]:
    """The hint's (colour, kind): cached, as every change of the game asks it again for each waiting conductor."""
    path = best_path(compartment, seating, target)
    first, nearer = path[0], len(path) - 1
    # The best path's own first exchange is tried first: it needs no further search.
    for a, b in (first, *(e for e in compartment.exchanges if e != first)):
        named = _naming(compartment, seating, a, b)
        if named is not None and (
            (a, b) == first or fewest_exchanges(compartment, _swapped(seating, a, b), target) == nearer
        ):
            return named
    # In nine places no exchange on a shortest path may be nameable alone: an attentive tourist still finds one.
    a, b = first
    return seating[a], str(compartment.kind_of(a, b))


def _naming(compartment: Compartment, seating: Seating, a: int, b: int) -> tuple[str, str] | None:
    """The signal (colour, kind) that names the exchange of places a and b alone, if either of its tourists does."""
    kind = compartment.kind_of(a, b)
    if kind is None or seating[a] == seating[b]:
        return None
    return next(
        ((seating[p], kind) for p in (a, b) if named_exchange(compartment, seating, seating[p], kind) == (a, b)), None
    )


def _swapped(seating: Seating, a: int, b: int) -> Seating:
    after = list(seating)
    after[a], after[b] = after[b], after[a]
    return tuple(after)


def _word(state: ToykoState, team: int, colour: str) -> str:
    return state.words[team][COLOURS.index(colour)]


def tourist_help(state: ToykoState, team: int) -> Action | None:
    """The tourist's timer move, from what the tourist sees: the exchange the conductor's latest signal names, once,
    when it names exactly one (the target is the conductors' secret, so it can't guide the tourist)."""
    signal = state.signals[team]
    if signal is None or state.signalled_at[team] != state.serial(team):
        return None  # no signal yet, or the tourist has moved since it was given
    word, kind = signal
    colour = COLOURS[state.words[team].index(word)]
    exchange = named_exchange(state.compartment, state.seatings[team], colour, kind)
    if exchange is None:
        return None
    name = state.compartment.name
    return Action("swap", (name(exchange[0]), name(exchange[1]), state.serial(team)))


def kind_words(kind: str) -> str:
    """An exchange kind in words, in the language in use: "great vertical"."""
    return words.kind_name(kind)
