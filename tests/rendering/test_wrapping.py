"""rendering.wrapping breaks lines exactly as the word-by-word greedy break does, with fewer measurements."""

from __future__ import annotations

import random

import pytest

from rendering.canvas import Font, font
from rendering.canvas import wrap as greedy_wrap
from rendering.wrapping import words_that_fit, wrap

SAMPLE = (
    "Card: green pentagon · cards 3 of 5 draw one blue section, or pass. = lines 8 interchanges +0 districts"
    " loop -21 objectives «Mizuharetsu» swings the arms in turn crosses and uncrosses Round 2 of 7: teams race to"
    " seat their tourists. Carte : pentagone vert · cartes vertes tracez une section bleue, ou passez. écartés"
    " Œuvre déjà Chloé Dmitri Fjord AVAWAY Tę Ł W. T. Y, f. Anticonstitutionnellement supercalifragilistic"
    " — … 1 11 111 x = - ( ) ' ; : ! ? % iiii mmmm"
)
"""Words of both games' paragraphs, in both languages, with pairs that kern and words too long for a line."""
WORDS = SAMPLE.split()


def word_by_word(face: Font, line: str, words: list[str], width: float) -> int:
    """How many words a greedy break adds to `line`, measured one by one."""
    count = 0
    while count < len(words) and face.getlength(" ".join([line, *words[: count + 1]])) <= width:
        count += 1
    return count


@pytest.mark.parametrize("seed", range(4))
def test_the_lines_are_those_of_a_word_by_word_break(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(150):
        face = font(rnd.choice((22, 23, 27, 34)))
        text = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 30)))
        width = rnd.randint(40, 800)
        assert wrap(text, face, width) == greedy_wrap(text, face, width), (text, width)
        words = text.split()
        assert words_that_fit(face, words[0], words[1:], width) == word_by_word(face, words[0], words[1:], width)
