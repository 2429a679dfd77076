"""What the channel shows while Mexican Train is played: one log line per move, one board per turn cycle, doubles."""

from __future__ import annotations

from typing import Any

from tests.discord_layer.mexican_table import (
    MexicanTable,
    button_labels,
    images_fixture,  # noqa: F401
    latest_lines,
    mexican_fixture,  # noqa: F401
    prefer_double,
    simcord_bot_fixture,  # noqa: F401
)
from tests.discord_layer.table import text_of


async def test_each_move_logs_one_line_and_the_board_is_posted_anew_once_per_cycle(
    mexican: MexicanTable, images: Any
) -> None:
    """Three players, twelve moves: each adds one log line; a board (with its picture) is posted once a cycle."""
    await mexican.started(mexican.bob, mexican.carol)
    cycles = posted = 0
    for _ in range(12):
        seen = mexican.seen()
        mover = await mexican.step()
        board = await mexican.board_state()
        new = mexican.since(seen)
        lines = latest_lines(new)
        assert len(lines) == 1, lines
        assert lines[0].startswith(mover.user.name + " ")
        boards = [m for m in new if "My hand" in button_labels(m)]
        assert len(boards) <= 1
        if board["new_cycle"]:
            cycles += 1
            assert boards and boards[0].id == mexican.board().id, "a new cycle, a new board at the bottom"
        else:
            assert boards == [], "the board is edited in place within a cycle"
        if images is not None:  # with a renderer, every board carries its picture and nothing else does
            assert [m.id for m in new if m.attachments] == [m.id for m in boards]
            assert [a.filename for a in mexican.board().attachments] == ["board.png"]
            assert len(mexican.public_with_files()) == 1
        posted += len(boards)
        assert len(mexican.boards()) == 1, "the old board is deleted when the new one is posted"
    assert cycles >= 3 and posted == cycles


async def test_the_board_is_edited_in_place_within_a_cycle_without_pictures(mexican: MexicanTable) -> None:
    update = await mexican.started(mexican.bob, mexican.carol)
    names = [s.name for s in update.seats]
    first = mexican.board()
    for _ in range(2):
        await mexican.step()
        board = await mexican.board_state()
        assert not board["new_cycle"] and mexican.board().id == first.id
        assert f"Turn: **{names[board['turn']]}**" in mexican.board_text()
    board = await mexican.play_until(lambda b: b["new_cycle"])
    assert board["turn"] == board["leader"]
    assert mexican.board().id != first.id and len(mexican.boards()) == 1
    assert f"Turn: **{names[board['leader']]}**" in mexican.board_text()


async def test_a_waiting_double_is_said_in_words(mexican: MexicanTable) -> None:
    update = await mexican.started(mexican.bob)
    board = await mexican.play_until(lambda b: b["double"] is not None, prefer=prefer_double)
    names = [s.name for s in update.seats]
    value, train, waiting = board["double"]["value"], board["double"]["train"], board["double"]["waiting"]
    where = "the Mexican Train" if train == "mexican" else f"{names[train]}'s train"
    text = mexican.board_text()
    assert f"⚠️ **Double {value}-{value} on {where} must be covered** — {names[waiting]} must play a tile with a " \
           f"{value} on it" in text  # fmt: skip
    assert any(f"plays {value}-{value}" in line or f"with {value}-{value}" in line for line in _lines(mexican))
    hand = await mexican.open_hand(mexican.actor_for(update.seats[waiting].user_id))
    assert f"The double {value}-{value} on {where} is waiting: you must cover it" in text_of(hand.response.message)  # type: ignore[union-attr]
    # Once covered (or passed over), the warning goes away.
    await mexican.play_until(lambda b: b["double"] is None)
    assert "must be covered" not in mexican.board_text()


def _lines(table: MexicanTable) -> list[str]:
    return latest_lines(table.game_channel.history())
