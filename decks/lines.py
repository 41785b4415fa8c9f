"""A deck as the rules see it: lines of (card, count), each with the list line it came from."""

from __future__ import annotations

from dataclasses import dataclass

from decks.cardfacts import CardFacts


@dataclass(frozen=True, slots=True)
class DeckLine:
    card: CardFacts
    count: int
    line: int | None = None
