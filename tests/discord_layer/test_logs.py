"""Logs during a whole game of every kind: one line per accepted and refused move, never a token or a secret."""

from __future__ import annotations

import functools
import io
import json
import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rendering
from bot.engine import Update
from bot.engine.replay import logged_action, new_state, state_text, step_random
from bot.games import REGISTRY
from bot.games.base import Action
from bot.games.ttr_japan import TTR_JAPAN
from bot.logs import LIBRARY_FLOORS, REDACTED, configure_logging
from bot.sandbox.world import Sandbox
from bot.settings import Settings
from bot.storage import SqliteStorage
from tests.discord_layer.table import Table, menu_options
from tests.support.sandbox_script import (
    FRIENDS,
    Script,
    japan_typing,
    mexican_game,
    miyajima_game,
    tokyo_game,
    toyko_game,
    whole_game,
)

FAKE_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA.GaBcDe.fAkEtOkEnFoRtHeLoGtEsTsOnLy0123456789"
"""Shaped like a Discord bot token (id.timestamp.hmac), so a leak of it would look like a real one."""

WHERE = r"channel=(\d+) game=(\w+) step=(\d+) seat=(\d+)"
ACCEPTED = re.compile(rf"action accepted {WHERE} verb=([a-z_]+) auto=(True|False)")
REFUSED = re.compile(rf"action refused {WHERE} verb=([a-z_?]+) why=(\w+) user=\d+")


@dataclass(frozen=True)
class Case:
    """A whole game played in the sandbox; `refuse`: a wrong player tries the first turn's move first."""

    game: str
    script: Callable[[], Script]
    seed: int
    refuse: bool


def claim_first(state: Any, seat: int) -> Action | None:
    """A Ticket to Ride player who claims whenever they can: a whole game in half the moves of the timer's default."""
    claims = [a for a in TTR_JAPAN.legal_actions(state, seat) if a.verb == "claim"]
    return claims[0] if claims else TTR_JAPAN.default_action(state, seat)


CASES = [
    Case("mexican_train", lambda: mexican_game(5, players=3), 5, refuse=True),
    Case("ttr_japan", lambda: whole_game(TTR_JAPAN, 7, japan_typing, FRIENDS[:2], choose=claim_first), 7, refuse=True),
    Case("miyajima", lambda: miyajima_game(7, 2), 7, refuse=True),
    # Simultaneous steps: nobody is "out of turn" at the first move, so these two play without a refusal.
    Case("next_station_tokyo", lambda: tokyo_game(3, 2, "objectives=on effects=on"), 3, refuse=False),
    Case("toyko_train", lambda: toyko_game(1), 1, refuse=False),
]


@pytest.fixture
def bot_logs(caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.LogCaptureFixture]:
    """Every record the bot's own logging set-up lets through at its most talkative level (debug)."""
    floors = {name: logging.getLogger(name).level for name in LIBRARY_FLOORS}
    # Images are drawn from views and log nothing; without them five whole games take seconds, not minutes.
    monkeypatch.setattr(rendering, "RENDERERS", {})
    configure_logging("debug")
    caplog.set_level(logging.DEBUG)
    yield caplog
    for name, level in floors.items():
        logging.getLogger(name).setLevel(level)


def with_refusal(lines: list[str]) -> tuple[list[str], int]:
    """The script with the first turn's one-line move also tried, just before, by another seated player."""
    seated = [m[1] for line in lines if (m := re.match(r"as (\w+): (/game new|click Join)", line))]
    start = next(i for i, line in enumerate(lines) if line.endswith("click Start"))
    for i in range(start + 1, len(lines)):
        actor, _, typed = lines[i].removeprefix("as ").partition(": ")
        menu_follows = i + 1 < len(lines) and ": choose " in lines[i + 1]
        if typed.startswith(("/", "click ")) and typed != "click My hand" and not menu_follows:
            other = next(name for name in seated if name != actor)
            return [*lines[:i], f"as {other}: {typed}", *lines[i:]], i
    raise AssertionError("no one-line move to refuse")


def secrets_of(game: str, private: dict[str, Any]) -> set[str]:
    """Every hidden item of one seat's private view, in each form it could take in a log line."""
    hidden = {key: value for key, value in private.items() if key != "seat"}
    found = set()
    for value in hidden.values():
        if isinstance(value, list | dict) and value:  # a dumped structure: JSON (SQL parameters) or Python repr
            found |= {json.dumps(value), json.dumps(value, separators=(",", ":")), str(value)}
    if game == "mexican_train":
        drawn = [private["drawn"]] if private.get("drawn") else []
        tiles = [*private["hand"], *private.get("new_tiles", []), *drawn]
        found |= {f"{a}-{b}" for a, b in tiles} | {f"{b}-{a}" for a, b in tiles}
    elif game == "ttr_japan":
        for ticket in [*private["tickets"], *private.get("offer", [])]:
            found |= {f"{ticket['from']}{sep}{ticket['to']}" for sep in (" – ", "–", "-", " - ", " to ")}
    elif game == "toyko_train":
        found |= set(private.get("dictionary", {}).values())
        found |= {private["cancel_word"]} if private.get("cancel_word") else set()
        found |= {sep.join(private["target"]) for sep in (" ", ", ")} if private.get("target") else set()
    else:
        assert not hidden, f"{game} now hides {sorted(hidden)}: teach this test what its secrets look like"
    return found


HIDDEN_STATE = {
    "mexican_train": ("hands", "boneyard"),
    "ttr_japan": ("hands", "tickets", "offer", "ticket_deck", "deck"),
    "toyko_train": ("words", "target"),
}
"""The parts of a stored state that hold secrets (hands, tickets, deck orders, the target), per game."""
HIDDEN_ARGS = {"ttr_japan": ("keep",)}
"""Verbs whose arguments are secret: which tickets a player kept."""


def stored_secrets(game: str, stored: dict[str, Any], actions: list[Action]) -> set[str]:
    """The same secrets as the state stores them and as moves carry them: what a dumped row or move would show."""
    found = set()
    for key in HIDDEN_STATE.get(game, ()):
        value = stored[key]
        per_seat = isinstance(value, list) and all(isinstance(v, list | dict) for v in value)
        parts = [value, *value] if per_seat else [value]
        for part in parts:
            found |= {json.dumps(part), json.dumps(part, separators=(",", ":")), str(part)}
    for action in actions:
        if action.verb in HIDDEN_ARGS.get(game, ()):
            found |= {action.token(), str(action.args), json.dumps(list(action.args))}
    return {n for n in found if len(n) >= 8}  # "[]", "[7]": too short to tell a leak from chance


def leaks(text: str, needles: set[str]) -> set[str]:
    """The needles found in `text` as whole items ("1-2" is not found inside "11-23")."""
    # A plain substring test first: most needles are absent, and a whole game checks thousands after every line.
    return {n for n in needles if n in text and _whole_item(n).search(text)}


@functools.lru_cache(maxsize=4096)
def _whole_item(needle: str) -> re.Pattern[str]:
    """The needle as a whole item, compiled once per needle found (re's own cache keeps only 512)."""
    return re.compile(rf"(?<![\w-]){re.escape(needle)}(?![\w-])")


def log_text(records: list[logging.LogRecord]) -> str:
    """Every captured record as the bot would write it: message and traceback."""
    parts = []
    for record in records:
        if record.name.startswith("simcord"):
            continue  # the simulated Discord's own chatter: not part of the bot, absent from a real deployment
        parts.append(record.getMessage())
        if record.exc_info:
            parts.append(logging.Formatter().formatException(record.exc_info))
        if record.exc_text:
            parts.append(record.exc_text)
    return "\n".join(parts)


async def played_game(case: Case, tmp_path: Path) -> tuple[str, list[str], int | None]:
    """Play the case's whole game in the sandbox: its transcript, the script played, the refused line's index."""
    lines, refused_at = with_refusal(case.script().lines) if case.refuse else (case.script().lines, None)
    # No picture is drawn (bot_logs): no worker processes either, which would draw ahead for pictures never asked.
    database = str(tmp_path / "tetsudo.sqlite3")
    settings = Settings(token=FAKE_TOKEN, database=database, log_level="debug", picture_workers="0")
    out = io.StringIO()
    sandbox = Sandbox(settings, REGISTRY, out=out, images=tmp_path / "images", seeds=lambda: case.seed)
    assert await sandbox.run(lines, stop_on_error=True) == 0, out.getvalue()[-3000:]
    assert sandbox.settings.token == FAKE_TOKEN
    return out.getvalue(), lines, refused_at


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
async def test_a_whole_game_logs_each_move_once_and_no_secret_or_token(
    case: Case, tmp_path: Path, bot_logs: pytest.LogCaptureFixture
) -> None:
    transcript, lines, refused_at = await played_game(case, tmp_path)
    text = log_text(bot_logs.records)
    started = re.search(rf"game started channel=(\d+) game={case.game} ", text)
    assert started, text[-3000:]
    storage = await SqliteStorage.open(tmp_path / "tetsudo.sqlite3")
    try:
        row = await storage.latest_game(int(started[1]))
        assert row is not None and row.status == "finished"
        seats = len(await storage.seats(row.id))
        actions = await storage.actions(row.id)
    finally:
        await storage.close()

    # One "action accepted" line per move in the game's action log, in order, with its seat and verb only.
    messages = [r.getMessage() for r in bot_logs.records if r.name.startswith("bot.")]
    accepted = [m for line in messages if (m := ACCEPTED.fullmatch(line))]
    assert [(int(m[3]), int(m[4]), m[5]) for m in accepted] == [(a.n, a.seat, logged_action(a).verb) for a in actions]
    assert {(m[1], m[2]) for m in accepted} == {(started[1], case.game)}
    assert all(ACCEPTED.fullmatch(line) for line in messages if line.startswith("action accepted"))

    # The refused move: one line with its channel, game, step, seat and verb, and a reason word instead of the text.
    refusals = [line for line in messages if line.startswith("action refused")]
    if refused_at is None:
        assert refusals == []
    else:
        assert len(refusals) == 1, refusals
        refused = REFUSED.fullmatch(refusals[0])
        assert refused, refusals[0]
        before = sum(1 for line in messages[: messages.index(refusals[0])] if line.startswith("action accepted"))
        assert (refused[1], refused[2], int(refused[3]), refused[6]) == (started[1], case.game, before + 1, "turn")
        told = re.search(r"\[only \w+ sees\]\n\s+(.+)", transcript.split(f"> {lines[refused_at]}")[1])
        assert told and told[1].strip() not in text, "the player read the reason; the log has a word for it instead"

    # Every hidden item of every seat at every step of the game.
    game = REGISTRY[case.game]
    moves = [logged_action(a) for a in actions]
    state = new_state(game, row.seed, seats, json.loads(row.options))
    privates = [game.player_view(state, s)["private"] for s in range(seats)]
    stored = stored_secrets(case.game, game.to_json(state), moves)
    for action, move in zip(actions, moves, strict=True):
        state = game.apply(state, action.seat, move, step_random(row.seed, action.n))
        privates += [game.player_view(state, s)["private"] for s in range(seats)]
        stored |= stored_secrets(case.game, game.to_json(state), [])
    needles = stored.union(*(secrets_of(case.game, p) for p in privates))
    if case.game in HIDDEN_STATE:
        # The detector can fail: it finds the secrets where they are rightly shown (dumped, and to their owners).
        assert needles and all(len(n) >= 3 for n in needles)
        assert all(leaks(json.dumps(p), found) for p in privates if (found := secrets_of(case.game, p)))
        assert leaks(state_text(game, state), stored), "a stored state shows its secrets"
        assert leaks(transcript, needles), "the owners' private messages show their secrets"
    assert not leaks(text, needles)
    assert FAKE_TOKEN not in text

    # The capture would have caught the token: a record carrying it is kept, with the token blanked.
    logging.getLogger("bot.test").warning("token %s", FAKE_TOKEN)
    assert bot_logs.records[-1].getMessage() == f"token {REDACTED}"


async def test_a_fault_is_logged_once_with_its_channel_game_and_step_but_not_the_chosen_move(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    update = await table.started(table.bob)
    moves = await table.bot.manager.recent_log(table.game_channel.id, limit=1000)

    async def broken(*args: object, **kwargs: object) -> Update:
        raise RuntimeError("the database is on fire")

    monkeypatch.setattr(table.bot.manager, "act", broken)
    caplog.set_level(logging.INFO)
    hand = await table.open_hand(table.alice)
    assert hand.response is not None
    chosen = menu_options(hand.response.message)[0][1]
    await table.alice.select(hand.response, [chosen])
    faults = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("bot.")]
    assert [r.getMessage() for r in faults] == [
        f"error in interaction channel={table.game_channel.id} game=relay step={len(moves)} user={table.alice.id} "
        f"what=tetsudo:pick:{table.game_channel.id}:{update.version}"
    ]
    assert faults[0].exc_info is not None and "on fire" in str(faults[0].exc_info[1])
    assert chosen not in log_text(caplog.records)


async def test_a_stale_click_and_a_lobby_refusal_are_logged_with_a_reason_word(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    await table.open_lobby()
    await table.bob.click(table.lobby_message(), label="Join")
    await table.bob.click(table.lobby_message(), label="Start")
    await table.alice.click(table.lobby_message(), label="Start")
    old = await table.open_hand(table.alice)
    await table.play(table.alice)
    assert old.response is not None
    await table.alice.select(old.response, [menu_options(old.response.message)[0][1]])
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    channel = table.game_channel.id
    assert lines == [
        f"request refused channel={channel} user={table.bob.id} what=tetsudo:lobby:start:{channel} why=moderator",
        f"action refused channel={channel} game=relay step=2 seat=0 verb=play why=stale user={table.alice.id}",
    ]
