"""`python -m bot sandbox` drives the real bot: a script plays the test game from /game new to its scores."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rendering
from bot.__main__ import main
from bot.games.rng import GameRandom
from tests.support.relay_game import RELAY
from tests.support.sandbox_script import Script, japan_game, mexican_game, miyajima_game, tokyo_game, toyko_game

SEED = 11
MEXICAN_SEED = 5
JAPAN_SEED = 7
MIYAJIMA_SEED = 7
TOKYO_SEED = 3
TOYKO_SEED = 3
"""A seed whose four-player game plays on other players' trains and draws (checked in the test)."""
NAMES = ("alice", "bob")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def nothing_drawn_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """No Ticket to Ride pieces drawn ahead by the picture workers where no Ticket to Ride is played: ~2 s of CPU per
    worker that no picture here would use (tests/rendering/test_ttr_japan_kept.py tests drawing ahead)."""
    monkeypatch.setattr(rendering, "WARM_UPS", [])


def scripted_game(options: dict[str, int]) -> tuple[list[str], tuple[int, ...]]:
    """Sandbox lines that play a whole relay game (first listed move each time), and its final scores."""
    option_text = " ".join(f"{k}={v}" for k, v in options.items())
    lines = [f'as alice: /game new game:relay options:"{option_text}"', "as bob: click Join", "as alice: click Start"]
    state = RELAY.setup(SEED, len(NAMES), options)
    step = 0
    while RELAY.outcome(state) is None:
        seat = min(RELAY.to_act(state))
        move = RELAY.player_view(state, seat)["legal"][0]
        lines += [f"as {NAMES[seat]}: click My hand", f"as {NAMES[seat]}: choose {move['label']}"]
        step += 1
        state = RELAY.apply(state, seat, RELAY.legal_actions(state, seat)[0], GameRandom(SEED, step))
    outcome = RELAY.outcome(state)
    assert outcome is not None
    return lines, outcome.scores


def run_script(tmp_path: Path, lines: list[str]) -> int:
    script = tmp_path / "game.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = ["sandbox", "--script", str(script), "--game", "tests.support.relay:RELAY", "--seed", str(SEED)]
    return main([*argv, "--images", str(tmp_path / "images")])


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_a_script_plays_the_test_game_to_its_final_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, scores = scripted_game({"rounds": 2})
    assert run_script(tmp_path, lines) == 0
    out = capsys.readouterr().out
    assert "== Relay (test game) — results ==" in out
    ranking = out.split("== Relay (test game) — results ==")[1]
    for name, score in zip(NAMES, scores, strict=True):
        assert f"{name} — {score}" in ranking
    assert "[only alice sees]" in out and "[DM → bob]" in out
    images = sorted((tmp_path / "images").glob("*.png"))
    assert images and all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in images)


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_a_refused_move_is_shown_only_to_its_author(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["as alice: /game new game:relay", "as bob: click Join", "as bob: click Start"]
    assert run_script(tmp_path, lines) == 0
    out = capsys.readouterr().out
    assert "[only bob sees]\n    Only the host can start the game." in out


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_a_script_line_the_sandbox_cannot_do_stops_with_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_script(tmp_path, ["as alice: /game new game:relay", "as alice: click Fly"]) == 1
    assert "sees no button labelled `Fly`" in capsys.readouterr().out


def test_the_sandbox_command_runs_and_exits_from_a_terminal_pipe(tmp_path: Path) -> None:
    commands = "help\nas alice: /game new game:relay\nas bob: click Join\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "sandbox", "--game", "tests.support.relay:RELAY", "--images", str(tmp_path)],
        input=commands, capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Players (2/6)" in done.stdout and "Traceback" not in done.stderr


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_narrator_lines_restart_closed_dms_forms_and_moderators(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "dms closed bob",
        "moderator mod",
        "as alice: /game new game:relay",
        "as alice: click Options",
        "as alice: type rounds=2 hand=2",
        "as bob: click Join",
        "as alice: click Start",
        "restart",
        "as bob: click My hand",
        "as mod: /game abandon",
        "as mod: click Yes, abandon",
    ]
    assert run_script(tmp_path, lines) == 0
    out = capsys.readouterr().out
    assert "Options: `rounds=2` `hand=2`" in out
    assert "I can't send **bob** direct messages" in out and "[DM → bob]" not in out
    assert "the bot restarted" in out
    assert "[only bob sees]\n    == Your hand" in out
    assert "mod abandoned the game." in out


def played(tmp_path: Path, capsys: pytest.CaptureFixture[str], script: Script, seed: int, title: str) -> str:
    """Run a whole-game script in the sandbox; what it printed, after checking it ran and named its results."""
    path = tmp_path / "game.txt"
    path.write_text("\n".join(script.lines) + "\n", encoding="utf-8")
    argv = ["sandbox", "--script", str(path), "--seed", str(seed), "--images", str(tmp_path / "images")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"== {title} — results ==" in out
    return out


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_four_friends_play_mexican_train_to_the_end_in_the_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Typed as people play (/mexican play with train names, the Draw button), it ends on the rules' scores."""
    script = mexican_game(MEXICAN_SEED)
    out = played(tmp_path, capsys, script, MEXICAN_SEED, "Mexican Train")
    ranking = out.split("== Mexican Train — results ==")[1]
    for name, total in script.totals.items():
        assert f"{name} — {total}" in ranking
    typed = "\n".join(script.lines)
    assert "'s train\"" in typed and "click Draw" in typed and "/mexican draw" in typed
    assert "[DM → carol]" in out


def test_two_players_play_ticket_to_ride_japan_to_the_end_in_the_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tickets kept from My hand's menu, cards by button and /ttr draw, claims typed by name: the rules' scores."""
    script = japan_game(JAPAN_SEED, players=2)
    out = played(tmp_path, capsys, script, JAPAN_SEED, "Ticket to Ride: Japan")
    ranking = out.split("== Ticket to Ride: Japan — results ==")[1]
    for name, total in script.totals.items():
        assert f"{name} — {total} points" in ranking
    typed = "\n".join(script.lines)
    assert "choose " in typed and "/ttr claim route:" in typed and "click Deck" in typed


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_a_solo_miyajima_game_and_a_table_of_four_end_on_the_rules_scores_in_the_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rolls by button and command, loads by command and by the Load button's menu: the rules' scores."""
    for players in (1, 4):
        script = miyajima_game(MIYAJIMA_SEED, players)
        out = played(tmp_path, capsys, script, MIYAJIMA_SEED, "Fast Train to Miyajima")
        ranking = out.split("== Fast Train to Miyajima — results ==")[1]
        for name, total in script.totals.items():
            assert f"{name} — {total} points" in ranking
        assert ("Rank: **" in ranking) == (players == 1)
        typed = "\n".join(script.lines)
        assert "click Roll" in typed and "/miyajima roll" in typed and "click Load" in typed


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_a_solo_tokyo_game_and_a_table_of_four_end_on_the_rules_scores_in_the_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sections by command and by the Draw menu, passes by button and command, all four rounds: the rules' scores."""
    for players, options in ((1, ""), (4, "objectives=on effects=on")):
        script = tokyo_game(TOKYO_SEED, players, options)
        out = played(tmp_path, capsys, script, TOKYO_SEED, "Next Station Tokyo")
        ranking = out.split("== Next Station Tokyo — results ==")[1]
        for name, total in script.totals.items():
            assert f"{name} — {total} points" in ranking
        assert "Round 4 is over" in out
        typed = "\n".join(script.lines)
        assert "/nst draw to:" in typed and "click Draw" in typed and "choose " in typed


@pytest.mark.usefixtures("nothing_drawn_ahead")
def test_two_teams_race_through_all_seven_rounds_of_toyko_train_in_the_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Signals, exchanges and calls typed as commands; roles swap after round 3; the rules' round cards."""
    script = toyko_game(TOYKO_SEED, "nine=on")
    out = played(tmp_path, capsys, script, TOYKO_SEED, "Toyko Train")
    ranking = out.split("== Toyko Train — results ==")[1]
    cards = {"alice": script.totals["alice"], "carol": script.totals["carol"]}
    for team, (first, second) in enumerate((("alice", "bob"), ("carol", "dave")), start=1):
        place = 1 + sum(1 for other in cards.values() if other > cards[first])  # teams are ranked, not seats
        assert f"{place}. Team {team} — {cards[first]} cards" in ranking and f"{first} & {second}" in ranking
    assert "Partners swap roles" in out and "Round 7 took" in out
    typed = "\n".join(script.lines)
    assert "as bob: /toyko signal" in typed, "bob conducts from round 4"
