"""Train cards: the 110-card deck, drawing with reshuffles, and the face-up market with its locomotive reset."""

from __future__ import annotations

from bot.games.rng import GameRandom
from bot.games.ttr_japan.data import COLOURS
from bot.games.ttr_japan.state import LOCOMOTIVE, JapanState
from bot.games.ttr_japan.words import MARKET_RESET, RESHUFFLED, say

CARDS = (*COLOURS, LOCOMOTIVE)
"""Every kind of train card, in the order hands list them."""
PER_COLOUR, LOCOMOTIVES = 12, 14
"""RULINGS: 12 of each colour and 14 locomotives, 110 in all."""
MARKET_SIZE = 5
HAND_SIZE = 4
TOO_MANY_LOCOMOTIVES = 3
"""Base rules: three face-up locomotives send all five to the discards."""
RESET_LIMIT = 20
"""A bound on market resets in a row, on top of the rule's own stop (nothing left could fix it)."""


def full_deck() -> list[str]:
    """The 110 train cards, unshuffled."""
    return [c for c in COLOURS for _ in range(PER_COLOUR)] + [LOCOMOTIVE] * LOCOMOTIVES


def empty_hand() -> dict[str, int]:
    """A hand with none of each card."""
    return dict.fromkeys(CARDS, 0)


def can_draw_blind(state: JapanState) -> bool:
    """Whether a card can come off the deck (after reshuffling the discards if need be)."""
    return bool(state.deck or state.discard)


def draw_blind(state: JapanState, rng: GameRandom) -> str | None:
    """The top card of the deck, reshuffling the discards into a new deck when it runs out."""
    if not state.deck and state.discard:
        state.deck, state.discard = state.discard, []
        rng.shuffle(state.deck)
        state.events.append(say(RESHUFFLED))
    if not state.deck:
        return None
    rng.mark_revealed()  # someone now sees a card that was face down
    return state.deck.pop()


def take_face_up(state: JapanState, slot: int, rng: GameRandom) -> str:
    """Take the card in `slot` (0-based), refill the gap from the deck, and reset the market if it must."""
    card = state.market.pop(slot)
    refill = draw_blind(state, rng)
    if refill is not None:
        state.market.insert(slot, refill)
    reset_if_needed(state, rng)
    return card


def fill_market(state: JapanState, rng: GameRandom) -> None:
    """Top the market up to five cards (reshuffling the discards if need be), then apply the locomotive reset."""
    while len(state.market) < MARKET_SIZE:
        card = draw_blind(state, rng)
        if card is None:
            break
        state.market.append(card)
    reset_if_needed(state, rng)


def reset_if_needed(state: JapanState, rng: GameRandom) -> None:
    """Three face-up locomotives: discard the five and deal five more, while that can still help."""
    for _ in range(RESET_LIMIT):
        if state.market.count(LOCOMOTIVE) < TOO_MANY_LOCOMOTIVES or not _reset_can_help(state):
            return
        state.discard += state.market
        state.market = []
        state.events.append(say(MARKET_RESET))
        while len(state.market) < MARKET_SIZE:
            card = draw_blind(state, rng)
            if card is None:
                break
            state.market.append(card)


def _reset_can_help(state: JapanState) -> bool:
    """Whether the cards not in hands hold enough colours for a market with fewer than three locomotives."""
    pool = state.deck + state.discard + state.market
    colours = sum(1 for c in pool if c != LOCOMOTIVE)
    needed = min(MARKET_SIZE, len(pool)) - (TOO_MANY_LOCOMOTIVES - 1)
    return colours >= needed
