"""Fast Train to Miyajima, Next Station Tokyo and Toyko Train speak French: log, refusals, menus, boards, pictures.

Random games are played twice, move for move, in English and in French. Every text a player can read is checked
for English sentences of the three games' catalogs: the French run must have none, the English run must be full of
them (so the check itself is shown to work). The state, kept in English, must be the same in both languages.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

import rendering.miyajima.pictures as miyajima_picture
import rendering.next_station_tokyo.pictures as tokyo_picture
import rendering.toyko_train.pictures as toyko_picture
from bot.engine import Update
from bot.games.base import Action, Game, IllegalAction
from bot.games.miyajima import MIYAJIMA
from bot.games.miyajima import words as miyajima_words
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.next_station_tokyo import rules as tokyo_rules
from bot.games.next_station_tokyo import words as tokyo_words
from bot.games.next_station_tokyo.data import tokyo_map
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train import words as toyko_words
from bot.games.toyko_train.state import team_of
from bot.i18n import speaking
from bot.ui.miyajima.presenter import MiyajimaPresenter
from bot.ui.next_station_tokyo.presenter import TokyoPresenter
from bot.ui.presenters import Presenter
from bot.ui.toyko_train.presenter import ToykoPresenter
from tests.support.french import NAMES, Said, embed_texts, english_fragments, update_for
from tests.support.french import english_in as english_pieces_in

AREAS = ("miyajima", "next_station_tokyo", "toyko_train")
TITLES = ("Fast Train to Miyajima", "Next Station Tokyo", "«Toyko Train!»")
"""Game titles (and Toyko Train's call) stay as the publishers name them: not a leak when found in French text."""
_WORD = re.compile(r"[A-Za-z]{2,}")
FRAGMENTS = english_fragments(AREAS, TITLES)


def english_in(text: str) -> list[str]:
    """The three games' English pieces found in `text`."""
    return english_pieces_in(text, FRAGMENTS)


def presenter_texts(presenter: Presenter, update: Update) -> list[str | None]:
    """Every text the presenter shows on the board, in the hand, after a move and at the end."""
    view = update.actor_view or {}
    texts: list[str | None] = [
        *embed_texts(presenter.board_embed(update)),
        *embed_texts(presenter.hand_embed(update, view)),
    ]
    texts.append(presenter.move_reply(update))
    texts.append(presenter.hand_label)
    texts += [button.label for button in presenter.buttons(update)]
    texts += [usage_and_what[1] for usage_and_what in presenter.commands]
    for embed in presenter.result_embeds(update):
        texts += embed_texts(embed)
    return texts


# --- each game: its seats, its refused moves and the words its pictures write ---------------------------------------


def miyajima_illegal(state: Any, seat: int, rnd: random.Random) -> list[Action]:
    """Moves the rules refuse now (or may: a legal one is dropped), each for its own reason."""
    return [
        Action("roll", (rnd.choice(["red", "yellow", "blue"]),)),
        Action("roll", ("green",)),
        Action("load", (rnd.choice(["red", "purple", "green"]), rnd.choice(["fast", "heavy"]), state.roll_number)),
        Action("load", ("red", "fast", state.roll_number - 1)),
        Action("load", ("red", "fast")),
        Action("load", ("red",)),
        Action("fly"),
    ]


def tokyo_illegal(state: Any, seat: int, rnd: random.Random) -> list[Action]:
    """Sections that leave the wrong station, miss a guide or a symbol, cross a line; stale and unknown moves."""
    number = state.card_number
    ends = tokyo_rules.line_ends(state, seat) if not state.finished else ["A1"]
    stations = sorted(tokyo_map().stations)
    wrong = [Action("draw", (rnd.choice(ends), rnd.choice(stations), number)) for _n in range(6)]
    return [
        *wrong,
        Action("draw", (rnd.choice(stations), rnd.choice(stations), number)),
        Action("draw", ("Z9", "A1", number)),
        Action("pass", (number - 1,)),
        Action("pass", (number,)),
        Action("fly", (number,)),
    ]


def toyko_illegal(state: Any, seat: int, rnd: random.Random) -> list[Action]:
    """Bad signals, seats and calls, moves of the other role, and stale clicks."""
    serial = state.serial(team_of(seat)) if team_of(seat) < state.teams else 0
    return [
        Action("signal", ("Nonsense", "great")),
        Action("signal", (state.words[team_of(seat)][0], "diagonal")),
        Action("swap", ("A1", "B2", serial)),
        Action("swap", ("A1", "A1", serial)),
        Action("swap", ("A2", "A1", serial)),
        Action("swap", ("A1", "Q9", serial)),
        Action("swap", ("A1", "A2", serial + 1)),
        Action("point", ("Q9",)),
        Action("call", (state.round + 1,)),
        Action("cancel", (state.round,)),
        Action("cancel", (state.round, serial + 1)),
        Action("nod", ("x",)),
        Action("fly"),
    ]


def miyajima_pictures(game: Game, state: Any, seat: int) -> list[str]:
    """The words the Miyajima renderer writes, through its own text helpers."""
    public_view, own = game.player_view(state, None), game.player_view(state, seat)
    public = public_view["public"]
    places = [1] * len(public["sheets"])
    texts = [miyajima_picture.overview_status(public, NAMES), miyajima_picture.sheet_status(own, seat, NAMES)]
    return texts + [miyajima_picture.seat_note(public, s, places) for s in range(len(public["sheets"]))]


def tokyo_pictures(game: Game, state: Any, seat: int) -> list[str]:
    """The words the Next Station Tokyo renderer writes, through its own text helpers."""
    public_view, own = game.player_view(state, None), game.player_view(state, seat)
    public = public_view["public"]
    result = public["results"][seat]
    return [
        tokyo_picture.card_words(public),
        tokyo_picture.summary(result),
        *tokyo_picture.breakdown(result),
        tokyo_picture.own_status(own, seat),
        tokyo_picture.overview_status(public, NAMES),
        *(words for _sample, words in tokyo_picture.legend_items()),
    ]


def toyko_pictures(game: Game, state: Any, seat: int) -> list[str]:
    """The words the Toyko Train renderer writes, through its own text helpers."""
    public_view, own = game.player_view(state, None), game.player_view(state, seat)
    public = public_view["public"]
    texts = [
        toyko_picture.public_title(public),
        toyko_picture.private_title(own),
        toyko_picture.status_words(own, NAMES),
        toyko_picture.status_words(public_view, NAMES),
        toyko_picture.last_round_words(public),
        toyko_picture.winners_words(public),
    ]
    return texts + [toyko_picture.signal_words(team["signal"]) for team in public["teams"]]


@dataclass(frozen=True)
class Case:
    game: Game
    seats: int
    options: dict[str, Any]
    presenter: Presenter
    illegal: Callable[[Any, int, random.Random], list[Action]]
    pictures: Callable[[Game, Any, int], list[str]]
    moves: int


CASES = {
    "miyajima-solo": Case(MIYAJIMA, 1, {}, MiyajimaPresenter(), miyajima_illegal, miyajima_pictures, 300),
    "miyajima-4": Case(MIYAJIMA, 4, {}, MiyajimaPresenter(), miyajima_illegal, miyajima_pictures, 500),
    "tokyo-3": Case(
        NEXT_STATION_TOKYO,
        3,
        {"objectives": "on", "effects": "on"},
        TokyoPresenter(),
        tokyo_illegal,
        tokyo_pictures,
        400,
    ),
    "tokyo-solo": Case(NEXT_STATION_TOKYO, 1, {}, TokyoPresenter(), tokyo_illegal, tokyo_pictures, 200),
    "toyko-4": Case(TOYKO_TRAIN, 4, {}, ToykoPresenter(), toyko_illegal, toyko_pictures, 400),
    "toyko-6-nine": Case(
        TOYKO_TRAIN, 6, {"nine": "on", "scheme": "pitch"}, ToykoPresenter(), toyko_illegal, toyko_pictures, 400
    ),
}


def play(case: Case, seed: int, language: str) -> tuple[Said, list[dict[str, Any]]]:
    """A random game in `language`: what it said at every step, and its states as stored."""
    said, stored = Said(), []
    rnd = random.Random(seed)
    with speaking(language):
        for wrong_seats in (0, 99):
            try:
                case.game.setup(seed, wrong_seats, case.options)
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
            said.add("prompt", view["prompt"], case.game.player_view(state, None)["prompt"])
            said.add("label", *(str(move["label"]) for move in view["legal"]))
            action = rnd.choice(case.game.legal_actions(state, seat))
            state = case.game.apply(state, seat, action, GameRandom(seed, n))
            stored.append(case.game.to_json(state))
            said.add("describe", case.game.describe(action))
            said.add("log", *case.game.narrate(state))
            said.add("standing", case.game.standing(state).reason)
            if n % 5 == 0 or case.game.outcome(state) is not None:
                said.add("discord", *presenter_texts(case.presenter, update_for(case.game, state, seat)))
                said.add("picture", *case.pictures(case.game, state, seat))
    return said, stored


@pytest.mark.parametrize("name", sorted(CASES))
def test_french_games_say_no_english_sentence(name: str) -> None:
    case = CASES[name]
    english, stored_english = play(case, 11, "en")
    french, stored_french = play(case, 11, "fr")
    assert stored_french == stored_english, "the state is kept in English, whatever language the players speak"
    leaks = [(where, text, english_in(text)) for where, text in french.all() if english_in(text)]
    assert not leaks, f"English in French text: {leaks[:10]}"
    for where in ("log", "refusal", "prompt", "label", "discord", "picture"):
        assert french.texts.get(where), f"the French game produced no {where} text"
        found = [piece for text in english.texts[where] for piece in english_in(text)]
        assert found, f"the English game's {where} texts should hold the catalog's English (the check must bite)"
    for where in ("describe", "refusal", "prompt"):
        pairs = list(zip(english.texts[where], french.texts[where], strict=True))
        same = [e for e, f in pairs if e == f and _WORD.search(e)]
        assert not same, f"{where}: said the same in French as in English: {same[:5]}"


def test_known_phrases_are_english_in_english_and_french_in_french() -> None:
    english, _stored = play(CASES["miyajima-4"], 5, "en")
    french, _stored = play(CASES["miyajima-4"], 5, "fr")
    assert "Choose a die to roll." in english.texts["prompt"]
    assert "Choose a die to roll." not in french.texts["prompt"]
    assert "Choisis un dé à lancer." in french.texts["prompt"]
    assert any(text.startswith("rolls the ") for text in english.texts["describe"])
    assert any(text.startswith("lance le dé ") for text in french.texts["describe"])
    assert not any(text.startswith("rolls the ") for text in french.texts["describe"])
    assert english_in("Choose a die to roll.") and not english_in("Choisis un dé à lancer.")

    english, _stored = play(CASES["tokyo-3"], 5, "en")
    french, _stored = play(CASES["tokyo-3"], 5, "fr")
    assert any(text.startswith("Card 1: ") for text in english.texts["log"])
    assert any(text.startswith("Carte 1 : ") for text in french.texts["log"])
    assert "passes." in english.texts["describe"] and "passe." in french.texts["describe"]


def test_toyko_secret_words_and_the_call_are_never_translated() -> None:
    """The colour words are the teams' code, typed and clicked: French players read and say the very same words."""
    english, _stored = play(CASES["toyko-4"], 3, "en")
    french, _stored = play(CASES["toyko-4"], 3, "fr")
    signals = [text for text in english.texts["describe"] if text.startswith("signals «")]
    assert signals, "the random game signalled"
    said_in_french = [text for text in french.texts["describe"] if text.startswith("dit «")]
    assert [s.removeprefix("signals ") for s in signals] == [s.removeprefix("dit ") for s in said_in_french]
    assert any("«Toyko Train!»" in label for label in french.texts["label"])


def test_the_log_is_kept_in_english_and_retold_in_french() -> None:
    with speaking("fr"):
        assert miyajima_words.retold("a 4.") == "un 4."
        assert miyajima_words.retold("6 = red 2 + blue 4, total 6.") == "6 = rouge 2 + bleu 4, total 6."
        assert (
            miyajima_words.retold("purple 6 = red 2 + blue 4 → fast, total 6")
            == "violet 6 = rouge 2 + bleu 4 → rapide, total 6"
        )
        assert miyajima_words.retold("<seat:1> reaches Paris (blue)!") == "<seat:1> atteint Paris (bleu) !"
        assert (
            tokyo_words.retold("Card 3: pink Joker + Double Rail Track — Express! (2 of 5 green).")
            == "Carte 3 : Joker rose + Double voie — Express ! (2 vertes sur 5)."
        )
        assert (
            tokyo_words.retold("Round 1 is over. Lines: <seat:0> blue 3×2 = 6; <seat:1> pink 2×1 = 2.")
            == "La manche 1 est terminée. Lignes : <seat:0> bleue 3×2 = 6; <seat:1> rose 2×1 = 2."
        )
        assert (
            tokyo_words.answer_words("from D4 (switch) → D6 via D5 (double rail on orange), then D6 → E7")
            == "depuis D4 (aiguillage) → D6 via D5 (double voie sur la ligne orange), puis D6 → E7"
        )
        assert tokyo_words.answer_words("passed") == "a passé"
        assert toyko_words.retold("and swings both arms together.") == "et balance les deux bras ensemble."
        assert (
            toyko_words.retold("Team 2's conductor: «Harukimeta!» — A1 and B1 swap back.")
            == "Équipe 2, contrôleur : «Harukimeta!» — A1 et B1 reprennent leur place."
        )
        assert (
            toyko_words.retold(
                "Round 1 took 12.5 s: Team 1 1 exchanges (best possible 1); Team 2 3 exchanges (best possible 2)."
            )
            == "La manche 1 a duré 12.5 s : Équipe 1 1 échange (au mieux 1); "
            "Équipe 2 3 échanges (au mieux 2)."
        )
        assert miyajima_words.retold("something else") == "something else"
    for sentence in ("a 4.", "6 = red 2 + blue 4, total 6.", "<seat:1> reaches Paris (blue)!"):
        assert miyajima_words.retold(sentence) == sentence, "English is retold as it is"
    assert tokyo_words.answer_words("C7 → E5, then E5 → F6") == "C7 → E5, then E5 → F6"


async def test_the_toyko_panels_speak_the_language_in_use() -> None:
    """The conductor's gesture buttons and the tourist's grid: French labels, the same secret words."""
    state = TOYKO_TRAIN.setup(1, 4, {})
    update = update_for(TOYKO_TRAIN, state, 0)
    presenter = ToykoPresenter()

    def labels(seat: int) -> list[str]:
        view = TOYKO_TRAIN.player_view(state, seat)
        panel = presenter.panel(update, view, None)
        assert panel is not None
        buttons = [getattr(item, "item", item) for item in panel.children]  # a DynamicItem wraps its button
        return [str(button.label) for button in buttons if isinstance(button, discord.ui.Button)]

    with speaking("en"):
        conductor_en, tourist_en = labels(0), labels(1)
    with speaking("fr"):
        conductor_fr, tourist_fr = labels(0), labels(1)
    assert "Great vertical: swings both arms together" in conductor_en
    assert "Grand vertical : balance les deux bras ensemble" in conductor_fr
    assert "Hocher la tête" in conductor_fr and "Nod" in conductor_en
    assert conductor_fr[:6] == conductor_en[:6] == state.words[0][:6], "the words themselves are never translated"
    assert any(label.endswith(" red") for label in tourist_en)
    assert any(label.endswith(" rouge") for label in tourist_fr) and not any(
        label.endswith(" red") for label in tourist_fr
    )


def test_pictures_follow_the_language() -> None:
    """The same view drawn in English and in French: the words in the picture differ, the game does not."""
    state = MIYAJIMA.setup(2, 2, {})
    view = MIYAJIMA.player_view(state, 0)
    for render, game_view in (
        (miyajima_picture.render_miyajima, view),
        (
            tokyo_picture.render_next_station_tokyo,
            NEXT_STATION_TOKYO.player_view(NEXT_STATION_TOKYO.setup(2, 2, {}), 0),
        ),
        (toyko_picture.render_toyko_train, TOYKO_TRAIN.player_view(TOYKO_TRAIN.setup(2, 4, {}), 0)),
    ):
        with speaking("en"):
            english = render(game_view, NAMES).tobytes()
        with speaking("fr"):
            french = render(game_view, NAMES).tobytes()
        with speaking("en"):
            again = render(game_view, NAMES).tobytes()
        assert english != french, f"{render.__name__}: the words are drawn in the language in use"
        assert english == again
