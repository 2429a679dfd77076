"""Ticket to Ride: Japan and Mexican Train speak French: log lines, refusals, prompts, menus, boards and pictures.

Random games are played twice, move for move, in English and in French. Every text a player can read is checked
for English sentences of the two games' catalogs: the French run must have none, the English run must be full of
them (so the check itself is shown to work). The state, kept in English, must be the same in both languages.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import rendering.mexican_train.pictures as mexican_picture
import rendering.ttr_japan.whole_map as japan_picture
from bot.engine import Update
from bot.games.base import Action, Game, IllegalAction
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train import words as mexican_words
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan import words as japan_words
from bot.i18n import speaking
from bot.ui.mexican_train.presenter import MexicanTrainPresenter
from bot.ui.presenters import Presenter
from bot.ui.ttr_japan.presenter import JapanPresenter
from tests.support.french import Said, embed_texts, english_fragments, update_for
from tests.support.french import english_in as english_pieces_in

TITLES = ("Ticket to Ride: Japan", "Mexican Train")
"""Game titles stay as the rest of the bot names them: not a leak when found in French text."""
NAMES = ("Aiko", "Bastien", "Chloé", "Daichi", "Élodie")
_WORD = re.compile(r"[A-Za-z]{2,}")
FRAGMENTS = english_fragments(("ttr_japan", "mexican_train"), TITLES)


def english_in(text: str) -> list[str]:
    """The two games' English pieces found in `text`."""
    return english_pieces_in(text, FRAGMENTS)


def presenter_texts(presenter: Presenter, update: Update) -> list[str | None]:
    """Every text the presenter shows on the board, in the hand, after a move and at the end."""
    view = update.actor_view or {}
    texts: list[str | None] = [
        *embed_texts(presenter.board_embed(update)),
        *embed_texts(presenter.hand_embed(update, view)),
    ]
    texts.append(presenter.move_reply(update))
    texts += [button.label for button in presenter.buttons(update)]
    texts += [usage_and_what[1] for usage_and_what in presenter.commands]
    for embed in presenter.result_embeds(update):
        texts += embed_texts(embed)
    choice = presenter.multi_choice(update, view)
    if choice is not None:
        texts += [choice.placeholder, *(label for label, _value in choice.options)]
    return texts


def japan_illegal(state: Any, seat: int, rnd: random.Random) -> list[Action]:
    """Moves the rules refuse now, each for its own reason."""
    route = rnd.choice([1, 2, 40, 64, 100])
    return [
        Action("claim", (999, "red", 0)),
        Action("claim", (route, "purple", 0)),
        Action("claim", (route, "red", 9)),
        Action("claim", (route, "locomotive", 1)),
        Action("claim", ("x", "red")),
        Action("draw", (9,)),
        Action("keep", (1, 2, 3, 4, 5)),
        Action("tickets"),
        Action("fly"),
    ]


def mexican_illegal(state: Any, seat: int, rnd: random.Random) -> list[Action]:
    """Moves the rules refuse now, each for its own reason."""
    other = (seat + 1) % state.seats
    tile = rnd.choice(["12-12", "5-3", "0-0", "9-4"])
    return [
        Action("play", ("13-13", seat)),
        Action("play", ("nonsense", seat)),
        Action("play", (tile, 99)),
        Action("play", (tile, other)),
        Action("play", (tile, "mexican")),
        Action("play", (tile, "start")),
        Action("play", ("12",)),
        Action("knock"),
        Action("catch"),
        Action("done"),
        Action("pass"),
        Action("draw"),
        Action("fly"),
    ]


@dataclass(frozen=True)
class Case:
    game: Game
    seats: int
    options: dict[str, Any]
    presenter: Presenter
    illegal: Callable[[Any, int, random.Random], list[Action]]
    moves: int


CASES = {
    "japan-2": Case(TTR_JAPAN, 2, {}, JapanPresenter(), japan_illegal, 400),
    "japan-5": Case(TTR_JAPAN, 5, {}, JapanPresenter(), japan_illegal, 400),
    "mexican-single-manual": Case(
        MEXICAN_TRAIN, 3, {"last_tile": "manual", "fast_start": "on"}, MexicanTrainPresenter(), mexican_illegal, 400
    ),
    "mexican-rounds": Case(MEXICAN_TRAIN, 4, {"mode": "rounds"}, MexicanTrainPresenter(), mexican_illegal, 300),
}


def play(case: Case, seed: int, language: str) -> tuple[Said, list[dict[str, Any]]]:
    """A random game in `language`: what it said at every step, and its states as stored."""
    said, stored = Said(), []
    rnd = random.Random(seed)
    with speaking(language):
        try:
            case.game.setup(seed, 99, case.options)
        except IllegalAction as refused:
            said.add("refusal", refused.message)
        state = case.game.setup(seed, case.seats, case.options)
        for n in range(1, case.moves + 1):
            if case.game.outcome(state) is not None:
                break
            seat = rnd.choice(sorted(case.game.to_act(state)))
            if n % 3 == 0:
                who = rnd.randrange(case.seats)
                for wrong in case.illegal(state, who, rnd):
                    try:
                        case.game.apply(state, who, wrong, GameRandom(seed, n))  # a legal one is simply dropped
                    except IllegalAction as refused:
                        said.add("refusal", refused.message)
            view = case.game.player_view(state, seat)
            said.add("prompt", view["prompt"])
            said.add("label", *(str(move["label"]) for move in view["legal"]))
            action = rnd.choice(case.game.legal_actions(state, seat))
            state = case.game.apply(state, seat, action, GameRandom(seed, n))
            stored.append(case.game.to_json(state))
            said.add("log", case.game.describe(action), *case.game.narrate(state))
            said.add("standing", case.game.standing(state).reason)
            if n % 7 == 0 or case.game.outcome(state) is not None:
                said.add("discord", *presenter_texts(case.presenter, update_for(case.game, state, seat)))
                said.add("picture", *picture_texts(case.game, state, seat))
    return said, stored


def picture_texts(game: Game, state: Any, seat: int) -> list[str]:
    """The words the renderers write into pictures, through their own text helpers."""
    public_view, own = game.player_view(state, None), game.player_view(state, seat)
    public = public_view["public"]
    if game is TTR_JAPAN:
        texts = [japan_picture.status(public, NAMES)]
        for player in range(len(public["players"])):
            texts += japan_picture.player_lines(public, player)
        return texts
    playable = mexican_picture.playable_tiles(own["legal"])
    return [
        mexican_picture.header_text(public),
        mexican_picture.hand_status(own, NAMES, playable),
        mexican_picture.hand_count(len(own["private"]["hand"])),
    ]


@pytest.mark.parametrize("name", sorted(CASES))
def test_french_games_say_no_english_sentence(name: str) -> None:
    case = CASES[name]
    english, stored_english = play(case, 7, "en")
    french, stored_french = play(case, 7, "fr")
    assert stored_french == stored_english, "the state is kept in English, whatever language the players speak"
    leaks = [(where, text, english_in(text)) for where, text in french.all() if english_in(text)]
    assert not leaks, f"English in French text: {leaks[:10]}"
    for where in ("log", "refusal", "prompt", "label", "discord"):
        assert french.texts.get(where), f"the French game produced no {where} text"
        found = [piece for text in english.texts[where] for piece in english_in(text)]
        assert found, f"the English game's {where} texts should hold the catalog's English (the check must bite)"
    for where in ("log", "refusal", "prompt"):
        pairs = list(zip(english.texts[where], french.texts[where], strict=True))
        same = [e for e, f in pairs if e == f and _WORD.search(e)]
        assert not same, f"{where}: said the same in French as in English: {same[:5]}"


def test_known_phrases_are_english_in_english_and_french_in_french() -> None:
    english, _stored = play(CASES["japan-2"], 3, "en")
    french, _stored = play(CASES["japan-2"], 3, "fr")
    prompt = "Your turn: draw two cards, claim a route, or draw tickets."
    assert prompt in english.texts["prompt"]
    assert prompt not in french.texts["prompt"]
    assert "À toi : pioche deux cartes, prends une route ou pioche des destinations." in french.texts["prompt"]
    assert any(text.startswith("draws a card") for text in english.texts["log"])
    assert any(text.startswith("pioche une carte") for text in french.texts["log"])
    assert english_in(prompt) and not english_in(
        "À toi : pioche deux cartes, prends une route ou pioche des destinations."
    )


def test_the_log_is_kept_in_english_and_retold_in_french() -> None:
    with speaking("fr"):
        kept = japan_words.paid("white", 3, 1)
        assert kept == "with 2 white + 1 locomotive"
        assert japan_words.retold(kept) == "avec 2 blanches + 1 locomotive"
        assert japan_words.retold(japan_words.say(japan_words.KEPT, n=1)) == "1 destination."
        assert japan_words.retold("for 1 point, 3 trains left.") == "pour 1 point ; wagons restants : 3."
        assert (
            japan_words.retold("The game ends: nobody could move.")
            == "La partie est terminée : personne ne pouvait plus jouer."
        )
        assert (
            mexican_words.retold("Round 2 begins with the 11-11 engine.")
            == "La ronde 2 commence avec la locomotive 11-11."
        )
        assert mexican_words.retold("something else") == "something else"
    # English text is retold as it is.
    for sentence in (
        "with 2 white + 1 locomotive",
        "for 4 points, 12 trains left.",
        "<seat:1> has no move and passes.",
    ):
        assert japan_words.retold(sentence) == sentence
    assert (
        mexican_words.retold("<seat:0> didn't knock and draws 2 tiles.") == "<seat:0> didn't knock and draws 2 tiles."
    )


def test_the_map_legend_follows_the_language() -> None:
    with speaking("en"):
        english = japan_picture.static_layer(True).tobytes()
    with speaking("fr"):
        french = japan_picture.static_layer(True).tobytes()
    with speaking("en"):
        again = japan_picture.static_layer(True).tobytes()
    assert english != french, "the legend's words are drawn in the language in use"
    assert english == again
