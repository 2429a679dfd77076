"""French in a simulated server: each user's own replies in their Discord language, public messages in the server's.

simcord sends every interaction with the locale en-US; the `locales` fixture makes chosen users' interactions carry
another locale, as their Discord client would (a harness extension: the bot itself runs unchanged).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from tests.discord_layer.mexican_table import (
    MexicanTable,
    button_labels,
    mexican_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import Table, labels, menu_options, text_of

HOUR = 3600.0


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Discord locales by user id: every interaction of these users carries theirs (the others keep en-US)."""
    chosen: dict[int, str] = {}
    payload_of: Callable[..., tuple[Any, dict[str, Any]]] = simcord.interactions.base_payload

    def with_locale(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = payload_of(backend, **fields)
        if fields["user_id"] in chosen:
            payload["locale"] = chosen[fields["user_id"]]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    return chosen


def moderator(table: Table) -> simcord.MemberActor:
    """A member with Manage Server who plays in no game (English, like every member by default)."""
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[mods])


async def speak_french_here(table: Table) -> None:
    """A moderator sets the server's language to French with /tetsudo settings."""
    answer = await moderator(table).slash(table.channel, "tetsudo settings", language="fr")
    assert answer.ephemeral and "Language: Français (**this server**)" in reply(answer)  # the moderator reads English


def reply(result: simcord.InteractionResult) -> str:
    """All the text of a private answer (it must be private)."""
    answers = ([result.response] if result.response is not None else []) + result.followups
    assert answers and all(answer.ephemeral for answer in answers), "a private answer was posted in public"
    return "\n".join(text_of(answer.message) for answer in answers)


def public_text(table: Table) -> str:
    return "\n".join(text_of(message) for message in table.public_messages())


# --- relay: the core's own words ---------------------------------------------------------------------------


async def test_a_french_player_reads_french_and_an_english_one_english_in_the_same_game(
    table: Table, locales: dict[int, str]
) -> None:
    locales[table.bob.id] = "fr"
    await table.open_lobby()
    joined = await table.bob.slash(table.game_channel, "game join")
    assert "Tu as rejoint Relay (test game)." in reply(joined)
    # The lobby is public: bob joining changed it, but it still speaks the server's English.
    assert labels(table.lobby_message()) == ["Join", "Leave", "Start", "Options"]
    await table.alice.click(table.lobby_message(), label="Start")

    hers, his = await table.open_hand(table.alice), await table.open_hand(table.bob)
    assert "Your hand — Relay (test game)" in reply(hers)
    assert "Ta main — Relay (test game)" in reply(his)
    assert "Rien à faire pour l'instant — tu seras notifié quand ce sera à toi." in reply(his)
    assert "Nothing to do right now" not in reply(his)

    assert "Tetsudō — aide" in reply(await table.bob.slash(table.game_channel, "game help"))
    assert "`/partie nouvelle jeu:<jeu> [options]` — ouvre une salle d'attente" in reply(
        await table.bob.slash(table.game_channel, "game help")
    )
    assert "Tetsudō — help" in reply(await table.alice.slash(table.game_channel, "game help"))
    resign = await table.bob.slash(table.game_channel, "game resign")
    assert "Abandonner cette partie ?" in reply(resign)
    assert resign.response is not None and labels(resign.response.message) == ["Oui, abandonner"]
    assert labels((await table.alice.slash(table.game_channel, "game resign")).response.message) == ["Yes, resign"]  # type: ignore[union-attr]

    # A refusal: another game's command in this game's channel.
    wrong = await table.bob.slash(table.game_channel, "mexican draw")
    assert "Le jeu de ce salon est Relay (test game), pas Mexican Train." in reply(wrong)
    status = await table.bob.slash(table.game_channel, "game status")
    assert status.response is not None and not status.ephemeral
    assert "Waiting for: **alice**" in text_of(status.response.message)  # the board is public: English
    assert "Ma main" not in public_text(table)


async def test_public_messages_follow_the_server_language(table: Table, locales: dict[int, str]) -> None:
    await speak_french_here(table)
    await table.open_lobby()
    lobby = table.with_button("Rejoindre")
    assert "Relay (test game) — salle d'attente" in text_of(lobby) and "1. alice (hôte)" in text_of(lobby)
    assert labels(lobby) == ["Rejoindre", "Quitter", "Lancer", "Options"]
    joined = await table.bob.click(lobby, label="Rejoindre")
    assert joined.response is not None and "Joueurs (2/6)" in text_of(joined.response.message)
    await table.alice.click(table.with_button("Lancer"), label="Lancer")
    board = table.with_button("Ma main")
    assert "On attend : **alice**" in text_of(board)
    assert "Appuie sur Ma main pour voir tes cartes et jouer." in text_of(board)

    # alice's Discord is English: her own replies stay English while the channel reads French.
    hand = await table.alice.click(board, label="Ma main")
    assert "Your hand — Relay (test game)" in reply(hand)
    assert hand.response is not None
    moved = await table.alice.select(hand.response, [menu_options(hand.response.message)[0][1]])
    assert "Your hand" in reply(moved)
    assert any("— à toi de jouer." in m.content for m in table.game_channel.history())
    assert "On attend : **bob**" in text_of(table.with_button("Ma main"))
    assert "Waiting for" not in public_text(table) and "your move" not in public_text(table)

    # The reminder is public too.
    await table.env.advance_time(12 * HOUR + 60)
    reminders = [m.content for m in table.game_channel.history() if m.content.startswith("⏰")]
    assert reminders and "un rappel : c'est à vous de jouer dans **Relay (test game)**" in reminders[-1]


async def test_an_unsupported_discord_language_gets_the_servers(table: Table, locales: dict[int, str]) -> None:
    locales[table.carol.id] = "de"
    locales[table.bob.id] = "en-GB"
    assert "No games are running on this server." in reply(await table.carol.slash(table.channel, "game list"))
    await speak_french_here(table)
    assert "Aucune partie en cours sur ce serveur." in reply(await table.carol.slash(table.channel, "game list"))
    assert "No games are running on this server." in reply(await table.bob.slash(table.channel, "game list"))
    locales[table.alice.id] = "fr"
    assert "Aucune partie en cours sur ce serveur." in reply(await table.alice.slash(table.channel, "game list"))


# --- Mexican Train: the game's own words, and the engine's lines -----------------------------------------------


@pytest.mark.usefixtures("text_only")
async def test_mexican_train_refuses_and_answers_in_french_while_the_board_stays_english(
    mexican: MexicanTable, locales: dict[int, str]
) -> None:
    locales[mexican.bob.id] = "fr"
    await mexican.started(mexican.bob)
    assert button_labels(mexican.board()) == ["My hand", "Draw"]
    refused = await mexican.bob.click(mexican.board(), label="Draw")
    assert "Ce n'est pas ton tour — on attend alice." in reply(refused)
    early = await mexican.alice.click(mexican.board(), label="Draw")
    assert "You have a tile you can play, so you must play it." in reply(early)
    assert "Your tiles — Mexican Train" in reply(await mexican.open_hand(mexican.alice))
    assert "Tes tuiles — Mexican Train" in reply(await mexican.open_hand(mexican.bob))

    await mexican.step(menu=True)  # alice (English) moves; now bob (French) moves through his menu
    seen = mexican.seen()
    moved = await mexican.choose(mexican.bob, lambda options: options[0][1])
    assert "Tes tuiles — Mexican Train" in reply(moved)  # his new hand, in his language
    lines = [m.content for m in mexican.since(seen) if m.content]
    print("LINES", lines)
    assert lines and lines[0].startswith("bob ")
    assert any(word in lines[0] for word in (" plays ", " draws ", " starts ")), lines  # the channel's English
    assert "Boneyard:" in mexican.board_text() and "Cour à trains" not in mexican.board_text()


@pytest.mark.usefixtures("text_only")
async def test_mexican_train_in_a_french_server(mexican: MexicanTable, locales: dict[int, str]) -> None:
    await speak_french_here(mexican)
    await mexican.alice.slash(mexican.channel, "game new", game="mexican_train")
    mexican.game_channel = mexican.channel.threads[-1]
    await mexican.bob.click(mexican.with_button("Rejoindre"), label="Rejoindre")
    await mexican.alice.click(mexican.with_button("Lancer"), label="Lancer")
    board = mexican.with_button("Ma main")
    assert button_labels(board) == ["Ma main", "Piocher"]
    # alice's Discord is English: her refusal and her hand are English, the channel's lines French.
    refused = await mexican.bob.click(board, label="Piocher")
    assert "It's not your turn — waiting for alice." in reply(refused)
    hand = await mexican.alice.click(board, label="Ma main")
    assert "Your tiles — Mexican Train" in reply(hand)
    seen = mexican.seen()
    assert hand.response is not None
    await mexican.alice.select(hand.response, [menu_options(hand.response.message)[0][1]])
    lines = [m.content for m in mexican.since(seen) if m.content]
    assert lines and lines[0].startswith("alice ")
    assert any(word in lines[0] for word in (" pose ", " pioche ", " démarre ")), lines
