"""Toyko Train's pictures in words, for a screen reader: the board's (no secret) and a seat's own (its secrets)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.toyko_train import COLOURS, colour_name
from bot.i18n import _
from rendering.canvas import seat_name
from rendering.toyko_train.pictures import (
    cards_words,
    exchanges_words,
    is_out,
    last_round_words,
    private_title,
    public_title,
    signal_words,
    status_words,
    team_name,
    winners_words,
)


def seating_words(seating: Sequence[str], columns: int) -> str:
    """A compartment row by row, as the picture's letters say it: "red, blue, green / yellow, …"."""
    names = [colour_name(str(colour)) for colour in seating]
    # Rows apart by " / ", never ", ": a whole seating in one ", "-joined run would read like a stored target.
    return " / ".join(", ".join(names[row : row + columns]) for row in range(0, len(names), columns))


def pair_words(team: dict[str, Any], names: Sequence[str]) -> str:
    """ "alice conducts, bob seats the tourists" (raw names, as the picture draws them)."""
    return _("{conductor} conducts, {tourist} seats the tourists").format(
        conductor=seat_name(names, int(team["conductor"])), tourist=seat_name(names, int(team["tourist"]))
    )


def doing_words(public: dict[str, Any], number: int) -> str:
    """A team's round so far: its exchanges, OUT when it called wrong, or its final seating once it is over."""
    if public["finished"]:
        return _("final seating")
    made = exchanges_words(int(public["teams"][number]["made"]))
    return _("OUT this round · {made}").format(made=made) if is_out(public, number) else made


def team_words(public: dict[str, Any], number: int, names: Sequence[str]) -> str:
    """One team as the board shows it: who plays, round cards, exchanges or OUT, and the last signal seen."""
    team = public["teams"][number]
    return _("{team} ({pair}): {cards}, {doing}; last signal: {signal}").format(
        team=team_name(number),
        pair=pair_words(team, names),
        cards=cards_words(int(team["cards"])),
        doing=doing_words(public, number),
        signal=signal_words(team["signal"]),
    )


def seatings_words(public: dict[str, Any]) -> str:
    """Every team's compartment, row by row: the longest part, so it comes last (a long one is clipped)."""
    rows = "; ".join(
        _("{team}: {seating}").format(team=team_name(n), seating=seating_words(t["seating"], int(public["columns"])))
        for n, t in enumerate(public["teams"])
    )
    return _("Seats row by row from A1: {rows}").format(rows=rows)


def describe_board(view: dict[str, Any], names: Sequence[str]) -> str:
    """The board's picture: the round (or the winners), the last round's winner, each team, then every compartment."""
    public = view["public"]
    # While it runs, the board's status only repeats the title's round; at the end it names the winners.
    status = winners_words(public) if public["finished"] else ""
    parts = [public_title(public), status, last_round_words(public)]
    parts += [team_words(public, n, names) for n in range(len(public["teams"]))]
    parts.append(seatings_words(public))
    return ". ".join(part.rstrip(".") for part in parts if part)


def words_meanings(mine: dict[str, Any]) -> str:
    """The team's secret words and what they mean, then the cancel word."""
    meanings = ", ".join(
        _("«{word}» {colour}").format(word=mine["dictionary"][c], colour=colour_name(c))
        for c in COLOURS
        if c in mine["dictionary"]
    )
    cancel = _("Cancel the last exchange: «{word}»").format(word=mine["cancel_word"])
    return _("Your team's words (secret): {words}; {cancel}").format(words=meanings, cancel=cancel)


def describe_seat(view: dict[str, Any], names: Sequence[str]) -> str:
    """A seat's own picture: its team's seats (and the target for a conductor), the last signal, words, standings."""
    public, mine = view["public"], view["private"]
    number = int(mine["team"])
    team = public["teams"][number]
    columns = int(public["columns"])
    parts = [private_title(view), status_words(view, names), last_round_words(public)]
    seats = _("Your tourists row by row from A1: {seating}").format(seating=seating_words(team["seating"], columns))
    target = mine.get("target")
    if target:
        right = sum(now == wanted for now, wanted in zip(team["seating"], target, strict=False))
        seats += " · " + _("{right} of {seats} right").format(right=right, seats=len(target))
        parts += [seats, _("Target row by row: {seating}").format(seating=seating_words(target, columns))]
    else:
        parts.append(seats)
    parts += [_("Last signal: {signal}").format(signal=signal_words(team["signal"])), words_meanings(mine)]
    parts.append(_("Standings: {teams}").format(teams=standings_words(public, number)))
    return ". ".join(part.rstrip(".") for part in parts if part)


def standings_words(public: dict[str, Any], own: int) -> str:
    """Every team's round cards, the viewer's marked, and OUT for a team sitting the round out."""
    found = []
    for n, team in enumerate(public["teams"]):
        name = _("{team} (you)").format(team=team_name(n)) if n == own else team_name(n)
        found.append(
            _("{team}: {cards}, {doing}").format(
                team=name, cards=cards_words(int(team["cards"])), doing=doing_words(public, n)
            )
        )
    return "; ".join(found)


def describe(view: dict[str, Any], names: Sequence[str]) -> str:
    """A Toyko Train picture in words: the board's for the public view, a seat's own for its private one."""
    if view.get("private") is None:
        return describe_board(view, names)
    return describe_seat(view, names)
