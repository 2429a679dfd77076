"""Sandbox scripts that play whole games the way people type them, and the scores they must end on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, Game
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.miyajima import MIYAJIMA
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.optimum import best_path
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.data import japan

FRIENDS = ("alice", "bob", "carol", "dave", "erin")

Typing = Callable[[Any, int, Action, Sequence[str], int], list[str]]
"""(state, seat, move, names, step) → the sandbox lines a player uses for that move."""
Chooser = Callable[[Any, int], Action | None]
"""(state, seat) → the move that seat makes (None: it has nothing to do)."""


@dataclass(frozen=True)
class Script:
    """Sandbox lines for a whole game, and what the pure rules say each player scores at the end."""

    lines: list[str]
    totals: dict[str, int]
    moves: int


def whole_game(
    game: Game, seed: int, typing: Typing, names: Sequence[str], options: str = "", choose: Chooser | None = None
) -> Script:
    """A lobby, a start, and every move until the end: each player plays `choose`'s move (their timer's default)."""
    pick = choose or game.default_action
    parsed = dict(pair.split("=", 1) for pair in options.split())
    quoted = f' options:"{options}"' if options else ""
    lines = [f"as {names[0]}: /game new game:{game.name}{quoted}"]
    lines += [f"as {name}: click Join" for name in names[1:]]
    lines.append(f"as {names[0]}: click Start")
    state = game.setup(seed, len(names), parsed)
    step = 0
    while game.outcome(state) is None:
        seat = min(s for s in game.to_act(state) if pick(state, s) is not None)
        action = pick(state, seat)
        assert action is not None
        step += 1
        lines += typing(state, seat, action, names, step)
        state = game.apply(state, seat, action, GameRandom(seed, step))
    outcome = game.outcome(state)
    assert outcome is not None
    return Script(lines, dict(zip(names, outcome.scores, strict=True)), step)


def mexican_typing(state: Any, seat: int, action: Action, names: Sequence[str], step: int) -> list[str]:
    """/mexican play with train names; draws and passes alternate between the Draw button and the command."""
    who = f"as {names[seat]}:"
    if action.verb == "play":
        tile, where = action.args
        if where == "start":
            train = "start mexican"
        elif where == "mexican":
            train = "mexican"
        else:
            train = "mine" if where == seat else f"@{names[int(where)]}'s train"
        return [f'{who} /mexican play tile:{tile} train:"{train}"']
    if action.verb in ("draw", "pass"):  # with the boneyard empty, Draw passes
        return [f"{who} click Draw" if step % 2 else f"{who} /mexican draw"]
    return [f"{who} /mexican {action.verb}"]


def japan_typing(state: Any, seat: int, action: Action, names: Sequence[str], step: int) -> list[str]:
    """Tickets kept from My hand's menu; cards by market button or /ttr draw; claims typed by route name."""
    who = f"as {names[seat]}:"
    if action.verb == "keep":
        picks = ", ".join(str(state.offer[seat].index(t) + 1) for t in action.args)
        return [f"{who} click My hand", f"{who} choose {picks}"]
    if action.verb == "draw":
        where = action.args[0]
        if step % 2:
            return [f"{who} /ttr draw card:{where}"]
        label = "Deck" if where == "deck" else f"{where} · {state.market[int(where) - 1]}"
        return [f"{who} click {label}"]
    if action.verb == "claim":
        route_id, colour, locomotives = action.args
        route = japan().routes[int(route_id)]
        named = route.twin is None and not any(
            r.id != route.id and {r.a, r.b} == {route.a, route.b} for r in japan().routes.values()
        )
        typed = f'"{route.name}"' if named else str(route.id)
        return [f"{who} /ttr claim route:{typed} colour:{colour} locomotives:{locomotives}"]
    return [f"{who} /ttr {action.verb}"]


def mexican_game(seed: int, options: str = "", players: int = 4) -> Script:
    """A whole Mexican Train game for four friends."""
    return whole_game(MEXICAN_TRAIN, seed, mexican_typing, FRIENDS[:players], options)


def japan_game(seed: int, players: int = 5) -> Script:
    """A whole Ticket to Ride: Japan game."""
    return whole_game(TTR_JAPAN, seed, japan_typing, FRIENDS[:players])


def miyajima_typing(state: Any, seat: int, action: Action, names: Sequence[str], step: int) -> list[str]:
    """Rolls by button or /miyajima roll; loads by /miyajima load or the Load button's menu, in turn."""
    who = f"as {names[seat]}:"
    if action.verb == "roll":
        die = action.args[0]
        by_button = len(state.rolled) != 1  # the round's second die by command, the others by button
        return [f"{who} click Roll {die}" if by_button else f"{who} /miyajima roll die:{die}"]
    if step % 3:
        return [f'{who} /miyajima load option:"{action.args[0]} {action.args[1]}"']
    pick = MIYAJIMA.legal_actions(state, seat).index(action) + 1
    return [f"{who} click Load", f"{who} choose {pick}"]


def miyajima_game(seed: int, players: int = 4) -> Script:
    """A whole Fast Train to Miyajima game (one player: solo)."""
    return whole_game(MIYAJIMA, seed, miyajima_typing, FRIENDS[:players])


def tokyo_typing(state: Any, seat: int, action: Action, names: Sequence[str], step: int) -> list[str]:
    """Sections by /nst draw or the Draw button's menu, in turn; passes by the Pass button or /nst pass."""
    who = f"as {names[seat]}:"
    if action.verb == "pass":
        return [f"{who} click Pass" if step % 2 else f"{who} /nst pass"]
    if step % 3:
        return [f"{who} /nst draw to:{action.args[1]} from:{action.args[0]}"]
    pick = NEXT_STATION_TOKYO.legal_actions(state, seat).index(action) + 1
    return [f"{who} click Draw", f"{who} choose {pick}"]


def first_section(state: Any, seat: int) -> Action | None:
    """The first section in a seat's menu, or a pass when none fits."""
    legal = NEXT_STATION_TOKYO.legal_actions(state, seat)
    return legal[0] if legal else None


def tokyo_game(seed: int, players: int = 4, options: str = "") -> Script:
    """A whole Next Station Tokyo game (one player: solo), each player drawing the first section offered."""
    return whole_game(NEXT_STATION_TOKYO, seed, tokyo_typing, FRIENDS[:players], options, first_section)


def toyko_typing(state: Any, seat: int, action: Action, names: Sequence[str], step: int) -> list[str]:
    """Conductors by /toyko signal and /toyko call, tourists by /toyko swap."""
    who = f"as {names[seat]}:"
    if action.verb == "signal":
        return [f"{who} /toyko signal word:{action.args[0]} kind:{action.args[1]}"]
    if action.verb == "swap":
        return [f"{who} /toyko swap a:{action.args[0]} b:{action.args[1]}"]
    return [f"{who} /toyko {action.verb}"]


def racing_pair(state: Any, seat: int) -> Action | None:
    """A team that plays by the book: the conductor signals a best exchange, the tourist makes it, then the call.

    The team behind in exchanges moves first, so the teams race side by side.
    """
    team = seat // 2
    made = [state.made[t] for t in range(state.teams)]
    if made[team] > min(made) or state.out[team]:
        return None
    hint = TOYKO_TRAIN.default_action(state, state.conductor(team))
    assert hint is not None
    signalled = hint.verb == "signal" and state.signals[team] == tuple(hint.args)
    if seat == state.conductor(team):
        return None if signalled else hint
    if not signalled:
        return None
    a, b = best_path(state.compartment, tuple(state.seatings[team]), tuple(state.target))[0]
    return Action("swap", (state.compartment.name(a), state.compartment.name(b), state.serial(team)))


def toyko_game(seed: int, options: str = "") -> Script:
    """A whole Toyko Train race of two teams."""
    return whole_game(TOYKO_TRAIN, seed, toyko_typing, FRIENDS[:4], options, racing_pair)
