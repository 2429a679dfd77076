"""Which moves are legal, and what each does: signals, exchanges, cancels, calls, round ends and the role swap."""

from __future__ import annotations

from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.rng import GameRandom
from bot.games.toyko_train.data import COLOURS, KIND_WORDS, KINDS, Compartment, words_file
from bot.games.toyko_train.optimum import best_path, fewest_exchanges
from bot.games.toyko_train.state import ROUNDS, SWAP_AFTER, ToykoState, team_of

CONDUCTOR_VERBS = ("signal", "cancel", "nod", "shake", "call")
TOURIST_VERBS = ("swap", "point")
DOUBLED = 3
"""Variant `nine`: three of the six colours travel twice."""


def team_name(team: int) -> str:
    return f"Team {team + 1}"


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
        state.starts = [_shuffled(tourists, rng, state.target) for _ in range(state.teams)]
    else:
        start = previous if previous is not None else _shuffled(list(COLOURS), rng)
        state.target = _shuffled(list(COLOURS), rng, start)
        state.starts = [list(start) for _ in range(state.teams)]
    state.seatings = [list(s) for s in state.starts]
    state.exchanges = [[] for _ in range(state.teams)]
    state.made = [0] * state.teams
    state.out = [False] * state.teams
    state.signals = [None] * state.teams


def is_conductor(state: ToykoState, seat: int) -> bool:
    return state.conductor(team_of(seat)) == seat


def legal_actions(state: ToykoState, seat: int) -> list[Action]:
    """Everything `seat` may do now (nothing once its team is out of the round)."""
    team = team_of(seat)
    if state.finished or team >= state.teams or state.out[team]:
        return []
    compartment = state.compartment
    if is_conductor(state, seat):
        words = state.words[team][: len(COLOURS)]
        # A call and a cancel name their round: a doubled click can't call or cancel in the next one.
        moves = [Action("call", (state.round,)), Action("nod"), Action("shake")]
        if state.exchanges[team]:
            moves.append(Action("cancel", (state.round,)))
        return moves + [Action("signal", (word, kind)) for word in words for kind in KINDS]
    serial = state.serial(team)
    swaps = [Action("swap", (compartment.name(a), compartment.name(b), serial)) for a, b in compartment.exchanges]
    return swaps + [Action("point", (compartment.name(p),)) for p in range(compartment.size)]


def is_legal(state: ToykoState, seat: int, action: Action) -> bool:
    """Whether `action` is among `legal_actions(state, seat)`, answered without listing them all."""
    team = team_of(seat)
    if state.finished or team >= state.teams or state.out[team]:
        return False
    args, compartment = action.args, state.compartment
    if is_conductor(state, seat):
        if action.verb == "signal":
            return len(args) == 2 and args[0] in state.words[team][: len(COLOURS)] and args[1] in KINDS
        if action.verb == "cancel":
            return args == (state.round,) and bool(state.exchanges[team])
        if action.verb == "call":
            return args == (state.round,)
        return not args and action.verb in ("nod", "shake")
    if action.verb == "swap" and len(args) == 3 and args[2] == state.serial(team):
        places = [compartment.places.get(a) if isinstance(a, str) else None for a in args[:2]]
        return (places[0], places[1]) in compartment.exchanges
    return action.verb == "point" and len(args) == 1 and isinstance(args[0], str) and args[0] in compartment.places


def refusal(state: ToykoState, seat: int, action: Action) -> str:
    """Why `action` isn't allowed for `seat` now."""
    team = team_of(seat)
    if state.finished:
        return "The game is over."
    if team >= state.teams:
        return "You're not in this game."
    if state.out[team]:
        return f"{team_name(team)} called wrong and is out of this round: wait for the next one."
    conductor = is_conductor(state, seat)
    if action.verb in TOURIST_VERBS and conductor:
        return "You're the conductor this round: signal, and let your tourist move."
    if action.verb in CONDUCTOR_VERBS and not conductor:
        return "Only your conductor signals, cancels and calls; you exchange tourists and point."
    if action.verb in ("call", "cancel") and action.args and action.args[0] != state.round:
        return f"That was meant for round {action.args[0]}; round {state.round} is on now."
    if action.verb == "swap" and len(action.args) == 3 and action.args[2] != state.serial(team):
        return "Your seats have changed since that grid was shown — here they are as they are now."
    if action.verb == "swap":
        return _swap_refusal(state.compartment, action)
    if action.verb == "signal":
        return "Signal one of your own colour words with great, small or horizontal."
    if action.verb == "cancel":
        return "There's no exchange of your tourist to cancel this round."
    if action.verb == "point":
        return "Point at one of the compartment's seats, like B2."
    return "That move isn't part of Toyko Train."


def _swap_refusal(compartment: Compartment, action: Action) -> str:
    names = [str(a) for a in action.args[:2]]
    if len(names) != 2 or any(n.upper() not in compartment.places for n in names):
        return f"Exchange two seats of the compartment: {', '.join(compartment.places)}."
    a, b = (compartment.places[n.upper()] for n in names)
    if a == b:
        return "Exchange two different seats."
    if compartment.kind_of(a, b) is not None:
        first, second = sorted((a, b))
        return (
            f"Name the seats as the compartment lists them: {compartment.name(first)}, then {compartment.name(second)}."
        )
    return (
        f"{names[0]} and {names[1]} can't be exchanged: only a great vertical (rows 1 and 3 of a column), "
        "a small vertical (next rows of a column) or a horizontal (next seats of a row)."
    )


def apply(state: ToykoState, seat: int, action: Action, rng: GameRandom) -> ToykoState:
    """The state after a legal move (refusals carry their reason)."""
    if not is_legal(state, seat, action):
        raise IllegalAction(refusal(state, seat, action))
    new = state.copy()
    team = team_of(seat)
    at = action.at if action.at is not None else new.began_ms
    if action.verb == "signal":
        word, kind = str(action.args[0]), str(action.args[1])
        new.signals[team] = (word, kind)
        gesture = words_file().schemes[new.scheme][kind]
        new.events.append(f"and {gesture}.")  # follows "<name> signals «word!»" in the log line
    elif action.verb == "swap":
        a, b = (new.compartment.places[str(n)] for n in action.args[:2])
        _exchange(new, team, a, b)
        new.exchanges[team].append((a, b))
        new.made[team] += 1
    elif action.verb == "cancel":
        a, b = new.exchanges[team].pop()
        _exchange(new, team, a, b)
        cancel_word = new.words[team][-1]
        names = f"{new.compartment.name(a)} and {new.compartment.name(b)}"
        new.events.append(f"{team_name(team)}'s conductor: «{cancel_word}!» — {names} swap back.")
    elif action.verb == "call":
        _call(new, team, seat, at, rng)
    return new


def _exchange(state: ToykoState, team: int, a: int, b: int) -> None:
    seating = state.seatings[team]
    seating[a], seating[b] = seating[b], seating[a]


def _call(state: ToykoState, team: int, seat: int, at: int, rng: GameRandom) -> None:
    """rules: a right call wins the round card; a wrong one puts the team out, and a lone team left wins it."""
    if state.seatings[team] == state.target:
        state.events.append(f"«Toyko Train!» — right! {team_name(team)} wins round {state.round}.")
        _end_round(state, team, seat, True, at, rng)
        return
    state.out[team] = True
    state.events.append(f"«Toyko Train!» — wrong: {team_name(team)} is out of round {state.round}.")
    left = [t for t in range(state.teams) if not state.out[t]]
    if len(left) == 1:
        state.events.append(f"{team_name(left[0])} noticed the error and wins round {state.round}.")
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
            {"made": state.made[t], "standing": len(state.exchanges[t]), "optimum": optimum[t]}
            for t in range(state.teams)
        ],
    }
    state.summaries.append(summary)
    parts = [f"{team_name(t)} {state.made[t]} exchanges (best possible {optimum[t]})" for t in range(state.teams)]
    state.events.append(f"Round {state.round} took {summary['seconds']} s: " + "; ".join(parts) + ".")
    if state.round == ROUNDS:
        state.finished = True
        state.events.append("The seventh round is over: the game ends.")
        return
    state.round += 1
    state.began_ms = at
    new_seatings(state, rng, state.target)
    if state.round == SWAP_AFTER + 1:
        conductors = ", ".join(seat_mark(state.conductor(t)) for t in range(state.teams))
        state.events.append(f"Partners swap roles: now conducting, {conductors}.")
    state.events.append(f"Round {state.round} begins: conductors, you have the new target.")


def seat_cards(state: ToykoState) -> list[int]:
    """Round cards by seat: each player counts their team's cards."""
    return [state.cards[team_of(seat)] for seat in range(2 * state.teams)]


def hint(state: ToykoState, team: int) -> Action:
    """The conductor's timer move: the call when the seating is right, else a signal of an exchange on a best path."""
    seating = state.seatings[team]
    if seating == state.target:
        return Action("call", (state.round,))
    a, b = best_path(state.compartment, tuple(seating), tuple(state.target))[0]
    word = state.words[team][COLOURS.index(seating[a])]
    kind = state.compartment.kind_of(a, b)
    assert kind is not None
    return Action("signal", (word, kind))


def tourist_help(state: ToykoState, team: int) -> Action | None:
    """The tourist's timer move: the next exchange of a best path to the target (none once it is reached)."""
    seating = state.seatings[team]
    if seating == state.target:
        return None  # the conductor's call is what is missing
    a, b = best_path(state.compartment, tuple(seating), tuple(state.target))[0]
    name = state.compartment.name
    return Action("swap", (name(a), name(b), state.serial(team)))


def kind_words(kind: str) -> str:
    """An exchange kind in words: "great vertical"."""
    return KIND_WORDS[kind]
