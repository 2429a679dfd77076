"""Breaking words into lines with few measurements: what a word-by-word greedy break gives, for long paragraphs."""

from __future__ import annotations

from collections.abc import Sequence

from rendering.canvas import Font, fit


def words_that_fit(face: Font, line: str, words: Sequence[str], width: float) -> int:
    """How many of `words` a word-by-word greedy break adds to `line` (one space apart) within `width` px.

    A line only grows as words join it (each adds a space and its letters, far wider than any kerning), so the count
    is found by measuring the whole rest first (a last line fits) and then halving: a few measurements, not one per
    word. Measuring a new text is about 40 µs (shaping and loading its glyphs): the most common cost of paragraphs."""

    def fits(count: int) -> bool:
        return face.getlength(" ".join([line, *words[:count]])) <= width

    if not words or fits(len(words)):
        return len(words)
    low, high = 0, len(words)  # `low` words fit (none is no measurement), `high` do not
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def wrap(text: str, face: Font, width: int) -> list[str]:
    """The very lines of rendering.canvas.wrap: between words, a word too long for a line cut, measured by halves."""
    words, lines = text.split(), []
    start = 0
    while start < len(words):
        first = fit(words[start], face, width)
        count = words_that_fit(face, first, words[start + 1 :], width)
        lines.append(" ".join([first, *words[start + 1 : start + 1 + count]]))
        start += 1 + count
    return lines
