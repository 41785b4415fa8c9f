"""A deck as the rules engine's setups take it (the setups of matches and simulations, the
stack analysis): its lines as card rows, each card as its game's engine reads it
(cards/modelling.py: ``card_row`` and the fields each deck game's engine takes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cards.modelling import card_row
from cards.models import Card
from decks.lines import DeckLine

#: A deck as the engine's setups take it: (card row, copies) per line.
CardRows = Sequence[tuple[dict[str, Any], int]]


def line_rows(game: str, lines: Sequence[DeckLine]) -> list[tuple[dict[str, Any], int]]:
    """A deck's lines as card rows with their copies (one query for the cards)."""
    cards = Card.objects.in_bulk([line.card.id for line in lines])
    return [(card_row(cards[line.card.id], game), line.count) for line in lines]
